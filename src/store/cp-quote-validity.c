/* cp-quote-validity.c: how long a vendor's prices hold, as the sheet
 * says it in words above the header or in a note under the quotes
 * ("报价有效期 2026-12-31", "Valid until 31 December 2026"), and whether
 * that day has passed. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cp-quote-validity.h"

/* "31 december 2026", "dec 31, 2026", "31 dec. 2026" (lower case) at the
 * start of @text, into @parts as year, month, day; @n 3 when read. */
static void
english_date (const char *text, guint parts[3], guint *n)
{
  static const char *const months[] = { "jan", "feb", "mar", "apr", "may", "jun",
                                        "jul", "aug", "sep", "oct", "nov", "dec" };
  guint64 day = 0, year = 0;
  int month = -1;
  const char *p = text;

  *n = 0;
  while (*p == ' ' || *p == ':' || *p == '(')
    p++;
  if (g_ascii_isdigit (*p))
    {
      day = g_ascii_strtoull (p, (char **) &p, 10);
      while (*p == ' ')
        p++;
    }
  for (guint m = 0; m < G_N_ELEMENTS (months) && month < 0; m++)
    if (g_str_has_prefix (p, months[m]))
      month = (int) m;
  if (month < 0)
    return;
  while (g_ascii_isalpha (*p) || *p == '.')
    p++;
  while (*p == ' ')
    p++;
  if (day == 0 && g_ascii_isdigit (*p))
    {
      day = g_ascii_strtoull (p, (char **) &p, 10);
      while (*p == ',' || *p == ' ')
        p++;
    }
  if (!g_ascii_isdigit (*p))
    return;
  year = g_ascii_strtoull (p, NULL, 10);
  if (day == 0 || day > 31 || year < 1900 || year > 9999)
    return;
  parts[0] = (guint) year;
  parts[1] = (guint) month + 1;
  parts[2] = (guint) day;
  *n = 3;
}

/* The date a text says the prices hold until: a validity word
 * ("报价有效期 2026-12-31", "有效期至2027年1月15日", "Valid until
 * 2026/12/31") followed closely by a year, month and day. A date with no
 * such word ("报价单 2026-11") is when the sheet was written, not how
 * long it holds. Newly allocated ISO date, or NULL. */
char *
cp_quote_validity_in_text (const char *text)
{
  static const char *const words[] = {
    "有效期至", "有效期", "有效至", "截止日期", "截至",
    "valid until", "valid through", "valid thru", "valid till", "valid to", "validity", "expires",
  };
  g_autofree char *lower = g_utf8_strdown (text, -1);

  for (guint w = 0; w < G_N_ELEMENTS (words); w++)
    {
      const char *p = strstr (lower, words[w]);
      const char *p_start;
      guint parts[3], n = 0, skipped = 0;

      if (p == NULL)
        continue;
      p += strlen (words[w]);
      p_start = p;
      /* "：", "至", " is ", "(": a few characters before the year. */
      while (*p && !g_ascii_isdigit (*p) && skipped++ < 5)
        p = g_utf8_next_char (p);
      while (n < 3 && g_ascii_isdigit (*p))
        {
          guint64 v = g_ascii_strtoull (p, (char **) &p, 10);
          parts[n++] = (guint) MIN (v, G_MAXUINT);
          if (n < 3)
            {
              if (*p == '-' || *p == '/' || *p == '.' || *p == ' ')
                p++;
              else if (g_str_has_prefix (p, "年") || g_str_has_prefix (p, "月"))
                p += strlen ("年");
              else
                break;
            }
        }
      if (n < 3)
        english_date (p_start, parts, &n);
      if (n == 3 && parts[0] >= 1900 && parts[0] <= 9999
          && g_date_valid_dmy ((GDateDay) MIN (parts[2], 255), (GDateMonth) MIN (parts[1], 13),
                               (GDateYear) parts[0]))
        return g_strdup_printf ("%04u-%02u-%02u", parts[0], parts[1], parts[2]);
    }
  return NULL;
}

char *
cp_quote_validity_above_header (GPtrArray *records, guint header, char **source)
{
  /* The validity may be the title's or a row of its own under it, the
   * date in the word's cell or the next ("报价有效期" | 2026-12-31). */
  for (guint i = 0; i < header; i++)
    {
      const CpCsvRecord *above = g_ptr_array_index (records, i);
      g_autoptr(GString) text = g_string_new (NULL);
      char *valid_until;

      for (guint c = 0; c < above->fields->len; c++)
        if (!cp_csv_is_blank (g_ptr_array_index (above->fields, c)))
          {
            g_autofree char *cell = g_strstrip (g_strdup (g_ptr_array_index (above->fields, c)));
            g_string_append_printf (text, "%s%s", text->len ? " " : "", cell);
          }
      if ((valid_until = cp_quote_validity_in_text (text->str)) != NULL)
        {
          /* Translators: where a quote's validity was found, "the title row “报价有效期 2026-12-31”" */
          *source = g_strdup_printf (_("the title row “%s”"), text->str);
          return valid_until;
        }
    }
  return NULL;
}

gboolean
cp_quote_validity_has_passed (const char  *iso_date,
                              const GDate *today)
{
  guint64 year, month, day;
  const char *p = iso_date;
  char *end = NULL;
  GDate last_day;

  /* Quotes keep their validity as ISO dates (cp_quote_cell_parse_date()). */
  if (p == NULL || strlen (p) != 10 || p[4] != '-' || p[7] != '-')
    return FALSE;
  year = g_ascii_strtoull (p, &end, 10);
  if (end != p + 4)
    return FALSE;
  month = g_ascii_strtoull (p + 5, &end, 10);
  if (end != p + 7)
    return FALSE;
  day = g_ascii_strtoull (p + 8, &end, 10);
  if (end != p + 10 || year < 1 || year > G_MAXUINT16 || month < 1 || month > 12 || day < 1 || day > 31
      || !g_date_valid_dmy ((GDateDay) day, (GDateMonth) month, (GDateYear) year))
    return FALSE;
  g_date_clear (&last_day, 1);
  g_date_set_dmy (&last_day, (GDateDay) day, (GDateMonth) month, (GDateYear) year);
  return g_date_compare (&last_day, today) < 0;
}
