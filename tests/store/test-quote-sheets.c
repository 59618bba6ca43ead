/* test-quote-sheets.c: vendor sheets as vendors write them (issue 14).
 *
 * Each sheet in tests/store/sheets/ was written for these tests in one
 * dialect: Chinese headers with a separate billing-unit column (the
 * issue's six rows), English headers with "$", "/GPU/h" and "/node/month",
 * a GBK tab-separated file, units in the header, and the walkthrough's
 * counts, GPU names and storage ("8卡", "A100 40G PCIe", "并行文件系统
 * 50TB") with prices of 0 or none (imported as incomplete). Every row must import
 * with the price per GPU-hour computed here by hand (730 h a month, the
 * default setting), the network, the sharing and the minimum term.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "store/cp-quote-csv.h"
#include "store/cp-quote-tax.h"

typedef struct {
  const char   *gpu_id;
  guint         gpus_per_node;
  guint         nodes;
  const char   *link_id;
  double        per_gpu_hour;
  CpNetworkKind network;
  guint         nics;
  double        nic_gbps;
  CpSharing     sharing;
  double        share_factor;
  double        minimum_term_h;
} Expected;

static CpQuoteCsvResult *
read_sheet (const char *name, CpProject *project)
{
  g_autofree char *path = g_build_filename (SHEETS_DIR, name, NULL);
  g_autoptr(GError) error = NULL;
  CpQuoteCsvResult *result = cp_quote_csv_read_file (path, project, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  return result;
}

static void
assert_rows (const CpQuoteCsvResult *r, const CpProject *project, const Expected *expected, guint n)
{
  for (guint i = 0; i < r->errors->len; i++)
    g_test_message ("%s", ((const CpCsvLineError *) g_ptr_array_index (r->errors, i))->message);
  g_assert_cmpuint (r->errors->len, ==, 0);
  g_assert_cmpuint (r->rows->len, ==, n);
  g_assert_cmpuint (r->quotes->len, ==, n);

  for (guint i = 0; i < n; i++)
    {
      const CpQuote *q = g_ptr_array_index (r->quotes, i);
      const Expected *e = &expected[i];
      const CpQuoteCsvRow *row = g_ptr_array_index (r->rows, i);

      g_test_message ("row %u (line %u)", i, row->line);
      g_assert_cmpint (row->quote_index, ==, (int) i);
      g_assert_cmpstr (q->gpu.id, ==, e->gpu_id);
      g_assert_cmpuint (q->gpus_per_node, ==, e->gpus_per_node);
      g_assert_cmpuint (q->nodes_available, ==, e->nodes);
      g_assert_cmpstr (q->intra_link.id, ==, e->link_id);
      g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings),
                                      e->per_gpu_hour, 1e-9 * e->per_gpu_hour);
      g_assert_cmpint (q->network, ==, e->network);
      if (e->network != CP_NETWORK_NONE)
        {
          g_assert_cmpuint (q->nics_per_node, ==, e->nics);
          g_assert_cmpfloat (q->nic_gbps, ==, e->nic_gbps);
        }
      g_assert_cmpint (q->sharing, ==, e->sharing);
      g_assert_cmpfloat_with_epsilon (q->share_factor, e->share_factor, 1e-12);
      g_assert_cmpfloat (q->minimum_term_h, ==, e->minimum_term_h);
    }
}

/* The issue's sheet: 0 of 6 rows imported before. */
static void
test_issue_six_rows (void)
{
  static const Expected expected[] = {
    /* 68,000 元/台/月 ÷ 730 h ÷ 8 GPUs = 11.6438… 元 per GPU-hour; 1个月 = 730 h */
    { "a800", 8, 4, "nvlink-a800", 68000.0 / 730 / 8, CP_NETWORK_ROCE, 4, 200,
      CP_SHARING_DEDICATED, 0, 730 },
    /* 2,400 元/台/天 ÷ 24 h ÷ 8 GPUs = 12.5; "NVSwitch" is the H800's NVLink */
    { "h800", 8, 16, "nvlink-h800", 2400.0 / 24 / 8, CP_NETWORK_INFINIBAND, 8, 400,
      CP_SHARING_DEDICATED, 0, 24 },
    { "rtx4090", 8, 1, "pcie-gen4", 2.1, CP_NETWORK_NONE, 0, 0, CP_SHARING_UNKNOWN, 0, 1 },
    /* 共享 with 收敛比 1:4 in the notes: a quarter of the line rate; 3个月 = 3 × 730 h */
    { "h20", 8, 8, "nvlink4-h20", 9.8, CP_NETWORK_ROCE, 2, 100, CP_SHARING_SHARED, 0.25, 2190 },
    /* 45,000 元/台·月 ÷ 730 ÷ 8 = 7.7054…; 25GbE names no card count: one */
    { "ascend-910b", 8, 2, "hccs-910b", 45000.0 / 730 / 8, CP_NETWORK_ETHERNET, 1, 25,
      CP_SHARING_SHARED, 0, 730 },
    /* 1,560 元/台/天 ÷ 24 ÷ 8 = 8.125 */
    { "l20", 8, 1, "pcie-gen4", 1560.0 / 24 / 8, CP_NETWORK_NONE, 0, 0, CP_SHARING_UNKNOWN, 0, 24 },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_sheet ("issue-six-rows.csv", project);
  const CpQuote *b;
  const CpQuoteCsvRow *row;
  gboolean said_day = FALSE;

  assert_rows (r, project, expected, G_N_ELEMENTS (expected));

  /* The per-day price is kept as the vendor wrote it, and the conversion said. */
  b = g_ptr_array_index (r->quotes, 1);
  g_assert_cmpint (b->price_unit, ==, CP_PRICE_PER_NODE_HOUR);
  g_assert_cmpfloat (b->price, ==, 100);
  g_assert_nonnull (strstr (b->notes, "2,400 元/台/天"));
  row = g_ptr_array_index (r->rows, 1);
  for (guint i = 0; i < row->assumptions->len; i++)
    said_day |= strstr (g_ptr_array_index (row->assumptions, i), "24 hours") != NULL;
  g_assert_true (said_day);
  /* A month stays a node-month, so the project's hours per month apply. */
  g_assert_cmpint (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->price_unit, ==,
                   CP_PRICE_PER_NODE_MONTH);
  g_assert_cmpfloat (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->price, ==, 68000);
}

/* The walkthrough's dialect: counts in a "配置" column ("8卡", "8*H100",
 * "8 x A100"), GPU names with maker, memory and form ("NVIDIA H800 SXM5",
 * "A100 40G PCIe"), storage with its size, and prices of 0 or none. */
static void
test_vendor_wording (void)
{
  static const struct {
    const char   *gpu_id;
    guint         gpus_per_node;
    guint         nodes;
    const char   *link_id;
    double        per_gpu_hour;   /* 0: no price, imported as incomplete */
    CpStorageKind storage;
  } expected[] = {
    /* ¥36,500 包月 ÷ 730 h ÷ 8 GPUs = 6.25 */
    { "h800", 8, 2, "nvlink-h800", 36500.0 / 730 / 8, CP_STORAGE_PARALLEL_FS },
    /* "H100" alone: the SXM part; 28元 卡时 is per GPU-hour */
    { "h100-sxm", 8, 1, "nvlink4-h100", 28, CP_STORAGE_NETWORK_DISK },
    /* No A100 40GB PCIe in the catalogue: the 40GB SXM4 part, over PCIe 4.0 */
    { "a100-40g", 8, 16, "pcie-gen4", 0, CP_STORAGE_NAS },
    { "h100-sxm", 8, 4, "nvlink4-h100", 9.9, CP_STORAGE_LOCAL_NVME },
    { "rtx4090", 8, 1, "pcie-gen4", 0, CP_STORAGE_LOCAL_NVME },
    /* 5.84万 元/台/月 = 58,400 ÷ 730 ÷ 8 = 10; the catalogue has this PCIe part */
    { "h100-pcie", 8, 1, "pcie-gen5", 58400.0 / 730 / 8, CP_STORAGE_UNKNOWN },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_sheet ("vendor-wording.csv", project);
  g_autoptr(CpQuoteSheet) sheet = NULL;
  g_autofree char *path = g_build_filename (SHEETS_DIR, "vendor-wording.csv", NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < r->errors->len; i++)
    g_test_message ("%s", ((const CpCsvLineError *) g_ptr_array_index (r->errors, i))->message);
  g_assert_cmpuint (r->errors->len, ==, 0);
  g_assert_cmpuint (r->quotes->len, ==, G_N_ELEMENTS (expected));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const CpQuoteCsvRow *row = g_ptr_array_index (r->rows, i);
      const CpQuote *q;

      g_test_message ("line %u", row->line);
      g_assert_cmpint (row->quote_index, ==, (int) i);
      q = g_ptr_array_index (r->quotes, i);
      g_assert_cmpstr (q->gpu.id, ==, expected[i].gpu_id);
      g_assert_cmpuint (q->gpus_per_node, ==, expected[i].gpus_per_node);
      g_assert_cmpuint (q->nodes_available, ==, expected[i].nodes);
      g_assert_cmpstr (q->intra_link.id, ==, expected[i].link_id);
      g_assert_cmpint (q->storage, ==, expected[i].storage);
      if (expected[i].per_gpu_hour > 0)
        {
          g_assert_cmpuint (row->incomplete->len, ==, 0);
          g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings),
                                          expected[i].per_gpu_hour, 1e-9 * expected[i].per_gpu_hour);
        }
      else
        {
          /* Imported, said to lack its price, and left out of plans. */
          g_assert_cmpuint (row->incomplete->len, ==, 1);
          g_assert_nonnull (strstr (g_ptr_array_index (row->incomplete, 0), "no price"));
          g_assert_cmpfloat (q->price, ==, 0);
          g_assert_true ((cp_quote_get_missing (q) & CP_QUOTE_MISSING_PRICE) != 0);
        }
    }

  /* The networks as written: RoCE 2×200G, none, IB HDR 200G ×4, IB NDR 400G×8. */
  g_assert_cmpint (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpuint (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->nics_per_node, ==, 2);
  g_assert_cmpint (((const CpQuote *) g_ptr_array_index (r->quotes, 1))->network, ==, CP_NETWORK_NONE);
  g_assert_cmpint (((const CpQuote *) g_ptr_array_index (r->quotes, 2))->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpuint (((const CpQuote *) g_ptr_array_index (r->quotes, 2))->nics_per_node, ==, 4);
  g_assert_cmpfloat (((const CpQuote *) g_ptr_array_index (r->quotes, 2))->nic_gbps, ==, 200);
  g_assert_cmpuint (((const CpQuote *) g_ptr_array_index (r->quotes, 3))->nics_per_node, ==, 8);
  g_assert_cmpfloat (((const CpQuote *) g_ptr_array_index (r->quotes, 3))->nic_gbps, ==, 400);
  /* The storage size has no field: kept in the notes, and said. */
  g_assert_nonnull (strstr (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->notes, "并行文件系统 50TB"));

  /* "配置" holds counts only here, so the guess reads it as GPUs per node. */
  sheet = cp_quote_sheet_new_from_file (path, project, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cp_quote_sheet_get_header (sheet, 2), ==, "配置");
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 2), ==, CP_QUOTE_COLUMN_GPUS_PER_NODE);
}

