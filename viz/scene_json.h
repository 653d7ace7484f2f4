/* scene_json: --frames-json FILE, every frame of a view as its scene, in JSON
 * (docs/viz-frames.md). No SDL. */
#ifndef VIZ_SCENE_JSON_H
#define VIZ_SCENE_JSON_H

#include "scene.h"

/* Writes every frame of v (its warp) to path; mode names how the run was timed ("timing").
 * Returns 0, or -1 when the file cannot be written. */
int viz_frames_json(viz_view *v, const char *path, const char *mode);

#endif
