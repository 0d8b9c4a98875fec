//===- GPUKernels.h - kernel generators for GPU strategies -------*- C++ -*-===//
//
// Mechanism: each generator turns one linalg op on device buffers into one
// gpu.launch with a given shape (threads per row, tile sizes). Which op gets
// which generator and shape is the strategy of `xla-gpu-map-linalg`
// (GPUMapLinalg.cpp); the generators take their parameters as given, so
// each can be tested alone.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_GPUKERNELS_H
#define XLA_MLIR_LIB_TRANSFORMS_GPUKERNELS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace xla::gpu_kernels {

/// A gpu.launch of `grid` x `block` threads (x dimensions only) whose
/// outlined kernel is named `name` (module `name_module`), so that the
/// fusion's name reaches the PTX and profiles. The body holds only its
/// terminator.
mlir::gpu::LaunchOp createNamedLaunch(mlir::OpBuilder &b, mlir::Location loc,
                                      llvm::StringRef name, mlir::Value grid,
                                      mlir::Value block,
                                      mlir::TypeRange workgroupBuffers = {});

/// Clones the constants and memref.get_global ops a launch uses into its
/// body: a global must be the kernel module's own (device memory), never
/// the host's address passed in, and a constant is free to recompute.
/// With `onlyAggregates`, only those that cannot be kernel parameters
/// (vectors, globals).
void sinkConstants(mlir::gpu::LaunchOp launch, bool onlyAggregates = false);

/// A dictionary attribute of the module: kernel name -> the blocks per
/// multiprocessor its generator asked for, which xla-gpu-annotate-kernels
/// puts on the outlined kernel (gpu-kernel-outlining drops a launch's own
/// attributes).
inline constexpr llvm::StringLiteral kKernelMinBlocks =
    "xla.kernel_min_blocks";

/// A unit attribute on a launch whose scalar constants should stay kernel
/// parameters when xla-gpu-map-loops sinks the rest (measured faster for
/// the tiled contraction; GPUMapLoops.cpp).
inline constexpr llvm::StringLiteral kScalarParameters =
    "xla.scalar_parameters";

/// `<function>_<n>` with n the number of launches `function` holds: kernel
/// names stay unique whichever pass creates them.
std::string nextKernelName(mlir::func::FuncOp function);

/// The values of `map`'s results at `ivs` (arith ops, no affine.apply).
llvm::SmallVector<mlir::Value> applyMap(mlir::OpBuilder &b,
                                        mlir::Location loc,
                                        mlir::AffineMap map,
                                        mlir::ValueRange ivs);

/// The iteration whose indices through `map` (a projected permutation) are
/// `indices`, the loops `map` leaves out at 0: where an op whose loops
/// `map` misses have one iteration reads or writes `indices`.
llvm::SmallVector<mlir::Value> iterationAt(mlir::OpBuilder &b,
                                           mlir::Location loc,
                                           mlir::AffineMap map,
                                           mlir::ValueRange indices);

/// Splits `linear` into indices of `sizes`, the last fastest.
llvm::SmallVector<mlir::Value> delinearize(mlir::OpBuilder &b,
                                           mlir::Location loc,
                                           mlir::Value linear,
                                           llvm::ArrayRef<mlir::Value> sizes);

/// The alignment in bytes of an access of `width` neighbours along the last
/// dimension of `memref`, starting at a multiple of `width`, if it can be
/// one vector access of at most `vectorBytes` (integer or float elements
/// of 8 to 64 bits, offset and outer strides multiples of `width`, a
/// global aligned to it); 0 otherwise (GPUVectorAccesses.cpp).
int64_t vectorAlignment(mlir::Value memref, int64_t width,
                        int64_t vectorBytes);

/// Strategy of elementwise kernels: how many neighbouring iterations of
/// `loop`'s innermost loop one thread runs so that its accesses along the
/// contiguous dimension are vector accesses of at most `vectorBytes`; 1
/// when none would be (GPUVectorAccesses.cpp).
int64_t chooseVectorWidth(mlir::scf::ParallelOp loop, int64_t vectorBytes);

/// Clones `loop`'s body `width` times at `b`, the innermost induction
/// variable bound to `first + j` and the others by `map`; the clones of
/// each access `chooseVectorWidth` counted become one aligned vector load
/// or store. Leaves the innermost variable mapped to `first`.
void cloneVectorized(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::scf::ParallelOp loop, mlir::IRMapping &map,
                     mlir::Value first, int64_t width, int64_t vectorBytes);

/// The buffer a view (subview, reshape, ...) is a view of; `buffer` if it
/// is none.
mlir::Value bufferRoot(mlir::Value buffer);

/// Marks (`kDistinctBufferArguments`) each function of `module` whose
/// every use is a call passing buffers that do not overlap, so that its
/// distinct arguments (and allocations) are distinct memory. The mark
/// lives while xla-gpu-map-linalg runs: it sets and removes it.
void markDistinctBufferArguments(mlir::ModuleOp module);
inline constexpr llvm::StringLiteral kDistinctBufferArguments =
    "xla.distinct_buffer_arguments";

