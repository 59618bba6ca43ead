/* test-window-file.c: the window and the project file (issue 24). It
 * notices the file replaced or removed under it (`mv other.cplan w.cplan`,
 * as a sync client or git checkout does, and the window went on
 * autosaving into the file that no longer had a name); it says what a
 * file holds that the plan cannot use (a negative price written with
 * sqlite3 left the quote out of every plan without a word); its forms
 * refuse a name past the length limit, naming the field. Through the
 * widgets: the dialog and its buttons, the save action, the file chooser,
 * the toast, the form's entry and the sidebar's rename. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>
#include <string.h>

#include "cp-test-gui.h"
#include "gui/cp-field-row.h"
#include "gui/cp-quote-editor.h"
#include "gui/cp-window-private.h"
#include "gui/cp-window.h"
#include "planner/cp-text-limit.h"
#include "store/cp-demo.h"
#include "store/cp-store.h"

static CpApplication *app;
static char *tmp_dir;

/* The demo saved at @name in the scratch folder with its first quote at
 * @price per GPU-hour. */
static char *
save_demo (const char *name, double price)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_demo_project_new (&error);
  char *path = g_build_filename (tmp_dir, name, NULL);

  g_assert_no_error (error);
  ((CpQuote *) g_ptr_array_index (demo->quotes, 0))->price = price;
  g_assert_true (cp_project_save_file (demo, path, &error));
  g_assert_no_error (error);
  return path;
}

static double
stored_price (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_project_load_file (path, &error);

  g_assert_no_error (error);
  return ((CpQuote *) g_ptr_array_index (project->quotes, 0))->price;
}

static CpWindow *
open_window (const char *path)
{
  g_autoptr(GError) error = NULL;
  CpWindow *window = cp_window_new (app);

  g_assert_true (cp_window_load_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  cp_test_gui_spin ();
  return window;
}

typedef struct {
  CpWindow         *window;
  AdwMessageDialog *found;
} DialogSearch;

static gboolean
dialog_shown (gpointer user_data)
{
  DialogSearch *search = user_data;
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not owned */

  search->found = NULL;
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel)) &&
          gtk_window_get_transient_for (toplevel) == GTK_WINDOW (search->window))
        search->found = ADW_MESSAGE_DIALOG (toplevel);
    }
  return search->found != NULL;
}

/* The dialog the window shows over itself; the monitor's event arrives on
 * the main loop, whenever the kernel passes it on. */
static AdwMessageDialog *
wait_dialog (CpWindow *window)
{
  DialogSearch search = { window, NULL };

  cp_test_gui_wait_until (dialog_shown, &search, "the dialog about the project file");
  return search.found;
}

static gboolean
no_dialog (gpointer window)
{
  DialogSearch search = { window, NULL };

  return !dialog_shown (&search);
}

/* Clicks the dialog's button labelled @label, as a user answers it. */
static void
click (AdwMessageDialog *dialog,
       const char       *label)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  cp_test_gui_collect (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), label) == 0)
      {
        g_signal_emit_by_name (g_ptr_array_index (buttons, i), "clicked");
        return;
      }
  g_error ("no button “%s”", label);
}

static void
type_price (CpWindow *window, const char *text)
{
  CpFieldRow *row = cp_quote_editor_get_row (cp_window_get_quote_editor (window), "price");

  gtk_list_box_select_row (cp_window_get_quotes_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), 0));
  cp_test_gui_spin ();
  gtk_editable_set_text (GTK_EDITABLE (cp_field_row_get_input (row)), text);
  g_signal_emit_by_name (cp_field_row_get_input (row), "activate");
  cp_test_gui_spin ();
}

/* Replaced: the window says so, schedules no autosave and does not save
 * on Save into the file it opened (the file at the path keeps the other
 * program's price); Reload shows the file now on disk. */
