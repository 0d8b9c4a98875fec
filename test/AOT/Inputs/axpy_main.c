/* Calls the ahead-of-time compiled axpy through its generated header. */
#include "axpy.h"

#include <stdio.h>

int main(void) {
  float a[AXPY_ARG0_ELEMENTS] = {2, 2, 2, 2, 2, 2};
  float x[AXPY_ARG1_ELEMENTS] = {1, 2, 3, 4, 5, 6};
  float y[AXPY_ARG2_ELEMENTS] = {1, 1, 1, 1, 1, 1};
  float out[AXPY_RESULT0_ELEMENTS];
  axpy(a, x, y, out);
  for (int i = 0; i < AXPY_RESULT0_ELEMENTS; ++i)
    printf("%.1f%s", out[i], i + 1 < AXPY_RESULT0_ELEMENTS ? " " : "\n");
  return 0;
}
