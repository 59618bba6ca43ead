/* cp-report-private.h: translation macros of the report library.
 *
 * The library translates with dgettext() in its own domain rather than
 * with g_dgettext(): GLib's variant decides once per process whether to
 * translate at all, from the locale in force at its first call, which
 * would freeze the language of every later report.
 */
#pragma once

#include "config.h"

#include <libintl.h>

#undef _
#undef N_
#undef C_
#define _(String) dgettext (GETTEXT_PACKAGE, String)
#define N_(String) (String)

#include "cp-report.h"

/* Writes @layout's pages as a PDF file: what cp_report_pdf_write() does
 * once the layout is made. It translates nothing, so it may run on a
 * worker thread (see cp-report-async.h). */
gboolean cp_report_layout_write_pdf (CpReportLayout *layout,
                                     const char     *author,
                                     const char     *subject,
                                     const char     *path,
                                     GError        **error);
/* The PDF's subject line in @lang. */
char    *cp_report_pdf_subject      (const char     *lang);
/* Plurals: dngettext (GETTEXT_PACKAGE, …), for the same reason. */
