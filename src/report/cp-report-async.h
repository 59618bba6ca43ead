/* cp-report-async.h: exporting the report without blocking the window.
 *
 * Translation switches the process's language (cp_i18n_push_language()),
 * so whatever needs words — the laid-out pages, the XML document — is
 * made on the calling thread; a worker then renders the pages into the
 * PDF file and writes both files. Progress, if the caller shows any,
 * belongs to the caller's main loop.
 */
#pragma once

#include <gio/gio.h>

#include "cp-report.h"

G_BEGIN_DECLS

/* Writes the PDF to @pdf_path and the XML to @xml_path (either may be
 * NULL, not both) in @lang. */
void      cp_report_export_async  (const CpProject      *project,
                                   const char           *lang,
                                   const char           *pdf_path,
                                   const char           *xml_path,
                                   GCancellable         *cancellable,
                                   GAsyncReadyCallback   callback,
                                   gpointer              user_data);
gboolean  cp_report_export_finish (GAsyncResult         *result,
                                   GError              **error);

G_END_DECLS
