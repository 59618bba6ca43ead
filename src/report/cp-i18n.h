/* cp-i18n.h: the report's language, independent of the UI's.
 *
 * Reports are written in the language the user picks for them ("en" or
 * "zh_CN"), whatever the window's locale. Messages come from the
 * compute-planner catalogues (po/LANG.po compiled by msgfmt); numbers,
 * dates and money are formatted for the report's language here rather
 * than by the C locale.
 *
 * A language is pushed for the calling thread only: the report code's
 * translation macros (cp-report-private.h) then ask that language's
 * CpTranslator, while other threads, the window's among them, keep
 * theirs. Nothing here touches the process's environment or locale, so a
 * report may be made on a worker thread.
 */
#pragma once

#include <glib.h>

#include "cp-translator.h"
#include "planner/cp-project.h"

G_BEGIN_DECLS

/* Makes the report code's messages on this thread answer in @lang ("en",
 * "zh_CN") until the matching pop. Pairs nest. */
void     cp_i18n_push_language (const char *lang);
void     cp_i18n_pop_language  (void);

/* The translator of @lang, read from its catalogue on first use and kept
 * for the process's life; NULL, with a message naming the file, when the
 * catalogue cannot be read. English needs none. Any thread may call it. */
const CpTranslator *cp_i18n_get_translator (const char *lang, GError **error);

/* @msgid in the language this thread pushed last; outside any push, in
 * the process's language through gettext (the UI's). */
const char *cp_i18n_gettext  (const char *msgid) G_GNUC_FORMAT (1);
const char *cp_i18n_ngettext (const char *msgid, const char *msgid_plural, gulong n)
                              G_GNUC_FORMAT (1) G_GNUC_FORMAT (2);
const char *cp_i18n_pgettext (const char *context, const char *msgid) G_GNUC_FORMAT (2);

/* TRUE for "zh_CN" and its spellings ("zh-CN", "zh_CN.UTF-8", "zh"). */
gboolean cp_i18n_is_chinese    (const char *lang);
/* @text as Chinese typesetting spaces it when @lang is Chinese, one rule
 * for every sentence joined from parts: no space after or before
 * full-width punctuation ("。 次优" → "。次优") nor between two Chinese
 * characters ("上述 5 个任务 同时" → "上述 5 个任务同时"), one space
 * between a Chinese character and Latin letters, digits or a bracketed
 * Latin name ("向深圳云算 A确认" → "向深圳云算 A 确认"), except digits
 * in a date (1月24日), and never two spaces. Other languages: a copy. */
char       *cp_i18n_space_chinese (const char *text,
                                   const char *lang);
/* As cp_i18n_space_chinese(), but each of @kept (NULL-terminated, the
 * text the user typed: cp_i18n_typed_names()) is copied as typed wherever
 * it stands in @text, only its edges spaced by the rule: "4台8卡H800" was
 * respelled "4 台 8 卡 H800" in prose while the tables quoted it as typed
 * (walkthroughs 33 and 34, W8). @kept may be NULL. */
char       *cp_i18n_space_chinese_keeping (const char         *text,
                                           const char         *lang,
                                           const char * const *kept);
/* @text, a sentence with names typed in @project set into it, spaced by
 * cp_i18n_space_chinese_keeping() with cp_i18n_typed_names(): the one
 * way a name enters a Chinese sentence, as "按Local lab的小时价" beside
 * "按 Local lab 的小时价" in the same window showed two (walk36b Z13).
 * NULL for a NULL @text. */
char       *cp_i18n_space_names (const CpProject *project,
                                 const char      *text,
                                 const char      *lang);
/* The names typed in @project that a report quotes (vendors, quotes'
 * offers and notes, jobs, the project, the people who sign), of two characters or
 * more, the longest first, for cp_i18n_space_chinese_keeping(). */
GStrv       cp_i18n_typed_names (const CpProject *project);
/* Lends @names, cp_i18n_typed_names() of @project, to this thread's
 * cp_i18n_space_names() of @project until taken back: a report gathers
 * them once, where every sentence naming a vendor gathered them again.
 * Neither may change meanwhile. */
void        cp_i18n_lend_typed_names      (const CpProject    *project,
                                           const char * const *names);
void        cp_i18n_take_back_typed_names (const char * const *names);
/* In Chinese, @text with the space between a figure and the measure word
 * or unit after it made a no-break space ("1 层", "8 块", "0.6 天"): a
 * table cell broke "80 层中 1 / 层完全重计算" (approver 33, A17). Call it
 * after cp_i18n_space_chinese(), which spaces ordinary spaces only. Other
 * languages: a copy. */
