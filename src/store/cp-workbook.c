/* cp-workbook.c: .xlsx and .ods sheets as rows of text: the container,
 * its limits, streamed XML parts and the rows both formats fill.
 *
 * Why libgsf: it is GNOME's structured-file library (gnumeric, abiword
 * and tracker read office files with it), in Debian 12 as libgsf-1, and it
 * reads the zip container of both formats (stored or deflated parts,
 * zip64, data descriptors) and OOXML's relationship parts, which name
 * where the sheets and the shared strings are. The sheet XML is read with
 * libxml2's streaming reader, which the project already uses, so a sheet
 * of 10,000 rows is never a tree in memory.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "cp-file-read.h"
#include "cp-workbook-private.h"

G_DEFINE_QUARK (cp-workbook-error-quark, cp_workbook_error)

/* A zip nests its folders; an office file's are 3 deep. */
#define MAX_FOLDER_DEPTH 16
/* Parts this small are never worth calling a bomb, however they pack. */
#define RATIO_FLOOR_BYTES (1024 * 1024)

void
_cp_workbook_row_free (gpointer data)
{
  CpWorkbookRow *row = data;

  g_ptr_array_unref (row->cells);
  g_free (row);
}

void
_cp_workbook_set_too_large (GError **error, const char *what)
{
  g_set_error (error, CP_WORKBOOK_ERROR, CP_WORKBOOK_ERROR_TOO_LARGE,
               _("the workbook is larger than a price list can be (%s); it was not read"), what);
}

void
_cp_workbook_set_damaged (GError **error, const char *what)
{
  g_set_error (error, CP_WORKBOOK_ERROR, CP_WORKBOOK_ERROR_FORMAT,
               _("the file is not a workbook that can be read (%s); save it again as .xlsx, "
                 ".ods or CSV"), what);
}

gboolean
cp_workbook_is_workbook (const char *data,
                         gsize       len)
{
  return len >= 4 && memcmp (data, "PK\x03\x04", 4) == 0;
}

/* ---- The container ---- */

static gboolean check_relationships_parse (GsfInput *rels, GError **error);

/* Refuses a part that unpacks past the limit, or packs like a bomb, before
 * a byte of it is inflated (the zip directory states each size). */
static gboolean
check_part_sizes (CpWorkbook *wb, GsfInfile *folder, guint depth, GError **error)
{
  int n = gsf_infile_num_children (folder);

  if (depth > MAX_FOLDER_DEPTH)
    {
      _cp_workbook_set_damaged (error, _("folders nested too deep"));
      return FALSE;
    }
  for (int i = 0; i < n; i++)
    {
      GsfInput *child = gsf_infile_child_by_index (folder, i);
      g_autofree char *name = NULL;
      gsf_off_t size;

      if (child == NULL)
        continue;
      if (GSF_IS_INFILE (child) && gsf_infile_num_children (GSF_INFILE (child)) >= 0)
        {
          gboolean ok = check_part_sizes (wb, GSF_INFILE (child), depth + 1, error);
          g_object_unref (child);
          if (!ok)
            return FALSE;
          continue;
        }
      size = gsf_input_size (child);
      name = g_strdup (gsf_input_name (child));
      if (size <= CP_WORKBOOK_MAX_PART_BYTES && g_str_has_suffix (name, ".rels"))
        {
          if (!check_relationships_parse (child, error))
            return FALSE;
          continue;
        }
      g_object_unref (child);
      if (size > CP_WORKBOOK_MAX_PART_BYTES)
        {
          g_autofree char *size_text = g_format_size ((guint64) size);
          g_autofree char *what = g_strdup_printf (_("the part “%s” unpacks to %s, more than %d MiB"),
                                                   name, size_text,
                                                   CP_WORKBOOK_MAX_PART_BYTES / (1024 * 1024));
          _cp_workbook_set_too_large (error, what);
          return FALSE;
        }
      if (size > RATIO_FLOOR_BYTES && (guint64) size / MAX (wb->len, 1) > CP_WORKBOOK_MAX_PACK_RATIO)
        {
          g_autofree char *size_text = g_format_size ((guint64) size);
          g_autofree char *file_text = g_format_size (wb->len);
          g_autofree char *what = g_strdup_printf (_("the part “%s” unpacks to %s from a file of %s, "
                                                     "as a zip bomb does"),
                                                   name, size_text, file_text);
          _cp_workbook_set_too_large (error, what);
          return FALSE;
        }
    }
  return TRUE;
}

/* ---- XML parts, read as a stream ---- */


static int
part_read (void *context, char *buffer, int len)
{
  CpWorkbookPart *part = context;
  gsf_off_t left = gsf_input_remaining (part->input);
  size_t n = (size_t) MIN ((gsf_off_t) len, left);

  if (n == 0)
    return 0;
  /* A deflated zip entry that ends before the size its header states
   * reads as a success from libgsf with the rest of @buffer unwritten
   * (valgrind: libxml2 then parsed uninitialised heap bytes): what is
   * not written reads as NUL, which libxml2 refuses. */
  memset (buffer, 0, n);
  if (gsf_input_read (part->input, n, (guint8 *) buffer) == NULL)
    return -1;
  return (int) n;
}

