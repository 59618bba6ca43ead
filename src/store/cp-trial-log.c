/* cp-trial-log.c: a trial run's figures read from its logs.
 *
 * Each recogniser matches the wording of the program's own source, cited
 * next to it; the test logs in tests/store/trial-logs/ follow the same
 * wording. Lines no recogniser knows (a training log is mostly other
 * output) are counted and left aside; a line a recogniser knows but
 * cannot read whole stops the reading, with its number.
 *
 * This file owns reading a log line by line through the table of
 * recognisers (one file per program: cp-trial-smi.c, cp-trial-megatron.c,
 * cp-trial-deepspeed.c, cp-trial-hf-trainer.c, cp-trial-vllm.c, and
 * cp-trial-model-size.c for the model-size lines they all print), the
 * files and the worker; what the readings mean for the job is
 * cp-trial-log-resolve.c's.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-file-read.h"
#include "cp-quote-csv.h"
#include "cp-trial-log-private.h"

G_DEFINE_QUARK (cp-trial-log-error-quark, cp_trial_log_error)

void
cp_trial_log_free (CpTrialLog *log)
{
  if (log == NULL)
    return;
  g_free (log->text);
  g_free (log->smi_gpu_name);
  g_array_unref (log->line_starts);
  g_ptr_array_unref (log->notes);
  g_array_unref (log->gpus);
  g_array_unref (log->iterations);
  g_array_unref (log->megatron_rank_params);
  g_free (log);
}

guint
cp_trial_log_get_formats (const CpTrialLog *log)
{
  g_return_val_if_fail (log != NULL, 0);
  return log->formats;
}

GPtrArray *
cp_trial_log_get_notes (const CpTrialLog *log)
{
  g_return_val_if_fail (log != NULL, NULL);
  return log->notes;
}

const CpGpuSpec *
cp_trial_log_find_gpu (const CpTrialLog *log,
                       const CpProject  *project)
{
  g_return_val_if_fail (log != NULL, NULL);

  if (log->smi_gpu_name == NULL)
    return NULL;
  return cp_quote_csv_find_gpu (project, log->smi_gpu_name, NULL);
}

char *
cp_trial_log_describe_formats (const CpTrialLog *log)
{
  /* Program names are not translated. */
  static const char * const names[] = { "nvidia-smi", "Megatron-LM", "DeepSpeed",
                                        "Hugging Face Trainer", "vLLM" };
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  g_return_val_if_fail (log != NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (log->formats & (1u << i))
      g_ptr_array_add (found, (gpointer) names[i]);
  g_ptr_array_add (found, NULL);
  /* TRANSLATORS: the separator between program names in a list */
  return g_strjoinv (_(", "), (char **) found->pdata);
}

const char *
cp_trial_line_text (const CpTrialLog *log,
                    guint             line)
{
  return log->text + g_array_index (log->line_starts, gsize, line - 1);
}

/* The line for the preview: valid UTF-8, trimmed, shortened. */
char *
cp_trial_quote_line (const CpTrialLog *log,
                     guint             line)
{
  g_autofree char *valid = g_utf8_make_valid (cp_trial_line_text (log, line), -1);
  const char *start = valid;
  const char *cr;
  char *text;

  /* A progress bar redraws with carriage returns: what counts is the
   * last drawing, which holds the figures. */
  while ((cr = strchr (start, '\r')) != NULL && cr[1] != '\0')
    start = cr + 1;
  text = g_strstrip (g_strdup (start));
  if (g_utf8_strlen (text, -1) > LINE_TEXT_CHARS)
    {
      char *end = g_utf8_offset_to_pointer (text, LINE_TEXT_CHARS - 1);
      char *shortened = g_strdup_printf ("%.*s…", (int) (end - text), text);
      g_free (text);
      text = shortened;
    }
  return text;
}

/* A recognised line that does not hold what its program always prints. */
gboolean
cp_trial_line_error (const CpTrialReader  *r,
                     GError              **error,
                     const char           *what)
{
  if (r->line == r->n_lines && r->last_line_open)
    g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_TRUNCATED,
                 /* TRANSLATORS: %u is a line number, %s says what the line lacks */
                 _("line %u: %s; the file ends inside this line, so the log looks cut short"),
                 r->line, what);
  else
    g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_MALFORMED,
                 /* TRANSLATORS: %u is a line number, %s says what the line lacks */
                 _("line %u: %s"), r->line, what);
  return FALSE;
}

