/* test-import-dialog.c: the vendor sheet preview (issues 12 and 14),
 * driven through its widgets: a file opened through the dialog's own
 * path (what its file chooser calls), a column's combo row set as a user
 * sets it, the accept and cancel actions by name. The file and its rows
 * are read on workers: the tests wait on the dialog's "busy". Nothing
 * reaches the project before accept. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "common/cp-test-dir.h"
#include "common/cp-test-workbook.h"
#include "gui/cp-application.h"
#include "gui/cp-import-dialog.h"
#include "gui/cp-import-row.h"
/* Only to hand the window the file a file chooser would have returned. */
#include "gui/cp-window-private.h"
#include "gui/cp-window.h"
#include "cp-test-gui.h"
#include "report/cp-i18n.h"

static char *scratch_dir;
static CpApplication *app;

static void
spin (void)
{
  cp_test_gui_spin ();
}

static gboolean
dialog_idle (gpointer dialog)
{
  return !cp_import_dialog_get_busy (dialog);
}

/* Runs the main loop until the dialog reads nothing more. */
static void
wait_until_idle (CpImportDialog *dialog)
{
  cp_test_gui_wait_until (dialog_idle, dialog, "the sheet's reading to end");
  spin ();
}

static char *
write_sheet (const char *name,
             const char *csv,
             gssize      length)
{
  char *path = g_build_filename (scratch_dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, csv, length, &error));
  g_assert_no_error (error);
  return path;
}

/* Long enough to still be read when the test acts: @n_rows rows. */
static char *
write_large_sheet (guint n_rows)
{
  g_autoptr(GString) csv = g_string_new ("供应商,GPU型号,每节点卡数,价格,计费单位\n");
  g_autofree char *name = g_strdup_printf ("large-%u.csv", n_rows);

  for (guint i = 0; i < n_rows; i++)
    g_string_append_printf (csv, "示例 %u,A800,8,%u.5,元/卡/时\n", i, 5 + i % 20);
  return write_sheet (name, csv->str, (gssize) csv->len);
}

/* The widget of @type in @dialog named @name, or (@name NULL) whose
 * action is @action. */
static GtkWidget *
find_widget (CpImportDialog *dialog, GType type, const char *name, const char *action)
{
  g_autoptr(GPtrArray) widgets = g_ptr_array_new ();

  cp_test_gui_collect (GTK_WIDGET (dialog), type, widgets);
  for (guint i = 0; i < widgets->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (widgets, i);

      if (name != NULL ? g_strcmp0 (gtk_widget_get_name (widget), name) == 0
                       : g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
        return widget;
    }
  g_assert_not_reached ();
  return NULL;
}

static GtkButton *
accept_button (CpImportDialog *dialog)
{
  return GTK_BUTTON (find_widget (dialog, GTK_TYPE_BUTTON, NULL, "import.accept"));
}

/* The header bar's Import button: enabled only when a row can be imported. */
static gboolean
can_accept (CpImportDialog *dialog)
{
  return gtk_widget_is_sensitive (GTK_WIDGET (accept_button (dialog)));
}

static CpImportRow *
row_at (CpImportDialog *dialog, guint position)
{
  g_autoptr(CpImportRow) row = g_list_model_get_item (cp_import_dialog_get_rows (dialog), position);

  g_assert_nonnull (row);
  return row;   /* the model keeps it */
}

/* The rows list (the combo rows' popovers hold list views too). */
static GtkWidget *
rows_list (CpImportDialog *dialog)
{
  return find_widget (dialog, GTK_TYPE_LIST_VIEW, "import-rows", NULL);
}

/* The texts the rows list shows: some of its items' labels are on screen. */
static gboolean
rows_list_shows (CpImportDialog *dialog, const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  cp_test_gui_collect (rows_list (dialog), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (labels, i)) &&
        strstr (gtk_label_get_text (g_ptr_array_index (labels, i)), text) != NULL)
      return TRUE;
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
open_dialog (const char *path, CpProject *project, gboolean *alive)
{
  CpImportDialog *dialog = cp_import_dialog_new (NULL, project);

  g_signal_connect (dialog, "quotes-accepted", G_CALLBACK (on_accepted), project);
  *alive = TRUE;
  g_signal_connect (dialog, "destroy", G_CALLBACK (on_destroy), alive);
  gtk_window_present (GTK_WINDOW (dialog));
  cp_import_dialog_open_file (dialog, path);
  g_assert_true (cp_import_dialog_get_busy (dialog));
  g_assert_false (can_accept (dialog));
  return dialog;
}

/* Three lines written by hand: the rows listed are the file's, with the
 * prices per GPU-hour worked out from it. */
static void
test_rows_shown (void)
{
  static const char csv[] =
    "供应商,GPU型号,每节点卡数,价格,计费单位\n"
    "甲,A800 80GB,8,6.5,元/卡/时\n"
    "乙,H800,8,\"2,400\",元/台/天\n"
    "丙,4090,4,abc,元/卡/时\n";
  g_autofree char *path = write_sheet ("three.csv", csv, -1);
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (path, project, &alive);
  CpImportRow *row;

  wait_until_idle (dialog);
  g_assert_cmpuint (g_list_model_get_n_items (cp_import_dialog_get_rows (dialog)), ==, 3);

  row = row_at (dialog, 0);
  g_assert_true (g_str_has_prefix (cp_import_row_get_title (row), "Line 2: "));
  g_assert_nonnull (strstr (cp_import_row_get_title (row), "× 8, 1 node"));
  g_assert_nonnull (strstr (cp_import_row_get_title (row), "; 6.5 CNY per GPU-hour"));
  g_assert_true (cp_import_row_get_complete (row));

  /* 2,400 a machine-day ÷ 24 h ÷ 8 GPUs */
  row = row_at (dialog, 1);
  g_assert_true (g_str_has_prefix (cp_import_row_get_title (row), "Line 3: "));
  g_assert_nonnull (strstr (cp_import_row_get_title (row), "; 12.5 CNY per GPU-hour"));
  g_assert_nonnull (strstr (cp_import_row_get_subtitle (row), "divided by 24 hours"));

  /* The bad price is named with its line (the title) and column. */
  row = row_at (dialog, 2);
  g_assert_cmpstr (cp_import_row_get_title (row), ==, "Line 4: not imported");
  g_assert_nonnull (strstr (cp_import_row_get_subtitle (row), "价格 “abc” is not a number"));
  g_assert_false (cp_import_row_get_complete (row));

  /* On screen, not only in the model. */
  g_assert_true (rows_list_shows (dialog, "Line 4: not imported"));
  g_assert_cmpstr (gtk_button_get_label (accept_button (dialog)), ==, "_Import 2 Quotes");
  g_assert_true (can_accept (dialog));
  g_assert_cmpuint (project->quotes->len, ==, 0);

  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.accept", NULL);
  spin ();
  g_assert_false (alive);
  g_assert_cmpuint (project->quotes->len, ==, 2);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 0))->vendor, ==, "甲");
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (project->quotes, 0),
                                                               &project->settings), 6.5, 1e-9);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 1))->vendor, ==, "乙");
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (project->quotes, 1),
                                                               &project->settings), 2400.0 / 24 / 8, 1e-9);
}

