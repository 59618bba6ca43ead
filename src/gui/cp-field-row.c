/* cp-field-row.c: one editable field of a job or a quote. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-settings.h"
#include "planner/cp-text-limit.h"
#include "planner/cp-units.h"
#include "report/cp-i18n.h"

#include "cp-field-row.h"

struct _CpFieldRow
{
  AdwActionRow       parent_instance;

  const CpField     *field;
  CpFieldCommitFunc  commit;
  gpointer           user_data;

  GtkWidget         *input;
  GtkWidget         *unit_label;
  char              *error;
  char              *currency;
  char              *unit;       /* replaces the field's while set */
  double             hours_per_month;
  char              *hint;       /* replaces the field's while set */
  /* A long hint set from code (the quotes' GPUs without FP8) goes here,
   * under the title and the input at the row's whole width, not in the
   * title's column beside the input */
  GtkWidget         *note_label;
  /* The record last shown (borrowed from the owner, which reloads the row
   * whenever it changes): Escape brings its value back. */
  gconstpointer      record;
  /* Set while the row shows the model's value, so that it is not taken
   * for an edit. */
  gboolean           loading;
  /* Text typed since the last load or commit; it is committed on Enter or
   * when the focus leaves the entry, never keystroke by keystroke. */
  gboolean           edited;
  /* notify::focus-widget of the window the row is in (cp_field_row_root) */
  gulong             root_focus_handler;
  /* The entry's width-chars and max-width-chars as made, before
   * fit_value() widened them for a value */
  int                base_width_chars, base_max_width_chars;
};

G_DEFINE_FINAL_TYPE (CpFieldRow, cp_field_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define FIELD_PTR(record, field, type) ((type *) ((guint8 *) (record) + (field)->offset))

void
cp_field_apply (const CpField      *field,
                gpointer            record,
                const CpFieldValue *value)
{
  switch (field->kind)
    {
    case CP_FIELD_TEXT:
      {
        char **str = FIELD_PTR (record, field, char *);
        g_free (*str);
        /* Spaces around a name typed carry nothing and showed in the
         * report as "(70B LoRA )" (meeting walkthrough). */
        *str = g_strstrip (g_strdup (value->text));
      }
      break;
    case CP_FIELD_CURRENCY:
      g_strlcpy (FIELD_PTR (record, field, char), value->currency, 4);
      break;
    case CP_FIELD_COUNT:
    case CP_FIELD_DOUBLE:
    case CP_FIELD_BYTES:
    case CP_FIELD_PRICE:
      *FIELD_PTR (record, field, double) = value->number;
      break;
    case CP_FIELD_UINT:
      *FIELD_PTR (record, field, guint) = (guint) value->number;
      break;
    case CP_FIELD_BOOL:
      *FIELD_PTR (record, field, gboolean) = value->boolean;
      break;
    case CP_FIELD_ENUM:
      *FIELD_PTR (record, field, int) = value->index;
      break;
    default:
      g_assert_not_reached ();
    }
}

gboolean
cp_field_same_value (const CpField *field,
                     gconstpointer  a,
                     gconstpointer  b)
{
  const guint8 *x = (const guint8 *) a + field->offset;
  const guint8 *y = (const guint8 *) b + field->offset;

  switch (field->kind)
    {
    case CP_FIELD_TEXT:
      return g_strcmp0 (*(char * const *) x, *(char * const *) y) == 0;
    case CP_FIELD_CURRENCY:
      return memcmp (x, y, 3) == 0;
    case CP_FIELD_UINT:
      return *(const guint *) x == *(const guint *) y;
    case CP_FIELD_BOOL:
      return *(const gboolean *) x == *(const gboolean *) y;
    case CP_FIELD_ENUM:
      return *(const int *) x == *(const int *) y;
    case CP_FIELD_COUNT:
    case CP_FIELD_DOUBLE:
    case CP_FIELD_BYTES:
    case CP_FIELD_PRICE:
      return *(const double *) x == *(const double *) y;
    default:
      g_assert_not_reached ();
    }
}

/* A number field in days (a deadline, a run's length): its value is
 * read as a time, a bare number being days. */
static gboolean
counts_days (const CpField *field)
{
  return field->kind == CP_FIELD_DOUBLE && !field->duration && !field->percent &&
         g_strcmp0 (field->unit, N_("days")) == 0;
}

static gboolean
parse_text (CpFieldRow    *self,
            CpFieldValue  *value,
            GError       **error)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->input));

  memset (value, 0, sizeof *value);

  if (self->field->automatic != NULL && self->field->kind != CP_FIELD_TEXT)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (text));

      /* Emptied: back to the planner's choice, value->number 0. */
      if (*stripped == '\0')
        return TRUE;
    }

  switch (self->field->kind)
    {
    case CP_FIELD_TEXT:
      value->text = text;
      return TRUE;

    case CP_FIELD_CURRENCY:
      {
        g_autofree char *code = g_strstrip (g_ascii_strup (text, -1));

        if (strlen (code) != 3 ||
            !g_ascii_isalpha (code[0]) || !g_ascii_isalpha (code[1]) || !g_ascii_isalpha (code[2]))
          {
            g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                 _("must be a three-letter currency code such as CNY"));
            return FALSE;
          }
        g_strlcpy (value->currency, code, sizeof value->currency);
        return TRUE;
      }

    case CP_FIELD_DOUBLE:
      if (self->field->duration)
        return cp_parse_duration_h (text, self->hours_per_month, &value->number, NULL, error);
      /* A deadline as typed, "10天" or "2周" as well as "10". */
      if (counts_days (self->field))
        return cp_parse_duration_days (text, self->hours_per_month, &value->number, error);
      if (self->field->percent)
        {
          g_autofree char *number = g_strstrip (g_strdup (text));
          gsize len = strlen (number);

          /* "10%" or "10％" as well as "10". */
          if (len > 0 && number[len - 1] == '%')
            number[len - 1] = '\0';
          else if (g_str_has_suffix (number, "％"))
            number[len - strlen ("％")] = '\0';
          if (!cp_parse_count (number, &value->number, error))
            return FALSE;
          value->number /= 100.0;
          return TRUE;
        }
      if (!cp_parse_count (text, &value->number, error))
        return FALSE;
      if (self->field->shown_per_stored > 0)
        value->number /= self->field->shown_per_stored;
      return TRUE;

    case CP_FIELD_COUNT:
      return cp_parse_count (text, &value->number, error);

    case CP_FIELD_UINT:
      if (self->field->counts != CP_PRICE_SUBJECT_NONE)
        {
          guint count;

          if (!cp_parse_count_of (text, self->field->counts, &count, error))
            return FALSE;
          value->number = count;
          return TRUE;
        }
      if (!cp_parse_count (text, &value->number, error))
        return FALSE;
      if (value->number < 0 || value->number != floor (value->number) || value->number > G_MAXUINT)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("must be a whole number"));
          return FALSE;
        }
      return TRUE;

    case CP_FIELD_BYTES:
      {
        /* A field read in whole units of memory is a machine's RAM: "1TB"
         * there is 1,024 GiB, as the vendor sheet import reads it. */
        if (self->field->unit_bytes > 0)
          return cp_parse_ram_bytes (text, self->field->unit_bytes, &value->number, error);
        return cp_parse_bytes (text, &value->number, error);
      }

    case CP_FIELD_PRICE:
      if (!cp_parse_price_text (text, &value->price, error))
        return FALSE;
      value->number = value->price.amount;
      return TRUE;

    case CP_FIELD_BOOL:
    case CP_FIELD_ENUM:
    default:
      g_assert_not_reached ();
    }
}

