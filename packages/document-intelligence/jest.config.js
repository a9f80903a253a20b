module.exports = { ...require('../../jest.preset.js'), rootDir: 'src', testEnvironment: '<rootDir>/../jest.environment.js' };
