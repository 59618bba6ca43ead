/* cp-i18n.c: the report's language, numbers, dates and money. */
#include "cp-report-private.h"
#include "cp-i18n.h"
#include "planner/cp-schedule.h"
#include "cp-report.h"
#include "cp-translator.h"
#include "planner/cp-units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Each thread's languages, innermost last: a GPtrArray of the borrowed,
 * process-lifetime translators of cp_i18n_get_translator(). */
static GPrivate language_stack = G_PRIVATE_INIT ((GDestroyNotify) g_ptr_array_unref);

/* Each thread's lent names (cp_i18n_lend_typed_names()), latest last: a
 * GArray of LentNames. */
typedef struct {
  const CpProject    *project;
  const char * const *names;
} LentNames;
static GPrivate lent_names = G_PRIVATE_INIT ((GDestroyNotify) g_array_unref);

/* The catalogues read so far, kept until the process ends as gettext
 * keeps its own: the strings they hand out must outlive any caller. */
static GMutex translators_lock;
static CpTranslator *source_translator;
static CpTranslator *chinese_translator;

static gboolean
running_from_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  return exe != NULL && g_str_has_prefix (exe, BUILD_ROOT G_DIR_SEPARATOR_S);
}

/* $CP_LOCALEDIR when set, the build tree's po/ when the executable runs
 * from the build tree, else the installed LOCALEDIR. */
static const char *
locale_dir (void)
{
  const char *localedir = g_getenv ("CP_LOCALEDIR");

  if (localedir != NULL && *localedir != '\0')
    return localedir;
  return running_from_build_tree () ? BUILD_LOCALEDIR : LOCALEDIR;
}

const CpTranslator *
cp_i18n_get_translator (const char  *lang,
                        GError     **error)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&translators_lock);
  g_autofree char *mo_path = NULL;
  g_autoptr(GError) local_error = NULL;

  /* English is the messages' own language: it needs no catalogue. */
  if (!cp_i18n_is_chinese (lang))
    {
      if (source_translator == NULL)
        source_translator = cp_translator_new_source ();
      return source_translator;
    }
  /* A failure is not kept: a catalogue installed meanwhile is found. */
  if (chinese_translator != NULL)
    return chinese_translator;

  mo_path = g_build_filename (locale_dir (), "zh_CN", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  chinese_translator = cp_translator_new_from_file (mo_path, &local_error);
  if (chinese_translator == NULL)
    g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION,
                 _("No Chinese (zh_CN) translation of Compute Planner could be read from %s (%s); "
                   "the report would come out in English. Reinstall the application "
                   "or set CP_LOCALEDIR to the folder holding zh_CN/LC_MESSAGES/%s.mo"),
                 mo_path, local_error->message, GETTEXT_PACKAGE);
  return chinese_translator;
}

void
cp_i18n_push_language (const char *lang)
{
  GPtrArray *stack = g_private_get (&language_stack);
  const CpTranslator *translator = cp_i18n_get_translator (lang, NULL);

  if (stack == NULL)
    {
      stack = g_ptr_array_new ();
      g_private_set (&language_stack, stack);
    }
  /* Without its catalogue a language reads as the sources do, as it did
   * through gettext; whoever must not fall back asks
   * cp_i18n_check_language() first. */
  if (translator == NULL)
    translator = cp_i18n_get_translator ("en", NULL);
  g_ptr_array_add (stack, (gpointer) translator);
}

void
cp_i18n_pop_language (void)
{
  GPtrArray *stack = g_private_get (&language_stack);

  g_return_if_fail (stack != NULL && stack->len > 0);

  g_ptr_array_set_size (stack, stack->len - 1);
}

/* The translator this thread pushed last, NULL outside any push. */
static const CpTranslator *
current_translator (void)
{
  GPtrArray *stack = g_private_get (&language_stack);

  return stack != NULL && stack->len > 0 ? g_ptr_array_index (stack, stack->len - 1) : NULL;
}

const char *
cp_i18n_gettext (const char *msgid)
{
  const CpTranslator *translator = current_translator ();

  if (translator != NULL)
    return cp_translator_gettext (translator, msgid);
  return dgettext (GETTEXT_PACKAGE, msgid);
}

const char *
cp_i18n_ngettext (const char *msgid,
                  const char *msgid_plural,
                  gulong      n)
{
  const CpTranslator *translator = current_translator ();

  if (translator != NULL)
    return cp_translator_ngettext (translator, msgid, msgid_plural, n);
  /* In parentheses: the report's own dngettext() macro would call this
   * function again. */
  return (dngettext) (GETTEXT_PACKAGE, msgid, msgid_plural, n);
}

