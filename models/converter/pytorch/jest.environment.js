// onnxruntime-node's native binding returns typed arrays from Node's own realm, while jest runs
// tests in a separate realm whose Float32Array is a different constructor, so onnxruntime-common's
// `instanceof Float32Array` check fails. Sharing the outer realm's typed-array constructors fixes it.
const { TestEnvironment } = require('jest-environment-node');

class OuterRealmTypedArraysEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Float32Array', 'Float64Array', 'Int8Array', 'Int16Array', 'Int32Array', 'Uint8Array', 'Uint16Array', 'Uint32Array', 'BigInt64Array', 'BigUint64Array', 'ArrayBuffer']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = OuterRealmTypedArraysEnvironment;
