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

typedef CpQuoteColumn Column;

/* Header names, compared after normalize_header(); the first is what the
 * exporter writes, the fifth (or fourth) the Chinese one a missing-column
 * message names. The spellings are those of vendors' comparison sheets:
 * every one listed in issue 14 and their usual variants. */
static const char * const column_names[CP_N_QUOTE_COLUMNS][20] = {
  [CP_QUOTE_COLUMN_ID]             = { "id", "编号", "序号" },
  [CP_QUOTE_COLUMN_VENDOR]         = { "vendor", "supplier", "provider", "供应商", "厂商", "服务商",
                                       "云厂商", "供应商名称", "公司" },
  [CP_QUOTE_COLUMN_OFFER]          = { "offer", "offername", "plan", "product", "方案", "套餐", "产品",
                                       "方案名称", "机型", "配置", "规格" },
  [CP_QUOTE_COLUMN_OFFERING]       = { "offering", "offeringkind", "type", "kind", "类型", "产品形态",
                                       "形态", "服务类型", "交付方式", "交付形态" },
  [CP_QUOTE_COLUMN_GPU]            = { "gpu", "gpumodel", "card", "accelerator", "gpu型号", "显卡",
                                       "显卡型号", "加速卡", "型号", "gputype", "卡型", "卡型号", "芯片",
                                       "算力卡", "gpu卡" },
  [CP_QUOTE_COLUMN_GPUS_PER_NODE]  = { "gpuspernode", "gpupernode", "gpus/node", "每节点gpu数", "单机卡数",
                                       "每节点卡数", "单节点卡数", "卡数/台", "每台卡数", "卡数",
                                       "gpus/server", "cardspernode", "gpuspermachine", "单台卡数",
                                       "每机卡数", "卡数/节点", "gpu数", "gpu数量", "卡/台" },
  [CP_QUOTE_COLUMN_NODES]          = { "nodes", "nodesavailable", "nodecount", "节点数", "可用节点数",
                                       "节点数量", "台数", "可用台数", "服务器数量", "机器数量",
                                       "numberofnodes", "可供节点数", "库存" },
  [CP_QUOTE_COLUMN_INTRA_LINK]     = { "intralink", "interconnect", "gpuinterconnect", "机内互联", "卡间互联",
                                       "卡间互连", "机内互连", "gpu互联", "互联", "intranodelink",
                                       "nvlink" },
  [CP_QUOTE_COLUMN_NETWORK]        = { "network", "networkkind", "fabric", "网络", "网络类型", "组网",
                                       "节点间网络", "节点间互联", "计算网络", "机间网络", "internodenetwork",
                                       "rdma", "参数网络", "集群网络" },
  [CP_QUOTE_COLUMN_NICS]           = { "nicspernode", "nics", "网卡数", "每节点网卡数", "网卡数量" },
  [CP_QUOTE_COLUMN_BANDWIDTH]      = { "bandwidth", "nicgbps", "nicrate", "带宽", "网卡带宽", "网络带宽",
                                       "节点间带宽" },
  [CP_QUOTE_COLUMN_SHARING]        = { "dedicated", "sharing", "bandwidthsharing", "dedicated/shared",
                                       "独享/共享", "独享", "共享", "带宽独享", "带宽类型", "带宽方式",
                                       "是否独享", "共享/独享", "带宽性质" },
  [CP_QUOTE_COLUMN_SHARE_FACTOR]   = { "sharefactor", "共享系数", "收敛比", "超分比" },
  [CP_QUOTE_COLUMN_PRICE]          = { "price", "unitprice", "价格", "单价", "报价", "租金", "价格/元",
                                       "rate", "费用", "月租", "租赁价格", "刊例价" },
  [CP_QUOTE_COLUMN_PRICE_UNIT]     = { "priceunit", "unit", "计价单位", "价格单位", "单位", "计费单位",
                                       "计费方式", "billingunit", "billing", "计费模式", "付费方式",
                                       "计费周期" },
  [CP_QUOTE_COLUMN_GRANULARITY]    = { "billinggranularity", "granularity", "计费粒度" },
  [CP_QUOTE_COLUMN_MINIMUM_TERM]   = { "minimumterm", "minimumrental", "最短租期", "起租时长", "起租",
                                       "最低租期", "最短租用", "最短租用期", "minterm", "起租周期",
                                       "租期" },
  [CP_QUOTE_COLUMN_NETWORK_FEE]    = { "networkfee", "网络费", "网络费用" },
  [CP_QUOTE_COLUMN_STORAGE]        = { "storage", "storagekind", "存储", "存储类型" },
  [CP_QUOTE_COLUMN_STORAGE_PRICE]  = { "storageprice", "存储价格", "存储单价", "存储费" },
  [CP_QUOTE_COLUMN_MANAGEMENT_FEE] = { "managementfee", "licencefee", "licensefee", "管理费", "软件费" },
  [CP_QUOTE_COLUMN_SETUP_FEE]      = { "setupfee", "开通费", "安装费", "初装费" },
  [CP_QUOTE_COLUMN_CURRENCY]       = { "currency", "币种", "货币" },
  [CP_QUOTE_COLUMN_VALID_UNTIL]    = { "validuntil", "validity", "有效期", "有效期至", "报价有效期" },
  [CP_QUOTE_COLUMN_NOTES]          = { "notes", "note", "remarks", "comment", "备注", "说明" },
  [CP_QUOTE_COLUMN_HOST_MEMORY]    = { "hostmemory", "ram", "systemmemory", "hostram", "内存", "主机内存",
                                       "系统内存", "内存容量", "服务器内存", "整机内存", "单机内存",
                                       "memorypernode", "每节点内存", "cpu内存" },
};

/* The mapping's names of the fields, for people. */
static const char * const column_labels[CP_N_QUOTE_COLUMNS] = {
  [CP_QUOTE_COLUMN_ID]             = N_("Id"),
  [CP_QUOTE_COLUMN_VENDOR]         = N_("Vendor"),
  [CP_QUOTE_COLUMN_OFFER]          = N_("Offer"),
  [CP_QUOTE_COLUMN_OFFERING]       = N_("Offering kind"),
  [CP_QUOTE_COLUMN_GPU]            = N_("GPU"),
  [CP_QUOTE_COLUMN_GPUS_PER_NODE]  = N_("GPUs per node"),
  [CP_QUOTE_COLUMN_NODES]          = N_("Nodes available"),
  [CP_QUOTE_COLUMN_INTRA_LINK]     = N_("Intra-node link"),
  [CP_QUOTE_COLUMN_NETWORK]        = N_("Network between nodes"),
  [CP_QUOTE_COLUMN_NICS]           = N_("Network cards per node"),
  [CP_QUOTE_COLUMN_BANDWIDTH]      = N_("Bandwidth"),
  [CP_QUOTE_COLUMN_SHARING]        = N_("Dedicated or shared"),
  [CP_QUOTE_COLUMN_SHARE_FACTOR]   = N_("Share factor"),
  [CP_QUOTE_COLUMN_PRICE]          = N_("Price"),
  [CP_QUOTE_COLUMN_PRICE_UNIT]     = N_("Price unit"),
  [CP_QUOTE_COLUMN_GRANULARITY]    = N_("Billing granularity"),
  [CP_QUOTE_COLUMN_MINIMUM_TERM]   = N_("Minimum term"),
  [CP_QUOTE_COLUMN_NETWORK_FEE]    = N_("Network fee"),
  [CP_QUOTE_COLUMN_STORAGE]        = N_("Storage"),
  [CP_QUOTE_COLUMN_STORAGE_PRICE]  = N_("Storage price"),
  [CP_QUOTE_COLUMN_MANAGEMENT_FEE] = N_("Management fee"),
  [CP_QUOTE_COLUMN_SETUP_FEE]      = N_("Setup fee"),
  [CP_QUOTE_COLUMN_CURRENCY]       = N_("Currency"),
  [CP_QUOTE_COLUMN_VALID_UNTIL]    = N_("Valid until"),
  [CP_QUOTE_COLUMN_NOTES]          = N_("Notes"),
  [CP_QUOTE_COLUMN_HOST_MEMORY]    = N_("Host memory per node"),
};

const char *
cp_quote_column_get_label (int field)
{
  if (field < 0 || field >= CP_N_QUOTE_COLUMNS)
    return _("Not used");
  return _(column_labels[field]);
}

