/* An LD_PRELOAD shim that counts the heap allocations made by JIT-compiled
 * code, for bench/llama_spine.py.
 *
 * Replaces malloc, calloc, realloc, aligned_alloc, posix_memalign and
 * memalign with glibc's own (__libc_*) and counts a call, with the bytes it
 * asked for, when its return address lies outside every loaded object
 * (_dl_find_object fails): code the JIT emitted, not relax-run, LLVM or a
 * runtime library. At exit, writes "jit_calls jit_bytes all_calls
 * all_bytes" to the file named by MALLOC_COUNT_OUT.
 *
 * Build: cc -O2 -shared -fPIC -o malloc_count.so malloc_count.c
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static unsigned long long jitCalls, jitBytes, allCalls, allBytes;

static void count(void *caller, size_t bytes) {
  __atomic_fetch_add(&allCalls, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&allBytes, bytes, __ATOMIC_RELAXED);
  struct dl_find_object object;
  if (_dl_find_object(caller, &object) != 0) {
    __atomic_fetch_add(&jitCalls, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&jitBytes, bytes, __ATOMIC_RELAXED);
  }
}

void *malloc(size_t size) {
  count(__builtin_return_address(0), size);
  return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
  count(__builtin_return_address(0), n * size);
  return __libc_calloc(n, size);
}

void *realloc(void *ptr, size_t size) {
  count(__builtin_return_address(0), size);
  return __libc_realloc(ptr, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count(__builtin_return_address(0), size);
  return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
  count(__builtin_return_address(0), size);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  count(__builtin_return_address(0), size);
  void *ptr = __libc_memalign(alignment, size);
  if (!ptr && size)
    return 12; /* ENOMEM */
  *out = ptr;
  return 0;
}

__attribute__((destructor)) static void report(void) {
  const char *path = getenv("MALLOC_COUNT_OUT");
  if (!path)
    return;
  FILE *file = fopen(path, "w");
  if (!file)
    return;
  fprintf(file, "%llu %llu %llu %llu\n", jitCalls, jitBytes, allCalls,
          allBytes);
  fclose(file);
}
