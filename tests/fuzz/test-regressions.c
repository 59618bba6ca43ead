/* test-regressions.c: every seed and every input a fuzzer once crashed on,
 * fed to the same entries as the fuzzers, in every build.
 *
 * Files live in tests/fuzz/corpus/<target>/ (seeds) and
 * tests/fuzz/regressions/<target>/ (findings, kept once fixed). An entry
 * aborts on a finding, so a test that returns has passed.
 */

#include "config.h"

#include <string.h>

#include "fuzz-targets.h"


typedef struct {
  CpFuzzEntry  entry;
  char      *path;
} Input;

static void
input_free (gpointer data)
{
  Input *input = data;

  g_free (input->path);
  g_free (input);
}

static void
test_input (gconstpointer data)
{
  const Input *input = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *bytes = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (input->path, &bytes, &len, &error));
  g_assert_no_error (error);
  g_assert_cmpint (input->entry ((const guint8 *) bytes, len), ==, 0);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Adds one test per file of tests/fuzz/@kind/<target>/, in name order so
 * runs compare. */
static guint
add_dir (const char *source_dir,
         const char *kind,
         guint       t)
{
  g_autofree char *dir_path = g_build_filename (source_dir, "tests", "fuzz", kind,
                                                cp_fuzz_targets[t].name, NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *test_path = g_strdup_printf ("/fuzz/%s/%s/%s", cp_fuzz_targets[t].name, kind, file);
      Input *input = g_new0 (Input, 1);

      input->entry = cp_fuzz_targets[t].entry;
      input->path = g_build_filename (dir_path, file, NULL);
      g_test_add_data_func_full (test_path, input, test_input, input_free);
    }
  return names->len;
}

int
main (int    argc,
      char **argv)
{
  const char *source_dir = g_getenv ("CP_SOURCE_DIR");

  g_test_init (&argc, &argv, NULL);
  /* Every seed and finding gets the slow checks the fuzzers leave out. */
  cp_fuzz_init (TRUE);
  if (source_dir == NULL)
    source_dir = SOURCE_ROOT;

  for (guint t = 0; t < CP_FUZZ_N_TARGETS; t++)
    {
      /* Every target has seeds; an empty corpus would test nothing. */
      if (add_dir (source_dir, "corpus", t) == 0)
        g_error ("no seeds in tests/fuzz/corpus/%s under %s", cp_fuzz_targets[t].name, source_dir);
      add_dir (source_dir, "regressions", t);
    }
  return g_test_run ();
}
