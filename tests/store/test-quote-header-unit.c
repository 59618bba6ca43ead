/* test-quote-header-unit.c: a price's unit and tax written in its column's
 * header, and two price columns on one sheet (walk40 F1).
 *
 * The Shenzhen sheet (sheets/shenzhen-header-units.csv, and the same
 * rows as .xlsx) heads its prices "单价（元/卡/时，含税13%）" and
 * "月租（元/台/月，含税13%）" over bare numbers ("17.50", "92,000"): every
 * row imported none of them. Each row's price is worked out here by
 * hand, over 730 h a month (the default setting).
 */
#include "config.h"

#include <string.h>

#include "store/cp-quote-csv.h"

static const char vendor[] = "深圳某某算力科技有限公司";

/* The quotes of @sheet_name (in sheets/), or of @csv when it is NULL;
 * every row of these sheets reads without an error. */
static CpQuoteCsvResult *
read_quotes (const char *sheet_name, const char *csv, CpProject *project)
{
  g_autofree char *path = sheet_name != NULL ? g_build_filename (SHEETS_DIR, sheet_name, NULL) : NULL;
  g_autoptr(GError) error = NULL;
  CpQuoteCsvResult *result = path != NULL ? cp_quote_csv_read_file (path, project, &error)
                                          : cp_quote_csv_read (csv, strlen (csv), project, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  for (guint i = 0; i < result->errors->len; i++)
    g_test_message ("%s", ((const CpCsvLineError *) g_ptr_array_index (result->errors, i))->message);
  g_assert_cmpuint (result->errors->len, ==, 0);
  return result;
}

/* Row @i's quote, checked to be priced @price per @unit in @currency. */
static const CpQuote *
assert_priced (const CpQuoteCsvResult *r, guint i, CpPriceUnit unit, double price, const char *currency)
{
  const CpQuote *q;

  g_assert_cmpuint (r->quotes->len, >, i);
  q = g_ptr_array_index (r->quotes, i);
  g_assert_cmpint (q->price_unit, ==, unit);
  g_assert_cmpfloat (q->price, ==, price);
  g_assert_cmpstr (q->currency, ==, currency);
  return q;
}

/* Whether @notes holds @line as one of its lines. */
static gboolean
notes_have_line (const char *notes, const char *line)
{
  g_auto(GStrv) lines = g_strsplit (notes != NULL ? notes : "", "\n", -1);

  return g_strv_contains ((const char *const *) lines, line);
}

static gboolean
row_assumes (const CpQuoteCsvRow *row, const char *words)
{
  for (guint i = 0; i < row->assumptions->len; i++)
    {
      g_test_message ("assumed: %s", (const char *) g_ptr_array_index (row->assumptions, i));
      if (strstr (g_ptr_array_index (row->assumptions, i), words) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Each row quotes a card-hour and a machine-month; the quote takes the one
 * that bills less over the row's minimum term (a month, or three):
 *   H100  17.50 × 8 × 730 = 102,200  against 92,000        → 92,000 per node-month
 *   H800  15.80 × 8 × 730 =  92,272  against 85,000        → 85,000
 *   A800   8.60 × 8 × 2,190 = 150,672 against 3 × 45,000 = 135,000 → 45,000
 *   4090   2.20 × 8 × 730 =  12,848  against 11,500        → 11,500
 * All with VAT at 13% included (the headers and the note under them). */
static void
assert_shenzhen_rows (const CpQuoteCsvResult *r, const CpProject *project)
{
  static const struct {
    const char *gpu_id;
    double      per_node_month;
    double      minimum_term_h;
    const char *hourly_kept;
  } expected[] = {
    { "h100-sxm", 92000, 730, "17.5" },
    { "h800", 85000, 730, "15.8" },
    { "a800", 45000, 2190, "8.6" },
    { "rtx4090", 11500, 730, "2.2" },
  };

  g_assert_cmpuint (r->quotes->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const CpQuote *q = assert_priced (r, i, CP_PRICE_PER_NODE_MONTH, expected[i].per_node_month, "CNY");
      const CpQuoteCsvRow *row = g_ptr_array_index (r->rows, i);

      g_test_message ("row %u", i);
      g_assert_cmpstr (q->gpu.id, ==, expected[i].gpu_id);
      g_assert_cmpuint (q->gpus_per_node, ==, 8);
      g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (q, &project->settings),
                                      expected[i].per_node_month / 8 / 730, 1e-9);
      g_assert_cmpfloat (q->minimum_term_h, ==, expected[i].minimum_term_h);
      g_assert_cmpint (q->vat_basis, ==, CP_VAT_BASIS_INCLUDED);
      g_assert_cmpfloat_with_epsilon (q->vat_rate, 0.13, 1e-12);
      g_assert_cmpstr (q->vendor, ==, vendor);
      /* The card-hour price the vendor also quotes is kept, and said
       * ("17.50" in the CSV, the number 17.5 in the workbook). */
      g_assert_nonnull (q->notes);
      g_assert_nonnull (strstr (q->notes, expected[i].hourly_kept));
      g_assert_true (row_assumes (row, expected[i].hourly_kept));
      /* No stock column: one machine, said (walk40 F8). */
      g_assert_cmpuint (q->nodes_available, ==, 1);
      g_assert_true (row_assumes (row, "number of machines available is not stated"));
    }
}

static void
test_shenzhen_csv (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_quotes ("shenzhen-header-units.csv", NULL, project);

  assert_shenzhen_rows (r, project);
  /* 月租 is read, not reported as a column left out, and its column
   * says so where the mapping shows it "not used". */
  for (guint i = 0; i < r->ignored_columns->len; i++)
    g_assert_null (strstr (g_ptr_array_index (r->ignored_columns, i), "月租"));
}

static void
test_second_price_said (void)
{
  g_autofree char *path = g_build_filename (SHEETS_DIR, "shenzhen-header-units.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new_from_file (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (cp_quote_sheet_get_header (sheet, 10), ==, "月租（元/台/月，含税13%）");
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 9), ==, CP_QUOTE_COLUMN_PRICE);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 10), ==, CP_QUOTE_COLUMN_UNUSED);
  g_assert_nonnull (strstr (cp_quote_sheet_get_evidence (sheet, 10), "second price"));
  g_assert_false (cp_quote_sheet_has_duplicates (sheet));
}

