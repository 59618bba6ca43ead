/* cp-test-fixture.c: project files of older format versions. */

#include "config.h"

#include "cp-test-fixture.h"

#include <glib/gstdio.h>
#include <sqlite3.h>

/* Each script after the first turns the file of the one before it into a
 * file of its own version, as tests/store/v2-fixture.sql says. */
static const char *const fixture_chain[] = {
  "v1-fixture.sql", "v2-fixture.sql", "v3-fixture.sql",
  "v6-fixture.sql", "v7-fixture.sql", "v8-fixture.sql",
  "v19-fixture.sql",
};

static void
run_fixture_script (sqlite3    *db,
                    const char *fixture)
{
  g_autofree char *sql_path = g_build_filename (g_getenv ("CP_SOURCE_DIR"), "tests", "store",
                                                fixture, NULL);
  g_autofree char *sql = NULL;
  char *message = NULL;

  g_assert_true (g_file_get_contents (sql_path, &sql, NULL, NULL));
  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", fixture, message);
}

void
cp_test_write_fixture_file (const char *fixture,
                            const char *path)
{
  sqlite3 *db = NULL;
  gboolean found = FALSE;

  g_unlink (path);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  for (gsize i = 0; i < G_N_ELEMENTS (fixture_chain) && !found; i++)
    {
      run_fixture_script (db, fixture_chain[i]);
      found = g_str_equal (fixture_chain[i], fixture);
    }
  sqlite3_close (db);
  g_assert_true (found);
}
