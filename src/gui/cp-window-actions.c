/* cp-window-actions.c: the window's actions (win.*) and the file
 * choosers they open; each callback is thin and leaves the work to the
 * window, the store or the report. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "planner/cp-schedule.h"
#include "store/cp-quote-csv.h"
#include "store/cp-store-async.h"
#include "store/cp-store.h"
#include "report/cp-report.h"

#include "cp-config-import.h"
#include "cp-field-row.h"
#include "cp-help-window.h"
#include "cp-import-dialog.h"
#include "cp-job-object.h"
#include "cp-labels.h"
#include "cp-quote-object.h"
#include "cp-window-private.h"

/* Adding, duplicating and deleting */

static const CpModelSpec *
default_model (void)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();

  return cp_catalog_n_models (catalog) > 0 ? cp_catalog_get_model (catalog, 0) : NULL;
}

/* A new job or quote is named first: the keyboard goes to its name, the
 * text selected so that typing replaces "Job 2", from the shortcut as
 * from the menu. */
static void
focus_name (CpFieldRow *row)
{
  GtkWidget *entry = cp_field_row_get_input (row);

  if (gtk_widget_grab_focus (entry))
    gtk_editable_select_region (GTK_EDITABLE (entry), 0, -1);
}

/* The job whose team a new job takes: the one selected, else the one
 * the results show, else the last; NULL in a project without jobs. */
static const CpJob *
team_source (CpWindow *self)
{
  GPtrArray *jobs = self->project->jobs;

  if (self->selection == SELECTION_JOB && self->selected_index < jobs->len)
    return g_ptr_array_index (jobs, self->selected_index);
  if (self->current_job >= 0 && (guint) self->current_job < jobs->len)
    return g_ptr_array_index (jobs, self->current_job);
  return jobs->len > 0 ? g_ptr_array_index (jobs, jobs->len - 1) : NULL;
}

static void
add_job_action (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  CpWindow *self = user_data;
  CpJob *job = g_new0 (CpJob, 1);
  const CpModelSpec *model = default_model ();
  const CpJob *source = team_source (self);
  g_autofree char *team_said = NULL;

  /* The kind `add-job` and `estimate` take without --task, so that one
   * job gets one answer from every front end (tests/model/test-front-ends.c). */
  cp_job_init (job, CP_TASK_PRETRAIN);
  if (model != NULL)
    cp_job_set_model (job, model);
  job->id = cp_project_new_id (self->project, "job");
  job->name = g_strdup_printf (_("Job %u"), self->project->jobs->len + 1);
  if (source != NULL && cp_job_take_team (job, source))
    /* TRANSLATORS: a toast after Add Job; %s is the job whose team the new one took */
    team_said = g_strdup_printf (_("The new job has the team of “%s”: change it under Team if another team runs it"),
                                 source->name != NULL ? source->name : "");
  cp_project_add_job (self->project, job);
  /* Its figures are the form's examples: described before planned. */
  cp_results_view_note_new_job (self->results_view, job->id);

  _cp_window_rebuild_lists (self);
  _cp_window_select_item (self, SELECTION_JOB, self->project->jobs->len - 1);
  _cp_window_project_changed (self, NULL);
  _cp_window_close_folded_sidebar (self);
  focus_name (cp_job_editor_get_row (self->job_editor, "name"));
  if (team_said != NULL)
    _cp_window_toast (self, team_said);
}

/* job-starts-after ("(ss)": a job's id, the job it is to start after):
 * what the results offer for a service that starts before the fine-tune
 * of its model (cp-results-view-words.c). */
static void
job_starts_after_action (GSimpleAction *action,
                         GVariant      *param,
                         gpointer       user_data)
{
  CpWindow *self = user_data;
  const char *job_id;
  const char *after_id;
  int job_index;
  int after_index;
  CpJob *job;

  g_variant_get (param, "(&s&s)", &job_id, &after_id);
  job_index = cp_project_find_job (self->project, job_id);
  after_index = cp_project_find_job (self->project, after_id);
  /* The project may have changed since the offer was shown. */
  if (job_index < 0 || after_index < 0 ||
      !cp_project_job_may_follow (self->project, (guint) job_index, (guint) after_index))
    return;
  job = g_ptr_array_index (self->project->jobs, job_index);
  g_free (job->after_job_id);
  job->after_job_id = g_strdup (after_id);
  cp_window_project_changed (self, "starts-after");
}

/* show-job-field ("s", a key of the job form): the results' way to the
 * row an assumption of the verdict is set in, R8's team experience
 * (issue 26: its 10.5 days of migration decided the verdict, and the
 * switch was far down the form; room32). The form of the job the results
 * show, out of present mode, with the row's control focused and the row
 * scrolled into view. */
