#!/bin/sh
# Regenerate every programs/NAME.ptx from programs/NAME.cu with nvcc, exactly as committed:
#   nvcc -arch=sm_90 -ptx programs/NAME.cu -o programs/NAME.ptx
# Usage: programs/regen-ptx.sh [NAME...]   (no names: every programs/*.cu; see scripts/regen-ptx.sh)
exec "$(dirname "$0")/../scripts/regen-ptx.sh" programs "$@"
