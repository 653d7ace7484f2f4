#!/bin/sh
# Regenerate every tests/corpus/NAME.ptx from tests/corpus/NAME.cu with nvcc, exactly as committed.
# Usage: tests/corpus/regen-ptx.sh [NAME...]   (no names: every tests/corpus/*.cu)
#        JOBS=N tests/corpus/regen-ptx.sh      compile N at a time (default 1); see scripts/regen-ptx.sh
exec "$(dirname "$0")/../../scripts/regen-ptx.sh" tests/corpus "$@"
