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
/* Plurals: dngettext (GETTEXT_PACKAGE, …), for the same reason. */
