/* cp-test-dir.c: scratch directories for tests that write files. */
#include <glib/gstdio.h>

#include "cp-test-dir.h"

void
cp_test_remove_tree (const char *path)
{
  /* A link is removed, never followed: what it points to is not the
   * test's (a link to the source tree would take it along). */
  GDir *dir = g_file_test (path, G_FILE_TEST_IS_SYMLINK) ? NULL : g_dir_open (path, 0, NULL);

  if (dir != NULL)
    {
      const char *name;

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          cp_test_remove_tree (child);
        }
      g_dir_close (dir);
    }
  g_remove (path);
}

char *
cp_test_init_with_tmp_dir (int        *argc,
                           char     ***argv,
                           const char *name_template)
{
  g_autoptr(GError) error = NULL;
  char *tmp_dir;

  g_test_init (argc, argv, NULL);
  tmp_dir = g_dir_make_tmp (name_template, &error);
  g_assert_no_error (error);
  return tmp_dir;
}

int
cp_test_run_then_remove (char *tmp_dir)
{
  int status = g_test_run ();

  if (status == 0)
    cp_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}

char *
cp_test_read_in (const char *dir,
                 const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

GBytes *
cp_test_file_bytes (const char *path)
{
  char *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return g_bytes_new_take (data, len);
}

GBytes *
cp_test_file_bytes_in (const char *dir,
                       const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return cp_test_file_bytes (path);
}

void
cp_test_assert_file_unchanged (const char *path,
                               GBytes     *before)
{
  g_autoptr(GBytes) now = cp_test_file_bytes (path);
  gsize before_len, now_len;
  const void *before_data = g_bytes_get_data (before, &before_len);
  const void *now_data = g_bytes_get_data (now, &now_len);

  g_assert_cmpmem (now_data, now_len, before_data, before_len);
}

void
cp_test_assert_file_unchanged_in (const char *dir,
                                  const char *name,
                                  GBytes     *before)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  cp_test_assert_file_unchanged (path, before);
}
