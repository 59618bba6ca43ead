/* cp-quote-guess.c: the header row under a sheet's title, and columns
 * recognised by what their cells hold. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "planner/cp-units.h"

#include "cp-gpu-match.h"
#include "cp-quote-cells.h"
#include "cp-quote-config.h"
#include "cp-quote-fabric.h"
#include "cp-quote-guess.h"
#include "cp-quote-header.h"
#include "cp-quote-price.h"

static guint
filled_cells (const CpCsvRecord *record)
{
  guint n = 0;

  for (guint i = 0; i < record->fields->len; i++)
    n += !cp_csv_is_blank (g_ptr_array_index (record->fields, i));
  return n;
}

static guint
known_headers (const CpCsvRecord *record)
{
  guint n = 0;

  for (guint i = 0; i < record->fields->len; i++)
    {
      g_autofree char *norm = cp_quote_header_normalize (g_ptr_array_index (record->fields, i), NULL);
      n += cp_quote_header_to_column (norm) >= 0 || cp_quote_header_is_row_number (norm);
    }
  return n;
}

guint
cp_quote_guess_header_row (GPtrArray *records)
{
  guint limit = MIN (records->len, CP_QUOTE_GUESS_HEADER_SEARCH);
  guint best = 0, best_known = 0;

  for (guint i = 0; i < limit; i++)
    {
      guint known = known_headers (g_ptr_array_index (records, i));
      if (known > best_known)
        {
          best = i;
          best_known = known;
        }
    }
  /* The first row is the header whenever it names a field as well as any
   * other: a plain CSV reads as it always has. */
  if (best_known >= 2 || (best_known == 1 && best == 0))
    return best;
  for (guint i = 0; i + 1 < limit; i++)
    if (filled_cells (g_ptr_array_index (records, i)) >= 2
        && filled_cells (g_ptr_array_index (records, i + 1)) >= 2)
      return i;
  return 0;
}

char *
cp_quote_vendor_from_title (const char *title, gboolean file_name)
{
  /* The words that say what a sheet is, where the vendor's name ends;
   * "算力" and "云" are not among them: they are in vendors' names. */
  static const char * const ends[] = {
    "gpu", "报价", "价格", "价目", "租赁", "租用", "服务器", "显卡", "资源", "清单", "产品", "方案",
    "quote", "quotation", "price", "offer", "-", "_", "(", "（", "[", "【", "|", "：", ":", "20",
  };
  /* A first row that is a note, not a title. */
  static const char * const notes[] = { "有效期", "注", "说明", "备注", "单位", "valid", "note", "*" };
  g_autofree char *lower = g_utf8_strdown (title, -1);
  const char *end = title + strlen (title);
  gboolean said_what = FALSE, chinese = FALSE;
  g_autofree char *name = NULL;
  glong length;

  for (guint i = 0; i < G_N_ELEMENTS (notes); i++)
    if (g_str_has_prefix (lower, notes[i]))
      return NULL;
  /* g_utf8_strdown keeps the length of these texts: ASCII and CJK. */
  if (strlen (lower) != strlen (title))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      const char *found = strstr (lower, ends[i]);
      if (found != NULL && title + (found - lower) < end)
        {
          end = title + (found - lower);
          said_what = said_what || g_ascii_isalpha (ends[i][0]) || (guchar) ends[i][0] >= 0x80;
        }
    }
  name = g_strndup (title, end - title);
  g_strstrip (name);
  /* "宝安云 智算资源报价", "龙岗算力 训练集群报价": a Chinese name is
   * written without spaces, and what follows one says what the sheet is
   * about ("前海智算" and "龙岗算力" are names by themselves). */
  {
    char *space = strchr (name, ' ');
    gboolean wide = space != NULL && space - name >= 6;

    for (const char *p = name; wide && p < space; p = g_utf8_next_char (p))
      wide = g_unichar_iswide (g_utf8_get_char (p));
    if (wide)
      *space = '\0';
  }
  for (const char *p = name; *p; p = g_utf8_next_char (p))
    chinese = chinese || g_unichar_iswide (g_utf8_get_char (p));
  length = g_utf8_strlen (name, -1);
  /* A vendor's name is a word or a few; a longer text is a sentence. */
  if (length < 2 || length > 40 || (file_name && !said_what && !chinese))
    return NULL;
  return g_steal_pointer (&name);
}

