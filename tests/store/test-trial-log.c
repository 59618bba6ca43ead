/* test-trial-log.c: trial-run figures read from the logs in trial-logs/,
 * against numbers read off those files by hand. */

#include "config.h"

#include <string.h>

#include "common/cp-test-demo.h"
#include "store/cp-trial-log.h"

#define MIB 1048576.0
#define GIB 1073741824.0

typedef struct {
  CpProject *project;
  CpJob     *job;      /* borrowed from the project */
  CpQuote   *quote;
} Fixture;

static CpJob *
find_job (CpProject *project, const char *id)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (g_strcmp0 (((CpJob *) g_ptr_array_index (project->jobs, i))->id, id) == 0)
      return g_ptr_array_index (project->jobs, i);
  g_assert_not_reached ();
}

static CpQuote *
find_quote (CpProject *project, const char *id)
{
  for (guint i = 0; i < project->quotes->len; i++)
    if (g_strcmp0 (((CpQuote *) g_ptr_array_index (project->quotes, i))->id, id) == 0)
      return g_ptr_array_index (project->quotes, i);
  g_assert_not_reached ();
}

/* The demo's 13B pretraining (sequence length 4096), tried on the 8 × A800
 * machine (dense peak 312 TFLOP/s). */
static void
fixture_init (Fixture *f, const char *job_id)
{
  f->project = cp_test_demo_project ();
  f->job = find_job (f->project, job_id);
  f->quote = find_quote (f->project, "q-a800");
}

static void
fixture_clear (Fixture *f)
{
  cp_project_free (f->project);
}

static CpTrialLog *
read_log (const char *name)
{
  g_autofree char *path = g_build_filename (TRIAL_LOGS_DIR, name, NULL);
  g_autoptr(GError) error = NULL;
  CpTrialLog *log = cp_trial_log_read_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (log);
  return log;
}

static void
assert_refused (const char *name, CpTrialLogError code, const char *line_text)
{
  g_autofree char *path = g_build_filename (TRIAL_LOGS_DIR, name, NULL);
  g_autoptr(GError) error = NULL;
  CpTrialLog *log = cp_trial_log_read_file (path, &error);

  g_assert_null (log);
  g_assert_error (error, CP_TRIAL_LOG_ERROR, (int) code);
  if (line_text != NULL)
    g_assert_true (g_str_has_prefix (error->message, line_text));
}

static const CpTrialReading *
reading (GPtrArray *readings, CpTrialFigure figure, gboolean applied)
{
  for (guint i = 0; i < readings->len; i++)
    {
      const CpTrialReading *r = g_ptr_array_index (readings, i);
      if (r->figure == figure && r->applied == applied)
        return r;
    }
  return NULL;
}

static GPtrArray *
resolve (Fixture *f, const CpTrialLog *log, CpTrialRun *trial)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *readings = cp_trial_log_resolve (log, f->job, f->quote, trial, &error);

  g_assert_no_error (error);
  g_assert_nonnull (readings);
  return readings;
}

/* Peaks per GPU, hand-read: GPU 0 62011, GPU 1 61500, GPU 2 63500, GPU 3
 * 60010 MiB (its "[N/A]" sample left out); the trial's is the busiest GPU's. */
static void
test_nvidia_smi (void)
{
  Fixture f;
  g_autoptr(CpTrialLog) log = read_log ("nvidia-smi.csv");
  g_autoptr(GPtrArray) readings = NULL;
  CpTrialRun trial;
  const CpTrialReading *peak;

  fixture_init (&f, "job-pretrain13b");
  g_assert_cmpuint (cp_trial_log_get_formats (log), ==, CP_TRIAL_LOG_NVIDIA_SMI);
  readings = resolve (&f, log, &trial);

  g_assert_cmpuint (trial.gpus, ==, 4);
  g_assert_cmpfloat (trial.peak_memory_bytes, ==, 63500 * MIB);
  peak = reading (readings, CP_TRIAL_FIGURE_PEAK_MEMORY, TRUE);
  g_assert_nonnull (peak);
  g_assert_cmpuint (peak->line, ==, 8);
  g_assert_true (strstr (peak->line_text, "63500 MiB") != NULL);
  /* No speed in this file: a job without a trial gets none. */
  g_assert_cmpfloat (trial.tokens_per_s, ==, 0);
  g_assert_cmpfloat (trial.step_s, ==, 0);
  g_assert_cmpstr (trial.quote_id, ==, "q-a800");
  g_assert_cmpfloat (trial.gpu_dense_flops, ==, 312e12);
  g_assert_cmpuint (cp_trial_log_get_notes (log)->len, ==, 1);  /* the [N/A] sample */
  g_free (trial.quote_id);

  /* "NVIDIA A800-SXM4-80GB" is the catalogue's A800, the quote's GPU; on
   * an H800 quote the reader is warned. */
  g_assert_cmpstr (cp_trial_log_find_gpu (log, NULL)->id, ==, "a800");
  g_assert_null (strstr (reading (readings, CP_TRIAL_FIGURE_GPUS, TRUE)->source, "Careful"));
  {
    g_autoptr(GPtrArray) elsewhere = NULL;

    f.quote = find_quote (f.project, "q-h800-ib");
    elsewhere = resolve (&f, log, &trial);
    g_assert_nonnull (strstr (reading (elsewhere, CP_TRIAL_FIGURE_GPUS, TRUE)->source,
                              "Careful: they are NVIDIA A800-SXM4-80GB"));
    g_free (trial.quote_id);
  }
  fixture_clear (&f);
}

