/* cp-window.c: the planner window, one project per window.
 *
 * The window owns the project (plain model data) and the open CpStore.
 * The sidebar lists wrap the project's jobs and quotes; the forms edit
 * them in place after the model has validated each value. Every accepted
 * change recomputes the results, takes an undo snapshot and schedules an
 * autosave about a second later.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "store/cp-quote-csv.h"
#include "store/cp-store.h"
#include "report/cp-report.h"

#include "cp-job-object.h"
#include "cp-labels.h"
#include "cp-quote-object.h"
#include "cp-window.h"

#define AUTOSAVE_DELAY_MS 1000
/* Edits of one field closer together than this are undone together. */
#define UNDO_COALESCE_US (2 * G_USEC_PER_SEC)
#define UNDO_DEPTH 100

typedef enum {
  SELECTION_NONE,
  SELECTION_JOB,
  SELECTION_QUOTE,
} SelectionKind;

struct _CpWindow
{
  AdwApplicationWindow  parent_instance;

  /* template */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  GtkListBox           *jobs_list;
  GtkListBox           *quotes_list;
  GtkStack             *editor_stack;
  CpJobEditor          *job_editor;
  CpQuoteEditor        *quote_editor;
  CpResultsView        *results_view;
  GMenu                *recent_menu;

  CpProject            *project;
  CpStore              *store;
  gboolean              untitled;
  gboolean              modified;
  guint                 autosave_id;
  GSettings            *settings;

  GListStore           *jobs;     /* CpJobObject */
  GListStore           *quotes;   /* CpQuoteObject */
  SelectionKind         selection;
  guint                 selected_index;
  int                   current_job;  /* the job the results are for, or -1 */
  gboolean              selecting;

  GtkPrintSettings     *print_settings; /* the last print dialog's choices */
  char                 *print_export_path; /* tests: print to this PDF, no dialog */

  GPtrArray            *undo;     /* CpProject* before each change */
  GPtrArray            *redo;
  CpProject            *baseline; /* the project as it was before the next change */
  char                 *last_change_key;
  gint64                last_change_us;
};

G_DEFINE_FINAL_TYPE (CpWindow, cp_window, ADW_TYPE_APPLICATION_WINDOW)

static void select_item (CpWindow *self, SelectionKind kind, guint index);

static void
toast (CpWindow   *self,
       const char *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

void
cp_window_show_error (CpWindow     *self,
                      const char   *heading,
                      const GError *error)
{
  AdwMessageDialog *dialog;

  g_return_if_fail (CP_IS_WINDOW (self));

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading,
                                                       error ? error->message : NULL));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static char *
display_path (const char *path)
{
  const char *home = g_get_home_dir ();

  if (home != NULL && g_str_has_prefix (path, home) && path[strlen (home)] == G_DIR_SEPARATOR)
    return g_strconcat ("~", path + strlen (home), NULL);
  return g_strdup (path);
}

static void
update_title (CpWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *window_title = NULL;

  if (self->store == NULL)
    return;

  name = self->untitled ? g_strdup (_("Untitled Project"))
                        : cp_store_display_name (cp_store_get_path (self->store));
  /* The bullet marks changes not yet saved. */
  title = self->modified ? g_strconcat ("• ", name, NULL) : g_strdup (name);
  subtitle = self->untitled ? g_strdup (_("Kept in your data folder until saved elsewhere"))
                            : display_path (cp_store_get_path (self->store));
  if (cp_store_is_read_only (self->store))
    {
      g_autofree char *plain = g_steal_pointer (&subtitle);
      subtitle = g_strdup_printf (_("%s (read-only)"), plain);
    }

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);

  window_title = g_strdup_printf ("%s — %s", title, _("Compute Planner"));
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

static gboolean
autosave_enabled (CpWindow *self)
{
  return self->settings == NULL || g_settings_get_boolean (self->settings, "autosave");
}

gboolean
cp_window_save (CpWindow  *self,
                GError   **error)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), FALSE);

  g_clear_handle_id (&self->autosave_id, g_source_remove);

  if (self->store == NULL)
    return TRUE;
  if (!cp_store_save (self->store, self->project, error))
    return FALSE;

  self->modified = FALSE;
  update_title (self);
  return TRUE;
}

static gboolean
autosave_cb (gpointer user_data)
{
  CpWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  self->autosave_id = 0;
  if (!cp_window_save (self, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not save: %s"), error->message);
      toast (self, message);
    }

  return G_SOURCE_REMOVE;
}

static void
schedule_autosave (CpWindow *self)
{
  if (!autosave_enabled (self) || self->store == NULL || cp_store_is_read_only (self->store))
    return;

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_cb, self);
}

static void
update_actions (CpWindow *self)
{
  GActionMap *map = G_ACTION_MAP (self);
  gboolean has_item = self->selection != SELECTION_NONE;

  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "undo")), self->undo->len > 0);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "redo")), self->redo->len > 0);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "delete")), has_item);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "duplicate")), has_item);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "rename")), has_item);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "export-quotes")),
                               self->project != NULL && self->project->quotes->len > 0);
}

static void
refresh_results (CpWindow *self)
{
  cp_results_view_update (self->results_view, self->project, self->current_job);
}

static void
notify_objects (GListStore *store)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (store));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) object = g_list_model_get_item (G_LIST_MODEL (store), i);

      if (CP_IS_JOB_OBJECT (object))
        cp_job_object_changed (CP_JOB_OBJECT (object));
      else
        cp_quote_object_changed (CP_QUOTE_OBJECT (object));
    }
}

