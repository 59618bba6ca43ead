/* cp-test-workbook.c: workbooks for tests, by two zip writers. */

#include "config.h"

#include <gsf/gsf.h>
#include <string.h>

#include "cp-test-workbook.h"
#include "store/cp-csv-tokenizer.h"

/* ---- libgsf's writer ---- */

static GsfOutfile *
folder_for (GsfOutfile *zip, GHashTable *folders, const char *path, const char **base)
{
  g_auto(GStrv) parts = g_strsplit (path, "/", -1);
  guint n = g_strv_length (parts);
  GsfOutfile *folder = zip;
  g_autoptr(GString) so_far = g_string_new (NULL);

  for (guint i = 0; i + 1 < n; i++)
    {
      GsfOutfile *child;

      g_string_append_printf (so_far, "%s/", parts[i]);
      child = g_hash_table_lookup (folders, so_far->str);
      if (child == NULL)
        {
          child = GSF_OUTFILE (gsf_outfile_new_child (folder, parts[i], TRUE));
          g_hash_table_insert (folders, g_strdup (so_far->str), child);
        }
      folder = child;
    }
  *base = strrchr (path, '/') ? strrchr (path, '/') + 1 : path;
  return folder;
}

static int
deeper_first (gconstpointer a, gconstpointer b)
{
  return (int) strlen (*(const char * const *) b) - (int) strlen (*(const char * const *) a);
}

static GBytes *
zip_with_gsf (const CpTestPart *parts, guint n_parts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) folders = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  GsfOutput *sink = gsf_output_memory_new ();
  GsfOutfile *zip = gsf_outfile_zip_new (sink, &error);
  g_autoptr(GPtrArray) names = NULL;
  GBytes *bytes;

  g_assert_no_error (error);
  for (guint i = 0; i < n_parts; i++)
    {
      const char *base;
      GsfOutfile *folder = folder_for (zip, folders, parts[i].path, &base);
      /* ODF wants its mimetype first and stored. */
      gboolean store = strcmp (parts[i].path, "mimetype") == 0;
      GsfOutput *child = gsf_outfile_new_child_full (folder, base, FALSE, "compression-level",
                                                     store ? GSF_ZIP_STORED : GSF_ZIP_DEFLATED, NULL);
      gsize len = parts[i].len ? parts[i].len : strlen (parts[i].text);

      g_assert_true (gsf_output_write (child, len, (const guint8 *) parts[i].text));
      g_assert_true (gsf_output_close (child));
      g_object_unref (child);
    }
  names = g_ptr_array_new ();
  {
    GHashTableIter iter;
    gpointer key;
    g_hash_table_iter_init (&iter, folders);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      g_ptr_array_add (names, key);
  }
  g_ptr_array_sort (names, deeper_first);
  for (guint i = 0; i < names->len; i++)
    gsf_output_close (g_hash_table_lookup (folders, g_ptr_array_index (names, i)));
  g_assert_true (gsf_output_close (GSF_OUTPUT (zip)));
  g_object_unref (zip);
  bytes = g_bytes_new (gsf_output_memory_get_bytes (GSF_OUTPUT_MEMORY (sink)), (gsize) gsf_output_size (sink));
  g_object_unref (sink);
  return bytes;
}

/* ---- By hand: stored parts, PKWARE APPNOTE 4.3 ---- */

static guint32
crc32_of (const guint8 *data, gsize len)
{
  static guint32 table[256];
  guint32 crc = 0xffffffffu;

  if (table[1] == 0)
    for (guint32 i = 0; i < 256; i++)
      {
        guint32 c = i;
        for (int k = 0; k < 8; k++)
          c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
      }
  for (gsize i = 0; i < len; i++)
    crc = table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
  return crc ^ 0xffffffffu;
}

static void
put16 (GByteArray *out, guint v)
{
  guint8 b[2] = { v & 0xff, (v >> 8) & 0xff };
  g_byte_array_append (out, b, 2);
}

