/* cp-application.c: the Compute Planner application.
 *
 * One window per project. Started without files it reopens the last
 * project (or starts an untitled one); files on the command line open in
 * windows of their own.
 */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>

#include "store/cp-demo.h"
#include "store/cp-store.h"
#include "report/cp-report.h"

#include "cp-application.h"
#include "cp-preferences-window.h"
#include "cp-window.h"

#define MAX_RECENT 10

struct _CpApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  guint           terminate_id;
};

G_DEFINE_FINAL_TYPE (CpApplication, cp_application, ADW_TYPE_APPLICATION)

CpApplication *
cp_application_new (void)
{
  return g_object_new (CP_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_PREFIX,
                       NULL);
}

GSettings *
cp_application_get_settings (CpApplication *self)
{
  g_return_val_if_fail (CP_IS_APPLICATION (self), NULL);

  return self->settings;
}

void
cp_application_note_project (CpApplication *self,
                             const char    *path)
{
  g_auto(GStrv) old = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) recent = NULL;
  guint n = 1;

  g_return_if_fail (CP_IS_APPLICATION (self));
  g_return_if_fail (path != NULL);

  if (self->settings == NULL)
    return;

  old = g_settings_get_strv (self->settings, "recent-projects");
  /* Already the latest (an untitled project noted at each save). */
  if (old[0] != NULL && g_strcmp0 (old[0], path) == 0)
    {
      g_autofree char *last = g_settings_get_string (self->settings, "last-project");

      if (g_strcmp0 (last, path) != 0)
        g_settings_set_string (self->settings, "last-project", path);
      return;
    }
  g_settings_set_string (self->settings, "last-project", path);

  builder = g_strv_builder_new ();
  g_strv_builder_add (builder, path);
  for (guint i = 0; old[i] != NULL && n < MAX_RECENT; i++)
    if (g_strcmp0 (old[i], path) != 0)
      {
        g_strv_builder_add (builder, old[i]);
        n++;
      }
  recent = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-projects", (const char * const *) recent);
}

static CpWindow *
active_window (CpApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  return CP_IS_WINDOW (window) ? CP_WINDOW (window) : NULL;
}

/* A window for a file: the active one if it only shows an untouched
 * untitled project, else a new one. */
static CpWindow *
window_for_file (CpApplication *self)
{
  CpWindow *window = active_window (self);

  if (window != NULL && cp_window_is_pristine (window))
    return window;
  return cp_window_new (self);
}

/* The window that has @path open, or NULL. A project is open in one
 * window at a time (its file is locked while open): a second open of it
 * named this very app as the "other program" holding the lock
 * (walkthrough 10). Files are compared by device and inode, so a link or
 * a "./" spelling finds the same window. */
static CpWindow *
window_showing_path (CpApplication *self,
                     const char    *path)
{
  GStatBuf wanted;

  if (g_stat (path, &wanted) != 0)
    return NULL;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      const char *open = CP_IS_WINDOW (l->data) ? cp_window_get_path (l->data) : NULL;
      GStatBuf st;

      if (open != NULL && g_stat (open, &st) == 0 && st.st_dev == wanted.st_dev && st.st_ino == wanted.st_ino)
        return l->data;
    }
  return NULL;
}

/* An empty project at @path, named after its file. */
static gboolean
create_empty_project (const char  *path,
                      GError     **error)
{
  g_autoptr(CpProject) project = cp_project_new ();

  g_free (project->name);
  project->name = cp_store_display_name (path);
  return cp_project_create_file (project, path, error);
}

static void
open_path (CpApplication *self,
           const char    *path)
{
  CpWindow *window = window_showing_path (self, path);
  g_autoptr(GError) error = NULL;
  gboolean loaded;

  if (window != NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      return;
    }
  window = window_for_file (self);

  /* An XML report read back becomes a new untitled project. */
  if (g_str_has_suffix (path, ".xml"))
    {
      CpProject *project = cp_report_xml_read (path, &error);

      loaded = project != NULL && cp_window_load_new (window, project, &error);
    }
  else
    {
      /* A project file named that does not exist yet, in a folder that
       * does, is made there, empty, as `compute-planner-cli new` makes
       * it and as an editor opens a new file by its name (walkthrough 19:
       * "does not exist", and the work went into an untitled project). */
      if (g_str_has_suffix (path, ".cplan") && !g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_autofree char *folder = g_path_get_dirname (path);

          if (g_file_test (folder, G_FILE_TEST_IS_DIR))
            create_empty_project (path, &error);
        }
      loaded = error == NULL && cp_window_load_file (window, path, &error);
    }

  if (!loaded)
    {
      /* The file's name in the heading, as when reopening: a full path
       * made a heading of three lines (walkthrough 8). */
      g_autofree char *name = cp_store_display_name (path);
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);

      /* The window must still show something to stay useful. */
      if (cp_window_get_project (window) == NULL)
        cp_window_load_new (window, NULL, NULL);
      gtk_window_present (GTK_WINDOW (window));
      cp_window_show_error (window, heading, error);
      return;
    }

  gtk_window_present (GTK_WINDOW (window));
}

