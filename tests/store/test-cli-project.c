/* test-cli-project.c: compute-planner-cli plan, import-quotes, new, demo. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store/cp-store.h"
#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"

static char *tmp_dir;

static void
test_demo_and_plan (void)
{
  g_auto(CpTestRun) demo = { 0 };
  g_auto(CpTestRun) again = { 0 };
  g_auto(CpTestRun) plan = { 0 };
  g_auto(CpTestRun) xml = { 0 };
  g_autofree char *demo_path = g_build_filename (tmp_dir, "demo.cplan", NULL);
  g_autoptr(GBytes) before = NULL;

  CP_TEST_RUN_CLI (&demo, tmp_dir, "demo", "demo.cplan");
  g_assert_cmpint (demo.status, ==, 0);
  before = cp_test_file_bytes (demo_path);

  /* Never overwritten. */
  CP_TEST_RUN_CLI (&again, tmp_dir, "demo", "demo.cplan");
  g_assert_cmpint (again.status, ==, 1);
  g_assert_nonnull (strstr (again.err, "“demo.cplan” already exists"));

  CP_TEST_RUN_CLI (&plan, tmp_dir, "plan", "demo.cplan");
  g_assert_cmpint (plan.status, ==, 0);
  g_assert_nonnull (strstr (plan.out, "Job 1/7: 70B 全参数微调 (70B full fine-tune) (Full-parameter fine-tuning)"));
  /* Reasons come as sentences, each after its rule id. */
  g_assert_nonnull (strstr (plan.out, "\n  R1  "));
  g_assert_nonnull (strstr (plan.out, "\n  R9  "));
  g_assert_nonnull (strstr (plan.out, "Job 7/7: "));
  g_assert_nonnull (strstr (plan.out, "Verdict: "));
  g_assert_nonnull (strstr (plan.out, "示例供应商 D (Example vendor D)"));
  /* Beside Fits, the job's requirement as the window's table shows it:
   * the 70B fine-tune's 30-day deadline, the 7B service's 200 concurrent
   * users (the demo's inputs). */
  {
    const char *first = strstr (plan.out, "Job 1/7: ");
    const char *serving = strstr (plan.out, "Job 3/7: ");
    const char *after_serving = strstr (plan.out, "Job 4/7: ");
    g_autofree char *first_job = g_strndup (first, serving - first);
    g_autofree char *serving_job = g_strndup (serving, after_serving - serving);

    g_assert_nonnull (strstr (first_job, "  Fits  Deadline  "));
    g_assert_true (strstr (first_job, "  Met  ") != NULL || strstr (first_job, "  Missed  ") != NULL);
    g_assert_nonnull (strstr (serving_job, "  Fits  Target  "));
    g_assert_nonnull (strstr (serving_job, " of 200"));
  }

  CP_TEST_RUN_CLI (&xml, tmp_dir, "plan", "demo.cplan", "--xml", "--job", "job-serve7b");
  g_assert_cmpint (xml.status, ==, 0);
  g_assert_true (g_str_has_prefix (xml.out, "<?xml"));
  g_assert_nonnull (strstr (xml.out, "<job id=\"job-serve7b\">"));
  g_assert_null (strstr (xml.out, "job-ft70b"));

  /* Reading for a plan leaves the file as it was. */
  cp_test_assert_file_unchanged (demo_path, before);
}

