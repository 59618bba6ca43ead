/* cp-trial-log-resolve.c: from what a log says to the job's trial.
 *
 * Owns choosing among the readings the recognisers made (peak memory,
 * speed, serving figures), the figures derived from them and checking
 * them against the job: its model's size, its GPUs, implied MFU. */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-trial-log-private.h"

/* --- from what the log says to the job's trial -------------------------- */

static void
reading_free (CpTrialReading *reading)
{
  g_free (reading->line_text);
  g_free (reading->source);
  g_free (reading);
}

static CpTrialReading *
add_reading (GPtrArray        *readings,
             const CpTrialLog *log,
             CpTrialFigure     figure,
             double            value,
             guint             line,
             gboolean          applied,
             char             *source)
{
  CpTrialReading *reading = g_new0 (CpTrialReading, 1);

  reading->figure = figure;
  reading->value = value;
  reading->line = line;
  reading->line_text = line > 0 ? cp_trial_quote_line (log, line) : NULL;
  reading->applied = applied;
  reading->source = source;
  g_ptr_array_add (readings, reading);
  return reading;
}

/* The first 10 % of Megatron-LM's logged iterations, and at least the
 * first logged one, are left out: they carry CUDA and NCCL start-up, the
 * caching allocator's growth and any compilation, which a long run pays
 * once. One logged iteration is all there is and is kept. */
guint
cp_trial_megatron_warm_up (const CpTrialLog *log)
{
  guint n = log->iterations->len;

  return n < 2 ? 0 : MAX (1, n / 10);
}

static gboolean
check_derived (double         value,
               double         low,
               double         high,
               guint          line,
               const char    *what,
               GError       **error)
{
  if (value >= low && value <= high)
    return TRUE;
  g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE,
               /* TRANSLATORS: %u is a line number, %s names a figure and its value */
               _("line %u: it gives %s, beyond what the planner takes for a trial run"),
               line, what);
  return FALSE;
}

static void
resolve_peak_memory (const CpTrialLog *log,
                     GPtrArray        *readings,
                     double           *peak)
{
  if (log->gpus->len > 0)
    {
      const GpuPeak *worst = NULL;

      for (guint i = 0; i < log->gpus->len; i++)
        {
          const GpuPeak *gpu = &g_array_index (log->gpus, GpuPeak, i);
          if (gpu->line > 0 && (worst == NULL || gpu->peak_bytes > worst->peak_bytes))
            worst = gpu;
        }
      if (worst != NULL)
        {
          *peak = worst->peak_bytes;
          add_reading (readings, log, CP_TRIAL_FIGURE_PEAK_MEMORY, *peak, worst->line, TRUE,
                       g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     /* TRANSLATORS: nvidia-smi's memory.used; %u GPU index, then sample count */
                                                     "nvidia-smi’s memory.used, the highest of GPU %u, the busiest, over %u sample",
                                                     "nvidia-smi’s memory.used, the highest of GPU %u, the busiest, over %u samples",
                                                     log->smi_samples),
                                        worst->index, log->smi_samples));
          return;
        }
    }
  if (log->max_reserved_bytes.line > 0)
    {
      *peak = log->max_reserved_bytes.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_PEAK_MEMORY, *peak, log->max_reserved_bytes.line, TRUE,
                   g_strdup (_("Megatron-LM’s “max reserved”, the highest rank’s, in MB of 1,048,576 bytes: "
                               "what PyTorch’s allocator held, fragmentation included, as the planner’s "
                               "estimate counts it (“max allocated” leaves fragmentation out)")));
      return;
    }
  if (log->max_allocated_bytes.line > 0)
    {
      *peak = log->max_allocated_bytes.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_PEAK_MEMORY, *peak, log->max_allocated_bytes.line, TRUE,
                   g_strdup (_("Megatron-LM’s “max allocated”, the highest rank’s, in MB of 1,048,576 bytes; "
                               "without fragmentation, so a little under what the GPU held")));
      return;
    }
  if (log->ds_max_allocated_bytes.line > 0)
    {
      *peak = log->ds_max_allocated_bytes.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_PEAK_MEMORY, *peak, log->ds_max_allocated_bytes.line, TRUE,
                   g_strdup (_("DeepSpeed’s MaxMemAllocated, highest of its lines, in its GB of 1024³ bytes; "
                               "without fragmentation, so a little under what the GPU held")));
    }
}

