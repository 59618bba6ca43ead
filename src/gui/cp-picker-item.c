/* cp-picker-item.c: one entry of a picker.
 *
 * Items are immutable: a picker replaces an item to change its label, so
 * that the drop-down, which evaluates its expression once per bind, shows
 * the new text. An entry named short in the list ("8 × RTX 4090 24GB ·
 * 示例供应商 A") keeps its whole name for the tooltip and the search.
 */
#include "config.h"

#include "cp-picker-item.h"

struct _CpPickerItem
{
  GObject  parent_instance;

  char    *id;
  char    *label;
  char    *whole_name;  /* NULL where the label is the whole name */
};

G_DEFINE_FINAL_TYPE (CpPickerItem, cp_picker_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

CpPickerItem *
cp_picker_item_new (const char *id,
                    const char *label,
                    const char *whole_name)
{
  CpPickerItem *self = g_object_new (CP_TYPE_PICKER_ITEM, NULL);

  self->id = g_strdup (id);
  self->label = g_strdup (label);
  if (g_strcmp0 (whole_name, label) != 0)
    self->whole_name = g_strdup (whole_name);
  return self;
}

const char *
cp_picker_item_get_id (CpPickerItem *self)
{
  g_return_val_if_fail (CP_IS_PICKER_ITEM (self), NULL);

  return self->id;
}

const char *
cp_picker_item_get_label (CpPickerItem *self)
{
  g_return_val_if_fail (CP_IS_PICKER_ITEM (self), NULL);

  return self->label;
}

const char *
cp_picker_item_get_whole_name (CpPickerItem *self)
{
  g_return_val_if_fail (CP_IS_PICKER_ITEM (self), NULL);

  return self->whole_name != NULL ? self->whole_name : self->label;
}

static void
cp_picker_item_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CpPickerItem *self = CP_PICKER_ITEM (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_picker_item_finalize (GObject *object)
{
  CpPickerItem *self = (CpPickerItem *) object;

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->whole_name, g_free);

  G_OBJECT_CLASS (cp_picker_item_parent_class)->finalize (object);
}

static void
cp_picker_item_class_init (CpPickerItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = cp_picker_item_get_property;
  object_class->finalize = cp_picker_item_finalize;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cp_picker_item_init (CpPickerItem *self)
{
}
