/* read_all: a file's whole text for the tools that rewrite docs and tables from it (names_doc, preset_table). */
#ifndef WS_TOOLS_READ_ALL_H
#define WS_TOOLS_READ_ALL_H

/* The file at path, NUL-terminated, however long (the caller frees it); NULL when it cannot be opened or read, or
 * out of memory. */
char *read_all(const char *path);

#endif
