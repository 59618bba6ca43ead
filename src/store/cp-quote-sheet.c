/* cp-quote-sheet.c: a vendor's sheet before any quote is made.
 *
 * Reads the bytes (CSV in any of the encodings vendors send, UTF-16
 * "Unicode text", or a workbook's sheet through cp-workbook.c), finds the
 * header row and the title above it, guesses what each column holds from
 * its header and its cells, and keeps the user's changes to that mapping.
 * Reading the rows into quotes is cp-quote-csv.c's. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cp-gpu-match.h"
#include "cp-quote-config.h"
#include "cp-quote-guess.h"
#include "cp-quote-header-fold.h"
#include "cp-quote-price.h"
#include "cp-quote-sheet-private.h"
#include "cp-quote-validity.h"
#include "cp-workbook.h"

void
cp_quote_sheet_free (CpQuoteSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_clear_pointer (&sheet->project, cp_project_free);
  g_clear_pointer (&sheet->records, g_ptr_array_unref);
  for (guint i = 0; i < sheet->n_columns; i++)
    {
      g_free (sheet->headers[i]);
      g_free (sheet->hints[i]);
      g_free (sheet->evidence[i]);
    }
  g_free (sheet->headers);
  g_free (sheet->hints);
  g_free (sheet->evidence);
  g_free (sheet->fields);
  g_free (sheet->headed_as);
  g_clear_pointer (&sheet->sheet_names, g_ptr_array_unref);
  g_free (sheet->title);
  g_free (sheet->vendor);
  g_free (sheet->vendor_source);
  g_free (sheet->valid_until);
  g_free (sheet->valid_until_source);
  g_free (sheet);
}

/* What rows are read against: the settings and the custom catalogue, or
 * a new project's (the same defaults the parser falls back to). */
static CpProject *
reading_context_new (const CpProject *project)
{
  CpProject *context = cp_project_new ();

  if (project == NULL)
    return context;
  context->settings = project->settings;
  cp_catalog_add_all (context->custom, project->custom);
  return context;
}

gboolean
_cp_quote_sheet_record_is_note (const CpQuoteSheet *sheet, const CpCsvRecord *r, const char **note)
{
  guint filled = 0;

  /* A record the tokenizer found broken is reported, never taken as a note. */
  if (sheet->n_columns < 3 || r->error != NULL)
    return FALSE;
  for (guint c = 0; c < r->fields->len; c++)
    if (!cp_csv_is_blank (g_ptr_array_index (r->fields, c)))
      {
        filled++;
        *note = g_ptr_array_index (r->fields, c);
      }
  return filled == 1 && !cp_gpu_match_names_model (sheet->project, *note);
}

/* Whether every filled cell of @column is a GPU count ("8", "8卡",
 * "8*H100"), any GPU it names one of the catalogue's; @names_gpus tells
 * whether every one names its GPU. */
static gboolean
column_holds_counts (const CpQuoteSheet *sheet, guint column, gboolean *names_gpus)
{
  gboolean any = FALSE;

  *names_gpus = TRUE;
  for (guint r = 1; r < sheet->records->len; r++)
    {
      const CpCsvRecord *record = g_ptr_array_index (sheet->records, r);
      const char *text = column < record->fields->len ? g_ptr_array_index (record->fields, column) : NULL;
      const char *note = NULL;
      g_autofree char *name = NULL;
      guint count;

      /* A footnote in the first column ("注：…") is no cell of it. */
      if (cp_csv_is_blank (text) || _cp_quote_sheet_record_is_note (sheet, record, &note))
        continue;
      if (!cp_quote_read_gpu_count (text, &count, &name))
        return FALSE;
      if (name && !cp_gpu_match_names_model (sheet->project, name))
        return FALSE;
      *names_gpus = *names_gpus && name != NULL;
      any = TRUE;
    }
  return any;
}

/* "配置" or "规格" is an offer's name in one sheet and its GPU count
 * ("8卡", "8*H100") in another: without a GPUs-per-node column, a column
 * read as the offer whose every cell is a count is the count. */