/* Where "配置" names the offer, it stays the offer; a count cell that names
 * another GPU than the GPU column is a problem of the row. */
static void
test_offer_not_count (void)
{
  static const char csv[] =
    "供应商,GPU型号,配置,每节点卡数,价格\n"
    "A,A800,8×A800 80GB 整机托管,8,6.5元/卡/时\n"
    "B,A800,A800 集群,8*H100,6.5元/卡/时\n"
    "C,,H20 单机,8卡 H20,6.5元/卡/时\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (csv, strlen (csv), NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (r->rows->len, ==, 3);
  g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->offer_name, ==,
                   "8×A800 80GB 整机托管");
  g_assert_cmpint (((const CpQuoteCsvRow *) g_ptr_array_index (r->rows, 1))->quote_index, ==, -1);
  g_assert_nonnull (strstr (g_ptr_array_index (((const CpQuoteCsvRow *) g_ptr_array_index (r->rows, 1))->problems, 0),
                            "H100"));
  /* The GPU column empty: the count cell's GPU is the row's. */
  g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 1))->gpu.id, ==, "h20");
}

static void
test_english_dialect (void)
{
  static const Expected expected[] = {
    { "h100-sxm", 8, 32, "nvlink4-h100", 2.49, CP_NETWORK_INFINIBAND, 8, 400,
      CP_SHARING_DEDICATED, 0, 730 },
    /* 12,000 USD/node/month ÷ 730 ÷ 8 = 2.0547…; 3 months = 2190 h */
    { "a100-80g", 8, 1, "nvlink3-a100", 12000.0 / 730 / 8, CP_NETWORK_NONE, 0, 0,
      CP_SHARING_UNKNOWN, 0, 2190 },
    /* "shared" and "oversubscribed 1:2" in the remarks; 1 week = 168 h */
    { "h20", 8, 4, "nvlink4-h20", 18.5, CP_NETWORK_ROCE, 4, 200, CP_SHARING_SHARED, 0.5, 168 },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_sheet ("english-dialect.csv", project);

  assert_rows (r, project, expected, G_N_ELEMENTS (expected));
  g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->currency, ==, "USD");
  g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 1))->currency, ==, "USD");
  g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 2))->currency, ==, "CNY");
}

/* GBK, tabs, CRLF, 单节点卡数 / 可用节点数 / 计费方式 / 带宽类型 / 起租. */
static void
test_gbk_tabs (void)
{
  static const Expected expected[] = {
    /* 96,000 元/台/月 ÷ 730 ÷ 8 = 16.438…; "IB HDR" alone: HDR's 200 Gb/s, one card */
    { "h800", 8, 2, "nvlink-h800", 96000.0 / 730 / 8, CP_NETWORK_INFINIBAND, 1, 200,
      CP_SHARING_DEDICATED, 0, 730 },
    /* 15 元/台/小时 ÷ 8 = 1.875 */
    { "rtx4090", 8, 1, "pcie-gen4", 15.0 / 8, CP_NETWORK_NONE, 0, 0, CP_SHARING_UNKNOWN, 0, 1 },
    /* 1.2万 元/台/月 = 12,000 ÷ 730 ÷ 8 */
    { "ascend-910b", 8, 4, "hccs-910b", 12000.0 / 730 / 8, CP_NETWORK_ROCE, 8, 200,
      CP_SHARING_SHARED, 0, 2190 },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  g_autofree char *path = g_build_filename (SHEETS_DIR, "gbk-tabs.csv", NULL);
  g_autofree char *data = NULL;
  g_autoptr(CpQuoteCsvResult) r = NULL;

  /* The file really is GBK, not UTF-8. */
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  g_assert_false (g_utf8_validate (data, -1, NULL));

  r = read_sheet ("gbk-tabs.csv", project);
  assert_rows (r, project, expected, G_N_ELEMENTS (expected));
}

/* Excel's "Unicode text": UTF-16LE with a BOM, tab-separated. */
static void
test_utf16 (void)
{
  static const char utf8[] = "供应商\t显卡\t单机卡数\t价格\r\n示例\tH20\t8\t5.5元/卡/时\r\n";
  gsize len = 0;
  g_autofree char *utf16 = g_convert (utf8, -1, "UTF-16LE", "UTF-8", NULL, &len, NULL);
  g_autofree char *data = g_malloc (len + 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) r = NULL;

  data[0] = (char) 0xff;
  data[1] = (char) 0xfe;
  memcpy (data + 2, utf16, len);
  r = cp_quote_csv_read (data, len + 2, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->quotes->len, ==, 1);
  g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->vendor, ==, "示例");
  g_assert_cmpfloat (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->price, ==, 5.5);
}

/* The unit in the header, the count in the GPU cell, 一个月. */
static void
test_units_in_header (void)
{
  static const Expected expected[] = {
    { "h800", 8, 1, "nvlink-h800", 9.5, CP_NETWORK_INFINIBAND, 1, 400, CP_SHARING_UNKNOWN, 0, 24 },
    { "a800", 8, 1, "nvlink-a800", 6.8, CP_NETWORK_ETHERNET, 1, 25, CP_SHARING_DEDICATED, 0, 1 },
    { "h20", 8, 1, "nvlink4-h20", 5.2, CP_NETWORK_NONE, 0, 0, CP_SHARING_UNKNOWN, 0, 730 },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_sheet ("price-in-header.csv", project);

  assert_rows (r, project, expected, G_N_ELEMENTS (expected));
}

/* Hours per month is the project's: 720 makes 68,000 元/台/月 9.4444… */
static void
test_project_hours_per_month (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = NULL;
  const CpQuote *a;

  project->settings.hours_per_month = 720;
  r = read_sheet ("issue-six-rows.csv", project);
  a = g_ptr_array_index (r->quotes, 0);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (a, &project->settings),
                                  68000.0 / 720 / 8, 1e-9);
  g_assert_cmpfloat (a->minimum_term_h, ==, 720);
}

/* The preview's mapping: a column is remapped and the rows read again;
 * the project is untouched until the quotes are added. */
static void
test_mapping (void)
{
  static const char csv[] =
    "型号,卡,月租,颜色\n"
    "A800,8,\"68,000 元/台/月\",红\n";
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (csv, strlen (csv), project, &error);
  g_autoptr(CpQuoteCsvResult) before = NULL;
  g_autoptr(CpQuoteCsvResult) after = NULL;
  const CpQuoteCsvRow *row;
  int field;

  g_assert_no_error (error);
  g_assert_cmpuint (cp_quote_sheet_get_n_columns (sheet), ==, 4);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 0), ==, CP_QUOTE_COLUMN_GPU);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 2), ==, CP_QUOTE_COLUMN_PRICE);
  g_assert_cmpstr (cp_quote_sheet_get_header (sheet, 1), ==, "卡");
  g_assert_null (cp_quote_sheet_get_evidence (sheet, 0));

  /* "卡" is not a header the importer knows; its one cell, 8, is a GPU
   * count, and the guess says so. */
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 1), ==, CP_QUOTE_COLUMN_GPUS_PER_NODE);
  g_assert_cmpstr (cp_quote_sheet_get_evidence (sheet, 1), ==, "1 of 1 cells are GPU counts");
  /* "红" reads as nothing. */
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 3), ==, CP_QUOTE_COLUMN_UNUSED);

  /* Unmapped by the user, it is no guess any more: the row has no GPU count. */
  cp_quote_sheet_set_field (sheet, 1, CP_QUOTE_COLUMN_UNUSED);
  g_assert_null (cp_quote_sheet_get_evidence (sheet, 1));
  before = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  row = g_ptr_array_index (before->rows, 0);
  g_assert_cmpint (row->quote_index, ==, -1);
  g_assert_cmpuint (row->problems->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (row->problems, 0), "GPUs-per-node"));

  g_assert_true (cp_quote_column_from_name ("gpus per node", &field));
  cp_quote_sheet_set_field (sheet, 1, field);
  after = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  row = g_ptr_array_index (after->rows, 0);
  g_assert_cmpint (row->quote_index, ==, 0);
  g_assert_cmpuint (project->quotes->len, ==, 0);
  g_assert_cmpuint (cp_quote_csv_add_to_project (after, project), ==, 1);
  g_assert_cmpuint (project->quotes->len, ==, 1);

  /* One field, one column: mapping the price elsewhere unmaps the old one. */
  cp_quote_sheet_set_field (sheet, 3, CP_QUOTE_COLUMN_PRICE);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 2), ==, CP_QUOTE_COLUMN_UNUSED);
  g_assert_false (cp_quote_column_from_name ("colour", &field));
}

