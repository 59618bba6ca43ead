/* test-store-holes.c: the project-file holes a reliability probe found
 * (issue 24): tables with the right names but altered definitions, a path
 * that reads as an SQLite URI, a hot journal left by a killed program. */

#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store/cp-model-config.h"
#include "store/cp-quote-csv.h"
#include "store/cp-store-async.h"
#include "store/cp-store.h"
#include "common/cp-test-demo.h"
#include "common/cp-test-dir.h"

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static void
save_demo (const char *path)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(GError) error = NULL;

  g_assert_true (cp_project_save_file (demo, path, &error));
  g_assert_no_error (error);
}

static double
first_quote_price (const CpProject *project)
{
  g_assert_cmpuint (project->quotes->len, >, 0);
  return ((const CpQuote *) g_ptr_array_index (project->quotes, 0))->price;
}

/* Rebuilds @table of the file at @path with its CREATE statement's
 * @from replaced by @to, keeping its rows, as a hand edit would. */
static void
alter_definition (const char *path, const char *table, const char *from, const char *to)
{
  g_autofree char *select = g_strdup_printf ("SELECT sql FROM sqlite_schema WHERE name = '%s'", table);
  g_autofree char *create = NULL;
  g_autofree char *script = NULL;
  g_auto(GStrv) halves = NULL;
  sqlite3_stmt *stmt = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, select, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  halves = g_strsplit ((const char *) sqlite3_column_text (stmt, 0), from, 2);
  sqlite3_finalize (stmt);
  g_assert_nonnull (halves[1]);
  create = g_strconcat (halves[0], to, halves[1], NULL);
  script = g_strdup_printf ("PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; BEGIN;"
                            "ALTER TABLE %s RENAME TO old_table; %s;"
                            "INSERT INTO %s SELECT * FROM old_table; DROP TABLE old_table; COMMIT;",
                            table, create, table);
  g_assert_cmpint (sqlite3_exec (db, script, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

static void
assert_definition_refused (const char *name, const char *table, const char *from,
                           const char *to, const char *named)
{
  g_autofree char *path = tmp_path (name);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;
  CpStore *store;

  save_demo (path);
  alter_definition (path, table, from, to);
  before = cp_test_file_bytes (path);

  store = cp_store_open (path, FALSE, &error);
  g_assert_null (store);
  g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_UNSAFE);
  g_assert_nonnull (strstr (error->message, table));
  g_assert_nonnull (strstr (error->message, named));
  g_assert_nonnull (strstr (error->message, "holds a table"));
  g_clear_error (&error);

  g_assert_null (cp_project_load_file (path, &error));
  g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_UNSAFE);

  cp_test_assert_file_unchanged (path, before);
}

/* The probe's three files: each has the expected table names, and each
 * did harm before it was refused. */
static void
test_altered_definitions (void)
{
  /* Every save silently did nothing while the command said "Saved". */
  assert_definition_refused ("ignore.cplan", "project",
                             "id INTEGER PRIMARY KEY CHECK (id = 1)",
                             "id INTEGER PRIMARY KEY ON CONFLICT IGNORE CHECK (id = 1)",
                             "on conflict ignore");
  /* The quotes doubled on every save. */
  assert_definition_refused ("no-key.cplan", "quotes",
                             "position INTEGER PRIMARY KEY", "position INTEGER",
                             "position integer");
  /* One import took 81 s and 891 MB. */
  assert_definition_refused ("randomblob.cplan", "jobs", "notes TEXT",
                             "notes TEXT CHECK (length (randomblob (1000000)) > 0)",
                             "randomblob");
}

/* What the schema spells differently but SQLite reads the same (spaces,
 * case, new lines) is the same definition. */
/* The object refused is named with its article: "an index", not "a
 * index". */
static void
test_foreign_index_wording (void)
{
  g_autofree char *path = tmp_path ("index.cplan");
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;

  save_demo (path);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE INDEX by_price ON quotes (price)", NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_null (cp_project_load_file (path, &error));
  g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_UNSAFE);
  g_assert_nonnull (strstr (error->message, "holds an index “by_price”"));
}

static void
test_definition_spelling_accepted (void)
{
  g_autofree char *path = tmp_path ("spelling.cplan");
  g_autoptr(CpProject) project = NULL;
  g_autoptr(GError) error = NULL;

  save_demo (path);
  alter_definition (path, "quotes", "position INTEGER PRIMARY KEY", "position   integer\n  Primary KEY");
  project = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (project->quotes->len, >, 0);
}