static int
part_close (void *context)
{
  return 0;
}

/* The app's own words for what libxml2 found wrong: its messages are
 * English only, and for bytes that do not convert they quote the four
 * bytes at the fault, read past the end of the part's data when the fault
 * is near it (issue 24). */
static const char *
error_words (const xmlError *error)
{
  if (error->domain == XML_FROM_I18N)
    return _("the text is not in the encoding it declares");
  switch (error->code)
    {
    case XML_ERR_UNSUPPORTED_ENCODING:
    case XML_ERR_UNKNOWN_ENCODING:
    case XML_ERR_INVALID_ENCODING:
    case XML_ERR_ENCODING_NAME:
    case XML_IO_ENCODER:
      return _("the text is not in the encoding it declares");
    case XML_ERR_INVALID_CHAR:
      return _("a character XML does not allow");
    default:
      return _("broken XML");
    }
}

static void
part_error (void *context, xmlErrorPtr error)
{
  CpWorkbookPart *part = context;

  if (error == NULL)
    return;
  if (error->level < XML_ERR_ERROR)
    {
      part->had_warning = part->had_warning || error->level == XML_ERR_WARNING;
      return;
    }
  part->had_error = TRUE;
  /* A conversion error is raised without a line, ahead of the parser:
   * the parser's own line would be an earlier one. */
  if (part->first_error == NULL)
    part->first_error = error->line > 0 ? g_strdup_printf (_("line %d: %s"), error->line, error_words (error))
                                        : g_strdup (error_words (error));
}

/* "sheet1.xml, line 2: broken XML": a part of the workbook and what is
 * wrong with it, for _cp_workbook_set_damaged(). */
static char *
part_fault (const CpWorkbookPart *part, const char *fault)
{
  /* Translators: a part of a workbook and what is wrong with it, "sheet1.xml, line 2: broken XML" */
  return g_strdup_printf (_("%s, %s"), gsf_input_name (part->input), fault);
}

/* "_rels/.rels, line 3: @problem", at the line @part's reader is on. */
static void
set_damaged_at_line (CpWorkbookPart *part,
                     const char     *problem,
                     GError        **error)
{
  g_autofree char *fault = g_strdup_printf (_("line %d: %s"), xmlTextReaderGetParserLineNumber (part->reader), problem);
  g_autofree char *what = part_fault (part, fault);

  _cp_workbook_set_damaged (error, what);
}

/* The same input error, once more in libxml2's generic words
 * ("xmlParseChunk: encoder error"): part_error() has it already. */
static void
ignore_generic_error (void *context, const char *format, ...)
{
}

typedef struct {
  xmlStructuredErrorFunc structured;
  void                  *structured_data;
  xmlGenericErrorFunc    generic;
  void                  *generic_data;
} ErrorHandlers;

/* libxml2 raises an input that does not convert from its declared
 * encoding without its parser, to the thread's handlers, which print on
 * stderr: while @part reads, its handler takes those too. The handlers
 * are thread-local, so no other thread's are changed. */
static void
quiet_begin (CpWorkbookPart *part, ErrorHandlers *saved)
{
  saved->structured = xmlStructuredError;
  saved->structured_data = xmlStructuredErrorContext;
  saved->generic = xmlGenericError;
  saved->generic_data = xmlGenericErrorContext;
  xmlSetStructuredErrorFunc (part, part_error);
  xmlSetGenericErrorFunc (NULL, ignore_generic_error);
}

static void
quiet_end (const ErrorHandlers *saved)
{
  xmlSetStructuredErrorFunc (saved->structured_data, saved->structured);
  xmlSetGenericErrorFunc (saved->generic_data, saved->generic);
}

void
_cp_workbook_part_clear (CpWorkbookPart *part)
{
  g_clear_pointer (&part->reader, xmlFreeTextReader);
  g_clear_object (&part->input);
  g_clear_pointer (&part->first_error, g_free);
}