/* What a cell may be, in the order a tie is settled. */
static const CpQuoteColumn candidates[] = {
  CP_QUOTE_COLUMN_GPU,
  CP_QUOTE_COLUMN_PRICE,
  CP_QUOTE_COLUMN_GPUS_PER_NODE,
  CP_QUOTE_COLUMN_NETWORK,
  CP_QUOTE_COLUMN_SHARING,
  CP_QUOTE_COLUMN_STORAGE,
  CP_QUOTE_COLUMN_VALID_UNTIL,
};

static gboolean
has_digit (const char *text)
{
  for (const char *p = text; *p; p++)
    if (g_ascii_isdigit (*p))
      return TRUE;
  return FALSE;
}

/* A price: a number with a unit ("/卡/时", "per GPU-hour") or a currency
 * ("¥12.5", "9.5元", "1.2万", "68000 CNY"). A bare number could be
 * anything, and is not counted. */
static gboolean
reads_as_price (const char *text)
{
  return has_digit (text) && cp_price_text_is_priced (text);
}

/* Whether @text reads as a count and the GPU it counts ("8×H800 80G SXM
 * 整机"), as the GPU cell reads it (cp_quote_price_split_gpu_count()).
 * @name is set to the counted part, or NULL for a bare count ("8卡"). */
static gboolean
reads_as_counted (const CpProject *project, const char *text, guint *count, char **name)
{
  if (!cp_quote_read_gpu_count (text, count, name) || *count == 0 || *count > 16)
    return FALSE;
  return *name == NULL || cp_gpu_match_names_model (project, *name);
}

/* GPUs in a machine: "8", "8卡", "8*H100", "8 × 4090"; a bare number only
 * as machines come (1, 2, 4, 8, 10, 16), so that node counts, prices and
 * rates are not taken for it. */
static gboolean
reads_as_count (const CpProject *project, const char *text)
{
  g_autofree char *name = NULL;
  guint count;

  if (!reads_as_counted (project, text, &count, &name))
    return FALSE;
  if (name != NULL)
    return TRUE;
  return count == 1 || count == 2 || count == 4 || count == 8 || count == 10 || count == 16
         || strstr (text, "卡") != NULL || g_strrstr (text, "GPU") != NULL;
}

/* Whether @col's own cell reader takes @text without a complaint and finds
 * what the column is about. */
static gboolean
reads_as (const CpProject *project, CpQuoteColumn col, const char *text)
{
  CpQuoteCsvRow row = { 0 };
  /* Only whether it reads: no message is made (a tenth of reading a
   * sheet went into messages thrown away, issue 24). */
  CpQuoteCell cell = { project, 0, "", NULL, NULL, &row };
  g_autoptr(CpQuote) quote = NULL;
  gboolean found = FALSE;

  switch (col)
    {
    case CP_QUOTE_COLUMN_GPU:
      {
        /* "2×Intel 8468 / 2TB 内存 / 8×H800 80G": a machine, its GPU among its parts. */
        CpQuoteConfig config;
        g_autofree char *counted = NULL;
        guint count;

        if (cp_gpu_match_names_model (project, text))
          return TRUE;
        /* "8×H800 80G SXM 整机": the GPU cell reads the count and its GPU
         * (walk38: refused here but read by the count test, two such rows
         * beside one "昇腾910B 64G ×8 / 节点" left the column unread). */
        if (reads_as_counted (project, text, &count, &counted) && counted != NULL)
          return TRUE;
        found = cp_quote_config_read (project, text, &config);
        if (found)
          cp_quote_config_clear (&config);
        return found;
      }
    case CP_QUOTE_COLUMN_PRICE:
      return reads_as_price (text);
    case CP_QUOTE_COLUMN_GPUS_PER_NODE:
      return reads_as_count (project, text);
    default:
      break;
    }
  row.problems = g_ptr_array_new_with_free_func (g_free);
  row.assumptions = g_ptr_array_new_with_free_func (g_free);
  row.incomplete = g_ptr_array_new_with_free_func (g_free);
  quote = cp_quote_new ();
  if (col == CP_QUOTE_COLUMN_NETWORK || col == CP_QUOTE_COLUMN_SHARING)
    {
      CpQuoteFabric fabric = { 0 };
      cp_quote_fabric_read_cell (&cell, col, text, &fabric);
      found = col == CP_QUOTE_COLUMN_NETWORK ? fabric.kind_found : fabric.sharing_found && !fabric.kind_found;
    }
  else
    {
      cp_quote_cell_parse (&cell, col, text, quote);
      /* A storage cell never refuses a row: only a kind it names counts. */
      found = row.problems->len == 0 && (col != CP_QUOTE_COLUMN_STORAGE || quote->storage != CP_STORAGE_UNKNOWN);
    }
  found = found && row.problems->len == 0;
  g_ptr_array_unref (row.problems);
  g_ptr_array_unref (row.assumptions);
  g_ptr_array_unref (row.incomplete);
  return found;
}

