/* cp-text-limit.h: the longest text each field of a project holds, and the
 * one check every front door calls (forms, command line, CSV/workbook/XML
 * import, project files). Without a bound, one 100,000-character vendor
 * name made the PDF spend minutes measuring it and the window gigabytes.
 */
#pragma once

#include "cp-types.h"

G_BEGIN_DECLS

/* Names, ids and dates: a name is shown on one line of a table, a sidebar
 * row or a chart label. The longest registered company names in China and
 * the longest GPU product names run to about 60 characters; 200 leaves
 * room for a vendor, its offer and a remark while keeping every layout
 * that measures it to a few milliseconds. */
#define CP_TEXT_NAME_MAX_CHARS 200
/* Notes and sources: about one printed page of the report at 10 pt
 * (4,000 characters), more than any quote's remarks or a citation need. */
#define CP_TEXT_NOTE_MAX_CHARS 4000
/* The most a project file is read of any text: the longest limit and one
 * character more, so that a longer stored text is still known to be
 * over its limit (and reported) without the rest being held in memory. */
#define CP_TEXT_STORED_MAX_CHARS (CP_TEXT_NOTE_MAX_CHARS + 1)

/* FALSE, with an error naming @field (untranslated, N_()), when @text is
 * longer than @max_chars characters. NULL is empty. Reads at most
 * 4 × @max_chars + 1 bytes of @text. */
gboolean  cp_text_check_length (const char *text,
                                guint       max_chars,
                                const char *field,
                                GError    **error);
/* The length in bytes of @text's first @max_chars characters (all of it
 * when shorter): what a layout is given to measure. */
gsize     cp_text_cut_length   (const char *text,
                                guint       max_chars);
/* @text cut after @max_chars characters (whole UTF-8 characters), for
 * what a layout measures; a new string. NULL gives NULL. */
char     *cp_text_cut          (const char *text,
                                guint       max_chars);

/* A record's name for a message (@name, or @id when it is empty), cut
 * to 40 characters and "…": short enough for a toast or a line of
 * stderr even when the name itself is what is too long. */
char     *cp_text_label        (const char *name,
                                const char *id);

/* Every text of a record within its limit; the first one over it is
 * named in @error. The checks of jobs, quotes and the project
 * (cp_job_validate_text(), cp_quote_validate_text(),
 * cp_project_validate_text()) live in cp-text-limit.c too, declared
 * beside their types. cp_quote_validate_figures(), cp_job_validate() and
 * cp_model_spec_validate() call them, so every front door that checks a
 * record checks its text. */
gboolean  cp_model_spec_validate_text (const CpModelSpec *spec, GError **error);
gboolean  cp_gpu_spec_validate_text   (const CpGpuSpec *spec, GError **error);
gboolean  cp_link_spec_validate_text  (const CpLinkSpec *spec, GError **error);

G_END_DECLS