/* The label under the rows list with the selected row's whole text. */
static GtkLabel *
row_details (CpImportDialog *dialog)
{
  return GTK_LABEL (find_widget (dialog, GTK_TYPE_LABEL, "import-row-details", NULL));
}

/* Whether @label shows all of @text on screen, wrapped over more lines
 * than @text has, within the dialog's 1024 px. */
static gboolean
shows_wrapped (GtkLabel *label, const char *text)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  int text_lines = 1;

  for (const char *c = text; *c != '\0'; c++)
    text_lines += *c == '\n';
  return gtk_widget_get_mapped (GTK_WIDGET (label)) && strstr (gtk_label_get_text (label), text) != NULL &&
         gtk_widget_get_width (GTK_WIDGET (label)) <= 1024 && !pango_layout_is_ellipsized (layout) &&
         pango_layout_get_line_count (layout) > text_lines;
}

/* The walker's Shenzhen rows at 1024 px (walk41b F6): the assumption
 * saying which of two prices is the quote's was cut with "…" in the list.
 * Over the month both allow, the H800 bills 14.50 × 8 GPUs × 730 h =
 * 84,680 CNY at its card-hour price against 78,000 a month; the A800,
 * over its three months, 8.80 × 8 × 2,190 = 154,176 against 3 × 46,000 =
 * 138,000. The selected row's sentences are shown whole, wrapped, under
 * the list: the first row's, then the second's once it is selected. */
static void
test_assumptions_wrapped (void)
{
  static const char csv[] =
    "GPU型号,配置,可租台数,单价（元/卡/时，含税）,月租（元/台/月，含税）,备注\n"
    "NVIDIA H800 80G SXM,8卡/台,4,14.50,\"78,000\",起租1个月\n"
    "NVIDIA A800 80G SXM,8卡/台,8,8.80,\"46,000\",起租3个月\n";
  g_autofree char *path = write_sheet ("two-prices.csv", csv, -1);
  g_autoptr(CpProject) project = cp_project_new ();
  CpImportDialog *dialog = cp_import_dialog_new (NULL, project);
  const char *h800, *a800;
  GtkSelectionModel *selection;

  gtk_window_set_default_size (GTK_WINDOW (dialog), 1024, 700);
  gtk_window_present (GTK_WINDOW (dialog));
  cp_import_dialog_open_file (dialog, path);
  wait_until_idle (dialog);
  h800 = cp_import_row_get_subtitle (row_at (dialog, 0));
  a800 = cp_import_row_get_subtitle (row_at (dialog, 1));
  g_assert_nonnull (strstr (h800, "月租（元/台/月，含税） “78,000” is the quote’s price"));
  g_assert_nonnull (strstr (h800, "one machine costs 78000 CNY at the first and 84680 CNY at the second"));
  g_assert_nonnull (strstr (a800, "one machine costs 138000 CNY at the first and 154176 CNY at the second"));

  g_assert_true (shows_wrapped (row_details (dialog), h800));
  selection = gtk_list_view_get_model (GTK_LIST_VIEW (rows_list (dialog)));
  g_assert_true (gtk_selection_model_select_item (selection, 1, TRUE));
  spin ();
  g_assert_true (shows_wrapped (row_details (dialog), a800));
  g_assert_null (strstr (gtk_label_get_text (row_details (dialog)), h800));
  gtk_window_destroy (GTK_WINDOW (dialog));
  spin ();
}

/* A cluster whose sheet names RoCE but no NICs lacks only its network:
 * its row says it is ranked on one machine until that is filled in, as
 * the results do; a row lacking its price is still left out. */