/* What the exporter writes, readable by people. */
static const char * const export_headers[CP_N_QUOTE_COLUMNS] = {
  [CP_QUOTE_COLUMN_ID]             = "id",
  [CP_QUOTE_COLUMN_VENDOR]         = "vendor",
  [CP_QUOTE_COLUMN_OFFER]          = "offer",
  [CP_QUOTE_COLUMN_OFFERING]       = "offering",
  [CP_QUOTE_COLUMN_GPU]            = "gpu",
  [CP_QUOTE_COLUMN_GPUS_PER_NODE]  = "gpus per node",
  [CP_QUOTE_COLUMN_NODES]          = "nodes",
  [CP_QUOTE_COLUMN_INTRA_LINK]     = "intra link",
  [CP_QUOTE_COLUMN_NETWORK]        = "network",
  [CP_QUOTE_COLUMN_NICS]           = "nics per node",
  [CP_QUOTE_COLUMN_BANDWIDTH]      = "bandwidth (Gb/s)",
  [CP_QUOTE_COLUMN_SHARING]        = "sharing",
  [CP_QUOTE_COLUMN_SHARE_FACTOR]   = "share factor",
  [CP_QUOTE_COLUMN_PRICE]          = "price",
  [CP_QUOTE_COLUMN_PRICE_UNIT]     = "price unit",
  [CP_QUOTE_COLUMN_GRANULARITY]    = "billing granularity (h)",
  [CP_QUOTE_COLUMN_MINIMUM_TERM]   = "minimum term (h)",
  [CP_QUOTE_COLUMN_NETWORK_FEE]    = "network fee (per node-month)",
  [CP_QUOTE_COLUMN_STORAGE]        = "storage",
  [CP_QUOTE_COLUMN_STORAGE_PRICE]  = "storage price (per TB-month)",
  [CP_QUOTE_COLUMN_MANAGEMENT_FEE] = "management fee (per month)",
  [CP_QUOTE_COLUMN_SETUP_FEE]      = "setup fee",
  [CP_QUOTE_COLUMN_CURRENCY]       = "currency",
  [CP_QUOTE_COLUMN_VALID_UNTIL]    = "valid until",
  [CP_QUOTE_COLUMN_NOTES]          = "notes",
  [CP_QUOTE_COLUMN_HOST_MEMORY]    = "host memory (GiB)",
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
  g_ptr_array_unref (result->rows);
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

      if (c == '(' || c == 0xff08 /* （ */ || c == '[' || c == 0x3010 /* 【 */)
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
              if (c == ')' || c == 0xff09 /* ） */ || c == ']' || c == 0x3011 /* 】 */)
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
  for (int c = 0; c < CP_N_QUOTE_COLUMNS; c++)
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

/* What a vendor's GPU name says, word by word: "NVIDIA H800 SXM5" is the
 * model h800 in its SXM form; "A100 40G PCIe" the model a100 with 40 GB in
 * its PCIe form; "H100 80GB HBM3" and "RTX 4090 24G" the model and its
 * memory. Makers' names, memory kinds and "显卡" say nothing of the part. */
typedef enum { FORM_UNSTATED, FORM_SXM, FORM_PCIE } GpuForm;

typedef struct {
  char    *model;       /* the remaining words run together: "h800", "910b" */
  double   memory_gb;   /* 0: not stated */
  GpuForm  form;
} GpuWords;

static gboolean
is_memory_word (const char *word, double *gb)
{
  char *end;
  double v = g_ascii_strtod (word, &end);

  if (end == word || !isfinite (v) || v <= 0)
    return FALSE;
  if (strcmp (end, "g") == 0 || strcmp (end, "gb") == 0 || strcmp (end, "gib") == 0)
    {
      *gb = v;
      return TRUE;
    }
  return FALSE;
}

static void
read_gpu_words (const char *text, GpuWords *out)
{
  static const char * const noise[] = {
    "nvidia", "geforce", "tesla", "rtx", "huawei", "ascend", "amd", "instinct", "gpu", "card",
    "华为", "昇腾", "英伟达", "显卡", "卡",
  };
  g_autofree char *lower = g_utf8_strdown (text, -1);
  GString *model = g_string_new (NULL);
  const char *p = lower;

  out->memory_gb = 0;
  out->form = FORM_UNSTATED;
  while (*p)
    {
      gboolean ascii = g_ascii_isalnum (*p) || *p == '.';
      const char *start = p;
      g_autofree char *word = NULL;
      double gb;
      gboolean is_noise = FALSE;

      if (!ascii && (*p & 0x80) == 0)
        {
          p++;   /* spaces, hyphens, parentheses */
          continue;
        }
      if (ascii)
        while (g_ascii_isalnum (*p) || *p == '.')
          p++;
      else
        while (*p && (*p & 0x80))
          p = g_utf8_next_char (p);
      word = g_strndup (start, p - start);
      /* "PCI-E" arrives as "pci" and "e". */
      if (strcmp (word, "pci") == 0 && p[0] == '-' && (p[1] == 'e') && !g_ascii_isalnum (p[2]))
        p += 2;

      for (guint i = 0; i < G_N_ELEMENTS (noise); i++)
        is_noise = is_noise || strcmp (word, noise[i]) == 0;
      if (is_noise || g_str_has_prefix (word, "hbm") || g_str_has_prefix (word, "gddr"))
        continue;
      if (is_memory_word (word, &gb))
        out->memory_gb = gb;
      else if (g_str_has_prefix (word, "sxm") || strcmp (word, "hgx") == 0)
        out->form = FORM_SXM;
      else if (g_str_has_prefix (word, "pci"))
        out->form = FORM_PCIE;
      else
        g_string_append (model, word);
    }
  out->model = g_string_free (model, FALSE);
}

/* A catalogue entry described by its name, the id filling what the name
 * leaves out ("h100-sxm"). */
static void
read_entry_words (const CpGpuSpec *gpu, GpuWords *name, GpuWords *id)
{
  read_gpu_words (gpu->name ? gpu->name : "", name);
  read_gpu_words (gpu->id ? gpu->id : "", id);
  if (name->form == FORM_UNSTATED)
    name->form = id->form;
}

static const char *
form_word (GpuForm form)
{
  return form == FORM_PCIE ? "PCIe" : "SXM";
}

/* The catalogue's entries for the model @query names, narrowed by the
 * memory and form it states. Sets @error when the model is there but not
 * with that memory, or when the memory is left open between parts; NULL
 * without @error when the model is not in @catalog at all. */
static const CpGpuSpec *
match_gpu_words (const CpCatalog *catalog, const char *text, const GpuWords *query,
                 char **assumption, GError **error)
{
  g_autoptr(GPtrArray) same_model = g_ptr_array_new ();
  g_autoptr(GPtrArray) same_memory = g_ptr_array_new ();
  g_autoptr(GPtrArray) same_form = g_ptr_array_new ();
  GPtrArray *pool;

  for (guint i = 0; catalog && i < cp_catalog_n_gpus (catalog); i++)
    {
      const CpGpuSpec *gpu = cp_catalog_get_gpu (catalog, i);
      GpuWords name, id;

      read_entry_words (gpu, &name, &id);
      if (*query->model && (strcmp (name.model, query->model) == 0 || strcmp (id.model, query->model) == 0))
        g_ptr_array_add (same_model, (gpointer) gpu);
      g_free (name.model);
      g_free (id.model);
    }
  if (same_model->len == 0)
    return NULL;

  for (guint i = 0; i < same_model->len; i++)
    {
      const CpGpuSpec *gpu = g_ptr_array_index (same_model, i);
      if (query->memory_gb == 0 || gpu->memory_nominal_gb == query->memory_gb)
        g_ptr_array_add (same_memory, (gpointer) gpu);
    }
  if (same_memory->len == 0)
    {
      GString *names = g_string_new (NULL);
      char gb[G_ASCII_DTOSTR_BUF_SIZE];
      for (guint i = 0; i < same_model->len; i++)
        g_string_append_printf (names, i ? ", %s" : "%s",
                                ((const CpGpuSpec *) g_ptr_array_index (same_model, i))->name);
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN,
                   /* Translators: a GPU name, a memory size in GB, and a list of catalogue GPUs */
                   _("GPU “%s”: the catalogue has no such part with %s GB (it has %s); "
                     "add it to the project’s catalogue first"), text,
                   cp_format_double_shortest (query->memory_gb, gb), names->str);
      g_string_free (names, TRUE);
      return NULL;
    }

  for (guint i = 0; i < same_memory->len; i++)
    {
      const CpGpuSpec *gpu = g_ptr_array_index (same_memory, i);
      GpuWords name, id;

      read_entry_words (gpu, &name, &id);
      /* Unstated in the sheet: the SXM part, as 8-GPU rental servers are
       * built (HGX boards); a PCIe card is named as such in quotes. */
      if (name.form == (query->form == FORM_UNSTATED ? FORM_SXM : query->form)
          || (query->form == FORM_UNSTATED && name.form == FORM_UNSTATED))
        g_ptr_array_add (same_form, (gpointer) gpu);
      g_free (name.model);
      g_free (id.model);
    }

  pool = same_form->len > 0 ? same_form : same_memory;
  for (guint i = 1; i < pool->len; i++)
    if (((const CpGpuSpec *) g_ptr_array_index (pool, i))->memory_nominal_gb
        != ((const CpGpuSpec *) g_ptr_array_index (pool, 0))->memory_nominal_gb)
      {
        GString *names = g_string_new (NULL);
        for (guint j = 0; j < pool->len; j++)
          g_string_append_printf (names, j ? ", %s" : "%s",
                                  ((const CpGpuSpec *) g_ptr_array_index (pool, j))->name);
        g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN,
                     /* Translators: a GPU name and a list of catalogue GPUs */
                     _("GPU “%s” does not say its memory, and the catalogue has %s; "
                       "write e.g. “%s 80GB”"), text, names->str, text);
        g_string_free (names, TRUE);
        return NULL;
      }

  {
    const CpGpuSpec *gpu = g_ptr_array_index (pool, 0);
    if (assumption && same_form->len == 0)
      *assumption = g_strdup_printf (_("GPU “%s”: the catalogue has no %s part of this model with "
                                       "this memory; taken as %s (same memory)"),
                                     text, form_word (query->form), gpu->name);
    else if (assumption && query->form == FORM_UNSTATED && same_memory->len > 1)
      *assumption = g_strdup_printf (_("GPU “%s” names no form factor: taken as %s, the SXM part "
                                       "8-GPU rental servers carry"), text, gpu->name);
    return gpu;
  }
}

/* cp_quote_csv_find_gpu() that also says what was assumed (@assumption,
 * may be NULL) and whether the text names a PCIe card (@pcie). */
