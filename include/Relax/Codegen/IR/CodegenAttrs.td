//===- CodegenAttrs.td - Relax codegen attributes ------------*- tablegen -*-===//

#ifndef RELAX_CODEGEN_IR_CODEGENATTRS_TD
#define RELAX_CODEGEN_IR_CODEGENATTRS_TD

include "Relax/Codegen/IR/CodegenDialect.td"
include "Relax/Codegen/IR/CodegenEnums.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

class RelaxCodegen_Attr<string name, string attrMnemonic,
                        list<Trait> traits = []>
    : AttrDef<RelaxCodegen_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def RelaxCodegen_CPUTileKindAttr
    : EnumAttr<RelaxCodegen_Dialect, RelaxCodegen_CPUTileKind, "cpu_tile_kind"> {
  let summary = "How the innermost tile of a CPU kernel op is computed";
  let description = [{
    - `none`: the innermost tile is vectorized as it is;
    - `contraction`: a register tile of rank-1 updates, stepping the
      reduction one element at a time (a row-major matmul);
    - `dot`: a register tile of vectors of partial sums along a reduction
      dim that is innermost in both operands (a matmul by a transposed
      matrix, or by weights that the body unpacks), reduced once after the
      reduction loops;
    - `windowed`: a convolution, whose windowed input is read as a strided
      row along the output's innermost dim.
  }];
  let assemblyFormat = "`<` $value `>`";
}

def RelaxCodegen_CPUVectorISAAttr
    : EnumAttr<RelaxCodegen_Dialect, RelaxCodegen_CPUVectorISA, "cpu_isa"> {
  let summary = "The widest vector instruction set of a CPU";
  let assemblyFormat = "`<` $value `>`";
}

/// An optional list of integers, written in brackets.
class RelaxCodegen_IntegerList<string desc>
    : OptionalArrayRefParameter<"int64_t", desc> {
  let parser = "parseBracketedIntegers($_parser)";
  let printer = "printBracketedIntegers($_printer, $_self)";
}

def RelaxCodegen_GPULoweringConfigAttr
    : RelaxCodegen_Attr<"GPULoweringConfig", "gpu_config"> {
  let summary = "The GPU schedule of one kernel op";
  let description = [{
    How a linalg op of a GPU kernel is mapped onto blocks and threads, as
    the GPU chooser (`--relax-gpu-select-lowering-config`) records it and
    `--relax-map-kernels-to-gpu` applies it:

    - `schedule`: the strategy.
      - `generic`: one thread per output element of the parallel dims, the
        reductions sequential in each thread;
      - `row_reduction`: one block per output element, the threads striding
        the reduced row, then a reduction across the block;
      - `tiled_matmul`: a block computes a `tile[0] x tile[1]` tile of a
        contraction's output, stepping through the reduction dim `tile[2]`
        at a time through workgroup memory; its threads are laid out
        `threads[0] x threads[1]` over the tile, each accumulating
        `tile[0] / threads[0] x tile[1] / threads[1]` outputs in registers;
      - `gemv`: a contraction with few output rows (a decode step): the
        threads of a block split the reduction dim and reduce across it; on
        `[K, N]` weights a block takes `tile[0]` adjacent columns.
    - `workgroup`: threads per block (one-dimensional), at most 1024.
    - `tile`, `threads`: the tiles of `tiled_matmul` (`[m, n, k]`) and
      `gemv` (`[columns]`), and the thread layout of `tiled_matmul`
      (`[m, n]`, whose product is `workgroup`); the other schedules take
      none. The tiles' chunks of A (`tile[0] x tile[2]`) and B
      (`tile[2] x tile[1]`) are loaded by all the threads together, so each
      is a multiple of `workgroup`.

    ```mlir
    #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256,
                              tile = [64, 64, 16], threads = [16, 16]>
    ```
  }];
  let parameters = (ins
    "GPUSchedule":$schedule,
    "int64_t":$workgroup,
    RelaxCodegen_IntegerList<"tiles of the schedule">:$tile,
    RelaxCodegen_IntegerList<"thread layout over a tile">:$threads
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The most threads a block may have on every target.
    static constexpr int64_t kMaxWorkgroupSize = 1024;
    /// Whether the parameters make a valid config, as `verify` checks them
    /// but without diagnostics (for choosers that fall back otherwise).
    static bool isValid(GPUSchedule schedule, int64_t workgroup,
                        ::llvm::ArrayRef<int64_t> tile,
                        ::llvm::ArrayRef<int64_t> threads);
  }];
}