static void
show_job_field_action (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  CpWindow *self = user_data;
  CpFieldRow *row;

  if (self->current_job < 0)
    return;
  g_action_group_change_action_state (G_ACTION_GROUP (self), "present", g_variant_new_boolean (FALSE));
  if (self->selection != SELECTION_JOB || self->selected_index != (guint) self->current_job)
    _cp_window_select_item (self, SELECTION_JOB, (guint) self->current_job);
  row = cp_job_editor_get_row (self->job_editor, g_variant_get_string (param, NULL));
  if (row == NULL)
    return;
  /* The whole row, scrolled to once the form is laid out again out of
   * present mode: GTK scrolls only to the focused control, which left the
   * row's title cut at the form's foot (issue 26). */
  cp_form_show_row (GTK_WIDGET (row), cp_field_row_get_input (row));
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

  _cp_window_rebuild_lists (self);
  _cp_window_select_item (self, SELECTION_QUOTE, self->project->quotes->len - 1);
  _cp_window_project_changed (self, NULL);
  _cp_window_close_folded_sidebar (self);
  focus_name (cp_quote_editor_get_row (self->quote_editor, "vendor"));
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
      /* The mark first: names are cut at their end in the sidebar and the
       * table, and "(copy)" after a long one was cut off (walkthrough 4,
       * #21: two rows alike). */
      /* TRANSLATORS: the name of a duplicated job or quote offer */
      name = g_strdup_printf (_("Copy of %s"), source->name ? source->name : "");
      g_free (job->name);
      job->name = g_steal_pointer (&name);
      /* The copy goes right after its original, where the user looks. */
      cp_project_add_job (self->project, job);
      g_ptr_array_insert (self->project->jobs, index + 1,
                          g_ptr_array_steal_index (self->project->jobs, self->project->jobs->len - 1));
      _cp_window_rebuild_lists (self);
      _cp_window_select_item (self, SELECTION_JOB, index + 1);
    }
  else if (self->selection == SELECTION_QUOTE)
    {
      const CpQuote *source = g_ptr_array_index (self->project->quotes, index);
      CpQuote *quote = g_new0 (CpQuote, 1);
      g_autofree char *name = NULL;

      cp_quote_copy (quote, source);
      g_free (quote->id);
      quote->id = cp_project_new_id (self->project, "quote");
      name = g_strdup_printf (_("Copy of %s"), source->offer_name ? source->offer_name : "");
      g_free (quote->offer_name);
      quote->offer_name = g_steal_pointer (&name);
      cp_project_add_quote (self->project, quote);
      g_ptr_array_insert (self->project->quotes, index + 1,
                          g_ptr_array_steal_index (self->project->quotes, self->project->quotes->len - 1));
      _cp_window_rebuild_lists (self);
      _cp_window_select_item (self, SELECTION_QUOTE, index + 1);
    }
  else
    return;

  _cp_window_project_changed (self, NULL);
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
      g_autofree char *name = g_strdup (job->name ? job->name : "");
      guint unlinked;

      g_list_store_remove (self->jobs, index);
      /* Undo brings back the job and the order of those that followed it. */
      unlinked = cp_project_remove_job (self->project, index);
      message = unlinked == 0
                ? g_strdup_printf (_("Job “%s” deleted"), name)
                /* TRANSLATORS: %s is the deleted job's name, %u how many jobs started after it */
                : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Job “%s” deleted; %u job that started after it now starts with the project",
                                                "Job “%s” deleted; %u jobs that started after it now start with the project", unlinked),
                                   name, unlinked);
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

  _cp_window_select_item (self, kind, index > 0 ? index - 1 : 0);
  _cp_window_project_changed (self, NULL);

  undo_toast = adw_toast_new (message);
  adw_toast_set_button_label (undo_toast, _("_Undo"));
  adw_toast_set_action_name (undo_toast, "win.undo");
  _cp_window_add_toast (self, undo_toast);
}

static void
rename_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  _cp_window_start_rename (CP_WINDOW (user_data));
}

static void
undo_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  CpWindow *self = user_data;
  CpUndoStep *step;

  if (self->undo->len == 0)
    return;

  step = g_ptr_array_steal_index (self->undo, self->undo->len - 1);
  /* Redo makes the same change again: the same row, the same item. */
  g_ptr_array_add (self->redo, _cp_window_undo_step_new (cp_project_copy (self->project), step->key, step->kind,
                                                         step->index));
  _cp_window_restore (self, step);
}

static void
redo_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  CpWindow *self = user_data;
  CpUndoStep *step;

  if (self->redo->len == 0)
    return;

  step = g_ptr_array_steal_index (self->redo, self->redo->len - 1);
  g_ptr_array_add (self->undo, _cp_window_undo_step_new (cp_project_copy (self->project), step->key, step->kind,
                                                         step->index));
  _cp_window_restore (self, step);
}

/* Files */

void
_cp_window_add_filter (GtkFileChooser *chooser,
            const char     *name,
            const char     *pattern,
            const char     *mime_type)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  if (mime_type != NULL)
    gtk_file_filter_add_mime_type (filter, mime_type);
  /* "*.pdf": the name's ending for _cp_window_chooser_follow_type(). */
  if (g_str_has_prefix (pattern, "*.") && strpbrk (pattern + 2, "*?[") == NULL)
    g_object_set_data_full (G_OBJECT (filter), "format", g_strdup (pattern + 2), g_free);
  gtk_file_chooser_add_filter (chooser, filter);
}

