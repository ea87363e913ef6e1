//===- relax-generate.cpp - Generate tokens with a compiled decoder LM ----===//
//
// relax-generate runs a decoder LM that relax-import wrote from a
// transformers model directory (OUT/model.mlir, model.safetensors,
// config.json) through the runtime API alone: it loads the compiled
// library (compiling OUT/model.mlir with the relax-compile beside it on
// first use), creates a paged KV cache, prefills every prompt in one call
// and then decodes all unfinished sequences together, one batched step per
// token.
//
//===----------------------------------------------------------------------===//

#include "Relax/Runtime/RelaxKVCache.h"
#include "Relax/Runtime/RelaxModule.h"
#include "Relax/Tools/ToolSupport.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

namespace cl = llvm::cl;
using llvm::SmallString;
using llvm::StringRef;
using llvm::Twine;

static cl::OptionCategory generateCategory("relax-generate options");

static cl::opt<std::string> modelDir(cl::Positional, cl::desc("<model dir>"),
                                     cl::Required, cl::cat(generateCategory));
static cl::opt<std::string>
    promptIds("prompt-ids", cl::desc("The prompt, as token ids: 1,2,3"),
              cl::cat(generateCategory));
static cl::opt<std::string>
    promptText("prompt",
               cl::desc("The prompt, as text: needs the model's tokenizer.json "
                        "and Python's tokenizers package"),
               cl::cat(generateCategory));
static cl::opt<bool> printText(
    "print-text",
    cl::desc("Print each sequence's generated text (its tokens decoded with "
             "the model's tokenizer) instead of its ids"),
    cl::init(false), cl::cat(generateCategory));
static cl::opt<std::string> batchPrompts(
    "batch-prompts",
    cl::desc("A file of prompts, one per line, as token ids; decoded "
             "together, one batched step per token"),
    cl::cat(generateCategory));
static cl::opt<unsigned> maxNewTokens("max-new-tokens",
                                      cl::desc("Tokens to generate at most"),
                                      cl::init(32), cl::cat(generateCategory));
static cl::opt<double>
    temperature("temperature",
                cl::desc("Sampling temperature; 0 (default) is greedy"),
                cl::init(0.0), cl::cat(generateCategory));
static cl::opt<unsigned> topK("top-k",
                              cl::desc("Sample from the k likeliest tokens "
                                       "(0: all)"),
                              cl::init(0), cl::cat(generateCategory));
static cl::opt<double>
    topP("top-p",
         cl::desc("Sample from the likeliest tokens whose probabilities sum "
                  "to p (1: all)"),
         cl::init(1.0), cl::cat(generateCategory));
static cl::opt<uint64_t> seed("seed", cl::desc("Seed of the sampler"),
                              cl::init(0), cl::cat(generateCategory));
static cl::opt<std::string> libraryPath(
    "library",
    cl::desc("The compiled model (default: <model dir>/model.so, compiled "
             "from model.mlir when absent)"),
    cl::cat(generateCategory));
static cl::opt<int64_t>
    numPages("num-pages",
             cl::desc("Pages of the KV cache (default: what the prompts and "
                      "--max-new-tokens need)"),
             cl::init(0), cl::cat(generateCategory));
static cl::opt<bool>
    ignoreEos("ignore-eos",
              cl::desc("Generate --max-new-tokens tokens, past end-of-"
                       "sequence tokens"),
              cl::init(false), cl::cat(generateCategory));

static int fail(const Twine &message) {
  return mlir::relax::reportToolError("relax-generate", message);
}

