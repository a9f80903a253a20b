// Shared jest settings: ts-jest in isolatedModules mode (type checking is the build's job).
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: { isolatedModules: true, experimentalDecorators: true, emitDecoratorMetadata: true } }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
