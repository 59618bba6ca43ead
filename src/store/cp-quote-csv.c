/* cp-quote-csv.c: vendor quotes as CSV. */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "planner/cp-units.h"
#include "cp-fields.h"
#include "cp-quote-csv.h"

G_DEFINE_QUARK (cp-quote-csv-error-quark, cp_quote_csv_error)

typedef enum {
  COL_ID,
  COL_VENDOR,
  COL_OFFER,
  COL_OFFERING,
  COL_GPU,
  COL_GPUS_PER_NODE,
  COL_NODES,
  COL_INTRA_LINK,
  COL_NETWORK,
  COL_NICS,
  COL_BANDWIDTH,
  COL_SHARING,
  COL_SHARE_FACTOR,
  COL_PRICE,
  COL_PRICE_UNIT,
  COL_GRANULARITY,
  COL_MINIMUM_TERM,
  COL_NETWORK_FEE,
  COL_STORAGE,
  COL_STORAGE_PRICE,
  COL_MANAGEMENT_FEE,
  COL_SETUP_FEE,
  COL_CURRENCY,
  COL_VALID_UNTIL,
  COL_NOTES,
  N_COLS
} Column;

/* Header names, compared after normalize_header(); the first is what the
 * exporter writes. */
static const char * const column_names[N_COLS][10] = {
  [COL_ID]             = { "id", "编号" },
  [COL_VENDOR]         = { "vendor", "supplier", "provider", "供应商", "厂商", "服务商" },
  [COL_OFFER]          = { "offer", "offername", "plan", "product", "方案", "套餐", "产品", "方案名称" },
  [COL_OFFERING]       = { "offering", "offeringkind", "type", "kind", "类型", "产品形态", "形态", "服务类型" },
  [COL_GPU]            = { "gpu", "gpumodel", "card", "accelerator", "gpu型号", "显卡", "显卡型号", "加速卡", "型号" },
  [COL_GPUS_PER_NODE]  = { "gpuspernode", "gpupernode", "gpus/node", "每节点gpu数", "单机卡数", "每节点卡数", "每台卡数", "卡数" },
  [COL_NODES]          = { "nodes", "nodesavailable", "nodecount", "节点数", "可用节点数", "台数" },
  [COL_INTRA_LINK]     = { "intralink", "interconnect", "gpuinterconnect", "机内互联", "卡间互联" },
  [COL_NETWORK]        = { "network", "networkkind", "fabric", "网络", "网络类型", "组网" },
  [COL_NICS]           = { "nicspernode", "nics", "网卡数", "每节点网卡数" },
  [COL_BANDWIDTH]      = { "bandwidth", "nicgbps", "nicrate", "带宽", "网卡带宽" },
  [COL_SHARING]        = { "dedicated", "sharing", "bandwidthsharing", "dedicated/shared", "独享/共享", "独享", "共享", "带宽独享" },
  [COL_SHARE_FACTOR]   = { "sharefactor", "共享系数" },
  [COL_PRICE]          = { "price", "unitprice", "价格", "单价", "报价" },
  [COL_PRICE_UNIT]     = { "priceunit", "unit", "计价单位", "价格单位", "单位" },
  [COL_GRANULARITY]    = { "billinggranularity", "granularity", "计费粒度" },
  [COL_MINIMUM_TERM]   = { "minimumterm", "minimumrental", "最短租期", "起租时长" },
  [COL_NETWORK_FEE]    = { "networkfee", "网络费", "网络费用" },
  [COL_STORAGE]        = { "storage", "storagekind", "存储", "存储类型" },
  [COL_STORAGE_PRICE]  = { "storageprice", "存储价格", "存储单价", "存储费" },
  [COL_MANAGEMENT_FEE] = { "managementfee", "licencefee", "licensefee", "管理费", "软件费" },
  [COL_SETUP_FEE]      = { "setupfee", "开通费", "安装费", "初装费" },
  [COL_CURRENCY]       = { "currency", "币种", "货币" },
  [COL_VALID_UNTIL]    = { "validuntil", "validity", "有效期", "有效期至", "报价有效期" },
  [COL_NOTES]          = { "notes", "note", "remarks", "comment", "备注", "说明" },
};

/* What the exporter writes, readable by people. */
static const char * const export_headers[N_COLS] = {
  [COL_ID]             = "id",
  [COL_VENDOR]         = "vendor",
  [COL_OFFER]          = "offer",
  [COL_OFFERING]       = "offering",
  [COL_GPU]            = "gpu",
  [COL_GPUS_PER_NODE]  = "gpus per node",
  [COL_NODES]          = "nodes",
  [COL_INTRA_LINK]     = "intra link",
  [COL_NETWORK]        = "network",
  [COL_NICS]           = "nics per node",
  [COL_BANDWIDTH]      = "bandwidth (Gb/s)",
  [COL_SHARING]        = "sharing",
  [COL_SHARE_FACTOR]   = "share factor",
  [COL_PRICE]          = "price",
  [COL_PRICE_UNIT]     = "price unit",
  [COL_GRANULARITY]    = "billing granularity (h)",
  [COL_MINIMUM_TERM]   = "minimum term (h)",
  [COL_NETWORK_FEE]    = "network fee (per node-month)",
  [COL_STORAGE]        = "storage",
  [COL_STORAGE_PRICE]  = "storage price (per TB-month)",
  [COL_MANAGEMENT_FEE] = "management fee (per month)",
  [COL_SETUP_FEE]      = "setup fee",
  [COL_CURRENCY]       = "currency",
  [COL_VALID_UNTIL]    = "valid until",
  [COL_NOTES]          = "notes",
};

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
  g_free (result);
}

/* Tokenising */

typedef struct {
  guint      line;     /* where the record starts */
  GPtrArray *fields;   /* char* */
  char      *error;    /* a syntax problem in this record */
} Record;

static void
record_free (gpointer data)
{
  Record *r = data;

  g_ptr_array_unref (r->fields);
  g_free (r->error);
  g_free (r);
}