namespace {
/// What config.json says about the model.
struct ModelConfig {
  int64_t numLayers, numKVHeads, headDim, vocab, context, pageSize;
  int64_t maxBatch, numPages, prefillChunk;
  /// The ranks the model is split over (tensor parallelism).
  int64_t tensorParallel = 1;
  std::vector<int64_t> eos;
};

/// A DLPack tensor over caller-owned int32 data.
DLTensor int32Tensor(std::vector<int32_t> &data, int64_t &length) {
  length = static_cast<int64_t>(data.size());
  DLTensor tensor;
  tensor.data = data.data();
  tensor.device = DLDevice{kDLCPU, 0};
  tensor.ndim = 1;
  tensor.dtype = DLDataType{kDLInt, 32, 1};
  tensor.shape = &length;
  tensor.strides = nullptr;
  tensor.byte_offset = 0;
  return tensor;
}

/// Picks the next token from one row of logits.
class Sampler {
public:
  explicit Sampler(uint64_t seed) : engine(seed) {}

  int64_t sample(const float *logits, int64_t vocab) {
    if (temperature <= 0)
      return std::max_element(logits, logits + vocab) - logits;
    std::vector<int64_t> order(vocab);
    std::iota(order.begin(), order.end(), 0);
    // Likeliest first; ties in id order.
    std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      return logits[a] > logits[b] || (logits[a] == logits[b] && a < b);
    });
    size_t keep = topK > 0 ? std::min<size_t>(topK, vocab) : vocab;
    std::vector<double> probs;
    double top = logits[order[0]] / temperature, sum = 0;
    for (size_t i = 0; i < keep; ++i) {
      probs.push_back(std::exp(logits[order[i]] / temperature - top));
      sum += probs.back();
    }
    // Nucleus: the fewest likeliest tokens whose mass reaches top-p.
    double mass = 0;
    size_t kept = 0;
    while (kept < probs.size()) {
      mass += probs[kept++] / sum;
      if (mass >= topP)
        break;
    }
    probs.resize(kept);
    std::discrete_distribution<size_t> pick(probs.begin(), probs.end());
    return order[pick(engine)];
  }

private:
  std::mt19937_64 engine;
};
} // namespace

static std::optional<std::vector<int32_t>>
parseIds(StringRef text, int64_t vocab, std::string &error) {
  std::vector<int32_t> ids;
  llvm::SmallVector<StringRef> parts;
  text.split(parts, ',', -1, false);
  for (StringRef part : parts) {
    llvm::SmallVector<StringRef> words;
    part.split(words, ' ', -1, false);
    for (StringRef word : words) {
      int64_t id;
      if (word.trim().getAsInteger(10, id) || id < 0 || id >= vocab) {
        error = "'" + word.trim().str() + "' is not a token id below the " +
                "vocabulary size " + std::to_string(vocab);
        return std::nullopt;
      }
      ids.push_back(static_cast<int32_t>(id));
    }
  }
  if (ids.empty()) {
    error = "an empty prompt";
    return std::nullopt;
  }
  return ids;
}

/// Runs the tokenizer script of the relax_import package beside this tool
/// (`<bin>/../python/relax_import/tokenizer.py`) on the model directory and
/// returns what it prints.
static std::optional<std::string> runTokenizer(const char *argv0,
                                               llvm::ArrayRef<std::string> args,
                                               std::string &error) {
  llvm::ErrorOr<std::string> python = llvm::sys::findProgramByName("python3");
  if (!python) {
    error = "no python3 on PATH, which the tokenizer needs";
    return std::nullopt;
  }
  std::string script =
      mlir::relax::getToolPath(argv0, reinterpret_cast<void *>(&fail), "python",
                               "relax_import", "tokenizer.py");
  SmallString<128> outPath, errPath;
  if (llvm::sys::fs::createTemporaryFile("relax-generate", "out", outPath) ||
      llvm::sys::fs::createTemporaryFile("relax-generate", "err", errPath)) {
    error = "cannot create a temporary file";
    return std::nullopt;
  }
  llvm::FileRemover removeOut(outPath), removeErr(errPath);
  std::vector<StringRef> argv = {*python, script, modelDir};
  for (const std::string &arg : args)
    argv.push_back(arg);
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(outPath),
                                          StringRef(errPath)};
  int status =
      llvm::sys::ExecuteAndWait(*python, argv, std::nullopt, redirects);
  auto read = [](StringRef path) {
    auto buffer = llvm::MemoryBuffer::getFile(path);
    return buffer ? (*buffer)->getBuffer().trim().str() : std::string();
  };
  if (status != 0) {
    error = "the tokenizer failed: " + read(errPath);
    return std::nullopt;
  }
  return read(outPath);
}

