// RUN: xla-opt %s --xla-gpu-dedupe-kernels | FileCheck %s
// The command line's printing options do not make different modules
// match (an elided constant):
// RUN: xla-opt %s --xla-gpu-dedupe-kernels --mlir-elide-elementsattrs-if-larger=2 --mlir-print-debuginfo | FileCheck %s

// Copies of a fusion's kernels, one per call that horizontal fusion
// inlined (`_call1`), are the same but for their names: their launches
// use the first module and its kernel at the same position, and the
// copies go. A module that differs in its body (a multiply) or in an
// attribute (the block size it was made for) stays, as does its launch;
// so do two modules whose constant tables differ.

// CHECK-LABEL: func.func @host(
// CHECK:         gpu.launch_func @fusion_0_module::@fusion_0 blocks
// CHECK:         gpu.launch_func @fusion_0_module::@fusion_0 blocks
// CHECK:         gpu.launch_func @pair_module::@second blocks
// CHECK:         gpu.launch_func @pair_module::@first blocks
// CHECK:         gpu.launch_func @other_module::@other blocks
// CHECK:         gpu.launch_func @wider_module::@fusion_0_call2 blocks
// CHECK:         gpu.launch_func @table_a_module::@table_a blocks
// CHECK:         gpu.launch_func @table_b_module::@table_b blocks
// CHECK:         return
// CHECK:       gpu.module @fusion_0_module
// CHECK-NOT:   gpu.module @fusion_0_call1_module
// CHECK:       gpu.module @pair_module
// CHECK-NOT:   gpu.module @pair_call1_module
// CHECK:       gpu.module @other_module
// CHECK:       gpu.module @wider_module
// CHECK:       gpu.module @table_a_module
// CHECK:       gpu.module @table_b_module
module attributes {gpu.container_module} {
  func.func @host(%a: memref<64xf32>, %b: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @fusion_0_module::@fusion_0 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<64xf32>, %b : memref<64xf32>)
    gpu.launch_func @fusion_0_call1_module::@fusion_0_call1 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%b : memref<64xf32>, %a : memref<64xf32>)
    gpu.launch_func @pair_call1_module::@second_call1 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<64xf32>, %b : memref<64xf32>)
    gpu.launch_func @pair_call1_module::@first_call1 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<64xf32>, %b : memref<64xf32>)
    gpu.launch_func @other_module::@other blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<64xf32>, %b : memref<64xf32>)
    gpu.launch_func @wider_module::@fusion_0_call2 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<64xf32>, %b : memref<64xf32>)
    gpu.launch_func @table_a_module::@table_a blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%b : memref<64xf32>)
    gpu.launch_func @table_b_module::@table_b blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%b : memref<64xf32>)
    return
  }
  gpu.module @fusion_0_module {
    gpu.func @fusion_0(%x: memref<64xf32>, %y: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<64xf32>
      %s = arith.addf %v, %v : f32
      memref.store %s, %y[%t] : memref<64xf32>
      gpu.return
    }
  }
  gpu.module @fusion_0_call1_module {
    gpu.func @fusion_0_call1(%x: memref<64xf32>, %y: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<64xf32>
      %s = arith.addf %v, %v : f32
      memref.store %s, %y[%t] : memref<64xf32>
      gpu.return
    }
  }
  gpu.module @pair_module {
    gpu.func @first(%x: memref<64xf32>, %y: memref<64xf32>) kernel {
      gpu.return
    }
    gpu.func @second(%x: memref<64xf32>, %y: memref<64xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<64xf32>
      memref.store %v, %y[%t] : memref<64xf32>
      gpu.return
    }
  }
  gpu.module @pair_call1_module {
    gpu.func @first_call1(%x: memref<64xf32>, %y: memref<64xf32>) kernel {
      gpu.return
    }
    gpu.func @second_call1(%x: memref<64xf32>, %y: memref<64xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<64xf32>
      memref.store %v, %y[%t] : memref<64xf32>
      gpu.return
    }
  }
  gpu.module @other_module {
    gpu.func @other(%x: memref<64xf32>, %y: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<64xf32>
      %s = arith.mulf %v, %v : f32
      memref.store %s, %y[%t] : memref<64xf32>
      gpu.return
    }
  }
  gpu.module @wider_module {
    gpu.func @fusion_0_call2(%x: memref<64xf32>, %y: memref<64xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<64xf32>
      %s = arith.addf %v, %v : f32
      memref.store %s, %y[%t] : memref<64xf32>
      gpu.return
    }
  }
  gpu.module @table_a_module {
    memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
    gpu.func @table_a(%y: memref<64xf32>) kernel {
      %t = gpu.thread_id x
      %g = memref.get_global @table : memref<4xf32>
      %c0 = arith.constant 0 : index
      %v = memref.load %g[%c0] : memref<4xf32>
      memref.store %v, %y[%t] : memref<64xf32>
      gpu.return
    }
  }
  gpu.module @table_b_module {
    memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 5.0]>
    gpu.func @table_b(%y: memref<64xf32>) kernel {
      %t = gpu.thread_id x
      %g = memref.get_global @table : memref<4xf32>
      %c0 = arith.constant 0 : index
      %v = memref.load %g[%c0] : memref<4xf32>
      memref.store %v, %y[%t] : memref<64xf32>
      gpu.return
    }
  }
}
