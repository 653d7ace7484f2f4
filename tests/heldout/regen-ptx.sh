#!/bin/sh
# Regenerate every tests/heldout/NAME.ptx from tests/heldout/NAME.cu with nvcc, exactly as committed.
# Usage: tests/heldout/regen-ptx.sh [NAME...]   (no names: every tests/heldout/*.cu); see scripts/regen-ptx.sh
exec "$(dirname "$0")/../../scripts/regen-ptx.sh" tests/heldout "$@"