static const CpGpuSpec *
find_gpu (const CpProject *project, const char *text, char **assumption, gboolean *pcie,
          GError **error)
{
  const CpCatalog *catalogs[2] = { project ? project->custom : NULL, cp_catalog_get_builtin () };
  g_autofree char *query_key = gpu_key (text);
  GpuWords query;
  g_autofree char *model = NULL;

  read_gpu_words (text, &query);
  model = query.model;
  if (pcie)
    *pcie = query.form == FORM_PCIE;

  for (guint c = 0; c < G_N_ELEMENTS (catalogs); c++)
    {
      g_autoptr(GPtrArray) exact = g_ptr_array_new ();
      g_autoptr(GPtrArray) partial = g_ptr_array_new ();
      const CpGpuSpec *gpu;
      g_autoptr(GError) local = NULL;

      collect_gpu_matches (catalogs[c], text, query_key, exact, partial);
      if (exact->len >= 1)
        return g_ptr_array_index (exact, 0);
      gpu = match_gpu_words (catalogs[c], text, &query, assumption, &local);
      if (gpu)
        return gpu;
      if (local)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      if (partial->len == 1)
        return g_ptr_array_index (partial, 0);
      if (partial->len > 1)
        {
          GString *names = g_string_new (NULL);
          for (guint i = 0; i < partial->len; i++)
            g_string_append_printf (names, i ? ", %s" : "%s",
                                    ((const CpGpuSpec *) g_ptr_array_index (partial, i))->name);
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

const CpGpuSpec *
cp_quote_csv_find_gpu (const CpProject *project,
                       const char      *text,
                       GError         **error)
{
  return find_gpu (project, text, NULL, NULL, error);
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
  CpQuoteCsvRow   *row;      /* the record's outcome */
} Cell;

/* Something the row did not say and the import took as: shown in the
 * preview and by the command line, never an error. */
static void G_GNUC_PRINTF (2, 3)
cell_assume (Cell *cell, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (cell->row->assumptions, g_strdup_vprintf (format, args));
  va_end (args);
}

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
  g_ptr_array_add (cell->row->problems, g_steal_pointer (&what));
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
  { "本地ssd", CP_STORAGE_LOCAL_NVME }, { "本地nvme ssd", CP_STORAGE_LOCAL_NVME },
  { "local ssd", CP_STORAGE_LOCAL_NVME }, { "并行存储", CP_STORAGE_PARALLEL_FS },
  { "文件存储", CP_STORAGE_NAS }, { "nas存储", CP_STORAGE_NAS }, { "云硬盘", CP_STORAGE_NETWORK_DISK },
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

/* Chinese numerals as vendors write short terms ("三个月", "一天"). */
static char *
replace_chinese_numeral (const char *text)
{
  static const char * const numerals[] = {
    "零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
  };

  for (guint i = 0; i < G_N_ELEMENTS (numerals); i++)
    if (g_str_has_prefix (text, numerals[i]))
      return g_strdup_printf ("%u%s", i, text + strlen (numerals[i]));
  if (g_str_has_prefix (text, "两"))
    return g_strdup_printf ("2%s", text + strlen ("两"));
  return g_strdup (text);
}

static gboolean
strip_suffix (char *text, const char *suffix)
{
  if (!g_str_has_suffix (text, suffix))
    return FALSE;
  text[strlen (text) - strlen (suffix)] = '\0';
  g_strchomp (text);
  return TRUE;
}

/* "1小时", "1天", "1个月", "3个月起", "1 week", "72h", "无": hours. A month
 * is the project's hours per month, said in the row's assumptions. */
static gboolean
parse_hours (Cell *cell, const char *text, double *out)
{
  static const char * const none_words[] = {
    "无", "不限", "none", "no", "按需", "随用随停", "-", "—",
  };
  static const char * const trailing[] = { "起租", "起", "以上", "minimum", "min" };
  static const char * const leading[] = { "按", "包", "至少", "最短", "最少" };
  static const struct { const char *unit; double hours; } units[] = {
    { "hours", 1 }, { "hour", 1 }, { "小时", 1 }, { "时", 1 }, { "hrs", 1 }, { "hr", 1 }, { "h", 1 },
    { "days", 24 }, { "day", 24 }, { "天", 24 }, { "日", 24 }, { "d", 24 },
    { "weeks", 168 }, { "week", 168 }, { "周", 168 }, { "w", 168 },
    { "months", -1 }, { "month", -1 }, { "个月", -1 }, { "月", -1 }, { "mo", -1 },
    { "years", -12 }, { "year", -12 }, { "年", -12 },
  };
  g_autofree char *lower = g_utf8_strdown (text, -1);
  g_autofree char *copy = replace_chinese_numeral (g_strstrip (lower));
  double scale = 1;

  for (guint i = 0; i < G_N_ELEMENTS (none_words); i++)
    if (strcmp (copy, none_words[i]) == 0)
      {
        *out = 0;
        return TRUE;
      }
  for (guint i = 0; i < G_N_ELEMENTS (trailing); i++)
    strip_suffix (copy, trailing[i]);
  /* "按月", "包月", "至少1个月": by the month, at least a month. */
  for (guint i = 0; i < G_N_ELEMENTS (leading); i++)
    if (g_str_has_prefix (copy, leading[i]))
      memmove (copy, copy + strlen (leading[i]), strlen (copy) - strlen (leading[i]) + 1);
  g_strchug (copy);

  /* The longest unit that ends the text: "month" before "h". */
  {
    int best = -1;
    for (guint i = 0; i < G_N_ELEMENTS (units); i++)
      if (g_str_has_suffix (copy, units[i].unit)
          && (best < 0 || strlen (units[i].unit) > strlen (units[best].unit)))
        best = (int) i;
    if (best >= 0)
      {
        guint i = (guint) best;
        strip_suffix (copy, units[i].unit);
        scale = units[i].hours;
        if (scale < 0)
          {
            double per_month = cell->project ? cell->project->settings.hours_per_month : 730;
            char hours[G_ASCII_DTOSTR_BUF_SIZE];
            scale *= -per_month;
            cell_assume (cell, _("%s “%s”: a month taken as %s hours (the project’s hours per month)"),
                         cell->header, text, cp_format_double_shortest (per_month, hours));
          }
      }
  }
  /* "按月", "月": one of them. */
  if (!parse_number (cell, *copy ? copy : "1", out))
    return FALSE;
  *out *= scale;
  return TRUE;
}

/* Network, bandwidth and sharing as vendors write them, in whichever of
 * those columns they put them: "RoCE v2 2×100G", "IB NDR 400G×8",
 * "InfiniBand 8×400Gb/s", "25GbE", "无", "独享", "共享 1:4". */
typedef struct {
  gboolean      kind_found;
  CpNetworkKind kind;
  guint         nics;        /* 0: not stated */
  double        gbps;        /* 0: not stated */
  gboolean      rate_from_generation;   /* "NDR" alone: the generation's rate */
  gboolean      sharing_found;
  CpSharing     sharing;
  double        share_factor;           /* 0: not stated */
} Fabric;

/* @word at @p, not inside a longer ASCII word. */
static gboolean
has_word_at (const char *text, const char *p, const char *word)
{
  gsize n = strlen (word);

  if (strncmp (p, word, n) != 0)
    return FALSE;
  if (g_ascii_isalpha (word[0]) && p > text && g_ascii_isalpha (p[-1]))
    return FALSE;
  if (g_ascii_isalpha (word[n - 1]) && g_ascii_isalpha (p[n]))
    return FALSE;
  return TRUE;
}

static gboolean
contains_word (const char *text, const char *word)
{
  for (const char *p = text; *p; p++)
    if (has_word_at (text, p, word))
      return TRUE;
  return FALSE;
}

/* "1:4" (or "1：4"): a quarter of the line rate for each tenant. */
static gboolean
find_share_ratio (const char *text, double *factor)
{
  for (const char *p = text; *p; p++)
    {
      const char *q;
      char *end;
      guint64 a, b;

      if (!g_ascii_isdigit (*p) || (p > text && (g_ascii_isdigit (p[-1]) || p[-1] == '.')))
        continue;
      a = g_ascii_strtoull (p, &end, 10);
      q = end;
      if (*q == ':')
        q++;
      else if (g_str_has_prefix (q, "："))
        q += strlen ("：");
      else
        continue;
      if (!g_ascii_isdigit (*q))
        continue;
      b = g_ascii_strtoull (q, &end, 10);
      /* A time of day ("12:30") is not a ratio: the first figure is 1. */
      if (a == 1 && b >= 1 && b <= 1000 && *end != ':')
        {
          *factor = 1.0 / (double) b;
          return TRUE;
        }
    }
  return FALSE;
}

static void
read_sharing_words (const char *lower, Fabric *f)
{
  static const Word words[] = {
    { "独享", CP_SHARING_DEDICATED }, { "专用", CP_SHARING_DEDICATED }, { "独占", CP_SHARING_DEDICATED },
    { "专享", CP_SHARING_DEDICATED }, { "dedicated", CP_SHARING_DEDICATED },
    { "non-blocking", CP_SHARING_DEDICATED }, { "无收敛", CP_SHARING_DEDICATED },
    { "共享", CP_SHARING_SHARED }, { "shared", CP_SHARING_SHARED }, { "共用", CP_SHARING_SHARED },
  };
  double factor;

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (contains_word (lower, words[i].word))
      {
        f->sharing_found = TRUE;
        f->sharing = words[i].value;
        break;
      }
  if (find_share_ratio (lower, &factor))
    {
      f->sharing_found = TRUE;
      f->sharing = factor >= 1 ? CP_SHARING_DEDICATED : CP_SHARING_SHARED;
      f->share_factor = factor >= 1 ? 0 : factor;
    }
}

typedef enum {
  FABRIC_NUMBER,   /* a bare number */
  FABRIC_COUNT,    /* a number with a count word: "8张", "2口", "4 ports" */
  FABRIC_RATE,     /* Gb/s: "400G", "100Gb/s", "25GbE", "3.2T" */
  FABRIC_TIMES,    /* ×, x, * */
} FabricTokenKind;

typedef struct {
  FabricTokenKind kind;
  double          value;
} FabricToken;

static void
tokenize_fabric (const char *lower, GArray *tokens)
{
  static const char * const count_words[] = { "张", "口", "个", "块", "port", "nic", "卡" };

  for (const char *p = lower; *p; )
    {
      FabricToken t = { FABRIC_NUMBER, 0 };
      char *end;

      if (g_str_has_prefix (p, "×") || *p == '*' ||
          (*p == 'x' && (p == lower || !g_ascii_isalpha (p[-1])) && !g_ascii_isalpha (p[1])))
        {
          t.kind = FABRIC_TIMES;
          g_array_append_val (tokens, t);
          p += g_str_has_prefix (p, "×") ? strlen ("×") : 1;
          continue;
        }
      if (!g_ascii_isdigit (*p))
        {
          p = g_utf8_next_char (p);
          continue;
        }
      /* A figure glued to a letter ("v2", "H800") is part of a name; one
       * after the x of "4x200G" is not. */
      if (p > lower && g_ascii_isalpha (p[-1])
          && !(p[-1] == 'x' && (p - 1 == lower || !g_ascii_isalpha (p[-2]))))
        {
          while (g_ascii_isdigit (*p) || *p == '.')
            p++;
          continue;
        }
      t.value = g_ascii_strtod (p, &end);
      p = end;
      while (*p == ' ')
        p++;
      if (*p == 'g' || *p == 't' || *p == 'm')
        {
          t.kind = FABRIC_RATE;
          t.value *= *p == 't' ? 1000 : *p == 'm' ? 0.001 : 1;
          p++;
          while (g_ascii_isalpha (*p) || *p == '/')
            p++;
        }
      else
        for (guint i = 0; i < G_N_ELEMENTS (count_words); i++)
          if (g_str_has_prefix (p, count_words[i]))
            t.kind = FABRIC_COUNT;
      if (t.kind != FABRIC_RATE && (t.value < 1 || t.value > 64 || t.value != floor (t.value)))
        continue;   /* not a number of cards either */
      g_array_append_val (tokens, t);
    }
}

/* Reads what @text says about the fabric into @f; FALSE when it says
 * nothing this function knows. */
static gboolean
read_fabric (const char *text, Fabric *f)
{
  static const Word kinds[] = {
    { "infiniband", CP_NETWORK_INFINIBAND }, { "ib", CP_NETWORK_INFINIBAND },
    { "ndr", CP_NETWORK_INFINIBAND }, { "hdr", CP_NETWORK_INFINIBAND },
    { "edr", CP_NETWORK_INFINIBAND }, { "xdr", CP_NETWORK_INFINIBAND },
    { "roce", CP_NETWORK_ROCE }, { "rdma over converged ethernet", CP_NETWORK_ROCE },
    { "ethernet", CP_NETWORK_ETHERNET }, { "以太网", CP_NETWORK_ETHERNET },
    { "gbe", CP_NETWORK_ETHERNET }, { "eth", CP_NETWORK_ETHERNET }, { "tcp", CP_NETWORK_ETHERNET },
    { "vpc", CP_NETWORK_ETHERNET }, { "万兆", CP_NETWORK_ETHERNET }, { "千兆", CP_NETWORK_ETHERNET },
  };
  /* The per-port rate of each InfiniBand generation (IBTA roadmap: EDR
   * 100, HDR 200, NDR 400, XDR 800 Gb/s), for a cell that names only the
   * generation. */
  static const struct { const char *word; double gbps; } generations[] = {
    { "edr", 100 }, { "hdr", 200 }, { "ndr", 400 }, { "xdr", 800 }, { "万兆", 10 }, { "千兆", 1 },
  };
  static const char * const none_words[] = {
    "无", "none", "no", "-", "—", "n/a", "单机", "不支持", "无网络", "不适用",
  };
  g_autofree char *lower = g_utf8_strdown (text, -1);
  g_autoptr(GArray) tokens = g_array_new (FALSE, FALSE, sizeof (FabricToken));
  gboolean said = FALSE;

  g_strstrip (lower);
  for (guint i = 0; i < G_N_ELEMENTS (none_words); i++)
    if (strcmp (lower, none_words[i]) == 0)
      {
        f->kind_found = TRUE;
        f->kind = CP_NETWORK_NONE;
        return TRUE;
      }

  for (guint i = 0; i < G_N_ELEMENTS (kinds) && !f->kind_found; i++)
    if (contains_word (lower, kinds[i].word))
      {
        f->kind_found = TRUE;
        f->kind = kinds[i].value;
        said = TRUE;
      }

  tokenize_fabric (lower, tokens);
  /* The first rate is the line rate of one card; a number joined to it by
   * × on either side, or one followed by a count word, is how many. */
  for (guint i = 0; i < tokens->len; i++)
    {
      const FabricToken *t = &g_array_index (tokens, FabricToken, i);
      const FabricToken *before = i >= 2 ? &g_array_index (tokens, FabricToken, i - 2) : NULL;
      const FabricToken *after = i + 2 < tokens->len ? &g_array_index (tokens, FabricToken, i + 2) : NULL;

      if (t->kind != FABRIC_RATE)
        continue;
      f->gbps = t->value;
      said = TRUE;
      if (before && g_array_index (tokens, FabricToken, i - 1).kind == FABRIC_TIMES
          && (before->kind == FABRIC_NUMBER || before->kind == FABRIC_COUNT))
        f->nics = (guint) before->value;
      else if (after && g_array_index (tokens, FabricToken, i + 1).kind == FABRIC_TIMES
               && (after->kind == FABRIC_NUMBER || after->kind == FABRIC_COUNT))
        f->nics = (guint) after->value;
      break;
    }
  if (f->gbps > 0 && f->nics == 0)
    for (guint i = 0; i < tokens->len; i++)
      if (g_array_index (tokens, FabricToken, i).kind == FABRIC_COUNT)
        {
          f->nics = (guint) g_array_index (tokens, FabricToken, i).value;
          break;
        }

  if (f->gbps == 0)
    for (guint i = 0; i < G_N_ELEMENTS (generations); i++)
      if (contains_word (lower, generations[i].word))
        {
          f->gbps = generations[i].gbps;
          f->rate_from_generation = TRUE;
          break;
        }

  {
    gboolean had = f->sharing_found;
    read_sharing_words (lower, f);
    said = said || (f->sharing_found && !had) || f->gbps > 0;
  }
  return said;
}

/* "NVLink", "NVSwitch", "HCCS", "Infinity Fabric": the row's GPU's own
 * link of that family; "PCIe 4.0", "PCIe Gen5", "PCIe": the generation. */
static const CpLinkSpec *
resolve_link (Cell *cell, const CpQuote *quote, const char *text)
{
  static const struct { const char *word; const char *prefix; } families[] = {
    { "nvlink", "nvlink" }, { "nvswitch", "nvlink" }, { "hccs", "hccs" },
    { "infinityfabric", "infinity-fabric" }, { "xgmi", "infinity-fabric" },
  };
  const CpLinkSpec *link = find_link (cell->project, text);
  const char *gpu_link = quote->gpu.default_intra_link;
  g_autofree char *key = gpu_key (text);

  if (link)
    return link;

  for (guint i = 0; i < G_N_ELEMENTS (families); i++)
    if (strstr (key, families[i].word))
      {
        if (gpu_link && g_str_has_prefix (gpu_link, families[i].prefix))
          {
            link = find_link_by_id (cell->project, gpu_link);
            if (link)
              cell_assume (cell, _("%s “%s” read as %s, the link of the %s"),
                           cell->header, text, link->name, quote->gpu.name);
            return link;
          }
        cell_error (cell, _("%s “%s”: the catalogue’s %s has no such link (its link is %s)"),
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
          cell_assume (cell, _("%s “%s” names no PCIe generation: 4.0 assumed"), cell->header, text);
        }
      link = find_link_by_id (cell->project, id);
      if (link)
        return link;
    }
  cell_error (cell, _("%s “%s” is not a link in the catalogue"), cell->header, text);
  return NULL;
}

/* "并行文件系统 50TB", "NAS 10T", "云盘", "本地 NVMe": the kind, and a size
 * the quote has no field for, kept in its notes for the talk with the
 * vendor. */
static void
read_storage_cell (Cell *cell, const char *text, CpQuote *quote)
{
  g_autoptr(GRegex) size = g_regex_new ("\\d+(?:\\.\\d+)?\\s*(?:[tpg]i?b?)(?![a-z])",
                                        G_REGEX_CASELESS, G_REGEX_MATCH_DEFAULT, NULL);
  g_autofree char *kind_text = g_regex_replace_literal (size, text, -1, 0, "", 0, NULL);
  gboolean sized = kind_text && strcmp (kind_text, text) != 0;
  CpStorageKind kind;
  int value;

  g_strstrip (kind_text);
  if (cp_storage_kind_from_string (kind_text, &kind))
    quote->storage = kind;
  else if (match_word (storage_words, G_N_ELEMENTS (storage_words), kind_text, &value))
    quote->storage = value;
  else
    {
      cell_error (cell, _("%s “%s” is not a storage kind (parallel file system, NAS, "
                          "network disk, local NVMe)"), cell->header, text);
      return;
    }
  if (sized)
    {
      g_autofree char *line = g_strdup_printf (_("Vendor’s storage: %s"), text);
      char *notes = quote->notes ? g_strconcat (quote->notes, "\n", line, NULL) : g_strdup (line);
      g_free (quote->notes);
      quote->notes = notes;
      cell_assume (cell, _("%s “%s”: the quote records the storage kind; the size is kept in its "
                           "notes"), cell->header, text);
    }
}

/* A machine's RAM ("512", "512G", "512 GB", "1.5TB", "2T") in a column
 * whose header may name the unit ("内存(GB)"); a bare number without one
 * is GiB (cp_parse_ram_bytes()). */
static void
read_host_memory_cell (Cell *cell, const char *text, CpQuote *quote)
{
  const char *hint = cell->hint != NULL ? cell->hint : "g";
  double bare_unit = g_ascii_tolower (*hint) == 'm' ? 1048576.0
                     : g_ascii_tolower (*hint) == 't' ? 1099511627776.0
                     : g_ascii_tolower (*hint) == 'p' ? 1125899906842624.0 : 1073741824.0;
  double value;

  if (!cp_parse_ram_bytes (text, bare_unit, &value, NULL))
    {
      /* Translators: a column header and the cell's text */
      cell_error (cell, _("%s “%s” is not an amount of memory such as 512 GB"), cell->header, text);
      return;
    }
  quote->host_memory_per_node_bytes = value;
}

static void
parse_cell (Cell *cell, Column col, const char *text, CpQuote *quote)
{
  int value;

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
      g_free (quote->notes);
      quote->notes = g_strdup (text);
      break;
    case CP_QUOTE_COLUMN_OFFERING:
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
    case CP_QUOTE_COLUMN_GPU:
      {
        g_autoptr(GError) local = NULL;
        g_autofree char *assumption = NULL;
        gboolean pcie = FALSE;
        const CpGpuSpec *gpu = find_gpu (cell->project, text, &assumption, &pcie, &local);
        if (gpu == NULL)
          cell_error (cell, "%s", local->message);
        else
          {
            const CpLinkSpec *link = find_link_by_id (cell->project, gpu->default_intra_link);
            cp_quote_set_gpu (quote, gpu);
            if (assumption)
              cell_assume (cell, "%s", assumption);
            /* A PCIe card taken as the catalogue's SXM part talks over
             * PCIe, not NVLink: 4.0, the slower of the generations such
             * cards carry, unless the sheet names the link. */
            if (pcie && link && !g_str_has_prefix (link->id, "pcie"))
              {
                link = find_link_by_id (cell->project, "pcie-gen4");
                if (link)
                  cell_assume (cell, _("GPU “%s” is a PCIe card: its GPUs are linked by %s"),
                               text, link->name);
              }
            if (link)
              cp_quote_set_intra_link (quote, link);
          }
      }
      break;
    case CP_QUOTE_COLUMN_GPUS_PER_NODE:
      parse_whole (cell, text, 1, &quote->gpus_per_node);
      break;
    case CP_QUOTE_COLUMN_NODES:
      parse_whole (cell, text, 1, &quote->nodes_available);
      break;
    case CP_QUOTE_COLUMN_INTRA_LINK:
      {
        const CpLinkSpec *link = resolve_link (cell, quote, text);
        if (link)
          cp_quote_set_intra_link (quote, link);
      }
      break;
    case CP_QUOTE_COLUMN_NICS:
      parse_whole (cell, text, 0, &quote->nics_per_node);
      break;
    case CP_QUOTE_COLUMN_SHARE_FACTOR:
      if (find_share_ratio (text, &quote->share_factor))
        break;
      if (parse_number (cell, text, &quote->share_factor) && quote->share_factor > 1)
        cell_error (cell, _("%s “%s” must be a fraction between 0 and 1"), cell->header, text);
      break;
    case CP_QUOTE_COLUMN_STORAGE:
      read_storage_cell (cell, text, quote);
      break;
    case CP_QUOTE_COLUMN_HOST_MEMORY:
      read_host_memory_cell (cell, text, quote);
      break;
    case CP_QUOTE_COLUMN_GRANULARITY:
      parse_hours (cell, text, &quote->billing_granularity_h);
      break;
    case CP_QUOTE_COLUMN_MINIMUM_TERM:
      parse_hours (cell, text, &quote->minimum_term_h);
      break;
    case CP_QUOTE_COLUMN_NETWORK_FEE:
      parse_money (cell, text, quote->currency, &quote->network_fee_per_node_month);
      break;
    case CP_QUOTE_COLUMN_STORAGE_PRICE:
      parse_money (cell, text, quote->currency, &quote->storage_price_per_tb_month);
      break;
    case CP_QUOTE_COLUMN_MANAGEMENT_FEE:
      parse_money (cell, text, quote->currency, &quote->management_fee_per_month);
      break;
    case CP_QUOTE_COLUMN_SETUP_FEE:
      parse_money (cell, text, quote->currency, &quote->setup_fee);
      break;
    case CP_QUOTE_COLUMN_VALID_UNTIL:
      {
        char *date = NULL;
        if (parse_date (cell, text, &date))
          {
            g_free (quote->valid_until);
            quote->valid_until = date;
          }
      }
      break;
    case CP_QUOTE_COLUMN_PRICE:
    case CP_QUOTE_COLUMN_PRICE_UNIT:
    case CP_QUOTE_COLUMN_CURRENCY:
      /* read together in parse_price_cells() */
      break;
    case CP_QUOTE_COLUMN_NETWORK:
    case CP_QUOTE_COLUMN_BANDWIDTH:
    case CP_QUOTE_COLUMN_SHARING:
      /* read together in read_row() */
      break;
    case CP_N_QUOTE_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

typedef struct {
  int   index[CP_N_QUOTE_COLUMNS];      /* field index, or -1 */
  char *header[CP_N_QUOTE_COLUMNS];     /* as written */
  char *hint[CP_N_QUOTE_COLUMNS];       /* unit in parentheses */
} Header;

static const char *
field_at (const Record *r, const Header *h, Column col)
{
  int i = h->index[col];

  if (i < 0 || (guint) i >= r->fields->len)
    return NULL;
  return g_ptr_array_index (r->fields, i);
}

/* Prices */

typedef enum { PER_NOTHING, PER_GPU, PER_NODE } PriceSubject;
typedef enum { PERIOD_NONE, PERIOD_HOUR, PERIOD_DAY, PERIOD_WEEK, PERIOD_MONTH, PERIOD_YEAR } PricePeriod;

typedef struct {
  PriceSubject subject;
  PricePeriod  period;
  char         currency[4];   /* "" when the unit names none */
} PriceBasis;

static const char *
eat_any (const char *p, const char * const *words, gsize n_words)
{
  /* Longest first is the caller's order. */
  for (gsize i = 0; i < n_words; i++)
    if (g_str_has_prefix (p, words[i]))
      return p + strlen (words[i]);
  return NULL;
}

/* "元/卡/小时", "元/卡/时", "卡时", "元/台/天", "元/台·月", "¥/GPU/h",
 * "/node/month", "USD per GPU-hour", "按月", "包月", "每台每天": what a
 * price is per. FALSE when @text is not such a unit. */
static gboolean
read_price_basis (const char *text, PriceBasis *basis)
{
  static const char * const gpu_words[] = {
    "gpus", "gpu", "cards", "card", "卡", "张", "颗",
  };
  static const char * const node_words[] = {
    "nodes", "node", "servers", "server", "machines", "machine", "instances", "instance",
    "服务器", "节点", "实例", "整机", "台", "机",
  };
  static const struct { const char *word; PricePeriod period; } periods[] = {
    { "hours", PERIOD_HOUR }, { "hour", PERIOD_HOUR }, { "hrs", PERIOD_HOUR }, { "hr", PERIOD_HOUR },
    { "小时", PERIOD_HOUR }, { "时", PERIOD_HOUR }, { "h", PERIOD_HOUR },
    { "days", PERIOD_DAY }, { "day", PERIOD_DAY }, { "天", PERIOD_DAY }, { "日", PERIOD_DAY },
    { "d", PERIOD_DAY },
    { "weeks", PERIOD_WEEK }, { "week", PERIOD_WEEK }, { "周", PERIOD_WEEK }, { "wk", PERIOD_WEEK },
    { "months", PERIOD_MONTH }, { "month", PERIOD_MONTH }, { "个月", PERIOD_MONTH },
    { "月", PERIOD_MONTH }, { "mo", PERIOD_MONTH },
    { "years", PERIOD_YEAR }, { "year", PERIOD_YEAR }, { "年", PERIOD_YEAR }, { "yr", PERIOD_YEAR },
  };
  static const struct { const char *word; const char *code; } currencies[] = {
    { "人民币", "CNY" }, { "美元", "USD" }, { "us$", "USD" }, { "cny", "CNY" }, { "rmb", "CNY" },
    { "usd", "USD" }, { "¥", "CNY" }, { "￥", "CNY" }, { "元", "CNY" }, { "块", "CNY" },
    { "$", "USD" },
  };
  g_autofree char *lower = g_utf8_strdown (text, -1);
  g_autoptr(GString) s = g_string_new (NULL);
  g_auto(GStrv) words = NULL;
  const char *p;

  memset (basis, 0, sizeof *basis);
  /* Spaces, hyphens and dots join ("GPU-hour", "GPU·h"); "per" as a word,
   * "每", "／" and "·" separate like "/". */
  for (p = lower; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean word_start = p == lower || strchr (" -_./", p[-1]) != NULL;

      if (word_start && g_str_has_prefix (p, "per") && (p[3] == '\0' || strchr (" -_", p[3])))
        {
          g_string_append_c (s, '/');
          p += 2;   /* the loop steps over the "r" */
          continue;
        }
      if (c == ' ' || c == '-' || c == '_' || c == '.')
        continue;
      if (c == 0x6bcf /* 每 */ || c == 0xff0f /* ／ */ || c == 0xb7 /* · */ || c == 0x30fb /* ・ */)
        g_string_append_c (s, '/');
      else
        g_string_append_unichar (s, c);
    }

  words = g_strsplit (s->str, "/", -1);
  for (guint i = 0; words[i]; i++)
    {
      const char *w = words[i];
      const char *next;

      /* "按卡时", "包月": by the card-hour, by the month. */
      if (g_str_has_prefix (w, "按") || g_str_has_prefix (w, "包"))
        w += strlen ("按");
      for (gsize c = 0; c < G_N_ELEMENTS (currencies) && *w; c++)
        if (g_str_has_prefix (w, currencies[c].word))
          {
            g_strlcpy (basis->currency, currencies[c].code, sizeof basis->currency);
            w += strlen (currencies[c].word);
            break;
          }
      if (*w == '\0')
        continue;
      if ((next = eat_any (w, gpu_words, G_N_ELEMENTS (gpu_words))) != NULL)
        {
          if (basis->subject != PER_NOTHING)
            return FALSE;
          basis->subject = PER_GPU;
          w = next;
        }
      else if ((next = eat_any (w, node_words, G_N_ELEMENTS (node_words))) != NULL)
        {
          if (basis->subject != PER_NOTHING)
            return FALSE;
          basis->subject = PER_NODE;
          w = next;
        }
      if (*w == '\0')
        continue;
      for (gsize k = 0; k < G_N_ELEMENTS (periods); k++)
        if (strcmp (w, periods[k].word) == 0)
          {
            if (basis->period != PERIOD_NONE)
              return FALSE;
            basis->period = periods[k].period;
            w = "";
            break;
          }
      if (*w != '\0')
        return FALSE;
    }
  return basis->period != PERIOD_NONE;
}

/* The unit ids the exporter writes ("per-node-month") and the words of
 * read_price_basis(). */
static gboolean
read_price_unit_text (const char *text, PriceBasis *basis)
{
  CpPriceUnit unit;

  if (cp_price_unit_from_string (text, &unit))
    {
      memset (basis, 0, sizeof *basis);
      basis->subject = unit == CP_PRICE_PER_GPU_HOUR ? PER_GPU : PER_NODE;
      basis->period = unit == CP_PRICE_PER_NODE_MONTH ? PERIOD_MONTH : PERIOD_HOUR;
      return TRUE;
    }
  return read_price_basis (text, basis);
}

/* Where the unit starts in a price cell: "68,000元/台/月" → "/台/月"
 * (the currency before it stays with the number), "2.5 USD per GPU-hour". */
static const char *
find_price_unit (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      if (*p == '/' || g_str_has_prefix (p, "每") || g_str_has_prefix (p, "／") ||
          g_str_has_prefix (p, "按") || g_str_has_prefix (p, "包"))
        return p;
      if (g_ascii_strncasecmp (p, "per", 3) == 0 && (p == text || !g_ascii_isalpha (p[-1]))
          && !g_ascii_isalpha (p[3]))
        return p;
    }
  return NULL;
}

static char *
drop_digit_grouping (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gboolean comma = *p == ',' || g_str_has_prefix (p, "，");
      const char *after = p + (*p == ',' ? 1 : strlen ("，"));
      if (comma && p > text && g_ascii_isdigit (p[-1]) && g_ascii_isdigit (*after))
        continue;
      g_string_append_len (s, p, g_utf8_next_char (p) - p);
    }
  return g_string_free (s, FALSE);
}

/* Turns what the vendor wrote into one of the model's units, saying how:
 * a day is 24 hours, a week 168, a year 12 months, a GPU-month the node's
 * GPUs times it; a month stays a month (the project's hours per month
 * turn it into hours where needed). */
static void
set_price (Cell *cell, CpQuote *quote, const PriceBasis *basis, double amount,
           const char *written)
{
  double gpus = quote->gpus_per_node;
  double per_month = cell->project ? cell->project->settings.hours_per_month : 730;
  gboolean gpu = basis->subject == PER_GPU;
  gboolean converted = TRUE;

  switch (basis->period)
    {
    case PERIOD_HOUR:
      quote->price_unit = gpu ? CP_PRICE_PER_GPU_HOUR : CP_PRICE_PER_NODE_HOUR;
      quote->price = amount;
      converted = FALSE;
      if (basis->subject == PER_NOTHING)
        cell_assume (cell, _("price “%s” names neither GPU nor node: taken as per node-hour"),
                     written);
      break;
    case PERIOD_DAY:
    case PERIOD_WEEK:
      {
        double day_hours = basis->period == PERIOD_DAY ? 24 : 168;
        quote->price_unit = gpu ? CP_PRICE_PER_GPU_HOUR : CP_PRICE_PER_NODE_HOUR;
        quote->price = amount / day_hours;
        cell_assume (cell, basis->period == PERIOD_DAY
                           ? _("price “%s” is per day: divided by 24 hours")
                           : _("price “%s” is per week: divided by 168 hours"), written);
      }
      break;
    case PERIOD_MONTH:
    case PERIOD_YEAR:
      {
        double months = basis->period == PERIOD_YEAR ? 12 : 1;
        char hours[G_ASCII_DTOSTR_BUF_SIZE];
        quote->price_unit = CP_PRICE_PER_NODE_MONTH;
        quote->price = amount / months * (gpu ? gpus : 1);
        converted = gpu || months > 1;
        if (basis->period == PERIOD_YEAR)
          cell_assume (cell, _("price “%s” is per year: divided by 12 months"), written);
        if (gpu)
          cell_assume (cell, _("price “%s” is per GPU-month: multiplied by the node’s %u GPUs"),
                       written, quote->gpus_per_node);
        cell_assume (cell, _("a node-month is %s hours (the project’s hours per month)"),
                     cp_format_double_shortest (per_month, hours));
      }
      break;
    case PERIOD_NONE:
    default:
      g_assert_not_reached ();
    }

  /* The vendor's own figure stays with the quote, for the conversation
   * with the vendor and for the report. */
  if (converted)
    {
      g_autofree char *line = g_strdup_printf (_("Vendor’s price: %s"), written);
      char *notes = quote->notes ? g_strconcat (quote->notes, "\n", line, NULL) : g_strdup (line);
      g_free (quote->notes);
      quote->notes = notes;
    }
}

/* A price by the day, week, month or year with no minimum term stated is
 * not one to rent for an hour: the vendor bills at least the period the
 * price is for, so a short job pays the whole period. */
static void
assume_billing_period_term (Cell *cell, CpQuote *quote, PricePeriod period)
{
  double per_month = cell->project ? cell->project->settings.hours_per_month : 730;

  switch (period)
    {
    case PERIOD_DAY:
      quote->minimum_term_h = 24;
      cell_assume (cell, _("minimum term: one day, as the price is per day — not stated"));
      break;
    case PERIOD_WEEK:
      quote->minimum_term_h = 168;
      cell_assume (cell, _("minimum term: one week, as the price is per week — not stated"));
      break;
    case PERIOD_MONTH:
      quote->minimum_term_h = per_month;
      cell_assume (cell, _("minimum term: one month, as the price is per month — not stated"));
      break;
    case PERIOD_YEAR:
      quote->minimum_term_h = 12 * per_month;
      cell_assume (cell, _("minimum term: one year, as the price is per year — not stated"));
      break;
    case PERIOD_HOUR:
    case PERIOD_NONE:
    default:
      break;
    }
}

static void
parse_price_cells (Cell *cell, const Record *r, const Header *h, CpQuote *quote,
                   const char *default_currency)
{
  const char *price_raw = field_at (r, h, CP_QUOTE_COLUMN_PRICE);
  const char *unit_raw = field_at (r, h, CP_QUOTE_COLUMN_PRICE_UNIT);
  const char *currency_raw = field_at (r, h, CP_QUOTE_COLUMN_CURRENCY);
  g_autofree char *price_text = price_raw ? g_strstrip (g_strdup (price_raw)) : NULL;
  g_autofree char *unit_text = unit_raw ? g_strstrip (g_strdup (unit_raw)) : NULL;
  g_autofree char *currency_text = currency_raw ? g_strstrip (g_strdup (currency_raw)) : NULL;
  g_autofree char *plain = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GError) local = NULL;
  const char *unit_in_cell;
  char number_currency[4] = "";
  char currency[4] = "";
  PriceBasis basis = { 0 }, column_basis;
  gboolean basis_found = FALSE;
  CpPriceUnit ignored_unit;
  gboolean unit_in_number = FALSE;
  double amount;

  cell->header = h->header[CP_QUOTE_COLUMN_PRICE];
  cell->hint = NULL;
  if (price_text == NULL || *price_text == '\0')
    {
      g_ptr_array_add (cell->row->incomplete,
                       g_strdup_printf (_("no price: %s is empty"), cell->header));
      return;
    }

  plain = drop_digit_grouping (price_text);
  unit_in_cell = find_price_unit (plain);
  if (unit_in_cell)
    {
      g_autofree char *number = g_strndup (plain, unit_in_cell - plain);
      if (!read_price_basis (unit_in_cell, &basis))
        {
          cell_error (cell, _("%s “%s”: “%s” is not a price unit (per GPU-hour, node-hour, "
                              "node-day or node-month)"), cell->header, price_text, unit_in_cell);
          return;
        }
      basis_found = TRUE;
      if (!cp_parse_price (number, &amount, &ignored_unit, &unit_in_number, number_currency, &local))
        {
          not_a_number (cell, price_text);
          return;
        }
    }
  else if (!cp_parse_price (plain, &amount, &ignored_unit, &unit_in_number, number_currency, &local))
    {
      if (g_error_matches (local, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE) && *plain == '-')
        cell_error (cell, _("%s “%s” is negative"), cell->header, price_text);
      else if (g_error_matches (local, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT)
               || g_error_matches (local, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE))
        cell_error (cell, _("%s “%s”: %s"), cell->header, price_text, local->message);
      else
        not_a_number (cell, price_text);
      return;
    }
  if (amount < 0)
    {
      cell_error (cell, _("%s “%s” is negative"), cell->header, price_text);
      return;
    }
  /* No vendor gives compute away: 0 is a price not filled in yet. */
  if (amount == 0)
    g_ptr_array_add (cell->row->incomplete,
                     g_strdup_printf (_("no price: %s is “%s”"), cell->header, price_text));

  if (unit_text && *unit_text)
    {
      cell->header = h->header[CP_QUOTE_COLUMN_PRICE_UNIT];
      if (!read_price_unit_text (unit_text, &column_basis))
        {
          cell_error (cell, _("%s “%s” is not a price unit (per GPU-hour, node-hour, node-day "
                              "or node-month)"), cell->header, unit_text);
          return;
        }
      if (basis_found && (column_basis.period != basis.period
                          || (column_basis.subject != PER_NOTHING && basis.subject != PER_NOTHING
                              && column_basis.subject != basis.subject)))
        {
          cell_error (cell, _("price “%s” and price unit “%s” disagree"), price_text, unit_text);
          return;
        }
      if (!basis_found || basis.subject == PER_NOTHING)
        {
          char cell_currency[4];
          memcpy (cell_currency, basis.currency, 4);
          basis = column_basis;
          if (cell_currency[0])
            memcpy (basis.currency, cell_currency, 4);
        }
      else if (!basis.currency[0])
        memcpy (basis.currency, column_basis.currency, 4);
      basis_found = TRUE;
      written = g_strdup_printf ("%s %s", price_text, unit_text);
    }
  if (!basis_found && h->hint[CP_QUOTE_COLUMN_PRICE])
    {
      basis_found = read_price_unit_text (h->hint[CP_QUOTE_COLUMN_PRICE], &basis);
      if (basis_found)
        written = g_strdup_printf ("%s %s", price_text, h->hint[CP_QUOTE_COLUMN_PRICE]);
    }
  if (!basis_found)
    {
      cell->header = h->header[CP_QUOTE_COLUMN_PRICE];
      cell_error (cell, _("price “%s” does not say what it is per (GPU-hour, node-hour, node-day "
                          "or node-month); write e.g. “12 元/卡/小时” or add a price unit column"),
                  price_text);
      return;
    }
  if (written == NULL)
    written = g_strdup (price_text);

  /* The currency: a column, else the price or its unit, else the project's. */
  if (number_currency[0] && basis.currency[0] && strcmp (number_currency, basis.currency) != 0)
    {
      cell_error (cell, _("“%s” names two different currencies"), written);
      return;
    }
  if (number_currency[0] == '\0')
    memcpy (number_currency, basis.currency, 4);
  if (currency_text && *currency_text)
    {
      cell->header = h->header[CP_QUOTE_COLUMN_CURRENCY];
      if (!parse_currency (currency_text, currency))
        {
          cell_error (cell, _("%s “%s” is not a currency code such as CNY"),
                      cell->header, currency_text);
          return;
        }
      if (number_currency[0] && strcmp (number_currency, currency) != 0)
        {
          cell_error (cell, _("price “%s” and currency “%s” disagree"), price_text, currency_text);
          return;
        }
    }
  else if (number_currency[0])
    g_strlcpy (currency, number_currency, sizeof currency);
  else
    {
      g_strlcpy (currency, default_currency, sizeof currency);
      cell_assume (cell, _("price “%s” names no currency: taken as %s"), written, currency);
    }
  memcpy (quote->currency, currency, 4);
  set_price (cell, quote, &basis, amount, written);
  if (is_blank (field_at (r, h, CP_QUOTE_COLUMN_MINIMUM_TERM)))
    assume_billing_period_term (cell, quote, basis.period);
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

/* "8×A800", "A800*8", "H800 x 8", "8卡 H800", "4090 8卡": the GPU and
 * how many of them a node has, in the GPU cell. */
static char *
split_gpu_count (const char *text, guint *count)
{
  static const char * const patterns[] = {
    "^\\s*(\\d{1,3})\\s*(?:×|x|X|\\*|卡|张|块)\\s*(.+?)\\s*$",
    "^\\s*(.+?)\\s*(?:×|x|X|\\*)\\s*(\\d{1,3})\\s*(?:卡|张|块)?\\s*$",
    "^\\s*(.+?)\\s+(\\d{1,3})\\s*(?:卡|张|块)\\s*$",
  };

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      g_autoptr(GRegex) regex = g_regex_new (patterns[i], G_REGEX_DEFAULT, G_REGEX_MATCH_DEFAULT, NULL);
      g_autoptr(GMatchInfo) match = NULL;

      if (g_regex_match (regex, text, 0, &match))
        {
          g_autofree char *number = g_match_info_fetch (match, i == 0 ? 1 : 2);
          guint64 n = g_ascii_strtoull (number, NULL, 10);
          if (n >= 1 && n <= 256)
            {
              *count = (guint) n;
              return g_match_info_fetch (match, i == 0 ? 2 : 1);
            }
        }
    }
  *count = 0;
  return g_strdup (text);
}

/* A GPUs-per-node cell as vendors fill it: "8", "8卡", "8 GPUs", "8张",
 * or with the GPU: "8*H100", "8×H800", "8 x A100", "A800×8". FALSE when
 * @text is none of these; @name (the GPU named, or NULL) is then NULL. */
static gboolean
read_gpu_count (const char *text, guint *count, char **name)
{
  g_autoptr(GRegex) plain = g_regex_new ("^\\s*(\\d+)\\s*(?:卡|张|块|颗|gpus?|cards?)?\\s*$",
                                         G_REGEX_CASELESS, G_REGEX_MATCH_DEFAULT, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *rest = NULL;

  *name = NULL;
  if (g_regex_match (plain, text, 0, &match))
    {
      g_autofree char *number = g_match_info_fetch (match, 1);
      guint64 n = g_ascii_strtoull (number, NULL, 10);
      *count = (guint) MIN (n, G_MAXUINT);
      return TRUE;
    }
  rest = split_gpu_count (text, count);
  if (*count == 0)
    return FALSE;
  *name = g_steal_pointer (&rest);
  return TRUE;
}

/* Sheets */

struct _CpQuoteSheet {
  /* Owned: only the settings and custom catalogue of the caller's project,
   * copied when the sheet is made, so that a worker can read the sheet
   * while the window edits its project. */
  CpProject       *project;
  GPtrArray       *records;      /* Record*, the header first; never changed once read, so shared by copies */
  guint            n_columns;
  char           **headers;      /* as written, stripped, no BOM */
  char           **hints;        /* unit in a header's parentheses, or NULL */
  int             *fields;       /* per column: a Column or CP_QUOTE_COLUMN_UNUSED */
  gboolean         duplicates;
};

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
    }
  g_free (sheet->headers);
  g_free (sheet->hints);
  g_free (sheet->fields);
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

/* Whether @text names a model of the catalogue, even one left open
 * between parts ("A100": 40 or 80 GB). */
static gboolean
names_catalogue_model (const CpProject *project, const char *text)
{
  const CpCatalog *catalogs[2] = { project ? project->custom : NULL, cp_catalog_get_builtin () };
  GpuWords query;
  gboolean found = FALSE;

  if (find_gpu (project, text, NULL, NULL, NULL) != NULL)
    return TRUE;
  read_gpu_words (text, &query);
  for (guint c = 0; c < G_N_ELEMENTS (catalogs) && !found; c++)
    for (guint i = 0; catalogs[c] && i < cp_catalog_n_gpus (catalogs[c]) && !found; i++)
      {
        GpuWords name, id;
        read_entry_words (cp_catalog_get_gpu (catalogs[c], i), &name, &id);
        found = *query.model && (strcmp (name.model, query.model) == 0 || strcmp (id.model, query.model) == 0);
        g_free (name.model);
        g_free (id.model);
      }
  g_free (query.model);
  return found;
}

/* Whether every filled cell of @column is a GPU count ("8", "8卡",
 * "8*H100"), any GPU it names one of the catalogue's. */
static gboolean
column_holds_counts (const CpQuoteSheet *sheet, guint column)
{
  gboolean any = FALSE;

  for (guint r = 1; r < sheet->records->len; r++)
    {
      const Record *record = g_ptr_array_index (sheet->records, r);
      const char *text = column < record->fields->len ? g_ptr_array_index (record->fields, column) : NULL;
      g_autofree char *name = NULL;
      guint count;

      if (is_blank (text))
        continue;
      if (!read_gpu_count (text, &count, &name))
        return FALSE;
      if (name && !names_catalogue_model (sheet->project, name))
        return FALSE;
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
  for (guint i = 0; i < sheet->n_columns; i++)
    if (sheet->fields[i] == CP_QUOTE_COLUMN_GPUS_PER_NODE)
      return;
  for (guint i = 0; i < sheet->n_columns; i++)
    if (sheet->fields[i] == CP_QUOTE_COLUMN_OFFER && column_holds_counts (sheet, i))
      {
        sheet->fields[i] = CP_QUOTE_COLUMN_GPUS_PER_NODE;
        return;
      }
}

static void
guess_fields (CpQuoteSheet *sheet)
{
  const Record *header = g_ptr_array_index (sheet->records, 0);

  sheet->n_columns = header->fields->len;
  sheet->headers = g_new0 (char *, sheet->n_columns);
  sheet->hints = g_new0 (char *, sheet->n_columns);
  sheet->fields = g_new0 (int, sheet->n_columns);

  for (guint i = 0; i < sheet->n_columns; i++)
    {
      const char *text = g_ptr_array_index (header->fields, i);
      g_autofree char *norm = normalize_header (text, &sheet->hints[i]);
      int col = column_for_header (norm);

      sheet->headers[i] = g_strstrip (g_strdup (text));
      /* A BOM glued to the first header is not part of its name. */
      if (g_str_has_prefix (sheet->headers[i], "\xef\xbb\xbf"))
        memmove (sheet->headers[i], sheet->headers[i] + 3, strlen (sheet->headers[i]) - 2);

      for (guint j = 0; j < i && col >= 0; j++)
        if (sheet->fields[j] == col)
          {
            sheet->duplicates = TRUE;
            col = CP_QUOTE_COLUMN_UNUSED;
          }
      sheet->fields[i] = col;
    }
  guess_count_column (sheet);
}

CpQuoteSheet *
cp_quote_sheet_new (const char      *data,
                    gsize            len,
                    const CpProject *project,
                    GError         **error)
{
  g_autoptr(CpQuoteSheet) sheet = g_new0 (CpQuoteSheet, 1);
  g_autofree char *utf16 = NULL;
  g_autofree char *text = NULL;
  gsize utf16_len = 0;

  sheet->project = reading_context_new (project);
  if (len > CP_QUOTE_CSV_MAX_BYTES)
    {
      set_too_large (error);
      return NULL;
    }
  /* Excel's "Unicode text" is UTF-16 with a byte-order mark (and tabs,
   * which the tokenizer reads); its NULs are not the ones to_utf8 refuses. */
  if (len >= 2 && ((guchar) data[0] == 0xff && (guchar) data[1] == 0xfe))
    utf16 = g_convert (data + 2, len - 2, "UTF-8", "UTF-16LE", NULL, &utf16_len, NULL);
  else if (len >= 2 && ((guchar) data[0] == 0xfe && (guchar) data[1] == 0xff))
    utf16 = g_convert (data + 2, len - 2, "UTF-8", "UTF-16BE", NULL, &utf16_len, NULL);
  text = utf16 ? to_utf8 (utf16, utf16_len, error) : to_utf8 (data, len, error);
  if (text == NULL)
    return NULL;
  sheet->records = tokenize (text, error);
  if (sheet->records == NULL)
    return NULL;
  if (sheet->records->len == 0)
    {
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_EMPTY,
                   _("the file is empty"));
      return NULL;
    }
  if (sheet->records->len == 1)
    {
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_NO_ROWS,
                   _("the file has a header but no quotes"));
      return NULL;
    }
  guess_fields (sheet);
  return g_steal_pointer (&sheet);
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
  copy->fields = g_memdup2 (sheet->fields, sheet->n_columns * sizeof *sheet->fields);
  copy->duplicates = sheet->duplicates;
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
        sheet->fields[i] = CP_QUOTE_COLUMN_UNUSED;
  sheet->fields[column] = field;
}

