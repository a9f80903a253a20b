// The whole stack over HTTP: one tier of its own, left out of `npm run test:unit`.
module.exports = { ...require('../../jest.preset.js').preset, rootDir: 'src', testTimeout: 120_000 };