static void
test_replaced_then_reload (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *path = save_demo ("w.cplan", 2.2);
  g_autofree char *other = save_demo ("other.cplan", 7.5);
  CpWindow *window;
  AdwMessageDialog *dialog;

  g_settings_set_boolean (settings, "autosave", TRUE);
  window = open_window (path);
  g_assert_cmpint (g_rename (other, path), ==, 0);

  dialog = wait_dialog (window);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The Project File Was Replaced");
  g_assert_true (adw_message_dialog_has_response (dialog, "save-as"));
  g_assert_true (adw_message_dialog_has_response (dialog, "reload"));
  g_assert_nonnull (strstr (adw_window_title_get_subtitle (window->window_title), "replaced"));
  click (dialog, "_Not Now");
  cp_test_gui_wait_until (no_dialog, window, "the dialog closed");

  /* An edit is kept in the window and not autosaved. */
  type_price (window, "4.25");
  g_assert_true (cp_window_get_modified (window));
  g_assert_cmpuint (window->autosave_id, ==, 0);
  /* Save offers the choices again instead of writing. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "save", NULL);
  dialog = wait_dialog (window);
  g_assert_false (cp_window_get_busy (window));
  g_assert_cmpfloat (stored_price (path), ==, 7.5);

  click (dialog, "_Reload");
  cp_test_gui_wait_until (no_dialog, window, "the dialog closed");
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (cp_window_get_project (window)->quotes, 0))->price, ==, 7.5);
  g_assert_false (cp_window_get_modified (window));
  g_assert_false (_cp_window_file_lost (window));

  g_settings_set_boolean (settings, "autosave", FALSE);
  cp_test_gui_close_window (window);
  g_assert_cmpfloat (stored_price (path), ==, 7.5);
  g_unlink (path);
}

static gboolean
chooser_mapped (gpointer user_data)
{
  GtkWidget **chooser = user_data;

  *chooser = cp_test_gui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  return *chooser != NULL && gtk_widget_get_mapped (*chooser);
}

/* Removed: closing asks instead of closing (and offers to close without
 * saving); Save As writes the window's project, edit included, to a new
 * file, which the window then saves to. */
static void
test_removed_then_save_as (void)
{
  g_autofree char *path = save_demo ("gone.cplan", 2.2);
  g_autofree char *kept = g_build_filename (tmp_dir, "kept.cplan", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (tmp_dir);
  CpWindow *window = open_window (path);
  AdwMessageDialog *dialog;
  GtkWidget *chooser = NULL;

  type_price (window, "4.25");
  g_assert_cmpint (g_unlink (path), ==, 0);
  dialog = wait_dialog (window);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The Project File Is Gone");
  g_assert_false (adw_message_dialog_has_response (dialog, "reload"));
  click (dialog, "_Not Now");
  cp_test_gui_wait_until (no_dialog, window, "the dialog closed");

  gtk_window_close (GTK_WINDOW (window));
  dialog = wait_dialog (window);
  g_assert_true (adw_message_dialog_has_response (dialog, "discard"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));

  click (dialog, "_Save As…");
  cp_test_gui_wait_until (chooser_mapped, &chooser, "the Save As chooser on screen");
  cp_test_gui_wait_frames (chooser, 2);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "kept.cplan");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  cp_test_gui_wait_busy (window);
  cp_test_gui_wait_not_busy (window);

  g_assert_cmpstr (cp_window_get_path (window), ==, kept);
  g_assert_false (_cp_window_file_lost (window));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* The window holds its file locked until it closes. */
  cp_test_gui_close_window (window);
  g_assert_cmpfloat (stored_price (kept), ==, 4.25);
  g_unlink (kept);
}

static gboolean
toast_says (gpointer user_data)
{
  gpointer *args = user_data;
  CpWindow *window = args[0];
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  cp_test_gui_collect (GTK_WIDGET (window->toast_overlay), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (strstr (gtk_label_get_label (g_ptr_array_index (labels, i)), args[1]) != NULL)
      return TRUE;
  return FALSE;
}

/* A price made negative by another program: the file opens (it was
 * refused whole before), the toast names the quote and the field. */
static void
test_problems_said (void)
{
  g_autofree char *path = save_demo ("negative.cplan", 2.2);
  sqlite3 *db = NULL;
  CpWindow *window;
  gpointer args[2];

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE quotes SET price = -5 WHERE position = 0", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);

  window = open_window (path);
  args[0] = window;
  args[1] = "Price: must not be negative. It is left out of every plan until this is corrected.";
  cp_test_gui_wait_until (toast_says, args, "the toast naming the negative price");
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (cp_window_get_project (window)->quotes, 0))->price, ==, -5);

  cp_test_gui_close_window (window);
  g_unlink (path);
}

/* A vendor one character past the limit, typed into the form or the
 * sidebar's rename: refused with the field's name, the stored name kept. */
