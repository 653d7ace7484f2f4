/* sentence: one plain sentence that says what a frame's instruction does to the lanes ("lane i
 * reads lane i+3 of its group of 8; lanes 5-7 of each group keep their own value"), and a line
 * of detail under it, written into the scene. No SDL. */
#ifndef VIZ_SENTENCE_H
#define VIZ_SENTENCE_H

#include "scene.h"

/* Fills sc->rule and sc->detail from the rest of the scene. */
void viz_rule_sentence(viz_scene *sc, const recording *r);

#endif