gboolean
cp_quote_sheet_has_duplicates (const CpQuoteSheet *sheet)
{
  return sheet->duplicates;
}

static void
row_free (gpointer data)
{
  CpQuoteCsvRow *row = data;

  g_ptr_array_unref (row->problems);
  g_ptr_array_unref (row->assumptions);
  g_ptr_array_unref (row->incomplete);
  g_free (row);
}

/* Which column holds each field, as the current mapping says. */
static void
header_from_sheet (const CpQuoteSheet *sheet, Header *h)
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
}

/* The fabric from what each column said, in order of how explicitly it
 * says it; what no column says is taken as written in the assumptions. */
static void
apply_fabric (Cell *cell, const Record *r, const Header *h, const Fabric *network,
              const Fabric *bandwidth, const Fabric *sharing, CpQuote *quote)
{
  const Fabric *by_kind[] = { network, bandwidth, sharing };
  gboolean kind_found = FALSE, stated_sharing = FALSE;
  double factor;

  for (guint i = 0; i < G_N_ELEMENTS (by_kind) && !kind_found; i++)
    if (by_kind[i]->kind_found)
      {
        quote->network = by_kind[i]->kind;
        kind_found = TRUE;
      }

  /* A bandwidth column's rate is the card's unless the network column
   * already gave cards × rate and the bandwidth names no count (then it
   * is the node's total, which that product already says). */
  if (network->gbps > 0)
    {
      quote->nic_gbps = network->gbps;
      if (network->nics > 0)
        quote->nics_per_node = network->nics;
    }
  if (bandwidth->gbps > 0 && (bandwidth->nics > 0 || network->nics == 0 || network->gbps == 0))
    {
      quote->nic_gbps = bandwidth->gbps;
      if (bandwidth->nics > 0)
        quote->nics_per_node = bandwidth->nics;
    }

  if (!kind_found && quote->nic_gbps > 0)
    {
      quote->network = CP_NETWORK_ETHERNET;
      cell_assume (cell, _("the network kind is not stated: taken as Ethernet without RDMA, "
                           "the slowest reading; ask the vendor"));
    }
  if (quote->network != CP_NETWORK_NONE)
    {
      if ((network->rate_from_generation && network->gbps == quote->nic_gbps) ||
          (bandwidth->rate_from_generation && bandwidth->gbps == quote->nic_gbps))
        {
          char rate[G_ASCII_DTOSTR_BUF_SIZE];
          cell_assume (cell, _("the line rate is the InfiniBand generation’s: %s Gb/s per card"),
                       cp_format_double_shortest (quote->nic_gbps, rate));
        }
      if (quote->nic_gbps == 0)
        cell_assume (cell, _("the network’s line rate is not stated: ask the vendor (R6); "
                             "plans across nodes need it"));
      else if (quote->nics_per_node == 0)
        {
          quote->nics_per_node = 1;
          cell_assume (cell, _("the number of network cards per node is not stated: one assumed; "
                               "ask the vendor (R6)"));
        }
    }

  for (guint i = 0; i < 3 && !stated_sharing; i++)
    {
      const Fabric *f = i == 0 ? sharing : i == 1 ? bandwidth : network;
      if (f->sharing_found)
        {
          quote->sharing = f->sharing;
          if (f->share_factor > 0)
            quote->share_factor = f->share_factor;
          stated_sharing = TRUE;
        }
    }
  /* A share ratio may stand in any column ("带宽 200G 1:4", in the notes),
   * also beside a plain "共享". */
  if (!stated_sharing || (quote->sharing == CP_SHARING_SHARED && quote->share_factor == 0))
    for (guint i = 0; i < r->fields->len && quote->share_factor == 0; i++)
      {
        int col = -1;
        for (guint c = 0; c < CP_N_QUOTE_COLUMNS; c++)
          if (h->index[c] == (int) i)
            col = (int) c;
        if (col == CP_QUOTE_COLUMN_VALID_UNTIL || col == CP_QUOTE_COLUMN_PRICE)
          continue;
        if (find_share_ratio (g_ptr_array_index (r->fields, i), &factor)
            && (!stated_sharing || factor < 1))
          {
            quote->sharing = factor >= 1 ? CP_SHARING_DEDICATED : CP_SHARING_SHARED;
            if (factor < 1)
              quote->share_factor = factor;
            stated_sharing = TRUE;
          }
      }
  if (!stated_sharing && quote->sharing == CP_SHARING_UNKNOWN && quote->network != CP_NETWORK_NONE)
    cell_assume (cell, _("whether the network bandwidth is dedicated is not stated: unknown, "
                         "a question for the vendor (R6)"));
}

