//===- HLOExtOps.td - structured ops linalg cannot express ---*- tablegen -*-===//
//
// The `hloext` dialect holds the few hlo ops whose access pattern is not an
// affine map over an iteration space: scatter and select_and_scatter
// (data-dependent writes), sort (a permutation computed at run time) and
// fft (every output element reads a whole line). Like linalg ops they are in
// destination-passing style, work on tensors or on buffers, implement
// TilingInterface and bufferize in place; `hloext-lower-to-loops` turns the
// buffer form into scf loops. Their regions work on scalars, so the dialect
// does not depend on hlo.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLOEXT_IR_HLOEXTOPS_TD
#define XLA_MLIR_DIALECT_HLOEXT_IR_HLOEXTOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/TilingInterface.td"

def HLOExt_Dialect : Dialect {
  let name = "hloext";
  let cppNamespace = "::xla::hloext";
  let summary = "Structured ops that linalg cannot express";
  let description = [{
    Destination-style ops for scatter, select_and_scatter, sort and fft.
    They sit next to linalg in
    the CPU pipeline: hlo-legalize-to-linalg creates them on tensors, one-shot
    bufferization makes them work in place on buffers, and
    `hloext-lower-to-loops` generates their loops through
    `TilingInterface::generateScalarImplementation`.
  }];
}

class HLOExt_Op<string mnemonic, list<Trait> traits = []>
    : Op<HLOExt_Dialect, mnemonic, traits>;

// The interface methods every structured op here implements.
defvar HLOExt_TilingMethods = ["getLoopIteratorTypes", "getIterationDomain",
    "getTiledImplementation", "getResultTilePosition",
    "generateScalarImplementation"];

class HLOExt_StructuredOp<string mnemonic, list<Trait> traits = []>
    : HLOExt_Op<mnemonic, !listconcat(traits, [
          DestinationStyleOpInterface,
          DeclareOpInterfaceMethods<MemoryEffectsOpInterface>])> {
  let hasVerifier = 1;
  code commonClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getInitsMutable();
    }
  }];
}

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

def HLOExt_ScatterOp : HLOExt_StructuredOp<"scatter", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<TilingInterface, HLOExt_TilingMethods>]> {
  let summary = "Combines update windows into `inits` at scattered indices";
  let description = [{
    StableHLO scatter without batching dimensions (hlo-legalize-to-linalg
    turns batching dimensions into explicit index components), in
    destination-passing style: `inits` are the scattered-into operands,
    updated in place, and the results are their new values.

    The dimension numbers mean what they mean in the StableHLO spec. For
    every index `u` of the update scatter dimensions (the dimensions of
    `updates` not in `update_window_dims`), the start index is read from
    `indices` (the vector along `index_vector_dim`; a trailing
    `index_vector_dim` means vectors of length 1) and placed at the operand
    dimensions `scatter_dims_to_operand_dims`. The update window at `u` is
    combined element by element into the operand window at that start: the
    `combiner` region gets the current values of all `inits`, then the
    update values of all `updates`, as scalars, and yields the new values.

    Out-of-bounds windows are skipped whole, as XLA does: a window is applied
    only if it fits in the operand in every dimension (the spec leaves
    partially out-of-bounds windows to the implementation). Indices are
    signed. Windows are applied in the row-major order of the update scatter
    index, so non-associative combiners are deterministic.

    `unique_indices` promises that no two windows overlap. The loops of
    TilingInterface are parallel only then; otherwise they are reductions.
    The iteration space is the update scatter dimensions: a window is never
    split between tiles, so the bounds check sees the whole window. Each
    tile produces the whole operand (its windows may land anywhere), so
    parallel tiles (scf.forall) rely on in-place bufferization of the
    shared destination, as for linalg_ext.scatter in IREE.

    ```mlir
    %r = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
        scatter_dims_to_operand_dims = [0] index_vector_dim = 1
        ins(%indices, %updates : tensor<2x1xi64>, tensor<2x3xf32>)
        outs(%operand : tensor<5x3xf32>) {
    ^bb0(%current: f32, %update: f32):
      %sum = arith.addf %current, %update : f32
      hloext.yield %sum : f32
    } -> tensor<5x3xf32>
    ```
  }];
  let arguments = (ins
      AnyShaped:$indices,
      Variadic<AnyShaped>:$updates,
      Variadic<AnyShaped>:$inits,
      DenseI64ArrayAttr:$update_window_dims,
      DenseI64ArrayAttr:$inserted_window_dims,
      DenseI64ArrayAttr:$scatter_dims_to_operand_dims,
      I64Attr:$index_vector_dim,
      UnitAttr:$unique_indices);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = [{
    `update_window_dims` `=` $update_window_dims
    `inserted_window_dims` `=` $inserted_window_dims
    `scatter_dims_to_operand_dims` `=` $scatter_dims_to_operand_dims
    `index_vector_dim` `=` $index_vector_dim
    (`unique_indices` $unique_indices^)?
    `ins` `(` $indices `,` $updates `:` type($indices) `,` type($updates) `)`
    `outs` `(` $inits `:` type($inits) `)`
    $combiner attr-dict (`->` type($results)^)?
  }];
  let extraClassDeclaration = commonClassDeclaration # [{
    /// Dimensions of `updates` that index windows (not in
    /// `update_window_dims`), in increasing order.
    ::llvm::SmallVector<int64_t> getUpdateScatterDims();
    /// Length of the index vectors: the size of `index_vector_dim`, or 1
    /// when it is the trailing (implicit) dimension.
    int64_t getIndexDepth();
    ::mlir::ShapedType getInitType() {
      return ::llvm::cast<::mlir::ShapedType>(getInits().front().getType());
    }
    ::mlir::ShapedType getUpdateType() {
      return ::llvm::cast<::mlir::ShapedType>(getUpdates().front().getType());
    }
    /// The atomic read-modify-write that does what the combiner does, if
    /// there is one (one operand of i32, i64, f32 or f64, a combiner that
    /// is one commutative op of the init's and the update's values: add,
    /// max, min, and, or).
    ::std::optional<::mlir::arith::AtomicRMWKind> getAtomicKind();
    /// Combines one element of the updates, at `updateIndex` (a position
    /// along every update dimension), into the inits, if its window fits:
    /// on buffers, with a plain load, combine and store, or with
    /// memref.atomic_rmw of getAtomicKind() when `atomic`. A loop over all
    /// update elements with this body is the whole scatter.
    ::mlir::LogicalResult generateElementUpdate(::mlir::OpBuilder &b,
                                                ::mlir::Location loc,
                                                ::mlir::ValueRange updateIndex,
                                                bool atomic);
    /// For a parallel loop over the update elements whose result does not
    /// depend on the threads' order: the work of `generateOrderedElementUpdate`
    /// (scatter points^2 x window elements x index depth), if the windows of different
    /// index vectors never overlap (one element wide along every addressed
    /// operand dimension) and the updates' shape is static.
    ::std::optional<int64_t> getOrderedUpdateWork();
    /// The element at `updateIndex`, if its window fits and no earlier
    /// scatter point has the same window start, combines the init with its
    /// own update and those of every later point at that start, in order,
    /// and stores the result: what the sequential loops compute, with any
    /// combiner, in any order of the elements.
    ::mlir::LogicalResult generateOrderedElementUpdate(
        ::mlir::OpBuilder &b, ::mlir::Location loc,
        ::mlir::ValueRange updateIndex);
  }];
}

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

