#!/usr/bin/env bash
# What can be proven of the deployment without a container engine or a cluster (CI runs this):
#   1. hadolint on deploy/Dockerfile
#   2. docker-compose.yml loaded by compose-go (deploy/compose-check) and its promises checked
#   3. the Helm chart: `helm lint --strict` and `helm template` over every values file of
#      deploy/helm/kyc/ci/, the helm-unittest suites, no repeated key in any rendered mapping, and every
#      rendered manifest validated against the Kubernetes 1.31 and 1.34 OpenAPI schemas
#      (kubernetes-validate, offline)
# The tools come from deploy/helm/tools.sh (Go module proxy and PyPI, into .tools/). Any failure, an
# uninstallable tool included, fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

bin_dir="$(bash deploy/helm/tools.sh | tail -n 1)"
export PATH="$bin_dir:$PATH"
chart=deploy/helm/kyc
kubernetes_versions=(1.31.0 1.34.0)
rendered="$(mktemp -d)"
trap 'rm -rf "$rendered"' EXIT

echo "== hadolint $(hadolint --version | awk '{print $NF}'): deploy/Dockerfile"
hadolint --no-color deploy/Dockerfile

echo "== compose-check: docker-compose.yml"
compose-check docker-compose.yml

echo "== $(helm version --short): lint and render $chart"
values_files=("$chart"/ci/*.yaml)
for values in "${values_files[@]}"; do
  name="$(basename "$values" .yaml)"
  helm lint --strict "$chart" --namespace verification -f "$values" > "$rendered/lint-$name.log" || {
    cat "$rendered/lint-$name.log"
    exit 1
  }
  for version in "${kubernetes_versions[@]}"; do
    helm template kyc "$chart" --namespace verification --kube-version "$version" -f "$values" > "$rendered/$name-$version.yaml"
  done
  echo "   $name: lint clean, $(grep -c '^kind:' "$rendered/$name-${kubernetes_versions[0]}.yaml") objects"
done

echo "== helm-unittest: $chart/tests"
helm-unittest --color=false "$chart"

echo "== no mapping repeats a key (the API server refuses what helm renders and schemas read last-wins)"
"$bin_dir/../deploy-venv/bin/python" deploy/helm/unique-keys.py "$rendered"/*.yaml

echo "== kubernetes-validate --strict: ${kubernetes_versions[*]}"
for version in "${kubernetes_versions[@]}"; do
  for values in "${values_files[@]}"; do
    name="$(basename "$values" .yaml)"
    # The ServiceMonitor is a CRD (Prometheus Operator) the Kubernetes schemas do not have: its
    # shape is covered by the unit suite; everything else must validate.
    kubernetes-validate --strict --quiet -k "$version" "$rendered/$name-$version.yaml" ||
      { echo "   $name on Kubernetes $version: invalid"; exit 1; }
  done
  echo "   Kubernetes $version: ${#values_files[@]} value sets valid"
done

echo "== deploy checks passed in $((SECONDS - started)) s"