/// Whether `func` was marked by `markDistinctBufferArguments`.
bool callsPassDistinctBuffers(mlir::func::FuncOp func);

/// The buffers (`bufferRoot`s) of the memrefs among `values` (some or all
/// of `op`'s operands) and among those `op`'s regions capture (a gather's
/// loads).
llvm::DenseSet<mlir::Value> bufferRootsUsedBy(mlir::Operation *op,
                                              mlir::ValueRange values);

/// Whether `op` makes a memref that is no view (ViewLikeOpInterface) of
/// its operands, such as a select of two buffers: `bufferRoot` cannot see
/// what it aliases.
bool createsOpaqueAlias(mlir::Operation *op);

/// True if `op` (between two ops a kernel would bring together) leaves the
/// buffers of `roots` (`bufferRoot`s) alone: it touches no memory and
/// makes no opaque alias of them (`createsOpaqueAlias`), allocates, or is
/// a linalg op, a kernel or a deallocation whose operands and captured
/// values are other buffers (distinct, as the function's calls pass
/// them).
bool leavesBuffersAlone(mlir::Operation *op,
                        const llvm::DenseSet<mlir::Value> &roots);

/// Fills of a constant that `op` could start from instead (by output; null
/// where none): fills before `op` in its function, with only ops in
/// between that leave `op`'s outputs alone (no memory effects, an
/// allocation, or linalg ops and kernels on other buffers), that write the
/// whole buffer of an output that no input views and that `op` writes once
/// per element (a projected permutation output map over loops whose
/// ranges multiply to the buffer's size). The function's calls must pass
/// distinct buffers.
llvm::SmallVector<mlir::linalg::FillOp>
wholeOutputFills(mlir::linalg::LinalgOp op);

/// `memref[indices]` if `inBounds`, else zero of its element type; with
/// `width` > 1, the vector of `width` neighbours there (one load claiming
/// `alignment` bytes), else a zero vector.
mlir::Value guardedLoad(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value inBounds, mlir::Value memref,
                        mlir::ValueRange indices, int64_t width = 1,
                        int64_t alignment = 0);

/// (index / count * majorScale, index % count * minorScale): a linear
/// index split into a position in rows of `count`, each part scaled.
std::pair<mlir::Value, mlir::Value> splitIndex(mlir::OpBuilder &b,
                                               mlir::Location loc,
                                               mlir::Value index,
                                               int64_t count,
                                               int64_t majorScale,
                                               int64_t minorScale);

/// `a < bound`, unsigned.
mlir::Value lessThan(mlir::OpBuilder &b, mlir::Location loc, mlir::Value a,
                     int64_t bound);

/// Clones the body of `op` with its block arguments bound to `arguments`
/// and `linalg.index` bound to `ivs`; returns the yielded values.
llvm::SmallVector<mlir::Value> cloneBody(mlir::OpBuilder &b,
                                         mlir::linalg::LinalgOp op,
                                         mlir::ValueRange arguments,
                                         mlir::ValueRange ivs);

/// The body of `op` at iteration `ivs`: its memref inputs loaded there,
/// the block arguments of its outputs bound to `accumulators`; returns the
/// yielded values.
llvm::SmallVector<mlir::Value> applyBodyAt(mlir::OpBuilder &b,
                                           mlir::Location loc,
                                           mlir::linalg::LinalgOp op,
                                           mlir::ValueRange ivs,
                                           mlir::ValueRange accumulators);

//===----------------------------------------------------------------------===//
// Output epilogues
//===----------------------------------------------------------------------===//

/// An elementwise op that reads the output of a contraction or a reduction
/// right after it, which that op's kernel applies to each output value as
/// it stores it: a bias, an activation, an optimizer's update; a per-row
/// division or copy.
struct OutputEpilogue {
  mlir::linalg::GenericOp op;
  /// The operand of `op` that reads the output.
  mlir::OpOperand *input = nullptr;
  /// Whether the kernel still stores the output: an op after `op` uses it
  /// (through any view), or it is no allocation of the function's; not if
  /// `op` overwrites it in place.
  bool storeOutput = true;
  /// The collapses and expansions from the output to the value `input`
  /// reads, in order (none: the same value).
  llvm::SmallVector<mlir::Operation *> reshapes;
  /// The op before which the kernel runs (between the producer and `op`,
  /// or `op`), and the ops after it that define values `op` uses (views,
  /// constants: no memory effects), which move before it.
  mlir::Operation *place = nullptr;
  llvm::SmallVector<mlir::Operation *> definitions;
  /// Deallocations between the producer and `place`, which move after
  /// `op`.
  llvm::SmallVector<mlir::Operation *> deallocations;
};

