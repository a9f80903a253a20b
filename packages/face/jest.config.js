module.exports = require('../../jest.preset.js').withTiers(__dirname, {
  project: { testEnvironment: require.resolve('../../jest.onnx-environment.js') },
  // Real models on 2 shared cores: image generation plus inference can exceed jest's 5 s default.
  global: { testTimeout: 60_000 },
});
