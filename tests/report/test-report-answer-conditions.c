/* test-report-answer-conditions.c: one vendor question, one amount
 * (issue 22). Three jobs rest on the same answer of CloudA's; page 1's
 * "or approve …" adds every job's extra cost where it took the dearest
 * job's alone, names the question and its vendor ("question 3 below")
 * and the jobs it moves (their names, 20 characters, keep to half a
 * line; "3 jobs above" did not say which),
 * and the XML carries one project-level condition with its jobs. Made as
 * a user makes them (compute-planner-cli, read back with pdftotext and
 * xmllint), in English and Chinese. */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"
#include "cp-test-approval-quotes.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* Three LoRA jobs of Qwen2.5-72B (200M, 100M and 300M tokens of 4,096)
 * within 3 days each, starting on 1 March 2027; quotes:
 *   CloudA H800: 4 nodes × 8 GPUs at 15 CNY per GPU-hour, billing not
 *                stated (read by the hour);
 *   VMC A100:    1 node × 8 at 12 CNY per GPU-hour, hourly, no minimum;
 *   RackB A800:  1 node × 8 at 60,000 CNY per node-month.
 * Each job rents 1 of CloudA's 4 machines, and goes to VMC if CloudA
 * bills at least a month or rents only its whole offer. */
static void
make_three_jobs (const char *file)
{
  RUN_OK ("new", file, "--name", "Three LoRA", "--start", "2027-03-01");
  RUN_OK ("add-job", file, "--name", "LoRA A", "--model", "qwen2.5-72b", "--task", "lora", "--tokens", "200M",
          "--seq-len", "4096", "--deadline-days", "3");
  RUN_OK ("add-job", file, "--name", "LoRA B", "--model", "qwen2.5-72b", "--task", "lora", "--tokens", "100M",
          "--seq-len", "4096", "--deadline-days", "3");
  RUN_OK ("add-job", file, "--name", "LoRA C", "--model", "qwen2.5-72b", "--task", "lora", "--tokens", "300M",
          "--seq-len", "4096", "--deadline-days", "3");
  cp_test_add_approval_quotes (tmp_dir, file);
}

/* By hand, each job at the top of its band (CloudA at 15 CNY × 8 GPUs =
 * 120 CNY an hour, VMC at 12 × 8 = 96 CNY an hour, billed by the hour):
 *   LoRA A: CloudA 7.0–11.2 h, top 12 h × 120 = 1,440; VMC top 28 h × 96 = 2,688
 *   LoRA B: CloudA 3.5–5.6 h,  top  6 h × 120 =   720; VMC top 14 h × 96 = 1,344
 *   LoRA C: CloudA 10.5–16.9 h, top 17 h × 120 = 2,040; VMC top 42 h × 96 = 4,032
 * Top of range 1,440 + 720 + 2,040 = 4,200 CNY; + 10% = 4,620 to approve.
 * If CloudA bills a month (or rents only its whole offer) all three move
 * to VMC: 4,200 + (2,688 − 1,440) + (1,344 − 720) + (4,032 − 2,040)
 * = 4,200 + 1,248 + 624 + 1,992 = 8,064 CNY; + 10% = 8,870.4, 8,870 CNY
 * to approve. The dearest job's answer alone (LoRA C) made 4,200 − 2,040
 * + 4,032 = 6,192, 6,811 CNY: too little were CloudA's answer the case. */
