/* cp-window-private.h: what the files of CpWindow share (cp-window.c,
 * -actions.c, -export.c, -sidebar.c). */
#pragma once

#include "store/cp-store.h"

#include "cp-window.h"

G_BEGIN_DECLS

/* The file at the store's path, as cp-window-file.c last saw it. */
typedef enum {
  CP_WINDOW_FILE_OK,        /* the file the store opened */
  CP_WINDOW_FILE_REPLACED,  /* another file renamed over it */
  CP_WINDOW_FILE_REMOVED,   /* nothing at the path */
} CpWindowFileState;

typedef enum {
  SELECTION_NONE,
  SELECTION_JOB,
  SELECTION_QUOTE,
} SelectionKind;

/* A state of the project that undo or redo goes back to, and the change
 * between it and the state beside it: the form row changed (its key,
 * NULL for a change elsewhere: a deletion, an import) and the job or
 * quote the form showed, which undo and redo show again. */
typedef struct {
  CpProject     *project;
  char          *key;
  SelectionKind  kind;
  guint          index;
} CpUndoStep;

struct _CpWindow
{
  AdwApplicationWindow  parent_instance;

  /* template */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  AdwFlap              *flap;
  GtkWidget            *header_bar;      /* hidden in present mode */
  GtkMenuButton        *add_button;
  GtkMenuButton        *primary_menu_button;
  GtkWidget            *sidebar_button;
  AdwButtonContent     *sidebar_button_content;
  GtkWidget            *sidebar;
  GtkPaned             *form_paned;      /* the form, then the results */
  GtkListBox           *jobs_list;
  GtkListBox           *quotes_list;
  GtkStack             *editor_stack;
  CpJobEditor          *job_editor;
  CpQuoteEditor        *quote_editor;
  CpResultsView        *results_view;
  GMenu                *recent_menu;
  GtkStack             *project_name_stack;
  GtkButton            *project_name_button;
  GtkLabel             *project_name_label;
  GtkEntry             *project_name_entry;

  CpProject            *project;
  CpStore              *store;
  gboolean              untitled;
  gboolean              modified;
  guint                 change_count;         /* accepted changes so far */
  guint                 saving_change_count;  /* change_count when the save running began */
  guint                 autosave_id;
  gboolean              busy;        /* a worker holds the store or writes a file */
  gboolean              save_again;  /* a save asked for while busy */
  gboolean              saving;      /* the work running is a save of the project */
  gboolean              save_failed; /* the last save did not write the file */
  gboolean              closing;     /* close once the work running is done */
  GCancellable         *cancellable; /* imports and exports; cancelled by a close and in dispose */
  GtkRevealer          *notice_revealer;  /* progress of work on a worker */
  GtkSpinner           *notice_spinner;
  GtkLabel             *notice_label;
  guint                 notice_serial;     /* the notice shown last, which a hide must name */
  guint                 notice_timeout_id; /* hides a notice that has a timeout */
  guint                 progress_id;       /* shows the progress notice once work is slow */
  char                 *progress_message;
  guint                 progress_notice;   /* serial of the running work's progress notice, or 0 */
  guint                 progress_hide_id;  /* hides progress_hiding once it has been read */
  guint                 progress_hiding;   /* serial of the notice of work that has ended */
  gint64                progress_shown_us; /* monotonic time the progress notice showed */
  guint                 fold_id;     /* folds or unfolds the sidebar after a layout */
  int                   fold_width;  /* the width allocated last, which fold_id folds for */
  gboolean              revealed_before_present; /* the sidebar was open when present mode began */
  GtkRevealer          *present_hint;   /* "Press Esc or F11…", a bar over the results */
  GtkLabel             *present_hint_label;
  guint                 present_hint_id; /* hides the hint once read */
  AdwToast             *lasting_toast;   /* weak: the toast shown until dismissed */
  gint64                lasting_toast_shown_us; /* when it was added, monotonic */
  guint                 dismiss_toast_id; /* its dismissal, once it has slid in */
  GSettings            *settings;

  GListStore           *jobs;     /* CpJobObject */
  GListStore           *quotes;   /* CpQuoteObject */
  SelectionKind         selection;
  guint                 selected_index;
  int                   current_job;  /* the job the results are for, or -1 */
  gboolean              selecting;