/* Links as vendors write them, resolved through the row's GPU. */
static void
test_links (void)
{
  static const char csv[] =
    "gpu,gpus per node,price,卡间互联\n"
    "H100 SXM,8,1/GPU/h,NVLink\n"
    "H100 PCIe,8,1/GPU/h,PCIe Gen5\n"
    "A100 80GB,8,1/GPU/h,NVSwitch\n"
    "910B,8,1/GPU/h,HCCS\n"
    "4090,8,1/GPU/h,PCIe 4.0\n"
    "4090,8,1/GPU/h,NVLink\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (csv, strlen (csv), NULL, &error);
  static const char * const links[] = {
    "nvlink4-h100", "pcie-gen5", "nvlink3-a100", "hccs-910b", "pcie-gen4",
  };

  g_assert_no_error (error);
  g_assert_cmpuint (r->quotes->len, ==, G_N_ELEMENTS (links));
  for (guint i = 0; i < G_N_ELEMENTS (links); i++)
    g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, i))->intra_link.id, ==, links[i]);
  /* An RTX 4090 has no NVLink: said, with the line. */
  g_assert_cmpuint (r->errors->len, ==, 1);
  g_assert_true (g_str_has_prefix (((const CpCsvLineError *) g_ptr_array_index (r->errors, 0))->message,
                                   "line 7: "));
}

/* Networks written every way the issue lists. */
static void
test_networks (void)
{
  static const struct {
    const char *text; CpNetworkKind kind; guint nics; double gbps;
  } cases[] = {
    { "RoCE v2 2×100G", CP_NETWORK_ROCE, 2, 100 },
    { "IB NDR 400G×8", CP_NETWORK_INFINIBAND, 8, 400 },
    { "InfiniBand 8×400Gb/s", CP_NETWORK_INFINIBAND, 8, 400 },
    { "RoCE 4×200Gb/s", CP_NETWORK_ROCE, 4, 200 },
    { "25GbE", CP_NETWORK_ETHERNET, 1, 25 },
    { "4*200G RoCE", CP_NETWORK_ROCE, 4, 200 },
    { "无", CP_NETWORK_NONE, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *csv = g_strdup_printf ("gpu,gpus per node,nodes,price,网络\n"
                                              "H800,8,2,1/GPU/h,%s\n", cases[i].text);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (csv, strlen (csv), NULL, &error);
      const CpQuote *q;

      g_test_message ("%s", cases[i].text);
      g_assert_no_error (error);
      g_assert_cmpuint (r->quotes->len, ==, 1);
      q = g_ptr_array_index (r->quotes, 0);
      /* Two nodes without a network: two single machines, complete. */
      g_assert_true (cp_quote_is_separate_machines (q) == (cases[i].kind == CP_NETWORK_NONE));
      g_assert_cmpuint (((CpQuoteCsvRow *) g_ptr_array_index (r->rows, 0))->incomplete->len, ==, 0);
      g_assert_cmpint (q->network, ==, cases[i].kind);
      g_assert_cmpuint (q->nics_per_node, ==, cases[i].nics);
      g_assert_cmpfloat (q->nic_gbps, ==, cases[i].gbps);
    }
}

/* Yes and no: in the sharing column an answer, in the network column "no
 * network". */
static void
test_yes_and_no (void)
{
  static const char csv[] =
    "gpu,gpus per node,price,network,是否独享\n"
    "H800,8,1/GPU/h,no,\n"
    "H800,8,1/GPU/h,RoCE 8×200G,是\n"
    "H800,8,1/GPU/h,RoCE 8×200G,否\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (csv, strlen (csv), NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (r->quotes->len, ==, 3);
  g_assert_cmpint (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->network, ==, CP_NETWORK_NONE);
  g_assert_cmpint (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->sharing, ==, CP_SHARING_UNKNOWN);
  g_assert_cmpint (((const CpQuote *) g_ptr_array_index (r->quotes, 1))->sharing, ==, CP_SHARING_DEDICATED);
  g_assert_cmpint (((const CpQuote *) g_ptr_array_index (r->quotes, 2))->sharing, ==, CP_SHARING_SHARED);
}

/* Minimum terms as vendors write them. */
static void
test_minimum_terms (void)
{
  static const struct { const char *text; double hours; } cases[] = {
    { "1小时", 1 }, { "1天", 24 }, { "1个月", 730 }, { "3个月", 3 * 730 }, { "三个月", 3 * 730 },
    { "按月", 730 }, { "包月", 730 }, { "1个月起", 730 }, { "至少1周", 168 }, { "72h", 72 },
    { "1 month", 730 }, { "3 months", 3 * 730 }, { "2 weeks", 336 }, { "1年", 12 * 730 }, { "无", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *csv = g_strdup_printf ("gpu,gpus per node,price,最短租期\nH20,8,1/GPU/h,%s\n",
                                              cases[i].text);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (csv, strlen (csv), NULL, &error);

      g_test_message ("%s", cases[i].text);
      g_assert_no_error (error);
      g_assert_cmpuint (r->quotes->len, ==, 1);
      g_assert_cmpfloat (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->minimum_term_h, ==,
                         cases[i].hours);
    }
}

/* A price by the period with no minimum term stated is billed at least
 * that period: a month is the project's hours per month (720 here), a
 * day 24 h, a week 168 h; the row says so. A stated term is kept. */
static void
test_minimum_term_from_price_period (void)
{
  static const struct {
    const char *csv; double hours; const char *assumed;
  } cases[] = {
    { "gpu,gpus per node,price\nH20,8,58400 元/台/月\n", 720, "one month" },
    { "gpu,gpus per node,price\nH20,8,58400/node/month\n", 720, "one month" },
    { "gpu,gpus per node,price,price unit\nH20,8,58400,包月\n", 720, "one month" },
    { "gpu,gpus per node,price\nH20,8,7300 元/卡/月\n", 720, "one month" },
    { "gpu,gpus per node,price\nH20,8,480 元/台/天\n", 24, "one day" },
    { "gpu,gpus per node,price\nH20,8,3360/node/week\n", 168, "one week" },
    { "gpu,gpus per node,price\nH20,8,700800 元/台/年\n", 12 * 720, "one year" },
    /* An empty cell of a minimum-term column states nothing either. */
    { "gpu,gpus per node,price,最短租期\nH20,8,58400 元/台/月,\n", 720, "one month" },
    /* Stated terms stay as stated, even "none". */
    { "gpu,gpus per node,price,最短租期\nH20,8,58400 元/台/月,72h\n", 72, NULL },
    /* "None" with a monthly price: nothing written, the month billed by
     * the rule all front doors share (cp_quote_minimum_term_h()). */
    { "gpu,gpus per node,price,最短租期\nH20,8,58400 元/台/月,无\n", 720, NULL },
    { "gpu,gpus per node,price,最短租期\nH20,8,480 元/台/天,无\n", 0, NULL },
    /* An hourly price has no period to bill. */
    { "gpu,gpus per node,price\nH20,8,2.5 元/卡/小时\n", 0, NULL },
  };
  g_autoptr(CpProject) project = cp_project_new ();

  project->settings.hours_per_month = 720;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (cases[i].csv, strlen (cases[i].csv),
                                                         project, &error);
      const CpQuoteCsvRow *row;
      guint said = 0;

      g_test_message ("%s", cases[i].csv);
      g_assert_no_error (error);
      g_assert_cmpuint (r->quotes->len, ==, 1);
      /* The term billed; a month's is the rule's, never written as 720 h. */
      g_assert_cmpfloat (cp_quote_minimum_term_h (g_ptr_array_index (r->quotes, 0), &project->settings), ==,
                         cases[i].hours);
      if (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->price_unit == CP_PRICE_PER_NODE_MONTH &&
          cases[i].hours == 720)
        g_assert_cmpfloat (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->minimum_term_h, ==, 0);
      row = g_ptr_array_index (r->rows, 0);
      for (guint a = 0; a < row->assumptions->len; a++)
        {
          const char *text = g_ptr_array_index (row->assumptions, a);
          if (g_str_has_prefix (text, "minimum term: "))
            {
              said++;
              g_assert_nonnull (cases[i].assumed);
              g_assert_nonnull (strstr (text, cases[i].assumed));
              g_assert_nonnull (strstr (text, "not stated"));
            }
        }
      g_assert_cmpuint (said, ==, cases[i].assumed ? 1 : 0);
    }
}

/* Price units as vendors write them, in the cell or in their own column. */
static void
test_price_units (void)
{
  static const struct { const char *price; const char *unit; double per_gpu_hour; } cases[] = {
    { "2.5", "元/卡/小时", 2.5 }, { "2.5", "元/卡/时", 2.5 }, { "20", "元/台/小时", 20.0 / 8 },
    { "480", "元/台/天", 480.0 / 24 / 8 }, { "58400", "元/台/月", 58400.0 / 730 / 8 },
    { "58400", "元/台·月", 58400.0 / 730 / 8 }, { "2.5", "¥/GPU/h", 2.5 },
    { "58400", "/node/month", 58400.0 / 730 / 8 }, { "7300", "元/卡/月", 7300.0 / 730 },
    { "2.5", "按卡时", 2.5 }, { "58400", "包月", 58400.0 / 730 / 8 },
    { "700800", "元/台/年", 700800.0 / 12 / 730 / 8 }, { "2.5 元/卡/时", "", 2.5 },
    { "¥480/台/天", "", 480.0 / 24 / 8 }, { "2.5 USD per GPU-hour", "", 2.5 },
    { "5.84万/台/月", "", 58400.0 / 730 / 8 },
    /* The forms the quote form reads, the same cases as its test
     * (test_window_quote_units): week, 卡时/台时, per card-day. */
    { "16464元/台/周", "", 98.0 / 8 }, { "2058", "元/卡/周", 2058.0 / 168 }, { "98 元/台时", "", 98.0 / 8 },
    { "12.25元/卡时", "", 12.25 }, { "294元/卡/天", "", 294.0 / 24 }, { "2352元每台每天", "", 98.0 / 8 },
    { "\"25,000 CNY/node/month\"", "", 25000.0 / 730 / 8 }, { "¥12.25/GPU/h", "", 12.25 },
    { "6.8万", "元/台/月", 68000.0 / 730 / 8 },
  };
  CpSettings settings;

  cp_settings_init (&settings);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *csv = g_strdup_printf ("gpu,gpus per node,price,计费单位\nH20,8,%s,%s\n",
                                              cases[i].price, cases[i].unit);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (csv, strlen (csv), NULL, &error);

      g_test_message ("%s %s", cases[i].price, cases[i].unit);
      g_assert_no_error (error);
      for (guint e = 0; e < r->errors->len; e++)
        g_test_message ("%s", ((const CpCsvLineError *) g_ptr_array_index (r->errors, e))->message);
      g_assert_cmpuint (r->quotes->len, ==, 1);
      g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (r->quotes, 0), &settings),
                                      cases[i].per_gpu_hour, 1e-9 * cases[i].per_gpu_hour);
    }
}

