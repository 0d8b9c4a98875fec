// Plain against streaming (non-temporal) stores, the write and an
// immediate read-back, for buffers from 1 to 128 MiB on one thread: where
// xla-plan-streaming-stores' size threshold comes from
// (docs/cpu-backend.md, "Streaming stores"). AVX-512 only.
//
//   clang -O2 -march=native bench/streaming_stores.c -o /tmp/ss && /tmp/ss
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(void) {
  size_t maxn = ((size_t)128 << 20) / 4, junkn = ((size_t)512 << 20) / 4;
  float *a = aligned_alloc(64, maxn * 4), *b = aligned_alloc(64, maxn * 4);
  float *junk = aligned_alloc(64, junkn * 4);
  for (size_t i = 0; i < maxn; i++) {
    a[i] = i * 1e-6f;
    b[i] = 0;
  }
  for (size_t i = 0; i < junkn; i++)
    junk[i] = 1;
  float sink = 0;
  for (size_t mb = 1; mb <= 128; mb *= 2) {
    size_t n = (mb << 20) / 4;
    for (int streaming = 0; streaming < 2; streaming++) {
      double write = 1e9, read = 1e9;
      for (int round = 0; round < 7; round++) {
        // Evict both buffers from every cache first.
        for (size_t i = 0; i < junkn; i += 16)
          sink += junk[i];
        double t0 = now();
        __m512 two = _mm512_set1_ps(2);
        if (streaming)
          for (size_t i = 0; i < n; i += 16)
            _mm512_stream_ps(b + i, _mm512_mul_ps(_mm512_load_ps(a + i), two));
        else
          for (size_t i = 0; i < n; i += 16)
            _mm512_store_ps(b + i, _mm512_mul_ps(_mm512_load_ps(a + i), two));
        _mm_sfence();
        double t1 = now();
        __m512 acc = _mm512_setzero_ps();
        for (size_t i = 0; i < n; i += 16)
          acc = _mm512_add_ps(acc, _mm512_load_ps(b + i));
        double t2 = now();
        sink += _mm512_reduce_add_ps(acc);
        write = t1 - t0 < write ? t1 - t0 : write;
        read = t2 - t1 < read ? t2 - t1 : read;
      }
      printf("%4zu MiB %-9s write %7.3f ms  read back %7.3f ms  total %7.3f ms\n",
             mb, streaming ? "streaming" : "plain", write * 1e3, read * 1e3,
             (write + read) * 1e3);
    }
  }
  return sink == 12345.f;
}
