/* test-reason-questions.c: the vendors' questions read naturally in
 * Chinese (brief 33): no two bracket groups abut ("）（" or "（…）（…）"),
 * whatever the quotes' names hold, asked of one vendor or of several. */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "planner/cp-plan.h"
#include "report/cp-reason-lines.h"
#include "report/cp-reason-text.h"
#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static const CpOutcome questions[] = {
  CP_OUTCOME_ASK_BANDWIDTH, CP_OUTCOME_ASK_STORAGE, CP_OUTCOME_ASK_HOST_MEMORY,
  CP_OUTCOME_ASK_BILLING_TERMS, CP_OUTCOME_ASK_UNSTATED_COSTS,
};

static void
add_quote (CpProject  *project,
           const char *vendor,
           const char *offer)
{
  CpQuote *quote = cp_quote_new ();

  quote->vendor = g_strdup (vendor);
  quote->offer_name = g_strdup (offer);
  quote->price = 10;
  quote->gpus_per_node = 8;
  quote->nodes_available = 4;
  g_strlcpy (quote->currency, "CNY", sizeof quote->currency);
  cp_project_add_quote (project, quote);
}

/* Whether @text has a closing bracket followed, after spaces at most, by
 * an opening one. */
static gboolean
brackets_abut (const char *text)
{
  g_autoptr(GRegex) abut = g_regex_new ("[)）]\\s*[(（]", 0, 0, NULL);

  return g_regex_match (abut, text, 0, NULL);
}

static void
assert_reads (const char *text)
{
  g_test_message ("%s", text);
  if (brackets_abut (text))
    g_error ("two bracket groups abut: %s", text);
}

static void
test_questions_no_abutting_brackets (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  CpPlan plan = { 0 };

  /* Names as the demo's: the vendor's own brackets, the offer's. */
  add_quote (project, "示例供应商 G (Example vendor G)", "A800 集群（带宽与存储未说明）");
  add_quote (project, "示例供应商 E (Example vendor E)", "A100 80GB 容器集群（RoCE 共享）");
  add_quote (project, "示例供应商 F（华南）", "昇腾 910B 集群");
  plan.options = g_array_new (FALSE, TRUE, sizeof (CpOption));
  plan.reasons = g_array_new (FALSE, TRUE, sizeof (CpReason));
  plan.recommended = -1;
  plan.best_available = -1;
  for (guint q = 0; q < G_N_ELEMENTS (questions); q++)
    for (guint n_asked = 1; n_asked <= 3; n_asked++)
      {
        g_array_set_size (plan.reasons, 0);
        for (guint i = 0; i < n_asked; i++)
          {
            CpReason reason = { CP_RULE_R6_TOTAL_COST, questions[q], (int) i,
                                { i, 1043.0 * 1024 * 1024 * 1024, 0, 0 } };

            if (questions[q] == CP_OUTCOME_ASK_UNSTATED_COSTS)
              reason.values[1] = CP_UNSTATED_STORAGE_PRICE | CP_UNSTATED_NETWORK_FEE;
            g_array_append_val (plan.reasons, reason);
            {
              g_autofree char *alone = cp_reason_text (&reason, project, &plan, "zh_CN");

              assert_reads (alone);
            }
          }
        {
          g_autoptr(GPtrArray) lines = cp_reason_vendor_questions (project, &plan, "zh_CN");

          g_assert_cmpuint (lines->len, ==, 1);
          for (guint i = 0; i < lines->len; i++)
            assert_reads (g_ptr_array_index (lines, i));
        }
      }
  g_assert_true (brackets_abut ("甲（一）（二）"));
  g_assert_true (brackets_abut ("A (B)（二）"));
  g_assert_false (brackets_abut ("甲（一）和乙（二）"));
  g_array_unref (plan.options);
  g_array_unref (plan.reasons);
}

/* The demo's Chinese report: R6's comparison of a quote billed for more
 * than it uses keeps its reasons inside the bracket of its figures. */
static void
test_demo_report_no_abutting_brackets (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cp-reason-questions-XXXXXX", NULL);
  g_autofree char *text = NULL;

  cp_test_run_cli_ok (dir, (const char *const[]) { "demo", "demo.cplan", NULL });
  cp_test_run_cli_ok (dir, (const char *const[]) { "report", "demo.cplan", "--lang", "zh_CN", "--pdf", "demo-zh.pdf", NULL });
  if (!cp_test_have_poppler ())
    {
      g_test_skip ("pdftotext is not installed");
      cp_test_remove_tree (dir);
      return;
    }
  text = cp_test_pdf_text (dir, "demo-zh.pdf", 0, FALSE);
  /* R6's cost parts, wherever they are said. */
  g_assert_null (strstr (text, "）（计费"));
  g_assert_null (strstr (text, "）（运行"));
  cp_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/reason/questions-no-abutting-brackets", test_questions_no_abutting_brackets);
  g_test_add_func ("/report/reason/demo-report-no-abutting-brackets", test_demo_report_no_abutting_brackets);
  return g_test_run ();
}
