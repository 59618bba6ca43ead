/* test-import-dialog.c: the vendor sheet preview (issue 14), driven through
 * its widgets: a column's combo row set as a user sets it, the accept and
 * cancel actions by name. Nothing reaches the project before accept. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "gui/cp-import-dialog.h"

static void
spin (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static void
collect (GtkWidget *root, GType type, GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect (child, type, found);
}

static AdwComboRow *
combo_titled (GtkWidget *root, const char *title)
{
  g_autoptr(GPtrArray) combos = g_ptr_array_new ();

  collect (root, ADW_TYPE_COMBO_ROW, combos);
  for (guint i = 0; i < combos->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (combos, i)), title) == 0)
      return g_ptr_array_index (combos, i);
  return NULL;
}

/* The header bar's Import button: enabled only when a row can be imported. */
static gboolean
can_accept (CpImportDialog *dialog)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  collect (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (g_ptr_array_index (buttons, i)), "import.accept") == 0)
      return gtk_widget_is_sensitive (g_ptr_array_index (buttons, i));
  g_assert_not_reached ();
  return FALSE;
}

static void
on_accepted (CpImportDialog *dialog, CpQuoteCsvResult *result, CpProject *project)
{
  cp_quote_csv_add_to_project (result, project);
}

static void
on_destroy (GtkWidget *dialog, gboolean *alive)
{
  *alive = FALSE;
}

static CpImportDialog *
open_dialog (const char *csv, CpProject *project, gboolean *alive)
{
  g_autoptr(GError) error = NULL;
  CpQuoteSheet *sheet = cp_quote_sheet_new (csv, strlen (csv), project, &error);
  CpImportDialog *dialog;

  g_assert_no_error (error);
  dialog = cp_import_dialog_new (NULL, sheet, project);
  g_signal_connect (dialog, "quotes-accepted", G_CALLBACK (on_accepted), project);
  *alive = TRUE;
  g_signal_connect (dialog, "destroy", G_CALLBACK (on_destroy), alive);
  gtk_window_present (GTK_WINDOW (dialog));
  spin ();
  return dialog;
}

/* "卡" is no header the importer knows: no row imports until the user
 * says what the column is. */
static void
test_remap_then_accept (void)
{
  static const char csv[] =
    "型号,卡,月租,颜色\n"
    "A800,8,\"68,000 元/台/月\",红\n"
    "H800,8,\"2,400 元/台/天\",蓝\n";
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (csv, project, &alive);
  AdwComboRow *count;

  g_assert_false (can_accept (dialog));
  count = combo_titled (GTK_WIDGET (dialog), "卡");
  g_assert_nonnull (count);
  g_assert_cmpuint (adw_combo_row_get_selected (count), ==, 0);   /* not used */

  /* Position 1 + CP_QUOTE_COLUMN_GPUS_PER_NODE, as the list shows it. */
  adw_combo_row_set_selected (count, 1 + CP_QUOTE_COLUMN_GPUS_PER_NODE);
  spin ();
  g_assert_true (can_accept (dialog));
  g_assert_cmpuint (project->quotes->len, ==, 0);

  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.accept", NULL);
  spin ();
  g_assert_false (alive);
  g_assert_cmpuint (project->quotes->len, ==, 2);
  /* 68,000 ÷ 730 ÷ 8 and 2,400 ÷ 24 ÷ 8 per GPU-hour */
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (project->quotes, 0),
                                                               &project->settings), 68000.0 / 730 / 8, 1e-9);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (project->quotes, 1),
                                                               &project->settings), 12.5, 1e-9);
}

/* Cancel: the project is as it was. */
static void
test_cancel (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("CP_SOURCE_DIR"), "tests", "store", "sheets",
                                            "issue-six-rows.csv", NULL);
  g_autofree char *csv = NULL;
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog;

  g_assert_true (g_file_get_contents (path, &csv, NULL, NULL));
  dialog = open_dialog (csv, project, &alive);
  /* All six of the rows import. */
  g_assert_true (can_accept (dialog));
  g_assert_nonnull (combo_titled (GTK_WIDGET (dialog), "计费单位"));
  g_assert_cmpuint (adw_combo_row_get_selected (combo_titled (GTK_WIDGET (dialog), "计费单位")), ==,
                    1 + CP_QUOTE_COLUMN_PRICE_UNIT);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.cancel", NULL);
  spin ();
  g_assert_false (alive);
  g_assert_cmpuint (project->quotes->len, ==, 0);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/gui/import-dialog/remap-then-accept", test_remap_then_accept);
  g_test_add_func ("/gui/import-dialog/cancel", test_cancel);
  return g_test_run ();
}
