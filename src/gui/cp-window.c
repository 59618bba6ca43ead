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
#include "store/cp-store-async.h"
#include "store/cp-store.h"
#include "report/cp-report.h"

#include "cp-job-object.h"
#include "cp-labels.h"
#include "cp-quote-object.h"
#include "cp-window-private.h"

/* Long enough that typing in a field is one save, short enough that a
 * crash loses a second of work. */
#define AUTOSAVE_DELAY_MS 1000
/* Edits of one field closer together than this are undone together. */
#define UNDO_COALESCE_US (2 * G_USEC_PER_SEC)
#define UNDO_DEPTH 100

G_DEFINE_FINAL_TYPE (CpWindow, cp_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Every toast of the window goes through here. One that stays until
 * dismissed (a file written, a model imported) goes when the next comes:
 * libadwaita 1.2 shows one toast at a time and queues the next behind
 * it, and behind one without a timeout the next never showed (a second
 * import's "already in the catalogue" waited behind the first's). */
void
_cp_window_add_toast (CpWindow *self,
                      AdwToast *toast)
{
  if (self->lasting_toast != NULL)
    adw_toast_dismiss (self->lasting_toast);
  if (adw_toast_get_timeout (toast) == 0)
    {
      g_set_weak_pointer (&self->lasting_toast, toast);
      self->lasting_toast_shown_us = g_get_monotonic_time ();
    }
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* How long libadwaita 1.2's toast takes to slide in (SHOW_DURATION of
 * adw-toast-overlay.c), with a frame to spare. */
#define CP_TOAST_SHOW_US (350 * G_TIME_SPAN_MILLISECOND)

static gboolean
dismiss_lasting_toast_cb (gpointer user_data)
{
  CpWindow *self = user_data;

  self->dismiss_toast_id = 0;
  if (self->lasting_toast != NULL)
    adw_toast_dismiss (self->lasting_toast);
  return G_SOURCE_REMOVE;
}

/* The toast that stays until dismissed goes (present mode: walk34 V4),
 * once it has slid in: libadwaita 1.2 frees a toast's state twice when
 * it is dismissed while sliding in and its overlay is then unmapped, as
 * present mode's full screen may do (present-walks-jobs crashed so). */
void
_cp_window_dismiss_lasting_toast (CpWindow *self)
{
  gint64 shown_us;

  if (self->lasting_toast == NULL || self->dismiss_toast_id != 0)
    return;
  shown_us = g_get_monotonic_time () - self->lasting_toast_shown_us;
  if (shown_us >= CP_TOAST_SHOW_US)
    adw_toast_dismiss (self->lasting_toast);
  else
    self->dismiss_toast_id = g_timeout_add ((guint) ((CP_TOAST_SHOW_US - shown_us) / G_TIME_SPAN_MILLISECOND) + 1,
                                            dismiss_lasting_toast_cb, self);
}

void
_cp_window_toast (CpWindow   *self,
       const char *message)
{
  _cp_window_add_toast (self, adw_toast_new (message));
}

static gboolean
notice_timeout_cb (gpointer user_data)
{
  CpWindow *self = user_data;

  self->notice_timeout_id = 0;
  _cp_window_hide_notice (self, self->notice_serial);
  return G_SOURCE_REMOVE;
}

guint
_cp_window_show_notice (CpWindow   *self,
                        const char *message,
                        gboolean    working,
                        guint       timeout_ms)
{
  g_clear_handle_id (&self->notice_timeout_id, g_source_remove);
  gtk_label_set_text (self->notice_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_spinner), working);
  gtk_spinner_set_spinning (self->notice_spinner, working);
  gtk_revealer_set_reveal_child (self->notice_revealer, TRUE);
  if (timeout_ms != 0)
    self->notice_timeout_id = g_timeout_add (timeout_ms, notice_timeout_cb, self);
  /* 0 names no notice. */
  if (++self->notice_serial == 0)
    self->notice_serial = 1;
  return self->notice_serial;
}

void
_cp_window_hide_notice (CpWindow *self,
                        guint     serial)
{
  if (serial == 0 || serial != self->notice_serial)
    return;
  g_clear_handle_id (&self->notice_timeout_id, g_source_remove);
  gtk_spinner_set_spinning (self->notice_spinner, FALSE);
  gtk_revealer_set_reveal_child (self->notice_revealer, FALSE);
}

