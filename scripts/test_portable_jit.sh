#!/usr/bin/env bash
# The xla-run that scripts/pack_jit.sh packs for the GPU machines, tested
# here as it will run there: on a view of this machine without LLVM 22 and
# without the CUDA toolkit (a mount namespace that hides /usr/lib/llvm-22,
# /usr/local/cuda and any ptxas on PATH). With --gpu-emulate (no GPU here)
# it must compile every end-to-end program for the GPU and agree with its
# own CPU results, and run the MLP training step against JAX's outputs with
# --time, --compare-unfused and --dump-to (scripts/gpu_jit_check.py). It
# also compiles a kernel with math functions to PTX there (no ptxas: the
# driver compiles PTX) with the carried libdevice. Skipped, with a message,
# where mount namespaces are not allowed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! unshare -m true 2>/dev/null; then
  echo "test_portable_jit.sh: skipped: no mount namespaces here (unshare -m)"
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
PACK_JIT_LEVEL=1 "$ROOT/scripts/pack_jit.sh" "$work/jit.tar.xz"
tar -xJf "$work/jit.tar.xz" -C "$work"
python3 "$ROOT/examples/export_jax.py" --out "$work/workloads" \
  --only mlp_train --batch 1 >/dev/null

# What the namespace hides, and a file to hide ptxas behind.
hide=()
for path in /usr/lib/llvm-22 /usr/local/cuda; do
  [ -e "$path" ] && hide+=("$path")
done
IFS=: read -ra dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
  [ -x "$dir/ptxas" ] && hide+=("$(readlink -f "$dir/ptxas")" "$dir/ptxas")
done
mkdir -p "$work/empty"
touch "$work/not-a-program"
cat >"$work/inside.sh" <<EOF
set -euo pipefail
for path in ${hide[*]}; do
  # (A path already hidden behind another, e.g. ptxas inside the toolkit.)
  [ -e "\$path" ] || continue
  if [ -d "\$path" ]; then mount --bind "$work/empty" "\$path"
  else mount --bind "$work/not-a-program" "\$path"; fi
done
ptxas="\$(command -v ptxas || true)"
if [ -n "\$(ls /usr/lib/llvm-22 2>/dev/null)" ] ||
  { [ -n "\$ptxas" ] && [ -x "\$ptxas" ]; }; then
  echo "test_portable_jit.sh: LLVM 22 or ptxas still visible"; exit 1
fi
jit="$work/jit/xla-run"
# PTX with libdevice linked: no ptxas, no CUDA toolkit but the carried
# libdevice (the run itself needs a GPU: it fails for want of a driver).
if [ -f "$work/jit/cuda/nvvm/libdevice/libdevice.10.bc" ]; then
  "\$jit" --target=cuda "$ROOT/test/e2e/transcendental.mlir" \
    --input "$ROOT/test/e2e/Inputs/tiny_f32.npy" --dump-to "$work/dump" \
    >/dev/null 2>&1 || true
  grep -q "^\.target sm_90a" "$work"/dump/ptx/*.ptx
  if grep -q "\.extern .*__nv_" "$work"/dump/ptx/*.ptx; then
    echo "test_portable_jit.sh: the PTX calls libdevice"; exit 1
  fi
  echo "PTX without ptxas: \$(ls "$work"/dump/ptx | wc -l) kernel module(s)"
else
  echo "no libdevice packed (no CUDA toolkit here): PTX check skipped"
fi
python3 "$ROOT/scripts/gpu_jit_check.py" "\$jit" --flag=--gpu-emulate \
  --workloads "$work/workloads" --runs 1 --jobs 2
EOF
unshare -m bash "$work/inside.sh"
