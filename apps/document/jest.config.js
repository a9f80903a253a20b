module.exports = require('../../jest.preset.js').withTiers(__dirname, {
  // onnxruntime-node's typed arrays come from Node's main realm (see the environment's comment).
  project: { testEnvironment: require.resolve('../../jest.onnx-environment.js') },
  // Integration tests run real OCR and face models: a side takes seconds on a shared 2-core machine.
  global: { testTimeout: 120_000 },
});
