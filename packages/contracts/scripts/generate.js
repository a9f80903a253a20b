// Regenerates src/gen from ../../proto with buf + ts-proto. Runs as the turbo "generate" task.
const { execFileSync } = require('node:child_process');
const { rmSync } = require('node:fs');
const path = require('node:path');

const packageDir = path.resolve(__dirname, '..');
const protoDir = path.resolve(packageDir, '../../proto');
const buf = require.resolve('@bufbuild/buf/bin/buf');

rmSync(path.join(packageDir, 'src/gen'), { recursive: true, force: true });
execFileSync(process.execPath, [buf, 'lint', protoDir], { stdio: 'inherit' });
execFileSync(process.execPath, [buf, 'generate', protoDir, '--template', path.join(packageDir, 'buf.gen.yaml'), '--exclude-path', path.join(protoDir, 'google')], {
  stdio: 'inherit',
  cwd: packageDir,
});
