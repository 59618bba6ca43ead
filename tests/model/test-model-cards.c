/* test-model-cards.c: whole pretraining runs, estimated with the
 * planner's defaults (layout, batch, recompute, ZeRO all left to it),
 * against the GPU-hours their model cards and papers publish.
 *
 * The published figures are end-to-end: they include evaluation and the
 * batch ramp-up, which the planner does not model, and restarts after
 * failures, which it models at the default failure rate (cp-goodput.h;
 * Llama 3 reports more than 90% effective training time, Llama Team 2024,
 * §3.3.4; BLOOM's 1,082,990 hours spread over 3.5 months on 384
 * GPUs, ~117 days, for a run that computes in far fewer). So the tolerance
 * is ±25%: wide enough for those losses on top of a step-time model
 * checked to 15–25% at pinned layouts (test-layouts.c), narrow enough
 * that a default choosing an unrealistic layout or batch (the +181% of a
 * 405B run with a bubble of two thirds) fails.
 *
 * The clusters are described by their nodes and NICs as published (Meta's
 * Research SuperCluster: 8 A100-80GB, 8 × 200 Gb/s InfiniBand, Llama 2
 * paper §2.2.1; Meta's H100 clusters: 8 × 400 Gb/s per node, Llama 3 paper
 * §3.3.1; Jean Zay for BLOOM: 4 × 100 Gb/s) and otherwise as the command
 * line builds them from those options: the fabric's sharing is not stated,
 * so the default shared-network factor applies (R6), the answer a user
 * typing these options gets.
 */
#include <math.h>

#include "planner/cp-catalog.h"
#include "planner/cp-estimate.h"

/* Within this fraction of the published GPU-hours (see above). */
#define TOLERANCE 0.25

typedef struct {
  const char *name;
  const char *model_id;
  const char *gpu_id;
  double      tokens;
  guint       seq_len;
  guint       nodes;
  guint       nics;       /* per node */
  guint       nic_gbps;
  double      published_gpu_hours;
} Card;

/* Llama 2 (Touvron et al. 2023, Table 2, "Time (GPU hours)", A100-80GB;
 * 2T tokens of 4,096); the GPU counts are not published: 1,024 for 7B and
 * 13B, 2,048 for 70B are assumed (the paper's RSC has 2,000 nodes). */
static const Card llama2_7b = { "Llama 2 7B", "llama-2-7b", "a100-80g", 2e12, 4096, 128, 8, 200, 184320 };
static const Card llama2_13b = { "Llama 2 13B", "llama-2-13b", "a100-80g", 2e12, 4096, 128, 8, 200, 368640 };
static const Card llama2_70b = { "Llama 2 70B", "llama-2-70b", "a100-80g", 2e12, 4096, 256, 8, 200, 1720320 };
/* Llama 3.1 model card, "Training GPU Hours" on H100-80GB: 1.46M (8B),
 * 7.0M (70B), 30.84M (405B); ~15T tokens of 8,192. The 405B ran on 16,384
 * GPUs (Llama 3 paper, Table 4); 2,048 and 4,096 for the smaller two are
 * assumed. */
static const Card llama31_8b = { "Llama 3.1 8B", "llama-3.1-8b", "h100-sxm", 15e12, 8192, 256, 8, 400, 1.46e6 };
static const Card llama31_70b = { "Llama 3.1 70B", "llama-3.1-70b", "h100-sxm", 15e12, 8192, 512, 8, 400, 7.0e6 };
static const Card llama31_405b = { "Llama 3.1 405B", "llama-3.1-405b", "h100-sxm", 15e12, 8192, 2048, 8, 400, 30.84e6 };
/* BLOOM (BigScience 2022, §3.5: 1,082,990 A100 hours; 366B tokens of
 * 2,048 on 48 nodes of 8 A100-80GB, 4 × 100 Gb/s Omni-Path per node). */
static const Card bloom = { "BLOOM 176B", "bloom-176b", "a100-80g", 366e9, 2048, 48, 4, 100, 1082990 };

static void
estimate_card (const Card *card,
               guint       global_batch,
               CpEstimate *est)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  const CpGpuSpec *gpu = cp_catalog_find_gpu (catalog, card->gpu_id);
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (gpu);
  g_assert_nonnull (cp_catalog_find_model (catalog, card->model_id));
  cp_settings_init (&settings);
  cp_job_init (&job, CP_TASK_PRETRAIN);
  cp_job_set_model (&job, cp_catalog_find_model (catalog, card->model_id));
  job.tokens = card->tokens;
  job.seq_len = card->seq_len;
  job.global_batch = global_batch;

  cp_quote_init (&quote);
  cp_quote_set_gpu (&quote, gpu);
  cp_quote_set_intra_link (&quote, cp_catalog_find_link (catalog, gpu->default_intra_link));
  quote.gpus_per_node = 8;
  quote.nodes_available = card->nodes;
  quote.offering = CP_OFFERING_BARE_METAL_CLUSTER;
  quote.network = CP_NETWORK_INFINIBAND;
  quote.nics_per_node = card->nics;
  quote.nic_gbps = card->nic_gbps;

  g_assert_true (cp_estimate (&job, &quote, card->nodes, &settings, est, &error));
  g_assert_no_error (error);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* The bare formula the planner is compared with: 6·N·D at 40% of the
 * dense bf16 peak, in GPU-hours whatever the GPU count. */
static double
bare_gpu_hours (const Card *card)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  const CpModelSpec *m = cp_catalog_find_model (catalog, card->model_id);

  return 6.0 * m->params * card->tokens / (0.4 * cp_catalog_find_gpu (catalog, card->gpu_id)->dense_bf16_flops) / 3600.0;
}

