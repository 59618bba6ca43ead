/* cp-test-gui.c: what the GUI test programs share. */
#include "config.h"

#include "cp-test-gui.h"
#include "gui/cp-job-editor.h"
#include "gui/cp-quote-name.h"
#include "report/cp-i18n.h"

#include <string.h>
#include "store/cp-demo.h"

/* Each start of a window's work on a worker, counted as it happens: on a
 * busy machine that work can start and end between two turns of a test's
 * wait, which then waited 300 s for a state already gone (CI 44's
 * autosave). cp_test_gui_wait_busy() waits for a start it has not yet
 * seen, not for the state. */
#define WORKS_STARTED "cp-test-works-started"
#define WORKS_SEEN "cp-test-works-seen"

static guint
window_count (CpWindow   *window,
              const char *key)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (window), key));
}

static void
busy_changed_cb (CpWindow   *window,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  if (cp_window_get_busy (window))
    g_object_set_data (G_OBJECT (window), WORKS_STARTED, GUINT_TO_POINTER (window_count (window, WORKS_STARTED) + 1));
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window,
                 gpointer        user_data)
{
  if (CP_IS_WINDOW (window))
    g_signal_connect (window, "notify::busy", G_CALLBACK (busy_changed_cb), NULL);
}

CpApplication *
cp_test_gui_application_new (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  CpApplication *app;

  g_settings_set_boolean (settings, "autosave", FALSE);
  app = cp_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  return app;
}

static gboolean
width_reached (CpWindow *window,
               int       width)
{
  int shown = gtk_widget_get_width (GTK_WIDGET (window));

  return shown <= width && shown >= width - 24;
}

/* GTK keeps a window's default size within its monitor, so a width wider
 * than the test's screen is never reached: say so at once (a wait for it
 * used to run into the hang guard). Otherwise the size is reached within
 * a few frames: each frame lays the window out and asks X for its size,
 * and a round trip to the server after it brings X's answer, however
 * slow the machine. */
#define RESIZE_FRAMES 8

void
cp_test_gui_resize_window (CpWindow *window,
                           int       width,
                           int       height)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (window));
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  GdkMonitor *monitor;
  GdkRectangle screen;

  g_assert_nonnull (surface);
  monitor = gdk_display_get_monitor_at_surface (display, surface);
  g_assert_nonnull (monitor);
  gdk_monitor_get_geometry (monitor, &screen);
  if (width > screen.width || height > screen.height)
    g_error ("the test asks for a %d × %d window on a %d × %d screen: give it a larger screen in tests/gui/meson.build",
             width, height, screen.width, screen.height);

  gtk_window_unmaximize (GTK_WINDOW (window));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  for (guint frame = 0; !width_reached (window, width); frame++)
    {
      if (frame == RESIZE_FRAMES)
        g_error ("the window stays %d px wide after %d frames for a %d px request",
                 gtk_widget_get_width (GTK_WIDGET (window)), RESIZE_FRAMES, width);
      gtk_window_set_default_size (GTK_WINDOW (window), width, height);
      cp_test_gui_wait_frames (GTK_WIDGET (window), 1);
      gdk_display_sync (display);
      cp_test_gui_spin ();
    }
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
}

CpApplication *
cp_test_gui_init (int         *argc,
                  char      ***argv,
                  const char  *name)
{
  g_autofree char *template = g_strdup_printf ("cp-%s-XXXXXX", name);
  g_autofree char *home_template = g_strdup_printf ("cp-%s-home-XXXXXX", name);
  g_autofree char *data_home = g_dir_make_tmp (template, NULL);
  g_autofree char *home = g_dir_make_tmp (home_template, NULL);

  g_assert_nonnull (data_home);
  g_assert_nonnull (home);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  cp_i18n_bind_textdomain ();
  gtk_test_init (argc, argv, NULL);
  adw_init ();
  return cp_test_gui_application_new ();
}

int
cp_test_gui_run_then_free (CpApplication **app)
{
  int status = g_test_run ();

  g_clear_object (app);
  return status;
}

GtkWidget *
cp_test_gui_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return GTK_WIDGET (window);
    }
  return NULL;
}

