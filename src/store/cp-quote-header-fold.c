/* cp-quote-header-fold.c: a header written over two rows, folded into
 * one: the second row's names completing the first's ("网络" over "带宽"),
 * and the price columns under one header, each with its unit ("价格" over
 * "元/卡/时" | "元/台/月"), made one price column. */

#include "config.h"

#include <string.h>

#include "planner/cp-units.h"
#include "cp-quote-header.h"
#include "cp-quote-header-fold.h"

/* The text of @record's cell @column, NULL past its end. */
static const char *
record_cell (const CpCsvRecord *record, guint column)
{
  return column < record->fields->len ? g_ptr_array_index (record->fields, column) : NULL;
}

/* A price unit alone ("元/卡/时", "元/台/月", "per GPU-hour"). */
static gboolean
is_unit_only (const char *text)
{
  CpPriceText unit;

  return !cp_csv_is_blank (text) && cp_parse_price_unit (text, &unit, NULL)
         && unit.period != CP_PRICE_PERIOD_NONE;
}

/* Whether @sub, the row under the header @top, is a second header row:
 * each filled cell repeats the one above (a merge down both rows), is a
 * price unit under a price column, or completes the name above it ("网络"
 * over "类型"), and one at least does not repeat. */
static gboolean
is_second_header_row (const CpCsvRecord *top, const CpCsvRecord *sub)
{
  gboolean says_more = FALSE;
  const char *group = NULL;

  if (sub->error != NULL)
    return FALSE;
  for (guint c = 0; c < sub->fields->len; c++)
    {
      const char *above = record_cell (top, c);
      const char *text = g_ptr_array_index (sub->fields, c);
      g_autofree char *stripped = NULL;
      g_autofree char *joined = NULL;
      g_autofree char *norm = NULL;

      if (!cp_csv_is_blank (above))
        group = above;
      if (cp_csv_is_blank (text))
        continue;
      stripped = g_strstrip (g_strdup (text));
      if (!cp_csv_is_blank (above))
        {
          g_autofree char *above_stripped = g_strstrip (g_strdup (above));
          if (strcmp (above_stripped, stripped) == 0)
            continue;
        }
      if (group == NULL)
        return FALSE;
      joined = g_strconcat (group, stripped, NULL);
      norm = cp_quote_header_normalize (joined, NULL);
      if (is_unit_only (stripped))
        {
          g_autofree char *group_norm = cp_quote_header_normalize (group, NULL);
          if (cp_quote_header_to_column (group_norm) != CP_QUOTE_COLUMN_PRICE)
            return FALSE;
        }
      else if (cp_quote_header_to_column (norm) < 0)
        return FALSE;
      says_more = TRUE;
    }
  return says_more;
}

/* Folds the second header row (is_second_header_row()) into the first:
 * a name it completes is the whole name ("网络" + "带宽": "网络带宽"), and
 * the price columns under one header, each with its unit, become that one
 * column, each row's price written with its column's unit ("68,000
 * 元/台/月"). The records are replaced, not changed: a workbook's rows may
 * share their cells. */
static void
fold_second_header_row (GPtrArray *records)
{
  const CpCsvRecord *top = g_ptr_array_index (records, 0);
  const CpCsvRecord *sub = g_ptr_array_index (records, 1);
  guint n = MAX (top->fields->len, sub->fields->len);
  g_autofree char **names = g_new0 (char *, n);
  g_autofree char **units = g_new0 (char *, n);
  g_autofree int *into = g_new0 (int, n);   /* the column a price column folds into, or -1 */
  const char *group = NULL;
  int group_column = -1;

  for (guint c = 0; c < n; c++)
    {
      const char *above = record_cell (top, c);
      const char *text = record_cell (sub, c);
      g_autofree char *stripped = cp_csv_is_blank (text) ? NULL : g_strstrip (g_strdup (text));
      g_autofree char *above_stripped = cp_csv_is_blank (above) ? NULL : g_strstrip (g_strdup (above));

      if (above_stripped != NULL)
        {
          group = above;
          group_column = (int) c;
        }
      into[c] = -1;
      if (stripped != NULL && is_unit_only (stripped) && group != NULL)
        {
          units[c] = g_steal_pointer (&stripped);
          into[c] = group_column;
          names[c] = g_strdup ("");
        }
      else if (stripped != NULL && g_strcmp0 (above_stripped, stripped) != 0 && group != NULL)
        names[c] = g_strconcat (group, stripped, NULL);
      else
        names[c] = g_strdup (above_stripped ? above_stripped : "");
    }
  /* The folded price column keeps its header's name, and heads its group
   * even when it has no unit of its own. */
  for (guint c = 0; c < n; c++)
    if (into[c] >= 0)
      {
        into[into[c]] = into[c];
        g_free (names[into[c]]);
        names[into[c]] = g_strstrip (g_strdup (record_cell (top, (guint) into[c])));
      }

  for (guint i = 0; i < records->len; i++)
    {
      CpCsvRecord *r = g_ptr_array_index (records, i);
      GPtrArray *fields = NULL;

      /* The second header row is folded into the first and goes. */
      if (i == 1)
        continue;
      fields = g_ptr_array_new_with_free_func (g_free);
      for (guint c = 0; c < n; c++)
        {
          const char *text = record_cell (r, c);

          /* The other price columns of a folded group are gone. */
          if (into[c] >= 0 && into[c] != (int) c)
            continue;
          if (i == 0)
            {
              g_ptr_array_add (fields, g_strdup (names[c]));
              continue;
            }
          if (into[c] == (int) c)
            {
              /* The group's first column holds the first price any of its
               * columns gives, with that column's unit. */
              char *price = NULL;

              for (guint g = c; g < n && price == NULL && (g == c || into[g] == (int) c); g++)
                {
                  g_autofree char *cell = cp_csv_is_blank (record_cell (r, g)) ? NULL
                                          : g_strstrip (g_strdup (record_cell (r, g)));
                  if (cell != NULL)
                    price = units[g] != NULL ? g_strdup_printf ("%s %s", cell, units[g]) : g_strdup (cell);
                }
              g_ptr_array_add (fields, price ? price : g_strdup (""));
              continue;
            }
          g_ptr_array_add (fields, g_strdup (text ? text : ""));
        }
      g_ptr_array_unref (r->fields);
      r->fields = fields;
    }
  g_ptr_array_remove_index (records, 1);
  for (guint c = 0; c < n; c++)
    {
      g_free (names[c]);
      g_free (units[c]);
    }
}

gboolean
cp_quote_header_fold (GPtrArray *records)
{
  if (records->len <= 2
      || !is_second_header_row (g_ptr_array_index (records, 0), g_ptr_array_index (records, 1)))
    return FALSE;
  fold_second_header_row (records);
  return TRUE;
}
