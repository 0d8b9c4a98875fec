// Every end-to-end program that compiles for the CPU compiles for an
// NVIDIA GPU (sm_90a), ptxas assembling every kernel into the cubin; so it
// does without the row fusions (--gpu-row-fusion=false), and with the
// cuBLAS GEMMs and the transposes' shared-memory tiles (--gpu-cublas
// --gpu-transpose-tiles), and with the products on tensor cores
// (--gpu-tensor-cores=tf32x3 and tf32), each with the contraction
// epilogues (--gpu-contraction-epilogues) but the cuBLAS one.
// REQUIRES: ptxas
// RUN: rm -rf %t && python3 %xla_src/scripts/gpu_artifacts.py build %t --no-corpus --strict | FileCheck %s
// RUN: rm -rf %t && python3 %xla_src/scripts/gpu_artifacts.py build %t --no-corpus --strict --gpu-flag=--gpu-row-fusion=false --gpu-flag=--gpu-contraction-epilogues | FileCheck %s
// RUN: rm -rf %t && python3 %xla_src/scripts/gpu_artifacts.py build %t --no-corpus --strict --gpu-flag=--gpu-cublas --gpu-flag=--gpu-transpose-tiles | FileCheck %s
// RUN: rm -rf %t && python3 %xla_src/scripts/gpu_artifacts.py build %t --no-corpus --strict --gpu-flag=--gpu-tensor-cores=tf32x3 --gpu-flag=--gpu-contraction-epilogues | FileCheck %s
// RUN: rm -rf %t && python3 %xla_src/scripts/gpu_artifacts.py build %t --no-corpus --strict --gpu-flag=--gpu-tensor-cores=tf32 --gpu-flag=--gpu-contraction-epilogues | FileCheck %s
// CHECK: gpu_artifacts: all {{[0-9]+}} e2e programs that compile for the CPU compile for the GPU
