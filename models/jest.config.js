module.exports = {
  ...require('../jest.preset.js'),
  rootDir: 'converter',
  testEnvironment: '<rootDir>/../jest.environment.js',
  testMatch: ['**/*.test.ts'],
  testTimeout: 120000,
};
