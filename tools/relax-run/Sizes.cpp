//===- Sizes.cpp - Values of symbolic variables for relax-run -------------===//

#include "Sizes.h"
#include "Npy.h"

#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "Relax/Dialect/Sym/IR/SymDialect.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::sym;
using namespace relax_run;

FailureOr<SizeValues>
relax_run::parseSizes(ArrayRef<std::string> entries,
                      const llvm::SetVector<StringAttr> &vars, StringRef entry,
                      MLIRContext *context, std::string &error) {
  SizeValues values;
  for (const std::string &size : entries) {
    auto [name, value] = StringRef(size).split('=');
    int64_t v;
    if (name.empty() || value.getAsInteger(10, v)) {
      error = "bad --size '" + size + "', expected name=value";
      return failure();
    }
    StringAttr var = StringAttr::get(context, name);
    if (!vars.contains(var)) {
      std::string known;
      llvm::raw_string_ostream os(known);
      llvm::interleaveComma(vars, os,
                            [&](StringAttr v) { os << v.getValue(); });
      error = ("--size " + size + ": @" + entry + " has no variable '" + name +
               "' (" +
               (known.empty() ? "its parameters have none"
                              : "its variables: " + known) +
               ")")
                  .str();
      return failure();
    }
    auto [it, inserted] = values.try_emplace(var, v);
    if (!inserted && it->second != v) {
      error = ("--size gives " + name + " twice: " + Twine(it->second) +
               " and " + Twine(v))
                  .str();
      return failure();
    }
  }
  return values;
}

LogicalResult relax_run::checkSizes(relax::FuncOp func,
                                    const SizeValues &values,
                                    std::string &error) {
  for (auto [var, value] : values) {
    if (value < 0) {
      error = (var.getValue() + " = " + Twine(value) +
               ": a size cannot be negative")
                  .str();
      return failure();
    }
  }
  auto constraints =
      func->getAttrOfType<ArrayAttr>(SymDialect::getConstraintsAttrName());
  if (!constraints)
    return success();
  for (Attribute attr : constraints) {
    StringAttr var;
    int64_t value = 0;
    bool broken = false;
    if (auto range = dyn_cast<SymRangeAttr>(attr)) {
      auto it = values.find(var = range.getVar());
      broken = it != values.end() &&
               ((range.getLower() && it->second < *range.getLower()) ||
                (range.getUpper() && it->second > *range.getUpper()));
      value = it != values.end() ? it->second : 0;
    } else if (auto div = dyn_cast<SymDivisibleAttr>(attr)) {
      auto it = values.find(var = div.getVar());
      broken = it != values.end() && it->second % div.getDivisor() != 0;
      value = it != values.end() ? it->second : 0;
    }
    if (broken) {
      error = (var.getValue() + " = " + Twine(value) +
               " breaks the constraint " + llvm::formatv("{0}", attr).str())
                  .str();
      return failure();
    }
  }
  return success();
}

std::optional<std::vector<int64_t>>
relax_run::getShape(relax::RelaxTensorType type, const SizeValues &values,
                    unsigned elementSize, unsigned index, std::string &error) {
  MLIRContext *context = type.getContext();
  auto lookup = [&](StringAttr var) {
    auto it = values.find(var);
    return it == values.end() ? SymExprAttr()
                              : SymExprAttr::getConstant(context, it->second);
  };
  std::vector<int64_t> shape;
  for (auto [d, dim] : llvm::enumerate(type.getDims())) {
    SymExprAttr value = dim ? dim.replaceVars(lookup) : SymExprAttr();
    if (dim && !value) {
      error = ("argument #" + Twine(index) + " dim " + Twine(d) + ": " +
               toString(dim) +
               " has no value (a 64-bit overflow or a division by zero)")
                  .str();
      return std::nullopt;
    }
    if (!value || !value.getConstantValue()) {
      error = ("argument #" + Twine(index) + ": give the size of dim " +
               toString(dim) + " with --size")
                  .str();
      return std::nullopt;
    }
    if (*value.getConstantValue() < 0) {
      error = ("argument #" + Twine(index) + " dim " + Twine(d) + ": " +
               toString(dim) + " = " + Twine(*value.getConstantValue()) +
               " is negative")
                  .str();
      return std::nullopt;
    }
    shape.push_back(*value.getConstantValue());
  }
  if (!getNumBytes(shape, elementSize)) {
    std::string dims;
    llvm::raw_string_ostream os(dims);
    llvm::interleaveComma(shape, os);
    error = ("argument #" + Twine(index) + " of shape [" + dims +
             "] has more bytes than 64 bits can count")
                .str();
    return std::nullopt;
  }
  return shape;
}
