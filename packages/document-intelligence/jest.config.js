module.exports = require('../../jest.preset.js').withTiers(__dirname, {
  project: { testEnvironment: require.resolve('../../jest.onnx-environment.js') },
});
