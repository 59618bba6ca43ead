/* cp-trial-megatron.c: the recogniser of Megatron-LM's training log. */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-trial-log-private.h"

/* --- Megatron-LM ------------------------------------------------------
 * megatron/training/training.py, training_log() (core_r0.9 to r0.12):
 * " [2025-08-01 07:19:50] iteration        2/    5000 | consumed samples:
 * 256 | elapsed time per iteration (ms): 12936.1 | throughput per GPU
 * (TFLOP/s/GPU): 118.7 | learning rate: 1.395349E-07 | global batch
 * size:   128 | lm loss: …"; older trees and Megatron-DeepSpeed print
 * "TFLOPs: 69.85 |" instead of the throughput field. report_memory() in
 * megatron/training/utils.py: "[Rank 0] (cp_trial_after 10 iterations) memory (MB)
 * | allocated: … | max allocated: … | reserved: … | max reserved: …", MB
 * being 1024 × 1024 bytes there. arguments.py prints "using world size:
 * 8, data-parallel size: 8, …" and each argument as "  seq_length
 * ........ 4096". */

/* The iteration number of "iteration   100/  500000 |", or 0. */
static guint
megatron_iteration (const char *line)
{
  const char *p = line;

  while ((p = strstr (p, "iteration")) != NULL)
    {
      const char *q = p + strlen ("iteration");
      guint64 number = 0;
      gboolean digits = FALSE;

      p = q;
      if (*q != ' ')
        continue;
      while (*q == ' ')
        q++;
      while (g_ascii_isdigit (*q))
        {
          number = number * 10 + (guint64) (*q++ - '0');
          digits = TRUE;
          if (number > G_MAXUINT32)
            return 0;
        }
      if (!digits || *q != '/')
        continue;
      q++;
      while (*q == ' ')
        q++;
      if (!g_ascii_isdigit (*q))
        continue;
      while (g_ascii_isdigit (*q))
        q++;
      while (*q == ' ')
        q++;
      if (*q == '|' && number > 0)
        return (guint) number;
    }
  return 0;
}

static gboolean
read_megatron_iteration (CpTrialReader  *r,
                         const char     *line,
                         guint           iteration,
                         GError        **error)
{
  Iteration it = { iteration, 0, 0, 0, r->line };
  const char *p;
  double ms;

  p = cp_trial_after (line, "elapsed time per iteration (ms):");
  if (p == NULL || !cp_trial_read_number (p, FALSE, &ms, NULL))
    return cp_trial_line_error (r, error, _("an iteration line without its “elapsed time per iteration (ms)”"));
  it.step_s = ms / 1000.0;
  if (it.step_s < MIN_STEP_S || it.step_s > MAX_STEP_S)
    return cp_trial_range_error (r, error, _("the time per iteration"));

  p = cp_trial_after (line, "(TFLOP/s/GPU):");
  if (p == NULL)
    p = cp_trial_after (line, "TFLOPs:");
  if (p != NULL && !cp_trial_read_number (p, FALSE, &it.tflops_per_gpu, NULL))
    return cp_trial_line_error (r, error, _("the TFLOP/s on this iteration line is not a number"));
  if (it.tflops_per_gpu > 1e6)
    return cp_trial_range_error (r, error, _("the TFLOP/s per GPU"));

  p = cp_trial_after (line, "global batch size:");
  if (p != NULL && !cp_trial_read_number (p, FALSE, &it.global_batch, NULL))
    return cp_trial_line_error (r, error, _("the global batch size on this iteration line is not a number"));
  if (it.global_batch > MAX_COUNT)
    return cp_trial_range_error (r, error, _("the global batch size"));

  g_array_append_val (r->log->iterations, it);
  r->log->formats |= CP_TRIAL_LOG_MEGATRON;
  return TRUE;
}

