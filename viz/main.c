/* warpsim-viz: the viewer as its own program, so that only it links SDL2 and friends.
 * `warpsim viz ARGS` runs it as `viz ARGS` (cli/cmd_viz_exec.c); the verb is cli/cmd_viz.c. */
#include "commands.h"

int main(int argc, char **argv) { return cmd_viz(argc, argv); }