gboolean
cp_trial_range_error (const CpTrialReader  *r,
                      GError              **error,
                      const char           *what)
{
  g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE,
               /* TRANSLATORS: %u is a line number, %s names a figure ("the peak memory") */
               _("line %u: %s is beyond anything a real run reports"), r->line, what);
  return FALSE;
}

/* A non-negative decimal number at @p cp_trial_after spaces ("1234.5", "1.2E-05",
 * with @commas "197,520"); never "inf", "nan" or hex, which strtod would
 * take. FALSE when there is none or it overflows. */
gboolean
cp_trial_read_number (const char  *p,
                      gboolean     commas,
                      double      *out,
                      const char **end)
{
  char buffer[64];
  gsize n = 0;
  gboolean digits = FALSE;
  char *stop;

  while (*p == ' ' || *p == '\t')
    p++;
  while ((g_ascii_isdigit (*p) || (commas && *p == ',' && digits && g_ascii_isdigit (p[1]))) &&
         n < sizeof buffer - 8)
    {
      if (*p != ',')
        buffer[n++] = *p;
      digits = TRUE;
      p++;
    }
  if (*p == '.' && n < sizeof buffer - 8)
    {
      buffer[n++] = *p++;
      while (g_ascii_isdigit (*p) && n < sizeof buffer - 8)
        {
          buffer[n++] = *p++;
          digits = TRUE;
        }
    }
  if (!digits)
    return FALSE;
  if ((*p == 'e' || *p == 'E') &&
      (g_ascii_isdigit (p[1]) || ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
    {
      buffer[n++] = *p++;
      if (*p == '+' || *p == '-')
        buffer[n++] = *p++;
      while (g_ascii_isdigit (*p) && n < sizeof buffer - 1)
        buffer[n++] = *p++;
    }
  /* Digits past the buffer: a number no log line holds. */
  if (g_ascii_isdigit (*p))
    return FALSE;
  buffer[n] = '\0';
  *out = g_ascii_strtod (buffer, &stop);
  if (end)
    *end = p;
  return isfinite (*out);
}

/* The number cp_trial_after @key on @line, or FALSE when the key is not there. */
const char *
cp_trial_after (const char *line,
                const char *key)
{
  const char *at = strstr (line, key);

  return at ? at + strlen (key) : NULL;
}

void
cp_trial_see (Seen   *seen,
              double  value,
              guint   line)
{
  seen->value = value;
  seen->line = line;
}

void
cp_trial_see_max (Seen   *seen,
                  double  value,
                  guint   line)
{
  if (seen->line == 0 || value > seen->value)
    cp_trial_see (seen, value, line);
}

/* --- the whole log ------------------------------------------------------ */

/* The recognisers, tried in this order; the first that takes a line
 * reads it. */
static const CpTrialRecogniser recognisers[] = {
  cp_trial_smi_read,
  cp_trial_model_size_read,
  cp_trial_megatron_read,
  cp_trial_deepspeed_read,
  cp_trial_hf_trainer_read,
  cp_trial_vllm_read,
};

static gboolean
read_line (CpTrialReader  *r,
           const char     *line,
           GError        **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (recognisers); i++)
    {
      gboolean taken = FALSE;

      if (!recognisers[i] (r, line, &taken, error))
        return FALSE;
      if (taken)
        return TRUE;
    }
  if (*line != '\0')
    r->log->n_other_lines++;
  return TRUE;
}

/* A JSON file (all_results.json, trainer_state.json) is read line by line
 * like a log, once its brackets are known to close: a file cut short
 * would otherwise give the figures of an unfinished run. */
static gboolean
check_json (const CpTrialLog  *log,
            guint              n_lines,
            GError           **error)
{
  int depth = 0;
  gboolean in_string = FALSE;

  for (guint line = 1; line <= n_lines; line++)
    for (const char *p = cp_trial_line_text (log, line); *p; p++)
      {
        if (in_string)
          {
            if (*p == '\\' && p[1] != '\0')
              p++;
            else if (*p == '"')
              in_string = FALSE;
            continue;
          }
        if (*p == '"')
          in_string = TRUE;
        else if (*p == '{' || *p == '[')
          depth++;
        else if (*p == '}' || *p == ']')
          {
            if (--depth < 0)
              {
                g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_MALFORMED,
                             _("line %u: a closing bracket that nothing opened; the JSON is damaged"), line);
                return FALSE;
              }
          }
      }
  if (depth > 0 || in_string)
    {
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_TRUNCATED,
                   _("line %u: the JSON ends before its last bracket closes, so the file looks cut short"),
                   n_lines);
      return FALSE;
    }
  return TRUE;
}