/* The second price follows the user's mapping: with 月租 mapped to the
 * notes, every row bills its card-hour price alone (17.50 per GPU-hour);
 * unused again, it is the second price again; with 单价 unused and 月租
 * the price, 单价 becomes the second price, and each row bills the same
 * as the sheet's own guess did, the lesser over its minimum term. */
static void
test_second_price_follows_mapping (void)
{
  static const double hourly[] = { 17.5, 15.8, 8.6, 2.2 };
  g_autofree char *path = g_build_filename (SHEETS_DIR, "shenzhen-header-units.csv", NULL);
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new_from_file (path, project, &error);
  g_autoptr(CpQuoteCsvResult) notes = NULL;
  g_autoptr(CpQuoteCsvResult) unused_again = NULL;
  g_autoptr(CpQuoteCsvResult) no_price = NULL;
  g_autoptr(CpQuoteCsvResult) swapped = NULL;

  g_assert_no_error (error);
  cp_quote_sheet_set_field (sheet, 10, CP_QUOTE_COLUMN_NOTES);
  notes = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (notes->quotes->len, ==, G_N_ELEMENTS (hourly));
  for (guint i = 0; i < G_N_ELEMENTS (hourly); i++)
    assert_priced (notes, i, CP_PRICE_PER_GPU_HOUR, hourly[i], "CNY");
  /* The monthly price as the notes column keeps a cell: as written. */
  g_assert_nonnull (strstr (((const CpQuote *) g_ptr_array_index (notes->quotes, 0))->notes, "92,000"));

  cp_quote_sheet_set_field (sheet, 10, CP_QUOTE_COLUMN_UNUSED);
  unused_again = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  assert_shenzhen_rows (unused_again, project);

  /* No price column: a column headed as a price left unused is no price. */
  cp_quote_sheet_set_field (sheet, 9, CP_QUOTE_COLUMN_UNUSED);
  no_price = cp_quote_sheet_read (sheet, &error);
  g_assert_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN);
  g_assert_null (no_price);
  g_clear_error (&error);

  cp_quote_sheet_set_field (sheet, 10, CP_QUOTE_COLUMN_PRICE);
  swapped = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  assert_shenzhen_rows (swapped, project);
  for (guint i = 0; i < swapped->ignored_columns->len; i++)
    g_assert_null (strstr (g_ptr_array_index (swapped->ignored_columns, i), "单价"));
}

static void
test_shenzhen_xlsx (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_quotes ("shenzhen-header-units.xlsx", NULL, project);

  assert_shenzhen_rows (r, project);
}