static void
guess_count_column (CpQuoteSheet *sheet)
{
  gboolean has_gpu = FALSE;
  gboolean names_gpus;

  for (guint i = 0; i < sheet->n_columns; i++)
    {
      if (sheet->fields[i] == CP_QUOTE_COLUMN_GPUS_PER_NODE)
        return;
      has_gpu = has_gpu || sheet->fields[i] == CP_QUOTE_COLUMN_GPU;
    }
  for (guint i = 0; i < sheet->n_columns; i++)
    if (sheet->fields[i] == CP_QUOTE_COLUMN_OFFER && column_holds_counts (sheet, i, &names_gpus))
      {
        /* "8×4090" with no GPU column is the GPU, its count with it
         * (the GPU cell reads both). */
        sheet->fields[i] = names_gpus && !has_gpu ? CP_QUOTE_COLUMN_GPU : CP_QUOTE_COLUMN_GPUS_PER_NODE;
        return;
      }
}

/* Columns @i and @j both count machines: one headed "库存" (stock), which
 * holds words as often as a count ("现货", "需预订2周"), gives way to the
 * other ("可租台数"), rather than the two being a question only the user
 * can answer (walk41 F1). Whether one did; @i's field set either way. */
static gboolean
yield_stock_column (CpQuoteSheet *sheet, guint i, guint j)
{
  g_autofree char *norm_i = cp_quote_header_normalize (sheet->headers[i], NULL);
  g_autofree char *norm_j = cp_quote_header_normalize (sheet->headers[j], NULL);
  guint stock;

  if (cp_quote_header_is_stock (norm_i) == cp_quote_header_is_stock (norm_j))
    return FALSE;
  stock = cp_quote_header_is_stock (norm_i) ? i : j;
  sheet->fields[i] = stock == i ? CP_QUOTE_COLUMN_UNUSED : CP_QUOTE_COLUMN_NODES;
  sheet->fields[stock] = CP_QUOTE_COLUMN_UNUSED;
  g_free (sheet->evidence[stock]);
  /* Translators: %s is the column header that counts machines, such as 可租台数 */
  sheet->evidence[stock] = g_strdup_printf (_("stock: the number of machines is read from “%s”"),
                                            sheet->headers[stock == i ? j : i]);
  return TRUE;
}

/* How many filled cells of @column describe a machine in parts ("2TB 内存
 * / 8卡 / 4×400G IB"), for "配置" beside "机型": more than the GPUs. */
static gboolean
column_holds_machines (const CpQuoteSheet *sheet, guint column, char **evidence)
{
  /* A text the column repeats (most of a vendor's list) is read once:
   * 1 + whether it describes a machine. */
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint matched = 0, filled = 0;

  for (guint r = 1; r < sheet->records->len; r++)
    {
      const CpCsvRecord *record = g_ptr_array_index (sheet->records, r);
      const char *text = column < record->fields->len ? g_ptr_array_index (record->fields, column) : NULL;
      const char *note = NULL;
      guint known;

      if (cp_csv_is_blank (text) || _cp_quote_sheet_record_is_note (sheet, record, &note))
        continue;
      filled++;
      known = GPOINTER_TO_UINT (g_hash_table_lookup (seen, text));
      if (known == 0)
        {
          CpQuoteConfig config;
          gboolean machine = FALSE;

          if (cp_quote_config_read_machine (sheet->project, text, &config))
            {
              machine = config.memory != NULL || config.network != NULL || config.storage != NULL
                        || config.unused->len > 0;
              cp_quote_config_clear (&config);
            }
          known = 1 + machine;
          g_hash_table_insert (seen, (gpointer) text, GUINT_TO_POINTER (known));
        }
      matched += known - 1;
    }
  if (matched == 0 || matched * 2 < filled)
    return FALSE;
  /* Translators: "3 of 3 cells describe a machine (GPUs, memory, network)" */
  *evidence = g_strdup_printf (_("%u of %u cells describe a machine (GPUs, memory, network)"), matched, filled);
  return TRUE;
}

/* "机型" and "配置" side by side both name the offer by their headers:
 * the one whose cells describe a machine is its configuration, read for
 * what the plan uses, and the other stays the offer (or, by its cells,
 * the GPU). Returns the field for column @i, whose header means @col
 * that column @j's already does. */
