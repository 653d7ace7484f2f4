/* frames FILE.ptx [run arguments] [--warp N] [--cta N] [--only LIST] [--lane N] [--watch R]
 *        --frames-json FILE
 *
 * `warpsim viz --frames-json` without the viewer: the same launch words, options, recording,
 * scenes and JSON (viz/viz_run.h, docs/viz-frames.md), but no SDL, PNG or GIF. The in-process
 * front ends call it (ws_embed_main, embed.h): the WebAssembly playground (web/) and the Python
 * package (python/), whose pictures are drawn from this JSON. The options that draw (--png,
 * --gif, --beside, --script, --size, --delay, --font) are refused. */
#include "embed.h"
#include "scene_json.h"
#include "viz_run.h"

#include <string.h>

int viz_frames_main(int argc, char **argv)
{
    ws_launch L;
    viz_options o;
    viz_run run;
    int status;
    if (viz_begin(argc, argv, &L, &o, &run, &status) != 0)
        goto done;
    if (o.png || o.gif || o.beside || o.script || o.delay || o.font || o.w != 1280 || o.h != 720) {
        fprintf(stderr, "warpsim: error: --png, --gif, --beside, --script, --size, --delay and --font draw with the "
                        "viewer: only `warpsim viz` takes them\n");
        goto done;
    }
    if (!o.json) {
        fprintf(stderr, "warpsim: error: frames needs --frames-json FILE\n");
        goto done;
    }
    if ((status = viz_run_open(&run, &L, &o)) != WS_OK)
        goto done;
    status = WS_OK;
    if (viz_frames_json(&run.view, o.json, "timing") != 0) {
        fprintf(stderr, "warpsim viz: cannot write %s\n", o.json);
        status = WS_ERR_INPUT;
    }
done:
    viz_run_free(&run);
    ws_launch_free(&L);
    return status;
}
