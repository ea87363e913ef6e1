// RUN: relax-opt %s --relax-fuse="max-group-size=0" -verify-diagnostics
// RUN: not relax-opt %s --relax-fuse="dot=%t.missing/groups.dot" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DOT
// A write that fails (a full device) is a diagnostic and exit 1, not a crash.
// RUN: not relax-opt %s --relax-fuse="dot=/dev/full" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL

// expected-error @below {{max-group-size must be positive}}
module {
}

// DOT: error: cannot write '{{.*}}.missing/groups.dot'
// DOT-NOT: see current operation
// FULL: error: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR
// FULL-NOT: see current operation
