/* cp-workbook-ods.c: an OpenDocument spreadsheet's tables (ODF 1.3,
 * content.xml): typed values, paragraphs, repeated and spanned cells. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "cp-workbook-private.h"

/* ---- ods ---- */

static GsfInput *
ods_open_content (CpWorkbook *wb, GError **error)
{
  GsfInput *input = gsf_infile_child_by_name (wb->zip, "content.xml");

  if (input == NULL)
    _cp_workbook_set_damaged (error, _("no content.xml"));
  return input;
}

static guint
ods_repeat (CpWorkbookPart *part, const char *name)
{
  g_autofree char *text = _cp_workbook_attribute_ns (part, name, ODF_TABLE);
  guint64 n = text ? g_ascii_strtoull (text, NULL, 10) : 1;

  /* Files end their sheets with a million repeated empty rows; the count
   * only moves the row number on, and is kept within a guint. */
  return (guint) CLAMP (n, 1, G_MAXUINT / 4);
}

/* Moves to the next table:table: 1, 0 past the last, -1 with @error. */
static int
ods_next_table (CpWorkbookPart *part, GError **error)
{
  int ret;

  while ((ret = _cp_workbook_part_next (part, error)) > 0)
    if (_cp_workbook_is_element (part, "table")
        && g_strcmp0 ((const char *) xmlTextReaderConstNamespaceUri (part->reader), ODF_TABLE) == 0)
      return 1;
  return ret;
}

gboolean
_cp_workbook_ods_read_sheet_names (CpWorkbook *wb, GError **error)
{
  CpWorkbookPart part = { 0 };
  int ret;

  if (!_cp_workbook_part_open (&part, ods_open_content (wb, error), error))
    return FALSE;
  while ((ret = ods_next_table (&part, error)) > 0)
    {
      char *name = _cp_workbook_attribute_ns (&part, "name", ODF_TABLE);
      g_ptr_array_add (wb->sheet_names, name ? name : g_strdup_printf ("%u", wb->sheet_names->len + 1));
    }
  _cp_workbook_part_clear (&part);
  return ret >= 0;
}

/* A cell's value as the sheet stores it: numbers from office:value, the
 * rest from its paragraphs. */
static char *
ods_typed_value (CpWorkbookPart *part)
{
  g_autofree char *type = _cp_workbook_attribute_ns (part, "value-type", ODF_OFFICE);
  g_autofree char *value = _cp_workbook_attribute_ns (part, "value", ODF_OFFICE);
  double number;

  if (type == NULL)
    return NULL;
  if (strcmp (type, "date") == 0)
    {
      char *date = _cp_workbook_attribute_ns (part, "date-value", ODF_OFFICE);
      /* "2027-06-30T00:00:00": the day is what a validity date means. */
      if (date != NULL && g_str_has_suffix (date, "T00:00:00"))
        date[strlen (date) - strlen ("T00:00:00")] = '\0';
      return date;
    }
  if (strcmp (type, "boolean") == 0)
    {
      g_autofree char *b = _cp_workbook_attribute_ns (part, "boolean-value", ODF_OFFICE);
      return g_strdup (g_strcmp0 (b, "true") == 0 ? "TRUE" : "FALSE");
    }
  if (value == NULL)
    return NULL;
  number = g_ascii_strtod (value, NULL);
  if (!isfinite (number))
    return NULL;
  if (strcmp (type, "float") == 0)
    return _cp_workbook_format_number (number);
  if (strcmp (type, "percentage") == 0)
    {
      g_autofree char *percent = _cp_workbook_format_number (number * 100);
      return g_strconcat (percent, "%", NULL);
    }
  if (strcmp (type, "currency") == 0)
    {
      g_autofree char *currency = _cp_workbook_attribute_ns (part, "currency", ODF_OFFICE);
      g_autofree char *amount = _cp_workbook_format_number (number);
      return currency ? g_strconcat (amount, " ", currency, NULL) : g_steal_pointer (&amount);
    }
  return NULL;
}

/* The paragraphs of the current cell, one per line; notes attached to
 * the cell (office:annotation) are not its text. */
