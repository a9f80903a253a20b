// `buf breaking` for proto:check: proto/ as it is in the working tree against proto/ where this
// checkout forked from main, with the FILE rules of proto/buf.yaml (a renumbered, retyped or deleted
// field, message, enum value, RPC or file fails).
//
// The baseline is the merge base of HEAD and `main` (a local branch, as in a fresh clone), else of
// HEAD and `origin/main` (a detached or single-branch checkout); PROTO_BREAKING_BASE names another
// branch, tag or commit. The merge base rather than main's tip, so that a branch which is behind main
// is not blamed for what main added since. On main itself that is HEAD: the check then guards
// uncommitted edits. When no baseline can be found (a shallow clone without main) the check is
// skipped with a message, except under CI, where it fails.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const repoDir = path.resolve(__dirname, '../../..');
const buf = require.resolve('@bufbuild/buf/bin/buf');
const base = process.env.PROTO_BREAKING_BASE || 'main';

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: repoDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

const candidates = base.startsWith('origin/') ? [base] : [base, `origin/${base}`];
const found = candidates.map((ref) => ({ ref, commit: git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`) })).find((c) => c.commit);
if (!found) {
  const message = `proto:check: no ${candidates.join(' or ')} in this checkout, so there is nothing to compare proto/ against`;
  if (process.env.CI) {
    console.error(`${message}. CI must run buf breaking: fetch main (git fetch origin main:main) or set PROTO_BREAKING_BASE.`);
    process.exit(1);
  }
  console.warn(`${message}: buf breaking skipped.`);
  process.exit(0);
}

// A shallow clone may not reach the fork point; main's tip is then the best baseline there is.
const against = git('merge-base', 'HEAD', found.commit) ?? found.commit;
const gitDir = git('rev-parse', '--path-format=absolute', '--git-common-dir');
console.log(`buf breaking: proto/ against ${found.ref} (${against === found.commit ? '' : 'merge base '}${against.slice(0, 12)})`);
try {
  execFileSync(process.execPath, [buf, 'breaking', 'proto', '--against', `${gitDir}#format=git,ref=${against},subdir=proto`], {
    cwd: repoDir,
    stdio: 'inherit',
  });
} catch (error) {
  // buf exits with 100 when it found breaking changes, with another code when it could not run.
  if (error.status === 100) {
    console.error(
      `proto:check: the changes above break compatibility with ${found.ref}. Evolve the contract instead ` +
        '(a new field with a new number, the old one deprecated) or see "Breaking changes" in the README.',
    );
  }
  process.exit(1);
}
