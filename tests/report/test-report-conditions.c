/* test-report-conditions.c: what the approver signs is what the window
 * says (issue 22): one robustness judgement in the plan, the window's
 * words, page 1 and the XML; every open condition in the signature; a
 * cluster's month when its billing is the condition. Reports made as a
 * user makes them (compute-planner-cli, read back with pdftotext), in
 * both languages. */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"
#include "cp-test-approval-quotes.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* A LoRA of Qwen2.5-72B on 200M tokens of 4,096 within @deadline_days,
 * the team not described, starting on 1 March 2027; quotes:
 *   CloudA H800: 4 nodes × 8 GPUs at 15 CNY per GPU-hour, billing not
 *                stated (read by the hour), VAT not stated;
 *   VMC A100:    1 node × 8 at 12 CNY per GPU-hour, hourly, no minimum;
 *   RackB A800:  1 node × 8 at 60,000 CNY per node-month. */
static void
make_lora (const char *file,
           const char *deadline_days)
{
  RUN_OK ("new", file, "--name", "LoRA approval", "--start", "2027-03-01");
  RUN_OK ("add-job", file, "--name", "LoRA", "--model", "qwen2.5-72b", "--task", "lora", "--tokens", "200M",
          "--seq-len", "4096", "--deadline-days", deadline_days);
  cp_test_add_approval_quotes (tmp_dir, file);
}

/* With a 0.4-day (9.6-hour) deadline, CloudA's one machine runs the job
 * in 8.0 h, 7.0–10.3 h over the range: its pessimistic end, 10.3 h,
 * misses 9.6 h, and VMC's and RackB's 0.9 days miss it at any end. The
 * plan says so (cp_plan_add_robustness()), and page 1 and the XML read
 * the same sentence, where page 1 said "the choice holds across it". */
static void
test_pessimistic_none_feasible (void)
{
  static const struct {
    const char *lang, *pdf, *xml, *judgement, *holds;
  } langs[] = {
    { "en", "none-en.pdf", "none-en.xml",
      "The recommendation does not hold across the range: with every assumption at its pessimistic end no quote is "
      "feasible.", "the choice holds across it" },
    { "zh_CN", "none-zh.pdf", "none-zh.xml",
      "该推荐并非在整个取值范围内都成立：所有假设都取悲观端时，没有可行的报价。", "在此范围内结论不变" },
  };
  CpTestRun plan = { 0 };

  if (cp_test_skip_without_poppler ())
    return;
  make_lora ("none.cplan", "0.4");
  /* The CLI's plan says what the window's robustness line says (both
   * cp_words_robustness()). */
  CP_TEST_RUN_CLI (&plan, tmp_dir, "plan", "none.cplan");
  g_assert_cmpint (plan.status, ==, 0);
  g_assert_nonnull (strstr (plan.out, langs[0].judgement));
  cp_test_run_clear (&plan);
  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      g_autofree char *page1 = NULL, *raw = NULL, *xml = NULL, *text = NULL;

      RUN_OK ("report", "none.cplan", "--lang", langs[l].lang, "--pdf", langs[l].pdf, "--xml", langs[l].xml);
      cp_test_validate_report_xml (tmp_dir, langs[l].xml);
      page1 = cp_test_pdf_text (tmp_dir, langs[l].pdf, 1, FALSE);
      cp_test_assert_has (page1, langs[l].judgement);
      cp_test_assert_lacks (page1, langs[l].holds);
      raw = cp_test_read_in (tmp_dir, langs[l].xml);
      xml = cp_test_squeeze (raw);
      cp_test_assert_has (xml, "<verdict-robust>false</verdict-robust>");
      text = g_strdup_printf ("<text>%s</text>", langs[l].judgement);
      cp_test_assert_has (xml, text);
    }
}

/* With 3 days, CloudA's 1 of its 4 machines wins, and VMC wins if CloudA
 * bills at least a month or rents only the whole offer. By hand: the top
 * of CloudA's range is 11.2 h, billed 12 h × 8 GPUs × 15 CNY = 1,440 CNY;
 * with 10% contingency 1,440 × 1.1 = 1,584 CNY to approve. The signature
 * rests on both answers, where it named the billing alone. */
