/* cp-quote-cells.c: one cell of a quote sheet into the quote's field.
 *
 * Owns the cell's outcome (an error or an assumption, with its line and
 * header), the word lists for offerings and storage, links, storage,
 * host memory and the GPU-count cell; prices, numbers and hours are
 * cp-quote-price.c's, the network cells cp-quote-fabric.c's. */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"

#include "cp-gpu-match.h"
#include "cp-quote-cells.h"
#include "cp-quote-regex.h"
#include "cp-quote-fabric.h"
#include "cp-quote-price.h"

/* Something the row did not say and the import took as: shown in the
 * preview and by the command line, never an error. */
void G_GNUC_PRINTF (2, 3)
cp_quote_cell_assume (CpQuoteCell *cell, const char *format, ...)
{
  va_list args;

  if (cell->errors == NULL)
    return;
  va_start (args, format);
  g_ptr_array_add (cell->row->assumptions, g_strdup_vprintf (format, args));
  va_end (args);
}

void G_GNUC_PRINTF (2, 3)
cp_quote_cell_error (CpQuoteCell *cell, const char *format, ...)
{
  CpCsvLineError *e;
  g_autofree char *what = NULL;
  g_autofree char *place = NULL;
  va_list args;

  if (cell->errors == NULL)
    {
      g_ptr_array_add (cell->row->problems, NULL);
      return;
    }
  e = g_new0 (CpCsvLineError, 1);
  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);

  e->line = cell->line;
  place = cp_quote_format_place (cell->sheet, cell->line, FALSE);
  /* Translators: where the record is ("line 7", "row 7 of sheet “报价”") and what is wrong on it */
  e->message = g_strdup_printf (_("%s: %s"), place, what);
  g_ptr_array_add (cell->errors, e);
  g_ptr_array_add (cell->row->problems, g_steal_pointer (&what));
}

char *
cp_quote_format_place (const char *sheet, guint line, gboolean capitalised)
{
  if (sheet != NULL)
    /* Translators: a row number of a workbook's sheet and the sheet's name */
    return g_strdup_printf (capitalised ? _("Row %u of sheet “%s”") : _("row %u of sheet “%s”"), line, sheet);
  /* Translators: a line number of a CSV file */
  return g_strdup_printf (capitalised ? _("Line %u") : _("line %u"), line);
}

void
cp_quote_add_note (CpQuote *quote, const char *line)
{
  char *notes;

  /* A file this program wrote holds the notes it added when the quote was
   * first imported: read again, they are not added twice. */
  if (quote->notes != NULL)
    {
      g_auto(GStrv) lines = g_strsplit (quote->notes, "\n", -1);
      if (g_strv_contains ((const char *const *) lines, line))
        return;
    }
  notes = quote->notes ? g_strconcat (quote->notes, "\n", line, NULL) : g_strdup (line);

  g_free (quote->notes);
  quote->notes = notes;
}

/* The vendor's header and cell as written, which read the same in the
 * report of either language: a label in the importing window's language
 * ("Also quoted: 单价（元/卡/时，含税）: 14.50") was frozen into the user's
 * note and printed English in the Chinese report (walk41b F15). */
void
cp_quote_add_cell_note (CpQuote    *quote,
                        const char *header,
                        const char *text)
{
  g_autofree char *line = header != NULL && *header != '\0' ? g_strdup_printf ("%s: %s", header, text)
                                                             : g_strdup (text);

  cp_quote_add_note (quote, line);
}

gboolean
cp_quote_match_word (const CpQuoteWord *words, guint n, const char *text, int *out)
{
  g_autofree char *key = cp_gpu_match_key (text);

  for (guint i = 0; i < n; i++)
    {
      if (strcmp (key, cp_gpu_match_vocabulary_key (words[i].word)) == 0)
        {
          *out = words[i].value;
          return TRUE;
        }
    }
  return FALSE;
}

