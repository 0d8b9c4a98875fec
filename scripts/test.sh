#!/usr/bin/env bash
# Installs everything, builds, and runs every test: the lit suite (with the
# end-to-end tests), every pass alone on every lit input (crash sweep), the
# Python package's tests and examples, the install
# test, and the two corpus checks over
# ../shared/conformance (skipped when it is absent): every file parses and
# round-trips, and every unit that passed before still compiles, runs and
# passes its checks, on the CPU and through the GPU code generation in the
# runtime's GPU emulator; the xla-run packed for machines without LLVM
# (scripts/test_portable_jit.sh); then the sanitizer build's lit run and a
# one-minute fuzz run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Compilations in the tests verify the IR after every MLIR pass, so that a
# pass that breaks it is named (users get one verification at the end).
export XLA_VERIFY_EACH=1
"$ROOT/scripts/install-deps.sh"
"$ROOT/scripts/build.sh"
"$ROOT/scripts/build.sh" check-xla-mlir
# Every pass alone on every lit input: diagnostics, never a crash.
python3 "$ROOT/scripts/sweep_passes.py"
# The Python package: built in build/ (pyproject.toml), installed into the
# interpreter the scripts use, and its tests and examples run.
"$ROOT/scripts/install-python.sh"
python3 -m pytest -q "$ROOT/python/tests"
"$ROOT/scripts/test_install.sh"
python3 "$ROOT/scripts/corpus_roundtrip.py"
"$ROOT/scripts/build.sh" check-conformance
"$ROOT/scripts/build.sh" check-conformance-gpu-emulated
# The xla-run packed for the GPU machines (LLVM and MLIR linked statically,
# build-static/), run without LLVM 22 and the CUDA toolkit in sight.
"$ROOT/scripts/test_portable_jit.sh"
# The sanitizer build (build-san/): the lit suite under ASan, UBSan and
# LeakSanitizer, then short fuzz runs of the CPU and GPU pipelines
# (docs/robustness.md). It shares the
# ccache with build/, so after the first time it mostly links.
# XLA_SKIP_SANITIZERS=1 leaves it out of a quick local run.
if [ "${XLA_SKIP_SANITIZERS:-0}" != 1 ]; then
  "$ROOT/scripts/build-sanitizers.sh" check-xla-mlir
  FUZZ_SEED="${FUZZ_SEED:-1}" "$ROOT/scripts/fuzz.sh" "${FUZZ_MINUTES:-1}"
  XLA_FUZZ_TARGET=cuda FUZZ_SEED="${FUZZ_SEED:-1}" \
    "$ROOT/scripts/fuzz.sh" "${FUZZ_MINUTES:-1}"
fi