static void
test_network_missing_one_machine (void)
{
  static const char csv[] =
    "供应商,GPU型号,每节点卡数,节点数量,节点间网络,价格,计费单位\n"
    "甲,A800 80GB,8,4,RoCE,6.5,元/卡/时\n"
    "乙,A800 80GB,8,1,无,0,元/卡/时\n";
  g_autofree char *path = write_sheet ("network-missing.csv", csv, -1);
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (path, project, &alive);

  wait_until_idle (dialog);
  g_assert_nonnull (strstr (cp_import_row_get_subtitle (row_at (dialog, 0)),
                            "Incomplete: no NICs or NIC rate for its nodes (ranked on one machine only until "
                            "it is filled in)"));
  g_assert_nonnull (strstr (cp_import_row_get_subtitle (row_at (dialog, 1)), "(left out of the ranking until "
                                                                              "it is filled in)"));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.cancel", NULL);
  spin ();
  g_assert_false (alive);
}

/* An offer past its last day is imported, its row marked with the
 * warning icon and its subtitle naming the date (2020-06-30 has passed on
 * any day this runs); the one valid until 2999 is not marked. */
static void
test_expired_offer_warned (void)
{
  static const char csv[] =
    "供应商,GPU型号,每节点卡数,价格,计费单位,有效期\n"
    "甲,A800 80GB,8,6.5,元/卡/时,2020-06-30\n"
    "乙,A800 80GB,8,7,元/卡/时,2999-12-31\n";
  g_autofree char *path = write_sheet ("expired.csv", csv, -1);
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (path, project, &alive);
  CpImportRow *row;

  wait_until_idle (dialog);
  row = row_at (dialog, 0);
  g_assert_true (g_str_has_prefix (cp_import_row_get_title (row), "Line 2: "));
  g_assert_nonnull (strstr (cp_import_row_get_subtitle (row),
                            "Warning: the offer expired on 2020-06-30: ask the vendor for a new quote before "
                            "relying on its price"));
  g_assert_false (cp_import_row_get_complete (row));
  row = row_at (dialog, 1);
  g_assert_null (strstr (cp_import_row_get_subtitle (row), "Warning"));
  g_assert_true (cp_import_row_get_complete (row));
  g_assert_true (rows_list_shows (dialog, "Warning: the offer expired on 2020-06-30"));

  /* Both are imported: the warning is for the user, not a refusal. */
  g_assert_cmpstr (gtk_button_get_label (accept_button (dialog)), ==, "_Import 2 Quotes");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.accept", NULL);
  spin ();
  g_assert_false (alive);
  g_assert_cmpuint (project->quotes->len, ==, 2);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 0))->valid_until, ==, "2020-06-30");
}

/* A row's subtitle, "" for none. */
static const char *
subtitle_of (AdwComboRow *row)
{
  const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));

  return subtitle ? subtitle : "";
}

/* "卡" is no header the importer knows, but its cells are GPU counts: the
 * preview proposes it, says it guessed and why; the user may undo the
 * guess (no row imports) and choose it again. */
static void
test_guess_then_remap (void)
{
  static const char csv[] =
    "型号,卡,月租,颜色\n"
    "A800,8,\"68,000 元/台/月\",红\n"
    "H800,8,\"2,400 元/台/天\",蓝\n";
  g_autofree char *path = write_sheet ("remap.csv", csv, -1);
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (path, project, &alive);
  AdwComboRow *count;
  AdwComboRow *colour;

  wait_until_idle (dialog);
  count = cp_test_gui_find_combo_row (GTK_WIDGET (dialog), "卡");
  colour = cp_test_gui_find_combo_row (GTK_WIDGET (dialog), "颜色");
  g_assert_nonnull (count);
  /* Position 1 + CP_QUOTE_COLUMN_GPUS_PER_NODE, as the list shows it. */
  g_assert_cmpuint (adw_combo_row_get_selected (count), ==, 1 + CP_QUOTE_COLUMN_GPUS_PER_NODE);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (count)), ==,
                   "Guessed: 2 of 2 cells are GPU counts");
  g_assert_cmpuint (adw_combo_row_get_selected (colour), ==, 0);   /* not used */
  g_assert_cmpstr (subtitle_of (colour), ==, "");
  g_assert_true (can_accept (dialog));

  adw_combo_row_set_selected (count, 0);
  g_assert_true (cp_import_dialog_get_busy (dialog));
  wait_until_idle (dialog);
  g_assert_false (can_accept (dialog));
  /* The user's choice is no guess. */
  g_assert_cmpstr (subtitle_of (count), ==, "");

  adw_combo_row_set_selected (count, 1 + CP_QUOTE_COLUMN_GPUS_PER_NODE);
  g_assert_true (cp_import_dialog_get_busy (dialog));
  /* Rows read with the old mapping cannot be imported meanwhile. */
  g_assert_false (can_accept (dialog));
  wait_until_idle (dialog);
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

/* A workbook of two sheets: the one with quotes is read first, under its
 * title row; choosing the other sheet in the Sheet row reads it (a note,
 * no quotes), choosing back imports the quotes. */
