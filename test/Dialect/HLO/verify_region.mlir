// RUN: xla-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

func.func @reduce_odd_operands(%a: tensor<4xf32>, %b: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.reduce' op requires N >= 1 inputs and as many init_values, got 3 operands}}
  %0 = "hlo.reduce"(%a, %b, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @reduce_no_inputs() {
  // expected-error @+1 {{'hlo.reduce' op requires N >= 1 inputs and as many init_values, got 0 operands}}
  "hlo.reduce"() <{dimensions = array<i64>}> ({
  ^bb0:
    hlo.return
  }) : () -> ()
  func.return
}

// -----

func.func @reduce_input_shapes(%a: tensor<4x5xf32>, %b: tensor<4x6xi32>, %z: tensor<f32>, %zi: tensor<i32>) {
  // expected-error @+1 {{all inputs must have the same shape, got 'tensor<4x5xf32>' and 'tensor<4x6xi32>' (inputs[1])}}
  %0:2 = hlo.reduce(%a init: %z), (%b init: %zi) across dimensions = [0] : (tensor<4x5xf32>, tensor<4x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<6xi32>)
   reducer(%p: tensor<f32>, %q: tensor<f32>) (%r: tensor<i32>, %s: tensor<i32>) {
    hlo.return %p, %r : tensor<f32>, tensor<i32>
  }
  func.return
}

// -----

func.func @reduce_dimension_out_of_range(%a: tensor<4xf32>, %b: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.reduce' op dimensions[0] = 1 is out of range [0, 1) (the rank of the inputs)}}
  %0 = hlo.reduce(%a init: %b) applies hlo.add across dimensions = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @reduce_negative_dimension(%a: tensor<4xf32>, %b: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{dimensions[0] = -1 is out of range [0, 1)}}
  %0 = hlo.reduce(%a init: %b) applies hlo.add across dimensions = [-1] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @reduce_duplicate_dimension(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.reduce' op dimensions has duplicate dimension 1: [1, 1]}}
  %0 = hlo.reduce(%a init: %b) applies hlo.add across dimensions = [1, 1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @reduce_init_not_scalar(%a: tensor<4x5xf32>, %b: tensor<1xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op init_values[0] must be a 0-d tensor, got 'tensor<1xf32>'}}
  %0 = "hlo.reduce"(%a, %b) <{dimensions = array<i64: 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<1xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @reduce_init_element_type(%a: tensor<4x5xf32>, %b: tensor<f64>) -> tensor<4xf64> {
  // expected-error @+1 {{'hlo.reduce' op init_values[0] has element type 'f64' but inputs[0] has element type 'f32'}}
  %0 = "hlo.reduce"(%a, %b) <{dimensions = array<i64: 1>}> ({
  ^bb0(%x: tensor<f64>, %y: tensor<f64>):
    hlo.return %x : tensor<f64>
  }) : (tensor<4x5xf32>, tensor<f64>) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// -----

func.func @reduce_body_arg_count(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op body must take 2 arguments (an accumulator, then a value, for each of 1 input(s)), got 3}}
  %0 = "hlo.reduce"(%a, %b) <{dimensions = array<i64: 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %z: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @reduce_body_arg_not_scalar(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op body argument #0 must be a 0-d tensor, got 'tensor<1xf32>'}}
  %0 = hlo.reduce(%a init: %b) across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%x: tensor<1xf32>, %y: tensor<1xf32>) {
    hlo.return %x : tensor<1xf32>
  }
  func.return %0 : tensor<4xf32>
}

// -----

func.func @reduce_body_arg_pair_mismatch(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op body arguments #0 and #1 must have the same type, got 'tensor<f32>' and 'tensor<f64>'}}
  %0 = hlo.reduce(%a init: %b) across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%x: tensor<f32>, %y: tensor<f64>) {
    hlo.return %x : tensor<f32>
  }
  func.return %0 : tensor<4xf32>
}

// -----

func.func @reduce_body_not_promotable(%a: tensor<4x5xi32>, %b: tensor<i32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op body argument #0 has element type 'f32', which is neither the element type 'i32' of input #0 nor a promotion of it}}
  %0 = hlo.reduce(%a init: %b) across dimensions = [1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<4xf32>
   reducer(%x: tensor<f32>, %y: tensor<f32>) {
    hlo.return %x : tensor<f32>
  }
  func.return %0 : tensor<4xf32>
}

// -----

func.func @reduce_body_narrowing(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4xf16> {
  // expected-error @+1 {{body argument #0 has element type 'f16', which is neither the element type 'f32' of input #0 nor a promotion of it}}
  %0 = hlo.reduce(%a init: %b) across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf16>
   reducer(%x: tensor<f16>, %y: tensor<f16>) {
    hlo.return %x : tensor<f16>
  }
  func.return %0 : tensor<4xf16>
}

// -----

func.func @reduce_body_return_count(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op body must return 1 value(s), got 2}}
  %0 = hlo.reduce(%a init: %b) across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%x: tensor<f32>, %y: tensor<f32>) {
    hlo.return %x, %y : tensor<f32>, tensor<f32>
  }
  func.return %0 : tensor<4xf32>
}

// -----

func.func @reduce_body_return_type(%a: tensor<4x5xf32>, %b: tensor<f32>, %c: tensor<1xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op body return value #0 has type 'tensor<1xf32>', expected 'tensor<f32>'}}
  %0 = hlo.reduce(%a init: %b) across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%x: tensor<f32>, %y: tensor<f32>) {
    hlo.return %c : tensor<1xf32>
  }
  func.return %0 : tensor<4xf32>
}

// -----

func.func @reduce_body_no_terminator(%a: tensor<4xf32>, %b: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.reduce' op body must end with hlo.return}}
  %0 = "hlo.reduce"(%a, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @reduce_result_shape(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+1 {{'hlo.reduce' op has result types (tensor<5xf32>) but its operands, attributes and regions give (tensor<4xf32>)}}
  %0 = hlo.reduce(%a init: %b) applies hlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

func.func @reduce_result_count(%a: tensor<4x5xf32>, %b: tensor<f32>) {
  // expected-error @+1 {{'hlo.reduce' op has result types () but its operands, attributes and regions give (tensor<4xf32>)}}
  "hlo.reduce"(%a, %b) <{dimensions = array<i64: 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> ()
  func.return
}

// -----

func.func @reduce_applies_unknown_op(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected an hlo op name after 'applies', got 'foo.add'}}
  %0 = hlo.reduce(%a init: %b) applies foo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @reduce_applies_op_with_regions(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'applies' expects an op with one result and no regions, got 'stablehlo.while'}}
  %0 = hlo.reduce(%a init: %b) applies stablehlo.while across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @reduce_applies_two_inputs(%a: tensor<4xf32>, %b: tensor<f32>) {
  // expected-error @+1 {{'applies' requires a single input, got 2}}
  %0:2 = hlo.reduce(%a init: %b), (%a init: %b) applies hlo.add across dimensions = [0] : (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  func.return
}

// -----

func.func @reduce_type_count(%a: tensor<4xf32>, %b: tensor<f32>) {
  // expected-error @+1 {{expected 2 operand types, got 1}}
  %0 = hlo.reduce(%a init: %b) applies hlo.add across dimensions = [0] : (tensor<4xf32>) -> tensor<f32>
  func.return
}

// -----

//===----------------------------------------------------------------------===//
// reduce_window
//===----------------------------------------------------------------------===//

func.func @reduce_window_dims_size(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op window_dimensions must have 2 values (the rank of the input), got 1}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

func.func @reduce_window_dims_positive(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op window_dimensions[1] must be positive, got 0}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1, 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

func.func @reduce_window_strides_size(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op window_strides must have 2 values (the rank of the input), got 3}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 1, 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

func.func @reduce_window_strides_positive(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op window_strides[0] must be positive, got -1}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1, 1>, window_strides = array<i64: -1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

func.func @reduce_window_base_dilations_size(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op base_dilations must have 2 values (the rank of the input), got 1}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

func.func @reduce_window_base_dilations_positive(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op base_dilations[0] must be positive, got 0}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

func.func @reduce_window_window_dilations_size(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op window_dilations must have 2 values (the rank of the input), got 0}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1, 1>, window_dilations = array<i64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

func.func @reduce_window_window_dilations_positive(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op window_dilations[1] must be positive, got 0}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1, 1>, window_dilations = array<i64: 1, 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

func.func @reduce_window_padding_shape(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op padding must have shape [2, 2] (the rank of the input, low and high), got 'tensor<1x2xi64>'}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1, 1>, padding = dense<0> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

func.func @reduce_window_negative_padded_size(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<0x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op padded input dimension 0 has negative size -2}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1, 1>, padding = dense<[[-3, -3], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<0x5xf32>
  func.return %0 : tensor<0x5xf32>
}

// -----

func.func @reduce_window_input_shapes(%a: tensor<4x5xf32>, %b: tensor<4x4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{'hlo.reduce_window' op all inputs must have the same shape, got 'tensor<4x5xf32>' and 'tensor<4x4xf32>' (inputs[1])}}
  %0:2 = "hlo.reduce_window"(%a, %b, %z, %z) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %u: tensor<f32>, %v: tensor<f32>):
    hlo.return %x, %y : tensor<f32>, tensor<f32>
  }) : (tensor<4x5xf32>, tensor<4x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<4x5xf32>, tensor<4x4xf32>)
  func.return
}

// -----

func.func @reduce_window_init_element_type(%a: tensor<4x5xf32>, %b: tensor<i32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op init_values[0] has element type 'i32' but inputs[0] has element type 'f32'}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<i32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

func.func @reduce_window_body(%a: tensor<4x5xf32>, %b: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op body must return 1 value(s), got 0}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

func.func @reduce_window_result_shape(%a: tensor<3x2xi32>, %b: tensor<i32>) -> tensor<3x2xi32> {
  // expected-error @+1 {{'hlo.reduce_window' op has result types (tensor<3x2xi32>) but its operands, attributes and regions give (tensor<2x2xi32>)}}
  %0 = "hlo.reduce_window"(%a, %b) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 3, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    hlo.return %x : tensor<i32>
  }) : (tensor<3x2xi32>, tensor<i32>) -> tensor<3x2xi32>
  func.return %0 : tensor<3x2xi32>
}

