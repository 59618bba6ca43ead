/* cp-quote-csv.c: the quote importer.
 *
 * Reads a sheet's rows into quotes as its column mapping says, with the
 * cells it has (cp-quote-cells.c, cp-quote-price.c, cp-quote-fabric.c),
 * the preview's one-line account of a quote and adding the quotes to a
 * project. The sheet itself (its records, the guess of its columns and
 * the user's mapping) is cp-quote-sheet.c's; tokenising is cp-csv-tokenizer.c's
 * (cp-workbook.c's for .xlsx and .ods), header names cp-quote-header.c's,
 * a header of two rows cp-quote-header-fold.c's, the header row and
 * columns known by their content cp-quote-guess.c's, GPU names
 * cp-gpu-match.c's, the sheet's stated validity cp-quote-validity.c's;
 * writing quotes back as CSV is cp-quote-csv-write.c's. */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include "planner/cp-units.h"
#include "cp-fields.h"
#include "cp-gpu-match.h"
#include "cp-quote-cells.h"
#include "cp-quote-config.h"
#include "cp-quote-tax.h"
#include "cp-quote-csv.h"
#include "cp-quote-fabric.h"
#include "cp-quote-offer.h"
#include "cp-quote-price.h"
#include "cp-quote-regex.h"
#include "cp-quote-sheet-private.h"
#include "cp-quote-validity.h"

G_DEFINE_QUARK (cp-quote-csv-error-quark, cp_quote_csv_error)

static void
line_error_free (gpointer data)
{
  CpCsvLineError *e = data;

  g_free (e->message);
  g_free (e);
}

void
cp_quote_csv_result_free (CpQuoteCsvResult *result)
{
  if (result == NULL)
    return;
  g_ptr_array_unref (result->quotes);
  g_ptr_array_unref (result->errors);
  g_ptr_array_unref (result->ignored_columns);
  g_ptr_array_unref (result->notes);
  g_ptr_array_unref (result->rows);
  g_free (result);
}

static void
row_free (gpointer data)
{
  CpQuoteCsvRow *row = data;

  g_ptr_array_unref (row->problems);
  g_ptr_array_unref (row->assumptions);
  g_ptr_array_unref (row->incomplete);
  g_ptr_array_unref (row->warnings);
  g_free (row);
}

/* The vendor's own words for a machine (a 配置 cell) name the quote when
 * the sheet has no offer column (three rows of one vendor were otherwise
 * all "华东智算", walk38), and are kept in its notes as written beside
 * one: never behind a label in the importing window's language, which an
 * English report printed as typed Chinese (walk38 F6). */
static void
keep_vendor_words (const CpQuoteHeader *h, const char *text, CpQuote *quote)
{
  if (h->index[CP_QUOTE_COLUMN_OFFER] < 0 && (quote->offer_name == NULL || *quote->offer_name == '\0'))
    {
      g_free (quote->offer_name);
      quote->offer_name = g_strdup (text);
    }
  else if (g_strcmp0 (quote->offer_name, text) != 0)
    cp_quote_add_note (quote, text);
}

/* Whether the column read as @col is headed as the offer's ("配置", "机型"
 * whose cells turned out to be GPUs). */
static gboolean
headed_as_offer (const CpQuoteHeader *h, CpQuoteColumn col)
{
  g_autofree char *norm = h->header[col] != NULL ? cp_quote_header_normalize (h->header[col], NULL) : NULL;

  return norm != NULL && cp_quote_header_to_column (norm) == CP_QUOTE_COLUMN_OFFER;
}

/* A configuration cell read into @config: in the GPU column ("2×Intel
 * 8468 / 2TB 内存 / 8×H800 80G / 4×400G IB"), or beside it ("2TB 内存 /
 * 8卡 / 4×400G IB" next to 机型 "H800"). Host memory, network and disks
 * fill what their own columns leave empty; all of it is kept in the notes,
 * as the vendor wrote it. The GPUs and their count are the caller's. */
static void
apply_config_cell (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, const char *text,
                   const CpQuoteConfig *config, CpQuoteFabric *network, CpQuote *quote)
{
  g_autoptr(GString) read = g_string_new (NULL);

  if (config->gpu == NULL && config->gpu_count > 0)
    g_string_append_printf (read, g_dngettext (GETTEXT_PACKAGE, "%u GPU", "%u GPUs", config->gpu_count),
                            config->gpu_count);
  if (config->memory != NULL && cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_HOST_MEMORY)))
    {
      quote->host_memory_per_node_bytes = config->memory_bytes;
      g_string_append_printf (read, "%s%s", read->len ? _(", ") : "", config->memory);
    }
  if (config->network != NULL && cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_NETWORK))
      && cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_BANDWIDTH)))
    {
      *network = config->fabric;
      g_string_append_printf (read, "%s%s", read->len ? _(", ") : "", config->network);
    }
  if (config->storage != NULL && cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_STORAGE)))
    cp_quote_cell_parse (cell, CP_QUOTE_COLUMN_STORAGE, config->storage, quote);
  if (config->gpu == NULL)
    /* Translators: a column header, its cell, and the parts read ("8 GPUs, 2TB 内存, 4×400G IB") */
    cp_quote_cell_assume (cell, _("%s “%s”: read %s"), cell->header, text, read->str);
  else if (read->len > 0)
    /* Translators: a column header, its cell, the GPU part of it, and the other parts read ("2TB 内存, 4×400G IB") */
    cp_quote_cell_assume (cell, _("%s “%s”: the GPUs are “%s”; also read: %s"), cell->header, text, config->gpu,
                          read->str);
  else
    cp_quote_cell_assume (cell, _("%s “%s”: the GPUs are “%s”"), cell->header, text, config->gpu);
  if (config->unused->len > 0)
    {
      g_autofree char *unused = NULL;

      g_ptr_array_add (config->unused, NULL);
      unused = g_strjoinv (_("”, “"), (char **) config->unused->pdata);
      g_ptr_array_remove_index (config->unused, config->unused->len - 1);
      /* Translators: parts of a configuration cell the plan has no use for ("2×Intel 8468") */
      cp_quote_cell_assume (cell, _("“%s” not used by the plan; kept with the quote as the vendor wrote it"), unused);
    }
  keep_vendor_words (h, text, quote);
}

