/* hostload: the machine's CPU time and steal from /proc/stat (hostload.h). */
#include "hostload.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

void host_load_read(host_load *l)
{
    memset(l, 0, sizeof *l);
    FILE *f = fopen("/proc/stat", "r");
    if (!f)
        return;
    /* the first line sums every CPU: user nice system idle iowait irq softirq steal, in USER_HZ ticks */
    unsigned long long user, nice, sys, idle, iowait, irq, softirq, steal;
    long hz = sysconf(_SC_CLK_TCK);
    if (fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &user, &nice, &sys, &idle, &iowait, &irq, &softirq,
               &steal) == 8 &&
        hz > 0) {
        l->ok = 1;
        l->busy_s = (double)(user + nice + sys + irq + softirq) / (double)hz;
        l->steal_s = (double)steal / (double)hz;
    }
    fclose(f);
}