/* Called after every accepted change of the project. */
static void
project_changed (CpWindow   *self,
                 const char *key)
{
  gint64 now = g_get_monotonic_time ();
  gboolean coalesce = key != NULL &&
                      g_strcmp0 (key, self->last_change_key) == 0 &&
                      now - self->last_change_us < UNDO_COALESCE_US;

  if (coalesce)
    g_clear_pointer (&self->baseline, cp_project_free);
  else if (self->baseline != NULL)
    {
      g_ptr_array_add (self->undo, g_steal_pointer (&self->baseline));
      if (self->undo->len > UNDO_DEPTH)
        g_ptr_array_remove_index (self->undo, 0);
    }
  self->baseline = cp_project_copy (self->project);
  g_ptr_array_set_size (self->redo, 0);

  g_free (self->last_change_key);
  self->last_change_key = g_strdup (key);
  self->last_change_us = now;

  self->modified = TRUE;
  update_title (self);
  notify_objects (self->jobs);
  notify_objects (self->quotes);
  refresh_results (self);
  update_actions (self);
  schedule_autosave (self);
}

void
cp_window_project_changed (CpWindow   *self,
                           const char *key)
{
  g_return_if_fail (CP_IS_WINDOW (self));

  if (self->selection == SELECTION_JOB)
    cp_job_editor_reload (self->job_editor);
  else if (self->selection == SELECTION_QUOTE)
    cp_quote_editor_reload (self->quote_editor);
  project_changed (self, key);
}

static void
on_editor_changed (CpWindow   *self,
                   const char *key)
{
  project_changed (self, key);
}

/* Sidebar rows: a title that turns into an entry while renaming (F2,
 * double-click or the Rename button), and a subtitle. */

static void
finish_rename (CpWindow  *self,
               GtkWidget *box,
               gboolean   commit)
{
  GtkWidget *title = g_object_get_data (G_OBJECT (box), "title");
  GtkWidget *entry = g_object_get_data (G_OBJECT (box), "entry");
  GObject *item = g_object_get_data (G_OBJECT (box), "item");
  g_autofree char *text = NULL;

  if (!gtk_widget_get_visible (entry))
    return;

  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  gtk_widget_set_visible (entry, FALSE);
  gtk_widget_set_visible (title, TRUE);

  if (!commit || *text == '\0')
    return;

  if (CP_IS_JOB_OBJECT (item))
    {
      CpJob *job = cp_job_object_get_job (CP_JOB_OBJECT (item));

      if (g_strcmp0 (job->name, text) == 0)
        return;
      g_free (job->name);
      job->name = g_steal_pointer (&text);
      cp_window_project_changed (self, "name");
    }
  else if (CP_IS_QUOTE_OBJECT (item))
    {
      CpQuote *quote = cp_quote_object_get_quote (CP_QUOTE_OBJECT (item));

      if (g_strcmp0 (quote->vendor, text) == 0)
        return;
      g_free (quote->vendor);
      quote->vendor = g_steal_pointer (&text);
      cp_window_project_changed (self, "vendor");
    }
}

static void
on_rename_activate (GtkEntry *entry,
                    CpWindow *self)
{
  finish_rename (self, gtk_widget_get_parent (GTK_WIDGET (entry)), TRUE);
}

static void
on_rename_focus_leave (GtkEventController *controller,
                       CpWindow           *self)
{
  GtkWidget *entry = gtk_event_controller_get_widget (controller);
  GtkWidget *box = gtk_widget_get_parent (entry);

  /* Committing a rename rebuilds the lists: the old row's entry then
   * loses focus after it has left its row. */
  if (box != NULL)
    finish_rename (self, box, TRUE);
}

static gboolean
on_rename_key (GtkEventControllerKey *controller,
               guint                  keyval,
               guint                  keycode,
               GdkModifierType        state,
               CpWindow              *self)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  if (keyval != GDK_KEY_Escape)
    return FALSE;
  finish_rename (self, gtk_widget_get_parent (entry), FALSE);
  return TRUE;
}

static GtkWidget *
create_sidebar_row (gpointer item,
                    gpointer user_data)
{
  CpWindow *self = user_data;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *subtitle = gtk_label_new (NULL);
  GtkEventController *controller;

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  g_object_set_data (G_OBJECT (box), "title", title);
  g_object_set_data (G_OBJECT (box), "entry", entry);
  g_object_set_data (G_OBJECT (box), "item", item);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  g_object_bind_property (item, "title", title, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property (item, "title", title, "tooltip-text", G_BINDING_SYNC_CREATE);

  gtk_widget_set_visible (entry, FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 8);
  g_signal_connect_object (entry, "activate", G_CALLBACK (on_rename_activate), self, 0);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect_object (controller, "leave", G_CALLBACK (on_rename_focus_leave), self, 0);
  gtk_widget_add_controller (entry, controller);
  controller = gtk_event_controller_key_new ();
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (on_rename_key), self, 0);
  gtk_widget_add_controller (entry, controller);

  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_add_css_class (subtitle, "dim-label");
  g_object_bind_property (item, "subtitle", subtitle, "label", G_BINDING_SYNC_CREATE);

  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), subtitle);

  return box;
}

static void
start_rename (CpWindow *self)
{
  GtkListBox *list = self->selection == SELECTION_JOB ? self->jobs_list : self->quotes_list;
  GtkListBoxRow *row = gtk_list_box_get_selected_row (list);
  GtkWidget *box, *title, *entry;

  if (row == NULL)
    return;

  box = gtk_list_box_row_get_child (row);
  title = g_object_get_data (G_OBJECT (box), "title");
  entry = g_object_get_data (G_OBJECT (box), "entry");
  gtk_editable_set_text (GTK_EDITABLE (entry), gtk_label_get_label (GTK_LABEL (title)));
  gtk_widget_set_visible (title, FALSE);
  gtk_widget_set_visible (entry, TRUE);
  gtk_widget_grab_focus (entry);
}

static void
on_row_pressed (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                CpWindow        *self)
{
  if (n_press == 2)
    start_rename (self);
}

