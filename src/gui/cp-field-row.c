/* cp-field-row.c: one editable field of a job or a quote. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-settings.h"
#include "planner/cp-text-limit.h"
#include "planner/cp-units.h"
#include "report/cp-i18n.h"

#include "cp-labels.h"

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

static void update_unit (CpFieldRow *self);

static void
on_entry_changed (CpFieldRow *self)
{
  if (!self->loading)
    self->edited = TRUE;
  /* "1 day", "2 days": the unit agrees with the number shown. */
  if (counts_days (self->field) && self->unit == NULL)
    update_unit (self);
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
  if (counts_days (field))
    {
      /* "1 days" read as a typo in a meeting (issue 26). A bare whole
       * number is counted as gettext counts; a fraction or a time with
       * its own unit ("36h") takes the plural, as English does
       * ("1.5 days"). */
      const char *text = gtk_editable_get_text (GTK_EDITABLE (self->input));
      char *end = NULL;
      double number = g_ascii_strtod (text, &end);
      gulong count = end != text && *end == '\0' && number >= 0 && number < 1e9 && number == floor (number)
                     ? (gulong) number : 2;

      /* TRANSLATORS: the unit beside a number of days typed in a form ("1 day", "3 days") */
      return g_strdup (g_dngettext (GETTEXT_PACKAGE, "day", "days", count));
    }
  if (field->money && field->unit != NULL)
    /* TRANSLATORS: a money field's unit: the currency, then what the amount is per ("CNY per day"); Chinese
     * writes the two together, 元/天 (walk37 F12: "CNY 每天") */
    return g_strdup_printf (C_("currency and unit", "%s %s"), cp_i18n_currency_name (currency, cp_labels_ui_language ()),
                            _(field->unit));
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

/* The row's subtitle label, NULL without the template's title box. */
static GtkWidget *
subtitle_label (AdwActionRow *row)
{
  GtkWidget *box = cp_form_row_title_box (row);

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
