/* cp-test-dir.h: scratch directories for tests that write files. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Removes @path and everything below it; missing paths are ignored. */
void cp_test_remove_tree (const char *path);
/* g_test_init() for a test program that writes files: returns a new scratch
 * directory made from @name_template ("cp-NAME-XXXXXX"); the program fails
 * at once if it cannot be made. */
char *cp_test_init_with_tmp_dir (int        *argc,
                                 char     ***argv,
                                 const char *name_template);
/* Runs the tests added so far and returns g_test_run()'s status. Removes
 * @tmp_dir only when every test passed, so that a failing run leaves its
 * files for a look; frees @tmp_dir either way. */
int cp_test_run_then_remove (char *tmp_dir);
/* The contents of @name in @dir; the test fails if it cannot be read. */
char *cp_test_read_in (const char *dir,
                       const char *name);
/* The bytes of the file at @path; the test fails if it cannot be read. */
GBytes *cp_test_file_bytes (const char *path);
/* The bytes of @name in @dir, as cp_test_file_bytes() reads them. */
GBytes *cp_test_file_bytes_in (const char *dir,
                               const char *name);
/* Fails the test unless the file at @path holds exactly @before, as a
 * refused or read-only command must leave it. */
void cp_test_assert_file_unchanged (const char *path,
                                    GBytes     *before);
/* cp_test_assert_file_unchanged() for @name in @dir. */
void cp_test_assert_file_unchanged_in (const char *dir,
                                       const char *name,
                                       GBytes     *before);

G_END_DECLS
