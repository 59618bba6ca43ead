/* cli-trial.c: import-trial, a job's trial run read from the logs of the
 * run (R9), with what was read and from which line. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "cli-common.h"
#include "cp-cli.h"
#include "store/cp-store.h"
#include "store/cp-trial-log.h"

/* The item with exactly this id: the trial's own quote, a job found again. */
static const CpQuote *
quote_by_id (const CpProject *project, const char *id)
{
  for (guint i = 0; i < project->quotes->len; i++)
    if (g_strcmp0 (((const CpQuote *) g_ptr_array_index (project->quotes, i))->id, id) == 0)
      return g_ptr_array_index (project->quotes, i);
  return NULL;
}

static CpJob *
job_by_id (const CpProject *project, const char *id)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (g_strcmp0 (((const CpJob *) g_ptr_array_index (project->jobs, i))->id, id) == 0)
      return g_ptr_array_index (project->jobs, i);
  return NULL;
}

/* "q-a800, q-h800": what --quote takes. */
static char *
quote_ids (const CpProject *project)
{
  GString *ids = g_string_new (NULL);

  for (guint i = 0; i < project->quotes->len; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "",
                            ((const CpQuote *) g_ptr_array_index (project->quotes, i))->id);
  return g_string_free (ids, FALSE);
}

static void
print_reading (const CpTrialReading *reading,
               CpMemoryUnit          unit)
{
  g_autofree char *value = cp_trial_reading_format_value (reading, unit);

  printf ("  %s: %s\n", cp_trial_figure_get_label (reading->figure), value);
  if (reading->line > 0)
    /* TRANSLATORS: a line number and the line's text */
    printf (_("      line %u: %s\n"), reading->line, reading->line_text);
  printf ("      %s\n", reading->source);
}

static void
print_readings (GPtrArray       *readings,
                GPtrArray       *notes,
                const CpProject *project)
{
  gboolean shown_only = FALSE;

  printf ("%s\n", _("Trial run:"));
  for (guint i = 0; i < readings->len; i++)
    {
      const CpTrialReading *reading = g_ptr_array_index (readings, i);
      if (reading->applied)
        print_reading (reading, project->settings.memory_unit);
    }
  for (guint i = 0; i < readings->len; i++)
    {
      const CpTrialReading *reading = g_ptr_array_index (readings, i);
      if (reading->applied)
        continue;
      if (!shown_only)
        printf ("%s\n", _("Also read, not kept by the trial run:"));
      shown_only = TRUE;
      print_reading (reading, project->settings.memory_unit);
    }
  if (notes->len > 0)
    printf ("%s\n", _("Notes:"));
  for (guint i = 0; i < notes->len; i++)
    printf ("  • %s\n", (const char *) g_ptr_array_index (notes, i));
}

