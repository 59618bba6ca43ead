/* test-cli-r6-words.c: R6 says when a quote billed by whole months
 * charges a month the job barely uses (issue 22), in the plan, the XML
 * report and in Chinese, and says nothing when a month less is not near;
 * and two totals equal as shown are a tie, broken by the sooner finish.
 * Figures by hand, at the planner's month of 730 h (8,760 h / 12). */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static char *tmp_dir;

#define RUN(run, ...) CP_TEST_RUN_CLI ((run), tmp_dir, __VA_ARGS__)

/* A Qwen2.5 72B full SFT of @tokens on one 8 × H800 machine at 72,000
 * CNY a node-month, deadline 100 days, in @file. */
static void
make_project (const char *file,
              const char *tokens)
{
  g_auto(CpTestRun) run = { 0 };

  RUN (&run, "new", file, "--start", "2027-01-04");
  g_assert_cmpint (run.status, ==, 0);
  cp_test_run_clear (&run);
  RUN (&run, "add-job", file, "--name", "SFT", "--task", "full-finetune", "--model", "qwen2.5-72b", "--tokens", tokens,
       "--seq-len", "4096", "--deadline-days", "100");
  g_assert_cmpint (run.status, ==, 0);
  cp_test_run_clear (&run);
  RUN (&run, "add-quote", file, "--vendor", "Beijing IDC", "--offer", "H800 machine", "--offering",
       "bare-metal-cluster", "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "72000",
       "--network", "infiniband", "--nics", "8", "--nic-gbps", "400");
  g_assert_cmpint (run.status, ==, 0);
}

/* 28B tokens: a 51.9-day run (CPU offload, its CPU optimizer step
 * counted) and 14.0 days of debugging on the same machine (R4's bound,
 * 10 working days), 65.9 days of use. 65.9 × 24 = 1,582 h, past 2 × 730
 * = 1,460 h: 3 node-months, 216,000 CNY; 1,460 h / 24 = 60.83 days,
 * shown rounded down, 60.8 days, would bill 2. The third month, 730 h,
 * is 1,582 − 1,460 = 122 h used, most of it idle. */
static void
test_month_boundary_said (void)
{
  g_auto(CpTestRun) plan = { 0 };
  g_auto(CpTestRun) en = { 0 };
  g_auto(CpTestRun) zh = { 0 };
  g_autofree char *en_xml = NULL;
  g_autofree char *zh_xml = NULL;
  g_autofree char *en_path = g_build_filename (tmp_dir, "boundary-en.xml", NULL);
  g_autofree char *zh_path = g_build_filename (tmp_dir, "boundary-zh.xml", NULL);
  const char *said = "Billed by whole months: the 65.9 days of use are 3 node-months; 60.8 days or fewer would be 2.";

  make_project ("boundary.cplan", "28B");
  RUN (&plan, "plan", "boundary.cplan");
  g_assert_cmpint (plan.status, ==, 0);
  g_assert_nonnull (strstr (plan.out, "65.9 (60.9–77.5)"));
  g_assert_nonnull (strstr (plan.out, "216,000 CNY"));
  g_assert_nonnull (strstr (plan.out, said));

  RUN (&en, "report", "boundary.cplan", "--lang", "en", "--xml", "boundary-en.xml");
  g_assert_cmpint (en.status, ==, 0);
  g_assert_true (g_file_get_contents (en_path, &en_xml, NULL, NULL));
  g_assert_nonnull (strstr (en_xml, said));
  RUN (&zh, "report", "boundary.cplan", "--lang", "zh_CN", "--xml", "boundary-zh.xml");
  g_assert_cmpint (zh.status, ==, 0);
  g_assert_true (g_file_get_contents (zh_path, &zh_xml, NULL, NULL));
  g_assert_nonnull (strstr (zh_xml, "按整月计费：使用 65.9 天，计 3 个节点月；若不超过 60.8 天，则只计 2 个节点月。"));
}