static void
rebuild_lists (CpWindow *self)
{
  g_list_store_remove_all (self->jobs);
  g_list_store_remove_all (self->quotes);

  for (guint i = 0; i < self->project->jobs->len; i++)
    {
      g_autoptr(CpJobObject) object = cp_job_object_new (g_ptr_array_index (self->project->jobs, i));
      g_list_store_append (self->jobs, object);
    }
  for (guint i = 0; i < self->project->quotes->len; i++)
    {
      g_autoptr(CpQuoteObject) object = cp_quote_object_new (g_ptr_array_index (self->project->quotes, i));
      g_list_store_append (self->quotes, object);
    }
}

static void
select_item (CpWindow      *self,
             SelectionKind  kind,
             guint          index)
{
  GPtrArray *items = kind == SELECTION_JOB ? self->project->jobs : self->project->quotes;

  if (kind == SELECTION_NONE || items->len == 0)
    {
      /* Fall back to whatever the project has. */
      if (self->project->jobs->len > 0)
        kind = SELECTION_JOB, items = self->project->jobs;
      else if (self->project->quotes->len > 0)
        kind = SELECTION_QUOTE, items = self->project->quotes;
      else
        kind = SELECTION_NONE;
    }

  self->selecting = TRUE;
  gtk_list_box_unselect_all (self->jobs_list);
  gtk_list_box_unselect_all (self->quotes_list);

  if (kind == SELECTION_NONE)
    {
      self->selection = SELECTION_NONE;
      self->current_job = -1;
      gtk_stack_set_visible_child_name (self->editor_stack, "empty");
    }
  else
    {
      index = MIN (index, items->len - 1);
      self->selection = kind;
      self->selected_index = index;

      if (kind == SELECTION_JOB)
        {
          gtk_list_box_select_row (self->jobs_list, gtk_list_box_get_row_at_index (self->jobs_list, index));
          cp_job_editor_set_job (self->job_editor, self->project, g_ptr_array_index (items, index));
          gtk_stack_set_visible_child_name (self->editor_stack, "job");
          self->current_job = index;
        }
      else
        {
          gtk_list_box_select_row (self->quotes_list, gtk_list_box_get_row_at_index (self->quotes_list, index));
          cp_quote_editor_set_quote (self->quote_editor, self->project, g_ptr_array_index (items, index));
          gtk_stack_set_visible_child_name (self->editor_stack, "quote");
          if (self->current_job < 0 || (guint) self->current_job >= self->project->jobs->len)
            self->current_job = self->project->jobs->len > 0 ? 0 : -1;
        }
    }
  self->selecting = FALSE;

  refresh_results (self);
  update_actions (self);
}

void
cp_window_select_job (CpWindow *self,
                      guint     index)
{
  g_return_if_fail (CP_IS_WINDOW (self));

  select_item (self, SELECTION_JOB, index);
}

void
cp_window_select_quote (CpWindow *self,
                        guint     index)
{
  g_return_if_fail (CP_IS_WINDOW (self));

  select_item (self, SELECTION_QUOTE, index);
}

static void
on_job_row_selected (CpWindow      *self,
                     GtkListBoxRow *row)
{
  if (self->selecting || row == NULL)
    return;
  select_item (self, SELECTION_JOB, gtk_list_box_row_get_index (row));
}

static void
on_quote_row_selected (CpWindow      *self,
                       GtkListBoxRow *row)
{
  if (self->selecting || row == NULL)
    return;
  select_item (self, SELECTION_QUOTE, gtk_list_box_row_get_index (row));
}

/* Replaces what the window shows by @project, read from or kept in @store
 * (both owned). */
static void
take_project (CpWindow  *self,
              CpProject *project,
              CpStore   *store,
              gboolean   untitled)
{
  g_clear_handle_id (&self->autosave_id, g_source_remove);

  /* The old rows point into the old project: drop them first. */
  g_list_store_remove_all (self->jobs);
  g_list_store_remove_all (self->quotes);
  g_clear_pointer (&self->store, cp_store_close);
  g_clear_pointer (&self->project, cp_project_free);

  self->project = project;
  self->store = store;
  self->untitled = untitled;
  self->modified = FALSE;
  self->current_job = -1;

  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  g_clear_pointer (&self->baseline, cp_project_free);
  self->baseline = cp_project_copy (project);
  g_clear_pointer (&self->last_change_key, g_free);

  rebuild_lists (self);
  select_item (self, SELECTION_JOB, 0);
  update_title (self);

  if (!untitled)
    cp_application_note_project (CP_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                                 cp_store_get_path (store));
  else if (self->settings != NULL)
    g_settings_set_string (self->settings, "last-project", cp_store_get_path (store));
}

gboolean
cp_window_load_file (CpWindow    *self,
                     const char  *path,
                     GError     **error)
{
  g_autoptr(CpStore) store = NULL;
  CpProject *project;

  g_return_val_if_fail (CP_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  store = cp_store_open (path, FALSE, error);
  if (store == NULL)
    return FALSE;
  project = cp_store_load (store, error);
  if (project == NULL)
    return FALSE;

  take_project (self, project, g_steal_pointer (&store), FALSE);
  if (cp_store_is_read_only (self->store))
    toast (self, _("This file can only be read: use Save As to keep your changes"));
  return TRUE;
}

gboolean
cp_window_load_new (CpWindow   *self,
                    CpProject  *project,
                    GError    **error)
{
  g_autoptr(CpProject) owned = project;
  g_autoptr(CpStore) store = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (CP_IS_WINDOW (self), FALSE);

  path = cp_store_untitled_path (error);
  if (path == NULL)
    return FALSE;
  store = cp_store_open (path, TRUE, error);
  if (store == NULL)
    return FALSE;

  if (owned == NULL)
    {
      owned = cp_store_load (store, error);
      if (owned == NULL)
        return FALSE;
      g_free (owned->name);
      owned->name = g_strdup (_("Untitled Project"));
    }

  /* The file exists from the start, so a crash before the first change
   * still leaves a project to reopen. */
  if (!cp_store_save (store, owned, error))
    return FALSE;

  take_project (self, g_steal_pointer (&owned), g_steal_pointer (&store), TRUE);
  return TRUE;
}

gboolean
cp_window_is_pristine (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), FALSE);

  return self->project == NULL ||
         (self->untitled && !self->modified && self->undo->len == 0 &&
          self->project->jobs->len == 0 && self->project->quotes->len == 0);
}

