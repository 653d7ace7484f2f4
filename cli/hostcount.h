/* hostcount: the host CPU's own count of the instructions this process retires (Linux
 * perf_event_open), for warpsim bench's host instructions per simulated instruction. */
#ifndef WS_HOSTCOUNT_H
#define WS_HOSTCOUNT_H

#include <stdint.h>

/* A counter of this process's user-mode instructions, or -1 where the kernel or the machine (a
 * VM without performance counters) has none. */
int host_counter_open(void);
/* Its count so far (0 for -1). */
uint64_t host_counter_read(int fd);
void host_counter_close(int fd);

#endif