static void
test_workbook_sheets (void)
{
  const char *names[] = { "说明", "报价" };
  const char *sheets[] = {
    "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>"
    "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>报价见第二页</t></is></c></row></sheetData></worksheet>",
    "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>"
    "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>"
    "<row r=\"3\"><c r=\"A3\" t=\"s\"><v>1</v></c><c r=\"B3\" t=\"s\"><v>2</v></c><c r=\"C3\" t=\"s\"><v>3</v></c></row>"
    "<row r=\"4\"><c r=\"A4\" t=\"s\"><v>4</v></c><c r=\"B4\"><v>8</v></c><c r=\"C4\" t=\"inlineStr\"><is><t>6.5 元/卡/时</t></is></c></row>"
    "<row r=\"5\"><c r=\"A5\" t=\"inlineStr\"><is><t>RTX4090 24G</t></is></c><c r=\"B5\" t=\"s\"><v>5</v></c>"
    "<c r=\"C5\" t=\"inlineStr\"><is><t>2352元/台/天</t></is></c></row>"
    "</sheetData><mergeCells count=\"1\"><mergeCell ref=\"A1:C1\"/></mergeCells></worksheet>",
  };
  const char shared[] =
    "<sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">"
    "<si><t>某云 GPU 报价单</t></si><si><t>机型</t></si><si><t>卡数</t></si><si><t>单价</t></si>"
    "<si><t>H800 SXM5 80G</t></si><si><t>8</t></si></sst>";
  g_autoptr(GBytes) bytes = cp_test_xlsx (names, sheets, 2, shared, NULL, NULL, CP_TEST_ZIP_DEFLATED);
  g_autofree char *path = write_sheet ("quotes.xlsx", g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes));
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (path, project, &alive);
  AdwComboRow *sheet_row;
  AdwComboRow *gpu;

  wait_until_idle (dialog);
  sheet_row = cp_test_gui_find_combo_row (GTK_WIDGET (dialog), "_Sheet");
  g_assert_nonnull (sheet_row);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (sheet_row)));
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (sheet_row)), ==, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (sheet_row), ==, 1);
  gpu = cp_test_gui_find_combo_row (GTK_WIDGET (dialog), "机型");
  g_assert_nonnull (gpu);
  g_assert_cmpuint (adw_combo_row_get_selected (gpu), ==, 1 + CP_QUOTE_COLUMN_GPU);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (gpu)), ==, "Guessed: 2 of 2 cells are GPU names");
  g_assert_true (can_accept (dialog));
  /* Numbered as the spreadsheet numbers its rows, and called rows of the sheet. */
  g_assert_true (g_str_has_prefix (cp_import_row_get_title (row_at (dialog, 0)), "Row 4 of sheet “报价”: "));

  adw_combo_row_set_selected (sheet_row, 0);
  g_assert_true (cp_import_dialog_get_busy (dialog));
  wait_until_idle (dialog);
  g_assert_false (can_accept (dialog));
  g_assert_true (g_str_has_prefix (cp_import_row_get_title (row_at (dialog, 0)), "the file has a header but no quotes"));
  g_assert_cmpuint (adw_combo_row_get_selected (sheet_row), ==, 0);

  adw_combo_row_set_selected (sheet_row, 1);
  wait_until_idle (dialog);
  g_assert_true (can_accept (dialog));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.accept", NULL);
  spin ();
  g_assert_false (alive);
  g_assert_cmpuint (project->quotes->len, ==, 2);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (project->quotes, 0),
                                                               &project->settings), 6.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (project->quotes, 1),
                                                               &project->settings), 2352.0 / 24 / 8, 1e-9);
}

/* A vendor's workbook opened as a user would: a merged title, 报价有效期
 * beside a date cell (46387: 2026-12-31), 序号, and a header of two rows
 * with 单价 merged across 元/卡/时 | 元/台/月. The preview maps 序号 to
 * nothing and 单价 to the price, lists each row at its column's unit
 * (68,000 a node-month ÷ 730 h ÷ 8 GPUs = 11.64 per GPU-hour), says where
 * the validity came from, and the quotes imported carry it, with ids of
 * their own. */
static void
test_vendor_workbook (void)
{
  const char *names[] = { "GPU报价" };
  const char *sheets[] = {
    "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>"
    "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>华南智算 GPU 租赁报价</t></is></c></row>"
    "<row r=\"2\"><c r=\"A2\" t=\"inlineStr\"><is><t>报价有效期</t></is></c><c r=\"B2\" s=\"1\"><v>46387</v></c></row>"
    "<row r=\"3\"><c r=\"A3\" t=\"inlineStr\"><is><t>序号</t></is></c><c r=\"B3\" t=\"inlineStr\"><is><t>机型</t></is></c>"
    "<c r=\"C3\" t=\"inlineStr\"><is><t>卡数</t></is></c><c r=\"D3\" t=\"inlineStr\"><is><t>单价</t></is></c></row>"
    "<row r=\"4\"><c r=\"D4\" t=\"inlineStr\"><is><t>元/卡/时</t></is></c><c r=\"E4\" t=\"inlineStr\"><is><t>元/台/月</t></is></c></row>"
    "<row r=\"5\"><c r=\"A5\"><v>1</v></c><c r=\"B5\" t=\"inlineStr\"><is><t>H800 80G</t></is></c><c r=\"C5\"><v>8</v></c>"
    "<c r=\"E5\"><v>68000</v></c></row>"
    "<row r=\"6\"><c r=\"A6\"><v>2</v></c><c r=\"B6\" t=\"inlineStr\"><is><t>A800 80G</t></is></c><c r=\"C6\"><v>8</v></c>"
    "<c r=\"D6\"><v>12.5</v></c></row>"
    "</sheetData><mergeCells count=\"5\"><mergeCell ref=\"A1:E1\"/><mergeCell ref=\"A3:A4\"/><mergeCell ref=\"B3:B4\"/>"
    "<mergeCell ref=\"C3:C4\"/><mergeCell ref=\"D3:E3\"/></mergeCells></worksheet>",
  };
  const char styles[] =
    "<styleSheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">"
    "<cellXfs count=\"2\"><xf numFmtId=\"0\"/><xf numFmtId=\"14\"/></cellXfs></styleSheet>";
  g_autoptr(GBytes) bytes = cp_test_xlsx (names, sheets, 1, NULL, styles, NULL, CP_TEST_ZIP_DEFLATED);
  g_autofree char *path = write_sheet ("华南智算.xlsx", g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes));
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (path, project, &alive);
  AdwComboRow *number, *price;
  const CpQuote *h800, *a800;

  wait_until_idle (dialog);
  number = cp_test_gui_find_combo_row (GTK_WIDGET (dialog), "序号");
  price = cp_test_gui_find_combo_row (GTK_WIDGET (dialog), "单价");
  g_assert_nonnull (number);
  g_assert_nonnull (price);
  g_assert_cmpuint (adw_combo_row_get_selected (number), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (price), ==, 1 + CP_QUOTE_COLUMN_PRICE);
  g_assert_cmpuint (g_list_model_get_n_items (cp_import_dialog_get_rows (dialog)), ==, 2);
  g_assert_true (g_str_has_prefix (cp_import_row_get_title (row_at (dialog, 0)), "Row 5 of sheet “GPU报价”: "));
  g_assert_nonnull (strstr (cp_import_row_get_title (row_at (dialog, 0)), "; 11.64 CNY per GPU-hour"));
  g_assert_nonnull (strstr (cp_import_row_get_title (row_at (dialog, 1)), "; 12.5 CNY per GPU-hour"));
  g_assert_nonnull (strstr (cp_import_row_get_subtitle (row_at (dialog, 1)),
                            "valid until 2026-12-31, from the title row “报价有效期 2026-12-31”"));
  g_assert_cmpstr (gtk_button_get_label (accept_button (dialog)), ==, "_Import 2 Quotes");

  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.accept", NULL);
  spin ();
  g_assert_false (alive);
  g_assert_cmpuint (project->quotes->len, ==, 2);
  h800 = g_ptr_array_index (project->quotes, 0);
  a800 = g_ptr_array_index (project->quotes, 1);
  g_assert_cmpstr (h800->vendor, ==, "华南智算");
  g_assert_cmpstr (h800->valid_until, ==, "2026-12-31");
  g_assert_cmpstr (a800->valid_until, ==, "2026-12-31");
  g_assert_cmpstr (h800->id, !=, "1");
  g_assert_cmpstr (a800->id, !=, "2");
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (h800, &project->settings),
                                  68000.0 / 730 / 8, 1e-9);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (a800, &project->settings), 12.5, 1e-9);
}

