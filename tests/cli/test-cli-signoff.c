/* test-cli-signoff.c: issue 22 from the command line — the sign-off and
 * the start date set by `report`, the jobs' order set by `add-job
 * --after`, kept in the project file and carried by the XML report with
 * the project's budget and calendar. */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "report/cp-report.h"
#include "store/cp-store.h"

static char *tmp_dir;

static void
run_ok (const char *const *args)
{
  g_auto(CpTestRun) run = { 0 };

  cp_test_run_cli (&run, tmp_dir, args);
  if (run.status != 0)
    g_test_message ("%s", run.err);
  g_assert_cmpint (run.status, ==, 0);
}

#define RUN_OK(...) run_ok ((const char *const[]) { __VA_ARGS__, NULL })
#define RUN(run, ...) CP_TEST_RUN_CLI ((run), tmp_dir, __VA_ARGS__)

static char *
path_in_tmp (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* The text between <schedule …> and </schedule> of an XML report. */
static char *
schedule_of (const char *xml_name)
{
  g_autofree char *path = path_in_tmp (xml_name);
  g_autofree char *xml = NULL;
  const char *from, *to;

  g_assert_true (g_file_get_contents (path, &xml, NULL, NULL));
  from = strstr (xml, "<schedule ");
  g_assert_nonnull (from);
  to = strstr (from, "</schedule>");
  g_assert_nonnull (to);
  return g_strndup (from, to - from);
}

/* Two debugging jobs on one machine of 8 GPUs at 10 CNY per GPU-hour
 * (80 CNY an hour, 1,920 a day): A 10 days (19,200), B 5 days (9,600).
 * From 25 January 2027 with B after A: A from 25 January to 3 February, B
 * from 4 to 8 February; January holds 7 of A's days, 13,440, February A's
 * other 3 days, 5,760, and all of B, 9,600: 15,360. Side by side both
 * start on 25 January and the project ends on 3 February; January holds
 * A's 13,440 and B's 5 days, 9,600: 23,040; February 5,760. */
static void
test_order_changes_calendar (void)
{
  g_autofree char *sequence = NULL;
  g_autofree char *side_by_side = NULL;

  RUN_OK ("new", "order.cplan", "--start", "2027-01-25");
  RUN_OK ("add-quote", "order.cplan", "--id", "q", "--vendor", "V", "--gpu", "h800",
          "--gpus-per-node", "8", "--price-per-gpu-hour", "10");
  RUN_OK ("add-job", "order.cplan", "--id", "a", "--name", "A", "--task", "debug", "--duration-days", "10");
  RUN_OK ("add-job", "order.cplan", "--id", "b", "--name", "B", "--task", "debug", "--duration-days", "5",
          "--after", "a");
  RUN_OK ("add-job", "order.cplan", "--id", "c", "--name", "B", "--task", "debug", "--duration-days", "5");
  RUN_OK ("report", "order.cplan", "--xml", "order.xml");
  sequence = schedule_of ("order.xml");
  g_assert_nonnull (strstr (sequence, "<job ref=\"b\" starts-after=\"a\" planned=\"true\" quote=\"q\">\n"
                                      "        <start>2027-02-04</start>\n"
                                      "        <end>2027-02-08</end>"));
  g_assert_nonnull (strstr (sequence, "<end>2027-02-08</end>"));
  g_assert_nonnull (strstr (sequence, "<month month=\"2027-01\">\n"
                                      "        <cost currency=\"CNY\">23040</cost>"));
  g_assert_nonnull (strstr (sequence, "<month month=\"2027-02\">\n"
                                      "        <cost currency=\"CNY\">15360</cost>"));
  g_assert_nonnull (strstr (sequence, "<total-cost currency=\"CNY\">38400</total-cost>"));

  /* The same jobs without the order (job c, 5 days from the start, is in
   * both: 9,600 in January). */
  RUN_OK ("new", "apart.cplan", "--start", "2027-01-25");
  RUN_OK ("add-quote", "apart.cplan", "--id", "q", "--vendor", "V", "--gpu", "h800",
          "--gpus-per-node", "8", "--price-per-gpu-hour", "10");
  RUN_OK ("add-job", "apart.cplan", "--id", "a", "--name", "A", "--task", "debug", "--duration-days", "10");
  RUN_OK ("add-job", "apart.cplan", "--id", "b", "--name", "B", "--task", "debug", "--duration-days", "5");
  RUN_OK ("add-job", "apart.cplan", "--id", "c", "--name", "B", "--task", "debug", "--duration-days", "5");
  RUN_OK ("report", "apart.cplan", "--xml", "apart.xml");
  side_by_side = schedule_of ("apart.xml");
  g_assert_nonnull (strstr (side_by_side, "<end>2027-02-03</end>\n      <end-low>"));
  g_assert_nonnull (strstr (side_by_side, "<month month=\"2027-01\">\n"
                                          "        <cost currency=\"CNY\">32640</cost>"));
  g_assert_nonnull (strstr (side_by_side, "<month month=\"2027-02\">\n"
                                          "        <cost currency=\"CNY\">5760</cost>"));
}

/* report --prepared-by (and the other names, the day, the start) keeps
 * them in the project file, and the XML report carries them back. */
static void
test_sign_off_round_trip (void)
{
  g_autofree char *project_path = path_in_tmp ("signed.cplan");
  g_autofree char *xml_path = path_in_tmp ("signed.xml");
  g_autoptr(CpProject) stored = NULL;
  g_autoptr(CpProject) from_xml = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *schedule = NULL;

  RUN_OK ("new", "signed.cplan");
  RUN_OK ("add-quote", "signed.cplan", "--id", "q", "--vendor", "V", "--gpu", "h800",
          "--price-per-gpu-hour", "10");
  RUN_OK ("add-job", "signed.cplan", "--id", "trial", "--task", "debug", "--duration-days", "7");
  RUN_OK ("add-job", "signed.cplan", "--id", "tune", "--task", "lora", "--model", "qwen2.5-7b",
          "--after", "trial");
  RUN_OK ("report", "signed.cplan", "--prepared-by", "张三 <lead>", "--reviewed-by", "O'Neil & Li",
          "--approved-by", "王五", "--signed-on", "2027-03-02", "--start", "2027-03-01",
          "--xml", "signed.xml");

  stored = cp_project_load_file (project_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (stored->prepared_by, ==, "张三 <lead>");
  g_assert_cmpstr (stored->reviewed_by, ==, "O'Neil & Li");
  g_assert_cmpstr (stored->approved_by, ==, "王五");
  g_assert_cmpstr (stored->signed_on, ==, "2027-03-02");
  g_assert_cmpstr (stored->start_date, ==, "2027-03-01");
  g_assert_cmpstr (((CpJob *) g_ptr_array_index (stored->jobs, 1))->after_job_id, ==, "trial");

  from_xml = cp_report_xml_read (xml_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (from_xml->prepared_by, ==, "张三 <lead>");
  g_assert_cmpstr (from_xml->reviewed_by, ==, "O'Neil & Li");
  g_assert_cmpstr (from_xml->approved_by, ==, "王五");
  g_assert_cmpstr (from_xml->signed_on, ==, "2027-03-02");
  g_assert_cmpstr (from_xml->start_date, ==, "2027-03-01");
  g_assert_null (((CpJob *) g_ptr_array_index (from_xml->jobs, 0))->after_job_id);
  g_assert_cmpstr (((CpJob *) g_ptr_array_index (from_xml->jobs, 1))->after_job_id, ==, "trial");

  /* The trial's 7 days from 1 March: 1 to 7 March, the tuning from the 8th. */
  schedule = schedule_of ("signed.xml");
  g_assert_nonnull (strstr (schedule, "<schedule start-is-report-day=\"false\">\n      <start>2027-03-01</start>"));
  g_assert_nonnull (strstr (schedule, "<job ref=\"tune\" starts-after=\"trial\" planned=\"true\" quote=\"q\">\n"
                                      "        <start>2027-03-08</start>"));

  /* "" clears a name. */
  RUN_OK ("report", "signed.cplan", "--reviewed-by", "");
  g_clear_pointer (&stored, cp_project_free);
  stored = cp_project_load_file (project_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (stored->reviewed_by, ==, "");
  g_assert_cmpstr (stored->prepared_by, ==, "张三 <lead>");
}

/* Bad input is refused naming the option, and nothing is saved. */
static void
test_bad_input (void)
{
  g_auto(CpTestRun) bad_day = { 0 };
  g_auto(CpTestRun) bad_start = { 0 };
  g_auto(CpTestRun) bad_after = { 0 };
  g_autofree char *project_path = path_in_tmp ("bad.cplan");
  g_autoptr(CpProject) stored = NULL;
  g_autoptr(GError) error = NULL;

  RUN_OK ("new", "bad.cplan");
  RUN (&bad_day, "report", "bad.cplan", "--prepared-by", "A", "--signed-on", "2027-02-30");
  g_assert_cmpint (bad_day.status, ==, 2);
  g_assert_nonnull (strstr (bad_day.err, "--signed-on"));
  RUN (&bad_start, "new", "bad2.cplan", "--start", "March");
  g_assert_cmpint (bad_start.status, ==, 2);
  g_assert_nonnull (strstr (bad_start.err, "--start"));
  RUN (&bad_after, "add-job", "bad.cplan", "--task", "debug", "--duration-days", "1", "--after", "nothing");
  g_assert_cmpint (bad_after.status, ==, 2);
  g_assert_nonnull (strstr (bad_after.err, "--after"));

  stored = cp_project_load_file (project_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (stored->prepared_by, ==, "");
  g_assert_cmpuint (stored->jobs->len, ==, 0);
}

int
main (int argc, char **argv)
{
  int status;

  tmp_dir = g_dir_make_tmp ("cp-cli-signoff-XXXXXX", NULL);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-signoff/order-changes-calendar", test_order_changes_calendar);
  g_test_add_func ("/cli-signoff/sign-off-round-trip", test_sign_off_round_trip);
  g_test_add_func ("/cli-signoff/bad-input", test_bad_input);
  status = g_test_run ();
  if (status == 0)
    cp_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
