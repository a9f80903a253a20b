module.exports = {
  ...require('../../jest.preset.js'),
  rootDir: 'src',
  testEnvironment: require.resolve('../../jest.onnx-environment.js'),
  testMatch: ['**/*.test.ts', '**/*.spec.ts'],
  // Real models on 2 shared cores: image generation plus inference can exceed jest's 5 s default.
  testTimeout: 60_000,
};
