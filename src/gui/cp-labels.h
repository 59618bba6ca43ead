/* cp-labels.h: words the window shows for the model's enumerations.
 *
 * Where the report library already has words (cp_words_*), these return
 * them, so the window and the reports say the same thing.
 */
#pragma once

#include <glib.h>
#include <pango/pango.h>

G_BEGIN_DECLS

/* "en" or "zh_CN": the language gettext uses for the window, so that
 * reasons and chart labels come in the same language as the rest. */
const char *cp_labels_ui_language (void);
/* @name without its maker's word ("NVIDIA A800 80GB SXM" → "A800 80GB
 * SXM"), where a column has no room for both; @name itself otherwise. */

const char *cp_labels_task_kind   (int kind);
const char *cp_labels_precision   (int precision);
const char *cp_labels_optimizer   (int optimizer);
const char *cp_labels_recompute   (int recompute);
const char *cp_labels_offering    (int offering);
const char *cp_labels_network     (int network);
const char *cp_labels_sharing     (int sharing);
const char *cp_labels_storage     (int storage);
const char *cp_labels_price_unit  (int unit);

/* What an incomplete quote lacks, "no price, no NICs for its nodes"
 * (CpQuoteMissing flags). */
char       *cp_labels_quote_missing (int missing);

/* A catalogue GPU's or link's @name in the user's language: the words of
 * "NVLink (H800, export-restricted)" translated, a product's name as it
 * is. */
const char *cp_labels_catalog_name  (const char *name);

/* What keeps each Chinese date of @text ("2026年12月5日", "12月5日") on
 * one line where a label wraps it: Pango's allow-breaks off over it. The
 * window's calendar read "自 2026年12月5" over "日起" at 1024 px (walk35
 * Y4); word joiners (U+2060) in the text kept them whole too, but a date
 * copied or pasted with the middle button carried them (walk39). NULL
 * when @text holds no such date. */
PangoAttrList *cp_labels_dates_unbroken (const char *text);

/* cp_task_kind_label() for list subtitles. */
#define cp_task_kind_label(kind) cp_labels_task_kind ((int) (kind))

G_END_DECLS