/* Counts and terms in the words the form reads: "8 GPUs", "八卡", "2台",
 * "4 nodes"; "两周", "2w", "3 months". */
static void
test_counts_and_terms (void)
{
  static const struct { const char *gpus; const char *nodes; const char *term; guint gpn; guint n; double term_h; } cases[] = {
    { "8 GPUs", "2台", "两周", 8, 2, 336 },
    { "八卡", "4 nodes", "2w", 8, 4, 336 },
    { "4卡", "两台", "3 months", 4, 2, 3 * 730 },
    { "8张", "3 machines", "3个月", 8, 3, 3 * 730 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *csv = g_strdup_printf ("gpu,gpus per node,nodes,network,price,最短租期\n"
                                              "H20,%s,%s,无,2.5 元/卡/时,%s\n", cases[i].gpus, cases[i].nodes,
                                              cases[i].term);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (csv, strlen (csv), NULL, &error);
      const CpQuote *q;

      g_test_message ("%s", csv);
      g_assert_no_error (error);
      g_assert_cmpuint (r->errors->len, ==, 0);
      q = g_ptr_array_index (r->quotes, 0);
      g_assert_cmpuint (q->gpus_per_node, ==, cases[i].gpn);
      g_assert_cmpuint (q->nodes_available, ==, cases[i].n);
      g_assert_cmpfloat (q->minimum_term_h, ==, cases[i].term_h);
    }
  {
    /* "8台" is no GPU count: refused, naming the cell. */
    static const char csv[] = "gpu,gpus per node,price\nH20,8台,2.5 元/卡/时\n";
    g_autoptr(GError) error = NULL;
    g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (csv, strlen (csv), NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (r->quotes->len, ==, 0);
    g_assert_nonnull (strstr (((const CpCsvLineError *) g_ptr_array_index (r->errors, 0))->message, "“8台”"));
  }
}

/* The issue's "本地IDC, 2 × 8×4090, network 无": the 机型 cell carries GPU
 * and count, 数量 the machines; imported complete, as two machines each
 * a single-machine option, 2352 a machine-day being 98 a machine-hour
 * billed a day at least. */
static void
test_separate_machines_sheet (void)
{
  static const char csv[] = "供应商,机型,数量,网络,单价\n本地IDC,8×4090,2台,无,2352元/台/天\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (csv, strlen (csv), NULL, &error);
  g_autoptr(CpQuoteCsvResult) r = NULL;
  const CpQuote *q;

  g_assert_no_error (error);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 1), ==, CP_QUOTE_COLUMN_GPU);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 2), ==, CP_QUOTE_COLUMN_NODES);
  r = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->quotes->len, ==, 1);
  q = g_ptr_array_index (r->quotes, 0);
  g_assert_cmpstr (q->gpu.id, ==, "rtx4090");
  g_assert_cmpuint (q->gpus_per_node, ==, 8);
  g_assert_cmpuint (q->nodes_available, ==, 2);
  g_assert_true (cp_quote_is_separate_machines (q));
  g_assert_cmpint (cp_quote_get_missing (q), ==, CP_QUOTE_MISSING_NONE);
  g_assert_cmpuint (((const CpQuoteCsvRow *) g_ptr_array_index (r->rows, 0))->incomplete->len, ==, 0);
  g_assert_cmpint (q->price_unit, ==, CP_PRICE_PER_NODE_HOUR);
  g_assert_cmpfloat (q->price, ==, 98);
  g_assert_cmpfloat (q->minimum_term_h, ==, 24);
}

/* Whether any of @row's assumptions (or, with @incomplete, what it
 * lacks) contains @words. */
static gboolean
row_says (const CpQuoteCsvRow *row, const char *words, gboolean incomplete)
{
  GPtrArray *said = incomplete ? row->incomplete : row->assumptions;

  for (guint i = 0; i < said->len; i++)
    if (strstr (g_ptr_array_index (said, i), words) != NULL)
      return TRUE;
  return FALSE;
}

/* A Shenzhen vendor's sheet as it arrives (GB18030, CRLF), which a team
 * lead trying the app had every row of refused (issue 23): a title row
 * naming the vendor, 配置 cells with CPU, RAM, GPUs, network and disks,
 * 数量 "8卡", 计费方式 "月付" beside a price with its own unit, terms and
 * tax in 备注, "待定" for a price and a footnote. */
