// The compilation cache of xla-run (docs/compile-time.md): a miss compiles
// and stores, a hit loads the stored library; other options and another
// compiler binary miss; a damaged entry (truncated, or a flipped byte) is
// detected by its checksum, removed and compiled again, never run; the
// least recently used entry goes when the directory outgrows its bound;
// processes that compile the same program at once all run it, and leave
// one entry.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --cache-dir=%t/c --time --runs 1 --no-print 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: xla-run %s --cache-dir=%t/c --time --runs 1 --no-print 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: python3 %S/Inputs/cache_tool.py count %t/c | FileCheck %s --check-prefix=ONE
// RUN: xla-run %s --cache-dir=%t/c --time --runs 1 --no-print --fusion=false 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: xla-run %s --cache-dir=%t/c --time --runs 1 --no-print --opt-level=2 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: xla-run %s --cache-dir=%t/c --time --runs 1 --no-print --fusion=false 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: xla-run %s --cache-dir=%t/c --time --runs 1 --no-print --no-cache 2>&1 | FileCheck %s --check-prefix=BYPASS
// RUN: cp xla-run %t/xla-run-copy
// RUN: %t/xla-run-copy %s --cache-dir=%t/c --time --runs 1 --no-print 2>&1 | FileCheck %s --check-prefix=MISS
//
// Damaged entries.
// RUN: rm -rf %t/d && xla-run %s --cache-dir=%t/d --no-print
// RUN: python3 %S/Inputs/cache_tool.py damage %t/d truncate
// RUN: xla-run %s --cache-dir=%t/d --time --runs 1 --no-print 2>&1 | FileCheck %s --check-prefix=CORRUPT
// RUN: python3 %S/Inputs/cache_tool.py damage %t/d flip
// RUN: xla-run %s --cache-dir=%t/d --time --runs 1 --no-print 2>&1 | FileCheck %s --check-prefix=CORRUPT
// RUN: xla-run %s --cache-dir=%t/d --time --runs 1 --no-print 2>&1 | FileCheck %s --check-prefix=HIT
//
// Eviction: with a bound that holds either entry but not both, storing the
// unfused program evicts the fused one, used least recently.
// RUN: rm -rf %t/e %t/e2 && xla-run %s --cache-dir=%t/e --no-print
// RUN: xla-run %s --cache-dir=%t/e2 --no-print --fusion=false
// RUN: xla-run %s --cache-dir=%t/e --cache-max-size=$(python3 %S/Inputs/cache_tool.py bound %t/e %t/e2) --no-print --fusion=false
// RUN: python3 %S/Inputs/cache_tool.py count %t/e | FileCheck %s --check-prefix=ONE
// RUN: xla-run %s --cache-dir=%t/e --time --runs 1 --no-print --fusion=false 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: xla-run %s --cache-dir=%t/e --time --runs 1 --no-print 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: not xla-run %s --cache-dir=%t/e --cache-max-size=lots --no-print 2>&1 | FileCheck %s --check-prefix=BADSIZE
//
// Four processes compile the same program into an empty cache at once.
// RUN: rm -rf %t/r
// RUN: python3 %S/Inputs/cache_tool.py race 4 xla-run %s --cache-dir=%t/r --no-print 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: python3 %S/Inputs/cache_tool.py count %t/r | FileCheck %s --check-prefix=ONE
// RUN: xla-run %s --cache-dir=%t/r --time --runs 1 --no-print 2>&1 | FileCheck %s --check-prefix=HIT

// MISS-DAG: compile time: {{.*}} ms (compilation cache: miss)
// MISS-DAG: all 1 check(s) passed
// HIT-DAG: compile time: {{.*}} ms (compilation cache: hit)
// HIT-DAG: all 1 check(s) passed
// BYPASS: compile time: {{.*}} ms (compilation cache: bypassed)
// CORRUPT-DAG: compile time: {{.*}} ms (compilation cache: corrupt entry replaced)
// CORRUPT-DAG: all 1 check(s) passed
// ONE: entries: 1
// BADSIZE: --cache-max-size: expected a size like 512M or 1G, got 'lots'
// RACE: race: 4 of 4 passed

func.func @main(%x: tensor<4096xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<4096xf32>
  %y = hlo.multiply %x, %x : tensor<4096xf32>
  %e = hlo.exponential %y : tensor<4096xf32>
  %ge = hlo.compare GE, %e, %zero, FLOAT : (tensor<4096xf32>, tensor<4096xf32>) -> tensor<4096xi1>
  %true = hlo.constant dense<true> : tensor<i1>
  %all = hlo.reduce(%ge init: %true) applies hlo.and across dimensions = [0] : (tensor<4096xi1>, tensor<i1>) -> tensor<i1>
  check.expect_eq_const %all, dense<true> : tensor<i1>
  return
}