/* noheader,nounits: GPU 0 peaks at 71234, GPU 1 at 71002 MiB. */
static void
test_nvidia_smi_noheader (void)
{
  Fixture f;
  g_autoptr(CpTrialLog) log = read_log ("nvidia-smi-noheader.csv");
  g_autoptr(GPtrArray) readings = NULL;
  CpTrialRun trial;

  fixture_init (&f, "job-pretrain13b");
  readings = resolve (&f, log, &trial);
  g_assert_cmpuint (trial.gpus, ==, 2);
  g_assert_cmpfloat (trial.peak_memory_bytes, ==, 71234 * MIB);
  g_assert_cmpuint (reading (readings, CP_TRIAL_FIGURE_PEAK_MEMORY, TRUE)->line, ==, 3);
  /* The column order it assumed is said. */
  g_assert_cmpuint (cp_trial_log_get_notes (log)->len, ==, 1);
  g_assert_cmpstr (cp_trial_log_find_gpu (log, NULL)->id, ==, "h800");
  g_free (trial.quote_id);
  fixture_clear (&f);
}

/* Ten iteration lines; the first (24500 ms, warm-up) is left out; the
 * other nine sum to 144,000 ms: 16.0 s a step; 64 sequences × 4096
 * tokens (the log's seq_length) per 16 s = 16,384 tokens/s; 165.0
 * TFLOP/s on each; max reserved 67584 MB on rank 4; world size 8. */
