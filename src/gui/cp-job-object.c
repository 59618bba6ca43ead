/* cp-job-object.c: a job of the open project, for list models. */
#include "config.h"

#include <glib/gi18n.h>

#include "report/cp-spec-words.h"

#include "cp-labels.h"
#include "cp-job-object.h"

struct _CpJobObject
{
  GObject  parent_instance;

  CpJob   *job;
  /* What the sidebar shows, to notify only when it changes. */
  char    *title;
  char    *subtitle;
};

G_DEFINE_FINAL_TYPE (CpJobObject, cp_job_object, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TITLE,
  PROP_SUBTITLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

CpJobObject *
cp_job_object_new (CpJob *job)
{
  CpJobObject *self;

  g_return_val_if_fail (job != NULL, NULL);

  self = g_object_new (CP_TYPE_JOB_OBJECT, NULL);
  self->job = job;
  /* The first change notifies only what it changed (as
   * cp_quote_object_new() says). */
  self->title = g_strdup (cp_job_object_get_title (self));
  self->subtitle = cp_job_object_dup_subtitle (self);

  return self;
}

CpJob *
cp_job_object_get_job (CpJobObject *self)
{
  g_return_val_if_fail (CP_IS_JOB_OBJECT (self), NULL);

  return self->job;
}

const char *
cp_job_object_get_title (CpJobObject *self)
{
  g_return_val_if_fail (CP_IS_JOB_OBJECT (self), NULL);

  if (self->job->name != NULL && *self->job->name != '\0')
    return self->job->name;
  return _("Untitled Job");
}

char *
cp_job_object_dup_subtitle (CpJobObject *self)
{
  g_autofree char *model = NULL;

  g_return_val_if_fail (CP_IS_JOB_OBJECT (self), NULL);

  /* A data-processing job has no model: its kind alone, not "Data processing ·". */
  if (self->job->model.name == NULL || *self->job->model.name == '\0')
    return g_strdup (cp_task_kind_label (self->job->kind));
  /* An edited model says so: "LLaMA 7B (edited)". */
  model = cp_words_spec_name (self->job->model.name, self->job->model.source);
  return g_strdup_printf ("%s · %s", cp_task_kind_label (self->job->kind), model);
}

void
cp_job_object_changed (CpJobObject *self)
{
  g_return_if_fail (CP_IS_JOB_OBJECT (self));

  g_autofree char *subtitle = cp_job_object_dup_subtitle (self);

  if (g_strcmp0 (self->title, cp_job_object_get_title (self)) != 0)
    {
      g_free (self->title);
      self->title = g_strdup (cp_job_object_get_title (self));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
  if (g_strcmp0 (self->subtitle, subtitle) != 0)
    {
      g_free (self->subtitle);
      self->subtitle = g_steal_pointer (&subtitle);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBTITLE]);
    }
}

static void
cp_job_object_finalize (GObject *object)
{
  CpJobObject *self = (CpJobObject *) object;

  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->subtitle, g_free);

  G_OBJECT_CLASS (cp_job_object_parent_class)->finalize (object);
}

static void
cp_job_object_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CpJobObject *self = CP_JOB_OBJECT (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, cp_job_object_get_title (self));
      break;
    case PROP_SUBTITLE:
      g_value_take_string (value, cp_job_object_dup_subtitle (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_job_object_class_init (CpJobObjectClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = cp_job_object_get_property;
  object_class->finalize = cp_job_object_finalize;

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cp_job_object_init (CpJobObject *self)
{
}
