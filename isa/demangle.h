/* demangle: C++ kernel names as people write them.
 *
 * nvcc gives a C++ __global__ function an Itanium-mangled entry name (_Z3fooPi for
 * foo(int*)); users know it as foo, foo(int*) or foo<int>. This is a small demangler for the
 * part of the grammar kernel names use (namespaces, class and function templates with type
 * and integer arguments, pointers, references, cv-qualifiers, builtin types, substitutions
 * and template parameters), and the rule that says whether a name the user typed means a
 * given entry. Standalone: the hardware runner compiles it too. */
#ifndef WS_DEMANGLE_H
#define WS_DEMANGLE_H

#include <stddef.h>

/* The demangled form of an Itanium name, as c++filt writes it ("void foo<int>(int*)" for
 * _Z3fooIiEvPT_, "ns::bar(float const*, int)" for _ZN2ns3barEPKfi), into out. Returns 0, or
 * -1 when the name is not mangled or uses a part of the grammar this demangler does not know. */
int ws_demangle(const char *mangled, char *out, size_t cap);

/* Does `query` name the entry `mangled`? It does when it is the entry's own name, or, after
 * spaces that separate no two words are dropped, the demangled form with or without its
 * return type, the name with its template arguments (foo<int>), the qualified name without
 * them (ns::foo) or the last component alone (foo). */
int ws_kernel_name_matches(const char *mangled, const char *query);

#endif
