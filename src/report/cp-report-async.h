/* cp-report-async.h: exporting the report without blocking the window.
 *
 * The project is copied on the calling thread, with the plans the
 * caller's analysis of it has made so far (a window has the jobs it shows
 * planned already); a worker then plans what is missing, lays the pages
 * out in the report's language (a language pushed on that thread only,
 * see cp-i18n.h) and writes the files. The caller's project and analysis
 * may change meanwhile. Progress, if the caller shows any, belongs to the
 * caller's main loop.
 *
 * @analysis, in each function below: the caller's analysis of @project
 * (cp-project-analysis.h), of it as it is or as it was before a change
 * not yet read (what the change touched is planned again), or NULL: the
 * worker plans every job.
 */
#pragma once

#include <gio/gio.h>

#include "cp-chart.h"
#include "cp-report.h"

G_BEGIN_DECLS

/* Writes the PDF to @pdf_path and the XML to @xml_path (either may be
 * NULL, not both) in @lang. Cancelling @cancellable leaves the files not
 * yet written as they were and ends with G_IO_ERROR_CANCELLED. */
void      cp_report_export_async  (const CpProject      *project,
                                   CpProjectAnalysis    *analysis,
                                   const char           *lang,
                                   const char           *pdf_path,
                                   const char           *xml_path,
                                   GCancellable         *cancellable,
                                   GAsyncReadyCallback   callback,
                                   gpointer              user_data);
gboolean  cp_report_export_finish (GAsyncResult         *result,
                                   GError              **error);

/* The report's pages laid out in @lang for paper of @page_width_pt ×
 * @page_height_pt (cp_report_layout_new()), on a worker thread from a
 * copy of @project: printing draws them on the main thread. */
void            cp_report_layout_async  (const CpProject      *project,
                                         CpProjectAnalysis    *analysis,
                                         const char           *lang,
                                         double                page_width_pt,
                                         double                page_height_pt,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
/* The layout, to be freed with cp_report_layout_free(); NULL with @error. */
CpReportLayout *cp_report_layout_finish (GAsyncResult         *result,
                                         GError              **error);

/* The report as a printer takes it: laid out in @lang for paper of
 * @paper_width_pt × @paper_height_pt (at least the report's smallest page,
 * scaled down onto smaller paper, as printing draws it) and written as a
 * PDF of that paper to @path, all on a worker thread from a copy of
 * @project. The window hands the file to the print system, so no page is
 * drawn on its main thread. */
void      cp_report_print_file_async  (const CpProject      *project,
                                       CpProjectAnalysis    *analysis,
                                       const char           *lang,
                                       double                paper_width_pt,
                                       double                paper_height_pt,
                                       const char           *path,
                                       GCancellable         *cancellable,
                                       GAsyncReadyCallback   callback,
                                       gpointer              user_data);
gboolean  cp_report_print_file_finish (GAsyncResult         *result,
                                       GError              **error);

G_END_DECLS
