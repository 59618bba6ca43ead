/* cp-quote-name.c: a quote's name in a row narrower than it.
 *
 * A GtkLabel cuts a name at one place for all its text. Cut in the
 * middle, as the sidebar and the table cut quotes' names, three quotes
 * of one Shenzhen vendor read "深圳某某算力科…00 SXM服务器" alike at
 * 1024 px, the "8卡H100" that told them apart gone (walk40 F8); cut at
 * the end, "华东智算 — 8×H800 80G SX…" lost the 整机 and 单机 that told
 * two apart (walk38b G14); cut at the start of what follows the vendor,
 * "深圳鹏城…scend 910B2 64GB" lost the GPU's first letter (walk41b
 * F11). Here the vendor and what follows are two labels, the vendor
 * given only the width the rest leaves, down to its head. */
#include "config.h"

#include <string.h>

#include "cp-quote-name.h"

struct _CpQuoteName
{
  GtkWidget  parent_instance;

  char      *text;
  GtkWidget *vendor;        /* "深圳某某算力科技有限公司", cut at its end */
  GtkWidget *rest;          /* " — 8卡H100 SXM服务器", never cut */
  /* The vendor's head that it is never cut shorter than, with the
   * ellipsis, "深圳某某…"; NULL for a name without " — " or a vendor no
   * longer than its head. */
  char      *vendor_head;
};

G_DEFINE_FINAL_TYPE (CpQuoteName, cp_quote_name, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Where cp_quote_display_name() and cp_words_quote_name() put what tells
 * a vendor's quotes apart. */
#define QUOTE_NAME_SEPARATOR " — "
/* The characters of the vendor kept however narrow the row: cut to its
 * ellipsis, "… — 8×H800 80G SXM 整机" named no vendor; four are a
 * Chinese vendor's name ("华东智算") or its start ("深圳鹏城"). */
#define VENDOR_START_CHARS 4

/* The width the vendor is never cut below: all of it, or its head and
 * the ellipsis. */
static int
vendor_least_width (CpQuoteName *self)
{
  g_autoptr(PangoLayout) head = NULL;
  int width;

  if (self->vendor_head == NULL)
    {
      gtk_widget_measure (self->vendor, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
      return width;
    }
  /* The label's own font and margins: its natural width for its head. */
  head = gtk_widget_create_pango_layout (self->vendor, self->vendor_head);
  pango_layout_get_pixel_size (head, &width, NULL);
  return width;
}

static void
cp_quote_name_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  CpQuoteName *self = CP_QUOTE_NAME (widget);
  GtkWidget *parts[] = { self->vendor, self->rest };

  *minimum = *natural = 0;
  *minimum_baseline = *natural_baseline = -1;
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      int part_minimum, part_natural, part_minimum_baseline, part_natural_baseline;

      if (!gtk_widget_should_layout (parts[i]))
        continue;
      /* One line each: a height for any width is the height for none. */
      gtk_widget_measure (parts[i], orientation, -1, &part_minimum, &part_natural,
                          &part_minimum_baseline, &part_natural_baseline);
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          /* Before what follows it, the vendor keeps its head. */
          if (parts[i] == self->vendor && gtk_widget_should_layout (self->rest))
            part_minimum = MIN (vendor_least_width (self), part_natural);
          *minimum += part_minimum;
          *natural += part_natural;
          continue;
        }
      *minimum = MAX (*minimum, part_minimum);
      *natural = MAX (*natural, part_natural);
      *minimum_baseline = MAX (*minimum_baseline, part_minimum_baseline);
      *natural_baseline = MAX (*natural_baseline, part_natural_baseline);
    }
}