static void
test_megatron (void)
{
  Fixture f;
  g_autoptr(CpTrialLog) log = read_log ("megatron.log");
  g_autoptr(GPtrArray) readings = NULL;
  CpTrialRun trial;
  const CpTrialReading *tflops, *gpus;

  fixture_init (&f, "job-pretrain13b");
  /* The job's own length differs, so the log's must be the one used. */
  f.job->seq_len = 2048;
  g_assert_cmpuint (cp_trial_log_get_formats (log), ==, CP_TRIAL_LOG_MEGATRON);
  readings = resolve (&f, log, &trial);

  g_assert_cmpuint (trial.gpus, ==, 8);
  gpus = reading (readings, CP_TRIAL_FIGURE_GPUS, TRUE);
  g_assert_cmpuint (gpus->line, ==, 6);   /* the argument dump's world_size, the last said */
  g_assert_cmpfloat_with_epsilon (trial.step_s, 16.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (trial.tokens_per_s, 64.0 * 4096 / 16.0, 1e-6);
  g_assert_cmpfloat (trial.peak_memory_bytes, ==, 67584 * MIB);
  g_assert_cmpuint (reading (readings, CP_TRIAL_FIGURE_PEAK_MEMORY, TRUE)->line, ==, 14);
  g_assert_cmpuint (reading (readings, CP_TRIAL_FIGURE_STEP_S, TRUE)->line, ==, 23);
  /* 6 × 13.0e9 × 16,384 ÷ (8 × 312e12) = 0.51: plausible, no warning. */
  g_assert_null (strstr (reading (readings, CP_TRIAL_FIGURE_TOKENS_PER_S, TRUE)->source, "%"));

  tflops = reading (readings, CP_TRIAL_FIGURE_TFLOPS_PER_GPU, FALSE);
  g_assert_nonnull (tflops);
  g_assert_cmpfloat_with_epsilon (tflops->value, 165.0, 1e-9);
  /* 165 of the A800's 312 dense TFLOP/s: 53 %. */
  g_assert_true (strstr (tflops->source, "53%") != NULL);
  g_assert_cmpuint (cp_trial_log_get_notes (log)->len, ==, 2);   /* warm-up, other lines */
  g_assert_true (strstr (g_ptr_array_index (cp_trial_log_get_notes (log), 0), "line 12") != NULL);
  g_free (trial.quote_id);
  fixture_clear (&f);
}

/* The last RunningAvgSamplesPerSec, 31.25, × the job's 4096 tokens =
 * 128,000 tokens/s; MaxMemAllocated 20.5 GB of 1024³ bytes. */
static void
test_deepspeed (void)
{
  Fixture f;
  g_autoptr(CpTrialLog) log = read_log ("deepspeed.log");
  g_autoptr(GPtrArray) readings = NULL;
  CpTrialRun trial;

  fixture_init (&f, "job-pretrain13b");
  g_assert_cmpuint (cp_trial_log_get_formats (log), ==, CP_TRIAL_LOG_DEEPSPEED);
  readings = resolve (&f, log, &trial);
  g_assert_cmpfloat_with_epsilon (trial.tokens_per_s, 31.25 * 4096, 1e-6);
  g_assert_cmpfloat (trial.peak_memory_bytes, ==, 20.5 * GIB);
  g_assert_cmpuint (reading (readings, CP_TRIAL_FIGURE_PEAK_MEMORY, TRUE)->line, ==, 8);
  g_assert_cmpuint (reading (readings, CP_TRIAL_FIGURE_TOKENS_PER_S, TRUE)->line, ==, 10);
  g_assert_cmpfloat (reading (readings, CP_TRIAL_FIGURE_SAMPLES_PER_S, FALSE)->value, ==, 31.25);
  /* 6 × 13.0e9 × 128,000 ÷ (8 × 312e12) = 4.0: no 13B run on this
   * machine goes that fast, and the reader is told, once. */
  {
    g_autoptr(GPtrArray) warnings = cp_trial_log_check_job (log, f.job, &trial);

    g_assert_cmpuint (warnings->len, ==, 1);
    g_assert_true (strstr (g_ptr_array_index (warnings, 0), "400%") != NULL);
    g_assert_true (strstr (g_ptr_array_index (warnings, 0), "56.3%") != NULL);
  }
  /* GPUs: not in the log, the quote's 8. */
  g_assert_cmpuint (trial.gpus, ==, 8);
  g_assert_cmpuint (reading (readings, CP_TRIAL_FIGURE_GPUS, TRUE)->line, ==, 0);
  g_free (trial.quote_id);
  fixture_clear (&f);
}

/* The flops profiler's summary: world size 8 (line 12), iter latency
 * 2.05 s (line 27), 150.3 TFLOPS (line 28), 15.61 samples/s (line 29) ×
 * the job's 4096 tokens = 63,938.56 tokens/s. */
static void
test_deepspeed_flops_profiler (void)
{
  Fixture f;
  g_autoptr(CpTrialLog) log = read_log ("deepspeed-flops-profiler.log");
  g_autoptr(GPtrArray) readings = NULL;
  CpTrialRun trial;

  fixture_init (&f, "job-pretrain13b");
  g_assert_cmpuint (cp_trial_log_get_formats (log), ==, CP_TRIAL_LOG_DEEPSPEED);
  readings = resolve (&f, log, &trial);
  g_assert_cmpuint (trial.gpus, ==, 8);
  g_assert_cmpuint (reading (readings, CP_TRIAL_FIGURE_GPUS, TRUE)->line, ==, 12);
  g_assert_cmpfloat_with_epsilon (trial.step_s, 2.05, 1e-12);
  g_assert_cmpuint (reading (readings, CP_TRIAL_FIGURE_STEP_S, TRUE)->line, ==, 27);
  g_assert_cmpfloat_with_epsilon (trial.tokens_per_s, 15.61 * 4096, 1e-6);
  g_assert_cmpuint (reading (readings, CP_TRIAL_FIGURE_TOKENS_PER_S, TRUE)->line, ==, 29);
  g_assert_cmpfloat (reading (readings, CP_TRIAL_FIGURE_TFLOPS_PER_GPU, FALSE)->value, ==, 150.3);
  g_assert_cmpuint (reading (readings, CP_TRIAL_FIGURE_TFLOPS_PER_GPU, FALSE)->line, ==, 28);
  g_assert_cmpfloat (trial.peak_memory_bytes, ==, 0);
  g_free (trial.quote_id);
  fixture_clear (&f);
}

/* "***** train metrics *****": 12.5 samples/s × 4096 = 51,200 tokens/s;
 * 0.4 steps/s: 2.5 s a step; 0:10:00.12 = 600.12 s. */
static void
test_hf_train_metrics (void)
{
  Fixture f;
  g_autoptr(CpTrialLog) log = read_log ("hf-train-metrics.log");
  g_autoptr(GPtrArray) readings = NULL;
  CpTrialRun trial;

  fixture_init (&f, "job-pretrain13b");
  g_assert_cmpuint (cp_trial_log_get_formats (log), ==, CP_TRIAL_LOG_HF_TRAINER);
  readings = resolve (&f, log, &trial);
  g_assert_cmpfloat_with_epsilon (trial.tokens_per_s, 12.5 * 4096, 1e-9);
  g_assert_cmpfloat_with_epsilon (trial.step_s, 2.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (reading (readings, CP_TRIAL_FIGURE_RUNTIME_S, FALSE)->value, 600.12, 1e-9);
  g_assert_cmpuint (reading (readings, CP_TRIAL_FIGURE_TOKENS_PER_S, TRUE)->line, ==, 13);
  g_assert_cmpfloat (trial.peak_memory_bytes, ==, 0);
  g_free (trial.quote_id);
  fixture_clear (&f);
}

/* The dict after a progress bar's carriage returns (16 samples/s, 0.5
 * steps/s), all_results.json (8 samples/s, 0.25 steps/s) and
 * trainer_state.json's last log entry (20.48 samples/s, 0.4 steps/s). */
static void
test_hf_dict_and_json (void)
{
  const struct { const char *file; double samples; double step_s; guint line; } cases[] = {
    { "hf-dict.log", 16.0, 2.0, 1 },
    { "all_results.json", 8.0, 4.0, 5 },
    { "trainer_state.json", 20.48, 2.5, 19 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Fixture f;
      g_autoptr(CpTrialLog) log = read_log (cases[i].file);
      g_autoptr(GPtrArray) readings = NULL;
      CpTrialRun trial;
      const CpTrialReading *tokens;

      fixture_init (&f, "job-pretrain13b");
      readings = resolve (&f, log, &trial);
      g_assert_cmpfloat_with_epsilon (trial.tokens_per_s, cases[i].samples * 4096, 1e-6);
      g_assert_cmpfloat_with_epsilon (trial.step_s, cases[i].step_s, 1e-12);
      tokens = reading (readings, CP_TRIAL_FIGURE_TOKENS_PER_S, TRUE);
      g_assert_cmpuint (tokens->line, ==, cases[i].line);
      /* The line quoted is the progress bar's last drawing, not its first. */
      g_assert_true (strstr (tokens->line_text, "0/300 [00:00") == NULL);
      g_free (trial.quote_id);
      fixture_clear (&f);
    }
}

/* vLLM, hand-read: vllm-v1.log line 5 "GPU KV cache size: 197,520
 * tokens", line 6 "Maximum concurrency for 4,096 tokens per request:
 * 48.22x" (197,520 ÷ 4,096 = 48.22, so the lines agree); the job's
 * 4,096-token requests fit 48.22 at once. vllm-v0.log line 3 "# GPU
 * blocks: 12345": × 16 tokens, vLLM's default block, = 197,520 tokens,
 * which line 4's "Maximum concurrency for 8192 tokens per request:
 * 24.11x" confirms (197,520 ÷ 8,192 = 24.11). An inference job keeps the
 * size; a training job only shows it. */
static void
test_vllm (void)
{
  Fixture f;
  g_autoptr(CpTrialLog) log = read_log ("vllm-v1.log");
  g_autoptr(CpTrialLog) old = read_log ("vllm-v0.log");
  g_autoptr(GPtrArray) readings = NULL;
  g_autoptr(GPtrArray) old_readings = NULL;
  g_autoptr(GPtrArray) training_readings = NULL;
  CpTrialRun trial;
  const CpTrialReading *kv;

  fixture_init (&f, "job-serve7b");
  readings = resolve (&f, log, &trial);
  g_assert_cmpstr (trial.quote_id, ==, "q-a800");
  g_assert_cmpfloat (trial.kv_cache_tokens, ==, 197520);
  g_assert_cmpfloat (trial.gpu_memory_nominal_gb, ==, 80);
  g_assert_cmpfloat (trial.peak_memory_bytes, ==, 0);
  g_assert_cmpfloat (trial.tokens_per_s, ==, 0);
  /* The log names no parallel size: the quote's node. */
  g_assert_cmpuint (trial.gpus, ==, 8);
  kv = reading (readings, CP_TRIAL_FIGURE_KV_CACHE_TOKENS, TRUE);
  g_assert_nonnull (kv);
  g_assert_cmpfloat (kv->value, ==, 197520);
  g_assert_cmpuint (kv->line, ==, 5);
  g_assert_true (strstr (kv->line_text, "GPU KV cache size: 197,520 tokens") != NULL);
  g_assert_true (strstr (kv->source, "48.22") != NULL);
  g_assert_cmpfloat (reading (readings, CP_TRIAL_FIGURE_MAX_CONCURRENCY, FALSE)->value, ==, 48.22);
  g_free (trial.quote_id);

  old_readings = resolve (&f, old, &trial);
  g_assert_cmpfloat (reading (old_readings, CP_TRIAL_FIGURE_GPU_BLOCKS, FALSE)->value, ==, 12345);
  kv = reading (old_readings, CP_TRIAL_FIGURE_KV_CACHE_TOKENS, TRUE);
  g_assert_cmpfloat (kv->value, ==, 12345 * 16);
  g_assert_cmpuint (kv->line, ==, 3);
  g_assert_cmpfloat (trial.kv_cache_tokens, ==, 197520);
  g_assert_cmpfloat (reading (old_readings, CP_TRIAL_FIGURE_MAX_CONCURRENCY, FALSE)->value, ==, 24.11);
  g_assert_true (strstr (reading (old_readings, CP_TRIAL_FIGURE_MAX_CONCURRENCY, FALSE)->source, "8192") != NULL);
  g_free (trial.quote_id);
  fixture_clear (&f);

  fixture_init (&f, "job-pretrain13b");
  training_readings = resolve (&f, log, &trial);
  g_assert_null (trial.quote_id);
  g_assert_cmpfloat (trial.kv_cache_tokens, ==, 0);
  g_assert_nonnull (reading (training_readings, CP_TRIAL_FIGURE_KV_CACHE_TOKENS, FALSE));
  fixture_clear (&f);
}

/* vllm-serving.log, hand-read: line 3, the engine's configuration,
 * "tensor_parallel_size=1, pipeline_parallel_size=1": one GPU a replica;
 * line 6 "GPU KV cache size: 748,976 tokens" (46,811 blocks of 16; line 5's
 * 40.00 GiB ÷ 57,344 B a Qwen2.5-7B token = 748,983 tokens, rounded down
 * to whole blocks); line 7's 22.86x for 32,768 tokens = 748,976 ÷ 32,768.
 * For the job's 4,096 tokens: 748,976 ÷ 4,096 = 182.86 at once. */
static void
test_vllm_serving (void)
{
  Fixture f;
  g_autoptr(CpTrialLog) log = read_log ("vllm-serving.log");
  g_autoptr(GPtrArray) readings = NULL;
  g_autoptr(GError) error = NULL;
  CpTrialRun trial;
  const CpTrialReading *gpus, *kv;

  fixture_init (&f, "job-serve7b");
  readings = resolve (&f, log, &trial);
  g_assert_cmpuint (trial.gpus, ==, 1);
  g_assert_cmpfloat (trial.kv_cache_tokens, ==, 748976);
  gpus = reading (readings, CP_TRIAL_FIGURE_GPUS, TRUE);
  g_assert_cmpuint (gpus->line, ==, 3);
  g_assert_true (strstr (gpus->source, "tensor_parallel_size") != NULL);
  kv = reading (readings, CP_TRIAL_FIGURE_KV_CACHE_TOKENS, TRUE);
  g_assert_cmpuint (kv->line, ==, 6);
  g_assert_true (strstr (kv->source, "182.86") != NULL);
  g_assert_cmpfloat (reading (readings, CP_TRIAL_FIGURE_MAX_CONCURRENCY, FALSE)->value, ==, 22.86);
  g_free (trial.quote_id);

  /* 30.51x of 4,096 tokens is not 197,520 ÷ 4,096 = 48.22x: two runs'
   * lines, refused with the line named, nothing kept. */
  {
    g_autoptr(CpTrialLog) mixed = read_log ("vllm-contradicting.log");

    memset (&trial, 0, sizeof trial);
    g_assert_null (cp_trial_log_resolve (mixed, f.job, f.quote, &trial, &error));
    g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_MALFORMED);
    g_assert_true (g_str_has_prefix (error->message, "line 2:"));
    g_assert_true (strstr (error->message, "48.22") != NULL);
    g_assert_null (trial.quote_id);
    g_clear_error (&error);
  }

  /* Blocks of 32 tokens show in the concurrency: 6,000 × 32 ÷ 4,096 =
   * 46.875, printed 46.88x; 6,000 × 16 would be 23.44x. */
  {
    static const char blocks32[] =
      "INFO 11-30 09:50:25 executor_base.py:110] # cuda blocks: 6000, # CPU blocks: 2048\n"
      "INFO 11-30 09:50:25 executor_base.py:115] Maximum concurrency for 4096 tokens per request: 46.88x\n";
    g_autoptr(CpTrialLog) log32 = cp_trial_log_read (blocks32, strlen (blocks32), &error);
    g_autoptr(GPtrArray) readings32 = NULL;

    g_assert_no_error (error);
    readings32 = resolve (&f, log32, &trial);
    g_assert_cmpfloat (trial.kv_cache_tokens, ==, 6000 * 32);
    g_assert_true (strstr (reading (readings32, CP_TRIAL_FIGURE_KV_CACHE_TOKENS, TRUE)->source, "32 tokens") != NULL);
    g_free (trial.quote_id);
  }

  /* vLLM prints whole blocks and whole tokens: "0.248" blocks (a fuzzed
   * line, fuzz-findings trial-crash-09a79d54) is refused at its line, not
   * taken as a 4-token cache the job then refuses. */
  {
    static const char fraction[] = "INFO 11-30 09:50:25 executor.py:72] # GPU blocks: 0.248, # CPU blocks: 2048\n";
    static const char tokens[] = "INFO 11-30 09:50:25 kv_cache_utils.py:716] GPU KV cache size: 1,024.5 tokens\n";

    g_assert_null (cp_trial_log_read (fraction, strlen (fraction), &error));
    g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_MALFORMED);
    g_assert_true (g_str_has_prefix (error->message, "line 1:"));
    g_assert_true (strstr (error->message, "whole number") != NULL);
    g_clear_error (&error);
    g_assert_null (cp_trial_log_read (tokens, strlen (tokens), &error));
    g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_MALFORMED);
    g_clear_error (&error);
  }

  /* Less than one 16-token block (5 tokens) is no cache vLLM starts on:
   * refused naming the line, nothing kept; 16 tokens, one block, is taken. */
  {
    static const char tiny[] = "INFO 11-30 09:50:25 kv_cache_utils.py:716] GPU KV cache size: 5 tokens\n";
    static const char one_block[] = "INFO 11-30 09:50:25 kv_cache_utils.py:716] GPU KV cache size: 16 tokens\n";
    g_autoptr(CpTrialLog) tiny_log = cp_trial_log_read (tiny, strlen (tiny), &error);
    g_autoptr(CpTrialLog) block_log = cp_trial_log_read (one_block, strlen (one_block), &error);
    g_autoptr(GPtrArray) block_readings = NULL;

    g_assert_no_error (error);
    memset (&trial, 0, sizeof trial);
    g_assert_null (cp_trial_log_resolve (tiny_log, f.job, f.quote, &trial, &error));
    g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE);
    g_assert_true (g_str_has_prefix (error->message, "line 1:"));
    g_assert_true (strstr (error->message, "5 tokens") != NULL);
    g_assert_null (trial.quote_id);
    g_clear_error (&error);
    block_readings = resolve (&f, block_log, &trial);
    g_assert_cmpfloat (trial.kv_cache_tokens, ==, 16);
    g_free (trial.quote_id);
  }

  /* More than the 1e11 tokens a job holds (cp-job.c) is refused naming the
   * line, not taken for a trial the job then refuses (fuzz-trial,
   * regressions/trial/kv-cache-over-1e11.log): 100 blocks with a
   * concurrency of 23,109,999x of 8,192 tokens imply blocks of
   * round (23,109,999 × 8,192 ÷ 100) = 1,893,171,118 tokens, a cache of
   * 189,317,111,800 tokens; and a "GPU KV cache size" line of 2e11
   * tokens. 1e11 tokens itself is taken. */
  {
    static const char implied[] =
      "INFO 11-30 09:50:25 executor.py:72] # GPU blocks: 100, # CPU blocks: 2048\n"
      "INFO 11-30 09:50:25 executor.py:76] Maximum concurrency for 8192 tokens per request: 23109999.00x\n";
    static const char stated[] =
      "INFO 11-30 09:50:25 kv_cache_utils.py:716] GPU KV cache size: 200,000,000,000 tokens\n";
    static const char largest[] =
      "INFO 11-30 09:50:25 kv_cache_utils.py:716] GPU KV cache size: 100,000,000,000 tokens\n";
    g_autoptr(CpTrialLog) implied_log = cp_trial_log_read (implied, strlen (implied), &error);
    g_autoptr(CpTrialLog) stated_log = cp_trial_log_read (stated, strlen (stated), &error);
    g_autoptr(CpTrialLog) largest_log = cp_trial_log_read (largest, strlen (largest), &error);
    g_autoptr(GPtrArray) largest_readings = NULL;

    g_assert_no_error (error);
    memset (&trial, 0, sizeof trial);
    g_assert_null (cp_trial_log_resolve (implied_log, f.job, f.quote, &trial, &error));
    g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE);
    g_assert_true (g_str_has_prefix (error->message, "line 1:"));
    g_assert_true (strstr (error->message, "189317111800 tokens") != NULL);
    g_assert_null (trial.quote_id);
    g_clear_error (&error);
    g_assert_null (cp_trial_log_resolve (stated_log, f.job, f.quote, &trial, &error));
    g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE);
    g_assert_true (strstr (error->message, "200000000000 tokens") != NULL);
    g_assert_null (trial.quote_id);
    g_clear_error (&error);
    largest_readings = resolve (&f, largest_log, &trial);
    g_assert_cmpfloat (trial.kv_cache_tokens, ==, 1e11);
    g_free (trial.quote_id);
  }
  fixture_clear (&f);
}

