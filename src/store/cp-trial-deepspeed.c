/* cp-trial-deepspeed.c: the recogniser of DeepSpeed's throughput and flops
 * profile lines. */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-trial-log-private.h"

/* --- DeepSpeed ---------------------------------------------------------
 * deepspeed/utils/timer.py, ThroughputTimer.stop() (0.10 to 0.16):
 * "epoch=0/micro_step=100/global_step=100, RunningAvgSamplesPerSec=58.73,
 * CurrSamplesPerSec=61.35, MemAllocated=6.01GB, MaxMemAllocated=19.52GB";
 * before 0.6 "0/100, SamplesPerSec=…, MemAllocated=…GB,
 * MaxMemAllocated=…GB". The timer's batch is the engine's
 * train_batch_size() (or the micro-batch × the data-parallel workers),
 * so samples/s is the whole job's; its "GB" is 1024³ bytes
 * (max_memory_allocated() / 1024**3). */

static gboolean
read_deepspeed (CpTrialReader  *r,
                const char     *line,
                GError        **error)
{
  CpTrialLog *log = r->log;
  const char *p = cp_trial_after (line, "RunningAvgSamplesPerSec=");
  double samples, gb;

  if (p == NULL)
    p = cp_trial_after (line, "SamplesPerSec=");
  if (p == NULL || !cp_trial_read_number (p, FALSE, &samples, NULL))
    return cp_trial_line_error (r, error, _("a DeepSpeed throughput line without its samples per second"));
  if (samples * 1e6 > MAX_TOKENS_PER_S)
    return cp_trial_range_error (r, error, _("the samples per second"));
  p = cp_trial_after (line, "MaxMemAllocated=");
  if (p == NULL || !cp_trial_read_number (p, FALSE, &gb, NULL))
    return cp_trial_line_error (r, error, _("a DeepSpeed throughput line without its “MaxMemAllocated”"));
  if (gb * 1073741824.0 > MAX_PEAK_MEMORY_BYTES)
    return cp_trial_range_error (r, error, _("the memory allocated"));
  /* The running average is the run's since the timer's start step; the
   * last line holds the most steps. */
  cp_trial_see (&log->ds_samples_per_s, samples, r->line);
  cp_trial_see_max (&log->ds_max_allocated_bytes, gb * 1073741824.0, r->line);
  log->formats |= CP_TRIAL_LOG_DEEPSPEED;
  return TRUE;
}

/* deepspeed/profiling/flops_profiler/profiler.py, print_model_profile()
 * (0.9 to 0.16), each label padded to 60 columns: "world size:   8",
 * "iter latency:   184.73 ms", "FLOPS per GPU = 3 * fwd flops per GPU /
 * iter latency:   102.0 TFLOPS" ("fwd FLOPs" from 0.12),
 * "samples/second:   433.07", the samples being the micro-batch per GPU ×
 * the world size: the whole job's, over the one step profiled. */

/* "184.73 ms", "7.77 s", "34.09 us" → seconds. */
static gboolean
read_duration (const char *p,
               double     *seconds)
{
  const char *end;

  if (!cp_trial_read_number (p, FALSE, seconds, &end))
    return FALSE;
  while (*end == ' ')
    end++;
  if (g_str_has_prefix (end, "ms"))
    *seconds /= 1e3;
  else if (g_str_has_prefix (end, "us"))
    *seconds /= 1e6;
  else if (*end != 's')
    return FALSE;
  return TRUE;
}

/* "102.0 TFLOPS", "950.3 GFLOPS", "1.2 PFLOPS" → TFLOP/s. */
static gboolean
read_tflops (const char *p,
             double     *tflops)
{
  const char *end;

  if (!cp_trial_read_number (p, FALSE, tflops, &end))
    return FALSE;
  while (*end == ' ')
    end++;
  if (g_str_has_prefix (end, "GFLOPS"))
    *tflops /= 1e3;
  else if (g_str_has_prefix (end, "PFLOPS"))
    *tflops *= 1e3;
  else if (g_str_has_prefix (end, "MFLOPS"))
    *tflops /= 1e6;
  else if (!g_str_has_prefix (end, "TFLOPS"))
    return FALSE;
  return TRUE;
}

static gboolean
read_flops_profile (CpTrialReader  *r,
                    const char     *line,
                    gboolean       *taken,
                    GError        **error)
{
  CpTrialLog *log = r->log;
  const char *p = line;
  const char *latency;
  double value;

  while (*p == ' ' || *p == '>')
    p++;
  latency = g_str_has_prefix (p, "FLOPS per GPU = 3 * fwd ") ? strstr (p, "latency:") : NULL;
  if (g_str_has_prefix (p, "world size:"))
    {
      *taken = TRUE;
      if (!cp_trial_read_number (p + strlen ("world size:"), FALSE, &value, NULL))
        return cp_trial_line_error (r, error, _("the world size is not a number"));
      if (value < 1 || value > MAX_COUNT)
        return cp_trial_range_error (r, error, _("the world size"));
      cp_trial_see (&log->ds_profile_world_size, value, r->line);
    }
  else if (g_str_has_prefix (p, "iter latency:"))
    {
      *taken = TRUE;
      if (!read_duration (p + strlen ("iter latency:"), &value))
        return cp_trial_line_error (r, error, _("the iteration latency is not a time such as 184.73 ms"));
      if (value < MIN_STEP_S || value > MAX_STEP_S)
        return cp_trial_range_error (r, error, _("the time per iteration"));
      cp_trial_see (&log->ds_profile_step_s, value, r->line);
    }
  else if (latency != NULL)
    {
      *taken = TRUE;
      if (!read_tflops (latency + strlen ("latency:"), &value))
        return cp_trial_line_error (r, error, _("the FLOPS per GPU is not a figure such as 102.0 TFLOPS"));
      if (value > 1e6)
        return cp_trial_range_error (r, error, _("the TFLOP/s per GPU"));
      cp_trial_see (&log->ds_profile_tflops_per_gpu, value, r->line);
    }
  else if (g_str_has_prefix (p, "samples/second:"))
    {
      *taken = TRUE;
      if (!cp_trial_read_number (p + strlen ("samples/second:"), FALSE, &value, NULL))
        return cp_trial_line_error (r, error, _("the samples per second is not a number"));
      if (value * 1e6 > MAX_TOKENS_PER_S)
        return cp_trial_range_error (r, error, _("the samples per second"));
      cp_trial_see (&log->ds_profile_samples_per_s, value, r->line);
    }
  if (*taken)
    log->formats |= CP_TRIAL_LOG_DEEPSPEED;
  return TRUE;
}

/* The recogniser of DeepSpeed's lines: the throughput timer's and the
 * flops profiler's. */
gboolean
cp_trial_deepspeed_read (CpTrialReader  *r,
                         const char     *line,
                         gboolean       *taken,
                         GError        **error)
{
  if (strstr (line, "SamplesPerSec=") != NULL)
    {
      *taken = TRUE;
      return read_deepspeed (r, line, error);
    }
  return read_flops_profile (r, line, taken, error);
}
