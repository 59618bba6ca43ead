/* cp-i18n.c: the report's language, numbers, dates and money. */
/* setenv() is POSIX, outside strict C17. */
#define _POSIX_C_SOURCE 200809L

#include "cp-report-private.h"
#include "cp-i18n.h"
#include "cp-report.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* glibc caches translations; bumping this counter is the documented way
 * (gettext manual, "Being a gettext grok") to make it notice a change of
 * LANGUAGE. */
extern int _nl_msg_cat_cntr;

typedef struct {
  char *language;      /* LANGUAGE before the push, NULL when unset */
  char *lc_messages;   /* LC_MESSAGES before the push, NULL when unchanged */
} SavedLanguage;

static GArray *language_stack;

void
cp_i18n_push_language (const char *lang)
{
  SavedLanguage saved = { NULL, NULL };
  const char *current;

  if (language_stack == NULL)
    language_stack = g_array_new (FALSE, FALSE, sizeof (SavedLanguage));

  saved.language = g_strdup (g_getenv ("LANGUAGE"));

  /* glibc ignores LANGUAGE while LC_MESSAGES is the C locale, which is
   * what a program that never called setlocale() runs in. */
  current = setlocale (LC_MESSAGES, NULL);
  if (current == NULL || strcmp (current, "C") == 0 || strcmp (current, "POSIX") == 0)
    {
      saved.lc_messages = g_strdup (current != NULL ? current : "C");
      setlocale (LC_MESSAGES, "C.UTF-8");
    }

  g_array_append_val (language_stack, saved);

  /* Translations are UTF-8 whatever the C library's character set. */
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  /* The C library's setenv(): GLib's wrapper logs a debug message about
   * thread safety on every switch once pango has started its threads. */
  setenv ("LANGUAGE", cp_i18n_is_chinese (lang) ? "zh_CN" : "en", 1);
  ++_nl_msg_cat_cntr;
}

void
cp_i18n_pop_language (void)
{
  SavedLanguage *saved;

  g_return_if_fail (language_stack != NULL && language_stack->len > 0);

  saved = &g_array_index (language_stack, SavedLanguage, language_stack->len - 1);
  if (saved->language != NULL)
    setenv ("LANGUAGE", saved->language, 1);
  else
    unsetenv ("LANGUAGE");
  if (saved->lc_messages != NULL)
    setlocale (LC_MESSAGES, saved->lc_messages);
  g_free (saved->language);
  g_free (saved->lc_messages);
  g_array_set_size (language_stack, language_stack->len - 1);
  ++_nl_msg_cat_cntr;
}

gboolean
cp_i18n_is_chinese (const char *lang)
{
  return lang != NULL && g_ascii_strncasecmp (lang, "zh", 2) == 0;
}

const char *
cp_i18n_pango_language (const char *lang)
{
  return cp_i18n_is_chinese (lang) ? "zh-cn" : "en";
}

const char *
cp_i18n_currency_name (const char *currency,
                       const char *lang)
{
  const char *code = currency != NULL && *currency != '\0' ? currency : "CNY";

  if (cp_i18n_is_chinese (lang) && g_ascii_strcasecmp (code, "CNY") == 0)
    return "元";
  return code;
}

const char *
cp_i18n_font_family (const char *lang)
{
  /* Both CJK families carry Latin glyphs too, so digits and product names
   * inside Chinese text stay in one face. WenQuanYi Micro Hei comes first:
   * its TrueType outlines subset to the glyphs used, while cairo copies
   * Noto Sans CJK's CFF table whole (a 1.9 MB demo report instead of
   * 0.2 MB, and the table read into memory for each face). */
  if (cp_i18n_is_chinese (lang))
    return "WenQuanYi Micro Hei, Noto Sans CJK SC, Sans";
  return "DejaVu Sans, Noto Sans, Sans";
}

