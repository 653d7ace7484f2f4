/* embed: warpsim's command line as a function, for front ends that run warpsim inside their own
 * process: the WebAssembly playground (web/) and the Python package (python/). Both hand it the
 * words a shell would give `warpsim`, so a kernel runs exactly as on the command line (the same
 * launch words, checks, buffers and report), and read back what it printed. */
#ifndef WS_EMBED_H
#define WS_EMBED_H

/* argv[0] is the program's name, argv[1] the verb:
 *   run ...     `warpsim run` (cli/cmd_run.c)
 *   frames ...  `warpsim viz ... --frames-json FILE` without the viewer (frames.c)
 * Returns the exit status the command would have (0 ok, 1 diagnostics, 2 bad input, 3 a limit, 4
 * internal). Prints to stdout and stderr, as the command does. */
int ws_embed_main(int argc, char **argv);

/* ws_embed_main with stdout and stderr (file descriptors 1 and 2) sent to the files out_path and
 * err_path for the call, then restored: how a host whose own output must not mix with warpsim's
 * (a Python interpreter, a Jupyter kernel) reads what warpsim printed. Not for several threads at
 * once. Returns the exit status, or -1 when a file cannot be opened (nothing ran). */
int ws_embed_call(int argc, char **argv, const char *out_path, const char *err_path);

/* The frames verb itself. */
int viz_frames_main(int argc, char **argv);

#endif