/* A 配置 cell with the whole machine in the GPU column: its GPU part is
 * the GPU cell. Returns the GPU part, or NULL when @text is not such a cell. */
static char *
read_config_cell (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, const char *text,
                  CpQuoteFabric *network, CpQuote *quote)
{
  CpQuoteConfig config;
  char *gpu;

  if (!cp_quote_config_read (cell->project, text, &config))
    return NULL;
  apply_config_cell (cell, r, h, text, &config, network, quote);
  gpu = g_steal_pointer (&config.gpu);
  cp_quote_config_clear (&config);
  return gpu;
}

/* The machine column beside the GPU column (机型 and 配置): read before
 * the other cells, its GPU count stands unless the GPU cell states one,
 * and its GPUs are the row's when the GPU cell is empty. The GPU part
 * stays in @machine for the GPU cell to compare. */
static void
read_machine_cell (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, CpQuoteConfig *machine,
                   CpQuoteFabric *network, gboolean *gpus_known, CpQuote *quote)
{
  const char *text = cp_quote_header_field (r, h, CP_QUOTE_COLUMN_CONFIG);
  g_autofree char *stripped = NULL;
  guint count = 0;

  if (cp_csv_is_blank (text))
    return;
  stripped = g_strstrip (g_strdup (text));
  cell->header = h->header[CP_QUOTE_COLUMN_CONFIG];
  cell->hint = NULL;
  if (!cp_quote_config_read_machine (cell->project, stripped, machine))
    {
      /* Translators: a column header and its cell, which names nothing the plan uses */
      cp_quote_cell_assume (cell, _("%s “%s” names no GPU, count, memory or network; kept with the quote as "
                                    "the vendor wrote it"),
                            cell->header, stripped);
      keep_vendor_words (h, stripped, quote);
      return;
    }
  apply_config_cell (cell, r, h, stripped, machine, network, quote);
  if (machine->gpu != NULL)
    {
      g_autofree char *name = cp_quote_price_split_gpu_count (machine->gpu, &count);

      if (cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_GPU)))
        cp_quote_cell_parse (cell, CP_QUOTE_COLUMN_GPU, name, quote);
    }
  if (count == 0)
    count = machine->gpu_count;
  if (count > 0)
    {
      quote->gpus_per_node = count;
      *gpus_known = TRUE;
    }
}

/* The GPU cell beside a machine column: "GPU服务器 G8600" names the
 * machine (the offer, when no column names one) and the configuration's
 * GPUs are the row's; a GPU named in both must be the same. Returns the
 * GPU text to read, NULL to keep @name. */
static char *
gpu_from_machine (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, const char *value,
                  const char *name, const CpQuoteConfig *machine, CpQuote *quote)
{
  const char *machine_header = h->header[CP_QUOTE_COLUMN_CONFIG];

  if (machine->gpu == NULL)
    return NULL;
  if (!cp_gpu_match_names_model (cell->project, name))
    {
      if (cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_OFFER)))
        {
          /* The machine's name names the quote; 配置, which did till now
           * (keep_vendor_words()), stays in its notes as written. */
          if (quote->offer_name != NULL && *quote->offer_name != '\0')
            cp_quote_add_note (quote, quote->offer_name);
          cp_quote_cell_parse (cell, CP_QUOTE_COLUMN_OFFER, value, quote);
        }
      /* Translators: a column header and its cell, then the other column and its GPU part ("8×A800 80G") */
      cp_quote_cell_assume (cell, _("%s “%s” names no GPU: the machine’s name; the GPUs are %s’s “%s”"),
                            cell->header, value, machine_header, machine->gpu);
      return g_strdup (machine->gpu);
    }
  {
    g_autofree char *other = cp_quote_price_split_gpu_count (machine->gpu, &(guint){ 0 });
    const CpGpuSpec *a = cp_quote_csv_find_gpu (cell->project, name, NULL);
    const CpGpuSpec *b = cp_quote_csv_find_gpu (cell->project, other, NULL);

    if (a != NULL && b != NULL && strcmp (a->id, b->id) != 0)
      /* Translators: two column headers, each with its cell */
      cp_quote_cell_error (cell, _("%s “%s” and %s “%s” name different GPUs"), cell->header, value,
                           machine_header, machine->gpu);
  }
  return NULL;
}

/* A 数量 cell: machines ("2", "2台"), or GPUs when it says so ("8卡",
 * "16 GPUs"): as many machines as that makes of the row's @gpus_known
 * GPUs per node, or, when the row has not said, one machine of them. */
static void
read_quantity_cell (CpQuoteCell *cell, const char *text, gboolean *gpus_known, CpQuote *quote)
{
  guint count;

  if (cp_parse_count_of (text, CP_PRICE_SUBJECT_NODE, &count, NULL) || !cp_parse_count_of (text, CP_PRICE_SUBJECT_GPU,
                                                                                            &count, NULL)
      || count == 0)
    {
      cp_quote_cell_parse (cell, CP_QUOTE_COLUMN_NODES, text, quote);
      return;
    }
  if (!*gpus_known)
    {
      quote->gpus_per_node = count;
      quote->nodes_available = 1;
      *gpus_known = TRUE;
      cp_quote_cell_assume (cell, g_dngettext (GETTEXT_PACKAGE, "%s “%s” counts GPUs: one machine of %u GPU",
                                               "%s “%s” counts GPUs: one machine of %u GPUs", count),
                            cell->header, text, count);
      return;
    }
  if (count % quote->gpus_per_node != 0)
    {
      cp_quote_cell_error (cell, _("%s “%s” counts GPUs, but that is no whole number of machines of %u GPUs"),
                           cell->header, text, quote->gpus_per_node);
      return;
    }
  quote->nodes_available = count / quote->gpus_per_node;
  cp_quote_cell_assume (cell, g_dngettext (GETTEXT_PACKAGE, "%s “%s” counts GPUs: %u machine of %u GPUs",
                                           "%s “%s” counts GPUs: %u machines of %u GPUs", quote->nodes_available),
                        cell->header, text, quote->nodes_available, quote->gpus_per_node);
}

