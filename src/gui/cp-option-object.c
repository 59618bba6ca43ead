/* cp-option-object.c: one quote's option in a job's plan.
 *
 * One object per row of the table, the option ranked at its place: each
 * recompute updates it in place, notifying only what changed (the quote
 * too, when a change reorders them), and the
 * table's labels are bound to its text properties (GTK 4.8's
 * listview_clocks pattern), so an edit that keeps the ranking re-measures
 * only the cells whose words changed. The numeric properties are what the
 * table sorts by.
 */
#include "config.h"

#include <string.h>

#include "cp-option-object.h"

struct _CpOptionObject
{
  GObject   parent_instance;

  CpOption  option;
  char     *texts[CP_N_OPTION_TEXTS];
  char     *currency;
  gboolean  has_deadline;
};

G_DEFINE_FINAL_TYPE (CpOptionObject, cp_option_object, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RANK,
  PROP_QUOTE_NAME,
  PROP_NODES,
  PROP_FITS,
  PROP_TECHNIQUE,
  PROP_CALENDAR_DAYS,
  PROP_MEETS_DEADLINE,
  PROP_TOTAL_COST,
  PROP_COST_PER_MILLION_OUTPUT_TOKENS,
  PROP_FIRST_TEXT,
  N_PROPS = PROP_FIRST_TEXT + CP_N_OPTION_TEXTS
};

static GParamSpec *properties[N_PROPS];

static const char * const text_properties[CP_N_OPTION_TEXTS] = {
  [CP_OPTION_TEXT_RANK] = "rank-text",
  [CP_OPTION_TEXT_QUOTE] = "quote-text",
  [CP_OPTION_TEXT_COST] = "cost-text",
  [CP_OPTION_TEXT_FITS] = "fits-text",
  [CP_OPTION_TEXT_DEADLINE] = "deadline-text",
  [CP_OPTION_TEXT_DAYS] = "days-text",
  [CP_OPTION_TEXT_NODES] = "nodes-text",
  [CP_OPTION_TEXT_MEMORY] = "memory-text",
  [CP_OPTION_TEXT_TECHNIQUE] = "technique-text",
  [CP_OPTION_TEXT_BREAKDOWN] = "breakdown-text",
  [CP_OPTION_TEXT_QUOTE_CELL] = "quote-cell-text",
  [CP_OPTION_TEXT_TOKEN_COST] = "token-cost-text",
  [CP_OPTION_TEXT_THROUGHPUT] = "throughput-text",
  [CP_OPTION_TEXT_SERVED] = "served-text",
  [CP_OPTION_TEXT_COST_RANGE] = "cost-range-text",
  [CP_OPTION_TEXT_DAYS_RANGE] = "days-range-text",
  [CP_OPTION_TEXT_TOKEN_COST_BASIS] = "token-cost-basis-text",
  [CP_OPTION_TEXT_GPUS] = "gpus-text",
  [CP_OPTION_TEXT_NODES_OFFERED] = "nodes-offered-text",
  [CP_OPTION_TEXT_QUOTE_SHORT] = "quote-short-text",
  [CP_OPTION_TEXT_SERVING_DETAILS] = "serving-details-text",
};

const char *
cp_option_text_property (CpOptionText text)
{
  g_return_val_if_fail ((guint) text < CP_N_OPTION_TEXTS, NULL);

  return text_properties[text];
}

CpOptionObject *
cp_option_object_new (void)
{
  return g_object_new (CP_TYPE_OPTION_OBJECT, NULL);
}

void
cp_option_object_update (CpOptionObject     *self,
                         const CpOption     *option,
                         const char * const  texts[CP_N_OPTION_TEXTS],
                         const char         *currency,
                         gboolean            has_deadline)
{
  CpOption old;
  const CpEstimate *a, *b;

  g_return_if_fail (CP_IS_OPTION_OBJECT (self));
  g_return_if_fail (option != NULL);

  old = self->option;
  self->option = *option;
  self->has_deadline = has_deadline;
  if (g_strcmp0 (self->currency, currency) != 0)
    {
      g_free (self->currency);
      self->currency = g_strdup (currency);
    }

  g_object_freeze_notify (G_OBJECT (self));

  a = &old.estimate;
  b = &option->estimate;
  if (old.rank != option->rank)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RANK]);
  if (a->nodes != b->nodes)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NODES]);
  if (a->fits != b->fits)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FITS]);
  if (a->technique != b->technique)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TECHNIQUE]);
  if (a->calendar_days != b->calendar_days)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CALENDAR_DAYS]);
  if (a->meets_deadline != b->meets_deadline)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MEETS_DEADLINE]);
  if (a->total_cost != b->total_cost)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOTAL_COST]);
  if (a->cost_per_million_output_tokens != b->cost_per_million_output_tokens)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COST_PER_MILLION_OUTPUT_TOKENS]);

  for (guint i = 0; i < CP_N_OPTION_TEXTS; i++)
    {
      if (g_strcmp0 (self->texts[i], texts[i]) == 0)
        continue;
      g_free (self->texts[i]);
      self->texts[i] = g_strdup (texts[i]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FIRST_TEXT + i]);
      if (i == CP_OPTION_TEXT_QUOTE)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_QUOTE_NAME]);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