static void
test_shenzhen_vendor (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_sheet ("shenzhen-gb18030.csv", project);
  const CpQuote *q;
  const CpQuoteCsvRow *row;

  for (guint i = 0; i < r->errors->len; i++)
    g_test_message ("%s", ((const CpCsvLineError *) g_ptr_array_index (r->errors, i))->message);
  g_assert_cmpuint (r->errors->len, ==, 0);
  g_assert_cmpuint (r->rows->len, ==, 4);
  g_assert_cmpuint (r->quotes->len, ==, 4);
  g_assert_cmpuint (r->notes->len, ==, 1);
  for (guint i = 0; i < r->quotes->len; i++)
    g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, i))->vendor, ==, "深圳星河云");

  /* "2×Intel 8468 / 2TB 内存 / 8×H800 80G / 4×400G IB", 数量 2: two
   * machines of 8 H800 with 2 TiB each and InfiniBand 4 × 400 Gb/s;
   * 12.25 元/卡/时 stays per GPU-hour whatever 计费方式 "月付" says, which
   * with 备注 "最低租期 1 个月" bills at least a month (730 h). */
  q = g_ptr_array_index (r->quotes, 0);
  row = g_ptr_array_index (r->rows, 0);
  g_assert_cmpuint (row->line, ==, 4);
  g_assert_cmpstr (q->gpu.id, ==, "h800");
  g_assert_cmpuint (q->gpus_per_node, ==, 8);
  g_assert_cmpuint (q->nodes_available, ==, 2);
  g_assert_cmpfloat (q->host_memory_per_node_bytes, ==, 2.0 * 1024 * 1024 * 1024 * 1024);
  g_assert_cmpint (q->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpuint (q->nics_per_node, ==, 4);
  g_assert_cmpfloat (q->nic_gbps, ==, 400);
  g_assert_cmpint (q->price_unit, ==, CP_PRICE_PER_GPU_HOUR);
  g_assert_cmpfloat (q->price, ==, 12.25);
  g_assert_cmpfloat (q->minimum_term_h, ==, 730);
  /* With VAT, the basis quotes are compared on: kept as written, in the
   * quote's fields, not as a note in the importing window's language. */
  g_assert_cmpint (q->vat_basis, ==, CP_VAT_BASIS_INCLUDED);
  g_assert_cmpfloat (q->vat_rate, ==, 0.06);
  g_assert_null (strstr (q->notes, "VAT"));
  g_assert_true (row_says (row, "the price includes VAT", FALSE));
  /* The sheet has no offer column: the vendor's 配置 names the quote, as
   * written (walk38: three quotes of one vendor read alike without it). */
  g_assert_cmpstr (q->offer_name, ==, "2×Intel 8468 / 2TB 内存 / 8×H800 80G / 4×400G IB");

  /* "8卡 H800 80G 单机", 数量 "8卡": one machine of 8 GPUs; 2.6万元/台/月
   * is 26,000 a machine-month, 26000 / 730 / 8 a GPU-hour; "起租 3 个月"
   * is 3 × 730 h. */
  q = g_ptr_array_index (r->quotes, 1);
  g_assert_cmpstr (q->gpu.id, ==, "h800");
  g_assert_cmpuint (q->gpus_per_node, ==, 8);
  g_assert_cmpuint (q->nodes_available, ==, 1);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings), 26000.0 / 730 / 8, 1e-9);
  g_assert_cmpfloat (q->minimum_term_h, ==, 3 * 730);
  /* "不含税" at no stated rate cannot be raised: said, as a question,
   * with the price and the rate the estimate adds (a bare machine's
   * lease, 13% by default). */
  g_assert_true (row_says (g_ptr_array_index (r->rows, 1), "不含税”: the price 26000 is without VAT and the rate is not "
                           "stated: compared with 13% VAT added", FALSE));

  /* "RTX 4090 24G / 2T SSD", price "待定": imported without a price
   * (incomplete, naming the cell), the disk kept in the notes. */
  q = g_ptr_array_index (r->quotes, 2);
  row = g_ptr_array_index (r->rows, 2);
  g_assert_cmpint (row->quote_index, ==, 2);
  g_assert_cmpstr (q->gpu.id, ==, "rtx4090");
  g_assert_cmpuint (q->gpus_per_node, ==, 8);
  g_assert_cmpuint (q->nodes_available, ==, 1);
  g_assert_cmpfloat (q->price, ==, 0);
  g_assert_true (row_says (row, "单价 is “待定”", TRUE));
  g_assert_cmpint (cp_quote_get_missing (q) & CP_QUOTE_MISSING_PRICE, !=, 0);
  g_assert_nonnull (strstr (q->notes, "2T SSD"));

  /* Four machines of 8 A800, 1.5 TiB, RoCE 2 × 200 Gb/s, 98 元 a
   * machine-hour (12.25 a GPU-hour), billed by the hour: no term. */
  q = g_ptr_array_index (r->quotes, 3);
  g_assert_cmpstr (q->gpu.id, ==, "a800");
  g_assert_cmpuint (q->gpus_per_node, ==, 8);
  g_assert_cmpuint (q->nodes_available, ==, 4);
  g_assert_cmpfloat (q->host_memory_per_node_bytes, ==, 1.5 * 1024 * 1024 * 1024 * 1024);
  g_assert_cmpint (q->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpuint (q->nics_per_node, ==, 2);
  g_assert_cmpfloat (q->nic_gbps, ==, 200);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings), 12.25, 1e-9);
  g_assert_cmpfloat (q->minimum_term_h, ==, 0);
  g_assert_cmpint (q->storage, ==, CP_STORAGE_LOCAL_NVME);
}

/* 数量 counts GPUs when it says so: "16卡" beside an 8-GPU machine is two
 * machines; "12卡" is no whole number of them, refused naming the cell. */
static void
test_quantity_in_gpus (void)
{
  static const char csv[] = "机型,数量,单价\n8×H800,16卡,12 元/卡/时\n8×H800,12卡,12 元/卡/时\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (csv, strlen (csv), NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (r->quotes->len, ==, 1);
  g_assert_cmpuint (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->nodes_available, ==, 2);
  g_assert_cmpuint (r->errors->len, ==, 1);
  g_assert_nonnull (strstr (((const CpCsvLineError *) g_ptr_array_index (r->errors, 0))->message, "数量 “12卡”"));
}

/* Price words vendors use instead of a price: each an incomplete quote. */
static void
test_price_on_request (void)
{
  static const char *const words[] = { "待定", "面议", "询价", "价格面议", "TBD" };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      g_autofree char *csv = g_strdup_printf ("机型,单价\n8×H20,%s\n", words[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (csv, strlen (csv), NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (r->errors->len, ==, 0);
      g_assert_cmpuint (r->quotes->len, ==, 1);
      g_assert_cmpuint (((const CpQuoteCsvRow *) g_ptr_array_index (r->rows, 0))->incomplete->len, ==, 1);
    }
}

/* A vendor's name from the title row, else from the file's name, and the
 * user's own above both; a vendor column wins over all. */
static void
test_vendor_from_title_and_file (void)
{
  static const char titled[] = "华南算力科技 GPU 报价单 2026-11\n机型,单价\n8×H20,6 元/卡/时\n";
  static const char untitled[] = "机型,单价\n8×H20,6 元/卡/时\n";
  static const char column[] = "XX云 GPU 报价单 2026-11\n供应商,机型,单价\n甲云,8×H20,6 元/卡/时\n";
  static const char about[] = "宝安云 智算资源报价（2026年12月）\n机型,单价\n8×H20,6 元/卡/时\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (titled, strlen (titled), NULL, &error);
  g_autoptr(CpQuoteCsvResult) r = NULL;
  g_autofree char *dir = g_dir_make_tmp ("quote-vendor-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "鹏城算力-报价-2026-11.csv", NULL);

  g_assert_no_error (error);
  g_assert_cmpstr (cp_quote_sheet_get_vendor (sheet), ==, "华南算力科技");
  r = cp_quote_sheet_read (sheet, &error);
  g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->vendor, ==, "华南算力科技");
  g_clear_pointer (&r, cp_quote_csv_result_free);

  cp_quote_sheet_set_vendor (sheet, "华南算力（深圳）");
  r = cp_quote_sheet_read (sheet, &error);
  g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->vendor, ==, "华南算力（深圳）");
  g_clear_pointer (&r, cp_quote_csv_result_free);
  g_clear_pointer (&sheet, cp_quote_sheet_free);

  g_assert_true (g_file_set_contents (path, untitled, -1, &error));
  sheet = cp_quote_sheet_new_from_file (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cp_quote_sheet_get_vendor (sheet), ==, "鹏城算力");
  g_clear_pointer (&sheet, cp_quote_sheet_free);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);

  /* After a Chinese name, a space: what follows is what the sheet is about. */
  sheet = cp_quote_sheet_new (about, strlen (about), NULL, &error);
  g_assert_cmpstr (cp_quote_sheet_get_vendor (sheet), ==, "宝安云");
  g_clear_pointer (&sheet, cp_quote_sheet_free);

  sheet = cp_quote_sheet_new (column, strlen (column), NULL, &error);
  r = cp_quote_sheet_read (sheet, &error);
  g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->vendor, ==, "甲云");
}

/* A validity stated above the header ("报价有效期 2026-12-31", "有效期至
 * 2026年12月31日", "Valid until 2026/12/31"), on its own row or in the
 * title, is every row's valid-until unless the row states its own; each
 * row says where it came from. A date in a title with no validity word
 * ("报价单 2026-11") is not one. */
static void
test_valid_until_from_title (void)
{
  static const struct { const char *csv; const char *expected; } cases[] = {
    { "星河云 GPU 报价单\n报价有效期 2026-12-31\n机型,单价\n8×H20,6 元/卡/时\n", "2026-12-31" },
    { "星河云 GPU 报价单（有效期至2027年1月15日）\n机型,单价\n8×H20,6 元/卡/时\n", "2027-01-15" },
    { "Example Cloud price list\nValid until 2026/12/31\nGPU,price\n8×H20,6 CNY/GPU/h\n", "2026-12-31" },
    { "Example Cloud price list, valid through 2027.2.1\nGPU,price\n8×H20,6 CNY/GPU/h\n", "2027-02-01" },
    { "Example Cloud price list\nPrices valid until 31 December 2026\nGPU,price\n8×H20,6 CNY/GPU/h\n", "2026-12-31" },
    { "Example Cloud price list (valid until Jan 15, 2027)\nGPU,price\n8×H20,6 CNY/GPU/h\n", "2027-01-15" },
    { "华南算力科技 GPU 报价单 2026-11\n机型,单价\n8×H20,6 元/卡/时\n", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (cases[i].csv, strlen (cases[i].csv), NULL, &error);
      g_autoptr(CpQuoteCsvResult) r = NULL;
      const CpQuote *q;
      const CpQuoteCsvRow *row;
      gboolean said = FALSE;

      g_assert_no_error (error);
      r = cp_quote_sheet_read (sheet, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (r->quotes->len, ==, 1);
      q = g_ptr_array_index (r->quotes, 0);
      g_assert_cmpstr (q->valid_until, ==, cases[i].expected);
      row = g_ptr_array_index (r->rows, 0);
      for (guint a = 0; a < row->assumptions->len; a++)
        said |= strstr (g_ptr_array_index (row->assumptions, a), "valid until") != NULL;
      g_assert_true (said == (cases[i].expected != NULL));
    }

  /* A note under the quotes states it as well as a title does. */
  {
    static const char csv[] = "机型,单价,备注\n8×H20,6 元/卡/时,\n注：本报价有效期至 2027-03-31\n";
    g_autoptr(GError) error = NULL;
    g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (csv, strlen (csv), NULL, &error);
    g_autoptr(CpQuoteCsvResult) r = cp_quote_sheet_read (sheet, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (r->quotes->len, ==, 1);
    g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->valid_until, ==, "2027-03-31");
    g_assert_true (row_says (g_ptr_array_index (r->rows, 0), "from the note under the quotes", FALSE));
  }

  /* The row's own date wins over the sheet's. */
  {
    static const char csv[] = "报价有效期 2026-12-31\n机型,单价,有效期\n8×H20,6 元/卡/时,2026-12-15\n8×H20,7 元/卡/时,\n";
    g_autoptr(GError) error = NULL;
    g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (csv, strlen (csv), NULL, &error);
    g_autoptr(CpQuoteCsvResult) r = cp_quote_sheet_read (sheet, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (r->quotes->len, ==, 2);
    g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->valid_until, ==, "2026-12-15");
    g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 1))->valid_until, ==, "2026-12-31");
  }
}