static int
split_offer_columns (CpQuoteSheet *sheet, guint i, guint j, int col)
{
  for (guint k = 0; k < i; k++)
    if (sheet->fields[k] == CP_QUOTE_COLUMN_CONFIG)
      return col;
  if (col != CP_QUOTE_COLUMN_OFFER)
    return col;
  if (column_holds_machines (sheet, i, &sheet->evidence[i]))
    return CP_QUOTE_COLUMN_CONFIG;
  if (column_holds_machines (sheet, j, &sheet->evidence[j]))
    sheet->fields[j] = CP_QUOTE_COLUMN_CONFIG;
  return col;
}

/* The first unused column headed as a price: a vendor's second price for
 * the same machines ("月租" beside "单价"), which a mapping of one column
 * per field leaves out; -1 if none. */
static int
find_other_price_column (const CpQuoteSheet *sheet)
{
  for (guint i = 0; i < sheet->n_columns; i++)
    if (sheet->fields[i] == CP_QUOTE_COLUMN_UNUSED && sheet->headed_as[i] == CP_QUOTE_COLUMN_PRICE)
      return (int) i;
  return -1;
}

static void
guess_fields (CpQuoteSheet *sheet)
{
  const CpCsvRecord *header = g_ptr_array_index (sheet->records, 0);
  gboolean second_price = FALSE;

  sheet->n_columns = header->fields->len;
  sheet->headers = g_new0 (char *, sheet->n_columns);
  sheet->hints = g_new0 (char *, sheet->n_columns);
  sheet->fields = g_new0 (int, sheet->n_columns);
  sheet->headed_as = g_new0 (int, sheet->n_columns);
  sheet->evidence = g_new0 (char *, sheet->n_columns);

  for (guint i = 0; i < sheet->n_columns; i++)
    {
      const char *text = g_ptr_array_index (header->fields, i);
      g_autofree char *norm = cp_quote_header_normalize (text, &sheet->hints[i]);
      int col = cp_quote_header_to_column (norm);

      sheet->headed_as[i] = col;
      sheet->headers[i] = g_strstrip (g_strdup (text));
      /* A BOM glued to the first header is not part of its name. */
      if (g_str_has_prefix (sheet->headers[i], "\xef\xbb\xbf"))
        memmove (sheet->headers[i], sheet->headers[i] + 3, strlen (sheet->headers[i]) - 2);

      for (guint j = 0; j < i && col >= 0; j++)
        if (sheet->fields[j] == col)
          {
            col = split_offer_columns (sheet, i, j, col);
            if (sheet->fields[j] != col)
              break;
            if (col == CP_QUOTE_COLUMN_NODES && yield_stock_column (sheet, i, j))
              {
                col = sheet->fields[i];
                break;
              }
            /* A second price ("月租" beside "单价") is the same machines at
             * another unit, read beside the first (_cp_quote_sheet_map_columns()). */
            if (col == CP_QUOTE_COLUMN_PRICE && !second_price)
              second_price = TRUE;
            else
              sheet->duplicates = TRUE;
            col = CP_QUOTE_COLUMN_UNUSED;
          }
      sheet->fields[i] = col;
    }
  guess_count_column (sheet);
  cp_quote_guess_by_content (sheet->project, sheet->records, 1, sheet->n_columns, sheet->fields,
                             sheet->evidence);
  sheet->other_price_column = find_other_price_column (sheet);
  /* "Not used" alone would hide that the second price is read. */
  if (second_price && sheet->other_price_column >= 0)
    {
      guint i = (guint) sheet->other_price_column;

      g_free (sheet->evidence[i]);
      sheet->evidence[i] = g_strdup (_("a second price for the same machines: each row takes the price "
                                       "that bills less over its minimum term, the other kept in its notes"));
    }
}

/* Takes @records: the rows from the header on (a title or a validity note
 * above it is not a column name), and the guess of what each column is. */