const char *
cp_i18n_pgettext (const char *context,
                  const char *msgid)
{
  const CpTranslator *translator = current_translator ();

  if (translator != NULL)
    return cp_translator_pgettext (translator, context, msgid);
  return g_dpgettext2 (GETTEXT_PACKAGE, context, msgid);
}

gboolean
cp_i18n_is_chinese (const char *lang)
{
  return lang != NULL && g_ascii_strncasecmp (lang, "zh", 2) == 0;
}

/* A Chinese character that takes no space beside another: a Han
 * character or kana, not full-width punctuation. */
static gboolean
is_chinese_word_char (gunichar c)
{
  return g_unichar_iswide (c) && !g_unichar_ispunct (c) && c != 0x3000;
}

/* Full-width punctuation, which carries its own spacing. */
static gboolean
is_full_width_punct (gunichar c)
{
  return g_unichar_iswide (c) && g_unichar_ispunct (c);
}

/* Latin text spaced from a Chinese character beside it (on its @left or
 * right side): letters, digits, a currency sign before an amount, and a
 * bracket that opens (to the right of Chinese) or closes (to its left) a
 * Latin name. */
static gboolean
is_spaced_latin (gunichar c,
                 gboolean right_of_chinese)
{
  if (c == 0 || g_unichar_iswide (c))
    return FALSE;
  if (g_unichar_isalnum (c))
    return TRUE;
  if (right_of_chinese)
    return c == '(' || c == 0x00A5 /* ¥ */ || c == '$';
  return c == ')' || c == '%';
}

/* Digits written against a date's 年, 月 or 日 take no space: 1月24日. */
static gboolean
is_date_unit (gunichar c)
{
  return c == 0x5E74 /* 年 */ || c == 0x6708 /* 月 */ || c == 0x65E5 /* 日 */;
}

/* The second date of a span, after 至 that ends the first ("4日至11日",
 * "12月4日至2027年1月2日"), takes no space either; "截至 1月24日" keeps
 * its space. @before is the character before 至, @p the digits. */
static gboolean
continues_date_span (gunichar    before,
                     gunichar    last,
                     const char *p)
{
  if (last != 0x81F3 /* 至 */ || !is_date_unit (before))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  return is_date_unit (g_utf8_get_char (p));
}

char *
cp_i18n_space_chinese (const char *text,
                       const char *lang)
{
  return cp_i18n_space_chinese_keeping (text, lang, NULL);
}

/* The names of a paragraph's @kept that may start at a character, by
 * its first two bytes hashed into a bitmap: nearly every character of a
 * paragraph starts none, and a Chinese character shares its first byte
 * with nearly every Chinese name (0xE4 to 0xE9), so that a Chinese
 * report compared each of its characters with each name typed in the
 * project (a sixth of a 20 × 50 report's spacing). */
#define KEPT_STARTS_BITS 4096

typedef struct {
  guint32  bits[KEPT_STARTS_BITS / 32];
  gboolean any_short;  /* a name of one byte: every character is checked */
} KeptStarts;

static guint
kept_start_hash (const char *p)
{
  return (((guint) (guchar) p[0] << 4) ^ (guchar) p[1]) % KEPT_STARTS_BITS;
}

static void
kept_starts_init (KeptStarts         *starts,
                  const char * const *kept)
{
  memset (starts, 0, sizeof *starts);
  for (guint k = 0; kept != NULL && kept[k] != NULL; k++)
    {
      guint hash;

      if (kept[k][0] == '\0' || kept[k][1] == '\0')
        {
          starts->any_short = TRUE;
          continue;
        }
      hash = kept_start_hash (kept[k]);
      starts->bits[hash / 32] |= 1u << (hash % 32);
    }
}

/* The one of @kept that starts at @p, or NULL (@kept is longest first).
 * Asked at every character of a paragraph, with two names a quote: the
 * first two bytes rule out nearly all of them. */
static const char *
kept_at (const char         *p,
         const char * const *kept,
         const KeptStarts   *starts)
{
  guint hash = kept_start_hash (p);

  if (!starts->any_short && (starts->bits[hash / 32] & (1u << (hash % 32))) == 0)
    return NULL;
  for (guint k = 0; kept != NULL && kept[k] != NULL; k++)
    if (kept[k][0] == *p && g_str_has_prefix (p, kept[k]))
      return kept[k];
  return NULL;
}