/* 备注 as vendors fill it: a minimum term ("最低租期 1 个月", "起租 3 个月",
 * "3个月起租") into the quote's minimum term and monthly billing ("包月")
 * into its billing step when no column states them (tax is read_tax()'s).
 * TRUE when a term was read. */
static gboolean
read_remarks (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, CpQuote *quote)
{
  const char *text = cp_quote_header_field (r, h, CP_QUOTE_COLUMN_NOTES);
  static gsize term_regex;
  GRegex *term;
  g_autoptr(GMatchInfo) match = NULL;
  gboolean term_read = FALSE;

  if (cp_csv_is_blank (text))
    return FALSE;
  cell->header = h->header[CP_QUOTE_COLUMN_NOTES];
  cell->hint = NULL;
  /* "按月起租" (rented from a month up) is one unit of the period it names:
   * group 3, read as "1月". */
  term = cp_quote_regex_once (&term_regex, "(?:最低租期|最短租期|最低租用|最短租用|起租期|租期至少|至少租|最少租|起租|minimum term|minimum|min\\.?)"
                      "\\s*(?:[:：为是]\\s*)?((?:\\d+(?:\\.\\d+)?|[一二两三四五六七八九十半]+)\\s*"
                      "(?:个月|月|周|星期|天|日|小时|年|months?|weeks?|days?|hours?))"
                      "|((?:\\d+(?:\\.\\d+)?|[一二两三四五六七八九十]+)\\s*(?:个月|月|周|星期|天|日|小时|年))\\s*起"
                      "|按\\s*(月|周|天|日|年)\\s*起租",
                              G_REGEX_CASELESS);
  if (cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_MINIMUM_TERM))
      && g_regex_match (term, text, 0, &match))
    {
      g_autofree char *first = g_match_info_fetch (match, 1);
      g_autofree char *second = g_match_info_fetch (match, 2);
      g_autofree char *period = g_match_info_fetch (match, 3);
      g_autofree char *one_period = period && *period ? g_strconcat ("1", period, NULL) : NULL;
      g_autofree char *said = g_match_info_fetch (match, 0);
      double hours;

      if (cp_parse_duration_h (first && *first ? first : second && *second ? second : one_period,
                               cell->project ? cell->project->settings.hours_per_month : 730, &hours, NULL, NULL))
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];
          quote->minimum_term_h = hours;
          term_read = TRUE;
          /* Translators: a column header, the words of a remark, and hours */
          cp_quote_cell_assume (cell, _("%s “%s”: minimum term %s h"), cell->header, said,
                                cp_format_double_shortest (hours, buf));
        }
    }
  /* "包月": billed by whole months, a field the reports word in their own
   * language; left in the remark only, the report said the remark was not
   * counted while it billed by the month anyway (walk38 F2). */
  if (cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_GRANULARITY)))
    {
      static const char *const monthly[] = { "包月", "按月计费", "按月付费", "按月结算" };

      for (guint i = 0; i < G_N_ELEMENTS (monthly); i++)
        if (strstr (text, monthly[i]) != NULL)
          {
            char buf[G_ASCII_DTOSTR_BUF_SIZE];

            quote->billing_granularity_h = cell->project ? cell->project->settings.hours_per_month : 730;
            /* Translators: a column header, the words of a remark ("包月"), and hours */
            cp_quote_cell_assume (cell, _("%s “%s”: billed by the month, %s h"), cell->header, monthly[i],
                                  cp_format_double_shortest (quote->billing_granularity_h, buf));
            break;
          }
    }
  return term_read;
}

/* What a sheet says about VAT for all its rows, and where. */
typedef struct {
  CpQuoteTax  tax;
  const char *said;   /* the words, or NULL when the sheet says nothing */
  const char *where;  /* the price's header, or "a note under the quotes" */
} SheetTax;

/* "单价（含税）" over the prices, or a note under them ("注：以上价格均含 6%
 * 增值税"): the basis of every row that does not state its own. */
static void
read_sheet_tax (const CpQuoteSheet *sheet, const CpQuoteHeader *h, SheetTax *out)
{
  const char *note = NULL;

  memset (out, 0, sizeof *out);
  if (h->index[CP_QUOTE_COLUMN_PRICE] >= 0
      && cp_quote_tax_read (h->header[CP_QUOTE_COLUMN_PRICE], FALSE, &out->tax))
    {
      out->said = h->header[CP_QUOTE_COLUMN_PRICE];
      out->where = _("the price’s header");
    }
  for (guint i = 1; i < sheet->records->len; i++)
    if (_cp_quote_sheet_record_is_note (sheet, g_ptr_array_index (sheet->records, i), &note) && cp_quote_tax_read (note, FALSE, &out->tax))
      {
        out->said = note;
        out->where = _("the note under the quotes");
      }
}

/* VAT as the sheet states it for all rows (@sheet_tax), then this row's tax
 * column and remarks, each over the one before; the price brought to the
 * VAT-included basis. */