static std::optional<ModelConfig> readConfig(StringRef path,
                                             std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = "cannot read " + path.str() + ": " + buffer.getError().message() +
            " (is it a directory that relax-import wrote from a model "
            "directory?)";
    return std::nullopt;
  }
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*buffer)->getBuffer());
  if (!json) {
    error = path.str() + ": " + llvm::toString(json.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *object = json->getAsObject();
  if (!object || object->getString("format") != StringRef("relax-llm") ||
      object->getInteger("version") != std::optional<int64_t>(1)) {
    error = path.str() + " is not a relax-llm configuration of version 1";
    return std::nullopt;
  }
  ModelConfig config;
  auto get = [&](StringRef key, int64_t &out) {
    std::optional<int64_t> value = object->getInteger(key);
    if (!value || *value <= 0)
      error = path.str() + ": " + key.str() + " is missing or not positive";
    out = value.value_or(0);
  };
  get("num_layers", config.numLayers);
  get("num_kv_heads", config.numKVHeads);
  get("head_dim", config.headDim);
  get("vocab_size", config.vocab);
  get("context_window_size", config.context);
  get("page_size", config.pageSize);
  get("max_batch_size", config.maxBatch);
  get("num_pages", config.numPages);
  // Configurations written before the chunk was recorded: the context.
  config.prefillChunk =
      object->getInteger("prefill_chunk_size").value_or(config.context);
  if (config.prefillChunk <= 0)
    error = path.str() + ": prefill_chunk_size is not positive";
  config.tensorParallel = object->getInteger("tensor_parallel").value_or(1);
  if (config.tensorParallel <= 0 || config.numKVHeads % config.tensorParallel)
    error = path.str() + ": tensor_parallel does not divide the kv heads";
  if (const llvm::json::Array *eos = object->getArray("eos_token_ids"))
    for (const llvm::json::Value &id : *eos)
      if (std::optional<int64_t> value = id.getAsInteger())
        config.eos.push_back(*value);
  if (!error.empty())
    return std::nullopt;
  return config;
}

/// The library: --library, or <dir>/model.so, compiled from
/// <dir>/model.mlir by the relax-compile beside this tool when absent.
static std::optional<std::string> findLibrary(const char *argv0,
                                              std::string &error) {
  if (!libraryPath.empty())
    return libraryPath.getValue();
  SmallString<256> library(modelDir), source(modelDir);
  llvm::sys::path::append(library, "model.so");
  llvm::sys::path::append(source, "model.mlir");
  if (llvm::sys::fs::exists(library))
    return std::string(library);
  if (!llvm::sys::fs::exists(source)) {
    error = modelDir + " has neither model.so nor model.mlir";
    return std::nullopt;
  }
  // The ranks of a model split over several (`mpiexec -n N relax-generate`)
  // compile one after another: the first writes the library, the others
  // find it.
  SmallString<256> lockPath(library);
  lockPath += ".lock";
  int lockFD = -1;
  if (!llvm::sys::fs::openFileForWrite(lockPath, lockFD,
                                       llvm::sys::fs::CD_OpenAlways))
    (void)llvm::sys::fs::lockFile(lockFD);
  llvm::scope_exit unlock([&] {
    if (lockFD >= 0) {
      (void)llvm::sys::fs::unlockFile(lockFD);
      llvm::sys::Process::SafelyCloseFileDescriptor(lockFD);
    }
  });
  if (llvm::sys::fs::exists(library))
    return std::string(library);
  std::string compiler = mlir::relax::getToolPath(
      argv0, reinterpret_cast<void *>(&fail), "bin", "relax-compile");
  llvm::errs() << "relax-generate: compiling " << source << "\n";
  StringRef args[] = {compiler, source, "-o", library};
  std::string message;
  // Its report would mix with the generated ids on stdout: dropped; its
  // errors go to stderr.
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(""),
                                          std::nullopt};
  if (llvm::sys::ExecuteAndWait(compiler, args, std::nullopt, redirects, 0, 0,
                                &message) != 0) {
    error = "compiling " + source.str().str() + " failed" +
            (message.empty() ? "" : ": " + message);
    return std::nullopt;
  }
  // A rank still waiting holds the file open, then finds the library.
  (void)llvm::sys::fs::remove(lockPath);
  return std::string(library);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::relax::hideUnrelatedOptions(generateCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Relax-MLIR generation: runs a decoder LM that relax-import wrote "
      "from a transformers model directory\n");
  if (promptIds.empty() + batchPrompts.empty() + promptText.empty() != 2)
    return fail("give one of --prompt-ids, --prompt and --batch-prompts");
  if (temperature < 0 || topP <= 0 || topP > 1)
    return fail("--temperature must not be negative and --top-p must be in "
                "(0, 1]");

  std::string error;
  SmallString<256> configPath(modelDir);
  llvm::sys::path::append(configPath, "config.json");
  std::optional<ModelConfig> config = readConfig(configPath, error);
  if (!config)
    return fail(error);

  if (!promptText.empty() || printText) {
    SmallString<256> tokenizer(modelDir);
    llvm::sys::path::append(tokenizer, "tokenizer.json");
    if (!llvm::sys::fs::exists(tokenizer))
      return fail(Twine(printText ? "--print-text" : "--prompt") +
                  " needs a tokenizer: " + modelDir +
                  " has no tokenizer.json (relax-import copies the model "
                  "directory's)");
  }

  // Prompts.
  std::vector<std::vector<int32_t>> prompts;
  if (!promptText.empty()) {
    std::optional<std::string> ids =
        runTokenizer(argv[0], {"encode", promptText}, error);
    if (!ids)
      return fail(error);
    std::optional<std::vector<int32_t>> parsed =
        parseIds(*ids, config->vocab, error);
    if (!parsed)
      return fail("--prompt: " + error);
    prompts.push_back(std::move(*parsed));
  } else if (!promptIds.empty()) {
    std::optional<std::vector<int32_t>> ids =
        parseIds(promptIds, config->vocab, error);
    if (!ids)
      return fail("--prompt-ids: " + error);
    prompts.push_back(std::move(*ids));
  } else {
    auto buffer = llvm::MemoryBuffer::getFile(batchPrompts);
    if (!buffer)
      return fail("cannot read " + batchPrompts + ": " +
                  buffer.getError().message());
    llvm::SmallVector<StringRef> lines;
    (*buffer)->getBuffer().split(lines, '\n', -1, false);
    for (auto [i, line] : llvm::enumerate(lines)) {
      if (line.trim().empty())
        continue;
      std::optional<std::vector<int32_t>> ids =
          parseIds(line, config->vocab, error);
      if (!ids)
        return fail(batchPrompts + ":" + Twine(i + 1) + ": " + error);
      prompts.push_back(std::move(*ids));
    }
    if (prompts.empty())
      return fail(batchPrompts + " has no prompt");
  }
  int64_t numSeqs = prompts.size();
  if (numSeqs > config->maxBatch)
    return fail(Twine(numSeqs) + " prompts, but the model takes at most " +
                Twine(config->maxBatch) + " sequences at once");
  int64_t pagesNeeded = 0;
  for (auto [i, prompt] : llvm::enumerate(prompts)) {
    int64_t length = prompt.size();
    if (length >= config->context)
      return fail("prompt #" + Twine(i) + " has " + Twine(length) +
                  " tokens; the context window is " + Twine(config->context));
    int64_t total = std::min<int64_t>(length + maxNewTokens, config->context);
    pagesNeeded += (total + config->pageSize - 1) / config->pageSize;
  }

  std::optional<std::string> library = findLibrary(argv[0], error);
  if (!library)
    return fail(error);
  SmallString<256> weights(modelDir);
  llvm::sys::path::append(weights, "model.safetensors");
  RelaxModule *module = nullptr;
  if (relaxModuleLoad(library->c_str(), weights.c_str(), &module))
    return fail(relaxGetLastErrorMessage());
  // Split over ranks, every rank runs the same steps on its heads, and
  // rank 0 prints; a rank that fails ends them all.
  int64_t rank = 0, numRanks = 1;
  (void)relaxModuleGetRank(module, &rank, &numRanks);
  auto failRanks = [&](const Twine &message) {
    fail(message);
    relaxModuleAbortRanks(module, 1);
    return 1;
  };
  if (numRanks != config->tensorParallel) {
    int status = failRanks("config.json splits the model over " +
                           Twine(config->tensorParallel) +
                           " ranks, but the library over " + Twine(numRanks));
    relaxModuleFree(module);
    return status;
  }
  RelaxFunction *prefill = nullptr, *decode = nullptr;
  if (relaxModuleGetFunction(module, "prefill", &prefill) ||
      relaxModuleGetFunction(module, "decode", &decode)) {
    int status = failRanks(relaxGetLastErrorMessage());
    relaxModuleFree(module);
    return status;
  }
  RelaxKVCache *cache = nullptr;
  // In the library's memory: a GPU library's device.
  if (relaxModuleCreateKVCache(module, config->numLayers,
                               config->numKVHeads / numRanks, config->headDim,
                               config->pageSize,
                               numPages ? numPages.getValue() : pagesNeeded,
                               DLDataType{kDLFloat, 32, 1}, &cache)) {
    int status = failRanks(relaxGetLastErrorMessage());
    relaxModuleFree(module);
    return status;
  }
  auto cleanup = [&]() {
    relaxKVCacheFree(cache);
    relaxModuleFree(module);
  };

  Sampler sampler(seed);
  std::vector<std::vector<int64_t>> generated(numSeqs);
  std::vector<bool> done(numSeqs, false);
  auto accept = [&](int64_t seq, const float *logits) {
    int64_t token = sampler.sample(logits, config->vocab);
    generated[seq].push_back(token);
    int64_t length = prompts[seq].size() + generated[seq].size();
    if (generated[seq].size() >= maxNewTokens || length >= config->context ||
        (!ignoreEos && llvm::is_contained(config->eos, token)))
      done[seq] = true;
  };

  // Prefill: the prompts packed into calls of at most a chunk of tokens
  // each (a prompt longer than a chunk spans several calls); a sequence's
  // first token comes from the call that ends its prompt.
  auto start = std::chrono::steady_clock::now();
  std::vector<int64_t> seqIds, lengths;
  std::vector<int32_t> tokens;
  std::vector<bool> endsPrompt;
  for (int64_t i = 0; i < numSeqs; ++i) {
    if (relaxKVCacheAddSequence(cache, i)) {
      int status = failRanks(relaxGetLastErrorMessage());
      cleanup();
      return status;
    }
  }
  auto step = [&](RelaxFunction *function, bool isPrefill) -> bool {
    RelaxKVCacheStep tables;
    if (relaxKVCacheBeginStep(cache, seqIds.data(), lengths.data(),
                              seqIds.size(), &tables))
      return false;
    int64_t numTokens;
    DLTensor ids = int32Tensor(tokens, numTokens);
    std::vector<DLTensor> inputs = {ids, tables.pages, tables.pageTable};
    if (isPrefill)
      inputs.push_back(tables.qSeq);
    inputs.push_back(tables.qPos);
    inputs.push_back(tables.slots);
    if (isPrefill)
      inputs.push_back(tables.lastTokens);
    DLManagedTensor *logits = nullptr;
    if (relaxFunctionCall(function, inputs.data(), inputs.size(), &logits, 1))
      return false;
    const DLTensor &result = logits->dl_tensor;
    if (result.ndim != 2 || result.shape[0] != (int64_t)seqIds.size() ||
        result.shape[1] != config->vocab || result.dtype.code != kDLFloat ||
        result.dtype.bits != 32) {
      logits->deleter(logits);
      fail("the model returned logits of an unexpected shape");
      return false;
    }
    for (size_t i = 0; i < seqIds.size(); ++i)
      if (!isPrefill || endsPrompt[i])
        accept(seqIds[i],
               static_cast<const float *>(result.data) + i * config->vocab);
    logits->deleter(logits);
    return true;
  };
  int64_t seq = 0, consumed = 0;
  while (seq < numSeqs) {
    seqIds.clear();
    lengths.clear();
    tokens.clear();
    endsPrompt.clear();
    int64_t room = config->prefillChunk;
    while (seq < numSeqs && room > 0) {
      const std::vector<int32_t> &prompt = prompts[seq];
      int64_t take = std::min<int64_t>(
          room, static_cast<int64_t>(prompt.size()) - consumed);
      seqIds.push_back(seq);
      lengths.push_back(take);
      tokens.insert(tokens.end(), prompt.begin() + consumed,
                    prompt.begin() + consumed + take);
      room -= take;
      consumed += take;
      endsPrompt.push_back(consumed == static_cast<int64_t>(prompt.size()));
      if (endsPrompt.back()) {
        ++seq;
        consumed = 0;
      }
    }
    if (!step(prefill, /*isPrefill=*/true)) {
      int status = failRanks(relaxGetLastErrorMessage());
      cleanup();
      return status;
    }
  }
  double prefillMs = std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - start)
                         .count();

  // Decode: the unfinished sequences, one token each per step.
  auto decodeStart = std::chrono::steady_clock::now();
  int64_t decodeTokens = 0, decodeSteps = 0;
  while (true) {
    seqIds.clear();
    tokens.clear();
    for (int64_t i = 0; i < numSeqs; ++i) {
      if (done[i])
        continue;
      seqIds.push_back(i);
      tokens.push_back(static_cast<int32_t>(generated[i].back()));
    }
    if (seqIds.empty())
      break;
    lengths.assign(seqIds.size(), 1);
    if (!step(decode, /*isPrefill=*/false)) {
      int status = failRanks(relaxGetLastErrorMessage());
      cleanup();
      return status;
    }
    decodeTokens += seqIds.size();
    ++decodeSteps;
  }
  double decodeMs = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - decodeStart)
                        .count();
  cleanup();
  if (rank != 0)
    return 0;

  for (const std::vector<int64_t> &ids : generated) {
    if (!printText) {
      llvm::interleave(ids, llvm::outs(), " ");
      llvm::outs() << "\n";
      continue;
    }
    std::vector<std::string> args = {"decode"};
    for (int64_t id : ids)
      args.push_back(std::to_string(id));
    std::optional<std::string> text = runTokenizer(argv[0], args, error);
    if (!text)
      return fail(error);
    llvm::outs() << *text << "\n";
  }
  int64_t promptTokens = 0;
  for (const std::vector<int32_t> &prompt : prompts)
    promptTokens += prompt.size();
  llvm::outs().flush();
  llvm::errs() << "prefill: " << promptTokens << " tokens in "
               << llvm::format("%.1f", prefillMs) << " ms, "
               << llvm::format("%.1f", promptTokens * 1000 / prefillMs)
               << " tokens/s; decode: " << decodeTokens << " tokens in "
               << decodeSteps << " steps, " << llvm::format("%.1f", decodeMs)
               << " ms, "
               << llvm::format("%.1f", decodeTokens
                                           ? decodeTokens * 1000 / decodeMs
                                           : 0.0)
               << " tokens/s, "
               << llvm::format("%.2f",
                               decodeSteps ? decodeMs / decodeSteps : 0.0)
               << " ms/step; time to first token "
               << llvm::format("%.1f", prefillMs) << " ms\n";
  return 0;
}
