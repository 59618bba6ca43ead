/* cp-quote-regex.h: the quote importer's regular expressions, compiled
 * once per process.
 *
 * The importer tries every cell of a sheet against several patterns, and
 * compiling a pattern each time was a third of reading a sheet (the
 * profile of fuzz-csv without sanitizers, issue 24). A GRegex does not
 * change once made and may be used from several threads at once (the
 * import preview reads on a worker thread), so each pattern is compiled
 * on first use and kept. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The regex for @pattern and @flags, compiled into *@slot (a static gsize,
 * one per pattern) the first time; owned by the slot, never freed. */
static inline GRegex *
cp_quote_regex_once (gsize              *slot,
                     const char         *pattern,
                     GRegexCompileFlags  flags)
{
  if (g_once_init_enter (slot))
    g_once_init_leave (slot, (gsize) g_regex_new (pattern, flags, G_REGEX_MATCH_DEFAULT, NULL));
  return (GRegex *) *slot;
}

G_END_DECLS