/* The vendor of rows that name none, as the title row gives it, changed
 * in the Vendor row: typing alone changes nothing, Enter reads the rows
 * again with the name typed, and the quotes imported carry it. */
static void
test_vendor_typed (void)
{
  static const char csv[] =
    "前海智算 GPU 算力租赁报价单 2026-12\n"
    "机型,卡数,单价\n"
    "H800 SXM5 80G,8,\"65,000 元/台/月\"\n"
    "RTX4090 24G,8,2352元/台/天\n";
  g_autofree char *path = write_sheet ("titled.csv", csv, -1);
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (path, project, &alive);
  GtkWidget *vendor;
  GtkWidget *text;

  wait_until_idle (dialog);
  vendor = cp_test_gui_find_named (GTK_WIDGET (dialog), "import-vendor");
  g_assert_true (ADW_IS_ENTRY_ROW (vendor));
  g_assert_true (gtk_widget_get_sensitive (vendor));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (vendor)), ==, "前海智算");
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (vendor), "the title row"));
  g_assert_nonnull (strstr (cp_import_row_get_subtitle (row_at (dialog, 0)), "“前海智算”"));

  /* Typed with the focus in the row, as a user types. */
  text = cp_test_gui_find_of_type (vendor, GTK_TYPE_TEXT);
  g_assert_nonnull (text);
  g_assert_true (gtk_widget_grab_focus (text));
  gtk_editable_delete_text (GTK_EDITABLE (text), 0, -1);
  gtk_editable_insert_text (GTK_EDITABLE (text), "前海智算科技（深圳）", -1, &(int){ 0 });
  spin ();
  g_assert_false (cp_import_dialog_get_busy (dialog));
  g_assert_nonnull (strstr (cp_import_row_get_subtitle (row_at (dialog, 0)), "“前海智算”"));

  g_signal_emit_by_name (text, "activate");
  g_assert_true (cp_import_dialog_get_busy (dialog));
  wait_until_idle (dialog);
  /* The user's name needs no account of where it came from. */
  g_assert_null (strstr (cp_import_row_get_subtitle (row_at (dialog, 0)), "the title row"));
  g_assert_true (can_accept (dialog));

  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.accept", NULL);
  spin ();
  g_assert_false (alive);
  g_assert_cmpuint (project->quotes->len, ==, 2);
  for (guint i = 0; i < project->quotes->len; i++)
    g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, i))->vendor, ==, "前海智算科技（深圳）");
  /* 65,000 ÷ 730 ÷ 8 and 2,352 ÷ 24 ÷ 8 per GPU-hour */
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (project->quotes, 0),
                                                               &project->settings), 65000.0 / 730 / 8, 1e-9);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (project->quotes, 1),
                                                               &project->settings), 12.25, 1e-9);
}

/* A main loop never idle (a spinner's frames, under load, where no
 * compositor paces them): the reading's results still arrive. At
 * G_PRIORITY_LOW, below this source, the preview said "Reading the
 * sheet…" for ever in the window. */