static gboolean
sheet_take_records (CpQuoteSheet *sheet, GPtrArray *records, GError **error)
{
  guint header;

  sheet->records = records;
  if (sheet->records->len == 0 && sheet->sheet >= 0)
    {
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_EMPTY, _("sheet “%s” is empty"),
                   (const char *) g_ptr_array_index (sheet->sheet_names, sheet->sheet));
      return FALSE;
    }
  if (sheet->records->len == 0)
    {
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_EMPTY,
                   _("the file is empty"));
      return FALSE;
    }
  header = cp_quote_guess_header_row (sheet->records);
  for (guint i = 0; i < header && sheet->title == NULL; i++)
    {
      const CpCsvRecord *above = g_ptr_array_index (sheet->records, i);
      for (guint c = 0; c < above->fields->len && sheet->title == NULL; c++)
        if (!cp_csv_is_blank (g_ptr_array_index (above->fields, c)))
          sheet->title = g_strstrip (g_strdup (g_ptr_array_index (above->fields, c)));
    }
  sheet->valid_until = cp_quote_validity_above_header (sheet->records, header, &sheet->valid_until_source);
  if (sheet->title != NULL)
    {
      sheet->vendor = cp_quote_vendor_from_title (sheet->title, FALSE);
      if (sheet->vendor != NULL)
        /* Translators: where a vendor's name was found, "the title row “XX云 GPU 报价单 2026-11”" */
        sheet->vendor_source = g_strdup_printf (_("the title row “%s”"), sheet->title);
    }
  if (header > 0)
    g_ptr_array_remove_range (sheet->records, 0, header);
  cp_quote_header_fold (sheet->records);
  if (sheet->records->len == 1)
    {
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_NO_ROWS,
                   _("the file has a header but no quotes"));
      return FALSE;
    }
  guess_fields (sheet);
  return TRUE;
}

/* The rows of a workbook's sheet as the CSV tokenizer gives them, each
 * numbered by its row in the sheet. */
static GPtrArray *
workbook_records (GPtrArray *rows)
{
  GPtrArray *records = g_ptr_array_new_with_free_func (cp_csv_record_free);

  for (guint i = 0; i < rows->len; i++)
    {
      CpWorkbookRow *row = g_ptr_array_index (rows, i);
      CpCsvRecord *record = g_new0 (CpCsvRecord, 1);

      record->line = row->row;
      record->fields = g_ptr_array_ref (row->cells);
      g_ptr_array_add (records, record);
    }
  return records;
}

/* Whether a workbook sheet's @rows have a GPU and a price column, as the
 * importer would read them. */
static gboolean
rows_read_as_quotes (const CpProject *project, GPtrArray *rows)
{
  g_autoptr(CpQuoteSheet) trial = g_new0 (CpQuoteSheet, 1);
  gboolean gpu = FALSE, price = FALSE;

  trial->project = reading_context_new (project);
  trial->sheet_names = g_ptr_array_new ();
  trial->sheet = -1;
  if (!sheet_take_records (trial, workbook_records (rows), NULL))
    return FALSE;
  for (guint i = 0; i < trial->n_columns; i++)
    {
      gpu = gpu || trial->fields[i] == CP_QUOTE_COLUMN_GPU;
      price = price || trial->fields[i] == CP_QUOTE_COLUMN_PRICE;
    }
  return gpu && price;
}

/* @sheet_index < 0: the first sheet whose columns read as quotes, else
 * the first with a header and a row. */
