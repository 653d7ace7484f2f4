/* warpsim viz ...: replaces itself with warpsim-viz, the viewer (viz/), which alone links SDL2,
 * SDL2_ttf, libpng and giflib. Keeping them out of this binary spares every other verb the
 * dynamic loader's work for them (about 60 libraries, most of a `warpsim shfl`'s time; see
 * docs/performance.md). The viewer sits beside this binary in a build tree, or where
 * `cmake --install` puts it; $WARPSIM_VIZ names another. */
#include "commands.h"
#include "find_beside.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef WARPSIM_VIZ_INSTALL_DIR
#define WARPSIM_VIZ_INSTALL_DIR "/usr/local/libexec/warpsim"
#endif

int cmd_viz(int argc, char **argv)
{
    (void)argc;
    char path[PATH_MAX];
    const char *env = getenv("WARPSIM_VIZ");
    static const char *const beside[] = {"warpsim-viz", "../libexec/warpsim/warpsim-viz", NULL};
    if (env && *env)
        snprintf(path, sizeof path, "%s", env);
    else if (cli_find_beside(path, sizeof path, beside, WARPSIM_VIZ_INSTALL_DIR "/warpsim-viz", X_OK) != 0) {
        fprintf(stderr,
                "warpsim: error: no viewer: %s is missing (warpsim was built without SDL2, SDL2_ttf, libpng "
                "or giflib; see docs/cli.md)\n",
                path);
        return 2;
    }
    fflush(NULL);
    execv(path, argv); /* argv[0] is "viz", as cmd_viz expects */
    fprintf(stderr, "warpsim: error: cannot run the viewer %s: %s\n", path, strerror(errno));
    return 2;
}