static gboolean
read_megatron_memory (CpTrialReader  *r,
                      const char     *line,
                      GError        **error)
{
  const char *p = cp_trial_after (line, "max allocated:");
  double mb;

  if (p == NULL || !cp_trial_read_number (p, FALSE, &mb, NULL))
    return cp_trial_line_error (r, error, _("a memory report without its “max allocated” figure"));
  if (mb * 1048576.0 > MAX_PEAK_MEMORY_BYTES)
    return cp_trial_range_error (r, error, _("the memory allocated"));
  cp_trial_see_max (&r->log->max_allocated_bytes, mb * 1048576.0, r->line);

  p = cp_trial_after (line, "max reserved:");
  if (p != NULL)
    {
      if (!cp_trial_read_number (p, FALSE, &mb, NULL))
        return cp_trial_line_error (r, error, _("the “max reserved” figure is not a number"));
      if (mb * 1048576.0 > MAX_PEAK_MEMORY_BYTES)
        return cp_trial_range_error (r, error, _("the memory reserved"));
      cp_trial_see_max (&r->log->max_reserved_bytes, mb * 1048576.0, r->line);
    }
  r->log->formats |= CP_TRIAL_LOG_MEGATRON;
  return TRUE;
}

/* "  seq_length ...................................... 4096" */
static gboolean
megatron_argument (const char *line,
                   const char *name,
                   double     *value)
{
  const char *p = line;
  const char *end;

  while (*p == ' ')
    p++;
  if (!g_str_has_prefix (p, name))
    return FALSE;
  p += strlen (name);
  if (*p != ' ' || p[1] != '.')
    return FALSE;
  p++;
  while (*p == '.')
    p++;
  return cp_trial_read_number (p, FALSE, value, &end) && (*end == '\0' || *end == ' ' || *end == '\r');
}

static gboolean
read_megatron_setup (CpTrialReader  *r,
                     const char     *line,
                     gboolean       *taken,
                     GError        **error)
{
  CpTrialLog *log = r->log;
  const char *p = cp_trial_after (line, "using world size:");
  double value;

  if (p != NULL)
    {
      *taken = TRUE;
      if (!cp_trial_read_number (p, FALSE, &value, NULL))
        return cp_trial_line_error (r, error, _("the world size is not a number"));
      if (value < 1 || value > MAX_COUNT)
        return cp_trial_range_error (r, error, _("the world size"));
      cp_trial_see (&log->world_size, value, r->line);
      if ((p = cp_trial_after (line, "tensor-model-parallel size:")) != NULL && cp_trial_read_number (p, FALSE, &value, NULL) &&
          value >= 1 && value <= MAX_COUNT)
        cp_trial_see (&log->megatron_tensor_parallel, value, r->line);
      if ((p = cp_trial_after (line, "pipeline-model-parallel size:")) != NULL && cp_trial_read_number (p, FALSE, &value, NULL) &&
          value >= 1 && value <= MAX_COUNT)
        cp_trial_see (&log->megatron_pipeline_parallel, value, r->line);
      return TRUE;
    }
  if (megatron_argument (line, "world_size", &value))
    {
      *taken = TRUE;
      if (value < 1 || value > MAX_COUNT)
        return cp_trial_range_error (r, error, _("the world size"));
      cp_trial_see (&log->world_size, value, r->line);
    }
  else if (megatron_argument (line, "tensor_model_parallel_size", &value) && value >= 1 && value <= MAX_COUNT)
    {
      *taken = TRUE;
      cp_trial_see (&log->megatron_tensor_parallel, value, r->line);
    }
  else if (megatron_argument (line, "pipeline_model_parallel_size", &value) && value >= 1 && value <= MAX_COUNT)
    {
      *taken = TRUE;
      cp_trial_see (&log->megatron_pipeline_parallel, value, r->line);
    }
  else if (megatron_argument (line, "seq_length", &value))
    {
      *taken = TRUE;
      if (value < 1 || value > MAX_COUNT)
        return cp_trial_range_error (r, error, _("the sequence length"));
      cp_trial_see (&log->seq_length, value, r->line);
    }
  return TRUE;
}

/* The recogniser of Megatron-LM's lines: iterations, memory reports and
 * the arguments it prints at start. */
gboolean
cp_trial_megatron_read (CpTrialReader  *r,
                        const char     *line,
                        gboolean       *taken,
                        GError        **error)
{
  guint iteration = megatron_iteration (line);

  if (iteration > 0)
    {
      *taken = TRUE;
      return read_megatron_iteration (r, line, iteration, error);
    }
  if (strstr (line, "memory (MB)") != NULL && strstr (line, "allocated:") != NULL)
    {
      *taken = TRUE;
      return read_megatron_memory (r, line, error);
    }
  return read_megatron_setup (r, line, taken, error);
}