CpPreferencesWindow *
cp_test_gui_open_sign_off (CpApplication *app)
{
  GtkWidget *preferences;

  g_action_group_activate_action (G_ACTION_GROUP (app), "report-sign-off", NULL);
  cp_test_gui_spin ();
  preferences = cp_test_gui_find_toplevel (CP_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  g_assert_true (gtk_widget_get_visible (preferences));
  return CP_PREFERENCES_WINDOW (preferences);
}

/* cp_test_gui_find_toplevel() finds the visible only. */
static gboolean
no_sign_off_shown (gpointer user_data)
{
  return cp_test_gui_find_toplevel (CP_TYPE_PREFERENCES_WINDOW) == NULL;
}

void
cp_test_gui_wait_sign_off_closed (void)
{
  cp_test_gui_wait_until (no_sign_off_shown, NULL, "Report Sign-Off closed");
}

void
cp_test_gui_collect (GtkWidget *root,
                     GType      type,
                     GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    cp_test_gui_collect (child, type, found);
}

typedef gboolean (*WidgetMatch) (GtkWidget *widget, gconstpointer data);

static GtkWidget *
find_first (GtkWidget     *root,
            WidgetMatch    match,
            gconstpointer  data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_first (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

static gboolean
is_named (GtkWidget *widget, gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

GtkWidget *
cp_test_gui_find_of_type (GtkWidget *root,
                          GType      type)
{
  return find_first (root, is_of_type, GSIZE_TO_POINTER (type));
}

GtkWidget *
cp_test_gui_find_named (GtkWidget  *root,
                        const char *name)
{
  return find_first (root, is_named, name);
}

GtkWidget *
cp_test_gui_find_with_text (GtkWidget          *root,
                            const char         *text,
                            CpTestGuiTextMatch  match)
{
  static GType model_button;
  g_autofree char *item_text = NULL;
  const char *shown = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  if ((match & CP_TEST_GUI_TEXT_VISIBLE) && !gtk_widget_get_visible (root))
    return NULL;
  if (model_button == 0)
    model_button = g_type_from_name ("GtkModelButton");
  if (GTK_IS_LABEL (root))
    shown = gtk_label_get_label (GTK_LABEL (root));
  /* A quote's name, shown in two labels cut apart. */
  else if (CP_IS_QUOTE_NAME (root))
    shown = cp_quote_name_get_text (CP_QUOTE_NAME (root));
  else if (model_button != 0 && G_TYPE_CHECK_INSTANCE_TYPE (root, model_button))
    {
      g_object_get (root, "text", &item_text, NULL);
      shown = item_text;
    }
  if (shown != NULL &&
      ((match & CP_TEST_GUI_TEXT_PART) ? strstr (shown, text) != NULL : strcmp (shown, text) == 0))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = cp_test_gui_find_with_text (child, text, match);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
cp_test_gui_shows_text (GtkWidget  *widget,
                        const char *text)
{
  if (!gtk_widget_get_visible (widget))
    return FALSE;
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (cp_test_gui_shows_text (child, text))
      return TRUE;
  return FALSE;
}

AdwComboRow *
cp_test_gui_find_combo_row (GtkWidget  *root,
                            const char *title)
{
  g_autoptr(GPtrArray) combos = g_ptr_array_new ();

  cp_test_gui_collect (root, ADW_TYPE_COMBO_ROW, combos);
  for (guint i = 0; i < combos->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (combos, i)), title) == 0)
      return g_ptr_array_index (combos, i);
  return NULL;
}

/* @keyval on @widget as a key press reaches it: the controllers that see
 * it first (capture phase) before those that see it last, as GTK
 * propagates it; then the widget's class shortcuts (a search entry's
 * Escape is one, a list row's Return another); then, untaken, its
 * ancestors' as the press bubbles up (a list box's Space activates its
 * focused row). Whether one took it. */
static gboolean
press_key_on (GtkWidget *widget,
              guint      keyval)
{
  static const GtkPropagationPhase phases[] = { GTK_PHASE_CAPTURE, GTK_PHASE_TARGET, GTK_PHASE_BUBBLE };
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint p = 0; p < G_N_ELEMENTS (phases) && !handled; p++)
    for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
      {
        g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

        if (gtk_event_controller_get_propagation_phase (controller) != phases[p])
          continue;
        if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
          g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
        else if (GTK_IS_SHORTCUT_CONTROLLER (controller))
          for (guint s = 0; s < g_list_model_get_n_items (G_LIST_MODEL (controller)) && !handled; s++)
            {
              g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), s);
              GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

              if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
                  gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
                  gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0)
                handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                        gtk_shortcut_get_arguments (shortcut));
            }
      }
  return handled;
}