static const CpQuoteWord storage_words[] = {
  { "parallel fs", CP_STORAGE_PARALLEL_FS }, { "parallel file system", CP_STORAGE_PARALLEL_FS },
  { "并行文件系统", CP_STORAGE_PARALLEL_FS }, { "gpfs", CP_STORAGE_PARALLEL_FS },
  { "lustre", CP_STORAGE_PARALLEL_FS }, { "nas", CP_STORAGE_NAS },
  { "network disk", CP_STORAGE_NETWORK_DISK }, { "云盘", CP_STORAGE_NETWORK_DISK },
  { "网络盘", CP_STORAGE_NETWORK_DISK }, { "块存储", CP_STORAGE_NETWORK_DISK },
  { "local nvme", CP_STORAGE_LOCAL_NVME }, { "本地nvme", CP_STORAGE_LOCAL_NVME },
  { "本地盘", CP_STORAGE_LOCAL_NVME }, { "nvme", CP_STORAGE_LOCAL_NVME },
  { "本地ssd", CP_STORAGE_LOCAL_NVME }, { "本地nvme ssd", CP_STORAGE_LOCAL_NVME },
  { "local ssd", CP_STORAGE_LOCAL_NVME }, { "并行存储", CP_STORAGE_PARALLEL_FS },
  /* A server's own SSDs are its local disks, as "本地SSD" says. */
  { "ssd", CP_STORAGE_LOCAL_NVME }, { "nvme ssd", CP_STORAGE_LOCAL_NVME }, { "u.2 nvme", CP_STORAGE_LOCAL_NVME },
  { "文件存储", CP_STORAGE_NAS }, { "nas存储", CP_STORAGE_NAS }, { "云硬盘", CP_STORAGE_NETWORK_DISK },
  { "unknown", CP_STORAGE_UNKNOWN }, { "未知", CP_STORAGE_UNKNOWN }, { "未说明", CP_STORAGE_UNKNOWN },
};

static const CpQuoteWord offering_words[] = {
  { "bare metal", CP_OFFERING_BARE_METAL }, { "裸金属", CP_OFFERING_BARE_METAL },
  { "hosted machine", CP_OFFERING_HOSTED_MACHINE }, { "托管整机", CP_OFFERING_HOSTED_MACHINE },
  { "整机托管", CP_OFFERING_HOSTED_MACHINE },
  { "container", CP_OFFERING_CONTAINER }, { "容器", CP_OFFERING_CONTAINER },
  { "container cluster", CP_OFFERING_CONTAINER_CLUSTER }, { "容器集群", CP_OFFERING_CONTAINER_CLUSTER },
  { "bare metal cluster", CP_OFFERING_BARE_METAL_CLUSTER },
  { "裸金属集群", CP_OFFERING_BARE_METAL_CLUSTER },
  { "cloud vm", CP_OFFERING_CLOUD_VM }, { "云主机", CP_OFFERING_CLOUD_VM },
  { "云主机（按量）", CP_OFFERING_CLOUD_VM }, { "按量云主机", CP_OFFERING_CLOUD_VM },
  { "云服务器", CP_OFFERING_CLOUD_VM }, { "GPU云主机", CP_OFFERING_CLOUD_VM },
};

/* "NVLink", "NVSwitch", "HCCS", "Infinity CpQuoteFabric": the row's GPU's own
 * link of that family; "PCIe 4.0", "PCIe Gen5", "PCIe": the generation. */
