/* test-report-finance.c: what kept a finance director who had never seen
 * the tool from signing (approver14, 3 December), on reports made as a
 * team lead makes them (compute-planner-cli, read back with pdftotext and
 * from the XML), each figure worked out here from the plan's own totals:
 * what the amount to approve leaves out, said beside it; one margin
 * between the recommended option and the next in every place; a choice
 * resting on renting part of an offer not called firm, and the rental's
 * terms asked of every vendor on one line. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"
#include "report-cli-projects.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* The report of @project in @lang: its page 1 and its whole text. */
static void
report (const char  *project,
        const char  *lang,
        char       **first,
        char       **all,
        char       **xml)
{
  g_autofree char *base = g_strndup (project, strlen (project) - strlen (".cplan"));
  g_autofree char *pdf = g_strdup_printf ("%s-%s.pdf", base, lang);
  g_autofree char *xml_file = g_strdup_printf ("%s-%s.xml", base, lang);
  g_autofree char *xml_path = g_build_filename (tmp_dir, xml_file, NULL);

  RUN_OK ("report", project, "--lang", lang, "--pdf", pdf, "--xml", xml_file);
  *first = report_pdf_unbulleted (tmp_dir, pdf, 1);
  *all = report_pdf_unbulleted (tmp_dir, pdf, 0);
  if (xml != NULL)
    g_assert_true (g_file_get_contents (xml_path, xml, NULL, NULL));
}

typedef struct {
  const char *lang;
  const char *not_in;          /* printf: what the amount to approve leaves out, whole, with porting's break-even, its
                                * engineer-days */
  const char *demo_not_in;     /* the demo's, to its first clause's end */
  const char *demo_not_in_end; /* the demo's last clause (the paragraph may break across pages) */
  const char *next;            /* printf: page 1's open answer that leads to the next option, its total */
  const char *what_if;         /* printf: the recommended total, the margin */
} Words;

/* By construction of the project (report_cli_make_ascend_lora()): the job
 * is a LoRA fine-tune (not data processing), recommended on 华为云's
 * Ascend, whose CUDA tools no figure ports; 1 TB of storage (the job's
 * default) on a quote with no storage price, which no other quote prices
 * either: kept for the 10.1-h calendar, 10.1 / 730 = 0.014 TB-months,
 * left out and asked (walk38 F4), said as "1 TB for 10.1 h" (read37 F6);
 * 2 engineers at 2,000 CNY a day (the form's example, nobody typed it:
 * assumed), counted only for a move to a cluster. In the demo every job is
 * recommended on NVIDIA GPUs (nothing to port); vendor D's 10 nodes state
 * no network fee, and vendor G, whose machine keeps the 70B job's data,
 * no storage price. */
static const Words english = {
  "en",
  "Not in the amount: porting to Ascend, not costed: Ascend stays the cheaper choice unless porting costs more than %s "
  "CNY for Qwen2.5 72B LoRA (%s engineer-days at 2,000 CNY a day); storage (华为云: 1 TB (assumed) for 10.1 h), not "
  "counted: no quote prices storage (ask 华为云 for one); the team's working days, except in moving to a "
  "cluster (R8): 4,000 CNY a working day (assumed).",
  "Not in the amount: storage (示例供应商 G (Example vendor G)), not priced in its quote: about 3,272 CNY at "
  "示例供应商 D (Example vendor D)’s 1,200 CNY per TB-month, within the contingency;",
  "the team's working days, except in moving to a cluster (R8).",
  "or rents only the whole offer of 2 machines: 深圳算力云 at %s CNY.",
  "would be recommended if its total cost fell by more than %2$s CNY, to below %1$s CNY.",
};

