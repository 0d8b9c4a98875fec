// The GoogleTest unit tests of the runtime (test/Runtime/RuntimeTest.cpp),
// built when GoogleTest is installed.
// REQUIRES: runtime-unittests
// RUN: xla-runtime-tests --gtest_brief=1 2>&1 | FileCheck %s
// CHECK-NOT: FAILED
// CHECK: [  PASSED  ]