/* Logs are text with perhaps colour escapes; a file where control bytes
 * abound is something else (a checkpoint, an archive). */
static gboolean
looks_binary (const char *data,
              gsize       len)
{
  gsize n = MIN (len, 4096), control = 0;

  for (gsize i = 0; i < n; i++)
    {
      guchar c = (guchar) data[i];
      if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != 0x1b)
        control++;
    }
  return control * 10 > n;
}

static void
add_notes (CpTrialLog *log)
{
  guint warm_up = cp_trial_megatron_warm_up (log);

  if (warm_up > 0)
    {
      const Iteration *last_skipped = &g_array_index (log->iterations, Iteration, warm_up - 1);

      if (warm_up == 1)
        g_ptr_array_add (log->notes,
                         /* TRANSLATORS: an iteration and a line number */
                         g_strdup_printf (_("The first Megatron-LM iteration line (iteration %u, line %u) is left out as warm-up: "
                                            "it carries CUDA and NCCL start-up, the memory allocator’s growth and any "
                                            "compilation, which a long run pays once (the first logged line and the "
                                            "first 10%% of them are left out)"),
                                          last_skipped->iteration, last_skipped->line));
      else
        g_ptr_array_add (log->notes,
                         g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       /* TRANSLATORS: %u: a count of log lines, then an iteration and a line number */
                                                       "The first %u Megatron-LM iteration lines (to iteration %u, line %u) are left out as warm-up: "
                                                       "they carry CUDA and NCCL start-up, the memory allocator’s growth and any "
                                                       "compilation, which a long run pays once (the first logged line and the "
                                                       "first 10%% of them are left out)",
                                                       "The first %u Megatron-LM iteration lines (to iteration %u, line %u) are left out as warm-up: "
                                                       "they carry CUDA and NCCL start-up, the memory allocator’s growth and any "
                                                       "compilation, which a long run pays once (the first logged line and the "
                                                       "first 10%% of them are left out)",
                                                       warm_up),
                                          warm_up, last_skipped->iteration, last_skipped->line));
    }
  else if (log->iterations->len == 1)
    g_ptr_array_add (log->notes,
                     g_strdup (_("Only one Megatron-LM iteration line: it is used although it may "
                                 "include warm-up, which makes the step time longer than a long run’s")));
  if (log->smi_headerless)
    g_ptr_array_add (log->notes,
                     g_strdup (_("The nvidia-smi samples have no header: their columns are taken as "
                                 "index, name, memory.used, memory.total, the order of the query in "
                                 "nvidia-smi’s documentation, in MiB")));
  if (log->smi_not_available > 0)
    g_ptr_array_add (log->notes,
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "%u nvidia-smi sample said “[N/A]” for the memory used and was left out",
                                                   "%u nvidia-smi samples said “[N/A]” for the memory used and were left out",
                                                   log->smi_not_available),
                                      log->smi_not_available));
  if (log->n_other_lines > 0)
    g_ptr_array_add (log->notes,
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "%u line of other output was left aside",
                                                   "%u lines of other output were left aside",
                                                   log->n_other_lines),
                                      log->n_other_lines));
}

static void
set_too_large (GError **error)
{
  g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_TOO_LARGE,
               _("the file is over %u MiB, more than the log of a trial run; "
                 "keep the lines of its last minutes"),
               CP_TRIAL_LOG_MAX_BYTES / (1024 * 1024));
}

