/* test-export-dialog.c: Export Report's dialog as a newcomer meets it
 * (walk36 F4): Enter in the project's name moves on to "Prepared by"
 * instead of opening the file chooser, and Cancel in the chooser brings
 * the dialog back with what was typed, to export from again. Run in
 * English and Chinese (tests/gui/meson.build). */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "cp-test-gui.h"
#include "gui/cp-preferences-window.h"
#include "gui/cp-window.h"

static CpApplication *app;

static gboolean
chooser_mapped (gpointer user_data)
{
  GtkWidget **chooser = user_data;

  *chooser = cp_test_gui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  return *chooser != NULL && gtk_widget_get_mapped (*chooser);
}

static gboolean
widget_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static gboolean
chooser_has_folder (gpointer chooser)
{
  g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (chooser);

  return folder != NULL;
}

static gboolean
sign_off_page_shown (gpointer user_data)
{
  GtkWidget **preferences = user_data;

  *preferences = cp_test_gui_find_toplevel (CP_TYPE_PREFERENCES_WINDOW);
  return *preferences != NULL && gtk_widget_get_mapped (*preferences);
}

/* The text widget inside the dialog's entry row @id, as the keyboard
 * reaches it. */
static GtkWidget *
row_text (GtkBuilder *builder,
          const char *id)
{
  GtkWidget *text = cp_test_gui_find_of_type (GTK_WIDGET (gtk_builder_get_object (builder, id)), GTK_TYPE_TEXT);

  g_assert_nonnull (text);
  return text;
}

/* @text typed into the entry row @id, with the focus in it, then Enter. */
static void
type_and_enter (GtkWidget  *dialog,
                GtkBuilder *builder,
                const char *id,
                const char *typed)
{
  GtkWidget *text = row_text (builder, id);

  g_assert_true (gtk_widget_grab_focus (text));
  gtk_editable_set_text (GTK_EDITABLE (gtk_builder_get_object (builder, id)), typed);
  cp_test_gui_spin ();
  g_assert_true (gtk_root_get_focus (GTK_ROOT (dialog)) == text);
  g_assert_true (cp_test_gui_press_key (text, GDK_KEY_Return));
}

/* The dialog's Choose Destination button, pressed as a click does. It is
 * the dialog's default button, the one its Enter presses. */
static void
press_choose_destination (GtkWidget *dialog)
{
  GtkWidget *label = cp_test_gui_find_with_text (dialog, _("Choose _Destination…"), CP_TEST_GUI_TEXT_WHOLE);
  GtkWidget *button;

  g_assert_nonnull (label);
  button = gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON);
  g_assert_nonnull (button);
  g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) == button);
  g_assert_true (gtk_widget_activate (button));
}

/* walk36 F4: Enter after the project's name opened the file chooser
 * before "Prepared by" was filled, and Cancel in the chooser closed the
 * whole export. Enter in the name moves the focus to Prepared by, no
 * chooser; Enter there, the last field, goes on to the chooser; its
 * Cancel shows the dialog again with the name, the preparer, the
 * formats and the language as they were; Choose Destination then writes
 * the report, signed by the preparer typed, and the dialog goes. */
