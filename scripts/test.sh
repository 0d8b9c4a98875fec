#!/usr/bin/env bash
# Installs everything, builds, and runs every test: the lit suite (with the
# end-to-end tests), the install test, and the two corpus checks over
# ../shared/conformance (skipped when it is absent): every file parses and
# round-trips, and every unit that passed before still compiles, runs and
# passes its checks.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/scripts/install-deps.sh"
"$ROOT/scripts/build.sh"
"$ROOT/scripts/build.sh" check-xla-mlir
"$ROOT/scripts/test_install.sh"
python3 "$ROOT/scripts/corpus_roundtrip.py"
"$ROOT/scripts/build.sh" check-conformance
if [ -x "$ROOT/build-san/bin/xla-fuzz" ]; then
  "$ROOT/scripts/fuzz.sh" "${FUZZ_MINUTES:-1}"
fi
