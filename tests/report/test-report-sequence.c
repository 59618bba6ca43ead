/* test-report-sequence.c: jobs in sequence on one rented machine, as the
 * memo, the budget and the XML say them (walk42 F28), on a report made
 * as a user makes it (compute-planner-cli, read back with pdftotext), in
 * both languages. */

#include "config.h"

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* One 8 × H800 machine at 30,000 CNY per node-month from 1 March 2027:
 * Trial A, 5 days of debugging work (one month, 30,000 CNY invoiced on
 * 1 March and paid for 730 h, to 31 March), then Trial B after it, 10 days, 6–15
 * March: inside the month A paid, it bills nothing more. The project costs
 * 30,000 CNY, not 60,000; with the 10% contingency 33,000 CNY to approve,
 * not 66,000. Nobody is asked whether the two may share a month: B runs
 * on the machine the team already has. */
static void
test_second_job_in_paid_month (void)
{
  static const char *const english[] = {
    "All jobs at their recommended options: 30,000 CNY",
    "Amount to approve: 33,000 CNY",
    "It runs within the months already rented for Trial A: 30,000 CNY of it is paid there, so the project pays 0 CNY "
    "more for it.",
    "6–15 March 2027, after Trial A, within the months already rented for Trial A (30,000 CNY not billed again)",
  };
  static const char *const chinese[] = {
    "申请批准金额：¥33,000",
    "它在已为“Trial A”租下的月份内运行：其中 ¥30,000 已由那份租金支付，项目只需为它再付 ¥0。",
    "在已为“Trial A”租下的月份内（¥30,000 不再重复计费）",
  };
  g_autofree char *en = NULL, *zh = NULL, *raw = NULL, *xml = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "seq.cplan", "--name", "Two trials", "--start", "2027-03-01");
  RUN_OK ("add-quote", "seq.cplan", "--vendor", "Month lab", "--offer", "H800 server", "--offering", "bare-metal",
          "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "30000",
          "--network", "infiniband", "--nics", "8", "--nic-gbps", "400");
  RUN_OK ("add-job", "seq.cplan", "--name", "Trial A", "--task", "debug", "--model", "llama-2-13b",
          "--duration-days", "5");
  RUN_OK ("add-job", "seq.cplan", "--name", "Trial B", "--task", "debug", "--model", "llama-2-13b",
          "--duration-days", "10", "--after", "job-1");
  RUN_OK ("report", "seq.cplan", "--lang", "en", "--pdf", "seq-en.pdf", "--xml", "seq.xml");
  RUN_OK ("report", "seq.cplan", "--lang", "zh_CN", "--pdf", "seq-zh.pdf");
  en = cp_test_pdf_text (tmp_dir, "seq-en.pdf", 0, FALSE);
  zh = cp_test_pdf_text (tmp_dir, "seq-zh.pdf", 0, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (english); i++)
    cp_test_assert_has (en, english[i]);
  for (guint i = 0; i < G_N_ELEMENTS (chinese); i++)
    cp_test_assert_has (zh, chinese[i]);
  cp_test_assert_lacks (en, "share one rented month");
  raw = cp_test_read_in (tmp_dir, "seq.xml");
  xml = cp_test_squeeze (raw);
  cp_test_assert_has (xml, "<amount-to-approvecurrency=\"CNY\">33000</amount-to-approve>");
  cp_test_assert_has (xml, "<start>2027-03-06</start><end>2027-03-15</end>");
  cp_test_assert_has (xml, "<run-daysunit=\"days\">10</run-days><costcurrency=\"CNY\">0</cost>");
  g_assert_cmpuint (cp_test_count (xml, "<invoicejob="), ==, 1);
  cp_test_assert_lacks (xml, "kind=\"shared-month\"");
}

/* Two jobs of @days days each, the second after the first, on one
 * 8 × H800 machine at 38,000 CNY per node-month from 1 March 2027 (the
 * article's plan: a trial and debugging on one machine, then the run on
 * it), with the project's default 10% contingency. */