static GtkWidget *subtitle_label (AdwActionRow *row);

/* A hint set from code longer than this many columns (a Chinese
 * character counts two) goes under the row: beside a drop-down such as
 * "FP8 mixed precision" the title's column is about 120 px wide even at
 * 1920 px, and "NVIDIA A800 80GB SXM, NVIDIA A100 80GB SXM4, Huawei
 * Ascend 910B2 64GB have no FP8: …" took eight lines of two or three
 * words there (issue 26). Only beside a drop-down, the widest input. */
#define NOTE_MIN_COLUMNS 48

static gboolean
hint_is_note (CpFieldRow *self)
{
  int columns = 0;

  /* An entry's row keeps its hint beside it: a price's warning keeps
   * the lines the row reserves for it (cp_field_row_keep_hint_lines()). */
  if (self->hint == NULL || !GTK_IS_DROP_DOWN (self->input))
    return FALSE;
  for (const char *p = self->hint; *p != '\0'; p = g_utf8_next_char (p))
    columns += g_unichar_iswide (g_utf8_get_char (p)) ? 2 : 1;
  return columns > NOTE_MIN_COLUMNS;
}

static void
set_error (CpFieldRow *self,
           const char *message)
{
  gboolean changed = g_strcmp0 (self->error, message) != 0;

  g_free (self->error);
  self->error = g_strdup (message);

  if (message != NULL)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self), message);
      gtk_widget_add_css_class (GTK_WIDGET (self), "cp-field-error");
      gtk_widget_add_css_class (self->input, "error");
    }
  else
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self),
                                   self->hint != NULL ? self->hint
                                   : self->field->hint != NULL ? _(self->field->hint) : "");
      gtk_widget_remove_css_class (GTK_WIDGET (self), "cp-field-error");
      gtk_widget_remove_css_class (self->input, "error");
    }
  /* A hint shown as the note keeps the row's subtitle text, read by
   * assistive technology and the tests, with the title's line hidden. */
  if (self->note_label != NULL)
    {
      gboolean noted = message == NULL && hint_is_note (self);
      GtkWidget *subtitle = subtitle_label (ADW_ACTION_ROW (self));
      const char *text = adw_action_row_get_subtitle (ADW_ACTION_ROW (self));

      gtk_label_set_text (GTK_LABEL (self->note_label), noted ? self->hint : "");
      gtk_widget_set_visible (self->note_label, noted);
      if (subtitle != NULL)
        gtk_widget_set_visible (subtitle, !noted && text != NULL && *text != '\0');
    }

  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

/* The model names the field it refuses ("GPUs per node: must be greater
 * than 0"): under the field's own title only the problem is left. A
 * message about another field ("Global batch: …" for a micro-batch) keeps
 * that field's name. */
static const char *
problem_of (const CpField *field,
            const char    *message)
{
  const char *names[] = { field->model_name, field->title };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *prefix = NULL;

      if (names[i] == NULL)
        continue;
      /* The model's own format (cp_check_fail()), with an empty problem. */
      prefix = g_strdup_printf (_("%s: %s"), _(names[i]), "");
      if (g_str_has_prefix (message, prefix) && message[strlen (prefix)] != '\0')
        return message + strlen (prefix);
    }
  return message;
}

static void
commit_value (CpFieldRow         *self,
              const CpFieldValue *value)
{
  g_autoptr(GError) error = NULL;

  if (self->commit (self->user_data, self->field, value, &error))
    set_error (self, NULL);
  else
    set_error (self, problem_of (self->field, error->message));
}

static void
on_entry_changed (CpFieldRow *self)
{
  if (!self->loading)
    self->edited = TRUE;
}

/* The unit beside the value, with the currency for money ("CNY per
 * TB-month"), or NULL. */
static char *
dup_unit_text (CpFieldRow *self)
{
  const CpField *field = self->field;
  const char *currency = self->currency != NULL ? self->currency : "";

  if (self->unit != NULL)
    return g_strdup (self->unit);
  if (field->money && field->unit != NULL)
    return g_strdup_printf ("%s %s", currency, _(field->unit));
  if (field->money)
    return *currency != '\0' ? g_strdup (currency) : NULL;
  if (field->unit != NULL)
    return g_strdup (_(field->unit));
  return NULL;
}

/* A minus sign as the units parser reads it, full-width included: a
 * value it refuses as out of range is then negative, not too large. */
static gboolean
has_minus_sign (const char *text)
{
  return strchr (text, '-') != NULL || strstr (text, "－") != NULL;
}

/* What the parser refused, worded as the model words its own refusals
 * under a field ("must not be negative", not "“-5” must not be
 * negative"), and, for text that is no value at all, what the field
 * takes instead of the parser's "unknown unit “x”". */
