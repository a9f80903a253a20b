// Unit tests of the dashboard's pure parts (router, registry, contrast, threshold wording); the pages themselves are tested in tests/browser.
module.exports = { ...require('../../jest.preset.js').preset, rootDir: 'src' };