/* "file:p.cplan?mode=memory" is a file name, not an SQLite URI: what is
 * saved there is in that file, and it reads back. */
static void
test_path_not_uri (void)
{
  g_autofree char *cwd = g_get_current_dir ();
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  const char *name = "file:p.cplan?mode=memory";
  CpStore *store;
  GStatBuf st;

  g_assert_cmpint (g_chdir (tmp_dir), ==, 0);
  store = cp_store_open (name, TRUE, &error);
  g_assert_no_error (error);
  g_assert_true (cp_store_save (store, demo, &error));
  g_assert_no_error (error);
  cp_store_close (store);

  g_assert_cmpint (g_stat (name, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 0);
  loaded = cp_project_load_file (name, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->quotes->len, ==, demo->quotes->len);

  /* Save As through the same kind of name. */
  g_assert_true (cp_project_save_file (demo, "file:q.cplan?nolock=1", &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test ("file:q.cplan?nolock=1", G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_chdir (cwd), ==, 0);
}

/* A program killed inside a write transaction, deterministically: the
 * child doubles every price, writes more than its cache holds and exits
 * without committing or closing. */
static void
leave_hot_journal (const char *path)
{
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);
  pid_t pid = fork ();
  int status = 0;

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      sqlite3 *db = NULL;

      if (sqlite3_open (path, &db) != SQLITE_OK ||
          sqlite3_exec (db, "PRAGMA journal_mode = DELETE; PRAGMA cache_size = 10; BEGIN;"
                            "UPDATE quotes SET price = price * 2;"
                            /* More than the cache holds: changed pages
                             * reach the file, the journal is synced. */
                            "CREATE TABLE filler (x);"
                            "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)"
                            " INSERT INTO filler SELECT randomblob (1000) FROM n;",
                        NULL, NULL, NULL) != SQLITE_OK)
        _exit (1);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_true (g_file_test (journal, G_FILE_TEST_IS_REGULAR));
}

static void
test_hot_journal_recovered (void)
{
  g_autofree char *path = tmp_path ("hot.cplan");
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  CpStore *store;

  save_demo (path);
  leave_hot_journal (path);

  /* Reading only, as the command line's `plan` does. */
  loaded = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (first_quote_price (loaded), ==, first_quote_price (demo));
  g_clear_pointer (&loaded, cp_project_free);

  leave_hot_journal (path);
  /* Opening for writing, as the window does: writable, the last committed
   * project, no journal left. */
  store = cp_store_open (path, FALSE, &error);
  g_assert_no_error (error);
  g_assert_false (cp_store_is_read_only (store));
  loaded = cp_store_load (store, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (first_quote_price (loaded), ==, first_quote_price (demo));
  g_assert_true (cp_store_save (store, loaded, &error));
  g_assert_no_error (error);
  cp_store_close (store);
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
}

/* Where the file cannot be written the journal cannot be undone: the
 * message names the journal and says what to do, and nothing is touched. */
static void
test_hot_journal_read_only_explained (void)
{
  g_autofree char *path = tmp_path ("hot-ro.cplan");
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);
  g_autofree char *journal_name = g_path_get_basename (journal);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;

  save_demo (path);
  leave_hot_journal (path);
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  before = cp_test_file_bytes (path);

  g_assert_null (cp_project_load_file (path, &error));
  g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_INTERRUPTED);
  g_assert_nonnull (strstr (error->message, journal_name));
  g_clear_error (&error);
  g_assert_null (cp_store_open (path, FALSE, &error));
  g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_INTERRUPTED);

  g_assert_true (g_file_test (journal, G_FILE_TEST_IS_REGULAR));
  cp_test_assert_file_unchanged (path, before);
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
}

/* Cells a spreadsheet would evaluate (=, +, -, @ first, or a tab or a
 * carriage return) leave export-quotes as text: an apostrophe first and
 * quoted, as OWASP's CSV injection advice says; importing the file gives
 * the same text back. */