// -----

//===----------------------------------------------------------------------===//
// select_and_scatter
//===----------------------------------------------------------------------===//

func.func @select_and_scatter_source_shape(%x: tensor<4x2xi32>, %s: tensor<3x2xi32>, %z: tensor<i32>) -> tensor<4x2xi32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op source dimension 0 has size 3 but the operand has 2 windows in that dimension}}
  %0 = "hlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>, padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<3x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  func.return %0 : tensor<4x2xi32>
}

// -----

func.func @select_and_scatter_source_rank(%x: tensor<4x2xi32>, %s: tensor<4xi32>, %z: tensor<i32>) -> tensor<4x2xi32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op source must have rank 2 (the rank of the operand), got 'tensor<4xi32>'}}
  %0 = "hlo.select_and_scatter"(%x, %s, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<4xi32>, tensor<i32>) -> tensor<4x2xi32>
  func.return %0 : tensor<4x2xi32>
}

// -----

func.func @select_and_scatter_source_element_type(%x: tensor<4x2xi32>, %s: tensor<4x2xf32>, %z: tensor<i32>) -> tensor<4x2xi32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op source element type 'f32' differs from operand element type 'i32'}}
  %0 = "hlo.select_and_scatter"(%x, %s, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<4x2xf32>, tensor<i32>) -> tensor<4x2xi32>
  func.return %0 : tensor<4x2xi32>
}