/* The file type chosen, as the name's ending: "chart.png" becomes
 * "chart.svg" when the list says SVG, unless the name ends otherwise
 * (typed so on purpose). */
static void
on_chooser_filter (GtkFileChooser *chooser)
{
  GtkFileFilter *chosen = gtk_file_chooser_get_filter (chooser);
  const char *format = chosen != NULL ? g_object_get_data (G_OBJECT (chosen), "format") : NULL;
  g_autofree char *name = gtk_file_chooser_get_current_name (chooser);
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (chooser);
  const char *dot = name != NULL ? strrchr (name, '.') : NULL;

  if (format == NULL || dot == NULL || dot == name)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);
      const char *other = g_object_get_data (G_OBJECT (filter), "format");

      if (other != NULL && g_ascii_strcasecmp (dot + 1, other) == 0)
        {
          g_autofree char *base = g_strndup (name, dot - name);
          g_autofree char *renamed = g_strconcat (base, ".", format, NULL);

          if (g_strcmp0 (renamed, name) != 0)
            gtk_file_chooser_set_current_name (chooser, renamed);
          return;
        }
    }
}

void
_cp_window_chooser_follow_type (GtkFileChooserNative *native)
{
  GtkWindow *parent = gtk_native_dialog_get_transient_for (GTK_NATIVE_DIALOG (native));
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)) &&
          gtk_window_get_transient_for (window) == parent &&
          g_signal_handler_find (window, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, on_chooser_filter, NULL) == 0)
        {
          g_signal_connect (window, "notify::filter", G_CALLBACK (on_chooser_filter), NULL);
          return;
        }
    }
}

/* Files the project writes go beside it, unless it is still untitled
 * (kept in the data folder, where nobody would look for them). */
void
_cp_window_set_chooser_folder (CpWindow       *self,
                               GtkFileChooser *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) folder = NULL;

  if (self->untitled || self->store == NULL)
    {
      /* Not the folder the app was started from, nor the data folder
       * the untitled copy lives in: where the user keeps documents. */
      const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

      if (documents == NULL || !g_file_test (documents, G_FILE_TEST_IS_DIR))
        documents = g_get_home_dir ();
      folder = g_file_new_for_path (documents);
      gtk_file_chooser_set_current_folder (chooser, folder, NULL);
      return;
    }
  file = g_file_new_for_path (cp_store_get_path (self->store));
  folder = g_file_get_parent (file);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (chooser, folder, NULL);
}

char *
_cp_window_chooser_path (GtkNativeDialog *native)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

  return file ? g_file_get_path (file) : NULL;
}

static void
on_chooser_response (GtkNativeDialog *native,
                     int              response,
                     CpWindow        *self)
{
  CpWindowPathFunc chosen = g_object_get_data (G_OBJECT (native), "cp-chosen");
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    path = _cp_window_chooser_path (native);
  g_object_unref (native);
  if (path != NULL)
    chosen (self, path);
}

GtkFileChooser *
_cp_window_file_chooser_new (CpWindow             *self,
                             const char           *title,
                             GtkFileChooserAction  action,
                             const char           *accept_label,
                             CpWindowPathFunc      chosen)
{
  GtkFileChooserNative *native = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action,
                                                              accept_label, _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_object_set_data (G_OBJECT (native), "cp-chosen", chosen);
  g_signal_connect (native, "response", G_CALLBACK (on_chooser_response), self);
  return GTK_FILE_CHOOSER (native);
}

char *
_cp_window_with_extension (const char *path,
                const char *extension)
{
  if (g_str_has_suffix (path, extension))
    return g_strdup (path);
  return g_strconcat (path, extension, NULL);
}

/* Work that takes longer than this shows its progress until it is done. */
#define PROGRESS_DELAY_MS 300

/* The progress stays at least this long: a notice that flashes for a
 * moment cannot be read. */
#define PROGRESS_SHOWN_MIN_MS 1000

static gboolean
show_progress_cb (gpointer user_data)
{
  CpWindow *self = user_data;

  self->progress_id = 0;
  self->progress_notice = _cp_window_show_notice (self, self->progress_message, TRUE, 0);
  self->progress_shown_us = g_get_monotonic_time ();
  return G_SOURCE_REMOVE;
}

static gboolean
hide_progress_cb (gpointer user_data)
{
  CpWindow *self = user_data;

  self->progress_hide_id = 0;
  _cp_window_hide_notice (self, self->progress_hiding);
  return G_SOURCE_REMOVE;
}

static void
hide_progress (CpWindow *self)
{
  gint64 shown_ms = (g_get_monotonic_time () - self->progress_shown_us) / 1000;

  g_clear_handle_id (&self->progress_hide_id, g_source_remove);
  self->progress_hiding = self->progress_notice;
  self->progress_notice = 0;
  if (shown_ms >= PROGRESS_SHOWN_MIN_MS)
    _cp_window_hide_notice (self, self->progress_hiding);
  else
    self->progress_hide_id = g_timeout_add ((guint) (PROGRESS_SHOWN_MIN_MS - shown_ms),
                                            hide_progress_cb, self);
}

