#!/usr/bin/env bash
# Installs xla-mlir into a scratch prefix and builds a downstream project
# against its CMake package config (test/install), then runs it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD_DIR:-$ROOT/build}"
PREFIX="$BUILD/test-install/prefix"
rm -rf "$BUILD/test-install"
cmake --install "$BUILD" --prefix "$PREFIX" > /dev/null
cmake -G Ninja -S "$ROOT/test/install" -B "$BUILD/test-install/consumer" \
  -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld \
  -DCMAKE_PREFIX_PATH="$PREFIX;/usr/lib/llvm-22" > /dev/null
ninja -C "$BUILD/test-install/consumer" > /dev/null
out=$("$BUILD/test-install/consumer/consumer")
echo "$out" | grep -q "hlo.add" || { echo "install test: unexpected output"; echo "$out"; exit 1; }
echo "install test: a downstream project found XLAMLIR, linked the hlo dialect and parsed StableHLO"