static gboolean
is_blank (const char *text)
{
  if (text == NULL)
    return TRUE;
  for (; *text; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;
  return TRUE;
}

static gboolean
record_is_blank (const Record *r)
{
  for (guint i = 0; i < r->fields->len; i++)
    if (!is_blank (g_ptr_array_index (r->fields, i)))
      return FALSE;
  return TRUE;
}

static char
detect_delimiter (const char *text)
{
  guint commas = 0, tabs = 0, semicolons = 0;
  gboolean quoted = FALSE;

  /* From the header line only: the first line decides. */
  for (const char *p = text; *p && (quoted || (*p != '\n' && *p != '\r')); p++)
    {
      if (*p == '"')
        quoted = !quoted;
      else if (!quoted && *p == ',')
        commas++;
      else if (!quoted && *p == '\t')
        tabs++;
      else if (!quoted && *p == ';')
        semicolons++;
    }
  if (tabs > commas && tabs >= semicolons)
    return '\t';
  if (semicolons > commas)
    return ';';
  return ',';
}

static void
set_too_large (GError **error)
{
  g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_TOO_LARGE,
               _("the file is larger than a price list can be (at most %d MiB, %d quotes "
                 "and %d columns); it was not read"),
               CP_QUOTE_CSV_MAX_BYTES / (1024 * 1024), CP_QUOTE_CSV_MAX_RECORDS,
               CP_QUOTE_CSV_MAX_FIELDS);
}

/* RFC 4180, with CR, LF or CRLF line ends; a newline inside quotes is kept
 * as "\n". Stops with an error past CP_QUOTE_CSV_MAX_RECORDS records or
 * CP_QUOTE_CSV_MAX_FIELDS fields in one. */
static GPtrArray *
tokenize (const char *text, GError **error)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (record_free);
  char delim = detect_delimiter (text);
  const char *p = text;
  guint line = 1;

  while (*p)
    {
      Record *r = g_new0 (Record, 1);
      gboolean end_of_record = FALSE;

      r->line = line;
      r->fields = g_ptr_array_new_with_free_func (g_free);

      while (!end_of_record)
        {
          GString *field;

          if (r->fields->len >= CP_QUOTE_CSV_MAX_FIELDS)
            {
              record_free (r);
              set_too_large (error);
              return NULL;
            }
          field = g_string_new (NULL);

          /* Spaces before an opening quote are tolerated. */
          const char *q = p;
          while (*q == ' ')
            q++;
          if (*q == '"')
            {
              guint open_line = line;
              gboolean closed = FALSE;

              p = q + 1;
              while (*p)
                {
                  if (*p == '"' && p[1] == '"')
                    {
                      g_string_append_c (field, '"');
                      p += 2;
                    }
                  else if (*p == '"')
                    {
                      p++;
                      closed = TRUE;
                      break;
                    }
                  else if (*p == '\r' || *p == '\n')
                    {
                      p += (*p == '\r' && p[1] == '\n') ? 2 : 1;
                      g_string_append_c (field, '\n');
                      line++;
                    }
                  else
                    g_string_append_c (field, *p++);
                }
              if (!closed && r->error == NULL)
                r->error = g_strdup_printf (_("line %u: a quoted field is not closed"), open_line);
              /* Text between the closing quote and the delimiter. */
              while (*p == ' ')
                p++;
              if (*p && *p != delim && *p != '\r' && *p != '\n')
                {
                  if (r->error == NULL)
                    r->error = g_strdup_printf (_("line %u: unexpected text after a closing quote"),
                                                line);
                  while (*p && *p != delim && *p != '\r' && *p != '\n')
                    g_string_append_c (field, *p++);
                }
            }
          else
            {
              while (*p && *p != delim && *p != '\r' && *p != '\n')
                g_string_append_c (field, *p++);
            }

          g_ptr_array_add (r->fields, g_string_free (field, FALSE));

          if (*p == delim)
            p++;
          else
            {
              if (*p == '\r' || *p == '\n')
                {
                  p += (*p == '\r' && p[1] == '\n') ? 2 : 1;
                  line++;
                }
              end_of_record = TRUE;
            }
        }

      if (record_is_blank (r) && r->error == NULL)
        record_free (r);
      else if (records->len > CP_QUOTE_CSV_MAX_RECORDS)   /* the header is one more */
        {
          record_free (r);
          set_too_large (error);
          return NULL;
        }
      else
        g_ptr_array_add (records, r);
    }
  return g_steal_pointer (&records);
}

/* Headers */

/* Lower-case ASCII, no spaces, underscores or hyphens; a unit in
 * parentheses ("价格（元/小时）") is cut off into @hint. */
static char *
normalize_header (const char *header, char **hint)
{
  GString *s = g_string_new (NULL);
  const char *open = NULL;
  const char *p;

  for (p = header; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '(' || c == 0xff08 /* （ */)
        {
          open = g_utf8_next_char (p);
          break;
        }
      if (g_unichar_isspace (c) || c == '_' || c == '-' || c == 0xfeff)
        continue;
      if (c < 0x80)
        g_string_append_c (s, g_ascii_tolower ((char) c));
      else
        g_string_append_unichar (s, c);
    }

  if (hint)
    {
      *hint = NULL;
      if (open)
        {
          GString *h = g_string_new (NULL);
          for (p = open; *p; p = g_utf8_next_char (p))
            {
              gunichar c = g_utf8_get_char (p);
              if (c == ')' || c == 0xff09 /* ） */)
                break;
              g_string_append_unichar (h, c);
            }
          *hint = g_strstrip (g_string_free (h, FALSE));
        }
    }
  return g_string_free (s, FALSE);
}

static int
column_for_header (const char *normalized)
{
  for (int c = 0; c < N_COLS; c++)
    for (guint i = 0; i < G_N_ELEMENTS (column_names[c]) && column_names[c][i]; i++)
      {
        g_autofree char *alias = normalize_header (column_names[c][i], NULL);
        if (strcmp (alias, normalized) == 0)
          return c;
      }
  return -1;
}

/* GPU names */

static char *
gpu_key (const char *text)
{
  static const char * const noise[] = {
    "nvidia", "geforce", "tesla", "rtx", "huawei", "华为", "ascend", "昇腾",
  };
  g_autofree char *lower = g_utf8_strdown (text, -1);
  GString *s = g_string_new (NULL);

  for (const char *p = lower; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (g_unichar_isspace (c) || c == '-' || c == '_')
        continue;
      g_string_append_unichar (s, c);
    }
  for (guint i = 0; i < G_N_ELEMENTS (noise); i++)
    {
      char *found;
      while ((found = strstr (s->str, noise[i])) != NULL)
        g_string_erase (s, found - s->str, strlen (noise[i]));
    }
  return g_string_free (s, FALSE);
}