/* The card-hour column alone, beside a stock column: the header's unit
 * and tax apply to its bare numbers; a cell that states its own unit
 * keeps it. Then the English
 * equivalents: 2.50 × 8 × 730 = 14,600 USD bills less than 15,000 a
 * node-month over the month's minimum term, so the hourly price is the
 * quote's; the second English row fills only the monthly one. */
static void
test_header_units (void)
{
  static const char chinese[] =
    "GPU型号,卡数/台,台数,单价（元/卡/时，含税13%）\n"
    "H800,8,4,\"1,750\"\n"
    "A800,8,,100 元/台/时\n";
  static const char english[] =
    "Vendor,GPU,GPUs per node,Price (USD per GPU-hour; excl. VAT),Monthly rent ($/node/month),Minimum term\n"
    "Acme,H100 SXM,8,2.50,\"15,000\",1 month\n"
    "Acme,A800,8,,\"9,000\",1 month\n";
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) zh = read_quotes (NULL, chinese, project);
  g_autoptr(CpQuoteCsvResult) en = read_quotes (NULL, english, project);
  const CpQuote *header_unit = assert_priced (zh, 0, CP_PRICE_PER_GPU_HOUR, 1750, "CNY");
  const CpQuote *own_unit = assert_priced (zh, 1, CP_PRICE_PER_NODE_HOUR, 100, "CNY");
  const CpQuote *hourly = assert_priced (en, 0, CP_PRICE_PER_GPU_HOUR, 2.5, "USD");

  g_assert_cmpint (header_unit->vat_basis, ==, CP_VAT_BASIS_INCLUDED);
  g_assert_cmpfloat_with_epsilon (header_unit->vat_rate, 0.13, 1e-12);
  /* 100 per machine-hour, 8 GPUs: 12.5 per GPU-hour, not 100. */
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (own_unit, &project->settings), 12.5, 1e-12);
  g_assert_true (row_assumes (g_ptr_array_index (zh->rows, 1), "100 元/台/时"));
  /* A stock the row states is not assumed; one it leaves blank is. */
  g_assert_cmpuint (header_unit->nodes_available, ==, 4);
  g_assert_false (row_assumes (g_ptr_array_index (zh->rows, 0), "number of machines"));
  g_assert_true (row_assumes (g_ptr_array_index (zh->rows, 1), "number of machines available is not stated"));

  g_assert_cmpint (hourly->vat_basis, ==, CP_VAT_BASIS_EXCLUDED);
  g_assert_true (notes_have_line (hourly->notes, "Monthly rent ($/node/month): 15,000"));
  assert_priced (en, 1, CP_PRICE_PER_NODE_MONTH, 9000, "USD");
  g_assert_cmpuint (en->quotes->len, ==, 2);
}

/* A Shenzhen sheet that counts its machines in "可租台数", says "8卡/台" in
 * "配置" and writes its stock in words under "库存" (walk41 F1, F2, F4): the
 * newcomer's sheet imported 2 of 4 rows — "库存 “现货” is not a number"
 * dropped the H800 row, 可租台数 (4 / 8 / 2 / 4) was guessed as GPUs per
 * node, and mapping 配置 to GPUs per node was refused ("“8卡/台” names
 * /台"). Every figure below is the sheet's, read by hand. */
/* The walker's sheet, as the vendor wrote it (GB18030 there, UTF-8 here). */
static const char stock_sheet[] =
  "深圳鹏城智算科技有限公司 GPU算力租赁报价单（2026年12月）\n"
  "报价有效期：2026年12月31日\n"
  "序号,GPU型号,配置,可租台数,网络,单价（元/卡/时，含税）,月租（元/台/月，含税）,库存,备注\n"
  "1,NVIDIA H800 80G SXM,8卡/台,4,8×400G IB NDR,14.50,\"78,000\",现货,起租1个月\n"
  "2,NVIDIA A800 80G SXM,8卡/台,8,4×200G RoCE v2,8.80,\"46,000\",,起租3个月\n"
  "3,NVIDIA H20 96G,8卡/台,2,2×100G RoCE,5.60,\"29,800\",需预订2周,\n"
  "4,昇腾910B 64G,8卡/台,4,8×200G RoCE,6.20,\"33,000\",,\n"
  "注：以上价格均含6%增值税，可开专票；电费已含，上架费另计。\n";

