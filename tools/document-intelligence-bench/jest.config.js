module.exports = { ...require('../../jest.preset.js'), rootDir: 'src' };