static void
test_new_and_import (void)
{
  static const char csv[] =
    "vendor,gpu,gpus per node,price\r\n"
    "A,A800,8,6.5元/卡/时\r\n"
    "B,A800,8,abc\r\n";
  g_autofree char *csv_path = g_build_filename (tmp_dir, "quotes.csv", NULL);
  g_autofree char *project_path = g_build_filename (tmp_dir, "new.cplan", NULL);
  g_auto(CpTestRun) created = { 0 };
  g_auto(CpTestRun) again = { 0 };
  g_auto(CpTestRun) empty_plan = { 0 };
  g_auto(CpTestRun) refused = { 0 };
  g_auto(CpTestRun) accepted = { 0 };
  g_autoptr(GBytes) before = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (csv_path, csv, -1, NULL));

  CP_TEST_RUN_CLI (&created, tmp_dir, "new", "new.cplan", "--name", "新项目 “A”");
  g_assert_cmpint (created.status, ==, 0);
  CP_TEST_RUN_CLI (&again, tmp_dir, "new", "new.cplan");
  g_assert_cmpint (again.status, ==, 1);

  CP_TEST_RUN_CLI (&empty_plan, tmp_dir, "plan", "new.cplan");
  g_assert_cmpint (empty_plan.status, ==, 1);
  g_assert_nonnull (strstr (empty_plan.err, "has no jobs to plan"));

  /* A file with an error: nothing imported, the project file untouched. */
  before = cp_test_file_bytes (project_path);
  CP_TEST_RUN_CLI (&refused, tmp_dir, "import-quotes", "new.cplan", "quotes.csv");
  g_assert_cmpint (refused.status, ==, 1);
  g_assert_nonnull (strstr (refused.err, "quotes.csv: line 3: price “abc” is not a number"));
  cp_test_assert_file_unchanged (project_path, before);

  CP_TEST_RUN_CLI (&accepted, tmp_dir, "import-quotes", "new.cplan", "quotes.csv", "--accept-good-lines");
  g_assert_cmpint (accepted.status, ==, 0);
  project = cp_project_load_file (project_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (project->name, ==, "新项目 “A”");
  g_assert_cmpuint (project->quotes->len, ==, 1);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 0))->vendor, ==, "A");
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (project->quotes, 0))->price, ==, 6.5);
}

/* import-quotes exits 1 when no row can be imported, with --dry-run too,
 * after the summary; a sheet whose rows lack only their price imports
 * them as incomplete and exits 0. */
static void
test_import_exit_status (void)
{
  static const char none_csv[] =
    "供应商,GPU型号,单机卡数,节点数量,价格,计费单位\n"
    "B,A800,0,1,10,元/卡/小时\n"
    "D,A800,8,2,abc,元/卡/小时\n";
  static const char unpriced_csv[] =
    "供应商,GPU型号,配置,价格（含税）,计费方式\n"
    "A,NVIDIA H800 SXM5,8卡,0,包月\n"
    "B,H100,8*H100,,卡时\n";
  g_autofree char *none_path = g_build_filename (tmp_dir, "none.csv", NULL);
  g_autofree char *unpriced_path = g_build_filename (tmp_dir, "unpriced.csv", NULL);
  g_autofree char *project_path = g_build_filename (tmp_dir, "exit.cplan", NULL);
  g_auto(CpTestRun) created = { 0 };
  g_auto(CpTestRun) dry_none = { 0 };
  g_auto(CpTestRun) real_none = { 0 };
  g_auto(CpTestRun) dry_unpriced = { 0 };
  g_auto(CpTestRun) real_unpriced = { 0 };
  g_auto(CpTestRun) help = { 0 };
  g_autoptr(CpProject) project = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (none_path, none_csv, -1, NULL));
  g_assert_true (g_file_set_contents (unpriced_path, unpriced_csv, -1, NULL));
  CP_TEST_RUN_CLI (&created, tmp_dir, "new", "exit.cplan");
  g_assert_cmpint (created.status, ==, 0);

  CP_TEST_RUN_CLI (&dry_none, tmp_dir, "import-quotes", "--dry-run", "exit.cplan", "none.csv");
  g_assert_cmpint (dry_none.status, ==, 1);
  g_assert_nonnull (strstr (dry_none.out, "0 of 2 rows can be imported"));
  g_assert_nonnull (strstr (dry_none.err, "no row of none.csv can be imported"));
  CP_TEST_RUN_CLI (&real_none, tmp_dir, "import-quotes", "--accept-good-lines", "exit.cplan", "none.csv");
  g_assert_cmpint (real_none.status, ==, 1);

  CP_TEST_RUN_CLI (&dry_unpriced, tmp_dir, "import-quotes", "--dry-run", "exit.cplan", "unpriced.csv");
  g_assert_cmpint (dry_unpriced.status, ==, 0);
  g_assert_nonnull (strstr (dry_unpriced.out, "2 of 2 rows can be imported"));
  g_assert_nonnull (strstr (dry_unpriced.out, "line 2: imported as incomplete"));
  g_assert_nonnull (strstr (dry_unpriced.out, "incomplete: no price"));
  CP_TEST_RUN_CLI (&real_unpriced, tmp_dir, "import-quotes", "exit.cplan", "unpriced.csv");
  g_assert_cmpint (real_unpriced.status, ==, 0);
  project = cp_project_load_file (project_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (project->quotes->len, ==, 2);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 0))->gpu.id, ==, "h800");
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (project->quotes, 0))->price, ==, 0);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 1))->gpu.id, ==, "h100-sxm");

  CP_TEST_RUN_CLI (&help, tmp_dir, "import-quotes", "--help");
  g_assert_nonnull (strstr (help.out, "Exit status: 0 when rows were imported"));
}

