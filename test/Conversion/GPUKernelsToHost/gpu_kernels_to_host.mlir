// RUN: xla-opt %s --split-input-file --verify-diagnostics --xla-gpu-kernels-to-host | FileCheck %s
// RUN: xla-opt %s --split-input-file --verify-diagnostics --xla-gpu-kernels-to-host | FileCheck %s --check-prefix=NOGLOBAL

// A kernel lowered to NVVM, moved into the host module for the emulator:
// names prefixed with the module's, generic pointers (shared memory an
// offset in the block's buffer from the emulator), special registers,
// barriers and shuffles as emulator calls, libdevice as libm, and an entry
// that unpacks the launch's 64-bit slots and says how much shared memory a
// block needs (64 floats here). An empty binary marked as emulated stays
// for the launches.

// NOGLOBAL-NOT: llvm.mlir.global
// CHECK-DAG: gpu.binary @fusion  [#gpu.object<#nvvm.target<chip = "sm_90a">, properties = {xla.gpu_emulator.host}, offload = "">]
// CHECK-DAG: llvm.func @xla_rt_gpuemu_shared() -> !llvm.ptr
// CHECK-DAG: llvm.func @expf(f32) -> f32
// CHECK-DAG: llvm.func @xla_rt_gpuemu_sreg(i32) -> i32
// CHECK-DAG: llvm.func @xla_rt_gpuemu_barrier()
// CHECK-DAG: llvm.func @xla_rt_gpuemu_shfl(i32, i32, i32, i32, i32) -> i64

// CHECK-LABEL: llvm.func internal @fusion__reduce(
// CHECK-SAME:      %[[OUT:.*]]: !llvm.ptr, %[[N:.*]]: i64, %[[X:.*]]: f32)
// CHECK-NOT:     nvvm
// CHECK:         %[[SHARED:.*]] = llvm.call @xla_rt_gpuemu_shared()
// CHECK:         %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK:         %[[TID:.*]] = llvm.call @xla_rt_gpuemu_sreg(%[[C0]])
// CHECK:         %[[TILE:.*]] = llvm.getelementptr %[[SHARED]][0] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         llvm.getelementptr %[[TILE]][%[[TID]]]
// CHECK:         llvm.call @expf(%[[X]])
// CHECK:         llvm.call @xla_rt_gpuemu_barrier()
// CHECK:         %[[V:.*]] = llvm.load
// CHECK:         %[[BITS:.*]] = llvm.bitcast %[[V]] : f32 to i32
// CHECK:         %[[R:.*]] = llvm.call @xla_rt_gpuemu_shfl(%{{.*}}, %{{.*}}, %[[BITS]], %{{.*}}, %{{.*}})
// CHECK:         %[[LOW:.*]] = llvm.trunc %[[R]] : i64 to i32
// CHECK:         %[[S:.*]] = llvm.bitcast %[[LOW]] : i32 to f32
// CHECK:         llvm.store %[[S]], %[[OUT]] : f32, !llvm.ptr

// CHECK-LABEL: llvm.func internal @fusion__reduce__entry(
// CHECK-SAME:      %[[P:.*]]: !llvm.ptr) attributes {xla.gpu_emulator.shared_bytes = 256 : i64, xla.gpu_emulator.synchronizes}
// CHECK:         %[[S0:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK:         %[[A0:.*]] = llvm.inttoptr %[[S0]] : i64 to !llvm.ptr
// CHECK:         %[[A1:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK:         %[[S2:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK:         %[[T2:.*]] = llvm.trunc %[[S2]] : i64 to i32
// CHECK:         %[[A2:.*]] = llvm.bitcast %[[T2]] : i32 to f32
// CHECK:         llvm.call @fusion__reduce(%[[A0]], %[[A1]], %[[A2]])