static void
test_csv_formula_neutralised (void)
{
  static const char * const hostile[] = {
    "=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1:A9)", "\t=1+1", "\r=1+1",
    "=HYPERLINK(\"http://x\",\"y\")",
  };
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(CpQuoteCsvResult) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  CpQuote *quote = g_ptr_array_index (demo->quotes, 0);
  gsize len = 0;

  g_ptr_array_set_size (demo->quotes, 1);
  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      g_autofree char *expected = NULL;

      g_free (quote->vendor);
      quote->vendor = g_strdup (hostile[i]);
      g_free (quote->notes);
      quote->notes = g_strdup (hostile[i]);
      g_free (quote->offer_name);
      quote->offer_name = g_strdup (hostile[i]);
      g_free (quote->id);
      quote->id = g_strdup (hostile[i]);

      g_clear_pointer (&csv, g_free);
      csv = cp_quote_csv_write (demo->quotes, &len);
      /* No cell starts with a character that evaluates; each is quoted
       * text after an apostrophe. */
      for (const char *c = "=+-@"; *c != '\0'; c++)
        {
          char unquoted[] = { ',', *c, '\0' };
          g_assert_null (strstr (csv, unquoted));
        }
      {
        g_autoptr(GString) cell = g_string_new ("\"'");
        for (const char *p = hostile[i]; *p != '\0'; p++)
          {
            if (*p == '"')
              g_string_append_c (cell, '"');
            g_string_append_c (cell, *p);
          }
        g_string_append_c (cell, '"');
        g_assert_nonnull (strstr (csv, cell->str));
      }
      g_clear_pointer (&back, cp_quote_csv_result_free);
      back = cp_quote_csv_read (csv, len, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (back->quotes->len, ==, 1);
      expected = g_strdup (hostile[i]);
      {
        const CpQuote *read = g_ptr_array_index (back->quotes, 0);
        /* A carriage return inside a cell comes back as a line feed. */
        if (expected[0] == '\r')
          expected[0] = '\n';
        g_assert_cmpstr (read->vendor, ==, expected);
        g_assert_cmpstr (read->notes, ==, expected);
        g_assert_cmpstr (read->offer_name, ==, expected);
      }
    }
}

/* A config.json nested 80,000 levels deep (160 KB, within the size
 * limit) overflowed the stack inside json-glib; it is refused before
 * json-glib reads it. Brackets inside strings do not count, and a real
 * configuration (a few levels) still reads. */
static void
test_config_nesting (void)
{
  static const char real[] =
    "{\"architectures\": [\"LlamaForCausalLM\"], \"model_type\": \"llama\","
    " \"hidden_size\": 4096, \"intermediate_size\": 11008, \"num_attention_heads\": 32,"
    " \"num_hidden_layers\": 32, \"num_key_value_heads\": 32, \"vocab_size\": 32000,"
    " \"rope_scaling\": {\"type\": \"linear\", \"factor\": 2.0},"
    " \"note\": \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"}";
  g_autoptr(GString) deep = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  CpModelConfig *config;

  for (guint i = 0; i < 80000; i++)
    g_string_append_c (deep, '[');
  for (guint i = 0; i < 80000; i++)
    g_string_append_c (deep, ']');
  g_assert_cmpuint (deep->len, <, CP_MODEL_CONFIG_MAX_BYTES);
  config = cp_model_config_read (deep->str, deep->len, "deep", "deep", &error);
  g_assert_null (config);
  g_assert_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_JSON);
  g_assert_nonnull (strstr (error->message, "nested"));
  g_clear_error (&error);

  config = cp_model_config_read (real, sizeof real - 1, "real", "real", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (config->model.layers, ==, 32);
  cp_model_config_free (config);
}

static void
config_read_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

/* The window reads config.json through this, on a worker: the result
 * arrives through the main loop, a deep file refused there too. */
static void
test_config_read_async (void)
{
  g_autofree char *path = tmp_path ("config.json");
  g_autoptr(GString) deep = g_string_new (NULL);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 80000; i++)
    g_string_append_c (deep, '{');
  g_assert_true (g_file_set_contents (path, deep->str, deep->len, NULL));

  cp_model_config_read_file_async (path, NULL, config_read_cb, &result);
  g_assert_null (result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (cp_model_config_read_file_finish (result, &error));
  g_assert_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_JSON);
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-store-holes-XXXXXX");

  g_test_add_func ("/store-holes/altered-definitions", test_altered_definitions);
  g_test_add_func ("/store-holes/foreign-index-wording", test_foreign_index_wording);
  g_test_add_func ("/store-holes/definition-spelling", test_definition_spelling_accepted);
  g_test_add_func ("/store-holes/csv-formula", test_csv_formula_neutralised);
  g_test_add_func ("/store-holes/config-nesting", test_config_nesting);
  g_test_add_func ("/store-holes/config-read-async", test_config_read_async);
  g_test_add_func ("/store-holes/path-not-uri", test_path_not_uri);
  g_test_add_func ("/store-holes/hot-journal", test_hot_journal_recovered);
  g_test_add_func ("/store-holes/hot-journal-read-only", test_hot_journal_read_only_explained);
  return cp_test_run_then_remove (tmp_dir);
}