/* Tokens/s and the step time, from the first program that gives them. */
static gboolean
resolve_speed (const CpTrialLog *log,
               const CpJob      *job,
               const CpQuote    *quote,
               GPtrArray        *readings,
               double           *tokens_per_s,
               double           *step_s,
               GError          **error)
{
  double seq = log->seq_length.line > 0 ? log->seq_length.value : job->seq_len;
  g_autofree char *seq_source = NULL;

  if (log->seq_length.line > 0)
    seq_source = g_strdup_printf (_("the sequence length on line %u (%.0f tokens)"), log->seq_length.line, seq);
  else
    seq_source = g_strdup_printf (_("the job’s sequence length (%.0f tokens), which the log does not state"), seq);

  if (log->iterations->len > 0)
    {
      guint skip = cp_trial_megatron_warm_up (log);
      guint n = log->iterations->len - skip;
      const Iteration *first = &g_array_index (log->iterations, Iteration, skip);
      const Iteration *last = &g_array_index (log->iterations, Iteration, log->iterations->len - 1);
      double time_s = 0, tokens = 0, tflops = 0;
      guint n_tflops = 0;
      gboolean batch_everywhere = TRUE;

      for (guint i = skip; i < log->iterations->len; i++)
        {
          const Iteration *it = &g_array_index (log->iterations, Iteration, i);
          time_s += it->step_s;
          tokens += it->global_batch * seq;
          batch_everywhere = batch_everywhere && it->global_batch > 0;
          if (it->tflops_per_gpu > 0)
            {
              tflops += it->tflops_per_gpu;
              n_tflops++;
            }
        }
      *step_s = time_s / n;
      add_reading (readings, log, CP_TRIAL_FIGURE_STEP_S, *step_s, last->line, TRUE,
                   g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "the mean “elapsed time per iteration” of %u iteration line, iterations %u to %u (lines %u to %u)",
                                                 "the mean “elapsed time per iteration” of %u iteration lines, iterations %u to %u (lines %u to %u)",
                                                 n),
                                    n, first->iteration, last->iteration, first->line, last->line));
      if (!check_derived (*step_s, MIN_STEP_S, MAX_STEP_S, last->line, _("a step time"), error))
        return FALSE;
      if (batch_everywhere && seq > 0)
        {
          *tokens_per_s = tokens / time_s;
          add_reading (readings, log, CP_TRIAL_FIGURE_TOKENS_PER_S, *tokens_per_s, last->line, TRUE,
                       /* TRANSLATORS: %s says where the sequence length comes from */
                       g_strdup_printf (_("global batch size × %s ÷ the time of those iterations"), seq_source));
        }
      if (n_tflops > 0)
        {
          double mean = tflops / n_tflops;
          g_autofree char *share = NULL;

          if (quote != NULL && quote->gpu.dense_bf16_flops > 0)
            share = g_strdup_printf (_("; %.0f%% of the quote’s %s dense peak, as Megatron-LM counts FLOPs"),
                                     100.0 * mean * 1e12 / quote->gpu.dense_bf16_flops,
                                     quote->gpu.name ? quote->gpu.name : quote->gpu.id);
          add_reading (readings, log, CP_TRIAL_FIGURE_TFLOPS_PER_GPU, mean, last->line, FALSE,
                       g_strdup_printf (_("the mean over the same iterations%s; shown only, the planner "
                                          "derives utilisation from the throughput"), share ? share : ""));
        }
      return *tokens_per_s == 0 ||
             check_derived (*tokens_per_s, 1, MAX_TOKENS_PER_S, last->line, _("a throughput"), error);
    }

  if (log->ds_samples_per_s.line > 0 || log->ds_profile_samples_per_s.line > 0 ||
      log->ds_profile_step_s.line > 0)
    {
      /* The timer averages many steps; the profiler sees one. */
      const Seen *samples = log->ds_samples_per_s.line > 0 ? &log->ds_samples_per_s
                                                           : &log->ds_profile_samples_per_s;

      if (log->ds_profile_tflops_per_gpu.line > 0)
        add_reading (readings, log, CP_TRIAL_FIGURE_TFLOPS_PER_GPU, log->ds_profile_tflops_per_gpu.value,
                     log->ds_profile_tflops_per_gpu.line, FALSE,
                     g_strdup (_("DeepSpeed’s flops profiler, over the step it profiled; shown only, the "
                                 "planner derives utilisation from the throughput")));
      if (log->ds_profile_step_s.line > 0)
        {
          *step_s = log->ds_profile_step_s.value;
          add_reading (readings, log, CP_TRIAL_FIGURE_STEP_S, *step_s, log->ds_profile_step_s.line, TRUE,
                       g_strdup (_("DeepSpeed’s flops profiler “iter latency”, of the step it profiled")));
        }
      if (samples->line == 0)
        return TRUE;
      add_reading (readings, log, CP_TRIAL_FIGURE_SAMPLES_PER_S, samples->value, samples->line, FALSE,
                   samples == &log->ds_samples_per_s
                   ? g_strdup (_("DeepSpeed’s RunningAvgSamplesPerSec on its last line: the average since "
                                 "its timer’s start step, which leaves out the first steps"))
                   : g_strdup (_("DeepSpeed’s flops profiler “samples/second”: the micro-batch × the world "
                                 "size over the step it profiled")));
      if (seq > 0)
        {
          *tokens_per_s = samples->value * seq;
          add_reading (readings, log, CP_TRIAL_FIGURE_TOKENS_PER_S, *tokens_per_s, samples->line, TRUE,
                       g_strdup_printf (_("samples per second × %s"), seq_source));
          return check_derived (*tokens_per_s, 1, MAX_TOKENS_PER_S, samples->line, _("a throughput"), error);
        }
      return TRUE;
    }

  if (log->hf_runtime_s.line > 0)
    add_reading (readings, log, CP_TRIAL_FIGURE_RUNTIME_S, log->hf_runtime_s.value, log->hf_runtime_s.line, FALSE,
                 g_strdup (_("the Trainer’s train_runtime; shown only")));
  if (log->hf_tokens_per_s_per_device.line > 0)
    add_reading (readings, log, CP_TRIAL_FIGURE_TOKENS_PER_S, log->hf_tokens_per_s_per_device.value,
                 log->hf_tokens_per_s_per_device.line, FALSE,
                 g_strdup (_("the Trainer’s train_tokens_per_second, per GPU; shown only, the whole "
                             "machine’s figure comes from the samples per second")));
  if (log->hf_samples_per_s.line > 0)
    {
      double samples = log->hf_samples_per_s.value;

      add_reading (readings, log, CP_TRIAL_FIGURE_SAMPLES_PER_S, samples, log->hf_samples_per_s.line, FALSE,
                   g_strdup (_("the Trainer’s train_samples_per_second, over the whole run and all GPUs")));
      if (seq > 0 && samples > 0)
        {
          *tokens_per_s = samples * seq;
          add_reading (readings, log, CP_TRIAL_FIGURE_TOKENS_PER_S, *tokens_per_s, log->hf_samples_per_s.line, TRUE,
                       g_strdup_printf (_("samples per second × %s"), seq_source));
          if (!check_derived (*tokens_per_s, 1, MAX_TOKENS_PER_S, log->hf_samples_per_s.line,
                              _("a throughput"), error))
            return FALSE;
        }
    }
  if (log->hf_steps_per_s.line > 0 && log->hf_steps_per_s.value > 0)
    {
      *step_s = 1.0 / log->hf_steps_per_s.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_STEP_S, *step_s, log->hf_steps_per_s.line, TRUE,
                   g_strdup (_("1 ÷ the Trainer’s train_steps_per_second")));
      if (!check_derived (*step_s, MIN_STEP_S, MAX_STEP_S, log->hf_steps_per_s.line, _("a step time"), error))
        return FALSE;
    }
  return TRUE;
}