/// The epilogue of `op` (one output of static shape, buffer semantics,
/// each output element computed once, by one thread), if the next op that
/// touches its output is one: a parallel generic with static ranges that
/// reads the output (or a collapse or expansion of it) through one operand
/// whose map is a permutation of its loops but for loops of one
/// iteration, reads no other view of it and writes nothing `op` reads, in
/// a function whose calls pass distinct buffers. The kernel runs at the
/// first op after `op` that touches one of `op`'s buffers, other than a
/// deallocation (those move after the epilogue), or at the epilogue: the
/// ops from there to the epilogue must leave the epilogue's buffers
/// (operands and the memrefs its body reads) alone (`leavesBuffersAlone`),
/// and the values it uses that they define must come from ops without
/// memory effects. Failure otherwise.
mlir::FailureOr<OutputEpilogue>
matchOutputEpilogue(mlir::linalg::LinalgOp op);

/// Moves `op`, and the epilogue's definitions, before `epilogue.place`,
/// where the kernel will run, and the deallocations after the epilogue.
void moveToEpilogue(mlir::linalg::LinalgOp op,
                    const OutputEpilogue &epilogue);

/// Stores `value`, the output at `indices`, there (if
/// `epilogue.storeOutput`) and applies the epilogue at the matching
/// iteration: its other inputs loaded, its body cloned, its results
/// stored.
void applyOutputEpilogue(mlir::OpBuilder &b, mlir::Location loc,
                         const OutputEpilogue &epilogue,
                         mlir::ValueRange indices, mlir::Value value);

//===----------------------------------------------------------------------===//
// Operand prologues
//===----------------------------------------------------------------------===//

/// An elementwise op that writes a whole operand of a contraction, which
/// the contraction's kernel computes where it reads that operand instead
/// of reading it back from memory: a normalization, a bias or an
/// activation before a product.
struct OperandPrologue {
  mlir::linalg::GenericOp op;
  /// Deallocations of its inputs before the kernel's place, which move
  /// after the kernel.
  llvm::SmallVector<mlir::Operation *> deallocations;
};

/// The prologue of `operand` of contraction `op`, whose kernel will run
/// before `place` (`op`, or its epilogue's place), if the operand is an
/// allocation of `op`'s function (in a function whose calls pass distinct
/// buffers) that only `operand` reads, deallocations free, and one
/// parallel generic with static ranges before `op` writes: its one output,
/// each element once (a permutation of its loops but for loops of one
/// iteration), from its inputs alone (no `linalg.index`); a body of at
/// most `maxBodyOps` ops without memory effects or regions on values of at
/// most 32 bits. The
/// ops between it and `place` must leave its inputs' buffers alone (but
/// for deallocations, which move after the kernel), and `op` and
/// `epilogue` must write none of them. Failure otherwise.
mlir::FailureOr<OperandPrologue>
matchOperandPrologue(mlir::linalg::LinalgOp op, mlir::OpOperand *operand,
                     mlir::Operation *place, const OutputEpilogue *epilogue,
                     int64_t maxBodyOps);

/// The element of a contraction's operand `memref` at `indices` where
/// `inBounds` (zero elsewhere), as `guardedLoad` (`width` neighbours along
/// its last dimension as one vector), in two steps so that a kernel that
/// fetches ahead does not wait for its loads: `fetchOperand` issues the
/// loads and returns what to carry (the value loaded; with `prologue`,
/// the values of its inputs that hold an element per element of the
/// operand, at each element), and `finishOperand`, later, at the same
/// element, takes that from the front of `fetched` and returns the
/// element (with `prologue`, where in bounds: its smaller inputs loaded
/// then, from the cache, and its body applied).
llvm::SmallVector<mlir::Value>
fetchOperand(mlir::OpBuilder &b, mlir::Location loc,
             const OperandPrologue *prologue, mlir::Value inBounds,
             mlir::Value memref, mlir::ValueRange indices, int64_t width = 1,
             int64_t alignment = 0);
mlir::Value finishOperand(mlir::OpBuilder &b, mlir::Location loc,
                          const OperandPrologue *prologue,
                          mlir::Value inBounds, mlir::ValueRange indices,
                          int64_t width, mlir::ValueRange &fetched);

/// Both steps at once.
mlir::Value loadOperand(mlir::OpBuilder &b, mlir::Location loc,
                        const OperandPrologue *prologue, mlir::Value inBounds,
                        mlir::Value memref, mlir::ValueRange indices,
                        int64_t width = 1, int64_t alignment = 0);

/// Erases the prologue's op, once its contraction's kernel computes it, and
/// its buffer with its deallocations if nothing else uses it.
void eraseOperandPrologue(const OperandPrologue &prologue);

/// The prologues of a contraction's two operands (null: loaded as they
/// are).
struct OperandPrologues {
  const OperandPrologue *lhs = nullptr, *rhs = nullptr;
  const OperandPrologue *of(bool isLhs) const { return isLhs ? lhs : rhs; }
};

//===----------------------------------------------------------------------===//
// Row reductions
//===----------------------------------------------------------------------===//

/// How output `output` of a reduction combines its elements.
struct ReductionCombiner {
  unsigned output;
  mlir::Operation *combiner;
  mlir::gpu::AllReduceOperation kind;
  mlir::TypedAttr neutral;
};