CpProject *
cp_window_get_project (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), NULL);

  return self->project;
}

const char *
cp_window_get_path (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), NULL);

  return self->store ? cp_store_get_path (self->store) : NULL;
}

gboolean
cp_window_get_modified (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), FALSE);

  return self->modified;
}

CpJobEditor *
cp_window_get_job_editor (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), NULL);

  return self->job_editor;
}

CpQuoteEditor *
cp_window_get_quote_editor (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), NULL);

  return self->quote_editor;
}

CpResultsView *
cp_window_get_results_view (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), NULL);

  return self->results_view;
}

GtkListBox *
cp_window_get_jobs_list (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), NULL);

  return self->jobs_list;
}

GtkListBox *
cp_window_get_quotes_list (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), NULL);

  return self->quotes_list;
}

/* Adding, duplicating and deleting */

static const CpModelSpec *
default_model (void)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();

  return cp_catalog_n_models (catalog) > 0 ? cp_catalog_get_model (catalog, 0) : NULL;
}

static void
add_job_action (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  CpWindow *self = user_data;
  CpJob *job = g_new0 (CpJob, 1);
  const CpModelSpec *model = default_model ();

  cp_job_init (job, CP_TASK_FULL_FINETUNE);
  if (model != NULL)
    cp_job_set_model (job, model);
  job->id = cp_project_new_id (self->project, "job");
  job->name = g_strdup_printf (_("Job %u"), self->project->jobs->len + 1);
  cp_project_add_job (self->project, job);

  rebuild_lists (self);
  select_item (self, SELECTION_JOB, self->project->jobs->len - 1);
  project_changed (self, NULL);
}

static void
add_quote_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  CpWindow *self = user_data;
  CpQuote *quote = g_new0 (CpQuote, 1);
  const CpCatalog *catalog = cp_catalog_get_builtin ();

  cp_quote_init (quote);
  if (cp_catalog_n_gpus (catalog) > 0)
    {
      const CpGpuSpec *gpu = cp_catalog_get_gpu (catalog, 0);
      const CpLinkSpec *link = gpu->default_intra_link
                               ? cp_project_find_link (self->project, gpu->default_intra_link) : NULL;

      cp_quote_set_gpu (quote, gpu);
      if (link != NULL)
        cp_quote_set_intra_link (quote, link);
    }
  g_strlcpy (quote->currency, self->project->settings.currency, sizeof quote->currency);
  quote->id = cp_project_new_id (self->project, "quote");
  quote->vendor = g_strdup_printf (_("Vendor %u"), self->project->quotes->len + 1);
  cp_project_add_quote (self->project, quote);

  rebuild_lists (self);
  select_item (self, SELECTION_QUOTE, self->project->quotes->len - 1);
  project_changed (self, NULL);
}

static void
duplicate_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  CpWindow *self = user_data;
  guint index = self->selected_index;

  if (self->selection == SELECTION_JOB)
    {
      const CpJob *source = g_ptr_array_index (self->project->jobs, index);
      CpJob *job = g_new0 (CpJob, 1);
      g_autofree char *name = NULL;

      cp_job_copy (job, source);
      g_free (job->id);
      job->id = cp_project_new_id (self->project, "job");
      name = g_strdup_printf (_("%s (copy)"), source->name ? source->name : "");
      g_free (job->name);
      job->name = g_steal_pointer (&name);
      /* The copy goes right after its original, where the user looks. */
      cp_project_add_job (self->project, job);
      g_ptr_array_insert (self->project->jobs, index + 1,
                          g_ptr_array_steal_index (self->project->jobs, self->project->jobs->len - 1));
      rebuild_lists (self);
      select_item (self, SELECTION_JOB, index + 1);
    }
  else if (self->selection == SELECTION_QUOTE)
    {
      const CpQuote *source = g_ptr_array_index (self->project->quotes, index);
      CpQuote *quote = g_new0 (CpQuote, 1);
      g_autofree char *name = NULL;

      cp_quote_copy (quote, source);
      g_free (quote->id);
      quote->id = cp_project_new_id (self->project, "quote");
      name = g_strdup_printf (_("%s (copy)"), source->offer_name ? source->offer_name : "");
      g_free (quote->offer_name);
      quote->offer_name = g_steal_pointer (&name);
      cp_project_add_quote (self->project, quote);
      g_ptr_array_insert (self->project->quotes, index + 1,
                          g_ptr_array_steal_index (self->project->quotes, self->project->quotes->len - 1));
      rebuild_lists (self);
      select_item (self, SELECTION_QUOTE, index + 1);
    }
  else
    return;

  project_changed (self, NULL);
}