static gboolean
ods_read_cell_text (CpWorkbookPart *part, const char *end, GString *text, CpWorkbookSheet *sheet, GError **error)
{
  int annotation = 0, paragraphs = 0, ret;

  if (xmlTextReaderIsEmptyElement (part->reader))
    return TRUE;
  while ((ret = _cp_workbook_part_next (part, error)) > 0)
    {
      const char *ns = (const char *) xmlTextReaderConstNamespaceUri (part->reader);

      if (_cp_workbook_is_end (part, end) && g_strcmp0 (ns, ODF_TABLE) == 0)
        return TRUE;
      if (_cp_workbook_is_element (part, "annotation") && g_strcmp0 (ns, ODF_OFFICE) == 0)
        annotation += !xmlTextReaderIsEmptyElement (part->reader);
      else if (_cp_workbook_is_end (part, "annotation") && g_strcmp0 (ns, ODF_OFFICE) == 0)
        annotation--;
      else if (annotation > 0)
        continue;
      else if (_cp_workbook_is_element (part, "p") && g_strcmp0 (ns, ODF_TEXT) == 0)
        {
          if (paragraphs++ > 0)
            g_string_append_c (text, '\n');
        }
      else if (_cp_workbook_is_element (part, "s") && g_strcmp0 (ns, ODF_TEXT) == 0)
        {
          g_autofree char *c = _cp_workbook_attribute_ns (part, "c", ODF_TEXT);
          guint64 n = c ? g_ascii_strtoull (c, NULL, 10) : 1;
          for (guint64 i = 0; i < MIN (n, 64); i++)
            g_string_append_c (text, ' ');
        }
      else if (_cp_workbook_is_element (part, "tab") && g_strcmp0 (ns, ODF_TEXT) == 0)
        g_string_append_c (text, '\t');
      else if (_cp_workbook_is_element (part, "line-break") && g_strcmp0 (ns, ODF_TEXT) == 0)
        g_string_append_c (text, '\n');
      else if (_cp_workbook_is_text (part) && !_cp_workbook_append_text (part, text, sheet, error))
        return FALSE;
    }
  if (ret == 0)
    _cp_workbook_set_damaged (error, _("a cell is not closed"));
  return FALSE;
}

static gboolean
ods_read_cell (CpWorkbookPart *part, CpWorkbookSheet *sheet, CpWorkbookRow *row, guint *column, GError **error)
{
  gboolean covered = _cp_workbook_is_element (part, "covered-table-cell");
  guint repeat = ods_repeat (part, "number-columns-repeated");
  g_autofree char *formula = _cp_workbook_attribute_ns (part, "formula", ODF_TABLE);
  g_autofree char *typed = covered ? NULL : ods_typed_value (part);
  g_autofree char *rows_spanned = _cp_workbook_attribute_ns (part, "number-rows-spanned", ODF_TABLE);
  g_autoptr(GString) text = g_string_new (NULL);
  const char *value;

  if (formula != NULL)
    {
      g_autofree char *where = _cp_workbook_cell_name (row->row, *column);
      _cp_workbook_set_formula (error, sheet->sheet, where);
      return FALSE;
    }
  if (!ods_read_cell_text (part, covered ? "covered-table-cell" : "table-cell", text, sheet, error))
    return FALSE;
  /* A covered cell shows nothing: its merged cell's text is filled in
   * from the merge, as for xlsx. */
  if (covered)
    g_string_truncate (text, 0);
  value = typed ? typed : text->str;
  if (rows_spanned != NULL && g_ascii_strtoull (rows_spanned, NULL, 10) > 1)
    {
      guint64 n = g_ascii_strtoull (rows_spanned, NULL, 10);
      CpWorkbookMerge merge = { row->row, (guint) MIN (row->row + n - 1, G_MAXUINT / 4), *column + 1, *column + 1 };
      g_array_append_val (sheet->merges, merge);
    }
  if (*value == '\0')
    {
      *column = (guint) MIN ((guint64) *column + repeat, G_MAXUINT / 4);
      return TRUE;
    }
  if ((guint64) *column + repeat > CP_WORKBOOK_MAX_COLUMNS)
    return _cp_workbook_sheet_set_cell (sheet, row, CP_WORKBOOK_MAX_COLUMNS, g_strdup (value), error);
  for (guint i = 0; i < repeat; i++)
    if (!_cp_workbook_sheet_set_cell (sheet, row, (*column)++, g_strdup (value), error))
      return FALSE;
  return TRUE;
}

/* Whether @repeat copies of @row, kept one by one as ods_end_row() does,
 * stay within the sheet's limits. When they would not, @error says which
 * limit the copies would pass first, and none is made: a row repeated a
 * million times is refused as it would be after a million copies, without
 * them (fuzz-workbook spent most of its time making them). */
static gboolean
ods_copies_fit (CpWorkbookSheet *sheet, const CpWorkbookRow *row, guint repeat, GError **error)
{
  gsize cells = sheet->cells, text = sheet->text_bytes, row_text = 0;
  guint rows = sheet->rows->len;

  for (guint c = 0; c < row->cells->len; c++)
    row_text += strlen (g_ptr_array_index (row->cells, c));
  /* At most CP_WORKBOOK_MAX_ROWS turns: each whole copy is a row more. */
  for (guint i = 0; i < repeat; i++)
    {
      if (cells + row->cells->len <= CP_WORKBOOK_MAX_CELLS && text + row_text <= CP_WORKBOOK_MAX_TEXT_BYTES
          && rows < CP_WORKBOOK_MAX_ROWS)
        {
          cells += row->cells->len;
          text += row_text;
          rows++;
          continue;
        }
      /* This copy passes a limit: each cell is counted, then its text
       * (_cp_workbook_sheet_set_cell()), then the row
       * (_cp_workbook_sheet_add_row()). */
      for (guint c = 0; c < row->cells->len; c++)
        {
          gsize bytes = strlen (g_ptr_array_index (row->cells, c));

          if (++cells > CP_WORKBOOK_MAX_CELLS)
            {
              _cp_workbook_set_too_many_cells (sheet, error);
              return FALSE;
            }
          if (text + bytes > CP_WORKBOOK_MAX_TEXT_BYTES)
            {
              sheet->text_bytes = text;
              return _cp_workbook_sheet_count_text (sheet, bytes, error);
            }
          text += bytes;
        }
      _cp_workbook_set_too_many_rows (sheet, error);
      return FALSE;
    }
  return TRUE;
}

