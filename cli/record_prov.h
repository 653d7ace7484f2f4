/* record_prov: the dataflow part of the recording (record.h): which registers an instruction
 * reads and in what role, the last store to each word of memory, and the provenance of each
 * value written. Internal to record.c; the viewer walks the result through rec_inputs. */
#ifndef WS_RECORD_PROV_H
#define WS_RECORD_PROV_H

#include "record.h"

/* The registers in reads, in operand order, with their roles; returns how many. */
unsigned rec_sources_of(const recording *r, const ws_insn *in, rec_src out[REC_MAX_SRC]);

/* Step s (index si, not yet counted in r->nsteps) as ev reports it: fills s->dst_prov and, for
 * loads, s->mem_from; records its stores in r->words. Runs before the step's destinations
 * reach the shadow registers. Returns 0, or -1 when out of memory. */
int rec_prov_step(recording *r, rec_step *s, size_t si, const ws_event *ev);

#endif
