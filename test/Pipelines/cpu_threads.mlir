// RUN: xla-opt %s --hlo-cpu-pipeline | FileCheck %s --check-prefix=SEQ
// RUN: xla-opt %s --hlo-cpu-pipeline=parallel-loops=true | FileCheck %s --check-prefix=OMP
// RUN: xla-translate %s --emit=llvmir --parallel-loops -o - | FileCheck %s --check-prefix=IR

// The tiles of a 256x256 add are distributed (one row per scf.forall
// iteration): a sequential loop by default, an OpenMP worksharing loop over
// the rows with parallel-loops=true, each iteration 16 vectors of 16 lanes.
// The add is a kernel of its own, which main calls. The loop ends its
// parallel region, whose end joins the threads: it has no barrier of its
// own (nowait, xla-elide-loop-barriers).
// SEQ-NOT: omp.
// SEQ: llvm.func @loop_add_fusion(
// SEQ: llvm.load {{.*}} -> vector<16xf32>
// SEQ: llvm.func @main(
// SEQ: llvm.call @loop_add_fusion(
// OMP: llvm.func @loop_add_fusion(
// OMP: omp.parallel
// OMP: omp.wsloop nowait
// OMP: omp.loop_nest
// OMP: llvm.load {{.*}} -> vector<16xf32>
// OMP: llvm.fadd {{.*}} : vector<16xf32>
// The kernel forks without asking for its thread number (translation
// calls __kmpc_global_thread_num before the fork; unused, the optimizer
// drops it once the getter is described as one).
// IR-NOT: __kmpc_barrier
// IR-LABEL: define hidden void @loop_add_fusion(
// IR-NOT: __kmpc_global_thread_num
// IR: call {{.*}}@__kmpc_fork_call
// IR-NEXT: ret void
// IR: define internal void @loop_add_fusion..omp_par(
// IR: %[[TID:.*]] = tail call i32 @__kmpc_global_thread_num(
// IR-NEXT: call void @__kmpc_for_static_init_8u({{.*}}, i32 %[[TID]],
// IR-NOT: __kmpc_barrier
// IR: declare i32 @__kmpc_global_thread_num(ptr) {{.*}}#[[GETTER:[0-9]+]]
// IR: attributes #[[GETTER]] = { {{.*}}nofree nosync nounwind willreturn memory(inaccessiblemem: read) }
func.func @main(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = hlo.add %a, %b : tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
