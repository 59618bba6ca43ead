/* cp-quote-object.c: a quote of the open project, for list models. */
#include "config.h"

#include <glib/gi18n.h>

#include "report/cp-vendor-name.h"

#include "cp-labels.h"
#include "cp-quote-object.h"

struct _CpQuoteObject
{
  GObject  parent_instance;

  CpQuote   *quote;
  const CpProject *project;     /* which holds the quote */
  /* What the sidebar shows, to notify only when it changes. */
  char      *title;
  char      *short_title;
  char      *subtitle;
};

G_DEFINE_FINAL_TYPE (CpQuoteObject, cp_quote_object, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TITLE,
  PROP_SHORT_TITLE,
  PROP_SUBTITLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

CpQuoteObject *
cp_quote_object_new (CpQuote         *quote,
                     const CpProject *project)
{
  CpQuoteObject *self;

  g_return_val_if_fail (quote != NULL, NULL);
  g_return_val_if_fail (project != NULL, NULL);

  self = g_object_new (CP_TYPE_QUOTE_OBJECT, NULL);
  self->quote = quote;
  self->project = project;
  /* What the sidebar shows from the start: the project's first change
   * then notifies only what it changed. Left unset, it notified every
   * quote's title and subtitle, and each set its row's tooltip, which in
   * GTK 4.8 asks the X server where the pointer is: 140 round trips on
   * the first edit of a 20 × 50 project. */
  self->title = g_strdup (cp_quote_object_get_title (self));
  self->short_title = cp_quote_short_name (self->quote, self->project->quotes);
  self->subtitle = cp_quote_object_dup_subtitle (self);

  return self;
}

CpQuote *
cp_quote_object_get_quote (CpQuoteObject *self)
{
  g_return_val_if_fail (CP_IS_QUOTE_OBJECT (self), NULL);

  return self->quote;
}

const char *
cp_quote_object_get_title (CpQuoteObject *self)
{
  g_return_val_if_fail (CP_IS_QUOTE_OBJECT (self), NULL);

  /* The name the results, the charts and the reports give it. */
  return cp_quote_display_name (self->quote, self->project->quotes);
}

char *
cp_quote_object_dup_subtitle (CpQuoteObject *self)
{
  g_return_val_if_fail (CP_IS_QUOTE_OBJECT (self), NULL);

  CpQuoteMissing missing = cp_quote_get_missing_in (self->quote, &self->project->settings);

  if (missing != CP_QUOTE_MISSING_NONE)
    {
      g_autofree char *what = cp_labels_quote_missing (missing);

      /* TRANSLATORS: sidebar subtitle of a quote left out of the ranking; %s says what is missing */
      return g_strdup_printf (_("Incomplete: %s"), what);
    }

  /* A quote without an offer name shows the hardware alone, not "· 4 × …";
   * so does one whose offer is named after its GPU, as the CLI's add-quote
   * names it by default: "2 × 8 × NVIDIA H800 SXM 80GB · NVIDIA H800 SXM
   * 80GB" took three lines of a 316-px sidebar at 2,560 px to say it twice. */
  if (self->quote->offer_name == NULL || *self->quote->offer_name == '\0' ||
      g_strcmp0 (self->quote->offer_name, self->quote->gpu.name) == 0)
    /* TRANSLATORS: sidebar subtitle of a quote without an offer name: nodes × GPUs per node × GPU name */
    return g_strdup_printf (_("%u × %u × %s"),
                            self->quote->nodes_available, self->quote->gpus_per_node,
                            self->quote->gpu.name ? self->quote->gpu.name : "");

  /* The hardware first: cut at its end in a narrow sidebar, the line
   * loses the offer's name, never the GPU that tells quotes apart. */
  /* TRANSLATORS: nodes × GPUs per node × GPU name · offer name */
  return g_strdup_printf (_("%u × %u × %s · %s"),
                          self->quote->nodes_available, self->quote->gpus_per_node,
                          self->quote->gpu.name ? self->quote->gpu.name : "",
                          self->quote->offer_name);
}

void
cp_quote_object_changed (CpQuoteObject *self)
{
  g_return_if_fail (CP_IS_QUOTE_OBJECT (self));

  g_autofree char *subtitle = cp_quote_object_dup_subtitle (self);
  g_autofree char *short_title = cp_quote_short_name (self->quote, self->project->quotes);

  if (g_strcmp0 (self->title, cp_quote_object_get_title (self)) != 0)
    {
      g_free (self->title);
      self->title = g_strdup (cp_quote_object_get_title (self));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
  if (g_strcmp0 (self->short_title, short_title) != 0)
    {
      g_free (self->short_title);
      self->short_title = g_steal_pointer (&short_title);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHORT_TITLE]);
    }
  if (g_strcmp0 (self->subtitle, subtitle) != 0)
    {
      g_free (self->subtitle);
      self->subtitle = g_steal_pointer (&subtitle);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBTITLE]);
    }
}

static void
cp_quote_object_finalize (GObject *object)
{
  CpQuoteObject *self = (CpQuoteObject *) object;

  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->short_title, g_free);
  g_clear_pointer (&self->subtitle, g_free);

  G_OBJECT_CLASS (cp_quote_object_parent_class)->finalize (object);
}

static void
cp_quote_object_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CpQuoteObject *self = CP_QUOTE_OBJECT (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, cp_quote_object_get_title (self));
      break;
    case PROP_SHORT_TITLE:
      g_value_set_string (value, self->short_title);
      break;
    case PROP_SUBTITLE:
      g_value_take_string (value, cp_quote_object_dup_subtitle (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_quote_object_class_init (CpQuoteObjectClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = cp_quote_object_get_property;
  object_class->finalize = cp_quote_object_finalize;

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* The title with its vendor shortened and the GPU in sight
   * (cp_quote_short_name()), where a row is narrower than the title. */
  properties[PROP_SHORT_TITLE] =
    g_param_spec_string ("short-title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cp_quote_object_init (CpQuoteObject *self)
{
}