static void
test_enter_and_chooser_cancel (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  GtkWidget *dialog = cp_test_gui_open_export (window);
  GtkBuilder *builder = g_object_get_data (G_OBJECT (dialog), "builder");
  GtkCheckButton *pdf_check = GTK_CHECK_BUTTON (gtk_builder_get_object (builder, "pdf_check"));
  GtkCheckButton *xml_check = GTK_CHECK_BUTTON (gtk_builder_get_object (builder, "xml_check"));
  AdwComboRow *language_row = ADW_COMBO_ROW (gtk_builder_get_object (builder, "language_row"));
  GtkWidget *chooser = NULL;
  gpointer dialog_alive = dialog;
  g_autofree char *xml_path = g_build_filename (g_get_home_dir (), "budget.xml", NULL);
  g_autofree char *xml = NULL;
  g_autoptr(GError) error = NULL;

  /* XML only, in Chinese: choices the dialog must still hold after the
   * chooser's Cancel (each differs from what it offered: PDF and XML in
   * the window's language, English in the demo's English window and
   * Chinese in a Chinese one). */
  g_object_add_weak_pointer (G_OBJECT (dialog), &dialog_alive);
  gtk_check_button_set_active (pdf_check, FALSE);
  gtk_check_button_set_active (xml_check, TRUE);
  adw_combo_row_set_selected (language_row, adw_combo_row_get_selected (language_row) == 0 ? 1 : 0);
  {
    guint language = adw_combo_row_get_selected (language_row);

    type_and_enter (dialog, builder, "project_name_row", "GPU budget 2027");
    /* No chooser: the dialog is there, the focus in Prepared by. */
    g_assert_null (cp_test_gui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
    g_assert_true (cp_test_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) == dialog);
    g_assert_true (gtk_root_get_focus (GTK_ROOT (dialog)) == row_text (builder, "prepared_by_row"));
    /* Nothing applied yet: the project keeps its name until the
     * destination is asked for. */
    g_assert_cmpstr (project->name, !=, "GPU budget 2027");

    /* Enter in the last field goes on to the destination. */
    type_and_enter (dialog, builder, "prepared_by_row", "Zhao Liu");
    cp_test_gui_wait_until (chooser_mapped, &chooser, "the Export Report chooser after Enter in Prepared by");
    g_assert_false (gtk_widget_get_visible (dialog));
    cp_test_gui_wait_frames (chooser, 2);
    gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);

    /* The dialog comes back as it was left. */
    cp_test_gui_wait_until (widget_mapped, dialog, "the export dialog back after the chooser's Cancel");
    g_assert_true (cp_test_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) == dialog);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (gtk_builder_get_object (builder, "project_name_row"))), ==,
                     "GPU budget 2027");
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (gtk_builder_get_object (builder, "prepared_by_row"))), ==,
                     "Zhao Liu");
    g_assert_false (gtk_check_button_get_active (pdf_check));
    g_assert_true (gtk_check_button_get_active (xml_check));
    g_assert_cmpuint (adw_combo_row_get_selected (language_row), ==, language);
  }

  /* Exported from the dialog come back: the file is the report of the
   * name and preparer typed. The chooser starts in the scratch home
   * (cp_test_gui_init(): no Documents folder there). */
  press_choose_destination (dialog);
  chooser = NULL;
  cp_test_gui_wait_until (chooser_mapped, &chooser, "the Export Report chooser from Choose Destination");
  /* Answered once it lists its first folder, as a user answers it: a
   * name given while it still reads the folder is not taken. */
  cp_test_gui_wait_until (chooser_has_folder, chooser, "the chooser's first folder");
  cp_test_gui_wait_frames (chooser, 2);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "budget.xml");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  cp_test_gui_wait_busy (window);
  cp_test_gui_wait_not_busy (window);
  /* Gone, and finalized: its builder held it for ever. */
  cp_test_gui_wait_finalized (&dialog_alive, "the export dialog gone once the destination is chosen");
  g_assert_cmpstr (project->name, ==, "GPU budget 2027");
  g_assert_cmpstr (project->prepared_by, ==, "Zhao Liu");
  g_assert_true (g_file_get_contents (xml_path, &xml, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (xml, "<prepared-by>Zhao Liu</prepared-by>"));
  g_assert_nonnull (strstr (xml, "GPU budget 2027"));
  g_unlink (xml_path);
  cp_test_gui_close_window (window);
}

/* Escape, or the dialog's Cancel, still ends the export: the dialog goes
 * and the project keeps its preparer. */