/* "a800" names "a80080gbsxm": what follows must not continue the model
 * number, except as a memory size ("a100" + "80gb…"). */
static gboolean
key_names (const char *entry_key, const char *query_key)
{
  gsize n = strlen (query_key);
  const char *rest;

  if (n == 0 || strncmp (entry_key, query_key, n) != 0)
    return FALSE;
  rest = entry_key + n;
  if (*rest == '\0' || !g_ascii_isdigit (*rest))
    return TRUE;
  while (g_ascii_isdigit (*rest))
    rest++;
  return *rest == 'g';
}

static void
collect_gpu_matches (const CpCatalog *catalog, const char *text, const char *query_key,
                     GPtrArray *exact, GPtrArray *partial)
{
  for (guint i = 0; catalog && i < cp_catalog_n_gpus (catalog); i++)
    {
      const CpGpuSpec *gpu = cp_catalog_get_gpu (catalog, i);
      g_autofree char *id_key = gpu_key (gpu->id ? gpu->id : "");
      g_autofree char *name_key = gpu_key (gpu->name ? gpu->name : "");

      if (g_strcmp0 (gpu->id, text) == 0 || strcmp (id_key, query_key) == 0
          || strcmp (name_key, query_key) == 0)
        g_ptr_array_add (exact, (gpointer) gpu);
      else if (key_names (id_key, query_key) || key_names (name_key, query_key))
        g_ptr_array_add (partial, (gpointer) gpu);
    }
}

const CpGpuSpec *
cp_quote_csv_find_gpu (const CpProject *project,
                       const char      *text,
                       GError         **error)
{
  const CpCatalog *catalogs[2] = { project ? project->custom : NULL, cp_catalog_get_builtin () };
  g_autofree char *query_key = gpu_key (text);

  for (guint c = 0; c < G_N_ELEMENTS (catalogs); c++)
    {
      g_autoptr(GPtrArray) exact = g_ptr_array_new ();
      g_autoptr(GPtrArray) partial = g_ptr_array_new ();

      collect_gpu_matches (catalogs[c], text, query_key, exact, partial);
      if (exact->len >= 1)
        return g_ptr_array_index (exact, 0);
      if (partial->len == 1)
        return g_ptr_array_index (partial, 0);
      if (partial->len > 1)
        {
          GString *names = g_string_new (NULL);
          for (guint i = 0; i < partial->len; i++)
            {
              const CpGpuSpec *gpu = g_ptr_array_index (partial, i);
              g_string_append_printf (names, i ? ", %s" : "%s", gpu->name);
            }
          g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN,
                       /* Translators: a GPU name and a list of catalogue GPUs */
                       _("GPU “%s” could be any of: %s"), text, names->str);
          g_string_free (names, TRUE);
          return NULL;
        }
    }
  g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN,
               _("GPU “%s” is not in the catalogue; add it to the project first"), text);
  return NULL;
}

static const CpLinkSpec *
find_link (const CpProject *project, const char *text)
{
  const CpCatalog *catalogs[2] = { project ? project->custom : NULL, cp_catalog_get_builtin () };
  g_autofree char *query_key = gpu_key (text);

  for (guint c = 0; c < G_N_ELEMENTS (catalogs); c++)
    for (guint i = 0; catalogs[c] && i < cp_catalog_n_links (catalogs[c]); i++)
      {
        const CpLinkSpec *link = cp_catalog_get_link (catalogs[c], i);
        g_autofree char *id_key = gpu_key (link->id ? link->id : "");
        g_autofree char *name_key = gpu_key (link->name ? link->name : "");

        if (g_strcmp0 (link->id, text) == 0 || strcmp (id_key, query_key) == 0
            || strcmp (name_key, query_key) == 0)
          return link;
      }
  return NULL;
}

static const CpLinkSpec *
find_link_by_id (const CpProject *project, const char *id)
{
  const CpLinkSpec *link = NULL;

  if (id == NULL)
    return NULL;
  if (project)
    link = cp_catalog_find_link (project->custom, id);
  if (link == NULL)
    link = cp_catalog_find_link (cp_catalog_get_builtin (), id);
  return link;
}

/* Cells */

typedef struct {
  const CpProject *project;
  guint            line;
  const char      *header;   /* as the user wrote it */
  const char      *hint;     /* unit in the header's parentheses, or NULL */
  GPtrArray       *errors;
} Cell;

static void G_GNUC_PRINTF (2, 3)
cell_error (Cell *cell, const char *format, ...)
{
  CpCsvLineError *e = g_new0 (CpCsvLineError, 1);
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);

  e->line = cell->line;
  /* Translators: a line number of a CSV file and what is wrong on it */
  e->message = g_strdup_printf (_("line %u: %s"), cell->line, what);
  g_ptr_array_add (cell->errors, e);
}

static void
not_a_number (Cell *cell, const char *text)
{
  /* Translators: a column header and the cell's text */
  cell_error (cell, _("%s “%s” is not a number"), cell->header, text);
}

static gboolean
parse_number (Cell *cell, const char *text, double *out)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *plain = g_strdup (text);
  char *w = plain;

  /* "30,000" arrives quoted from spreadsheets: drop digit grouping. */
  for (const char *r = text; *r; r++)
    if (!(*r == ',' && r > text && g_ascii_isdigit (r[-1]) && g_ascii_isdigit (r[1])))
      *w++ = *r;
  *w = '\0';

  if (cp_parse_count (plain, out, &local) && isfinite (*out))
    {
      if (*out < 0)
        {
          cell_error (cell, _("%s “%s” is negative"), cell->header, text);
          return FALSE;
        }
      return TRUE;
    }
  not_a_number (cell, text);
  return FALSE;
}

static gboolean
parse_whole (Cell *cell, const char *text, guint minimum, guint *out)
{
  double v;

  if (!parse_number (cell, text, &v))
    return FALSE;
  if (v != floor (v) || v < minimum || v > G_MAXUINT)
    {
      cell_error (cell, _("%s “%s” is not a whole number of at least %u"),
                  cell->header, text, minimum);
      return FALSE;
    }
  *out = (guint) v;
  return TRUE;
}