gboolean
cp_test_gui_press_key (GtkWidget *widget,
                       guint      keyval)
{
  gboolean handled = FALSE;
  GtkWidget *reached = widget;

  /* Not a step further once handled: the key may have closed the window
   * and finalized @reached (Escape in Export Report). */
  while (reached != NULL && !(handled = press_key_on (reached, keyval)))
    reached = gtk_widget_get_parent (reached);
  cp_test_gui_spin ();
  return handled;
}

void
cp_test_gui_spin (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
hang_guard_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

void
cp_test_gui_wait_until (CpTestGuiCondition condition,
                        gpointer           user_data,
                        const char        *what)
{
  gboolean hung = FALSE;
  guint guard_id;

  if (condition (user_data))
    return;
  guard_id = g_timeout_add_seconds (CP_TEST_GUI_HANG_GUARD_S, hang_guard_cb, &hung);
  while (!condition (user_data) && !hung)
    g_main_context_iteration (NULL, TRUE);
  if (hung)
    g_error ("waited %d s for %s: it will not happen", CP_TEST_GUI_HANG_GUARD_S, what);
  g_source_remove (guard_id);
}

static gboolean
pointer_cleared (gpointer user_data)
{
  return *(gpointer *) user_data == NULL;
}

void
cp_test_gui_wait_finalized (gpointer   *weak,
                            const char *what)
{
  cp_test_gui_wait_until (pointer_cleared, weak, what);
}

static void
frame_painted_cb (GdkFrameClock *clock,
                  gpointer       user_data)
{
  (void) clock;
  *(gboolean *) user_data = TRUE;
}

static gboolean
flag_set (gpointer user_data)
{
  return *(gboolean *) user_data;
}

void
cp_test_gui_wait_frames (GtkWidget *widget,
                         guint      n_frames)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_assert_nonnull (clock);
  for (guint i = 0; i < n_frames; i++)
    {
      gboolean painted = FALSE;
      gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (frame_painted_cb), &painted);

      gtk_widget_queue_draw (widget);
      cp_test_gui_wait_until (flag_set, &painted, "a frame");
      g_signal_handler_disconnect (clock, handler);
    }
  cp_test_gui_spin ();
}

static gboolean
window_idle (gpointer window)
{
  return !cp_window_get_busy (window);
}

static void
mark_works_seen (CpWindow *window)
{
  g_object_set_data (G_OBJECT (window), WORKS_SEEN, GUINT_TO_POINTER (window_count (window, WORKS_STARTED)));
}

void
cp_test_gui_wait_not_busy (CpWindow *window)
{
  cp_test_gui_wait_until (window_idle, window, "the window's work on a worker to end");
  mark_works_seen (window);
  cp_test_gui_spin ();
}

static gboolean
work_started (gpointer window)
{
  return window_count (window, WORKS_STARTED) > window_count (window, WORKS_SEEN);
}

void
cp_test_gui_wait_busy (CpWindow *window)
{
  cp_test_gui_wait_until (work_started, window, "the window to start work on a worker");
  mark_works_seen (window);
}

static gboolean
results_shown (gpointer results)
{
  return !cp_results_view_get_update_pending (results);
}

void
cp_test_gui_wait_results (CpResultsView *results)
{
  cp_test_gui_wait_until (results_shown, results, "the results' paragraphs");
}

static gboolean
details_done (gpointer results)
{
  return !cp_results_view_get_update_pending (results);
}

void
cp_test_gui_wait_details (CpWindow *window)
{
  CpResultsView *results = cp_window_get_results_view (window);

  cp_test_gui_wait_results (results);
  cp_test_gui_wait_not_busy (window);
  cp_test_gui_wait_until (details_done, results, "the paragraphs after the verdict");
}