static void
cp_quote_name_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  CpQuoteName *self = CP_QUOTE_NAME (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int vendor_minimum, vendor_natural, rest_width = 0;
  int vendor_width;

  gtk_widget_measure (self->vendor, GTK_ORIENTATION_HORIZONTAL, -1, &vendor_minimum, &vendor_natural, NULL, NULL);
  if (gtk_widget_should_layout (self->rest))
    {
      /* What follows the vendor whole: the GPU or the offer that tells
       * one vendor's quotes apart; the vendor cut at its end. */
      gtk_widget_measure (self->rest, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &rest_width, NULL, NULL);
      vendor_minimum = MIN (vendor_least_width (self), vendor_natural);
    }
  vendor_width = CLAMP (width - rest_width, vendor_minimum, vendor_natural);
  gtk_widget_size_allocate (self->vendor,
                            &(GtkAllocation) { rtl ? width - vendor_width : 0, 0, vendor_width, height },
                            baseline);
  if (!gtk_widget_should_layout (self->rest))
    return;
  {
    PangoRectangle shown;

    /* The rest right after the vendor's text, which an ellipsis cuts by
     * whole characters, short of its room: "深圳某某算…  — 8卡…". */
    pango_layout_get_pixel_extents (gtk_label_get_layout (GTK_LABEL (self->vendor)), NULL, &shown);
    if (shown.width < vendor_width)
      vendor_width = shown.width;
  }
  gtk_widget_size_allocate (self->rest,
                            &(GtkAllocation) { rtl ? width - vendor_width - rest_width : vendor_width, 0,
                                               rest_width, height },
                            baseline);
}

static GtkWidget *
part_new (CpQuoteName        *self,
          PangoEllipsizeMode  cut)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (label), cut);
  gtk_widget_set_parent (label, GTK_WIDGET (self));
  return label;
}

GtkWidget *
cp_quote_name_new (void)
{
  return g_object_new (CP_TYPE_QUOTE_NAME, NULL);
}

void
cp_quote_name_set_text (CpQuoteName *self,
                        const char  *text)
{
  const char *separator;

  g_return_if_fail (CP_IS_QUOTE_NAME (self));

  /* Disposed, its row gone, while the binding to its quote holds on. */
  if (self->vendor == NULL || g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  separator = text != NULL ? strstr (text, QUOTE_NAME_SEPARATOR) : NULL;
  g_clear_pointer (&self->vendor_head, g_free);
  if (separator != NULL && separator > text)
    {
      g_autofree char *vendor = g_strndup (text, (gsize) (separator - text));

      gtk_label_set_text (GTK_LABEL (self->vendor), vendor);
      if (g_utf8_strlen (vendor, -1) > VENDOR_START_CHARS)
        {
          g_autofree char *start = g_utf8_substring (vendor, 0, VENDOR_START_CHARS);

          self->vendor_head = g_strconcat (start, "…", NULL);
        }
      gtk_label_set_text (GTK_LABEL (self->rest), separator);
    }
  else
    {
      gtk_label_set_text (GTK_LABEL (self->vendor), text != NULL ? text : "");
      gtk_label_set_text (GTK_LABEL (self->rest), "");
    }
  gtk_widget_set_visible (self->rest, separator != NULL && separator > text);
}

const char *
cp_quote_name_get_text (CpQuoteName *self)
{
  g_return_val_if_fail (CP_IS_QUOTE_NAME (self), NULL);

  return self->text;
}

GtkLabel *
cp_quote_name_get_vendor (CpQuoteName *self)
{
  g_return_val_if_fail (CP_IS_QUOTE_NAME (self), NULL);

  return GTK_LABEL (self->vendor);
}

GtkLabel *
cp_quote_name_get_rest (CpQuoteName *self)
{
  g_return_val_if_fail (CP_IS_QUOTE_NAME (self), NULL);

  return GTK_LABEL (self->rest);
}

/* The name goes with its labels: nothing reads it once they are gone. */
static void
cp_quote_name_dispose (GObject *object)
{
  CpQuoteName *self = CP_QUOTE_NAME (object);

  g_clear_pointer (&self->vendor, gtk_widget_unparent);
  g_clear_pointer (&self->rest, gtk_widget_unparent);
  g_clear_pointer (&self->text, g_free);
  g_clear_pointer (&self->vendor_head, g_free);

  G_OBJECT_CLASS (cp_quote_name_parent_class)->dispose (object);
}

static void
cp_quote_name_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  CpQuoteName *self = CP_QUOTE_NAME (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      cp_quote_name_set_text (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_quote_name_class_init (CpQuoteNameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_quote_name_dispose;
  object_class->set_property = cp_quote_name_set_property;
  widget_class->measure = cp_quote_name_measure;
  widget_class->size_allocate = cp_quote_name_size_allocate;

  /* Written by a binding to the quote's name; read with
   * cp_quote_name_get_text(). */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL, G_PARAM_WRITABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cp_quote_name_init (CpQuoteName *self)
{
  self->vendor = part_new (self, PANGO_ELLIPSIZE_END);
  self->rest = part_new (self, PANGO_ELLIPSIZE_NONE);
  gtk_widget_set_visible (self->rest, FALSE);
}