void
cp_window_show_toast (CpWindow   *self,
                      const char *message)
{
  g_return_if_fail (CP_IS_WINDOW (self));

  _cp_window_toast (self, message);
}

/* What the plan leaves out of the project just opened (a figure or a
 * text out of range, written by another program), said once: the first
 * problem and how many more there are. The toast stays until dismissed:
 * the problem lasts until corrected, and a toast timed out in 5 s was
 * gone before a slow machine showed the window it was added to (CI,
 * gui-window-file under ASan). */
static void
toast_problems (CpWindow *self)
{
  g_autoptr(GPtrArray) problems = cp_project_find_problems (self->project);
  g_autofree char *message = NULL;
  AdwToast *toast;

  if (problems->len == 0)
    return;
  if (problems->len == 1)
    message = g_strdup (g_ptr_array_index (problems, 0));
  else
    message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (and %u more problem)", "%s (and %u more problems)",
                                            problems->len - 1),
                               (const char *) g_ptr_array_index (problems, 0), problems->len - 1);
  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 0);
  _cp_window_add_toast (self, toast);
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

/* A folder as the subtitle names it: the home folder as "~", and only
 * its last two folders beyond three, "…/data/compute-planner". */
static char *
display_folder (const char *folder)
{
  const char *home = g_get_home_dir ();
  g_autofree char *short_folder = NULL;
  g_auto(GStrv) parts = NULL;
  guint n;

  if (home != NULL && g_str_equal (folder, home))
    return g_strdup ("~");
  if (home != NULL && g_str_has_prefix (folder, home) && folder[strlen (home)] == G_DIR_SEPARATOR)
    short_folder = g_strconcat ("~", folder + strlen (home), NULL);
  else
    short_folder = g_strdup (folder);
  parts = g_strsplit (short_folder, G_DIR_SEPARATOR_S, -1);
  n = g_strv_length (parts);
  /* "/a/b/c" splits into "", "a", "b", "c"; "~/a/b" into "~", "a", "b". */
  if (n <= 4)
    return g_steal_pointer (&short_folder);
  return g_strjoin (G_DIR_SEPARATOR_S, "…", parts[n - 2], parts[n - 1], NULL);
}

/* The file's name first, then its folder (as gnome-text-editor's
 * subtitle has it): a full /tmp/… path was cut before the name. The
 * title's tooltip has the whole path. */
static char *
display_path (const char *path)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *shown_folder = display_folder (folder);

  /* TRANSLATORS: the window's subtitle: a project file's name, then the
   * folder it is in ("Demo.cplan — ~/Documents"). */
  return g_strdup_printf (C_("window subtitle", "%s — %s"), name, shown_folder);
}

/* The one name the title, the sidebar and the reports give the project:
 * its own, which reports carry; else, saved, its file's; else "Untitled
 * Project". A new project takes its name where GNOME's documents do, when
 * it is first saved (the file's name, cp-window-actions.c), or from a
 * rename in the sidebar; the title read "untitled-1" while the report
 * said "Untitled Project" (meeting walkthrough). */
char *
_cp_window_dup_project_name (CpWindow *self)
{
  const char *name = self->project != NULL ? self->project->name : NULL;

  if (name != NULL && *name != '\0' && g_strcmp0 (name, _("Untitled Project")) != 0)
    return g_strdup (name);
  if (self->untitled || self->store == NULL)
    return g_strdup (_("Untitled Project"));
  return cp_store_display_name (cp_store_get_path (self->store));
}

static gboolean
autosave_enabled (CpWindow *self)
{
  return self->settings == NULL || g_settings_get_boolean (self->settings, "autosave");
}

gboolean
_cp_window_autosave_keeps_up (CpWindow *self)
{
  return autosave_enabled (self) && self->store != NULL && !cp_store_is_read_only (self->store) &&
         !_cp_window_file_lost (self) && !self->save_failed;
}

