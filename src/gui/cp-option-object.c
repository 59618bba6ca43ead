/* cp-option-object.c: one quote's option in a job's plan.
 *
 * The properties are what the comparison table sorts by.
 */
#include "config.h"

#include "cp-option-object.h"

struct _CpOptionObject
{
  GObject   parent_instance;

  CpOption  option;
  char     *quote_name;
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
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

CpOptionObject *
cp_option_object_new (const CpOption *option,
                      const char     *quote_name,
                      const char     *currency,
                      gboolean        has_deadline)
{
  CpOptionObject *self;

  g_return_val_if_fail (option != NULL, NULL);

  self = g_object_new (CP_TYPE_OPTION_OBJECT, NULL);
  self->option = *option;
  self->quote_name = g_strdup (quote_name);
  self->currency = g_strdup (currency);
  self->has_deadline = has_deadline;

  return self;
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

  return self->quote_name;
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

static void
cp_option_object_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CpOptionObject *self = CP_OPTION_OBJECT (object);
  const CpEstimate *estimate = &self->option.estimate;

  switch (prop_id)
    {
    case PROP_RANK:
      g_value_set_uint (value, self->option.rank);
      break;
    case PROP_QUOTE_NAME:
      g_value_set_string (value, self->quote_name);
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_option_object_finalize (GObject *object)
{
  CpOptionObject *self = (CpOptionObject *) object;

  g_clear_pointer (&self->quote_name, g_free);
  g_clear_pointer (&self->currency, g_free);

  G_OBJECT_CLASS (cp_option_object_parent_class)->finalize (object);
}

static void
cp_option_object_class_init (CpOptionObjectClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

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

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cp_option_object_init (CpOptionObject *self)
{
}