/* A second log on the same machine adds to the first; on another machine
 * it starts afresh. */
static void
test_merge (void)
{
  Fixture f;
  g_autoptr(CpTrialLog) smi = read_log ("nvidia-smi.csv");
  g_autoptr(CpTrialLog) hf = read_log ("hf-train-metrics.log");
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  g_autoptr(GPtrArray) elsewhere = NULL;
  CpTrialRun trial, merged, fresh;

  fixture_init (&f, "job-pretrain13b");
  first = resolve (&f, smi, &trial);
  g_free (f.job->trial.quote_id);
  f.job->trial = trial;

  second = resolve (&f, hf, &merged);
  g_assert_cmpfloat (merged.peak_memory_bytes, ==, 63500 * MIB);
  g_assert_cmpfloat_with_epsilon (merged.tokens_per_s, 12.5 * 4096, 1e-9);
  g_assert_cmpuint (merged.gpus, ==, 4);   /* as the first log found them */
  g_free (merged.quote_id);

  f.quote = find_quote (f.project, "q-h800-ib");
  elsewhere = resolve (&f, hf, &fresh);
  g_assert_cmpfloat (fresh.peak_memory_bytes, ==, 0);
  g_assert_cmpuint (fresh.gpus, ==, 8);
  g_assert_cmpstr (fresh.quote_id, ==, "q-h800-ib");
  g_free (fresh.quote_id);
  fixture_clear (&f);
}