/* A row-number column (序号, No., #) counts the sheet's rows: it is not a
 * quote's id (ids "1", "2" then stood for other quotes than positions 1
 * and 2 on the command line), nor a count the content guess may take it
 * for; a vendor's own code (编号 "XH-A800-01") is an id. */
static void
test_row_number_not_id (void)
{
  static const char *const sheets[] = {
    "序号,机型,单价\n1,8×H20,6 元/卡/时\n2,8×A800,12 元/卡/时\n",
    "No.,GPU,price\n1,8×H20,6 CNY/GPU/h\n2,8×A800,12 CNY/GPU/h\n",
    "#,GPU,price\n1,8×H20,6 CNY/GPU/h\n2,8×A800,12 CNY/GPU/h\n",
  };
  static const char coded[] = "编号,机型,单价\nXH-H20-01,8×H20,6 元/卡/时\n";

  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (sheets[i], strlen (sheets[i]), NULL, &error);
      g_autoptr(CpQuoteCsvResult) r = NULL;
      g_autoptr(CpProject) project = cp_project_new ();

      g_assert_no_error (error);
      g_assert_cmpint (cp_quote_sheet_get_field (sheet, 0), ==, CP_QUOTE_COLUMN_UNUSED);
      r = cp_quote_sheet_read (sheet, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (r->quotes->len, ==, 2);
      g_assert_null (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->id);
      g_assert_cmpuint (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->nodes_available, ==, 1);
      g_assert_cmpuint (cp_quote_csv_add_to_project (r, project), ==, 2);
      g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (project->quotes, 0))->id, !=, "1");
      g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (project->quotes, 1))->id, !=, "2");
    }

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (coded, strlen (coded), NULL, &error);
    g_autoptr(CpQuoteCsvResult) r = cp_quote_sheet_read (sheet, &error);

    g_assert_no_error (error);
    g_assert_cmpint (cp_quote_sheet_get_field (sheet, 0), ==, CP_QUOTE_COLUMN_ID);
    g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (r->quotes, 0))->id, ==, "XH-H20-01");
  }
}

/* A header of two rows, as vendors lay a workbook out: 单价 merged over
 * 元/卡/时 | 元/台/月 (each row fills one), 网络 over 类型 | 带宽, the other
 * headers merged down both rows (a workbook repeats their text in the
 * second; a CSV saved from it may too). The second row is part of the
 * header, never a quote: each row's price is read with its column's unit. */
static void
test_two_row_header (void)
{
  static const char csv[] =
    "华南智算 GPU 租赁报价\n"
    "报价有效期,2026-12-31\n"
    "序号,机型,卡数,台数,单价,,网络,,备注\n"
    "序号,机型,卡数,台数,元/卡/时,元/台/月,类型,带宽,\n"
    "1,H800 80G,8,2,,\"68,000\",IB,4×400G,\n"
    "2,A800 80G,8,1,12.5,,RoCE,2×200G,\n"
    "3,4090 24G,8,3,2.1,,,,\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (csv, strlen (csv), NULL, &error);
  g_autoptr(CpQuoteCsvResult) r = NULL;
  const CpQuote *h800, *a800, *rtx;

  g_assert_no_error (error);
  r = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->errors->len, ==, 0);
  g_assert_cmpuint (r->n_records, ==, 3);
  g_assert_cmpuint (r->quotes->len, ==, 3);
  h800 = g_ptr_array_index (r->quotes, 0);
  a800 = g_ptr_array_index (r->quotes, 1);
  rtx = g_ptr_array_index (r->quotes, 2);
  g_assert_cmpstr (h800->gpu.id, ==, "h800");
  g_assert_cmpint (h800->price_unit, ==, CP_PRICE_PER_NODE_MONTH);
  g_assert_cmpfloat (h800->price, ==, 68000);
  g_assert_cmpuint (h800->nodes_available, ==, 2);
  g_assert_cmpint (h800->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpuint (h800->nics_per_node, ==, 4);
  g_assert_cmpfloat (h800->nic_gbps, ==, 400);
  g_assert_cmpint (a800->price_unit, ==, CP_PRICE_PER_GPU_HOUR);
  g_assert_cmpfloat (a800->price, ==, 12.5);
  g_assert_cmpint (a800->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpint (rtx->price_unit, ==, CP_PRICE_PER_GPU_HOUR);
  g_assert_cmpfloat (rtx->price, ==, 2.1);
  g_assert_cmpuint (rtx->nodes_available, ==, 3);
  g_assert_cmpstr (rtx->valid_until, ==, "2026-12-31");
}

/* The preview's account of a quote: a price per GPU-hour with no term has
 * none ("minimum term 0 h" read as a term of nothing); a month's price is
 * billed a month, 730 h at the default hours per month. */
static void
test_describe_term (void)
{
  static const char csv[] = "机型,单价\n8×A800,12.5 元/卡/时\n8×H800,\"68,000 元/台/月\"\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (csv, strlen (csv), NULL, &error);
  g_autoptr(CpQuoteCsvResult) r = cp_quote_sheet_read (sheet, &error);
  g_autofree char *hourly = NULL;
  g_autofree char *monthly = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (r->quotes->len, ==, 2);
  hourly = cp_quote_describe (g_ptr_array_index (r->quotes, 0), cp_quote_sheet_get_settings (sheet));
  monthly = cp_quote_describe (g_ptr_array_index (r->quotes, 1), cp_quote_sheet_get_settings (sheet));
  g_assert_true (g_str_has_suffix (hourly, "; no minimum term"));
  g_assert_true (g_str_has_suffix (monthly, "; minimum term 730 h"));

  /* Host memory, which CPU offload fills, is said when the sheet gives it:
   * 2 TB is 2048 GiB. */
  {
    static const char memory[] = "机型,内存,单价\n8×A800,2TB,12.5 元/卡/时\n";
    g_autoptr(CpQuoteSheet) with_memory = cp_quote_sheet_new (memory, strlen (memory), NULL, &error);
    g_autoptr(CpQuoteCsvResult) m = cp_quote_sheet_read (with_memory, &error);
    g_autofree char *described = NULL;

    g_assert_no_error (error);
    described = cp_quote_describe (g_ptr_array_index (m->quotes, 0), cp_quote_sheet_get_settings (with_memory));
    g_assert_nonnull (strstr (described, "; host memory 2048 GiB per node"));
    g_assert_null (strstr (hourly, "host memory"));
  }
}

/* 机型 beside 配置 (issue 23's main gap: every row was refused). The GPU
 * comes from whichever cell names one; the count, host memory and network
 * from 配置; a 机型 naming no GPU is the machine's name; two cells naming
 * different GPUs are a problem of the row. */
static void
test_model_and_configuration (void)
{
  static const char csv[] =
    "前海智算 GPU 算力租赁报价单（2026年12月）\n"
    "序号,机型,配置,数量,单价,计费方式\n"
    "1,H800 SXM5 80G,2×Intel 8468 / 2TB 内存 / 8卡 / 4×400G IB,4台,65000,元/台/月\n"
    "2,RTX4090 24G,2×AMD 7542 / 512G 内存 / 8卡 / 25G 以太网,2,2352,元/台/天\n"
    "3,GPU服务器 G8600,2×Intel 8468 / 1TB 内存 / 8×A800 80G / 2×200G RoCE,2,12.5,元/卡/时\n"
    "4,H800 80G,8×A800 80G / 1TB 内存,1,12.5,元/卡/时\n";
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (csv, strlen (csv), project, &error);
  g_autoptr(CpQuoteCsvResult) r = NULL;
  const CpQuoteCsvRow *row;
  const CpQuote *q;

  g_assert_no_error (error);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 1), ==, CP_QUOTE_COLUMN_GPU);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 2), ==, CP_QUOTE_COLUMN_CONFIG);
  g_assert_nonnull (strstr (cp_quote_sheet_get_evidence (sheet, 2), "4 of 4"));
  g_assert_false (cp_quote_sheet_has_duplicates (sheet));
  r = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->quotes->len, ==, 3);

  /* 65,000 a machine-month of 8 GPUs: 65000 / 730 / 8 = 11.130 a GPU-hour
   * (the issue's figure, 11.13); 8卡 and 2 TiB and IB 4 × 400 from 配置. */
  q = g_ptr_array_index (r->quotes, 0);
  g_assert_cmpstr (q->gpu.id, ==, "h800");
  g_assert_cmpuint (q->gpus_per_node, ==, 8);
  g_assert_cmpuint (q->nodes_available, ==, 4);
  g_assert_cmpfloat (q->host_memory_per_node_bytes, ==, 2.0 * 1024 * 1024 * 1024 * 1024);
  g_assert_cmpint (q->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpuint (q->nics_per_node, ==, 4);
  g_assert_cmpfloat (q->nic_gbps, ==, 400);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings), 11.1301369863, 1e-9);
  /* No offer column: 配置, as the vendor wrote it, names the quote. */
  g_assert_cmpstr (q->offer_name, ==, "2×Intel 8468 / 2TB 内存 / 8卡 / 4×400G IB");

  /* 2352 a machine-day: 2352 / 24 / 8 = 12.25 a GPU-hour; Ethernet 25 Gb/s. */
  q = g_ptr_array_index (r->quotes, 1);
  g_assert_cmpstr (q->gpu.id, ==, "rtx4090");
  g_assert_cmpuint (q->gpus_per_node, ==, 8);
  g_assert_cmpuint (q->nodes_available, ==, 2);
  g_assert_cmpfloat (q->host_memory_per_node_bytes, ==, 512.0 * 1024 * 1024 * 1024);
  g_assert_cmpint (q->network, ==, CP_NETWORK_ETHERNET);
  g_assert_cmpfloat (q->nic_gbps, ==, 25);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings), 12.25, 1e-9);

  /* "GPU服务器 G8600" names the machine; the A800s are 配置's. */
  q = g_ptr_array_index (r->quotes, 2);
  row = g_ptr_array_index (r->rows, 2);
  g_assert_cmpstr (q->gpu.id, ==, "a800");
  g_assert_cmpuint (q->gpus_per_node, ==, 8);
  g_assert_cmpstr (q->offer_name, ==, "GPU服务器 G8600");
  g_assert_cmpstr (q->notes, ==, "2×Intel 8468 / 1TB 内存 / 8×A800 80G / 2×200G RoCE");
  g_assert_cmpint (q->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpuint (q->nics_per_node, ==, 2);
  g_assert_true (row_says (row, "机型 “GPU服务器 G8600” names no GPU", FALSE));

  row = g_ptr_array_index (r->rows, 3);
  g_assert_cmpint (row->quote_index, ==, -1);
  g_assert_cmpuint (row->problems->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (row->problems, 0),
                            "机型 “H800 80G” and 配置 “8×A800 80G” name different GPUs"));
}

