//===- CodegenAttrs.cpp - Relax codegen attributes ------------------------===//

#include "Relax/Codegen/IR/CodegenAttrs.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::relax::codegen;

static ParseResult parseIntegerList(AsmParser &parser,
                                    SmallVectorImpl<int64_t> &values);

/// `[i, j, ...]`: the tiles and threads of a GPU config.
static FailureOr<SmallVector<int64_t>>
parseBracketedIntegers(AsmParser &parser) {
  SmallVector<int64_t> values;
  if (parseIntegerList(parser, values))
    return failure();
  return values;
}

static void printBracketedIntegers(AsmPrinter &printer,
                                   ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

#define GET_ATTRDEF_CLASSES
#include "Relax/Codegen/IR/CodegenAttrs.cpp.inc"

void RelaxCodegenDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Relax/Codegen/IR/CodegenAttrs.cpp.inc"
      >();
}

LogicalResult
CPULoweringConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<int64_t> tiles, ArrayRef<int64_t> order,
                              int64_t peeled, CPUTileKind kind,
                              int64_t reductionBlock) {
  if (tiles.empty() || llvm::any_of(tiles, [](int64_t t) { return t <= 0; }))
    return emitError() << "tiles must be positive, one per loop";
  if (!order.empty()) {
    SmallVector<int64_t> sorted(order);
    llvm::sort(sorted);
    if (sorted != llvm::to_vector(llvm::seq<int64_t>(0, tiles.size())))
      return emitError() << "order must be a permutation of the "
                         << tiles.size() << " loops";
  }
  if (peeled < -1 || peeled >= static_cast<int64_t>(tiles.size()))
    return emitError() << "peeled dim " << peeled << " is not one of the "
                       << tiles.size() << " loops";
  if (reductionBlock < 0)
    return emitError() << "reduction_block must not be negative";
  if (reductionBlock > 0 && kind != CPUTileKind::Dot)
    return emitError() << "reduction_block blocks a dot tile only";
  return success();
}

namespace {
/// Stands for a diagnostic where none is wanted: takes what is streamed
/// into it and is a failure.
struct NoDiagnostic {
  template <typename T>
  NoDiagnostic &operator<<(T &&) {
    return *this;
  }
  operator LogicalResult() const { return failure(); }
};
} // namespace

/// The checks of a GPU config, reporting a mismatch through `emitError`
/// (an InFlightDiagnostic, or a NoDiagnostic).
template <typename EmitError>
static LogicalResult checkGPUConfig(EmitError emitError, GPUSchedule schedule,
                                    int64_t workgroup, ArrayRef<int64_t> tile,
                                    ArrayRef<int64_t> threads) {
  constexpr int64_t kMaxWorkgroupSize =
      GPULoweringConfigAttr::kMaxWorkgroupSize;
  if (workgroup < 1 || workgroup > kMaxWorkgroupSize)
    return emitError() << "workgroup must be in [1, " << kMaxWorkgroupSize
                       << "], not " << workgroup;
  if (llvm::any_of(llvm::concat<const int64_t>(tile, threads),
                   [](int64_t s) { return s <= 0; }))
    return emitError() << "tiles and threads must be positive";
  StringRef name = stringifyGPUSchedule(schedule);
  auto expect = [&](size_t tiles, size_t layout) -> LogicalResult {
    if (tile.size() != tiles || threads.size() != layout)
      return emitError() << "schedule '" << name << "' takes " << tiles
                         << " tiles and " << layout << " thread dims, not "
                         << tile.size() << " and " << threads.size();
    return success();
  };
  switch (schedule) {
  case GPUSchedule::Generic:
  case GPUSchedule::RowReduction:
    return expect(0, 0);
  case GPUSchedule::GEMV:
    if (failed(expect(1, 0)))
      return failure();
    if (workgroup % tile[0] != 0)
      return emitError() << "workgroup " << workgroup
                         << " is not a multiple of the " << tile[0]
                         << " columns of a block";
    return success();
  case GPUSchedule::TiledMatmul:
    if (failed(expect(3, 2)))
      return failure();
    if (threads[0] * threads[1] != workgroup)
      return emitError() << "threads " << threads[0] << " x " << threads[1]
                         << " are not the workgroup's " << workgroup;
    if (tile[0] % threads[0] != 0 || tile[1] % threads[1] != 0)
      return emitError() << "tile " << tile[0] << " x " << tile[1]
                         << " is not a multiple of the threads "
                         << threads[0] << " x " << threads[1];
    if ((tile[0] * tile[2]) % workgroup != 0 ||
        (tile[2] * tile[1]) % workgroup != 0)
      return emitError() << "the chunks of A and B (" << tile[0] * tile[2]
                         << " and " << tile[2] * tile[1]
                         << " elements) are not multiples of the workgroup "
                         << workgroup;
    return success();
  }
  llvm_unreachable("unknown GPU schedule");
}

LogicalResult
GPULoweringConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              GPUSchedule schedule, int64_t workgroup,
                              ArrayRef<int64_t> tile,
                              ArrayRef<int64_t> threads) {
  return checkGPUConfig(emitError, schedule, workgroup, tile, threads);
}

bool GPULoweringConfigAttr::isValid(GPUSchedule schedule, int64_t workgroup,
                                    ArrayRef<int64_t> tile,
                                    ArrayRef<int64_t> threads) {
  return succeeded(checkGPUConfig([] { return NoDiagnostic(); }, schedule,
                                  workgroup, tile, threads));
}

