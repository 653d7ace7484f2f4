/* Source operands as rows of 32 lanes (operand_row in sim.h): ROWS at the top of an executor
 * declares a_, b_ and c_; A(l), B(l), C(l) read lane l; D is the destination register. */
#ifndef WS_ROWS_H
#define WS_ROWS_H

#define ROWS                                                                                        \
    uint64_t ta_[32], tb_[32], tc_[32];                                                             \
    const uint64_t *a_ = operand_row(x, &in->ops[1], mask, ta_);                                    \
    const uint64_t *b_ = in->nops > 2 ? operand_row(x, &in->ops[2], mask, tb_) : ta_;               \
    const uint64_t *c_ = in->nops > 3 ? operand_row(x, &in->ops[3], mask, tc_) : ta_;               \
    (void)a_;                                                                                       \
    (void)b_;                                                                                       \
    (void)c_
#define A(l) a_[l]
#define B(l) b_[l]
#define C(l) c_[l]
#define D in->ops[0].reg

#endif
