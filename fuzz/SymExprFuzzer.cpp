//===- SymExprFuzzer.cpp - Fuzz the #sym.expr parser and canonicalizer ----===//
//
// Parses the input as the body of a `#sym.expr<...>` attribute. An
// expression that parses must print in a form that parses back to the same
// attribute, and substituting its variables must not crash.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "Relax/Dialect/Sym/IR/SymDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <cstdint>
#include <cstdlib>
#include <memory>

using namespace mlir;
using namespace mlir::sym;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Attributes live as long as their context: a fresh one every so often
  // keeps memory bounded over millions of inputs.
  static std::unique_ptr<MLIRContext> context;
  static unsigned inputs = 0;
  if (!context || ++inputs % 1000 == 0) {
    context.reset();
    context = std::make_unique<MLIRContext>(MLIRContext::Threading::DISABLED);
    context->loadDialect<SymDialect>();
  }
  ScopedDiagnosticHandler silence(context.get(), [](Diagnostic &) {});

  std::string text = "#sym.expr<";
  text.append(reinterpret_cast<const char *>(data), size);
  text += ">";
  auto expr =
      dyn_cast_or_null<SymExprAttr>(parseAttribute(text, context.get()));
  if (!expr)
    return 0;

  // Round trip through the printed form.
  std::string printed;
  llvm::raw_string_ostream os(printed);
  os << expr;
  Attribute reparsed = parseAttribute(printed, context.get());
  if (reparsed != expr) {
    llvm::errs() << "round trip changed " << printed << " into " << reparsed
                 << "\n";
    abort();
  }

  // The canonicalizing constructors on the parsed expression. Their cost
  // grows with the square of the terms and with the size of the atoms that
  // every term repeats (the limits cut them off at 10,000 terms and
  // 1,000,000 nodes); a long expression is only parsed and printed, so that
  // the fuzzer spends its time on many inputs rather than on expanding a few
  // large ones.
  if (expr.getNumTerms() > 64 || expr.getNumNodes() > 4096)
    return 0;
  SymExprAttr one = SymExprAttr::getConstant(context.get(), 1);
  SymExprAttr shifted = expr.replaceVars([&](StringAttr name) {
    return SymExprAttr::add(SymExprAttr::getVar(name), one);
  });
  SymExprAttr squared = SymExprAttr::mul(expr, expr);
  SymExprAttr diff = SymExprAttr::sub(squared, squared);
  if (squared && diff != SymExprAttr::getConstant(context.get(), 0)) {
    llvm::errs() << "e * e - e * e is not 0 for " << printed << "\n";
    abort();
  }
  (void)SymExprAttr::floorDiv(shifted, expr);
  (void)SymExprAttr::mod(expr, SymExprAttr::getConstant(context.get(), 7));
  (void)SymExprAttr::max({expr, shifted, one});
  return 0;
}
