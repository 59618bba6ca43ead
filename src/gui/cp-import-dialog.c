/* cp-import-dialog.c: the vendor sheet import preview. */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-import-dialog.h"

struct _CpImportDialog
{
  AdwWindow            parent_instance;

  GtkButton           *accept_button;
  AdwPreferencesGroup *summary_group;
  AdwPreferencesGroup *columns_group;
  AdwPreferencesGroup *rows_group;

  CpQuoteSheet        *sheet;
  const CpProject     *project;
  CpQuoteCsvResult    *result;      /* the rows as the mapping shown reads them */
  GPtrArray           *row_widgets; /* GtkWidget*, in rows_group */
  GPtrArray           *combos;      /* AdwComboRow*, one per column, in column order */
  GtkWidget           *summary_row;
};

G_DEFINE_FINAL_TYPE (CpImportDialog, cp_import_dialog, ADW_TYPE_WINDOW)

enum {
  SIGNAL_QUOTES_ACCEPTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Combo positions: 0 is "not used", then the fields in CpQuoteColumn order. */
static int
field_at_position (guint position)
{
  return position == 0 ? CP_QUOTE_COLUMN_UNUSED : (int) position - 1;
}

static guint
position_of_field (int field)
{
  return field == CP_QUOTE_COLUMN_UNUSED ? 0 : (guint) field + 1;
}

static void
clear_rows (CpImportDialog *self)
{
  for (guint i = 0; i < self->row_widgets->len; i++)
    adw_preferences_group_remove (self->rows_group, g_ptr_array_index (self->row_widgets, i));
  g_ptr_array_set_size (self->row_widgets, 0);
}

/* @ok: the row imports as a complete quote; a row imported incomplete
 * (no price yet) gets the warning icon too, its subtitle saying why. */
static void
add_row (CpImportDialog *self, const char *title, const char *subtitle, gboolean ok)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (ok ? "emblem-ok-symbolic" : "dialog-warning-symbolic");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (subtitle && *subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  gtk_widget_add_css_class (icon, ok ? "success" : "warning");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_preferences_group_add (self->rows_group, row);
  g_ptr_array_add (self->row_widgets, row);
}

/* Reads the rows again with the mapping shown and lists their outcome. */
static void
refresh (CpImportDialog *self)
{
  g_autoptr(GError) error = NULL;
  guint n_ok = 0;

  clear_rows (self);
  g_clear_pointer (&self->result, cp_quote_csv_result_free);
  self->result = cp_quote_sheet_read (self->sheet, &error);

  if (self->result == NULL)
    {
      add_row (self, error->message, _("Choose a column for it above."), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->summary_row), error->message);
      gtk_button_set_label (self->accept_button, _("_Import"));
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "import.accept", FALSE);
      return;
    }

  for (guint i = 0; i < self->result->rows->len; i++)
    {
      const CpQuoteCsvRow *row = g_ptr_array_index (self->result->rows, i);
      g_autoptr(GString) subtitle = g_string_new (NULL);
      g_autofree char *title = NULL;

      if (row->quote_index >= 0)
        {
          const CpQuote *quote = g_ptr_array_index (self->result->quotes, row->quote_index);
          g_autofree char *text = cp_quote_describe (quote, &self->project->settings);
          if (row->incomplete->len > 0)
            /* Translators: a line number of the sheet and a description of the quote */
            title = g_strdup_printf (_("Line %u, imported as incomplete: %s"), row->line, text);
          else
            /* Translators: a line number of the sheet and a description of the quote */
            title = g_strdup_printf (_("Line %u: %s"), row->line, text);
          n_ok++;
        }
      else
        title = g_strdup_printf (_("Line %u: not imported"), row->line);

      for (guint p = 0; p < row->incomplete->len; p++)
        {
          g_autofree char *line = g_strdup_printf (_("Incomplete: %s (left out of the ranking until "
                                                     "it is filled in)"),
                                                   (const char *) g_ptr_array_index (row->incomplete, p));
          g_string_append_printf (subtitle, "%s%s", subtitle->len ? "\n" : "", line);
        }
      for (guint p = 0; p < row->problems->len; p++)
        g_string_append_printf (subtitle, "%s%s", subtitle->len ? "\n" : "",
                                (const char *) g_ptr_array_index (row->problems, p));
      for (guint a = 0; a < row->assumptions->len; a++)
        {
          g_autofree char *line = g_strdup_printf (_("Assumed: %s"),
                                                   (const char *) g_ptr_array_index (row->assumptions, a));
          g_string_append_printf (subtitle, "%s%s", subtitle->len ? "\n" : "", line);
        }
      add_row (self, title, subtitle->str, row->quote_index >= 0 && row->incomplete->len == 0);
    }

  {
    g_autofree char *summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "%u of %u row can be imported",
                                                             "%u of %u rows can be imported",
                                                             self->result->rows->len),
                                                n_ok, self->result->rows->len);
    g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "_Import %u Quote",
                                                           "_Import %u Quotes", n_ok), n_ok);
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->summary_row), summary);
    gtk_button_set_label (self->accept_button, label);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "import.accept", n_ok > 0);
  }
}