void
cp_test_gui_select_job (CpWindow *window,
                        guint     job_index)
{
  GtkListBox *list = cp_window_get_jobs_list (window);

  gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, (int) job_index));
  cp_test_gui_wait_details (window);
}

void
cp_test_gui_type_text (CpFieldRow *row,
                       const char *text)
{
  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (cp_field_row_get_input (row)), text);
  g_signal_emit_by_name (cp_field_row_get_input (row), "activate");
  cp_test_gui_spin ();
}

CpJob *
cp_test_gui_show_job (CpWindow *window,
                      guint     job_index)
{
  cp_test_gui_select_job (window, job_index);
  return g_ptr_array_index (cp_window_get_project (window)->jobs, job_index);
}

void
cp_test_gui_pick_kind (CpWindow   *window,
                       CpTaskKind  kind)
{
  CpJobEditor *editor = cp_window_get_job_editor (window);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (cp_field_row_get_input (cp_job_editor_get_row (editor, "kind"))), kind);
  cp_test_gui_spin ();
}

CpJob *
cp_test_gui_add_job_of_kind (CpWindow   *window,
                             CpTaskKind  kind)
{
  CpProject *project = cp_window_get_project (window);
  CpJob *job;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-job", NULL));
  cp_test_gui_spin ();
  job = g_ptr_array_index (project->jobs, project->jobs->len - 1);
  g_assert_cmpint (job->kind, ==, CP_TASK_PRETRAIN);
  g_assert_cmpfloat (job->tokens, ==, 100e9);
  cp_test_gui_pick_kind (window, kind);
  g_assert_cmpint (job->kind, ==, kind);
  return job;
}

GtkWidget *
cp_test_gui_open_export (CpWindow *window)
{
  GtkWidget *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-report", NULL));
  cp_test_gui_spin ();
  dialog = cp_test_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  return dialog;
}

CpQuote *
cp_test_gui_add_quote (CpWindow *window)
{
  CpProject *project = cp_window_get_project (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-quote", NULL));
  cp_test_gui_spin ();
  return g_ptr_array_index (project->quotes, project->quotes->len - 1);
}

GtkWidget *
cp_test_gui_open_picker (CpPickerRow *row)
{
  GtkDropDown *drop_down = cp_picker_row_get_drop_down (row);
  GtkWidget *popover;
  GtkWidget *search;

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (gtk_widget_get_first_child (GTK_WIDGET (drop_down))), TRUE);
  popover = cp_test_gui_find_of_type (GTK_WIDGET (drop_down), GTK_TYPE_POPOVER);
  g_assert_nonnull (popover);
  cp_test_gui_wait_frames (popover, 2);
  g_assert_true (gtk_widget_get_visible (popover));
  search = cp_test_gui_find_of_type (popover, GTK_TYPE_SEARCH_ENTRY);
  g_assert_nonnull (search);
  return search;
}

void
cp_test_gui_search_pick (CpPickerRow *row,
                         const char  *words)
{
  GtkWidget *search = cp_test_gui_open_picker (row);
  GtkWidget *popover = gtk_widget_get_ancestor (search, GTK_TYPE_POPOVER);

  gtk_editable_set_text (GTK_EDITABLE (search), words);
  cp_test_gui_spin ();
  g_signal_emit_by_name (search, "activate");
  cp_test_gui_spin ();
  g_assert_false (gtk_widget_get_visible (popover));
}

const char *
cp_test_gui_row_subtitle (gpointer row)
{
  const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));

  return subtitle != NULL ? subtitle : "";
}

CpWindow *
cp_test_gui_demo_window (CpApplication *app)
{
  g_autoptr(GError) error = NULL;
  CpWindow *window = cp_window_new (app);
  CpProject *demo = cp_demo_project_new (&error);

  g_assert_no_error (error);
  g_assert_true (cp_window_load_new (window, demo, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

void
cp_test_gui_close_window (CpWindow *window)
{
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_close (GTK_WINDOW (window));
  cp_test_gui_wait_finalized (&weak, "the closed window to go");
  cp_test_gui_spin ();
}

GtkEventController *
cp_test_gui_motion_controller (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        return controller;
    }
  g_assert_not_reached ();
}

gboolean
cp_test_gui_label_not_empty (gpointer label)
{
  return *gtk_label_get_label (label) != '\0';
}
