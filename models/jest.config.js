module.exports = {
  ...require('../jest.preset.js'),
  rootDir: 'converter',
  testEnvironment: require.resolve('../jest.onnx-environment.js'),
  testMatch: ['**/*.test.ts'],
  // The PyTorch converter is its own workspace with its own tests.
  testPathIgnorePatterns: ['/pytorch/'],
  testTimeout: 120000,
};
