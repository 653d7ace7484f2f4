#!/bin/sh
# warpsim viz with no display to open a window on stops at once, with a message that points to
# the headless outputs (--png DIR, --gif FILE) and exit status 5: with no DISPLAY, with a DISPLAY
# no X server answers, and with SDL told to use x11 there. Each must end within 2 seconds (the
# kernel's run included); `timeout` only keeps a hang from stalling the suite.
# usage: check_viz_nodisplay.sh WARPSIM SOURCE_DIR
set -u
W=$1
S=$2
fails=0
check() { # NAME COMMAND...
    name=$1
    shift
    start=$(date +%s%N)
    out=$("$@" 2>&1)
    rc=$?
    ms=$((($(date +%s%N) - start) / 1000000))
    if [ $rc -ne 5 ] || [ $ms -gt 2000 ] || ! printf '%s' "$out" | grep -q -- '--png DIR' ||
        ! printf '%s' "$out" | grep -q -- '--gif FILE'; then
        echo "FAIL $name: exit $rc (want 5) after $ms ms (at most 2000), output:"
        printf '%s\n' "$out" | sed 's/^/  | /'
        fails=$((fails + 1))
    else
        echo "ok $name: exit 5 after $ms ms"
    fi
}
P="$S/programs/warp_reduce_down.ptx"
A="@$S/programs/warp_reduce_down.args"
check "no DISPLAY" env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER timeout 20 "$W" viz "$P" "$A"
check "a DISPLAY no server answers" env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER DISPLAY=:8537 timeout 20 "$W" viz "$P" "$A"
check "x11 asked for, no server" env -u WAYLAND_DISPLAY SDL_VIDEODRIVER=x11 DISPLAY=:8537 timeout 20 "$W" viz "$P" "$A"
[ $fails -eq 0 ]