static void
make_two_in_sequence (const char *file,
                      const char *days)
{
  RUN_OK ("new", file, "--name", "Trial then run", "--start", "2027-03-01");
  RUN_OK ("add-quote", file, "--vendor", "Month lab", "--offer", "H800 server", "--offering", "bare-metal",
          "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "38000");
  RUN_OK ("add-job", file, "--name", "Trial", "--task", "debug", "--model", "llama-2-13b", "--duration-days", days);
  RUN_OK ("add-job", file, "--name", "Second", "--task", "debug", "--model", "llama-2-13b", "--duration-days", days,
          "--after", "job-1");
}

/* The budget by month, page 1's total and the XML say one figure.
 * 5 days each: Trial 1–5 March, Second 6–10 March. The month invoiced on
 * 1 March is paid for 730 h, to day 30.4167 (31 March, 10:00), and holds
 * both, so the project pays one month, 1 × 38,000 = 38,000 CNY (not 2 ×
 * 38,000 = 76,000); to approve 38,000 × 1.1 = 41,800 CNY. 20 days each:
 * Trial 1–20 March, Second 21 March – 9 April (days 20–40), past day
 * 30.4167: Second goes on in the month paid, then needs the month
 * invoiced on 31 March, so 2 × 38,000 = 76,000 CNY, both invoiced in
 * March (April 0), to approve 76,000 × 1.1 = 83,600 CNY. */
static void
test_shared_month (void)
{
  static const struct {
    const char *days;
    const char *total;
    const char *approve_line;
    const char *months_en[2];      /* budget rows, as pdftotext reads them */
    const char *invoices;          /* under the month table, or under the jobs' with none */
    const char *xml_total;
    const char *xml_months[2];
    guint n_invoices;
  } cases[] = {
    { "5", "All jobs at their recommended options: 38,000 CNY", "Amount to approve: 41,800 CNY",
      /* One month: the budget says it in the jobs' table, no month table. */
      { "Second 6–10 March 2027, after Trial, within the months already rented for Trial (38,000 CNY not billed "
        "again) 0 CNY", NULL },
      "Invoiced on set days: Month lab, 38,000 CNY on 1 March 2027 (Trial).",
      "<amount-to-approvecurrency=\"CNY\">41800</amount-to-approve>",
      { "<monthmonth=\"2027-03\"><costcurrency=\"CNY\">38000</cost><cumulative-costcurrency=\"CNY\">38000</cumulative-cost>",
        NULL },
      1 },
    { "20", "All jobs at their recommended options: 76,000 CNY", "Amount to approve: 83,600 CNY",
      { "2027-03 76,000 CNY 76,000 CNY 83,600 CNY", "2027-04 0 CNY 76,000 CNY 83,600 CNY" },
      "Invoiced on set days, in the months above: Month lab, 38,000 CNY on 1 March 2027 (Trial); Month lab, 38,000 CNY "
      "on 31 March 2027 (Second).",
      "<amount-to-approvecurrency=\"CNY\">83600</amount-to-approve>",
      { "<monthmonth=\"2027-03\"><costcurrency=\"CNY\">76000</cost><cumulative-costcurrency=\"CNY\">76000</cumulative-cost>",
        "<monthmonth=\"2027-04\"><costcurrency=\"CNY\">0</cost><cumulative-costcurrency=\"CNY\">76000</cumulative-cost>" },
      2 },
  };

  if (cp_test_skip_without_poppler ())
    return;
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *file = g_strdup_printf ("shared-%s.cplan", cases[c].days);
      g_autofree char *pdf = g_strdup_printf ("shared-%s.pdf", cases[c].days);
      g_autofree char *xml_file = g_strdup_printf ("shared-%s.xml", cases[c].days);
      g_autofree char *en = NULL, *raw = NULL, *xml = NULL, *text = NULL;

      make_two_in_sequence (file, cases[c].days);
      RUN_OK ("report", file, "--lang", "en", "--pdf", pdf, "--xml", xml_file);
      en = cp_test_pdf_text (tmp_dir, pdf, 0, FALSE);
      text = cp_test_squeeze (en);
      cp_test_assert_has (en, cases[c].total);
      cp_test_assert_has (en, cases[c].approve_line);
      cp_test_assert_has (en, cases[c].invoices);
      for (guint m = 0; m < G_N_ELEMENTS (cases[c].months_en) && cases[c].months_en[m] != NULL; m++)
        {
          g_autofree char *row = cp_test_squeeze (cases[c].months_en[m]);

          cp_test_assert_has (text, row);
        }
      raw = cp_test_read_in (tmp_dir, xml_file);
      xml = cp_test_squeeze (raw);
      cp_test_assert_has (xml, cases[c].xml_total);
      for (guint m = 0; m < G_N_ELEMENTS (cases[c].xml_months) && cases[c].xml_months[m] != NULL; m++)
        cp_test_assert_has (xml, cases[c].xml_months[m]);
      g_assert_cmpuint (cp_test_count (xml, "<invoicejob="), ==, cases[c].n_invoices);
      if (cases[c].xml_months[1] == NULL)
        cp_test_assert_lacks (xml, "<monthmonth=\"2027-04\"><costcurrency=\"CNY\">38000");
    }
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-sequence-XXXXXX");
  g_test_add_func ("/sequence/second-job-in-paid-month", test_second_job_in_paid_month);
  g_test_add_func ("/sequence/shared-month", test_shared_month);
  return cp_test_run_then_remove (tmp_dir);
}