def RelaxCodegen_CPULoweringConfigAttr
    : RelaxCodegen_Attr<"CPULoweringConfig", "cpu_config"> {
  let summary = "The CPU schedule of one kernel op";
  let description = [{
    The tiles of a linalg op on tensors, as the CPU chooser
    (`--relax-cpu-select-lowering-config`) records them and the CPU codegen
    passes apply them:

    - `tiles`: the tile of every loop dim. The parallel dims are tiled by
      `scf.forall` loops (the peeled dim by an `scf.for`), the reduction dims
      by `scf.for` loops; the innermost tile is vectorized whole, so these
      are also its vector sizes.
    - `order`: the order of the tile loops, outermost first (default: the
      op's loop order).
    - `peeled`: a parallel dim whose tile loop is peeled so that its full
      tiles need no mask, and whose last partial tile runs one row at a time
      (default: none).
    - `kind`: how the innermost tile computes (default `none`); a tile of
      kind `contraction`, `dot` or `windowed` is a register tile, which the
      elementwise op consuming it (its epilogue) is fused into.
    - `reduction_block`: for a `dot` tile, the cache block of its reduction
      dim (default 0: none). The product is computed one block of the
      reduction at a time, each block tiled whole, so that the operand rows
      a register tile reads stay in the L1 cache while the row tiles pass;
      the last block is the one an epilogue is fused with.

    ```mlir
    #relax_codegen.cpu_config<tiles = [1, 8, 32, 1], order = [0, 3, 2, 1],
                              peeled = 1, kind = contraction>
    #relax_codegen.cpu_config<tiles = [4, 4, 16], order = [1, 0, 2],
                              peeled = 0, kind = dot, reduction_block = 512>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "tile of every loop dim">:$tiles,
    OptionalArrayRefParameter<"int64_t", "order of the tile loops">:$order,
    DefaultValuedParameter<"int64_t", "-1", "the peeled dim">:$peeled,
    DefaultValuedParameter<"CPUTileKind", "CPUTileKind::None",
                           "how the innermost tile computes">:$kind,
    DefaultValuedParameter<"int64_t", "0",
                           "cache block of the reduction dim">:$reductionBlock
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Whether the innermost tile is a register tile, which an elementwise
    /// epilogue is fused into.
    bool hasRegisterTile() const { return getKind() != CPUTileKind::None; }
    /// Checks the config against the loops of `op`: one tile per loop, a
    /// peeled parallel loop, a kind the op is.
    ::llvm::LogicalResult verifyFor(::mlir::Operation *op) const;
  }];
}

def RelaxCodegen_CPUTargetAttr : RelaxCodegen_Attr<"CPUTarget", "cpu_target"> {
  let summary = "What the CPU chooser knows of the CPU it compiles for";
  let description = [{
    A target description: the CPU's name, its widest vector instruction set,
    the bits of one vector register and how many there are, whether it has
    fused multiply-add, and its level 1 data and level 2 cache sizes in
    bytes. `--relax-cpu-select-lowering-config` builds one from its `cpu`
    option (`host`: the machine it runs on, through LLVM's host CPU queries;
    otherwise an LLVM CPU name such as `znver3` or `skylake-avx512`, for
    cross compiling) and sizes register tiles and vectors from it.

    ```mlir
    #relax_codegen.cpu_target<cpu = "znver3", isa = avx2, vector_bits = 256,
                              vector_registers = 16, fma = true,
                              l1d = 32768, l2 = 524288>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"the CPU's name">:$cpu,
    "CPUVectorISA":$isa,
    "int64_t":$vector_bits,
    "int64_t":$vector_registers,
    "bool":$fma,
    "int64_t":$l1d,
    "int64_t":$l2
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Elements of `bits` bits in one vector register.
    int64_t getLanes(int64_t bits) const {
      return std::max<int64_t>(1, getVectorBits() / bits);
    }
  }];
}

#endif // RELAX_CODEGEN_IR_CODEGENATTRS_TD
