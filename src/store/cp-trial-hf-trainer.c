/* cp-trial-hf-trainer.c: the recogniser of the Hugging Face Trainer's metrics,
 * in its log and in its JSON files. */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-trial-log-private.h"

/* --- Hugging Face Trainer ---------------------------------------------
 * transformers 4.30 to 4.46: Trainer.train() ends with speed_metrics()
 * ("train_runtime", "train_samples_per_second", "train_steps_per_second"
 * and, with include_tokens_per_second, "train_tokens_per_second", per
 * device as TrainingArguments documents it), logged as a dict
 * "{'train_runtime': 600.1234, 'train_samples_per_second': 12.3, …}",
 * printed by log_metrics() under "***** train metrics *****" as
 * "  train_runtime            = 0:10:00.12" (a timedelta) and
 * "  train_samples_per_second =     12.3", and saved by save_metrics() to
 * all_results.json / train_results.json and in trainer_state.json's
 * log_history as "\"train_runtime\": 600.1234". Samples are counted over
 * the whole job (the total train batch size × steps). */

/* "0:10:00.12", "1 day, 2:03:04.5" → seconds. */
static gboolean
read_timedelta (const char *p,
                double     *seconds)
{
  double days = 0, h, m, s;
  const char *end;

  if (!cp_trial_read_number (p, FALSE, &h, &end))
    return FALSE;
  if (g_str_has_prefix (end, " day"))
    {
      days = h;
      end = strchr (end, ',');
      if (end == NULL || !cp_trial_read_number (end + 1, FALSE, &h, &end))
        return FALSE;
    }
  if (*end != ':')
    return FALSE;
  if (!cp_trial_read_number (end + 1, FALSE, &m, &end) || *end != ':')
    return FALSE;
  if (!cp_trial_read_number (end + 1, FALSE, &s, &end))
    return FALSE;
  *seconds = ((days * 24 + h) * 60 + m) * 60 + s;
  return TRUE;
}

/* The value cp_trial_after "key" in "key = v", "'key': v" or "\"key\": v". */
static gboolean
read_hf_metric (CpTrialReader  *r,
                const char     *line,
                const char     *key,
                Seen           *seen,
                gboolean        timedelta,
                gboolean       *taken,
                GError        **error)
{
  const char *p = cp_trial_after (line, key);
  double value;

  if (p == NULL)
    return TRUE;
  if (*p == '\'' || *p == '"')
    p++;
  while (*p == ' ')
    p++;
  if (*p == '=')
    {
      /* log_metrics() formats the runtime as a timedelta. */
      p++;
      while (*p == ' ')
        p++;
      if (timedelta && strchr (p, ':') != NULL)
        {
          if (!read_timedelta (p, &value))
            {
              g_autofree char *what = g_strdup_printf (_("“%s” is not a time such as 0:10:00.12"), key);
              return cp_trial_line_error (r, error, what);
            }
        }
      else if (!cp_trial_read_number (p, FALSE, &value, NULL))
        {
          g_autofree char *what = g_strdup_printf (_("“%s” has no number"), key);
          return cp_trial_line_error (r, error, what);
        }
    }
  else if (*p == ':')
    {
      if (!cp_trial_read_number (p + 1, FALSE, &value, NULL))
        {
          g_autofree char *what = g_strdup_printf (_("“%s” has no number"), key);
          return cp_trial_line_error (r, error, what);
        }
    }
  else
    /* The name in other text, a help message or a column header. */
    return TRUE;
  if (value > MAX_TOKENS_PER_S)
    {
      g_autofree char *what = g_strdup_printf ("“%s”", key);
      return cp_trial_range_error (r, error, what);
    }
  cp_trial_see (seen, value, r->line);
  *taken = TRUE;
  r->log->formats |= CP_TRIAL_LOG_HF_TRAINER;
  return TRUE;
}

static gboolean
read_hf_trainer (CpTrialReader  *r,
                 const char     *line,
                 gboolean       *taken,
                 GError        **error)
{
  CpTrialLog *log = r->log;

  return read_hf_metric (r, line, "train_runtime", &log->hf_runtime_s, TRUE, taken, error) &&
         read_hf_metric (r, line, "train_samples_per_second", &log->hf_samples_per_s, FALSE, taken, error) &&
         read_hf_metric (r, line, "train_steps_per_second", &log->hf_steps_per_s, FALSE, taken, error) &&
         read_hf_metric (r, line, "train_tokens_per_second", &log->hf_tokens_per_s_per_device, FALSE, taken, error);
}

/* The recogniser of the Hugging Face Trainer's metrics, every one of them
 * named "train_…". */
gboolean
cp_trial_hf_trainer_read (CpTrialReader  *r,
                          const char     *line,
                          gboolean       *taken,
                          GError        **error)
{
  if (strstr (line, "train_") == NULL)
    return TRUE;
  return read_hf_trainer (r, line, taken, error);
}