/* A cell of the network, bandwidth or sharing column (@col). The yes/no
 * answers of sharing_words mean something only in the sharing column
 * ("是否独享: 是"); in the others "no" is no network. */
static void
read_fabric_cell (Cell *cell, Column col, const char *text, Fabric *f)
{
  int value;

  if (col == CP_QUOTE_COLUMN_BANDWIDTH)
    {
      /* A plain number is the card's rate, in the column's Gb/s. */
      g_autofree char *plain = drop_digit_grouping (text);
      char *end = NULL;
      double gbps = g_ascii_strtod (plain, &end);
      if (end != plain && *end == '\0' && isfinite (gbps) && gbps >= 0)
        {
          f->gbps = gbps;
          return;
        }
    }
  if ((col == CP_QUOTE_COLUMN_SHARING || !read_fabric (text, f))
      && match_word (sharing_words, G_N_ELEMENTS (sharing_words), text, &value))
    {
      f->sharing_found = value != CP_SHARING_UNKNOWN;
      f->sharing = value;
      return;
    }
  if (col == CP_QUOTE_COLUMN_SHARING && read_fabric (text, f))
    return;
  if (f->kind_found || f->gbps > 0 || f->sharing_found)
    return;
  cell_error (cell, _("%s “%s” says nothing this application knows about the network "
                      "(e.g. “RoCE v2 2×100G”, “IB NDR 400G×8”, “25GbE”, “无”, “独享”, “1:4”)"),
              cell->header, text);
}

