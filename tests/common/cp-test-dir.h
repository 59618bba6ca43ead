/* cp-test-dir.h: scratch directories for tests that write files. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Removes @path and everything below it; missing paths are ignored. */
void cp_test_remove_tree (const char *path);

G_END_DECLS
