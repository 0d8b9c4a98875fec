// RUN: xla-opt %s -split-input-file -verify-diagnostics --xla-gpu-module-to-binary=format=isa | FileCheck %s
// The output does not depend on the threads: compiled one by one, the
// program is the same text.
// RUN: xla-opt %s -split-input-file -verify-diagnostics --xla-gpu-module-to-binary=format=isa > %t.parallel
// RUN: xla-opt %s -split-input-file -verify-diagnostics --xla-gpu-module-to-binary=format=isa --mlir-disable-threading > %t.serial
// RUN: diff %t.parallel %t.serial
// RUN: not xla-opt %s -split-input-file --xla-gpu-module-to-binary=format=cubin 2>&1 | FileCheck %s --check-prefix=FORMAT

// FORMAT: error: unknown kernel binary format 'cubin' (expected offloading, assembly, binary or fatbin)

// Three kernel modules, compiled on the thread pool, become three
// gpu.binary ops in their order, each holding its own module's PTX; the
// host code between them stays. The objects carry no compile timings
// (the NVVM target records them on the module), so that a program is the
// same from one compile to the next.

// CHECK-LABEL: func.func @host
// CHECK:       gpu.binary @first_module [#gpu.object<#nvvm.target<chip = "sm_90a">, properties = {O = 2 : i32}, assembly = "{{.*}}.entry first(
// CHECK-SAME:  add.rn.f32
// CHECK-NOT:   .entry
// CHECK-SAME:  ">]
// CHECK:       gpu.binary @second_module [#gpu.object<#nvvm.target<chip = "sm_80">, properties = {O = 2 : i32}, assembly = "{{.*}}.target sm_80{{.*}}.entry second(
// CHECK-SAME:  mul.rn.f32
// CHECK:       gpu.binary @third_module {{.*}}.entry third(
// CHECK-NOT:   gpu.module
module attributes {gpu.container_module} {
  func.func @host() {
    return
  }
  gpu.module @first_module [#nvvm.target<chip = "sm_90a">] {
    llvm.func @first(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      %w = llvm.fadd %v, %v : f32
      llvm.store %w, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @second_module [#nvvm.target<chip = "sm_80">] {
    llvm.func @second(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      %w = llvm.fmul %v, %v : f32
      llvm.store %w, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @third_module [#nvvm.target<chip = "sm_90a">] {
    llvm.func @third() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// A module that cannot be compiled (an op with no LLVM IR translation) is
// an error on that module, from whichever thread compiled it; the others
// still compile but no binary is made.
module attributes {gpu.container_module} {
  gpu.module @good_module [#nvvm.target] {
    llvm.func @good() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  // expected-error @below {{Failed creating the llvm::Module}}
  // expected-error @below {{could not compile the kernel module for #nvvm.target}}
  gpu.module @bad_module [#nvvm.target] {
    llvm.func @bad() attributes {gpu.kernel, nvvm.kernel} {
      // expected-error @below {{cannot be converted to LLVM IR}}
      %c = arith.constant 1 : i32
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @below {{kernel module has no target to compile it for}}
  gpu.module @untargeted_module {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// A kernel that calls libdevice (the math functions' __nv_* definitions)
// while its target links no libdevice would become PTX that the driver
// rejects at the first run: an error at the call, naming the function.
// A target that links a libdevice is not checked (that compile would read
// the file, which this test does not have).
module attributes {gpu.container_module} {
  gpu.module @math_module [#nvvm.target<chip = "sm_90a">] {
    llvm.func @__nv_expf(f32) -> f32
    llvm.func @math(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      // expected-error @below {{the kernel calls libdevice's __nv_expf, and no libdevice was found (nvvm/libdevice/libdevice.10.bc of a CUDA toolkit: set CUDA_HOME)}}
      %e = llvm.call @__nv_expf(%v) : (f32) -> f32
      llvm.store %e, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