static void
read_tax (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, const SheetTax *sheet_tax,
          CpQuote *quote)
{
  static const CpQuoteColumn columns[] = { CP_QUOTE_COLUMN_TAX, CP_QUOTE_COLUMN_NOTES };
  CpQuoteTax tax = sheet_tax->tax;
  const char *said = sheet_tax->said;

  cell->header = sheet_tax->where;
  cell->hint = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      const char *text = cp_quote_header_field (r, h, columns[i]);

      if (!cp_csv_is_blank (text) && cp_quote_tax_read (text, columns[i] == CP_QUOTE_COLUMN_TAX, &tax))
        {
          cell->header = h->header[columns[i]];
          said = text;
        }
    }
  if (said != NULL)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (said));
      cp_quote_tax_apply (cell, &tax, stripped, quote);
    }
  else if (h->index[CP_QUOTE_COLUMN_TAX] >= 0)
    {
      /* A blank in a tax column the other rows fill: the price may be
       * 不含税 as well as 含税, a difference of 6 or 13 % in the ranking. */
      gboolean included = cell->project == NULL || cell->project->settings.prices_include_vat;

      cell->header = h->header[CP_QUOTE_COLUMN_TAX];
      cp_quote_cell_assume (cell, included
                            /* Translators: the tax column's header (税率) */
                            ? _("%s is empty on this row: its price is taken as including VAT, as the project "
                                "takes prices that do not say; ask the vendor")
                            /* Translators: the tax column's header (税率) */
                            : _("%s is empty on this row: its price is taken as excluding VAT, as the project "
                                "takes prices that do not say; ask the vendor"),
                            cell->header);
    }
}

/* One data record into @quote, its problems and assumptions in @cell. */
/* Words under a stock column that gave way to the count of machines
 * ("需预订2周" beside 可租台数 4): what the vendor says of availability
 * goes into the notes, as it does when the stock column is the count
 * (cp_quote_cell_parse()); a count there is the other column's to give. */
static void
keep_stock_words (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, CpQuote *quote)
{
  const char *raw = h->stock_words_index >= 0 && (guint) h->stock_words_index < r->fields->len
                    ? g_ptr_array_index (r->fields, h->stock_words_index) : NULL;
  g_autofree char *words = raw != NULL ? g_strstrip (g_strdup (raw)) : NULL;
  guint nodes;
  double number;

  if (words == NULL || *words == '\0' || cp_parse_count_of (words, CP_PRICE_SUBJECT_NODE, &nodes, NULL)
      || cp_parse_count (words, &number, NULL))
    return;
  cp_quote_add_cell_note (quote, h->stock_words_header, words);
  cell->header = h->stock_words_header;
  /* Translators: a column header (库存) and its words about availability ("需预订2周") */
  cp_quote_cell_assume (cell, _("%s “%s”: the vendor’s words on availability, kept in the notes"), cell->header,
                        words);
}