static gboolean
sheet_read_workbook (CpQuoteSheet *sheet, const char *data, gsize len, int sheet_index, GError **error)
{
  g_autoptr(CpWorkbook) workbook = cp_workbook_new (data, len, error);
  g_autoptr(GPtrArray) rows = NULL;

  if (workbook == NULL)
    return FALSE;
  for (guint i = 0; i < cp_workbook_get_n_sheets (workbook); i++)
    g_ptr_array_add (sheet->sheet_names, g_strdup (cp_workbook_get_sheet_name (workbook, i)));
  if (sheet_index >= (int) cp_workbook_get_n_sheets (workbook))
    {
      g_set_error (error, CP_WORKBOOK_ERROR, CP_WORKBOOK_ERROR_NO_SHEET,
                   _("the workbook has no sheet %u; it has %u"), (guint) sheet_index + 1,
                   cp_workbook_get_n_sheets (workbook));
      return FALSE;
    }
  if (sheet_index < 0)
    {
      int first_with_rows = -1;

      /* A cover sheet ("说明", "联系方式") may come first: the first sheet
       * whose columns read as GPUs and prices, else the first with rows. */
      for (guint i = 0; i < cp_workbook_get_n_sheets (workbook) && sheet_index < 0; i++)
        {
          g_autoptr(GPtrArray) tried = cp_workbook_read_sheet (workbook, i, error);
          if (tried == NULL)
            return FALSE;
          if (tried->len >= 2 && first_with_rows < 0)
            first_with_rows = (int) i;
          if (tried->len >= 2 && rows_read_as_quotes (sheet->project, tried))
            {
              sheet_index = (int) i;
              rows = g_steal_pointer (&tried);
            }
        }
      sheet_index = sheet_index >= 0 ? sheet_index : MAX (first_with_rows, 0);
    }
  if (rows == NULL)
    rows = cp_workbook_read_sheet (workbook, (guint) sheet_index, error);
  if (rows == NULL)
    return FALSE;
  sheet->sheet = sheet_index;
  return sheet_take_records (sheet, workbook_records (rows), error);
}

CpQuoteSheet *
cp_quote_sheet_new_full (const char      *data,
                         gsize            len,
                         const CpProject *project,
                         int              sheet_index,
                         GError         **error)
{
  g_autoptr(CpQuoteSheet) sheet = g_new0 (CpQuoteSheet, 1);
  g_autofree char *utf16 = NULL;
  g_autofree char *text = NULL;
  GPtrArray *records;
  gsize utf16_len = 0;

  sheet->project = reading_context_new (project);
  sheet->sheet_names = g_ptr_array_new_with_free_func (g_free);
  sheet->sheet = -1;
  if (len > CP_QUOTE_CSV_MAX_BYTES)
    {
      cp_csv_set_too_large (error);
      return NULL;
    }
  if (cp_workbook_is_workbook (data, len))
    return sheet_read_workbook (sheet, data, len, sheet_index, error) ? g_steal_pointer (&sheet) : NULL;
  /* Excel's "Unicode text" is UTF-16 with a byte-order mark (and tabs,
   * which the tokenizer reads); its NULs are not the ones cp_csv_to_utf8 refuses. */
  if (len >= 2 && ((guchar) data[0] == 0xff && (guchar) data[1] == 0xfe))
    utf16 = g_convert (data + 2, len - 2, "UTF-8", "UTF-16LE", NULL, &utf16_len, NULL);
  else if (len >= 2 && ((guchar) data[0] == 0xfe && (guchar) data[1] == 0xff))
    utf16 = g_convert (data + 2, len - 2, "UTF-8", "UTF-16BE", NULL, &utf16_len, NULL);
  text = utf16 ? cp_csv_to_utf8 (utf16, utf16_len, error) : cp_csv_to_utf8 (data, len, error);
  if (text == NULL)
    return NULL;
  records = cp_csv_tokenize (text, error);
  if (records == NULL || !sheet_take_records (sheet, records, error))
    return NULL;
  return g_steal_pointer (&sheet);
}

CpQuoteSheet *
cp_quote_sheet_new (const char      *data,
                    gsize            len,
                    const CpProject *project,
                    GError         **error)
{
  return cp_quote_sheet_new_full (data, len, project, -1, error);
}

