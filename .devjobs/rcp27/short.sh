# rcp27's job with fewer builds (run.sh takes more than 5 minutes: 14 builds of probe_alu3): the R set that ran on
# h100e on 2026-12-06 (docs/calibration.md "(dev28)"). Run from the repository root: OUT=DIR bash .devjobs/rcp27/short.sh
RCP27_PLAN="31:rcp_m,rcp_f,rcp_l 32:rcp_m,rcp_f,rcp_l,rcp 34:rcp 124:lop3_f,fma_f,fma 132:lop3_f,fma_f,fma 192:lop3_f,fma_f,fma" \
    exec bash .devjobs/rcp27/run.sh