static void
delete_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  CpWindow *self = user_data;
  guint index = self->selected_index;
  SelectionKind kind = self->selection;
  g_autofree char *message = NULL;
  AdwToast *undo_toast;

  if (kind == SELECTION_JOB)
    {
      const CpJob *job = g_ptr_array_index (self->project->jobs, index);

      message = g_strdup_printf (_("Job “%s” deleted"), job->name ? job->name : "");
      g_list_store_remove (self->jobs, index);
      g_ptr_array_remove_index (self->project->jobs, index);
    }
  else if (kind == SELECTION_QUOTE)
    {
      const CpQuote *quote = g_ptr_array_index (self->project->quotes, index);

      message = g_strdup_printf (_("Quote “%s” deleted"), quote->vendor ? quote->vendor : "");
      g_list_store_remove (self->quotes, index);
      g_ptr_array_remove_index (self->project->quotes, index);
    }
  else
    return;

  if (kind == SELECTION_JOB && self->current_job >= (int) index)
    self->current_job = self->current_job > 0 ? self->current_job - 1 : 0;

  select_item (self, kind, index > 0 ? index - 1 : 0);
  project_changed (self, NULL);

  undo_toast = adw_toast_new (message);
  adw_toast_set_button_label (undo_toast, _("_Undo"));
  adw_toast_set_action_name (undo_toast, "win.undo");
  adw_toast_overlay_add_toast (self->toast_overlay, undo_toast);
}

static void
rename_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  start_rename (CP_WINDOW (user_data));
}

/* Undo and redo restore whole snapshots of the project. */

static void
restore (CpWindow  *self,
         CpProject *snapshot)
{
  SelectionKind kind = self->selection;
  guint index = self->selected_index;
  int current_job = self->current_job;

  g_list_store_remove_all (self->jobs);
  g_list_store_remove_all (self->quotes);
  g_clear_pointer (&self->project, cp_project_free);
  self->project = snapshot;

  g_clear_pointer (&self->baseline, cp_project_free);
  self->baseline = cp_project_copy (snapshot);
  g_clear_pointer (&self->last_change_key, g_free);

  rebuild_lists (self);
  self->current_job = current_job < (int) snapshot->jobs->len ? current_job : -1;
  select_item (self, kind, index);

  self->modified = TRUE;
  update_title (self);
  update_actions (self);
  schedule_autosave (self);
}

static void
undo_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  CpWindow *self = user_data;

  if (self->undo->len == 0)
    return;

  g_ptr_array_add (self->redo, cp_project_copy (self->project));
  restore (self, g_ptr_array_steal_index (self->undo, self->undo->len - 1));
}

static void
redo_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  CpWindow *self = user_data;

  if (self->redo->len == 0)
    return;

  g_ptr_array_add (self->undo, cp_project_copy (self->project));
  restore (self, g_ptr_array_steal_index (self->redo, self->redo->len - 1));
}

/* Files */

static void
add_filter (GtkFileChooser *chooser,
            const char     *name,
            const char     *pattern,
            const char     *mime_type)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  if (mime_type != NULL)
    gtk_file_filter_add_mime_type (filter, mime_type);
  gtk_file_chooser_add_filter (chooser, filter);
}

static char *
chooser_path (GtkNativeDialog *native)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

  return file ? g_file_get_path (file) : NULL;
}

static char *
with_extension (const char *path,
                const char *extension)
{
  if (g_str_has_suffix (path, extension))
    return g_strdup (path);
  return g_strconcat (path, extension, NULL);
}

static void
on_save_as_response (GtkNativeDialog *native,
                     int              response,
                     CpWindow        *self)
{
  g_autofree char *chosen = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpStore) store = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    chosen = chooser_path (native);
  g_object_unref (native);
  if (chosen == NULL)
    return;

  path = with_extension (chosen, CP_STORE_FILE_EXTENSION);

  if (g_strcmp0 (path, cp_window_get_path (self)) == 0)
    {
      if (!cp_window_save (self, &error))
        cp_window_show_error (self, _("Could Not Save the Project"), error);
      return;
    }

  if (!cp_project_save_file (self->project, path, &error) ||
      (store = cp_store_open (path, FALSE, &error)) == NULL)
    {
      cp_window_show_error (self, _("Could Not Save the Project"), error);
      return;
    }

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  g_clear_pointer (&self->store, cp_store_close);
  self->store = g_steal_pointer (&store);
  self->untitled = FALSE;
  self->modified = FALSE;
  update_title (self);
  cp_application_note_project (CP_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))), path);
}

static void
save_as_action (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  CpWindow *self = user_data;
  GtkFileChooserNative *native;
  g_autofree char *name = NULL;

  native = gtk_file_chooser_native_new (_("Save Project As"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_filter (GTK_FILE_CHOOSER (native), _("Compute Planner projects"), "*.cplan", CP_STORE_MIME_TYPE);
  name = g_strconcat (self->project->name && *self->project->name ? self->project->name : _("Project"),
                      CP_STORE_FILE_EXTENSION, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_signal_connect (native, "response", G_CALLBACK (on_save_as_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
save_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  CpWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (self->untitled)
    {
      save_as_action (action, param, user_data);
      return;
    }
  if (!cp_window_save (self, &error))
    cp_window_show_error (self, _("Could Not Save the Project"), error);
}

static void
on_import_quotes_response (GtkNativeDialog *native,
                           int              response,
                           CpWindow        *self)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) result = NULL;
  guint added;

  if (response == GTK_RESPONSE_ACCEPT)
    path = chooser_path (native);
  g_object_unref (native);
  if (path == NULL)
    return;

  /* Reading through the store refuses a file too large to be a price list
   * before loading it. */
  if ((result = cp_quote_csv_read_file (path, self->project, &error)) == NULL)
    {
      cp_window_show_error (self, _("Could Not Import Quotes"), error);
      return;
    }

  added = cp_quote_csv_add_to_project (result, self->project);

  if (result->errors->len > 0)
    {
      g_autoptr(GString) lines = g_string_new (NULL);
      AdwMessageDialog *dialog;
      g_autofree char *heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                               "%u Quote Imported, Some Lines Skipped",
                                                               "%u Quotes Imported, Some Lines Skipped",
                                                               added), added);

      for (guint i = 0; i < result->errors->len && i < 20; i++)
        {
          const CpCsvLineError *line = g_ptr_array_index (result->errors, i);
          g_string_append_printf (lines, "%s\n", line->message);
        }
      if (result->errors->len > 20)
        g_string_append_printf (lines, _("… and %u more"), result->errors->len - 20);

      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, lines->str));
      adw_message_dialog_add_response (dialog, "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
  else
    {
      g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                               "%u quote imported",
                                                               "%u quotes imported", added), added);
      toast (self, message);
    }

  if (added == 0)
    return;

  rebuild_lists (self);
  select_item (self, SELECTION_QUOTE, self->project->quotes->len - added);
  project_changed (self, NULL);
}