static gboolean
always_ready (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

static void
test_busy_main_loop (void)
{
  static const char csv[] =
    "供应商,GPU型号,每节点卡数,价格,计费单位\n"
    "甲,A800 80GB,8,6.5,元/卡/时\n";
  g_autofree char *path = write_sheet ("busy.csv", csv, -1);
  g_autoptr(CpProject) project = cp_project_new ();
  guint busy_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, always_ready, NULL, NULL);
  gboolean alive;
  CpImportDialog *dialog = open_dialog (path, project, &alive);

  /* Not wait_until_idle(): its spin() would run as long as the source. */
  cp_test_gui_wait_until (dialog_idle, dialog, "the sheet's reading to end beside a busy main loop");
  g_source_remove (busy_id);
  g_assert_cmpuint (g_list_model_get_n_items (cp_import_dialog_get_rows (dialog)), ==, 1);
  g_assert_true (can_accept (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  spin ();
}

/* Cancel: the project is as it was. */
static void
test_cancel (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("CP_SOURCE_DIR"), "tests", "store", "sheets",
                                            "issue-six-rows.csv", NULL);
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (path, project, &alive);

  wait_until_idle (dialog);
  /* All six of the rows import. */
  g_assert_cmpuint (g_list_model_get_n_items (cp_import_dialog_get_rows (dialog)), ==, 6);
  g_assert_true (can_accept (dialog));
  g_assert_nonnull (cp_test_gui_find_combo_row (GTK_WIDGET (dialog), "计费单位"));
  g_assert_cmpuint (adw_combo_row_get_selected (cp_test_gui_find_combo_row (GTK_WIDGET (dialog), "计费单位")), ==,
                    1 + CP_QUOTE_COLUMN_PRICE_UNIT);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.cancel", NULL);
  spin ();
  g_assert_false (alive);
  g_assert_cmpuint (project->quotes->len, ==, 0);
}

/* Closed while a large sheet is read: the dialog goes at once (nothing
 * waits on it), the work stops, and its callback touches none of the
 * dialog's widgets (criticals are fatal here). */
static void
test_close_mid_read (void)
{
  g_autofree char *path = write_large_sheet (5000);
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (path, project, &alive);

  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  /* Once the file is read its rows are, and its columns' combos are made
   * a few at a time: close when the first is there, the rest and the rows
   * still to come. */
  while (cp_test_gui_find_combo_row (GTK_WIDGET (dialog), "供应商") == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (cp_import_dialog_get_busy (dialog));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.cancel", NULL);
  g_assert_false (alive);
  g_assert_null (dialog);

  /* The rows are read by a task that returns as soon as it is cancelled:
   * its callback is queued by the cancel and runs here. */
  spin ();
  g_assert_cmpuint (project->quotes->len, ==, 0);
}

/* Another file chosen while one is read: only the newer one is shown. */
static void
test_other_file_mid_read (void)
{
  static const char csv[] =
    "GPU,GPUs per node,price,price unit\n"
    "H800,8,9.5,元/卡/时\n";
  g_autofree char *large = write_large_sheet (5000);
  g_autofree char *small = write_sheet ("one.csv", csv, -1);
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (large, project, &alive);

  cp_import_dialog_open_file (dialog, small);
  wait_until_idle (dialog);
  g_assert_cmpuint (g_list_model_get_n_items (cp_import_dialog_get_rows (dialog)), ==, 1);
  g_assert_nonnull (strstr (cp_import_row_get_title (row_at (dialog, 0)), "; 9.5 CNY per GPU-hour"));
  g_assert_nonnull (cp_test_gui_find_combo_row (GTK_WIDGET (dialog), "GPUs per node"));
  g_assert_null (cp_test_gui_find_combo_row (GTK_WIDGET (dialog), "计费单位"));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.cancel", NULL);
  spin ();
}

typedef struct {
  CpImportDialog *dialog;
  GtkWidget      *spinner;
} SpinnerWait;

static gboolean
spinner_or_idle (gpointer user_data)
{
  SpinnerWait *wait = user_data;

  return !cp_import_dialog_get_busy (wait->dialog) || gtk_widget_get_visible (wait->spinner);
}

/* Work that lasts over 300 ms shows a spinner and says so; the summary
 * replaces it once the rows are read. */
static void
test_progress_shown (void)
{
  g_autofree char *path = write_large_sheet (CP_QUOTE_CSV_MAX_RECORDS);
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(GPtrArray) spinners = g_ptr_array_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (path, project, &alive);
  GtkWidget *spinner;
  AdwActionRow *summary;

  cp_test_gui_collect (GTK_WIDGET (dialog), GTK_TYPE_SPINNER, spinners);
  g_assert_cmpuint (spinners->len, ==, 1);
  spinner = g_ptr_array_index (spinners, 0);
  summary = ADW_ACTION_ROW (gtk_widget_get_ancestor (spinner, ADW_TYPE_ACTION_ROW));
  g_assert_false (gtk_widget_get_visible (spinner));

  /* Until the spinner shows or the reading ends, whichever first: under
   * the sanitizers the main loop reaches the 300 ms timer late, and a
   * fixed wait of 400 ms found the spinner not yet shown. */
  cp_test_gui_wait_until (spinner_or_idle, &(SpinnerWait) { dialog, spinner },
                          "the progress or the end of the reading");
  /* 10,000 rows take longer than 300 ms on any machine this runs on; if
   * not, there is nothing to see. */
  if (cp_import_dialog_get_busy (dialog))
    {
      g_assert_true (gtk_widget_get_visible (spinner));
      g_assert_true (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));
      g_assert_cmpstr (adw_action_row_get_subtitle (summary), ==, "Reading the sheet…");
    }
  else
    g_test_message ("the sheet was read before the progress showed: no progress to check");

  wait_until_idle (dialog);
  g_assert_false (gtk_widget_get_visible (spinner));
  g_assert_cmpstr (adw_action_row_get_subtitle (summary), ==, "10000 of 10000 rows can be imported");
  g_assert_cmpuint (g_list_model_get_n_items (cp_import_dialog_get_rows (dialog)), ==, CP_QUOTE_CSV_MAX_RECORDS);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.cancel", NULL);
  spin ();
}

/* A new project's window with @csv (as file @name) in its import
 * preview, read: the preview is returned in @dialog. */
static CpWindow *
window_importing (const char *name, const char *csv, CpImportDialog **dialog)
{
  g_autofree char *path = write_sheet (name, csv, -1);
  g_autoptr(GError) error = NULL;
  CpWindow *window = cp_window_new (app);

  g_assert_true (cp_window_load_new (window, NULL, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  spin ();
  _cp_window_import_quotes (window, path);
  *dialog = CP_IMPORT_DIALOG (cp_test_gui_find_toplevel (CP_TYPE_IMPORT_DIALOG));
  g_assert_nonnull (*dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (*dialog)) == GTK_WINDOW (window));
  wait_until_idle (*dialog);
  return window;
}

/* Import Quotes in the window once its file is chosen: the preview opens
 * at once and reads the file; accepting adds the quotes to the window's
 * project and its sidebar. */
static void
test_from_window (void)
{
  static const char csv[] =
    "供应商,GPU型号,每节点卡数,价格,计费单位\n"
    "甲,A800 80GB,8,6.5,元/卡/时\n"
    "乙,H800,8,\"2,400\",元/台/天\n";
  g_autofree char *path = g_build_filename (scratch_dir, "window.csv", NULL);
  CpImportDialog *dialog;
  CpWindow *window = window_importing ("window.csv", csv, &dialog);
  const CpProject *project;

  g_assert_cmpuint (g_list_model_get_n_items (cp_import_dialog_get_rows (dialog)), ==, 2);
  project = cp_window_get_project (window);
  g_assert_cmpuint (project->quotes->len, ==, 0);

  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.accept", NULL);
  spin ();
  g_assert_null (cp_test_gui_find_toplevel (CP_TYPE_IMPORT_DIALOG));
  project = cp_window_get_project (window);
  g_assert_cmpuint (project->quotes->len, ==, 2);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (project->quotes, 1),
                                                               &project->settings), 2400.0 / 24 / 8, 1e-9);
  g_assert_nonnull (gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), 1));

  /* Closing the window with a preview open closes the preview too. */
  _cp_window_import_quotes (window, path);
  g_assert_nonnull (cp_test_gui_find_toplevel (CP_TYPE_IMPORT_DIALOG));
  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
  g_assert_null (cp_test_gui_find_toplevel (CP_TYPE_IMPORT_DIALOG));
}