static void
test_broken_files (void)
{
  /* Cut inside the last iteration line, no newline after it. */
  assert_refused ("megatron-truncated.log", CP_TRIAL_LOG_ERROR_TRUNCATED, "line 23:");
  assert_refused ("megatron-malformed.log", CP_TRIAL_LOG_ERROR_MALFORMED, "line 16:");
  assert_refused ("nvidia-smi-truncated.csv", CP_TRIAL_LOG_ERROR_TRUNCATED, "line 4:");
  /* 99,999,999,999 MiB is about 1e17 bytes. */
  assert_refused ("nvidia-smi-huge.csv", CP_TRIAL_LOG_ERROR_OUT_OF_RANGE, "line 3:");
  assert_refused ("all_results-truncated.json", CP_TRIAL_LOG_ERROR_TRUNCATED, "line 5:");
  assert_refused ("unrecognised.txt", CP_TRIAL_LOG_ERROR_UNRECOGNISED, NULL);
  assert_refused ("no-such-file.log", CP_TRIAL_LOG_ERROR_IO, NULL);
}

static void
test_bytes (void)
{
  static const char binary[] = "PK\x03\x04\x14\x00\x00\x00\x08\x00\x01\x02";
  static const char nul[] = " iteration 10/ 100 | elapsed time per iteration (ms): 1.0 |\n\0rest";
  static const char overflow[] = " iteration 10/ 100 | elapsed time per iteration (ms): 1e400 |\n";
  static const char negative[] = " iteration 10/ 100 | elapsed time per iteration (ms): -5 |\n";
  g_autoptr(GError) error = NULL;

  g_assert_null (cp_trial_log_read ("", 0, &error));
  g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_EMPTY);
  g_clear_error (&error);
  g_assert_null (cp_trial_log_read (" \n\r\n\t\n", 6, &error));
  g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_EMPTY);
  g_clear_error (&error);
  g_assert_null (cp_trial_log_read (binary, sizeof binary - 1, &error));
  g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_BINARY);
  g_clear_error (&error);
  g_assert_null (cp_trial_log_read (nul, sizeof nul - 1, &error));
  g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_BINARY);
  g_assert_true (g_str_has_prefix (error->message, "line 2 "));
  g_clear_error (&error);
  g_assert_null (cp_trial_log_read (overflow, strlen (overflow), &error));
  g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_MALFORMED);
  g_clear_error (&error);
  g_assert_null (cp_trial_log_read (negative, strlen (negative), &error));
  g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_MALFORMED);
  g_clear_error (&error);
  g_assert_null (cp_trial_log_read (NULL, CP_TRIAL_LOG_MAX_BYTES + 1, &error));
  g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_TOO_LARGE);
}

