/* warpsim-viz: the viewer as its own program, so that only it links SDL2 and friends.
 * `warpsim viz ARGS` runs it as `viz ARGS` (cli/cmd_viz_exec.c); the verb is cli/cmd_viz.c. */
#include "commands.h"

#if defined(__SANITIZE_ADDRESS__)
/* Under AddressSanitizer: SDL's video start-up goes through libdbus, which keeps a buffer it
   never frees when no display answers; that leak is libdbus's, not ours. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:libdbus-1.so\n"; }
#endif

int main(int argc, char **argv) { return cmd_viz(argc, argv); }
