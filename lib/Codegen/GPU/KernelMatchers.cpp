//===- KernelMatchers.cpp - What GPU schedules recognize ------------------===//

#include "Relax/Codegen/GPU/KernelMatchers.h"
#include "Relax/Codegen/IR/CodegenDialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

static std::optional<gpu::AllReduceOperation> getAllReduceKind(Operation *op) {
  using Kind = gpu::AllReduceOperation;
  return llvm::TypeSwitch<Operation *, std::optional<Kind>>(op)
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return Kind::ADD; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return Kind::MUL; })
      .Case([](arith::MaximumFOp) { return Kind::MAXIMUMF; })
      .Case([](arith::MinimumFOp) { return Kind::MINIMUMF; })
      .Case([](arith::MaxNumFOp) { return Kind::MAXNUMF; })
      .Case([](arith::MinNumFOp) { return Kind::MINNUMF; })
      .Case([](arith::MaxSIOp) { return Kind::MAXSI; })
      .Case([](arith::MinSIOp) { return Kind::MINSI; })
      .Case([](arith::MaxUIOp) { return Kind::MAXUI; })
      .Case([](arith::MinUIOp) { return Kind::MINUI; })
      .Default([](Operation *) { return std::nullopt; });
}

std::optional<BodyReduction> codegen::matchBodyReduction(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1 || op->getNumRegions() != 1)
    return std::nullopt;
  SmallVector<Operation *> combiners;
  Value reduced = matchReduction(op.getRegionOutputArgs(), 0, combiners);
  if (!reduced || combiners.size() != 1)
    return std::nullopt;
  std::optional<gpu::AllReduceOperation> kind =
      getAllReduceKind(combiners.front());
  std::optional<TypedAttr> identity =
      arith::getNeutralElement(combiners.front());
  if (!kind || !identity)
    return std::nullopt;
  return BodyReduction{combiners.front(), reduced, *kind, *identity};
}

/// Whether the op's operands are all tensors or all buffers (or scalars),
/// read through projected permutations.
static bool isSchedulable(linalg::LinalgOp op) {
  if (!(op.hasPureBufferSemantics() || op.hasPureTensorSemantics()) ||
      op.getNumLoops() == 0)
    return false;
  return llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
    return map.isProjectedPermutation();
  });
}

bool codegen::isRowReduction(linalg::LinalgOp op) {
  if (!isSchedulable(op) || op.getNumReductionLoops() != 1 ||
      op.getIteratorTypesArray().back() != utils::IteratorType::reduction)
    return false;
  if (op.getMatchingIndexingMap(op.getDpsInitOperand(0))
          .isFunctionOfDim(op.getNumLoops() - 1))
    return false;
  return matchBodyReduction(op).has_value();
}

std::optional<Contraction> codegen::matchContraction(linalg::LinalgOp op) {
  if (!isSchedulable(op) || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !linalg::isaContractionOpInterface(op) ||
      !matchBodyReduction(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->n.size() != 1 || dims->k.size() != 1)
    return std::nullopt;
  Contraction result;
  result.batch.assign(dims->batch.begin(), dims->batch.end());
  result.m.assign(dims->m.begin(), dims->m.end());
  result.n = dims->n.front();
  result.k = dims->k.front();
  bool firstHasN = op.getMatchingIndexingMap(op.getDpsInputOperand(0))
                       .isFunctionOfDim(result.n);
  result.a = firstHasN ? 1 : 0;
  result.b = firstHasN ? 0 : 1;
  return result;
}

/// The product of the static extents of `dims`, or nothing if one is
/// dynamic.
std::optional<int64_t> codegen::getStaticExtent(linalg::LinalgOp op,
                                                ArrayRef<unsigned> dims) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t extent = 1;
  for (unsigned dim : dims) {
    if (ShapedType::isDynamic(ranges[dim]))
      return std::nullopt;
    extent *= ranges[dim];
  }
  return extent;
}

/// Whether B's innermost index is the reduction dim (an [N, K] weight).
bool codegen::isReductionInnermostInB(linalg::LinalgOp op,
                                      const Contraction &c) {
  AffineMap map = op.getMatchingIndexingMap(op.getDpsInputOperand(c.b));
  return map.getNumResults() > 0 &&
         map.getResults().back() == getAffineDimExpr(c.k, op.getContext());
}

GPULoweringConfigAttr codegen::getGPULoweringConfig(Operation *op) {
  return op->getAttrOfType<GPULoweringConfigAttr>(
      RelaxCodegenDialect::getLoweringConfigAttrName());
}

/// Whether `forall` has a mapping, every dim of it a `MappingAttr`.
template <typename MappingAttr>
static bool isMappedTo(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         llvm::all_of(*mapping, llvm::IsaPred<MappingAttr>);
}

bool codegen::isBlockForall(scf::ForallOp forall) {
  return isMappedTo<gpu::GPUBlockMappingAttr>(forall);
}

bool codegen::isThreadForall(scf::ForallOp forall) {
  return isMappedTo<gpu::GPUThreadMappingAttr>(forall);
}