void
_cp_window_update_title (CpWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *window_title = NULL;

  if (self->store == NULL)
    return;

  name = _cp_window_dup_project_name (self);
  if (g_strcmp0 (gtk_label_get_label (self->project_name_label), name) != 0)
    gtk_label_set_label (self->project_name_label, name);
  /* The bullet marks changes that wait on the user. Those an autosave
   * writes within a second are not shown: the bullet came and went with
   * every edit, which read as a glitch (walkthrough 22). */
  title = self->modified && !_cp_window_autosave_keeps_up (self) ? g_strconcat ("• ", name, NULL) : g_strdup (name);
  subtitle = self->untitled ? g_strdup (_("Kept in your data folder until saved elsewhere"))
                            : display_path (cp_store_get_path (self->store));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->window_title),
                               self->untitled ? NULL : cp_store_get_path (self->store));
  if (cp_store_is_read_only (self->store))
    {
      g_autofree char *plain = g_steal_pointer (&subtitle);
      subtitle = g_strdup_printf (_("%s (read-only)"), plain);
    }
  else if (_cp_window_file_lost (self))
    {
      g_autofree char *plain = g_steal_pointer (&subtitle);
      subtitle = g_strdup_printf (self->file_state == CP_WINDOW_FILE_REPLACED
                                  ? _("%s (replaced by another program: not saved there)")
                                  : _("%s (gone: not saved)"), plain);
    }

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);

  window_title = g_strdup_printf ("%s — %s", title, _("Compute Planner"));
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}


gboolean
cp_window_get_busy (CpWindow *self)
{
  g_return_val_if_fail (CP_IS_WINDOW (self), FALSE);

  return self->busy;
}

static gboolean
autosave_cb (gpointer user_data)
{
  CpWindow *self = user_data;

  self->autosave_id = 0;
  _cp_window_save_async (self, FALSE);

  return G_SOURCE_REMOVE;
}

void
_cp_window_schedule_autosave (CpWindow *self)
{
  if (!autosave_enabled (self) || self->store == NULL || cp_store_is_read_only (self->store) ||
      _cp_window_file_lost (self))
    return;

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_cb, self);
}

static void
refresh_results (CpWindow *self)
{
  cp_results_view_queue_update (self->results_view, self->project, self->current_job);
}

/* While a field shows a refused value the results say which value they
 * still use. */
static void
update_notice (CpWindow *self)
{
  g_autofree char *notice = NULL;

  if (self->selection == SELECTION_JOB)
    notice = cp_job_editor_dup_error_notice (self->job_editor);
  else if (self->selection == SELECTION_QUOTE)
    notice = cp_quote_editor_dup_error_notice (self->quote_editor);
  cp_results_view_set_notice (self->results_view, notice);
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
void
_cp_window_project_changed (CpWindow   *self,
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
      g_ptr_array_add (self->undo, _cp_window_undo_step_new (g_steal_pointer (&self->baseline), key,
                                                             self->selection, self->selected_index));
      if (self->undo->len > UNDO_DEPTH)
        g_ptr_array_remove_index (self->undo, 0);
    }
  self->baseline = cp_project_copy (self->project);
  g_ptr_array_set_size (self->redo, 0);

  g_free (self->last_change_key);
  self->last_change_key = g_strdup (key);
  self->last_change_us = now;

  self->modified = TRUE;
  self->change_count++;
  _cp_window_update_title (self);
  notify_objects (self->jobs);
  notify_objects (self->quotes);
  refresh_results (self);
  _cp_window_actions_update (self);
  _cp_window_schedule_autosave (self);
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
  _cp_window_project_changed (self, key);
}

static void
on_editor_changed (CpWindow   *self,
                   const char *key)
{
  _cp_window_project_changed (self, key);
}

/* The job or quote the form shows, or NULL. */
static gpointer
selected_record (CpWindow *self)
{
  GPtrArray *items = self->selection == SELECTION_JOB ? self->project->jobs
                     : self->selection == SELECTION_QUOTE ? self->project->quotes : NULL;

  return items != NULL && self->selected_index < items->len ? g_ptr_array_index (items, self->selected_index) : NULL;
}

void
_cp_window_select_item (CpWindow      *self,
             SelectionKind  kind,
             guint          index)
{
  GPtrArray *items = kind == SELECTION_JOB ? self->project->jobs : self->project->quotes;
  gpointer shown_before = selected_record (self);

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

  if (selected_record (self) != shown_before)
    cp_results_view_scroll_to_top (self->results_view);
  update_notice (self);
  refresh_results (self);
  _cp_window_actions_update (self);
}