static gint
longer_first (gconstpointer a,
              gconstpointer b)
{
  size_t la = strlen (*(const char * const *) a), lb = strlen (*(const char * const *) b);

  return la > lb ? -1 : la < lb ? 1 : 0;
}

GStrv
cp_i18n_typed_names (const CpProject *project)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  /* A quote's notes as the report quotes them, stripped: quoted "word for
   * word", where the Chinese report printed a vendor's "含税6%，最短租期1个月"
   * as "含税 6%，最短租期 1 个月" (walk39 F8). */
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  const char *people[] = { project->name, project->prepared_by, project->reviewed_by, project->approved_by };

  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);

      g_ptr_array_add (names, quote->vendor);
      g_ptr_array_add (names, quote->offer_name);
      if (quote->notes != NULL)
        {
          char *stripped = g_strstrip (g_strdup (quote->notes));

          g_ptr_array_add (notes, stripped);
          g_ptr_array_add (names, stripped);
        }
    }
  for (guint i = 0; i < project->jobs->len; i++)
    g_ptr_array_add (names, ((const CpJob *) g_ptr_array_index (project->jobs, i))->name);
  for (guint i = 0; i < G_N_ELEMENTS (people); i++)
    g_ptr_array_add (names, (gpointer) people[i]);
  {
    GPtrArray *kept = g_ptr_array_new ();
    /* Vendors repeat from quote to quote: a set, not a search of kept. */
    g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = 0; i < names->len; i++)
      {
        const char *name = g_ptr_array_index (names, i);

        /* One character has no inside to keep. */
        if (name != NULL && g_utf8_strlen (name, -1) >= 2 && g_hash_table_add (seen, (gpointer) name))
          g_ptr_array_add (kept, g_strdup (name));
      }
    g_ptr_array_sort (kept, longer_first);
    g_ptr_array_add (kept, NULL);
    return (GStrv) g_ptr_array_free (kept, FALSE);
  }
}

void
cp_i18n_lend_typed_names (const CpProject    *project,
                          const char * const *names)
{
  GArray *lent = g_private_get (&lent_names);
  LentNames entry = { project, names };

  if (lent == NULL)
    {
      lent = g_array_new (FALSE, FALSE, sizeof (LentNames));
      g_private_set (&lent_names, lent);
    }
  g_array_append_val (lent, entry);
}

void
cp_i18n_take_back_typed_names (const char * const *names)
{
  GArray *lent = g_private_get (&lent_names);

  /* Not necessarily the latest: a report keeps the shorter of two
   * layouts, whichever was lent first. */
  for (guint i = 0; lent != NULL && i < lent->len; i++)
    if (g_array_index (lent, LentNames, i).names == names)
      {
        g_array_remove_index (lent, i);
        return;
      }
  g_return_if_reached ();
}

/* The names of @project this thread was lent, or NULL. */
static const char * const *
lent_typed_names (const CpProject *project)
{
  GArray *lent = g_private_get (&lent_names);

  for (guint i = lent != NULL ? lent->len : 0; i > 0; i--)
    if (g_array_index (lent, LentNames, i - 1).project == project)
      return g_array_index (lent, LentNames, i - 1).names;
  return NULL;
}

char *
cp_i18n_space_names (const CpProject *project,
                     const char      *text,
                     const char      *lang)
{
  const char * const *lent;
  g_auto(GStrv) kept = NULL;

  if (text == NULL)
    return NULL;
  /* Asked of every job each time the memo is laid out on trial: the
   * names are gathered only for a sentence that spacing may change, and
   * not at all while a report that has them lays out @project (gathering
   * them was 2.6% of a Chinese 20 × 50 report's CPU time). */
  if (!cp_i18n_is_chinese (lang))
    return g_strdup (text);
  lent = lent_typed_names (project);
  if (lent != NULL)
    return cp_i18n_space_chinese_keeping (text, lang, lent);
  kept = cp_i18n_typed_names (project);
  return cp_i18n_space_chinese_keeping (text, lang, (const char * const *) kept);
}

