module.exports = require('../../jest.preset.js').withTiers(__dirname);