static void
read_row (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, guint header_len, CpQuote *quote,
          const char *default_currency, const SheetTax *sheet_tax)
{
  CpQuoteFabric network = { 0 }, bandwidth = { 0 }, sharing = { 0 };
  CpQuoteConfig machine = { 0 };
  guint gpus_in_gpu_cell = 0;
  gboolean link_stated = FALSE, gpus_known = FALSE, term_in_remarks;

  if (r->error)
    {
      CpCsvLineError *e = g_new0 (CpCsvLineError, 1);
      e->line = r->line;
      e->message = g_strdup (r->error);
      g_ptr_array_add (cell->errors, e);
      g_ptr_array_add (cell->row->problems, g_strdup (r->error));
    }
  for (guint f = header_len; f < r->fields->len; f++)
    if (!cp_csv_is_blank (g_ptr_array_index (r->fields, f)))
      {
        cp_quote_cell_error (cell, _("%u fields, but the header has %u"), r->fields->len, header_len);
        break;
      }

  read_machine_cell (cell, r, h, &machine, &network, &gpus_known, quote);
  keep_stock_words (cell, r, h, quote);
  for (guint c = 0; c < CP_N_QUOTE_COLUMNS; c++)
    {
      const char *raw = cp_quote_header_field (r, h, c);
      g_autofree char *value = raw ? g_strstrip (g_strdup (raw)) : NULL;

      if (value == NULL || *value == '\0' || c == CP_QUOTE_COLUMN_PRICE
          || c == CP_QUOTE_COLUMN_PRICE_UNIT || c == CP_QUOTE_COLUMN_CURRENCY || c == CP_QUOTE_COLUMN_CONFIG)
        continue;
      cell->header = h->header[c];
      cell->hint = h->hint[c];
      switch (c)
        {
        case CP_QUOTE_COLUMN_GPU:
          {
            g_autofree char *name = cp_quote_price_split_gpu_count (value, &gpus_in_gpu_cell);
            g_autofree char *from_machine = gpu_from_machine (cell, r, h, value, name, &machine, quote);

            if (from_machine != NULL)
              {
                g_free (name);
                name = cp_quote_price_split_gpu_count (from_machine, &gpus_in_gpu_cell);
              }
            else if (!cp_gpu_match_names_model (cell->project, name))
              {
                g_autofree char *part = read_config_cell (cell, r, h, value, &network, quote);
                if (part != NULL)
                  {
                    g_free (name);
                    name = cp_quote_price_split_gpu_count (part, &gpus_in_gpu_cell);
                  }
              }
            /* "8×H800 80G SXM 整机" under 配置 says more than its GPU. */
            if (from_machine == NULL && headed_as_offer (h, CP_QUOTE_COLUMN_GPU)
                && !cp_gpu_match_names_model (cell->project, value))
              keep_vendor_words (h, value, quote);
            if (gpus_in_gpu_cell > 0)
              {
                quote->gpus_per_node = gpus_in_gpu_cell;
                gpus_known = TRUE;
              }
            cp_quote_cell_parse (cell, c, name, quote);
          }
          break;
        case CP_QUOTE_COLUMN_GPUS_PER_NODE:
          cp_quote_cell_read_count (cell, r, h, value, quote);
          gpus_known = TRUE;
          break;
        case CP_QUOTE_COLUMN_NODES:
          read_quantity_cell (cell, value, &gpus_known, quote);
          break;
        case CP_QUOTE_COLUMN_NETWORK:
          cp_quote_fabric_read_cell (cell, CP_QUOTE_COLUMN_NETWORK, value, &network);
          break;
        case CP_QUOTE_COLUMN_BANDWIDTH:
          cp_quote_fabric_read_cell (cell, CP_QUOTE_COLUMN_BANDWIDTH, value, &bandwidth);
          break;
        case CP_QUOTE_COLUMN_SHARING:
          cp_quote_fabric_read_cell (cell, CP_QUOTE_COLUMN_SHARING, value, &sharing);
          break;
        case CP_QUOTE_COLUMN_INTRA_LINK:
          link_stated = TRUE;
          cp_quote_cell_parse (cell, c, value, quote);
          break;
        default:
          /* Free text keeps its spaces and line breaks. */
          cp_quote_cell_parse (cell, c, (c == CP_QUOTE_COLUMN_NOTES || c == CP_QUOTE_COLUMN_OFFER
                                         || c == CP_QUOTE_COLUMN_VENDOR) ? raw : value, quote);
          break;
        }
    }
  cp_quote_config_clear (&machine);
  term_in_remarks = read_remarks (cell, r, h, quote);

  {
    const char *gpu_text = cp_quote_header_field (r, h, CP_QUOTE_COLUMN_GPU);
    if (cp_csv_is_blank (gpu_text) && strcmp (quote->gpu.id, "custom") == 0)
      {
        cell->header = h->header[h->index[CP_QUOTE_COLUMN_GPU] >= 0 ? CP_QUOTE_COLUMN_GPU : CP_QUOTE_COLUMN_CONFIG];
        cp_quote_cell_error (cell, _("%s is empty"), cell->header);
      }
    if (!gpus_known)
      {
        if (h->index[CP_QUOTE_COLUMN_GPUS_PER_NODE] >= 0)
          {
            cell->header = h->header[CP_QUOTE_COLUMN_GPUS_PER_NODE];
            cp_quote_cell_error (cell, _("%s is empty"), cell->header);
          }
        else
          cp_quote_cell_error (cell, _("the sheet has no GPUs-per-node column and “%s” does not say how "
                                       "many GPUs a node has (write e.g. “8×A800”, or map a column)"),
                      gpu_text ? gpu_text : "");
      }
  }
  cp_quote_cell_parse_price (cell, r, h, quote, default_currency, term_in_remarks);
  read_tax (cell, r, h, sheet_tax, quote);

  cp_quote_fabric_apply (cell, r, h, &network, &bandwidth, &sharing, quote);
  if (!link_stated && quote->intra_link.name && strcmp (quote->gpu.id, "custom") != 0
      && g_strcmp0 (quote->intra_link.id, quote->gpu.default_intra_link) == 0)
    cp_quote_cell_assume (cell, _("the link between GPUs is not stated: the catalogue’s for this GPU, %s"),
                          quote->intra_link.name);
  if (quote->storage == CP_STORAGE_UNKNOWN && cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_STORAGE))
      && quote->nodes_available > 1)
    cp_quote_cell_assume (cell, _("the storage kind is not stated: unknown, a question for the vendor (R6)"));
}

/* The NICs and the rate a row's offer left unsaid ("4-node H800
 * InfiniBand cluster"), given its GPU's common fabric as the quote form
 * gives them, said on the row: imported with 0 and 0, the cluster was
 * ranked on one machine only (walk38b G8). */
static void
note_common_fabric (CpQuoteCell *cell, const CpQuote *quote)
{
  gboolean nics_assumed, rate_assumed;
  char rate[G_ASCII_DTOSTR_BUF_SIZE];

  if (!cp_quote_offer_fabric_assumed (cell->project, quote, &nics_assumed, &rate_assumed))
    return;
  cp_format_double_shortest (quote->nic_gbps, rate);
  if (nics_assumed && rate_assumed)
    /* TRANSLATORS: an imported row whose offer names InfiniBand or RoCE and not its cards; NICs, rate in Gb/s, GPU */
    cp_quote_cell_assume (cell, _("the network cards are not stated: %u × %s Gb/s, one per GPU, common on %s nodes; "
                                  "ask the vendor (R6)"), quote->nics_per_node, rate, quote->gpu.name);
  else if (nics_assumed)
    /* TRANSLATORS: an imported row whose offer names its network's rate and not its cards; NICs, GPU */
    cp_quote_cell_assume (cell, _("the number of network cards is not stated: %u, one per GPU, common on %s nodes; "
                                  "ask the vendor (R6)"), quote->nics_per_node, quote->gpu.name);
  else
    /* TRANSLATORS: an imported row whose offer counts its network cards and not their rate; rate in Gb/s, GPU */
    cp_quote_cell_assume (cell, _("the network’s line rate is not stated: %s Gb/s, common on %s nodes; ask the vendor (R6)"),
                          rate, quote->gpu.name);
}

/* What the offer's name says and no cell of the row does (its nodes, its
 * kind, its network), read as the quote form reads it: "H800 cluster, 2
 * nodes, InfiniBand" in the offer column alone (walk37b U1). Said on the
 * row, as the other parts taken from elsewhere are. */
