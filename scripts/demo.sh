#!/usr/bin/env bash
# Installs everything, builds, and runs the main demo: a StableHLO program as
# JAX exports it is read into the hlo dialect, verified and printed.
# (Compiling and running programs arrives with the CPU backend.)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/scripts/install-deps.sh"
"$ROOT/scripts/build.sh" xla-opt
OPT="$ROOT/build/bin/xla-opt"
EXAMPLE="$ROOT/examples/seed.stablehlo.mlir"
echo "== StableHLO exported by JAX: $EXAMPLE"
cat "$EXAMPLE"
echo "== read into the hlo dialect and verified by xla-opt:"
"$OPT" "$EXAMPLE"