int
cp_cli_import_trial (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpStore) store = NULL;
  g_autoptr(CpTrialLog) log = NULL;
  g_autoptr(GPtrArray) readings = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *job_text = NULL;
  g_autofree char *quote_text = NULL;
  g_autofree char *machine_mismatch = NULL;
  g_autofree char *log_name = NULL;
  g_autofree char *formats = NULL;
  g_autofree char *job_id = NULL;
  gboolean dry_run = FALSE;
  gboolean force = FALSE;
  g_autoptr(GPtrArray) warnings = NULL;
  CpTrialRun trial = { 0 };
  CpJob candidate = { 0 };
  const CpQuote *quote;
  CpJob *job;
  int index;
  gboolean valid;
  GOptionEntry entries[] = {
    { "job", 0, 0, G_OPTION_ARG_STRING, &job_text,
      N_("The job whose trial run the log is of, by id or position (1, 2, …); required"), N_("JOB") },
    { "quote", 0, 0, G_OPTION_ARG_STRING, &quote_text,
      N_("The quote whose machine ran the trial, by id or position (default: the job’s trial quote)"),
      N_("QUOTE") },
    { "dry-run", 0, 0, G_OPTION_ARG_NONE, &dry_run,
      N_("Show what the log gives and from which line; change nothing"), NULL },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_("Import the figures even when the log looks like another model’s (its stated size, or a "
         "utilisation above every published run)"), NULL },
    { NULL }
  };

  context = cp_cli_option_context_new ("import-trial PROJECT --job JOB FILE",
                                       _("Fills a job’s trial run (R9) from the log of a short run on "
                                         "one machine: nvidia-smi --query-gpu=…,memory.used,… "
                                         "--format=csv samples, Megatron-LM’s iteration and memory "
                                         "lines, DeepSpeed’s throughput lines, the Hugging Face "
                                         "Trainer’s final metrics (printed, logged or as "
                                         "all_results.json / trainer_state.json) or vLLM’s start-up "
                                         "lines. Shows each figure with the line it came from and "
                                         "what the log left to the job (sequence length) or the "
                                         "quote (GPUs, dense peak). The figures read replace the "
                                         "trial’s; everything else in the project stays.\n\n"
                                         "Exit status: 0 when the trial was saved (with --dry-run: "
                                         "when it could be); 1 when the log cannot be read, gives "
                                         "nothing a trial run keeps, or looks like another model’s "
                                         "and --force is not given; 2 for a bad option."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc != 3)
    return cp_cli_usage_error (_("import-trial needs a project file and a log file"));
  if (job_text == NULL)
    return cp_cli_usage_error (_("import-trial needs --job, the job the trial ran"));

  log_name = g_filename_display_basename (argv[2]);

  /* The log is checked against a read-only copy: a log that cannot be
   * used leaves the project file untouched, byte for byte. */
  project = cp_project_load_file (argv[1], &error);
  if (project == NULL)
    return cp_cli_failure ("%s", error->message);
  index = cp_cli_find_job (project, "--job", job_text);
  if (index == CP_CLI_AMBIGUOUS)
    return CP_CLI_EXIT_USAGE;
  job = index >= 0 ? g_ptr_array_index (project->jobs, index) : NULL;
  if (job == NULL)
    return cp_cli_usage_error (_("--job: “%s” is neither a job id nor a position from 1 to %u"),
                               job_text, project->jobs->len);
  if (quote_text != NULL)
    {
      index = cp_cli_find_quote (project, "--quote", quote_text);
      if (index == CP_CLI_AMBIGUOUS)
        return CP_CLI_EXIT_USAGE;
      quote = index >= 0 ? g_ptr_array_index (project->quotes, index) : NULL;
      if (quote == NULL)
        {
          g_autofree char *ids = quote_ids (project);

          if (project->quotes->len == 0)
            return cp_cli_usage_error (_("--quote: the project has no quote “%s”; it has no quotes at all"),
                                       quote_text);
          /* TRANSLATORS: the id given, then the ids the project has, "q-a800, q-h800" */
          return cp_cli_usage_error (_("--quote: the project has no quote “%s”; its quotes are %s (or 1 to %u by position)"),
                                     quote_text, ids, project->quotes->len);
        }
    }
  else
    {
      quote = quote_by_id (project, job->trial.quote_id);
      if (quote == NULL)
        {
          g_autofree char *ids = quote_ids (project);

          /* TRANSLATORS: the quote ids the project has, "q-a800, q-h800" */
          return cp_cli_usage_error (_("--quote: the job has no trial quote yet; name the quote "
                                       "whose machine ran the trial: %s"), ids);
        }
    }

  log = cp_trial_log_read_file (argv[2], &error);
  if (log == NULL)
    return cp_cli_failure ("%s: %s", log_name, error->message);
  readings = cp_trial_log_resolve (log, job, quote, &trial, &error);
  if (readings == NULL)
    return cp_cli_failure ("%s: %s", log_name, error->message);

  formats = cp_trial_log_describe_formats (log);
  /* TRANSLATORS: a file name, the programs whose output it holds, then a job and a quote id */
  printf (_("%s: read as %s output, for job “%s” on quote “%s”\n"), log_name, formats, job->id, quote->id);
  print_readings (readings, cp_trial_log_get_notes (log), project);

  if (trial.quote_id == NULL)
    return cp_cli_failure (_("%s holds none of the figures a trial run keeps (peak memory, "
                             "throughput, step time or, for a serving job, the KV-cache size): "
                             "nothing imported"), log_name);

  machine_mismatch = cp_trial_log_check_quote (log, quote);
  if (machine_mismatch != NULL)
    {
      fprintf (stderr, _("Warning: %s\n"), machine_mismatch);
      if (!force)
        {
          g_free (trial.quote_id);
          /* TRANSLATORS: a file name, then a quote id */
          return cp_cli_failure (_("%s: not imported, the log cannot be of a run on quote “%s”; name the "
                                   "quote that ran it with --quote, or pass --force to import its figures anyway"),
                                 log_name, quote->id);
        }
    }
  warnings = cp_trial_log_check_job (log, job, &trial);
  for (guint i = 0; i < warnings->len; i++)
    /* TRANSLATORS: a warning about the log */
    fprintf (stderr, _("Warning: %s\n"), (const char *) g_ptr_array_index (warnings, i));
  if (warnings->len > 0 && !force)
    {
      g_free (trial.quote_id);
      return cp_cli_failure (_("%s: not imported, the log looks like another model’s; check it, or "
                               "pass --force to import its figures anyway"), log_name);
    }

  cp_job_copy (&candidate, job);
  g_free (candidate.trial.quote_id);
  candidate.trial = trial;
  valid = cp_job_validate (&candidate, &error);
  job_id = g_strdup (job->id);
  if (!valid)
    {
      cp_job_clear (&candidate);
      return cp_cli_failure ("%s: %s", log_name, error->message);
    }
  if (dry_run)
    {
      cp_job_clear (&candidate);
      printf ("%s\n", _("Nothing saved (--dry-run)"));
      return CP_CLI_EXIT_OK;
    }

  /* The change is made on the project as stored, in one transaction. */
  g_clear_pointer (&project, cp_project_free);
  store = cp_store_open (argv[1], FALSE, &error);
  if (store == NULL)
    {
      cp_job_clear (&candidate);
      return cp_cli_failure ("%s", error->message);
    }
  project = cp_store_load (store, &error);
  if (project == NULL)
    {
      cp_job_clear (&candidate);
      return cp_cli_failure ("%s", error->message);
    }
  job = job_by_id (project, job_id);
  g_assert (job != NULL);
  g_free (job->trial.quote_id);
  job->trial = candidate.trial;
  candidate.trial.quote_id = NULL;
  cp_job_clear (&candidate);
  if (!cp_store_save (store, project, &error))
    return cp_cli_failure ("%s", error->message);
  /* TRANSLATORS: a job id and a quote id */
  printf (_("Saved the trial run of job “%s” on quote “%s”\n"), job->id, job->trial.quote_id);
  return CP_CLI_EXIT_OK;
}