static gboolean
parse_money (Cell *cell, const char *text, char currency[4], double *out)
{
  g_autofree char *plain = g_strdup (text);
  CpPriceUnit unit;
  gboolean unit_found;
  char *slash;

  for (char *w = plain, *r = plain; ; r++)
    {
      if (!(*r == ',' && r > plain && g_ascii_isdigit (r[-1]) && g_ascii_isdigit (r[1])))
        *w++ = *r;
      if (*r == '\0')
        break;
    }
  if (cp_parse_price (plain, out, &unit, &unit_found, currency, NULL) && *out >= 0)
    return TRUE;
  /* Fees carry units the price parser does not know ("元/TB/月"): the
   * column says what they are per. */
  slash = strchr (plain, '/');
  if (slash)
    *slash = '\0';
  if (cp_parse_price (plain, out, &unit, &unit_found, currency, NULL) && *out >= 0)
    return TRUE;
  not_a_number (cell, text);
  return FALSE;
}

static gboolean
unit_from_text (const char *text, CpPriceUnit *unit)
{
  g_autofree char *probe = NULL;
  gboolean found = FALSE;
  char currency[4] = "";
  double ignored;

  if (text == NULL || *text == '\0')
    return FALSE;
  if (cp_price_unit_from_string (text, unit))
    return TRUE;
  /* "元/小时", "/GPU/h", "per node-month": read as the unit of a price. */
  probe = g_strconcat ("1 ", text, NULL);
  return cp_parse_price (probe, &ignored, unit, &found, currency, NULL) && found;
}

static gboolean
parse_currency (const char *text, char out[4])
{
  static const struct { const char *word; const char *code; } words[] = {
    { "人民币", "CNY" }, { "元", "CNY" }, { "RMB", "CNY" }, { "¥", "CNY" }, { "￥", "CNY" },
    { "美元", "USD" }, { "$", "USD" }, { "US$", "USD" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (g_ascii_strcasecmp (text, words[i].word) == 0)
      {
        g_strlcpy (out, words[i].code, 4);
        return TRUE;
      }
  if (strlen (text) == 3 && g_ascii_isalpha (text[0]) && g_ascii_isalpha (text[1])
      && g_ascii_isalpha (text[2]))
    {
      for (guint i = 0; i < 3; i++)
        out[i] = g_ascii_toupper (text[i]);
      out[3] = '\0';
      return TRUE;
    }
  return FALSE;
}

typedef struct {
  const char *word;
  int         value;
} Word;

static gboolean
match_word (const Word *words, guint n, const char *text, int *out)
{
  g_autofree char *key = gpu_key (text);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *w = gpu_key (words[i].word);
      if (strcmp (key, w) == 0)
        {
          *out = words[i].value;
          return TRUE;
        }
    }
  return FALSE;
}

static const Word network_words[] = {
  { "infiniband", CP_NETWORK_INFINIBAND }, { "ib", CP_NETWORK_INFINIBAND },
  { "ndr", CP_NETWORK_INFINIBAND }, { "hdr", CP_NETWORK_INFINIBAND },
  { "roce", CP_NETWORK_ROCE }, { "rocev2", CP_NETWORK_ROCE },
  { "ethernet", CP_NETWORK_ETHERNET }, { "以太网", CP_NETWORK_ETHERNET },
  { "eth", CP_NETWORK_ETHERNET }, { "tcp", CP_NETWORK_ETHERNET },
  { "none", CP_NETWORK_NONE }, { "无", CP_NETWORK_NONE }, { "-", CP_NETWORK_NONE },
};

static const Word sharing_words[] = {
  { "dedicated", CP_SHARING_DEDICATED }, { "独享", CP_SHARING_DEDICATED },
  { "专用", CP_SHARING_DEDICATED }, { "yes", CP_SHARING_DEDICATED }, { "是", CP_SHARING_DEDICATED },
  { "shared", CP_SHARING_SHARED }, { "共享", CP_SHARING_SHARED },
  { "no", CP_SHARING_SHARED }, { "否", CP_SHARING_SHARED },
  { "unknown", CP_SHARING_UNKNOWN }, { "未知", CP_SHARING_UNKNOWN }, { "?", CP_SHARING_UNKNOWN },
  { "未说明", CP_SHARING_UNKNOWN },
};

static const Word storage_words[] = {
  { "parallel fs", CP_STORAGE_PARALLEL_FS }, { "parallel file system", CP_STORAGE_PARALLEL_FS },
  { "并行文件系统", CP_STORAGE_PARALLEL_FS }, { "gpfs", CP_STORAGE_PARALLEL_FS },
  { "lustre", CP_STORAGE_PARALLEL_FS }, { "nas", CP_STORAGE_NAS },
  { "network disk", CP_STORAGE_NETWORK_DISK }, { "云盘", CP_STORAGE_NETWORK_DISK },
  { "网络盘", CP_STORAGE_NETWORK_DISK }, { "块存储", CP_STORAGE_NETWORK_DISK },
  { "local nvme", CP_STORAGE_LOCAL_NVME }, { "本地nvme", CP_STORAGE_LOCAL_NVME },
  { "本地盘", CP_STORAGE_LOCAL_NVME }, { "nvme", CP_STORAGE_LOCAL_NVME },
  { "unknown", CP_STORAGE_UNKNOWN }, { "未知", CP_STORAGE_UNKNOWN }, { "未说明", CP_STORAGE_UNKNOWN },
};

static const Word offering_words[] = {
  { "bare metal", CP_OFFERING_BARE_METAL }, { "裸金属", CP_OFFERING_BARE_METAL },
  { "hosted machine", CP_OFFERING_HOSTED_MACHINE }, { "托管整机", CP_OFFERING_HOSTED_MACHINE },
  { "整机托管", CP_OFFERING_HOSTED_MACHINE },
  { "container", CP_OFFERING_CONTAINER }, { "容器", CP_OFFERING_CONTAINER },
  { "container cluster", CP_OFFERING_CONTAINER_CLUSTER }, { "容器集群", CP_OFFERING_CONTAINER_CLUSTER },
  { "bare metal cluster", CP_OFFERING_BARE_METAL_CLUSTER },
  { "裸金属集群", CP_OFFERING_BARE_METAL_CLUSTER },
};

static gboolean
parse_date (Cell *cell, const char *text, char **out)
{
  guint parts[3];
  guint n = 0;
  const char *p = text;

  /* 2026-03-31, 2026/3/31, 2026.3.31, 2026年3月31日 */
  while (*p && n < 3)
    {
      if (g_ascii_isdigit (*p))
        {
          guint64 v = g_ascii_strtoull (p, (char **) &p, 10);
          parts[n++] = (guint) MIN (v, G_MAXUINT);
        }
      else
        p = g_utf8_next_char (p);
    }
  if (n == 3 && parts[0] >= 1900
      && g_date_valid_dmy ((GDateDay) MIN (parts[2], 255), (GDateMonth) MIN (parts[1], 13),
                           (GDateYear) MIN (parts[0], 65535)))
    {
      *out = g_strdup_printf ("%04u-%02u-%02u", parts[0], parts[1], parts[2]);
      return TRUE;
    }
  cell_error (cell, _("%s “%s” is not a date (write e.g. 2026-03-31)"), cell->header, text);
  return FALSE;
}

static gboolean
parse_hours (Cell *cell, const char *text, double *out)
{
  static const struct { const char *unit; double hours; } units[] = {
    { "hours", 1 }, { "hour", 1 }, { "小时", 1 }, { "时", 1 }, { "h", 1 },
    { "days", 24 }, { "day", 24 }, { "天", 24 }, { "d", 24 },
    { "weeks", 168 }, { "week", 168 }, { "周", 168 }, { "w", 168 },
    { "months", 0 }, { "month", 0 }, { "个月", 0 }, { "月", 0 },
  };
  g_autofree char *copy = g_strstrip (g_strdup (text));
  double scale = 1;

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_str_has_suffix (copy, units[i].unit))
      {
        copy[strlen (copy) - strlen (units[i].unit)] = '\0';
        g_strstrip (copy);
        scale = units[i].hours;
        if (scale == 0)
          scale = cell->project ? cell->project->settings.hours_per_month : 730;
        break;
      }
  if (!parse_number (cell, copy, out))
    return FALSE;
  *out *= scale;
  return TRUE;
}