static char *
describe_evidence (CpQuoteColumn col, guint matched, guint filled)
{
  switch (col)
    {
    case CP_QUOTE_COLUMN_GPU:
      /* Translators: "5 of 6 cells are GPU names" */
      return g_strdup_printf (_("%u of %u cells are GPU names"), matched, filled);
    case CP_QUOTE_COLUMN_PRICE:
      return g_strdup_printf (_("%u of %u cells are prices with a unit or currency"), matched, filled);
    case CP_QUOTE_COLUMN_GPUS_PER_NODE:
      return g_strdup_printf (_("%u of %u cells are GPU counts"), matched, filled);
    case CP_QUOTE_COLUMN_NETWORK:
      return g_strdup_printf (_("%u of %u cells describe a network"), matched, filled);
    case CP_QUOTE_COLUMN_SHARING:
      return g_strdup_printf (_("%u of %u cells say dedicated or shared"), matched, filled);
    case CP_QUOTE_COLUMN_STORAGE:
      return g_strdup_printf (_("%u of %u cells name a storage kind"), matched, filled);
    case CP_QUOTE_COLUMN_VALID_UNTIL:
      return g_strdup_printf (_("%u of %u cells are dates"), matched, filled);
    default:
      return g_strdup_printf ("%u/%u", matched, filled);
    }
}

typedef struct {
  guint column;
  guint candidate;
  guint matched;
  guint filled;
} Score;

static int
better_first (gconstpointer a, gconstpointer b)
{
  const Score *x = a, *y = b;
  /* By the share of cells, then by how many, then by the order above. */
  double fx = (double) x->matched / x->filled, fy = (double) y->matched / y->filled;

  if (fx != fy)
    return fx > fy ? -1 : 1;
  if (x->matched != y->matched)
    return x->matched > y->matched ? -1 : 1;
  if (x->candidate != y->candidate)
    return x->candidate < y->candidate ? -1 : 1;
  return x->column < y->column ? -1 : 1;
}