/* Every row in, 8 GPUs a machine, as many machines as 可租台数 says, each
 * at its monthly price (over the rows' minimum terms the month bills less:
 * H800 14.50 × 8 × 730 = 84,680 > 78,000; A800 8.80 × 8 × 2,190 = 154,176
 * > 3 × 46,000; H20 5.60 × 8 × 730 = 32,704 > 29,800; 910B 6.20 × 8 × 730
 * = 36,208 > 33,000). */
/* The notes keep the card-hour price each row passed over under its own
 * header, and the stock column's words that gave way to 可租台数
 * (需预订2周: the H20 is booked two weeks ahead), all as the vendor wrote
 * them: the importer's own "Also quoted:" was English in the Chinese
 * report (walk41b F15), and the stock words were lost. */
static void
test_machines_counted (void)
{
  static const struct {
    const char *gpu_id;
    guint nodes;
    double per_node_month;
    const char *hourly_line;
    const char *stock_line;
  } expected[] = {
    { "h800", 4, 78000, "单价（元/卡/时，含税）: 14.50", "库存: 现货" },
    { "a800", 8, 46000, "单价（元/卡/时，含税）: 8.80", NULL },
    { "h20", 2, 29800, "单价（元/卡/时，含税）: 5.60", "库存: 需预订2周" },
    { "ascend-910b", 4, 33000, "单价（元/卡/时，含税）: 6.20", NULL },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_quotes (NULL, stock_sheet, project);

  g_assert_cmpuint (r->quotes->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const CpQuote *q = g_ptr_array_index (r->quotes, i);

      g_assert_cmpstr (q->gpu.id, ==, expected[i].gpu_id);
      g_assert_cmpuint (q->gpus_per_node, ==, 8);
      g_assert_cmpuint (q->nodes_available, ==, expected[i].nodes);
      g_assert_cmpint (q->price_unit, ==, CP_PRICE_PER_NODE_MONTH);
      g_assert_cmpfloat (q->price, ==, expected[i].per_node_month);
      g_assert_true (notes_have_line (q->notes, expected[i].hourly_line));
      g_assert_null (strstr (q->notes, "Also quoted"));
      g_assert_true (expected[i].stock_line == NULL ? strstr (q->notes, "库存") == NULL
                                                    : notes_have_line (q->notes, expected[i].stock_line));
      g_assert_true (expected[i].stock_line == NULL
                     || row_assumes (g_ptr_array_index (r->rows, i), expected[i].stock_line + strlen ("库存: ")));
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
  g_autoptr(CpQuoteCsvResult) r = read_quotes (NULL, stock_first, project);
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
  g_autoptr(CpQuoteCsvResult) r = read_quotes (NULL, words_only, project);
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

/* A price the quote converts (per machine-day to per GPU-hour: 400 / 8 /
 * 24 = 2.083…) keeps the vendor's figure in its notes under its header,
 * in the sheet's words, with the unit where the vendor put it. */
static void
test_vendor_price_kept (void)
{
  static const char per_day[] =
    "GPU型号,卡数/台,单价（元/台/天）\n"
    "H800,8,400\n";
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuoteCsvResult) r = read_quotes (NULL, per_day, project);
  const CpQuote *header_unit = g_ptr_array_index (r->quotes, 0);

  g_assert_cmpuint (r->quotes->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (header_unit, &project->settings), 400.0 / 8 / 24,
                                  1e-12);
  g_assert_true (notes_have_line (header_unit->notes, "单价（元/台/天）: 400"));
  g_assert_null (strstr (header_unit->notes, "Vendor"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/quote-header-unit/shenzhen-csv", test_shenzhen_csv);
  g_test_add_func ("/quote-header-unit/shenzhen-xlsx", test_shenzhen_xlsx);
  g_test_add_func ("/quote-header-unit/second-price-said", test_second_price_said);
  g_test_add_func ("/quote-header-unit/second-price-follows-mapping", test_second_price_follows_mapping);
  g_test_add_func ("/quote-header-unit/header-units", test_header_units);
  g_test_add_func ("/quote-header-unit/vendor-price-kept", test_vendor_price_kept);
  g_test_add_func ("/quote-header-unit/stock/machines-counted", test_machines_counted);
  g_test_add_func ("/quote-header-unit/stock/column-gives-way", test_stock_column_gives_way);
  g_test_add_func ("/quote-header-unit/stock/in-words", test_stock_in_words);
  return g_test_run ();
}
