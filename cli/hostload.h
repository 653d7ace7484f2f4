/* hostload: what the rest of the machine did while warpsim bench measured, from Linux's
 * /proc/stat: the CPU time of every process on every CPU, and the time the hypervisor gave this
 * VM's CPUs to someone else (steal). With the bench's own CPU time taken off, the first is the
 * load of the other jobs on the machine (the noisy neighbour); warpsim bench --speedup prints both
 * beside its scaling. */
#ifndef WS_HOSTLOAD_H
#define WS_HOSTLOAD_H

typedef struct {
    int ok;        /* 0: no /proc/stat (not Linux): the seconds below are 0 */
    double busy_s; /* CPU seconds spent so far on all CPUs, in user and kernel mode */
    double steal_s;
} host_load;

void host_load_read(host_load *l);

#endif