void
cp_window_select_job (CpWindow *self,
                      guint     index)
{
  g_return_if_fail (CP_IS_WINDOW (self));

  _cp_window_select_item (self, SELECTION_JOB, index);
}

void
cp_window_select_quote (CpWindow *self,
                        guint     index)
{
  g_return_if_fail (CP_IS_WINDOW (self));

  _cp_window_select_item (self, SELECTION_QUOTE, index);
}

static void
on_job_row_selected (CpWindow      *self,
                     GtkListBoxRow *row)
{
  if (self->selecting || row == NULL)
    return;
  _cp_window_select_item (self, SELECTION_JOB, gtk_list_box_row_get_index (row));
}

static void
on_quote_row_selected (CpWindow      *self,
                       GtkListBoxRow *row)
{
  if (self->selecting || row == NULL)
    return;
  _cp_window_select_item (self, SELECTION_QUOTE, gtk_list_box_row_get_index (row));
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

  _cp_window_rebuild_lists (self);
  _cp_window_select_item (self, SELECTION_JOB, 0);
  _cp_window_update_title (self);

  if (!untitled)
    cp_application_note_project (CP_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                                 cp_store_get_path (store));
  else if (self->settings != NULL)
    g_settings_set_string (self->settings, "last-project", cp_store_get_path (store));
  _cp_window_watch_file (self);
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

  if (self->busy)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("The project is being saved"));
      return FALSE;
    }

  store = cp_store_open (path, FALSE, error);
  if (store == NULL)
    return FALSE;
  project = cp_store_load (store, error);
  if (project == NULL)
    return FALSE;

  /* An untitled project reopened after a restart is still untitled: its
   * file in the data folder is no name the user gave, and Save still asks
   * where to keep it. */
  take_project (self, project, g_steal_pointer (&store), cp_store_is_untitled_path (path));
  if (cp_store_is_read_only (self->store))
    _cp_window_toast (self, _("This file can only be read: use Save As to keep your changes"));
  toast_problems (self);
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

/* Undo and redo restore whole snapshots of the project. */

CpUndoStep *
_cp_window_undo_step_new (CpProject     *project,
                          const char    *key,
                          SelectionKind  kind,
                          guint          index)
{
  CpUndoStep *step = g_new0 (CpUndoStep, 1);

  step->project = project;
  step->key = g_strdup (key);
  step->kind = kind;
  step->index = index;
  return step;
}

void
_cp_window_undo_step_free (CpUndoStep *step)
{
  g_clear_pointer (&step->project, cp_project_free);
  g_free (step->key);
  g_free (step);
}

/* The row of the form that @key changed, in view and with the keyboard
 * on it: undoing a switch showed the job's form from its top, the switch
 * out of sight (issue 26). */
static void
show_changed_row (CpWindow   *self,
                  const char *key)
{
  if (self->selection == SELECTION_JOB)
    cp_job_editor_show_row (self->job_editor, key);
  else if (self->selection == SELECTION_QUOTE)
    cp_quote_editor_show_row (self->quote_editor, key);
}