/* One logged iteration is all there is: it is kept, not skipped. A
 * samples/s that makes more than 10^12 tokens/s is refused with its line. */
static void
test_edges (void)
{
  static const char one[] = " iteration       10/     100 | elapsed time per iteration (ms): 2000.0 | global batch size:    64 |\n";
  static const char fast[] = "x\n  train_samples_per_second = 900000000000\n";
  Fixture f;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpTrialLog) log = cp_trial_log_read (one, strlen (one), &error);
  g_autoptr(CpTrialLog) fast_log = NULL;
  g_autoptr(GPtrArray) readings = NULL;
  CpTrialRun trial;

  g_assert_no_error (error);
  fixture_init (&f, "job-pretrain13b");
  readings = resolve (&f, log, &trial);
  g_assert_cmpfloat (trial.step_s, ==, 2.0);
  g_assert_cmpfloat_with_epsilon (trial.tokens_per_s, 64.0 * 4096 / 2.0, 1e-9);
  g_free (trial.quote_id);

  {
    static const char tiny[] = "index, memory.used [MiB]\n0, 0.5\n";
    g_autoptr(CpTrialLog) tiny_log = cp_trial_log_read (tiny, strlen (tiny), &error);

    g_assert_no_error (error);
    /* 0.5 MiB: no run's peak. */
    g_assert_null (cp_trial_log_resolve (tiny_log, f.job, f.quote, &trial, &error));
    g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE);
    g_assert_true (g_str_has_prefix (error->message, "line 2:"));
    g_clear_error (&error);
  }

  {
    /* Four GPUs of eight ran the trial; the others hold the driver's 4 MiB. */
    static const char half[] =
      "index, name, memory.used [MiB], memory.total [MiB]\n"
      "0, NVIDIA A800-SXM4-80GB, 60000 MiB, 81920 MiB\n1, NVIDIA A800-SXM4-80GB, 61000 MiB, 81920 MiB\n"
      "2, NVIDIA A800-SXM4-80GB, 59000 MiB, 81920 MiB\n3, NVIDIA A800-SXM4-80GB, 60500 MiB, 81920 MiB\n"
      "4, NVIDIA A800-SXM4-80GB, 4 MiB, 81920 MiB\n5, NVIDIA A800-SXM4-80GB, 4 MiB, 81920 MiB\n"
      "6, NVIDIA A800-SXM4-80GB, 4 MiB, 81920 MiB\n7, NVIDIA A800-SXM4-80GB, 4 MiB, 81920 MiB\n";
    g_autoptr(CpTrialLog) half_log = cp_trial_log_read (half, strlen (half), &error);
    g_autoptr(GPtrArray) half_readings = NULL;

    g_assert_no_error (error);
    half_readings = resolve (&f, half_log, &trial);
    g_assert_cmpuint (trial.gpus, ==, 4);
    g_assert_cmpfloat (trial.peak_memory_bytes, ==, 61000 * MIB);
    g_free (trial.quote_id);
  }

  fast_log = cp_trial_log_read (fast, strlen (fast), &error);
  g_assert_no_error (error);
  g_assert_null (cp_trial_log_resolve (fast_log, f.job, f.quote, &trial, &error));
  g_assert_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE);
  g_assert_true (g_str_has_prefix (error->message, "line 2:"));
  fixture_clear (&f);
}

