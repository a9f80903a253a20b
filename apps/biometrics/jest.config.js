module.exports = {
  ...require('../../jest.preset.js'),
  rootDir: 'src',
  testTimeout: 60_000,
  // onnxruntime-node's typed arrays come from Node's main realm (see the environment's comment).
  testEnvironment: require.resolve('../../jest.onnx-environment.js'),
};