/* Three offers of one vendor imported through the window (walk38's sheet):
 * the sidebar names each by its 配置, and renaming one starts from the
 * vendor's name, which Enter leaves as it was. */
static void
test_vendors_offers_in_window (void)
{
  static const char csv[] =
    "华东智算 GPU 算力报价单（2026年12月）\n"
    "序号,配置,节点数,单价,计费方式\n"
    "1,昇腾910B 64G ×8 / 节点，集群,16,138,元/节点/时\n"
    "2,8×H800 80G SXM 整机,4,68000,元/台/月\n"
    "3,8×H800 80G SXM 单机,1,72000,元/台/月\n";
  CpImportDialog *dialog;
  CpWindow *window = window_importing ("three-offers.csv", csv, &dialog);
  const CpProject *project;
  GtkListBox *quotes;
  GtkWidget *box, *entry;

  g_assert_true (can_accept (dialog));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.accept", NULL);
  spin ();
  project = cp_window_get_project (window);
  g_assert_cmpuint (project->quotes->len, ==, 3);

  quotes = cp_window_get_quotes_list (window);
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (quotes), "华东智算 — 昇腾910B 64G ×8 / 节点，集群",
                                                CP_TEST_GUI_TEXT_WHOLE));
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (quotes), "华东智算 — 8×H800 80G SXM 整机",
                                                CP_TEST_GUI_TEXT_WHOLE));
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (quotes), "华东智算 — 8×H800 80G SXM 单机",
                                                CP_TEST_GUI_TEXT_WHOLE));

  gtk_list_box_select_row (quotes, gtk_list_box_get_row_at_index (quotes, 1));
  spin ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.rename", NULL));
  spin ();
  box = gtk_list_box_row_get_child (gtk_list_box_get_row_at_index (quotes, 1));
  entry = g_object_get_data (G_OBJECT (box), "entry");
  g_assert_true (gtk_widget_get_visible (entry));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "华东智算");
  g_signal_emit_by_name (entry, "activate");
  spin ();
  project = cp_window_get_project (window);
  for (guint i = 0; i < project->quotes->len; i++)
    g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (project->quotes, i))->vendor, ==, "华东智算");

  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
}

/* A quote opened on line 3 and never closed. */
static const char unclosed[] =
  "供应商,GPU型号,每节点卡数,价格\n"
  "甲,A800,8,6.5元/卡/时\n"
  "乙,\"H800,8,7元/卡/时\n";