static void
test_cancel_ends_export (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  g_autofree char *prepared_before = g_strdup (project->prepared_by);
  GtkWidget *dialog = cp_test_gui_open_export (window);
  GtkBuilder *builder = g_object_get_data (G_OBJECT (dialog), "builder");
  gpointer dialog_alive = dialog;

  g_object_add_weak_pointer (G_OBJECT (dialog), &dialog_alive);
  gtk_editable_set_text (GTK_EDITABLE (gtk_builder_get_object (builder, "prepared_by_row")), "Zhao Liu");
  g_assert_true (cp_test_gui_press_key (row_text (builder, "prepared_by_row"), GDK_KEY_Escape));
  cp_test_gui_wait_finalized (&dialog_alive, "the export dialog gone on Escape");
  g_assert_null (cp_test_gui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
  g_assert_cmpstr (project->prepared_by, ==, prepared_before);
  cp_test_gui_close_window (window);
}

/* The Sign-Off page opened from the dialog's Start and Sign-Off… can
 * outlive the dialog (ci98: the page's closing called back a dialog
 * whose window was gone, a gtk_window_get_transient_for critical under
 * AddressSanitizer). Escape ends the export while the page is open: the
 * page holds the dialog until it closes, then lets it go. Then the
 * window is closed with the dialog and its page open: all three go. */
static void
test_sign_off_outlives_dialog (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *dialog = cp_test_gui_open_export (window);
  GtkWidget *preferences = NULL;
  gpointer dialog_alive = dialog;
  gpointer preferences_alive;

  g_object_add_weak_pointer (G_OBJECT (dialog), &dialog_alive);
  g_assert_true (gtk_widget_activate_action (dialog, "export.sign-off", NULL));
  cp_test_gui_wait_until (sign_off_page_shown, &preferences, "Report Sign-Off from Export Report");
  preferences_alive = preferences;
  g_object_add_weak_pointer (G_OBJECT (preferences), &preferences_alive);
  gtk_window_close (GTK_WINDOW (dialog));
  cp_test_gui_spin ();
  g_assert_nonnull (dialog_alive);
  g_assert_false (gtk_widget_get_visible (dialog));
  gtk_window_close (GTK_WINDOW (preferences));
  cp_test_gui_wait_finalized (&preferences_alive, "the Sign-Off page closed");
  cp_test_gui_wait_finalized (&dialog_alive, "the export dialog once the Sign-Off page is closed");

  dialog = cp_test_gui_open_export (window);
  dialog_alive = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), &dialog_alive);
  g_assert_true (gtk_widget_activate_action (dialog, "export.sign-off", NULL));
  cp_test_gui_wait_until (sign_off_page_shown, &preferences, "Report Sign-Off from Export Report again");
  preferences_alive = preferences;
  g_object_add_weak_pointer (G_OBJECT (preferences), &preferences_alive);
  cp_test_gui_close_window (window);
  cp_test_gui_wait_finalized (&preferences_alive, "the Sign-Off page gone with its window");
  cp_test_gui_wait_finalized (&dialog_alive, "the export dialog gone with its window");
}

/* walk36 F14: the start row's hint, "未设开始日期：项目日程从今天起" in
 * Chinese, ran under the Start and Sign-Off… button's edge. It ends
 * before the button, at least the button's 12 px start margin away (its
 * .ui), in both languages. */
static void
test_start_hint_clear_of_button (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *dialog = cp_test_gui_open_export (window);
  GtkBuilder *builder = g_object_get_data (G_OBJECT (dialog), "builder");
  GtkWidget *row = GTK_WIDGET (gtk_builder_get_object (builder, "project_row"));
  GtkWidget *button = GTK_WIDGET (gtk_builder_get_object (builder, "sign_off_button"));
  const char *hint = cp_test_gui_row_subtitle (row);
  GtkWidget *label;
  graphene_rect_t label_bounds;
  graphene_rect_t button_bounds;

  /* The demo has no start date: the hint is the one F14 saw. */
  g_assert_cmpstr (hint, ==, _("No start date set: its calendar starts today"));
  label = cp_test_gui_find_with_text (row, hint, CP_TEST_GUI_TEXT_WHOLE);
  g_assert_nonnull (label);
  cp_test_gui_wait_frames (dialog, 2);
  g_assert_true (gtk_widget_compute_bounds (label, row, &label_bounds));
  g_assert_true (gtk_widget_compute_bounds (button, row, &button_bounds));
  g_assert_cmpfloat (label_bounds.size.width, >, 0);
  g_assert_cmpfloat (label_bounds.origin.x + label_bounds.size.width + 12, <=, button_bounds.origin.x);
  gtk_window_close (GTK_WINDOW (dialog));
  cp_test_gui_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  app = cp_test_gui_init (&argc, &argv, "gui-export-dialog");

  g_test_add_func ("/gui/export-dialog/enter-and-chooser-cancel", test_enter_and_chooser_cancel);
  g_test_add_func ("/gui/export-dialog/cancel-ends-export", test_cancel_ends_export);
  g_test_add_func ("/gui/export-dialog/sign-off-outlives-dialog", test_sign_off_outlives_dialog);
  g_test_add_func ("/gui/export-dialog/start-hint-clear-of-button", test_start_hint_clear_of_button);

  return cp_test_gui_run_then_free (&app);
}
