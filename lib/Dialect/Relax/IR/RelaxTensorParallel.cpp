//===- RelaxTensorParallel.cpp - Splits of values over ranks --------------===//

#include "Relax/Dialect/Relax/IR/RelaxTensorParallel.h"
#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "Relax/Dialect/Relax/IR/RelaxTypes.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::relax;

/// The grid `func` names, if any, and under which attribute.
static std::pair<FlatSymbolRefAttr, bool> getGridRef(Operation *func) {
  if (auto grid = func->getAttrOfType<FlatSymbolRefAttr>(
          RelaxDialect::getGridAttrName()))
    return {grid, false};
  return {func->getAttrOfType<FlatSymbolRefAttr>(
              RelaxDialect::getPartitionedAttrName()),
          true};
}

std::optional<SplitSpec> relax::getSplitSpec(DictionaryAttr attrs) {
  if (!attrs)
    return std::nullopt;
  auto axes = attrs.getAs<shard::GridAxesArrayAttr>(
      RelaxDialect::getSplitAxesAttrName());
  if (!axes)
    return std::nullopt;
  for (auto [dim, gridAxes] : llvm::enumerate(axes.getAxes())) {
    if (gridAxes.empty())
      continue;
    SplitSpec spec;
    spec.axis = dim;
    if (auto segments = attrs.getAs<DenseI64ArrayAttr>(
            RelaxDialect::getSplitSegmentsAttrName()))
      llvm::append_range(spec.segments, segments.asArrayRef());
    return spec;
  }
  return std::nullopt;
}

std::optional<GridInfo> relax::getGridInfo(Operation *func) {
  auto [ref, partitioned] = getGridRef(func);
  if (!ref)
    return std::nullopt;
  auto grid = SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(func, ref);
  if (!grid || grid.getRank() != 1 || ShapedType::isDynamic(grid.getShape()[0]))
    return std::nullopt;
  return GridInfo{ref, grid.getShape()[0], partitioned};
}

LogicalResult relax::verifyGridAttr(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto ref = dyn_cast<FlatSymbolRefAttr>(attr.getValue());
  if (!ref || !isa<FunctionOpInterface>(op))
    return op->emitError("'") << name
                              << "' is a symbol reference on relax.func";
  if (op->hasAttr(RelaxDialect::getGridAttrName()) &&
      op->hasAttr(RelaxDialect::getPartitionedAttrName()))
    return op->emitError("'")
           << RelaxDialect::getGridAttrName() << "' and '"
           << RelaxDialect::getPartitionedAttrName() << "' exclude each other";
  auto grid = SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(op, ref);
  if (!grid)
    return op->emitError("'") << name << "' names " << ref
                              << ", which is not a shard.grid";
  if (grid.getRank() != 1 || ShapedType::isDynamic(grid.getShape()[0]))
    return op->emitError("'")
           << name << "': the grid " << ref
           << " must have one axis of static size (tensor parallelism)";
  return success();
}

LogicalResult relax::verifySplitAttr(Operation *op, Type type, StringRef what,
                                     unsigned index, NamedAttribute attr,
                                     DictionaryAttr all) {
  StringRef name = attr.getName().getValue();
  auto emit = [&]() {
    return op->emitError() << what << " #" << index << ": '" << name << "' ";
  };
  if (!getGridRef(op).first)
    return emit() << "needs '" << RelaxDialect::getGridAttrName() << "' or '"
                  << RelaxDialect::getPartitionedAttrName()
                  << "' on the function";
  auto tensor = dyn_cast<RelaxTensorType>(type);
  if (name == RelaxDialect::getSplitAxesAttrName()) {
    auto axes = dyn_cast<shard::GridAxesArrayAttr>(attr.getValue());
    if (!axes)
      return emit() << "must be a #shard<axisarray[...]>";
    if (!tensor || (tensor.hasRank() &&
                    static_cast<int64_t>(axes.size()) > tensor.getRank()))
      return emit() << "has " << axes.size() << " entries for " << type;
    unsigned split = 0;
    for (ArrayRef<int16_t> gridAxes : axes.getAxes()) {
      if (gridAxes.empty())
        continue;
      if (gridAxes.size() != 1 || gridAxes[0] != 0)
        return emit() << "may list only grid axis 0 (a one-axis grid)";
      ++split;
    }
    if (split > 1)
      return emit() << "splits more than one dim";
    return success();
  }
  // relax.split_segments
  auto segments = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
  if (!segments || segments.empty() ||
      llvm::any_of(segments.asArrayRef(), [](int64_t s) { return s <= 0; }))
    return emit() << "must be a non-empty array<i64> of positive sizes";
  std::optional<SplitSpec> spec = getSplitSpec(all);
  if (!spec)
    return emit() << "needs a split dim ('"
                  << RelaxDialect::getSplitAxesAttrName() << "')";
  if (tensor && tensor.hasRank()) {
    sym::SymExprAttr dim = tensor.getDims()[spec->axis];
    int64_t total = 0;
    for (int64_t s : segments.asArrayRef())
      total += s;
    if (dim && dim.getConstantValue() && *dim.getConstantValue() != total &&
        !getGridRef(op).second)
      return emit() << "sums to " << total << " but dim " << spec->axis
                    << " is " << *dim.getConstantValue();
  }
  return success();
}
