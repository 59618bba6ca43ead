/* cp-project-merge.c: adding one project to another. */

#include "config.h"

#include <string.h>

#include "cp-project-merge.h"

static gboolean
has_job_id (const CpProject *project, const char *id)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (g_strcmp0 (((const CpJob *) g_ptr_array_index (project->jobs, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
has_quote_id (const CpProject *project, const char *id)
{
  for (guint i = 0; i < project->quotes->len; i++)
    if (g_strcmp0 (((const CpQuote *) g_ptr_array_index (project->quotes, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static void
merge_catalogue (CpProject *project, const CpCatalog *from, CpMergeCounts *counts)
{
  for (guint i = 0; i < cp_catalog_n_models (from); i++)
    {
      const CpModelSpec *m = cp_catalog_get_model (from, i);
      if (cp_catalog_find_model (project->custom, m->id))
        counts->catalogue_entries_kept++;
      else
        {
          cp_catalog_add_model (project->custom, m);
          counts->catalogue_entries++;
        }
    }
  for (guint i = 0; i < cp_catalog_n_gpus (from); i++)
    {
      const CpGpuSpec *g = cp_catalog_get_gpu (from, i);
      if (cp_catalog_find_gpu (project->custom, g->id))
        counts->catalogue_entries_kept++;
      else
        {
          cp_catalog_add_gpu (project->custom, g);
          counts->catalogue_entries++;
        }
    }
  for (guint i = 0; i < cp_catalog_n_links (from); i++)
    {
      const CpLinkSpec *l = cp_catalog_get_link (from, i);
      if (cp_catalog_find_link (project->custom, l->id))
        counts->catalogue_entries_kept++;
      else
        {
          cp_catalog_add_link (project->custom, l);
          counts->catalogue_entries++;
        }
    }
}

void
cp_project_merge_from (CpProject     *project,
                       CpProject     *from,
                       CpMergeCounts *counts)
{
  g_autoptr(GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) renamed_jobs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint first_new_job = project->jobs->len;

  memset (counts, 0, sizeof *counts);
  merge_catalogue (project, from->custom, counts);

  while (from->quotes->len > 0)
    {
      CpQuote *quote = g_ptr_array_steal_index (from->quotes, 0);

      if (quote->id == NULL || has_quote_id (project, quote->id))
        {
          char *fresh = cp_project_new_id (project, "quote");
          if (quote->id)
            g_hash_table_insert (renamed, g_strdup (quote->id), g_strdup (fresh));
          g_free (quote->id);
          quote->id = fresh;
        }
      cp_project_add_quote (project, quote);
      counts->quotes++;
    }

  while (from->jobs->len > 0)
    {
      CpJob *job = g_ptr_array_steal_index (from->jobs, 0);
      const char *trial_quote = job->trial.quote_id
                                ? g_hash_table_lookup (renamed, job->trial.quote_id) : NULL;

      if (trial_quote)
        {
          g_free (job->trial.quote_id);
          job->trial.quote_id = g_strdup (trial_quote);
        }
      if (job->id == NULL || has_job_id (project, job->id))
        {
          char *fresh = cp_project_new_id (project, "job");
          if (job->id)
            g_hash_table_insert (renamed_jobs, g_strdup (job->id), g_strdup (fresh));
          g_free (job->id);
          job->id = fresh;
        }
      cp_project_add_job (project, job);
      counts->jobs++;
    }

  /* A job added starts after the job of its own project it started after,
   * under that job's new id. */
  for (guint i = first_new_job; i < project->jobs->len; i++)
    {
      CpJob *job = g_ptr_array_index (project->jobs, i);
      const char *after = job->after_job_id ? g_hash_table_lookup (renamed_jobs, job->after_job_id) : NULL;

      if (after)
        {
          g_free (job->after_job_id);
          job->after_job_id = g_strdup (after);
        }
    }
}
