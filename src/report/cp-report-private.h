/* cp-report-private.h: translation macros of the report library.
 *
 * Report code is written in the language of its report, which may differ
 * from the window's and be made on a worker thread meanwhile; gettext
 * and GLib answer in the process's one language. _(), C_() and the
 * plurals here ask the language this thread pushed with
 * cp_i18n_push_language(), and the UI's language outside a push. The
 * plurals keep gettext's names and arguments, so that xgettext finds
 * their messages as it always has and call sites read as usual.
 */
#pragma once

#include "config.h"

#include <glib.h>
#include <libintl.h>

#include "cp-i18n.h"

#undef _
#undef N_
#undef C_
#undef dngettext
#undef g_dngettext
/* char *, as gettext's and GLib's are, for the call sites written for them. */
#define _(String) ((char *) cp_i18n_gettext (String))
#define N_(String) (String)
#define C_(Context, String) ((char *) cp_i18n_pgettext (Context, String))
/* Every report message is in GETTEXT_PACKAGE, so the domain is not read. */
#define dngettext(Domain, Singular, Plural, N) ((char *) cp_i18n_ngettext (Singular, Plural, N))
#define g_dngettext(Domain, Singular, Plural, N) ((char *) cp_i18n_ngettext (Singular, Plural, N))

#include "cp-report.h"

/* Writes @layout's pages as a PDF file: what cp_report_pdf_write() does
 * once the layout is made. It translates nothing. */
gboolean cp_report_layout_write_pdf (CpReportLayout *layout,
                                     const char     *author,
                                     const char     *subject,
                                     const char     *path,
                                     GError        **error);
/* The PDF's subject line in @lang. */
char    *cp_report_pdf_subject      (const char     *lang);
