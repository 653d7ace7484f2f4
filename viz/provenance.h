/* provenance: the dataflow of a recording (record.h's rec_inputs) as the viewer shows it:
 * which values still reach an output, and the tree a selected lane's value grew from. No SDL. */
#ifndef VIZ_PROVENANCE_H
#define VIZ_PROVENANCE_H

#include "record.h"

/* A store whose values leave the block: to global memory (or generic addresses, which nvcc
 * uses for global pointers it cannot prove), or to local memory (printf's arguments). */
bool viz_is_output(const rec_step *s);

/* Per rec_ref (r->nsteps * 8 entries): the lanes whose value the kernel's outputs depend on,
 * through any chain of instructions and any operand: what an output store writes, where and
 * whether (its value, address and guard), and which way a branch goes (its guard). A value
 * outside is "don't care": nothing the kernel writes depends on it. NULL when out of memory. */
uint32_t *viz_live_compute(const recording *r);

/* The input lanes of the value (ref, lane); a stored element's are those of the value stored. */
rec_prov viz_value_prov(const recording *r, rec_ref ref, unsigned lane);

/* A node of a tree: the value lane `lane` of step REC_REF_STEP(ref) wrote. */
typedef struct {
    rec_ref ref;
    uint8_t lane;
    uint16_t row; /* trees are drawn by rows: one row per step, earliest first */
    bool leaf;    /* an input: loaded from memory the block did not write, or %tid */
} viz_tree_node;

typedef struct {
    uint32_t from, to; /* node indices: the value `from` flowed into `to` */
    bool moved;        /* through a shuffle (or memory written by another lane) on the way */
} viz_tree_edge;

#define VIZ_TREE_MAX_ROWS  24
#define VIZ_TREE_MAX_NODES 1024

typedef struct {
    viz_tree_node *nodes; /* nodes[0] is the root */
    size_t nnodes;
    viz_tree_edge *edges;
    size_t nedges;
    size_t row_step[VIZ_TREE_MAX_ROWS]; /* the step of each row */
    unsigned nrows;
    rec_prov prov;   /* the root's input lanes */
    unsigned ninsns; /* distinct instructions (pcs) the value went through, moves included */
    uint32_t *pcs;   /* the first min(ninsns, 64) of them, in pc order */
    bool cut;        /* earlier rows than VIZ_TREE_MAX_ROWS, or more nodes, were left out */
} viz_tree;

/* The tree of (root, lane): register moves, shuffles and selp in between are folded into the edges
 * (a moved edge crosses lanes). Returns 0, or -1 when out of memory. */
int viz_tree_build(viz_tree *t, const recording *r, rec_ref root, unsigned lane);
void viz_tree_free(viz_tree *t);

/* The lane distance (source lane - destination lane) every cross-lane edge into row `row`
 * spans: +16 for the first step of a shfl.down reduction; 0 when the row has none, or when
 * its edges span different distances. */
int viz_tree_row_delta(const viz_tree *t, unsigned row);

/* The distinct pcs the value (ref, lane) went through, in pc order, into pcs (cap entries);
 * returns how many there are (may exceed cap). Stops after max_nodes values (*cut set). The
 * walker is scratch memory kept from one call to the next (--frames-json asks for every lane
 * of every frame). */
typedef struct viz_walker viz_walker;
viz_walker *viz_walker_create(void);
void viz_walker_destroy(viz_walker *w);
unsigned viz_prov_pcs(viz_walker *w, const recording *r, rec_ref ref, unsigned lane, uint32_t *pcs, unsigned cap,
                      size_t max_nodes, bool *cut);

#endif
