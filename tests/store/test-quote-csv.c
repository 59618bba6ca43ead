/* test-quote-csv.c: quote import and export, one case per edge. */

#include "config.h"

#include <string.h>

#include "store/cp-quote-csv.h"
#include "store/cp-quote-validity.h"

static CpQuoteCsvResult *
read_ok (const char *csv)
{
  g_autoptr(GError) error = NULL;
  CpQuoteCsvResult *result = cp_quote_csv_read (csv, strlen (csv), NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  return result;
}

static const CpQuote *
quote_at (const CpQuoteCsvResult *r, guint i)
{
  return g_ptr_array_index (r->quotes, i);
}

static const char *
error_at (const CpQuoteCsvResult *r, guint i)
{
  return ((const CpCsvLineError *) g_ptr_array_index (r->errors, i))->message;
}

static void
assert_whole_file_error (const char *csv, gsize len, CpQuoteCsvError code)
{
  g_autoptr(GError) error = NULL;
  CpQuoteCsvResult *result = cp_quote_csv_read (csv, len, NULL, &error);

  g_assert_null (result);
  g_assert_error (error, CP_QUOTE_CSV_ERROR, (int) code);
}

/* BOM, CRLF, Chinese headers, a quoted comma, a quoted CRLF and doubled
 * quotes, digit grouping, Chinese dates. */
static void
test_chinese_bom_crlf (void)
{
  static const char csv[] =
    "\xef\xbb\xbf供应商,方案,显卡,单机卡数,节点数,价格,网络,带宽,独享/共享,存储,存储价格,管理费,开通费,有效期,备注\r\n"
    "示例供应商 A,\"8卡, A800 整机\",A800,8,1,\"38,000元/台/月\",,,,本地NVMe,,,2000,2026/6/30,\"第一行\r\n第二行 \"\"引号\"\"\"\r\n"
    "示例供应商 B,H800 集群,H800,8,16,9.5 元/卡/时,IB,8×400G,独享,并行文件系统,1200 元/TB/月,5000,10000,2026年6月30日,\r\n";
  g_autoptr(CpQuoteCsvResult) r = read_ok (csv);
  const CpQuote *a, *b;

  g_assert_cmpuint (r->errors->len, ==, 0);
  g_assert_cmpuint (r->n_records, ==, 2);
  g_assert_cmpuint (r->quotes->len, ==, 2);

  a = quote_at (r, 0);
  g_assert_cmpstr (a->vendor, ==, "示例供应商 A");
  g_assert_cmpstr (a->offer_name, ==, "8卡, A800 整机");
  g_assert_cmpstr (a->gpu.id, ==, "a800");
  g_assert_cmpstr (a->intra_link.id, ==, "nvlink-a800");
  g_assert_cmpuint (a->gpus_per_node, ==, 8);
  g_assert_cmpuint (a->nodes_available, ==, 1);
  g_assert_cmpfloat (a->price, ==, 38000);
  g_assert_cmpint (a->price_unit, ==, CP_PRICE_PER_NODE_MONTH);
  g_assert_cmpstr (a->currency, ==, "CNY");
  g_assert_cmpint (a->network, ==, CP_NETWORK_NONE);
  g_assert_cmpint (a->storage, ==, CP_STORAGE_LOCAL_NVME);
  g_assert_cmpfloat (a->setup_fee, ==, 2000);
  g_assert_cmpstr (a->valid_until, ==, "2026-06-30");
  g_assert_cmpstr (a->notes, ==, "第一行\n第二行 \"引号\"");
  g_assert_cmpint (a->offering, ==, CP_OFFERING_BARE_METAL);

  b = quote_at (r, 1);
  g_assert_cmpstr (b->gpu.id, ==, "h800");
  g_assert_cmpuint (b->nodes_available, ==, 16);
  /* No offering column: sixteen nodes are a cluster. */
  g_assert_cmpint (b->offering, ==, CP_OFFERING_BARE_METAL_CLUSTER);
  g_assert_cmpfloat (b->price, ==, 9.5);
  g_assert_cmpint (b->price_unit, ==, CP_PRICE_PER_GPU_HOUR);
  g_assert_cmpint (b->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpuint (b->nics_per_node, ==, 8);
  g_assert_cmpfloat (b->nic_gbps, ==, 400);
  g_assert_cmpint (b->sharing, ==, CP_SHARING_DEDICATED);
  g_assert_cmpint (b->storage, ==, CP_STORAGE_PARALLEL_FS);
  g_assert_cmpfloat (b->storage_price_per_tb_month, ==, 1200);
  g_assert_cmpfloat (b->management_fee_per_month, ==, 5000);
  g_assert_cmpfloat (b->setup_fee, ==, 10000);
  g_assert_cmpstr (b->valid_until, ==, "2026-06-30");
  g_assert_null (b->notes);
}

/* Units as vendors write them in the price cell. */
static void
test_price_units (void)
{
  static const char csv[] =
    "vendor,gpu,gpus per node,price\n"
    "A,RTX 4090,8,12.5 元/小时\n"        /* per hour, neither GPU nor node: the machine */
    "B,A800,8,¥30000/月\n"
    "C,H20,8,3.2 /GPU/h\n"
    "D,A100 80GB,8,25000 CNY/node/month\n"
    "E,H800,8,$2.5/GPU/h\n"
    "F,910B,8,3万元/月\n";
  g_autoptr(CpQuoteCsvResult) r = read_ok (csv);

  g_assert_cmpuint (r->errors->len, ==, 0);
  g_assert_cmpuint (r->quotes->len, ==, 6);
  g_assert_cmpfloat (quote_at (r, 0)->price, ==, 12.5);
  g_assert_cmpint (quote_at (r, 0)->price_unit, ==, CP_PRICE_PER_NODE_HOUR);
  g_assert_cmpstr (quote_at (r, 0)->currency, ==, "CNY");
  g_assert_cmpfloat (quote_at (r, 1)->price, ==, 30000);
  g_assert_cmpint (quote_at (r, 1)->price_unit, ==, CP_PRICE_PER_NODE_MONTH);
  g_assert_cmpfloat (quote_at (r, 2)->price, ==, 3.2);
  g_assert_cmpint (quote_at (r, 2)->price_unit, ==, CP_PRICE_PER_GPU_HOUR);
  g_assert_cmpfloat (quote_at (r, 3)->price, ==, 25000);
  g_assert_cmpint (quote_at (r, 3)->price_unit, ==, CP_PRICE_PER_NODE_MONTH);
  g_assert_cmpstr (quote_at (r, 3)->gpu.id, ==, "a100-80g");
  g_assert_cmpstr (quote_at (r, 4)->currency, ==, "USD");
  /* 3万 = 3 × 10^4 */
  g_assert_cmpfloat (quote_at (r, 5)->price, ==, 30000);
  g_assert_cmpstr (quote_at (r, 5)->gpu.id, ==, "ascend-910b");
}

/* walk37b U1: an offer column that says the nodes, the kind and the
 * network fills them where the row's own cells are empty, as the quote
 * form reads it, and says so on the row; a cell of their own wins. */
static void
test_offer_names_cluster (void)
{
  static const char csv[] =
    "vendor,offer,gpu,gpus per node,nodes,network,price\n"
    "CloudCo,\"H800 cluster, 2 nodes, InfiniBand\",H800,8,,,70000/node/month\n"
    "LocalDC,8 x A800 machine,A800,8,,,60000/node/month\n"
    "Yun,A800 容器集群 4台 RoCE 8×400G,A800,8,2,,12/GPU/h\n"
    "Render,\"RTX 4090 cluster, 2 nodes, RoCE\",RTX 4090,8,,,3/GPU/h\n";
  g_autoptr(CpQuoteCsvResult) r = read_ok (csv);
  const CpQuoteCsvRow *row;

  g_assert_cmpuint (r->errors->len, ==, 0);
  g_assert_cmpuint (r->quotes->len, ==, 4);
  g_assert_cmpuint (quote_at (r, 0)->nodes_available, ==, 2);
  g_assert_cmpint (quote_at (r, 0)->offering, ==, CP_OFFERING_BARE_METAL_CLUSTER);
  g_assert_cmpint (quote_at (r, 0)->network, ==, CP_NETWORK_INFINIBAND);
  row = g_ptr_array_index (r->rows, 0);
  g_assert_cmpuint (row->assumptions->len, >=, 1);
  g_assert_true (g_ptr_array_find_with_equal_func (
    row->assumptions,
    "the node count, the kind of offer, the network not stated in its own cells: "
    "read from the offer “H800 cluster, 2 nodes, InfiniBand”", g_str_equal, NULL));
  /* The cards its bare "InfiniBand" leaves out are an H800 node's
   * common fabric, as the quote form gives them (DGX H100/H800: eight
   * ConnectX-7 at 400 Gb/s, one per GPU), said on the row: imported with
   * 0 NICs at 0 Gb/s, the cluster was ranked on one machine only. */
  g_assert_cmpuint (quote_at (r, 0)->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote_at (r, 0)->nic_gbps, ==, 400);
  g_assert_cmpuint (cp_quote_largest_run_nodes (quote_at (r, 0)), ==, 2);
  g_assert_true (g_ptr_array_find_with_equal_func (
    row->assumptions,
    "the network cards are not stated: 8 × 400 Gb/s, one per GPU, common on NVIDIA H800 SXM 80GB nodes; "
    "ask the vendor (R6)", g_str_equal, NULL));
  /* "8 x A800 machine" counts GPUs, not nodes: one machine, no network. */
  g_assert_cmpuint (quote_at (r, 1)->nodes_available, ==, 1);
  g_assert_cmpint (quote_at (r, 1)->offering, ==, CP_OFFERING_BARE_METAL);
  g_assert_cmpint (quote_at (r, 1)->network, ==, CP_NETWORK_NONE);
  /* The nodes cell's 2 stays; the kind and the network are the offer's. */
  g_assert_cmpuint (quote_at (r, 2)->nodes_available, ==, 2);
  g_assert_cmpint (quote_at (r, 2)->offering, ==, CP_OFFERING_CONTAINER_CLUSTER);
  g_assert_cmpint (quote_at (r, 2)->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpuint (quote_at (r, 2)->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote_at (r, 2)->nic_gbps, ==, 400);
  /* A PCIe card has no common build: nothing made up. */
  g_assert_cmpint (quote_at (r, 3)->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpuint (quote_at (r, 3)->nics_per_node, ==, 0);
  g_assert_cmpfloat (quote_at (r, 3)->nic_gbps, ==, 0);
}

/* The unit in a column, or in the header's parentheses. */
static void
test_price_unit_column_and_header (void)
{
  static const char csv_column[] =
    "vendor,gpu,gpus per node,price,price unit,currency\n"
    "A,A800,8,6.5,元/卡/小时,\n"
    "B,A800,8,38000,node-month,USD\n";
  static const char csv_header[] =
    "供应商,GPU型号,每节点GPU数,单价（元/卡/小时）\n"
    "A,H800,8,9.5\n";
  g_autoptr(CpQuoteCsvResult) r1 = read_ok (csv_column);
  g_autoptr(CpQuoteCsvResult) r2 = read_ok (csv_header);

  g_assert_cmpuint (r1->errors->len, ==, 0);
  g_assert_cmpint (quote_at (r1, 0)->price_unit, ==, CP_PRICE_PER_GPU_HOUR);
  g_assert_cmpint (quote_at (r1, 1)->price_unit, ==, CP_PRICE_PER_NODE_MONTH);
  g_assert_cmpstr (quote_at (r1, 1)->currency, ==, "USD");

  g_assert_cmpuint (r2->errors->len, ==, 0);
  g_assert_cmpfloat (quote_at (r2, 0)->price, ==, 9.5);
  g_assert_cmpint (quote_at (r2, 0)->price_unit, ==, CP_PRICE_PER_GPU_HOUR);
  g_assert_cmpstr (quote_at (r2, 0)->currency, ==, "CNY");
}

/* Bad lines are reported with their numbers; the good ones are kept for
 * the caller to take or leave. */
static void
test_bad_lines (void)
{
  static const char csv[] =
    "vendor,gpu,gpus per node,price\n"           /* line 1 */
    "A,A800,8,6.5/GPU/h\n"                        /* 2 */
    "B,A800,8,abc\n"                              /* 3 */
    "\n"                                          /* 4: blank, skipped */
    "\"C\nsplit\",A800,8,7/GPU/h\n"              /* 5-6 */
    "D,XYZ-1,8,7/GPU/h\n"                         /* 7 */
    "E,A800,eight,7/GPU/h\n"                      /* 8 */
    "F,A800,8,7\n";                               /* 9: no unit */
  g_autoptr(CpQuoteCsvResult) r = read_ok (csv);

  g_assert_cmpuint (r->n_records, ==, 6);
  g_assert_cmpuint (r->quotes->len, ==, 2);
  g_assert_cmpstr (quote_at (r, 0)->vendor, ==, "A");
  g_assert_cmpstr (quote_at (r, 1)->vendor, ==, "C\nsplit");

  g_assert_cmpuint (r->errors->len, ==, 4);
  g_assert_cmpstr (error_at (r, 0), ==, "line 3: price “abc” is not a number");
  g_assert_cmpuint (((CpCsvLineError *) g_ptr_array_index (r->errors, 0))->line, ==, 3);
  g_assert_cmpstr (error_at (r, 1), ==,
                   "line 7: GPU “XYZ-1” is not in the catalogue; add it to the project first");
  g_assert_cmpstr (error_at (r, 2), ==,
                   "line 8: gpus per node “eight” is not a GPU count (write e.g. “8”, “8卡” or “8×A800”)");
  g_assert_true (g_str_has_prefix (error_at (r, 3), "line 9: price “7” does not say what it is per"));
}

static void
test_empty_file (void)
{
  assert_whole_file_error ("", 0, CP_QUOTE_CSV_ERROR_EMPTY);
  assert_whole_file_error ("\xef\xbb\xbf", 3, CP_QUOTE_CSV_ERROR_EMPTY);
  assert_whole_file_error ("\r\n\r\n", 4, CP_QUOTE_CSV_ERROR_EMPTY);
}

/* A NUL byte on line 3: refused, naming the line, instead of a sheet cut
 * short there with "Imported 1 quote". */
static void
test_nul_byte (void)
{
  static const char csv[] = "vendor,gpu,gpus per node,price\n"
                            "A,A800,8,6.5\n"
                            "B,A800,8,7\0.5\n"
                            "C,A800,8,abc\n";
  g_autoptr(GError) error = NULL;

  g_assert_null (cp_quote_csv_read (csv, sizeof csv - 1, NULL, &error));
  g_assert_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_ENCODING);
  g_assert_nonnull (strstr (error->message, "line 3 "));
}

static void
test_header_only (void)
{
  static const char csv[] = "\xef\xbb\xbfvendor,gpu,gpus per node,price\r\n";

  assert_whole_file_error (csv, strlen (csv), CP_QUOTE_CSV_ERROR_NO_ROWS);
}

static void
test_missing_and_duplicate_columns (void)
{
  static const char no_price[] = "vendor,gpu,gpus per node\nA,A800,8\n";
  static const char twice[] = "vendor,gpu,显卡,gpus per node,price\nA,A800,A800,8,1/GPU/h\n";

  assert_whole_file_error (no_price, strlen (no_price), CP_QUOTE_CSV_ERROR_MISSING_COLUMN);
  assert_whole_file_error (twice, strlen (twice), CP_QUOTE_CSV_ERROR_DUPLICATE_COLUMN);
}

static void
test_unclosed_quote_and_extra_fields (void)
{
  static const char csv[] =
    "vendor,gpu,gpus per node,price,颜色\n"
    "A,A800,8,1/GPU/h,red,extra\n"
    "B,A800,8,1/GPU/h,\n"
    "\"C,A800,8,1/GPU/h\n";
  g_autoptr(CpQuoteCsvResult) r = read_ok (csv);

  g_assert_cmpuint (r->ignored_columns->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (r->ignored_columns, 0), ==, "颜色");
  g_assert_cmpuint (r->quotes->len, ==, 1);
  g_assert_cmpstr (quote_at (r, 0)->vendor, ==, "B");
  g_assert_cmpuint (r->errors->len, >=, 2);
  g_assert_cmpstr (error_at (r, 0), ==, "line 2: 6 fields, but the header has 5");
  g_assert_cmpstr (error_at (r, 1), ==, "line 4: a quoted field is not closed");
}

static void
test_gpu_names (void)
{
  static const struct { const char *text; const char *id; } cases[] = {
    { "A800", "a800" }, { "H800", "h800" }, { "RTX 4090", "rtx4090" }, { "4090", "rtx4090" },
    { "910B", "ascend-910b" }, { "昇腾910B", "ascend-910b" }, { "Ascend 910B", "ascend-910b" },
    /* A variant the catalogue has is that variant, not the plain 910B's
     * 910B2 (walk38 F3). */
    { "910B3", "ascend-910b3" }, { "昇腾910B3", "ascend-910b3" }, { "Ascend 910B3 64GB", "ascend-910b3" },
    { "910B2", "ascend-910b" },
    { "NVIDIA H20", "h20" }, { "H200", "h200" }, { "A100 80GB", "a100-80g" },
    { "a100-80g", "a100-80g" }, { "NVIDIA GeForce RTX 4090 24GB", "rtx4090" },
    /* Maker, memory, memory kind and form as vendors add them. */
    { "NVIDIA H800 SXM5", "h800" }, { "H100 80GB HBM3", "h100-sxm" }, { "RTX 4090 24G", "rtx4090" },
    { "H100 PCIe", "h100-pcie" }, { "H100 PCI-E 80G", "h100-pcie" }, { "H100", "h100-sxm" },
    { "A100 40G PCIe", "a100-40g" }, { "A100 80G", "a100-80g" },
  };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const CpGpuSpec *gpu = cp_quote_csv_find_gpu (NULL, cases[i].text, &error);
      g_assert_no_error (error);
      g_assert_nonnull (gpu);
      g_assert_cmpstr (gpu->id, ==, cases[i].id);
    }
  /* Two A100s in the catalogue: the message lists both. */
  g_assert_null (cp_quote_csv_find_gpu (NULL, "A100", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "40GB"));
  g_assert_nonnull (strstr (error->message, "80GB"));
  g_clear_error (&error);
  /* A memory the catalogue does not have for the model is not guessed. */
  g_assert_null (cp_quote_csv_find_gpu (NULL, "H100 94GB", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "94 GB"));
}

/* Excel on Chinese Windows saves CSV as GB18030. */
static void
test_gb18030 (void)
{
  static const char utf8[] = "供应商,显卡,单机卡数,价格\r\n示例,A800,8,6.5元/卡/时\r\n";
  g_autofree char *gb = g_convert (utf8, -1, "GB18030", "UTF-8", NULL, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (gb, strlen (gb), NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (r->quotes->len, ==, 1);
  g_assert_cmpstr (quote_at (r, 0)->vendor, ==, "示例");
}

static void
test_round_trip (void)
{
  g_autoptr(GPtrArray) quotes = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_quote_free);
  g_autoptr(CpQuoteCsvResult) r = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  const CpCatalog *builtin = cp_catalog_get_builtin ();
  CpQuote *q;
  gsize len;

  q = cp_quote_new ();
  q->id = g_strdup ("quote-7");
  q->vendor = g_strdup (" 示例供应商, \"Example\" ");
  q->offer_name = g_strdup ("多行\r\n方案");
  q->offering = CP_OFFERING_CONTAINER_CLUSTER;
  q->offering_stated = TRUE;
  cp_quote_set_gpu (q, cp_catalog_find_gpu (builtin, "h800"));
  cp_quote_set_intra_link (q, cp_catalog_find_link (builtin, "nvlink-h800"));
  q->gpus_per_node = 8;
  q->nodes_available = 12;
  q->host_memory_per_node_bytes = 1536 * 1073741824.0;
  q->network = CP_NETWORK_ROCE;
  q->nics_per_node = 4;
  q->nic_gbps = 200;
  q->sharing = CP_SHARING_SHARED;
  q->share_factor = 0.35;
  q->price_unit = CP_PRICE_PER_NODE_HOUR;
  q->price = 70.123456789;
  q->billing_granularity_h = 0.5;
  q->minimum_term_h = 168;
  q->network_fee_per_node_month = 800.5;
  q->storage = CP_STORAGE_NAS;
  q->storage_price_per_tb_month = 450.25;
  q->management_fee_per_month = 1200;
  q->setup_fee = 3000;
  strcpy (q->currency, "USD");
  q->valid_until = g_strdup ("2026-12-31");
  q->notes = g_strdup ("a, b \"c\"\nd");
  g_ptr_array_add (quotes, q);

  q = cp_quote_new ();
  cp_quote_set_gpu (q, cp_catalog_find_gpu (builtin, "rtx4090"));
  cp_quote_set_intra_link (q, cp_catalog_find_link (builtin, "pcie-gen4"));
  q->vendor = g_strdup ("B");
  q->price = 2.2;
  /* "Network included": written "included", read back so, where a fee
   * of 0 would read "not stated" (approver 34, B10). */
  q->network_fee_terms = CP_FEE_INCLUDED;
  g_ptr_array_add (quotes, q);

  csv = cp_quote_csv_write (quotes, &len);
  g_assert_true (g_str_has_prefix (csv, "\xef\xbb\xbf" "id,vendor,"));
  r = cp_quote_csv_read (csv, len, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->errors->len, ==, 0);
  g_assert_cmpuint (r->quotes->len, ==, 2);

  for (guint i = 0; i < 2; i++)
    {
      const CpQuote *a = g_ptr_array_index (quotes, i);
      const CpQuote *b = quote_at (r, i);

      g_assert_cmpstr (a->id, ==, b->id);
      g_assert_cmpstr (a->vendor, ==, b->vendor);
      g_assert_cmpstr (a->offer_name, ==, i == 0 ? "多行\r\n方案" : NULL);
      /* A CRLF inside a field comes back as LF. */
      g_assert_cmpstr (b->offer_name, ==, i == 0 ? "多行\n方案" : NULL);
      g_assert_cmpint (a->offering, ==, b->offering);
      /* The second's kind, assumed, is written blank and read back
       * assumed, not as the vendor's. */
      g_assert_cmpint (a->offering_stated, ==, b->offering_stated);
      g_assert_cmpstr (a->gpu.id, ==, b->gpu.id);
      g_assert_cmpfloat (a->gpu.dense_bf16_flops, ==, b->gpu.dense_bf16_flops);
      g_assert_cmpuint (a->gpus_per_node, ==, b->gpus_per_node);
      g_assert_cmpuint (a->nodes_available, ==, b->nodes_available);
      g_assert_cmpstr (a->intra_link.id, ==, b->intra_link.id);
      g_assert_cmpfloat (a->host_memory_per_node_bytes, ==, b->host_memory_per_node_bytes);
      g_assert_cmpint (a->network, ==, b->network);
      g_assert_cmpuint (a->nics_per_node, ==, b->nics_per_node);
      g_assert_cmpfloat (a->nic_gbps, ==, b->nic_gbps);
      g_assert_cmpint (a->sharing, ==, b->sharing);
      g_assert_cmpfloat (a->share_factor, ==, b->share_factor);
      g_assert_cmpint (a->price_unit, ==, b->price_unit);
      g_assert_cmpfloat (a->price, ==, b->price);
      g_assert_cmpfloat (a->billing_granularity_h, ==, b->billing_granularity_h);
      g_assert_cmpfloat (a->minimum_term_h, ==, b->minimum_term_h);
      g_assert_cmpfloat (a->network_fee_per_node_month, ==, b->network_fee_per_node_month);
      g_assert_cmpint (cp_quote_network_fee_terms (b), ==, i == 0 ? CP_FEE_STATED : CP_FEE_INCLUDED);
      g_assert_cmpint (cp_quote_storage_price_terms (b), ==, i == 0 ? CP_FEE_STATED : CP_FEE_NOT_STATED);
      g_assert_cmpint (a->storage, ==, b->storage);
      g_assert_cmpfloat (a->storage_price_per_tb_month, ==, b->storage_price_per_tb_month);
      g_assert_cmpfloat (a->management_fee_per_month, ==, b->management_fee_per_month);
      g_assert_cmpfloat (a->setup_fee, ==, b->setup_fee);
      g_assert_cmpstr (a->currency, ==, b->currency);
      g_assert_cmpstr (a->valid_until, ==, b->valid_until);
      g_assert_cmpstr (a->notes, ==, b->notes);
    }
}

/* A quote's VAT survives export and import: a vendor's 不含税 row (the
 * estimate adds its offering's rate), a 含 6% one, and a quote typed with
 * its basis and rate (add-quote --prices-include-vat no --vat-rate 13%).
 * Read back, each has its basis and rate; the notes the first import
 * wrote are not written twice. */
static void
test_vat_round_trip (void)
{
  static const char sheet[] =
    "机型,单价,备注\n"
    "8×H20,\"26,000 元/台/月\",不含税\n"
    "8×A800,12.5 元/卡/时,含6%增值税\n";
  g_autoptr(CpQuoteCsvResult) first = read_ok (sheet);
  g_autoptr(GPtrArray) quotes = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_quote_free);
  g_autoptr(CpQuoteCsvResult) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  CpQuote *typed;
  gsize len;

  g_assert_cmpuint (first->quotes->len, ==, 2);
  g_assert_cmpint (quote_at (first, 0)->vat_basis, ==, CP_VAT_BASIS_EXCLUDED);
  g_assert_cmpint (quote_at (first, 1)->vat_basis, ==, CP_VAT_BASIS_INCLUDED);
  g_assert_cmpfloat (quote_at (first, 1)->vat_rate, ==, 0.06);
  for (guint i = 0; i < first->quotes->len; i++)
    g_ptr_array_add (quotes, cp_quote_dup (quote_at (first, i)));
  typed = cp_quote_dup (quote_at (first, 1));
  g_clear_pointer (&typed->notes, g_free);
  typed->vat_basis = CP_VAT_BASIS_EXCLUDED;
  typed->vat_rate = 0.13;
  g_ptr_array_add (quotes, typed);

  csv = cp_quote_csv_write (quotes, &len);
  again = cp_quote_csv_read (csv, len, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->errors->len, ==, 0);
  g_assert_cmpuint (again->quotes->len, ==, 3);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (quote_at (again, i)->vat_basis, ==, quote_at (first, i)->vat_basis);
      g_assert_cmpfloat (quote_at (again, i)->vat_rate, ==, quote_at (first, i)->vat_rate);
      g_assert_cmpfloat (quote_at (again, i)->price, ==, quote_at (first, i)->price);
      g_assert_cmpstr (quote_at (again, i)->notes, ==, quote_at (first, i)->notes);
    }
  /* 12.5 a GPU-hour without 13% VAT is compared at 12.5 × 1.13 = 14.125,
   * whichever field holds the VAT after the import. */
  {
    CpSettings settings;

    cp_settings_init (&settings);
    g_assert_cmpfloat_with_epsilon (quote_at (again, 2)->price * cp_quote_vat_factor (quote_at (again, 2), &settings),
                                    14.125, 1e-9);
  }
}

static void
test_add_to_project (void)
{
  static const char csv[] = "id,vendor,gpu,gpus per node,price\n"
                            "quote-1,A,A800,8,1/GPU/h\n"
                            ",B,A800,8,1/GPU/h\n"
                            "mine,C,A800,8,1/GPU/h\n";
  g_autoptr(CpQuoteCsvResult) r = read_ok (csv);
  g_autoptr(CpProject) project = cp_project_new ();
  CpQuote *existing = cp_quote_new ();

  existing->id = g_strdup ("quote-1");
  cp_project_add_quote (project, existing);
  g_assert_cmpuint (cp_quote_csv_add_to_project (r, project), ==, 3);
  g_assert_cmpuint (project->quotes->len, ==, 4);
  g_assert_cmpuint (r->quotes->len, ==, 0);
  /* Taken and missing ids are replaced, others kept; all distinct. */
  for (guint i = 0; i < 4; i++)
    for (guint j = i + 1; j < 4; j++)
      g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, i))->id, !=,
                       ((CpQuote *) g_ptr_array_index (project->quotes, j))->id);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 3))->id, ==, "mine");
}

