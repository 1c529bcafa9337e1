/* The one C file of the JavaScript package: the bytes malloc has handed out
 * and not had back, for the test that plays many games and holds the heap
 * to its size after warm-up (test/memory.test.js). */
#include <malloc.h>
#include <stddef.h>

size_t tgjs_heap_in_use(void);

size_t tgjs_heap_in_use(void)
{
    struct mallinfo info = mallinfo();
    return (size_t)info.uordblks;
}
