/* cp-trial-vllm.c: the recogniser of vLLM's KV-cache and concurrency lines. */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-trial-log-private.h"

/* --- vLLM ---------------------------------------------------------------
 * 0.5 to 0.6, executor "# GPU blocks: 12345, # CPU blocks: 2048" (0.7 uses
 * the platform's device name: "# cuda blocks: …"); the V1 engine (0.8 to
 * 0.10) "GPU KV cache size: 197,520 tokens" and "Maximum concurrency for
 * 4,096 tokens per request: 48.22x", on one line in later releases, the
 * counts with thousands separators. */

gboolean
cp_trial_vllm_read (CpTrialReader  *r,
                    const char     *line,
                    gboolean       *taken,
                    GError        **error)
{
  CpTrialLog *log = r->log;
  const char *p;
  double value;

  p = cp_trial_after (line, "# GPU blocks:");
  if (p == NULL)
    p = cp_trial_after (line, "# cuda blocks:");
  if (p == NULL)
    p = cp_trial_after (line, "# CUDA blocks:");
  if (p != NULL)
    {
      *taken = TRUE;
      if (!cp_trial_read_number (p, TRUE, &value, NULL))
        return cp_trial_line_error (r, error, _("the number of GPU blocks is missing"));
      /* vLLM prints a count of whole blocks ("%d"): a fraction is not its
       * line, and taken it would become a cache of a few tokens. */
      if (value != floor (value))
        return cp_trial_line_error (r, error, _("the number of GPU blocks is not a whole number"));
      if (value > MAX_COUNT)
        return cp_trial_range_error (r, error, _("the number of GPU blocks"));
      cp_trial_see (&log->vllm_gpu_blocks, value, r->line);
      log->formats |= CP_TRIAL_LOG_VLLM;
    }
  p = cp_trial_after (line, "KV cache size:");
  if (p != NULL)
    {
      const char *end;

      *taken = TRUE;
      if (!cp_trial_read_number (p, TRUE, &value, &end) || !g_str_has_prefix (end, " tokens"))
        return cp_trial_line_error (r, error, _("the KV-cache size has no number of tokens"));
      /* Whole tokens, blocks × block size ("{num_tokens:,}"). */
      if (value != floor (value))
        return cp_trial_line_error (r, error, _("the KV-cache size is not a whole number of tokens"));
      if (value > MAX_COUNT * 1000)
        return cp_trial_range_error (r, error, _("the KV-cache size"));
      cp_trial_see (&log->vllm_kv_tokens, value, r->line);
      log->formats |= CP_TRIAL_LOG_VLLM;
    }
  /* The engine's configuration line: the GPUs of one replica. */
  if (strstr (line, "LLM engine") != NULL && (p = cp_trial_after (line, "tensor_parallel_size=")) != NULL)
    {
      double pipeline = 1;
      const char *pp = cp_trial_after (line, "pipeline_parallel_size=");

      *taken = TRUE;
      if (!cp_trial_read_number (p, FALSE, &value, NULL) || value < 1 ||
          (pp != NULL && (!cp_trial_read_number (pp, FALSE, &pipeline, NULL) || pipeline < 1)))
        return cp_trial_line_error (r, error, _("the engine’s tensor_parallel_size or pipeline_parallel_size is not a number"));
      if (value * pipeline > MAX_COUNT)
        return cp_trial_range_error (r, error, _("the tensor-parallel size"));
      cp_trial_see (&log->vllm_tensor_parallel, value, r->line);
      log->vllm_pipeline_parallel = pipeline;
      log->formats |= CP_TRIAL_LOG_VLLM;
    }
  p = cp_trial_after (line, "Maximum concurrency for");
  if (p != NULL)
    {
      double tokens;
      const char *end;

      *taken = TRUE;
      if (!cp_trial_read_number (p, TRUE, &tokens, &end) || (p = cp_trial_after (end, "per request:")) == NULL ||
          !cp_trial_read_number (p, FALSE, &value, NULL))
        return cp_trial_line_error (r, error, _("the maximum concurrency has no request length or no factor"));
      if (value > MAX_COUNT || tokens > MAX_COUNT)
        return cp_trial_range_error (r, error, _("the maximum concurrency"));
      cp_trial_see (&log->vllm_concurrency, value, r->line);
      log->vllm_request_tokens = tokens;
      log->formats |= CP_TRIAL_LOG_VLLM;
    }
  return TRUE;
}