const CpOption *
cp_option_object_get_option (CpOptionObject *self)
{
  g_return_val_if_fail (CP_IS_OPTION_OBJECT (self), NULL);

  return &self->option;
}

const char *
cp_option_object_get_quote_name (CpOptionObject *self)
{
  g_return_val_if_fail (CP_IS_OPTION_OBJECT (self), NULL);

  return self->texts[CP_OPTION_TEXT_QUOTE];
}

const char *
cp_option_object_get_currency (CpOptionObject *self)
{
  g_return_val_if_fail (CP_IS_OPTION_OBJECT (self), NULL);

  return self->currency;
}

gboolean
cp_option_object_get_has_deadline (CpOptionObject *self)
{
  g_return_val_if_fail (CP_IS_OPTION_OBJECT (self), FALSE);

  return self->has_deadline;
}

const char *
cp_option_object_get_text (CpOptionObject *self,
                           CpOptionText    text)
{
  g_return_val_if_fail (CP_IS_OPTION_OBJECT (self), NULL);
  g_return_val_if_fail ((guint) text < CP_N_OPTION_TEXTS, NULL);

  return self->texts[text];
}

static void
cp_option_object_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CpOptionObject *self = CP_OPTION_OBJECT (object);
  const CpEstimate *estimate = &self->option.estimate;

  if (prop_id >= PROP_FIRST_TEXT && prop_id < N_PROPS)
    {
      g_value_set_string (value, self->texts[prop_id - PROP_FIRST_TEXT]);
      return;
    }

  switch (prop_id)
    {
    case PROP_RANK:
      g_value_set_uint (value, self->option.rank);
      break;
    case PROP_QUOTE_NAME:
      g_value_set_string (value, self->texts[CP_OPTION_TEXT_QUOTE]);
      break;
    case PROP_NODES:
      g_value_set_uint (value, estimate->nodes);
      break;
    case PROP_FITS:
      g_value_set_boolean (value, estimate->fits);
      break;
    case PROP_TECHNIQUE:
      g_value_set_int (value, estimate->technique);
      break;
    case PROP_CALENDAR_DAYS:
      g_value_set_double (value, estimate->calendar_days);
      break;
    case PROP_MEETS_DEADLINE:
      g_value_set_boolean (value, estimate->meets_deadline);
      break;
    case PROP_TOTAL_COST:
      g_value_set_double (value, estimate->total_cost);
      break;
    case PROP_COST_PER_MILLION_OUTPUT_TOKENS:
      g_value_set_double (value, estimate->cost_per_million_output_tokens);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_option_object_finalize (GObject *object)
{
  CpOptionObject *self = (CpOptionObject *) object;

  for (guint i = 0; i < CP_N_OPTION_TEXTS; i++)
    g_clear_pointer (&self->texts[i], g_free);
  g_clear_pointer (&self->currency, g_free);

  G_OBJECT_CLASS (cp_option_object_parent_class)->finalize (object);
}

static void
cp_option_object_class_init (CpOptionObjectClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = cp_option_object_get_property;
  object_class->finalize = cp_option_object_finalize;

  properties[PROP_RANK] = g_param_spec_uint ("rank", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_QUOTE_NAME] = g_param_spec_string ("quote-name", NULL, NULL, NULL, flags);
  properties[PROP_NODES] = g_param_spec_uint ("nodes", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_FITS] = g_param_spec_boolean ("fits", NULL, NULL, FALSE, flags);
  properties[PROP_TECHNIQUE] = g_param_spec_int ("technique", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_CALENDAR_DAYS] = g_param_spec_double ("calendar-days", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  properties[PROP_MEETS_DEADLINE] = g_param_spec_boolean ("meets-deadline", NULL, NULL, FALSE, flags);
  properties[PROP_TOTAL_COST] = g_param_spec_double ("total-cost", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  properties[PROP_COST_PER_MILLION_OUTPUT_TOKENS] =
    g_param_spec_double ("cost-per-million-output-tokens", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  for (guint i = 0; i < CP_N_OPTION_TEXTS; i++)
    properties[PROP_FIRST_TEXT + i] = g_param_spec_string (text_properties[i], NULL, NULL, NULL, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cp_option_object_init (CpOptionObject *self)
{
}
