/* test-report-vendor-fees.c: a recommended cluster's unstated network fee
 * is estimated at the dearest fee another quote states, "included" is
 * neither estimated nor asked, and a team with no operations engineer on
 * bare metal has its vendor asked about operations support (approver 34,
 * B8 and B10). Figures by hand: both quotes bill whole months with a
 * month's minimum, VAT included, so a node-month fee is paid once a node. */
#include "config.h"

#include <string.h>

#include "planner/cp-catalog.h"
#include "planner/cp-project.h"
#include "report/cp-report-vendor-fees.h"

#include "common/cp-test-fee-clusters.h"

static CpPlan *
plan_job (const CpProject *project)
{
  g_autoptr(GArray) quotes = g_array_new (FALSE, FALSE, sizeof (CpQuote));

  for (guint i = 0; i < project->quotes->len; i++)
    g_array_append_vals (quotes, g_ptr_array_index (project->quotes, i), 1);
  return cp_plan_new (g_ptr_array_index (project->jobs, 0), (const CpQuote *) quotes->data, quotes->len,
                      &project->settings);
}

static const CpOption *
recommended (const CpPlan *plan)
{
  g_assert_cmpint (plan->recommended, >=, 0);
  return &g_array_index (plan->options, CpOption, plan->recommended);
}

/* D's unstated fee read at E's 1,500 a node-month: 1,500 × its nodes ×
 * 1 month billed, named with E's rate, within or above the contingency. */
static void
test_network_fee_estimate (void)
{
  g_autoptr(CpProject) project = cp_test_fee_clusters_project (FALSE);
  g_autoptr(CpPlan) plan = plan_job (project);
  const CpPlan *plans[1] = { plan };
  const CpOption *option = recommended (plan);
  g_autofree char *text = NULL, *above = NULL, *question = NULL;
  double cost = 0;

  g_assert_cmpint (option->quote_index, ==, 0);
  g_assert_cmpuint (option->estimate.nodes, >=, 2);
  g_assert_cmpint (plan->network_fee_estimate_quote, ==, 1);
  g_assert_cmpfloat_with_epsilon (plan->network_fee_estimate_cost, 1500.0 * option->estimate.nodes, 1e-6);

  text = cp_report_network_fee_estimate_text (project, plans, 1, 0, 1e6, "en", &cost);
  g_assert_cmpfloat_with_epsilon (cost, 1500.0 * option->estimate.nodes, 1e-6);
  {
    /* 1,500 × 2, 3 or 4 nodes × 1 month. */
    static const char * const amounts[] = { NULL, NULL, "3,000", "4,500", "6,000" };
    g_autofree char *expected = NULL;

    g_assert_cmpuint (option->estimate.nodes, <=, 4);
    expected = g_strdup_printf ("network fee (示例供应商 D), not stated in its quote: about %s CNY at 示例供应商 E’s "
                                "1,500 CNY per node-month, within the contingency", amounts[option->estimate.nodes]);
    g_assert_cmpstr (text, ==, expected);
  }
  above = cp_report_network_fee_estimate_text (project, plans, 1, 0, 100, "en", NULL);
  g_assert_nonnull (strstr (above, "more than the contingency"));
  /* E states its fee: nothing to estimate for it. */
  g_assert_null (cp_report_network_fee_estimate_text (project, plans, 1, 1, 1e6, "en", NULL));
  question = cp_report_network_fee_question ("en");
  g_assert_cmpstr (question, ==, "Does your price include the network between the nodes? If not, what is its fee per node a month?");
}

/* "Network included" is neither estimated, nor priced as missing. */
static void
test_network_fee_included (void)
{
  g_autoptr(CpProject) project = cp_test_fee_clusters_project (FALSE);
  g_autoptr(CpPlan) plan = NULL;
  const CpPlan *plans[1];
  CpQuote *d = g_ptr_array_index (project->quotes, 0);

  d->network_fee_terms = CP_FEE_INCLUDED;
  plan = plan_job (project);
  plans[0] = plan;
  g_assert_cmpint (recommended (plan)->quote_index, ==, 0);
  g_assert_cmpint (plan->network_fee_estimate_quote, ==, -1);
  g_assert_cmpint (cp_option_unstated_costs (g_ptr_array_index (project->jobs, 0), d, recommended (plan)), ==, 0);
  g_assert_null (cp_report_network_fee_estimate_text (project, plans, 1, 0, 1e6, "en", NULL));
}

/* No operations engineer, bare metal, support not stated: asked and left
 * out of the amount; stated at 2,000 a month, it is in the fees (2,000 ×
 * 1 month billed, VAT included) and no longer asked; included, neither. */
static void
test_ops_support (void)
{
  g_autoptr(CpProject) project = cp_test_fee_clusters_project (FALSE);
  g_autoptr(CpPlan) unstated = plan_job (project);
  g_autoptr(CpPlan) stated = NULL, included = NULL;
  const CpPlan *plans[1] = { unstated };
  CpQuote *d = g_ptr_array_index (project->quotes, 0);
  g_autofree char *line = NULL, *line_zh = NULL, *question = NULL;

  g_assert_true (cp_report_ops_support_unstated (project, plans, 1, 0));
  line = cp_report_ops_support_not_in_amount (project, plans, 1, 0, "en");
  g_assert_cmpstr (line, ==, "operations support (示例供应商 D), not stated in its quote: the team has no operations engineer (R8)");
  line_zh = cp_report_ops_support_not_in_amount (project, plans, 1, 0, "zh_CN");
  g_assert_nonnull (strstr (line_zh, "运维"));
  question = cp_report_ops_support_question ("en");
  g_assert_cmpstr (question, ==, "Do you offer operations support for the machines, someone to run them for the team, "
                                 "and at what price a month?");

  d->ops_support_terms = CP_FEE_STATED;
  d->ops_support_fee_per_month = 2000;
  stated = plan_job (project);
  plans[0] = stated;
  g_assert_cmpint (recommended (stated)->quote_index, ==, 0);
  g_assert_cmpuint (recommended (stated)->estimate.nodes, ==, recommended (unstated)->estimate.nodes);
  g_assert_cmpfloat_with_epsilon (recommended (stated)->estimate.fees_cost - recommended (unstated)->estimate.fees_cost,
                                  2000, 1e-6);
  g_assert_false (cp_report_ops_support_unstated (project, plans, 1, 0));

  d->ops_support_terms = CP_FEE_INCLUDED;
  d->ops_support_fee_per_month = 0;
  included = plan_job (project);
  plans[0] = included;
  g_assert_false (cp_report_ops_support_unstated (project, plans, 1, 0));
  g_assert_null (cp_report_ops_support_not_in_amount (project, plans, 1, 0, "en"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vendor-fees/network-estimate", test_network_fee_estimate);
  g_test_add_func ("/vendor-fees/network-included", test_network_fee_included);
  g_test_add_func ("/vendor-fees/ops-support", test_ops_support);
  return g_test_run ();
}