static void
put32 (GByteArray *out, guint32 v)
{
  guint8 b[4] = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >> 24) & 0xff };
  g_byte_array_append (out, b, 4);
}

static GBytes *
zip_by_hand (const CpTestPart *parts, guint n_parts)
{
  GByteArray *out = g_byte_array_new ();
  g_autoptr(GByteArray) central = g_byte_array_new ();

  for (guint i = 0; i < n_parts; i++)
    {
      gsize len = parts[i].len ? parts[i].len : strlen (parts[i].text);
      guint32 crc = crc32_of ((const guint8 *) parts[i].text, len);
      guint name_len = (guint) strlen (parts[i].path);
      guint32 offset = out->len;

      put32 (out, 0x04034b50);
      put16 (out, 20);          /* version needed */
      put16 (out, 0x0800);      /* names in UTF-8 */
      put16 (out, 0);           /* stored */
      put16 (out, 0);
      put16 (out, 0x21);        /* 1980-01-01 */
      put32 (out, crc);
      put32 (out, (guint32) len);
      put32 (out, (guint32) len);
      put16 (out, name_len);
      put16 (out, 0);
      g_byte_array_append (out, (const guint8 *) parts[i].path, name_len);
      g_byte_array_append (out, (const guint8 *) parts[i].text, (guint) len);

      put32 (central, 0x02014b50);
      put16 (central, 20);
      put16 (central, 20);
      put16 (central, 0x0800);
      put16 (central, 0);
      put16 (central, 0);
      put16 (central, 0x21);
      put32 (central, crc);
      put32 (central, (guint32) len);
      put32 (central, (guint32) len);
      put16 (central, name_len);
      put16 (central, 0);
      put16 (central, 0);
      put16 (central, 0);
      put16 (central, 0);
      put32 (central, 0);
      put32 (central, offset);
      g_byte_array_append (central, (const guint8 *) parts[i].path, name_len);
    }
  {
    guint32 central_offset = out->len;
    g_byte_array_append (out, central->data, central->len);
    put32 (out, 0x06054b50);
    put16 (out, 0);
    put16 (out, 0);
    put16 (out, n_parts);
    put16 (out, n_parts);
    put32 (out, central->len);
    put32 (out, central_offset);
    put16 (out, 0);
  }
  return g_byte_array_free_to_bytes (out);
}

GBytes *
cp_test_zip (const CpTestPart *parts, guint n_parts, CpTestZip how)
{
  return how == CP_TEST_ZIP_STORED ? zip_by_hand (parts, n_parts) : zip_with_gsf (parts, n_parts);
}

/* ---- Workbooks ---- */

char *
cp_test_xml_escape (const char *text)
{
  return g_markup_escape_text (text, -1);
}