// -----

func.func @select_and_scatter_init_value(%x: tensor<4x2xi32>, %s: tensor<4x2xi32>, %z: tensor<1xi32>) -> tensor<4x2xi32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op init_value must be a 0-d tensor of the operand element type 'i32', got 'tensor<1xi32>'}}
  %0 = "hlo.select_and_scatter"(%x, %s, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<4x2xi32>, tensor<1xi32>) -> tensor<4x2xi32>
  func.return %0 : tensor<4x2xi32>
}

// -----

func.func @select_and_scatter_window_dims(%x: tensor<4x2xi32>, %s: tensor<4x2xi32>, %z: tensor<i32>) -> tensor<4x2xi32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op window_dimensions must have 2 values (the rank of the input), got 1}}
  %0 = "hlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<4x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  func.return %0 : tensor<4x2xi32>
}

// -----

func.func @select_and_scatter_strides(%x: tensor<4x2xi32>, %s: tensor<4x2xi32>, %z: tensor<i32>) -> tensor<4x2xi32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op window_strides[1] must be positive, got 0}}
  %0 = "hlo.select_and_scatter"(%x, %s, %z) <{window_strides = array<i64: 1, 0>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<4x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  func.return %0 : tensor<4x2xi32>
}

// -----

func.func @select_and_scatter_padding(%x: tensor<4x2xi32>, %s: tensor<4x2xi32>, %z: tensor<i32>) -> tensor<4x2xi32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op padding must have shape [2, 2] (the rank of the input, low and high), got 'tensor<2x3xi64>'}}
  %0 = "hlo.select_and_scatter"(%x, %s, %z) <{padding = dense<0> : tensor<2x3xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<4x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  func.return %0 : tensor<4x2xi32>
}