void
_cp_window_restore (CpWindow   *self,
                    CpUndoStep *step)
{
  CpProject *snapshot = g_steal_pointer (&step->project);
  /* A form's change shows the job or quote it was made in; others keep
   * what is shown. */
  SelectionKind kind = step->key != NULL ? step->kind : self->selection;
  guint index = step->key != NULL ? step->index : self->selected_index;
  int current_job = self->current_job;

  g_list_store_remove_all (self->jobs);
  g_list_store_remove_all (self->quotes);
  g_clear_pointer (&self->project, cp_project_free);
  self->project = snapshot;

  g_clear_pointer (&self->baseline, cp_project_free);
  self->baseline = cp_project_copy (snapshot);
  g_clear_pointer (&self->last_change_key, g_free);

  _cp_window_rebuild_lists (self);
  self->current_job = current_job < (int) snapshot->jobs->len ? current_job : -1;
  _cp_window_select_item (self, kind, index);
  /* Not in present mode, which hides the forms: Undo there focused the
   * hidden price entry ("GtkText - unexpected blinking selection"). */
  if (step->key != NULL && self->selection == kind && !gtk_widget_has_css_class (GTK_WIDGET (self), "cp-present"))
    show_changed_row (self, step->key);
  _cp_window_undo_step_free (step);

  self->modified = TRUE;
  _cp_window_update_title (self);
  _cp_window_actions_update (self);
  _cp_window_schedule_autosave (self);
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

  /* A value typed but not yet entered is committed (focus-out) and saved
   * with the rest. */
  gtk_window_set_focus (window, NULL);

  /* A save under way finishes first (it never takes the cancellable);
   * an import or export stops. Either callback closes again. A fresh
   * cancellable serves the window's later work, should the close stop
   * on a failed save. */
  if (self->busy)
    {
      self->closing = TRUE;
      g_cancellable_cancel (self->cancellable);
      g_object_unref (self->cancellable);
      self->cancellable = g_cancellable_new ();
      return TRUE;
    }

  save_window_state (self);

  /* Saving would write into a file no longer at its path. */
  if (self->store != NULL && self->modified && _cp_window_file_lost (self))
    {
      _cp_window_offer_file_choices (self, TRUE);
      return TRUE;
    }

  if (self->store != NULL && self->modified && !cp_store_is_read_only (self->store))
    {
      /* Saved off the main thread; the callback closes the window. */
      self->closing = TRUE;
      _cp_window_save_async (self, TRUE);
      return TRUE;
    }

  /* An untitled project that never got anything is not worth keeping. */
  if (self->store != NULL && self->untitled &&
      self->project->jobs->len == 0 && self->project->quotes->len == 0)
    {
      g_autofree char *path = g_strdup (cp_store_get_path (self->store));

      g_clear_pointer (&self->store, cp_store_close);
      g_unlink (path);
      /* And SQLite's files beside it: a -shm outlived the project it
       * served (an untitled project reopened, then closed empty). */
      for (guint i = 0; i < 2; i++)
        {
          g_autofree char *beside = g_strconcat (path, i == 0 ? "-wal" : "-shm", NULL);

          g_unlink (beside);
        }
      if (self->settings != NULL)
        {
          g_autofree char *last = g_settings_get_string (self->settings, "last-project");
          if (g_strcmp0 (last, path) == 0)
            g_settings_set_string (self->settings, "last-project", "");
        }
    }

  return GTK_WINDOW_CLASS (cp_window_parent_class)->close_request (window);
}

/* A project open in a window of the app is known by the name its window
 * gives it (its file is under the window's exclusive lock, and may be
 * untitled-N.cplan); another by its file's. */
static char *
recent_label (CpWindow   *self,
              const char *path)
{
  for (GList *l = gtk_application_get_windows (gtk_window_get_application (GTK_WINDOW (self))); l != NULL; l = l->next)
    if (CP_IS_WINDOW (l->data) && g_strcmp0 (cp_window_get_path (l->data), path) == 0)
      return _cp_window_dup_project_name (l->data);
  return cp_store_display_name (path);
}

static void
append_recent (CpWindow   *self,
               GPtrArray  *shown,
               const char *path)
{
  g_autofree char *label = NULL;
  g_autoptr(GMenuItem) item = NULL;

  for (guint i = 0; i < shown->len; i++)
    if (g_strcmp0 (g_ptr_array_index (shown, i), path) == 0)
      return;
  g_ptr_array_add (shown, g_strdup (path));
  label = recent_label (self, path);
  item = g_menu_item_new (label, NULL);
  g_menu_item_set_action_and_target (item, "app.open-recent", "s", path);
  g_menu_append_item (self->recent_menu, item);
}

/* The app's own list first, then projects GTK's recently-used list has
 * (the file chooser adds there, and so do other apps): without a session
 * bus the settings keep nothing, and the submenu stayed empty. */