static void
test_part_of_offer_signed (void)
{
  g_autofree char *en = NULL, *zh = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  make_lora ("part.cplan", "3");
  RUN_OK ("report", "part.cplan", "--lang", "en", "--pdf", "part-en.pdf", "--xml", "part.xml");
  RUN_OK ("report", "part.cplan", "--lang", "zh_CN", "--pdf", "part-zh.pdf");
  cp_test_validate_report_xml (tmp_dir, "part.xml");
  en = cp_test_pdf_text (tmp_dir, "part-en.pdf", 1, FALSE);
  cp_test_assert_has (en, "If CloudA bills at least a month, or rents only the whole offer of 4 machines: VMC at "
                      "2,112 CNY.");
  cp_test_assert_has (en, "The signature approves up to 1,584 CNY provided CloudA bills by the hour with no minimum "
                      "term and CloudA rents 1 of its 4 machines alone.");
  zh = cp_test_pdf_text (tmp_dir, "part-zh.pdf", 1, FALSE);
  cp_test_assert_has (zh, "CloudA按小时计费且无最短租期和CloudA单独出租其4台机器中的1台");
  cp_test_assert_has (zh, "¥1,584");
}

/* A full fine-tune of Qwen2.5-7B on 20B tokens within 4 days, on CloudA's
 * 2 nodes × 8 H800 at 15 CNY per GPU-hour (network and storage included,
 * billing not stated), by a team that has run distributed training (no
 * migration): the cluster wins and debugs on one of its nodes. Billed a
 * month, its nodes cost 2 × 8 × 15 × 730 h = 175,200 CNY, prices with VAT
 * and nothing else charged; covered, 175,200 × 1.1 = 192,720 CNY. It was
 * 0, and the cluster's approval read as unconditional. */
static void
test_cluster_month (void)
{
  static const struct {
    const char *lang, *pdf, *month, *cover, *proviso;
  } langs[] = {
    { "en", "month-en.pdf", "if it bills at least a month: CloudA then costs 175,200 CNY",
      "; ask first or approve 192,720 CNY.",
      "The signature approves up to 17,160 CNY provided CloudA bills by the hour with no minimum term." },
    { "zh_CN", "month-zh.pdf", "¥175,200", "请先询问，或批准¥192,720。",
      "CloudA按小时计费且无最短租期" },
  };

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "month.cplan", "--name", "Cluster month", "--start", "2027-03-01");
  RUN_OK ("add-job", "month.cplan", "--name", "Full FT", "--model", "qwen2.5-7b", "--task", "full-finetune",
          "--tokens", "20B", "--seq-len", "4096", "--deadline-days", "4", "--distributed-experience",
          "--ops-engineer", "--team-stated");
  RUN_OK ("add-quote", "month.cplan", "--vendor", "CloudA", "--offer", "H800", "--gpu", "h800", "--nodes", "2",
          "--price-per-gpu-hour", "15", "--network", "infiniband", "--nics", "8", "--nic-gbps", "400", "--dedicated",
          "--network-fee-per-node-month", "included", "--storage-price-per-tb-month", "included", "--storage",
          "parallel-fs");
  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      g_autofree char *page1 = NULL;

      RUN_OK ("report", "month.cplan", "--lang", langs[l].lang, "--pdf", langs[l].pdf);
      page1 = cp_test_pdf_text (tmp_dir, langs[l].pdf, 1, FALSE);
      cp_test_assert_has (page1, langs[l].lang[0] == 'e' ? "Full FT: Cluster" : "集群");
      cp_test_assert_has (page1, langs[l].month);
      cp_test_assert_has (page1, langs[l].cover);
      cp_test_assert_has (page1, langs[l].proviso);
    }
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-conditions-XXXXXX");
  g_test_add_func ("/conditions/pessimistic-none-feasible", test_pessimistic_none_feasible);
  g_test_add_func ("/conditions/part-of-offer-signed", test_part_of_offer_signed);
  g_test_add_func ("/conditions/cluster-month", test_cluster_month);
  return cp_test_run_then_remove (tmp_dir);
}
