/* report-fixture.c: projects built in code for the report tests and the
 * benchmark. Prices are invented examples. */
#include "report-fixture.h"

#include <string.h>

static CpQuote *
quote_new (const char    *id,
           const char    *vendor,
           const char    *offer,
           CpOfferingKind offering,
           const char    *gpu_id,
           guint          gpus_per_node,
           guint          nodes,
           double         price_per_gpu_hour)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  const CpGpuSpec *gpu = cp_catalog_find_gpu (catalog, gpu_id);
  CpQuote *quote = cp_quote_new ();

  g_assert_nonnull (gpu);
  g_free (quote->id);
  quote->id = g_strdup (id);
  quote->vendor = g_strdup (vendor);
  quote->offer_name = g_strdup (offer);
  quote->offering = offering;
  /* The fixture's vendors state what they offer. */
  quote->offering_stated = TRUE;
  cp_quote_set_gpu (quote, gpu);
  if (gpu->default_intra_link != NULL && cp_catalog_find_link (catalog, gpu->default_intra_link) != NULL)
    cp_quote_set_intra_link (quote, cp_catalog_find_link (catalog, gpu->default_intra_link));
  quote->gpus_per_node = gpus_per_node;
  quote->nodes_available = nodes;
  quote->price_unit = CP_PRICE_PER_GPU_HOUR;
  quote->price = price_per_gpu_hour;
  quote->billing_granularity_h = 1;
  quote->storage = CP_STORAGE_LOCAL_NVME;
  strcpy (quote->currency, "CNY");
  quote->valid_until = g_strdup ("2026-11-30");
  if (nodes > 1)
    {
      quote->network = CP_NETWORK_INFINIBAND;
      quote->nics_per_node = 8;
      quote->nic_gbps = 400;
      quote->sharing = CP_SHARING_DEDICATED;
      quote->storage = CP_STORAGE_PARALLEL_FS;
    }
  return quote;
}

static CpJob *
job_new (const char *id,
         const char *name,
         CpTaskKind  kind,
         const char *model_id)
{
  const CpModelSpec *model = cp_catalog_find_model (cp_catalog_get_builtin (), model_id);
  CpJob *job = cp_job_new (kind);

  g_assert_nonnull (model);
  g_free (job->id);
  job->id = g_strdup (id);
  g_free (job->name);
  job->name = g_strdup (name);
  cp_job_set_model (job, model);
  return job;
}

CpProject *
report_fixture_small (void)
{
  CpProject *project = cp_project_new ();
  CpJob *job;
  CpGpuSpec custom = { 0 };

  g_free (project->name);
  project->name = g_strdup ("Fixture project");
  g_free (project->prepared_by);
  project->prepared_by = g_strdup ("Planner Tester");

  job = job_new ("job-pretrain", "Pretrain Seven", CP_TASK_PRETRAIN, "llama-2-7b");
  job->tokens = 2e9;
  job->deadline_days = 0;
  job->team_has_distributed_experience = TRUE;
  job->team_has_ops_engineer = TRUE;
  job->storage_tb = 0;
  cp_project_add_job (project, job);

  job = job_new ("job-serve", "Serve Seven", CP_TASK_INFERENCE, "llama-2-7b");
  job->concurrency = 64;
  job->context_len = 4096;
  job->duration_days = 30;
  job->deadline_days = 0;
  job->team_has_distributed_experience = TRUE;
  job->team_has_ops_engineer = TRUE;
  cp_project_add_job (project, job);

  cp_project_add_quote (project, quote_new ("quote-ten", "Single Ten", "8 × A100 machine",
                                            CP_OFFERING_BARE_METAL, "a100-80g", 8, 1, 10.0));
  cp_project_add_quote (project, quote_new ("quote-gaming", "Single Gaming", "8 × RTX 4090 machine",
                                            CP_OFFERING_CONTAINER, "rtx4090", 8, 1, 9.0));
  cp_project_add_quote (project, quote_new ("quote-six", "Cluster Six", "A100 cluster",
                                            CP_OFFERING_BARE_METAL_CLUSTER, "a100-80g", 8, 4, 6.0));

  custom.id = g_strdup ("custom-npu");
  custom.name = g_strdup ("Custom NPU 64GB");
  custom.memory_nominal_gb = 64;
  custom.dense_bf16_flops = 280e12;
  custom.dense_fp32_flops = 20e12;
  custom.memory_bandwidth_gbytes_per_s = 1600;
  custom.default_intra_link = g_strdup ("pcie-gen4");
  custom.verification = CP_VERIFIED_UNVERIFIED;
  custom.source = g_strdup ("vendor sheet <draft> & notes");
  cp_catalog_add_gpu (project->custom, &custom);
  cp_gpu_spec_clear (&custom);

  return project;
}