static void
cp_application_open (GApplication  *application,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  CpApplication *self = CP_APPLICATION (application);

  for (int i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);

      if (path != NULL)
        open_path (self, path);
    }
}

static void
cp_application_activate (GApplication *application)
{
  CpApplication *self = CP_APPLICATION (application);
  CpWindow *window = active_window (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *last = NULL;

  if (window != NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      return;
    }

  window = cp_window_new (self);
  if (self->settings != NULL)
    last = g_settings_get_string (self->settings, "last-project");

  if (last != NULL && *last != '\0' && g_file_test (last, G_FILE_TEST_EXISTS) &&
      cp_window_load_file (window, last, &error))
    {
      gtk_window_present (GTK_WINDOW (window));
      return;
    }

  if (error != NULL)
    {
      /* The last project is unreadable: say so, and start afresh. */
      /* The file's name in the heading; the full path, when it helps,
       * is in the message below it. */
      g_autofree char *name = cp_store_display_name (last);
      g_autofree char *heading = g_strdup_printf (_("Could Not Reopen “%s”"), name);

      g_clear_pointer (&last, g_free);
      if (!cp_window_load_new (window, NULL, NULL))
        g_warning ("No untitled project could be created");
      gtk_window_present (GTK_WINDOW (window));
      cp_window_show_error (window, heading, error);
      return;
    }

  if (!cp_window_load_new (window, NULL, &error))
    {
      gtk_window_present (GTK_WINDOW (window));
      cp_window_show_error (window, _("Could Not Create a Project"), error);
      return;
    }
  gtk_window_present (GTK_WINDOW (window));
}

static void
new_action (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  CpApplication *self = user_data;
  CpWindow *active = active_window (self);
  CpWindow *window = window_for_file (self);
  g_autoptr(GError) error = NULL;

  /* As Open: an untouched untitled project is replaced in place, else
   * the new project gets its own window. That one opens where the window
   * manager puts it, often right over the other with the same title, so
   * it says which project is still open behind it (walkthrough 9: New
   * seemed to do nothing). */
  gtk_window_present (GTK_WINDOW (window));
  if (!cp_window_load_new (window, NULL, &error))
    {
      cp_window_show_error (window, _("Could Not Create a Project"), error);
      return;
    }
  if (active != NULL && active != window)
    {
      const CpProject *other = cp_window_get_project (active);
      g_autofree char *message = NULL;

      /* TRANSLATORS: a toast in the window File > New opened; %s is the project still open in
       * another window. Short: a toast's line is cut at the window's width (walkthrough 17). */
      message = g_strdup_printf (_("“%s” is still open in another window"),
                                 other != NULL && other->name != NULL ? other->name : _("Untitled Project"));
      cp_window_show_toast (window, message);
    }
}

static void
open_demo_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  CpApplication *self = user_data;
  CpWindow *window = window_for_file (self);
  g_autoptr(GError) error = NULL;
  CpProject *demo = cp_demo_project_new (&error);

  gtk_window_present (GTK_WINDOW (window));
  if (demo == NULL || !cp_window_load_new (window, demo, &error))
    cp_window_show_error (window, _("Could Not Open the Demo Project"), error);
}

static void
on_open_response (GtkNativeDialog *native,
                  int              response,
                  CpApplication   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      if (path != NULL)
        open_path (self, path);
    }
  g_object_unref (native);
}

static void
open_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  CpApplication *self = user_data;
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) projects = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) reports = gtk_file_filter_new ();

  native = gtk_file_chooser_native_new (_("Open Project"),
                                        gtk_application_get_active_window (GTK_APPLICATION (self)),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);

  gtk_file_filter_set_name (projects, _("Compute Planner projects"));
  gtk_file_filter_add_pattern (projects, "*.cplan");
  gtk_file_filter_add_mime_type (projects, CP_STORE_MIME_TYPE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), projects);

  gtk_file_filter_set_name (reports, _("XML reports"));
  gtk_file_filter_add_pattern (reports, "*.xml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), reports);

  /* Projects not yet saved elsewhere are kept in the data folder, where
   * nobody would look (~/.local/share/compute-planner): a shortcut to it. */
  {
    g_autofree char *untitled = cp_store_untitled_path (NULL);
    g_autofree char *folder_path = untitled != NULL ? g_path_get_dirname (untitled) : NULL;
    g_autoptr(GFile) folder = folder_path != NULL ? g_file_new_for_path (folder_path) : NULL;

    if (folder != NULL)
      gtk_file_chooser_add_shortcut_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  }

  g_signal_connect (native, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
open_recent_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  open_path (CP_APPLICATION (user_data), g_variant_get_string (param, NULL));
}

/* Preferences at @page_name ("report"), or at their first page. */
static void
present_preferences (CpApplication *self,
                     const char    *page_name)
{
  GtkWidget *preferences = cp_preferences_window_new (self->settings, active_window (self));

  if (page_name != NULL)
    adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (preferences), page_name);
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  present_preferences (CP_APPLICATION (user_data), NULL);
}

/* Who prepared, reviewed and approved the report, and the amount it asks
 * for: the preferences' Report page, opened from beside Export Report. */