static const Words chinese = {
  "zh_CN",
  "申请金额不含：移植到昇腾的工作，未估算：移植费用不超过以下金额时，昇腾仍是更便宜的选择——Qwen2.5 72B LoRA：¥%s（按每人天 ¥2,000 计，"
  "合 %s 人天）；存储（华为云：1 TB（假设），保留 10.1 小时），未计入：没有报价写明存储价格（请向华为云询价）；团队自身的工时（迁移到集群的工时"
  "除外，R8）：每个工作日 ¥4,000（假设）。",
  "申请金额不含：示例供应商 G (Example vendor G) 的存储（报价未计价，按示例供应商 D (Example vendor D) 每 TB·月 ¥1,200 "
  "估算约 ¥3,272，在不可预见费之内）；报价未说明的网络费（请向示例供应商 D (Example vendor D) 询价）；",
  "团队自身的工时（迁移到集群的工时除外，R8）。",
  "或只整体出租全部 2 台机器：改为深圳算力云，费用 ¥%s。",
  "的总成本降到 ¥%s 以下（降低 ¥%s），它将成为推荐方案。",
};

/* "1,152" */
static char *
grouped (double amount)
{
  long whole = lround (amount);

  return whole >= 1000 ? g_strdup_printf ("%ld,%03ld", whole / 1000, whole % 1000) : g_strdup_printf ("%ld", whole);
}

static void
check_amount (const Words *w)
{
  g_autofree char *first = NULL, *all = NULL, *xml = NULL;
  g_autofree char *demo_all = NULL;
  g_autofree char *best = NULL, *next = NULL, *margin = NULL, *share = NULL, *next_line = NULL, *what_if = NULL;
  g_autofree char *demo_pdf = g_strdup_printf ("demo-%s.pdf", w->lang);
  double best_cost, next_cost;

  report ("ascend.cplan", w->lang, &first, &all, &xml);

  /* One margin everywhere: the difference of the two totals as printed,
   * in whole units, and its share of the recommended total (the next
   * option's 74 CNY were "6.9% more" on page 1 and "6.4% lower" in
   * "What would change it"). Page 1 names the next option at its total
   * in the open answers that lead to it (appr33 A1), which say it once. */
  best_cost = report_xml_number_after (xml, "rank=\"1\" feasible", "<total-cost");
  next_cost = report_xml_number_after (xml, "rank=\"2\" feasible", "<total-cost");
  g_assert_cmpfloat (next_cost, >, best_cost);
  g_assert_cmpfloat (next_cost / best_cost, <, 2);
  best = grouped (best_cost);
  next = grouped (next_cost);
  margin = grouped (round (next_cost) - round (best_cost));
  share = g_strdup_printf ("%.1f", 100 * (next_cost / best_cost - 1));
  next_line = g_strdup_printf (w->next, next);
  what_if = g_strdup_printf (w->what_if, best, margin);
  cp_test_assert_has (first, next_line);
  cp_test_assert_has (all, what_if);
  {
    /* Beside the amount, on page 1: what it leaves out, porting with
     * what it may cost before the A800 machine is the cheaper choice
     * (walk41 F10): the margin, and the engineer-days it buys at the
     * job's 2,000 CNY a day (2 engineers: 4,000 CNY a working day). */
    double margin_cny = round (next_cost) - round (best_cost);
    g_autofree char *days = g_strdup_printf ("%.2g", margin_cny / 2000);
    g_autofree char *not_in = g_strdup_printf (w->not_in, margin, days);

    g_assert_cmpfloat (margin_cny, <, 2000);
    cp_test_assert_has (first, not_in);
  }
  {
    /* Nor the runner-up's own share, 1 − best / next. */
    g_autofree char *own = g_strdup_printf ("%.1f%%", 100 * (1 - best_cost / next_cost));

    g_assert_false (g_str_has_prefix (own, share));
    cp_test_assert_lacks (all, own);
  }
  /* Whole units among whole amounts. */
  {
    g_autofree char *cents = g_strdup_printf ("%s.00", margin);

    cp_test_assert_lacks (first, cents);
  }

  /* The demo: nothing to port; the unstated costs of two vendors. */
  RUN_OK ("report", "demo.cplan", "--lang", w->lang, "--pdf", demo_pdf);
  /* The memo's two pages without their headers and footers: the note
   * may run on from page 1 to page 2. */
  demo_all = report_pdf_unbulleted (tmp_dir, demo_pdf, 0);
  cp_test_assert_has (demo_all, w->demo_not_in);
  cp_test_assert_has (demo_all, w->demo_not_in_end);
}