static void
import_quotes_action (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  CpWindow *self = user_data;
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Import Quotes"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_filter (GTK_FILE_CHOOSER (native), _("Quote tables (CSV)"), "*.csv", "text/csv");
  g_signal_connect (native, "response", G_CALLBACK (on_import_quotes_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
on_export_quotes_response (GtkNativeDialog *native,
                           int              response,
                           CpWindow        *self)
{
  g_autofree char *chosen = NULL;
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize length = 0;

  if (response == GTK_RESPONSE_ACCEPT)
    chosen = chooser_path (native);
  g_object_unref (native);
  if (chosen == NULL)
    return;

  path = with_extension (chosen, ".csv");
  data = cp_quote_csv_write (self->project->quotes, &length);
  if (!g_file_set_contents (path, data, length, &error))
    cp_window_show_error (self, _("Could Not Export Quotes"), error);
  else
    toast (self, _("Quotes exported"));
}

static void
export_quotes_action (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  CpWindow *self = user_data;
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Export Quotes"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_filter (GTK_FILE_CHOOSER (native), _("Quote tables (CSV)"), "*.csv", "text/csv");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), _("quotes.csv"));
  g_signal_connect (native, "response", G_CALLBACK (on_export_quotes_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* The language reports are written in: the one chosen in the preferences
 * or at the last export, else the project's own. */
static const char *
report_language (CpWindow *self)
{
  g_autofree char *chosen = self->settings != NULL ? g_settings_get_string (self->settings, "report-language")
                                                   : NULL;
  const char *lang = chosen != NULL && *chosen != '\0' ? chosen : self->project->report_language;

  return lang != NULL && g_str_has_prefix (lang, "zh") ? "zh_CN" : "en";
}

/* Export Report: a dialog for the formats and the language, then a file
 * chooser for the destination; both formats share one base name. */

typedef struct {
  CpWindow *window;
  gboolean  pdf;
  gboolean  xml;
  char     *lang;
} ExportRequest;

static void
export_request_free (ExportRequest *request)
{
  g_free (request->lang);
  g_free (request);
}

/* The project as its reports name it: one saved under a file name but
 * still carrying a new project's placeholder name is called after its file. */
static CpProject *
report_project (CpWindow *self)
{
  CpProject *project = cp_project_copy (self->project);

  if (!self->untitled && (project->name == NULL || *project->name == '\0' ||
                          g_strcmp0 (project->name, _("Untitled Project")) == 0))
    {
      g_clear_pointer (&project->name, g_free);
      project->name = cp_report_project_name (project, cp_store_get_path (self->store));
    }
  return project;
}

static void
on_export_destination (GtkNativeDialog *native,
                       int              response,
                       ExportRequest   *request)
{
  CpWindow *self = request->window;
  g_autofree char *chosen = NULL;
  g_autofree char *base = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) written = g_string_new (NULL);

  if (response == GTK_RESPONSE_ACCEPT)
    chosen = chooser_path (native);
  g_object_unref (native);
  if (chosen == NULL)
    {
      export_request_free (request);
      return;
    }

  base = g_str_has_suffix (chosen, ".pdf") || g_str_has_suffix (chosen, ".xml")
         ? g_strndup (chosen, strlen (chosen) - 4) : g_strdup (chosen);

  if (request->pdf)
    {
      g_autofree char *path = g_strconcat (base, ".pdf", NULL);
      g_autoptr(CpProject) named = report_project (self);

      if (!cp_report_pdf_write (named, request->lang, path, &error))
        goto failed;
      g_string_append (written, path);
    }
  if (request->xml)
    {
      g_autofree char *path = g_strconcat (base, ".xml", NULL);

      if (!cp_report_xml_write (self->project, request->lang, path, &error))
        goto failed;
      g_string_append_printf (written, "%s%s", written->len ? ", " : "", path);
    }

  {
    g_autofree char *message = g_strdup_printf (_("Report written: %s"), written->str);
    toast (self, message);
  }
  export_request_free (request);
  return;

failed:
  cp_window_show_error (self, _("Could Not Export the Report"), error);
  export_request_free (request);
}

static void
on_export_dialog_response (AdwMessageDialog *dialog,
                           const char       *response,
                           CpWindow         *self)
{
  GtkBuilder *builder = g_object_get_data (G_OBJECT (dialog), "builder");
  ExportRequest *request;
  GtkFileChooserNative *native;
  g_autofree char *name = NULL;
  guint language;

  if (g_strcmp0 (response, "export") != 0)
    return;

  request = g_new0 (ExportRequest, 1);
  request->window = self;
  request->pdf = gtk_check_button_get_active (GTK_CHECK_BUTTON (gtk_builder_get_object (builder, "pdf_check")));
  request->xml = gtk_check_button_get_active (GTK_CHECK_BUTTON (gtk_builder_get_object (builder, "xml_check")));
  language = gtk_drop_down_get_selected (GTK_DROP_DOWN (gtk_builder_get_object (builder, "language_drop_down")));
  request->lang = g_strdup (language == 1 ? "zh_CN" : "en");

  if (self->settings != NULL)
    g_settings_set_string (self->settings, "report-language", request->lang);

  if (!request->pdf && !request->xml)
    {
      toast (self, _("Choose PDF, XML or both"));
      export_request_free (request);
      return;
    }

  native = gtk_file_chooser_native_new (_("Export Report"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (request->pdf)
    add_filter (GTK_FILE_CHOOSER (native), _("PDF documents"), "*.pdf", "application/pdf");
  if (request->xml)
    add_filter (GTK_FILE_CHOOSER (native), _("XML reports"), "*.xml", "application/xml");
  name = g_strconcat (self->project->name && *self->project->name ? self->project->name : _("Report"),
                      request->pdf ? ".pdf" : ".xml", NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_signal_connect (native, "response", G_CALLBACK (on_export_destination), request);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
export_report_action (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  CpWindow *self = user_data;
  GtkBuilder *builder = gtk_builder_new_from_resource (RESOURCE_PREFIX "/ui/cp-export-dialog.ui");
  GtkWindow *dialog = GTK_WINDOW (gtk_builder_get_object (builder, "export_dialog"));
  const char *lang = report_language (self);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (gtk_builder_get_object (builder, "language_drop_down")),
                              g_str_equal (lang, "zh_CN") ? 1 : 0);
  g_object_set_data_full (G_OBJECT (dialog), "builder", builder, g_object_unref);
  gtk_window_set_transient_for (dialog, GTK_WINDOW (self));
  g_signal_connect (dialog, "response", G_CALLBACK (on_export_dialog_response), self);
  gtk_window_present (dialog);
}

/* Printing: the PDF report's pages, laid out again for the paper the print
 * dialog settles on, in the report's language. */

typedef struct {
  CpWindow       *window;   /* strong: the print dialog may outlive a close */
  char           *lang;
  CpReportLayout *layout;
  double          scale;    /* below 1 on paper smaller than the report allows */
  gboolean        error_shown;
} PrintJob;

static void
print_job_free (PrintJob *job)
{
  g_clear_pointer (&job->layout, cp_report_layout_free);
  g_clear_object (&job->window);
  g_free (job->lang);
  g_free (job);
}

static void
on_begin_print (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  /* Points from the paper's corner: the operation prints full pages in
   * GTK_UNIT_POINTS. */
  double width_pt = gtk_print_context_get_width (context);
  double height_pt = gtk_print_context_get_height (context);
  double layout_width_pt = MAX (width_pt, CP_REPORT_MIN_PAGE_WIDTH_PT);
  double layout_height_pt = MAX (height_pt, CP_REPORT_MIN_PAGE_HEIGHT_PT);

  job->scale = MIN (1.0, MIN (width_pt / layout_width_pt, height_pt / layout_height_pt));
  g_clear_pointer (&job->layout, cp_report_layout_free);
  {
    g_autoptr(CpProject) named = report_project (job->window);

    job->layout = cp_report_layout_new (named, job->lang, layout_width_pt, layout_height_pt);
  }
  gtk_print_operation_set_n_pages (operation, (int) cp_report_layout_get_n_pages (job->layout));
}

static void
on_draw_page (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr,
              PrintJob          *job)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);

  cairo_save (cr);
  cairo_scale (cr, job->scale, job->scale);
  cp_report_layout_draw_page (job->layout, cr, (guint) page_nr);
  cairo_restore (cr);
}

static void
print_failed (PrintJob     *job,
              const GError *error)
{
  if (job->error_shown)
    return;
  job->error_shown = TRUE;
  cp_window_show_error (job->window, _("Could Not Print the Report"), error);
}

static void
on_print_done (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               PrintJob                *job)
{
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autoptr(GError) error = NULL;

      gtk_print_operation_get_error (operation, &error);
      print_failed (job, error);
    }
  else if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    g_set_object (&job->window->print_settings, gtk_print_operation_get_print_settings (operation));
}

static void
print_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  CpWindow *self = user_data;
  g_autoptr(GtkPrintOperation) operation = gtk_print_operation_new ();
  g_autoptr(GtkPageSetup) page_setup = gtk_page_setup_new ();
  g_autoptr(GError) error = NULL;
  GtkPaperSize *a4 = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  GtkPrintOperationAction print = GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG;
  GtkPrintOperationResult result;
  PrintJob *job = g_new0 (PrintJob, 1);

  job->window = g_object_ref (self);
  job->lang = g_strdup (report_language (self));
  job->scale = 1.0;
  g_object_set_data_full (G_OBJECT (operation), "cp-print-job", job, (GDestroyNotify) print_job_free);

  /* The PDF report's paper; the dialog may change it. */
  gtk_page_setup_set_paper_size_and_default_margins (page_setup, a4);
  gtk_paper_size_free (a4);
  gtk_print_operation_set_default_page_setup (operation, page_setup);
  if (self->print_settings != NULL)
    gtk_print_operation_set_print_settings (operation, self->print_settings);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  /* The report places its own margins: it draws whole pages, in points. */
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_job_name (operation, self->project->name != NULL && *self->project->name != '\0'
                                               ? self->project->name : _("Report"));
  gtk_print_operation_set_allow_async (operation, TRUE);

  g_signal_connect (operation, "begin-print", G_CALLBACK (on_begin_print), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (on_draw_page), job);
  g_signal_connect (operation, "done", G_CALLBACK (on_print_done), job);

  if (self->print_export_path != NULL)
    {
      gtk_print_operation_set_export_filename (operation, self->print_export_path);
      print = GTK_PRINT_OPERATION_ACTION_EXPORT;
    }

  result = gtk_print_operation_run (operation, print, GTK_WINDOW (self), &error);
  /* Some failures end the run before "done" is emitted. */
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    print_failed (job, error);
}

void
cp_window_set_print_export_path (CpWindow   *self,
                                 const char *pdf_path)
{
  g_return_if_fail (CP_IS_WINDOW (self));

  g_free (self->print_export_path);
  self->print_export_path = g_strdup (pdf_path);
}

/* Window state and closing */

static void
save_window_state (CpWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)))
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
}

static gboolean
cp_window_close_request (GtkWindow *window)
{
  CpWindow *self = CP_WINDOW (window);
  g_autoptr(GError) error = NULL;

  save_window_state (self);

  if (self->store != NULL && self->modified && !cp_store_is_read_only (self->store) &&
      !cp_window_save (self, &error))
    {
      /* Keep the window open: closing now would lose the changes. */
      cp_window_show_error (self, _("Could Not Save the Project"), error);
      return TRUE;
    }

  /* An untitled project that never got anything is not worth keeping. */
  if (self->store != NULL && self->untitled &&
      self->project->jobs->len == 0 && self->project->quotes->len == 0)
    {
      g_autofree char *path = g_strdup (cp_store_get_path (self->store));

      g_clear_pointer (&self->store, cp_store_close);
      g_unlink (path);
      if (self->settings != NULL)
        {
          g_autofree char *last = g_settings_get_string (self->settings, "last-project");
          if (g_strcmp0 (last, path) == 0)
            g_settings_set_string (self->settings, "last-project", "");
        }
    }

  return GTK_WINDOW_CLASS (cp_window_parent_class)->close_request (window);
}

static void
fill_recent_menu (CpWindow *self)
{
  g_auto(GStrv) recent = NULL;

  g_menu_remove_all (self->recent_menu);
  if (self->settings == NULL)
    return;

  recent = g_settings_get_strv (self->settings, "recent-projects");
  for (guint i = 0; recent[i] != NULL; i++)
    {
      g_autofree char *label = cp_store_display_name (recent[i]);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "app.open-recent", "s", recent[i]);
      g_menu_append_item (self->recent_menu, item);
    }
}

