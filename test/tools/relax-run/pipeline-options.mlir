// relax-run compiles with the options of --relax-lower-to-cpu (or, with a
// GPU --device, of --relax-lower-to-gpu) as relax-opt takes them; given more
// than once they add up. An option the pipeline does not have, or a value it
// does not take, is an error before anything is compiled.

// The same program, compiled for named CPUs and with other schedules, gives
// the same numbers as the default.
// RUN: relax-run %s --size n=37 --seed 1 --output %t.default.npy > /dev/null
// RUN: relax-run %s --size n=37 --seed 1 --pipeline-options=cpu=znver3 --output %t.avx2.npy > /dev/null
// RUN: relax-run %s --size n=37 --seed 1 --pipeline-options=cpu=skylake-avx512 --pipeline-options="contraction-tile=2,8 fuse=false" --output %t.avx512.npy > /dev/null
// RUN: %python -c "import numpy as np; a = np.load('%t.default.npy'); print(np.allclose(a, np.load('%t.avx2.npy'), rtol=1e-5), np.allclose(a, np.load('%t.avx512.npy'), rtol=1e-5))" | FileCheck %s --check-prefix=SAME
// SAME: True True

// The options reach the pipeline: a CPU LLVM does not know is the chooser's
// error.
// RUN: not relax-run %s --size n=4 --pipeline-options=cpu=pentium9 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: unknown cpu 'pentium9'

// RUN: not relax-run %s --size n=4 --pipeline-options=no-such-option=1 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: relax-run: error: invalid --pipeline-options 'no-such-option=1': {{.*}}no-such-option

// RUN: not relax-run %s --size n=4 --pipeline-options=runtime=threads 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: relax-run: error: invalid --pipeline-options 'runtime=threads':

// RUN: not relax-run %s --size n=4 --pipeline-options="fuse=false" --pipeline-options="fuse=maybe" 2>&1 | FileCheck %s --check-prefix=JOINED
// JOINED: relax-run: error: invalid --pipeline-options 'fuse=false fuse=maybe':

relax.func @main(%x: !relax.tensor<[n, 64], f32>, %w: !relax.tensor<[64, 48], f32>) -> !relax.tensor<[n, 48], f32> {
  %y = relax.matmul %x, %w : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 48], f32>) -> !relax.tensor<[n, 48], f32>
  %z = relax.gelu %y : (!relax.tensor<[n, 48], f32>) -> !relax.tensor<[n, 48], f32>
  relax.return %z : !relax.tensor<[n, 48], f32>
}