static char *
describe_parse_error (CpFieldRow   *self,
                      const GError *error)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->input));
  g_autofree char *unit = NULL;

  if (error->domain != CP_UNITS_ERROR)
    return g_strdup (error->message);
  if (g_error_matches (error, CP_UNITS_ERROR, CP_UNITS_ERROR_EMPTY))
    return g_strdup (_("must not be empty"));
  if (g_error_matches (error, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE))
    return g_strdup (has_minus_sign (text) ? _("must not be negative") : _("is too large a number"));

  switch (self->field->kind)
    {
    case CP_FIELD_UINT:
      /* "8台" for GPUs, "8 boxes": the parser names the unit. */
      if (g_error_matches (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT))
        return g_strdup (error->message);
      return g_strdup_printf (_("“%s” is not a whole number"), text);

    case CP_FIELD_BYTES:
      /* TRANSLATORS: %s is the text typed in a memory field */
      return g_strdup_printf (_("“%s” is not an amount of memory such as 80 GB"), text);

    case CP_FIELD_PRICE:
      /* The parser's message about a price's unit lists the units it takes. */
      if (g_error_matches (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT))
        return g_strdup (error->message);
      /* TRANSLATORS: %s is the text typed in a price field */
      return g_strdup_printf (_("“%s” is not a price such as 12.5/GPU/h"), text);

    case CP_FIELD_COUNT:
    case CP_FIELD_DOUBLE:
      if (self->field->duration && g_error_matches (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT))
        return g_strdup (error->message);
      if (counts_days (self->field))
        return g_strdup (error->message);
      unit = dup_unit_text (self);
      if (unit != NULL && self->field->money)
        /* TRANSLATORS: the text typed, then its unit with the currency ("CNY per TB-month") */
        return g_strdup_printf (_("“%s” is not an amount in %s"), text, unit);
      if (unit != NULL)
        /* TRANSLATORS: the text typed, then the field's unit ("GB/s", "days") */
        return g_strdup_printf (_("“%s” is not a number in %s"), text, unit);
      return g_strdup_printf (_("“%s” is not a number"), text);

    case CP_FIELD_TEXT:
    case CP_FIELD_CURRENCY:
    case CP_FIELD_BOOL:
    case CP_FIELD_ENUM:
    default:
      return g_strdup (error->message);
    }
}

/* Enter or leaving the entry: the whole text is parsed (a price with its
 * unit, "1e30" rather than its prefix "1") and handed to the owner once. */
static void
commit_text (CpFieldRow *self)
{
  g_autoptr(GError) error = NULL;
  CpFieldValue value;

  if (!self->edited)
    return;
  self->edited = FALSE;

  if (!parse_text (self, &value, &error))
    {
      g_autofree char *message = describe_parse_error (self, error);

      set_error (self, message);
      return;
    }

  commit_value (self, &value);
}

void
cp_field_row_commit_edit (CpFieldRow *self)
{
  g_return_if_fail (CP_IS_FIELD_ROW (self));

  commit_text (self);
}

static void
on_entry_activate (CpFieldRow *self)
{
  commit_text (self);
}

/* Leaving the entry also brings its text back to the start: a narrow
 * entry keeps the cursor's end in view after typing, so "12.25/GPU/h"
 * would read "2.25/GPU/h" until the record is loaded again. Only when the
 * focus moves to another widget: the entry also hears "leave" while it
 * stays the window's focus and another surface takes the keyboard (a menu
 * closing after Add Quote, another window), and moving the cursor then
 * dropped the selected "Vendor 2", so that typing went in front of it
 * (walkthrough 8). */
static void
on_entry_focus_leave (CpFieldRow *self)
{
  GtkRoot *root = gtk_widget_get_root (self->input);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  commit_text (self);
  if (focus == NULL || !(focus == self->input || gtk_widget_is_ancestor (focus, self->input)))
    gtk_editable_set_position (GTK_EDITABLE (self->input), 0);
}

/* The window's focus moved off the entry without the entry hearing
 * "leave": after a menu closes, the window may not count itself active
 * again until the window manager says so (no window manager at all under
 * Xvfb), and the entry then keeps the typing but never has the focus to
 * lose, so Tab took the focus elsewhere and the text typed was neither
 * committed nor refused, and a reload dropped it (walkthrough 18: a new
 * quote's vendor). The window's own focus widget always changes. */
static void
on_root_focus_changed (CpFieldRow *self,
                       GParamSpec *pspec,
                       GtkRoot    *root)
{
  GtkWidget *focus = gtk_root_get_focus (root);

  if (self->edited && (focus == NULL || !(focus == self->input || gtk_widget_is_ancestor (focus, self->input))))
    {
      commit_text (self);
      gtk_editable_set_position (GTK_EDITABLE (self->input), 0);
    }
}

static void
cp_field_row_root (GtkWidget *widget)
{
  CpFieldRow *self = CP_FIELD_ROW (widget);

  GTK_WIDGET_CLASS (cp_field_row_parent_class)->root (widget);
  if (GTK_IS_EDITABLE (self->input))
    self->root_focus_handler = g_signal_connect_swapped (gtk_widget_get_root (widget), "notify::focus-widget",
                                                         G_CALLBACK (on_root_focus_changed), self);
}

static void
cp_field_row_unroot (GtkWidget *widget)
{
  CpFieldRow *self = CP_FIELD_ROW (widget);

  g_clear_signal_handler (&self->root_focus_handler, gtk_widget_get_root (widget));
  GTK_WIDGET_CLASS (cp_field_row_parent_class)->unroot (widget);
}

static gboolean
on_entry_key (GtkEventControllerKey *controller,
              guint                  keyval,
              guint                  keycode,
              GdkModifierType        state,
              CpFieldRow            *self)
{
  if (keyval != GDK_KEY_Escape || (!self->edited && self->error == NULL) || self->record == NULL)
    return FALSE;

  /* Escape gives back the value the record holds, as the sidebar's
   * rename does. */
  cp_field_row_load (self, self->record, TRUE);
  return TRUE;
}

static void
on_switch_active (CpFieldRow *self)
{
  CpFieldValue value = { 0 };

  if (self->loading)
    return;

  value.boolean = gtk_switch_get_active (GTK_SWITCH (self->input));
  commit_value (self, &value);
}