/* vLLM's default --block-size on CUDA (CacheConfig, 0.5 to 0.10): the
 * tokens of a "# GPU blocks" count when the log states no size in tokens
 * and no concurrency to tell the block size by. */
#define VLLM_DEFAULT_BLOCK_TOKENS 16

/* The concurrency vLLM prints has two decimals: it is within half the
 * last digit of the cache ÷ the request (and a hair, for a half-way value
 * such as 46.875 printed 46.88, whose difference binary doubles overstate). */
#define VLLM_CONCURRENCY_ROUNDING (0.005 + 1e-9)

/* The KV-cache size in tokens of the replica vLLM ran, into *kv_tokens
 * (0 when the log has none): its "GPU KV cache size", else its blocks ×
 * the block size; the concurrency line, the cache over its request
 * length, checks it. Only an inference job keeps it. */
static gboolean
resolve_serving (const CpTrialLog *log,
                 const CpJob      *job,
                 GPtrArray        *readings,
                 double           *kv_tokens,
                 GError          **error)
{
  gboolean serving = job->kind == CP_TASK_INFERENCE;
  const Seen *concurrency = &log->vllm_concurrency;
  g_autofree char *fit = NULL;
  g_autofree char *kept = NULL;
  /* Freed on every path: 0 GPU blocks give a source and no cache (a 67-byte
   * leak fuzz-trial found). */
  g_autofree char *source = NULL;
  guint line = 0;

  *kv_tokens = 0;
  if (log->vllm_gpu_blocks.line > 0)
    add_reading (readings, log, CP_TRIAL_FIGURE_GPU_BLOCKS, log->vllm_gpu_blocks.value,
                 log->vllm_gpu_blocks.line, FALSE,
                 g_strdup (_("vLLM’s paged KV-cache blocks; the KV-cache size is counted from them")));
  if (log->vllm_kv_tokens.line > 0)
    {
      *kv_tokens = log->vllm_kv_tokens.value;
      line = log->vllm_kv_tokens.line;
      source = g_strdup (_("vLLM’s “GPU KV cache size”"));
    }
  else if (log->vllm_gpu_blocks.line > 0)
    {
      double blocks = log->vllm_gpu_blocks.value;
      double block = VLLM_DEFAULT_BLOCK_TOKENS;

      /* A block size other than the default shows in the concurrency:
       * blocks × size ÷ request length. */
      if (concurrency->line > 0 && log->vllm_request_tokens > 0 && blocks > 0)
        {
          double implied = round (concurrency->value * log->vllm_request_tokens / blocks);
          if (implied >= 1 && fabs (blocks * implied / log->vllm_request_tokens - concurrency->value) <=
                              VLLM_CONCURRENCY_ROUNDING)
            block = implied;
        }
      *kv_tokens = blocks * block;
      line = log->vllm_gpu_blocks.line;
      source = block == VLLM_DEFAULT_BLOCK_TOKENS
               ? g_strdup_printf (_("vLLM’s GPU blocks × %.0f tokens per block, its default block size"), block)
               : g_strdup_printf (_("vLLM’s GPU blocks × %.0f tokens per block, the size its concurrency line implies"),
                                  block);
    }
  if (*kv_tokens > 0 && concurrency->line > 0 && log->vllm_request_tokens > 0 &&
      fabs (*kv_tokens / log->vllm_request_tokens - concurrency->value) > VLLM_CONCURRENCY_ROUNDING)
    {
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_MALFORMED,
                   /* TRANSLATORS: vLLM's log lines; %u are line numbers */
                   _("line %u: the maximum concurrency (%.2f× of %.0f tokens) does not match the KV-cache "
                     "size of line %u (%.0f tokens, %.2f×): the lines are of different runs"),
                   concurrency->line, concurrency->value, log->vllm_request_tokens, line, *kv_tokens,
                   *kv_tokens / log->vllm_request_tokens);
      *kv_tokens = 0;
      return FALSE;
    }
  /* vLLM stops with "No available memory for the cache blocks" rather
   * than run on less than one block: a smaller cache is no run of it, and
   * the job would refuse it anyway (cp-job.c). */
  if (*kv_tokens > 0 && *kv_tokens < CP_TRIAL_KV_CACHE_TOKENS_MIN)
    {
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE,
                   /* TRANSLATORS: %u is a line number; %.0f numbers of tokens */
                   _("line %u: a KV-cache size of %.0f tokens is less than one block of %.0f tokens; "
                     "vLLM does not start with so little cache, so the line is not of a run"),
                   line, *kv_tokens, (double) CP_TRIAL_KV_CACHE_TOKENS_MIN);
      *kv_tokens = 0;
      return FALSE;
    }
  /* Nor is more than a job holds (cp-job.c): blocks times the block size
   * a concurrency line implies can come to any size (fuzz-trial, 100
   * blocks at 23,109,999x: 1.9e11 tokens). */
  if (*kv_tokens > CP_TRIAL_KV_CACHE_TOKENS_MAX)
    {
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE,
                   /* TRANSLATORS: %u is a line number; %.0f numbers of tokens */
                   _("line %u: a KV-cache size of %.0f tokens is more than the %.0f a job can hold; "
                     "no GPU has memory for such a cache, so the line is not of a run"),
                   line, *kv_tokens, (double) CP_TRIAL_KV_CACHE_TOKENS_MAX);
      *kv_tokens = 0;
      return FALSE;
    }
  if (*kv_tokens > 0)
    {
      if (serving && job->context_len > 0)
        fit = g_strdup_printf (_("; %.2f requests of the job’s %u tokens at once (the cache ÷ the context), "
                                 "against a target of %u"),
                               *kv_tokens / job->context_len, job->context_len, job->concurrency);
      kept = serving ? g_strdup (_("; it replaces the modelled KV-cache budget on this quote"))
                     : g_strdup (_("; shown only, the job is not a serving job"));
      add_reading (readings, log, CP_TRIAL_FIGURE_KV_CACHE_TOKENS, *kv_tokens, line, serving,
                   g_strdup_printf ("%s%s%s", source, fit ? fit : "", kept));
      if (!serving)
        *kv_tokens = 0;
    }
  if (concurrency->line > 0)
    add_reading (readings, log, CP_TRIAL_FIGURE_MAX_CONCURRENCY, concurrency->value, concurrency->line, FALSE,
                 g_strdup_printf (_("vLLM’s maximum concurrency for requests of %.0f tokens; it checks the "
                                    "KV-cache size (the cache ÷ that length)"),
                                  log->vllm_request_tokens));
  return TRUE;
}

