/* The package's own C (no part of the library's API): what the WebAssembly
 * heap holds, for the test that plays many games and holds the heap to its
 * size after warm-up (test/memory.test.js) and for memoryLimit(). */
#include <emscripten/heap.h>
#include <malloc.h>
#include <stddef.h>

size_t tgjs_heap_in_use(void);
size_t tgjs_memory_limit(void);

/* The bytes malloc has handed out and not had back. */
size_t tgjs_heap_in_use(void)
{
    struct mallinfo info = mallinfo();
    return (size_t)info.uordblks;
}

/* The most the memory may grow to (build.sh's -sMAXIMUM_MEMORY). */
size_t tgjs_memory_limit(void)
{
    return emscripten_get_heap_max();
}