static const CpLinkSpec *
resolve_link (CpQuoteCell *cell, const CpQuote *quote, const char *text)
{
  static const struct { const char *word; const char *prefix; } families[] = {
    { "nvlink", "nvlink" }, { "nvswitch", "nvlink" }, { "hccs", "hccs" },
    { "infinityfabric", "infinity-fabric" }, { "xgmi", "infinity-fabric" },
  };
  const CpLinkSpec *link = cp_gpu_match_find_link (cell->project, text);
  const char *gpu_link = quote->gpu.default_intra_link;
  g_autofree char *key = cp_gpu_match_key (text);

  if (link)
    return link;

  for (guint i = 0; i < G_N_ELEMENTS (families); i++)
    if (strstr (key, families[i].word))
      {
        if (gpu_link && g_str_has_prefix (gpu_link, families[i].prefix))
          {
            link = cp_gpu_match_find_link_by_id (cell->project, gpu_link);
            if (link)
              cp_quote_cell_assume (cell, _("%s “%s” read as %s, the link of the %s"),
                                    cell->header, text, link->name, quote->gpu.name);
            return link;
          }
        cp_quote_cell_error (cell, _("%s “%s”: the catalogue’s %s has no such link (its link is %s)"),
                             cell->header, text, quote->gpu.name ? quote->gpu.name : quote->gpu.id,
                             gpu_link ? gpu_link : "—");
        return NULL;
      }

  if (strstr (key, "pcie") || strstr (key, "pci") || strcmp (key, "无") == 0 || strcmp (key, "none") == 0)
    {
      const char *id = NULL;
      if (strstr (key, "5") || strstr (key, "gen5"))
        id = "pcie-gen5";
      else if (strstr (key, "4"))
        id = "pcie-gen4";
      else if (strstr (key, "3"))
        id = "pcie-gen3";
      else if (gpu_link && g_str_has_prefix (gpu_link, "pcie"))
        id = gpu_link;
      else
        {
          id = "pcie-gen4";
          cp_quote_cell_assume (cell, _("%s “%s” names no PCIe generation: 4.0 assumed"), cell->header, text);
        }
      link = cp_gpu_match_find_link_by_id (cell->project, id);
      if (link)
        return link;
    }
  cp_quote_cell_error (cell, _("%s “%s” is not a link in the catalogue"), cell->header, text);
  return NULL;
}

/* "并行文件系统 50TB", "NAS 10T", "云盘", "本地 NVMe": the kind, and a size
 * the quote has no field for, kept in its notes for the talk with the
 * vendor. */
/* A fee's cell: an amount, as before (above 0 stated, 0 not stated, as
 * a sheet of blanks and zeros has always been read), or a word saying the
 * price holds it ("included", "含", "包含"), which a fee of 0 could not
 * say (approver 34, B10). The sheet writer writes "included" back. */
static void
read_fee_cell (CpQuoteCell *cell,
               const char  *text,
               char         currency[4],
               double      *amount,
               CpFeeTerms  *terms)
{
  static const char * const included_words[] = {
    "included", "include", "incl", "incl.", "含", "已含", "包含", "已包含", "包括", "免费", "free",
  };
  g_autofree char *word = g_utf8_casefold (text, -1);

  g_strstrip (word);
  for (guint i = 0; i < G_N_ELEMENTS (included_words); i++)
    if (g_str_equal (word, included_words[i]))
      {
        *amount = 0;
        *terms = CP_FEE_INCLUDED;
        return;
      }
  if (cp_quote_cell_parse_money (cell, text, currency, amount))
    *terms = *amount > 0 ? CP_FEE_STATED : CP_FEE_NOT_STATED;
}

