/* cp-trial-model-size.c: the size of the model a log ran, in the words of
 * each program that states it (a recogniser of its own, as these lines
 * tell a log of another model apart whatever program wrote them). */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-trial-log-private.h"

/* --- the model's size ----------------------------------------------------
 * Each program states the size of the model it ran, which is what tells a
 * log of another model apart:
 * - Megatron-LM (megatron/training/training.py, get_model()), on every
 *   rank of data-parallel rank 0: " > number of parameters on (tensor,
 *   pipeline) model parallel rank (0, 0): 13015864320", each rank's share;
 *   its theoretical-memory report (theoretical_memory_usage.py, core 0.5
 *   on) "Total number of parameters in billions: 13.02"; the model-parallel
 *   sizes on its "using world size: 8, …, tensor-model-parallel size: 1,
 *   pipeline-model-parallel size: 1" line;
 * - the Hugging Face Trainer (trainer.py, _inner_training_loop):
 *   "  Number of trainable parameters = 6,738,415,616";
 * - DeepSpeed's flops profiler: "params of model = params per GPU *
 *   mp_size:   6.74 B";
 * - vLLM, per GPU of the replica: "Model loading took 14.9889 GiB and
 *   12.3 seconds" (V1, 0.8 on), "Loading model weights took 14.9889 GB"
 *   (0.4 to 0.7; GB there is float(2**30) bytes). */

/* "6.74 B", "350.5 M": the flops profiler's number_to_string(). */
static gboolean
read_scaled_count (const char *p,
                   double     *value)
{
  const char *end;

  if (!cp_trial_read_number (p, FALSE, value, &end))
    return FALSE;
  while (*end == ' ')
    end++;
  switch (*end)
    {
    case 'T': *value *= 1e12; break;
    case 'B': case 'G': *value *= 1e9; break;
    case 'M': *value *= 1e6; break;
    case 'K': case 'k': *value *= 1e3; break;
    default: break;
    }
  return TRUE;
}

gboolean
cp_trial_model_size_read (CpTrialReader  *r,
                          const char     *line,
                          gboolean       *taken,
                          GError        **error)
{
  CpTrialLog *log = r->log;
  const char *p;
  double value;

  if ((p = cp_trial_after (line, "number of parameters on (tensor, pipeline) model parallel rank (")) != NULL)
    {
      RankParams rank = { 0, 0, 0, r->line };
      double tensor, pipeline;
      const char *end;

      *taken = TRUE;
      if (!cp_trial_read_number (p, FALSE, &tensor, &end) || *end != ',' ||
          !cp_trial_read_number (end + 1, FALSE, &pipeline, &end) || *end != ')' ||
          (p = cp_trial_after (end, "):")) == NULL || !cp_trial_read_number (p, FALSE, &rank.params, NULL))
        return cp_trial_line_error (r, error, _("a “number of parameters” line without its ranks or its count"));
      if (rank.params > MAX_COUNT * 1e6 || tensor > MAX_COUNT || pipeline > MAX_COUNT)
        return cp_trial_range_error (r, error, _("the number of parameters"));
      rank.tensor_rank = (guint) tensor;
      rank.pipeline_rank = (guint) pipeline;
      /* A rank printed twice (a restarted run in the same file) counts once, the later. */
      for (guint i = 0; i < log->megatron_rank_params->len; i++)
        {
          RankParams *seen = &g_array_index (log->megatron_rank_params, RankParams, i);
          if (seen->tensor_rank == rank.tensor_rank && seen->pipeline_rank == rank.pipeline_rank)
            {
              *seen = rank;
              return TRUE;
            }
        }
      g_array_append_val (log->megatron_rank_params, rank);
      log->formats |= CP_TRIAL_LOG_MEGATRON;
      return TRUE;
    }
  if ((p = cp_trial_after (line, "Total number of parameters in billions:")) != NULL)
    {
      *taken = TRUE;
      if (!cp_trial_read_number (p, FALSE, &value, NULL))
        return cp_trial_line_error (r, error, _("the total number of parameters is not a number"));
      if (value > MAX_COUNT * 1e-3)
        return cp_trial_range_error (r, error, _("the number of parameters"));
      cp_trial_see (&log->megatron_total_params, value * 1e9, r->line);
      log->formats |= CP_TRIAL_LOG_MEGATRON;
      return TRUE;
    }
  if ((p = cp_trial_after (line, "Number of trainable parameters =")) != NULL)
    {
      *taken = TRUE;
      if (!cp_trial_read_number (p, TRUE, &value, NULL))
        return cp_trial_line_error (r, error, _("the number of trainable parameters is not a number"));
      if (value > MAX_COUNT * 1e6)
        return cp_trial_range_error (r, error, _("the number of parameters"));
      cp_trial_see (&log->hf_trainable_params, value, r->line);
      log->formats |= CP_TRIAL_LOG_HF_TRAINER;
      return TRUE;
    }
  if ((p = cp_trial_after (line, "params of model = params per GPU * mp_size:")) != NULL)
    {
      *taken = TRUE;
      if (!read_scaled_count (p, &value))
        return cp_trial_line_error (r, error, _("the flops profiler’s “params of model” is not a number"));
      if (value > MAX_COUNT * 1e6)
        return cp_trial_range_error (r, error, _("the number of parameters"));
      cp_trial_see (&log->ds_model_params, value, r->line);
      log->formats |= CP_TRIAL_LOG_DEEPSPEED;
      return TRUE;
    }
  if ((p = cp_trial_after (line, "Model loading took ")) != NULL || (p = cp_trial_after (line, "Loading model weights took ")) != NULL)
    {
      const char *end;

      *taken = TRUE;
      if (!cp_trial_read_number (p, FALSE, &value, &end) || (!g_str_has_prefix (end, " GiB") && !g_str_has_prefix (end, " GB")))
        return cp_trial_line_error (r, error, _("the memory the model’s weights took is not a size such as 14.99 GiB"));
      if (value * 1073741824.0 > MAX_PEAK_MEMORY_BYTES)
        return cp_trial_range_error (r, error, _("the memory the model’s weights took"));
      cp_trial_see (&log->vllm_weights_bytes, value * 1073741824.0, r->line);
      log->formats |= CP_TRIAL_LOG_VLLM;
      return TRUE;
    }
  return TRUE;
}