CpTrialLog *
cp_trial_log_read (const char  *data,
                   gsize        len,
                   GError     **error)
{
  g_autoptr(CpTrialLog) log = NULL;
  const char *nul;
  CpTrialReader r = { 0 };
  gsize start = 0;
  const char *first;

  if (len > CP_TRIAL_LOG_MAX_BYTES)
    {
      set_too_large (error);
      return NULL;
    }
  g_return_val_if_fail (data != NULL || len == 0, NULL);
  nul = len > 0 ? memchr (data, '\0', len) : NULL;
  if (nul != NULL || looks_binary (data, len))
    {
      guint line = 1;
      const char *stop = nul ? nul : data + MIN (len, 4096);

      for (const char *p = data; p < stop && nul != NULL; p++)
        line += *p == '\n';
      if (nul != NULL)
        g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_BINARY,
                     _("line %u holds a NUL byte: this is not a text log"), line);
      else
        g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_BINARY,
                     _("the file is mostly control bytes: this is not a text log"));
      return NULL;
    }

  log = g_new0 (CpTrialLog, 1);
  log->text = g_strndup (data, len);
  log->line_starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  log->notes = g_ptr_array_new_with_free_func (g_free);
  log->gpus = g_array_new (FALSE, FALSE, sizeof (GpuPeak));
  log->iterations = g_array_new (FALSE, FALSE, sizeof (Iteration));
  log->megatron_rank_params = g_array_new (FALSE, FALSE, sizeof (RankParams));
  log->smi_name_column = -1;

  first = log->text;
  while (g_ascii_isspace (*first))
    first++;
  if (*first == '\0')
    {
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_EMPTY, _("the file is empty"));
      return NULL;
    }

  /* Split into lines in place; "\r\n" ends a line as "\n" does. */
  for (gsize i = 0; i <= len; i++)
    if (i == len || log->text[i] == '\n')
      {
        if (i == len && start == len)
          break;
        g_array_append_val (log->line_starts, start);
        if (i > start && log->text[i - 1] == '\r')
          log->text[i - 1] = '\0';
        if (i < len)
          log->text[i] = '\0';
        start = i + 1;
      }
  r.log = log;
  r.n_lines = log->line_starts->len;
  r.last_line_open = len > 0 && data[len - 1] != '\n';

  if ((*first == '{' || *first == '[') && !check_json (log, r.n_lines, error))
    return NULL;

  for (r.line = 1; r.line <= r.n_lines; r.line++)
    if (!read_line (&r, cp_trial_line_text (log, r.line), error))
      return NULL;

  if (log->formats == 0)
    {
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_UNRECOGNISED,
                   _("no line of the file is one that nvidia-smi, Megatron-LM, DeepSpeed, "
                     "the Hugging Face Trainer or vLLM prints"));
      return NULL;
    }
  add_notes (log);
  return g_steal_pointer (&log);
}

CpTrialLog *
cp_trial_log_read_file (const char  *path,
                        GError     **error)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  g_return_val_if_fail (path != NULL, NULL);

  data = cp_file_read_at_most (path, CP_TRIAL_LOG_MAX_BYTES, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_IO,
                               set_too_large, &len, error);
  if (data == NULL)
    return NULL;
  return cp_trial_log_read (data, len, error);
}

/* --- on a worker ---------------------------------------------------------- */

static void
read_log_in_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  GError *error = NULL;
  CpTrialLog *log;

  if (g_task_return_error_if_cancelled (task))
    return;
  log = cp_trial_log_read_file (task_data, &error);
  if (log == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, log, (GDestroyNotify) cp_trial_log_free);
}

void
cp_trial_log_read_file_async (const char          *path,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, cp_trial_log_read_file_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  /* Reading may stop as soon as nobody waits for the log. The default
   * priority, as for quote sheets (cp-store-async.c): at G_PRIORITY_LOW
   * the callback waited behind the dialog's spinner frames. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, read_log_in_thread);
}

CpTrialLog *
cp_trial_log_read_file_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == cp_trial_log_read_file_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
