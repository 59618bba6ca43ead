/* cp-demo.c: the demo project from its GKeyFile source. */

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

#include "cp-demo.h"
#include "cp-fields.h"

#define DEMO_RESOURCE RESOURCE_PREFIX "/demo/demo-project.ini"

static gboolean
group_error (GError **error, const char *group, const char *key, const char *problem)
{
  g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
               /* Translators: a group and a key of the demo project file */
               _("[%s] %s: %s"), group, key, problem);
  return FALSE;
}

/* Applies every key of @group to @record through @table, except the
 * @n_special keys the caller handles. */
static gboolean
apply_keys (GKeyFile           *kf,
            const char         *group,
            const CpFieldTable *table,
            void               *record,
            const char * const *special,
            GError            **error)
{
  g_auto(GStrv) keys = g_key_file_get_keys (kf, group, NULL, error);

  if (keys == NULL)
    return FALSE;
  for (guint i = 0; keys[i]; i++)
    {
      g_autofree char *column = g_strdelimit (g_strdup (keys[i]), "-", '_');
      g_autofree char *value = NULL;
      g_autoptr(GError) local = NULL;
      const CpField *field;

      if (special && g_strv_contains (special, keys[i]))
        continue;
      field = cp_fields_find (table, column);
      if (field == NULL)
        return group_error (error, group, keys[i], _("unknown key"));
      value = g_key_file_get_string (kf, group, keys[i], error);
      if (value == NULL)
        return FALSE;
      if (!cp_field_set_from_string (field, record, value, &local))
        return group_error (error, group, keys[i], local->message);
    }
  return TRUE;
}

static CpJob *
read_job (GKeyFile *kf, const char *group, const CpProject *project, GError **error)
{
  static const char * const special[] = { "kind", "model", NULL };
  g_autofree char *kind_text = g_key_file_get_string (kf, group, "kind", error);
  g_autofree char *model_id = NULL;
  g_autoptr(CpJob) job = NULL;
  CpTaskKind kind;

  if (kind_text == NULL)
    return NULL;
  if (!cp_task_kind_from_string (kind_text, &kind))
    {
      group_error (error, group, "kind", _("unknown task kind"));
      return NULL;
    }
  job = cp_job_new (kind);

  model_id = g_key_file_get_string (kf, group, "model", NULL);
  if (model_id)
    {
      const CpModelSpec *model = cp_project_find_model (project, model_id);
      if (model == NULL)
        {
          group_error (error, group, "model", _("not in the catalogue"));
          return NULL;
        }
      cp_job_set_model (job, model);
    }

  g_free (job->id);
  job->id = g_strdup (group + strlen ("job "));
  if (!apply_keys (kf, group, &cp_fields_job, job, special, error))
    return NULL;
  return g_steal_pointer (&job);
}

static CpQuote *
read_quote (GKeyFile *kf, const char *group, const CpProject *project, GError **error)
{
  static const char * const special[] = { "gpu", "intra-link", NULL };
  g_autofree char *gpu_id = g_key_file_get_string (kf, group, "gpu", error);
  g_autofree char *link_id = NULL;
  g_autoptr(CpQuote) quote = cp_quote_new ();
  const CpGpuSpec *gpu;
  const CpLinkSpec *link;

  if (gpu_id == NULL)
    return NULL;
  gpu = cp_project_find_gpu (project, gpu_id);
  if (gpu == NULL)
    {
      group_error (error, group, "gpu", _("not in the catalogue"));
      return NULL;
    }
  cp_quote_set_gpu (quote, gpu);

  link_id = g_key_file_get_string (kf, group, "intra-link", NULL);
  link = cp_project_find_link (project, link_id ? link_id : gpu->default_intra_link);
  if (link == NULL)
    {
      group_error (error, group, "intra-link", _("not in the catalogue"));
      return NULL;
    }
  cp_quote_set_intra_link (quote, link);

  g_free (quote->id);
  quote->id = g_strdup (group + strlen ("quote "));
  if (!apply_keys (kf, group, &cp_fields_quote, quote, special, error))
    return NULL;
  return g_steal_pointer (&quote);
}

static gboolean
read_project_group (GKeyFile *kf, CpProject *project, GError **error)
{
  static const char * const special[] = {
    "name", "report-language", "prepared-by", "reviewed-by", "approved-by", "signed-on", "start-date", NULL
  };
  char **strings[] = {
    &project->name, &project->report_language, &project->prepared_by, &project->reviewed_by,
    &project->approved_by, &project->signed_on, &project->start_date
  };

  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    {
      char *value = g_key_file_get_string (kf, "project", special[i], NULL);
      if (value)
        {
          g_free (*strings[i]);
          *strings[i] = value;
        }
    }
  return apply_keys (kf, "project", &cp_fields_settings, &project->settings, special, error);
}

CpProject *
cp_demo_project_from_data (const char *data,
                           gsize       len,
                           GError    **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(CpProject) project = cp_project_new ();
  g_auto(GStrv) groups = NULL;

  if (!g_key_file_load_from_data (kf, data, len, G_KEY_FILE_NONE, error))
    return NULL;
  if (!g_key_file_has_group (kf, "project"))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND,
                   _("the demo project has no [project] group"));
      return NULL;
    }
  if (!read_project_group (kf, project, error))
    return NULL;

  /* Quotes first: a job's trial run may name one. */
  groups = g_key_file_get_groups (kf, NULL);
  for (guint i = 0; groups[i]; i++)
    if (g_str_has_prefix (groups[i], "quote "))
      {
        CpQuote *quote = read_quote (kf, groups[i], project, error);
        if (quote == NULL)
          return NULL;
        cp_project_add_quote (project, quote);
      }
  for (guint i = 0; groups[i]; i++)
    if (g_str_has_prefix (groups[i], "job "))
      {
        CpJob *job = read_job (kf, groups[i], project, error);
        if (job == NULL)
          return NULL;
        cp_project_add_job (project, job);
      }
    else if (strcmp (groups[i], "project") != 0 && !g_str_has_prefix (groups[i], "quote "))
      {
        group_error (error, groups[i], "", _("unknown group"));
        return NULL;
      }
  return g_steal_pointer (&project);
}

CpProject *
cp_demo_project_new (GError **error)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data (DEMO_RESOURCE, G_RESOURCE_LOOKUP_FLAGS_NONE,
                                                     error);
  gsize len;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &len);
  return cp_demo_project_from_data (data, len, error);
}