typedef struct {
  const char *lang;
  const char *not_firm;        /* printf: the whole offer's cost, the next option's */
  const char *holds;           /* what a firm choice says */
  const char *ask;             /* the rental's question, whole */
  const char *answer;          /* printf: page 1's open answer, the next option's total */
} Firm;

/* By hand, from the recommended option's own figures in the XML: 华为云
 * offers 2 nodes and the plan rents 1. Rented whole, the idle node bills
 * as the rented one for the run (compute cost × 1) and beside debugging's
 * one machine (debug cost × 1): total + compute + debug. Put to work, the
 * 2 nodes cost more (the move to a cluster, R8), so the idle node's cost
 * stands, above the A800 machine's total: the choice is not firm. Neither
 * quote states its billing step or term: one line asks both, the
 * recommended vendor first. */
static const Firm firm_english = {
  "en",
  "Not firm: it rests on renting 1 of the 2 nodes offered; with the whole offer it costs %s CNY, and 深圳算力云 wins at "
  "%s CNY. Ask 华为云 whether part can be rented alone.",
  "the choice holds across it",
  "How is it billed, is there a minimum term, and can part of the offer be rented alone on the same terms? Ask: 华为云 "
  "(1 of 2 nodes). How is it billed, and is there a minimum term? Ask: 深圳算力云.",
  "If 华为云 bills at least a month, or rents only the whole offer of 2 machines: 深圳算力云 at %s CNY.",
};

static const Firm firm_chinese = {
  "zh_CN",
  "结论待定：取决于只租用报价中 1 个节点（共 2 个）；若整套租用，费用为 ¥%s，深圳算力云 将以 ¥%s 胜出。请向 华为云 确认能否只租一部分。",
  "在此范围内结论不变",
  "如何计费？是否有最短租期？能否按同样条件只租报价中的一部分节点？询问：华为云（共 2 个节点中的 1 个）。"
  "如何计费？是否有最短租期？询问：深圳算力云。",
  "若华为云至少按一个月计费，或只整体出租全部 2 台机器：改为深圳算力云，费用 ¥%s。",
};

static void
check_firm (const Firm *w)
{
  g_autofree char *first = NULL, *all = NULL, *xml = NULL, *whole = NULL, *next = NULL, *not_firm = NULL;
  const char *recommended;
  double total, compute, debug;

  report ("ascend.cplan", w->lang, &first, &all, &xml);
  recommended = strstr (xml, "rank=\"1\" feasible");
  g_assert_nonnull (recommended);
  total = report_xml_number_after (recommended, "<estimate", "<total-cost");
  compute = report_xml_number_after (recommended, "<estimate", "<compute-cost");
  debug = report_xml_number_after (recommended, "<estimate", "<debug-cost");
  whole = grouped (total + compute + debug);
  next = grouped (report_xml_number_after (xml, "rank=\"2\" feasible", "<total-cost"));
  not_firm = g_strdup_printf (w->not_firm, whole, next);
  /* The job's chapter says why; page 1 the answer it waits on, with the
   * option it leads to (appr33 A1). */
  cp_test_assert_has (all, not_firm);
  {
    g_autofree char *answer = g_strdup_printf (w->answer, next);

    cp_test_assert_has (first, answer);
  }
  cp_test_assert_lacks (first, w->holds);
  cp_test_assert_has (first, w->ask);
  g_assert_nonnull (strstr (xml, "<unconfirmed field=\"part-of-offer\""));
  g_assert_nonnull (strstr (xml, "<verdict-robust>true</verdict-robust>"));
}

static void
test_firm (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  check_firm (&firm_english);
  check_firm (&firm_chinese);
}

static void
test_amount (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  check_amount (&english);
  check_amount (&chinese);
}