/* "400G", "400 Gb/s", "4×400G", "8 x 200Gbps": NICs and the rate of one. */
static gboolean
parse_bandwidth (Cell *cell, const char *text, guint *nics, double *gbps)
{
  g_autofree char *lower = g_utf8_strdown (text, -1);
  char *rate = lower;
  char *times;
  double scale = 1;
  gsize n;

  *nics = 0;
  times = strstr (lower, "×");
  if (times)
    rate = times + strlen ("×");
  else if ((times = strpbrk (lower, "x*")) != NULL)
    rate = times + 1;
  if (times)
    {
      guint count;
      *times = '\0';
      g_strstrip (lower);
      if (!parse_whole (cell, lower, 1, &count))
        return FALSE;
      *nics = count;
    }
  g_strstrip (rate);
  for (const char *suffix_list[] = { "bit/s", "b/s", "bps", "b", NULL }, **s = suffix_list; *s; s++)
    if (g_str_has_suffix (rate, *s))
      {
        rate[strlen (rate) - strlen (*s)] = '\0';
        break;
      }
  g_strstrip (rate);
  n = strlen (rate);
  if (n > 0 && (rate[n - 1] == 'g' || rate[n - 1] == 't' || rate[n - 1] == 'm'))
    {
      scale = rate[n - 1] == 't' ? 1000 : rate[n - 1] == 'm' ? 0.001 : 1;
      rate[n - 1] = '\0';
    }
  if (!parse_number (cell, rate, gbps))
    return FALSE;
  *gbps *= scale;
  return TRUE;
}

