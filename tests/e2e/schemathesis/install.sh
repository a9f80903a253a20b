#!/usr/bin/env bash
# Installs schemathesis (PyPI, pinned) into a venv under .tools/ (git-ignored), only when the pinned
# version is not there yet. Prints the schemathesis executable's path as its last line. Any failure
# exits non-zero: CI must not pass an API it could not fuzz.
set -euo pipefail
cd "$(dirname "$0")/../../.."

SCHEMATHESIS_VERSION=4.32.5

venv="$PWD/.tools/schemathesis-venv"
marker="$venv/.schemathesis.version"
if [ "$(cat "$marker" 2>/dev/null || true)" != "$SCHEMATHESIS_VERSION" ] || [ ! -x "$venv/bin/st" ]; then
  echo "== installing schemathesis $SCHEMATHESIS_VERSION (PyPI, venv)" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
  echo "$SCHEMATHESIS_VERSION" > "$marker"
fi
echo "$venv/bin/st"