def HLOExt_SortOp : HLOExt_StructuredOp<"sort", [
    DeclareOpInterfaceMethods<TilingInterface, !listconcat(HLOExt_TilingMethods,
        ["getIterationDomainTileFromResultTile", "generateResultTileValue"])>]> {
  let summary = "Stable sort of `inits` together along one dimension";
  let description = [{
    Sorts every 1-D slice along `dimension` of all `inits` together, in
    place, with the order `comparator` defines: it gets the two elements
    compared of each operand in turn, `(lhs0, rhs0, lhs1, rhs1, ...)`, as
    scalars and yields `i1` true if lhs goes before rhs. The sort is always
    stable (a bottom-up merge sort, O(n log n) comparisons), so it also
    serves hlo.sort with `is_stable = false`.

    The iteration space of TilingInterface is the other dimensions, all
    parallel: each slice is sorted independently.

    ```mlir
    %r:2 = hloext.sort dimension = 0 outs(%keys, %values : tensor<8xf32>,
        tensor<8xi32>) {
    ^bb0(%lhs: f32, %rhs: f32, %lhs_value: i32, %rhs_value: i32):
      %less = arith.cmpf olt, %lhs, %rhs : f32
      hloext.yield %less : i1
    } -> tensor<8xf32>, tensor<8xi32>
    ```
  }];
  let arguments = (ins Variadic<AnyShaped>:$inits, I64Attr:$dimension);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$comparator);
  let assemblyFormat = [{
    `dimension` `=` $dimension `outs` `(` $inits `:` type($inits) `)`
    $comparator attr-dict (`->` type($results)^)?
  }];
  let extraClassDeclaration = commonClassDeclaration # [{
    ::mlir::ShapedType getInitType() {
      return ::llvm::cast<::mlir::ShapedType>(getInits().front().getType());
    }
  }];
}

//===----------------------------------------------------------------------===//
// select_and_scatter
//===----------------------------------------------------------------------===//

