#!/usr/bin/env bash
# Builds the Python package xla_mlir in build/ (with scripts/build.sh's
# settings, pyproject.toml) and installs it into the scripts' interpreter.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export CCACHE_BASEDIR="$ROOT"
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/xla-mlir-ccache}"
# No build isolation: scikit-build-core and nanobind come from
# install-deps.sh, and the build reuses build/ instead of a fresh tree.
# The lock keeps it from running beside another build of this machine.
exec flock "${XLA_BUILD_LOCK:-/tmp/xla-mlir-build.lock}" \
  "${PYTHON:-python3}" -m pip install -q --no-build-isolation \
  --disable-pip-version-check "$ROOT"