static void
test_name_too_long (void)
{
  g_autofree char *path = save_demo ("names.cplan", 2.2);
  g_autofree char *too_long = g_strnfill (CP_TEXT_NAME_MAX_CHARS + 1, 'v');
  g_autofree char *at_limit = g_strnfill (CP_TEXT_NAME_MAX_CHARS, 'v');
  CpWindow *window = open_window (path);
  CpQuote *quote = g_ptr_array_index (cp_window_get_project (window)->quotes, 0);
  g_autofree char *before = g_strdup (quote->vendor);
  CpFieldRow *row = cp_quote_editor_get_row (cp_window_get_quote_editor (window), "vendor");
  GtkWidget *box, *entry;
  gpointer args[2] = { window, "Vendor: must be at most 200 characters long" };

  gtk_list_box_select_row (cp_window_get_quotes_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), 0));
  cp_test_gui_spin ();
  gtk_editable_set_text (GTK_EDITABLE (cp_field_row_get_input (row)), too_long);
  g_signal_emit_by_name (cp_field_row_get_input (row), "activate");
  cp_test_gui_spin ();
  /* Under the row titled Vendor, the message drops the field's name. */
  g_assert_cmpstr (cp_field_row_get_error (row), ==, "must be at most 200 characters long");
  g_assert_cmpstr (quote->vendor, ==, before);
  /* A paste of a megabyte is held to the longest limit and one more. */
  {
    g_autofree char *huge = g_strnfill (1000000, 'v');

    gtk_editable_set_text (GTK_EDITABLE (cp_field_row_get_input (row)), huge);
    g_assert_cmpint (g_utf8_strlen (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (row))), -1),
                     ==, CP_TEXT_STORED_MAX_CHARS);
  }
  gtk_editable_set_text (GTK_EDITABLE (cp_field_row_get_input (row)), at_limit);
  g_signal_emit_by_name (cp_field_row_get_input (row), "activate");
  cp_test_gui_spin ();
  g_assert_null (cp_field_row_get_error (row));
  g_assert_cmpstr (quote->vendor, ==, at_limit);

  /* The sidebar's rename: the entry stays open, marked, and says why. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "rename", NULL);
  cp_test_gui_spin ();
  box = gtk_list_box_row_get_child (gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), 0));
  entry = g_object_get_data (G_OBJECT (box), "entry");
  g_assert_true (gtk_widget_get_visible (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), too_long);
  g_signal_emit_by_name (entry, "activate");
  cp_test_gui_spin ();
  g_assert_true (gtk_widget_get_visible (entry));
  g_assert_true (gtk_widget_has_css_class (entry, "error"));
  cp_test_gui_wait_until (toast_says, args, "the toast naming the vendor's limit");
  g_assert_cmpstr (quote->vendor, ==, at_limit);

  cp_test_gui_close_window (window);
  g_unlink (path);
}

/* Walkthrough 10: opening the project a window already has open (the
 * file chooser, a file manager, a link to it) brings that window forward;
 * it said the file was locked by another program, which was this one. */
static void
test_open_again_presents (void)
{
  g_autofree char *path = save_demo ("again.cplan", 3.5);
  g_autofree char *link = g_build_filename (tmp_dir, "again-link.cplan", NULL);
  CpWindow *window = open_window (path);
  guint n_windows = g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
  GFile *files[2];

  files[0] = g_file_new_for_path (path);
  files[1] = g_file_new_for_path (link);
  g_assert_true (g_file_make_symbolic_link (files[1], path, NULL, NULL));
  g_application_open (G_APPLICATION (app), files, 2, "");
  cp_test_gui_spin ();
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, n_windows);
  g_assert_true (no_dialog (window));
  g_assert_cmpfloat (stored_price (path), ==, 3.5);
  g_object_unref (files[0]);
  g_object_unref (files[1]);
  cp_test_gui_close_window (window);
  g_unlink (link);
  g_unlink (path);
}

/* Walkthrough 19: opening a project file that does not exist yet (the
 * app started with a new name) makes it there, empty, named after the
 * file, and shows it; it said "does not exist" and the work went into an
 * untitled project. */
static void
test_open_new_path_creates (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "fresh-plan.cplan", NULL);
  guint n_windows = g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
  GFile *files[1] = { g_file_new_for_path (path) };
  CpWindow *window = NULL;
  CpProject *project;

  g_application_open (G_APPLICATION (app), files, 1, "");
  cp_test_gui_spin ();
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (CP_IS_WINDOW (l->data) && g_strcmp0 (cp_window_get_path (l->data), path) == 0)
      window = l->data;
  g_assert_nonnull (window);
  g_assert_true (no_dialog (window));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  project = cp_window_get_project (window);
  g_assert_cmpuint (project->jobs->len, ==, 0);
  g_assert_cmpuint (project->quotes->len, ==, 0);
  g_assert_cmpstr (project->name, ==, "fresh-plan");
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), >=, n_windows);
  g_object_unref (files[0]);
  cp_test_gui_close_window (window);
  g_unlink (path);
}