static void
read_storage_cell (CpQuoteCell *cell, const char *text, CpQuote *quote)
{
  static gsize size_regex;
  GRegex *size = cp_quote_regex_once (&size_regex, "(?:\\d+\\s*[×xX*]\\s*)?\\d+(?:\\.\\d+)?\\s*(?:[tpg]i?b?)(?![a-z])",
                                      G_REGEX_CASELESS);
  g_autofree char *kind_text = g_regex_replace_literal (size, text, -1, 0, "", 0, NULL);
  gboolean sized = kind_text && strcmp (kind_text, text) != 0;
  CpStorageKind kind;
  int value;

  g_strstrip (kind_text);
  if (cp_storage_kind_from_string (kind_text, &kind))
    quote->storage = kind;
  else if (cp_quote_match_word (storage_words, G_N_ELEMENTS (storage_words), kind_text, &value))
    quote->storage = value;
  else
    {
      /* A disk the model has no kind for ("2T SSD", "4×3.84T"): never a
       * reason to refuse the row. */
      /* The vendor's words, not a label in the window's language (walk38 F6). */
      cp_quote_add_note (quote, text);
      cp_quote_cell_assume (cell, _("%s “%s” names no storage kind the plan knows (parallel file system, NAS, "
                                    "network disk, local NVMe): not stated, kept in the notes"), cell->header, text);
      return;
    }
  if (sized)
    {
      cp_quote_add_note (quote, text);
      cp_quote_cell_assume (cell, _("%s “%s”: the quote records the storage kind; the size is kept in its "
                                    "notes"), cell->header, text);
    }
}

/* A machine's RAM ("512", "512G", "512 GB", "1.5TB", "2T") in a column
 * whose header may name the unit ("内存(GB)"); a bare number without one
 * is GiB (cp_parse_ram_bytes()). */
static void
read_host_memory_cell (CpQuoteCell *cell, const char *text, CpQuote *quote)
{
  const char *hint = cell->hint != NULL ? cell->hint : "g";
  double bare_unit = g_ascii_tolower (*hint) == 'm' ? 1048576.0
                     : g_ascii_tolower (*hint) == 't' ? 1099511627776.0
                     : g_ascii_tolower (*hint) == 'p' ? 1125899906842624.0 : 1073741824.0;
  double value;

  if (!cp_parse_ram_bytes (text, bare_unit, &value, NULL))
    {
      /* Translators: a column header and the cell's text */
      cp_quote_cell_error (cell, _("%s “%s” is not an amount of memory such as 512 GB"), cell->header, text);
      return;
    }
  quote->host_memory_per_node_bytes = value;
}

/* Whether @cell's column is headed as stock (库存), whose cells say
 * availability in words as often as they count machines. */
static gboolean
stock_column (const CpQuoteCell *cell)
{
  g_autofree char *norm = cell->header != NULL ? cp_quote_header_normalize (cell->header, NULL) : NULL;

  return norm != NULL && cp_quote_header_is_stock (norm);
}

