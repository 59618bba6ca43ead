/* fuzz-workbook.c: vendor workbooks (.xlsx, .ods) as rows of text.
 *
 * Properties: the reader never crashes or hangs on any bytes; a workbook
 * it opens lists at least one sheet; every sheet it reads stays within
 * the limits (rows, columns, cells, text) and its rows come in order,
 * each with something in it.
 */

#include "config.h"

#include <string.h>

#include "store/cp-workbook.h"

#include "fuzz-common.h"
#include "fuzz-targets.h"

int
cp_fuzz_workbook (const guint8 *data,
                  gsize         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpWorkbook) wb = cp_workbook_new ((const char *) data, size, &error);

  if (wb == NULL)
    {
      g_assert (error != NULL && error->message != NULL);
      return 0;
    }
  g_assert_cmpuint (cp_workbook_get_n_sheets (wb), >, 0);
  for (guint s = 0; s < cp_workbook_get_n_sheets (wb); s++)
    {
      g_autoptr(GError) sheet_error = NULL;
      g_autoptr(GPtrArray) rows = cp_workbook_read_sheet (wb, s, &sheet_error);
      gsize cells = 0, text = 0;
      guint last = 0;

      g_assert (cp_workbook_get_sheet_name (wb, s) != NULL);
      if (rows == NULL)
        {
          g_assert (sheet_error != NULL && sheet_error->message != NULL);
          continue;
        }
      g_assert_cmpuint (rows->len, <=, CP_WORKBOOK_MAX_ROWS);
      for (guint r = 0; r < rows->len; r++)
        {
          const CpWorkbookRow *row = g_ptr_array_index (rows, r);
          gboolean filled = FALSE;

          g_assert_cmpuint (row->row, >, last);
          last = row->row;
          g_assert_cmpuint (row->cells->len, <=, CP_WORKBOOK_MAX_COLUMNS);
          cells += row->cells->len;
          for (guint c = 0; c < row->cells->len; c++)
            {
              const char *cell = g_ptr_array_index (row->cells, c);
              g_assert (g_utf8_validate (cell, -1, NULL));
              text += strlen (cell);
              filled = filled || *cell != '\0';
            }
          g_assert (filled);
        }
      g_assert_cmpuint (cells, <=, CP_WORKBOOK_MAX_CELLS);
      g_assert_cmpuint (text, <=, CP_WORKBOOK_MAX_TEXT_BYTES);
    }
  return 0;
}
