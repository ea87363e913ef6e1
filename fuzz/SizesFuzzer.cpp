//===- SizesFuzzer.cpp - Fuzz target for relax-run's --size checks --------===//
//
// Each line of the input is one `--size` entry for a function whose
// parameters have products, divisions and constraints in their dims. What
// relax-run accepts must be shapes it can allocate: no negative dim, and a
// byte count that fits in 64 bits.
//
//===----------------------------------------------------------------------===//

#include "../tools/relax-run/Npy.h"
#include "../tools/relax-run/Sizes.h"

#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "Relax/Dialect/Sym/IR/SymDialect.h"
#include "Relax/Dialect/TProg/IR/TProgDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <cstdint>
#include <cstdlib>
#include <memory>

using namespace mlir;

static const char *const kModule = R"mlir(
relax.func @main(%a: !relax.tensor<[n, 2 * n * m], f32>,
                 %b: !relax.tensor<[k floordiv 3, m + 1, 4], f16>,
                 %c: !relax.tensor<[n * n * n * m], i1>,
                 %d: !relax.tensor<[(k - n) floordiv (m + 1)], i64>,
                 %e: !relax.tensor<[n, m, k], f32>)
    -> !relax.tensor<[n, 2 * n * m], f32>
    attributes {sym.constraints = [#sym.range<m in [1, 1000000]>,
                                   #sym.divisible<k, 3>]} {
  relax.return %a : !relax.tensor<[n, 2 * n * m], f32>
}
)mlir";

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Every name in the input becomes a StringAttr of the context: a fresh
  // one every so often keeps memory bounded in long runs.
  static std::unique_ptr<MLIRContext> context;
  static OwningOpRef<ModuleOp> module;
  static unsigned inputs = 0;
  if (!context || ++inputs % 100000 == 0) {
    module = nullptr;
    context = std::make_unique<MLIRContext>(MLIRContext::Threading::DISABLED);
    context->loadDialect<relax::RelaxDialect, sym::SymDialect,
                         tprog::TProgDialect>();
    module = parseSourceString<ModuleOp>(kModule, context.get());
  }
  if (!module)
    abort();
  auto func = *module->getOps<relax::FuncOp>().begin();

  llvm::SetVector<StringAttr> vars;
  for (Type type : func.getArgumentTypes())
    for (sym::SymExprAttr dim : cast<relax::RelaxTensorType>(type).getDims())
      if (dim)
        dim.collectVars(vars);
  SmallVector<std::string> entries;
  llvm::SmallVector<StringRef> lines;
  StringRef(reinterpret_cast<const char *>(data), size).split(lines, '\n');
  for (StringRef line : lines)
    entries.push_back(line.str());

  std::string error;
  FailureOr<relax_run::SizeValues> values =
      relax_run::parseSizes(entries, vars, "main", context.get(), error);
  if (failed(values) || failed(relax_run::checkSizes(func, *values, error)))
    return 0;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    auto tensor = cast<relax::RelaxTensorType>(type);
    std::optional<relax_run::ElementLayout> layout =
        relax_run::getElementLayout(tensor.getElementType());
    std::optional<std::vector<int64_t>> shape =
        relax_run::getShape(tensor, *values, layout->size, i, error);
    if (!shape)
      continue;
    if (shape->size() != static_cast<size_t>(tensor.getRank()) ||
        llvm::any_of(*shape, [](int64_t d) { return d < 0; }) ||
        !relax_run::getNumBytes(*shape, layout->size)) {
      llvm::errs() << "accepted a shape that cannot be allocated\n";
      abort();
    }
  }
  return 0;
}
