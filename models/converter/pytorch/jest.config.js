module.exports = { ...require('../../../jest.preset.js'), rootDir: 'src', testEnvironment: '<rootDir>/../jest.environment.js', testTimeout: 60_000 };
