/* cp-window.h: the planner window, one project per window. */
#pragma once

#include <adwaita.h>

#include "planner/cp-project.h"

#include "cp-application.h"
#include "cp-job-editor.h"
#include "cp-quote-editor.h"
#include "cp-results-view.h"

G_BEGIN_DECLS

#define CP_TYPE_WINDOW (cp_window_get_type ())

G_DECLARE_FINAL_TYPE (CpWindow, cp_window, CP, WINDOW, AdwApplicationWindow)

CpWindow        *cp_window_new              (CpApplication *application);

/* Opens the project file at @path; the window is unchanged on error. */
gboolean         cp_window_load_file        (CpWindow      *self,
                                             const char    *path,
                                             GError       **error);
/* Starts a new untitled project (@project, owned, may be NULL for an
 * empty one), kept in the user's data directory until saved elsewhere. */
gboolean         cp_window_load_new         (CpWindow      *self,
                                             CpProject     *project,
                                             GError       **error);
/* Whether the window shows an untouched empty project, which opening a
 * file may replace. */
gboolean         cp_window_is_pristine      (CpWindow      *self);

CpProject       *cp_window_get_project      (CpWindow      *self);
const char      *cp_window_get_path         (CpWindow      *self);
gboolean         cp_window_get_modified     (CpWindow      *self);
/* Whether a save, export or import runs off the main thread. */
gboolean         cp_window_get_busy         (CpWindow      *self);
/* To be called after the project was changed outside the forms (the
 * preferences); recomputes and autosaves. */
void             cp_window_project_changed  (CpWindow      *self,
                                             const char    *key);

void             cp_window_select_job       (CpWindow      *self,
                                             guint          index);
void             cp_window_select_quote     (CpWindow      *self,
                                             guint          index);
void             cp_window_show_error       (CpWindow      *self,
                                             const char    *heading,
                                             const GError  *error);
/* A short note at the foot of the window, gone after a few seconds. */
void             cp_window_show_toast       (CpWindow      *self,
                                             const char    *message);

/* For tests: makes win.print write the PDF file it would send a printer,
 * on A4, to @pdf_path instead of showing the print dialog (the window is
 * busy until it is written); NULL shows the dialog again. */
void             cp_window_set_print_export_path (CpWindow   *self,
                                                  const char *pdf_path);

CpJobEditor     *cp_window_get_job_editor   (CpWindow      *self);
CpQuoteEditor   *cp_window_get_quote_editor (CpWindow      *self);
CpResultsView   *cp_window_get_results_view (CpWindow      *self);
GtkListBox      *cp_window_get_jobs_list    (CpWindow      *self);
GtkListBox      *cp_window_get_quotes_list  (CpWindow      *self);

G_END_DECLS
