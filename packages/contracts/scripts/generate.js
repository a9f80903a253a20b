// Regenerates src/gen from ../../proto with buf + ts-proto. Runs as the turbo "generate" task.
// Two templates: buf.gen.yaml for the kyc services and events (NestJS controllers and clients),
// buf.gen.rpc.yaml for the vendored google.rpc error model (plain messages, no gRPC or NestJS import;
// the @kyc/contracts/rpc-status entry point).
const { execFileSync } = require('node:child_process');
const { rmSync } = require('node:fs');
const path = require('node:path');

const packageDir = path.resolve(__dirname, '..');
const protoDir = path.resolve(packageDir, '../../proto');
const buf = require.resolve('@bufbuild/buf/bin/buf');
const run = (args) => execFileSync(process.execPath, [buf, ...args], { stdio: 'inherit', cwd: packageDir });

rmSync(path.join(packageDir, 'src/gen'), { recursive: true, force: true });
run(['lint', protoDir]);
run(['generate', protoDir, '--template', path.join(packageDir, 'buf.gen.yaml'), '--exclude-path', path.join(protoDir, 'google')]);
run(['generate', protoDir, '--template', path.join(packageDir, 'buf.gen.rpc.yaml'), '--path', path.join(protoDir, 'google/rpc')]);