/* The GPUs-per-node cell; a GPU it names ("8*H100") is the row's GPU
 * when the GPU column is empty, and must agree with it otherwise. */
static void
read_count_cell (Cell *cell, const Record *r, const Header *h, const char *text, CpQuote *quote)
{
  g_autofree char *name = NULL;
  guint count;

  if (!read_gpu_count (text, &count, &name))
    {
      double ignored;
      if (cp_parse_count (text, &ignored, NULL))
        parse_whole (cell, text, 1, &quote->gpus_per_node);
      else
        cell_error (cell, _("%s “%s” is not a GPU count (write e.g. “8”, “8卡” or “8×A800”)"),
                    cell->header, text);
      return;
    }
  if (count < 1)
    {
      cell_error (cell, _("%s “%s” is not a whole number of at least %u"), cell->header, text, 1);
      return;
    }
  quote->gpus_per_node = count;
  if (name == NULL)
    return;
  if (is_blank (field_at (r, h, CP_QUOTE_COLUMN_GPU)))
    {
      parse_cell (cell, CP_QUOTE_COLUMN_GPU, name, quote);
      return;
    }
  /* "8*H100" beside "H100 PCIe" says less, not something else: only
   * another model is a contradiction. */
  if (strcmp (quote->gpu.id, "custom") != 0)
    {
      GpuWords said, entry_name, entry_id;

      read_gpu_words (name, &said);
      read_entry_words (&quote->gpu, &entry_name, &entry_id);
      if (*said.model && strcmp (said.model, entry_name.model) != 0
          && strcmp (said.model, entry_id.model) != 0)
        cell_error (cell, _("%s “%s” names %s, but the GPU column says %s"), cell->header, text,
                    name, quote->gpu.name);
      g_free (said.model);
      g_free (entry_name.model);
      g_free (entry_id.model);
    }
}

