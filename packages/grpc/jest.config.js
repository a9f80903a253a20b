const path = require('node:path');
const { preset } = require('../../jest.preset.js');

const rootDir = path.join(__dirname, 'src');
const TYPE_SPECS = '\\.types\\.spec\\.ts$';

// Two jest projects because ts-jest keeps one configuration per project: the specs, transpiled only
// (the preset), and the type-level specs (*.types.spec.ts), compiled with type checking so that a
// wrong `@ts-expect-error` or a changed inference fails them.
module.exports = {
  projects: [
    { ...preset, displayName: 'unit', rootDir, testPathIgnorePatterns: [...preset.testPathIgnorePatterns, TYPE_SPECS] },
    {
      ...preset,
      displayName: 'types',
      rootDir,
      testMatch: ['**/*.types.spec.ts'],
      transform: {
        // TS151002 is ts-jest's notice that node16 modules are best transpiled in isolation; these
        // specs are compiled to be type checked, and the CommonJS it emits is all jest needs.
        '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.json'), diagnostics: { ignoreCodes: [151002] } }],
      },
    },
  ],
};
