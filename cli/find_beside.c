/* Files warpsim loads or runs from where it lives (find_beside.h). */
#include "find_beside.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cli_find_beside(char *out, size_t cap, const char *const *rels, const char *installed, int mode)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = n > 0 ? (exe[n] = 0, strrchr(exe, '/')) : NULL;
    if (slash) {
        *slash = 0;
        for (; *rels; rels++) {
            int w = snprintf(out, cap, "%s/%s", exe, *rels);
            if (w > 0 && (size_t)w < cap && access(out, mode) == 0)
                return 0;
        }
    }
    snprintf(out, cap, "%s", installed);
    return access(out, mode) == 0 ? 0 : -1;
}
