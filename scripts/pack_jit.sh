#!/usr/bin/env bash
# Packs xla-run for a machine without LLVM 22 or the CUDA toolkit (the GPU
# machines: the NVIDIA driver, Python, no package registry), so that
# `xla-run --target=cuda` compiles and runs programs there (docs/gpu.md):
#
#   scripts/pack_jit.sh OUT.tar.xz      # here: build and pack (~25 MB)
#   tar -xJf OUT.tar.xz -C DIR && DIR/jit/xla-run --target=cuda prog.mlir
#
# xla-run comes from a second build directory (build-static/) whose tools
# link LLVM and MLIR statically (-DXLA_STATIC_LLVM=ON; the objects are the
# same as build/'s, so ccache compiles nothing new). The archive holds it,
# stripped, the shared libraries it needs that are not glibc's or
# libstdc++'s (libomp, zlib, zstd), and libdevice, the CUDA toolkit's math
# library, which the GPU code generation links. ptxas is not carried: where
# none is found the kernels stay PTX, which the driver compiles when it
# loads them.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(realpath -m "${1:?usage: scripts/pack_jit.sh OUT.tar.xz}")"
BUILD_DIR="$ROOT/build-static" XLA_CMAKE_ARGS="-DMLIR_LINK_MLIR_DYLIB=OFF \
  -DXLA_STATIC_LLVM=ON -DXLA_ENABLE_PYTHON=OFF" "$ROOT/scripts/build.sh" \
  xla-run
xla_run="$ROOT/build-static/bin/xla-run"
# One copy of LLVM: a libLLVM.so beside the static one would register every
# command-line option twice.
if readelf -d "$xla_run" | grep -E "NEEDED.*lib(LLVM|MLIR)" >&2; then
  echo "pack_jit.sh: $xla_run still needs a shared LLVM or MLIR" >&2
  exit 1
fi
libdevice="${CUDA_HOME:-/usr/local/cuda}/nvvm/libdevice/libdevice.10.bc"
if [ ! -f "$libdevice" ]; then
  echo "pack_jit.sh: no $libdevice: there, kernels that call math" \
    "functions will not compile (unless the machine has a CUDA toolkit)" >&2
  libdevice=
fi

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/jit/bin" "$stage/jit/lib" "$stage/jit/cuda/nvvm/libdevice"
/usr/lib/llvm-22/bin/llvm-strip -o "$stage/jit/bin/xla-run" "$xla_run"
# The libraries the loader resolves outside glibc and libstdc++ (whose
# versions the GPU machines' newer systems provide).
ldd "$xla_run" | awk '$3 ~ /^\// {print $3}' | while read -r lib; do
  case "$(basename "$lib")" in
  libc.so* | libm.so* | libstdc++.so* | libgcc_s.so* | ld-linux* | \
    libpthread.so* | libdl.so* | librt.so* | libresolv.so*) ;;
  *) cp -L "$lib" "$stage/jit/lib/" ;;
  esac
done
[ -z "$libdevice" ] || cp "$libdevice" "$stage/jit/cuda/nvvm/libdevice/"
# The entry point: the carried libraries first, libdevice from the carried
# toolkit (ptxas from a real one, if the machine has it), no compilation
# cache (it would need ld.lld).
cat >"$stage/jit/xla-run" <<'EOF'
#!/bin/sh
here="$(dirname "$(readlink -f "$0")")"
export LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# The carried libdevice unless CUDA_HOME names a toolkit that has one
# (ptxas is then still looked for in /usr/local/cuda and on PATH).
if [ ! -f "${CUDA_HOME:-/nonexistent}/nvvm/libdevice/libdevice.10.bc" ]; then
  export CUDA_HOME="$here/cuda"
fi
exec "$here/bin/xla-run" --no-cache "$@"
EOF
chmod +x "$stage/jit/xla-run"
# PACK_JIT_LEVEL: xz's level (9 by default: the archive travels in a device
# call of at most 64 MiB; the tests use 1, which is faster).
tar -C "$stage" -cf - jit | xz -T2 "-${PACK_JIT_LEVEL:-9}" >"$out"
du -h "$out"