/// `c`'s combiner of `op` applied at `b` to `accumulated` (in its
/// accumulator's place) and `value`.
mlir::Value cloneCombiner(mlir::OpBuilder &b, mlir::linalg::LinalgOp op,
                          const ReductionCombiner &c, mlir::Value accumulated,
                          mlir::Value value);

/// `value` combined by `kind` across each group of `threads` consecutive
/// threads (a power of two): clustered warp shuffles up to a warp (no
/// shared memory, no barrier), across the whole block beyond.
mlir::Value reduceAcrossThreads(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::Value value,
                                mlir::gpu::AllReduceOperation kind,
                                int64_t threads);

/// The combiners of a generic whose one reduction loop is its last loop and
/// indexes the innermost dimension of every input that depends on it, and
/// each of whose results is one associative op (with a neutral element and
/// a GPU reduction kind) of its own accumulator and a value computed from
/// the inputs. Failure for anything else.
mlir::FailureOr<llvm::SmallVector<ReductionCombiner>>
matchRowReduction(mlir::linalg::LinalgOp op);

/// `threadsPerRow` (a power of two up to 256) threads reduce each row,
/// thread t taking the groups of `width` neighbours at width * (t + i *
/// threadsPerRow) into a register accumulator from the neutral element
/// (each input along the row one vector load per group where its buffer
/// allows); the threads of a row then combine their accumulators with warp
/// shuffles (up to 32 threads: clustered subgroup reductions, 256 /
/// threadsPerRow rows per block) or across the block (gpu.all_reduce, one
/// row per block), and the row's first thread combines the result into the
/// output, or into the value of a fill of the whole output right before
/// `op`, which then goes; with `epilogue` (of `op`'s one output), it
/// applies that too, and the epilogue goes. `width` must divide the row.
/// Where every thread takes the same number of groups (threadsPerRow *
/// width divides a static row), up to `unroll` of them are unrolled, or
/// the loop by `unroll` if that divides it: the loads of the unrolled
/// groups are all in flight at once (the order of the additions is the
/// loop's). Replaces `op`.
void emitRowReductionKernel(mlir::OpBuilder &b, mlir::linalg::LinalgOp op,
                            llvm::ArrayRef<ReductionCombiner> combiners,
                            int64_t threadsPerRow, int64_t width,
                            int64_t unroll, llvm::StringRef name,
                            const OutputEpilogue *epilogue = nullptr);

/// Any reduction: one thread per output (the last parallel loop fastest
/// across threads, so that loads along it coalesce), its reduction loops
/// in order, the outputs' values carried in registers from their initial
/// values (any body, no neutral element needed): the output's, or the
/// value of a fill of the whole output right before `op`
/// (`wholeOutputFills`), which then goes; with `epilogue` (of `op`'s one
/// output), the thread applies that too, and the epilogue goes. Replaces
/// `op`; failure (nothing changed) if `op` has no reduction loop, works on
/// tensors, or has an output whose map is not a projected permutation.
mlir::LogicalResult
emitSerialReductionKernel(mlir::OpBuilder &b, mlir::linalg::LinalgOp op,
                          llvm::StringRef name,
                          const OutputEpilogue *epilogue = nullptr);

//===----------------------------------------------------------------------===//
// Horizontal fusion (GPUMergeLaunches.cpp)
//===----------------------------------------------------------------------===//

/// The static shape of a launch with 1-D grid and blocks.
struct LaunchShape {
  int64_t blocks, threads;
};

/// The shape of `launch` if `mergeLaunches` can take it: static 1-D grid
/// and blocks, one block of body that reads its ids only through the
/// region's arguments, and no attributions, cluster, dynamic shared memory
/// or async tokens.
mlir::FailureOr<LaunchShape> mergeableShape(mlir::gpu::LaunchOp launch);

/// Whether the body of `launch` has ops whose threads must all be there
/// (barriers, shuffles, reductions across threads, anything of NVVM): it
/// cannot run with fewer threads of a block than it was launched with.
bool synchronizesThreads(mlir::gpu::LaunchOp launch);

/// One launch, named `name`, that runs `launches` (each of `shapes`, from
/// `mergeableShape`) side by side: its blocks are theirs one after the
/// other, and its block size their largest, where a launch of fewer
/// threads runs on the first of them (it must not `synchronizesThreads`).
/// The launches must not depend on one another; the caller erases them.
mlir::gpu::LaunchOp mergeLaunches(mlir::OpBuilder &b,
                                  llvm::ArrayRef<mlir::gpu::LaunchOp> launches,
                                  llvm::ArrayRef<LaunchShape> shapes,
                                  llvm::StringRef name);

//===----------------------------------------------------------------------===//
// Row fusions
//===----------------------------------------------------------------------===//

/// A fusion whose ops all work along the same rows: each linalg op's
/// loops are the rows (`rowShape`), unit loops, and maybe a last loop of
/// `length` columns, parallel or a row reduction (`combiners`); every
/// buffer it writes is the function's own (an argument or an allocation)
/// and holds a row or a per-row value, read at the same row and column
/// that wrote it; allocations are written before they are read, and
/// arguments read along other maps are never written.
struct RowFusion {
  llvm::SmallVector<int64_t> rowShape;
  int64_t length = 0;
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<ReductionCombiner>>
      combiners;
};