// -----

func.func @select_and_scatter_select_returns_pred(%x: tensor<4x2xi32>, %s: tensor<4x2xi32>, %z: tensor<i32>) -> tensor<4x2xi32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op select return value #0 has type 'tensor<i32>', expected 'tensor<i1>'}}
  %0 = "hlo.select_and_scatter"(%x, %s, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<4x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  func.return %0 : tensor<4x2xi32>
}

// -----

func.func @select_and_scatter_scatter_args(%x: tensor<4x2xi32>, %s: tensor<4x2xi32>, %z: tensor<i32>) -> tensor<4x2xi32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op scatter must take 2 argument(s), got 1}}
  %0 = "hlo.select_and_scatter"(%x, %s, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>):
    hlo.return %a : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<4x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  func.return %0 : tensor<4x2xi32>
}

// -----

func.func @select_and_scatter_result_type(%x: tensor<4x2xi32>, %s: tensor<4x2xi32>, %z: tensor<i32>) -> tensor<4x3xi32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op has result types (tensor<4x3xi32>) but its operands, attributes and regions give (tensor<4x2xi32>)}}
  %0 = "hlo.select_and_scatter"(%x, %s, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<4x2xi32>, tensor<i32>) -> tensor<4x3xi32>
  func.return %0 : tensor<4x3xi32>
}

// -----

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

func.func @sort_no_inputs() {
  // expected-error @+1 {{'hlo.sort' op requires at least one input}}
  "hlo.sort"() ({
  ^bb0:
    %p = hlo.constant dense<true> : tensor<i1>
    hlo.return %p : tensor<i1>
  }) : () -> ()
  func.return
}

// -----