/* nvidia-smi lists every GPU of the machine, the idle ones too: a GPU
 * counts as used when its peak passed a tenth of the busiest one's. An
 * idle GPU holds only the driver's few hundred MiB; a trial's holds
 * gigabytes on every GPU it ran on. */
static guint
smi_busy_gpus (const CpTrialLog *log)
{
  double busiest = 0;
  guint busy = 0;

  for (guint i = 0; i < log->gpus->len; i++)
    busiest = MAX (busiest, g_array_index (log->gpus, GpuPeak, i).peak_bytes);
  for (guint i = 0; i < log->gpus->len; i++)
    if (g_array_index (log->gpus, GpuPeak, i).peak_bytes > busiest / 10)
      busy++;
  return MAX (busy, 1);
}

GPtrArray *
cp_trial_log_resolve (const CpTrialLog *log,
                      const CpJob      *job,
                      const CpQuote    *quote,
                      CpTrialRun       *trial,
                      GError          **error)
{
  g_autoptr(GPtrArray) readings = g_ptr_array_new_with_free_func ((GDestroyNotify) reading_free);
  gboolean same_machine;
  double peak = 0, tokens_per_s = 0, step_s = 0, kv_tokens = 0;
  guint gpus = 0;

  g_return_val_if_fail (log != NULL && job != NULL && quote != NULL && trial != NULL, NULL);

  memset (trial, 0, sizeof *trial);
  same_machine = g_strcmp0 (job->trial.quote_id, quote->id) == 0;

  if (log->vllm_tensor_parallel.line > 0)
    {
      /* One vLLM engine is one replica: its GPUs are what its KV cache
       * was measured on, whatever else the machine holds. */
      gpus = (guint) (log->vllm_tensor_parallel.value * log->vllm_pipeline_parallel);
      add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, log->vllm_tensor_parallel.line, TRUE,
                   g_strdup (_("vLLM’s tensor_parallel_size × pipeline_parallel_size: the GPUs of the replica")));
    }
  else if (log->gpus->len > 0)
    {
      const CpGpuSpec *seen = cp_trial_log_find_gpu (log, NULL);

      gpus = smi_busy_gpus (log);
      /* The trial is carried from the quote's GPU: a log of another GPU
       * would be carried from the wrong peak. */
      if (seen != NULL && g_strcmp0 (seen->id, quote->gpu.id) != 0)
        add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, log->smi_last_line, TRUE,
                     g_strdup_printf (_("the GPUs in the nvidia-smi samples whose peak passed a tenth of "
                                        "the busiest one’s (an idle GPU holds only the driver’s few "
                                        "hundred MiB). Careful: they are %s, the quote’s are %s; "
                                        "choose the quote of the machine that ran the trial"),
                                      log->smi_gpu_name, quote->gpu.name ? quote->gpu.name : quote->gpu.id));
      else
        add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, log->smi_last_line, TRUE,
                     g_strdup (_("the GPUs in the nvidia-smi samples whose peak passed a tenth of "
                                 "the busiest one’s (an idle GPU holds only the driver’s few "
                                 "hundred MiB)")));
    }
  else if (log->world_size.line > 0)
    {
      gpus = (guint) log->world_size.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, log->world_size.line, TRUE,
                   g_strdup (_("Megatron-LM’s world size")));
    }
  else if (log->ds_profile_world_size.line > 0)
    {
      gpus = (guint) log->ds_profile_world_size.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, log->ds_profile_world_size.line, TRUE,
                   g_strdup (_("DeepSpeed’s flops profiler “world size”")));
    }
  else
    {
      gpus = same_machine && job->trial.gpus > 0 ? job->trial.gpus : quote->gpus_per_node;
      add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, 0, TRUE,
                   same_machine && job->trial.gpus > 0
                   ? g_strdup (_("not in the log: the trial’s GPUs as the job already has them"))
                   : g_strdup (_("not in the log: the quote’s GPUs per node")));
    }

  resolve_peak_memory (log, readings, &peak);
  if (!resolve_speed (log, job, quote, readings, &tokens_per_s, &step_s, error))
    return NULL;
  if (!resolve_serving (log, job, readings, &kv_tokens, error))
    return NULL;

  if (peak > 0 && peak < 1e6)
    {
      const CpTrialReading *source = NULL;

      for (guint i = 0; i < readings->len; i++)
        if (((const CpTrialReading *) g_ptr_array_index (readings, i))->figure == CP_TRIAL_FIGURE_PEAK_MEMORY)
          source = g_ptr_array_index (readings, i);
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE,
                   _("line %u: the peak memory read is under a megabyte: no training or serving run uses so little"),
                   source ? source->line : 0);
      return NULL;
    }

  /* Figures of the same machine the log leaves out stay; a speed is
   * replaced whole, so an old throughput cannot hide a new step time. */
  if (same_machine)
    {
      trial->peak_memory_bytes = job->trial.peak_memory_bytes;
      trial->communication_share = job->trial.communication_share;
      trial->kv_cache_tokens = job->trial.kv_cache_tokens;
      if (tokens_per_s == 0 && step_s == 0)
        {
          trial->tokens_per_s = job->trial.tokens_per_s;
          trial->step_s = job->trial.step_s;
        }
    }
  if (peak > 0)
    trial->peak_memory_bytes = peak;
  if (tokens_per_s > 0 || step_s > 0)
    {
      trial->tokens_per_s = tokens_per_s;
      trial->step_s = step_s;
    }
  if (kv_tokens > 0)
    trial->kv_cache_tokens = kv_tokens;
  trial->quote_id = g_strdup (quote->id);
  trial->gpus = gpus;
  trial->gpu_dense_flops = quote->gpu.dense_bf16_flops;
  trial->gpu_memory_nominal_gb = quote->gpu.memory_nominal_gb;


  if (peak == 0 && tokens_per_s == 0 && step_s == 0 && kv_tokens == 0)
    {
      /* Nothing goes into a trial: the readings are still worth showing. */
      g_free (trial->quote_id);
      memset (trial, 0, sizeof *trial);
    }
  return g_steal_pointer (&readings);
}

