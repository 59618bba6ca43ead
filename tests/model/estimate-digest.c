/* estimate-digest.c: one line per estimate of a grid of jobs (dense and
 * MoE, every task that trains, pinned and searched layouts) on a grid of
 * quotes and node counts, each the estimate's figures bit for bit (a hash
 * of the CpEstimate, the search's own counts left out) and its run time
 * and memory in %a. Not a test: a change meant to keep the model's answers
 * (a faster search) is checked by diffing this program's output before and
 * after it (`estimate-digest > before.txt`). With -c, the counts of layouts
 * evaluated (weighed), of them timed, and splits pruned are printed too; with --headroom F, the
 * layout-headroom-time setting is F (0: the fastest layout always, as the
 * search chose before the setting).
 */
#include <stdio.h>
#include <string.h>

#include "planner/cp-estimate.h"
#include "model-fixture.h"

/* FNV-1a over the bytes of @est. */
static guint64
digest (const CpEstimate *est)
{
  const guchar *p = (const guchar *) est;
  guint64 h = 1469598103934665603ull;

  for (gsize i = 0; i < sizeof *est; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

#define N_BASES 7

static void
base_job (guint    i,
          CpJob   *job)
{
  switch (i)
    {
    case 0:
      cp_job_init (job, CP_TASK_PRETRAIN);
      cp_test_model_init (&job->model, 13e9, 40, 5120, 40, 40, 13824, 32000);
      job->tokens = 300e9;
      break;
    case 1:
      cp_job_init (job, CP_TASK_FULL_FINETUNE);
      cp_test_model_init (&job->model, 70e9, 80, 8192, 64, 8, 28672, 32000);
      break;
    case 2:
      cp_job_init (job, CP_TASK_QLORA);
      cp_test_model_init (&job->model, 7e9, 32, 4096, 32, 32, 11008, 32000);
      break;
    case 3:
      cp_job_init (job, CP_TASK_LORA);
      cp_test_model_init (&job->model, 70e9, 80, 8192, 64, 8, 28672, 128256);
      break;
    case 4:
      /* Mixtral-like: 8 experts, top 2 */
      cp_job_init (job, CP_TASK_PRETRAIN);
      cp_test_model_init (&job->model, 46.7e9, 32, 4096, 32, 8, 14336, 32000);
      job->model.active_params = 12.9e9;
      job->model.experts_total = 8;
      job->model.experts_active = 2;
      job->tokens = 100e9;
      break;
    case 5:
      cp_test_deepseek_like_init (job);
      break;
    default:
      cp_job_init (job, CP_TASK_FULL_FINETUNE);
      cp_test_model_init (&job->model, 8e9, 32, 4096, 32, 8, 14336, 128256);
      job->model.tied_embeddings = FALSE;
      break;
    }
}

#define N_VARIANTS 12

/* A variant of the base job: pins, precisions, offload. FALSE when it
 * does not apply. */
static gboolean
vary_job (guint  v,
          CpJob *job)
{
  switch (v)
    {
    case 0:
      return TRUE;
    case 1:
      job->zero_stage = 3;
      return TRUE;
    case 2:
      job->zero_stage = 2;
      job->recompute = CP_RECOMPUTE_SELECTIVE;
      return TRUE;
    case 3:
      job->recompute = CP_RECOMPUTE_NONE;
      return TRUE;
    case 4:
      job->recompute = CP_RECOMPUTE_FULL;
      job->micro_batch = 2;
      return TRUE;
    case 5:
      job->tensor_parallel = 2;
      return TRUE;
    case 6:
      job->tensor_parallel = 4;
      job->pipeline_parallel = 4;
      return TRUE;
    case 7:
      job->pipeline_parallel = 8;
      job->virtual_stages = 2;
      return TRUE;
    case 8:
      job->precision = CP_PRECISION_FP8;
      return TRUE;
    case 9:
      job->cpu_offload = TRUE;
      return TRUE;
    case 10:
      job->seq_len = 8192;
      job->global_batch = 512;
      return TRUE;
    default:
      if (!cp_model_spec_is_moe (&job->model))
        return FALSE;
      job->expert_parallel = 4;
      return TRUE;
    }
}

#define N_QUOTES 4

static void
quote_at (guint    i,
          CpQuote *q)
{
  cp_quote_init (q);
  q->gpu.memory_nominal_gb = 80;
  q->gpu.dense_bf16_flops = 989e12;
  q->gpu.dense_fp8_flops = 1979e12;
  q->gpu.memory_bandwidth_gbytes_per_s = 3350;
  q->intra_link.per_direction_gbytes_per_s = 450;
  q->price = 20;
  switch (i)
    {
    case 0:
      break;
    case 1:
      q->nodes_available = 16;
      q->network = CP_NETWORK_INFINIBAND;
      q->nics_per_node = 8;
      q->nic_gbps = 400;
      q->host_memory_per_node_bytes = 2e12;
      break;
    case 2:
      q->gpu.memory_nominal_gb = 40;
      q->gpu.dense_bf16_flops = 312e12;
      q->gpu.dense_fp8_flops = 0;
      q->intra_link.per_direction_gbytes_per_s = 300;
      q->nodes_available = 12;
      q->network = CP_NETWORK_ROCE;
      q->nics_per_node = 4;
      q->nic_gbps = 200;
      break;
    default:
      q->gpu.memory_nominal_gb = 24;
      q->gpu.dense_bf16_flops = 165e12;
      q->gpu.dense_fp8_flops = 0;
      q->gpus_per_node = 4;
      q->intra_link.per_direction_gbytes_per_s = 32;
      q->nodes_available = 6;
      q->network = CP_NETWORK_ETHERNET;
      q->nics_per_node = 1;
      q->nic_gbps = 100;
      q->host_memory_per_node_bytes = 256e9;
      break;
    }
}

int
main (int   argc,
      char *argv[])
{
  gboolean counts = FALSE;
  CpSettings settings;

  cp_settings_init (&settings);
  for (int arg = 1; arg < argc; arg++)
    if (g_strcmp0 (argv[arg], "-c") == 0)
      counts = TRUE;
    else if (g_strcmp0 (argv[arg], "--headroom") == 0 && arg + 1 < argc)
      settings.layout_headroom_time = g_ascii_strtod (argv[++arg], NULL);
  for (guint b = 0; b < N_BASES; b++)
    for (guint v = 0; v < N_VARIANTS; v++)
      for (guint qi = 0; qi < N_QUOTES; qi++)
        {
          CpJob job;
          CpQuote quote;
          g_autoptr(CpEstimateSeries) series = NULL;

          base_job (b, &job);
          if (!vary_job (v, &job))
            continue;
          quote_at (qi, &quote);
          if (cp_estimate_check_inputs (&job, &quote, &settings, NULL))
            series = cp_estimate_series_new (&job, &quote, &settings);
          for (guint nodes = 1; nodes <= MAX (quote.nodes_available, 1); nodes++)
            {
              CpEstimate est, of_series;
              guint evaluated, timed, pruned;
              g_autoptr(GError) error = NULL;

              if (!cp_estimate (&job, &quote, nodes, &settings, &est, &error))
                {
                  printf ("job %u.%u quote %u nodes %u: %s\n", b, v, qi, nodes, error->message);
                  continue;
                }
              /* A plan's estimates (a series) are the same, bit for bit. */
              if (series == NULL || !cp_estimate_series_at (series, nodes, &of_series, NULL) ||
                  memcmp (&est, &of_series, sizeof est) != 0)
                printf ("job %u.%u quote %u nodes %u: the series differs\n", b, v, qi, nodes);
              evaluated = est.layouts_evaluated;
              timed = est.layouts_timed;
              pruned = est.layout_splits_pruned;
              est.layouts_evaluated = 0;
              est.layouts_timed = 0;
              est.layout_splits_pruned = 0;
              printf ("job %u.%u quote %u nodes %u: %016" G_GINT64_MODIFIER "x run %a s, %a B/GPU, tp %u pp %u vs %u ep %u z %u mb %u r %u",
                      b, v, qi, nodes, digest (&est), est.total_s, est.memory_per_gpu_bytes,
                      est.layout.tensor_parallel, est.layout.pipeline_parallel, est.layout.virtual_stages,
                      est.layout.expert_parallel, est.layout.zero_stage, est.layout.micro_batch, est.layout.recompute);
              if (counts)
                printf (", %u evaluated, %u timed, %u of %u splits pruned", evaluated, timed, pruned, est.layout_splits);
              printf ("\n");
            }
        }
  return 0;
}
