/* cp-quote-name.c: a quote's name in a row narrower than it.
 *
 * A GtkLabel cuts a name at one place for all its text. Cut in the
 * middle, as the sidebar and the table cut quotes' names, three quotes
 * of one Shenzhen vendor read "深圳某某算力科…00 SXM服务器" alike at
 * 1024 px, the "8卡H100" that told them apart gone (walk40 F8); cut at
 * the end, "华东智算 — 8×H800 80G SX…" lost the 整机 and 单机 that told
 * two apart (walk38b G14). Here the vendor and what follows are two
 * labels, the vendor given only the width the rest leaves. */
#include "config.h"

#include <string.h>

#include "cp-quote-name.h"

struct _CpQuoteName
{
  GtkWidget  parent_instance;

  char      *text;
  GtkWidget *vendor;        /* "深圳某某算力科技有限公司", cut at its end */
  /* The vendor shown instead while the rest is cut too: its first
   * characters with no ellipsis of their own, the rest's starting it,
   * "深圳某某…卡H100 SXM服务器" (two read "深圳某某……卡H100"); empty
   * for a name without " — " or a vendor no longer than that. */
  GtkWidget *vendor_start;
  GtkWidget *rest;          /* " — 8卡H100 SXM服务器" */
  /* A vendor of words ("SZ GPU Cloud") is cut only between them: its
   * labels whole and then shorter by a word each ("SZ GPU…", "SZ…"),
   * the first that fits with the rest shown. Cut by Pango it read "SZ
   * GP… — 8x H20 141GB bare-metal" and "Huaw… scend 910B2 64GB"
   * (walk37 F7). Empty for a vendor of one word ("深圳某某算力"), which
   * @vendor and @vendor_start show as above. */
  GPtrArray *vendor_words;
  /* And with them what follows, whole and then without its first words,
   * an ellipsis before ("…910B2 64GB"); its last also cut at its start
   * by Pango where even that does not fit. @rest is hidden. */
  GPtrArray *rest_words;
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
/* The characters of the vendor kept before the rest is cut too: cut to
 * its ellipsis, "… — 8×H800 80G SXM 整机" named no vendor; four are a
 * Chinese vendor's name ("华东智算") or its start ("深圳某某"). */
#define VENDOR_START_CHARS 4

static void measure_words (CpQuoteName *self, GtkOrientation orientation, int *minimum, int *natural,
                           int *minimum_baseline, int *natural_baseline);

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
  if (self->vendor_words->len > 0)
    {
      measure_words (self, orientation, minimum, natural, minimum_baseline, natural_baseline);
      return;
    }
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
          /* A vendor no longer than its start is not cut before the rest
           * (cp_quote_name_size_allocate()). */
          if (parts[i] == self->vendor && gtk_widget_should_layout (self->rest) &&
              *gtk_label_get_label (GTK_LABEL (self->vendor_start)) == '\0')
            part_minimum = part_natural;
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

/* The widest of @cuts (labels) that leaves @room_px for what is beside
 * it, from @from, and its width; else the last. */
static guint
widest_fitting (GPtrArray *cuts,
                guint      from,
                guint      to,
                int        room_px,
                int       *width_px)
{
  for (guint i = from; i < to; i++)
    {
      int cut_natural;

      gtk_widget_measure (g_ptr_array_index (cuts, i), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &cut_natural, NULL, NULL);
      if (cut_natural <= room_px || i + 1 == to)
        {
          *width_px = cut_natural;
          return i;
        }
    }
  *width_px = 0;
  return from;
}

/* Allocates the cut @shown of @cuts at @x, @width_px wide; the others
 * hidden by child visibility, which asks no new size of the row. */
static void
allocate_cuts (GPtrArray *cuts,
               guint      shown,
               int        x,
               int        width_px,
               int        height,
               int        baseline)
{
  for (guint i = 0; i < cuts->len; i++)
    {
      GtkWidget *cut = g_ptr_array_index (cuts, i);
      int cut_minimum;

      gtk_widget_set_child_visible (cut, i == shown);
      gtk_widget_measure (cut, GTK_ORIENTATION_HORIZONTAL, -1, &cut_minimum, NULL, NULL, NULL);
      gtk_widget_size_allocate (cut, &(GtkAllocation) { x, 0, MAX (i == shown ? width_px : 0, cut_minimum), height },
                                baseline);
    }
}

/* A vendor of words: the longest of its cuts that leaves the rest whole
 * ("Huawei… — Ascend 910B2 64GB"); else its first word and the rest
 * without its first words ("Huawei…910B2 64GB"); never inside a word
 * while the last of them fits. */
static void
allocate_vendor_words (CpQuoteName *self,
                       int          width,
                       int          height,
                       int          baseline)
{
  gboolean rtl = gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL;
  guint n_vendor = self->vendor_words->len, vendor, rest = 0;
  int vendor_px, rest_px;

  gtk_widget_measure (g_ptr_array_index (self->rest_words, 0), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &rest_px,
                      NULL, NULL);
  /* The last, the first word bare, only beside a rest cut. */
  vendor = widest_fitting (self->vendor_words, 0, MAX (n_vendor - 1, 1), width - rest_px, &vendor_px);
  if (vendor_px + rest_px > width && n_vendor > 1)
    {
      vendor = n_vendor - 1;
      gtk_widget_measure (g_ptr_array_index (self->vendor_words, vendor), GTK_ORIENTATION_HORIZONTAL, -1, NULL,
                          &vendor_px, NULL, NULL);
      rest = widest_fitting (self->rest_words, 1, self->rest_words->len, width - vendor_px, &rest_px);
    }
  rest_px = MIN (rest_px, MAX (width - vendor_px, 0));
  allocate_cuts (self->vendor_words, vendor, rtl ? width - vendor_px : 0, vendor_px, height, baseline);
  allocate_cuts (self->rest_words, rest, rtl ? width - vendor_px - rest_px : vendor_px, rest_px, height, baseline);
}

/* A vendor of words at its whole name's width at most, and at the least
 * its first word's and the rest's last cut's. */
static void
measure_words (CpQuoteName    *self,
               GtkOrientation  orientation,
               int            *minimum,
               int            *natural,
               int            *minimum_baseline,
               int            *natural_baseline)
{
  GPtrArray *parts[] = { self->vendor_words, self->rest_words };

  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    for (guint i = 0; i < parts[p]->len; i++)
      {
        int cut_minimum, cut_natural, cut_minimum_baseline, cut_natural_baseline;

        gtk_widget_measure (g_ptr_array_index (parts[p], i), orientation, -1, &cut_minimum, &cut_natural,
                            &cut_minimum_baseline, &cut_natural_baseline);
        if (orientation == GTK_ORIENTATION_HORIZONTAL)
          {
            if (i == 0)
              *natural += cut_natural;
            if (i + 1 == parts[p]->len)
              *minimum += p == 0 ? cut_natural : cut_minimum;
            continue;
          }
        *minimum = MAX (*minimum, cut_minimum);
        *natural = MAX (*natural, cut_natural);
        *minimum_baseline = MAX (*minimum_baseline, cut_minimum_baseline);
        *natural_baseline = MAX (*natural_baseline, cut_natural_baseline);
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
  gboolean has_start = *gtk_label_get_label (GTK_LABEL (self->vendor_start)) != '\0';
  int vendor_minimum, vendor_natural, start_width, rest_minimum, rest_natural;
  int vendor_width, rest_width = 0;
  GtkWidget *vendor = self->vendor, *hidden = self->vendor_start;

  if (self->vendor_words->len > 0)
    {
      allocate_vendor_words (self, width, height, baseline);
      return;
    }
  gtk_widget_measure (self->vendor, GTK_ORIENTATION_HORIZONTAL, -1, &vendor_minimum, &vendor_natural, NULL, NULL);
  gtk_widget_measure (self->vendor_start, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &start_width, NULL, NULL);
  if (gtk_widget_should_layout (self->rest))
    {
      gtk_widget_measure (self->rest, GTK_ORIENTATION_HORIZONTAL, -1, &rest_minimum, &rest_natural, NULL, NULL);
      /* The rest whole while the vendor can still shrink to its start
       * and an ellipsis; then its start alone, and the rest cut at its
       * start, where one vendor's offers are alike ("8卡"), its GPU and
       * its end in sight ("…H100 SXM服务器", "…SXM 整机"). A vendor no
       * longer than its start stays whole. */
      if (!has_start)
        vendor_minimum = vendor_natural;
      else if (vendor_natural > width - rest_natural && width - rest_natural < start_width + vendor_minimum)
        {
          /* The rest's ellipsis says the vendor was cut: "深圳某某 — 8卡
           * H100…" read as a vendor called 深圳某某. The vendor label's
           * least width is its ellipsis's. */
          rest_natural = MAX (rest_natural - vendor_minimum, rest_minimum);
          vendor = self->vendor_start;
          hidden = self->vendor;
          vendor_minimum = vendor_natural = start_width;
        }
      else
        vendor_minimum = MIN (start_width + vendor_minimum, vendor_natural);
      rest_width = CLAMP (width - vendor_minimum, rest_minimum, rest_natural);
    }
  /* Child visibility, which asks no new size of the row. */
  gtk_widget_set_child_visible (vendor, TRUE);
  gtk_widget_set_child_visible (hidden, FALSE);
  vendor_width = CLAMP (width - rest_width, vendor_minimum, vendor_natural);
  gtk_widget_size_allocate (vendor,
                            &(GtkAllocation) { rtl ? width - vendor_width : 0, 0, vendor_width, height },
                            baseline);
  {
    PangoRectangle shown;

    /* The rest right after the vendor's text, which an ellipsis cuts by
     * whole characters, short of its room: "深圳某某算…  — 8卡…". */
    pango_layout_get_pixel_extents (gtk_label_get_layout (GTK_LABEL (vendor)), NULL, &shown);
    if (shown.width < vendor_width && gtk_widget_should_layout (self->rest))
      {
        rest_width = MIN (rest_width + vendor_width - shown.width, rest_natural);
        vendor_width = shown.width;
      }
  }
  gtk_widget_measure (hidden, GTK_ORIENTATION_HORIZONTAL, -1, &vendor_minimum, NULL, NULL, NULL);
  gtk_widget_size_allocate (hidden, &(GtkAllocation) { 0, 0, vendor_minimum, height }, baseline);
  if (gtk_widget_should_layout (self->rest))
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

static void
clear_vendor_words (CpQuoteName *self)
{
  for (guint i = 0; i < self->vendor_words->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->vendor_words, i));
  g_ptr_array_set_size (self->vendor_words, 0);
  for (guint i = 0; i < self->rest_words->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->rest_words, i));
  g_ptr_array_set_size (self->rest_words, 0);
}

/* " — Ascend 910B2 64GB", then "…Ascend 910B2 64GB", "…910B2 64GB" and
 * "…64GB". */
static void
set_rest_words (CpQuoteName *self,
                const char  *rest)
{
  const char *words = rest + strlen (QUOTE_NAME_SEPARATOR);
  GtkWidget *label;

  for (const char *from = words; from != NULL; from = strchr (from, ' ') != NULL ? strchr (from, ' ') + 1 : NULL)
    {
      g_autofree char *cut = from == words ? g_strdup (rest) : g_strconcat ("…", from, NULL);

      if (*from == ' ' || *from == '\0')
        continue;
      label = part_new (self, PANGO_ELLIPSIZE_NONE);
      gtk_label_set_text (GTK_LABEL (label), cut);
      gtk_widget_set_child_visible (label, self->rest_words->len == 0);
      g_ptr_array_add (self->rest_words, label);
      if (from == words)
        {
          g_autofree char *unseparated = g_strconcat ("…", from, NULL);

          label = part_new (self, PANGO_ELLIPSIZE_NONE);
          gtk_label_set_text (GTK_LABEL (label), unseparated);
          gtk_widget_set_child_visible (label, FALSE);
          g_ptr_array_add (self->rest_words, label);
        }
    }
  gtk_label_set_ellipsize (g_ptr_array_index (self->rest_words, self->rest_words->len - 1), PANGO_ELLIPSIZE_START);
}

/* A label of @text among the vendor's cuts, shown while none other is. */
static void
add_vendor_cut (CpQuoteName *self,
                const char  *text)
{
  GtkWidget *label = part_new (self, PANGO_ELLIPSIZE_NONE);

  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_child_visible (label, self->vendor_words->len == 0);
  g_ptr_array_add (self->vendor_words, label);
}

/* "SZ GPU Cloud", then "SZ GPU…" and "SZ…", a label each, the words as
 * typed; last the first word without an ellipsis, "SZ", shown only with
 * the rest cut at its start, whose ellipsis says the name was cut ("SZ…
 * H20 141GB bare-metal"): beside a whole rest, "SZ — 8x H20" read as a
 * vendor called SZ. */
static void
set_vendor_words (CpQuoteName *self,
                  const char  *vendor)
{
  g_auto(GStrv) words = g_strsplit (vendor, " ", -1);
  guint n_words = g_strv_length (words);
  g_autoptr(GString) kept = g_string_new (NULL);
  g_autoptr(GPtrArray) cuts = g_ptr_array_new_with_free_func (g_free);

  add_vendor_cut (self, vendor);
  for (guint n = 0; n + 1 < n_words; n++)
    {
      if (*words[n] == '\0')
        continue;
      if (kept->len > 0)
        g_string_append_c (kept, ' ');
      g_string_append (kept, words[n]);
      g_ptr_array_add (cuts, g_strconcat (kept->str, "…", NULL));
    }
  for (guint i = cuts->len; i > 0; i--)
    add_vendor_cut (self, g_ptr_array_index (cuts, i - 1));
  if (cuts->len > 0)
    {
      const char *first = g_ptr_array_index (cuts, 0);

      g_autofree char *bare = g_strndup (first, strlen (first) - strlen ("…"));

      add_vendor_cut (self, bare);
    }
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
  gtk_label_set_text (GTK_LABEL (self->vendor_start), "");
  clear_vendor_words (self);
  if (separator != NULL && separator > text)
    {
      g_autofree char *vendor = g_strndup (text, (gsize) (separator - text));

      gtk_label_set_text (GTK_LABEL (self->vendor), vendor);
      if (strchr (vendor, ' ') != NULL)
        {
          set_vendor_words (self, vendor);
          set_rest_words (self, separator);
        }
      else if (g_utf8_strlen (vendor, -1) > VENDOR_START_CHARS)
        {
          g_autofree char *start = g_utf8_substring (vendor, 0, VENDOR_START_CHARS);

          gtk_label_set_text (GTK_LABEL (self->vendor_start), start);
        }
      gtk_label_set_text (GTK_LABEL (self->rest), separator);
    }
  else
    {
      gtk_label_set_text (GTK_LABEL (self->vendor), text != NULL ? text : "");
      gtk_label_set_text (GTK_LABEL (self->rest), "");
    }
  gtk_widget_set_visible (self->rest, separator != NULL && separator > text && self->vendor_words->len == 0);
  gtk_widget_set_visible (self->vendor, self->vendor_words->len == 0);
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

  for (guint i = 0; i < self->vendor_words->len; i++)
    if (gtk_widget_get_child_visible (g_ptr_array_index (self->vendor_words, i)))
      return g_ptr_array_index (self->vendor_words, i);
  return GTK_LABEL (gtk_widget_get_child_visible (self->vendor_start) ? self->vendor_start : self->vendor);
}

GtkLabel *
cp_quote_name_get_rest (CpQuoteName *self)
{
  g_return_val_if_fail (CP_IS_QUOTE_NAME (self), NULL);

  for (guint i = 0; i < self->rest_words->len; i++)
    if (gtk_widget_get_child_visible (g_ptr_array_index (self->rest_words, i)))
      return g_ptr_array_index (self->rest_words, i);
  return GTK_LABEL (self->rest);
}

/* The name goes with its labels: nothing reads it once they are gone. */
static void
cp_quote_name_dispose (GObject *object)
{
  CpQuoteName *self = CP_QUOTE_NAME (object);

  if (self->vendor_words != NULL)
    clear_vendor_words (self);
  g_clear_pointer (&self->vendor_words, g_ptr_array_unref);
  g_clear_pointer (&self->rest_words, g_ptr_array_unref);
  g_clear_pointer (&self->vendor, gtk_widget_unparent);
  g_clear_pointer (&self->vendor_start, gtk_widget_unparent);
  g_clear_pointer (&self->rest, gtk_widget_unparent);
  g_clear_pointer (&self->text, g_free);

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
  self->vendor_words = g_ptr_array_new ();
  self->rest_words = g_ptr_array_new ();
  self->vendor = part_new (self, PANGO_ELLIPSIZE_END);
  self->vendor_start = part_new (self, PANGO_ELLIPSIZE_NONE);
  gtk_widget_set_child_visible (self->vendor_start, FALSE);
  self->rest = part_new (self, PANGO_ELLIPSIZE_START);
  gtk_widget_set_visible (self->rest, FALSE);
}
