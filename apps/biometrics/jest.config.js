module.exports = require('../../jest.preset.js').withTiers(__dirname, {
  // onnxruntime-node's typed arrays come from Node's main realm (see the environment's comment).
  project: { testEnvironment: require.resolve('../../jest.onnx-environment.js') },
  global: { testTimeout: 60_000 },
});