/* A machine's RAM under its usual headers, in GB, GiB or TB (all binary:
 * memory comes in powers of two), the header's unit for a bare number
 * and GiB without one; what is no amount is refused, naming the column. */
static void
test_host_memory (void)
{
  static const char csv[] =
    "供应商,显卡,单价,内存(GB)\n"
    "A,8×A800,10 元/卡/时,512\n"
    "B,8×A800,10 元/卡/时,2TB\n"
    "C,8×A800,10 元/卡/时,1.5 TiB\n"
    "D,8×A800,10 元/卡/时,很多\n";
  static const char english[] =
    "vendor,gpu,price,host memory\n"
    "E,8×A800,10/GPU/h,1024\n"
    "F,8×A800,10/GPU/h,768 GB\n";
  g_autoptr(CpQuoteCsvResult) r = read_ok (csv);
  g_autoptr(CpQuoteCsvResult) e = read_ok (english);

  g_assert_cmpuint (r->quotes->len, ==, 3);
  g_assert_cmpfloat (quote_at (r, 0)->host_memory_per_node_bytes, ==, 512 * 1073741824.0);
  g_assert_cmpfloat (quote_at (r, 1)->host_memory_per_node_bytes, ==, 2 * 1099511627776.0);
  g_assert_cmpfloat (quote_at (r, 2)->host_memory_per_node_bytes, ==, 1.5 * 1099511627776.0);
  g_assert_cmpuint (r->errors->len, ==, 1);
  g_assert_nonnull (strstr (error_at (r, 0), "内存"));
  g_assert_nonnull (strstr (error_at (r, 0), "很多"));

  g_assert_cmpuint (e->errors->len, ==, 0);
  g_assert_cmpfloat (quote_at (e, 0)->host_memory_per_node_bytes, ==, 1024 * 1073741824.0);
  g_assert_cmpfloat (quote_at (e, 1)->host_memory_per_node_bytes, ==, 768 * 1073741824.0);
}