/* 20B tokens: 37.1 days of run and 14.0 of debugging, 51.1 days, 1,226 h
 * of the 1,460 h of 2 node-months: most of the second month is used. 2B
 * tokens: 5.7 days, within the first month, the minimum. Nothing to say
 * of either. */
static void
test_month_boundary_silent (void)
{
  static const char *tokens[] = { "20B", "2B" };

  for (guint i = 0; i < G_N_ELEMENTS (tokens); i++)
    {
      g_auto(CpTestRun) plan = { 0 };
      g_autofree char *file = g_strdup_printf ("silent-%s.cplan", tokens[i]);

      make_project (file, tokens[i]);
      RUN (&plan, "plan", file);
      g_assert_cmpint (plan.status, ==, 0);
      g_assert_nonnull (strstr (plan.out, "finishes the job for a total cost of"));
      g_assert_null (strstr (plan.out, "node-months;"));
    }
}

/* read38 F1 on page 1: a 14B vLLM service from 7 December 2026 on one
 * 8 × A800 machine at 60,000 CNY a node-month. 61 days are 61 × 24 =
 * 1,464 h, 4 h past 2 × 730 = 1,460 h (within 10% of a month, 73 h): 3
 * months, 180,000 CNY, and page 1 says 1,460 / 24 = 60.83 days, shown
 * rounded down, 60.8, would bill 2. "2 months" typed is 2 × 730 h = 60.83
 * days: 2 months, 60,000 × 2 = 120,000 CNY, with no month to spare. */