void
_cp_window_set_busy (CpWindow   *self,
                     gboolean    busy,
                     const char *progress_message)
{
  if (self->busy == busy)
    return;
  self->busy = busy;

  g_clear_handle_id (&self->progress_id, g_source_remove);
  if (busy && progress_message != NULL)
    {
      g_free (self->progress_message);
      self->progress_message = g_strdup (progress_message);
      self->progress_id = g_timeout_add (PROGRESS_DELAY_MS, show_progress_cb, self);
    }
  else if (!busy && self->progress_notice != 0)
    hide_progress (self);

  _cp_window_actions_update (self);
  g_object_notify (G_OBJECT (self), "busy");
}

gboolean
_cp_window_end_work (CpWindow     *self,
                     GCancellable *cancellable)
{
  /* Disposed: the widgets are gone, and the window dropped its
   * cancellable after cancelling it. */
  if (self->cancellable == NULL)
    return FALSE;
  _cp_window_set_busy (self, FALSE, NULL);
  if (!g_cancellable_is_cancelled (cancellable))
    return TRUE;
  /* Cancelled by a close, which goes on now the worker is done. */
  if (self->closing)
    {
      self->closing = FALSE;
      gtk_window_close (GTK_WINDOW (self));
    }
  return FALSE;
}

static void
save_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(CpWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  gboolean saved = cp_store_save_finish (result, &error);

  self->saving = FALSE;
  self->save_failed = !saved;
  _cp_window_set_busy (self, FALSE, NULL);
  if (!saved)
    _cp_window_update_title (self);

  if (saved)
    {
      /* Changes made while the copy was written are still to save. */
      self->modified = self->change_count != self->saving_change_count;
      _cp_window_update_title (self);
      /* A new project kept in the data folder is a project the user can
       * come back to from Open Recent once it holds something
       * (walkthrough 11: three projects made there, and the menu listed
       * only the demo). */
      if (self->untitled)
        {
          cp_application_note_project (CP_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                                       cp_store_get_path (self->store));
          /* Under the name it has now, which a rename may have changed. */
          _cp_window_fill_recent_menu (self);
        }
    }

  if (self->closing)
    {
      self->closing = FALSE;
      if (saved)
        {
          gtk_window_close (GTK_WINDOW (self));
          return;
        }
      /* Keep the window open: closing now would lose the changes. */
      cp_window_show_error (self, _("Could Not Save the Project"), error);
      return;
    }

  if (!saved)
    {
      g_autofree char *message = g_strdup_printf (_("Could not save: %s"), error->message);
      _cp_window_toast (self, message);
    }
  if (self->save_again || self->modified)
    {
      self->save_again = FALSE;
      _cp_window_schedule_autosave (self);
    }
}

/* @announce: a save the user asked for (Ctrl+S, closing) says "Saving…"
 * when it takes a while; an autosave stays silent, as gnome-text-editor's
 * does (walkthrough 11: on a loaded machine a toast followed every edit). */
void
_cp_window_save_async (CpWindow *self,
                       gboolean  announce)
{
  g_clear_handle_id (&self->autosave_id, g_source_remove);

  if (self->store == NULL || cp_store_is_read_only (self->store))
    return;
  if (_cp_window_file_lost (self))
    {
      _cp_window_offer_file_choices (self, FALSE);
      return;
    }
  /* One thread at a time uses the store: a save asked for meanwhile
   * follows this one. */
  if (self->busy)
    {
      self->save_again = TRUE;
      return;
    }

  self->saving_change_count = self->change_count;
  self->saving = TRUE;
  _cp_window_set_busy (self, TRUE, announce ? _("Saving…") : NULL);
  /* Never cancelled: a save started is a save finished. */
  cp_store_save_async (self->store, self->project, NULL, save_cb, g_object_ref (self));
}