/* One data record into @quote, its problems and assumptions in @cell. */
static void
read_row (Cell *cell, const Record *r, const Header *h, guint header_len, CpQuote *quote,
          const char *default_currency)
{
  Fabric network = { 0 }, bandwidth = { 0 }, sharing = { 0 };
  guint gpus_in_gpu_cell = 0;
  gboolean link_stated = FALSE;

  if (r->error)
    {
      CpCsvLineError *e = g_new0 (CpCsvLineError, 1);
      e->line = r->line;
      e->message = g_strdup (r->error);
      g_ptr_array_add (cell->errors, e);
      g_ptr_array_add (cell->row->problems, g_strdup (r->error));
    }
  for (guint f = header_len; f < r->fields->len; f++)
    if (!is_blank (g_ptr_array_index (r->fields, f)))
      {
        cell_error (cell, _("%u fields, but the header has %u"), r->fields->len, header_len);
        break;
      }

  for (guint c = 0; c < CP_N_QUOTE_COLUMNS; c++)
    {
      const char *raw = field_at (r, h, c);
      g_autofree char *value = raw ? g_strstrip (g_strdup (raw)) : NULL;

      if (value == NULL || *value == '\0' || c == CP_QUOTE_COLUMN_PRICE
          || c == CP_QUOTE_COLUMN_PRICE_UNIT || c == CP_QUOTE_COLUMN_CURRENCY)
        continue;
      cell->header = h->header[c];
      cell->hint = h->hint[c];
      switch (c)
        {
        case CP_QUOTE_COLUMN_GPU:
          {
            g_autofree char *name = split_gpu_count (value, &gpus_in_gpu_cell);
            if (gpus_in_gpu_cell > 0)
              quote->gpus_per_node = gpus_in_gpu_cell;
            parse_cell (cell, c, name, quote);
          }
          break;
        case CP_QUOTE_COLUMN_GPUS_PER_NODE:
          read_count_cell (cell, r, h, value, quote);
          break;
        case CP_QUOTE_COLUMN_NETWORK:
          read_fabric_cell (cell, CP_QUOTE_COLUMN_NETWORK, value, &network);
          break;
        case CP_QUOTE_COLUMN_BANDWIDTH:
          read_fabric_cell (cell, CP_QUOTE_COLUMN_BANDWIDTH, value, &bandwidth);
          break;
        case CP_QUOTE_COLUMN_SHARING:
          read_fabric_cell (cell, CP_QUOTE_COLUMN_SHARING, value, &sharing);
          break;
        case CP_QUOTE_COLUMN_INTRA_LINK:
          link_stated = TRUE;
          parse_cell (cell, c, value, quote);
          break;
        default:
          /* Free text keeps its spaces and line breaks. */
          parse_cell (cell, c, (c == CP_QUOTE_COLUMN_NOTES || c == CP_QUOTE_COLUMN_OFFER
                                || c == CP_QUOTE_COLUMN_VENDOR) ? raw : value, quote);
          break;
        }
    }

  {
    const char *gpu_text = field_at (r, h, CP_QUOTE_COLUMN_GPU);
    const char *count_text = field_at (r, h, CP_QUOTE_COLUMN_GPUS_PER_NODE);
    if (is_blank (gpu_text) && strcmp (quote->gpu.id, "custom") == 0)
      {
        cell->header = h->header[CP_QUOTE_COLUMN_GPU];
        cell_error (cell, _("%s is empty"), cell->header);
      }
    if (is_blank (count_text) && gpus_in_gpu_cell == 0)
      {
        if (h->index[CP_QUOTE_COLUMN_GPUS_PER_NODE] >= 0)
          {
            cell->header = h->header[CP_QUOTE_COLUMN_GPUS_PER_NODE];
            cell_error (cell, _("%s is empty"), cell->header);
          }
        else
          cell_error (cell, _("the sheet has no GPUs-per-node column and “%s” does not say how "
                              "many GPUs a node has (write e.g. “8×A800”, or map a column)"),
                      gpu_text ? gpu_text : "");
      }
  }
  parse_price_cells (cell, r, h, quote, default_currency);

  apply_fabric (cell, r, h, &network, &bandwidth, &sharing, quote);
  if (!link_stated && quote->intra_link.name && strcmp (quote->gpu.id, "custom") != 0
      && g_strcmp0 (quote->intra_link.id, quote->gpu.default_intra_link) == 0)
    cell_assume (cell, _("the link between GPUs is not stated: the catalogue’s for this GPU, %s"),
                 quote->intra_link.name);
  if (is_blank (field_at (r, h, CP_QUOTE_COLUMN_STORAGE)) && quote->nodes_available > 1)
    cell_assume (cell, _("the storage kind is not stated: unknown, a question for the vendor (R6)"));
}

