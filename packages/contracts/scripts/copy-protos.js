// Copies proto/ into dist/proto so that services load the same files the types were generated from.
const { cpSync, rmSync } = require('node:fs');
const path = require('node:path');
const target = path.resolve(__dirname, '../dist/proto');
rmSync(target, { recursive: true, force: true });
cpSync(path.resolve(__dirname, '../../../proto'), target, { recursive: true, filter: (src) => !src.endsWith('.yaml') });