static void
read_offer_parts (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, CpQuote *quote)
{
  CpQuoteOfferParts unset = 0, filled;
  g_autoptr(GString) parts = g_string_new (NULL);

  if (quote->nodes_available == 1 && cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_NODES)))
    unset |= CP_QUOTE_OFFER_NODES;
  if (quote->offering == CP_OFFERING_BARE_METAL && cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_OFFERING)))
    unset |= CP_QUOTE_OFFER_OFFERING;
  if (quote->network == CP_NETWORK_NONE && quote->nics_per_node == 0 && !(quote->nic_gbps > 0))
    unset |= CP_QUOTE_OFFER_NETWORK | CP_QUOTE_OFFER_COMMON_FABRIC;
  filled = cp_quote_offer_fill (cell->project, quote, unset);
  /* A sheet without a stock column priced one machine: said, as an offer
   * of one machine can never be a cluster (walk40 F8). */
  if ((unset & CP_QUOTE_OFFER_NODES) != 0 && (filled & CP_QUOTE_OFFER_NODES) == 0)
    cp_quote_cell_assume (cell, _("the number of machines available is not stated: 1, so no cluster of them is "
                                  "planned; ask the vendor how many they have"));
  if (filled == 0)
    return;
  note_common_fabric (cell, quote);
  if ((filled & CP_QUOTE_OFFER_NODES) != 0)
    g_string_append (parts, _("the node count"));
  if ((filled & CP_QUOTE_OFFER_OFFERING) != 0)
    g_string_append_printf (parts, "%s%s", parts->len > 0 ? _(", ") : "", _("the kind of offer"));
  if ((filled & CP_QUOTE_OFFER_NETWORK) != 0)
    g_string_append_printf (parts, "%s%s", parts->len > 0 ? _(", ") : "", _("the network"));
  /* Translators: what a row's cells left out ("the node count, the network"), then its offer's name */
  cp_quote_cell_assume (cell, _("%s not stated in its own cells: read from the offer “%s”"), parts->str,
                        quote->offer_name);
}

CpQuoteCsvResult *
cp_quote_sheet_read (const CpQuoteSheet *sheet,
                     GError            **error)
{
  g_autoptr(CpQuoteCsvResult) result = g_new0 (CpQuoteCsvResult, 1);
  const CpProject *project = sheet->project;
  const char *default_currency = project && project->settings.currency[0]
                                 ? project->settings.currency : "CNY";
  CpQuoteHeader h;
  SheetTax sheet_tax;
  g_autofree char *valid_until = NULL;
  g_autofree char *valid_until_source = NULL;
  GDate today;

  /* The local day the sheet is read, as the report dates itself. */
  g_date_clear (&today, 1);
  g_date_set_time_t (&today, time (NULL));
  result->quotes = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_quote_free);
  result->errors = g_ptr_array_new_with_free_func (line_error_free);
  result->ignored_columns = g_ptr_array_new_with_free_func (g_free);
  result->notes = g_ptr_array_new_with_free_func (line_error_free);
  result->rows = g_ptr_array_new_with_free_func (row_free);

  _cp_quote_sheet_map_columns (sheet, &h);
  for (guint i = 0; i < sheet->n_columns; i++)
    if (sheet->fields[i] < 0 && *sheet->headers[i] && (int) i != h.other_price_index)
      g_ptr_array_add (result->ignored_columns, g_strdup (sheet->headers[i]));

  {
    static const CpQuoteColumn required[] = { CP_QUOTE_COLUMN_GPU, CP_QUOTE_COLUMN_PRICE };
    for (guint i = 0; i < G_N_ELEMENTS (required); i++)
      /* A machine column may name the GPUs where no column of their own does. */
      if (h.index[required[i]] < 0
          && !(required[i] == CP_QUOTE_COLUMN_GPU && h.index[CP_QUOTE_COLUMN_CONFIG] >= 0))
        {
          g_autoptr(GString) tried = g_string_new (NULL);

          /* Every column, with what it is read as now: "none left" said
           * nothing when all of them had been taken for something else. */
          for (guint c = 0; c < sheet->n_columns; c++)
            /* Translators: a column's header and the field it is read as ("“机型” as Offer") */
            g_string_append_printf (tried, _("%s“%s” as %s"), tried->len ? _(", ") : "",
                                    *sheet->headers[c] ? sheet->headers[c] : "?",
                                    cp_quote_column_get_label (sheet->fields[c]));
          g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN,
                       /* Translators: a column name in English, then in Chinese, then
                        * the sheet's columns with what each is read as */
                       _("the file has no “%s” column (also read as “%s”), and no column’s "
                         "cells read as one (columns tried: %s)"),
                       cp_quote_header_export_name (required[i]),
                       cp_quote_header_chinese_name (required[i]), tried->str);
          return NULL;
        }
  }

  read_sheet_tax (sheet, &h, &sheet_tax);
  /* The validity of every row: the title's, else a note's under the quotes. */
  valid_until = g_strdup (sheet->valid_until);
  valid_until_source = g_strdup (sheet->valid_until_source);
  for (guint i = 1; i < sheet->records->len && valid_until == NULL; i++)
    {
      const char *note = NULL;

      if (_cp_quote_sheet_record_is_note (sheet, g_ptr_array_index (sheet->records, i), &note)
          && (valid_until = cp_quote_validity_in_text (note)) != NULL)
        valid_until_source = g_strdup (_("the note under the quotes"));
    }
  for (guint i = 1; i < sheet->records->len; i++)
    {
      const CpCsvRecord *r = g_ptr_array_index (sheet->records, i);
      CpQuoteCsvRow *row;
      const char *note = NULL;

      if (_cp_quote_sheet_record_is_note (sheet, r, &note))
        {
          CpCsvLineError *e = g_new0 (CpCsvLineError, 1);
          e->line = r->line;
          e->message = g_strdup (note);
          g_ptr_array_add (result->notes, e);
          continue;
        }
      row = g_new0 (CpQuoteCsvRow, 1);
      CpQuote *quote = cp_quote_new ();
      CpQuoteCell cell = { project, r->line, NULL, NULL, result->errors, row, _cp_quote_sheet_get_name (sheet) };

      row->line = r->line;
      row->quote_index = -1;
      row->problems = g_ptr_array_new_with_free_func (g_free);
      row->assumptions = g_ptr_array_new_with_free_func (g_free);
      row->incomplete = g_ptr_array_new_with_free_func (g_free);
      row->warnings = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (result->rows, row);
      result->n_records++;

      read_row (&cell, r, &h, sheet->n_columns, quote, default_currency, &sheet_tax);
      if (sheet->vendor != NULL && (quote->vendor == NULL || *quote->vendor == '\0'))
        {
          g_free (quote->vendor);
          quote->vendor = g_strdup (sheet->vendor);
          if (sheet->vendor_source != NULL)
            /* Translators: a vendor's name and where it was found ("the title row “…”", "the file name “…”") */
            cp_quote_cell_assume (&cell, _("the row names no vendor: “%s”, from %s"), sheet->vendor,
                                  sheet->vendor_source);
        }
      if (valid_until != NULL && quote->valid_until == NULL)
        {
          quote->valid_until = g_strdup (valid_until);
          /* Translators: a date, then where it was found ("the title row “报价有效期 2026-12-31”") */
          cp_quote_cell_assume (&cell, _("the row states no validity: valid until %s, from %s"),
                                valid_until, valid_until_source);
        }

      read_offer_parts (&cell, r, &h, quote);

      /* Each cell may be a number and the quote still one the model cannot
       * use (a price of 1e20, 2000 GPUs in a node): said here, with the
       * line, rather than the quote silently missing from every plan. */
      if (row->problems->len == 0)
        {
          g_autoptr(GError) invalid = NULL;
          if (!cp_quote_validate_figures (quote, &invalid))
            cp_quote_cell_error (&cell, "%s", invalid->message);
          /* Kept, as the quote form keeps it, for the user to complete. */
          else if ((cp_quote_get_missing (quote) & CP_QUOTE_MISSING_NETWORK) != 0)
            g_ptr_array_add (row->incomplete, g_strdup (_("no NICs or NIC rate for its nodes")));
        }

      /* A cluster offer written without its kind (no column, or a blank
       * cell, as an assumed kind is written): the machine kind it implies
       * is the bare-metal cluster, the default of a machine. */
      if (!quote->offering_stated && cp_quote_is_cluster (quote)
          && quote->offering == CP_OFFERING_BARE_METAL)
        {
          quote->offering = CP_OFFERING_BARE_METAL_CLUSTER;
          /* Said: R8 weighs who runs the machines by it, and the VAT rate follows it. */
          cp_quote_cell_assume (&cell, _("the kind of offer is not stated: a bare-metal cluster, the machines "
                                         "the team runs itself (R8); ask the vendor whether they are hosted or "
                                         "a container platform"));
        }

      if (row->problems->len == 0)
        {
          /* Imported, but a price past its last day is no price to plan
           * on: said on the row, before the quote reaches a report. */
          if (cp_quote_validity_has_passed (quote->valid_until, &today))
            /* Translators: the last day the quote's price held, "2026-06-30" */
            g_ptr_array_add (row->warnings, g_strdup_printf (_("the offer expired on %s: ask the vendor for a new "
                                                               "quote before relying on its price"),
                                                             quote->valid_until));
          row->quote_index = (int) result->quotes->len;
          g_ptr_array_add (result->quotes, quote);
        }
      else
        cp_quote_free (quote);
    }
  return g_steal_pointer (&result);
}

