/* test-goodput.c: interruptions, checkpoints and restarts (cp-goodput.c),
 * each figure computed here by hand from the inputs.
 *
 * The default failure rate is the Llama 3 paper's (Llama Team 2024, "The
 * Llama 3 Herd of Models", §3.3.4): 419 unexpected interruptions in a
 * 54-day snapshot on 16,384 H100s, with "higher than 90% effective
 * training time".
 */
#include <math.h>
#include <string.h>

#include "planner/cp-catalog.h"
#include "planner/cp-estimate.h"
#include "planner/cp-plan.h"
#include "model-fixture.h"

#define LLAMA3_RATE (419.0 / (16384.0 * 54.0 * 24.0))   /* per GPU-hour */
#define GIB (1024.0 * 1024.0 * 1024.0)

static void
assert_close (double expected, double actual, double tolerance)
{
  if (!(fabs (actual - expected) <= tolerance * fabs (expected)))
    g_error ("expected %.9g, got %.9g (relative tolerance %g)", expected, actual, tolerance);
}

/* Daly 2006: wall time of @useful_s of work under failures at @rate_per_s,
 * written out here apart from the code under test. */
static double
daly_wall_s (double useful_s, double rate_per_s, double checkpoint_s, double interval_s, double restart_s)
{
  double mtbf_s = 1.0 / rate_per_s;

  return useful_s * (mtbf_s / interval_s) * exp (restart_s / mtbf_s) *
    (exp ((interval_s + checkpoint_s) / mtbf_s) - 1.0);
}

static void
job_init_catalog (CpJob *job, CpTaskKind kind, const char *model_id)
{
  const CpModelSpec *model = cp_catalog_find_model (cp_catalog_get_builtin (), model_id);

  g_assert_nonnull (model);
  cp_job_init (job, kind);
  cp_job_set_model (job, model);
}

static void
quote_init_catalog (CpQuote *quote, const char *gpu_id, guint nodes, CpStorageKind storage)
{
  cp_test_quote_init_catalog (quote, "q", gpu_id, nodes);
  quote->price = 10;
  quote->storage = storage;
}

/* GPT-3 175B (T16's run: 300B tokens, 1,024 A100s at 140 TFLOP/s, full
 * recompute, 8·T·P/(n·X) = 2,929,687.5 s of useful time) on 128 nodes
 * with a parallel file system, by hand:
 *   rate λ = 1,024 × 419 / (16,384 × 54 × 24) per hour = 0.020206 /h,
 *     MTBF M = 178,160 s;
 *   checkpoint 175e9 × (2 + 12) B (bf16 weights, fp32 master, m, v:
 *     ZeRO's 16 B/param less the gradients) = 2.45e12 B at 128 × 7e12/2,048
 *     B/s = 437.5 GB/s: δ = 5.6 s;
 *   Young's τ = sqrt(2 × 5.6 × 178,160) = 1,412.6 s;
 *   Daly's W = U·(M/τ)·e^(R/M)·(e^((τ+δ)/M) − 1), R = 600 s;
 *   interruptions λ·W ≈ 1,024 × 828 h × 1.97e-5 ≈ 16.7. */
