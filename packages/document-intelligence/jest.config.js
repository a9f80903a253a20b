module.exports = { ...require('../../jest.preset.js'), rootDir: 'src', testEnvironment: require.resolve('../../jest.onnx-environment.js') };
