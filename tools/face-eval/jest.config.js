module.exports = {
  ...require('../../jest.preset.js'),
  rootDir: 'src',
  testEnvironment: require.resolve('../../jest.onnx-environment.js'),
  // The real-set floors run the face models over a few hundred photos on 2 shared cores.
  testTimeout: 60_000,
};