/* VAT as vendors state it (issue 23): every price compared with VAT
 * included. A price without VAT at a stated rate is raised by it; without
 * a rate, or a rate without a basis, it stays as written and the row says
 * so. The sheet's own statement (a note under the quotes) holds for rows
 * that state none. */
static void
test_tax (void)
{
  static const char rows[] =
    "供应商,机型,单价,税率,备注\n"
    "甲,8×H800,12.5 元/卡/时,6%,不含税\n"
    "乙,8×H800,13 元/卡/时,6%,含税\n"
    "丙,8×A800,\"65,000 元/台/月\",13%,未税\n"
    "丁,8×A800,10 元/卡/时,,不含税\n"
    "戊,8×H20,6 元/卡/时,6%,\n";
  static const char noted[] =
    "机型,单价,备注\n"
    "8×H800,12.5 元/卡/时,\n"
    "8×H20,6 元/卡/时,含税\n"
    "注：以上价格均不含 6% 增值税，另有说明除外\n";
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (rows, strlen (rows), project, &error);
  const CpQuote *q;

  g_assert_no_error (error);
  g_assert_cmpuint (r->errors->len, ==, 0);
  g_assert_cmpuint (r->quotes->len, ==, 5);

  /* 12.5 × 1.06 = 13.25 a GPU-hour. */
  q = g_ptr_array_index (r->quotes, 0);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings), 13.25, 1e-9);
  /* The vendor's figure stays in its notes in figures alone, no words of
   * the importing window's language to print in a report in the other
   * (walk38 F6); read back from a CSV, it states no second rate. */
  g_assert_nonnull (strstr (q->notes, "12.5 + 6% = 13.25"));
  g_assert_null (strstr (q->notes, "VAT"));
  {
    CpQuoteTax again = { CP_QUOTE_TAX_UNSTATED, 0 };

    g_assert_false (cp_quote_tax_read ("12.5 + 6% = 13.25", FALSE, &again));
  }
  g_assert_true (row_says (g_ptr_array_index (r->rows, 0), "compared with 6% VAT added (× 1.06)", FALSE));

  q = g_ptr_array_index (r->quotes, 1);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings), 13, 1e-9);
  g_assert_cmpint (q->vat_basis, ==, CP_VAT_BASIS_INCLUDED);
  g_assert_cmpfloat (q->vat_rate, ==, 0.06);

  /* 65,000 × 1.13 a machine-month, ÷ 730 h ÷ 8 GPUs = 12.577 a GPU-hour. */
  q = g_ptr_array_index (r->quotes, 2);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings), 73450.0 / 730 / 8, 1e-9);

  q = g_ptr_array_index (r->quotes, 3);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings), 10, 1e-9);
  /* No rate: the estimate adds a bare machine's lease rate (no offering
   * column: bare metal), 13% by default; the row names the price and the
   * rate. */
  g_assert_true (row_says (g_ptr_array_index (r->rows, 3),
                           "the price 10 is without VAT and the rate is not stated: compared with 13% VAT added", FALSE));
  /* Said by the quote's fields, which each report words in its own
   * language ("13% added (assumed)"): no note in the window's. */
  g_assert_cmpint (q->vat_basis, ==, CP_VAT_BASIS_EXCLUDED);
  g_assert_cmpfloat (q->vat_rate, ==, 0);
  g_assert_null (q->notes != NULL ? strstr (q->notes, "VAT") : NULL);
  g_assert_cmpfloat_with_epsilon (cp_quote_vat_rate (q, &project->settings), 0.13, 1e-12);
  {
    /* The project's own rate, not the default: 9%. */
    g_autoptr(CpQuoteCsvResult) again = NULL;

    project->settings.vat_rate_lease = 0.09;
    again = cp_quote_csv_read (rows, strlen (rows), project, &error);
    g_assert_no_error (error);
    g_assert_true (row_says (g_ptr_array_index (again->rows, 3),
                             "the price 10 is without VAT and the rate is not stated: compared with 9% VAT added", FALSE));
    project->settings.vat_rate_lease = 0.13;
  }

  q = g_ptr_array_index (r->quotes, 4);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings), 6, 1e-9);
  g_assert_true (row_says (g_ptr_array_index (r->rows, 4), "not whether the price includes it", FALSE));

  g_clear_pointer (&r, cp_quote_csv_result_free);
  r = cp_quote_csv_read (noted, strlen (noted), project, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->quotes->len, ==, 2);
  g_assert_cmpuint (r->notes->len, ==, 1);
  q = g_ptr_array_index (r->quotes, 0);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings), 13.25, 1e-9);
  g_assert_true (row_says (g_ptr_array_index (r->rows, 0), "the note under the quotes", FALSE));
  /* The row's own "含税" over the note's basis, at the note's rate. */
  q = g_ptr_array_index (r->quotes, 1);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings), 6, 1e-9);
  g_assert_cmpint (q->vat_basis, ==, CP_VAT_BASIS_INCLUDED);
  g_assert_cmpfloat (q->vat_rate, ==, 0.06);
}

/* 万 in the billing-unit column or the price's header scales the number
 * beside it: 1.2 with "万元/台/月" is 12,000 a machine-month, 12000 / 730
 * / 8 a GPU-hour (the second sheet of a vendor's workbook was refused). */
static void
test_ten_thousands_in_unit (void)
{
  static const char column[] = "型号,每台卡数,单价,计费单位\nL20 48G,8,1.2,万元/台/月\n";
  static const char header[] = "型号,每台卡数,单价（万元/台/月）\nL20 48G,8,1.2\n";
  const char *sheets[] = { column, header };

  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      g_autoptr(CpProject) project = cp_project_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (sheets[i], strlen (sheets[i]), project, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (r->errors->len, ==, 0);
      g_assert_cmpuint (r->quotes->len, ==, 1);
      g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (r->quotes, 0),
                                                                   &project->settings), 12000.0 / 730 / 8, 1e-9);
    }
}

/* A vendor's three offers (walk38's 华东智算 workbook: a merged title row,
 * a validity row, 配置 holding each machine as the vendor wrote it). Any
 * two rows imported; all three were refused ("no gpu column"): the two
 * "8×H800 80G SXM" cells did not read as GPUs, and one 昇腾 cell of three
 * is not half. Each quote keeps its 配置 as its name, its notes only what
 * the sheet said, its VAT and monthly billing as fields. */