/* import-quotes --dry-run lists the minimum term a monthly price with no
 * term stated takes: one month of the project's 730 hours (the default). */
static void
test_import_monthly_minimum_term (void)
{
  static const char monthly_csv[] =
    "gpu,gpus per node,price\n"
    "H20,8,58400 元/台/月\n";
  g_autofree char *monthly_path = g_build_filename (tmp_dir, "monthly.csv", NULL);
  g_auto(CpTestRun) created = { 0 };
  g_auto(CpTestRun) dry = { 0 };

  g_assert_true (g_file_set_contents (monthly_path, monthly_csv, -1, NULL));
  CP_TEST_RUN_CLI (&created, tmp_dir, "new", "monthly.cplan");
  g_assert_cmpint (created.status, ==, 0);
  CP_TEST_RUN_CLI (&dry, tmp_dir, "import-quotes", "--dry-run", "monthly.cplan", "monthly.csv");
  g_assert_cmpint (dry.status, ==, 0);
  g_assert_nonnull (strstr (dry.out, "minimum term 730 h"));
  g_assert_nonnull (strstr (dry.out, "assumed: minimum term: one month, as the price is per month "
                                     "— not stated"));
}

/* Programs on one project, as scripts and colleagues would run them: two
 * import-quotes loops against a plan loop (with one importer alone the
 * lock is rarely contended long enough to show). Each waits a while for
 * the others' locks; one that waited longer than that (a loaded machine, a
 * sanitizer) says the file is in use and changes nothing, and is run again
 * as a script would, up to MAX_RETRIES times: a count, not a time. Any
 * other failure fails the test, and no import is lost or doubled. */
#define CONCURRENT_RUNS 60
#define MAX_RETRIES 100

/* Plain fork and wait rather than GSubprocess, whose worker thread keeps
 * allocations LeakSanitizer reports at exit. */
static GPid
spawn_loop (const char *command_line,
            const char *log_name)
{
  g_autofree char *script = g_strdup_printf ("i=0; fails=0; retries=0; while [ $i -lt %d ]; do "
                                             "try=0; "
                                             "until %s >/dev/null 2>%s.err; do "
                                             "if grep -q ' is in use by ' %s.err && [ $try -lt %d ]; then "
                                             "try=$((try + 1)); retries=$((retries + 1)); "
                                             "else cat %s.err >>%s; fails=$((fails + 1)); break; fi; "
                                             "done; "
                                             "i=$((i + 1)); done; echo \"$retries runs again after 'in use'\" >>%s; "
                                             "exit $fails",
                                             CONCURRENT_RUNS, command_line, log_name, log_name, MAX_RETRIES,
                                             log_name, log_name, log_name);
  const char *argv[] = { "/bin/sh", "-c", script, NULL };
  g_autoptr(GError) error = NULL;
  GPid pid = 0;

  g_assert_true (g_spawn_async (tmp_dir, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                &pid, &error));
  g_assert_no_error (error);
  return pid;
}

static void
assert_loop_succeeded (GPid        pid,
                       const char *log_name)
{
  g_autofree char *log_path = g_build_filename (tmp_dir, log_name, NULL);
  g_autofree char *log = NULL;
  int status = 0;

  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFEXITED (status));
  g_file_get_contents (log_path, &log, NULL, NULL);
  if (WEXITSTATUS (status) != 0)
    g_error ("%d of %d runs failed:\n%s", WEXITSTATUS (status), CONCURRENT_RUNS, log != NULL ? log : "");
  g_test_message ("%s: %s", log_name, log != NULL ? log : "");
}