static void
test_three_jobs_one_question (void)
{
  static const struct {
    const char *lang, *pdf, *xml, *sentence, *question, *old;
  } langs[] = {
    { "en", "three-en.pdf", "three-en.xml",
      "If CloudA bills at least a month, or rents only the whole offer of 4 machines (question 3 below): LoRA A, LoRA B "
      "and LoRA C above, past this amount; ask first or approve 8,870 CNY.",
      "3. How is it billed, is there a minimum term, and can part of the offer be rented alone on the same terms?",
      "6,811" },
    { "zh_CN", "three-zh.pdf", "three-zh.xml",
      "如果 CloudA 至少按一个月计费，或只整体出租全部 4 台机器（见下文问题 3）：上述任务 LoRA A、LoRA B 和 LoRA C，超出此金额；请先询问，或批准 "
      "¥8,870。",
      "3. 如何计费？是否有最短租期？能否按同样条件只租报价中的一部分节点？询问：CloudA（共 4 个节点中的 1 个）。", "¥6,811" },
  };

  if (cp_test_skip_without_poppler ())
    return;
  make_three_jobs ("three.cplan");
  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      g_autofree char *page1 = NULL, *laid_out = NULL, *raw = NULL, *xml = NULL;

      RUN_OK ("report", "three.cplan", "--lang", langs[l].lang, "--pdf", langs[l].pdf, "--xml", langs[l].xml);
      cp_test_validate_report_xml (tmp_dir, langs[l].xml);
      page1 = cp_test_pdf_text (tmp_dir, langs[l].pdf, 1, FALSE);
      /* The list's number beside its line, as laid out; the memo's list
       * may go on to page 2 (CloudA's kind, assumed, takes a line of page
       * 1: read37 F4). */
      laid_out = cp_test_pdf_text (tmp_dir, langs[l].pdf, 0, TRUE);
      cp_test_assert_has (page1, l == 0 ? "Amount to approve: 4,620 CNY" : "申请批准金额：¥4,620");
      cp_test_assert_has (page1, langs[l].sentence);
      cp_test_assert_has (laid_out, langs[l].question);
      cp_test_assert_lacks (page1, langs[l].old);
      raw = cp_test_read_in (tmp_dir, langs[l].xml);
      xml = cp_test_squeeze (raw);
      /* Each job's answer above names the option it then takes. */
      cp_test_assert_has (page1, l == 0 ? "If CloudA bills at least a month, or rents only the whole offer of 4 machines: VMC at 3,168 CNY."
                                        : "改为 VMC，费用 ¥3,168");
      /* One condition of the project for the question, its three jobs
       * with their extra costs, one top and one amount. */
      cp_test_assert_has (xml, "<condition kind=\"billing\" question=\"3\" quote=\"quote-1\" within-amount=\"false\">");
      cp_test_assert_has (xml, "<moved-job ref=\"job-1\"> <then>");
      cp_test_assert_has (xml, "<moved-job ref=\"job-2\">");
      cp_test_assert_has (xml, "<moved-job ref=\"job-3\">");
      cp_test_assert_has (xml, "<extra-cost currency=\"CNY\">1248</extra-cost>");
      cp_test_assert_has (xml, "<extra-cost currency=\"CNY\">624</extra-cost>");
      cp_test_assert_has (xml, "<extra-cost currency=\"CNY\">1992</extra-cost> </moved-job> "
                               "<top-of-range currency=\"CNY\">8064</top-of-range> "
                               "<amount-to-approve currency=\"CNY\">8870</amount-to-approve> </condition>");
    }
}

/* Names that would take more than half of page 1's line (3 × 22 = 66
 * characters, over 48) are counted instead: the sentence keeps to one
 * more line. */
static void
test_long_names_counted (void)
{
  static const char *const names[] = { "Support bot LoRA, spring", "Search ranker LoRA, v2", "Contract reader LoRA" };
  g_autofree char *page1 = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  make_three_jobs ("long.cplan");
  for (guint j = 0; j < G_N_ELEMENTS (names); j++)
    {
      g_autofree char *id = g_strdup_printf ("job-%u", j + 1);

      RUN_OK ("edit-job", "long.cplan", id, "--name", names[j]);
    }
  RUN_OK ("report", "long.cplan", "--lang", "en", "--pdf", "long-en.pdf");
  page1 = cp_test_pdf_text (tmp_dir, "long-en.pdf", 1, FALSE);
  cp_test_assert_has (page1, "(question 3 below): 3 jobs above, past this amount; ask first or approve 8,870 CNY.");
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-answer-conditions-XXXXXX");
  g_test_add_func ("/answer-conditions/three-jobs-one-question", test_three_jobs_one_question);
  g_test_add_func ("/answer-conditions/long-names-counted", test_long_names_counted);
  return cp_test_run_then_remove (tmp_dir);
}