  GtkPrintSettings     *print_settings; /* the last print dialog's choices */
  char                 *print_export_path; /* tests: print to this PDF, no dialog */

  GPtrArray            *undo;     /* CpUndoStep*: the project before each change */
  GPtrArray            *redo;     /* CpUndoStep*: the project after each change undone */
  CpProject            *baseline; /* the project as it was before the next change */
  char                 *last_change_key;
  gint64                last_change_us;

  /* cp-window-file.c */
  GFileMonitor         *file_monitor;
  guint64               file_device;  /* of the file the store opened */
  guint64               file_inode;
  CpWindowFileState     file_state;
  AdwMessageDialog     *file_dialog;  /* the choices offered, while shown */
};

void       _cp_window_toast               (CpWindow      *self,
                                           const char    *message);
/* Shows @toast (taking it), after the one that stays until dismissed. */
void       _cp_window_dismiss_lasting_toast (CpWindow    *self);
void       _cp_window_add_toast           (CpWindow      *self,
                                           AdwToast      *toast);
/* @message, the folder of @path, and Open and Show in Folder for @path. */
void       _cp_window_toast_written       (CpWindow      *self,
                                           const char    *message,
                                           const char    *path);
/* Shows @message over the results until _cp_window_hide_notice() is
 * given the serial returned, or for @timeout_ms if not 0; a spinner
 * beside it while @working. A later notice replaces it. */
guint      _cp_window_show_notice         (CpWindow      *self,
                                           const char    *message,
                                           gboolean       working,
                                           guint          timeout_ms);
/* Hides the notice @serial if it is still the one shown. */
void       _cp_window_hide_notice         (CpWindow      *self,
                                           guint          serial);
void       _cp_window_update_title        (CpWindow      *self);
/* Whether changes reach the file by themselves: autosave is on, the file
 * is writable and where it was, and the last save succeeded. */
gboolean   _cp_window_autosave_keeps_up   (CpWindow      *self);
char      *_cp_window_dup_project_name    (CpWindow      *self);
void       _cp_window_fill_recent_menu    (CpWindow      *self);
/* Called after every accepted change of the project: undo snapshot,
 * results, autosave. */
void       _cp_window_project_changed     (CpWindow      *self,
                                           const char    *key);
/* Shows the entry for the project's name (win.rename-project). */
void       _cp_window_start_project_rename (CpWindow     *self);
void       _cp_window_select_item         (CpWindow      *self,
                                           SelectionKind  kind,
                                           guint          index);
/* A step of @project (owned) for the undo or redo list. */
CpUndoStep *_cp_window_undo_step_new      (CpProject     *project,
                                           const char    *key,
                                           SelectionKind  kind,
                                           guint          index);
void       _cp_window_undo_step_free      (CpUndoStep    *step);
/* Restores @step's project (taken from it) as the project, for undo and
 * redo, and shows the row it changed. */
void       _cp_window_restore             (CpWindow      *self,
                                           CpUndoStep    *step);

/* Marks work on a worker thread; @progress_message is shown if it lasts
 * over 300 ms. */
void       _cp_window_set_busy            (CpWindow      *self,
                                           gboolean       busy,
                                           const char    *progress_message);
/* Ends the busy time of an import or export started with @cancellable
 * (the window's at the time), from its callback. FALSE when the callback
 * must touch nothing more: the window is disposed, or a close cancelled
 * the work and now goes on. */
gboolean   _cp_window_end_work            (CpWindow      *self,
                                           GCancellable  *cancellable);
/* Saves about a second from now, unless autosave is off. */
void       _cp_window_schedule_autosave   (CpWindow      *self);
/* Saves off the main thread; one save at a time. */
void       _cp_window_save_async          (CpWindow      *self,
                                           gboolean       announce);

/* cp-window-actions.c */
void       _cp_window_actions_init        (CpWindow      *self);
void       _cp_window_actions_update      (CpWindow      *self);
void       _cp_window_add_filter          (GtkFileChooser *chooser,
                                           const char    *name,
                                           const char    *pattern,
                                           const char    *mime_type);