// A kernel that calls a synchronizing function synchronizes; one that does
// not has a plain entry.
// CHECK-LABEL: llvm.func internal @fusion__calls__entry(
// CHECK-SAME:      attributes {{{.*}}xla.gpu_emulator.synchronizes}
// CHECK-LABEL: llvm.func internal @fusion__plain(
// CHECK:         %[[C7:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK:         llvm.call @xla_rt_gpuemu_sreg(%[[C7]])
// CHECK:         llvm.mlir.constant(32 : i32) : i32
// CHECK-LABEL: llvm.func internal @fusion__plain__entry(
// CHECK-SAME:      attributes {xla.gpu_emulator.shared_bytes = 256 : i64} {
module attributes {gpu.container_module} {
  gpu.module @fusion [#nvvm.target<chip = "sm_90a">] {
    llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x f32>
    llvm.func @__nv_expf(f32) -> f32
    llvm.func @reduce(%out: !llvm.ptr<1>, %n: i64, %x: f32) attributes {gpu.kernel, nvvm.kernel, nvvm.maxntid = array<i32: 64, 1, 1>} {
      %t = nvvm.read.ptx.sreg.tid.x : i32
      %tile = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %slot = llvm.getelementptr %tile[%t] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
      %e = llvm.call @__nv_expf(%x) : (f32) -> f32
      llvm.store %e, %slot : f32, !llvm.ptr<3>
      nvvm.barrier0
      %mask = llvm.mlir.constant(-1 : i32) : i32
      %one = llvm.mlir.constant(1 : i32) : i32
      %clamp = llvm.mlir.constant(31 : i32) : i32
      %v = llvm.load %slot : !llvm.ptr<3> -> f32
      %s = nvvm.shfl.sync bfly %mask, %v, %one, %clamp : f32 -> f32
      %generic = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr
      llvm.store %s, %generic : f32, !llvm.ptr
      llvm.return
    }
    llvm.func @sync() {
      nvvm.barrier0
      llvm.return
    }
    llvm.func @calls() attributes {gpu.kernel, nvvm.kernel} {
      llvm.call @sync() : () -> ()
      llvm.return
    }
    llvm.func @plain(%out: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %b = nvvm.read.ptx.sreg.ctaid.y : i32
      %w = nvvm.read.ptx.sreg.warpsize : i32
      %sum = llvm.add %b, %w : i32
      llvm.store %sum, %out : i32, !llvm.ptr
      llvm.return
    }
  }
}

// -----

