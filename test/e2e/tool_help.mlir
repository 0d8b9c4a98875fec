// --help lists each tool's own options and the generic ones, not the
// hundreds of options LLVM's backends register (those stay usable).
// RUN: xla-run --help | FileCheck %s --check-prefix=RUNNER
// RUN: xla-translate --help | FileCheck %s --check-prefix=TRANSLATE
// RUN: xla-run --help | FileCheck %s --check-prefix=NOLLVM
// RUN: xla-translate --help | FileCheck %s --check-prefix=NOLLVM

// RUNNER: Generic Options:
// RUNNER: --help
// RUNNER: xla-run options:
// RUNNER: --entry=<string>
// RUNNER: --fusion
// RUNNER: --parallel-loops
// RUNNER: --split-input-file
// RUNNER: --target=<spec>
// RUNNER: --time

// TRANSLATE: Generic Options:
// TRANSLATE: xla-translate options:
// TRANSLATE: --emit=<value>
// TRANSLATE: =shared
// TRANSLATE: --entry=<string>
// TRANSLATE: --export-name=<string>
// TRANSLATE: --target=<spec>

// NOLLVM-NOT: x86-
// NOLLVM-NOT: --enable-
// NOLLVM-NOT: --debug-pass
// NOLLVM-NOT: --mlir-
