/* hostcount: user-mode instructions retired, from perf_event_open (hostcount.h). */
#include "hostcount.h"

#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif

int host_counter_open(void)
{
#if defined(__linux__) && defined(SYS_perf_event_open)
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.type = PERF_TYPE_HARDWARE;
    a.config = PERF_COUNT_HW_INSTRUCTIONS;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
#else
    return -1;
#endif
}

uint64_t host_counter_read(int fd)
{
    uint64_t v = 0;
    if (fd < 0 || read(fd, &v, sizeof v) != (ssize_t)sizeof v)
        return 0;
    return v;
}

void host_counter_close(int fd)
{
    if (fd >= 0)
        close(fd);
}
