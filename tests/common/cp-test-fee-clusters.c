/* cp-test-fee-clusters.c: two A100 clusters, one stating a network fee,
 * for a 70B fine-tune that needs more than one machine. */
#include "planner/cp-catalog.h"

#include "cp-test-fee-clusters.h"

static CpQuote *
cluster_quote (const char *id,
               const char *vendor,
               double      price_per_node_month_cny,
               double      network_fee_per_node_month_cny)
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
  quote->price = price_per_node_month_cny;
  quote->billing_granularity_h = 730;
  quote->minimum_term_h = 730;
  quote->vat_basis = CP_VAT_BASIS_INCLUDED;
  quote->network_fee_per_node_month = network_fee_per_node_month_cny;
  quote->network_fee_terms = network_fee_per_node_month_cny > 0 ? CP_FEE_STATED : CP_FEE_NOT_STATED;
  return quote;
}

CpProject *
cp_test_fee_clusters_project (gboolean team_has_ops_engineer)
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
  job->team_has_ops_engineer = team_has_ops_engineer;
  job->team_stated = TRUE;
  cp_project_add_job (project, job);
  cp_project_add_quote (project, cluster_quote ("quote-d", "示例供应商 D", 40000, 0));
  cp_project_add_quote (project, cluster_quote ("quote-e", "示例供应商 E", 60000, 1500));
  return project;
}
