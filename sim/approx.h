/* approx: the .approx functions as the H200's special-function unit computes them (approx.c). */
#ifndef WS_APPROX_H
#define WS_APPROX_H

float ws_sin_approx(float x);
float ws_cos_approx(float x);

#endif