/* The size of the model the log is of, in parameters, with the line that
 * states it and, in @how, how it was counted; 0 when the log states none.
 * Megatron-LM's ranks each print their share: the shares of every
 * (tensor, pipeline) rank add up to the model (the small layers each
 * tensor rank repeats add well under 1 %); when the log holds only some
 * ranks' lines the mean share is scaled to all of them, which is exact
 * for tensor parallelism and within the embedding's share of one stage
 * for pipeline stages. */
static double
stated_params (const CpTrialLog  *log,
               guint             *line,
               char             **how,
               gboolean          *trainable_only)
{
  GArray *ranks = log->megatron_rank_params;

  *trainable_only = FALSE;
  if (log->megatron_total_params.line > 0)
    {
      *line = log->megatron_total_params.line;
      *how = g_strdup (_("Megatron-LM’s total number of parameters"));
      return log->megatron_total_params.value;
    }
  if (ranks->len > 0)
    {
      double expected = (log->megatron_tensor_parallel.line > 0 ? log->megatron_tensor_parallel.value : 1) *
                        (log->megatron_pipeline_parallel.line > 0 ? log->megatron_pipeline_parallel.value : 1);
      double sum = 0;

      for (guint i = 0; i < ranks->len; i++)
        sum += g_array_index (ranks, RankParams, i).params;
      *line = g_array_index (ranks, RankParams, 0).line;
      if (ranks->len >= expected)
        {
          *how = ranks->len == 1
                 ? g_strdup (_("Megatron-LM’s number of parameters of its only model-parallel rank"))
                 : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "Megatron-LM’s numbers of parameters of its %u model-parallel ranks, added up",
                                                 "Megatron-LM’s numbers of parameters of its %u model-parallel ranks, added up",
                                                 ranks->len),
                                    ranks->len);
          return sum;
        }
      /* TRANSLATORS: the ranks printed, then the model-parallel ranks in all */
      *how = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Megatron-LM’s numbers of parameters of %u of its %.0f model-parallel ranks, scaled to all of them",
                                           "Megatron-LM’s numbers of parameters of %u of its %.0f model-parallel ranks, scaled to all of them",
                                           (gulong) expected),
                              ranks->len, expected);
      return sum / ranks->len * expected;
    }
  if (log->ds_model_params.line > 0)
    {
      *line = log->ds_model_params.line;
      *how = g_strdup (_("DeepSpeed’s flops profiler “params of model”"));
      return log->ds_model_params.value;
    }
  if (log->hf_trainable_params.line > 0)
    {
      *line = log->hf_trainable_params.line;
      *how = g_strdup (_("the Hugging Face Trainer’s number of trainable parameters"));
      *trainable_only = TRUE;
      return log->hf_trainable_params.value;
    }
  return 0;
}