/* An offer's last day is the last day its price holds: on 3 December
 * 2026, one valid until the 2nd has passed, one until the 3rd has not. */
static void
test_validity_has_passed (void)
{
  GDate today;

  g_date_clear (&today, 1);
  g_date_set_dmy (&today, 3, G_DATE_DECEMBER, 2026);
  g_assert_true (cp_quote_validity_has_passed ("2026-12-02", &today));
  g_assert_true (cp_quote_validity_has_passed ("2025-12-31", &today));
  g_assert_false (cp_quote_validity_has_passed ("2026-12-03", &today));
  g_assert_false (cp_quote_validity_has_passed ("2026-12-04", &today));
  g_assert_false (cp_quote_validity_has_passed (NULL, &today));
  g_assert_false (cp_quote_validity_has_passed ("", &today));
  g_assert_false (cp_quote_validity_has_passed ("2026-02-30", &today));
}

/* A quote whose validity has passed is imported, with a warning on its
 * row naming the date; one valid until far ahead, or stating none, has
 * none. (2020-06-30 has passed on any day this test runs.) */
static void
test_expired_offer_warned (void)
{
  g_autoptr(CpQuoteCsvResult) r = read_ok ("gpu,gpus per node,price,valid until\n"
                                           "a800,8,10 元/卡/时,2020-06-30\n"
                                           "a800,8,11 元/卡/时,2999-12-31\n"
                                           "a800,8,12 元/卡/时,\n");
  const CpQuoteCsvRow *expired = g_ptr_array_index (r->rows, 0);

  g_assert_cmpuint (r->quotes->len, ==, 3);
  g_assert_cmpstr (quote_at (r, 0)->valid_until, ==, "2020-06-30");
  g_assert_cmpint (expired->line, ==, 2);
  g_assert_cmpint (expired->quote_index, ==, 0);
  g_assert_cmpuint (expired->warnings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (expired->warnings, 0), ==,
                   "the offer expired on 2020-06-30: ask the vendor for a new quote before relying on its price");
  for (guint i = 1; i < 3; i++)
    g_assert_cmpuint (((const CpQuoteCsvRow *) g_ptr_array_index (r->rows, i))->warnings->len, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/quote-csv/chinese-bom-crlf", test_chinese_bom_crlf);
  g_test_add_func ("/quote-csv/price-units", test_price_units);
  g_test_add_func ("/quote-csv/price-unit-column-and-header", test_price_unit_column_and_header);
  g_test_add_func ("/quote-csv/bad-lines", test_bad_lines);
  g_test_add_func ("/quote-csv/empty-file", test_empty_file);
  g_test_add_func ("/quote-csv/header-only", test_header_only);
  g_test_add_func ("/quote-csv/nul-byte", test_nul_byte);
  g_test_add_func ("/quote-csv/missing-and-duplicate-columns", test_missing_and_duplicate_columns);
  g_test_add_func ("/quote-csv/unclosed-quote-and-extra-fields", test_unclosed_quote_and_extra_fields);
  g_test_add_func ("/quote-csv/gpu-names", test_gpu_names);
  g_test_add_func ("/quote-csv/gb18030", test_gb18030);
  g_test_add_func ("/quote-csv/round-trip", test_round_trip);
  g_test_add_func ("/quote-csv/vat-round-trip", test_vat_round_trip);
  g_test_add_func ("/quote-csv/host-memory", test_host_memory);
  g_test_add_func ("/quote-csv/add-to-project", test_add_to_project);
  g_test_add_func ("/quote-csv/validity-has-passed", test_validity_has_passed);
  g_test_add_func ("/quote-csv/expired-offer-warned", test_expired_offer_warned);
  g_test_add_func ("/quote-csv/offer-names-cluster", test_offer_names_cluster);
  return g_test_run ();
}