CpQuoteCsvResult *
cp_quote_csv_read (const char      *data,
                   gsize            len,
                   const CpProject *project,
                   GError         **error)
{
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (data, len, project, error);

  if (sheet == NULL)
    return NULL;
  /* Without a person to choose, two columns for one field is a question
   * only the user can answer. */
  if (sheet->duplicates)
    {
      for (guint i = 0; i < sheet->n_columns; i++)
        {
          int col = sheet->headed_as[i];
          if (col >= 0 && sheet->fields[i] == CP_QUOTE_COLUMN_UNUSED)
            for (guint j = 0; j < i; j++)
              if (sheet->fields[j] == col)
                {
                  g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_DUPLICATE_COLUMN,
                               _("columns “%s” and “%s” mean the same thing"),
                               sheet->headers[j], sheet->headers[i]);
                  return NULL;
                }
        }
    }
  return cp_quote_sheet_read (sheet, error);
}

CpQuoteCsvResult *
cp_quote_csv_read_file (const char      *path,
                        const CpProject *project,
                        GError         **error)
{
  gsize len = 0;
  g_autofree char *data = cp_csv_read_file_contents (path, &len, error);

  if (data == NULL)
    return NULL;
  return cp_quote_csv_read (data, len, project, error);
}

/* The words the reports use for a network (cp_words_network()), which
 * this library cannot call: the preview shows these, never the ids. */
static const char *
network_label (CpNetworkKind kind)
{
  switch (kind)
    {
    case CP_NETWORK_NONE: return _("none");
    case CP_NETWORK_ETHERNET: return _("Ethernet");
    case CP_NETWORK_ROCE: return _("RoCE");
    case CP_NETWORK_INFINIBAND: return _("InfiniBand");
    case CP_N_NETWORKS: break;
    }
  return "?";
}

/* As cp_words_storage() says it. */
static const char *
storage_label (CpStorageKind kind)
{
  switch (kind)
    {
    case CP_STORAGE_UNKNOWN: return _("not stated");
    case CP_STORAGE_PARALLEL_FS: return _("parallel file system");
    case CP_STORAGE_NAS: return _("NAS");
    case CP_STORAGE_NETWORK_DISK: return _("network disk");
    case CP_STORAGE_LOCAL_NVME: return _("local NVMe");
    case CP_N_STORAGES: break;
    }
  return "?";
}