static void
check_model_size (const CpTrialLog *log,
                  const CpJob      *job,
                  GPtrArray        *warnings)
{
  g_autofree char *how = NULL;
  const char *model = job->model.name ? job->model.name : job->model.id;
  gboolean trainable_only;
  guint line = 0;
  double params;

  if (job->model.params <= 0)
    return;
  params = stated_params (log, &line, &how, &trainable_only);
  /* A LoRA run trains its adapters only: the Trainer's trainable count is
   * theirs, not the model's. */
  if (trainable_only && (job->kind == CP_TASK_LORA || job->kind == CP_TASK_QLORA))
    params = 0;
  if (params > 0)
    {
      double ratio = params / job->model.params;

      if (ratio < 1.0 - CP_TRIAL_LOG_MODEL_TOLERANCE || ratio > 1.0 + CP_TRIAL_LOG_MODEL_TOLERANCE)
        g_ptr_array_add (warnings,
                         /* TRANSLATORS: a line number, how it was read, the log's size, then the job's model and its size */
                         g_strdup_printf (_("Line %u: the log is of a model of %.1fB parameters (%s); this job’s model, %s, "
                                            "has %.1fB. They differ by more than %.0f%%, so the log is of another "
                                            "model and its speed and memory do not carry to this job"),
                                          line, params / 1e9, how, model, job->model.params / 1e9,
                                          100.0 * CP_TRIAL_LOG_MODEL_TOLERANCE));
    }

  if (log->vllm_weights_bytes.line > 0)
    {
      guint replica_gpus = log->vllm_tensor_parallel.line > 0
                           ? (guint) (log->vllm_tensor_parallel.value * log->vllm_pipeline_parallel) : 1;
      double weights = log->vllm_weights_bytes.value * replica_gpus;
      guint bits = job->kind == CP_TASK_INFERENCE && job->weight_bits > 0 ? job->weight_bits : 16;
      /* Quantised weights keep some layers (embeddings, the output head,
       * norms) at 16 bits, so a quantised model loads between its size at
       * the job's bits and at 16. */
      double low = job->model.params * bits / 8.0, high = job->model.params * 2.0;

      if (weights < low * (1.0 - CP_TRIAL_LOG_MODEL_TOLERANCE) || weights > high * (1.0 + CP_TRIAL_LOG_MODEL_TOLERANCE))
        g_ptr_array_add (warnings,
                         /* TRANSLATORS: a line number, the weights in GiB, the GPUs, then the job's model, its weights in GiB and their bits */
                         g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       "Line %u: vLLM loaded %.1f GiB of weights on the replica’s %u GPU; "
                                                       "this job’s model, %s, holds %.1f GiB at %u bits. They differ by more "
                                                       "than %.0f%%, so the log is of another model",
                                                       "Line %u: vLLM loaded %.1f GiB of weights on the replica’s %u GPUs; "
                                                       "this job’s model, %s, holds %.1f GiB at %u bits. They differ by more "
                                                       "than %.0f%%, so the log is of another model",
                                                       replica_gpus),
                                          log->vllm_weights_bytes.line, weights / 1073741824.0, replica_gpus,
                                          model, low / 1073741824.0, bits, 100.0 * CP_TRIAL_LOG_MODEL_TOLERANCE));
    }
}