static void
parse_cell (Cell *cell, Column col, const char *text, CpQuote *quote)
{
  int value;

  switch (col)
    {
    case COL_ID:
      g_free (quote->id);
      quote->id = g_strdup (text);
      break;
    case COL_VENDOR:
      g_free (quote->vendor);
      quote->vendor = g_strdup (text);
      break;
    case COL_OFFER:
      g_free (quote->offer_name);
      quote->offer_name = g_strdup (text);
      break;
    case COL_NOTES:
      g_free (quote->notes);
      quote->notes = g_strdup (text);
      break;
    case COL_OFFERING:
      {
        CpOfferingKind kind;
        if (cp_offering_kind_from_string (text, &kind))
          quote->offering = kind;
        else if (match_word (offering_words, G_N_ELEMENTS (offering_words), text, &value))
          quote->offering = value;
        else
          cell_error (cell, _("%s “%s” is not an offering kind (bare metal, hosted machine, "
                              "container, container cluster, bare metal cluster)"),
                      cell->header, text);
      }
      break;
    case COL_GPU:
      {
        g_autoptr(GError) local = NULL;
        const CpGpuSpec *gpu = cp_quote_csv_find_gpu (cell->project, text, &local);
        if (gpu == NULL)
          cell_error (cell, "%s", local->message);
        else
          {
            const CpLinkSpec *link = find_link_by_id (cell->project, gpu->default_intra_link);
            cp_quote_set_gpu (quote, gpu);
            if (link)
              cp_quote_set_intra_link (quote, link);
          }
      }
      break;
    case COL_GPUS_PER_NODE:
      parse_whole (cell, text, 1, &quote->gpus_per_node);
      break;
    case COL_NODES:
      parse_whole (cell, text, 1, &quote->nodes_available);
      break;
    case COL_INTRA_LINK:
      {
        const CpLinkSpec *link = find_link (cell->project, text);
        if (link)
          cp_quote_set_intra_link (quote, link);
        else
          cell_error (cell, _("%s “%s” is not a link in the catalogue"), cell->header, text);
      }
      break;
    case COL_NETWORK:
      {
        CpNetworkKind kind;
        if (cp_network_kind_from_string (text, &kind))
          quote->network = kind;
        else if (match_word (network_words, G_N_ELEMENTS (network_words), text, &value))
          quote->network = value;
        else
          cell_error (cell, _("%s “%s” is not a network kind (InfiniBand, RoCE, Ethernet, none)"),
                      cell->header, text);
      }
      break;
    case COL_NICS:
      parse_whole (cell, text, 0, &quote->nics_per_node);
      break;
    case COL_BANDWIDTH:
      {
        guint nics;
        if (parse_bandwidth (cell, text, &nics, &quote->nic_gbps) && nics > 0)
          quote->nics_per_node = nics;
      }
      break;
    case COL_SHARING:
      {
        CpSharing sharing;
        if (cp_sharing_from_string (text, &sharing))
          quote->sharing = sharing;
        else if (match_word (sharing_words, G_N_ELEMENTS (sharing_words), text, &value))
          quote->sharing = value;
        else
          cell_error (cell, _("%s “%s” should say dedicated or shared"), cell->header, text);
      }
      break;
    case COL_SHARE_FACTOR:
      if (parse_number (cell, text, &quote->share_factor) && quote->share_factor > 1)
        cell_error (cell, _("%s “%s” must be a fraction between 0 and 1"), cell->header, text);
      break;
    case COL_STORAGE:
      {
        CpStorageKind kind;
        if (cp_storage_kind_from_string (text, &kind))
          quote->storage = kind;
        else if (match_word (storage_words, G_N_ELEMENTS (storage_words), text, &value))
          quote->storage = value;
        else
          cell_error (cell, _("%s “%s” is not a storage kind (parallel file system, NAS, "
                              "network disk, local NVMe)"), cell->header, text);
      }
      break;
    case COL_GRANULARITY:
      parse_hours (cell, text, &quote->billing_granularity_h);
      break;
    case COL_MINIMUM_TERM:
      parse_hours (cell, text, &quote->minimum_term_h);
      break;
    case COL_NETWORK_FEE:
      parse_money (cell, text, quote->currency, &quote->network_fee_per_node_month);
      break;
    case COL_STORAGE_PRICE:
      parse_money (cell, text, quote->currency, &quote->storage_price_per_tb_month);
      break;
    case COL_MANAGEMENT_FEE:
      parse_money (cell, text, quote->currency, &quote->management_fee_per_month);
      break;
    case COL_SETUP_FEE:
      parse_money (cell, text, quote->currency, &quote->setup_fee);
      break;
    case COL_VALID_UNTIL:
      {
        char *date = NULL;
        if (parse_date (cell, text, &date))
          {
            g_free (quote->valid_until);
            quote->valid_until = date;
          }
      }
      break;
    case COL_PRICE:
    case COL_PRICE_UNIT:
    case COL_CURRENCY:
      /* read together in parse_price_cells() */
      break;
    case N_COLS:
    default:
      g_assert_not_reached ();
    }
}

typedef struct {
  int   index[N_COLS];      /* field index, or -1 */
  char *header[N_COLS];     /* as written */
  char *hint[N_COLS];       /* unit in parentheses */
} Header;

static const char *
field_at (const Record *r, const Header *h, Column col)
{
  int i = h->index[col];

  if (i < 0 || (guint) i >= r->fields->len)
    return NULL;
  return g_ptr_array_index (r->fields, i);
}

static void
parse_price_cells (Cell *cell, const Record *r, const Header *h, CpQuote *quote,
                   const char *default_currency)
{
  const char *price_text = field_at (r, h, COL_PRICE);
  const char *unit_text = field_at (r, h, COL_PRICE_UNIT);
  const char *currency_text = field_at (r, h, COL_CURRENCY);
  g_autofree char *price_plain = NULL;
  g_autoptr(GError) local = NULL;
  char price_currency[4] = "";
  gboolean unit_found = FALSE;
  CpPriceUnit unit = CP_PRICE_PER_GPU_HOUR;
  char currency[4] = "";

  cell->header = h->header[COL_PRICE];
  if (price_text == NULL || *price_text == '\0')
    {
      cell_error (cell, _("%s is empty"), cell->header);
      return;
    }

  price_plain = g_strdup (price_text);
  {
    char *w = price_plain;
    for (const char *p = price_text; *p; p++)
      if (!(*p == ',' && p > price_text && g_ascii_isdigit (p[-1]) && g_ascii_isdigit (p[1])))
        *w++ = *p;
    *w = '\0';
  }

  if (!cp_parse_price (price_plain, &quote->price, &unit, &unit_found, price_currency, &local))
    {
      if (g_error_matches (local, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT)
          || g_error_matches (local, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE))
        cell_error (cell, _("%s “%s”: %s"), cell->header, price_text, local->message);
      else
        not_a_number (cell, price_text);
      return;
    }
  if (quote->price < 0)
    {
      cell_error (cell, _("%s “%s” is negative"), cell->header, price_text);
      return;
    }

  if (unit_text && *unit_text)
    {
      CpPriceUnit column_unit;
      cell->header = h->header[COL_PRICE_UNIT];
      if (!unit_from_text (unit_text, &column_unit))
        {
          cell_error (cell, _("%s “%s” is not a price unit (per GPU-hour, per node-hour "
                              "or per node-month)"), cell->header, unit_text);
          return;
        }
      if (unit_found && column_unit != unit)
        {
          cell_error (cell, _("price “%s” and price unit “%s” disagree"), price_text, unit_text);
          return;
        }
      unit = column_unit;
      unit_found = TRUE;
    }
  if (!unit_found && h->hint[COL_PRICE])
    unit_found = unit_from_text (h->hint[COL_PRICE], &unit);
  if (!unit_found)
    {
      cell_error (cell, _("price “%s” does not say what it is per (GPU-hour, node-hour or "
                          "node-month); write e.g. “12 元/卡/小时” or add a price unit column"),
                  price_text);
      return;
    }
  quote->price_unit = unit;

  if (currency_text && *currency_text)
    {
      cell->header = h->header[COL_CURRENCY];
      if (!parse_currency (currency_text, currency))
        {
          cell_error (cell, _("%s “%s” is not a currency code such as CNY"),
                      cell->header, currency_text);
          return;
        }
      if (price_currency[0] && strcmp (price_currency, currency) != 0)
        {
          cell_error (cell, _("price “%s” and currency “%s” disagree"), price_text, currency_text);
          return;
        }
    }
  else if (price_currency[0])
    g_strlcpy (currency, price_currency, sizeof currency);
  else if (h->hint[COL_PRICE])
    {
      /* "价格（元/卡/小时）": the header names the currency. */
      g_autofree char *probe = g_strconcat ("1 ", h->hint[COL_PRICE], NULL);
      CpPriceUnit ignored_unit;
      gboolean ignored_found;
      double ignored;
      if (!cp_parse_price (probe, &ignored, &ignored_unit, &ignored_found, currency, NULL))
        currency[0] = '\0';
    }
  if (currency[0] == '\0')
    g_strlcpy (currency, default_currency, sizeof currency);
  memcpy (quote->currency, currency, 4);
}

