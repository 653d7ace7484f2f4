#!/bin/sh
# Installs the peer of `warpsim bench --peer numba`: numba from PyPI (its CUDA simulator,
# NUMBA_ENABLE_CUDASIM=1, needs no GPU and no CUDA toolkit). Not part of the test command.
set -eu
python3 -c "import numba" 2>/dev/null && { python3 -c "import numba; print('numba', numba.__version__, 'already installed')"; exit 0; }
python3 -m pip install --quiet numba
python3 -c "import numba; print('numba', numba.__version__, 'installed')"
