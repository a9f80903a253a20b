module.exports = {
  ...require('../../jest.preset.js'),
  rootDir: 'src',
  // Integration tests run real OCR and face models: a side takes seconds on a shared 2-core machine.
  testTimeout: 120_000,
  // onnxruntime-node's typed arrays come from Node's main realm (see the environment's comment).
  testEnvironment: require.resolve('../../jest.onnx-environment.js'),
};
