/* cp-project.c: a project's jobs, quotes, own catalogue and settings. */
#include "config.h"

#include "cp-project.h"
#include "cp-text-limit.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

CpProject *
cp_project_new (void)
{
  CpProject *project = g_new0 (CpProject, 1);

  project->name = g_strdup ("");
  /* NULL: none chosen yet, the reports follow the window's language. */
  project->prepared_by = g_strdup ("");
  project->reviewed_by = g_strdup ("");
  project->approved_by = g_strdup ("");
  project->signed_on = g_strdup ("");
  project->start_date = g_strdup ("");
  cp_settings_init (&project->settings);
  project->jobs = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_job_free);
  project->quotes = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_quote_free);
  project->custom = cp_catalog_new ();
  return project;
}

void
cp_project_free (CpProject *project)
{
  if (project == NULL)
    return;
  g_free (project->name);
  g_free (project->report_language);
  g_free (project->prepared_by);
  g_free (project->reviewed_by);
  g_free (project->approved_by);
  g_free (project->signed_on);
  g_free (project->start_date);
  g_ptr_array_unref (project->jobs);
  g_ptr_array_unref (project->quotes);
  cp_catalog_free (project->custom);
  g_free (project);
}

CpProject *
cp_project_copy (const CpProject *project)
{
  CpProject *copy = cp_project_new ();

  g_free (copy->name);
  g_free (copy->report_language);
  g_free (copy->prepared_by);
  g_free (copy->reviewed_by);
  g_free (copy->approved_by);
  g_free (copy->signed_on);
  g_free (copy->start_date);
  copy->name = g_strdup (project->name);
  copy->report_language = g_strdup (project->report_language);
  copy->prepared_by = g_strdup (project->prepared_by);
  copy->reviewed_by = g_strdup (project->reviewed_by);
  copy->approved_by = g_strdup (project->approved_by);
  copy->signed_on = g_strdup (project->signed_on);
  copy->start_date = g_strdup (project->start_date);
  copy->budget = project->budget;
  copy->settings = project->settings;
  for (guint i = 0; i < project->jobs->len; i++)
    cp_project_add_job (copy, cp_job_dup (g_ptr_array_index (project->jobs, i)));
  for (guint i = 0; i < project->quotes->len; i++)
    cp_project_add_quote (copy, cp_quote_dup (g_ptr_array_index (project->quotes, i)));
  cp_catalog_add_all (copy->custom, project->custom);
  return copy;
}

void
cp_project_add_job (CpProject *project,
                    CpJob     *job)
{
  if (job->id == NULL)
    job->id = cp_project_new_id (project, "job");
  g_ptr_array_add (project->jobs, job);
}

guint
cp_project_remove_job (CpProject *project,
                       guint      job_index)
{
  const CpJob *removed;
  guint changed = 0;

  g_return_val_if_fail (project != NULL && job_index < project->jobs->len, 0);

  removed = g_ptr_array_index (project->jobs, job_index);
  for (guint j = 0; j < project->jobs->len; j++)
    {
      CpJob *job = g_ptr_array_index (project->jobs, j);

      if (j != job_index && removed->id != NULL && g_strcmp0 (job->after_job_id, removed->id) == 0)
        {
          g_clear_pointer (&job->after_job_id, g_free);
          changed++;
        }
    }
  g_ptr_array_remove_index (project->jobs, job_index);
  return changed;
}

void
cp_project_add_quote (CpProject *project,
                      CpQuote   *quote)
{
  if (quote->id == NULL)
    quote->id = cp_project_new_id (project, "quote");
  g_ptr_array_add (project->quotes, quote);
}

const CpModelSpec *
cp_project_find_model (const CpProject *project,
                       const char      *id)
{
  const CpModelSpec *found = cp_catalog_find_model (project->custom, id);

  return found != NULL ? found : cp_catalog_find_model (cp_catalog_get_builtin (), id);
}

const CpGpuSpec *
cp_project_find_gpu (const CpProject *project,
                     const char      *id)
{
  const CpGpuSpec *found = cp_catalog_find_gpu (project->custom, id);

  return found != NULL ? found : cp_catalog_find_gpu (cp_catalog_get_builtin (), id);
}

const CpLinkSpec *
cp_project_find_link (const CpProject *project,
                      const char      *id)
{
  const CpLinkSpec *found = cp_catalog_find_link (project->custom, id);

  return found != NULL ? found : cp_catalog_find_link (cp_catalog_get_builtin (), id);
}

/* cp_plan_new takes a plain array; the structs are copied shallowly and
 * only read. */
static CpQuote *
quotes_array (const CpProject *project)
{
  CpQuote *quotes = g_new (CpQuote, MAX (project->quotes->len, 1));

  for (guint i = 0; i < project->quotes->len; i++)
    quotes[i] = *(const CpQuote *) g_ptr_array_index (project->quotes, i);
  return quotes;
}