static void
on_drop_down_selected (CpFieldRow *self)
{
  CpFieldValue value = { 0 };

  if (self->loading)
    return;

  value.index = (int) gtk_drop_down_get_selected (GTK_DROP_DOWN (self->input));
  commit_value (self, &value);
}

/* Whether @record leaves the field to the planner: its number is 0. */
static gboolean
is_automatic (const CpField *field,
              gconstpointer  record)
{
  if (field->automatic == NULL)
    return FALSE;
  switch (field->kind)
    {
    case CP_FIELD_UINT:
      return *FIELD_PTR (record, field, const guint) == 0;
    case CP_FIELD_COUNT:
    case CP_FIELD_DOUBLE:
    case CP_FIELD_BYTES:
    case CP_FIELD_PRICE:
      return *FIELD_PTR (record, field, const double) == 0;
    case CP_FIELD_TEXT:
    case CP_FIELD_CURRENCY:
    case CP_FIELD_BOOL:
    case CP_FIELD_ENUM:
    default:
      return FALSE;
    }
}

static char *
format_value (const CpField *field,
              gconstpointer  record)
{
  if (is_automatic (field, record))
    return g_strdup ("");

  switch (field->kind)
    {
    case CP_FIELD_TEXT:
      {
        char * const *str = FIELD_PTR (record, field, char * const);
        return g_strdup (*str ? *str : "");
      }
    case CP_FIELD_CURRENCY:
      return g_strndup (FIELD_PTR (record, field, const char), 3);
    case CP_FIELD_COUNT:
      {
        double number = *FIELD_PTR (record, field, const double);

        /* An amount of money reads as one, "50,000", which the parser
         * takes back: "50k CNY" was a count's shorthand (walk41b). */
        if (field->money)
          return cp_i18n_format_number (number, number == floor (number) ? 0 : 2, NULL);
        return cp_format_count (number);
      }
    case CP_FIELD_BYTES:
      {
        double bytes = *FIELD_PTR (record, field, const double);
        char buf[G_ASCII_DTOSTR_BUF_SIZE];

        if (field->unit_bytes > 0)
          return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6g", bytes / field->unit_bytes));
        return bytes > 0 ? cp_format_bytes (bytes, CP_MEMORY_UNIT_GIB) : g_strdup ("0");
      }
    case CP_FIELD_UINT:
      return g_strdup_printf ("%u", *FIELD_PTR (record, field, const guint));
    case CP_FIELD_DOUBLE:
    case CP_FIELD_PRICE:
      {
        char buf[G_ASCII_DTOSTR_BUF_SIZE];
        double number = *FIELD_PTR (record, field, const double);

        if (field->percent)
          number *= 100.0;
        else if (field->shown_per_stored > 0)
          number *= field->shown_per_stored;
        return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6g", number));
      }
    case CP_FIELD_BOOL:
    case CP_FIELD_ENUM:
    default:
      g_assert_not_reached ();
    }
}

/* Whether the text in the entry already means what the record holds, so
 * that "7e9" is not rewritten as "7B" under the user's fingers. */
static gboolean
text_means_record (CpFieldRow    *self,
                   gconstpointer  record)
{
  const CpField *field = self->field;
  CpFieldValue value;

  if (!parse_text (self, &value, NULL))
    return FALSE;

  switch (field->kind)
    {
    case CP_FIELD_TEXT:
      {
        char * const *str = FIELD_PTR (record, field, char * const);
        return g_strcmp0 (value.text, *str ? *str : "") == 0;
      }
    case CP_FIELD_CURRENCY:
      return strncmp (value.currency, FIELD_PTR (record, field, const char), 3) == 0;
    case CP_FIELD_UINT:
      return (guint) value.number == *FIELD_PTR (record, field, const guint);
    case CP_FIELD_DOUBLE:
      if (field->percent)
        return fabs (value.number - *FIELD_PTR (record, field, const double)) < 1e-12;
      /* Shown to six figures: the text means the record within that. */
      if (field->shown_per_stored > 0)
        return fabs (value.number - *FIELD_PTR (record, field, const double)) <=
               1e-6 * fabs (*FIELD_PTR (record, field, const double));
      return value.number == *FIELD_PTR (record, field, const double);
    case CP_FIELD_COUNT:
    case CP_FIELD_BYTES:
    case CP_FIELD_PRICE:
      return value.number == *FIELD_PTR (record, field, const double);
    case CP_FIELD_BOOL:
    case CP_FIELD_ENUM:
    default:
      g_assert_not_reached ();
    }
}

/* A figure shown from the record is never cut: in a row whose hint took
 * the width, "25.0 MiB" showed as "25.0 Mi" and "512.0 MiB" as "512.0"
 * (walkthrough 14, in Chinese). The entry keeps room for @text as its
 * own font lays it out, counted in the character width GtkText counts
 * width-chars in, and one more for the cursor. Names are left to scroll. */
static void
fit_value (CpFieldRow *self,
           const char *text)
{
  GtkWidget *text_widget = GTK_WIDGET (gtk_editable_get_delegate (GTK_EDITABLE (self->input)));
  PangoLayout *layout;
  PangoFontMetrics *metrics;
  int char_width, text_width, columns;

  if (self->field->kind == CP_FIELD_TEXT || text_widget == NULL)
    return;
  metrics = pango_context_get_metrics (gtk_widget_get_pango_context (text_widget), NULL, NULL);
  char_width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                    pango_font_metrics_get_approximate_digit_width (metrics));
  pango_font_metrics_unref (metrics);
  layout = gtk_widget_create_pango_layout (text_widget, text);
  pango_layout_get_size (layout, &text_width, NULL);
  g_object_unref (layout);
  if (char_width <= 0)
    return;
  columns = (text_width + char_width - 1) / char_width + 1;
  gtk_editable_set_width_chars (GTK_EDITABLE (self->input), MAX (self->base_width_chars, columns));
  gtk_editable_set_max_width_chars (GTK_EDITABLE (self->input), MAX (self->base_max_width_chars, columns));
}