static void
test_month_threshold_on_page_one (void)
{
  static const struct {
    const char *duration;
    const char *lang;
    const char *said;         /* squeezed, as cp_test_pdf_text() reads it */
  } cases[] = {
    { "61", "en", "Billedbywholemonths,asthepriceispernode-month:3months,180,000CNY,theoption’swholecost,for61.0days"
                  "ofuse.60.8daysorfewerwouldbebilled2months." },
    { "61", "zh_CN", "若不超过60.8天，则只计2个月。" },
    { "2 months", "en", "Billed:60,000CNYpernode-month×1machine×2months=120,000CNY." },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_auto(CpTestRun) run = { 0 };
      g_autofree char *file = g_strdup_printf ("threshold-%u.cplan", c);
      g_autofree char *pdf = g_strdup_printf ("threshold-%u.pdf", c);
      g_autofree char *page = NULL;

      RUN (&run, "new", file, "--start", "2026-12-07");
      g_assert_cmpint (run.status, ==, 0);
      cp_test_run_clear (&run);
      RUN (&run, "add-job", file, "--name", "14B service", "--task", "inference", "--model", "qwen2.5-14b",
           "--concurrency", "200", "--duration-days", cases[c].duration);
      g_assert_cmpint (run.status, ==, 0);
      cp_test_run_clear (&run);
      RUN (&run, "add-quote", file, "--vendor", "Metal B", "--offering", "bare-metal", "--gpu", "a800",
           "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "60000");
      g_assert_cmpint (run.status, ==, 0);
      cp_test_run_clear (&run);
      RUN (&run, "report", file, "--lang", cases[c].lang, "--pdf", pdf);
      g_assert_cmpint (run.status, ==, 0);
      page = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
      if (strstr (page, cases[c].said) == NULL)
        g_error ("page 1 does not say %s:\n%s", cases[c].said, page);
      if (c == 2)
        g_assert_null (strstr (page, "orfewerwouldbebilled"));
    }
}

/* Two machines of one month each, the 2B SFT's 5.7 days on an H800
 * and 14.1 on an A800 both within it: 72,000 CNY for the A800 and
 * 72,000.4 CNY for the H800, both shown 72,000 CNY. Ranked by 0.4 CNY
 * the A800, entered first, won as "the lowest total cost, 72,000 CNY,
 * against 72,000 CNY"; equal as shown, the sooner finish ranks first. */
static void
test_tie_broken_by_time (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_auto(CpTestRun) plan = { 0 };
  g_auto(CpTestRun) zh = { 0 };
  g_autofree char *zh_path = g_build_filename (tmp_dir, "tie-zh.xml", NULL);
  g_autofree char *zh_xml = NULL;

  RUN (&run, "new", "tie.cplan", "--start", "2027-01-04");
  g_assert_cmpint (run.status, ==, 0);
  cp_test_run_clear (&run);
  RUN (&run, "add-job", "tie.cplan", "--name", "SFT", "--task", "full-finetune", "--model", "qwen2.5-72b", "--tokens",
       "2B", "--seq-len", "4096", "--deadline-days", "20");
  g_assert_cmpint (run.status, ==, 0);
  cp_test_run_clear (&run);
  RUN (&run, "add-quote", "tie.cplan", "--vendor", "Vendor A", "--offer", "A800 machine", "--offering",
       "bare-metal-cluster", "--gpu", "a800", "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "72000",
       "--network", "infiniband", "--nics", "8", "--nic-gbps", "400");
  g_assert_cmpint (run.status, ==, 0);
  cp_test_run_clear (&run);
  RUN (&run, "add-quote", "tie.cplan", "--vendor", "Vendor H", "--offer", "H800 machine", "--offering",
       "bare-metal-cluster", "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month",
       "72000.4", "--network", "infiniband", "--nics", "8", "--nic-gbps", "400");
  g_assert_cmpint (run.status, ==, 0);

  RUN (&plan, "plan", "tie.cplan");
  g_assert_cmpint (plan.status, ==, 0);
  g_assert_nonnull (strstr (plan.out, "Recommended: Vendor H — H800 machine"));
  g_assert_nonnull (strstr (plan.out, "Vendor H — H800 machine and Vendor A — A800 machine tie at the lowest total "
                                      "cost, 72,000 CNY; Vendor H — H800 machine ranks first as it finishes sooner, "
                                      "5.7 days against 14.1 days."));
  g_assert_null (strstr (plan.out, "dearer in total"));
  g_assert_null (strstr (plan.out, "against 72,000 CNY for the runner-up"));
  /* Vendor A's 72,000 CNY ties Vendor H's 72,000.4, shown 72,000: a
   * fall of 0.4 CNY still ties, one of a whole CNY (to 72,000 − 1 =
   * 71,999) ranks it first (trust37: it read "fell by more than 0 CNY"). */
  g_assert_nonnull (strstr (plan.out, "Vendor A — A800 machine would be recommended if its total cost fell by at least "
                                      "1 CNY, to 71,999 CNY: it ties at 72,000 CNY now, and a tie goes to the sooner "
                                      "finish, then the fewer nodes."));
  g_assert_null (strstr (plan.out, "by more than 0 CNY"));

  RUN (&zh, "report", "tie.cplan", "--lang", "zh_CN", "--xml", "tie-zh.xml");
  g_assert_cmpint (zh.status, ==, 0);
  g_assert_true (g_file_get_contents (zh_path, &zh_xml, NULL, NULL));
  g_assert_nonnull (strstr (zh_xml, "Vendor H — H800 machine 与 Vendor A — A800 machine 的总成本相同，均为 ¥72,000，"
                                    "并列最低；Vendor H — H800 machine 完成得更快（5.7 天，对比 14.1 天），因此排在首位。"));
  g_assert_nonnull (strstr (zh_xml, "若 Vendor A — A800 machine 的总成本降低至少 ¥1，降到 ¥71,999，它将成为推荐方案："
                                    "目前两者同为 ¥72,000，"));
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-cli-r6-words-XXXXXX");

  g_test_add_func ("/cli-r6-words/month-boundary-said", test_month_boundary_said);
  g_test_add_func ("/cli-r6-words/month-boundary-silent", test_month_boundary_silent);
  g_test_add_func ("/cli-r6-words/month-threshold-on-page-one", test_month_threshold_on_page_one);
  g_test_add_func ("/cli-r6-words/tie-broken-by-time", test_tie_broken_by_time);
  return g_test_run ();
}
