module.exports = require('../../jest.preset.js').withTiers(__dirname, {
  project: { testEnvironment: require.resolve('../../jest.onnx-environment.js') },
  // The real-set floors run the face models over a few hundred photos on 2 shared cores.
  global: { testTimeout: 60_000 },
});