GPtrArray *
cp_trial_log_check_job (const CpTrialLog *log,
                        const CpJob      *job,
                        const CpTrialRun *trial)
{
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (log != NULL && job != NULL && trial != NULL, warnings);

  check_model_size (log, job, warnings);

  if (trial->tokens_per_s > 0 && trial->gpus > 0 && trial->gpu_dense_flops > 0 && cp_task_kind_is_training (job->kind))
    {
      double mfu = cp_trial_log_implied_mfu (job, trial);

      if (mfu > CP_TRIAL_LOG_MAX_PUBLISHED_MFU)
        g_ptr_array_add (warnings,
                         /* TRANSLATORS: the implied utilisation, then the highest published one */
                         g_strdup_printf (_("For this job’s model the throughput read is %.0f%% of the GPUs’ dense "
                                            "peak (6 × parameters × tokens), above the %.1f%% of the best published "
                                            "run (Megatron-LM, 1T parameters on 512 A100): check that the log is of "
                                            "this model and this sequence length"),
                                          100.0 * mfu, 100.0 * CP_TRIAL_LOG_MAX_PUBLISHED_MFU));
    }
  return warnings;
}

/* The GPUs the log saw, in the order cp_trial_log_resolve() reads them;
 * 0 when it states none. */
static guint
logged_gpus (const CpTrialLog *log)
{
  if (log->vllm_tensor_parallel.line > 0)
    return (guint) (log->vllm_tensor_parallel.value * log->vllm_pipeline_parallel);
  if (log->gpus->len > 0)
    return smi_busy_gpus (log);
  if (log->world_size.line > 0)
    return (guint) log->world_size.value;
  if (log->ds_profile_world_size.line > 0)
    return (guint) log->ds_profile_world_size.value;
  return 0;
}

