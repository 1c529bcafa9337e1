/* Runs a fuzz harness over files, without libFuzzer: the seed corpus and
 * every past finding (regressions/) replay in the ordinary test suite. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    static uint8_t buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, n);
    return 1;
}

int main(int argc, char **argv)
{
    int files = 0;
    for (int i = 1; i < argc; i++) {
        DIR *d = opendir(argv[i]);
        if (!d) {
            files += run_file(argv[i]);
            continue;
        }
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            if (e->d_name[0] == '.')
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
            files += run_file(path);
        }
        closedir(d);
    }
    printf("replayed %d inputs\n", files);
    return 0;
}