static GPtrArray *
check_text (Fixture *f, const char *text, CpTrialRun *trial)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpTrialLog) log = cp_trial_log_read (text, strlen (text), &error);

  g_assert_no_error (error);
  memset (trial, 0, sizeof *trial);
  return cp_trial_log_check_job (log, f->job, trial);
}

static gboolean
has (GPtrArray *warnings, const char *text)
{
  for (guint i = 0; i < warnings->len; i++)
    if (strstr (g_ptr_array_index (warnings, i), text) != NULL)
      return TRUE;
  return FALSE;
}

/* What checking the demo's job @job_id against @log warns of, once the
 * log is resolved into @trial on that job (as importing it does). */
static GPtrArray *
resolve_and_check (Fixture *f, const char *job_id, const CpTrialLog *log, CpTrialRun *trial)
{
  g_autoptr(GPtrArray) readings = NULL;

  fixture_init (f, job_id);
  readings = resolve (f, log, trial);
  return cp_trial_log_check_job (log, f->job, trial);
}

/* The model a log states against the job's (Llama 2 70B, 70e9; Llama 2
 * 13B, 13e9; Qwen2.5 7B, 7.61e9, served at 16 bits: 15.22e9 bytes =
 * 14.17 GiB), ±10%, and the utilisation it implies against T22's 56.3%. */
