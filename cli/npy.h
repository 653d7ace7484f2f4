/* npy: a launch's buffers written as NumPy .npy files (`warpsim run --out DIR`), so that a
 * large result is read with numpy.load instead of parsed from text. */
#ifndef WS_CLI_NPY_H
#define WS_CLI_NPY_H

#include <stddef.h>

#include "launch.h"

/* Writes every buffer argument of l as DIR/LABEL.npy (format version 1.0: a one-dimensional
 * array of the buffer's element type, in host byte order; labels are identifiers, so the
 * names are safe), creating DIR when it does not exist. Returns 0, or -1 with a sentence in
 * err that names the file and the reason. */
int ws_npy_write_buffers(const char *dir, const ws_launch *l, char *err, size_t cap);

#endif