static const GActionEntry win_entries[] = {
  { "save", save_action },
  { "save-as", save_as_action },
  { "import-quotes", import_quotes_action },
  { "export-quotes", export_quotes_action },
  { "export-report", export_report_action },
  { "print", print_action },
  { "add-job", add_job_action },
  { "add-quote", add_quote_action },
  { "duplicate", duplicate_action },
  { "delete", delete_action },
  { "rename", rename_action },
  { "undo", undo_action },
  { "redo", redo_action },
};

/* GtkWindow:application is set after construction, so the settings are
 * attached here rather than in constructed(). */
static void
restore_state (CpWindow  *self,
               GSettings *settings)
{
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      g_signal_connect_object (self->settings, "changed::recent-projects",
                               G_CALLBACK (fill_recent_menu), self, G_CONNECT_SWAPPED);
    }
  fill_recent_menu (self);
}

CpWindow *
cp_window_new (CpApplication *application)
{
  CpWindow *self = g_object_new (CP_TYPE_WINDOW, "application", application, NULL);

  restore_state (self, application != NULL ? cp_application_get_settings (application) : NULL);
  return self;
}

static void
cp_window_dispose (GObject *object)
{
  CpWindow *self = (CpWindow *) object;

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (self->jobs != NULL)
    g_list_store_remove_all (self->jobs);
  if (self->quotes != NULL)
    g_list_store_remove_all (self->quotes);

  gtk_widget_dispose_template (GTK_WIDGET (self), CP_TYPE_WINDOW);

  g_clear_object (&self->jobs);
  g_clear_object (&self->quotes);
  g_clear_object (&self->settings);
  g_clear_object (&self->print_settings);

  G_OBJECT_CLASS (cp_window_parent_class)->dispose (object);
}

