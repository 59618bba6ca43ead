/* cp-window-trial.c: win.read-trial-log, a job's trial run read from the
 * log of a short run: the file is read on a worker, its figures shown in
 * a preview, and only what the user accepts reaches the job, through the
 * job editor (undo, results and autosave follow from there). */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-trial-log-dialog.h"
#include "cp-window-private.h"

typedef struct {
  CpWindow        *window;
  const CpProject *project;  /* the one the read was started for */
  const CpJob     *job;
  char            *file_name;
} TrialLogRead;

static void
trial_log_read_free (TrialLogRead *read)
{
  g_free (read->file_name);
  g_free (read);
}

/* The job the editor shows, or NULL. */
static CpJob *
selected_job (CpWindow *self)
{
  if (self->selection != SELECTION_JOB || self->selected_index >= self->project->jobs->len)
    return NULL;
  return g_ptr_array_index (self->project->jobs, self->selected_index);
}

static void
on_trial_accepted (CpTrialLogDialog *dialog,
                   const CpTrialRun *trial,
                   CpWindow         *self)
{
  const CpJob *job = g_object_get_data (G_OBJECT (dialog), "job");
  g_autoptr(GError) error = NULL;

  /* The modal preview keeps the window from changing the job meanwhile;
   * should the project still have been replaced, the figures would land
   * on a job that is no longer shown. */
  if (job == NULL || job != selected_job (self))
    {
      _cp_window_toast (self, _("The job changed while the log was shown: read it again"));
      return;
    }
  if (!cp_job_editor_apply_trial (self->job_editor, trial, &error))
    {
      cp_window_show_error (self, _("Could Not Use the Trial Log"), error);
      return;
    }
  _cp_window_toast (self, _("Trial run filled from the log"));
}

static void
read_trial_log_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  TrialLogRead *read = user_data;
  g_autoptr(CpWindow) self = read->window;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpTrialLog) log = cp_trial_log_read_file_finish (result, &error);
  CpTrialLogDialog *dialog;
  CpJob *job;

  /* The window is closing: touch nothing. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      trial_log_read_free (read);
      return;
    }
  _cp_window_set_busy (self, FALSE, NULL);
  if (log == NULL)
    {
      g_autoptr(GError) named = g_error_new (error->domain, error->code, "%s: %s",
                                             read->file_name, error->message);

      trial_log_read_free (read);
      cp_window_show_error (self, _("Could Not Read the Trial Log"), named);
      return;
    }
  job = selected_job (self);
  /* An undo or another selection while the file was read. */
  if (read->project != self->project || job != read->job)
    {
      trial_log_read_free (read);
      _cp_window_toast (self, _("The job changed while the log was read: read it again"));
      return;
    }

  /* Nothing changes until the preview is accepted. */
  dialog = cp_trial_log_dialog_new (GTK_WINDOW (self), g_steal_pointer (&log), read->file_name,
                                    self->project, job);
  g_object_set_data (G_OBJECT (dialog), "job", job);
  g_signal_connect_object (dialog, "trial-accepted", G_CALLBACK (on_trial_accepted), self, 0);
  trial_log_read_free (read);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_cp_window_read_trial_log (CpWindow   *self,
                           const char *path)
{
  TrialLogRead *read;

  if (self->busy)
    {
      _cp_window_toast (self, _("Wait until the project is saved, then try again"));
      return;
    }
  if (selected_job (self) == NULL)
    return;
  read = g_new0 (TrialLogRead, 1);
  read->window = g_object_ref (self);
  read->project = self->project;
  read->job = selected_job (self);
  read->file_name = g_filename_display_basename (path);
  _cp_window_set_busy (self, TRUE, _("Reading the trial log…"));
  cp_trial_log_read_file_async (path, self->cancellable, read_trial_log_cb, read);
}

static void
read_trial_log_action (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  /* What a run writes: logs, nvidia-smi's CSV, the Trainer's JSON. */
  static const char * const patterns[] = { "*.log", "*.txt", "*.out", "*.csv", "*.json" };
  CpWindow *self = user_data;
  g_autoptr(GtkFileFilter) logs = gtk_file_filter_new ();
  GtkFileChooser *chooser;

  chooser = _cp_window_file_chooser_new (self, _("Read Trial Log"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Read"),
                                         _cp_window_read_trial_log);
  gtk_file_filter_set_name (logs, _("Logs and metrics (log, txt, out, csv, json)"));
  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    gtk_file_filter_add_pattern (logs, patterns[i]);
  gtk_file_chooser_add_filter (chooser, logs);
  _cp_window_add_filter (chooser, _("All files"), "*", NULL);
  _cp_window_set_chooser_folder (self, chooser);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static const GActionEntry trial_entries[] = {
  { "read-trial-log", read_trial_log_action },
};

void
_cp_window_trial_actions_init (CpWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), trial_entries, G_N_ELEMENTS (trial_entries), self);
}

void
_cp_window_trial_actions_update (CpWindow *self)
{
  /* A trial belongs to a job and ran on a quote's machine. */
  gboolean enabled = !self->busy && self->project != NULL && self->project->quotes->len > 0 &&
                     selected_job (self) != NULL;

  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self),
                                                                           "read-trial-log")),
                               enabled);
}