static void
test_three_offers_of_one_vendor (void)
{
  g_autofree char *path = g_build_filename (SHEETS_DIR, "huadong-three-offers.xlsx", NULL);
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new_from_file (path, project, &error);
  g_autoptr(CpQuoteCsvResult) r = NULL;
  static const struct {
    const char *offer, *gpu_id, *notes;
    guint nodes;
    double per_gpu_hour, billing_step_h;
    CpNetworkKind network;
  } expected[] = {
    /* 138 元 a node-hour of 8 GPUs: 138 / 8 = 17.25. */
    { "昇腾910B 64G ×8 / 节点，集群", "ascend-910b", "含税6%，最短租期1个月\n并行文件系统 200TB", 16, 17.25, 0,
      CP_NETWORK_ROCE },
    /* 68,000 a machine-month: 68000 / 730 / 8 = 11.644; 包月. */
    { "8×H800 80G SXM 整机", "h800", "含税6%，包月\n并行文件系统 100TB", 4, 68000.0 / 730 / 8, 730,
      CP_NETWORK_INFINIBAND },
    { "8×H800 80G SXM 单机", "h800", "含税6%\n本地NVMe 4×3.84T", 1, 72000.0 / 730 / 8, 0, CP_NETWORK_NONE },
  };

  g_assert_no_error (error);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 1), ==, CP_QUOTE_COLUMN_GPU);
  g_assert_nonnull (strstr (cp_quote_sheet_get_evidence (sheet, 1), "3 of 3"));
  r = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->quotes->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const CpQuote *q = g_ptr_array_index (r->quotes, i);

      g_assert_cmpstr (q->vendor, ==, "华东智算");
      g_assert_cmpstr (q->offer_name, ==, expected[i].offer);
      g_assert_cmpstr (q->gpu.id, ==, expected[i].gpu_id);
      g_assert_cmpuint (q->gpus_per_node, ==, 8);
      g_assert_cmpuint (q->nodes_available, ==, expected[i].nodes);
      g_assert_cmpint (q->network, ==, expected[i].network);
      g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings),
                                      expected[i].per_gpu_hour, 1e-9);
      g_assert_cmpfloat (q->billing_granularity_h, ==, expected[i].billing_step_h);
      g_assert_cmpint (q->vat_basis, ==, CP_VAT_BASIS_INCLUDED);
      g_assert_cmpfloat (q->vat_rate, ==, 0.06);
      g_assert_cmpstr (q->valid_until, ==, "2027-01-31");
      g_assert_cmpstr (q->notes, ==, expected[i].notes);
    }
}


static CpQuote *
named_quote (const char *vendor, const char *offer, const char *gpu_name, guint nodes)
{
  CpQuote *quote = cp_quote_new ();

  g_free (quote->vendor);
  quote->vendor = g_strdup (vendor);
  g_free (quote->offer_name);
  quote->offer_name = g_strdup (offer);
  g_free (quote->gpu.name);
  quote->gpu.name = g_strdup (gpu_name);
  quote->gpus_per_node = 8;
  quote->nodes_available = nodes;
  return quote;
}

/* The name every sentence, table and chart gives a quote: its vendor when
 * the project has one quote of it; with several, what tells them apart
 * (the offer typed, else the GPU, else the machines, else the place), so
 * that "华东智算 would be recommended below 68,000" is never said of
 * 华东智算 itself (walk38 F1). Names written by hand. */
static void
test_names_of_one_vendors_quotes (void)
{
  g_autoptr(GPtrArray) quotes = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_quote_free);

  g_ptr_array_add (quotes, named_quote ("Yun B", NULL, "NVIDIA H200 SXM 141GB", 4));
  g_ptr_array_add (quotes, named_quote ("华东智算", "8×H800 80G SXM 整机", "NVIDIA H800 SXM 80GB", 4));
  g_ptr_array_add (quotes, named_quote ("华东智算", "8×H800 80G SXM 单机", "NVIDIA H800 SXM 80GB", 1));
  g_assert_cmpstr (cp_quote_display_name (g_ptr_array_index (quotes, 0), quotes), ==, "Yun B");
  g_assert_cmpstr (cp_quote_display_name (g_ptr_array_index (quotes, 1), quotes), ==, "华东智算 — 8×H800 80G SXM 整机");
  g_assert_cmpstr (cp_quote_display_name (g_ptr_array_index (quotes, 2), quotes), ==, "华东智算 — 8×H800 80G SXM 单机");

  /* No offers typed (walk38's project, imported before 配置 named them):
   * the GPU where it differs, the machines where it does not. */
  g_ptr_array_set_size (quotes, 0);
  g_ptr_array_add (quotes, named_quote ("华东智算", NULL, "Huawei Ascend 910B2 64GB", 16));
  g_ptr_array_add (quotes, named_quote ("华东智算", "", "NVIDIA H800 SXM 80GB", 4));
  g_ptr_array_add (quotes, named_quote ("华东智算", NULL, "NVIDIA H800 SXM 80GB", 1));
  g_assert_cmpstr (cp_quote_display_name (g_ptr_array_index (quotes, 0), quotes), ==, "华东智算 — Ascend 910B2 64GB");
  g_assert_cmpstr (cp_quote_display_name (g_ptr_array_index (quotes, 1), quotes), ==, "华东智算 — 4 × 8 × H800 SXM 80GB");
  g_assert_cmpstr (cp_quote_display_name (g_ptr_array_index (quotes, 2), quotes), ==, "华东智算 — 1 × 8 × H800 SXM 80GB");

  /* The same offer typed twice tells nothing apart; nor do twins. */
  g_ptr_array_set_size (quotes, 0);
  g_ptr_array_add (quotes, named_quote ("Nanshan", "整机", "NVIDIA A800 SXM 80GB", 2));
  g_ptr_array_add (quotes, named_quote ("Nanshan", "整机", "NVIDIA H800 SXM 80GB", 2));
  g_ptr_array_add (quotes, named_quote ("Nanshan", "整机", "NVIDIA H800 SXM 80GB", 2));
  g_assert_cmpstr (cp_quote_display_name (g_ptr_array_index (quotes, 0), quotes), ==, "Nanshan — A800 SXM 80GB");
  g_assert_cmpstr (cp_quote_display_name (g_ptr_array_index (quotes, 1), quotes), ==, "Nanshan — quote 2");
  g_assert_cmpstr (cp_quote_display_name (g_ptr_array_index (quotes, 2), quotes), ==, "Nanshan — quote 3");

  /* The maker's word goes as in the tables' labels, the same function;
   * a GPU named by its maker alone keeps it, not "Nanshan — ". */
  g_ptr_array_set_size (quotes, 0);
  g_ptr_array_add (quotes, named_quote ("Nanshan", NULL, "AMD ", 2));
  g_ptr_array_add (quotes, named_quote ("Nanshan", NULL, "AMD Instinct MI300X", 2));
  g_assert_cmpstr (cp_quote_display_name (g_ptr_array_index (quotes, 0), quotes), ==, "Nanshan — AMD ");
  g_assert_cmpstr (cp_quote_display_name (g_ptr_array_index (quotes, 1), quotes), ==, "Nanshan — Instinct MI300X");
  g_assert_cmpstr (cp_quote_gpu_model ("AMD Instinct MI300X"), ==, "Instinct MI300X");
  g_assert_cmpstr (cp_quote_gpu_model ("Huawei "), ==, "Huawei ");
  g_assert_cmpstr (cp_quote_gpu_model (NULL), ==, "");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/quote-sheets/issue-six-rows", test_issue_six_rows);
  g_test_add_func ("/quote-sheets/english-dialect", test_english_dialect);
  g_test_add_func ("/quote-sheets/vendor-wording", test_vendor_wording);
  g_test_add_func ("/quote-sheets/offer-not-count", test_offer_not_count);
  g_test_add_func ("/quote-sheets/gbk-tabs", test_gbk_tabs);
  g_test_add_func ("/quote-sheets/units-in-header", test_units_in_header);
  g_test_add_func ("/quote-sheets/utf16", test_utf16);
  g_test_add_func ("/quote-sheets/project-hours-per-month", test_project_hours_per_month);
  g_test_add_func ("/quote-sheets/mapping", test_mapping);
  g_test_add_func ("/quote-sheets/links", test_links);
  g_test_add_func ("/quote-sheets/networks", test_networks);
  g_test_add_func ("/quote-sheets/minimum-terms", test_minimum_terms);
  g_test_add_func ("/quote-sheets/minimum-term-from-price-period", test_minimum_term_from_price_period);
  g_test_add_func ("/quote-sheets/yes-and-no", test_yes_and_no);
  g_test_add_func ("/quote-sheets/price-units", test_price_units);
  g_test_add_func ("/quote-sheets/counts-and-terms", test_counts_and_terms);
  g_test_add_func ("/quote-sheets/separate-machines", test_separate_machines_sheet);
  g_test_add_func ("/quote-sheets/shenzhen-vendor", test_shenzhen_vendor);
  g_test_add_func ("/quote-sheets/quantity-in-gpus", test_quantity_in_gpus);
  g_test_add_func ("/quote-sheets/price-on-request", test_price_on_request);
  g_test_add_func ("/quote-sheets/vendor-from-title-and-file", test_vendor_from_title_and_file);
  g_test_add_func ("/quote-sheets/valid-until-from-title", test_valid_until_from_title);
  g_test_add_func ("/quote-sheets/row-number-not-id", test_row_number_not_id);
  g_test_add_func ("/quote-sheets/two-row-header", test_two_row_header);
  g_test_add_func ("/quote-sheets/describe-term", test_describe_term);
  g_test_add_func ("/quote-sheets/model-and-configuration", test_model_and_configuration);
  g_test_add_func ("/quote-sheets/tax", test_tax);
  g_test_add_func ("/quote-sheets/three-offers-of-one-vendor", test_three_offers_of_one_vendor);
  g_test_add_func ("/quote-sheets/names-of-one-vendors-quotes", test_names_of_one_vendors_quotes);
  g_test_add_func ("/quote-sheets/ten-thousands-in-unit", test_ten_thousands_in_unit);
  return g_test_run ();
}