/// The row fusion that `func` (a fusion's function on device buffers) is,
/// if every call of it passes distinct buffers; failure otherwise.
mlir::FailureOr<RowFusion> matchRowFusion(mlir::func::FuncOp func);

/// One kernel for the whole fusion: `threads` threads per row and
/// `rowsPerBlock` rows per block, thread t of a row holding the groups of
/// `width` neighbouring columns that start at width * (t + i * threads) of
/// every row value in registers, each group one vector load or store where
/// the buffer allows (`vectorAlignment`); reductions across the block
/// (gpu.all_reduce) for more than 32 threads per row, else across the
/// row's lanes with shuffles (clustered gpu.subgroup_reduce); the fusion's
/// inputs loaded once, its outputs stored once at the end. With more than
/// one row per block `threads` must be at most 32, and with at most 32
/// `threads` must be a power of two and the block (threads *
/// rowsPerBlock) a whole number of warps: the shuffles take every lane.
/// Replaces the function's linalg ops, copies and temporaries.
void emitRowFusionKernel(mlir::OpBuilder &b, mlir::func::FuncOp func,
                         const RowFusion &fusion, int64_t threads,
                         int64_t rowsPerBlock, int64_t width,
                         llvm::StringRef name);

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

/// The shape of a tiled contraction kernel: a block computes a `m` x `n`
/// output tile, looping over `k` in steps staged through shared memory;
/// each thread holds a `threadM` x `threadN` tile of accumulators. With
/// `splitK` > 1, that many blocks share each output tile, each summing a
/// run of k steps into its slice of `SplitPartials`, which a second kernel
/// adds in a fixed order.
struct ContractionTile {
  int64_t m, n, k, threadM, threadN;
  int64_t splitK = 1;
  /// Blocks that should fit on a multiprocessor at once: above 1, the
  /// kernel asks ptxas to keep its registers within 1/minBlocks of the
  /// register file (`nvvm.minctasm`, through `kKernelMinBlocks`) and its
  /// constants are compiled in rather than passed.
  int64_t minBlocks = 1;
  /// As TensorCoreTile's: 0, staging through registers; 2 or more, a ring
  /// of shared tiles filled by `cp.async`.
  int64_t stages = 0;
  int64_t threads() const { return (m / threadM) * (n / threadN); }
  /// The shared memory of one step's tiles of both operands, of elements
  /// of `elementBytes`.
  int64_t stageBytes(int64_t elementBytes) const;
};

/// Index arithmetic of one contraction: loop sizes by role, and the full
/// iteration vector of a (batch, m, n, k) position with each role's loops
/// flattened in loop order (null m, n or k: zero).
struct ContractionRoles {
  mlir::linalg::ContractionDimensions dims;
  llvm::SmallVector<int64_t> loopSizes;

  int64_t product(llvm::ArrayRef<unsigned> loops) const;
  llvm::SmallVector<mlir::Value> ivs(mlir::OpBuilder &b, mlir::Location loc,
                                     llvm::ArrayRef<mlir::Value> batch,
                                     mlir::Value m, mlir::Value n,
                                     mlir::Value k) const;

  /// The indices through `map` of the lhs's (`isLhs`: w in m) or the
  /// rhs's (w in n) element (w, k), and whether it lies inside the operand
  /// (w < size) and the block's run of k (k < kEnd).
  std::pair<llvm::SmallVector<mlir::Value>, mlir::Value>
  operandElement(mlir::OpBuilder &b, mlir::Location loc,
                 llvm::ArrayRef<mlir::Value> batch, mlir::AffineMap map,
                 bool isLhs, mlir::Value w, int64_t size, mlir::Value k,
                 mlir::Value kEnd) const;
};

/// What a block of a tiled contraction kernel works on, from its block
/// index (split, batch, tile row, tile column; the last fastest): its batch
/// indices, the first row and column of its output tile, and its run of k.
struct ContractionBlock {
  llvm::SmallVector<mlir::Value> batch;
  mlir::Value m0, n0, kBegin, kEnd;
  /// Which run of k the block sums (0 without split k).
  mlir::Value split;
};

/// How many blocks share an output tile (`splits`) and how much of k each
/// sums (`kPerSplit`, whole steps of `tileK`) when about `wanted` are
/// asked for: no split is empty.
struct KSplit {
  int64_t splits, kPerSplit;
  KSplit(int64_t sizeK, int64_t tileK, int64_t wanted);
};

ContractionBlock contractionBlock(mlir::OpBuilder &b, mlir::Location loc,
                                  const ContractionRoles &roles,
                                  mlir::Value blockId, const KSplit &split,
                                  int64_t tileM, int64_t tileN);