func.func @sort_input_shapes(%a: tensor<2x3xi64>, %b: tensor<3x2xi64>) {
  // expected-error @+1 {{'hlo.sort' op all inputs must have the same shape, got 'tensor<2x3xi64>' and 'tensor<3x2xi64>' (inputs[1])}}
  %0:2 = "hlo.sort"(%a, %b) ({
  ^bb0(%w: tensor<i64>, %x: tensor<i64>, %y: tensor<i64>, %z: tensor<i64>):
    %p = hlo.compare LT, %w, %x : (tensor<i64>, tensor<i64>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<2x3xi64>, tensor<3x2xi64>) -> (tensor<2x3xi64>, tensor<3x2xi64>)
  func.return
}

// -----

func.func @sort_dimension(%a: tensor<2x3xi64>) -> tensor<2x3xi64> {
  // expected-error @+1 {{'hlo.sort' op dimension -3 is out of range [-2, 2) (the rank of the inputs)}}
  %0 = "hlo.sort"(%a) <{dimension = -3 : i64}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %p = hlo.compare LT, %x, %y : (tensor<i64>, tensor<i64>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<2x3xi64>) -> tensor<2x3xi64>
  func.return %0 : tensor<2x3xi64>
}

// -----

func.func @sort_comparator_args(%a: tensor<2x3xi64>, %b: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.sort' op comparator argument #2 has type 'tensor<i64>', expected 'tensor<f32>'}}
  %0:2 = "hlo.sort"(%a, %b) ({
  ^bb0(%w: tensor<i64>, %x: tensor<i64>, %y: tensor<i64>, %z: tensor<i64>):
    %p = hlo.compare LT, %w, %x : (tensor<i64>, tensor<i64>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
  func.return
}

// -----

func.func @sort_comparator_arg_count(%a: tensor<2x3xi64>) -> tensor<2x3xi64> {
  // expected-error @+1 {{'hlo.sort' op comparator must take 2 argument(s), got 1}}
  %0 = "hlo.sort"(%a) ({
  ^bb0(%x: tensor<i64>):
    %p = hlo.compare LT, %x, %x : (tensor<i64>, tensor<i64>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<2x3xi64>) -> tensor<2x3xi64>
  func.return %0 : tensor<2x3xi64>
}

// -----

func.func @sort_comparator_result(%a: tensor<2x3xi64>) -> tensor<2x3xi64> {
  // expected-error @+1 {{'hlo.sort' op comparator return value #0 has type 'tensor<i64>', expected 'tensor<i1>'}}
  %0 = "hlo.sort"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    hlo.return %x : tensor<i64>
  }) : (tensor<2x3xi64>) -> tensor<2x3xi64>
  func.return %0 : tensor<2x3xi64>
}

// -----

func.func @sort_result_types(%a: tensor<2x3xi64>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'hlo.sort' op has result types (tensor<2x3xi32>) but its operands, attributes and regions give (tensor<2x3xi64>)}}
  %0 = "hlo.sort"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %p = hlo.compare LT, %x, %y : (tensor<i64>, tensor<i64>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<2x3xi64>) -> tensor<2x3xi32>
  func.return %0 : tensor<2x3xi32>
}

// -----

//===----------------------------------------------------------------------===//
// map
//===----------------------------------------------------------------------===//

func.func @map_no_inputs() -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.map' op requires at least one input}}
  %0 = "hlo.map"() <{dimensions = array<i64: 0>}> ({
  ^bb0:
    %c = hlo.constant dense<1.0> : tensor<f32>
    hlo.return %c : tensor<f32>
  }) : () -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @map_input_shapes(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.map' op all inputs must have the same shape, got 'tensor<4xf32>' and 'tensor<5xf32>' (inputs[1])}}
  %0 = "hlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @map_dimensions(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.map' op dimensions must be [0, 1] (all dimensions of the inputs, in order), got [1, 0]}}
  %0 = "hlo.map"(%a) <{dimensions = array<i64: 1, 0>}> ({
  ^bb0(%x: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @map_computation_args(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.map' op computation argument #1 has type 'tensor<f32>', expected 'tensor<i32>'}}
  %0 = "hlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @map_computation_result(%a: tensor<4xf32>, %c: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.map' op computation must return a single 0-d tensor}}
  %0 = "hlo.map"(%a) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>):
    hlo.return %c : tensor<2xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @map_computation_result_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.map' op computation return value #0 has type 'tensor<i1>', expected 'tensor<f32>'}}
  %0 = "hlo.map"(%a) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>):
    %p = hlo.compare LT, %x, %x : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

func.func @scatter_operand_count(%in: tensor<3xi32>, %idx: tensor<1xi32>) {
  // expected-error @+1 {{'hlo.scatter' op requires N >= 1 inputs and as many updates, got 2 operands}}
  "hlo.scatter"(%in, %idx) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>}> ({
  ^bb0:
    hlo.return
  }) : (tensor<3xi32>, tensor<1xi32>) -> ()
  func.return
}

// -----

func.func @scatter_input_shapes(%in: tensor<3xf32>, %in2: tensor<4xf32>, %idx: tensor<1xi32>, %up: tensor<f32>) {
  // expected-error @+1 {{'hlo.scatter' op all inputs must have the same shape, got 'tensor<3xf32>' and 'tensor<4xf32>' (inputs[1])}}
  %0:2 = "hlo.scatter"(%in, %in2, %idx, %up, %up) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    hlo.return %c, %d : tensor<f32>, tensor<f32>
  }) : (tensor<3xf32>, tensor<4xf32>, tensor<1xi32>, tensor<f32>, tensor<f32>) -> (tensor<3xf32>, tensor<4xf32>)
  func.return
}

// -----

func.func @scatter_update_shapes(%in: tensor<3xf32>, %idx: tensor<1xi32>, %up: tensor<f32>, %up2: tensor<1xf32>) {
  // expected-error @+1 {{'hlo.scatter' op all updates must have the same shape, got 'tensor<f32>' and 'tensor<1xf32>' (updates[1])}}
  %0:2 = "hlo.scatter"(%in, %in, %idx, %up, %up2) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    hlo.return %c, %d : tensor<f32>, tensor<f32>
  }) : (tensor<3xf32>, tensor<3xf32>, tensor<1xi32>, tensor<f32>, tensor<1xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  func.return
}

// -----

func.func @scatter_update_element_type(%in: tensor<3xf32>, %idx: tensor<1xi32>, %up: tensor<i32>) -> tensor<3xf32> {
  // expected-error @+1 {{'hlo.scatter' op updates[0] element type 'i32' differs from inputs[0] element type 'f32'}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }) : (tensor<3xf32>, tensor<1xi32>, tensor<i32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @scatter_update_window_dims_sorted(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op update_window_dims must be sorted, got [3, 2]}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [3, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_update_window_dims_range(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op update_window_dims[1] = 4 is out of range [0, 4) (the rank of the updates)}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 4], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_inserted_window_dims_range(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op inserted_window_dims[0] = 3 is out of range [0, 3) (the rank of the inputs)}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [3], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_inserted_window_dims_sorted(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op inserted_window_dims must be sorted, got [1, 0]}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [1, 0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_inserted_and_batching_overlap(%in: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %up: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op dimension 0 is in both inserted_window_dims [0] and input_batching_dims [0]}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [0], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  func.return %0 : tensor<2x3x4x2xi64>
}

// -----

func.func @scatter_indices_batching_dims_duplicate(%in: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %up: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op scatter_indices_batching_dims has duplicate dimension 1: [1, 1]}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1, 1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  func.return %0 : tensor<2x3x4x2xi64>
}

// -----

func.func @scatter_index_vector_dim_is_batching(%in: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %up: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op index_vector_dim 1 must not be in scatter_indices_batching_dims [1]}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  func.return %0 : tensor<2x3x4x2xi64>
}