static double
report_card (const Card *card)
{
  CpEstimate est;
  double error, bare;

  estimate_card (card, 0, &est);
  error = est.gpu_hours / card->published_gpu_hours - 1;
  bare = bare_gpu_hours (card) / card->published_gpu_hours - 1;
  g_test_message ("%s: planner %.3g GPU-h (%+.0f%%), published %.3g, bare 6ND/(0.4 peak) %+.0f%%; "
                  "TP %u PP %u DP %u v %u mb %u x %u, batch %.1fM tokens, %s recompute (%u of %u layers), ZeRO-%u, fits %d; "
                  "bubble %.0f%%, exposed communication %.0f%% of the run",
                  card->name, est.gpu_hours, 100 * error, card->published_gpu_hours, 100 * bare,
                  est.layout.tensor_parallel, est.layout.pipeline_parallel, est.layout.data_parallel, est.layout.virtual_stages,
                  est.layout.micro_batch, est.layout.micro_batches, est.global_batch_tokens / 1e6,
                  cp_recompute_to_string (est.layout.recompute), est.layout.recomputed_layers, est.layout.layers_per_gpu, est.layout.zero_stage, est.fits,
                  100 * est.bubble_s / est.total_s, 100 * est.exposed_communication_s / est.total_s);
  g_assert_true (est.fits);
  return error;
}

static void
test_within_tolerance (gconstpointer data)
{
  g_assert_cmpfloat (fabs (report_card (data)), <=, TOLERANCE);
}

/* Runs the planner misses by more than the tolerance, reported but not
 * asserted: reaching them would mean tuning a default to the run.
 * - Llama 3.1 8B: 1.46M H100-hours for 15T tokens is 14% MFU; the bare
 *   formula at 40% is 65% under too. Whatever the card counts beyond the
 *   run (the model card gives no layout or GPU count), no layout of 2,048
 *   GPUs is that slow.
 * - Llama 3.1 405B: selective recompute does not fit 80 GB at PP 16 with
 *   8,192-token sequences, so the search recomputes 6 of the 8 layers on
 *   each GPU (Megatron-LM's block method); the tensor-parallel collectives
 *   it then counts in full (none is overlapped, Megatron-LM's default), a
 *   bubble of 15/64 and a goodput of 0.93 at 16,384 GPUs leave it about a
 *   third over the card.
 * - BLOOM 176B: the default FlashAttention-style kernels and no recompute
 *   make it faster than BLOOM ran in 2022 (Megatron-DeepSpeed with
 *   activation checkpointing, 150 TFLOP/s per GPU, paper §3.5). */
static void
test_reported_only (gconstpointer data)
{
  double error = report_card (data);

  g_test_message ("%s: %+.0f%% (outside +/-%.0f%%, not asserted)", ((const Card *) data)->name, 100 * error,
                  100 * TOLERANCE);
}

/* Llama 3 405B's layout (Table 4: 16,384 GPUs, TP 8, PP 16, DP 128, 16
 * sequences of 8,192 per data-parallel rank = 16M tokens, §3.4.1) from the
 * defaults: the cluster part of the batch rule gives one sequence per
 * tensor-parallel group, 16,384 / 8 = 2,048 sequences, and the 126 layers,
 * which do not divide into 16 × v chunks, are still interleaved. */
static void
test_llama3_405b_layout (void)
{
  CpEstimate est;

  estimate_card (&llama31_405b, 0, &est);
  g_assert_true (est.fits);
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 8);
  g_assert_cmpfloat (est.global_batch_tokens, ==, 16384.0 / est.layout.tensor_parallel * 8192);
  g_assert_cmpfloat (fabs (est.global_batch_tokens / (16.0 * 1024 * 1024) - 1), <=, 0.01);
  g_assert_cmpuint (est.layout.pipeline_parallel, >, 1);
  g_assert_cmpuint (126 % (est.layout.pipeline_parallel * est.layout.virtual_stages), !=, 0);
  g_assert_cmpuint (est.layout.virtual_stages, >, 1);
  /* Bubble (p − 1)/(m·v) of the ideal step, m ≥ p: under a quarter of the
   * run, against two thirds without the cluster part and interleaving. */
  g_assert_cmpuint (est.layout.micro_batches, >=, est.layout.pipeline_parallel);
  g_assert_cmpfloat (est.bubble_s, <, 0.25 * est.total_s);

  /* Meta's own batch stated (2,048 sequences): interleaved as well. */
  estimate_card (&llama31_405b, 2048, &est);
  g_assert_cmpfloat (est.global_batch_tokens, ==, 2048.0 * 8192);
  g_assert_cmpuint (est.layout.virtual_stages, >, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/model-cards/llama-2-7b", &llama2_7b, test_within_tolerance);
  g_test_add_data_func ("/model-cards/llama-2-13b", &llama2_13b, test_within_tolerance);
  g_test_add_data_func ("/model-cards/llama-2-70b", &llama2_70b, test_within_tolerance);
  g_test_add_data_func ("/model-cards/llama-3.1-70b", &llama31_70b, test_within_tolerance);
  g_test_add_data_func ("/model-cards/llama-3.1-8b", &llama31_8b, test_reported_only);
  g_test_add_data_func ("/model-cards/llama-3.1-405b", &llama31_405b, test_reported_only);
  g_test_add_data_func ("/model-cards/bloom-176b", &bloom, test_reported_only);
  g_test_add_func ("/model-cards/llama-3-405b-layout", test_llama3_405b_layout);
  return g_test_run ();
}
