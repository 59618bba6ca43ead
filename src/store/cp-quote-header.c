/* cp-quote-header.c: the vocabulary of a quote sheet's headers.
 *
 * Owns every spelling vendors use for a column ("price", "价格", "单价"),
 * the labels the import preview shows, the names the exporter writes, and
 * finding a column's field in a record. */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"

#include "cp-quote-header.h"

/* CpQuoteHeader names, compared after cp_quote_header_normalize(); the first is what the
 * exporter writes, the fifth (or fourth) the Chinese one a missing-column
 * message names. The spellings are those of vendors' comparison sheets:
 * every one listed in issue 14 and their usual variants. */
static const char * const column_names[CP_N_QUOTE_COLUMNS][28] = {
  [CP_QUOTE_COLUMN_ID]             = { "id", "编号", "报价编号", "quoteid" },
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
                                       "numberofnodes", "可供节点数", "库存", "可租台数", "可租数量",
                                       "可租机器数", "可租节点数", "可租服务器数", "可供台数", "现货台数",
                                       /* A count beside a price per machine counts machines:
                                        * "数量" read as GPUs made a 4-node offer one 4-GPU node. */
                                       "数量", "机器数", "服务器数", "machines", "servers", "quantity" },
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
                                       "rate", "费用", "月租", "租赁价格", "刊例价", "rent", "monthlyrent",
                                       "monthlyprice", "hourlyrate", "hourlyprice" },
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
  /* "配置" and "规格" alone are the offer's name as often as the machine:
   * they are read as this only beside another offer column
   * (cp_quote_sheet's guess), these spellings always. */
  [CP_QUOTE_COLUMN_CONFIG]         = { "configuration", "machineconfiguration", "serverconfiguration",
                                       "specs", "服务器配置", "配置详情", "硬件配置", "机器配置",
                                       "详细配置", "配置信息", "整机配置", "主机配置" },
  [CP_QUOTE_COLUMN_TAX]            = { "tax", "vat", "taxrate", "vatrate", "税率", "税点", "增值税",
                                       "是否含税", "含税/不含税", "发票类型", "开票",
                                       "vatincluded", "taxincluded" },
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
  [CP_QUOTE_COLUMN_CONFIG]         = N_("Machine configuration"),
  [CP_QUOTE_COLUMN_TAX]            = N_("Tax (VAT)"),
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
  [CP_QUOTE_COLUMN_CONFIG]         = "configuration",
  [CP_QUOTE_COLUMN_TAX]            = "tax",
};

/* Lower-case ASCII, no spaces, underscores or hyphens; a unit in
 * parentheses ("价格（元/小时）") is cut off into @hint. */
char *
cp_quote_header_normalize (const char *header, char **hint)
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

/* Every spelling of column_names, normalized once, to its column (the
 * first column that lists it, as a search in order finds). The importer
 * asks for each cell of the rows it tries as a header: normalizing the
 * 200-odd spellings on every call was a third of reading a sheet. */
static GHashTable *
column_by_alias (void)
{
  static gsize table;

  if (g_once_init_enter (&table))
    {
      GHashTable *made = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (int c = 0; c < CP_N_QUOTE_COLUMNS; c++)
        for (guint i = 0; i < G_N_ELEMENTS (column_names[c]) && column_names[c][i]; i++)
          {
            char *alias = cp_quote_header_normalize (column_names[c][i], NULL);

            if (g_hash_table_contains (made, alias))
              g_free (alias);
            else
              g_hash_table_insert (made, alias, GINT_TO_POINTER (c));
          }
      g_once_init_leave (&table, (gsize) made);
    }
  return (GHashTable *) table;
}

gboolean
cp_quote_header_is_row_number (const char *normalized)
{
  /* Normalized: no spaces, lower case, nothing from a parenthesis on. */
  static const char *const names[] = { "序号", "行号", "项次", "no", "no.", "#", "rowno", "row", "sn", "s/n" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (normalized, names[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The one spelling of a machine count that is as often words: "库存" (stock). */
gboolean
cp_quote_header_is_stock (const char *normalized)
{
  return strcmp (normalized, "库存") == 0;
}

int
cp_quote_header_to_column (const char *normalized)
{
  gpointer column;

  if (!g_hash_table_lookup_extended (column_by_alias (), normalized, NULL, &column))
    return -1;
  return GPOINTER_TO_INT (column);
}

const char *
cp_quote_header_field (const CpCsvRecord *r, const CpQuoteHeader *h, CpQuoteColumn col)
{
  int i = h->index[col];

  if (i < 0 || (guint) i >= r->fields->len)
    return NULL;
  return g_ptr_array_index (r->fields, i);
}

gboolean
cp_quote_column_from_name (const char *name,
                           int        *field)
{
  g_autofree char *norm = cp_quote_header_normalize (name, NULL);
  int col;

  if (strcmp (norm, "none") == 0 || strcmp (norm, "unused") == 0 || strcmp (norm, "不用") == 0)
    {
      *field = CP_QUOTE_COLUMN_UNUSED;
      return TRUE;
    }
  col = cp_quote_header_to_column (norm);
  if (col < 0)
    for (int c = 0; c < CP_N_QUOTE_COLUMNS && col < 0; c++)
      {
        g_autofree char *exported = cp_quote_header_normalize (export_headers[c], NULL);
        if (strcmp (exported, norm) == 0)
          col = c;
      }
  if (col < 0)
    return FALSE;
  *field = col;
  return TRUE;
}

char *
cp_quote_column_list_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint c = 0; c < CP_N_QUOTE_COLUMNS; c++)
    {
      const char *unit = strstr (export_headers[c], " (");
      g_string_append_printf (names, "%s%.*s", c ? ", " : "",
                              (int) (unit ? unit - export_headers[c] : (gssize) strlen (export_headers[c])),
                              export_headers[c]);
    }
  g_string_append (names, ", none");
  return g_string_free (names, FALSE);
}

const char *
cp_quote_header_export_name (CpQuoteColumn col)
{
  return export_headers[col];
}

const char *
cp_quote_header_chinese_name (CpQuoteColumn col)
{
  return column_names[col][4] ? column_names[col][4] : column_names[col][3];
}