static void
save_as_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(CpWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  CpStore *store = cp_project_save_as_finish (result, &error);
  g_autofree char *default_name = NULL;
  g_autofree char *untitled_path = NULL;

  _cp_window_set_busy (self, FALSE, NULL);
  if (store == NULL)
    {
      cp_window_show_error (self, _("Could Not Save the Project"), error);
      return;
    }

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  /* The untitled copy in the data folder is now a stale duplicate of the
   * file just written, which only this window had open. */
  if (self->untitled && self->store != NULL)
    untitled_path = g_strdup (cp_store_get_path (self->store));
  g_clear_pointer (&self->store, cp_store_close);
  if (untitled_path != NULL && g_strcmp0 (untitled_path, cp_store_get_path (store)) != 0)
    g_unlink (untitled_path);
  self->store = store;
  self->untitled = FALSE;
  self->modified = self->change_count != self->saving_change_count;
  _cp_window_watch_file (self);

  _cp_window_update_title (self);
  cp_application_note_project (CP_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                               cp_store_get_path (store));
  /* Closed while the copy was written: close now, from the new file. */
  if (self->closing)
    {
      self->closing = FALSE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

void
_cp_window_save_as (CpWindow   *self,
                    const char *path)
{
  gboolean same_path = g_strcmp0 (path, cp_window_get_path (self)) == 0;

  if (same_path && !_cp_window_file_lost (self))
    {
      _cp_window_save_async (self, TRUE);
      return;
    }
  if (self->busy)
    {
      _cp_window_toast (self, _("Wait until the project is saved, then try again"));
      return;
    }
  /* Back to the path another program put a file at: a new file there. */
  if (same_path)
    _cp_window_close_lost_store (self);

  /* A project still called by the default name takes the file's, before
   * the copy is written: renamed after it, the window showed "• name"
   * (unsaved) right after Save As (walkthrough 9). */
  if (self->project->name == NULL || g_strcmp0 (self->project->name, _("Untitled Project")) == 0)
    {
      g_free (self->project->name);
      self->project->name = cp_store_display_name (path);
      _cp_window_project_changed (self, "project-name");
    }
  self->saving_change_count = self->change_count;
  _cp_window_set_busy (self, TRUE, _("Saving…"));
  cp_project_save_as_async (self->project, path, NULL, save_as_cb, g_object_ref (self));
}

static void
save_as_chosen (CpWindow   *self,
                const char *chosen)
{
  g_autofree char *path = _cp_window_with_extension (chosen, CP_STORE_FILE_EXTENSION);

  _cp_window_save_as (self, path);
}

/* Text typed into a field and not yet committed (no Enter, the focus
 * still in it) goes into the project before the project is saved,
 * exported or printed: a report was written with the old price while the
 * form beside it showed the new one, and said nothing (walkthrough 4,
 * #15). Not on autosave, which would take half-typed text. */
static void
commit_edit (CpWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *row = focus != NULL ? gtk_widget_get_ancestor (focus, CP_TYPE_FIELD_ROW) : NULL;

  if (row != NULL)
    cp_field_row_commit_edit (CP_FIELD_ROW (row));
}

static void
save_as_action (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  CpWindow *self = user_data;
  GtkFileChooser *chooser;
  g_autofree char *name = NULL;

  commit_edit (self);
  chooser = _cp_window_file_chooser_new (self, _("Save Project As"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"),
                                         save_as_chosen);
  _cp_window_add_filter (chooser, _("Compute Planner projects"), "*.cplan", CP_STORE_MIME_TYPE);
  name = g_strconcat (self->project->name && *self->project->name ? self->project->name : _("Project"),
                      CP_STORE_FILE_EXTENSION, NULL);
  gtk_file_chooser_set_current_name (chooser, name);
  _cp_window_set_chooser_folder (self, chooser);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  CpWindow *self = user_data;

  commit_edit (self);
  if (self->untitled)
    {
      save_as_action (action, param, user_data);
      return;
    }
  _cp_window_save_async (self, TRUE);
}

/* The preview accepted: its quotes join the project. */
static void
on_import_quotes_accepted (CpImportDialog   *dialog,
                           CpQuoteCsvResult *result,
                           CpWindow         *self)
{
  guint added = cp_quote_csv_add_to_project (result, self->project);
  g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "%u quote imported",
                                                           "%u quotes imported", added), added);

  _cp_window_toast (self, message);
  if (added == 0)
    return;
  _cp_window_rebuild_lists (self);
  _cp_window_select_item (self, SELECTION_QUOTE, self->project->quotes->len - added);
  _cp_window_project_changed (self, NULL);
}

/* The preview reads the file itself, so that it can show its problems
 * and read another file in its place. */
void
_cp_window_import_quotes (CpWindow   *self,
                          const char *path)
{
  CpImportDialog *dialog = cp_import_dialog_new (GTK_WINDOW (self), self->project);

  /* Nothing changes until the preview is accepted. */
  g_signal_connect_object (dialog, "quotes-accepted", G_CALLBACK (on_import_quotes_accepted), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  cp_import_dialog_open_file (dialog, path);
}

static void
import_model_action (GSimpleAction *action,
                     GVariant      *param,
                     gpointer       user_data)
{
  cp_config_import_choose (user_data);
}

static void
import_quotes_action (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  CpWindow *self = user_data;
  GtkFileChooser *chooser;

  chooser = _cp_window_file_chooser_new (self, _("Import Quotes"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"),
                                         _cp_window_import_quotes);
  cp_import_dialog_add_sheet_filter (chooser);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

typedef struct {
  CpWindow     *window;
  GCancellable *cancellable;  /* the window's, cancelled when it closes */
} ExportQuotesJob;

static void
export_quotes_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ExportQuotesJob *job = user_data;
  g_autoptr(CpWindow) self = job->window;
  g_autoptr(GCancellable) cancellable = job->cancellable;
  g_autoptr(GError) error = NULL;
  gboolean written = cp_quote_csv_write_file_finish (result, &error);

  g_free (job);
  if (!_cp_window_end_work (self, cancellable))
    return;
  if (!written)
    cp_window_show_error (self, _("Could Not Export Quotes"), error);
  else
    _cp_window_toast (self, _("Quotes exported"));
}

void
_cp_window_export_quotes (CpWindow   *self,
                          const char *path)
{
  g_autofree char *csv_path = _cp_window_with_extension (path, ".csv");
  ExportQuotesJob *job;

  if (self->busy)
    {
      _cp_window_toast (self, _("Wait until the project is saved, then try again"));
      return;
    }
  job = g_new0 (ExportQuotesJob, 1);
  job->window = g_object_ref (self);
  job->cancellable = g_object_ref (self->cancellable);
  _cp_window_set_busy (self, TRUE, _("Writing the quotes…"));
  cp_quote_csv_write_file_async (self->project, csv_path, self->cancellable, export_quotes_cb, job);
}

static void
export_quotes_action (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  CpWindow *self = user_data;
  GtkFileChooser *chooser;

  commit_edit (self);
  chooser = _cp_window_file_chooser_new (self, _("Export Quotes"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                         _cp_window_export_quotes);
  _cp_window_add_filter (chooser, _("Quote tables (CSV)"), "*.csv", "text/csv");
  gtk_file_chooser_set_current_name (chooser, _("quotes.csv"));
  _cp_window_set_chooser_folder (self, chooser);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
_cp_window_actions_update (CpWindow *self)
{
  GActionMap *map = G_ACTION_MAP (self);
  gboolean has_item = self->selection != SELECTION_NONE;

  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "undo")), self->undo->len > 0);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "redo")), self->redo->len > 0);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "delete")), has_item);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "duplicate")), has_item);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "rename")), has_item);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "export-quotes")),
                               self->project != NULL && self->project->quotes->len > 0 && !self->busy);
  /* One worker at a time holds the store or writes a file. Importing
   * quotes is not one of them (the preview reads the file on its own
   * worker, and a save writes a copy of the project), so it stays
   * available while a save runs (walkthrough 11: greyed out after every
   * edit on a loaded machine). */
  /* Save stays available while the project is being saved: a click then
   * saves again after (_cp_window_save_async()), and the header's button
   * no longer greys out for a moment after every edit (walkthrough 22). */
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "save")), !self->busy || self->saving);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "save-as")), !self->busy);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "export-report")), !self->busy);
  _cp_window_trial_actions_update (self);
}