char *
cp_i18n_format_number (double      value,
                       int         decimals,
                       const char *lang)
{
  char format[16];
  char digits[G_ASCII_DTOSTR_BUF_SIZE + 64];
  const char *point;
  const char *start;
  gsize int_len;
  GString *out;

  if (!isfinite (value))
    return g_strdup ("—");

  decimals = CLAMP (decimals, 0, 6);
  /* Rounding first keeps "-0" out of the output. */
  if (fabs (value) < 0.5 * pow (10, -decimals))
    value = 0;
  if (fabs (value) >= 1e18)
    {
      g_snprintf (format, sizeof format, "%%.%de", 2);
      return g_strdup (g_ascii_formatd (digits, sizeof digits, format, value));
    }

  g_snprintf (format, sizeof format, "%%.%df", decimals);
  g_ascii_formatd (digits, sizeof digits, format, value);

  out = g_string_new (NULL);
  start = digits;
  if (*start == '-')
    {
      g_string_append_c (out, '-');
      start++;
    }
  point = strchr (start, '.');
  int_len = point != NULL ? (gsize) (point - start) : strlen (start);
  for (gsize i = 0; i < int_len; i++)
    {
      if (i > 0 && (int_len - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, start[i]);
    }
  if (point != NULL)
    g_string_append (out, point);

  return g_string_free (out, FALSE);
}

char *
cp_i18n_format_value (double      value,
                      const char *lang)
{
  double magnitude = fabs (value);
  int decimals;

  if (!isfinite (value))
    return g_strdup ("—");
  if (magnitude >= 100 || magnitude == 0 || (magnitude < 1e15 && value == round (value)))
    decimals = 0;
  else if (magnitude >= 10)
    decimals = 1;
  else if (magnitude >= 1)
    decimals = 2;
  else
    decimals = 3;

  return cp_i18n_format_number (value, decimals, lang);
}

char *
cp_i18n_format_money (double      amount,
                      const char *currency,
                      const char *lang)
{
  g_autofree char *number = NULL;
  const char *code = currency != NULL && *currency != '\0' ? currency : "CNY";

  /* Whole units are enough for sums a team lead compares; small unit
   * prices keep their cents, and nothing is nothing ("¥0", not "¥0.00"). */
  number = cp_i18n_format_number (amount, fabs (amount) >= 100 || amount == 0 ? 0 : 2, lang);

  if (cp_i18n_is_chinese (lang) && g_ascii_strcasecmp (code, "CNY") == 0)
    {
      if (*number == '-')
        return g_strdup_printf ("-¥%s", number + 1);
      return g_strdup_printf ("¥%s", number);
    }

  return g_strdup_printf ("%s %s", number, code);
}

char *
cp_i18n_format_date (GDateTime  *date,
                     const char *lang)
{
  /* Month names are part of the date format of the language, not of the
   * translated messages: English dates stay English under any locale. */
  static const char * const months[] = {
    "January", "February", "March", "April", "May", "June", "July",
    "August", "September", "October", "November", "December",
  };
  int year, month, day;

  g_date_time_get_ymd (date, &year, &month, &day);
  if (cp_i18n_is_chinese (lang))
    return g_strdup_printf ("%d年%d月%d日", year, month, day);
  return g_strdup_printf ("%d %s %d", day, months[month - 1], year);
}

char *
cp_i18n_format_iso_date (const char *iso_date,
                         const char *lang)
{
  int year, month, day;
  char tail;
  g_autoptr(GDateTime) date = NULL;

  if (iso_date == NULL || *iso_date == '\0')
    return g_strdup ("—");
  if (sscanf (iso_date, "%4d-%2d-%2d%c", &year, &month, &day, &tail) != 3 ||
      !g_date_valid_dmy (day, month, year))
    return g_strdup (iso_date);

  date = g_date_time_new_utc (year, month, day, 0, 0, 0);
  return cp_i18n_format_date (date, lang);
}

char *
cp_i18n_format_days (double      days,
                     const char *lang)
{
  g_autofree char *number = cp_i18n_format_number (days, 1, lang);

  /* TRANSLATORS: a duration in days; %s is a number such as "12.5" */
  return g_strdup_printf (_("%s days"), number);
}

char *
cp_i18n_format_percent (double      fraction,
                        const char *lang)
{
  g_autofree char *number = NULL;

  number = cp_i18n_format_number (fraction * 100, fabs (fraction) < 0.1 ? 1 : 0, lang);
  return g_strdup_printf ("%s%%", number);
}

static gboolean
running_from_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  return exe != NULL && g_str_has_prefix (exe, BUILD_ROOT G_DIR_SEPARATOR_S);
}

void
cp_i18n_bind_textdomain (void)
{
  const char *localedir = g_getenv ("CP_LOCALEDIR");

  if (localedir == NULL || *localedir == '\0')
    localedir = running_from_build_tree () ? BUILD_LOCALEDIR : LOCALEDIR;
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

gboolean
cp_i18n_check_language (const char *lang,
                        GError    **error)
{
  const char *header_msgid = "";
  gboolean found;

  /* English is the messages' own language: it needs no catalogue. */
  if (!cp_i18n_is_chinese (lang))
    return TRUE;

  /* The empty msgid translates to the catalogue's header, or to itself
   * when no catalogue was found (a variable, so that xgettext does not
   * take it for a message). */
  cp_i18n_push_language (lang);
  found = *dgettext (GETTEXT_PACKAGE, header_msgid) != '\0';
  cp_i18n_pop_language ();

  if (!found)
    g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION,
                 _("No Chinese (zh_CN) translation of Compute Planner was found in %s; "
                   "the report would come out in English. Reinstall the application "
                   "or set CP_LOCALEDIR to the folder holding zh_CN/LC_MESSAGES/%s.mo"),
                 bindtextdomain (GETTEXT_PACKAGE, NULL), GETTEXT_PACKAGE);
  return found;
}