GBytes *
cp_test_xlsx (const char *const *names, const char *const *sheets, guint n_sheets,
              const char *shared_strings, const char *styles,
              const char *extra_relationships, CpTestZip how)
{
  g_autoptr(GString) workbook = g_string_new (
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
      "<workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
      "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"><sheets>");
  g_autoptr(GString) rels = g_string_new (
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
      "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">");
  g_autoptr(GString) types = g_string_new (
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
      "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
      "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
      "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
      "<Override PartName=\"/xl/workbook.xml\" "
      "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>");
  g_autoptr(GArray) parts = g_array_new (FALSE, TRUE, sizeof (CpTestPart));
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  CpTestPart part = { 0 };

  for (guint i = 0; i < n_sheets; i++)
    {
      g_autofree char *name = cp_test_xml_escape (names[i]);
      char *path = g_strdup_printf ("xl/worksheets/sheet%u.xml", i + 1);

      g_string_append_printf (workbook, "<sheet name=\"%s\" sheetId=\"%u\" r:id=\"rId%u\"/>", name, i + 1, i + 1);
      g_string_append_printf (rels, "<Relationship Id=\"rId%u\" "
                              "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" "
                              "Target=\"worksheets/sheet%u.xml\"/>", i + 1, i + 1);
      g_string_append_printf (types, "<Override PartName=\"/%s\" "
                              "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>",
                              path);
      g_ptr_array_add (paths, path);
    }
  g_string_append (workbook, "</sheets></workbook>");
  if (shared_strings)
    g_string_append (rels, "<Relationship Id=\"rIdS\" "
                     "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings\" "
                     "Target=\"sharedStrings.xml\"/>");
  if (styles)
    g_string_append (rels, "<Relationship Id=\"rIdT\" "
                     "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles\" "
                     "Target=\"styles.xml\"/>");
  if (extra_relationships)
    g_string_append (rels, extra_relationships);
  g_string_append (rels, "</Relationships>");
  g_string_append (types, "</Types>");

  part = (CpTestPart) { "[Content_Types].xml", types->str, 0 };
  g_array_append_val (parts, part);
  part = (CpTestPart) { "_rels/.rels",
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
    "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
    "<Relationship Id=\"rId1\" "
    "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" "
    "Target=\"xl/workbook.xml\"/></Relationships>", 0 };
  g_array_append_val (parts, part);
  part = (CpTestPart) { "xl/workbook.xml", workbook->str, 0 };
  g_array_append_val (parts, part);
  part = (CpTestPart) { "xl/_rels/workbook.xml.rels", rels->str, 0 };
  g_array_append_val (parts, part);
  for (guint i = 0; i < n_sheets; i++)
    {
      part = (CpTestPart) { g_ptr_array_index (paths, i), sheets[i], 0 };
      g_array_append_val (parts, part);
    }
  if (shared_strings)
    {
      part = (CpTestPart) { "xl/sharedStrings.xml", shared_strings, 0 };
      g_array_append_val (parts, part);
    }
  if (styles)
    {
      part = (CpTestPart) { "xl/styles.xml", styles, 0 };
      g_array_append_val (parts, part);
    }
  return cp_test_zip ((const CpTestPart *) parts->data, parts->len, how);
}

GBytes *
cp_test_ods (const char *tables, CpTestZip how)
{
  g_autofree char *content = g_strconcat (
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<office:document-content xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" "
      "xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" "
      "xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" "
      "xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
      "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" office:version=\"1.3\">"
      "<office:body><office:spreadsheet>", tables,
      "</office:spreadsheet></office:body></office:document-content>", NULL);
  const CpTestPart parts[] = {
    { "mimetype", "application/vnd.oasis.opendocument.spreadsheet", 0 },
    { "content.xml", content, 0 },
    { "META-INF/manifest.xml",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<manifest:manifest xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\" "
      "manifest:version=\"1.3\"><manifest:file-entry manifest:full-path=\"/\" "
      "manifest:media-type=\"application/vnd.oasis.opendocument.spreadsheet\"/>"
      "<manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/>"
      "</manifest:manifest>", 0 },
  };
  return cp_test_zip (parts, G_N_ELEMENTS (parts), how);
}

static gboolean
is_number (const char *text, double *value)
{
  char *end = NULL;

  if (*text == '\0' || g_ascii_isspace (*text))
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return *end == '\0';
}

static char *
column_letters (guint column)
{
  char buffer[8];
  int i = 7;

  buffer[i] = '\0';
  column++;
  while (column > 0)
    {
      buffer[--i] = (char) ('A' + (column - 1) % 26);
      column = (column - 1) / 26;
    }
  return g_strdup (buffer + i);
}

GBytes *
cp_test_xlsx_from_rows (GPtrArray *rows, CpTestZip how)
{
  g_autoptr(GString) sheet = g_string_new (
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
      "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>");
  g_autoptr(GString) strings = g_string_new (NULL);
  g_autoptr(GHashTable) indices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *shared = NULL;
  const char *name = "Sheet1";
  const char *sheets[1];

  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = g_ptr_array_index (rows, r);

      g_string_append_printf (sheet, "<row r=\"%u\">", r + 1);
      for (guint c = 0; cells[c]; c++)
        {
          g_autofree char *letters = column_letters (c);
          double value;

          if (*cells[c] == '\0')
            continue;
          if (is_number (cells[c], &value))
            g_string_append_printf (sheet, "<c r=\"%s%u\"><v>%s</v></c>", letters, r + 1, cells[c]);
          else
            {
              gpointer index;
              if (!g_hash_table_lookup_extended (indices, cells[c], NULL, &index))
                {
                  g_autofree char *escaped = cp_test_xml_escape (cells[c]);
                  index = GUINT_TO_POINTER (g_hash_table_size (indices));
                  g_hash_table_insert (indices, g_strdup (cells[c]), index);
                  g_string_append_printf (strings, "<si><t xml:space=\"preserve\">%s</t></si>", escaped);
                }
              g_string_append_printf (sheet, "<c r=\"%s%u\" t=\"s\"><v>%u</v></c>", letters, r + 1,
                                      GPOINTER_TO_UINT (index));
            }
        }
      g_string_append (sheet, "</row>");
    }
  g_string_append (sheet, "</sheetData></worksheet>");
  shared = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
                            "<sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
                            "uniqueCount=\"%u\">%s</sst>", g_hash_table_size (indices), strings->str);
  sheets[0] = sheet->str;
  return cp_test_xlsx (&name, sheets, 1, shared, NULL, NULL, how);
}

