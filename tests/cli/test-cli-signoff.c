/* test-cli-signoff.c: issue 22 from the command line — the sign-off and
 * the start date set by `report`, the jobs' order set by `add-job
 * --after`, kept in the project file and carried by the XML report with
 * the project's budget and calendar. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"
#include "report/cp-report.h"
#include "store/cp-store.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })
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

/* The number after @label in @from (up to its end). */
static double
number_after (const char *from,
              const char *label)
{
  const char *at = strstr (from, label);

  g_assert_nonnull (at);
  return g_ascii_strtod (at + strlen (label), NULL);
}

/* The text after @label in @from, up to '<'. */
static char *
text_after (const char *from,
            const char *label)
{
  const char *at = strstr (from, label), *end;

  g_assert_nonnull (at);
  at += strlen (label);
  end = strchr (at, '<');
  g_assert_nonnull (end);
  return g_strndup (at, end - at);
}

/* The total cost of the option the XML's plan for @job recommends. */
static double
recommended_total (const char *xml,
                   const char *job)
{
  g_autofree char *plan_tag = g_strdup_printf ("<plan job=\"%s\">", job);
  g_autofree char *quote = NULL;
  g_autofree char *option_tag = NULL;
  const char *plan = strstr (xml, plan_tag);

  g_assert_nonnull (plan);
  quote = text_after (plan, "<recommended quote=\"");
  *strchr (quote, '"') = '\0';
  option_tag = g_strdup_printf ("<option quote=\"%s\" rank=\"1\"", quote);
  g_assert_nonnull (strstr (plan, option_tag));
  return number_after (strstr (plan, option_tag), "<total-cost currency=\"CNY\">");
}

/* The XML's budget is the plans' recommendations added up, by month and
 * in total, on the calendar the jobs' order gives. From 25 January 2027:
 * a 7-day trial on one 8 × H800 machine at 10 CNY per GPU-hour, 7 × 24 ×
 * 80 = 13,440 CNY, from 25 to 31 January; then, after it, a 70B LoRA
 * tune on 500M tokens and a 3-day debugging job, both from 1 February
 * (the day after the trial's last); a third job with the project's start
 * runs beside the trial. The total is the sum of the three plans'
 * recommended totals, read from the same file; the months add up to it;
 * each job ends on its start plus its days, rounded up, less one. */