CpQuoteSheet *
cp_quote_sheet_copy (const CpQuoteSheet *sheet)
{
  CpQuoteSheet *copy = g_new0 (CpQuoteSheet, 1);

  copy->project = reading_context_new (sheet->project);
  copy->records = g_ptr_array_ref (sheet->records);
  copy->n_columns = sheet->n_columns;
  copy->headers = g_new0 (char *, sheet->n_columns);
  copy->hints = g_new0 (char *, sheet->n_columns);
  for (guint i = 0; i < sheet->n_columns; i++)
    {
      copy->headers[i] = g_strdup (sheet->headers[i]);
      copy->hints[i] = g_strdup (sheet->hints[i]);
    }
  copy->evidence = g_new0 (char *, sheet->n_columns);
  for (guint i = 0; i < sheet->n_columns; i++)
    copy->evidence[i] = g_strdup (sheet->evidence[i]);
  copy->fields = g_memdup2 (sheet->fields, sheet->n_columns * sizeof *sheet->fields);
  copy->headed_as = g_memdup2 (sheet->headed_as, sheet->n_columns * sizeof *sheet->headed_as);
  copy->other_price_column = sheet->other_price_column;
  copy->duplicates = sheet->duplicates;
  copy->sheet_names = g_ptr_array_ref (sheet->sheet_names);
  copy->sheet = sheet->sheet;
  copy->title = g_strdup (sheet->title);
  copy->vendor = g_strdup (sheet->vendor);
  copy->vendor_source = g_strdup (sheet->vendor_source);
  copy->valid_until = g_strdup (sheet->valid_until);
  copy->valid_until_source = g_strdup (sheet->valid_until_source);
  return copy;
}

const CpSettings *
cp_quote_sheet_get_settings (const CpQuoteSheet *sheet)
{
  return &sheet->project->settings;
}

guint
cp_quote_sheet_get_n_columns (const CpQuoteSheet *sheet)
{
  return sheet->n_columns;
}

const char *
cp_quote_sheet_get_header (const CpQuoteSheet *sheet,
                           guint               column)
{
  g_return_val_if_fail (column < sheet->n_columns, NULL);
  return sheet->headers[column];
}

int
cp_quote_sheet_get_field (const CpQuoteSheet *sheet,
                          guint               column)
{
  g_return_val_if_fail (column < sheet->n_columns, CP_QUOTE_COLUMN_UNUSED);
  return sheet->fields[column];
}

void
cp_quote_sheet_set_field (CpQuoteSheet *sheet,
                          guint         column,
                          int           field)
{
  g_return_if_fail (column < sheet->n_columns);
  g_return_if_fail (field >= CP_QUOTE_COLUMN_UNUSED && field < CP_N_QUOTE_COLUMNS);

  if (field != CP_QUOTE_COLUMN_UNUSED)
    for (guint i = 0; i < sheet->n_columns; i++)
      if (sheet->fields[i] == field)
        {
          sheet->fields[i] = CP_QUOTE_COLUMN_UNUSED;
          g_clear_pointer (&sheet->evidence[i], g_free);
        }
  sheet->fields[column] = field;
  /* The user's choice is no longer a guess. */
  g_clear_pointer (&sheet->evidence[column], g_free);
  sheet->other_price_column = find_other_price_column (sheet);
}

const char *
cp_quote_sheet_get_column_label (const CpQuoteSheet *sheet,
                                 guint               column)
{
  g_return_val_if_fail (column < sheet->n_columns, NULL);
  /* Read beside the price, though no field is its own: "Not used" said
   * the vendor's 月租 was left out while rows were priced from it. */
  if ((int) column == sheet->other_price_column && sheet->fields[column] == CP_QUOTE_COLUMN_UNUSED)
    return _("Second price");
  return cp_quote_column_get_label (sheet->fields[column]);
}

gboolean
cp_quote_sheet_has_duplicates (const CpQuoteSheet *sheet)
{
  return sheet->duplicates;
}

const char *
cp_quote_sheet_get_evidence (const CpQuoteSheet *sheet,
                             guint               column)
{
  g_return_val_if_fail (column < sheet->n_columns, NULL);
  return sheet->evidence[column];
}

guint
cp_quote_sheet_get_n_sheets (const CpQuoteSheet *sheet)
{
  return sheet->sheet_names->len;
}

const char *
cp_quote_sheet_get_sheet_name (const CpQuoteSheet *sheet,
                               guint               index)
{
  g_return_val_if_fail (index < sheet->sheet_names->len, NULL);
  return g_ptr_array_index (sheet->sheet_names, index);
}

int
cp_quote_sheet_get_sheet (const CpQuoteSheet *sheet)
{
  return sheet->sheet;
}

