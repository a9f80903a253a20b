// Unit tests of the page's pure parts (catalogues, flow rules, token hand-over); the page itself is tested in tests/browser.
module.exports = { ...require('../../jest.preset.js').preset, rootDir: 'src' };