void
cp_field_row_load (CpFieldRow    *self,
                   gconstpointer  record,
                   gboolean       reset)
{
  const CpField *field;

  g_return_if_fail (CP_IS_FIELD_ROW (self));
  g_return_if_fail (record != NULL);

  field = self->field;
  self->record = record;
  self->loading = TRUE;

  switch (field->kind)
    {
    case CP_FIELD_BOOL:
      if (gtk_switch_get_active (GTK_SWITCH (self->input)) != *FIELD_PTR (record, field, const gboolean))
        gtk_switch_set_active (GTK_SWITCH (self->input), *FIELD_PTR (record, field, const gboolean));
      set_error (self, NULL);
      break;

    case CP_FIELD_ENUM:
      if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->input)) != (guint) *FIELD_PTR (record, field, const int))
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->input),
                                    (guint) *FIELD_PTR (record, field, const int));
      set_error (self, NULL);
      break;

    case CP_FIELD_TEXT:
    case CP_FIELD_CURRENCY:
    case CP_FIELD_COUNT:
    case CP_FIELD_UINT:
    case CP_FIELD_DOUBLE:
    case CP_FIELD_BYTES:
    case CP_FIELD_PRICE:
    default:
      if (reset || (self->error == NULL && !self->edited && !text_means_record (self, record)))
        {
          g_autofree char *text = format_value (field, record);

          if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->input)), text) != 0)
            {
              gtk_editable_set_text (GTK_EDITABLE (self->input), text);
              fit_value (self, text);
              /* A value shown from the record reads from its start. */
              if (!(gtk_widget_get_state_flags (self->input) & GTK_STATE_FLAG_FOCUS_WITHIN))
                gtk_editable_set_position (GTK_EDITABLE (self->input), 0);
            }
          set_error (self, NULL);
          self->edited = FALSE;
        }
      break;
    }

  self->loading = FALSE;
}

static void
update_unit (CpFieldRow *self)
{
  g_autofree char *text = dup_unit_text (self);

  gtk_label_set_label (GTK_LABEL (self->unit_label), text ? text : "");
  gtk_widget_set_visible (self->unit_label, text != NULL && *text != '\0');
}

void
cp_field_row_set_hours_per_month (CpFieldRow *self,
                                  double      hours_per_month)
{
  g_return_if_fail (CP_IS_FIELD_ROW (self));

  self->hours_per_month = hours_per_month;
}

void
cp_field_row_set_currency (CpFieldRow *self,
                           const char *currency)
{
  g_return_if_fail (CP_IS_FIELD_ROW (self));

  if (g_strcmp0 (self->currency, currency) == 0)
    return;

  g_free (self->currency);
  self->currency = g_strdup (currency);
  update_unit (self);
}

void
cp_field_row_set_unit (CpFieldRow *self,
                       const char *unit)
{
  g_return_if_fail (CP_IS_FIELD_ROW (self));

  if (g_strcmp0 (self->unit, unit) == 0)
    return;
  g_free (self->unit);
  self->unit = g_strdup (unit);
  update_unit (self);
}

void
cp_field_row_set_hint (CpFieldRow *self,
                       const char *hint)
{
  g_return_if_fail (CP_IS_FIELD_ROW (self));

  if (g_strcmp0 (self->hint, hint) == 0)
    return;
  g_free (self->hint);
  self->hint = g_strdup (hint);
  /* A refused value's message stays until the value is put right. */
  if (self->error == NULL)
    set_error (self, NULL);
}

const CpField *
cp_field_row_get_field (CpFieldRow *self)
{
  g_return_val_if_fail (CP_IS_FIELD_ROW (self), NULL);

  return self->field;
}

const char *
cp_field_row_get_error (CpFieldRow *self)
{
  g_return_val_if_fail (CP_IS_FIELD_ROW (self), NULL);

  return self->error;
}

GtkWidget *
cp_field_row_get_input (CpFieldRow *self)
{
  g_return_val_if_fail (CP_IS_FIELD_ROW (self), NULL);

  return self->input;
}

char *
cp_field_row_dup_value_text (CpFieldRow *self)
{
  g_return_val_if_fail (CP_IS_FIELD_ROW (self), NULL);

  if (self->record == NULL || self->field->kind == CP_FIELD_BOOL || self->field->kind == CP_FIELD_ENUM)
    return NULL;
  if (is_automatic (self->field, self->record))
    return g_strdup (_(self->field->automatic));
  return format_value (self->field, self->record);
}

char *
cp_field_row_describe_errors (CpFieldRow * const *rows,
                              guint               n_rows,
                              const char         *owner)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < n_rows; i++)
    {
      CpFieldRow *row = rows[i];
      g_autofree char *value = NULL;

      if (row->error == NULL || !gtk_widget_get_visible (GTK_WIDGET (row)))
        continue;
      value = cp_field_row_dup_value_text (row);
      if (text->len > 0)
        g_string_append (text, "\n");
      /* With two quotes open, "Price" alone did not say whose (walkthrough 20). */
      if (owner != NULL && value != NULL && *value != '\0')
        /* TRANSLATORS: shown above the results; a field's title, a quote's name, then the value still used */
        g_string_append_printf (text, _("%s of “%s” shows a refused value: the results use its last valid value, %s."),
                                _(row->field->title), owner, value);
      else if (owner != NULL)
        /* TRANSLATORS: shown above the results; a field's title, then a quote's name */
        g_string_append_printf (text, _("%s of “%s” shows a refused value: the results use its last valid value."),
                                _(row->field->title), owner);
      else if (value != NULL && *value != '\0')
        /* TRANSLATORS: shown above the results; a field's title, then the value still used */
        g_string_append_printf (text, _("%s shows a refused value: the results use its last valid value, %s."),
                                _(row->field->title), value);
      else
        g_string_append_printf (text, _("%s shows a refused value: the results use its last valid value."),
                                _(row->field->title));
    }

  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

static void
cp_field_row_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  CpFieldRow *self = CP_FIELD_ROW (object);

  switch (prop_id)
    {
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_field_row_finalize (GObject *object)
{
  CpFieldRow *self = (CpFieldRow *) object;

  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->currency, g_free);
  g_clear_pointer (&self->unit, g_free);
  g_clear_pointer (&self->hint, g_free);

  G_OBJECT_CLASS (cp_field_row_parent_class)->finalize (object);
}

