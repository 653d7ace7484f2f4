#!/usr/bin/env bash
# check_notebook.sh SRCDIR WORKDIR
# docs/notebooks/*.ipynb executed top to bottom by nbclient in the virtual environment that
# check_python.sh made (WORKDIR/venv, the package installed from its wheel), with nbclient and
# ipykernel added. Each notebook checks its own results (assert); a cell that raises fails the
# test, and every warpsim.show must have produced its picture. Skipped (77), saying why, when the
# venv is missing (python_package skipped) or nbclient and ipykernel cannot be installed.
set -u
src=$(cd "$1" && pwd)
work=$2
skip() { echo "SKIPPED: $*"; exit 77; }
[ -x "$work/venv/bin/python" ] && "$work/venv/bin/python" -c "import warpsim" 2> /dev/null ||
    skip "no virtual environment with warpsim in $work/venv (the python_package test makes it)"
pip=("$work/venv/bin/pip" install --quiet --disable-pip-version-check --timeout 20 --retries 1)
[ -n "${WARPSIM_WHEEL_DIR:-}" ] && pip+=(--no-index --find-links "$WARPSIM_WHEEL_DIR")
if ! timeout 600 "${pip[@]}" nbclient nbformat ipykernel > "$work/pip-nb.log" 2>&1; then
    tail -3 "$work/pip-nb.log"
    skip "pip could not install nbclient and ipykernel (no network? set WARPSIM_WHEEL_DIR)"
fi
status=0
for nb in "$src"/docs/notebooks/*.ipynb; do
    "$work/venv/bin/python" - "$nb" <<'PY' || status=1
import sys, time, nbformat, nbclient
path = sys.argv[1]
nb = nbformat.read(path, as_version=4)
t0 = time.time()
try:
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": path.rsplit("/", 1)[0]}}).execute()
except Exception as e:
    print("FAILED: %s: %s" % (path, str(e)[-3000:]))
    sys.exit(1)
cells = [c for c in nb.cells if c.cell_type == "code"]
shows = [c for c in cells if "warpsim.show(" in c.source]
drawn = [c for c in shows if any("WarpsimRender.mount" in o.get("data", {}).get("text/html", "") for o in c.outputs)]
print("%s: %d code cells ran in %.1f s, %d of %d warpsim.show cells drew their frames" %
      (path.rsplit("/", 1)[1], len(cells), time.time() - t0, len(drawn), len(shows)))
sys.exit(0 if len(drawn) == len(shows) > 0 else 1)
PY
done
exit $status
