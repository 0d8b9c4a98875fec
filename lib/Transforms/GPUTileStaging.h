//===- GPUTileStaging.h - operand tiles from device to shared memory ------===//
//
// Mechanism shared by the contraction kernels (the SIMT tiles of
// GPUContractionKernel.cpp and the tensor-core tiles of
// GPUTensorCoreKernel.cpp): each step of k, a block copies a tile of each
// operand into shared memory, either through registers (the next step's
// loads issued before this step's arithmetic) or by `cp.async` into a ring
// of tiles filled steps ahead. The kernels decide the shared layout and
// what a step computes; this file moves the data.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_GPUTILESTAGING_H
#define XLA_MLIR_LIB_TRANSFORMS_GPUTILESTAGING_H

#include "GPUKernels.h"

#include <functional>

namespace xla::gpu_kernels {

/// Neighbours along an operand's contiguous dimension that one thread
/// stages together: one 16-byte access of f32 where the buffer allows.
inline constexpr int64_t kStagingGroup = 4;

/// One operand's share of a step: its tile of `width` rows or columns of
/// its m or n role by the step's k.
struct StagedOperand {
  mlir::OpOperand *operand;
  mlir::AffineMap map;
  /// The shared tile (with a ring: [stages][...]) and the block's first
  /// row or column.
  mlir::Value shared, base;
  int64_t width, size;
  bool isLhs;
  /// The operand's contiguous dimension in device memory is one of k.
  bool kMajor;
  /// The shared tile is [width][k] (else [k][width]). When it differs from
  /// `kMajor`, a group's elements are stored one by one, transposed.
  bool sharedKMajor;
  /// Alignment in bytes of a group's global load (0: one load per
  /// element).
  int64_t alignment;
  /// A single element (32 bits, unit last stride) can be copied by a 4-byte
  /// cp.async; a group only where `alignment` is 16 and the layouts match.
  bool asyncElements;
  /// Computes the operand as it is staged (never copied asynchronously).
  const OperandPrologue *prologue;

  /// The indices of shared-tile element (k, w), in ring slot `stage` (none
  /// without a ring).
  llvm::SmallVector<mlir::Value> sharedIndices(mlir::Value k, mlir::Value w,
                                               mlir::Value stage) const;
  /// Whether its copies can all be asynchronous.
  bool allAsync() const;
};

/// Operand `index` (0: lhs, 1: rhs) of contraction `op`, staged in tiles of
/// `width` (its role's side of the block tile) into a shared tile laid out
/// `sharedKMajor`; `shared` and `base` are set once the launch exists.
StagedOperand describeStagedOperand(mlir::linalg::LinalgOp op,
                                    const ContractionRoles &roles,
                                    unsigned index, int64_t width,
                                    bool sharedKMajor,
                                    const OperandPrologues &prologues);

/// The copies of the operands' tiles, group e of this thread at group
/// tid + e * threads of each tile, consecutive threads along the operand's
/// contiguous dimension so that the loads coalesce. Each operand's tile
/// must hold a whole number of groups per thread.
struct TileStaging {
  const ContractionRoles &roles;
  int64_t tileK, threads;
  mlir::Value tid;
  llvm::ArrayRef<mlir::Value> batch;
  mlir::Value kEnd;
  llvm::SmallVector<StagedOperand, 2> operands;
  /// Applied to each group (a vector of kStagingGroup) before it is used
  /// from shared memory (a rounding), or null.
  std::function<mlir::Value(mlir::OpBuilder &, mlir::Location, mlir::Value)>
      transformGroup;

  /// Groups of `s` each thread copies per step.
  int64_t groups(const StagedOperand &s) const;

  /// This thread's groups of the tiles at k0 (zeros past the edges and
  /// this split's end), as `deposit` takes them.
  llvm::SmallVector<mlir::Value> fetch(mlir::OpBuilder &b, mlir::Location loc,
                                       mlir::Value k0) const;
  /// Stores the groups `fetch` returned for k0 into the shared tiles (ring
  /// slot `stage`, if any).
  void deposit(mlir::OpBuilder &b, mlir::Location loc,
               mlir::ValueRange values, mlir::Value k0,
               mlir::Value stage = {}) const;

