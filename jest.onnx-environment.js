// onnxruntime-node creates its output typed arrays in Node's main realm; jest's sandbox has its
// own Float32Array etc., so `instanceof` checks inside onnxruntime fail. Share the main realm's.
const { TestEnvironment } = require('jest-environment-node');

class SharedTypedArraysEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'ArrayBuffer',
      'Float32Array',
      'Float64Array',
      'Int8Array',
      'Int16Array',
      'Int32Array',
      'Uint8Array',
      'Uint8ClampedArray',
      'Uint16Array',
      'Uint32Array',
      'BigInt64Array',
      'BigUint64Array',
    ]) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = SharedTypedArraysEnvironment;
