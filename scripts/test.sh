#!/usr/bin/env bash
# Installs everything, builds, and runs every test: the lit suite and the
# conformance-corpus round trip (skipped when ../shared is absent).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/scripts/install-deps.sh"
"$ROOT/scripts/build.sh"
"$ROOT/scripts/build.sh" check-xla-mlir
"$ROOT/scripts/test_install.sh"
python3 "$ROOT/scripts/corpus_roundtrip.py"