  /// Starts this thread's asynchronous copies of the tiles at k0 into ring
  /// slot `stage` and closes them as one group, whose token it returns;
  /// past the edges and this split's end, copies of no bytes (zeros). The
  /// groups of operands that cannot be copied asynchronously are fetched
  /// into `late`, for `deposit` after the step's arithmetic.
  mlir::Value copyAsync(mlir::OpBuilder &b, mlir::Location loc, mlir::Value k0,
                        mlir::Value stage,
                        llvm::SmallVectorImpl<mlir::Value> &late) const;
  /// Stores what `copyAsync` fetched into `late` for k0.
  void depositLate(mlir::OpBuilder &b, mlir::Location loc,
                   mlir::ValueRange late, mlir::Value k0,
                   mlir::Value stage) const;
  /// Applies `transformGroup` to this thread's copied groups of slot
  /// `stage` in place, once they have landed.
  void transformInPlace(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value stage) const;

private:
  std::pair<mlir::Value, mlir::Value> slot(mlir::OpBuilder &b,
                                           mlir::Location loc,
                                           const StagedOperand &s, int64_t e,
                                           int64_t j) const;
  std::pair<llvm::SmallVector<mlir::Value>, mlir::Value>
  global(mlir::OpBuilder &b, mlir::Location loc, const StagedOperand &s,
         mlir::Value k0, mlir::Value kk, mlir::Value ww) const;
  mlir::Value finishGroup(mlir::OpBuilder &b, mlir::Location loc,
                          const StagedOperand &s, int64_t e, mlir::Value k0,
                          mlir::ValueRange &fetched) const;
  mlir::Value loadGroup(mlir::OpBuilder &b, mlir::Location loc,
                        const StagedOperand &s, int64_t e,
                        mlir::Value stage) const;
  void storeGroup(mlir::OpBuilder &b, mlir::Location loc,
                  const StagedOperand &s, int64_t e, mlir::Value stage,
                  mlir::Value group) const;
  llvm::SmallVector<mlir::Value> fetchGroups(mlir::OpBuilder &b,
                                             mlir::Location loc,
                                             const StagedOperand &s,
                                             mlir::Value k0) const;
  void depositOperand(mlir::OpBuilder &b, mlir::Location loc,
                      const StagedOperand &s, mlir::ValueRange &values,
                      mlir::Value k0, mlir::Value stage,
                      bool transform) const;
};

/// What one step of k computes from the shared tiles (ring slot `stage`,
/// null without a ring), updating `acc`.
using StagedStep = llvm::function_ref<void(
    mlir::OpBuilder &, llvm::MutableArrayRef<mlir::Value>, mlir::Value)>;

/// The k loop of `block` in steps of `tileK` through registers: the next
/// step's global loads are issued before this step's arithmetic, whose
/// latency hides theirs, then stored into the one shared tile between two
/// barriers. Its results are the accumulators.
mlir::scf::ForOp emitRegisterStagedLoop(mlir::OpBuilder &b,
                                        mlir::Location loc,
                                        const TileStaging &staging,
                                        const ContractionBlock &block,
                                        mlir::ValueRange initial,
                                        StagedStep step);

/// The k loop over a ring of `stages` (2 or more) shared tiles filled by
/// cp.async, `stages - 1` steps ahead, one barrier per step. Its results
/// are the accumulators and the ring slot.
mlir::scf::ForOp emitAsyncStagedLoop(mlir::OpBuilder &b, mlir::Location loc,
                                     const TileStaging &staging,
                                     const ContractionBlock &block,
                                     int64_t stages, mlir::ValueRange initial,
                                     StagedStep step);

} // namespace xla::gpu_kernels

#endif // XLA_MLIR_LIB_TRANSFORMS_GPUTILESTAGING_H
