// An option value the GPU pipeline does not take is an error, for every
// target, before anything runs; so is an unknown option.

// RUN: not relax-opt %s --relax-lower-to-gpu="format=cubin" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not relax-opt %s --relax-lower-to-gpu="target=vulkan format=spirv" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not relax-opt %s --relax-lower-to-gpu="target=webgpu format=" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: for the --format option: Cannot find option named

// RUN: not relax-opt %s --relax-lower-to-gpu="target=metal" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: for the --target option: Cannot find option named 'metal'!

// RUN: not relax-opt %s --relax-lower-to-gpu="no-such-option=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: no-such-option

// Sizes are bounded: the block within what every target takes, vectors
// within what the target's vectors are (4 elements on SPIR-V).
// RUN: not relax-opt %s --relax-lower-to-gpu="block-size=100000000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: error: workgroup-size must be in [1, 1024], not 100000000
// BLOCK-NOT: error
// RUN: not relax-opt %s --relax-lower-to-gpu="target=vulkan vector-width=8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPIRV-WIDTH
// SPIRV-WIDTH: error: vector-width must be in [1, 4] for the target, not 8
// RUN: not relax-opt %s --relax-lower-to-gpu="target=cuda vector-width=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WIDTH
// WIDTH: error: vector-width must be in [1, 16] for the target, not 0
// RUN: not relax-opt %s --relax-lower-to-gpu="schedule=fast" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCHEDULE
// SCHEDULE: error: unknown GPU schedule 'fast'
// SCHEDULE-NOT: error

// The values that are taken, for the record: isa is PTX on cuda.
// RUN: relax-opt %s --relax-lower-to-gpu="format=isa to-llvm=false" | FileCheck %s --check-prefix=ISA
// ISA: gpu.binary @{{.*}} [#gpu.object<#nvvm.target{{.*}}assembly = "{{.*}}.target sm_80

relax.func @main(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32> {
  %y = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  relax.return %y : !relax.tensor<[n, 4], f32>
}
