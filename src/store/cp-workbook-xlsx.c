/* cp-workbook-xlsx.c: an Office Open XML workbook's sheets (ECMA-376):
 * the workbook part and its relationships, shared strings, the number
 * formats that show dates, and each sheet's cells and merged ranges. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "cp-workbook-private.h"

/* ---- xlsx ---- */

/* "B12" → column 1 (0-based), row 12; FALSE for anything else. */
static gboolean
parse_cell_reference (const char *ref, guint *column, guint *row)
{
  guint64 col = 0, number = 0;
  const char *p = ref;

  if (ref == NULL)
    return FALSE;
  for (; g_ascii_isalpha (*p); p++)
    {
      col = col * 26 + (guint64) (g_ascii_toupper (*p) - 'A' + 1);
      if (col > G_MAXUINT / 2)
        return FALSE;
    }
  if (col == 0 || !g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    {
      number = number * 10 + (guint64) (*p - '0');
      if (number > G_MAXUINT / 2)
        return FALSE;
    }
  if (*p != '\0' || number == 0)
    return FALSE;
  *column = (guint) col - 1;
  *row = (guint) number;
  return TRUE;
}

static gboolean
parse_range (const char *ref, CpWorkbookMerge *merge)
{
  g_auto(GStrv) ends = g_strsplit (ref ? ref : "", ":", 3);
  guint c1, r1, c2, r2;

  if (g_strv_length (ends) != 2 || !parse_cell_reference (ends[0], &c1, &r1)
      || !parse_cell_reference (ends[1], &c2, &r2) || r2 < r1 || c2 < c1)
    return FALSE;
  merge->first_row = r1;
  merge->last_row = r2;
  merge->first_column = c1 + 1;
  merge->last_column = c2 + 1;
  return TRUE;
}

/* The part @rel of @from names, or NULL when there is none. libgsf's own
 * gsf_open_pkg_open_rel() walks the target's folders with
 * g_return_val_if_fail(), so a target through a folder the zip does not
 * have ("xme.a/:book.xml") is a GLib critical (fuzz-workbook); this walks
 * them the same way (relative to @from's folder, "/" from the root, "."
 * and empty names skipped, ".." one folder up but never out of the zip)
 * and calls a missing one missing. */
static GsfInput *
open_relation (GsfInput *from, GsfOpenPkgRel *rel)
{
  g_auto(GStrv) names = NULL;
  const char *target;
  GsfInfile *folder;
  GsfInput *found = NULL;

  if (rel == NULL || (target = gsf_open_pkg_rel_get_target (rel)) == NULL)
    return NULL;
  folder = gsf_input_name (from) != NULL ? gsf_input_container (from) : GSF_INFILE (from);
  if (target[0] == '/')
    while (folder != NULL && gsf_input_container (GSF_INPUT (folder)) != NULL)
      folder = gsf_input_container (GSF_INPUT (folder));
  if (folder == NULL)
    return NULL;
  g_object_ref (folder);

  names = g_strsplit (target, "/", 0);
  for (guint i = 0; names[i] != NULL && folder != NULL; i++)
    {
      GsfInfile *up;

      if (strcmp (names[i], ".") == 0 || names[i][0] == '\0')
        continue;
      g_clear_object (&found);
      if (strcmp (names[i], "..") == 0)
        {
          up = gsf_input_container (GSF_INPUT (folder));
          g_object_unref (folder);
          folder = up != NULL ? g_object_ref (up) : NULL;
          continue;
        }
      found = gsf_infile_child_by_name (folder, names[i]);
      g_object_unref (folder);
      folder = NULL;
      if (found != NULL && GSF_IS_INFILE (found))
        folder = GSF_INFILE (g_object_ref (found));
    }
  g_clear_object (&folder);
  /* A target ending in a folder ("xl/", "..") names no part. */
  if (found != NULL && GSF_IS_INFILE (found) && gsf_infile_num_children (GSF_INFILE (found)) >= 0)
    g_clear_object (&found);
  return found;
}

static GsfInput *
open_relation_by_type (GsfInput *from, const char *type, const char *strict_type)
{
  GsfInput *input = open_relation (from, gsf_open_pkg_lookup_rel_by_type (from, type));

  if (input == NULL && strict_type != NULL)
    input = open_relation (from, gsf_open_pkg_lookup_rel_by_type (from, strict_type));
  return input;
}

/* Any external relationship of the workbook: linked workbooks, DDE and
 * OLE links, data connections. Their values are another file's. */
static void
find_external_link (GsfInput *from, GsfOpenPkgRel const *rel, gpointer user_data)
{
  const char **found = user_data;
  const char *type = gsf_open_pkg_rel_get_type (rel);

  if (*found != NULL)
    return;
  if (gsf_open_pkg_rel_is_extern (rel)
      || (type != NULL && (g_str_has_suffix (type, "/externalLink")
                           || g_str_has_suffix (type, "/connections"))))
    *found = gsf_open_pkg_rel_get_target (rel);
}

static gboolean
xlsx_refuse_links (CpWorkbook *wb, GError **error)
{
  const char *target = NULL;

  gsf_open_pkg_foreach_rel (wb->workbook_part, find_external_link, &target);
  if (target != NULL)
    {
      g_set_error (error, CP_WORKBOOK_ERROR, CP_WORKBOOK_ERROR_LINK,
                   _("the workbook takes values from another file (“%s”), which is never opened; "
                     "copy the values in and save it again"), target);
      return FALSE;
    }
  return TRUE;
}

gboolean
_cp_workbook_xlsx_read_workbook (CpWorkbook *wb, GError **error)
{
  CpWorkbookPart part = { 0 };
  int ret;

  wb->workbook_part = open_relation_by_type (GSF_INPUT (wb->zip), OOXML_OFFICE_DOCUMENT,
                                             OOXML_STRICT_OFFICE_DOCUMENT);
  if (wb->workbook_part == NULL)
    {
      _cp_workbook_set_damaged (error, _("no workbook part"));
      return FALSE;
    }
  if (!xlsx_refuse_links (wb, error))
    return FALSE;
  /* A second reader of the same part: the first keeps the relationships. */
  if (!_cp_workbook_part_open (&part, open_relation_by_type (GSF_INPUT (wb->zip), OOXML_OFFICE_DOCUMENT,
                                                OOXML_STRICT_OFFICE_DOCUMENT), error))
    return FALSE;
  while ((ret = _cp_workbook_part_next (&part, error)) > 0)
    {
      if (_cp_workbook_is_element (&part, "workbookPr"))
        {
          g_autofree char *date1904 = _cp_workbook_attribute (&part, "date1904");
          wb->date1904 = g_strcmp0 (date1904, "1") == 0 || g_strcmp0 (date1904, "true") == 0;
        }
      else if (_cp_workbook_is_element (&part, "sheet"))
        {
          char *name = _cp_workbook_attribute (&part, "name");
          char *id = _cp_workbook_attribute_ns (&part, "id", OOXML_REL);

          if (id == NULL)
            id = _cp_workbook_attribute_ns (&part, "id", OOXML_STRICT_REL);
          if (name == NULL || id == NULL)
            {
              g_free (name);
              g_free (id);
              continue;
            }
          g_ptr_array_add (wb->sheet_names, name);
          g_ptr_array_add (wb->sheet_ids, id);
        }
    }
  _cp_workbook_part_clear (&part);
  return ret >= 0;
}

/* Built-in number formats that show a date (ECMA-376 §18.8.30, and the
 * East Asian ones Excel writes for zh-CN: 27–36, 50–58). */
static gboolean
builtin_format_is_date (guint id)
{
  return (id >= 14 && id <= 17) || id == 22 || (id >= 27 && id <= 36) || (id >= 50 && id <= 58);
}

/* A custom format shows a date when it has a day, month or year code
 * outside quotes and brackets ("yyyy/m/d", "[$-804]yyyy\"年\"m\"月\"").
 * "0.00", "#,##0", "[Red]0" have none. */
static gboolean
format_code_is_date (const char *code)
{
  gboolean quoted = FALSE;
  int bracket = 0;

  for (const char *p = code; p && *p; p++)
    {
      if (*p == '\\' && p[1])
        {
          p++;
          continue;
        }
      if (*p == '"')
        quoted = !quoted;
      else if (!quoted && *p == '[')
        bracket++;
      else if (!quoted && *p == ']' && bracket > 0)
        bracket--;
      else if (!quoted && bracket == 0 && strchr ("yYdD", *p) != NULL)
        return TRUE;
      else if (!quoted && bracket == 0 && (*p == 'm' || *p == 'M'))
        return TRUE;
    }
  return FALSE;
}

static gboolean
xlsx_read_styles (CpWorkbook *wb, GError **error)
{
  g_autoptr(GHashTable) custom_dates = g_hash_table_new (g_direct_hash, g_direct_equal);
  GsfInput *input = open_relation_by_type (
      wb->workbook_part, "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles", NULL);
  CpWorkbookPart part = { 0 };
  gboolean in_cell_formats = FALSE;
  int ret;

  if (input == NULL)
    return TRUE;
  if (!_cp_workbook_part_open (&part, input, error))
    return FALSE;
  while ((ret = _cp_workbook_part_next (&part, error)) > 0)
    {
      if (_cp_workbook_is_element (&part, "numFmt"))
        {
          g_autofree char *id = _cp_workbook_attribute (&part, "numFmtId");
          g_autofree char *code = _cp_workbook_attribute (&part, "formatCode");
          if (id != NULL && format_code_is_date (code))
            g_hash_table_add (custom_dates, GUINT_TO_POINTER ((guint) g_ascii_strtoull (id, NULL, 10)));
        }
      else if (_cp_workbook_is_element (&part, "cellXfs"))
        in_cell_formats = !xmlTextReaderIsEmptyElement (part.reader);
      else if (_cp_workbook_is_end (&part, "cellXfs"))
        in_cell_formats = FALSE;
      else if (in_cell_formats && _cp_workbook_is_element (&part, "xf"))
        {
          g_autofree char *id_text = _cp_workbook_attribute (&part, "numFmtId");
          guint id = id_text ? (guint) g_ascii_strtoull (id_text, NULL, 10) : 0;
          gboolean is_date = builtin_format_is_date (id)
                             || g_hash_table_contains (custom_dates, GUINT_TO_POINTER (id));

          if (wb->date_styles->len >= CP_WORKBOOK_MAX_SHARED_STRINGS)
            {
              _cp_workbook_part_clear (&part);
              _cp_workbook_set_too_large (error, _("too many cell formats"));
              return FALSE;
            }
          g_array_append_val (wb->date_styles, is_date);
        }
    }
  _cp_workbook_part_clear (&part);
  return ret == 0;
}

/* The text of the <t> runs inside the current element, leaving out
 * phonetic guides (<rPh>), which show no text in the cell. */
static gboolean
xlsx_read_rich_text (CpWorkbookPart *part, const char *end, GString *text, CpWorkbookSheet *sheet, GError **error)
{
  gboolean in_text = FALSE;
  int phonetic = 0;
  int ret;

  if (xmlTextReaderIsEmptyElement (part->reader))
    return TRUE;
  while ((ret = _cp_workbook_part_next (part, error)) > 0)
    {
      if (_cp_workbook_is_end (part, end))
        return TRUE;
      if (_cp_workbook_is_element (part, "rPh"))
        phonetic += !xmlTextReaderIsEmptyElement (part->reader);
      else if (_cp_workbook_is_end (part, "rPh"))
        phonetic--;
      else if (_cp_workbook_is_element (part, "t"))
        in_text = !xmlTextReaderIsEmptyElement (part->reader);
      else if (_cp_workbook_is_end (part, "t"))
        in_text = FALSE;
      else if (in_text && phonetic == 0 && _cp_workbook_is_text (part)
               && !_cp_workbook_append_text (part, text, sheet, error))
        return FALSE;
    }
  if (ret == 0)
    _cp_workbook_set_damaged (error, _("a text is not closed"));
  return FALSE;
}

static gboolean
xlsx_read_shared_strings (CpWorkbook *wb, GError **error)
{
  GsfInput *input = open_relation_by_type (
      wb->workbook_part,
      "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings", NULL);
  CpWorkbookPart part = { 0 };
  CpWorkbookSheet counter = { .sheet = _("shared strings") };
  int ret;

  if (input == NULL)
    return TRUE;
  if (!_cp_workbook_part_open (&part, input, error))
    return FALSE;
  while ((ret = _cp_workbook_part_next (&part, error)) > 0)
    {
      if (_cp_workbook_is_element (&part, "sst"))
        {
          g_autofree char *unique = _cp_workbook_attribute (&part, "uniqueCount");
          if (unique != NULL && g_ascii_strtoull (unique, NULL, 10) > CP_WORKBOOK_MAX_SHARED_STRINGS)
            break;
        }
      else if (_cp_workbook_is_element (&part, "si"))
        {
          g_autoptr(GString) text = g_string_new (NULL);

          if (wb->shared->len >= CP_WORKBOOK_MAX_SHARED_STRINGS)
            break;
          if (!xlsx_read_rich_text (&part, "si", text, &counter, error)
              || !_cp_workbook_sheet_count_text (&counter, text->len, error))
            {
              ret = -1;
              break;
            }
          g_ptr_array_add (wb->shared, g_string_free (g_steal_pointer (&text), FALSE));
        }
    }
  _cp_workbook_part_clear (&part);
  if (ret > 0)
    {
      g_autofree char *what = g_strdup_printf (_("more than %d different texts"),
                                               CP_WORKBOOK_MAX_SHARED_STRINGS);
      _cp_workbook_set_too_large (error, what);
      return FALSE;
    }
  return ret == 0;
}

/* Days since the workbook's epoch as a date; FALSE out of range. */
static char *
serial_to_date (const CpWorkbook *wb, double serial)
{
  g_autoptr(GDateTime) epoch = NULL;
  g_autoptr(GDateTime) date = NULL;
  int days = (int) serial;

  if (!(serial >= 1 && serial < 2958466))  /* up to 9999-12-31 */
    return NULL;
  if (wb->date1904)
    epoch = g_date_time_new_utc (1904, 1, 1, 0, 0, 0);
  /* Serial 60 is the 29 February 1900 that Lotus 1-2-3 invented and
   * Excel keeps: from 61 on, days count from 30 December 1899. */
  else if (days >= 61)
    epoch = g_date_time_new_utc (1899, 12, 30, 0, 0, 0);
  else
    epoch = g_date_time_new_utc (1899, 12, 31, 0, 0, 0);
  date = g_date_time_add_days (epoch, days);
  return date ? g_date_time_format (date, "%Y-%m-%d") : NULL;
}

typedef struct {
  char    *type;
  char    *style;
  char    *value;
  GString *inline_text;
  gboolean formula;
} XlsxCell;

static void
xlsx_cell_clear (XlsxCell *cell)
{
  g_clear_pointer (&cell->type, g_free);
  g_clear_pointer (&cell->style, g_free);
  g_clear_pointer (&cell->value, g_free);
  if (cell->inline_text)
    g_string_free (cell->inline_text, TRUE);
  cell->inline_text = NULL;
  cell->formula = FALSE;
}

static char *
xlsx_cell_text (CpWorkbook *wb, const XlsxCell *cell, const char *where, GError **error)
{
  const char *type = cell->type ? cell->type : "n";

  if (strcmp (type, "inlineStr") == 0)
    return g_strdup (cell->inline_text ? cell->inline_text->str : "");
  if (cell->value == NULL)
    return g_strdup ("");
  if (strcmp (type, "s") == 0)
    {
      char *end = NULL;
      guint64 index = g_ascii_strtoull (cell->value, &end, 10);

      if (end == cell->value || index >= wb->shared->len)
        {
          g_autofree char *what = g_strdup_printf (_("cell %s names text %s of %u"), where,
                                                   cell->value, wb->shared->len);
          _cp_workbook_set_damaged (error, what);
          return NULL;
        }
      return g_strdup (g_ptr_array_index (wb->shared, index));
    }
  if (strcmp (type, "b") == 0)
    return g_strdup (strcmp (cell->value, "1") == 0 ? "TRUE" : "FALSE");
  if (strcmp (type, "n") == 0)
    {
      char *end = NULL;
      double number = g_ascii_strtod (cell->value, &end);
      guint64 style = cell->style ? g_ascii_strtoull (cell->style, NULL, 10) : 0;

      if (end == cell->value || *end != '\0' || !isfinite (number))
        return g_strdup (cell->value);
      if (style < wb->date_styles->len && g_array_index (wb->date_styles, gboolean, style))
        {
          char *date = serial_to_date (wb, number);
          if (date != NULL)
            return date;
        }
      return _cp_workbook_format_number (number);
    }
  /* "str", "e" (an error such as #N/A), "d" (an ISO date): as written. */
  return g_strdup (cell->value);
}

static gboolean
xlsx_read_cells (CpWorkbook *wb, CpWorkbookPart *part, CpWorkbookSheet *sheet, GError **error)
{
  CpWorkbookRow *row = NULL;
  XlsxCell cell = { 0 };
  guint row_number = 0, column = 0, cell_row = 0;
  gboolean in_value = FALSE, ok = TRUE;
  int ret = 0;

  while (ok && (ret = _cp_workbook_part_next (part, error)) > 0)
    {
      if (_cp_workbook_is_element (part, "row"))
        {
          g_autofree char *r = _cp_workbook_attribute (part, "r");
          guint64 number = r ? g_ascii_strtoull (r, NULL, 10) : 0;

          if (row != NULL)
            ok = _cp_workbook_sheet_add_row (sheet, g_steal_pointer (&row), error);
          /* Rows come in order; one out of order or unnumbered is taken
           * as the next. */
          row_number = number > row_number && number < G_MAXUINT / 2 ? (guint) number : row_number + 1;
          column = 0;
          row = _cp_workbook_row_new (row_number);
          if (xmlTextReaderIsEmptyElement (part->reader))
            ok = ok && _cp_workbook_sheet_add_row (sheet, g_steal_pointer (&row), error);
        }
      else if (_cp_workbook_is_end (part, "row") && row != NULL)
        ok = _cp_workbook_sheet_add_row (sheet, g_steal_pointer (&row), error);
      else if (_cp_workbook_is_element (part, "c") && row != NULL)
        {
          g_autofree char *r = _cp_workbook_attribute (part, "r");
          guint c, rr;

          xlsx_cell_clear (&cell);
          if (parse_cell_reference (r, &c, &rr) && rr == row->row)
            column = c;
          cell_row = row->row;
          cell.type = _cp_workbook_attribute (part, "t");
          cell.style = _cp_workbook_attribute (part, "s");
          if (xmlTextReaderIsEmptyElement (part->reader))
            column++;
        }
      else if (_cp_workbook_is_end (part, "c") && row != NULL)
        {
          g_autofree char *where = _cp_workbook_cell_name (cell_row, column);
          char *text;

          if (cell.formula)
            {
              _cp_workbook_set_formula (error, sheet->sheet, where);
              ok = FALSE;
              break;
            }
          text = xlsx_cell_text (wb, &cell, where, error);
          ok = text != NULL && (*text == '\0' ? (g_free (text), TRUE)
                                              : _cp_workbook_sheet_set_cell (sheet, row, column, text, error));
          column++;
          xlsx_cell_clear (&cell);
        }
      else if (_cp_workbook_is_element (part, "f"))
        cell.formula = TRUE;
      else if (_cp_workbook_is_element (part, "v"))
        in_value = !xmlTextReaderIsEmptyElement (part->reader);
      else if (_cp_workbook_is_end (part, "v"))
        in_value = FALSE;
      else if (in_value && _cp_workbook_is_text (part))
        {
          g_free (cell.value);
          cell.value = g_strdup ((const char *) xmlTextReaderConstValue (part->reader));
        }
      else if (_cp_workbook_is_element (part, "is"))
        {
          /* A second <is> before the cell ends (or outside any row, where
           * no cell ends) replaces the first. */
          if (cell.inline_text)
            g_string_free (cell.inline_text, TRUE);
          cell.inline_text = g_string_new (NULL);
          ok = xlsx_read_rich_text (part, "is", cell.inline_text, sheet, error);
        }
      else if (_cp_workbook_is_element (part, "mergeCell"))
        {
          g_autofree char *ref = _cp_workbook_attribute (part, "ref");
          CpWorkbookMerge merge;
          if (parse_range (ref, &merge))
            g_array_append_val (sheet->merges, merge);
          if (sheet->merges->len > CP_WORKBOOK_MAX_ROWS)
            {
              g_autofree char *what = g_strdup_printf (_("sheet “%s” has more than %d merged ranges"),
                                                       sheet->sheet, CP_WORKBOOK_MAX_ROWS);
              _cp_workbook_set_too_large (error, what);
              ok = FALSE;
            }
        }
    }
  xlsx_cell_clear (&cell);
  if (row != NULL)
    _cp_workbook_row_free (row);
  return ok && ret == 0;
}

gboolean
_cp_workbook_xlsx_read_sheet (CpWorkbook *wb, guint index, CpWorkbookSheet *sheet, GError **error)
{
  CpWorkbookPart part = { 0 };
  GsfInput *input;
  gboolean ok;

  if (wb->shared == NULL)
    {
      wb->shared = g_ptr_array_new_with_free_func (g_free);
      if (!xlsx_read_styles (wb, error) || !xlsx_read_shared_strings (wb, error))
        {
          g_clear_pointer (&wb->shared, g_ptr_array_unref);
          g_array_set_size (wb->date_styles, 0);
          return FALSE;
        }
    }
  input = open_relation (wb->workbook_part,
                         gsf_open_pkg_lookup_rel_by_id (wb->workbook_part,
                                                        g_ptr_array_index (wb->sheet_ids, index)));
  if (input == NULL)
    {
      g_autofree char *what = g_strdup_printf (_("sheet “%s” is missing"), sheet->sheet);
      _cp_workbook_set_damaged (error, what);
      return FALSE;
    }
  if (!_cp_workbook_part_open (&part, input, error))
    return FALSE;
  ok = xlsx_read_cells (wb, &part, sheet, error);
  _cp_workbook_part_clear (&part);
  return ok;
}

