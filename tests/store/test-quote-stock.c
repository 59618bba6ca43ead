/* test-quote-stock.c: a Shenzhen sheet that counts its machines in
 * "可租台数", says "8卡/台" in "配置" and writes its stock in words under
 * "库存" (walk41 F1, F2, F4).
 *
 * The newcomer's sheet imported 2 of 4 rows: "库存 “现货” is not a number"
 * dropped the H800 row, 可租台数 (4 / 8 / 2 / 4) was guessed as GPUs per
 * node, and mapping 配置 to GPUs per node was refused ("“8卡/台” names
 * /台"). Every figure below is the sheet's, read by hand.
 */
#include "config.h"

#include <string.h>

#include "store/cp-quote-csv.h"

/* The walker's sheet, as the vendor wrote it (GB18030 there, UTF-8 here). */
static const char sheet[] =
  "深圳鹏城智算科技有限公司 GPU算力租赁报价单（2026年12月）\n"
  "报价有效期：2026年12月31日\n"
  "序号,GPU型号,配置,可租台数,网络,单价（元/卡/时，含税）,月租（元/台/月，含税）,库存,备注\n"
  "1,NVIDIA H800 80G SXM,8卡/台,4,8×400G IB NDR,14.50,\"78,000\",现货,起租1个月\n"
  "2,NVIDIA A800 80G SXM,8卡/台,8,4×200G RoCE v2,8.80,\"46,000\",,起租3个月\n"
  "3,NVIDIA H20 96G,8卡/台,2,2×100G RoCE,5.60,\"29,800\",需预订2周,\n"
  "4,昇腾910B 64G,8卡/台,4,8×200G RoCE,6.20,\"33,000\",,\n"
  "注：以上价格均含6%增值税，可开专票；电费已含，上架费另计。\n";

static CpQuoteCsvResult *
read_sheet (const char *csv, CpProject *project)
{
  g_autoptr(GError) error = NULL;
  CpQuoteCsvResult *result = cp_quote_csv_read (csv, strlen (csv), project, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  for (guint i = 0; i < result->errors->len; i++)
    g_test_message ("%s", ((const CpCsvLineError *) g_ptr_array_index (result->errors, i))->message);
  g_assert_cmpuint (result->errors->len, ==, 0);
  return result;
}

static gboolean
row_assumes (const CpQuoteCsvRow *row, const char *words)
{
  for (guint i = 0; i < row->assumptions->len; i++)
    if (strstr (g_ptr_array_index (row->assumptions, i), words) != NULL)
      return TRUE;
  return FALSE;
}

/* Every row in, 8 GPUs a machine, as many machines as 可租台数 says, each
 * at its monthly price (over the rows' minimum terms the month bills less:
 * H800 14.50 × 8 × 730 = 84,680 > 78,000; A800 8.80 × 8 × 2,190 = 154,176
 * > 3 × 46,000; H20 5.60 × 8 × 730 = 32,704 > 29,800; 910B 6.20 × 8 × 730
 * = 36,208 > 33,000). */
static void
test_machines_counted (void)
{
  static const struct { const char *gpu_id; guint nodes; double per_node_month; } expected[] = {
    { "h800", 4, 78000 }, { "a800", 8, 46000 }, { "h20", 2, 29800 }, { "ascend-910b", 4, 33000 },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_sheet (sheet, project);

  g_assert_cmpuint (r->quotes->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const CpQuote *q = g_ptr_array_index (r->quotes, i);

      g_assert_cmpstr (q->gpu.id, ==, expected[i].gpu_id);
      g_assert_cmpuint (q->gpus_per_node, ==, 8);
      g_assert_cmpuint (q->nodes_available, ==, expected[i].nodes);
      g_assert_cmpint (q->price_unit, ==, CP_PRICE_PER_NODE_MONTH);
      g_assert_cmpfloat (q->price, ==, expected[i].per_node_month);
    }
}

/* The stock column gives way to 可租台数 wherever it stands: before it,
 * the two were "columns … mean the same thing" and the CLI refused. */
static void
test_stock_column_gives_way (void)
{
  static const char stock_first[] =
    "GPU型号,库存,可租台数,单卡数,单价（元/卡/时）\n"
    "H800,现货,4,8,14.50\n"
    "A800,3,8,8,8.80\n";
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_sheet (stock_first, project);
  const CpQuote *h800, *a800;

  g_assert_cmpuint (r->quotes->len, ==, 2);
  h800 = g_ptr_array_index (r->quotes, 0);
  a800 = g_ptr_array_index (r->quotes, 1);
  g_assert_cmpuint (h800->nodes_available, ==, 4);
  g_assert_cmpuint (a800->nodes_available, ==, 8);
  g_assert_cmpfloat (h800->price, ==, 14.5);
}

/* A sheet whose only count of machines is a stock column in words: the
 * row is imported, the words kept in its notes, one machine assumed and
 * said — not "库存 “现货” is not a number". A count there still counts. */
static void
test_stock_in_words (void)
{
  static const char words_only[] =
    "GPU型号,单卡数,库存,单价（元/卡/时）\n"
    "H800,8,现货,14.50\n"
    "H20,8,需预订2周,5.60\n"
    "A800,8,3台,8.80\n";
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_sheet (words_only, project);
  const CpQuote *h800, *h20, *a800;

  g_assert_cmpuint (r->quotes->len, ==, 3);
  h800 = g_ptr_array_index (r->quotes, 0);
  h20 = g_ptr_array_index (r->quotes, 1);
  a800 = g_ptr_array_index (r->quotes, 2);
  g_assert_cmpuint (h800->nodes_available, ==, 1);
  g_assert_nonnull (strstr (h800->notes, "库存: 现货"));
  g_assert_true (row_assumes (g_ptr_array_index (r->rows, 0), "is not a number of machines"));
  g_assert_cmpuint (h20->nodes_available, ==, 1);
  g_assert_nonnull (strstr (h20->notes, "库存: 需预订2周"));
  g_assert_cmpuint (a800->nodes_available, ==, 3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/quote-stock/machines-counted", test_machines_counted);
  g_test_add_func ("/quote-stock/stock-column-gives-way", test_stock_column_gives_way);
  g_test_add_func ("/quote-stock/stock-in-words", test_stock_in_words);
  return g_test_run ();
}