static void
export_report_action (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  commit_edit (CP_WINDOW (user_data));
  _cp_window_export_report (CP_WINDOW (user_data));
}

static void
print_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  commit_edit (CP_WINDOW (user_data));
  _cp_window_print (CP_WINDOW (user_data));
}

static void
help_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (cp_help_window_new (GTK_WINDOW (user_data))));
}

static void
show_cost_chart_action (GSimpleAction *action,
                        GVariant      *param,
                        gpointer       user_data)
{
  cp_results_view_show_chart (CP_WINDOW (user_data)->results_view, CP_CHART_COST);
}

static void
show_serving_chart_action (GSimpleAction *action,
                           GVariant      *param,
                           gpointer       user_data)
{
  cp_results_view_show_chart (CP_WINDOW (user_data)->results_view, CP_CHART_SERVING);
}

static void
show_calendar_chart_action (GSimpleAction *action,
                            GVariant      *param,
                            gpointer       user_data)
{
  cp_results_view_show_chart (CP_WINDOW (user_data)->results_view, CP_CHART_TIMELINE);
}

static void
show_memory_chart_action (GSimpleAction *action,
                          GVariant      *param,
                          gpointer       user_data)
{
  cp_results_view_show_chart (CP_WINDOW (user_data)->results_view, CP_CHART_MEMORY);
}

/* A focus that lands on a tab of a stack switcher goes to the tab shown:
 * F6 into the results focused the first tab, "Cost and Time", beside the
 * calendar (walk35 Y8). */
static void
focus_shown_tab (GtkWidget *focus)
{
  GtkWidget *switcher = gtk_widget_get_ancestor (focus, GTK_TYPE_STACK_SWITCHER);

  if (switcher == NULL || !GTK_IS_TOGGLE_BUTTON (focus) || gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (focus)))
    return;
  for (GtkWidget *tab = gtk_widget_get_first_child (switcher); tab != NULL; tab = gtk_widget_get_next_sibling (tab))
    if (GTK_IS_TOGGLE_BUTTON (tab) && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (tab)) &&
        gtk_widget_get_visible (tab))
      {
        gtk_widget_grab_focus (tab);
        return;
      }
}

/* F6 and Shift+F6: the sidebar, the form and the results in turn, as in
 * GNOME's other split windows. Folded away below 1,200 px, the sidebar
 * opens over the form when F6 comes to it and closes as F6 leaves it:
 * one F6 in three focused its hidden list (walk33 W15). */
