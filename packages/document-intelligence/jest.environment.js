// onnxruntime-node checks tensor data with `instanceof Float32Array` from Node's own realm; jest's default
// sandbox has its own typed-array constructors, so the checks fail. Share the host's constructors.
const NodeEnvironment = require('jest-environment-node').TestEnvironment;

class SharedTypedArrayEnvironment extends NodeEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Float32Array', 'Float64Array', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'BigInt64Array', 'BigUint64Array', 'ArrayBuffer']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = SharedTypedArrayEnvironment;