/* Ended by kill or the session, the app quits as by Ctrl+Q: an untitled
 * project left empty goes with its SQLite files (issue 26: every killed
 * start left an empty untitled-N.cplan in the data folder). */
static void
test_terminated_keeps_no_empty_untitled (void)
{
  CpWindow *window = cp_window_new (app);
  g_autoptr(GError) error = NULL;
  gpointer weak = window;
  g_autofree char *path = NULL;

  g_assert_true (cp_window_load_new (window, NULL, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  cp_test_gui_spin ();
  path = g_strdup (cp_window_get_path (window));
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  raise (SIGTERM);
  cp_test_gui_wait_finalized (&weak, "the window closed on SIGTERM");
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *beside = g_strconcat (path, i == 0 ? "-wal" : "-shm", NULL);

      g_assert_false (g_file_test (beside, G_FILE_TEST_EXISTS));
    }
}

typedef struct {
  guint    titles_with_dot;
  guint    save_disabled;
} TitleSeen;

static void
title_changed_cb (GtkWindow  *window,
                  GParamSpec *pspec,
                  TitleSeen  *seen)
{
  if (g_str_has_prefix (gtk_window_get_title (window), "• "))
    seen->titles_with_dot++;
}

static void
save_enabled_cb (GActionGroup *group,
                 const char   *name,
                 gboolean      enabled,
                 TitleSeen    *seen)
{
  if (!enabled)
    seen->save_disabled++;
}

static gboolean
saved_and_idle (gpointer window)
{
  return !cp_window_get_modified (window) && !cp_window_get_busy (window);
}

/* Walkthrough 22: with autosave on, the title's "•" came and went within
 * a second of every edit, and the header's Save button greyed out for the
 * save. Under autosave the title keeps its name and Save stays available
 * through the save; with autosave off an edit shows "•" until saved. */
static void
test_autosave_title_steady (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  TitleSeen seen = { 0 };
  CpWindow *window;
  CpQuoteEditor *editor;

  g_settings_set_boolean (settings, "autosave", TRUE);
  window = cp_test_gui_demo_window (app);
  editor = cp_window_get_quote_editor (window);
  cp_test_gui_add_quote (window);
  cp_test_gui_wait_until (saved_and_idle, window, "the new quote saved");
  g_signal_connect (window, "notify::title", G_CALLBACK (title_changed_cb), &seen);
  g_signal_connect (window, "action-enabled-changed::save", G_CALLBACK (save_enabled_cb), &seen);

  cp_test_gui_type_text (cp_quote_editor_get_row (editor, "price"), "15.5");
  g_assert_true (cp_window_get_modified (window));
  cp_test_gui_wait_busy (window);
  cp_test_gui_wait_until (saved_and_idle, window, "the autosave");
  g_assert_cmpuint (seen.titles_with_dot, ==, 0);
  g_assert_cmpuint (seen.save_disabled, ==, 0);
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));

  g_settings_set_boolean (settings, "autosave", FALSE);
  cp_test_gui_type_text (cp_quote_editor_get_row (editor, "price"), "16");
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));
  g_assert_cmpuint (seen.titles_with_dot, ==, 1);

  g_signal_handlers_disconnect_by_data (window, &seen);
  cp_test_gui_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = cp_test_gui_init (&argc, &argv, "gui-file");
  tmp_dir = g_dir_make_tmp ("cp-window-file-XXXXXX", NULL);

  g_test_add_func ("/gui/window-file/replaced-then-reload", test_replaced_then_reload);
  g_test_add_func ("/gui/window-file/removed-then-save-as", test_removed_then_save_as);
  g_test_add_func ("/gui/window-file/problems-said", test_problems_said);
  g_test_add_func ("/gui/window-file/name-too-long", test_name_too_long);
  g_test_add_func ("/gui/window-file/open-again-presents", test_open_again_presents);
  g_test_add_func ("/gui/window-file/open-new-path-creates", test_open_new_path_creates);
  g_test_add_func ("/gui/window-file/terminated-keeps-no-empty-untitled", test_terminated_keeps_no_empty_untitled);
  g_test_add_func ("/gui/window-file/autosave-title-steady", test_autosave_title_steady);
  status = g_test_run ();

  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  g_object_unref (app);
  return status;
}