/// The start of a contraction kernel's generator: moves `op` to where the
/// kernel runs (before `epilogue`'s op, if any) and the deallocations of
/// `prologues`' inputs after it, sets `b` before it, and returns its
/// roles.
ContractionRoles
beginContractionKernel(mlir::OpBuilder &b, mlir::linalg::LinalgOp op,
                       const mlir::linalg::ContractionDimensions &dims,
                       const OutputEpilogue *epilogue,
                       const OperandPrologues &prologues = {});

/// The end of one: erases `op`, the `fill` of its output the kernel folded
/// (if any), `epilogue`'s op (if any) and the ops of `prologues`, all done
/// by the kernel.
void endContractionKernel(mlir::linalg::LinalgOp op,
                          mlir::linalg::FillOp fill,
                          const OutputEpilogue *epilogue,
                          const OperandPrologues &prologues = {});

/// Asks for `minBlocks` blocks of kernel `name` (the launch's) per
/// multiprocessor: above 1, ptxas keeps its registers within 1/minBlocks
/// of the register file (`kKernelMinBlocks`) and its constants are
/// compiled in; else its scalar constants stay parameters
/// (`kScalarParameters`).
void requestMinBlocks(mlir::gpu::LaunchOp launch, llvm::StringRef name,
                      int64_t minBlocks);

/// Where the blocks of a contraction whose k is split (`splits` > 1) put
/// their sums: a device buffer of [splits, batch, m, n] f32 (each role's
/// loops flattened), one slice per run of k. A second kernel adds the
/// slices in split order (`sumSplitPartials`), so the result is the same
/// at every run, which atomic adds, in the blocks' order of arrival, are
/// not. Null `buffer`: k is not split.
struct SplitPartials {
  mlir::Value buffer;
  int64_t splits = 1;
  explicit operator bool() const { return static_cast<bool>(buffer); }
};

/// The partials of `op`'s kernel, allocated at `b` (before its launch),
/// for `splits` > 1; none otherwise.
SplitPartials allocateSplitPartials(mlir::OpBuilder &b, mlir::Location loc,
                                    const ContractionRoles &roles,
                                    int64_t splits);

/// After `launch`, the kernel that filled `partials`: a kernel that, for
/// each output element of `op`, starts from `initial` (the value of a fill
/// of the whole output it replaces) or else the output's value, adds the
/// splits' sums in order (in runs of at most 16 splits a thread, the runs'
/// sums then in order) and stores the result, through `epilogue` if any;
/// then the partials are freed.
void sumSplitPartials(mlir::OpBuilder &b, mlir::gpu::LaunchOp launch,
                      mlir::linalg::LinalgOp op, const ContractionRoles &roles,
                      const SplitPartials &partials, mlir::Value initial,
                      const OutputEpilogue *epilogue);

/// Adds a thread's accumulators, `acc[i * cols.size() + j]` for output
/// (rows[i], cols[j]) where rowOk[i] and colOk[j], to `op`'s output: a
/// load, add and store, or with `initial` (the value of a fill of the
/// whole output) a store of `initial` plus the accumulator; with
/// `epilogue` the sum goes through `applyOutputEpilogue` instead of a
/// store. With `partials` (split k) the accumulators are stored in the
/// block's `split` slice instead; `initial` and `epilogue` then belong to
/// `sumSplitPartials`.
void addAccumulators(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::linalg::LinalgOp op, const ContractionRoles &roles,
                     llvm::ArrayRef<mlir::Value> batch,
                     llvm::ArrayRef<mlir::Value> rows,
                     llvm::ArrayRef<mlir::Value> rowOk,
                     llvm::ArrayRef<mlir::Value> cols,
                     llvm::ArrayRef<mlir::Value> colOk, mlir::ValueRange acc,
                     const SplitPartials &partials, mlir::Value split,
                     mlir::Value initial = {},
                     const OutputEpilogue *epilogue = nullptr);

/// The end of a contraction kernel's generator after its `launch`: the
/// sum of the splits' partials if k is split, then `endContractionKernel`.
void finishContractionKernel(mlir::OpBuilder &b, mlir::gpu::LaunchOp launch,
                             mlir::linalg::LinalgOp op,
                             const ContractionRoles &roles,
                             const SplitPartials &partials,
                             mlir::linalg::FillOp fill,
                             const OutputEpilogue *epilogue,
                             const OperandPrologues &prologues = {});

/// The fill of the whole output of contraction `op` that its kernel (or,
/// with split k, the sum of its splits) can fold into its stores
/// (`wholeOutputFills`), or null.
mlir::linalg::FillOp foldableOutputFill(mlir::linalg::LinalgOp op);

/// The dimensions of a linalg contraction (a body of multiplies, adds and
/// casts, projected permutation maps, float operands, an f32 result) with
/// static loop ranges.
mlir::FailureOr<mlir::linalg::ContractionDimensions>
matchContraction(mlir::linalg::LinalgOp op);