char *
cp_trial_log_check_quote (const CpTrialLog *log,
                          const CpQuote    *quote)
{
  g_autoptr(GPtrArray) readings = g_ptr_array_new_with_free_func ((GDestroyNotify) reading_free);
  const char *gpu_name;
  double peak_bytes = 0;
  /* Cards sold as "24 GB" or "80 GB" hold that many GiB (nvidia-smi
   * reports 24564 MiB for an RTX 4090, 81920 MiB for an A100 80GB): the
   * binary reading never refuses the machine that ran the trial. */
  double capacity_bytes = quote->gpu.memory_nominal_gb * 1073741824.0;
  guint gpus;

  g_return_val_if_fail (log != NULL && quote != NULL, NULL);

  gpu_name = quote->gpu.name ? quote->gpu.name : quote->gpu.id;
  resolve_peak_memory (log, readings, &peak_bytes);
  if (peak_bytes > 0 && capacity_bytes > 0 && peak_bytes > capacity_bytes)
    /* TRANSLATORS: the log's peak in GiB, the quote's GPU memory in GB, then the GPU's name */
    return g_strdup_printf (_("The log peaks at %.0f GiB per GPU, more than the %.0f GB of the quote’s %s: "
                              "it was not run on this machine; choose the quote of the machine that ran it"),
                            peak_bytes / 1073741824.0, quote->gpu.memory_nominal_gb, gpu_name);
  gpus = logged_gpus (log);
  if (gpus > quote->gpus_per_node && quote->gpus_per_node > 0)
    /* TRANSLATORS: the GPUs in the log, then the quote's GPUs per node and GPU name */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "The log ran on %u GPUs, more than this quote’s node of %u %s: "
                                         "it was not run on this machine; choose the quote of the machine that ran it",
                                         "The log ran on %u GPUs, more than this quote’s node of %u × %s: "
                                         "it was not run on this machine; choose the quote of the machine that ran it",
                                         quote->gpus_per_node),
                            gpus, quote->gpus_per_node, gpu_name);
  return NULL;
}

double
cp_trial_log_implied_mfu (const CpJob      *job,
                          const CpTrialRun *trial)
{
  double active = job->model.active_params > 0 ? job->model.active_params : job->model.params;

  if (trial->gpus == 0 || trial->gpu_dense_flops <= 0)
    return 0;
  return 6.0 * active * trial->tokens_per_s / (trial->gpus * trial->gpu_dense_flops);
}

const char *
cp_trial_figure_get_label (CpTrialFigure figure)
{
  switch (figure)
    {
    case CP_TRIAL_FIGURE_GPUS: return _("GPUs used");
    case CP_TRIAL_FIGURE_PEAK_MEMORY: return _("Peak memory per GPU");
    case CP_TRIAL_FIGURE_TOKENS_PER_S: return _("Throughput");
    case CP_TRIAL_FIGURE_STEP_S: return _("Step time");
    case CP_TRIAL_FIGURE_SAMPLES_PER_S: return _("Samples per second");
    case CP_TRIAL_FIGURE_TFLOPS_PER_GPU: return _("TFLOP/s per GPU");
    case CP_TRIAL_FIGURE_RUNTIME_S: return _("Run time");
    case CP_TRIAL_FIGURE_GPU_BLOCKS: return _("KV-cache blocks");
    case CP_TRIAL_FIGURE_KV_CACHE_TOKENS: return _("KV-cache size");
    case CP_TRIAL_FIGURE_MAX_CONCURRENCY: return _("Maximum concurrency");
    case CP_N_TRIAL_FIGURES: break;
    }
  return "";
}

char *
cp_trial_reading_format_value (const CpTrialReading *reading,
                               CpMemoryUnit          unit)
{
  g_return_val_if_fail (reading != NULL, NULL);

  switch (reading->figure)
    {
    case CP_TRIAL_FIGURE_GPUS:
    case CP_TRIAL_FIGURE_GPU_BLOCKS:
      return g_strdup_printf ("%.0f", reading->value);
    case CP_TRIAL_FIGURE_PEAK_MEMORY:
      return cp_format_bytes (reading->value, unit);
    case CP_TRIAL_FIGURE_TOKENS_PER_S:
      /* TRANSLATORS: a throughput */
      return g_strdup_printf (_("%.0f tokens/s"), reading->value);
    case CP_TRIAL_FIGURE_STEP_S:
    case CP_TRIAL_FIGURE_RUNTIME_S:
      /* TRANSLATORS: seconds */
      return g_strdup_printf (_("%.3f s"), reading->value);
    case CP_TRIAL_FIGURE_SAMPLES_PER_S:
      return g_strdup_printf (_("%.3f samples/s"), reading->value);
    case CP_TRIAL_FIGURE_TFLOPS_PER_GPU:
      return g_strdup_printf (_("%.1f TFLOP/s"), reading->value);
    case CP_TRIAL_FIGURE_KV_CACHE_TOKENS:
      return g_strdup_printf (_("%.0f tokens"), reading->value);
    case CP_TRIAL_FIGURE_MAX_CONCURRENCY:
      return g_strdup_printf ("%.2f×", reading->value);
    case CP_N_TRIAL_FIGURES:
      break;
    }
  return g_strdup ("");
}
