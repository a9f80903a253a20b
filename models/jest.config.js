module.exports = require('../jest.preset.js').withTiers(__dirname, {
  rootDir: 'converter',
  project: {
    testEnvironment: require.resolve('../jest.onnx-environment.js'),
    // The PyTorch converter is its own workspace with its own tests.
    testPathIgnorePatterns: ['/node_modules/', '/dist/', '/pytorch/'],
  },
  global: { testTimeout: 120_000 },
});