/// One block per output tile (all batch dimensions flattened into the
/// grid): per step of `tile.k`, the threads copy the operands' tiles into
/// shared memory (coalesced along each operand's contiguous dimension, in
/// groups of 4 neighbours, zero-padded at the edges; through registers, or
/// with `tile.stages` by cp.async into a ring), then each thread updates
/// its accumulators from shared memory. Each operand's tile must be a
/// whole number of groups of 4 per thread. The m, n and k dimensions may each be several loops
/// (flattened in loop order). An operand with a prologue is computed by it
/// as it is staged. Replaces `op`, a fill of its output that
/// `foldableOutputFill` finds, `epilogue`'s op and the prologues' ops.
void emitTiledContractionKernel(
    mlir::OpBuilder &b, mlir::linalg::LinalgOp op,
    const mlir::linalg::ContractionDimensions &dims,
    const ContractionTile &tile, llvm::StringRef name,
    const OutputEpilogue *epilogue = nullptr,
    const OperandPrologues &prologues = {});

/// Each multiply-add of `loop`'s body becomes one fma, as in a GEMM
/// library: NVPTX keeps a separate mul.rn and add.rn (which ptxas may not
/// fuse) otherwise. Ops nested in the body's ops (an operand's prologue, in
/// the guard of its load) and an epilogue's arithmetic keep their own
/// rounding.
void contractMultiplyAdds(mlir::scf::ForOp loop);

/// The shape of a kernel for a product of a few rows: blocks of `threads`
/// threads, each thread computing `width` neighbouring columns of every row
/// of the output, k unrolled by `unroll`; `splitK` as ContractionTile's.
struct SkinnyTile {
  int64_t threads, width, unroll;
  int64_t splitK = 1;
};

/// How many neighbouring columns of the rhs of contraction `op` one vector
/// load of at most `vectorBytes` reads (4, 2 or 1), if the rhs's
/// contiguous dimension is its last n loop; 0 if it is not (the skinny
/// kernel would read it across its contiguous dimension).
int64_t skinnyRhsWidth(mlir::linalg::LinalgOp op,
                       const mlir::linalg::ContractionDimensions &dims,
                       int64_t vectorBytes);

/// A kernel for a contraction whose m side is small (its accumulators are m
/// x `tile.width` registers): each thread takes `tile.width` columns (a
/// vector load of the rhs, `skinnyRhsWidth` must allow it) of all m rows,
/// a block `tile.threads` such groups side by side, split k in the grid
/// with the batch. Down its run of k, a thread loads the rhs's groups of
/// `tile.unroll` steps of k first, then each row's lhs values there (one
/// vector load where the lhs's contiguous dimension is k), and adds the
/// products into its accumulators; at the end they go to the output as in
/// the tiled kernel (into partials with split k, folding a fill of the
/// output, through `epilogue`). Replaces `op`, the fill and the
/// epilogue's op.
void emitSkinnyContractionKernel(
    mlir::OpBuilder &b, mlir::linalg::LinalgOp op,
    const mlir::linalg::ContractionDimensions &dims, const SkinnyTile &tile,
    llvm::StringRef name, const OutputEpilogue *epilogue = nullptr);

/// The shape of a kernel for a product of a few rows whose operands are
/// both contiguous along k: `warps` warps a block, each taking
/// `rowsPerWarp` neighbouring rows of the rhs (columns of the output);
/// `splitK` as ContractionTile's.
struct SkinnyDotTile {
  int64_t warps, rowsPerWarp, width;
  int64_t splitK = 1;
};

/// How many neighbours along k one vector load of at most `vectorBytes`
/// reads from both operands of contraction `op` (4, 2 or 1), if k is the
/// contiguous dimension of both (A times B transposed); 0 if it is not.
int64_t skinnyKWidth(mlir::linalg::LinalgOp op,
                     const mlir::linalg::ContractionDimensions &dims,
                     int64_t vectorBytes);

/// A kernel for a contraction whose m side is small and whose operands are
/// both contiguous along k (`skinnyKWidth` gives `tile.width`): each warp
/// takes `tile.rowsPerWarp` rows of the rhs, its lanes neighbouring
/// groups of `tile.width` along k, with m x rowsPerWarp accumulators per
/// lane that the warp adds up with shuffles at the end; the rhs is read
/// once, the lhs from the cache. Split k in the grid as for tiles; the
/// output as in the tiled kernel, from lane 0. Replaces `op`, the fill and
/// the epilogue's op.
void emitSkinnyDotKernel(mlir::OpBuilder &b, mlir::linalg::LinalgOp op,
                         const mlir::linalg::ContractionDimensions &dims,
                         const SkinnyDotTile &tile, llvm::StringRef name,
                         const OutputEpilogue *epilogue = nullptr);

/// How f32 contractions use tensor cores: not at all (FMAs, the tiled
/// kernel above), TF32 operands (10 bits of mantissa: errors near 1e-3 of
/// a dot product's size), or each operand split into two TF32 parts and
/// three products summed (errors near f32's).
enum class TensorCorePrecision { None, TF32, TF32x3 };

