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
 * 1 March and paid to 1 April), then Trial B after it, 10 days, 6–15
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

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("cp-sequence-XXXXXX", NULL);
  g_test_add_func ("/sequence/second-job-in-paid-month", test_second_job_in_paid_month);
  status = g_test_run ();
  cp_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