static void
cp_field_row_class_init (CpFieldRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = cp_field_row_finalize;
  object_class->get_property = cp_field_row_get_property;
  widget_class->root = cp_field_row_root;
  widget_class->unroot = cp_field_row_unroot;

  /**
   * CpFieldRow:error:
   *
   * The message shown for a refused value, or NULL.
   */
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cp_field_row_init (CpFieldRow *self)
{
}

static GtkWidget *
create_input (CpFieldRow *self)
{
  const CpField *field = self->field;
  GtkWidget *input;

  switch (field->kind)
    {
    case CP_FIELD_BOOL:
      input = gtk_switch_new ();
      g_signal_connect_swapped (input, "notify::active", G_CALLBACK (on_switch_active), self);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), input);
      break;

    case CP_FIELD_ENUM:
      {
        g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

        for (int i = 0; i < field->n_choices; i++)
          gtk_string_list_append (labels, field->choice (i));
        input = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&labels)), NULL);
        cp_form_drop_down_open_on_selected (GTK_DROP_DOWN (input));
        g_signal_connect_swapped (input, "notify::selected", G_CALLBACK (on_drop_down_selected), self);
      }
      break;

    case CP_FIELD_TEXT:
    case CP_FIELD_CURRENCY:
    case CP_FIELD_COUNT:
    case CP_FIELD_UINT:
    case CP_FIELD_DOUBLE:
    case CP_FIELD_BYTES:
    case CP_FIELD_PRICE:
    default:
      input = gtk_entry_new ();
      /* An entry asks for 150 px unless told otherwise, and keeps its
       * width-chars however narrow the form: on a 1024 px screen the title
       * beside it was squeezed to a letter a line. It asks for room for a
       * usual value (max-width-chars) and gives it up down to a few
       * characters (width-chars), scrolling its text inside. */
      if (field->kind == CP_FIELD_TEXT)
        {
          gtk_editable_set_width_chars (GTK_EDITABLE (input), 6);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (input), 24);
        }
      else if (field->kind == CP_FIELD_PRICE)
        {
          /* Prices are typed with their unit ("98/机/小时", "12.25/GPU/h",
           * "2352元/台/天"): room for such a string. One width, not a
           * range: the row's subtitle echoes the price in two units, and
           * the entry shrank and grew with that echo (walkthrough 22); a
           * figure, right-aligned as every other number is. */
          gtk_editable_set_width_chars (GTK_EDITABLE (input), 12);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (input), 12);
          gtk_editable_set_alignment (GTK_EDITABLE (input), 1.0);
        }
      else
        {
          /* Room for the longest figure format_value() writes, "%.6g" of
           * a value such as 0.00123457: at 9 "1.97328e-05" read
           * "1.97328e-0" (walkthrough 8). */
          gtk_editable_set_width_chars (GTK_EDITABLE (input), 4);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (input), 11);
          gtk_editable_set_alignment (GTK_EDITABLE (input), 1.0);
        }
      if (field->automatic != NULL)
        {
          const char *placeholder = _(field->automatic);
          int columns = 0;

          /* The placeholder whole ("Not stated", "Automatic"): cut to
           * "Not…" it read as a value typed in. A wide (CJK) character
           * takes two columns. */
          for (const char *c = placeholder; *c != '\0'; c = g_utf8_next_char (c))
            columns += g_unichar_iswide (g_utf8_get_char (c)) ? 2 : 1;
          if (columns > gtk_editable_get_width_chars (GTK_EDITABLE (input)))
            gtk_editable_set_width_chars (GTK_EDITABLE (input), columns);
          if (columns > gtk_editable_get_max_width_chars (GTK_EDITABLE (input)))
            gtk_editable_set_max_width_chars (GTK_EDITABLE (input), columns);
          gtk_entry_set_placeholder_text (GTK_ENTRY (input), placeholder);
        }
      /* No field takes more than the longest text limit: one character
       * more still reaches the model's check, which names the field and
       * its limit, where a text stopping at the limit would say nothing;
       * a paste of a megabyte never reaches a layout. */
      gtk_entry_set_max_length (GTK_ENTRY (input), CP_TEXT_STORED_MAX_CHARS);
      self->base_width_chars = gtk_editable_get_width_chars (GTK_EDITABLE (input));
      self->base_max_width_chars = gtk_editable_get_max_width_chars (GTK_EDITABLE (input));
      g_signal_connect_swapped (input, "changed", G_CALLBACK (on_entry_changed), self);
      g_signal_connect_swapped (input, "activate", G_CALLBACK (on_entry_activate), self);
      {
        GtkEventController *focus = gtk_event_controller_focus_new ();
        GtkEventController *keys = gtk_event_controller_key_new ();

        g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_entry_focus_leave), self);
        gtk_widget_add_controller (input, focus);
        g_signal_connect (keys, "key-pressed", G_CALLBACK (on_entry_key), self);
        gtk_widget_add_controller (input, keys);
      }
      break;
    }

  gtk_widget_set_valign (input, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (input),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(field->title),
                                  -1);
  return input;
}

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;
  return FALSE;
}

/* The text GTK's list factory shows for the chosen entry. */
static char *
dup_selected_text (GtkDropDown *drop_down)
{
  gpointer item = gtk_drop_down_get_selected_item (drop_down);
  GtkExpression *expression = gtk_drop_down_get_expression (drop_down);
  GValue value = G_VALUE_INIT;
  char *text = NULL;

  if (item == NULL)
    return NULL;
  if (GTK_IS_STRING_OBJECT (item))
    return g_strdup (gtk_string_object_get_string (item));
  if (expression != NULL && gtk_expression_evaluate (expression, item, &value))
    {
      text = g_value_dup_string (&value);
      g_value_unset (&value);
    }
  return text;
}

static GtkWidget *
find_popover (GtkDropDown *drop_down)
{
  GtkWidget *popover;

  /* The drop-down's children are its button and its popup. */
  for (popover = gtk_widget_get_first_child (GTK_WIDGET (drop_down));
       popover != NULL && !GTK_IS_POPOVER (popover);
       popover = gtk_widget_get_next_sibling (popover))
    ;
  return popover;
}