GBytes *
cp_test_ods_from_rows (GPtrArray *rows, CpTestZip how)
{
  g_autoptr(GString) table = g_string_new ("<table:table table:name=\"Sheet1\">");

  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = g_ptr_array_index (rows, r);

      g_string_append (table, "<table:table-row>");
      for (guint c = 0; cells[c]; c++)
        {
          g_autofree char *escaped = cp_test_xml_escape (cells[c]);
          double value;

          if (*cells[c] == '\0')
            g_string_append (table, "<table:table-cell/>");
          else if (is_number (cells[c], &value))
            g_string_append_printf (table, "<table:table-cell office:value-type=\"float\" office:value=\"%s\">"
                                    "<text:p>%s</text:p></table:table-cell>", cells[c], escaped);
          else
            g_string_append_printf (table, "<table:table-cell office:value-type=\"string\">"
                                    "<text:p>%s</text:p></table:table-cell>", escaped);
        }
      g_string_append (table, "</table:table-row>");
    }
  /* As LibreOffice ends a sheet: the rest of its rows, empty. */
  g_string_append (table, "<table:table-row table:number-rows-repeated=\"1048000\">"
                   "<table:table-cell table:number-columns-repeated=\"1024\"/></table:table-row>"
                   "</table:table>");
  return cp_test_ods (table->str, how);
}

GPtrArray *
cp_test_rows_from_csv (const char *csv,
                       gsize       len)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = cp_csv_to_utf8 (csv, len, &error);
  g_autoptr(GPtrArray) records = text != NULL ? cp_csv_tokenize (text, &error) : NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_assert_no_error (error);
  for (guint r = 0; r < records->len; r++)
    {
      const CpCsvRecord *record = g_ptr_array_index (records, r);
      char **cells = g_new0 (char *, record->fields->len + 1);

      for (guint c = 0; c < record->fields->len; c++)
        cells[c] = g_strdup (g_ptr_array_index (record->fields, c));
      /* The BOM is the CSV's, not the header's. */
      if (r == 0 && g_str_has_prefix (cells[0], "\xef\xbb\xbf"))
        memmove (cells[0], cells[0] + 3, strlen (cells[0]) - 2);
      g_ptr_array_add (rows, cells);
    }
  return rows;
}