// -----

func.func @scatter_batching_dims_sizes(%in: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %up: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op the rank of the inputs (4) must be the number of update_window_dims (2) + inserted_window_dims (1) + input_batching_dims (0)}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  func.return %0 : tensor<2x3x4x2xi64>
}

// -----

func.func @scatter_batching_dims_count(%in: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %up: tensor<2x2x3x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op input_batching_dims [0] and scatter_indices_batching_dims [] must have the same size}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [3], inserted_window_dims = [1, 3], input_batching_dims = [0], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2xi64>) -> tensor<2x3x4x2xi64>
  func.return %0 : tensor<2x3x4x2xi64>
}

// -----

func.func @scatter_batching_dim_size_mismatch(%in: tensor<5x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %up: tensor<2x2x3x2x2xi64>) -> tensor<5x3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op input batching dimension 0 has size 5 but scatter_indices batching dimension 1 has size 2}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<5x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<5x3x4x2xi64>
  func.return %0 : tensor<5x3x4x2xi64>
}

// -----

func.func @scatter_dims_to_operand_dims_size(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op scatter_dims_to_operand_dims must have 2 values (dimension index_vector_dim = 2 of scatter_indices), got 1}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_dims_to_operand_dims_implicit(%in: tensor<3x4x2xi64>, %idx: tensor<2x3xi64>, %up: tensor<2x3x4x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op scatter_dims_to_operand_dims must have 1 value (index_vector_dim is the rank of scatter_indices), got 2}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3xi64>, tensor<2x3x4x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_dims_to_operand_dims_range(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op scatter_dims_to_operand_dims[1] = 3 is out of range [0, 3) (the rank of the inputs)}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 3], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_dims_to_operand_dims_batching(%in: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %up: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op dimension 0 is in both scatter_dims_to_operand_dims [0, 1] and input_batching_dims [0]}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  func.return %0 : tensor<2x3x4x2xi64>
}