/* The team lead's project of walk37b, typed with the CLI: a LoRA of
 * Qwen2.5 72B (no deadline) and a 30-day chat service, from 4 January
 * 2027, on LocalDC's one A800 machine at 60,000 CNY a node-month (VAT
 * taken as included), or CloudCo's two H800 nodes. Both jobs take
 * LocalDC's machine, which it offers one of: run one after another, the
 * LoRA takes part of 4 January and the service 30 days after it, 5
 * January – 3 February (30 days, its last counted in). The machine's
 * first month, invoiced on 4 January, is paid for 730 h, to day 30.4167
 * (3 February, 10:00): the service goes on in it (walk42 F28) and needs
 * the machine to the end of 3 February (day 31, 744 h from the start),
 * so one month more is invoiced on 3 February, the months the estimate
 * counts (read38 F1). So the fallback's months are 60,000 CNY in January
 * and 60,000 in February, one rental of the machine (walk37b V1: 120,000
 * and 0 as two rentals side by side). Planned side by side, the service alone
 * is 4 January – 2 February. The XML carries the month table's
 * "Approved by its end" for the plan's months. */
static void
test_one_machine_months (void)
{
  g_autofree char *first = NULL, *all = NULL, *xml = NULL;
  const char *fallback;

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "bot.cplan", "--start", "2027-01-04");
  RUN_OK ("add-job", "bot.cplan", "--name", "Support bot LoRA", "--model", "qwen2.5-72b", "--task", "lora");
  RUN_OK ("add-job", "bot.cplan", "--name", "Chat service", "--model", "llama-2-7b", "--task", "inference",
          "--duration-days", "30", "--concurrency", "100");
  RUN_OK ("add-quote", "bot.cplan", "--vendor", "LocalDC", "--offer", "8 x A800 80GB machine", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "60000");
  RUN_OK ("add-quote", "bot.cplan", "--vendor", "CloudCo", "--offer", "H800 cluster, 2 nodes, InfiniBand", "--gpu",
          "h800", "--gpus-per-node", "8", "--nodes", "2", "--price-per-node-month", "70000", "--network",
          "infiniband", "--nics", "8", "--nic-gbps", "400");
  report ("bot.cplan", "en", &first, &all, &xml);
  g_assert_cmpuint (cp_test_count (first, "for 30.0 days (4 January – 2 February 2027)"), ==, 1);
  /* As planned, side by side: both months billed on 4 January, 120,000
   * CNY, a fixed price; approved by each month's end, with the 10%
   * contingency, 132,000 CNY, as the month table's column says. */
  g_assert_cmpfloat (report_xml_number_after (xml, "<month month=\"2027-01\"", "<cost"), ==, 120000);
  g_assert_cmpfloat (report_xml_number_after (xml, "<month month=\"2027-01\"", "<approved-cumulative"), ==, 132000);
  g_assert_cmpfloat (report_xml_number_after (xml, "<month month=\"2027-02\"", "<approved-cumulative"), ==, 132000);
  fallback = strstr (xml, "<fallback");
  g_assert_nonnull (fallback);
  g_assert_null (strstr (fallback, "<approved-cumulative"));
  g_assert_cmpfloat (report_xml_number_after (fallback, "<month month=\"2027-01\"", "<cost"), ==, 60000);
  g_assert_cmpfloat (report_xml_number_after (fallback, "<month month=\"2027-02\"", "<cost"), ==, 60000);
  g_assert_nonnull (strstr (fallback, "<job ref=\"job-2\" starts-after=\"job-1\">\n          <start>2027-01-05</start>\n"
                                      "          <end>2027-02-03</end>"));
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-finance-XXXXXX");
  report_cli_make_ascend_lora (tmp_dir, "ascend.cplan");
  RUN_OK ("demo", "demo.cplan");

  g_test_add_func ("/report-finance/amount", test_amount);
  g_test_add_func ("/report-finance/firm", test_firm);
  g_test_add_func ("/report-finance/one-machine-months", test_one_machine_months);

  return cp_test_run_then_remove (tmp_dir);
}