CpQuoteCsvResult *
cp_quote_sheet_read (const CpQuoteSheet *sheet,
                     GError            **error)
{
  g_autoptr(CpQuoteCsvResult) result = g_new0 (CpQuoteCsvResult, 1);
  const CpProject *project = sheet->project;
  const char *default_currency = project && project->settings.currency[0]
                                 ? project->settings.currency : "CNY";
  Header h;

  result->quotes = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_quote_free);
  result->errors = g_ptr_array_new_with_free_func (line_error_free);
  result->ignored_columns = g_ptr_array_new_with_free_func (g_free);
  result->rows = g_ptr_array_new_with_free_func (row_free);

  header_from_sheet (sheet, &h);
  for (guint i = 0; i < sheet->n_columns; i++)
    if (sheet->fields[i] < 0 && *sheet->headers[i])
      g_ptr_array_add (result->ignored_columns, g_strdup (sheet->headers[i]));

  {
    static const Column required[] = { CP_QUOTE_COLUMN_GPU, CP_QUOTE_COLUMN_PRICE };
    for (guint i = 0; i < G_N_ELEMENTS (required); i++)
      if (h.index[required[i]] < 0)
        {
          g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN,
                       /* Translators: a column name in English, then in Chinese */
                       _("the file has no “%s” column (also read as “%s”)"),
                       export_headers[required[i]], column_names[required[i]][4] ?
                       column_names[required[i]][4] : column_names[required[i]][3]);
          return NULL;
        }
  }

  for (guint i = 1; i < sheet->records->len; i++)
    {
      const Record *r = g_ptr_array_index (sheet->records, i);
      CpQuoteCsvRow *row = g_new0 (CpQuoteCsvRow, 1);
      CpQuote *quote = cp_quote_new ();
      Cell cell = { project, r->line, NULL, NULL, result->errors, row };

      row->line = r->line;
      row->quote_index = -1;
      row->problems = g_ptr_array_new_with_free_func (g_free);
      row->assumptions = g_ptr_array_new_with_free_func (g_free);
      row->incomplete = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (result->rows, row);
      result->n_records++;

      read_row (&cell, r, &h, sheet->n_columns, quote, default_currency);

      /* Each cell may be a number and the quote still one the model cannot
       * use (a price of 1e20, 2000 GPUs in a node): said here, with the
       * line, rather than the quote silently missing from every plan. */
      if (row->problems->len == 0)
        {
          g_autoptr(GError) invalid = NULL;
          if (!cp_quote_validate_figures (quote, &invalid))
            cell_error (&cell, "%s", invalid->message);
          /* Kept, as the quote form keeps it, for the user to complete. */
          else if ((cp_quote_get_missing (quote) & CP_QUOTE_MISSING_NETWORK) != 0)
            g_ptr_array_add (row->incomplete, g_strdup (_("no NICs or NIC rate for its nodes")));
        }

      /* A cluster offer written without its kind: the machine kind it
       * implies is the bare-metal cluster, the default of a machine. */
      if (h.index[CP_QUOTE_COLUMN_OFFERING] < 0 && quote->nodes_available > 1
          && quote->offering == CP_OFFERING_BARE_METAL)
        quote->offering = CP_OFFERING_BARE_METAL_CLUSTER;

      if (row->problems->len == 0)
        {
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
          g_autofree char *norm = normalize_header (sheet->headers[i], NULL);
          int col = column_for_header (norm);
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

/* Refuses what cannot be a price list before a byte of it is read. */
static char *
read_sheet_file (const char *path, gsize *len, GError **error)
{
  g_autofree char *data = NULL;
  GStatBuf st;

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
    if (!g_file_get_contents (path, &data, len, &local))
      {
        g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_IO,
                     _("could not read the file: %s"), local->message);
        return NULL;
      }
  }
  return g_steal_pointer (&data);
}

CpQuoteCsvResult *
cp_quote_csv_read_file (const char      *path,
                        const CpProject *project,
                        GError         **error)
{
  gsize len = 0;
  g_autofree char *data = read_sheet_file (path, &len, error);

  if (data == NULL)
    return NULL;
  return cp_quote_csv_read (data, len, project, error);
}

CpQuoteSheet *
cp_quote_sheet_new_from_file (const char      *path,
                              const CpProject *project,
                              GError         **error)
{
  gsize len = 0;
  g_autofree char *data = read_sheet_file (path, &len, error);

  if (data == NULL)
    return NULL;
  return cp_quote_sheet_new (data, len, project, error);
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
    g_string_append_printf (s, _("; %s %s per GPU-hour"), per_gpu_hour, quote->currency);
  else
    g_string_append (s, _("; no price"));
  if (quote->intra_link.name)
    /* Translators: the separator before the next item, then the link between GPUs */
    g_string_append_printf (s, _("; %s"), quote->intra_link.name);
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
  if (quote->storage != CP_STORAGE_UNKNOWN)
    /* Translators: a storage kind, "parallel file system" */
    g_string_append_printf (s, _("; storage: %s"), storage_label (quote->storage));
  g_ascii_formatd (buf, sizeof buf, "%g", quote->minimum_term_h);
  g_string_append_printf (s, _("; minimum term %s h"), buf);
  return g_string_free (s, FALSE);
}

gboolean
cp_quote_column_from_name (const char *name,
                           int        *field)
{
  g_autofree char *norm = normalize_header (name, NULL);
  int col;

  if (strcmp (norm, "none") == 0 || strcmp (norm, "unused") == 0 || strcmp (norm, "不用") == 0)
    {
      *field = CP_QUOTE_COLUMN_UNUSED;
      return TRUE;
    }
  col = column_for_header (norm);
  if (col < 0)
    for (int c = 0; c < CP_N_QUOTE_COLUMNS && col < 0; c++)
      {
        g_autofree char *exported = normalize_header (export_headers[c], NULL);
        if (strcmp (exported, norm) == 0)
          col = c;
      }
  if (col < 0)
    return FALSE;
  *field = col;
  return TRUE;
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
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (cp_format_double_shortest (value, buf));
}

char *
cp_quote_csv_write (GPtrArray *quotes,
                    gsize     *len)
{
  GString *out = g_string_new ("\xef\xbb\xbf");

  for (guint c = 0; c < CP_N_QUOTE_COLUMNS; c++)
    append_field (out, export_headers[c], c == 0);
  g_string_append (out, "\r\n");

  for (guint i = 0; i < quotes->len; i++)
    {
      const CpQuote *q = g_ptr_array_index (quotes, i);

      for (guint c = 0; c < CP_N_QUOTE_COLUMNS; c++)
        {
          g_autofree char *v = NULL;

          switch ((Column) c)
            {
            case CP_QUOTE_COLUMN_ID: v = g_strdup (q->id); break;
            case CP_QUOTE_COLUMN_VENDOR: v = g_strdup (q->vendor); break;
            case CP_QUOTE_COLUMN_OFFER: v = g_strdup (q->offer_name); break;
            case CP_QUOTE_COLUMN_OFFERING: v = g_strdup (cp_offering_kind_to_string (q->offering)); break;
            case CP_QUOTE_COLUMN_GPU: v = g_strdup (q->gpu.id); break;
            case CP_QUOTE_COLUMN_GPUS_PER_NODE: v = g_strdup_printf ("%u", q->gpus_per_node); break;
            case CP_QUOTE_COLUMN_NODES: v = g_strdup_printf ("%u", q->nodes_available); break;
            case CP_QUOTE_COLUMN_INTRA_LINK: v = g_strdup (q->intra_link.id); break;
            case CP_QUOTE_COLUMN_NETWORK: v = g_strdup (cp_network_kind_to_string (q->network)); break;
            case CP_QUOTE_COLUMN_NICS: v = g_strdup_printf ("%u", q->nics_per_node); break;
            case CP_QUOTE_COLUMN_BANDWIDTH: v = format_number (q->nic_gbps); break;
            case CP_QUOTE_COLUMN_SHARING: v = g_strdup (cp_sharing_to_string (q->sharing)); break;
            case CP_QUOTE_COLUMN_SHARE_FACTOR: v = format_number (q->share_factor); break;
            case CP_QUOTE_COLUMN_PRICE: v = format_number (q->price); break;
            case CP_QUOTE_COLUMN_PRICE_UNIT: v = g_strdup (cp_price_unit_to_string (q->price_unit)); break;
            case CP_QUOTE_COLUMN_GRANULARITY: v = format_number (q->billing_granularity_h); break;
            case CP_QUOTE_COLUMN_MINIMUM_TERM: v = format_number (q->minimum_term_h); break;
            case CP_QUOTE_COLUMN_NETWORK_FEE: v = format_number (q->network_fee_per_node_month); break;
            case CP_QUOTE_COLUMN_STORAGE: v = g_strdup (cp_storage_kind_to_string (q->storage)); break;
            case CP_QUOTE_COLUMN_STORAGE_PRICE: v = format_number (q->storage_price_per_tb_month); break;
            case CP_QUOTE_COLUMN_MANAGEMENT_FEE: v = format_number (q->management_fee_per_month); break;
            case CP_QUOTE_COLUMN_SETUP_FEE: v = format_number (q->setup_fee); break;
            case CP_QUOTE_COLUMN_CURRENCY: v = g_strndup (q->currency, 3); break;
            case CP_QUOTE_COLUMN_VALID_UNTIL: v = g_strdup (q->valid_until); break;
            case CP_QUOTE_COLUMN_NOTES: v = g_strdup (q->notes); break;
            case CP_QUOTE_COLUMN_HOST_MEMORY:
              v = format_number (q->host_memory_per_node_bytes / CP_QUOTE_HOST_MEMORY_UNIT_BYTES);
              break;
            case CP_N_QUOTE_COLUMNS:
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