const char *
cp_quote_sheet_get_vendor (const CpQuoteSheet *sheet)
{
  return sheet->vendor;
}

const char *
cp_quote_sheet_get_vendor_source (const CpQuoteSheet *sheet)
{
  return sheet->vendor_source;
}

void
cp_quote_sheet_set_vendor (CpQuoteSheet *sheet,
                           const char   *vendor)
{
  g_autofree char *name = vendor ? g_strstrip (g_strdup (vendor)) : NULL;

  g_clear_pointer (&sheet->vendor, g_free);
  g_clear_pointer (&sheet->vendor_source, g_free);
  if (name != NULL && *name != '\0')
    sheet->vendor = g_steal_pointer (&name);
}

const char *
_cp_quote_sheet_get_name (const CpQuoteSheet *sheet)
{
  return sheet->sheet >= 0 ? g_ptr_array_index (sheet->sheet_names, sheet->sheet) : NULL;
}

char *
cp_quote_sheet_format_place (const CpQuoteSheet *sheet,
                             guint               line,
                             gboolean            capitalised)
{
  return cp_quote_format_place (_cp_quote_sheet_get_name (sheet), line, capitalised);
}

void
_cp_quote_sheet_map_columns (const CpQuoteSheet *sheet, CpQuoteHeader *h)
{
  for (guint c = 0; c < CP_N_QUOTE_COLUMNS; c++)
    {
      h->index[c] = -1;
      h->header[c] = NULL;
      h->hint[c] = NULL;
    }
  for (guint i = 0; i < sheet->n_columns; i++)
    if (sheet->fields[i] >= 0)
      {
        h->index[sheet->fields[i]] = (int) i;
        h->header[sheet->fields[i]] = sheet->headers[i];
        h->hint[sheet->fields[i]] = sheet->hints[i];
      }
  h->other_price_index = -1;
  h->other_price_header = NULL;
  h->other_price_hint = NULL;
  if (h->index[CP_QUOTE_COLUMN_PRICE] >= 0 && sheet->other_price_column >= 0)
    {
      h->other_price_index = sheet->other_price_column;
      h->other_price_header = sheet->headers[sheet->other_price_column];
      h->other_price_hint = sheet->hints[sheet->other_price_column];
    }
  h->stock_words_index = -1;
  h->stock_words_header = NULL;
  for (guint i = 0; i < sheet->n_columns && h->index[CP_QUOTE_COLUMN_NODES] >= 0; i++)
    if (sheet->fields[i] == CP_QUOTE_COLUMN_UNUSED && sheet->headed_as[i] == CP_QUOTE_COLUMN_NODES)
      {
        g_autofree char *norm = cp_quote_header_normalize (sheet->headers[i], NULL);

        if (cp_quote_header_is_stock (norm))
          {
            h->stock_words_index = (int) i;
            h->stock_words_header = sheet->headers[i];
            break;
          }
      }
}

CpQuoteSheet *
cp_quote_sheet_new_from_file_full (const char      *path,
                                   const CpProject *project,
                                   int              sheet_index,
                                   GError         **error)
{
  gsize len = 0;
  g_autofree char *data = cp_csv_read_file_contents (path, &len, error);

  CpQuoteSheet *sheet;

  if (data == NULL)
    return NULL;
  sheet = cp_quote_sheet_new_full (data, len, project, sheet_index, error);
  /* Without a title naming the vendor, "星河云-报价-2026-11.xlsx" may. */
  if (sheet != NULL && sheet->vendor == NULL)
    {
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *display = g_filename_display_name (base);
      char *dot = strrchr (display, '.');

      if (dot != NULL && dot != display)
        *dot = '\0';
      sheet->vendor = cp_quote_vendor_from_title (display, TRUE);
      if (sheet->vendor != NULL)
        /* Translators: where a vendor's name was found */
        sheet->vendor_source = g_strdup_printf (_("the file name “%s”"), base);
    }
  return sheet;
}

CpQuoteSheet *
cp_quote_sheet_new_from_file (const char      *path,
                              const CpProject *project,
                              GError         **error)
{
  return cp_quote_sheet_new_from_file_full (path, project, -1, error);
}