/* Keeps @row (taken), as often as the sheet repeats it. */
static gboolean
ods_end_row (CpWorkbookSheet *sheet, CpWorkbookRow *row, guint repeat, GError **error)
{
  gboolean ok = TRUE;

  if (_cp_workbook_row_is_blank (row) || repeat == 1)
    return _cp_workbook_sheet_add_row (sheet, row, error);
  if (!ods_copies_fit (sheet, row, repeat, error))
    {
      _cp_workbook_row_free (row);
      return FALSE;
    }
  /* The same row several times: kept each time, within the row limit
   * that sheet_add_row() keeps. */
  for (guint i = 0; i < repeat && ok; i++)
    {
      CpWorkbookRow *copy = _cp_workbook_row_new (row->row + i);

      for (guint c = 0; c < row->cells->len && ok; c++)
        ok = _cp_workbook_sheet_set_cell (sheet, copy, c, g_strdup (g_ptr_array_index (row->cells, c)), error);
      if (!ok)
        _cp_workbook_row_free (copy);
      else
        ok = _cp_workbook_sheet_add_row (sheet, copy, error);
    }
  _cp_workbook_row_free (row);
  return ok;
}

static gboolean
ods_read_table (CpWorkbookPart *part, CpWorkbookSheet *sheet, GError **error)
{
  CpWorkbookRow *row = NULL;
  guint row_number = 0, row_repeat = 1, column = 0;
  gboolean ok = TRUE;
  int ret = 0;

  while (ok && (ret = _cp_workbook_part_next (part, error)) > 0)
    {
      const char *ns = (const char *) xmlTextReaderConstNamespaceUri (part->reader);
      gboolean row_ends = FALSE;

      if (g_strcmp0 (ns, ODF_TABLE) != 0)
        continue;
      if (_cp_workbook_is_end (part, "table"))
        break;
      if (_cp_workbook_is_element (part, "table-source") || _cp_workbook_is_element (part, "dde-source"))
        {
          g_autofree char *href = _cp_workbook_attribute_ns (part, "href", "http://www.w3.org/1999/xlink");
          g_set_error (error, CP_WORKBOOK_ERROR, CP_WORKBOOK_ERROR_LINK,
                       _("the workbook takes values from another file (“%s”), which is never opened; "
                         "copy the values in and save it again"), href ? href : "DDE");
          ok = FALSE;
        }
      else if (_cp_workbook_is_element (part, "table-row"))
        {
          g_clear_pointer (&row, _cp_workbook_row_free);
          row_repeat = ods_repeat (part, "number-rows-repeated");
          row = _cp_workbook_row_new (++row_number);
          column = 0;
          row_ends = xmlTextReaderIsEmptyElement (part->reader);
        }
      else if ((_cp_workbook_is_element (part, "table-cell") || _cp_workbook_is_element (part, "covered-table-cell")) && row != NULL)
        ok = ods_read_cell (part, sheet, row, &column, error);
      else if (_cp_workbook_is_end (part, "table-row"))
        row_ends = row != NULL;
      if (ok && row_ends)
        {
          ok = ods_end_row (sheet, g_steal_pointer (&row), row_repeat, error);
          row_number = (guint) MIN ((guint64) row_number + row_repeat - 1, G_MAXUINT / 4);
          row_repeat = 1;
        }
    }
  if (row != NULL)
    _cp_workbook_row_free (row);
  return ok && ret >= 0;
}

gboolean
_cp_workbook_ods_read_sheet (CpWorkbook *wb, guint index, CpWorkbookSheet *sheet, GError **error)
{
  CpWorkbookPart part = { 0 };
  gboolean ok = FALSE;
  int ret;

  if (!_cp_workbook_part_open (&part, ods_open_content (wb, error), error))
    return FALSE;
  for (guint table = 0; (ret = ods_next_table (&part, error)) > 0; table++)
    if (table == index)
      {
        ok = ods_read_table (&part, sheet, error);
        break;
      }
  _cp_workbook_part_clear (&part);
  if (ret == 0)
    _cp_workbook_set_damaged (error, _("a sheet is missing"));
  return ok;
}

