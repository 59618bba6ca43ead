/* cp-test-dir.h: scratch directories for tests that write files. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Removes @path and everything below it; missing paths are ignored. */
void cp_test_remove_tree (const char *path);
/* The contents of @name in @dir; the test fails if it cannot be read. */
char *cp_test_read_in (const char *dir,
                       const char *name);
/* The bytes of the file at @path; the test fails if it cannot be read. */
GBytes *cp_test_file_bytes (const char *path);

G_END_DECLS