char *
cp_i18n_space_chinese_keeping (const char         *text,
                               const char         *lang,
                               const char * const *kept)
{
  GString *out;
  gunichar last = 0;   /* the last character written, not a space */
  gunichar before = 0; /* the one written before it */
  gboolean pending_space = FALSE;
  KeptStarts starts;

  if (text == NULL)
    return NULL;
  if (!cp_i18n_is_chinese (lang))
    return g_strdup (text);
  kept_starts_init (&starts, kept);
  out = g_string_sized_new (strlen (text) + 16);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      const char *name = kept_at (p, kept, &starts);
      gboolean space;

      if (c == ' ' && name == NULL)
        {
          pending_space = last != 0;
          continue;
        }
      if (last == 0 || last == '\n' || c == '\n')
        space = pending_space && last != '\n' && c != '\n';
      else if (is_full_width_punct (last) || is_full_width_punct (c))
        space = FALSE;
      else if (is_chinese_word_char (last) && is_chinese_word_char (c))
        space = FALSE;
      else if (is_chinese_word_char (last) && is_spaced_latin (c, TRUE))
        space = !(g_unichar_isdigit (c) && (is_date_unit (last) || continues_date_span (before, last, p)));
      else if (is_spaced_latin (last, FALSE) && is_chinese_word_char (c))
        space = !(g_unichar_isdigit (last) && is_date_unit (c));
      else
        space = pending_space;
      if (space)
        g_string_append_c (out, ' ');
      g_string_append_unichar (out, c);
      before = last;
      last = c;
      pending_space = FALSE;
      /* The rest of a typed name as typed; the rule again after it. */
      if (name != NULL)
        {
          const char *end = p + strlen (name);

          for (const char *q = g_utf8_next_char (p); q < end; q = g_utf8_next_char (q))
            {
              gunichar n = g_utf8_get_char (q);

              g_string_append_unichar (out, n);
              if (n != ' ')
                {
                  before = last;
                  last = n;
                }
            }
          p = g_utf8_prev_char (end);
        }
    }
  return g_string_free (out, FALSE);
}

