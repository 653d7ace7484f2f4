/* warpsim's CUDA runtime: every entry point of libcudart.so.13 it does not provide
 * (unsupported.def) stops the program with a message that names it. A program that calls one
 * cannot be run faithfully, and one that ignores the error code it could return would run on
 * with wrong results. */
#include "rt.h"

#include <stdio.h>

_Noreturn static void unsupported(const char *name)
{
    rt_fatal("the program called %s, which warpsim's CUDA runtime does not provide "
             "(docs/cli.md, warpsim exec, lists what it does)",
             name);
}

#define U(name)                                                                                                        \
    RT_API void name(void) { unsupported(#name); }
#include "unsupported.def"
#undef U