/* GTK 4.8's list keeps its keyboard focus where it was last, not on the
 * entry the check mark is on: Down from memory then landed a row off. The
 * row showing the chosen entry takes the focus once the list is open.
 * Once: the popup puts the focus in its search entry as it maps, even a
 * hidden one, where Up, Down and Escape went nowhere and only a click
 * closed a short list (walkthrough 4, #19); a search being typed into
 * keeps it. */
static gboolean
focus_chosen_row (gpointer user_data)
{
  GtkDropDown *drop_down = user_data;
  GtkWidget *popover = find_popover (drop_down);
  GtkWidget *list = popover != NULL ? find_descendant (popover, GTK_TYPE_LIST_VIEW) : NULL;
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (drop_down)));
  guint selected = gtk_drop_down_get_selected (drop_down);
  g_autofree char *text = dup_selected_text (drop_down);

  if (list == NULL || !gtk_widget_get_visible (popover))
    return G_SOURCE_REMOVE;
  if (focus != NULL && gtk_widget_is_ancestor (focus, popover) && GTK_IS_TEXT (focus) &&
      gtk_widget_is_visible (focus))
    return G_SOURCE_REMOVE;
  if (selected == GTK_INVALID_LIST_POSITION || text == NULL || !cp_form_list_focus_entry (list, selected, text))
    gtk_widget_grab_focus (list);
  return G_SOURCE_REMOVE;
}

gboolean
cp_form_list_focus_entry (GtkWidget  *list,
                          guint       position,
                          const char *label)
{
  g_return_val_if_fail (GTK_IS_LIST_VIEW (list), FALSE);

  /* GTK 4.8 makes the rows around the entry scrolled to at once; which
   * of them shows it is told by its text. */
  gtk_widget_activate_action (list, "list.scroll-to-item", "u", position);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (has_label (row, label))
      {
        gtk_widget_grab_focus (row);
        /* Selected in the list, as the arrow keys select: Return picks
         * the list's selection, not the row with the keyboard, which had
         * Qwen2.5 14B picked for the 7B in view (a search moves the
         * list's selection to its second match). The drop-down's own
         * choice waits for Return. */
        gtk_widget_activate_action (list, "list.select-item", "(ubb)", position, FALSE, FALSE);
        return TRUE;
      }
  return FALSE;
}

/* GTK 4.8's popups keep a list up to 400 px tall whatever the window: in
 * a 700-px window the model list ran off its bottom and the fabric list
 * was pushed up to the window's top, away from its row (walkthrough 14).
 * The list is made short enough to open whole beside its row, on the side
 * with more room, once the popup is laid out to measure what it adds. */
static void
fit_popup_to_window (GtkWidget *popover)
{
  GtkWidget *anchor = gtk_widget_get_parent (popover);
  GtkWidget *scroller = find_descendant (popover, GTK_TYPE_SCROLLED_WINDOW);
  GtkRoot *root = anchor != NULL ? gtk_widget_get_root (anchor) : NULL;
  graphene_rect_t bounds;
  int popup_height, scroller_height, room, list_max;
  /* GTK's own limit for the list (gtkdropdown.ui, adw-combo-row.ui) */
  const int gtk_max = 400;

  if (root == NULL || scroller == NULL || !gtk_widget_compute_bounds (anchor, GTK_WIDGET (root), &bounds))
    return;
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), gtk_max);
  gtk_widget_measure (popover, GTK_ORIENTATION_VERTICAL, -1, NULL, &popup_height, NULL, NULL);
  gtk_widget_measure (scroller, GTK_ORIENTATION_VERTICAL, -1, NULL, &scroller_height, NULL, NULL);
  room = MAX (bounds.origin.y, gtk_widget_get_height (GTK_WIDGET (root)) - bounds.origin.y - bounds.size.height);
  /* What the popup adds to its list: arrow, padding, a search entry */
  list_max = room - (popup_height - scroller_height);
  /* Three rows at least, scrolled, rather than none */
  list_max = MAX (list_max, MIN (scroller_height, 3 * 34));
  if (list_max < gtk_max)
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), list_max);
}

void
cp_form_popup_fit_window (GtkWidget *widget)
{
  GtkWidget *popover;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  popover = find_descendant (widget, GTK_TYPE_POPOVER);
  if (popover != NULL)
    g_signal_connect (popover, "show", G_CALLBACK (fit_popup_to_window), NULL);
}

static void
on_drop_down_popup_shown (GtkWidget   *popover,
                          GtkDropDown *drop_down)
{
  fit_popup_to_window (popover);
  g_idle_add_full (G_PRIORITY_DEFAULT, focus_chosen_row, g_object_ref (drop_down), g_object_unref);
}

void
cp_form_drop_down_open_on_selected (GtkDropDown *drop_down)
{
  GtkWidget *popover;

  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  popover = find_popover (drop_down);
  if (popover != NULL)
    g_signal_connect_object (popover, "show", G_CALLBACK (on_drop_down_popup_shown), drop_down, 0);
}

/* AdwActionRow's template: a header box holding a box of class "title"
 * with the title and subtitle labels. NULL in a libadwaita that lays rows
 * out otherwise, which keeps its own wrapping and hint lines. */
static GtkWidget *
title_box (AdwActionRow *row)
{
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (row));

  /* A field row's header sits over its note (add_note_label()). */
  if (header != NULL && !gtk_widget_has_css_class (header, "header"))
    header = gtk_widget_get_first_child (header);
  for (GtkWidget *box = header != NULL ? gtk_widget_get_first_child (header) : NULL; box != NULL;
       box = gtk_widget_get_next_sibling (box))
    if (GTK_IS_BOX (box) && gtk_widget_has_css_class (box, "title"))
      return box;
  return NULL;
}

void
cp_form_row_wrap_at_words (AdwActionRow *row)
{
  GtkWidget *box;

  g_return_if_fail (ADW_IS_ACTION_ROW (row));

  box = title_box (row);
  for (GtkWidget *label = box != NULL ? gtk_widget_get_first_child (box) : NULL; label != NULL;
       label = gtk_widget_get_next_sibling (label))
    if (GTK_IS_LABEL (label))
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  gtk_widget_add_css_class (GTK_WIDGET (row), "cp-form-row");
}