static void
test_hand_calculation_1024_gpus (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double useful_s = 8 * 300e9 * 175e9 / (1024 * 140e12);
  double rate_per_s = 1024 * LLAMA3_RATE / 3600;
  double checkpoint_s = 175e9 * 14 / (128 * 7e12 / 2048);
  double interval_s = sqrt (2 * checkpoint_s / rate_per_s);
  double wall_s = daly_wall_s (useful_s, rate_per_s, checkpoint_s, interval_s, 600);

  cp_settings_init (&settings);
  quote_init_catalog (&quote, "a100-80g", 128, CP_STORAGE_PARALLEL_FS);
  job_init_catalog (&job, CP_TASK_PRETRAIN, "gpt3-175b");
  g_assert_cmpfloat (job.model.params, ==, 175e9);
  job.tokens = 300e9;
  job.seq_len = 2048;
  job.recompute = CP_RECOMPUTE_FULL;
  job.mfu = 140e12 / 312e12;

  g_assert_true (cp_estimate (&job, &quote, 128, &settings, &est, NULL));
  g_assert_cmpuint (est.gpus, ==, 1024);
  assert_close (175e9 * 14, est.checkpoint_bytes, 1e-12);
  assert_close (5.6, est.checkpoint_s, 1e-12);
  assert_close (1412.6, est.checkpoint_interval_s, 1e-4);
  assert_close (interval_s, est.checkpoint_interval_s, 1e-12);
  g_assert_cmpfloat (est.restart_s, ==, 600);
  assert_close (wall_s, est.total_s, 1e-12);
  assert_close (useful_s / wall_s, est.goodput, 1e-12);
  assert_close (1024 * (wall_s / 3600) * LLAMA3_RATE, est.expected_interruptions, 1e-12);
  assert_close (16.7, est.expected_interruptions, 0.01);
  assert_close (1024 * wall_s / 3600, est.gpu_hours, 1e-12);
  assert_close (wall_s / 86400, est.run_days, 1e-12);
  /* First order: per interruption half an interval (and a checkpoint)
   * redone, plus the restart; the checkpoints themselves apart. */
  assert_close (wall_s - useful_s * (1 + checkpoint_s / interval_s), est.lost_s, 1e-9);
  assert_close ((interval_s + checkpoint_s) / 2 + 600, est.lost_s / est.expected_interruptions, 0.01);
  g_assert_cmpfloat (est.goodput, >, 0.98);
  g_assert_cmpfloat (est.goodput, <, 0.99);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* A single machine is not immune: the same rate per GPU, eight GPUs.
 * Llama 2 7B on 20B tokens at MFU 0.4 on 8 H100s (989 TFLOPS):
 * U = 6 × 7e9 × 20e9 / (8 × 989e12 × 0.4) = 265,419 s (73.7 h);
 * λ = 8 × 1.9733e-5 /h, about 0.0116 interruptions over the run. The
 * checkpoint, 7e9 × 14 B on local NVMe at 4 GB/s, takes 24.5 s. */
static void
test_single_machine (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double useful_s = 6 * 7e9 * 20e9 / (8 * 989e12 * 0.4);
  double rate_per_s = 8 * LLAMA3_RATE / 3600;
  double checkpoint_s = 7e9 * 14 / 4e9;
  double interval_s = sqrt (2 * checkpoint_s / rate_per_s);
  double wall_s = daly_wall_s (useful_s, rate_per_s, checkpoint_s, interval_s, 600);

  cp_settings_init (&settings);
  quote_init_catalog (&quote, "h100-sxm", 1, CP_STORAGE_LOCAL_NVME);
  job_init_catalog (&job, CP_TASK_PRETRAIN, "llama-2-7b");
  job.tokens = 20e9;
  job.mfu = 0.4;
  job.recompute = CP_RECOMPUTE_NONE;   /* 6·N·D, as above */
  g_assert_cmpfloat (job.model.params, ==, 7e9);

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpuint (est.gpus, ==, 8);
  assert_close (24.5, est.checkpoint_s, 1e-12);
  assert_close (wall_s, est.total_s, 1e-12);
  assert_close (8 * (wall_s / 3600) * LLAMA3_RATE, est.expected_interruptions, 1e-12);
  assert_close (0.0116, est.expected_interruptions, 0.01);
  /* Near 1, not 1. */
  g_assert_cmpfloat (est.goodput, <, 1.0);
  g_assert_cmpfloat (est.goodput, >, 0.99);
  assert_close (useful_s / wall_s, est.goodput, 1e-12);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* A run shorter than the Young/Daly interval (walkthrough 11: "every
 * 9.5 h" on a 1.8 h run): 7B on 0.5e9 tokens on one 8 × H100 machine,
 * U = 6 × 7e9 × 0.5e9 / (8 × 989e12 × 0.4) = 6,635.5 s (1.84 h), while
 * sqrt (2 × 24.5 s / λ), λ = 8 × 1.9733e-5 per hour, is 33,428 s (9.3 h).
 * The run is one segment: checkpoint at its end, interval U; an
 * interruption redoes half the run on average, so the expected loss is
 * about λ·W·(U/2 + R) = 1.15 s, within the run. A set interval longer than
 * the run is held to the run too. */
static void
test_run_shorter_than_interval (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double useful_s = 6 * 7e9 * 0.5e9 / (8 * 989e12 * 0.4);
  double rate_per_s = 8 * LLAMA3_RATE / 3600;
  double checkpoint_s = 7e9 * 14 / 4e9;
  double wall_s = daly_wall_s (useful_s, rate_per_s, checkpoint_s, useful_s, 600);

  assert_close (6635.5, useful_s, 1e-4);
  assert_close (33428, sqrt (2 * checkpoint_s / rate_per_s), 1e-3);
  cp_settings_init (&settings);
  quote_init_catalog (&quote, "h100-sxm", 1, CP_STORAGE_LOCAL_NVME);
  job_init_catalog (&job, CP_TASK_PRETRAIN, "llama-2-7b");
  job.tokens = 0.5e9;
  job.mfu = 0.4;
  job.recompute = CP_RECOMPUTE_NONE;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  assert_close (useful_s, est.checkpoint_interval_s, 1e-12);
  assert_close (wall_s, est.total_s, 1e-12);
  assert_close (rate_per_s * wall_s * (useful_s / 2 + 600), est.lost_s, 0.01);
  assert_close (1.15, est.lost_s, 0.01);
  g_assert_cmpfloat (est.lost_s, <, useful_s);

  settings.checkpoint_interval_s = 10 * 3600;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  assert_close (useful_s, est.checkpoint_interval_s, 1e-12);
  assert_close (wall_s, est.total_s, 1e-12);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* The Llama 3 case itself: 405B on 16,384 H100s (2,048 nodes, 8 × 400 Gb/s,
 * the paper's parallel file system). At the default rate the job meets
 * 16,384 × 54 × 24 × 419 / (16,384 × 54 × 24) = 419 interruptions per 54
 * days of wall time, and its effective training time is above 90%, as
 * the paper states. */
static void
test_llama3_16k_gpus (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double per_54_days;

  cp_settings_init (&settings);
  quote_init_catalog (&quote, "h100-sxm", 2048, CP_STORAGE_PARALLEL_FS);
  job_init_catalog (&job, CP_TASK_PRETRAIN, "llama-3.1-405b");
  job.tokens = 15e12;
  job.seq_len = 8192;

  g_assert_true (cp_estimate (&job, &quote, 2048, &settings, &est, NULL));
  g_assert_cmpuint (est.gpus, ==, 16384);
  per_54_days = est.expected_interruptions * (54 * 86400.0) / est.total_s;
  assert_close (419, per_54_days, 1e-9);
  g_assert_cmpfloat (est.goodput, >, 0.90);
  g_assert_cmpfloat (est.goodput, <, 1.0);
  /* The job's MTBF, 3.09 h: the paper's "one failure every three hours". */
  assert_close (54 * 24.0 / 419, est.total_s / 3600 / est.expected_interruptions, 1e-9);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* No failures: no checkpoint is needed and the run is its useful time; a
 * set interval still costs its checkpoints, U·(1 + δ/τ). */
static void
test_no_failures_and_set_interval (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double useful_s = 6 * 7e9 * 20e9 / (8 * 989e12 * 0.4);

  cp_settings_init (&settings);
  settings.gpu_failure_rate_per_hour = 0;
  quote_init_catalog (&quote, "h100-sxm", 1, CP_STORAGE_NETWORK_DISK);
  job_init_catalog (&job, CP_TASK_PRETRAIN, "llama-2-7b");
  job.tokens = 20e9;
  job.mfu = 0.4;
  job.recompute = CP_RECOMPUTE_NONE;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpfloat (est.goodput, ==, 1.0);
  g_assert_cmpfloat (est.expected_interruptions, ==, 0);
  g_assert_cmpfloat (est.checkpoint_interval_s, ==, 0);
  assert_close (useful_s, est.total_s, 1e-12);
  /* 7e9 × 14 B on one gp3 volume at 1,000 MiB/s. */
  assert_close (7e9 * 14 / (1000 * 1024 * 1024.0), est.checkpoint_s, 1e-12);

  settings.checkpoint_interval_s = 3600;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  assert_close (useful_s * (1 + est.checkpoint_s / 3600), est.total_s, 1e-12);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* A service rents its period whole: interruptions are downtime inside it,
 * the run time stays the period. 30 days on one node of 8: 8 × 720 h ×
 * 1.9733e-5 = 0.1137 interruptions, 68.2 s down; each stops one of the 8
 * one-GPU replicas (7B in bf16 fits one H100; tensor parallel 1 is given,
 * the search would take larger replicas), so 68.2 s of 8 × 2,592,000
 * replica-seconds are lost. */
static void
test_service_period (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double interruptions = 8 * 720 * LLAMA3_RATE;

  cp_settings_init (&settings);
  quote_init_catalog (&quote, "h100-sxm", 1, CP_STORAGE_UNKNOWN);
  job_init_catalog (&job, CP_TASK_INFERENCE, "llama-2-7b");
  job.duration_days = 30;
  job.tensor_parallel = 1;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpfloat (est.total_s, ==, 30 * 86400.0);
  g_assert_cmpuint (est.layout.data_parallel, ==, 8);
  assert_close (interruptions, est.expected_interruptions, 1e-12);
  assert_close (interruptions * 600, est.lost_s, 1e-12);
  assert_close (1 - interruptions * 600 / (8 * 30 * 86400.0), est.goodput, 1e-12);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* Interruptions faster than restarts: the run never ends, and says so
 * with finite figures (goodput held at a millionth). */
static void
test_never_ends_stays_finite (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;

  cp_settings_init (&settings);
  settings.gpu_failure_rate_per_hour = 0.01;
  settings.restart_s = 86400;
  quote_init_catalog (&quote, "h100-sxm", 2048, CP_STORAGE_NAS);
  job_init_catalog (&job, CP_TASK_PRETRAIN, "llama-2-7b");
  job.tokens = 20e9;
  job.mfu = 0.4;

  g_assert_true (cp_estimate (&job, &quote, 2048, &settings, &est, NULL));
  assert_close (1e-6, est.goodput, 1e-9);
  g_assert_true (isfinite (est.total_s) && isfinite (est.total_cost) && isfinite (est.lost_s));
  g_assert_false (est.meets_deadline);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* A training run writes checkpoints whatever data it keeps: a quote that
 * does not say what storage it offers gets the question (R6), and a single
 * machine names its single point of failure. */
static void
test_ask_storage_single_point (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  g_autoptr(CpPlan) plan = NULL;
  gboolean asked = FALSE, single_point = FALSE;

  cp_settings_init (&settings);
  quote_init_catalog (&quote, "h100-sxm", 1, CP_STORAGE_UNKNOWN);
  job_init_catalog (&job, CP_TASK_PRETRAIN, "llama-2-7b");
  job.tokens = 20e9;
  job.storage_tb = 0;

  plan = cp_plan_new (&job, &quote, 1, &settings);
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

      asked |= reason->rule == CP_RULE_R6_TOTAL_COST && reason->outcome == CP_OUTCOME_ASK_STORAGE &&
               reason->quote_index == 0;
    }
  for (guint i = 0; i < plan->risks->len; i++)
    single_point |= g_array_index (plan->risks, CpRisk, i) == CP_RISK_SINGLE_POINT_OF_FAILURE;
  g_assert_true (asked);
  g_assert_true (single_point);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* Settings out of range are refused, naming the setting. */
static void
test_settings_refused (void)
{
  const struct { double rate, restart, interval; const char *word; } bad[] = {
    { -1e-5, 600, 0, "failure rate" },
    { 0.5, 600, 0, "failure rate" },
    { 2e-5, -1, 0, "Restart" },
    { 2e-5, 600, 30, "Checkpoint interval" },
    { 2e-5, 600, NAN, "Checkpoint interval" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      CpSettings settings;
      g_autoptr(GError) error = NULL;

      cp_settings_init (&settings);
      settings.gpu_failure_rate_per_hour = bad[i].rate;
      settings.restart_s = bad[i].restart;
      settings.checkpoint_interval_s = bad[i].interval;
      g_assert_false (cp_settings_validate (&settings, &error));
      g_assert_nonnull (strstr (error->message, bad[i].word));
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/goodput/hand-calculation-1024-gpus", test_hand_calculation_1024_gpus);
  g_test_add_func ("/goodput/single-machine", test_single_machine);
  g_test_add_func ("/goodput/llama3-16k-gpus", test_llama3_16k_gpus);
  g_test_add_func ("/goodput/run-shorter-than-interval", test_run_shorter_than_interval);
  g_test_add_func ("/goodput/no-failures-and-set-interval", test_no_failures_and_set_interval);
  g_test_add_func ("/goodput/service-period", test_service_period);
  g_test_add_func ("/goodput/never-ends-stays-finite", test_never_ends_stays_finite);
  g_test_add_func ("/goodput/settings-refused", test_settings_refused);
  g_test_add_func ("/goodput/ask-storage-single-point", test_ask_storage_single_point);
  return g_test_run ();
}
