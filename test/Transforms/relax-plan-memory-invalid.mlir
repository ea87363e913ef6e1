// RUN: relax-opt %s --relax-plan-memory="report=1 sizes=n=8,m" -verify-diagnostics

// expected-error @below {{relax-plan-memory: invalid entry 'm' in sizes, expected name=value}}
module {
}
