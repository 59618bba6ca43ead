/* fuzz-trial.c: logs of a trial run (nvidia-smi, Megatron-LM, DeepSpeed,
 * the Hugging Face Trainer, vLLM).
 *
 * Properties: the reader never crashes or hangs; a refusal has a message;
 * every reading names a line of the input (or 0, the quote) and quotes it
 * as valid UTF-8, with a finite, non-negative value; whatever trial it
 * derives, the job accepts (cp_job_validate()). The slow check
 * (cp_fuzz_deep()): planning the job with it shows only finite,
 * non-negative figures.
 */

#include "config.h"

#include <math.h>

#include "store/cp-demo.h"
#include "store/cp-trial-log.h"

#include "../hardening/cp-check.h"
#include "fuzz-common.h"

static CpProject *demo;

static guint
count_lines (const guint8 *data,
             gsize         size)
{
  guint lines = size > 0 && data[size - 1] != '\n' ? 1 : 0;

  for (gsize i = 0; i < size; i++)
    lines += data[i] == '\n';
  return lines;
}

static void
check_job (const CpTrialLog *log,
           guint             job_index,
           const CpQuote    *quote,
           guint             n_lines)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) readings = NULL;
  CpJob *job = g_ptr_array_index (demo->jobs, job_index);
  CpTrialRun trial;

  readings = cp_trial_log_resolve (log, job, quote, &trial, &error);
  if (readings == NULL)
    {
      g_assert (error != NULL && error->message != NULL);
      return;
    }
  for (guint i = 0; i < readings->len; i++)
    {
      const CpTrialReading *r = g_ptr_array_index (readings, i);
      g_autofree char *value = cp_trial_reading_format_value (r, CP_MEMORY_UNIT_GIB);

      if (!isfinite (r->value) || r->value < 0)
        g_error ("reading %u has value %g", i, r->value);
      if (r->line > n_lines)
        g_error ("reading %u names line %u of %u", i, r->line, n_lines);
      if ((r->line > 0) != (r->line_text != NULL) || (r->line_text && !g_utf8_validate (r->line_text, -1, NULL)))
        g_error ("reading %u quotes its line wrongly", i);
      g_assert (r->source != NULL && g_utf8_validate (r->source, -1, NULL));
      g_assert (value != NULL);
    }
  {
    /* The model-size and utilisation checks on any log: each warning a
     * whole sentence, whatever the log's counts. */
    g_autoptr(GPtrArray) warnings = cp_trial_log_check_job (log, job, &trial);

    for (guint i = 0; i < warnings->len; i++)
      g_assert (g_utf8_validate (g_ptr_array_index (warnings, i), -1, NULL));
    g_assert (warnings->len <= 3);
  }
  if (trial.quote_id == NULL)
    return;

  if (!cp_fuzz_deep ())
    {
      g_autoptr(CpJob) copy = cp_job_dup (job);
      g_autoptr(GError) invalid = NULL;

      g_free (copy->trial.quote_id);
      copy->trial = trial;
      if (!cp_job_validate (copy, &invalid))
        g_error ("the trial read is one the job refuses: %s", invalid->message);
      return;
    }
  {
    g_autoptr(CpProject) project = cp_project_copy (demo);
    CpJob *copy = g_ptr_array_index (project->jobs, job_index);
    g_autoptr(GError) invalid = NULL;

    g_free (copy->trial.quote_id);
    copy->trial = trial;
    if (!cp_job_validate (copy, &invalid))
      g_error ("the trial read is one the job refuses: %s", invalid->message);
    /* The other jobs were checked once; only this one changed. */
    g_ptr_array_remove_range (project->jobs, job_index + 1, project->jobs->len - job_index - 1);
    g_ptr_array_remove_range (project->jobs, 0, job_index);
    cp_check_project_figures (project);
  }
}

int
cp_fuzz_trial (const guint8 *data,
               gsize         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpTrialLog) log = NULL;
  const CpQuote *quote = NULL;
  guint training = G_MAXUINT, serving = G_MAXUINT;

  if (demo == NULL)
    {
      demo = cp_demo_project_new (&error);
      if (demo == NULL)
        g_error ("demo project: %s", error->message);
    }

  log = cp_trial_log_read ((const char *) data, size, &error);
  if (log == NULL)
    {
      g_assert (error != NULL && error->message != NULL);
      return 0;
    }
  g_assert (cp_trial_log_get_formats (log) != 0);

  for (guint i = 0; i < demo->quotes->len; i++)
    if (g_strcmp0 (((const CpQuote *) g_ptr_array_index (demo->quotes, i))->id, "q-a800") == 0)
      quote = g_ptr_array_index (demo->quotes, i);
  for (guint i = 0; i < demo->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (demo->jobs, i);

      if (job->kind == CP_TASK_PRETRAIN && training == G_MAXUINT)
        training = i;
      if (job->kind == CP_TASK_INFERENCE && serving == G_MAXUINT)
        serving = i;
    }
  g_assert (quote != NULL && training != G_MAXUINT && serving != G_MAXUINT);

  check_job (log, training, quote, count_lines (data, size));
  check_job (log, serving, quote, count_lines (data, size));
  return 0;
}