static void
test_xml_budget_is_the_plans (void)
{
  g_autofree char *path = path_in_tmp ("budget.xml");
  g_autofree char *xml = NULL;
  g_autofree char *schedule = NULL;
  const char *jobs[] = { "trial", "tune", "check", "side" };
  const char *starts[] = { "2027-01-25", "2027-02-01", "2027-02-01", "2027-01-25" };
  double sum = 0, months = 0, total;
  g_autofree char *last_end = g_strdup ("");
  const char *month;

  RUN_OK ("new", "budget.cplan", "--start", "2027-01-25");
  RUN_OK ("add-quote", "budget.cplan", "--id", "q", "--vendor", "V", "--gpu", "h800",
          "--gpus-per-node", "8", "--price-per-gpu-hour", "10");
  RUN_OK ("add-quote", "budget.cplan", "--id", "cluster", "--vendor", "W", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "4", "--price-per-node-month", "45000", "--network", "infiniband",
          "--nics", "4", "--nic-gbps", "200", "--dedicated");
  RUN_OK ("add-job", "budget.cplan", "--id", "trial", "--task", "debug", "--duration-days", "7");
  RUN_OK ("add-job", "budget.cplan", "--id", "tune", "--task", "lora", "--model", "llama-2-70b",
          "--tokens", "500M", "--deadline-days", "30", "--after", "trial");
  RUN_OK ("add-job", "budget.cplan", "--id", "check", "--task", "debug", "--duration-days", "3",
          "--after", "trial");
  RUN_OK ("add-job", "budget.cplan", "--id", "side", "--task", "debug", "--duration-days", "2");
  RUN_OK ("report", "budget.cplan", "--xml", "budget.xml");
  g_assert_true (g_file_get_contents (path, &xml, NULL, NULL));
  schedule = schedule_of ("budget.xml");

  g_assert_cmpfloat_with_epsilon (recommended_total (xml, "trial"), 13440, 1e-6);
  g_assert_cmpfloat_with_epsilon (recommended_total (xml, "check"), 3 * 24 * 80, 1e-6);
  g_assert_cmpfloat_with_epsilon (recommended_total (xml, "side"), 2 * 24 * 80, 1e-6);
  for (guint i = 0; i < G_N_ELEMENTS (jobs); i++)
    {
      g_autofree char *tag = g_strdup_printf ("<job ref=\"%s\"", jobs[i]);
      const char *entry = strstr (schedule, tag);
      g_autofree char *start = NULL, *end = NULL, *expected_end = NULL;
      double days;
      GDate day;

      g_assert_nonnull (entry);
      sum += recommended_total (xml, jobs[i]);
      /* The job's own cost in the schedule is its plan's. */
      g_assert_cmpfloat_with_epsilon (number_after (entry, "<cost currency=\"CNY\">"),
                                      recommended_total (xml, jobs[i]), 1e-6);
      start = text_after (entry, "<start>");
      end = text_after (entry, "<end>");
      g_assert_cmpstr (start, ==, starts[i]);
      days = number_after (entry, "<debug-days unit=\"days\">") + number_after (entry, "<migration-days unit=\"days\">") +
             number_after (entry, "<run-days unit=\"days\">");
      g_date_clear (&day, 1);
      g_date_set_parse (&day, start);
      g_assert_true (g_date_valid (&day));
      g_date_add_days (&day, (guint) ceil (days) - 1);
      expected_end = g_strdup_printf ("%04d-%02d-%02d", g_date_get_year (&day), g_date_get_month (&day),
                                      g_date_get_day (&day));
      g_assert_cmpstr (end, ==, expected_end);
      if (strcmp (end, last_end) > 0)
        {
          g_free (last_end);
          last_end = g_strdup (end);
        }
    }
  /* The tune is the 70B LoRA of test-cli-pages: well over the debugging
   * jobs, so the total is not theirs alone. */
  g_assert_cmpfloat (sum, >, 13440 + 5760 + 3840 + 1000);
  total = number_after (schedule, "<total-cost currency=\"CNY\">");
  g_assert_cmpfloat_with_epsilon (total, sum, 1e-6 * sum);
  {
    g_autofree char *project_end = text_after (schedule, "<end>");

    g_assert_cmpstr (project_end, ==, last_end);
  }
  /* January: the trial's 7 days and the side job's 2: 13,440 + 3,840. */
  month = strstr (schedule, "<month month=\"2027-01\">");
  g_assert_nonnull (month);
  g_assert_cmpfloat_with_epsilon (number_after (month, "<cost currency=\"CNY\">"), 13440 + 3840, 1e-6);
  /* The plan's months, not the fallback's after them (one after another). */
  for (month = strstr (schedule, "<month ");
       month != NULL && (strstr (schedule, "<fallback") == NULL || month < strstr (schedule, "<fallback"));
       month = strstr (month + 1, "<month "))
    {
      months += number_after (month, "<cost currency=\"CNY\">");
      g_assert_cmpfloat_with_epsilon (number_after (month, "<cumulative-cost currency=\"CNY\">"), months,
                                      1e-6 * sum);
    }
  g_assert_cmpfloat_with_epsilon (months, total, 1e-6 * sum);
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

/* The text of <name …>…</name> inside @xml, from its first occurrence. */
static double
xml_figure (const char *xml, const char *name)
{
  g_autofree char *open = g_strdup_printf ("<%s ", name);
  const char *at = strstr (xml, open);

  g_assert_nonnull (at);
  at = strchr (at, '>');
  g_assert_nonnull (at);
  return g_ascii_strtod (at + 1, NULL);
}

/* The text of the attribute @attribute of the first element @name of
 * @xml. */
static char *
xml_attribute (const char *xml,
               const char *name,
               const char *attribute)
{
  g_autofree char *open = g_strdup_printf ("<%s ", name);
  g_autofree char *key = g_strdup_printf (" %s=\"", attribute);
  const char *at = strstr (xml, open);
  const char *end;

  g_assert_nonnull (at);
  end = strchr (at, '>');
  at = g_strstr_len (at, end - at, key);
  if (at == NULL)
    return NULL;
  at += strlen (key);
  return g_strndup (at, strchr (at, '"') - at);
}

static void
assert_contingency (const char *schedule,
                    double      amount,
                    double      contingency,
                    const char *rule,
                    const char *step_hours,
                    const char *nodes)
{
  g_autofree char *rule_given = xml_attribute (schedule, "contingency", "rule");
  g_autofree char *hours_given = xml_attribute (schedule, "contingency", "step-hours");
  g_autofree char *nodes_given = xml_attribute (schedule, "contingency", "nodes");

  g_assert_cmpfloat_with_epsilon (xml_figure (schedule, "amount-to-approve"), amount, 1e-6);
  g_assert_cmpfloat_with_epsilon (xml_figure (schedule, "contingency"), contingency, 1e-6);
  g_assert_cmpstr (rule_given, ==, rule);
  g_assert_cmpstr (hours_given, ==, step_hours);
  g_assert_cmpstr (nodes_given, ==, nodes);
}

/* A monthly rental bills whole months, and the memo's amount to approve
 * adds the contingency and VAT, kept in the project and the XML (approver
 * 9). One 8 × H800 machine at 30,000 CNY per node-month for a 36.8-day
 * debugging job is two months, 60,000 CNY (hourly after the first month
 * it read 884 h × 30,000/730 = 36,329); no migration, no storage price.
 * Defaults: 10% contingency, 6,000, amount 66,000, which holds VAT at 6%,
 * 66,000 × 6/106 = 3,735.85. With --contingency 15% --prices-include-vat
 * no --vat-rate 13%: 60,000 × 1.15 = 69,000, plus 13% VAT, 8,970: 77,970. */
static void
test_amount_to_approve (void)
{
  g_autofree char *project_path = path_in_tmp ("approve.cplan");
  g_autoptr(CpProject) stored = NULL;
  g_autoptr(CpProject) from_xml = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *schedule = NULL;
  g_autofree char *xml_path = path_in_tmp ("approve-2.xml");

  RUN_OK ("new", "approve.cplan");
  RUN_OK ("add-quote", "approve.cplan", "--id", "monthly", "--vendor", "M", "--gpu", "h800", "--gpus-per-node", "8",
          "--nodes", "1", "--price-per-node-month", "30000");
  RUN_OK ("add-job", "approve.cplan", "--id", "trial", "--task", "debug", "--duration-days", "36.8");
  RUN_OK ("report", "approve.cplan", "--start", "2027-03-01", "--xml", "approve-1.xml");
  schedule = schedule_of ("approve-1.xml");
  g_assert_cmpfloat_with_epsilon (xml_figure (schedule, "total-cost"), 60000, 1e-6);
  g_assert_cmpfloat_with_epsilon (xml_figure (schedule, "top-of-range"), 60000, 1e-6);
  g_assert_cmpfloat_with_epsilon (xml_figure (schedule, "contingency"), 6000, 1e-6);
  /* 36.8 days 10% longer, 971 h, stay within the two months billed
   * (1,460 h): no month more, the 10% (test_contingency_billing_step). */
  assert_contingency (schedule, 66000, 6000, "rate", NULL, NULL);
  /* A quote added without --offering is bare metal: leasing a machine,
   * VAT 13%, not a cloud service's 6%. */
  g_assert_cmpfloat_with_epsilon (xml_figure (schedule, "vat-included"), round (66000 * 13.0 / 113), 1e-6);
  g_assert_cmpfloat_with_epsilon (xml_figure (schedule, "amount-to-approve"), 66000, 1e-6);
  g_assert_nonnull (strstr (schedule, "<approval approvable=\"true\" prices-include-vat=\"true\">"));

  RUN_OK ("report", "approve.cplan", "--contingency", "15%", "--prices-include-vat", "no", "--vat-rate", "13%",
          "--xml", "approve-2.xml");
  stored = cp_project_load_file (project_path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (stored->settings.contingency_fraction, ==, 0.15);
  g_assert_cmpfloat (stored->settings.vat_rate, ==, 0.13);
  g_assert_false (stored->settings.prices_include_vat);
  /* The quote states no billing step: whole months. */
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (stored->quotes, 0))->billing_granularity_h, ==, 0);

  /* Prices without VAT are compared with it: the two months, 60,000,
   * are 67,800 with the bare machine's 13% (--vat-rate is the services'
   * rate); 15% on top, 10,170: 77,970, of which 77,970 × 13/113 = 8,970
   * is VAT. */
  g_clear_pointer (&schedule, g_free);
  schedule = schedule_of ("approve-2.xml");
  g_assert_nonnull (strstr (schedule, "<approval approvable=\"true\" prices-include-vat=\"true\">"));
  g_assert_cmpfloat_with_epsilon (xml_figure (schedule, "total-cost"), 67800, 1e-6);
  g_assert_cmpfloat_with_epsilon (xml_figure (schedule, "contingency"), 10170, 1e-6);
  g_assert_cmpfloat_with_epsilon (xml_figure (schedule, "vat-included"), 8970, 1e-6);
  g_assert_cmpfloat_with_epsilon (xml_figure (schedule, "amount-to-approve"), 77970, 1e-6);

  /* The XML carries the settings back. */
  from_xml = cp_report_xml_read (xml_path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (from_xml->settings.contingency_fraction, ==, 0.15);
  g_assert_cmpfloat (from_xml->settings.vat_rate, ==, 0.13);
  g_assert_false (from_xml->settings.prices_include_vat);

  /* A share out of range is refused, naming the option; nothing is kept. */
  {
    g_auto(CpTestRun) bad = { 0 };
    g_autoptr(CpProject) after = NULL;

    RUN (&bad, "report", "approve.cplan", "--vat-rate", "60%");
    g_assert_cmpint (bad.status, !=, 0);
    g_assert_nonnull (strstr (bad.err, "VAT rate"));
    after = cp_project_load_file (project_path, &error);
    g_assert_no_error (error);
    g_assert_cmpfloat (after->settings.vat_rate, ==, 0.13);
  }
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

/* The contingency is at least one more step the recommended vendor bills,
 * the smallest overrun that can happen (read37 F5), or the 10%, whichever
 * is more; page 1, the XML and the month table say the same.
 * - Hourly: read37's 13B LoRA project, one 8 × A800 machine of Cloud A at
 *   18 CNY per GPU-hour, billed 8 hours at the top of its band (a 7.4-hour
 *   rental of debugging and run), 18 × 8 × 8 = 1,152 CNY. 10% is 115;
 *   one more machine-hour, 18 × 8 = 144, is more: 1,296, with VAT at 13%
 *   (bare metal), 1,296 × 13/113 = 149.
 * - Daily and hourly in one project: a 6-hour debugging job on H at 80
 *   CNY per node-hour, billed by the hour (480), and a 2.5-day one on D
 *   at 60 CNY per node-hour billed by the day, 3 days × 24 × 60 = 4,320
 *   (H would bill 60 h × 80 = 4,800). Top 4,800; 10% 480; the steps are
 *   an hour of H, 80, and a day of D, 24 × 60 = 1,440, the dearer of
 *   which any one job running over can cost: 4,800 + 1,440 = 6,240, VAT
 *   6,240 × 13/113 = 718; by the end of March, the only month, the same.
 * - Monthly: 58 days of debugging on one machine at 30,000 CNY per
 *   node-month is billed two months, 1,460 h, 60,000; 10% longer, 1,531
 *   h, passes them: a third month, 30,000 over the 6,000 of the 10%:
 *   90,000. (36.8 days, 10% longer 971 h, stays within the two months:
 *   the 10%, test_amount_to_approve.) */
static void
test_contingency_billing_step (void)
{
  g_autofree char *lora = NULL, *multi = NULL, *monthly = NULL;
  static const struct { const char *lang, *line; } lines[] = {
    { "en", "Amount to approve: 1,296 CNY (the top of the range + 144 CNY contingency: one more billed hour of 1 "
            "machine, more than 10%)." },
    { "zh_CN", "申请批准金额：¥1,296（区间上限 + 不可预见费 ¥144：1 台机器多计费一小时，多于 10%）。" },
  };

  RUN_OK ("new", "lora.cplan", "--name", "13B LoRA", "--start", "2027-03-01");
  RUN_OK ("add-job", "lora.cplan", "--model", "llama-2-13b", "--task", "lora", "--tokens", "300M", "--deadline-days",
          "3", "--name", "13B LoRA fine-tune");
  RUN_OK ("add-quote", "lora.cplan", "--vendor", "Cloud A", "--offer", "8×A800 80GB", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "2", "--price", "18元/卡/时");
  RUN_OK ("add-quote", "lora.cplan", "--vendor", "Provider B", "--offer", "8×Ascend 910B2 server", "--gpu",
          "ascend-910b", "--gpus-per-node", "8", "--nodes", "1", "--price", "30,000元/台/月");
  RUN_OK ("report", "lora.cplan", "--xml", "lora.xml");
  lora = schedule_of ("lora.xml");
  g_assert_cmpfloat_with_epsilon (xml_figure (lora, "top-of-range"), 1152, 1e-6);
  assert_contingency (lora, 1296, 144, "billing-step", "1", "1");
  g_assert_cmpfloat_with_epsilon (xml_figure (lora, "vat-included"), 149, 1e-6);
  g_assert_cmpfloat_with_epsilon (xml_figure (lora, "approved-cumulative"), 1296, 1e-6);
  if (!cp_test_skip_without_poppler ())
    for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
      {
        g_autofree char *pdf = g_strdup_printf ("lora-%s.pdf", lines[i].lang);
        g_autofree char *first = NULL;

        RUN_OK ("report", "lora.cplan", "--lang", lines[i].lang, "--pdf", pdf);
        first = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
        cp_test_assert_has (first, lines[i].line);
      }

  RUN_OK ("new", "multi.cplan", "--start", "2027-03-01");
  RUN_OK ("add-quote", "multi.cplan", "--id", "hourly", "--vendor", "H", "--gpu", "h800", "--gpus-per-node", "8",
          "--nodes", "1", "--price-per-node-hour", "80");
  RUN_OK ("add-quote", "multi.cplan", "--id", "daily", "--vendor", "D", "--gpu", "h800", "--gpus-per-node", "8",
          "--nodes", "1", "--price-per-node-hour", "60", "--billing-granularity-hours", "24");
  RUN_OK ("add-job", "multi.cplan", "--id", "short", "--task", "debug", "--duration-days", "0.25");
  RUN_OK ("add-job", "multi.cplan", "--id", "long", "--task", "debug", "--duration-days", "2.5");
  RUN_OK ("report", "multi.cplan", "--xml", "multi.xml");
  multi = schedule_of ("multi.xml");
  g_assert_nonnull (strstr (multi, "<job ref=\"short\" planned=\"true\" quote=\"hourly\">"));
  g_assert_nonnull (strstr (multi, "<job ref=\"long\" planned=\"true\" quote=\"daily\">"));
  g_assert_cmpfloat_with_epsilon (xml_figure (multi, "top-of-range"), 4800, 1e-6);
  assert_contingency (multi, 6240, 1440, "billing-step", "24", "1");
  g_assert_cmpfloat_with_epsilon (xml_figure (multi, "vat-included"), 718, 1e-6);
  g_assert_cmpfloat_with_epsilon (xml_figure (multi, "approved-cumulative"), 6240, 1e-6);

  RUN_OK ("new", "monthly.cplan", "--start", "2027-03-01");
  RUN_OK ("add-quote", "monthly.cplan", "--id", "monthly", "--vendor", "M", "--gpu", "h800", "--gpus-per-node", "8",
          "--nodes", "1", "--price-per-node-month", "30000");
  RUN_OK ("add-job", "monthly.cplan", "--id", "trial", "--task", "debug", "--duration-days", "58");
  RUN_OK ("report", "monthly.cplan", "--xml", "monthly.xml");
  monthly = schedule_of ("monthly.xml");
  g_assert_cmpfloat_with_epsilon (xml_figure (monthly, "top-of-range"), 60000, 1e-6);
  assert_contingency (monthly, 90000, 30000, "billing-step", "730", "1");
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-cli-signoff-XXXXXX");
  g_test_add_func ("/cli-signoff/order-changes-calendar", test_order_changes_calendar);
  g_test_add_func ("/cli-signoff/sign-off-round-trip", test_sign_off_round_trip);
  g_test_add_func ("/cli-signoff/xml-budget-is-the-plans", test_xml_budget_is_the_plans);
  g_test_add_func ("/cli-signoff/bad-input", test_bad_input);
  g_test_add_func ("/cli-signoff/amount-to-approve", test_amount_to_approve);
  g_test_add_func ("/cli-signoff/contingency-billing-step", test_contingency_billing_step);
  return cp_test_run_then_remove (tmp_dir);
}
