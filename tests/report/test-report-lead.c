/* test-report-lead.c: what a team lead new to the app found on reports
 * made as a user makes them (walkthrough 11, 2 December): a 13B LoRA
 * fine-tune within 14 days, one 8 × A800 machine at 6.5 CNY per GPU-hour
 * and a 4-node H800 InfiniBand cluster at 70,000 CNY per node-month, no
 * quote stating how it bills. Read back with pdftotext and from the XML.
 *
 *  - the amount to approve rested on billing terms nobody stated (the
 *    hourly machine with no minimum, the cluster with a month's), and the
 *    report called the choice firm and asked only about network and
 *    storage;
 *  - "(100% lower)" for 70,000 → 156 CNY, "(44,772%) more" (now the
 *    margin on the recommended option's cost, as page 1 gives it);
 *  - "about 0.00029 interruptions". */

#include "config.h"

#include <math.h>
#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"
#include "report-cli-projects.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

static void
make_lead_project (const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "13B LoRA", "--model", "llama-2-13b", "--task", "lora", "--recompute", "full",
          "--tokens", "100M", "--deadline-days", "14");
  RUN_OK ("add-quote", file, "--vendor", "Nanshan Cloud", "--offer", "8x A800", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "6.5");
  RUN_OK ("add-quote", file, "--vendor", "Qianhai Compute", "--offer", "4 nodes H800", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "4", "--price-per-node-month", "70000", "--network", "infiniband",
          "--nics", "8", "--nic-gbps", "400");
}

typedef struct {
  const char *lang;
  const char *not_firm;        /* the not-firm sentence on billing terms, never said */
  const char *ask;             /* the rental's questions, whole: the cluster is costed at 1 of its
                                * 4 nodes; the one machine, rented whole, is asked only how it
                                * bills (walk42 F20) */
  const char *next;            /* printf: the ratio */
  const char *lower;           /* printf: "What would change it" with the margin */
  const char *chance;          /* the single machine's interruption */
} Words;

static const Words english = {
  "en",
  "Not firm: it rests on billing terms",
  "Can part of the offer be rented alone, on the same terms? Ask: Qianhai Compute (1 of 4 nodes). "
  "How is it billed, and is there a minimum term? Ask: Nanshan Cloud.",
  "more (%s times the recommended cost).",
  "fell by more than %2$s CNY, to below %1$s CNY.",
  "a 0.03% chance of at least one",
};

static const Words chinese = {
  "zh_CN",
  "结论待定：取决于报价未写明的计费条款",
  "能否按同样条件只租报价中的一部分节点？询问：Qianhai Compute（共 4 个节点中的 1 个）。"
  "如何计费？是否有最短租期？询问：Nanshan Cloud。",
  "（为推荐方案的 %s 倍）。",
  "以下（降低 ¥%s），它将成为推荐方案。",
  "至少中断一次的概率为 0.03%",
};

/* By hand: the A800 machine's total (the report's own, T) is a few
 * hundred CNY; the cluster bills its month, as its price per node-month
 * states, 1 node × 70,000 CNY. 70,000 / T is the multiple (≥ 10:
 * "times", not a percentage); 1 − T / 70,000 = 99.8% for T near 156,
 * never "100%". 8 GPUs × a few hours × 1.9733e-5 per GPU-hour is about
 * 3e-4 interruptions: 1 − e^−n = 0.03%. */
static void
check_lead (const Words *w)
{
  g_autofree char *pdf = g_strdup_printf ("lead-%s.pdf", w->lang);
  g_autofree char *xml_file = g_strdup_printf ("lead-%s.xml", w->lang);
  g_autofree char *xml_path = g_build_filename (tmp_dir, xml_file, NULL);
  g_autofree char *xml = NULL;
  g_autofree char *first = NULL;
  g_autofree char *all = NULL;
  g_autofree char *ratio = NULL;
  g_autofree char *next = NULL;
  double best_cost, cluster_cost;

  RUN_OK ("report", "lead.cplan", "--lang", w->lang, "--pdf", pdf, "--xml", xml_file);
  g_assert_true (g_file_get_contents (xml_path, &xml, NULL, NULL));
  first = report_pdf_unbulleted (tmp_dir, pdf, 1);
  all = report_pdf_unbulleted (tmp_dir, pdf, 0);

  /* The verdict: the A800 machine, firm: the cluster's price per
   * node-month states its billing, whole months (W6, D27, D31), so it is
   * not read by the hour, where it would have cost 70,000 / 730 = 95.89
   * CNY and made the verdict rest on it. The machine billed a month at
   * least, 8 GPUs × 730 h × 6.50 = 37,960 CNY, stays below the cluster's
   * 70,000: no answer changes the choice. */
  g_assert_nonnull (strstr (xml, "<verdict-robust>true</verdict-robust>"));
  g_assert_null (strstr (xml, "billing-terms"));
  g_assert_cmpfloat (8 * 730 * 6.5, ==, 37960);
  g_assert_cmpfloat (37960, <, 70000);
  cp_test_assert_lacks (all, w->not_firm);
  cp_test_assert_has (first, w->ask);
  g_assert_null (strstr (first, "holds across it"));

  best_cost = report_xml_number_after (xml, "rank=\"1\" feasible", "<total-cost");
  cluster_cost = report_xml_number_after (xml, "rank=\"2\" feasible", "<total-cost");
  g_assert_cmpfloat (cluster_cost, ==, 70000);
  g_assert_cmpfloat (best_cost, >, 100);
  g_assert_cmpfloat (best_cost, <, 300);

  ratio = g_strdup_printf ("%.0f", round (70000 / best_cost));
  next = g_strdup_printf (w->next, ratio);
  cp_test_assert_has (first, next);
  {
    /* "What would change it" gives page 1's margin: 70,000 less the
     * recommended total as printed, in whole units. */
    int margin = (int) (70000 - round (best_cost));
    g_autofree char *money = g_strdup_printf ("%d,%03d", margin / 1000, margin % 1000);
    g_autofree char *best = g_strdup_printf ("%.0f", round (best_cost));
    g_autofree char *what_if = w->lang[0] == 'e' ? g_strdup_printf (w->lower, best, money)
                                                 : g_strdup_printf (w->lower, money);

    cp_test_assert_has (all, what_if);
  }
  cp_test_assert_lacks (all, "100% lower");
  cp_test_assert_lacks (all, "降低 100%");
  cp_test_assert_has (all, w->chance);
}

static void
test_lead (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  make_lead_project ("lead.cplan");
  check_lead (&english);
  check_lead (&chinese);
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-lead-XXXXXX");

  g_test_add_func ("/report-lead/walk", test_lead);

  return cp_test_run_then_remove (tmp_dir);
}
