/* test-regressions.c: every seed and every input a fuzzer once crashed on,
 * fed to the same entries as the fuzzers, in every build.
 *
 * Files live in tests/fuzz/corpus/<target>/ (seeds) and
 * tests/fuzz/regressions/<target>/ (findings, kept once fixed). An entry
 * aborts on a finding, so a test that returns has passed.
 *
 * /fuzz/seeds-current/ checks that the seeds of this version's own
 * formats (project files, XML reports, exported quotes) are what it
 * writes now: when a format changes they fail until make-seeds.sh runs.
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "report/cp-report.h"
#include "store/cp-demo.h"
#include "store/cp-quote-csv.h"
#include "store/cp-store.h"

#include "fuzz-common.h"


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
  cp_fuzz_forbid_printing (TRUE);
  g_assert_cmpint (input->entry ((const guint8 *) bytes, len), ==, 0);
  cp_fuzz_forbid_printing (FALSE);
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

/* The seeds make-seeds.sh writes with this version's writers: they go
 * stale whenever a format changes (issue 24), and a fuzzer started from
 * an older format spends its time where users' files never lead. */
static const char * const current_projects[] = { "empty.cplan", "demo.cplan", "small.cplan" };

static char *
seed_path (const char *target,
           const char *name)
{
  const char *source_dir = g_getenv ("CP_SOURCE_DIR");

  return g_build_filename (source_dir ? source_dir : SOURCE_ROOT, "tests", "fuzz", "corpus",
                           target, name, NULL);
}

/* Every table, index and trigger with its definition, and the format
 * version: what a project file's layout is. */
static char *
project_layout (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  GString *layout = g_string_new (NULL);

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db,
                                       "SELECT type || ' ' || name || ': ' || coalesce (sql, '') "
                                       "FROM sqlite_master UNION ALL "
                                       "SELECT 'user_version ' || user_version FROM pragma_user_version "
                                       "ORDER BY 1", -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (layout, "%s\n", (const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return g_string_free (layout, FALSE);
}

static void
test_seeds_projects (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cp-seeds-XXXXXX", &error);
  g_autofree char *fresh_path = NULL;
  g_autofree char *fresh = NULL;
  g_autoptr(CpProject) project = cp_project_new ();

  g_assert_no_error (error);
  fresh_path = g_build_filename (dir, "fresh.cplan", NULL);
  g_assert_true (cp_project_save_file (project, fresh_path, &error));
  g_assert_no_error (error);
  fresh = project_layout (fresh_path);
  g_unlink (fresh_path);
  g_rmdir (dir);

  for (guint i = 0; i < G_N_ELEMENTS (current_projects); i++)
    {
      g_autofree char *path = seed_path ("project", current_projects[i]);
      g_autofree char *layout = project_layout (path);

      if (g_strcmp0 (layout, fresh) != 0)
        g_error ("tests/fuzz/corpus/project/%s is not laid out as this version writes a project: "
                 "run tests/fuzz/make-seeds.sh BUILD_DIR\n--- seed\n%s--- this version\n%s",
                 current_projects[i], layout, fresh);
    }
}

static void
test_seeds_csv (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_demo_project_new (&error);
  g_autofree char *path = seed_path ("csv", "exported-quotes.csv");
  g_autofree char *seed = NULL;
  g_autofree char *written = NULL;
  gsize len = 0;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &seed, NULL, &error));
  written = cp_quote_csv_write (demo->quotes, &len);
  if (g_strcmp0 (seed, written) != 0)
    g_error ("tests/fuzz/corpus/csv/exported-quotes.csv is not the demo's quotes as this version "
             "exports them: run tests/fuzz/make-seeds.sh BUILD_DIR");
}

/* The <project> element, as the writer lays it out. */
static char *
project_element (const char *xml)
{
  const char *start = strstr (xml, "\n  <project>\n");
  const char *end = start ? strstr (start, "\n  </project>\n") : NULL;

  g_assert_nonnull (end);
  return g_strndup (start, (gsize) (end - start));
}

/* Each XML seed's project, read and written again, comes out as it was:
 * a seed lacking what the writer now writes (or holding what it no
 * longer does) differs. */
static void
test_seeds_xml (void)
{
  const char * const seeds[] = {
    "empty-en.xml", "empty-zh_CN.xml", "small-en-project.xml", "small-zh_CN-project.xml",
  };

  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = seed_path ("xml", seeds[i]);
      g_autofree char *seed = NULL;
      g_autofree char *written = NULL;
      g_autofree char *seed_project = NULL;
      g_autofree char *written_project = NULL;
      g_autoptr(CpProject) project = NULL;
      gsize len = 0;

      g_assert_true (g_file_get_contents (path, &seed, &len, &error));
      project = cp_report_xml_parse (seed, len, &error);
      g_assert_no_error (error);
      written = cp_report_xml_to_data (project, strstr (seeds[i], "zh_CN") ? "zh_CN" : "en", &len);
      seed_project = project_element (seed);
      written_project = project_element (written);
      if (g_strcmp0 (seed_project, written_project) != 0)
        g_error ("tests/fuzz/corpus/xml/%s is not what this version writes: "
                 "run tests/fuzz/make-seeds.sh BUILD_DIR\n--- seed%s\n--- this version%s",
                 seeds[i], seed_project, written_project);
    }
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
  g_test_add_func ("/fuzz/seeds-current/project", test_seeds_projects);
  g_test_add_func ("/fuzz/seeds-current/csv", test_seeds_csv);
  g_test_add_func ("/fuzz/seeds-current/xml", test_seeds_xml);
  return g_test_run ();
}
