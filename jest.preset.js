// Shared jest settings: ts-jest in isolatedModules mode (type checking is the build's job).
const path = require('node:path');

const preset = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { isolatedModules: true, experimentalDecorators: true, emitDecoratorMetadata: true } }],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Helpers beside specs (fixtures, __tests__/support) are not tests.
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

const INTEGRATION = '/__integration__/';

/**
 * A workspace's jest config as two projects: `unit` (pure code, in-memory, fast) and `integration`
 * (src/__integration__: a real PostgreSQL, real models, real gRPC servers). `npm test` runs both;
 * `npm run test:unit` at the root runs the unit project of every workspace alone.
 * `project` holds per-project settings (testEnvironment, testMatch); `global` jest-wide ones (testTimeout).
 */
function withTiers(workspaceDir, { rootDir = 'src', project = {}, global = {} } = {}) {
  const shared = { ...preset, ...project, rootDir: path.join(workspaceDir, rootDir) };
  const ignored = shared.testPathIgnorePatterns;
  return {
    ...global,
    projects: [
      { ...shared, displayName: 'unit', testPathIgnorePatterns: [...ignored, INTEGRATION] },
      { ...shared, displayName: 'integration', testMatch: [`**${INTEGRATION}**/*.spec.ts`] },
    ],
  };
}

module.exports = { ...preset, preset, withTiers };
