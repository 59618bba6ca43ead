/* model-fixture.h: a dense, gated-MLP model spec from its shape, and the
 * DeepSeek-like MoE job, for the model's benchmark, its digest and the
 * layout tests, which time and compare the same jobs; and the tolerance
 * check, quotes and reason lookup the model's tests share. */
#pragma once

#include <math.h>

#include "planner/cp-catalog.h"
#include "planner/cp-estimate.h"
#include "planner/cp-plan.h"

/* Fails the test unless @actual is within @relative × |@expected| of
 * @expected. */
static inline void
cp_test_assert_close (double expected,
                      double actual,
                      double relative)
{
  if (fabs (actual - expected) > relative * fabs (expected))
    g_error ("expected %.6g, got %.6g (relative tolerance %.3g)", expected, actual, relative);
}

static inline void
cp_test_model_init (CpModelSpec *m,
                    double       params,
                    guint        layers,
                    guint        hidden,
                    guint        heads,
                    guint        kv_heads,
                    guint        ffn,
                    guint        vocab)
{
  /* cp_job_init() gave the job a model of its own, named: freed first. */
  cp_model_spec_clear (m);
  *m = (CpModelSpec) { 0 };
  m->params = params;
  m->layers = layers;
  m->hidden = hidden;
  m->heads = heads;
  m->kv_heads = kv_heads;
  m->ffn = ffn;
  m->vocab = vocab;
  m->gated_mlp = TRUE;
}

/* The 1B pretraining the range and schedule tests time by hand: on
 * @job's model, 1e9 parameters (all active) in 24 layers, hidden 2,048,
 * 16 heads and as many KV heads, FFN 8,192, a 50,000-token vocabulary
 * (the rest of the model as it was); sequences of 2,048 tokens, no
 * recompute, no storage. The tokens are the caller's, at 6e9 + 12 × 24 ×
 * 2,048 × 2,048 FLOPs a token. */
static inline void
cp_test_job_set_1b (CpJob *job)
{
  CpModelSpec *m = &job->model;

  m->params = 1e9;
  m->active_params = 1e9;
  m->layers = 24;
  m->hidden = 2048;
  m->heads = 16;
  m->kv_heads = 16;
  m->ffn = 8192;
  m->vocab = 50000;
  job->seq_len = 2048;
  job->recompute = CP_RECOMPUTE_NONE;
  job->storage_tb = 0;
}

/* @gpus of @gpu per node (its id, name, memory, peaks and bandwidth
 * copied), at @price per GPU-hour, NVLink4 between them at 450 GB/s per
 * direction (N1). */
static inline void
cp_test_quote_init_gpu (CpQuote         *q,
                        const CpGpuSpec *gpu,
                        guint            gpus,
                        double           price)
{
  cp_quote_init (q);
  q->id = g_strdup (gpu->id);
  g_free (q->gpu.id);
  q->gpu.id = g_strdup (gpu->id);
  q->gpu.name = g_strdup (gpu->name);
  q->gpu.memory_nominal_gb = gpu->memory_nominal_gb;
  q->gpu.dense_bf16_flops = gpu->dense_bf16_flops;
  q->gpu.dense_fp8_flops = gpu->dense_fp8_flops;
  q->gpu.memory_bandwidth_gbytes_per_s = gpu->memory_bandwidth_gbytes_per_s;
  q->gpus_per_node = gpus;
  q->nodes_available = 1;
  g_free (q->intra_link.id);
  q->intra_link.id = g_strdup ("nvlink4");
  q->intra_link.per_direction_gbytes_per_s = 450;
  q->price_unit = CP_PRICE_PER_GPU_HOUR;
  q->price = price;
}

/* @nodes nodes of 8 × the built-in catalogue's @gpu_id on its default
 * link, as quote @id; more than one node as a dedicated bare-metal
 * cluster with 8 × 400 Gb/s InfiniBand per node (one NIC per GPU).
 * Price and storage are the caller's. */
static inline void
cp_test_quote_init_catalog (CpQuote    *quote,
                            const char *id,
                            const char *gpu_id,
                            guint       nodes)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  const CpGpuSpec *gpu = cp_catalog_find_gpu (catalog, gpu_id);

  g_assert_nonnull (gpu);
  cp_quote_init (quote);
  quote->id = g_strdup (id);
  cp_quote_set_gpu (quote, gpu);
  cp_quote_set_intra_link (quote, cp_catalog_find_link (catalog, gpu->default_intra_link));
  quote->gpus_per_node = 8;
  quote->nodes_available = nodes;
  if (nodes > 1)
    {
      quote->offering = CP_OFFERING_BARE_METAL_CLUSTER;
      quote->network = CP_NETWORK_INFINIBAND;
      quote->nics_per_node = 8;
      quote->nic_gbps = 400;
      quote->sharing = CP_SHARING_DEDICATED;
    }
}

/* A DeepSeek-like fine-grained MoE (DeepSeekMoE 16B's shape: 64 routed
 * experts of 1,408, top 6, two shared, a dense first layer) pre-trained
 * on 200B tokens. */
static inline void
cp_test_deepseek_like_init (CpJob *job)
{
  cp_job_init (job, CP_TASK_PRETRAIN);
  cp_test_model_init (&job->model, 16e9, 28, 2048, 16, 16, 1408, 102400);
  job->model.active_params = 2.8e9;
  job->model.experts_total = 64;
  job->model.experts_active = 6;
  job->model.shared_experts = 2;
  job->model.dense_layers = 1;
  job->model.dense_ffn = 10944;
  job->tokens = 200e9;
}

/* The first reason of @plan with @outcome, about quote @quote_index (any
 * quote when negative); NULL when there is none. */
static inline const CpReason *
cp_test_find_reason (const CpPlan *plan,
                     CpOutcome     outcome,
                     int           quote_index)
{
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

      if (reason->outcome == outcome && (quote_index < 0 || reason->quote_index == quote_index))
        return reason;
    }
  return NULL;
}