void
cp_quote_cell_parse (CpQuoteCell *cell, CpQuoteColumn col, const char *text, CpQuote *quote)
{
  int value;

  /* "'=SUM(…)" is how an export keeps a spreadsheet from evaluating
   * "=SUM(…)" (cp_quote_csv_write()): the text is what follows (a carriage
   * return has become a line feed by now). */
  if ((col == CP_QUOTE_COLUMN_ID || col == CP_QUOTE_COLUMN_VENDOR || col == CP_QUOTE_COLUMN_OFFER ||
       col == CP_QUOTE_COLUMN_NOTES) &&
      text[0] == '\'' && text[1] != '\0' && strchr (CP_QUOTE_CSV_FORMULA_STARTS "\n", text[1]) != NULL)
    text++;

  switch (col)
    {
    case CP_QUOTE_COLUMN_ID:
      g_free (quote->id);
      quote->id = g_strdup (text);
      break;
    case CP_QUOTE_COLUMN_VENDOR:
      g_free (quote->vendor);
      quote->vendor = g_strdup (text);
      break;
    case CP_QUOTE_COLUMN_OFFER:
      g_free (quote->offer_name);
      quote->offer_name = g_strdup (text);
      break;
    case CP_QUOTE_COLUMN_NOTES:
      {
        /* Before what other cells kept there (the vendor's storage, configuration). */
        char *notes = quote->notes ? g_strconcat (text, "\n", quote->notes, NULL) : g_strdup (text);
        g_free (quote->notes);
        quote->notes = notes;
      }
      break;
    case CP_QUOTE_COLUMN_OFFERING:
      {
        CpOfferingKind kind;
        if (cp_offering_kind_from_string (text, &kind))
          quote->offering = kind;
        else if (cp_quote_match_word (offering_words, G_N_ELEMENTS (offering_words), text, &value))
          quote->offering = value;
        else
          {
            cp_quote_cell_error (cell, _("%s “%s” is not an offering kind (bare metal, hosted machine, "
                                         "container, container cluster, bare metal cluster, cloud VM)"),
                        cell->header, text);
            break;
          }
        /* The sheet names it: the vendor's, not the bare metal assumed. */
        quote->offering_stated = TRUE;
      }
      break;
    case CP_QUOTE_COLUMN_GPU:
      {
        g_autoptr(GError) local = NULL;
        g_autofree char *assumption = NULL;
        gboolean pcie = FALSE;
        const CpGpuSpec *gpu = cp_gpu_match_find (cell->project, text, &assumption, &pcie, &local);
        if (gpu == NULL)
          cp_quote_cell_error (cell, "%s", local->message);
        else
          {
            const CpLinkSpec *link = cp_gpu_match_find_link_by_id (cell->project, gpu->default_intra_link);
            cp_quote_set_gpu (quote, gpu);
            if (assumption)
              cp_quote_cell_assume (cell, "%s", assumption);
            /* A PCIe card taken as the catalogue's SXM part talks over
             * PCIe, not NVLink: 4.0, the slower of the generations such
             * cards carry, unless the sheet names the link. */
            if (pcie && link && !g_str_has_prefix (link->id, "pcie"))
              {
                link = cp_gpu_match_find_link_by_id (cell->project, "pcie-gen4");
                if (link)
                  cp_quote_cell_assume (cell, _("GPU “%s” is a PCIe card: its GPUs are linked by %s"),
                                        text, link->name);
              }
            if (link)
              cp_quote_set_intra_link (quote, link);
          }
      }
      break;
    case CP_QUOTE_COLUMN_GPUS_PER_NODE:
      cp_quote_cell_parse_whole (cell, text, 1, &quote->gpus_per_node);
      break;
    case CP_QUOTE_COLUMN_NODES:
      {
        /* "4", "4台", "4 nodes", as the quote form reads a count of machines. */
        guint nodes;
        double number;
        if (cp_parse_count_of (text, CP_PRICE_SUBJECT_NODE, &nodes, NULL) && nodes >= 1)
          quote->nodes_available = nodes;
        else if (stock_column (cell) && !cp_parse_count (text, &number, NULL))
          {
            /* A stock column in words ("现货", "需预订2周"): what the vendor
             * says of availability, not a count (walk41 F1). */
            cp_quote_add_cell_note (quote, cell->header, text);
            cp_quote_cell_assume (cell, _("%s “%s” is not a number of machines: kept in the notes; 1 machine "
                                          "assumed, ask the vendor how many they have"),
                                  cell->header, text);
          }
        else
          cp_quote_cell_parse_whole (cell, text, 1, &quote->nodes_available);
      }
      break;
    case CP_QUOTE_COLUMN_INTRA_LINK:
      {
        const CpLinkSpec *link = resolve_link (cell, quote, text);
        if (link)
          cp_quote_set_intra_link (quote, link);
      }
      break;
    case CP_QUOTE_COLUMN_NICS:
      cp_quote_cell_parse_whole (cell, text, 0, &quote->nics_per_node);
      break;
    case CP_QUOTE_COLUMN_SHARE_FACTOR:
      if (cp_quote_find_share_ratio (text, &quote->share_factor))
        break;
      if (cp_quote_cell_parse_number (cell, text, &quote->share_factor) && quote->share_factor > 1)
        cp_quote_cell_error (cell, _("%s “%s” must be a fraction between 0 and 1"), cell->header, text);
      break;
    case CP_QUOTE_COLUMN_STORAGE:
      read_storage_cell (cell, text, quote);
      break;
    case CP_QUOTE_COLUMN_HOST_MEMORY:
      read_host_memory_cell (cell, text, quote);
      break;
    case CP_QUOTE_COLUMN_GRANULARITY:
      cp_quote_cell_parse_hours (cell, text, &quote->billing_granularity_h);
      break;
    case CP_QUOTE_COLUMN_MINIMUM_TERM:
      cp_quote_cell_parse_hours (cell, text, &quote->minimum_term_h);
      break;
    case CP_QUOTE_COLUMN_NETWORK_FEE:
      read_fee_cell (cell, text, quote->currency, &quote->network_fee_per_node_month, &quote->network_fee_terms);
      break;
    case CP_QUOTE_COLUMN_STORAGE_PRICE:
      read_fee_cell (cell, text, quote->currency, &quote->storage_price_per_tb_month, &quote->storage_price_terms);
      break;
    case CP_QUOTE_COLUMN_MANAGEMENT_FEE:
      cp_quote_cell_parse_money (cell, text, quote->currency, &quote->management_fee_per_month);
      break;
    case CP_QUOTE_COLUMN_SETUP_FEE:
      cp_quote_cell_parse_money (cell, text, quote->currency, &quote->setup_fee);
      break;
    case CP_QUOTE_COLUMN_VALID_UNTIL:
      {
        char *date = NULL;
        if (cp_quote_cell_parse_date (cell, text, &date))
          {
            g_free (quote->valid_until);
            quote->valid_until = date;
          }
      }
      break;
    case CP_QUOTE_COLUMN_PRICE:
    case CP_QUOTE_COLUMN_PRICE_UNIT:
    case CP_QUOTE_COLUMN_CURRENCY:
      /* read together in cp_quote_cell_parse_price() */
      break;
    case CP_QUOTE_COLUMN_NETWORK:
    case CP_QUOTE_COLUMN_BANDWIDTH:
    case CP_QUOTE_COLUMN_SHARING:
    case CP_QUOTE_COLUMN_CONFIG:
    case CP_QUOTE_COLUMN_TAX:
      /* read together in read_row() */
      break;
    case CP_N_QUOTE_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

/* The GPUs-per-node cell; a GPU it names ("8*H100") is the row's GPU
 * when the GPU column is empty, and must agree with it otherwise. */
void
cp_quote_cell_read_count (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, const char *text, CpQuote *quote)
{
  g_autofree char *name = NULL;
  guint count;

  if (!cp_quote_read_gpu_count (text, &count, &name))
    {
      double ignored;
      if (cp_parse_count (text, &ignored, NULL))
        cp_quote_cell_parse_whole (cell, text, 1, &quote->gpus_per_node);
      else
        cp_quote_cell_error (cell, _("%s “%s” is not a GPU count (write e.g. “8”, “8卡” or “8×A800”)"),
                             cell->header, text);
      return;
    }
  if (count < 1)
    {
      cp_quote_cell_error (cell, _("%s “%s” is not a whole number of at least %u"), cell->header, text, 1);
      return;
    }
  quote->gpus_per_node = count;
  if (name == NULL)
    return;
  if (cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_GPU)))
    {
      cp_quote_cell_parse (cell, CP_QUOTE_COLUMN_GPU, name, quote);
      return;
    }
  /* "8*H100" beside "H100 PCIe" says less, not something else: only
   * another model is a contradiction. */
  if (strcmp (quote->gpu.id, "custom") != 0)
    {
      CpGpuWords said, entry_name, entry_id;

      cp_gpu_match_read_words (name, &said);
      cp_gpu_match_read_entry_words (&quote->gpu, &entry_name, &entry_id);
      if (*said.model && strcmp (said.model, entry_name.model) != 0
          && strcmp (said.model, entry_id.model) != 0)
        cp_quote_cell_error (cell, _("%s “%s” names %s, but the GPU column says %s"), cell->header, text,
                             name, quote->gpu.name);
      g_free (said.model);
      g_free (entry_name.model);
      g_free (entry_id.model);
    }
}