LogicalResult CPULoweringConfigAttr::verifyFor(Operation *op) const {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  StringRef name = RelaxCodegenDialect::getLoweringConfigAttrName();
  if (!linalgOp)
    return op->emitError("'") << name << "' is only valid on linalg ops";
  int64_t loops = linalgOp.getNumLoops();
  if (static_cast<int64_t>(getTiles().size()) != loops)
    return op->emitOpError("'") << name << "' has " << getTiles().size()
                                << " tiles for " << loops << " loops";
  if (getPeeled() >= 0 && linalgOp.getIteratorTypesArray()[getPeeled()] !=
                              utils::IteratorType::parallel)
    return op->emitOpError("'") << name << "' peels " << getPeeled()
                                << ", which is not a parallel loop";
  switch (getKind()) {
  case CPUTileKind::None:
    break;
  case CPUTileKind::Contraction:
    if (!linalg::isaContractionOpInterface(linalgOp))
      return op->emitOpError("'")
             << name << "' schedules a contraction, but the op is not one";
    break;
  case CPUTileKind::Dot: {
    // A contraction over one reduction dim, or a generic reduction whose
    // innermost loop is a reduction (a product whose body unpacks weights).
    bool contraction = linalg::isaContractionOpInterface(linalgOp) &&
                       linalgOp.getNumReductionLoops() == 1;
    bool unpacking = isa<linalg::GenericOp>(op) && loops > 0 &&
                     linalgOp.getIteratorTypesArray().back() ==
                         utils::IteratorType::reduction;
    if (!contraction && !unpacking)
      return op->emitOpError("'")
             << name << "' schedules a dot-product contraction, but the op "
             << "is neither a contraction over one reduction dim nor a "
             << "generic whose innermost loop is a reduction";
    // Blocks of the reduction are whole tiles of it.
    int64_t block = getReductionBlock();
    if (block > 0 && contraction) {
      auto iterators = linalgOp.getIteratorTypesArray();
      int64_t k = llvm::find(iterators, utils::IteratorType::reduction) -
                  iterators.begin();
      if (block % getTiles()[k] != 0)
        return op->emitOpError("'")
               << name << "' has a reduction_block of " << block
               << ", which is not a multiple of its reduction tile "
               << getTiles()[k];
    } else if (block > 0) {
      return op->emitOpError("'")
             << name << "' blocks the reduction of a contraction only";
    }
    break;
  }
  case CPUTileKind::Windowed:
    if (linalgOp.getNumReductionLoops() == 0 ||
        linalgOp.getNumDpsInputs() == 0)
      return op->emitOpError("'")
             << name << "' schedules a windowed contraction, but the op is "
             << "not one (an op with inputs and reduction loops)";
    break;
  }
  return success();
}

/// `[a, b, ...]`.
static ParseResult parseIntegerList(AsmParser &parser,
                                    SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      });
}

/// `<tiles = [...] (, order = [...])? (, peeled = k)? (, kind = k)?
/// (, reduction_block = b)?>`, the optional entries in any order.
Attribute CPULoweringConfigAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> tiles, order;
  int64_t peeled = -1, reductionBlock = 0;
  CPUTileKind kind = CPUTileKind::None;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword("tiles") ||
      parser.parseEqual() || parseIntegerList(parser, tiles))
    return {};
  llvm::StringSet<> seen;
  while (succeeded(parser.parseOptionalComma())) {
    llvm::SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    if (!seen.insert(key).second) {
      parser.emitError(keyLoc) << "duplicate '" << key << "'";
      return {};
    }
    if (key == "order") {
      if (parseIntegerList(parser, order))
        return {};
    } else if (key == "peeled") {
      if (parser.parseInteger(peeled))
        return {};
    } else if (key == "reduction_block") {
      if (parser.parseInteger(reductionBlock))
        return {};
    } else if (key == "kind") {
      StringRef name;
      llvm::SMLoc nameLoc = parser.getCurrentLocation();
      if (parser.parseKeyword(&name))
        return {};
      std::optional<CPUTileKind> parsed = symbolizeCPUTileKind(name);
      if (!parsed) {
        parser.emitError(nameLoc)
            << "expected a CPU tile kind (none, contraction, dot, windowed), "
               "got '"
            << name << "'";
        return {};
      }
      kind = *parsed;
    } else {
      parser.emitError(keyLoc)
          << "expected 'order', 'peeled', 'kind' or 'reduction_block', got '"
          << key << "'";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<CPULoweringConfigAttr>(
      loc, parser.getContext(), tiles, order, peeled, kind, reductionBlock);
}

void CPULoweringConfigAttr::print(AsmPrinter &printer) const {
  printer << "<tiles = [";
  llvm::interleaveComma(getTiles(), printer);
  printer << "]";
  if (!getOrder().empty()) {
    printer << ", order = [";
    llvm::interleaveComma(getOrder(), printer);
    printer << "]";
  }
  if (getPeeled() >= 0)
    printer << ", peeled = " << getPeeled();
  if (getKind() != CPUTileKind::None)
    printer << ", kind = " << stringifyCPUTileKind(getKind());
  if (getReductionBlock() > 0)
    printer << ", reduction_block = " << getReductionBlock();
  printer << ">";
}

LogicalResult
CPUTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      StringRef cpu, CPUVectorISA isa, int64_t vectorBits,
                      int64_t vectorRegisters, bool fma, int64_t l1d,
                      int64_t l2) {
  if (vectorBits < 32 || !llvm::isPowerOf2_64(vectorBits))
    return emitError() << "vector_bits must be a power of two of at least "
                          "32, got "
                       << vectorBits;
  if (vectorRegisters <= 0)
    return emitError() << "vector_registers must be positive";
  if (l1d <= 0 || l2 <= 0)
    return emitError() << "cache sizes must be positive";
  return success();
}