def HLOExt_SelectAndScatterOp : HLOExt_StructuredOp<"select_and_scatter", [
    DeclareOpInterfaceMethods<TilingInterface, HLOExt_TilingMethods>]> {
  let summary = "Scatters each source value to the element its window "
                "selects";
  let description = [{
    StableHLO select_and_scatter in destination-passing style: `init` holds
    the initial value of every result element (hlo-legalize-to-linalg fills
    it with `init_value`) and is updated in place.

    Source element `s` owns the window of `operand` at `s * window_strides -
    padding_low` of size `window_dimensions`. The `select` region picks one
    element of the window: the first in-bounds element in row-major order
    starts as the selection, and every later one replaces it unless
    `select(selected, candidate)` is true. Positions in the padding are
    never selected, as XLA does; a window with none in bounds scatters
    nothing. The `scatter` region then combines `source[s]` into the result
    at the selected position: `result = scatter(result, source[s])`, in
    row-major order of `s`.

    The iteration space of TilingInterface is the source index space. A
    loop is parallel where windows do not overlap (stride >= window size);
    tiling needs zero padding (a tile then takes the operand and result rows
    its windows cover).

    ```mlir
    %r = hloext.select_and_scatter window_dimensions = [2, 2]
        window_strides = [2, 2] padding_low = [0, 0] padding_high = [0, 0]
        ins(%operand, %source : tensor<4x4xf32>, tensor<2x2xf32>)
        outs(%init : tensor<4x4xf32>)
        select {
        ^bb0(%selected: f32, %candidate: f32):
          %ge = arith.cmpf oge, %selected, %candidate : f32
          hloext.yield %ge : i1
        } scatter {
        ^bb0(%current: f32, %value: f32):
          %sum = arith.addf %current, %value : f32
          hloext.yield %sum : f32
        } -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins
      AnyShaped:$operand,
      AnyShaped:$source,
      AnyShaped:$init,
      DenseI64ArrayAttr:$window_dimensions,
      DenseI64ArrayAttr:$window_strides,
      DenseI64ArrayAttr:$padding_low,
      DenseI64ArrayAttr:$padding_high);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let assemblyFormat = [{
    `window_dimensions` `=` $window_dimensions
    `window_strides` `=` $window_strides
    `padding_low` `=` $padding_low `padding_high` `=` $padding_high
    `ins` `(` $operand `,` $source `:` type($operand) `,` type($source) `)`
    `outs` `(` $init `:` type($init) `)`
    `select` $select `scatter` $scatter attr-dict (`->` type($result)^)?
  }];
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(getInitMutable());
    }
  }];
}

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

def HLOExt_FftType : I32EnumAttr<"FftType", "Fourier transform kind", [
    I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
    I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]> {
  let cppNamespace = "::xla::hloext";
}

def HLOExt_FftOp : HLOExt_StructuredOp<"fft", [
    DeclareOpInterfaceMethods<TilingInterface, !listconcat(HLOExt_TilingMethods,
        ["getIterationDomainTileFromResultTile", "generateResultTileValue"])>]> {
  let summary = "Fourier transform over the trailing dimensions";
  let description = [{
    StableHLO fft in destination-passing style: the transform of `input`
    over its last `size(fft_length)` (1 to 3) dimensions is written to
    `init`. FFT and IFFT map complex to complex, RFFT real to complex (the
    last dimension keeps `fft_length[-1] / 2 + 1` frequencies), IRFFT
    complex to real (the inverse of RFFT: the missing frequencies are the
    conjugates of the kept ones, and imaginary parts that cannot contribute
    to a real signal are dropped). Inverse transforms divide by the
    transform size.

    The iteration space of TilingInterface is the leading (batch)
    dimensions, all parallel. Loops compute one transform per point as a
    sequence of one-dimensional discrete Fourier transforms in f64 with
    exact twiddle factors (angles reduced modulo the length), so f32
    results are rounded once; the cost is quadratic in each length.

    ```mlir
    %r = hloext.fft RFFT fft_length = [16] ins(%x : tensor<8x16xf32>)
        outs(%init : tensor<8x9xcomplex<f32>>) -> tensor<8x9xcomplex<f32>>
    ```
  }];
  let arguments = (ins AnyShaped:$input, AnyShaped:$init,
                       HLOExt_FftType:$fft_type,
                       DenseI64ArrayAttr:$fft_length);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    $fft_type `fft_length` `=` $fft_length
    `ins` `(` $input `:` type($input) `)` `outs` `(` $init `:` type($init) `)`
    attr-dict (`->` type($result)^)?
  }];
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(getInitMutable());
    }
    /// Number of leading (batch) dimensions.
    int64_t getNumBatchDims() {
      return ::llvm::cast<::mlir::ShapedType>(getInput().getType()).getRank() -
             getFftLength().size();
    }
  }];
}

//===----------------------------------------------------------------------===//
// yield
//===----------------------------------------------------------------------===//

def HLOExt_YieldOp : HLOExt_Op<"yield", [Pure, ReturnLike, Terminator,
    ParentOneOf<["ScatterOp", "SortOp", "SelectAndScatterOp"]>]> {
  let summary = "Yields the scalars a combiner or comparator computes";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

#endif // XLA_MLIR_DIALECT_HLOEXT_IR_HLOEXTOPS_TD