static void
move_to_pane (CpWindow *self,
              int       step)
{
  GtkWidget *panes[3] = {
    GTK_WIDGET (self->sidebar),
    GTK_WIDGET (self->editor_stack),
    GTK_WIDGET (self->results_view),
  };
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  int current = -1;

  for (int i = 0; i < 3; i++)
    if (focus != NULL && (focus == panes[i] || gtk_widget_is_ancestor (focus, panes[i])))
      current = i;

  for (int tries = 1; tries <= 3; tries++)
    {
      int next = ((current < 0 ? (step > 0 ? -1 : 0) : current) + step * tries + 3 * 3) % 3;
      GtkListBoxRow *row = NULL;

      /* Present mode hides the sidebar and the form: its flap opened
       * over the projected results as a grey shield, focusing nothing
       * visible (walk34 V13). */
      if (!gtk_widget_get_visible (panes[next]))
        continue;
      if (next == 0 && adw_flap_get_folded (self->flap))
        adw_flap_set_reveal_flap (self->flap, TRUE);
      else if (next != 0)
        _cp_window_close_folded_sidebar (self);
      if (next == 0)
        {
          row = gtk_list_box_get_selected_row (self->selection == SELECTION_QUOTE ? self->quotes_list
                                                                                  : self->jobs_list);
          if (row != NULL && gtk_widget_grab_focus (GTK_WIDGET (row)))
            return;
        }
      if (gtk_widget_child_focus (panes[next], GTK_DIR_TAB_FORWARD))
        {
          focus = gtk_root_get_focus (GTK_ROOT (self));
          if (focus != NULL)
            focus_shown_tab (focus);
          return;
        }
    }
}

static void
next_pane_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  move_to_pane (CP_WINDOW (user_data), 1);
}

static void
previous_pane_action (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  move_to_pane (CP_WINDOW (user_data), -1);
}

static void
rename_project_action (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  _cp_window_start_project_rename (CP_WINDOW (user_data));
}

/* "Open" on the toast of a file just written: the file in the program
 * the desktop uses for it. */
static void
open_written_action (GSimpleAction *action,
                     GVariant      *param,
                     gpointer       user_data)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (param, NULL));
  g_autofree char *uri = g_file_get_uri (file);

  gtk_show_uri (GTK_WINDOW (user_data), uri, GDK_CURRENT_TIME);
}

/* Present mode, for a projector (walkthrough 9: there was none): the
 * window full screen, the header bar, the sidebar and the form hidden,
 * the results and their chart across the whole width in larger type
 * (style.css, window.cp-present). The header bar too: a projector shows
 * the results alone (issue 26), and its buttons worked on a project the
 * room could not see being changed. F11 or the menu's check item turn it
 * on, F11 or Escape leave it, as the toast says. Nothing of the project
 * changes. */
static gboolean
present_hint_timeout_cb (gpointer user_data)
{
  CpWindow *self = user_data;

  self->present_hint_id = 0;
  gtk_revealer_set_reveal_child (self->present_hint, FALSE);
  return G_SOURCE_REMOVE;
}

static void
present_change_state (GSimpleAction *action,
                      GVariant      *state,
                      gpointer       user_data)
{
  CpWindow *self = user_data;
  gboolean present = g_variant_get_boolean (state);
  g_autoptr(GVariant) old = g_action_get_state (G_ACTION (action));

  if (g_variant_get_boolean (old) == present)
    return;
  g_simple_action_set_state (action, state);
  /* Leaving gives the sidebar back as it was: hidden on leaving, it read
   * as lost at 1920 px (walkthrough 10). */
  if (present)
    {
      self->revealed_before_present = adw_flap_get_reveal_flap (self->flap);
      adw_flap_set_reveal_flap (self->flap, FALSE);
    }
  else
    adw_flap_set_reveal_flap (self->flap, self->revealed_before_present);
  gtk_widget_set_visible (self->sidebar, !present);
  gtk_widget_set_visible (GTK_WIDGET (self->editor_stack), !present);
  gtk_widget_set_visible (self->header_bar, !present);
  cp_results_view_set_presenting (self->results_view, present);
  if (present)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self), "cp-present");
      /* The recommendation first, and the rows with their quotes' names:
       * present mode opened where the page was scrolled, on the table
       * scrolled sideways past its Quote column (walkthrough 17). */
      cp_results_view_scroll_to_top (self->results_view);
      gtk_window_fullscreen (GTK_WINDOW (self));
      /* A toast that stays until dismissed ("Report written: …") lay
       * over the projected figures (walk34 V4). */
      _cp_window_dismiss_lasting_toast (self);
      /* As long as a toast stays: read, then out of the way. */
      /* And how to go job to job: Alt+Right was found only in the
       * source; a presenter's clicker sends Page Down and Page Up
       * (walk41b F21). One line over the job's name (cp-window.ui). */
      gtk_label_set_text (self->present_hint_label,
                          self->project->jobs->len > 1 ? _("Page Up/Down for jobs, Esc to leave")
                                                       : _("Press Esc or F11 to leave present mode"));
      gtk_revealer_set_reveal_child (self->present_hint, TRUE);
      g_clear_handle_id (&self->present_hint_id, g_source_remove);
      self->present_hint_id = g_timeout_add (5000, present_hint_timeout_cb, self);
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self), "cp-present");
      gtk_window_unfullscreen (GTK_WINDOW (self));
      /* Left soon after entering, the hint stayed over the window it no
       * longer described (lead15). */
      g_clear_handle_id (&self->present_hint_id, g_source_remove);
      gtk_revealer_set_reveal_child (self->present_hint, FALSE);
    }
  /* At a narrow width the button stayed, and opened an empty sidebar. */
  _cp_window_sync_sidebar_button (self);
}