static void
cp_window_finalize (GObject *object)
{
  CpWindow *self = (CpWindow *) object;

  if (self->store != NULL && self->modified && !cp_store_is_read_only (self->store))
    cp_store_save (self->store, self->project, NULL);
  g_clear_pointer (&self->store, cp_store_close);
  g_clear_pointer (&self->project, cp_project_free);
  g_clear_pointer (&self->baseline, cp_project_free);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  g_clear_pointer (&self->last_change_key, g_free);
  g_clear_pointer (&self->print_export_path, g_free);

  G_OBJECT_CLASS (cp_window_parent_class)->finalize (object);
}

static void
cp_window_class_init (CpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = cp_window_dispose;
  object_class->finalize = cp_window_finalize;
  window_class->close_request = cp_window_close_request;

  g_type_ensure (CP_TYPE_JOB_EDITOR);
  g_type_ensure (CP_TYPE_QUOTE_EDITOR);
  g_type_ensure (CP_TYPE_RESULTS_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CpWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, jobs_list);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, quotes_list);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, editor_stack);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, job_editor);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, quote_editor);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, results_view);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, recent_menu);
  gtk_widget_class_bind_template_callback (widget_class, on_job_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_quote_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_row_pressed);

  /* The sidebar's own keys: Delete and F2 act on the selected row without
   * taking those keys from the form's entries. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "win.rename", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.print", NULL);
}

static void
cp_window_init (CpWindow *self)
{
  GtkShortcutController *controller;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->jobs = g_list_store_new (CP_TYPE_JOB_OBJECT);
  self->quotes = g_list_store_new (CP_TYPE_QUOTE_OBJECT);
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_project_free);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_project_free);
  self->current_job = -1;

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);

  gtk_list_box_bind_model (self->jobs_list, G_LIST_MODEL (self->jobs), create_sidebar_row, self, NULL);
  gtk_list_box_bind_model (self->quotes_list, G_LIST_MODEL (self->quotes), create_sidebar_row, self, NULL);

  /* Delete in the sidebar only: in a form it deletes text. */
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *list = GTK_WIDGET (i == 0 ? self->jobs_list : self->quotes_list);

      controller = GTK_SHORTCUT_CONTROLLER (gtk_shortcut_controller_new ());
      gtk_shortcut_controller_add_shortcut (controller,
                                            gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Delete, 0),
                                                              gtk_named_action_new ("win.delete")));
      gtk_widget_add_controller (list, GTK_EVENT_CONTROLLER (controller));
    }

  update_actions (self);
}
