// RUN: xla-opt %s -split-input-file -verify-diagnostics

func.func @scatter_mixed(%i: tensor<2x1xi64>, %u: tensor<2x3xf32>, %o: memref<5x3xf32>) {
  // expected-error @+1 {{requires all operands to be tensors or all to be memrefs}}
  hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%i, %u : tensor<2x1xi64>, tensor<2x3xf32>) outs(%o : memref<5x3xf32>) {
  ^bb0(%c: f32, %v: f32):
    hloext.yield %v : f32
  }
  return
}

// -----

func.func @scatter_float_indices(%i: tensor<2x1xf32>, %u: tensor<2x3xf32>, %o: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{requires integer indices}}
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%i, %u : tensor<2x1xf32>, tensor<2x3xf32>) outs(%o : tensor<5x3xf32>) {
  ^bb0(%c: f32, %v: f32):
    hloext.yield %v : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_element_type(%i: tensor<2x1xi64>, %u: tensor<2x3xf16>, %o: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{requires each update to have the element type of its init}}
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%i, %u : tensor<2x1xi64>, tensor<2x3xf16>) outs(%o : tensor<5x3xf32>) {
  ^bb0(%c: f32, %v: f16):
    hloext.yield %c : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_depth(%i: tensor<2x2xi64>, %u: tensor<2x3xf32>, %o: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{scatter_dims_to_operand_dims has 1 entries but index vectors have length 2}}
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%i, %u : tensor<2x2xi64>, tensor<2x3xf32>) outs(%o : tensor<5x3xf32>) {
  ^bb0(%c: f32, %v: f32):
    hloext.yield %v : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_index_vector_dim(%i: tensor<2x1xi64>, %u: tensor<2x3xf32>, %o: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{index_vector_dim 3 is out of range [0, 2]}}
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 3
      ins(%i, %u : tensor<2x1xi64>, tensor<2x3xf32>) outs(%o : tensor<5x3xf32>) {
  ^bb0(%c: f32, %v: f32):
    hloext.yield %v : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_repeated_operand_dim(%i: tensor<2x2xi64>, %u: tensor<2xf32>, %o: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{scatter_dims_to_operand_dims repeats 0}}
  %0 = hloext.scatter update_window_dims = [] inserted_window_dims = [0, 1]
      scatter_dims_to_operand_dims = [0, 0] index_vector_dim = 1
      ins(%i, %u : tensor<2x2xi64>, tensor<2xf32>) outs(%o : tensor<5x3xf32>) {
  ^bb0(%c: f32, %v: f32):
    hloext.yield %v : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_unsorted_window(%i: tensor<2x1xi64>, %u: tensor<2x3x4xf32>, %o: tensor<5x3x4xf32>) -> tensor<5x3x4xf32> {
  // expected-error @+1 {{update_window_dims must be sorted and unique}}
  %0 = hloext.scatter update_window_dims = [2, 1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%i, %u : tensor<2x1xi64>, tensor<2x3x4xf32>) outs(%o : tensor<5x3x4xf32>) {
  ^bb0(%c: f32, %v: f32):
    hloext.yield %v : f32
  } -> tensor<5x3x4xf32>
  return %0 : tensor<5x3x4xf32>
}

// -----

func.func @scatter_cover(%i: tensor<2x1xi64>, %u: tensor<2x3xf32>, %o: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{update_window_dims and inserted_window_dims must together cover the 2 operand dimensions}}
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = []
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%i, %u : tensor<2x1xi64>, tensor<2x3xf32>) outs(%o : tensor<5x3xf32>) {
  ^bb0(%c: f32, %v: f32):
    hloext.yield %v : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_batch_size(%i: tensor<3x1xi64>, %u: tensor<2x3xf32>, %o: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{update scatter dimension 0 has size 2 but indices dimension 0 has size 3}}
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%i, %u : tensor<3x1xi64>, tensor<2x3xf32>) outs(%o : tensor<5x3xf32>) {
  ^bb0(%c: f32, %v: f32):
    hloext.yield %v : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_window_too_big(%i: tensor<2x1xi64>, %u: tensor<2x4xf32>, %o: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{update window dimension 1 (size 4) is larger than operand dimension 1 (size 3)}}
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%i, %u : tensor<2x1xi64>, tensor<2x4xf32>) outs(%o : tensor<5x3xf32>) {
  ^bb0(%c: f32, %v: f32):
    hloext.yield %v : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_region(%i: tensor<2x1xi64>, %u: tensor<2x3xf32>, %o: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{expects the combiner to take scalars ('f32', 'f32'), got ('f32')}}
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%i, %u : tensor<2x1xi64>, tensor<2x3xf32>) outs(%o : tensor<5x3xf32>) {
  ^bb0(%c: f32):
    hloext.yield %c : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_yield(%i: tensor<2x1xi64>, %u: tensor<2x3xf32>, %o: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{expects the combiner to yield ('f32'), got ('i1')}}
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%i, %u : tensor<2x1xi64>, tensor<2x3xf32>) outs(%o : tensor<5x3xf32>) {
  ^bb0(%c: f32, %v: f32):
    %b = arith.cmpf olt, %c, %v : f32
    hloext.yield %b : i1
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_result_type(%i: tensor<2x1xi64>, %u: tensor<2x3xf32>, %o: tensor<5x3xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{expected type of operand #2 ('tensor<5x3xf32>') to match type of corresponding result ('tensor<5x4xf32>')}}
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%i, %u : tensor<2x1xi64>, tensor<2x3xf32>) outs(%o : tensor<5x3xf32>) {
  ^bb0(%c: f32, %v: f32):
    hloext.yield %v : f32
  } -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @sort_dimension(%k: tensor<3x8xf32>) -> tensor<3x8xf32> {
  // expected-error @+1 {{dimension 2 is out of range [0, 2)}}
  %0 = hloext.sort dimension = 2 outs(%k : tensor<3x8xf32>) {
  ^bb0(%l: f32, %r: f32):
    %lt = arith.cmpf olt, %l, %r : f32
    hloext.yield %lt : i1
  } -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

func.func @sort_shapes(%k: tensor<3x8xf32>, %v: tensor<3x7xi32>) -> (tensor<3x8xf32>, tensor<3x7xi32>) {
  // expected-error @+1 {{requires all inits to have the same shape}}
  %0:2 = hloext.sort dimension = 1 outs(%k, %v : tensor<3x8xf32>, tensor<3x7xi32>) {
  ^bb0(%l: f32, %r: f32, %lv: i32, %rv: i32):
    %lt = arith.cmpf olt, %l, %r : f32
    hloext.yield %lt : i1
  } -> tensor<3x8xf32>, tensor<3x7xi32>
  return %0#0, %0#1 : tensor<3x8xf32>, tensor<3x7xi32>
}

// -----

func.func @sort_comparator(%k: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expects the comparator to yield ('i1'), got ('f32')}}
  %0 = hloext.sort dimension = 0 outs(%k : tensor<8xf32>) {
  ^bb0(%l: f32, %r: f32):
    hloext.yield %l : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @sort_unranked(%k: memref<*xf32>) {
  // expected-error @+1 {{requires ranked operands, got 'memref<*xf32>'}}
  "hloext.sort"(%k) <{dimension = 0 : i64}> ({
  ^bb0(%l: f32, %r: f32):
    %lt = arith.cmpf olt, %l, %r : f32
    hloext.yield %lt : i1
  }) : (memref<*xf32>) -> ()
  return
}

// -----

func.func @yield_parent(%x: f32) {
  // expected-error @+1 {{expects parent op to be one of 'hloext.scatter, hloext.sort, hloext.select_and_scatter'}}
  hloext.yield %x : f32
}

// -----

func.func @select_and_scatter_source_shape(%o: tensor<4x2xf32>, %s: tensor<3x2xf32>, %i: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{source dimension 0 has size 3 but the windows give 2}}
  %0 = hloext.select_and_scatter window_dimensions = [2, 1] window_strides = [2, 1]
      padding_low = [0, 0] padding_high = [0, 0]
      ins(%o, %s : tensor<4x2xf32>, tensor<3x2xf32>) outs(%i : tensor<4x2xf32>)
      select {
      ^bb0(%a: f32, %b: f32):
        %ge = arith.cmpf oge, %a, %b : f32
        hloext.yield %ge : i1
      } scatter {
      ^bb0(%c: f32, %d: f32):
        hloext.yield %d : f32
      } -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @select_and_scatter_attr_size(%o: tensor<4x2xf32>, %s: tensor<2x2xf32>, %i: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{requires window_dimensions, window_strides, padding_low and padding_high to have one entry per operand dimension}}
  %0 = hloext.select_and_scatter window_dimensions = [2] window_strides = [2, 1]
      padding_low = [0, 0] padding_high = [0, 0]
      ins(%o, %s : tensor<4x2xf32>, tensor<2x2xf32>) outs(%i : tensor<4x2xf32>)
      select {
      ^bb0(%a: f32, %b: f32):
        %ge = arith.cmpf oge, %a, %b : f32
        hloext.yield %ge : i1
      } scatter {
      ^bb0(%c: f32, %d: f32):
        hloext.yield %d : f32
      } -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @select_and_scatter_select_type(%o: tensor<4x2xf32>, %s: tensor<2x2xf32>, %i: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{expects the select to yield ('i1'), got ('f32')}}
  %0 = hloext.select_and_scatter window_dimensions = [2, 1] window_strides = [2, 1]
      padding_low = [0, 0] padding_high = [0, 0]
      ins(%o, %s : tensor<4x2xf32>, tensor<2x2xf32>) outs(%i : tensor<4x2xf32>)
      select {
      ^bb0(%a: f32, %b: f32):
        hloext.yield %a : f32
      } scatter {
      ^bb0(%c: f32, %d: f32):
        hloext.yield %d : f32
      } -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @select_and_scatter_window(%o: tensor<4x2xf32>, %s: tensor<2x2xf32>, %i: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{requires positive window sizes and strides}}
  %0 = hloext.select_and_scatter window_dimensions = [2, 0] window_strides = [2, 1]
      padding_low = [0, 0] padding_high = [0, 0]
      ins(%o, %s : tensor<4x2xf32>, tensor<2x2xf32>) outs(%i : tensor<4x2xf32>)
      select {
      ^bb0(%a: f32, %b: f32):
        %ge = arith.cmpf oge, %a, %b : f32
        hloext.yield %ge : i1
      } scatter {
      ^bb0(%c: f32, %d: f32):
        hloext.yield %d : f32
      } -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @fft_types(%x: tensor<16xf32>, %init: tensor<16xcomplex<f32>>) -> tensor<16xcomplex<f32>> {
  // expected-error @+1 {{element types 'f32' -> 'complex<f32>' do not fit FFT}}
  %0 = hloext.fft FFT fft_length = [16] ins(%x : tensor<16xf32>)
      outs(%init : tensor<16xcomplex<f32>>) -> tensor<16xcomplex<f32>>
  return %0 : tensor<16xcomplex<f32>>
}

// -----

func.func @fft_rfft_shape(%x: tensor<16xf32>, %init: tensor<16xcomplex<f32>>) -> tensor<16xcomplex<f32>> {
  // expected-error @+1 {{transformed dimensions do not match fft_length for RFFT}}
  %0 = hloext.fft RFFT fft_length = [16] ins(%x : tensor<16xf32>)
      outs(%init : tensor<16xcomplex<f32>>) -> tensor<16xcomplex<f32>>
  return %0 : tensor<16xcomplex<f32>>
}

// -----

func.func @fft_length(%x: tensor<2x2x2x2xcomplex<f32>>, %init: tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>> {
  // expected-error @+1 {{fft_length must have 1 to 3 entries, got 4}}
  %0 = hloext.fft FFT fft_length = [2, 2, 2, 2] ins(%x : tensor<2x2x2x2xcomplex<f32>>)
      outs(%init : tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return %0 : tensor<2x2x2x2xcomplex<f32>>
}

// -----

func.func @fft_batch(%x: tensor<3x8xcomplex<f32>>, %init: tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>> {
  // expected-error @+1 {{requires input and init to have the same batch dimensions}}
  %0 = hloext.fft IFFT fft_length = [8] ins(%x : tensor<3x8xcomplex<f32>>)
      outs(%init : tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  return %0 : tensor<4x8xcomplex<f32>>
}
