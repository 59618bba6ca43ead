/* cp-window-file.c: noticing that the project's file was replaced or
 * removed under the window.
 *
 * A sync client or `git checkout` replaces a file by renaming another
 * over it (`mv other.cplan w.cplan`); the window's SQLite connection
 * then still writes into the old file, which no longer has a name, and
 * every autosave was lost without a word (issue 24). A GFileMonitor
 * watches the path; on each event the path is compared, by device and
 * inode, with the file the store opened (the window's own saves write
 * that file in place). Once it differs, autosave stops, and the window
 * offers to save its project elsewhere or to reload the file now at the
 * path; the project in the window is kept until the user chooses.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "cp-window-private.h"

static void offer_choices (CpWindow *self, gboolean closing);

/* The choices no longer apply (the file is back, or another was opened):
 * answered as Not Now, and closed as a button would close them. */
static void
withdraw_choices (CpWindow *self)
{
  AdwMessageDialog *dialog = self->file_dialog;

  if (dialog == NULL)
    return;
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The file now at the store's path: ok, replaced or gone. */
static CpWindowFileState
current_state (CpWindow *self)
{
  GStatBuf st;

  if (g_stat (cp_store_get_path (self->store), &st) != 0)
    return errno == ENOENT ? CP_WINDOW_FILE_REMOVED : CP_WINDOW_FILE_OK;
  if ((guint64) st.st_dev != self->file_device || (guint64) st.st_ino != self->file_inode)
    return CP_WINDOW_FILE_REPLACED;
  return CP_WINDOW_FILE_OK;
}

static void
on_file_changed (GFileMonitor      *monitor,
                 GFile             *file,
                 GFile             *other_file,
                 GFileMonitorEvent  event,
                 CpWindow          *self)
{
  CpWindowFileState state;

  if (self->store == NULL)
    return;
  state = current_state (self);
  if (state == self->file_state)
    return;
  self->file_state = state;
  _cp_window_update_title (self);
  _cp_window_actions_update (self);
  if (state == CP_WINDOW_FILE_OK)
    {
      /* Moved back: the store's file has its name again. */
      withdraw_choices (self);
      if (self->modified)
        _cp_window_schedule_autosave (self);
      return;
    }
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  offer_choices (self, FALSE);
}

void
_cp_window_watch_file (CpWindow *self)
{
  g_autoptr(GFile) file = NULL;
  GStatBuf st;

  _cp_window_unwatch_file (self);
  if (self->store == NULL)
    return;
  file = g_file_new_for_path (cp_store_get_path (self->store));
  if (g_stat (cp_store_get_path (self->store), &st) == 0)
    {
      self->file_device = (guint64) st.st_dev;
      self->file_inode = (guint64) st.st_ino;
    }
  /* Without a monitor (a file system without notifications) the window
   * saves as before: nothing is known to be wrong. */
  self->file_monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->file_monitor != NULL)
    g_signal_connect (self->file_monitor, "changed", G_CALLBACK (on_file_changed), self);
}

void
_cp_window_unwatch_file (CpWindow *self)
{
  if (self->file_monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->file_monitor, self);
      g_file_monitor_cancel (self->file_monitor);
      g_clear_object (&self->file_monitor);
    }
  self->file_state = CP_WINDOW_FILE_OK;
  withdraw_choices (self);
}

gboolean
_cp_window_file_lost (CpWindow *self)
{
  return self->file_state != CP_WINDOW_FILE_OK;
}

static void
on_choice (AdwMessageDialog *dialog,
           const char       *response,
           CpWindow         *self)
{
  self->file_dialog = NULL;
  if (g_str_equal (response, "save-as"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.save-as", NULL);
  else if (g_str_equal (response, "reload"))
    {
      g_autofree char *path = g_strdup (cp_store_get_path (self->store));
      g_autoptr(GError) error = NULL;

      _cp_window_close_lost_store (self);
      if (!cp_window_load_file (self, path, &error))
        cp_window_show_error (self, _("Could Not Reload the Project"), error);
    }
  else if (g_str_equal (response, "discard"))
    {
      /* Closing without saving what has no file any more. */
      self->modified = FALSE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

/* @closing: asked by a close, which the dialog then may finish without
 * saving. */
static void
offer_choices (CpWindow *self,
               gboolean  closing)
{
  g_autofree char *name = g_filename_display_basename (cp_store_get_path (self->store));
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  gboolean replaced = self->file_state == CP_WINDOW_FILE_REPLACED;

  if (self->file_dialog != NULL)
    return;
  body = replaced
    /* TRANSLATORS: %s is the project's file name */
    ? g_strdup_printf (_("Another program put a different file in place of “%s” (a sync client or a version "
                         "control checkout does this). The project in this window is no longer saved to it. "
                         "Save it as a new file to keep it, or reload the file now on disk, which discards "
                         "the changes made in this window."), name)
    /* TRANSLATORS: %s is the project's file name */
    : g_strdup_printf (_("“%s” was removed or moved by another program. The project in this window is no "
                         "longer saved to it: save it as a new file to keep it."), name);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       replaced ? _("The Project File Was Replaced")
                                                                : _("The Project File Is Gone"),
                                                       body));
  adw_message_dialog_add_response (dialog, "cancel", closing ? _("_Cancel") : _("_Not Now"));
  if (closing)
    {
      adw_message_dialog_add_response (dialog, "discard", _("_Close Without Saving"));
      adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
    }
  if (replaced && !closing)
    {
      adw_message_dialog_add_response (dialog, "reload", _("_Reload"));
      adw_message_dialog_set_response_appearance (dialog, "reload", ADW_RESPONSE_DESTRUCTIVE);
    }
  adw_message_dialog_add_response (dialog, "save-as", _("_Save As…"));
  adw_message_dialog_set_response_appearance (dialog, "save-as", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save-as");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_choice), self);
  self->file_dialog = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_cp_window_close_lost_store (CpWindow *self)
{
  _cp_window_unwatch_file (self);
  g_clear_pointer (&self->store, cp_store_close);
}

void
_cp_window_offer_file_choices (CpWindow *self,
                               gboolean  closing)
{
  offer_choices (self, closing);
}
