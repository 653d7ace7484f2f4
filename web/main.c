/* The playground's program: warpsim run and the viewer's frames (embed/embed.h), called from the
 * page with Module.callMain(["run", ...]) or (["frames", ...]) over files in memory. */
#include "embed.h"

int main(int argc, char **argv) { return ws_embed_main(argc, argv); }
