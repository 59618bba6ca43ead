/* test-cli-holes.c: a refused add-quote or add-job leaves an older project
 * file exactly as it was, unmigrated (issue 24). */

#include "config.h"

#include <glib/gstdio.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-fixture.h"

static char *tmp_dir;

/* A version-7 project made from tests/store/v7-fixture.sql. */
static char *
make_v7_file (const char *name)
{
  char *path = g_build_filename (tmp_dir, name, NULL);

  cp_test_write_fixture_file ("v7-fixture.sql", path);
  return path;
}

static void
assert_refused_untouched (const char *name, const char *const *args)
{
  g_autofree char *path = make_v7_file (name);
  g_autoptr(GBytes) before = cp_test_file_bytes (path);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(CpTestRun) run = { 0 };

  g_ptr_array_add (argv, (gpointer) args[0]);
  g_ptr_array_add (argv, path);
  for (guint i = 1; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  cp_test_run_cli (&run, tmp_dir, (const char *const *) argv->pdata);
  g_assert_cmpint (run.status, !=, 0);
  g_assert_cmpstr (run.err, !=, "");

  cp_test_assert_file_unchanged (path, before);
}

static void
test_refused_add_migrates_nothing (void)
{
  assert_refused_untouched ("quote-date.cplan",
                            (const char *const[]) { "add-quote", "--gpu", "h800", "--price-per-gpu-hour", "20",
                                                    "--valid-until", "2026-02-30", NULL });
  assert_refused_untouched ("quote-id.cplan",
                            (const char *const[]) { "add-quote", "--gpu", "h800", "--price-per-gpu-hour", "20",
                                                    "--id", "quote-a800", NULL });
  assert_refused_untouched ("job-after.cplan",
                            (const char *const[]) { "add-job", "--model", "llama-2-7b",
                                                    "--after", "no-such-job", NULL });
}

/* What is accepted still migrates and saves. */
static void
test_accepted_add_saves (void)
{
  g_autofree char *path = make_v7_file ("accepted.cplan");
  g_auto(CpTestRun) run = { 0 };

  CP_TEST_RUN_CLI (&run, tmp_dir, "add-quote", path, "--gpu", "h800", "--price-per-gpu-hour", "20",
                   "--vendor", "New vendor");
  g_assert_cmpint (run.status, ==, 0);
  cp_test_run_clear (&run);
  CP_TEST_RUN_CLI (&run, tmp_dir, "list", path);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (g_strstr_len (run.out, -1, "New vendor"));
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-cli-holes-XXXXXX");
  g_test_add_func ("/cli-holes/refused-add-migrates-nothing", test_refused_add_migrates_nothing);
  g_test_add_func ("/cli-holes/accepted-add-saves", test_accepted_add_saves);
  return cp_test_run_then_remove (tmp_dir);
}
