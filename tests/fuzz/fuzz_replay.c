/* A main() for the fuzz targets without libFuzzer: replays every file named on the command
 * line (or every file in each folder named) through LLVMFuzzerTestOneInput. ctest runs it
 * over tests/fuzz/regressions/<target>/, so every input that once crashed stays fixed, with
 * gcc or clang, and under the asan preset with the sanitizers. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(f);
    if (!buf)
        return 1;
    /* a copy of exactly len bytes, so that ASan sees reads past the end */
    uint8_t *exact = malloc(len ? len : 1);
    memcpy(exact, buf, len);
    free(buf);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    printf("replayed %s (%zu bytes)\n", path, len);
    return 0;
}

int main(int argc, char **argv)
{
    int bad = 0, count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            DIR *d = opendir(argv[i]);
            struct dirent *e;
            while (d && (e = readdir(d))) {
                if (e->d_name[0] == '.')
                    continue;
                char p[4096];
                snprintf(p, sizeof p, "%s/%s", argv[i], e->d_name);
                bad |= replay(p);
                count++;
            }
            if (d)
                closedir(d);
        } else {
            bad |= replay(argv[i]);
            count++;
        }
    }
    printf("%d inputs replayed\n", count);
    return bad;
}