static gboolean
read_header (const Record *r, Header *h, CpQuoteCsvResult *result, GError **error)
{
  for (guint c = 0; c < N_COLS; c++)
    h->index[c] = -1;

  for (guint i = 0; i < r->fields->len; i++)
    {
      const char *text = g_ptr_array_index (r->fields, i);
      char *hint = NULL;
      g_autofree char *norm = normalize_header (text, &hint);
      int col = column_for_header (norm);

      if (col < 0)
        {
          if (*norm)
            g_ptr_array_add (result->ignored_columns, g_strdup (text));
          g_free (hint);
          continue;
        }
      if (h->index[col] >= 0)
        {
          g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_DUPLICATE_COLUMN,
                       _("columns “%s” and “%s” mean the same thing"),
                       h->header[col], text);
          g_free (hint);
          return FALSE;
        }
      h->index[col] = (int) i;
      h->header[col] = g_strstrip (g_strdup (text));
      /* A BOM glued to the first header is not part of its name. */
      if (g_str_has_prefix (h->header[col], "\xef\xbb\xbf"))
        memmove (h->header[col], h->header[col] + 3, strlen (h->header[col]) - 2);
      h->hint[col] = hint;
    }

  {
    static const Column required[] = { COL_GPU, COL_GPUS_PER_NODE, COL_PRICE };
    for (guint i = 0; i < G_N_ELEMENTS (required); i++)
      if (h->index[required[i]] < 0)
        {
          g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN,
                       /* Translators: a column name in English, then in Chinese */
                       _("the file has no “%s” column (also read as “%s”)"),
                       export_headers[required[i]], column_names[required[i]][4] ?
                       column_names[required[i]][4] : column_names[required[i]][3]);
          return FALSE;
        }
  }
  return TRUE;
}

static void
header_clear (Header *h)
{
  for (guint c = 0; c < N_COLS; c++)
    {
      g_free (h->header[c]);
      g_free (h->hint[c]);
    }
}

static char *
to_utf8 (const char *data, gsize len, GError **error)
{
  const char *nul = memchr (data, '\0', len);

  /* Every later step reads C strings: a NUL would silently end the sheet
   * there, and the lines after it would never be reported. */
  if (nul != NULL)
    {
      guint line = 1;

      for (const char *p = data; p < nul; p++)
        line += *p == '\n';
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_ENCODING,
                   _("line %u holds a NUL byte, which no text file has; "
                     "export the sheet again as CSV"), line);
      return NULL;
    }
  if (len >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      len -= 3;
    }
  if (g_utf8_validate_len (data, len, NULL))
    return g_strndup (data, len);
  {
    char *converted = g_convert (data, len, "UTF-8", "GB18030", NULL, NULL, NULL);
    if (converted)
      return converted;
  }
  g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_ENCODING,
               _("the file is not UTF-8 text; save it as “CSV UTF-8”"));
  return NULL;
}

CpQuoteCsvResult *
cp_quote_csv_read (const char      *data,
                   gsize            len,
                   const CpProject *project,
                   GError         **error)
{
  g_autoptr(CpQuoteCsvResult) result = g_new0 (CpQuoteCsvResult, 1);
  g_autoptr(GPtrArray) records = NULL;
  g_autofree char *text = NULL;
  const char *default_currency = project && project->settings.currency[0]
                                 ? project->settings.currency : "CNY";
  Header h = { { 0 } };
  guint header_len;

  result->quotes = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_quote_free);
  result->errors = g_ptr_array_new_with_free_func (line_error_free);
  result->ignored_columns = g_ptr_array_new_with_free_func (g_free);

  if (len > CP_QUOTE_CSV_MAX_BYTES)
    {
      set_too_large (error);
      return NULL;
    }
  text = to_utf8 (data, len, error);
  if (text == NULL)
    return NULL;
  records = tokenize (text, error);
  if (records == NULL)
    return NULL;
  if (records->len == 0)
    {
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_EMPTY,
                   _("the file is empty"));
      return NULL;
    }
  if (!read_header (g_ptr_array_index (records, 0), &h, result, error))
    {
      header_clear (&h);
      return NULL;
    }
  header_len = ((const Record *) g_ptr_array_index (records, 0))->fields->len;
  if (records->len == 1)
    {
      header_clear (&h);
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_NO_ROWS,
                   _("the file has a header but no quotes"));
      return NULL;
    }

  for (guint i = 1; i < records->len; i++)
    {
      const Record *r = g_ptr_array_index (records, i);
      guint n_errors = result->errors->len;
      CpQuote *quote = cp_quote_new ();
      Cell cell = { project, r->line, NULL, NULL, result->errors };

      result->n_records++;

      if (r->error)
        {
          CpCsvLineError *e = g_new0 (CpCsvLineError, 1);
          e->line = r->line;
          e->message = g_strdup (r->error);
          g_ptr_array_add (result->errors, e);
        }
      for (guint f = header_len; f < r->fields->len; f++)
        if (!is_blank (g_ptr_array_index (r->fields, f)))
          {
            cell_error (&cell, _("%u fields, but the header has %u"), r->fields->len, header_len);
            break;
          }

      for (guint c = 0; c < N_COLS; c++)
        {
          const char *raw = field_at (r, &h, c);
          g_autofree char *value = raw ? g_strstrip (g_strdup (raw)) : NULL;

          if (value == NULL || *value == '\0' || c == COL_PRICE || c == COL_PRICE_UNIT
              || c == COL_CURRENCY)
            continue;
          cell.header = h.header[c];
          cell.hint = h.hint[c];
          /* Free text keeps its spaces and line breaks. */
          parse_cell (&cell, c, (c == COL_NOTES || c == COL_OFFER || c == COL_VENDOR) ? raw : value,
                      quote);
        }
      {
        const char *gpu_text = field_at (r, &h, COL_GPU);
        const char *count_text = field_at (r, &h, COL_GPUS_PER_NODE);
        if (is_blank (gpu_text))
          {
            cell.header = h.header[COL_GPU];
            cell_error (&cell, _("%s is empty"), cell.header);
          }
        if (is_blank (count_text))
          {
            cell.header = h.header[COL_GPUS_PER_NODE];
            cell_error (&cell, _("%s is empty"), cell.header);
          }
      }
      parse_price_cells (&cell, r, &h, quote, default_currency);

      /* Each cell may be a number and the quote still one the model cannot
       * use (a price of 1e20, 2000 GPUs in a node): said here, with the
       * line, rather than the quote silently missing from every plan. */
      if (result->errors->len == n_errors)
        {
          g_autoptr(GError) invalid = NULL;
          if (!cp_quote_validate (quote, &invalid))
            cell_error (&cell, "%s", invalid->message);
        }

      /* A cluster offer written without its kind: the machine kind it
       * implies is the bare-metal cluster, the default of a machine. */
      if (h.index[COL_OFFERING] < 0 && quote->nodes_available > 1
          && quote->offering == CP_OFFERING_BARE_METAL)
        quote->offering = CP_OFFERING_BARE_METAL_CLUSTER;

      if (result->errors->len == n_errors)
        g_ptr_array_add (result->quotes, quote);
      else
        cp_quote_free (quote);
    }

  header_clear (&h);
  return g_steal_pointer (&result);
}