void
cp_quote_guess_by_content (const CpProject *project,
                           GPtrArray       *records,
                           guint            first_data,
                           guint            n_columns,
                           int             *fields,
                           char           **evidence)
{
  const CpCsvRecord *header = first_data > 0 ? g_ptr_array_index (records, first_data - 1) : NULL;
  g_autoptr(GArray) scores = g_array_new (FALSE, FALSE, sizeof (Score));
  gboolean taken[CP_N_QUOTE_COLUMNS] = { FALSE };

  for (guint i = 0; i < n_columns; i++)
    if (fields[i] >= 0)
      taken[fields[i]] = TRUE;

  for (guint i = 0; i < n_columns; i++)
    {
      guint matched[G_N_ELEMENTS (candidates)] = { 0 };
      guint filled = 0;

      if (fields[i] != CP_QUOTE_COLUMN_UNUSED)
        continue;
      /* A header the importer knows, left unused as a duplicate, stays so. */
      if (header != NULL && i < header->fields->len)
        {
          g_autofree char *norm = cp_quote_header_normalize (g_ptr_array_index (header->fields, i), NULL);
          if (cp_quote_header_to_column (norm) >= 0 || cp_quote_header_is_row_number (norm))
            continue;
        }
      /* The column's filled cells first: a candidate that can no longer
       * read half of them is not tried on the rest, and a text the
       * column repeats (a GPU name, a count) is read once. Both leave
       * the counts that decide a column as they would be. */
      {
        g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
        g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
        guint needed;

        for (guint r = first_data; r < records->len; r++)
          {
            const CpCsvRecord *record = g_ptr_array_index (records, r);
            const char *text = i < record->fields->len ? g_ptr_array_index (record->fields, i) : NULL;

            if (!cp_csv_is_blank (text))
              g_ptr_array_add (cells, g_strstrip (g_strdup (text)));
          }
        filled = cells->len;
        needed = (filled + 1) / 2;
        for (guint k = 0; k < cells->len; k++)
          {
            const char *stripped = g_ptr_array_index (cells, k);
            /* Bit c of the low byte: candidate c was tried on this text;
             * of the next byte: it read it. */
            guint known = GPOINTER_TO_UINT (g_hash_table_lookup (seen, stripped));

            for (guint c = 0; c < G_N_ELEMENTS (candidates); c++)
              {
                if (taken[candidates[c]] || matched[c] + (cells->len - k) < needed)
                  continue;
                if (!(known & (1u << c)))
                  known |= (1u << c) | ((reads_as (project, candidates[c], stripped) ? 1u : 0u) << (8 + c));
                matched[c] += (known >> (8 + c)) & 1;
              }
            g_hash_table_insert (seen, (gpointer) stripped, GUINT_TO_POINTER (known));
          }
      }
      for (guint c = 0; c < G_N_ELEMENTS (candidates); c++)
        if (filled > 0 && matched[c] * 2 >= filled && matched[c] > 0)
          {
            Score score = { i, c, matched[c], filled };
            g_array_append_val (scores, score);
          }
    }

  /* Without a GPU column, a column whose header named a free-text field
   * ("机型", the offer's name in some sheets and its GPU in others) is
   * the GPU when its cells are GPU names. */
  for (guint i = 0; i < n_columns && !taken[CP_QUOTE_COLUMN_GPU]; i++)
    if (fields[i] == CP_QUOTE_COLUMN_OFFER || fields[i] == CP_QUOTE_COLUMN_NOTES)
      {
        guint matched = 0, filled = 0;

        for (guint r = first_data; r < records->len; r++)
          {
            const CpCsvRecord *record = g_ptr_array_index (records, r);
            const char *text = i < record->fields->len ? g_ptr_array_index (record->fields, i) : NULL;

            if (cp_csv_is_blank (text))
              continue;
            filled++;
            matched += reads_as (project, CP_QUOTE_COLUMN_GPU, text);
          }
        if (matched > 0 && matched * 2 >= filled)
          {
            taken[fields[i]] = FALSE;
            fields[i] = CP_QUOTE_COLUMN_GPU;
            taken[CP_QUOTE_COLUMN_GPU] = TRUE;
            evidence[i] = describe_evidence (CP_QUOTE_COLUMN_GPU, matched, filled);
          }
      }

  /* The best-read pairs first; each column and each field once. */
  g_array_sort (scores, better_first);
  for (guint s = 0; s < scores->len; s++)
    {
      const Score *score = &g_array_index (scores, Score, s);
      CpQuoteColumn col = candidates[score->candidate];

      if (taken[col] || fields[score->column] != CP_QUOTE_COLUMN_UNUSED)
        continue;
      fields[score->column] = col;
      taken[col] = TRUE;
      evidence[score->column] = describe_evidence (col, score->matched, score->filled);
    }
}