static void
test_concurrent_use (void)
{
  static const char csv[] =
    "vendor,gpu,gpus per node,price\n"
    "Concurrent,A800,8,7元/卡/时\n";
  g_autofree char *csv_path = g_build_filename (tmp_dir, "one-quote.csv", NULL);
  g_autofree char *project_path = g_build_filename (tmp_dir, "shared.cplan", NULL);
  GPid importer, second_importer, planner;
  g_autoptr(CpProject) before = NULL;
  g_autoptr(CpProject) after = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(CpTestRun) demo = { 0 };
  guint added = 0;

  g_assert_true (g_file_set_contents (csv_path, csv, -1, NULL));
  CP_TEST_RUN_CLI (&demo, tmp_dir, "demo", "shared.cplan");
  g_assert_cmpint (demo.status, ==, 0);
  before = cp_project_load_file (project_path, &error);
  g_assert_no_error (error);

  importer = spawn_loop ("\"$CP_CLI\" import-quotes shared.cplan one-quote.csv", "import.log");
  second_importer = spawn_loop ("\"$CP_CLI\" import-quotes shared.cplan one-quote.csv", "import-2.log");
  planner = spawn_loop ("\"$CP_CLI\" plan shared.cplan", "plan.log");
  assert_loop_succeeded (importer, "import.log");
  assert_loop_succeeded (second_importer, "import-2.log");
  assert_loop_succeeded (planner, "plan.log");

  /* Opening runs SQLite's quick_check; every import is there. */
  after = cp_project_load_file (project_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (after->quotes->len, ==, before->quotes->len + 2 * CONCURRENT_RUNS);
  for (guint i = 0; i < after->quotes->len; i++)
    added += g_strcmp0 (((CpQuote *) g_ptr_array_index (after->quotes, i))->vendor, "Concurrent") == 0;
  g_assert_cmpuint (added, ==, 2 * CONCURRENT_RUNS);
  g_assert_cmpuint (after->jobs->len, ==, before->jobs->len);
}

/* A lock held for longer than a save takes (a window keeping the project
 * open): a command that writes is told after the wait, naming the program
 * that holds it; one that only reads reads the holder's last save
 * (issue 26). */
static void
test_lock_holder_named (void)
{
  g_autofree char *project_path = g_build_filename (tmp_dir, "held.cplan", NULL);
  g_autofree char *holder = g_strdup_printf ("(process %d)", getpid ());
  g_autoptr(GError) error = NULL;
  g_auto(CpTestRun) demo = { 0 };
  g_auto(CpTestRun) list = { 0 };
  g_auto(CpTestRun) sign = { 0 };
  g_auto(CpTestRun) plan_after = { 0 };
  g_autoptr(CpProject) held = NULL;
  CpStore *store;

  CP_TEST_RUN_CLI (&demo, tmp_dir, "demo", "held.cplan");
  g_assert_cmpint (demo.status, ==, 0);
  store = cp_store_open (project_path, FALSE, &error);
  g_assert_no_error (error);
  /* A save of the holder's that the file on disk has only in its log or
   * its last checkpoint: the project's name, changed. */
  held = cp_store_load (store, &error);
  g_assert_no_error (error);
  g_free (held->name);
  held->name = g_strdup ("Held by a window");
  g_assert_true (cp_store_save (store, held, &error));
  g_assert_no_error (error);

  CP_TEST_RUN_CLI (&list, tmp_dir, "list", "held.cplan");
  g_assert_cmpint (list.status, ==, 0);
  g_assert_nonnull (strstr (list.out, "Held by a window"));

  /* --prepared-by keeps the name in the project: a write. */
  CP_TEST_RUN_CLI (&sign, tmp_dir, "report", "held.cplan", "--prepared-by", "Li");
  g_assert_cmpint (sign.status, ==, 1);
  /* The program's name as its command line gives it (under valgrind,
   * valgrind's), and the process id. */
  g_assert_nonnull (strstr (sign.err, "“held.cplan” is in use by "));
  g_assert_nonnull (strstr (sign.err, holder));

  cp_store_close (store);
  CP_TEST_RUN_CLI (&plan_after, tmp_dir, "plan", "held.cplan");
  g_assert_cmpint (plan_after.status, ==, 0);
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-cli-project-XXXXXX");
  g_test_add_func ("/cli-project/demo-and-plan", test_demo_and_plan);
  g_test_add_func ("/cli-project/new-and-import", test_new_and_import);
  g_test_add_func ("/cli-project/import-exit-status", test_import_exit_status);
  g_test_add_func ("/cli-project/import-monthly-minimum-term", test_import_monthly_minimum_term);
  g_test_add_func ("/cli-project/concurrent-use", test_concurrent_use);
  g_test_add_func ("/cli-project/lock-holder-named", test_lock_holder_named);
  return cp_test_run_then_remove (tmp_dir);
}
