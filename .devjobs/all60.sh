# all60: this session's device jobs in one call. On any card: span60 (what picks fwin40's 4-warp span launch by
# launch) and regb60 (whether region B's kept lines beside region A are the launch before's). On an H200 also fwin40,
# fwin53 and fwin54 (far code on the H200: every far-code figure so far is an H100's). Run from the repository root:
# OUT=DIR bash .devjobs/all60.sh
JOBS="${JOBS:-span60 regb60}" H200_JOBS="fwin40 fwin53 fwin54" exec bash .devjobs/all50.sh
