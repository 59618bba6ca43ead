/* cp-translator.h: one language's messages, read from its compiled
 * catalogue, answering gettext's questions without gettext.
 *
 * gettext answers in the process's language, chosen through LANGUAGE and
 * LC_MESSAGES, which no thread may change while another translates. A
 * report is written in a language of its own, possibly on a worker thread
 * while the window keeps the user's: it asks a CpTranslator instead. A
 * translator never changes once made, so any number of threads may use
 * one at once.
 *
 * The catalogue is a GNU MO file (the gettext manual, "The Format of GNU
 * MO Files"), as msgfmt writes it from po/LANG.po. Its Plural-Forms
 * header is honoured whatever expression it holds.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _CpTranslator CpTranslator;

/* The messages as the sources write them (English): each msgid is its
 * own translation, and the plural is chosen by n != 1. */
CpTranslator *cp_translator_new_source    (void);
/* Reads the MO file at @mo_path. Fails with a G_FILE_ERROR when the file
 * cannot be read, or CP_REPORT_ERROR_NO_TRANSLATION when it is no MO
 * file, is not UTF-8 or has a Plural-Forms header it cannot evaluate. */
CpTranslator *cp_translator_new_from_file (const char   *mo_path,
                                           GError      **error);
void          cp_translator_free          (CpTranslator *translator);

/* The translation of @msgid, or @msgid itself when the catalogue has
 * none. The string lives as long as the translator. */
const char   *cp_translator_gettext       (const CpTranslator *translator,
                                           const char         *msgid) G_GNUC_FORMAT (2);
/* The plural form for @n; without a translation, @msgid for n == 1 and
 * @msgid_plural otherwise, as gettext does. */
const char   *cp_translator_ngettext      (const CpTranslator *translator,
                                           const char         *msgid,
                                           const char         *msgid_plural,
                                           gulong              n) G_GNUC_FORMAT (2) G_GNUC_FORMAT (3);
/* @msgid in @context (xgettext's msgctxt); @msgid when untranslated. */
const char   *cp_translator_pgettext      (const CpTranslator *translator,
                                           const char         *context,
                                           const char         *msgid) G_GNUC_FORMAT (3);
/* How many plural forms the language has: 1 for Chinese, 2 for English. */
guint         cp_translator_get_n_plurals (const CpTranslator *translator);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpTranslator, cp_translator_free)

G_END_DECLS