/* The row's subtitle label, NULL without the template's title box. */
static GtkWidget *
subtitle_label (AdwActionRow *row)
{
  GtkWidget *box = title_box (row);

  for (GtkWidget *label = box != NULL ? gtk_widget_get_first_child (box) : NULL; label != NULL;
       label = gtk_widget_get_next_sibling (label))
    if (GTK_IS_LABEL (label) && gtk_widget_has_css_class (label, "subtitle"))
      return label;
  return NULL;
}

static void
reserve_lines (GtkWidget *label)
{
  int lines = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (label), "cp-hint-lines"));
  GString *text = g_string_new ("Ag");
  PangoLayout *layout;
  int height;

  for (int i = 1; i < lines; i++)
    g_string_append (text, "\nAg");
  layout = gtk_widget_create_pango_layout (label, text->str);
  pango_layout_get_pixel_size (layout, NULL, &height);
  gtk_widget_set_size_request (label, -1, height);
  g_object_unref (layout);
  g_string_free (text, TRUE);
}

void
cp_field_row_keep_hint_lines (CpFieldRow *self,
                              int         lines)
{
  GtkWidget *label;

  g_return_if_fail (CP_IS_FIELD_ROW (self));
  g_return_if_fail (lines > 0);

  label = subtitle_label (ADW_ACTION_ROW (self));
  if (label == NULL)
    return;
  g_object_set_data (G_OBJECT (label), "cp-hint-lines", GINT_TO_POINTER (lines));
  /* Measured in the label's own font, once it has its style. */
  g_signal_connect (label, "realize", G_CALLBACK (reserve_lines), NULL);
  if (gtk_widget_get_realized (label))
    reserve_lines (label);
}

/* The row's header (title, hint, input) over the note label: the row's
 * child becomes a vertical box holding both. */
static void
add_note_label (CpFieldRow *self)
{
  GtkWidget *header = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (self));
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  self->note_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->note_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->note_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (self->note_label), 0.0);
  gtk_widget_add_css_class (self->note_label, "subtitle");
  gtk_widget_add_css_class (self->note_label, "cp-field-note");
  gtk_widget_set_visible (self->note_label, FALSE);
  if (header == NULL)
    {
      adw_action_row_add_suffix (ADW_ACTION_ROW (self), self->note_label);
      return;
    }
  gtk_widget_add_css_class (column, "cp-field-column");
  g_object_ref (header);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self), column);
  gtk_box_append (GTK_BOX (column), header);
  g_object_unref (header);
  gtk_box_append (GTK_BOX (column), self->note_label);
}

CpFieldRow *
cp_field_row_new (const CpField     *field,
                  CpFieldCommitFunc  commit,
                  gpointer           user_data)
{
  CpFieldRow *self;

  g_return_val_if_fail (field != NULL, NULL);
  g_return_val_if_fail (commit != NULL, NULL);

  self = g_object_new (CP_TYPE_FIELD_ROW,
                       "title", _(field->title),
                       "name", field->key,
                       NULL);
  cp_form_row_wrap_at_words (ADW_ACTION_ROW (self));
  self->field = field;
  self->commit = commit;
  self->user_data = user_data;
  {
    /* A new project's month until the owner says its own. */
    CpSettings defaults;

    cp_settings_init (&defaults);
    self->hours_per_month = defaults.hours_per_month;
  }

  self->input = create_input (self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), self->input);
  add_note_label (self);
  /* One Tab stop per field: the entry, switch or drop-down, not the row
   * around it as well. */
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);

  self->unit_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->unit_label, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (self->unit_label), 0.0);
  gtk_label_set_width_chars (GTK_LABEL (self->unit_label), 6);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), self->unit_label);
  update_unit (self);

  set_error (self, NULL);

  return self;
}

/* Scrolls @row's form from where it was (@top) to show the row, centred
 * if it was out of sight. Setting the value, even the same one, ends the
 * scroll GTK animates to a widget given the keyboard: it measured the
 * widget where the form was last laid out, before undo showed the job
 * again from its top, and took the row out of sight. */
static void
scroll_to_row (GtkWidget *row,
               double     top)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (row, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport = scroller != NULL ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)) : NULL;
  GtkWidget *content = GTK_IS_VIEWPORT (viewport) ? gtk_viewport_get_child (GTK_VIEWPORT (viewport)) : NULL;
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;
  double page;

  if (content == NULL || !gtk_widget_compute_bounds (row, content, &bounds))
    return;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  page = gtk_adjustment_get_page_size (adjustment);
  if (bounds.origin.y >= top && bounds.origin.y + bounds.size.height <= top + page)
    gtk_adjustment_set_value (adjustment, top);
  else
    gtk_adjustment_set_value (adjustment, bounds.origin.y + bounds.size.height / 2 - page / 2);
}

static double
scroll_value (GtkWidget *row)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (row, GTK_TYPE_SCROLLED_WINDOW);

  return scroller != NULL ? gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)))
                          : 0;
}

/* The frame after the change is laid out: the row where it now is. */
typedef struct {
  guint  frames;
  double top;    /* where the form was scrolled to */
} ShowRow;

static gboolean
scroll_to_row_laid_out (GtkWidget     *row,
                        GdkFrameClock *clock,
                        gpointer       user_data)
{
  ShowRow *show = user_data;

  /* The first frame lays out what the change queued; the next sees it. */
  if (++show->frames < 2)
    return G_SOURCE_CONTINUE;
  scroll_to_row (row, show->top);
  return G_SOURCE_REMOVE;
}

void
cp_form_show_row (GtkWidget *row,
                  GtkWidget *focus)
{
  ShowRow *show;

  g_return_if_fail (GTK_IS_WIDGET (row));
  g_return_if_fail (GTK_IS_WIDGET (focus));

  if (!gtk_widget_get_visible (row))
    return;
  show = g_new0 (ShowRow, 1);
  show->top = scroll_value (row);
  gtk_widget_grab_focus (focus);
  scroll_to_row (row, show->top);
  show->top = scroll_value (row);
  gtk_widget_add_tick_callback (row, scroll_to_row_laid_out, show, g_free);
}