CpProject *
report_fixture_large (void)
{
  CpProject *project = cp_project_new ();
  CpJob *job;
  CpQuote *quote;

  g_free (project->name);
  project->name = g_strdup ("示例项目：单机还是集群 (Benchmark project)");
  g_free (project->prepared_by);
  project->prepared_by = g_strdup ("示例团队");

  job = job_new ("job-1", "70B 全参数微调", CP_TASK_FULL_FINETUNE, "llama-2-70b");
  job->tokens = 1.2e9;
  job->seq_len = 2048;
  job->deadline_days = 30;
  job->engineers = 3;
  cp_project_add_job (project, job);

  job = job_new ("job-2", "7B QLoRA 微调", CP_TASK_QLORA, "qwen2.5-7b");
  job->tokens = 300e6;
  job->deadline_days = 7;
  cp_project_add_job (project, job);

  job = job_new ("job-3", "7B 推理服务", CP_TASK_INFERENCE, "qwen2.5-7b");
  job->concurrency = 200;
  job->duration_days = 30;
  cp_project_add_job (project, job);

  job = job_new ("job-4", "13B 预训练", CP_TASK_PRETRAIN, "llama-2-13b");
  job->tokens = 300e9;
  job->deadline_days = 60;
  job->team_has_distributed_experience = TRUE;
  cp_project_add_job (project, job);

  job = job_new ("job-5", "Data cleaning", CP_TASK_DATA_PROCESSING, "qwen2.5-7b");
  job->duration_days = 10;
  cp_project_add_job (project, job);

  job = job_new ("job-6", "Debugging the training code", CP_TASK_DEBUG, "llama-2-13b");
  job->duration_days = 14;
  cp_project_add_job (project, job);

  cp_project_add_quote (project, quote_new ("q-1", "示例供应商 A", "8 × RTX 4090 容器实例",
                                            CP_OFFERING_CONTAINER, "rtx4090", 8, 1, 2.2));
  cp_project_add_quote (project, quote_new ("q-2", "示例供应商 B", "8 × A800 80GB 整机托管",
                                            CP_OFFERING_HOSTED_MACHINE, "a800", 8, 1, 6.5));
  cp_project_add_quote (project, quote_new ("q-3", "示例供应商 C", "8 × H20 96GB 裸金属",
                                            CP_OFFERING_BARE_METAL, "h20", 8, 1, 4.5));
  cp_project_add_quote (project, quote_new ("q-4", "示例供应商 D", "H800 集群，400G InfiniBand 独享",
                                            CP_OFFERING_BARE_METAL_CLUSTER, "h800", 8, 16, 9.5));
  cp_project_add_quote (project, quote_new ("q-5", "示例供应商 E", "A100 80GB 容器集群，RoCE 共享",
                                            CP_OFFERING_CONTAINER_CLUSTER, "a100-80g", 8, 8, 6.0));
  cp_project_add_quote (project, quote_new ("q-6", "示例供应商 F", "昇腾 910B 集群",
                                            CP_OFFERING_CONTAINER_CLUSTER, "ascend-910b", 8, 16, 5.0));
  quote = quote_new ("q-7", "示例供应商 G", "A800 集群（带宽与存储未说明）",
                     CP_OFFERING_BARE_METAL_CLUSTER, "a800", 8, 4, 6.5);
  quote->sharing = CP_SHARING_UNKNOWN;
  quote->storage = CP_STORAGE_UNKNOWN;
  quote->network = CP_NETWORK_ROCE;
  quote->nics_per_node = 4;
  quote->nic_gbps = 100;
  cp_project_add_quote (project, quote);

  return project;
}