char      *_cp_window_chooser_path        (GtkNativeDialog *native);
/* Makes the name in @native's save dialog, once shown, end as the type
 * chosen in its list ("….png" → "….svg"): its filters name their
 * ending in their "format" data (_cp_window_add_filter() sets it).
 * GtkFileChooserNative passes no change of type on; the dialog GTK shows
 * where no portal is used does. A portal's dialog is the portal's. */
void       _cp_window_chooser_follow_type (GtkFileChooserNative *native);
typedef void (*CpWindowPathFunc) (CpWindow *self, const char *path);
/* A modal native chooser that calls @chosen with the path the user
 * accepts; add filters, then gtk_native_dialog_show() it. */
GtkFileChooser *_cp_window_file_chooser_new (CpWindow            *self,
                                             const char          *title,
                                             GtkFileChooserAction action,
                                             const char          *accept_label,
                                             CpWindowPathFunc     chosen);
void       _cp_window_set_chooser_folder  (CpWindow      *self,
                                           GtkFileChooser *chooser);
char      *_cp_window_with_extension      (const char    *path,
                                           const char    *extension);

/* Save As, Import Quotes, Export Quotes and Export Report once their
 * file is chosen (the tests call them in place of the file chooser). */
void       _cp_window_save_as             (CpWindow      *self,
                                           const char    *path);
void       _cp_window_import_quotes       (CpWindow      *self,
                                           const char    *path);
/* Writes the quotes to @path (".csv" added when missing) off the main
 * thread. */
void       _cp_window_export_quotes       (CpWindow      *self,
                                           const char    *path);

/* cp-window-trial.c */
void       _cp_window_trial_actions_init   (CpWindow      *self);
void       _cp_window_trial_actions_update (CpWindow      *self);
/* Reads @path off the main thread and shows its figures for the selected
 * job (the tests call it in place of the file chooser). */
void       _cp_window_read_trial_log      (CpWindow      *self,
                                           const char    *path);

/* cp-window-export.c */
void       _cp_window_export_report       (CpWindow      *self);
/* Writes @base.pdf and/or @base.xml in @lang off the main thread. */
void       _cp_window_export_report_files (CpWindow      *self,
                                           const char    *base,
                                           gboolean       pdf,
                                           gboolean       xml,
                                           const char    *lang);
void       _cp_window_print               (CpWindow      *self);

/* cp-window-file.c */
/* Watches the store's path (again, after a load or Save As). */
void       _cp_window_watch_file          (CpWindow      *self);
void       _cp_window_unwatch_file        (CpWindow      *self);
/* TRUE once the store's file was replaced or removed: nothing is saved
 * into it any more. */
gboolean   _cp_window_file_lost           (CpWindow      *self);
/* Save As, Reload (a replaced file), or, from a close (@closing), Close
 * Without Saving. */
void       _cp_window_offer_file_choices  (CpWindow      *self,
                                           gboolean       closing);
/* Closes the store whose file was replaced or removed, before a file is
 * opened or written at its path: its SQLite connection keeps the
 * path-named write-ahead log open, which the new file would take for its
 * own. */
void       _cp_window_close_lost_store    (CpWindow      *self);

/* cp-window-sidebar.c */
/* Connects the project name's entry (from cp_window_init). */
void       _cp_window_sidebar_init        (CpWindow      *self);
/* Shows the sidebar button while the sidebar is folded, except in
 * present mode, which has no sidebar to show. */
void       _cp_window_sync_sidebar_button (CpWindow      *self);
void       _cp_window_close_folded_sidebar (CpWindow     *self);
void       _cp_window_rebuild_lists       (CpWindow      *self);
/* Folds the sidebar behind the header bar's button below a window width of
 * CP_WINDOW_FOLD_BELOW_PX (from the window's size_allocate). */
void       _cp_window_sidebar_fold_to_width (CpWindow    *self,
                                           int            width);
GtkWidget *_cp_window_create_sidebar_row  (gpointer       item,
                                           gpointer       user_data);
void       _cp_window_start_rename        (CpWindow      *self);
void       _cp_window_on_row_pressed      (GtkGestureClick *gesture,
                                           int            n_press,
                                           double         x,
                                           double         y,
                                           CpWindow      *self);

G_END_DECLS