char       *cp_i18n_join_measure_words (const char *text,
                                        const char *lang);
/* The pango/BCP 47 tag for @lang: "zh-cn" or "en". */
const char *cp_i18n_pango_language (const char *lang);

/* Font families for text in @lang: a Simplified Chinese CJK font first
 * for Chinese, a Latin sans-serif for English. */
const char *cp_i18n_font_family (const char *lang);

/* 1234.5 → "1,234.5" with @decimals digits after the point; grouping by
 * thousands in both languages (the usual style of Chinese business
 * documents). Non-finite values give "—". */
char    *cp_i18n_format_number (double value, int decimals, const char *lang);
/* A count of things, as the language writes large counts: "4,096",
 * "2B", "100B" in English; "4,096", "20 亿", "1,000 亿" in Chinese (万 and
 * 亿 as Chinese business text writes them). Up to 4 significant digits
 * past the grouped range. */
char    *cp_i18n_format_count  (double value, const char *lang);
/* A value with a sensible number of digits: 3 significant up to 1,000,
 * none beyond. */
char    *cp_i18n_format_value  (double value, const char *lang);
/* @value to two significant digits, all of its whole part from 10 up:
 * "0.0028", "0.00036", "0.00010", "0.28", "2.8", "28", "281". One rule for a
 * column of small counts, where cp_i18n_format_value()'s steps put
 * "0.003" beside "0.00036" (approver 33, A22). */
char    *cp_i18n_format_two_significant (double value, const char *lang);
/* "¥12,345" (zh_CN, CNY) or "12,345 CNY" (en). */
char    *cp_i18n_format_money  (double amount, const char *currency, const char *lang);
/* The amount cp_i18n_format_money() prints: whole units from 100 up,
 * cents below. The XML report writes its money so, as the PDF shows it. */
double   cp_i18n_money_shown   (double amount);
/* The same in whole units whatever the amount: a part of a whole said in
 * whole units ("−42 CNY" beside "1,109 CNY", not "−42.00 CNY"). */
char    *cp_i18n_format_money_whole (double amount, const char *currency, const char *lang);
/* @amounts (@n of them) rounded to whole units in @shown so that the
 * shown lines add up to @target, the whole the report states: each is
 * rounded down, then the units left go to the largest remainders (ties
 * to the first). A total is then the sum of the lines as printed. */
/* A band of whole amounts with the currency said once: "8,164–13,208
 * CNY", "¥8,164–13,208"; one amount when both ends print alike. */
char    *cp_i18n_format_money_whole_range (double low, double high, const char *currency, const char *lang);
/* A band of days: "6.5–10.5 days", "6.5–10.5 天". */
char    *cp_i18n_format_days_range (double low, double high, const char *lang);
void     cp_i18n_apportion     (const double *amounts, guint n, double target, double *shown);
/* How a currency is named after a number or in a unit: "元" for CNY in
 * Chinese, else the ISO code. */
const char *cp_i18n_currency_name (const char *currency, const char *lang);
/* "30 November 2026" or "2026年11月30日". */
char    *cp_i18n_format_date   (GDateTime *date, const char *lang);
/* From @first to @last (not before it), the month and year said once
 * where both days share them: "4–11 December 2026", "28 November – 3
 * December 2026", "2026年12月4日至11日"; one day is cp_i18n_format_date()'s. */
char    *cp_i18n_format_date_span (const GDate *first, const GDate *last, const char *lang);
/* An ISO date "2026-11-30" formatted as above; the input itself when it
 * is not a date. */
char    *cp_i18n_format_iso_date (const char *iso_date, const char *lang);
/* Whether @iso_date is a real day written YYYY-MM-DD; sets @date (may be
 * NULL) to it. */
gboolean cp_i18n_parse_iso_date  (const char *iso_date, GDate *date);
/* Days with one decimal: "12.5 days" / "12.5 天". */
char    *cp_i18n_format_days   (double days, const char *lang);
/* A fraction as a percentage: 0.35 → "35%". */
char    *cp_i18n_format_percent (double fraction, const char *lang);

/* Binds the compute-planner text domain to the translations of this
 * executable: $CP_LOCALEDIR when set, the build tree's po/ when the
 * executable runs from the build tree, else the installed LOCALEDIR.
 * Call once at startup, before any message is translated. */
void     cp_i18n_bind_textdomain (void);
/* FALSE, with a message naming the catalogue, when @lang has none that
 * can be read: a report must never come out in another language
 * silently. */
gboolean cp_i18n_check_language  (const char *lang, GError **error);

G_END_DECLS
