// The hosted widget in a real Chromium over the whole stack: one stack start for the suite (one spec file).
module.exports = { ...require('../../jest.preset.js').preset, rootDir: 'src', testTimeout: 240_000 };
