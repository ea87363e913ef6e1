// RUN: relax-opt %s --relax-fuse="max-group-size=0" -verify-diagnostics
// RUN: not relax-opt %s --relax-fuse="dot=%t.missing/groups.dot" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DOT

// expected-error @below {{max-group-size must be positive}}
module {
}

// DOT: error: cannot write '{{.*}}.missing/groups.dot'