/// The shape of a tensor-core contraction kernel: a block computes a `m` x
/// `n` output tile in steps of `k` (a multiple of 8), each warp a `warpM`
/// x `warpN` part of it (multiples of 16 and 8) in m16n8k8 tiles.
struct TensorCoreTile {
  int64_t m, n, k, warpM, warpN;
  int64_t splitK = 1;
  /// As ContractionTile's.
  int64_t minBlocks = 1;
  /// How the operands' tiles reach shared memory: 0, through registers
  /// (the next step's loads issued before this step's products, two
  /// barriers per step); 2 or more, by `cp.async` into a ring of `stages`
  /// shared tiles, `stages - 1` steps ahead (one barrier per step).
  int64_t stages = 0;
  int64_t threads() const { return (m / warpM) * (n / warpN) * 32; }
  /// The shared memory of one step's tiles of both operands at most (each
  /// operand's layout depends on which of its dimensions is contiguous).
  int64_t stageBytes() const;
};

/// Whether a contraction `matchContraction` accepts can run on tensor
/// cores: f32 operands and a body that is `acc + a * b` alone.
bool tensorCoreCompatible(mlir::linalg::LinalgOp op);

/// Like emitTiledContractionKernel, with each warp's part of the output
/// tile computed by mma.sync.m16n8k8 on TF32 operands at `precision` (not
/// None), from shared tiles staged in groups of 4 neighbours (with
/// `tile.stages`, by `cp.async`, but for an operand with a prologue, which
/// is computed and stored). Each operand's tile must hold a multiple of 4 x
/// threads elements.
void emitTensorCoreContractionKernel(
    mlir::OpBuilder &b, mlir::linalg::LinalgOp op,
    const mlir::linalg::ContractionDimensions &dims,
    const TensorCoreTile &tile, TensorCorePrecision precision,
    llvm::StringRef name, const OutputEpilogue *epilogue = nullptr,
    const OperandPrologues &prologues = {});

//===----------------------------------------------------------------------===//
// Transposes
//===----------------------------------------------------------------------===//

/// A loop nest whose outputs are written along loop `outer` (their last
/// dimension, contiguous) while the inputs `inputs` (operand numbers) are
/// read along loop `inner` (theirs).
struct TransposeTiles {
  unsigned inner = 0, outer = 0;
  llvm::SmallVector<unsigned> inputs;
};

/// The transpose `op` is: a parallel linalg op with static ranges and
/// projected permutation maps, integer or float outputs whose last
/// dimension is contiguous and indexed by one loop, and inputs of 8- to
/// 64-bit elements whose contiguous last dimension another loop indexes
/// (the first such input picks it) and that depend on the outputs' loop;
/// both loops at least `minSide` long. Failure if there is none.
mlir::FailureOr<TransposeTiles> matchTranspose(mlir::linalg::LinalgOp op,
                                               int64_t minSide);

/// A block per `tile` x `tile` tile of the two loops (the other loops in
/// the grid), `tile` x `rows` threads: each transposed input's tile is
/// read along `inner` into shared memory (padded by a column), then the
/// outputs are written along `outer`, the body applied there with the
/// transposed inputs taken from shared memory and the others loaded.
/// Replaces `op`. `rows` must divide `tile`.
void emitTransposeKernel(mlir::OpBuilder &b, mlir::linalg::LinalgOp op,
                         const TransposeTiles &tiles, int64_t tile,
                         int64_t rows, llvm::StringRef name);

//===----------------------------------------------------------------------===//
// Library calls
//===----------------------------------------------------------------------===//

/// A contraction as cuBLAS's strided batched GEMM, in its column-major
/// terms: D = op(X) op(Y) for each of `batch` matrices, D `m` x `n`, the
/// inner dimension `k`; X, Y and D are the contraction's buffers (X and Y
/// its operands in either order), their matrices `stride*` elements apart.
struct LibraryGemm {
  mlir::Value x, y, d;
  bool transX = false, transY = false;
  int64_t m = 0, n = 0, k = 0, batch = 1;
  int64_t ldx = 0, ldy = 0, ldd = 0;
  int64_t strideX = 0, strideY = 0, strideD = 0;
};

/// The GEMM that contraction `op` (with dimensions `dims`) is, if it is one:
/// its body exactly `acc + a * b` on f32 or on f64, each role's loops
/// collapsing to one static stride in every operand, one of the two
/// strides of each matrix 1, sizes within cuBLAS's int.
mlir::FailureOr<LibraryGemm>
matchLibraryGemm(mlir::linalg::LinalgOp op,
                 const mlir::linalg::ContractionDimensions &dims);

/// Replaces `op` by a call of the runtime's GEMM (ABI/GPUABI.h) named
/// `name` in profiles; a zero fill of the output that `wholeOutputFills`
/// finds goes too (the GEMM then overwrites the output instead of adding
/// to it).
void emitLibraryGemm(mlir::OpBuilder &b, mlir::linalg::LinalgOp op,
                     const LibraryGemm &gemm, llvm::StringRef name);

} // namespace xla::gpu_kernels

#endif // XLA_MLIR_LIB_TRANSFORMS_GPUKERNELS_H