static void
on_field_selected (AdwComboRow    *combo,
                   GParamSpec     *pspec,
                   CpImportDialog *self)
{
  guint column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (combo), "column"));
  int field = field_at_position (adw_combo_row_get_selected (combo));

  if (cp_quote_sheet_get_field (self->sheet, column) == field)
    return;
  cp_quote_sheet_set_field (self->sheet, column, field);
  /* A field has one column: the one that had it shows "not used" now. */
  for (guint i = 0; i < self->combos->len; i++)
    {
      AdwComboRow *other = g_ptr_array_index (self->combos, i);
      guint position = position_of_field (cp_quote_sheet_get_field (self->sheet, i));
      if (other != combo && adw_combo_row_get_selected (other) != position)
        {
          g_signal_handlers_block_by_func (other, on_field_selected, self);
          adw_combo_row_set_selected (other, position);
          g_signal_handlers_unblock_by_func (other, on_field_selected, self);
        }
    }
  refresh (self);
}

static void
build_columns (CpImportDialog *self)
{
  g_autoptr(GtkStringList) fields = gtk_string_list_new (NULL);

  gtk_string_list_append (fields, cp_quote_column_get_label (CP_QUOTE_COLUMN_UNUSED));
  for (int f = 0; f < CP_N_QUOTE_COLUMNS; f++)
    gtk_string_list_append (fields, cp_quote_column_get_label (f));

  for (guint i = 0; i < cp_quote_sheet_get_n_columns (self->sheet); i++)
    {
      AdwComboRow *combo = ADW_COMBO_ROW (adw_combo_row_new ());
      const char *header = cp_quote_sheet_get_header (self->sheet, i);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (combo), *header ? header : _("(no header)"));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (combo), FALSE);
      adw_combo_row_set_model (combo, G_LIST_MODEL (fields));
      adw_combo_row_set_selected (combo, position_of_field (cp_quote_sheet_get_field (self->sheet, i)));
      g_object_set_data (G_OBJECT (combo), "column", GUINT_TO_POINTER (i));
      g_signal_connect (combo, "notify::selected", G_CALLBACK (on_field_selected), self);
      adw_preferences_group_add (self->columns_group, GTK_WIDGET (combo));
      g_ptr_array_add (self->combos, combo);
    }
}

static void
accept_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CpImportDialog *self = CP_IMPORT_DIALOG (widget);

  if (self->result == NULL)
    return;
  g_signal_emit (self, signals[SIGNAL_QUOTES_ACCEPTED], 0, self->result);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gtk_window_destroy (GTK_WINDOW (widget));
}

static void
cp_import_dialog_finalize (GObject *object)
{
  CpImportDialog *self = CP_IMPORT_DIALOG (object);

  g_clear_pointer (&self->result, cp_quote_csv_result_free);
  g_clear_pointer (&self->sheet, cp_quote_sheet_free);
  g_clear_pointer (&self->row_widgets, g_ptr_array_unref);
  g_clear_pointer (&self->combos, g_ptr_array_unref);
  G_OBJECT_CLASS (cp_import_dialog_parent_class)->finalize (object);
}

static void
cp_import_dialog_class_init (CpImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = cp_import_dialog_finalize;

  signals[SIGNAL_QUOTES_ACCEPTED] =
    g_signal_new ("quotes-accepted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-import-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, accept_button);
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, summary_group);
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, columns_group);
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, rows_group);
  gtk_widget_class_install_action (widget_class, "import.accept", NULL, accept_action);
  gtk_widget_class_install_action (widget_class, "import.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "import.cancel", NULL);
}

static void
cp_import_dialog_init (CpImportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->row_widgets = g_ptr_array_new ();
  self->combos = g_ptr_array_new ();
  self->summary_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->summary_row), _("Rows that can be imported"));
  adw_preferences_group_add (self->summary_group, self->summary_row);
}

CpImportDialog *
cp_import_dialog_new (GtkWindow       *parent,
                      CpQuoteSheet    *sheet,
                      const CpProject *project)
{
  CpImportDialog *self = g_object_new (CP_TYPE_IMPORT_DIALOG, "transient-for", parent, NULL);

  self->sheet = sheet;
  self->project = project;
  build_columns (self);
  refresh (self);
  return self;
}
