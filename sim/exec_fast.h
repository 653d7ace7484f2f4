/* exec_fast: specialised executors for the hottest instruction forms (exec_fast.c). */
#ifndef WS_EXEC_FAST_H
#define WS_EXEC_FAST_H

#include "sim.h"

/* The executor for one instruction: a specialised one for its form, else the table's. */
ws_executor ws_fast_executor(const ws_insn *in);

#endif