/* A malformed line is named; so is what stops the whole file. */
static void
test_problems_named (void)
{
  static const char header_only[] = "GPU,GPUs per node,price\n";
  static const char no_price[] = "GPU,GPUs per node\nA800,8\n";
  g_autofree char *unclosed_path = write_sheet ("unclosed.csv", unclosed, -1);
  g_autofree char *header_path = write_sheet ("header.csv", header_only, -1);
  g_autofree char *no_price_path = write_sheet ("no-price.csv", no_price, -1);
  g_autofree char *missing_path = g_build_filename (scratch_dir, "missing.csv", NULL);
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog = open_dialog (unclosed_path, project, &alive);

  wait_until_idle (dialog);
  g_assert_cmpuint (g_list_model_get_n_items (cp_import_dialog_get_rows (dialog)), ==, 2);
  g_assert_cmpstr (cp_import_row_get_title (row_at (dialog, 1)), ==, "Line 3: not imported");
  g_assert_nonnull (strstr (cp_import_row_get_subtitle (row_at (dialog, 1)), "line 3: a quoted field is not closed"));
  g_assert_true (can_accept (dialog));   /* line 2 still imports */

  cp_import_dialog_open_file (dialog, header_path);
  wait_until_idle (dialog);
  g_assert_cmpuint (g_list_model_get_n_items (cp_import_dialog_get_rows (dialog)), ==, 1);
  g_assert_cmpstr (cp_import_row_get_title (row_at (dialog, 0)), ==, "the file has a header but no quotes");
  g_assert_false (can_accept (dialog));

  cp_import_dialog_open_file (dialog, no_price_path);
  wait_until_idle (dialog);
  g_assert_true (g_str_has_prefix (cp_import_row_get_title (row_at (dialog, 0)), "the file has no “price” column"));
  g_assert_false (can_accept (dialog));
  /* The reading is over: its error stands, with no progress beside it
   * (walk38: "Reading the sheet…" came back over it, its spinner turning). */
  {
    g_autoptr(GPtrArray) spinners = g_ptr_array_new ();
    GtkWidget *spinner;
    AdwActionRow *summary;

    cp_test_gui_collect (GTK_WIDGET (dialog), GTK_TYPE_SPINNER, spinners);
    spinner = g_ptr_array_index (spinners, 0);
    g_assert_false (gtk_widget_get_visible (spinner));
    summary = ADW_ACTION_ROW (gtk_widget_get_ancestor (spinner, ADW_TYPE_ACTION_ROW));
    g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (summary), "the file has no “price” column"));
  }

  cp_import_dialog_open_file (dialog, missing_path);
  wait_until_idle (dialog);
  g_assert_true (g_str_has_prefix (cp_import_row_get_title (row_at (dialog, 0)), "could not read the file: "));
  g_assert_false (can_accept (dialog));
  g_assert_true (rows_list_shows (dialog, "could not read the file: "));

  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.cancel", NULL);
  spin ();
  g_assert_cmpuint (project->quotes->len, ==, 0);
}

/* Run with LANGUAGE=zh_CN (meson test gui-import-dialog-zh_CN): the rows
 * and problems read on the workers come in the user's language. */
static void
test_problems_in_chinese (void)
{
  g_autofree char *path = write_sheet ("unclosed-zh.csv", unclosed, -1);
  g_autoptr(CpProject) project = cp_project_new ();
  gboolean alive;
  CpImportDialog *dialog;

  if (!cp_i18n_is_chinese (g_getenv ("LANGUAGE")))
    {
      g_test_skip ("needs LANGUAGE=zh_CN");
      return;
    }
  dialog = open_dialog (path, project, &alive);
  wait_until_idle (dialog);
  /* po/zh_CN.po's words for "Line %u: not imported" and the unclosed quote */
  g_assert_cmpstr (cp_import_row_get_title (row_at (dialog, 1)), ==, "第 3 行：不导入");
  g_assert_nonnull (strstr (cp_import_row_get_subtitle (row_at (dialog, 1)), "第 3 行：引号括起的字段没有闭合"));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.cancel", NULL);
  spin ();
}

int
main (int argc, char *argv[])
{
  int status;

  /* As the application's main() does: LANGUAGE counts outside the C locale. */
  setlocale (LC_ALL, "");
  cp_i18n_bind_textdomain ();
  scratch_dir = g_dir_make_tmp ("cp-import-dialog-XXXXXX", NULL);
  /* The window keeps its untitled project there. */
  g_setenv ("XDG_DATA_HOME", scratch_dir, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  app = cp_test_gui_application_new ();
  g_test_add_func ("/gui/import-dialog/rows-shown", test_rows_shown);
  g_test_add_func ("/gui/import-dialog/assumptions-wrapped", test_assumptions_wrapped);
  g_test_add_func ("/gui/import-dialog/guess-then-remap", test_guess_then_remap);
  g_test_add_func ("/gui/import-dialog/workbook-sheets", test_workbook_sheets);
  g_test_add_func ("/gui/import-dialog/vendor-workbook", test_vendor_workbook);
  g_test_add_func ("/gui/import-dialog/vendor-typed", test_vendor_typed);
  g_test_add_func ("/gui/import-dialog/busy-main-loop", test_busy_main_loop);
  g_test_add_func ("/gui/import-dialog/cancel", test_cancel);
  g_test_add_func ("/gui/import-dialog/close-mid-read", test_close_mid_read);
  g_test_add_func ("/gui/import-dialog/other-file-mid-read", test_other_file_mid_read);
  g_test_add_func ("/gui/import-dialog/progress-shown", test_progress_shown);
  g_test_add_func ("/gui/import-dialog/from-window", test_from_window);
  g_test_add_func ("/gui/import-dialog/problems-named", test_problems_named);
  g_test_add_func ("/gui/import-dialog/expired-offer-warned", test_expired_offer_warned);
  g_test_add_func ("/gui/import-dialog/network-missing-one-machine", test_network_missing_one_machine);
  g_test_add_func ("/gui/import-dialog/problems-in-chinese", test_problems_in_chinese);
  g_test_add_func ("/gui/import-dialog/vendors-offers-in-window", test_vendors_offers_in_window);
  status = g_test_run ();
  g_object_unref (app);
  cp_test_remove_tree (scratch_dir);
  g_free (scratch_dir);
  return status;
}