void
_cp_window_fill_recent_menu (CpWindow *self)
{
  /* As many as the app's own list keeps (cp-application.c). */
  const guint max_shown = 10;
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func (g_free);
  GList *items;

  g_menu_remove_all (self->recent_menu);

  if (self->settings != NULL)
    {
      g_auto(GStrv) recent = g_settings_get_strv (self->settings, "recent-projects");

      for (guint i = 0; recent[i] != NULL && shown->len < max_shown; i++)
        if (g_file_test (recent[i], G_FILE_TEST_EXISTS))
          append_recent (self, shown, recent[i]);
    }

  items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  for (GList *l = items; l != NULL && shown->len < max_shown; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *mime = gtk_recent_info_get_mime_type (info);
      g_autofree char *path = NULL;

      if (!gtk_recent_info_is_local (info) || !gtk_recent_info_exists (info))
        continue;
      path = g_filename_from_uri (gtk_recent_info_get_uri (info), NULL, NULL);
      if (path != NULL && (g_strcmp0 (mime, "application/x-compute-planner") == 0 || g_str_has_suffix (path, ".cplan")))
        append_recent (self, shown, path);
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);

  if (shown->len == 0)
    {
      /* An item without an action is shown disabled. */
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No recent projects"), NULL);

      g_menu_append_item (self->recent_menu, item);
    }
}

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
                               G_CALLBACK (_cp_window_fill_recent_menu), self, G_CONNECT_SWAPPED);
    }
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (_cp_window_fill_recent_menu), self, G_CONNECT_SWAPPED);
  _cp_window_fill_recent_menu (self);
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
  g_clear_handle_id (&self->notice_timeout_id, g_source_remove);
  g_clear_handle_id (&self->present_hint_id, g_source_remove);
  g_clear_handle_id (&self->dismiss_toast_id, g_source_remove);
  g_clear_weak_pointer (&self->lasting_toast);
  _cp_window_unwatch_file (self);
  /* Imports and exports still running report G_IO_ERROR_CANCELLED and
   * touch no widget. */
  g_cancellable_cancel (self->cancellable);
  if (self->jobs != NULL)
    g_list_store_remove_all (self->jobs);
  if (self->quotes != NULL)
    g_list_store_remove_all (self->quotes);

  gtk_widget_dispose_template (GTK_WIDGET (self), CP_TYPE_WINDOW);

  g_clear_object (&self->jobs);
  g_clear_object (&self->quotes);
  g_clear_object (&self->settings);
  g_clear_object (&self->print_settings);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  g_clear_handle_id (&self->progress_hide_id, g_source_remove);
  g_clear_handle_id (&self->fold_id, g_source_remove);

  G_OBJECT_CLASS (cp_window_parent_class)->dispose (object);
}

static void
cp_window_finalize (GObject *object)
{
  CpWindow *self = (CpWindow *) object;

  g_clear_pointer (&self->store, cp_store_close);
  g_clear_pointer (&self->project, cp_project_free);
  g_clear_pointer (&self->baseline, cp_project_free);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  g_clear_pointer (&self->last_change_key, g_free);
  g_clear_pointer (&self->print_export_path, g_free);
  g_clear_pointer (&self->progress_message, g_free);

  G_OBJECT_CLASS (cp_window_parent_class)->finalize (object);
}

static void
cp_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  CpWindow *self = CP_WINDOW (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Present mode's type grows again on a screen wider than 1920 px: at
 * 2,560 px its 28-pt verdict read about as large as the window's own 26 pt
 * (issue 26). style.css, window.cp-present.cp-present-wide. */
#define PRESENT_WIDE_FROM_PX 2200
/* And shrinks on a screen under 900 px tall, so that the chart has the
 * screen under the answer: at 1024 × 700 its panels were 120 px and the
 * calendar's below the fold (walk36b Z5). style.css,
 * window.cp-present.cp-present-short. */
#define PRESENT_SHORT_BELOW_PX 900

static void
set_css_class (GtkWidget  *widget,
               const char *name,
               gboolean    set)
{
  if (gtk_widget_has_css_class (widget, name) == set)
    return;
  if (set)
    gtk_widget_add_css_class (widget, name);
  else
    gtk_widget_remove_css_class (widget, name);
}

static void
cp_window_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  GTK_WIDGET_CLASS (cp_window_parent_class)->size_allocate (widget, width, height, baseline);
  _cp_window_sidebar_fold_to_width (CP_WINDOW (widget), width);
  set_css_class (widget, "cp-present-wide", width >= PRESENT_WIDE_FROM_PX);
  set_css_class (widget, "cp-present-short", height < PRESENT_SHORT_BELOW_PX);
}