CpQuoteCsvResult *
cp_quote_csv_read_file (const char      *path,
                        const CpProject *project,
                        GError         **error)
{
  g_autofree char *data = NULL;
  GStatBuf st;
  gsize len = 0;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_IO,
                   _("could not read the file: %s"), g_strerror (saved));
      return NULL;
    }
  /* Only regular files have a size worth trusting; a pipe or a device
   * could stream for ever. */
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_IO,
                   _("could not read the file: it is not a regular file"));
      return NULL;
    }
  if (st.st_size > CP_QUOTE_CSV_MAX_BYTES)
    {
      set_too_large (error);
      return NULL;
    }
  {
    g_autoptr(GError) local = NULL;
    if (!g_file_get_contents (path, &data, &len, &local))
      {
        g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_IO,
                     _("could not read the file: %s"), local->message);
        return NULL;
      }
  }
  return cp_quote_csv_read (data, len, project, error);
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

/* Export */

static void
append_field (GString *out, const char *value, gboolean first)
{
  if (!first)
    g_string_append_c (out, ',');
  if (value == NULL)
    return;
  if (strpbrk (value, ",\"\r\n") || g_ascii_isspace (value[0])
      || (*value && g_ascii_isspace (value[strlen (value) - 1])))
    {
      g_string_append_c (out, '"');
      for (const char *p = value; *p; p++)
        {
          if (*p == '"')
            g_string_append_c (out, '"');
          g_string_append_c (out, *p);
        }
      g_string_append_c (out, '"');
    }
  else
    g_string_append (out, value);
}

static char *
format_number (double value)
{
  return cp_format_double_exact (value);
}

char *
cp_quote_csv_write (GPtrArray *quotes,
                    gsize     *len)
{
  GString *out = g_string_new ("\xef\xbb\xbf");

  for (guint c = 0; c < N_COLS; c++)
    append_field (out, export_headers[c], c == 0);
  g_string_append (out, "\r\n");

  for (guint i = 0; i < quotes->len; i++)
    {
      const CpQuote *q = g_ptr_array_index (quotes, i);

      for (guint c = 0; c < N_COLS; c++)
        {
          g_autofree char *v = NULL;

          switch ((Column) c)
            {
            case COL_ID: v = g_strdup (q->id); break;
            case COL_VENDOR: v = g_strdup (q->vendor); break;
            case COL_OFFER: v = g_strdup (q->offer_name); break;
            case COL_OFFERING: v = g_strdup (cp_offering_kind_to_string (q->offering)); break;
            case COL_GPU: v = g_strdup (q->gpu.id); break;
            case COL_GPUS_PER_NODE: v = g_strdup_printf ("%u", q->gpus_per_node); break;
            case COL_NODES: v = g_strdup_printf ("%u", q->nodes_available); break;
            case COL_INTRA_LINK: v = g_strdup (q->intra_link.id); break;
            case COL_NETWORK: v = g_strdup (cp_network_kind_to_string (q->network)); break;
            case COL_NICS: v = g_strdup_printf ("%u", q->nics_per_node); break;
            case COL_BANDWIDTH: v = format_number (q->nic_gbps); break;
            case COL_SHARING: v = g_strdup (cp_sharing_to_string (q->sharing)); break;
            case COL_SHARE_FACTOR: v = format_number (q->share_factor); break;
            case COL_PRICE: v = format_number (q->price); break;
            case COL_PRICE_UNIT: v = g_strdup (cp_price_unit_to_string (q->price_unit)); break;
            case COL_GRANULARITY: v = format_number (q->billing_granularity_h); break;
            case COL_MINIMUM_TERM: v = format_number (q->minimum_term_h); break;
            case COL_NETWORK_FEE: v = format_number (q->network_fee_per_node_month); break;
            case COL_STORAGE: v = g_strdup (cp_storage_kind_to_string (q->storage)); break;
            case COL_STORAGE_PRICE: v = format_number (q->storage_price_per_tb_month); break;
            case COL_MANAGEMENT_FEE: v = format_number (q->management_fee_per_month); break;
            case COL_SETUP_FEE: v = format_number (q->setup_fee); break;
            case COL_CURRENCY: v = g_strndup (q->currency, 3); break;
            case COL_VALID_UNTIL: v = g_strdup (q->valid_until); break;
            case COL_NOTES: v = g_strdup (q->notes); break;
            case N_COLS:
            default:
              g_assert_not_reached ();
            }
          append_field (out, v, c == 0);
        }
      g_string_append (out, "\r\n");
    }

  if (len)
    *len = out->len;
  return g_string_free (out, FALSE);
}
