//===- TargetDescription.cpp - What the CPU chooser knows -----------------===//

#include "Relax/Codegen/CPU/TargetDescription.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

namespace {
/// The facts a description is made of, before it becomes an attribute.
struct CPUFacts {
  std::string name;
  CPUVectorISA isa = CPUVectorISA::Scalar;
  int64_t vectorBits = 128;
  int64_t vectorRegisters = 16;
  bool fma = false;
  int64_t l1d = 32 * 1024;
  int64_t l2 = 512 * 1024;
};
} // namespace

/// Sets the vector facts from whether the CPU has feature `has(name)`.
static void setVectorFacts(const llvm::Triple &triple,
                           function_ref<bool(StringRef)> has, CPUFacts &facts) {
  if (triple.isX86()) {
    facts.vectorRegisters = 16;
    if (has("avx512f")) {
      facts.isa = CPUVectorISA::AVX512;
      facts.vectorBits = 512;
      facts.vectorRegisters = 32;
    } else if (has("avx2")) {
      facts.isa = CPUVectorISA::AVX2;
      facts.vectorBits = 256;
    } else if (has("sse2")) {
      facts.isa = CPUVectorISA::SSE;
      facts.vectorBits = 128;
    }
    facts.fma = has("fma");
    return;
  }
  if (triple.isAArch64()) {
    facts.vectorRegisters = 32;
    if (has("neon")) {
      facts.isa = CPUVectorISA::NEON;
      facts.vectorBits = 128;
      facts.fma = true;
    }
  }
}

/// Reads the host's level 1 data and level 2 cache sizes from Linux's sysfs;
/// leaves the defaults where it cannot.
static void readHostCaches(CPUFacts &facts) {
  for (int index = 0; index < 8; ++index) {
    std::string dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    auto read = [&](StringRef file) -> std::string {
      auto buffer = llvm::MemoryBuffer::getFile(dir + "/" + file.str(),
                                                /*IsText=*/true);
      if (!buffer)
        return "";
      return (*buffer)->getBuffer().trim().str();
    };
    std::string level = read("level");
    if (level.empty())
      return;
    std::string type = read("type"), size = read("size");
    int64_t bytes = 0;
    StringRef digits(size);
    int64_t scale = 1;
    if (digits.consume_back("K"))
      scale = 1024;
    else if (digits.consume_back("M"))
      scale = 1024 * 1024;
    if (digits.getAsInteger(10, bytes) || bytes <= 0)
      continue;
    bytes *= scale;
    if (level == "1" && type == "Data")
      facts.l1d = bytes;
    else if (level == "2" && type != "Instruction")
      facts.l2 = bytes;
  }
}

FailureOr<CPUTargetAttr>
mlir::relax::codegen::getCPUTarget(MLIRContext *context, StringRef cpu,
                                   std::string &error) {
  CPUFacts facts;
  if (cpu.empty() || cpu == "host") {
    llvm::Triple triple(llvm::sys::getProcessTriple());
    facts.name = llvm::sys::getHostCPUName().str();
    llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
    setVectorFacts(
        triple, [&](StringRef name) { return features.lookup(name); }, facts);
    readHostCaches(facts);
  } else {
    // `triple:cpu`, or a CPU of the host's architecture.
    auto [tripleName, name] = cpu.rsplit(':');
    if (name.empty())
      std::swap(tripleName, name);
    llvm::Triple triple(tripleName.empty()
                            ? llvm::sys::getProcessTriple()
                            : llvm::Triple::normalize(tripleName));
    // Registering targets is not thread-safe, and the chooser runs on the
    // functions of a module in parallel: register them once.
    static llvm::once_flag registered;
    llvm::call_once(registered, [] {
      llvm::InitializeAllTargetInfos();
      llvm::InitializeAllTargetMCs();
    });
    std::string lookupError;
    const llvm::Target *target =
        llvm::TargetRegistry::lookupTarget(triple, lookupError);
    if (!target) {
      error = "unknown target '" + triple.str() + "' for cpu '" + cpu.str() +
              "': " + lookupError;
      return failure();
    }
    std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
        target->createMCSubtargetInfo(triple, name, ""));
    if (!subtarget || !subtarget->isCPUStringValid(name)) {
      error = "unknown cpu '" + name.str() + "' for target '" + triple.str() +
              "' (expected 'host' or an LLVM CPU name such as 'znver3' or "
              "'skylake-avx512')";
      return failure();
    }
    facts.name = name.str();
    setVectorFacts(
        triple,
        [&](StringRef feature) {
          return subtarget->checkFeatures(("+" + feature).str());
        },
        facts);
    if (std::optional<unsigned> l1 = subtarget->getCacheSize(0); l1 && *l1)
      facts.l1d = *l1;
    if (std::optional<unsigned> l2 = subtarget->getCacheSize(1); l2 && *l2)
      facts.l2 = *l2;
  }
  return CPUTargetAttr::get(context, facts.name, facts.isa, facts.vectorBits,
                            facts.vectorRegisters, facts.fma, facts.l1d,
                            facts.l2);
}