// A tensor-core product: the warp's fragments to the emulator, the result
// read back from a buffer at the function's entry.
// CHECK-LABEL: llvm.func internal @mma__product(
// CHECK:         %[[D:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 16 : i64}
// CHECK:         %[[T:.*]] = llvm.call @xla_rt_gpuemu_cvt_tf32(%{{.*}}) : (f32) -> i32
// CHECK:         llvm.call @xla_rt_gpuemu_mma_m16n8k8_tf32(%[[T]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[D]])
// CHECK-COUNT-4: llvm.load
// CHECK-LABEL: llvm.func internal @mma__product__entry(
// CHECK-SAME:      attributes {xla.gpu_emulator.synchronizes}
module attributes {gpu.container_module} {
  gpu.module @mma [#nvvm.target<chip = "sm_90a">] {
    llvm.func @product(%x: f32, %c: f32, %out: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %a = nvvm.convert.float.to.tf32 %x {rnd = #nvvm.fp_rnd_mode<rna>}
      %d = nvvm.mma.sync A[%a, %a, %a, %a] B[%a, %a] C[%c, %c, %c, %c]
          {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
           multiplicandAPtxType = #nvvm.mma_type<tf32>,
           multiplicandBPtxType = #nvvm.mma_type<tf32>,
           shape = #nvvm.shape<m = 16, n = 8, k = 8>}
          : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d0 = llvm.extractvalue %d[0] : !llvm.struct<(f32, f32, f32, f32)>
      llvm.store %d0, %out : f32, !llvm.ptr
      llvm.return
    }
  }
}

// -----

// cp.async into shared memory: each copy (its size, and the bytes it reads,
// the rest zeros), each commit and each wait is a call of the emulator,
// which keeps the thread's copies pending until a wait completes them; the
// kernel runs as fibers (per-thread state).
// CHECK-LABEL: llvm.func internal @async__stage(
// CHECK:         %[[BASE:.*]] = llvm.call @xla_rt_gpuemu_shared() : () -> !llvm.ptr
// CHECK:         %[[DST:.*]] = llvm.getelementptr %[[BASE]][0] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK:         llvm.call @xla_rt_gpuemu_cp_async(%[[DST]], %arg0, %[[C16]], %arg1) : (!llvm.ptr, !llvm.ptr, i32, i32) -> ()
// CHECK:         %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK:         llvm.call @xla_rt_gpuemu_cp_async(%[[DST]], %arg0, %[[C4]], %[[C4]]) : (!llvm.ptr, !llvm.ptr, i32, i32) -> ()
// CHECK:         llvm.call @xla_rt_gpuemu_cp_async_commit() : () -> ()
// CHECK:         %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK:         llvm.call @xla_rt_gpuemu_cp_async_wait(%[[C1]]) : (i32) -> ()
// CHECK-LABEL: llvm.func internal @async__stage__entry(
// CHECK-SAME:      attributes {xla.gpu_emulator.shared_bytes = 64 : i64, xla.gpu_emulator.synchronizes}
module attributes {gpu.container_module} {
  gpu.module @async [#nvvm.target<chip = "sm_90a">] {
    llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<16 x f32>
    llvm.func @stage(%src: !llvm.ptr, %bytes: i32) attributes {gpu.kernel, nvvm.kernel} {
      %tile = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %global = llvm.addrspacecast %src : !llvm.ptr to !llvm.ptr<1>
      nvvm.cp.async.shared.global %tile, %global, 16, cache = cg, %bytes : !llvm.ptr<3>, !llvm.ptr<1>, i32
      nvvm.cp.async.shared.global %tile, %global, 4, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 1
      llvm.return
    }
  }
}

// -----

// An access claiming 8 bytes of alignment or more asks the emulator to
// check its address first (a GPU would fault); narrower ones do not.
// CHECK-LABEL: llvm.func internal @wide__copy(
// CHECK:         %[[C16:.*]] = llvm.mlir.constant(16 : i64) : i64
// CHECK:         llvm.call @xla_rt_gpuemu_check_alignment(%[[P:.*]], %[[C16]])
// CHECK-NEXT:    llvm.load %[[P]] {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK-NOT:     xla_rt_gpuemu_check_alignment
// CHECK:         llvm.return
module attributes {gpu.container_module} {
  gpu.module @wide [#nvvm.target] {
    llvm.func @copy(%p: !llvm.ptr, %out: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
      llvm.store %v, %out {alignment = 4 : i64} : vector<4xf32>, !llvm.ptr
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @cluster [#nvvm.target<chip = "sm_90a">] {
    llvm.func @k(%out: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      // expected-error @below {{'nvvm.read.ptx.sreg.clusterid.x' op has no emulation on the host}}
      %c = nvvm.read.ptx.sreg.clusterid.x : i32
      llvm.store %c, %out : i32, !llvm.ptr
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @math [#nvvm.target] {
    // expected-error @below {{device function @__nv_normcdff has no host equivalent for the GPU emulator}}
    llvm.func @__nv_normcdff(f32) -> f32
    llvm.func @k(%x: f32, %out: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %y = llvm.call @__nv_normcdff(%x) : (f32) -> f32
      llvm.store %y, %out : f32, !llvm.ptr
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @asm [#nvvm.target] {
    llvm.func @k(%out: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      // expected-error @below {{'llvm.inline_asm' op has no emulation on the host}}
      %c = llvm.inline_asm "mov.u32 $0, %laneid;", "=r" : () -> i32
      llvm.store %c, %out : i32, !llvm.ptr
      llvm.return
    }
  }
}

// -----

// expected-error @below {{'gpu.module' op has no target to name in the gpu.binary the emulated kernels leave}}
gpu.module @untargeted {
  llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
    llvm.return
  }
}