CpPlan *
cp_project_plan_job (const CpProject *project,
                     guint            job_index)
{
  CpPlan *plan = cp_project_plan_job_without_robustness (project, job_index);

  cp_project_plan_add_robustness (project, job_index, plan);
  return plan;
}

CpPlan *
cp_project_plan_job_without_robustness (const CpProject *project,
                                    guint            job_index)
{
  g_autofree CpQuote *quotes = NULL;

  g_return_val_if_fail (job_index < project->jobs->len, NULL);

  quotes = quotes_array (project);
  return cp_plan_new_without_robustness (g_ptr_array_index (project->jobs, job_index), quotes,
                                     project->quotes->len, &project->settings);
}

CpPlan *
cp_project_plan_job_reusing (const CpProject *project,
                             guint            job_index,
                             const CpPlan    *earlier,
                             const gboolean  *unchanged)
{
  g_autofree CpQuote *quotes = NULL;

  g_return_val_if_fail (job_index < project->jobs->len, NULL);

  quotes = quotes_array (project);
  return cp_plan_new_reusing (g_ptr_array_index (project->jobs, job_index), quotes, project->quotes->len,
                              &project->settings, earlier, unchanged);
}

void
cp_project_plan_add_robustness (const CpProject *project,
                            guint            job_index,
                            CpPlan          *plan)
{
  g_autofree CpQuote *quotes = NULL;

  g_return_if_fail (job_index < project->jobs->len && plan != NULL);

  quotes = quotes_array (project);
  cp_plan_add_robustness (plan, g_ptr_array_index (project->jobs, job_index), quotes, &project->settings);
}

static gboolean
id_in_use (const CpProject *project,
           const char      *id)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (g_strcmp0 (((CpJob *) g_ptr_array_index (project->jobs, i))->id, id) == 0)
      return TRUE;
  for (guint i = 0; i < project->quotes->len; i++)
    if (g_strcmp0 (((CpQuote *) g_ptr_array_index (project->quotes, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
id_has_prefix (const char *id,
               const char *prefix)
{
  return id != NULL && g_str_has_prefix (id, prefix) && id[strlen (prefix)] == '-';
}

/* Numbered within its own kind, so the first quote of a project that
 * already has a job is quote-1, as a user counting quotes expects. */
char *
cp_project_new_id (const CpProject *project,
                   const char      *prefix)
{
  guint existing = 0;

  for (guint i = 0; i < project->jobs->len; i++)
    existing += id_has_prefix (((CpJob *) g_ptr_array_index (project->jobs, i))->id, prefix);
  for (guint i = 0; i < project->quotes->len; i++)
    existing += id_has_prefix (((CpQuote *) g_ptr_array_index (project->quotes, i))->id, prefix);
  for (guint n = existing + 1;; n++)
    {
      char *id = g_strdup_printf ("%s-%u", prefix, n);
      if (!id_in_use (project, id))
        return id;
      g_free (id);
    }
}

gboolean
cp_project_has_budget (const CpProject *project)
{
  return project->budget > 0 && isfinite (project->budget);
}

GPtrArray *
cp_project_find_problems (const CpProject *project)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  if (!cp_project_validate_text (project, &error))
    {
      /* TRANSLATORS: %s says what is wrong, e.g. "Prepared by: must be at most 200 characters long" */
      g_ptr_array_add (problems, g_strdup_printf (_("Project: %s"), error->message));
      g_clear_error (&error);
    }
  /* A budget written into the file by another program below 0 is none:
   * the reports compare no amount with it. */
  if (!(project->budget >= 0) || !isfinite (project->budget))
    /* TRANSLATORS: a project's budget read from its file is not an amount; the reports leave it out */
    g_ptr_array_add (problems, g_strdup (_("Project: the budget is not an amount of money; the report leaves it out.")));
  for (guint i = 0; i < project->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, i);

      if (!cp_job_validate (job, &error))
        {
          g_autofree char *label = cp_text_label (job->name, job->id);
          g_ptr_array_add (problems,
                           /* TRANSLATORS: a job's name, then what is wrong with it */
                           g_strdup_printf (_("Job “%s”: %s. No option can be planned for it until this is corrected."),
                                            label, error->message));
          g_clear_error (&error);
        }
    }
  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);

      /* Only what makes the quote invalid: one still missing its price or
       * network is shown as incomplete where the plan is shown. */
      if (!cp_quote_validate_figures (quote, &error))
        {
          g_autofree char *label = cp_text_label (quote->vendor, quote->id);
          g_ptr_array_add (problems,
                           /* TRANSLATORS: a vendor's name, then what is wrong with its quote */
                           g_strdup_printf (_("Quote from “%s”: %s. It is left out of every plan until this is corrected."),
                                            label, error->message));
          g_clear_error (&error);
        }
    }
  return problems;
}
