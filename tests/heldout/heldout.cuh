// tests/heldout: the input of every held-out kernel, computed from the element index so that the
// host reference (check_heldout.py, hval) makes the same numbers without reading any buffer.
#pragma once
__device__ __forceinline__ unsigned hval(unsigned i) {
    i = (i + 0x9e3779b9u) * 0x85ebca6bu;
    i ^= i >> 13;
    i *= 0xc2b2ae35u;
    i ^= i >> 16;
    return i;
}