/* Takes @input. No network, no entities, no DTD: a workbook needs none. */
gboolean
_cp_workbook_part_open (CpWorkbookPart *part, GsfInput *input, GError **error)
{
  ErrorHandlers saved;

  if (input == NULL)
    {
      if (error && *error == NULL)
        _cp_workbook_set_damaged (error, _("a part is missing"));
      return FALSE;
    }
  part->input = input;
  quiet_begin (part, &saved);
  part->reader = xmlReaderForIO (part_read, part_close, part, gsf_input_name (input), NULL,
                                 XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  quiet_end (&saved);
  if (part->reader == NULL)
    {
      _cp_workbook_set_damaged (error, gsf_input_name (input));
      return FALSE;
    }
  xmlTextReaderSetStructuredErrorHandler (part->reader, part_error, part);
  return TRUE;
}

/* The next node: 1, 0 at the end, -1 with @error. */
int
_cp_workbook_part_next (CpWorkbookPart *part, GError **error)
{
  ErrorHandlers saved;
  int ret;

  quiet_begin (part, &saved);
  ret = xmlTextReaderRead (part->reader);
  quiet_end (&saved);

  if (ret < 0)
    {
      g_autofree char *what = part_fault (part, part->first_error ? part->first_error : _("broken XML"));
      _cp_workbook_set_damaged (error, what);
      return -1;
    }
  if (ret == 0)
    return 0;
  if (xmlTextReaderNodeType (part->reader) == XML_READER_TYPE_DOCUMENT_TYPE
      || xmlTextReaderNodeType (part->reader) == XML_READER_TYPE_ENTITY_REFERENCE)
    {
      g_autofree char *what = g_strdup_printf (_("%s declares a document type or entities, which "
                                                 "workbooks never do"), gsf_input_name (part->input));
      _cp_workbook_set_damaged (error, what);
      return -1;
    }
  if (xmlTextReaderDepth (part->reader) > CP_WORKBOOK_MAX_XML_DEPTH)
    {
      g_autofree char *what = g_strdup_printf (_("%s nests its XML more than %d deep"),
                                               gsf_input_name (part->input), CP_WORKBOOK_MAX_XML_DEPTH);
      _cp_workbook_set_too_large (error, what);
      return -1;
    }
  return 1;
}

/* Whether the Relationship element @part is on has the three attributes
 * libgsf needs of it. */
static gboolean
relationship_is_whole (CpWorkbookPart *part)
{
  static const char *const needed[] = { "Id", "Type", "Target" };

  for (guint i = 0; i < G_N_ELEMENTS (needed); i++)
    {
      xmlChar *value = xmlTextReaderGetAttribute (part->reader, (const xmlChar *) needed[i]);
      gboolean found = value != NULL;

      xmlFree (value);
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* The namespace of a package's relationship parts (ECMA-376 part 2). */
#define RELATIONSHIPS_NS "http://schemas.openxmlformats.org/package/2006/relationships"

/* Whether the reader is on the element @local_name of that namespace. */
static gboolean
element_is_relationships (CpWorkbookPart *part, const char *local_name)
{
  return _cp_workbook_is_element (part, local_name)
         && g_strcmp0 ((const char *) xmlTextReaderConstNamespaceUri (part->reader), RELATIONSHIPS_NS) == 0;
}

/* libgsf parses the relationship parts (which name the workbook and its
 * sheets) itself, and reports a broken one with g_critical() and "Document
 * likely damaged" on stderr, then goes on with what it understood: sheets
 * can go missing without a word, and under G_DEBUG=fatal-criticals the
 * process aborts. So each is read here first, silently, with the same
 * reader as every other part, and a broken one refuses the file; so does
 * one with an error libxml2 recovers from, which libgsf reports as a
 * critical all the same (fuzz-workbook: "colons are forbidden from PI
 * names"). Takes @rels. */
static gboolean
check_relationships_parse (GsfInput *rels, GError **error)
{
  CpWorkbookPart part = { 0 };
  gboolean in_relationships = FALSE;
  int ignored_depth = -1;
  int ret;

  if (!_cp_workbook_part_open (&part, rels, error))
    return FALSE;
  while ((ret = _cp_workbook_part_next (&part, error)) > 0)
    {
      int depth = xmlTextReaderDepth (part.reader);

      if (xmlTextReaderNodeType (part.reader) != XML_READER_TYPE_ELEMENT)
        continue;
      if (ignored_depth >= 0 && depth > ignored_depth)
        continue;
      ignored_depth = -1;
      if (depth == 0)
        {
          /* libgsf reads nothing under another root, silently. */
          in_relationships = element_is_relationships (&part, "Relationships");
          continue;
        }
      if (in_relationships && !(depth == 1 && element_is_relationships (&part, "Relationship")))
        {
          /* libgsf skips an element of a namespace it does not know, and
           * what it holds, silently; any other element out of its place
           * (fuzz-workbook: <Rela/> among the relationships, a child of
           * a relationship) it prints as "Unexpected element" on stderr. */
          const char *uri = (const char *) xmlTextReaderConstNamespaceUri (part.reader);

          if (xmlTextReaderConstPrefix (part.reader) != NULL && g_strcmp0 (uri, RELATIONSHIPS_NS) != 0)
            {
              ignored_depth = depth;
              continue;
            }
          set_damaged_at_line (&part, _("an element that is not a relationship"), error);
          ret = -1;
          break;
        }
      if (_cp_workbook_is_element (&part, "Relationship") && !relationship_is_whole (&part))
        {
          /* libgsf warns "Broken relation: missing id" (or type, or
           * target) on stderr and drops the relationship, so a sheet could
           * go missing without a word. */
          set_damaged_at_line (&part, _("a relationship without its Id, Type or Target"), error);
          ret = -1;
          break;
        }
    }
  /* libgsf prints the warnings of a relationships part on stderr
   * (fuzz-workbook: "xmlParsePITarget: invalid name prefix 'xml'" for a
   * processing instruction <?xmlo …?>): refused too. */
  if (ret == 0 && (part.had_error || part.had_warning))
    {
      g_autofree char *what = part_fault (&part, part.first_error ? part.first_error : _("broken XML"));
      _cp_workbook_set_damaged (error, what);
      ret = -1;
    }
  _cp_workbook_part_clear (&part);
  return ret == 0;
}

gboolean
_cp_workbook_is_element (CpWorkbookPart *part, const char *local_name)
{
  return xmlTextReaderNodeType (part->reader) == XML_READER_TYPE_ELEMENT
         && g_strcmp0 ((const char *) xmlTextReaderConstLocalName (part->reader), local_name) == 0;
}

gboolean
_cp_workbook_is_end (CpWorkbookPart *part, const char *local_name)
{
  return xmlTextReaderNodeType (part->reader) == XML_READER_TYPE_END_ELEMENT
         && g_strcmp0 ((const char *) xmlTextReaderConstLocalName (part->reader), local_name) == 0;
}

gboolean
_cp_workbook_is_text (CpWorkbookPart *part)
{
  int type = xmlTextReaderNodeType (part->reader);

  return type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA
         || type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE || type == XML_READER_TYPE_WHITESPACE;
}

/* Appends the current text node to @text, refusing text past the limit
 * before it is kept. */
gboolean
_cp_workbook_append_text (CpWorkbookPart *part, GString *text, CpWorkbookSheet *sheet, GError **error)
{
  const char *value = (const char *) xmlTextReaderConstValue (part->reader);

  if (value != NULL)
    g_string_append (text, value);
  if (text->len > CP_WORKBOOK_MAX_TEXT_BYTES)
    return _cp_workbook_sheet_count_text (sheet, text->len, error);
  return TRUE;
}

char *
_cp_workbook_attribute (CpWorkbookPart *part, const char *name)
{
  xmlChar *value = xmlTextReaderGetAttribute (part->reader, (const xmlChar *) name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

char *
_cp_workbook_attribute_ns (CpWorkbookPart *part, const char *name, const char *ns)
{
  xmlChar *value = xmlTextReaderGetAttributeNs (part->reader, (const xmlChar *) name,
                                                (const xmlChar *) ns);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

/* ---- CpWorkbookSheet contents common to both formats ---- */

gboolean
_cp_workbook_sheet_count_text (CpWorkbookSheet *sheet, gsize bytes, GError **error)
{
  sheet->text_bytes += bytes;
  if (sheet->text_bytes > CP_WORKBOOK_MAX_TEXT_BYTES)
    {
      g_autofree char *what = g_strdup_printf (_("sheet “%s” holds more than %d MiB of text"),
                                               sheet->sheet, CP_WORKBOOK_MAX_TEXT_BYTES / (1024 * 1024));
      _cp_workbook_set_too_large (error, what);
      return FALSE;
    }
  return TRUE;
}

/* Column letters from a 0-based index ("A", "AB"), for messages. */
static char *
column_name (guint column)
{
  char buffer[8];
  int i = (int) sizeof buffer - 1;

  buffer[i] = '\0';
  column++;
  while (column > 0 && i > 0)
    {
      buffer[--i] = (char) ('A' + (column - 1) % 26);
      column = (column - 1) / 26;
    }
  return g_strdup (buffer + i);
}

char *
_cp_workbook_cell_name (guint row, guint column)
{
  g_autofree char *letters = column_name (column);

  return g_strdup_printf ("%s%u", letters, row);
}

void
_cp_workbook_set_too_many_cells (const CpWorkbookSheet *sheet, GError **error)
{
  g_autofree char *what = g_strdup_printf (_("sheet “%s” has more than %d cells"),
                                           sheet->sheet, CP_WORKBOOK_MAX_CELLS);
  _cp_workbook_set_too_large (error, what);
}

void
_cp_workbook_set_too_many_rows (const CpWorkbookSheet *sheet, GError **error)
{
  g_autofree char *what = g_strdup_printf (_("sheet “%s” has more than %d rows"),
                                           sheet->sheet, CP_WORKBOOK_MAX_ROWS);
  _cp_workbook_set_too_large (error, what);
}

/* Puts @text (taken) at @column of @row, padding with empty cells. */
gboolean
_cp_workbook_sheet_set_cell (CpWorkbookSheet *sheet, CpWorkbookRow *row, guint column, char *text, GError **error)
{
  g_autofree char *owned = text;

  if (column >= CP_WORKBOOK_MAX_COLUMNS)
    {
      g_autofree char *name = _cp_workbook_cell_name (row->row, column);
      g_autofree char *what = g_strdup_printf (_("sheet “%s” has something in cell %s, past column %d"),
                                               sheet->sheet, name, CP_WORKBOOK_MAX_COLUMNS);
      _cp_workbook_set_too_large (error, what);
      return FALSE;
    }
  if (column < row->cells->len)
    {
      g_free (g_ptr_array_index (row->cells, column));
      g_ptr_array_index (row->cells, column) = g_steal_pointer (&owned);
      return _cp_workbook_sheet_count_text (sheet, strlen (g_ptr_array_index (row->cells, column)), error);
    }
  sheet->cells += column + 1 - row->cells->len;
  if (sheet->cells > CP_WORKBOOK_MAX_CELLS)
    {
      _cp_workbook_set_too_many_cells (sheet, error);
      return FALSE;
    }
  while (row->cells->len < column)
    g_ptr_array_add (row->cells, g_strdup (""));
  if (!_cp_workbook_sheet_count_text (sheet, strlen (owned), error))
    return FALSE;
  g_ptr_array_add (row->cells, g_steal_pointer (&owned));
  return TRUE;
}

CpWorkbookRow *
_cp_workbook_row_new (guint number)
{
  CpWorkbookRow *row = g_new0 (CpWorkbookRow, 1);

  row->row = number;
  row->cells = g_ptr_array_new_with_free_func (g_free);
  return row;
}

gboolean
_cp_workbook_row_is_blank (const CpWorkbookRow *row)
{
  for (guint i = 0; i < row->cells->len; i++)
    {
      const char *text = g_ptr_array_index (row->cells, i);
      for (const char *p = text; *p; p = g_utf8_next_char (p))
        if (!g_unichar_isspace (g_utf8_get_char (p)))
          return FALSE;
    }
  return TRUE;
}

/* Keeps @row (taken) if it holds something. */
gboolean
_cp_workbook_sheet_add_row (CpWorkbookSheet *sheet, CpWorkbookRow *row, GError **error)
{
  if (_cp_workbook_row_is_blank (row))
    {
      sheet->cells -= MIN (sheet->cells, row->cells->len);
      _cp_workbook_row_free (row);
      return TRUE;
    }
  if (sheet->rows->len >= CP_WORKBOOK_MAX_ROWS)
    {
      _cp_workbook_row_free (row);
      _cp_workbook_set_too_many_rows (sheet, error);
      return FALSE;
    }
  g_ptr_array_add (sheet->rows, row);
  return TRUE;
}

static CpWorkbookRow *
sheet_find_row (CpWorkbookSheet *sheet, guint number)
{
  guint low = 0, high = sheet->rows->len;

  while (low < high)
    {
      guint mid = low + (high - low) / 2;
      CpWorkbookRow *row = g_ptr_array_index (sheet->rows, mid);

      if (row->row == number)
        return row;
      if (row->row < number)
        low = mid + 1;
      else
        high = mid;
    }
  {
    CpWorkbookRow *row = _cp_workbook_row_new (number);
    g_ptr_array_insert (sheet->rows, (int) low, row);
    return row;
  }
}

/* A cell merged down several rows shows its text in each of them, as the
 * person reading the sheet sees it ("Vendor A" over its three offers);
 * merged across, as a title is, it stays in its first cell. */
static gboolean
sheet_fill_merges (CpWorkbookSheet *sheet, GError **error)
{
  for (guint m = 0; m < sheet->merges->len; m++)
    {
      const CpWorkbookMerge *merge = &g_array_index (sheet->merges, CpWorkbookMerge, m);
      const char *text = NULL;
      CpWorkbookRow *top;

      if (merge->last_row <= merge->first_row || merge->first_column == 0)
        continue;
      if (merge->last_row - merge->first_row >= CP_WORKBOOK_MAX_ROWS)
        {
          g_autofree char *what = g_strdup_printf (_("sheet “%s” merges more than %d rows"),
                                                   sheet->sheet, CP_WORKBOOK_MAX_ROWS);
          _cp_workbook_set_too_large (error, what);
          return FALSE;
        }
      top = sheet_find_row (sheet, merge->first_row);
      if (merge->first_column - 1 < top->cells->len)
        text = g_ptr_array_index (top->cells, merge->first_column - 1);
      if (text == NULL || *text == '\0')
        continue;
      for (guint r = merge->first_row + 1; r <= merge->last_row; r++)
        {
          CpWorkbookRow *row = sheet_find_row (sheet, r);
          /* The top row may have moved in the array, never in memory. */
          text = g_ptr_array_index (top->cells, merge->first_column - 1);
          if (!_cp_workbook_sheet_set_cell (sheet, row, merge->first_column - 1, g_strdup (text), error))
            return FALSE;
          if (sheet->rows->len > CP_WORKBOOK_MAX_ROWS)
            {
              _cp_workbook_set_too_many_rows (sheet, error);
              return FALSE;
            }
        }
    }
  /* Rows the merges touched but left empty go again. */
  for (guint i = sheet->rows->len; i > 0; i--)
    if (_cp_workbook_row_is_blank (g_ptr_array_index (sheet->rows, i - 1)))
      g_ptr_array_remove_index (sheet->rows, i - 1);
  return TRUE;
}

static void
sheet_clear (CpWorkbookSheet *sheet)
{
  g_clear_pointer (&sheet->rows, g_ptr_array_unref);
  g_clear_pointer (&sheet->merges, g_array_unref);
}

static void
sheet_init (CpWorkbookSheet *sheet, const char *name)
{
  sheet->rows = g_ptr_array_new_with_free_func (_cp_workbook_row_free);
  sheet->merges = g_array_new (FALSE, FALSE, sizeof (CpWorkbookMerge));
  sheet->sheet = name;
}

/* A number as a CSV would hold it: the shortest text that reads back to
 * it within a double's 15 significant digits, never in C's "1e+05". */
char *
_cp_workbook_format_number (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *fixed = NULL;
  char *dot;

  g_ascii_formatd (buffer, sizeof buffer, "%.15g", value);
  if (strchr (buffer, 'e') == NULL || fabs (value) >= 1e15 || fabs (value) < 1e-9)
    return g_strdup (buffer);
  fixed = g_strdup_printf ("%.9f", value);
  g_strdelimit (fixed, ",", '.');
  dot = strchr (fixed, '.');
  if (dot != NULL)
    {
      char *end = fixed + strlen (fixed) - 1;
      while (end > dot && *end == '0')
        *end-- = '\0';
      if (end == dot)
        *end = '\0';
    }
  return g_steal_pointer (&fixed);
}

void
_cp_workbook_set_formula (GError **error, const char *sheet, const char *where)
{
  g_set_error (error, CP_WORKBOOK_ERROR, CP_WORKBOOK_ERROR_FORMULA,
               _("sheet “%s”, cell %s holds a formula: formulas are never evaluated, and the result a "
                 "spreadsheet program saved with it may be out of date; copy the sheet and paste "
                 "values only (Paste Special → Values), then import that"),
               sheet, where);
}

/* ---- The workbook ---- */

void
cp_workbook_free (CpWorkbook *wb)
{
  if (wb == NULL)
    return;
  g_clear_object (&wb->workbook_part);
  g_clear_object (&wb->zip);
  g_clear_object (&wb->source);
  g_clear_pointer (&wb->sheet_names, g_ptr_array_unref);
  g_clear_pointer (&wb->sheet_ids, g_ptr_array_unref);
  g_clear_pointer (&wb->shared, g_ptr_array_unref);
  g_clear_pointer (&wb->date_styles, g_array_unref);
  g_free (wb->data);
  g_free (wb);
}

static gboolean
is_ods (GsfInfile *zip)
{
  GsfInput *mimetype = gsf_infile_child_by_name (zip, "mimetype");
  char buffer[sizeof ODF_MIMETYPE] = { 0 };
  gboolean found;

  if (mimetype == NULL)
    return FALSE;
  found = gsf_input_size (mimetype) == (gsf_off_t) strlen (ODF_MIMETYPE)
          && gsf_input_read (mimetype, strlen (ODF_MIMETYPE), (guint8 *) buffer) != NULL
          && strcmp (buffer, ODF_MIMETYPE) == 0;
  g_object_unref (mimetype);
  return found;
}

static guint32
read_le (const guint8 *p, guint bytes)
{
  guint32 value = 0;

  for (guint i = bytes; i > 0; i--)
    value = (value << 8) | p[i - 1];
  return value;
}

/* Whether a zip entry's MS-DOS time and date (0: none stated) name a real
 * moment: libgsf makes a GDateTime of any other and unrefs what it gets,
 * NULL for "month 14", a GLib critical (fuzz-workbook). */
static gboolean
dos_time_is_valid (guint32 time, guint32 date)
{
  if (time == 0 && date == 0)
    return TRUE;
  return (time >> 11) < 24 && ((time >> 5) & 0x3F) < 60 && (time & 0x1F) < 30 &&
         g_date_valid_dmy (date & 0x1F, (date >> 5) & 0x0F, 1980 + (date >> 9));
}

static guint64
read_le64 (const guint8 *p)
{
  return ((guint64) read_le (p + 4, 4) << 32) | read_le (p, 4);
}

/* Where a zip64 entry's extra field (tag 1) puts its local header, or
 * @otherwise when it does not say. The field holds, in this order, only
 * the sizes and the offset that the entry itself marks 0xFFFFFFFF. */
static guint64
zip64_local_offset (const guint8 *entry, const guint8 *extra, gsize extra_len, guint64 otherwise)
{
  gsize skip = (read_le (entry + 24, 4) == 0xFFFFFFFF ? 8 : 0)
               + (read_le (entry + 20, 4) == 0xFFFFFFFF ? 8 : 0);

  for (gsize at = 0; at + 4 <= extra_len;)
    {
      guint tag = read_le (extra + at, 2), size = read_le (extra + at + 2, 2);

      if (at + 4 + size > extra_len)
        break;
      /* The first such field decides, as in libgsf. */
      if (tag == 1)
        return skip + 8 <= size ? read_le64 (extra + at + 4 + skip) : otherwise;
      at += 4 + size;
    }
  return otherwise;
}

/* Each part the zip directory lists must start where it says, with a
 * local header there, and state a real modification time: libgsf reads
 * anything else to "Error seeking to zip header" or to a GLib critical
 * (g_date_time_unref on a date it could not make), found by
 * fuzz-workbook. The directory is read from its end record as libgsf
 * reads it, which counts the entries "on this disk" (offset 8), not the
 * total (offset 10) that other readers use; both are walked, the larger
 * count (fuzz-workbook: 7 on this disk, 4 in all, the fifth with a time
 * but no date). Where the record says 0xFFFF entries or 0xFFFFFFFF, the
 * zip64 record it points to gives them. */
static gboolean
check_local_headers (const guint8 *data,
                     gsize         len,
                     GError      **error)
{
  const gsize end_record_bytes = 22, entry_bytes = 46, local_bytes = 30;
  const gsize locator_bytes = 20, zip64_end_bytes = 56;
  gsize end = 0;
  guint64 n_entries, directory, directory_end, at;
  gboolean found = FALSE;

  if (len < end_record_bytes)
    return TRUE;
  /* The end record, behind a comment of at most 65,535 bytes. */
  for (gsize back = 0; back <= 65535 && back + end_record_bytes <= len && !found; back++)
    {
      end = len - end_record_bytes - back;
      found = memcmp (data + end, "PK\x05\x06", 4) == 0;
    }
  if (!found)
    return TRUE;
  n_entries = MAX (read_le (data + end + 8, 2), read_le (data + end + 10, 2));
  directory = read_le (data + end + 16, 4);
  directory_end = directory + read_le (data + end + 12, 4);
  if ((read_le (data + end + 8, 2) == 0xFFFF || read_le (data + end + 10, 2) == 0xFFFF
       || directory == 0xFFFFFFFF || read_le (data + end + 12, 4) == 0xFFFFFFFF)
      && end >= locator_bytes && memcmp (data + end - locator_bytes, "PK\x06\x07", 4) == 0)
    {
      guint64 zip64_end = read_le64 (data + end - locator_bytes + 8);

      if (zip64_end > end - locator_bytes || end - locator_bytes - zip64_end < zip64_end_bytes
          || memcmp (data + zip64_end, "PK\x06\x06", 4) != 0)
        {
          _cp_workbook_set_damaged (error, _("its zip directory runs past its end record"));
          return FALSE;
        }
      n_entries = MAX (read_le64 (data + zip64_end + 24), read_le64 (data + zip64_end + 32));
      directory = read_le64 (data + zip64_end + 48);
      directory_end = directory + read_le64 (data + zip64_end + 40);
      end = zip64_end;
      if (directory_end < directory)
        directory_end = G_MAXUINT64;
    }
  if (directory_end > end)
    {
      _cp_workbook_set_damaged (error, _("its zip directory runs past its end record"));
      return FALSE;
    }
  at = directory;
  for (guint64 i = 0; i < n_entries; i++)
    {
      guint64 local;
      gsize name_len, extra_len;

      if (at + entry_bytes > directory_end || memcmp (data + at, "PK\x01\x02", 4) != 0)
        {
          _cp_workbook_set_damaged (error, _("its zip directory is cut short"));
          return FALSE;
        }
      name_len = read_le (data + at + 28, 2);
      extra_len = read_le (data + at + 30, 2);
      local = read_le (data + at + 42, 4);
      /* Without a zip64 field that gives the offset, libgsf seeks to
       * 0xFFFFFFFF itself (fuzz-workbook: "Error seeking to zip header"). */
      if (local == 0xFFFFFFFF && at + entry_bytes + name_len + extra_len <= directory_end)
        local = zip64_local_offset (data + at, data + at + entry_bytes + name_len, extra_len, local);
      if (local > len || len - local < local_bytes || memcmp (data + local, "PK\x03\x04", 4) != 0)
        {
          g_autofree char *what = g_strdup_printf (_("its zip directory places part %u where no part starts"),
                                                   (guint) MIN (i + 1, G_MAXUINT));

          _cp_workbook_set_damaged (error, what);
          return FALSE;
        }
      if (!dos_time_is_valid (read_le (data + at + 12, 2), read_le (data + at + 14, 2)) ||
          !dos_time_is_valid (read_le (data + local + 10, 2), read_le (data + local + 12, 2)))
        {
          g_autofree char *what = g_strdup_printf (_("part %u of its zip directory has no real date"),
                                                   (guint) MIN (i + 1, G_MAXUINT));

          _cp_workbook_set_damaged (error, what);
          return FALSE;
        }
      at += entry_bytes + name_len + extra_len + read_le (data + at + 32, 2);
    }
  return TRUE;
}

static void
set_over_max_bytes (GError **error)
{
  g_autofree char *what = g_strdup_printf (_("more than %d MiB"), CP_WORKBOOK_MAX_BYTES / (1024 * 1024));

  _cp_workbook_set_too_large (error, what);
}

CpWorkbook *
cp_workbook_new (const char *data,
                 gsize       len,
                 GError    **error)
{
  static gsize initialised = 0;
  g_autoptr(CpWorkbook) wb = g_new0 (CpWorkbook, 1);
  g_autoptr(GError) zip_error = NULL;

  if (g_once_init_enter (&initialised))
    {
      gsf_init ();
      g_once_init_leave (&initialised, 1);
    }
  if (len > CP_WORKBOOK_MAX_BYTES)
    {
      set_over_max_bytes (error);
      return NULL;
    }
  if (!cp_workbook_is_workbook (data, len))
    {
      _cp_workbook_set_damaged (error, _("it is not a zip container"));
      return NULL;
    }
  if (!check_local_headers ((const guint8 *) data, len, error))
    return NULL;
  wb->data = g_memdup2 (data, len);
  wb->len = len;
  wb->sheet_names = g_ptr_array_new_with_free_func (g_free);
  wb->sheet_ids = g_ptr_array_new_with_free_func (g_free);
  wb->date_styles = g_array_new (FALSE, FALSE, sizeof (gboolean));
  wb->source = gsf_input_memory_new ((const guint8 *) wb->data, (gsf_off_t) len, FALSE);
  wb->zip = gsf_infile_zip_new (wb->source, &zip_error);
  if (wb->zip == NULL)
    {
      /* libgsf's words are English ("No Zip trailer"), and tell the
       * user no more than these. */
      _cp_workbook_set_damaged (error, _("a damaged zip container"));
      return NULL;
    }
  if (!check_part_sizes (wb, wb->zip, 0, error))
    return NULL;
  wb->format = is_ods (wb->zip) ? CP_WORKBOOK_FORMAT_ODS : CP_WORKBOOK_FORMAT_XLSX;
  if (wb->format == CP_WORKBOOK_FORMAT_ODS ? !_cp_workbook_ods_read_sheet_names (wb, error)
                                           : !_cp_workbook_xlsx_read_workbook (wb, error))
    return NULL;
  if (wb->sheet_names->len == 0)
    {
      _cp_workbook_set_damaged (error, _("the workbook lists no sheet"));
      return NULL;
    }
  return g_steal_pointer (&wb);
}

CpWorkbook *
cp_workbook_new_from_file (const char *path,
                           GError    **error)
{
  gsize len = 0;
  g_autofree char *data = cp_file_read_at_most (path, CP_WORKBOOK_MAX_BYTES, CP_WORKBOOK_ERROR, CP_WORKBOOK_ERROR_IO,
                                                set_over_max_bytes, &len, error);

  return data != NULL ? cp_workbook_new (data, len, error) : NULL;
}

guint
cp_workbook_get_n_sheets (const CpWorkbook *wb)
{
  return wb->sheet_names->len;
}

const char *
cp_workbook_get_sheet_name (const CpWorkbook *wb,
                            guint             sheet)
{
  g_return_val_if_fail (sheet < wb->sheet_names->len, NULL);
  return g_ptr_array_index (wb->sheet_names, sheet);
}

int
cp_workbook_find_sheet (const CpWorkbook *wb,
                        const char       *name_or_number)
{
  char *end = NULL;
  guint64 number;

  for (guint i = 0; i < wb->sheet_names->len; i++)
    if (g_strcmp0 (g_ptr_array_index (wb->sheet_names, i), name_or_number) == 0)
      return (int) i;
  number = g_ascii_strtoull (name_or_number, &end, 10);
  if (end != name_or_number && *end == '\0' && number >= 1 && number <= wb->sheet_names->len)
    return (int) number - 1;
  return -1;
}

GPtrArray *
cp_workbook_read_sheet (CpWorkbook *wb,
                        guint       index,
                        GError    **error)
{
  CpWorkbookSheet sheet = { 0 };
  gboolean ok;

  if (index >= wb->sheet_names->len)
    {
      g_set_error (error, CP_WORKBOOK_ERROR, CP_WORKBOOK_ERROR_NO_SHEET,
                   _("the workbook has no sheet %u; it has %u"), index + 1, wb->sheet_names->len);
      return NULL;
    }
  sheet_init (&sheet, g_ptr_array_index (wb->sheet_names, index));
  ok = wb->format == CP_WORKBOOK_FORMAT_ODS ? _cp_workbook_ods_read_sheet (wb, index, &sheet, error)
                                : _cp_workbook_xlsx_read_sheet (wb, index, &sheet, error);
  ok = ok && sheet_fill_merges (&sheet, error);
  if (!ok)
    {
      sheet_clear (&sheet);
      return NULL;
    }
  g_clear_pointer (&sheet.merges, g_array_unref);
  return sheet.rows;
}