/* @value as the lists print prices: digits grouped by thousands
 * ("75,000"), the shortest decimals that read it back ("12.5"). */
static char *
format_grouped (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  const char *digits = cp_format_double_shortest (fabs (value), buf);
  const char *point = strchr (digits, '.');
  gsize n_int = point ? (gsize) (point - digits) : strlen (digits);
  GString *out = g_string_new (value < 0 ? "-" : "");

  for (gsize i = 0; i < n_int; i++)
    {
      if (i > 0 && (n_int - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, digits[i]);
    }
  g_string_append (out, digits + n_int);
  return g_string_free (out, FALSE);
}

/* How a price per machine became the price per GPU-hour, so the figure
 * can be checked against the vendor's sheet by hand: " (75,000 CNY per
 * node-month ÷ 730 h ÷ 8)"; empty for a price per GPU-hour. */
static void
append_price_derivation (GString          *s,
                         const CpQuote    *quote,
                         const CpSettings *settings)
{
  g_autofree char *price = format_grouped (quote->price);
  char hours[G_ASCII_DTOSTR_BUF_SIZE];

  if (quote->price_unit == CP_PRICE_PER_NODE_HOUR)
    /* Translators: how a price per machine-hour was divided: the price, its currency, the GPUs per node */
    g_string_append_printf (s, _(" (%s %s per node-hour ÷ %u)"), price, quote->currency, quote->gpus_per_node);
  else if (quote->price_unit == CP_PRICE_PER_NODE_MONTH)
    /* Translators: how a price per machine-month was divided: the price, its currency, the hours
     * in a month, the GPUs per node */
    g_string_append_printf (s, _(" (%s %s per node-month ÷ %s h ÷ %u)"), price, quote->currency,
                            cp_format_double_shortest (settings->hours_per_month, hours), quote->gpus_per_node);
}

char *
cp_quote_describe (const CpQuote    *quote,
                   const CpSettings *settings)
{
  GString *s = g_string_new (NULL);
  g_autofree char *per_gpu_hour = NULL;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%.4g", cp_quote_price_per_gpu_hour (quote, settings));
  per_gpu_hour = g_strdup (buf);
  /* Translators: GPU name, GPUs per node, nodes */
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%s × %u, %u node", "%s × %u, %u nodes",
                                          quote->nodes_available),
                          quote->gpu.name ? quote->gpu.name : quote->gpu.id,
                          quote->gpus_per_node, quote->nodes_available);
  if (quote->price > 0)
    /* Translators: price and currency code */
    {
      g_string_append_printf (s, _("; %s %s per GPU-hour"), per_gpu_hour, quote->currency);
      append_price_derivation (s, quote, settings);
    }
  else
    g_string_append (s, _("; no price"));
  if (quote->intra_link.name)
    /* Translators: the separator before the next item, then the link between GPUs */
    g_string_append_printf (s, _("; %s"), quote->intra_link.name);
  if (cp_quote_is_separate_machines (quote))
    g_string_append (s, _("; no network between the nodes: each is a single machine"));
  if (quote->network != CP_NETWORK_NONE)
    {
      g_ascii_formatd (buf, sizeof buf, "%g", quote->nic_gbps);
      /* Translators: network kind, cards per node, Gb/s of one card, and sharing */
      g_string_append_printf (s, _("; %s %u × %s Gb/s, %s"), network_label (quote->network),
                              quote->nics_per_node, buf,
                              quote->sharing == CP_SHARING_DEDICATED ? _("dedicated")
                              : quote->sharing == CP_SHARING_SHARED ? _("shared")
                              : _("sharing unknown"));
      if (quote->share_factor > 0)
        {
          g_ascii_formatd (buf, sizeof buf, "%g", quote->share_factor);
          g_string_append_printf (s, _(" (share factor %s)"), buf);
        }
    }
  if (quote->host_memory_per_node_bytes > 0)
    {
      g_ascii_formatd (buf, sizeof buf, "%g", quote->host_memory_per_node_bytes / CP_QUOTE_HOST_MEMORY_UNIT_BYTES);
      /* Translators: a quote's host memory in GiB ("2048"), which CPU offload fills */
      g_string_append_printf (s, _("; host memory %s GiB per node"), buf);
    }
  if (quote->storage != CP_STORAGE_UNKNOWN)
    /* Translators: a storage kind, "parallel file system" */
    g_string_append_printf (s, _("; storage: %s"), storage_label (quote->storage));
  /* The term billed: a monthly price's month by the rule when none is stated. */
  if (cp_quote_minimum_term_h (quote, settings) > 0)
    {
      g_ascii_formatd (buf, sizeof buf, "%g", cp_quote_minimum_term_h (quote, settings));
      g_string_append_printf (s, _("; minimum term %s h"), buf);
    }
  else
    /* Translators: the end of a quote's one-line account, billed from the first hour */
    g_string_append (s, _("; no minimum term"));
  return g_string_free (s, FALSE);
}

static gboolean
project_has_quote_id (const CpProject *project, const char *id)
{
  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *q = g_ptr_array_index (project->quotes, i);
      if (g_strcmp0 (q->id, id) == 0)
        return TRUE;
    }
  return FALSE;
}

guint
cp_quote_csv_add_to_project (CpQuoteCsvResult *result,
                             CpProject        *project)
{
  guint n = 0;

  while (result->quotes->len > 0)
    {
      CpQuote *quote = g_ptr_array_steal_index (result->quotes, 0);

      if (quote->id == NULL || *quote->id == '\0' || project_has_quote_id (project, quote->id))
        {
          g_free (quote->id);
          quote->id = cp_project_new_id (project, "quote");
        }
      cp_project_add_quote (project, quote);
      n++;
    }
  return n;
}