char *
cp_i18n_join_measure_words (const char *text,
                            const char *lang)
{
  GString *out;
  gunichar last = 0;

  if (text == NULL)
    return NULL;
  if (!cp_i18n_is_chinese (lang))
    return g_strdup (text);
  out = g_string_sized_new (strlen (text) + 8);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == ' ' && g_unichar_isdigit (last) && is_chinese_word_char (g_utf8_get_char (p + 1)))
        c = 0x00A0;
      g_string_append_unichar (out, c);
      last = c;
    }
  return g_string_free (out, FALSE);
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
cp_i18n_format_count (double      value,
                      const char *lang)
{
  static const struct {
    const char *suffix;
    double      factor;
  } chinese[] = { { "万亿", 1e12 }, { "亿", 1e8 }, { "万", 1e4 } };

  if (!isfinite (value))
    return g_strdup ("—");
  if (!cp_i18n_is_chinese (lang))
    /* Below ten million the digits read at a glance: 4,096, not 4.096k. */
    return fabs (value) < 1e7 ? cp_i18n_format_number (value, 0, lang) : cp_format_count (value);

  for (gsize i = 0; i < G_N_ELEMENTS (chinese); i++)
    if (fabs (value) >= chinese[i].factor)
      {
        double scaled = value / chinese[i].factor;
        char digits[G_ASCII_DTOSTR_BUF_SIZE];

        /* Whole counts of 亿 group by thousands like every number here. */
        if (scaled == round (scaled) || fabs (scaled) >= 1e4)
          {
            g_autofree char *grouped = cp_i18n_format_number (scaled, 0, lang);
            return g_strdup_printf ("%s %s", grouped, chinese[i].suffix);
          }
        g_ascii_formatd (digits, sizeof digits, "%.4g", scaled);
        return g_strdup_printf ("%s %s", digits, chinese[i].suffix);
      }
  return cp_i18n_format_number (value, 0, lang);
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

/* The decimals that show @magnitude (positive) to @digits significant
 * digits once rounded: 0.0000999 to two is 0.00010, not 0.000100. */
static int
significant_decimals (double magnitude,
                      int    digits)
{
  int exponent = (int) floor (log10 (magnitude));

  /* The digits kept, as a whole number: 99.9 rounds to 100, a digit more. */
  if (round (magnitude / pow (10, exponent - digits + 1)) >= pow (10, digits))
    exponent++;
  return digits - 1 - exponent;
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
  else if (magnitude >= 0.001)
    decimals = 3;
  else
    /* Two significant digits below 0.001: "about 0.000 interruptions are
     * expected" read as none, where 0.00076 were (walkthrough 8). */
    decimals = CLAMP (significant_decimals (magnitude, 2), 4, 6);

  return cp_i18n_format_number (value, decimals, lang);
}

char *
cp_i18n_format_two_significant (double      value,
                                const char *lang)
{
  double magnitude = fabs (value);

  if (!isfinite (value))
    return g_strdup ("—");
  if (magnitude == 0)
    return g_strdup ("0");
  return cp_i18n_format_number (value, CLAMP (significant_decimals (magnitude, 2), 0, 6), lang);
}

/* @number, already formatted, with the currency as the language writes
 * it: "¥12,345" (Chinese, CNY) or "12,345 CNY". */
static char *
money_with_currency (const char *number,
                     const char *currency,
                     const char *lang)
{
  const char *code = currency != NULL && *currency != '\0' ? currency : "CNY";

  if (cp_i18n_is_chinese (lang) && g_ascii_strcasecmp (code, "CNY") == 0)
    {
      if (*number == '-')
        return g_strdup_printf ("-¥%s", number + 1);
      return g_strdup_printf ("¥%s", number);
    }

  return g_strdup_printf ("%s %s", number, code);
}

char *
cp_i18n_format_money (double      amount,
                      const char *currency,
                      const char *lang)
{
  g_autofree char *number = NULL;

  if (fabs (amount) >= 100 || amount == 0)
    return cp_i18n_format_money_whole (amount, currency, lang);
  number = cp_i18n_format_number (cp_i18n_money_shown (amount), 2, lang);
  return money_with_currency (number, currency, lang);
}

double
cp_i18n_money_shown (double amount)
{
  /* Whole units are enough for sums a team lead compares; small unit
   * prices keep their cents, and nothing is nothing ("¥0", not "¥0.00"). */
  if (fabs (amount) >= 100 || amount == 0)
    return round (amount);
  return round (amount * 100) / 100;
}

/* One precision rule, as the tables print: a total or a difference of
 * totals (a job's cost, a margin, a range) is in whole units at any
 * size, by cp_i18n_format_money_whole(), so "92 CNY" in the table is
 * "92 CNY" in the sentence beside it, not "92.00 CNY" (approver 21);
 * a unit price (per GPU-hour, per million tokens, per TB-month) keeps
 * its cents below 100 by cp_i18n_format_money(). */
char *
cp_i18n_format_money_whole (double      amount,
                            const char *currency,
                            const char *lang)
{
  /* Whole units by round(), as the report's totals add them: printf's
   * "%.0f" took 1,206.5 to 1,206 where the table said 1,207. */
  g_autofree char *number = cp_i18n_format_number (round (amount), 0, lang);

  return money_with_currency (number, currency, lang);
}

char *
cp_i18n_format_money_whole_range (double      low,
                                  double      high,
                                  const char *currency,
                                  const char *lang)
{
  g_autofree char *from = cp_i18n_format_number (round (low), 0, lang);
  g_autofree char *to = cp_i18n_format_number (round (high), 0, lang);
  g_autofree char *numbers = NULL;

  if (g_strcmp0 (from, to) == 0)
    return money_with_currency (from, currency, lang);
  /* The currency once: "8,164–13,208 CNY", "¥8,164–13,208". */
  numbers = g_strdup_printf ("%s–%s", from, to);
  return money_with_currency (numbers, currency, lang);
}

void
cp_i18n_apportion (const double *amounts,
                   guint         n,
                   double        target,
                   double       *shown)
{
  double left = round (target);

  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    {
      shown[i] = floor (amounts[i]);
      left -= shown[i];
    }
  /* One unit at a time to the largest remainder not yet served; a target
   * beyond the remainders (lines rounded elsewhere) goes round again. */
  while (left >= 1 || left <= -1)
    {
      double step = left > 0 ? 1 : -1;
      guint best = 0;
      double best_gap = -G_MAXDOUBLE;

      for (guint i = 0; i < n; i++)
        {
          /* Up: the line furthest below its amount; down: furthest above. */
          double gap = step * (amounts[i] - shown[i]);

          if (gap > best_gap)
            {
              best = i;
              best_gap = gap;
            }
        }
      shown[best] += step;
      left -= step;
    }
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

/* A span's dates say their month and year once: "4 December 2026 – 11
 * December 2026" wrapped each job's cost line of the English memo onto
 * a line more than the Chinese one, and with the others pushed the
 * memo's sign-off off its page (issue 22). Language formats, as
 * cp_i18n_format_date()'s month names are. */
char *
cp_i18n_format_date_span (const GDate *first,
                          const GDate *last,
                          const char  *lang)
{
  static const char * const months[] = {
    "January", "February", "March", "April", "May", "June", "July",
    "August", "September", "October", "November", "December",
  };
  int y1 = g_date_get_year (first), m1 = g_date_get_month (first), d1 = g_date_get_day (first);
  int y2 = g_date_get_year (last), m2 = g_date_get_month (last), d2 = g_date_get_day (last);
  gboolean chinese = cp_i18n_is_chinese (lang);

  if (g_date_compare (first, last) >= 0)
    return chinese ? g_strdup_printf ("%d年%d月%d日", y1, m1, d1)
                   : g_strdup_printf ("%d %s %d", d1, months[m1 - 1], y1);
  if (chinese)
    {
      if (y1 != y2)
        return g_strdup_printf ("%d年%d月%d日至%d年%d月%d日", y1, m1, d1, y2, m2, d2);
      if (m1 != m2)
        return g_strdup_printf ("%d年%d月%d日至%d月%d日", y1, m1, d1, m2, d2);
      return g_strdup_printf ("%d年%d月%d日至%d日", y1, m1, d1, d2);
    }
  if (y1 != y2)
    return g_strdup_printf ("%d %s %d – %d %s %d", d1, months[m1 - 1], y1, d2, months[m2 - 1], y2);
  if (m1 != m2)
    return g_strdup_printf ("%d %s – %d %s %d", d1, months[m1 - 1], d2, months[m2 - 1], y2);
  return g_strdup_printf ("%d–%d %s %d", d1, d2, months[m2 - 1], y2);
}

gboolean
cp_i18n_parse_iso_date (const char *iso_date,
                        GDate      *date)
{
  /* The planner's reading, which the schedule uses for the same dates. */
  return cp_schedule_parse_date (iso_date, date);
}

char *
cp_i18n_format_iso_date (const char *iso_date,
                         const char *lang)
{
  GDate day;
  g_autoptr(GDateTime) date = NULL;

  if (iso_date == NULL || *iso_date == '\0')
    return g_strdup ("—");
  if (!cp_i18n_parse_iso_date (iso_date, &day))
    return g_strdup (iso_date);

  date = g_date_time_new_utc (g_date_get_year (&day), g_date_get_month (&day), g_date_get_day (&day), 0, 0, 0);
  return cp_i18n_format_date (date, lang);
}

char *
cp_i18n_format_days (double      days,
                     const char *lang)
{
  g_autofree char *number = cp_i18n_format_number (days, cp_days_decimals (days), lang);

  /* TRANSLATORS: a duration in days; %s is a number such as "12.5" */
  return g_strdup_printf (_("%s days"), number);
}

char *
cp_i18n_format_days_range (double      low,
                           double      high,
                           const char *lang)
{
  g_autofree char *from = cp_i18n_format_number (low, cp_days_decimals (low), lang);
  g_autofree char *to = cp_i18n_format_number (high, cp_days_decimals (high), lang);
  g_autofree char *numbers = g_strcmp0 (from, to) == 0 ? g_strdup (from) : g_strdup_printf ("%s–%s", from, to);

  /* TRANSLATORS: a duration in days; %s is a number such as "12.5" */
  return g_strdup_printf (_("%s days"), numbers);
}

char *
cp_i18n_format_percent (double      fraction,
                        const char *lang)
{
  g_autofree char *number = NULL;
  int decimals = fabs (fraction) < 0.1 ? 1 : 0;

  /* A share that is not 0 or 100% never reads as one: 70,000 CNY
   * falling to 156 CNY is 99.8% lower, not "100% lower" (walkthrough
   * 11). Add decimals until the rounded figure leaves the end, up to a
   * hundred-thousandth of a percent. */
  while (decimals < 5 && fraction != 0 && fabs (fraction) != 1 &&
         (round (fabs (fraction) * 100 * pow (10, decimals)) == 0 ||
          round (fabs (fraction) * 100 * pow (10, decimals)) == 100 * pow (10, decimals)))
    decimals++;
  number = cp_i18n_format_number (fraction * 100, decimals, lang);
  return g_strdup_printf ("%s%%", number);
}

void
cp_i18n_bind_textdomain (void)
{
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

gboolean
cp_i18n_check_language (const char *lang,
                        GError    **error)
{
  return cp_i18n_get_translator (lang, error) != NULL;
}