/* Escape leaves present mode; otherwise it goes on to whatever else
 * takes it (a popover, a rename). */
static gboolean
leave_present_cb (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (widget), "present");
  g_autoptr(GVariant) state = g_action_get_state (action);

  if (!g_variant_get_boolean (state))
    return FALSE;
  g_action_change_state (action, g_variant_new_boolean (FALSE));
  return TRUE;
}

/* Page Down and Page Up in present mode: the next and the previous job,
 * as a presenter's clicker sends them (walk41b F21: they scrolled the
 * page or moved the focus to the chart tabs, and only Alt+Right went
 * on). Outside present mode they go on to the focused widget. */
static gboolean
present_step_job_cb (GtkWidget *widget,
                     GVariant  *args,
                     gpointer   user_data)
{
  if (!gtk_widget_has_css_class (widget, "cp-present"))
    return FALSE;
  return gtk_widget_activate_action (widget, g_variant_get_string (args, NULL), NULL);
}

/* F9, as GNOME's applications with a sidebar: the jobs and quotes behind
 * the header bar's button when the window is narrow (walkthrough 20: at
 * 1024 px the list was only behind an unlabelled button). Wide, the
 * sidebar is always shown; in present mode it is not. */
static void
toggle_sidebar_action (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  CpWindow *self = user_data;

  if (!adw_flap_get_folded (self->flap) || gtk_widget_has_css_class (GTK_WIDGET (self), "cp-present"))
    return;
  adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

/* Alt+Right and Alt+Left: the next and the previous job, in the list's
 * order, whether the list shows or not: in present mode, going job by
 * job in a meeting meant leaving the full screen for each (walk34 V12).
 * The first and the last stay where they are. */
static void
step_job (CpWindow *self,
          int       step)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->jobs_list);
  int index = row != NULL && self->selection != SELECTION_QUOTE ? gtk_list_box_row_get_index (row) + step : 0;
  GtkListBoxRow *next = index >= 0 ? gtk_list_box_get_row_at_index (self->jobs_list, index) : NULL;

  if (next != NULL)
    gtk_list_box_select_row (self->jobs_list, next);
}

static void
next_job_action (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  step_job (CP_WINDOW (user_data), 1);
}

static void
previous_job_action (GSimpleAction *action,
                     GVariant      *param,
                     gpointer       user_data)
{
  step_job (CP_WINDOW (user_data), -1);
}

static const GActionEntry win_entries[] = {
  { "next-job", next_job_action },
  { "previous-job", previous_job_action },
  { "open-written", open_written_action, "s" },
  { "save", save_action },
  { "save-as", save_as_action },
  { "import-quotes", import_quotes_action },
  { "import-model", import_model_action },
  { "export-quotes", export_quotes_action },
  { "export-report", export_report_action },
  { "print", print_action },
  { "add-job", add_job_action },
  { "job-starts-after", job_starts_after_action, "(ss)" },
  { "show-job-field", show_job_field_action, "s" },
  { "add-quote", add_quote_action },
  { "duplicate", duplicate_action },
  { "delete", delete_action },
  { "rename", rename_action },
  { "undo", undo_action },
  { "redo", redo_action },
  { "help", help_action },
  { "show-cost-chart", show_cost_chart_action },
  { "show-memory-chart", show_memory_chart_action },
  { "show-serving-chart", show_serving_chart_action },
  { "show-calendar-chart", show_calendar_chart_action },
  { "next-pane", next_pane_action },
  { "toggle-sidebar", toggle_sidebar_action },
  { "previous-pane", previous_pane_action },
  { "rename-project", rename_project_action },
  { "present", NULL, NULL, "false", present_change_state },
};

void
_cp_window_actions_init (CpWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);
  {
    GtkEventController *shortcuts = gtk_shortcut_controller_new ();

    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                            gtk_callback_action_new (leave_present_cb, NULL, NULL)));
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new_with_arguments (gtk_keyval_trigger_new (GDK_KEY_Page_Down, 0),
                                                                           gtk_callback_action_new (present_step_job_cb,
                                                                                                    NULL, NULL),
                                                                           "s", "win.next-job"));
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new_with_arguments (gtk_keyval_trigger_new (GDK_KEY_Page_Up, 0),
                                                                           gtk_callback_action_new (present_step_job_cb,
                                                                                                    NULL, NULL),
                                                                           "s", "win.previous-job"));
    /* Before the focused widget: a jobs list hidden by present mode kept
     * the focus and took Escape (walkthrough 10). Popovers are roots of
     * their own and still get it first; outside present mode the
     * callbacks pass Escape, Page Down and Page Up on. */
    gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
    gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  }
  {
    GtkEventController *jobs = gtk_shortcut_controller_new ();

    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (jobs),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Right, GDK_ALT_MASK),
                                                            gtk_named_action_new ("win.next-job")));
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (jobs),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Left, GDK_ALT_MASK),
                                                            gtk_named_action_new ("win.previous-job")));
    gtk_widget_add_controller (GTK_WIDGET (self), jobs);
  }
  _cp_window_trial_actions_init (self);
}
