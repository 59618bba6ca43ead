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

static CpQuote *
cluster_quote (const char *id,
               const char *vendor,
               double      price_per_node_month,
               double      network_fee_per_node_month)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  CpQuote *quote = cp_quote_new ();

  g_free (quote->id);
  quote->id = g_strdup (id);
  quote->vendor = g_strdup (vendor);
  quote->offering = CP_OFFERING_BARE_METAL_CLUSTER;
  cp_quote_set_gpu (quote, cp_catalog_find_gpu (catalog, "a100-80g"));
  cp_quote_set_intra_link (quote, cp_catalog_find_link (catalog, quote->gpu.default_intra_link));
  quote->gpus_per_node = 8;
  quote->nodes_available = 4;
  /* Stated, and too small to offload a 70B's optimizer to (12 bytes a
   * parameter: 840 GB). */
  quote->host_memory_per_node_bytes = 256 * CP_QUOTE_HOST_MEMORY_UNIT_BYTES;
  quote->network = CP_NETWORK_INFINIBAND;
  quote->nics_per_node = 8;
  quote->nic_gbps = 200;
  quote->sharing = CP_SHARING_DEDICATED;
  quote->price_unit = CP_PRICE_PER_NODE_MONTH;
  quote->price = price_per_node_month;
  quote->billing_granularity_h = 730;
  quote->minimum_term_h = 730;
  quote->vat_basis = CP_VAT_BASIS_INCLUDED;
  quote->network_fee_per_node_month = network_fee_per_node_month;
  quote->network_fee_terms = network_fee_per_node_month > 0 ? CP_FEE_STATED : CP_FEE_NOT_STATED;
  return quote;
}

/* A 70B full fine-tune that no one machine of 8 × A100 80GB holds
 * (16 bytes a parameter: 1.12 TB against 640 GB), on two clusters of 4
 * such nodes: 示例供应商 D at 40,000 a node-month with no network fee
 * stated, 示例供应商 E at 60,000 with 1,500 a node-month. */
static CpProject *
make_project (void)
{
  CpProject *project = cp_project_new ();
  CpJob *job = cp_job_new (CP_TASK_FULL_FINETUNE);

  g_free (job->id);
  job->id = g_strdup ("job-70b");
  cp_job_set_model (job, cp_catalog_find_model (cp_catalog_get_builtin (), "llama-2-70b"));
  job->tokens = 20e6;
  job->deadline_days = 0;
  job->storage_tb = 0;
  job->allow_lora = FALSE;
  job->team_has_distributed_experience = TRUE;
  job->team_has_ops_engineer = FALSE;
  job->team_stated = TRUE;
  cp_project_add_job (project, job);
  cp_project_add_quote (project, cluster_quote ("quote-d", "示例供应商 D", 40000, 0));
  cp_project_add_quote (project, cluster_quote ("quote-e", "示例供应商 E", 60000, 1500));
  return project;
}

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
  g_autoptr(CpProject) project = make_project ();
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
  g_autoptr(CpProject) project = make_project ();
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
  g_autoptr(CpProject) project = make_project ();
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
