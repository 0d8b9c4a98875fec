// RUN: xla-opt %s --pass-pipeline='builtin.module(llvm.func(xla-forward-descriptor-fields))' | FileCheck %s
// RUN: xla-opt %s --pass-pipeline='builtin.module(llvm.func(xla-forward-descriptor-fields))' | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=OUTLINED

!desc = !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>

// A descriptor built outside a parallel region and read inside it: the
// reads become the inserted values, so the region uses the pointer and a
// size, and the chain, unread, is gone.
// CHECK-LABEL: llvm.func @kernel
// CHECK-NOT: llvm.insertvalue
// CHECK: %[[N:.*]] = llvm.mlir.constant(8 : index)
// CHECK-NOT: llvm.insertvalue
// CHECK: omp.parallel
// CHECK-NOT: llvm.extractvalue
// CHECK: %[[OFF:.*]] = llvm.mul %{{.*}}, %[[N]] : i64
// CHECK: llvm.getelementptr %arg0[%[[OFF]]]
// CHECK: omp.terminator
// The outlined region gets the pointer alone, not the descriptor's five
// fields in a stack slot: its struct of captured values holds the data
// pointer and the slot of the stored value.
// OUTLINED-LABEL: define void @kernel(
// OUTLINED-NOT: alloca { ptr, ptr, i64
// OUTLINED: call void {{.*}}@__kmpc_fork_call
llvm.func @kernel(%p: !llvm.ptr, %v: f32) {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %c8 = llvm.mlir.constant(8 : index) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  %u = llvm.mlir.poison : !desc
  %d0 = llvm.insertvalue %p, %u[0] : !desc
  %d1 = llvm.insertvalue %p, %d0[1] : !desc
  %d2 = llvm.insertvalue %c0, %d1[2] : !desc
  %d3 = llvm.insertvalue %c8, %d2[3, 0] : !desc
  %d4 = llvm.insertvalue %c8, %d3[4, 0] : !desc
  %d5 = llvm.insertvalue %c8, %d4[3, 1] : !desc
  %d6 = llvm.insertvalue %c1, %d5[4, 1] : !desc
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : i64 = (%c0) to (%c8) step (%c1) {
        %ptr = llvm.extractvalue %d6[1] : !desc
        %stride = llvm.extractvalue %d6[4, 0] : !desc
        %off = llvm.mul %i, %stride : i64
        %a = llvm.getelementptr %ptr[%off] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %v, %a : f32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  llvm.return
}

// A read of a field the chain did not insert (the descriptor came whole
// from memory) reads the descriptor it came from, and the insert it
// passed is gone.
// CHECK-LABEL: llvm.func @loaded
// CHECK: %[[D:.*]] = llvm.load %arg0
// CHECK-NEXT: %[[P:.*]] = llvm.extractvalue %[[D]][1]
// CHECK-NEXT: llvm.return %[[P]]
llvm.func @loaded(%slot: !llvm.ptr, %q: !llvm.ptr) -> !llvm.ptr {
  %d = llvm.load %slot : !llvm.ptr -> !desc
  %s = llvm.insertvalue %q, %d[0] : !desc
  %ptr = llvm.extractvalue %s[1] : !desc
  llvm.return %ptr : !llvm.ptr
}

// Reads of a whole array of the descriptor, then of an element of it.
// CHECK-LABEL: llvm.func @sizes
// CHECK-NEXT: llvm.return %arg1
llvm.func @sizes(%p: !llvm.ptr, %n: i64) -> i64 {
  %u = llvm.mlir.poison : !desc
  %d0 = llvm.insertvalue %p, %u[1] : !desc
  %d1 = llvm.insertvalue %n, %d0[3, 1] : !desc
  %sizes = llvm.extractvalue %d1[3] : !desc
  %size = llvm.extractvalue %sizes[1] : !llvm.array<2 x i64>
  llvm.return %size : i64
}