static void
cp_window_class_init (CpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = cp_window_dispose;
  object_class->finalize = cp_window_finalize;
  object_class->get_property = cp_window_get_property;
  window_class->close_request = cp_window_close_request;
  widget_class->size_allocate = cp_window_size_allocate;

  /**
   * CpWindow:busy:
   *
   * A save, an export or an import runs on a worker thread; saving and
   * exporting wait until it is done.
   */
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CP_TYPE_JOB_EDITOR);
  g_type_ensure (CP_TYPE_QUOTE_EDITOR);
  g_type_ensure (CP_TYPE_RESULTS_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CpWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, present_hint);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, present_hint_label);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, notice_spinner);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, add_button);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, sidebar_button_content);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, form_paned);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, jobs_list);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, quotes_list);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, editor_stack);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, job_editor);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, quote_editor);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, results_view);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, project_name_stack);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, project_name_button);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, project_name_label);
  gtk_widget_class_bind_template_child (widget_class, CpWindow, project_name_entry);
  gtk_widget_class_bind_template_callback (widget_class, on_job_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_quote_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_changed);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_row_pressed", G_CALLBACK (_cp_window_on_row_pressed));

  /* The sidebar's own keys: Delete and F2 act on the selected row without
   * taking those keys from the form's entries. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "win.rename", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.print", NULL);
}

/* A menu button's tooltip ("Main Menu") stayed over the menu it opened,
 * on a display without a compositor: none while the menu is open, as the
 * picker rows do for their popups. */
static void
on_menu_visible (GtkWidget  *popover,
                 GParamSpec *pspec,
                 GtkWidget  *button)
{
  gboolean by_pointer = g_object_steal_data (G_OBJECT (popover), "cp-opened-by-pointer") != NULL;

  gtk_widget_set_has_tooltip (button, !gtk_widget_get_visible (popover));
  gtk_widget_trigger_tooltip_query (button);
  /* Opened with a click, no item is lit, yet GTK has focused the first:
   * Down Down Return on "+" added a job, the first item, as the first
   * Down went to the second and the next wrapped round (walk39 F2). The
   * menu itself focused, the first Down lights the first item, as it
   * reads; opened from the keyboard, the first item is lit and focused. */
  if (by_pointer && gtk_widget_get_visible (popover))
    gtk_widget_grab_focus (popover);
}

/* A press on a menu button, before it opens its menu: on_menu_visible()
 * then leaves the menu's focus to the first arrow key. */
static void
on_menu_button_pressed (GtkGestureClick *gesture,
                        int              n_press,
                        double           x,
                        double           y,
                        GtkMenuButton   *button)
{
  g_object_set_data (G_OBJECT (gtk_menu_button_get_popover (button)), "cp-opened-by-pointer", GINT_TO_POINTER (TRUE));
}

static void
cp_window_init (CpWindow *self)
{
  GtkShortcutController *controller;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->jobs = g_list_store_new (CP_TYPE_JOB_OBJECT);
  self->quotes = g_list_store_new (CP_TYPE_QUOTE_OBJECT);
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) _cp_window_undo_step_free);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) _cp_window_undo_step_free);
  self->current_job = -1;
  self->cancellable = g_cancellable_new ();

  _cp_window_actions_init (self);

  g_signal_connect_object (self->job_editor, "errors-changed", G_CALLBACK (update_notice), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->quote_editor, "errors-changed", G_CALLBACK (update_notice), self, G_CONNECT_SWAPPED);
  _cp_window_sidebar_init (self);

  gtk_list_box_bind_model (self->jobs_list, G_LIST_MODEL (self->jobs), _cp_window_create_sidebar_row, self, NULL);
  gtk_list_box_bind_model (self->quotes_list, G_LIST_MODEL (self->quotes), _cp_window_create_sidebar_row, self, NULL);

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
  for (guint i = 0; i < 2; i++)
    {
      GtkMenuButton *button = i == 0 ? self->add_button : self->primary_menu_button;

      GtkGesture *press = gtk_gesture_click_new ();

      g_signal_connect_object (gtk_menu_button_get_popover (button), "notify::visible",
                               G_CALLBACK (on_menu_visible), button, 0);
      /* Focusable itself, for on_menu_visible(). */
      gtk_widget_set_focusable (GTK_WIDGET (gtk_menu_button_get_popover (button)), TRUE);
      gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
      g_signal_connect (press, "pressed", G_CALLBACK (on_menu_button_pressed), button);
      gtk_widget_add_controller (GTK_WIDGET (button), GTK_EVENT_CONTROLLER (press));
    }

  _cp_window_actions_update (self);
}
