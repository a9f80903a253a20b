module.exports = { ...require('../../jest.preset.js'), rootDir: 'src', testTimeout: 120_000 };