static void
report_sign_off_action (GSimpleAction *action,
                        GVariant      *param,
                        gpointer       user_data)
{
  present_preferences (CP_APPLICATION (user_data), "report");
}

static void
about_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  CpApplication *self = user_data;
  static const char *developers[] = { "Compute Planner contributors", NULL };

  adw_show_about_window (gtk_application_get_active_window (GTK_APPLICATION (self)),
                         "application-name", _("Compute Planner"),
                         "application-icon", APP_ID,
                         "developer-name", _("Compute Planner contributors"),
                         "version", PACKAGE_VERSION,
                         "comments", _("Decide between one machine and a cluster by the total cost of finishing the job"),
                         "website", "https://github.com/cplanner/compute-planner",
                         "issue-url", "https://github.com/cplanner/compute-planner/issues",
                         "developers", developers,
                         /* TRANSLATORS: your name and email, one translator a line */
                         "translator-credits", _("translator-credits"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "copyright", "© 2025 Compute Planner contributors",
                         NULL);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  CpApplication *self = user_data;
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* Closing each window saves its project first. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
}

/* Ended by the session or by kill, the app quits as by Ctrl+Q: projects
 * are saved, and an untitled one left empty is not kept (issue 26: each
 * killed start left an empty untitled-N in the data folder). */
static gboolean
on_terminate (gpointer user_data)
{
  g_action_group_activate_action (G_ACTION_GROUP (user_data), "quit", NULL);
  return G_SOURCE_CONTINUE;
}

static const GActionEntry app_entries[] = {
  { "new", new_action },
  { "open", open_action },
  { "open-recent", open_recent_action, "s" },
  { "open-demo", open_demo_action },
  { "preferences", preferences_action },
  { "report-sign-off", report_sign_off_action },
  { "about", about_action },
  { "quit", quit_action },
};

static void
cp_application_startup (GApplication *application)
{
  CpApplication *self = CP_APPLICATION (application);
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.new", { "<Control>n", NULL } },
    { "app.open", { "<Control>o", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Shift><Control>s", NULL } },
    { "win.import-quotes", { "<Control>i", NULL } },
    { "win.export-report", { "<Control>e", NULL } },
    { "win.add-job", { "<Control>j", NULL } },
    { "win.add-quote", { "<Control>k", "<Shift><Control>j", NULL } },
    { "win.duplicate", { "<Control>d", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Shift><Control>z", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "win.help", { "F1", NULL } },
    { "win.present", { "F11", NULL } },
    { "win.next-pane", { "F6", NULL } },
    { "win.toggle-sidebar", { "F9", NULL } },
    { "win.previous-pane", { "<Shift>F6", NULL } },
    /* In the order of the chart tabs: a service's read Cost and Time,
     * Cost per Token, Memory, Project Calendar, and Memory's key was
     * Alt+2 before Cost per Token's Alt+3 (walk34 V9). */
    { "win.show-cost-chart", { "<Alt>1", NULL } },
    { "win.show-serving-chart", { "<Alt>2", NULL } },
    { "win.show-memory-chart", { "<Alt>3", NULL } },
    /* The Project Calendar tab had no key of its own */
    { "win.show-calendar-chart", { "<Alt>4", NULL } },
  };

  G_APPLICATION_CLASS (cp_application_parent_class)->startup (application);

  /* GTK's own dialogs (the file choosers of Open, Import Quotes and the
   * exports) carry a header bar with their title and buttons, as the
   * app's own windows and dialogs do and as GNOME's session sets it.
   * Left to the desktop, GTK leaves their title to a window manager: on a
   * display without one the Import Quotes chooser had no title and its
   * Import button at the bottom, its top looking cut off (walk38b G13). */
  g_object_set (gtk_settings_get_default (), "gtk-dialogs-use-header", TRUE, NULL);

  /* Without an installed schema (a build tree) the app runs without
   * remembering anything rather than aborting. */
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema != NULL)
    self->settings = g_settings_new (APP_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_entries, G_N_ELEMENTS (app_entries), self);
  self->terminate_id = g_unix_signal_add (SIGTERM, on_terminate, self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action, accels[i].accels);
}

static int
cp_application_handle_local_options (GApplication *application,
                                     GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("%s %s\n", _("Compute Planner"), PACKAGE_VERSION);
      return 0;
    }

  return -1;
}

static void
cp_application_finalize (GObject *object)
{
  CpApplication *self = (CpApplication *) object;

  g_clear_handle_id (&self->terminate_id, g_source_remove);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (cp_application_parent_class)->finalize (object);
}

static void
cp_application_class_init (CpApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = cp_application_finalize;
  application_class->startup = cp_application_startup;
  application_class->activate = cp_application_activate;
  application_class->open = cp_application_open;
  application_class->handle_local_options = cp_application_handle_local_options;
}

static void
cp_application_init (CpApplication *self)
{
  static const GOptionEntry entries[] = {
    { "version", 'v', 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and exit"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[PROJECT…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Plan GPU compute: one machine or a cluster, by the total cost of finishing the job."));
}