static void
test_model_size (void)
{
  Fixture f;
  CpTrialRun trial;

  /* megatron.log: line 9, 13,015,864,320 on its only rank (TP 1, PP 1):
   * 13.0 / 70 = 0.19. On the A800, 6 × 70e9 × 16,384 ÷ (8 × 312e12) = 276%. */
  {
    g_autoptr(CpTrialLog) log = read_log ("megatron.log");
    g_autoptr(GPtrArray) warnings = resolve_and_check (&f, "job-ft70b", log, &trial);

    g_assert_cmpuint (warnings->len, ==, 2);
    g_assert_true (g_str_has_prefix (g_ptr_array_index (warnings, 0),
                                     "Line 9: the log is of a model of 13.0B parameters"));
    g_assert_true (has (warnings, "Llama 2 70B, has 70.0B"));
    g_assert_true (has (warnings, "more than 10%"));
    g_assert_true (has (warnings, "276%"));
    g_assert_cmpfloat_with_epsilon (cp_trial_log_implied_mfu (f.job, &trial),
                                    6 * 70e9 * 16384 / (8 * 312e12), 1e-9);
    g_free (trial.quote_id);
    fixture_clear (&f);

    /* The same log on its own model: 13.0159 / 13 = 1.001, and
     * 6 × 13e9 × 16,384 ÷ (8 × 312e12) = 51.2%, under 56.3%. */
    g_clear_pointer (&warnings, g_ptr_array_unref);
    warnings = resolve_and_check (&f, "job-pretrain13b", log, &trial);
    g_assert_cmpuint (warnings->len, ==, 0);
    g_free (trial.quote_id);
    fixture_clear (&f);
  }

  /* megatron-tp2-pp2.log: TP 2 × PP 2, four ranks (lines 11–14) of
   * 17,501,519,872 and 17,497,325,568 twice each = 69,997,690,880, 1.000
   * of 70e9. 16 × 4096 tokens ÷ 27.0 s = 2,427.3 tokens/s; 6 × 70e9 ×
   * 2,427.3 ÷ (8 × 312e12) = 40.8%. No warning. */
  {
    g_autoptr(CpTrialLog) log = read_log ("megatron-tp2-pp2.log");
    g_autoptr(GPtrArray) warnings = resolve_and_check (&f, "job-ft70b", log, &trial);

    g_assert_cmpfloat_with_epsilon (trial.tokens_per_s, 16 * 4096 / 27.0, 1e-6);
    g_assert_cmpfloat_with_epsilon (cp_trial_log_implied_mfu (f.job, &trial), 0.4084, 1e-4);
    g_assert_cmpuint (warnings->len, ==, 0);
    g_free (trial.quote_id);
    fixture_clear (&f);

    /* On Llama 2 13B: 70.0 / 13 = 5.38, named with its four ranks. */
    g_clear_pointer (&warnings, g_ptr_array_unref);
    warnings = resolve_and_check (&f, "job-pretrain13b", log, &trial);
    g_assert_cmpuint (warnings->len, ==, 1);
    g_assert_true (has (warnings, "Line 11: the log is of a model of 70.0B parameters"));
    g_assert_true (has (warnings, "4 model-parallel ranks, added up"));
    g_assert_true (has (warnings, "Llama 2 13B, has 13.0B"));
    g_free (trial.quote_id);
    fixture_clear (&f);
  }

  fixture_init (&f, "job-ft70b");
  /* Two of four ranks printed (another node's output elsewhere):
   * (17,501,519,872 + 17,501,519,872) ÷ 2 × 4 = 70.006e9. */
  {
    g_autoptr(GPtrArray) warnings = check_text (&f,
      "using world size: 8, data-parallel size: 2, context-parallel size: 1, tensor-model-parallel size: 2, pipeline-model-parallel size: 2\n"
      " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 17501519872\n"
      " > number of parameters on (tensor, pipeline) model parallel rank (1, 0): 17501519872\n", &trial);
    g_assert_cmpuint (warnings->len, ==, 0);
  }
  /* Only rank (0, 0) of a 13B model at TP 2: 6.5e9 × 2 = 13.0e9. */
  {
    g_autoptr(GPtrArray) warnings = check_text (&f,
      "using world size: 8, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 2, pipeline-model-parallel size: 1\n"
      " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 6500000000\n", &trial);
    g_assert_cmpuint (warnings->len, ==, 1);
    g_assert_true (has (warnings, "13.0B parameters (Megatron-LM’s numbers of parameters of 1 of its 2 model-parallel ranks, scaled"));
  }
  /* Megatron-LM's theoretical-memory report: 63.0 / 70 = 0.90, the edge;
   * 62.9 is past it. */
  {
    g_autoptr(GPtrArray) warnings = check_text (&f, "Total number of parameters in billions: 63.01\n", &trial);
    g_assert_cmpuint (warnings->len, ==, 0);
  }
  {
    g_autoptr(GPtrArray) warnings = check_text (&f, "Total number of parameters in billions: 62.90\n", &trial);
    g_assert_cmpuint (warnings->len, ==, 1);
    g_assert_true (has (warnings, "62.9B parameters (Megatron-LM’s total number of parameters)"));
  }
  /* The Trainer's count and DeepSpeed's profiler, 6.74 B of Llama 2 7B. */
  {
    g_autoptr(GPtrArray) warnings = check_text (&f,
      "[INFO|trainer.py:2138] 2026-11-30 09:20:00,000 >>   Number of trainable parameters = 6,738,415,616\n", &trial);
    g_assert_cmpuint (warnings->len, ==, 1);
    g_assert_true (has (warnings, "6.7B parameters (the Hugging Face Trainer’s number of trainable parameters)"));
  }
  {
    g_autoptr(CpTrialLog) log = read_log ("deepspeed-flops-profiler.log");
    g_autoptr(GPtrArray) warnings = NULL;

    memset (&trial, 0, sizeof trial);
    warnings = cp_trial_log_check_job (log, f.job, &trial);
    g_assert_cmpuint (warnings->len, ==, 1);
    g_assert_true (has (warnings, "Line 17: the log is of a model of 6.7B parameters (DeepSpeed’s flops profiler"));
  }
  /* vLLM V1, line 3: 14.9889 GiB on one GPU (no engine line) against
   * 70e9 × 2 bytes = 130.4 GiB. */
  {
    g_autoptr(CpTrialLog) log = read_log ("vllm-v1.log");
    g_autoptr(GPtrArray) warnings = NULL;

    memset (&trial, 0, sizeof trial);
    warnings = cp_trial_log_check_job (log, f.job, &trial);
    g_assert_cmpuint (warnings->len, ==, 1);
    g_assert_true (has (warnings, "Line 3: vLLM loaded 15.0 GiB of weights on the replica’s 1 GPU; "
                                  "this job’s model, Llama 2 70B, holds 130.4 GiB at 16 bits"));
  }
  fixture_clear (&f);

  /* The 7B service: 14.9889 / 14.17 = 1.058 (V1) and 14.2487 / 14.17 =
   * 1.005 (V0, "GB" of 2^30 bytes); a 4-bit service of the same model
   * loads between 3.54 and 14.17 GiB, so 14.25 is still its own. */
  fixture_init (&f, "job-serve7b");
  {
    g_autoptr(CpTrialLog) v1 = read_log ("vllm-v1.log");
    g_autoptr(CpTrialLog) v0 = read_log ("vllm-v0.log");
    g_autoptr(GPtrArray) w1 = NULL;
    g_autoptr(GPtrArray) w0 = NULL;
    g_autoptr(GPtrArray) w4 = NULL;
    g_autoptr(GPtrArray) w4_small = NULL;

    memset (&trial, 0, sizeof trial);
    w1 = cp_trial_log_check_job (v1, f.job, &trial);
    w0 = cp_trial_log_check_job (v0, f.job, &trial);
    g_assert_cmpuint (w1->len, ==, 0);
    g_assert_cmpuint (w0->len, ==, 0);
    f.job->weight_bits = 4;
    w4 = cp_trial_log_check_job (v0, f.job, &trial);
    g_assert_cmpuint (w4->len, ==, 0);
    /* 3.0 GiB is under 3.54 × 0.9 = 3.19 GiB: a smaller model. */
    w4_small = check_text (&f, "INFO 11-30 09:50:20 model_runner.py:1067] Loading model weights took 3.0 GB\n", &trial);
    g_assert_cmpuint (w4_small->len, ==, 1);
    g_assert_true (has (w4_small, "holds 3.5 GiB at 4 bits"));
  }
  fixture_clear (&f);

  /* A LoRA run's trainable parameters are its adapters': not compared. */
  fixture_init (&f, "job-lora14b");
  {
    g_autoptr(GPtrArray) warnings = check_text (&f,
      "[INFO|trainer.py:2138] 2026-11-30 09:20:00,000 >>   Number of trainable parameters = 68,812,800\n", &trial);
    g_assert_cmpuint (warnings->len, ==, 0);
  }
  fixture_clear (&f);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/trial-log/nvidia-smi", test_nvidia_smi);
  g_test_add_func ("/trial-log/nvidia-smi-noheader", test_nvidia_smi_noheader);
  g_test_add_func ("/trial-log/megatron", test_megatron);
  g_test_add_func ("/trial-log/deepspeed", test_deepspeed);
  g_test_add_func ("/trial-log/deepspeed-flops-profiler", test_deepspeed_flops_profiler);
  g_test_add_func ("/trial-log/hf-train-metrics", test_hf_train_metrics);
  g_test_add_func ("/trial-log/hf-dict-and-json", test_hf_dict_and_json);
  g_test_add_func ("/trial-log/vllm", test_vllm);
  g_test_add_func ("/trial-log/vllm-serving", test_vllm_serving);
  g_test_add_func ("/trial-log/merge", test_merge);
  g_test_add_func ("/trial-log/broken-files", test_broken_files);
  g_test_add_func ("/trial-log/bytes", test_bytes);
  g_test_add_func ("/trial-log/edges", test_edges);
  g_test_add_func ("/trial-log/model-size", test_model_size);

  return g_test_run ();
}