// -----

func.func @scatter_index_vector_dim_range(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op index_vector_dim 4 is out of range [0, 3] (the rank of scatter_indices)}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 4>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_updates_rank(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op updates must have rank 4 (2 scatter dimensions and 2 update_window_dims), got 'tensor<2x3x2xi64>'}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_updates_window_too_big(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x5x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op updates window dimension 2 has size 5, more than the size 4 of the corresponding input dimension}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x5x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_updates_scatter_dims(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x4x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op updates scatter dimension 1 has size 4 but the scatter_indices dimension it matches has size 3}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x4x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_update_computation(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{'hlo.scatter' op update_computation must take 2 arguments (an accumulator, then a value, for each of 1 input(s)), got 1}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>):
    hlo.return %a : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_result_type(%in: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi32> {
  // expected-error @+1 {{'hlo.scatter' op has result types (tensor<3x4x2xi32>) but its operands, attributes and regions give (tensor<3x4x2xi64>)}}
  %0 = "hlo.scatter"(%in, %idx, %up) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    hlo.return %b : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi32>
  func.return %0 : tensor<3x4x2xi32>
}

// -----

//===----------------------------------------------------------------------===//
// while
//===----------------------------------------------------------------------===//

func.func @while_cond_arg_count(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.while' op cond must take 1 argument(s), got 0}}
  %0 = "hlo.while"(%a) ({
    %c = hlo.constant dense<true> : tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @while_cond_arg_type(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.while' op cond argument #0 has type 'tensor<f64>', expected 'tensor<f32>'}}
  %0 = "hlo.while"(%a) ({
  ^bb0(%x: tensor<f64>):
    %c = hlo.constant dense<true> : tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @while_cond_result(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.while' op cond return value #0 has type 'tensor<2xi1>', expected 'tensor<i1>'}}
  %0 = hlo.while(%x = %a) : tensor<f32>
   cond {
    %c = hlo.constant dense<true> : tensor<2xi1>
    hlo.return %c : tensor<2xi1>
  } do {
    hlo.return %x : tensor<f32>
  }
  func.return %0 : tensor<f32>
}

// -----

func.func @while_cond_terminator(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.while' op cond must end with hlo.return, got 'func.return'}}
  %0 = hlo.while(%x = %a) : tensor<f32>
   cond {
    %c = hlo.constant dense<true> : tensor<i1>
    func.return %c : tensor<i1>
  } do {
    hlo.return %x : tensor<f32>
  }
  func.return %0 : tensor<f32>
}

// -----

func.func @while_body_arg_type(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.while' op body argument #0 has type 'tensor<i32>', expected 'tensor<f32>'}}
  %0 = "hlo.while"(%a) ({
  ^bb0(%x: tensor<f32>):
    %c = hlo.constant dense<true> : tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<i32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @while_body_result(%a: tensor<f32>, %b: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.while' op body return value #0 has type 'tensor<i32>', expected 'tensor<f32>'}}
  %0 = hlo.while(%x = %a) : tensor<f32>
   cond {
    %c = hlo.constant dense<true> : tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    hlo.return %b : tensor<i32>
  }
  func.return %0 : tensor<f32>
}

// -----

func.func @while_result_types(%a: tensor<f32>) -> tensor<f64> {
  // expected-error @+1 {{'hlo.while' op has result types (tensor<f64>) but its operands, attributes and regions give (tensor<f32>)}}
  %0 = "hlo.while"(%a) ({
  ^bb0(%x: tensor<f32>):
    %c = hlo.constant dense<true> : tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<f32>) -> tensor<f64>
  func.return %0 : tensor<f64>
}

// -----

func.func @while_type_count(%a: tensor<f32>) {
  // expected-error @+1 {{expected 1 types, got 0}}
  %0 = hlo.while(%x = %a) cond {
    %c = hlo.constant dense<true> : tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    hlo.return %x : tensor<f32>
  }
  func.return
}

// -----

//===----------------------------------------------------------------------===//
// if and case
//===----------------------------------------------------------------------===//

func.func @if_pred_not_scalar(%p: tensor<2xi1>) {
  // expected-error @+1 {{'hlo.if' op operand #0 must be 0D tensor of bool values, but got 'tensor<2xi1>'}}
  "hlo.if"(%p) ({
    hlo.return
  }, {
    hlo.return
  }) : (tensor<2xi1>) -> ()
  func.return
}

// -----

func.func @if_branch_arguments(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.if' op true_branch must take 0 argument(s), got 1}}
  %0 = "hlo.if"(%p) ({
  ^bb0(%x: tensor<f32>):
    hlo.return %x : tensor<f32>
  }, {
    hlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @if_branch_result_count(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.if' op false_branch must return 1 value(s), got 2}}
  %0 = "hlo.if"(%p) ({
    hlo.return %a : tensor<f32>
  }, {
    hlo.return %a, %a : tensor<f32>, tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @if_branch_result_type(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.if' op false_branch return value #0 has type 'tensor<i32>', expected 'tensor<f32>'}}
  %0 = "hlo.if"(%p) ({
    hlo.return %a : tensor<f32>
  }, {
    hlo.return %b : tensor<i32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @case_no_branches(%i: tensor<i32>) {
  // expected-error @+1 {{'hlo.case' op requires at least one branch}}
  "hlo.case"(%i) : (tensor<i32>) -> ()
  func.return
}

// -----

func.func @case_index_type(%i: tensor<i64>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.case' op operand #0 must be 0D tensor of 32-bit signless integer values, but got 'tensor<i64>'}}
  %0 = "hlo.case"(%i) ({
    hlo.return %a : tensor<f32>
  }) : (tensor<i64>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @case_branch_arguments(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.case' op branches[1] must take 0 argument(s), got 1}}
  %0 = "hlo.case"(%i) ({
    hlo.return %a : tensor<f32>
  }, {
  ^bb0(%x: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @case_branch_result(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<2xf32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.case' op branches[2] return value #0 has type 'tensor<2xf32>', expected 'tensor<f32>'}}
  %0 = "hlo.case"(%i) ({
    hlo.return %a : tensor<f32>
  }, {
    hlo.return %a : tensor<f32>
  }, {
    hlo.return %b : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
