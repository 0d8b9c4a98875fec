/* Calls the ahead-of-time compiled last_column through its header. */
#include "last_column.h"

#include <stdio.h>

int main(void) {
  float x[LAST_COLUMN_ARG0_ELEMENTS];
  float out[LAST_COLUMN_RESULT0_ELEMENTS];
  for (int i = 0; i < LAST_COLUMN_ARG0_ELEMENTS; ++i)
    x[i] = (float)i;
  last_column(x, out);
  for (int i = 0; i < LAST_COLUMN_RESULT0_ELEMENTS; ++i)
    printf("%.0f%s", out[i], i + 1 < LAST_COLUMN_RESULT0_ELEMENTS ? " " : "\n");
  return 0;
}
