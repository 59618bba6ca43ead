/* test-quote-vendor-terms.c: a Shenzhen vendor's sheet as a lead met it
 * (issues 26/22): a 月租 column that prices some rows only, a month's
 * minimum term written "按月起租", "起租1个月" or "min. 1 month", the
 * 昇腾910B taken as the catalogue's 910B2, a row without VAT beside rows
 * that state theirs, and cluster rows whose kind of offer is unstated.
 * Prices per GPU-hour are worked out here by hand (730 h a month, the
 * default setting).
 */
#include "config.h"

#include <string.h>

#include "store/cp-quote-csv.h"

static const char sheet_text[] =
  "深圳算力云 GPU 报价单 2026-12,,,,,,,,,\n"
  "序号,型号,单节点卡数,节点数,单价,计费方式,月租,税率,网络,备注\n"
  "1,H800 SXM 80GB,8,4,12.5,元/卡/时,,含税6%,IB 8×400G,按月起租\n"
  "2,A800 80GB,8,2,80000,元/台/月,75000,含税6%,RoCE 4×200G,起租1个月\n"
  "3,昇腾910B,8,1,9.8,元/卡/时,,,,min. 1 month\n";

/* Whether one of @row's assumptions holds @words. */
static gboolean
row_says (const CpQuoteCsvRow *row, const char *words)
{
  for (guint i = 0; i < row->assumptions->len; i++)
    if (strstr (g_ptr_array_index (row->assumptions, i), words) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_prices_and_terms (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (sheet_text, strlen (sheet_text), project, &error);
  const CpQuote *h800, *a800, *ascend;

  g_assert_no_error (error);
  g_assert_cmpuint (r->errors->len, ==, 0);
  g_assert_cmpuint (r->quotes->len, ==, 3);
  h800 = g_ptr_array_index (r->quotes, 0);
  a800 = g_ptr_array_index (r->quotes, 1);
  ascend = g_ptr_array_index (r->quotes, 2);

  /* 12.5 元/卡/时 is the price per GPU-hour as written; 按月起租 is a
   * month's minimum term: 730 h. */
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (h800, &project->settings), 12.5, 1e-9);
  g_assert_cmpfloat (h800->minimum_term_h, ==, 730);
  g_assert_true (row_says (g_ptr_array_index (r->rows, 0), "按月起租"));

  /* Two prices for one machine over the month both allow: 单价 80,000 and
   * 月租 75,000 per node-month; the lower, 75,000, is taken:
   * 75000 / 730 h / 8 GPUs = 12.8425 元 per GPU-hour. 起租1个月 = 730 h. */
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (a800, &project->settings), 75000.0 / 730 / 8, 1e-9);
  g_assert_cmpfloat (a800->minimum_term_h, ==, 730);

  /* 昇腾910B: the catalogue's 910B2, said so; "min. 1 month" = 730 h. */
  g_assert_cmpstr (ascend->gpu.id, ==, "ascend-910b");
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (ascend, &project->settings), 9.8, 1e-9);
  g_assert_cmpfloat (ascend->minimum_term_h, ==, 730);
  g_assert_true (row_says (g_ptr_array_index (r->rows, 2),
                           "GPU “昇腾910B” names no exact part: taken as Huawei Ascend 910B2 64GB — ask the vendor"));
  /* An H800 named as the catalogue names it leaves no part open. */
  g_assert_false (row_says (g_ptr_array_index (r->rows, 0), "names no exact part"));
}

static void
test_vat_and_offer_said (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) r = cp_quote_csv_read (sheet_text, strlen (sheet_text), project, &error);

  g_assert_no_error (error);
  /* Rows 1 and 2 state 含税6%; row 3's 税率 is empty. */
  g_assert_false (row_says (g_ptr_array_index (r->rows, 0), "is empty on this row"));
  g_assert_true (row_says (g_ptr_array_index (r->rows, 2),
                           "税率 is empty on this row: its price is taken as including VAT"));
  /* Rows 1 and 2 are clusters (4 and 2 nodes on a network) with no kind
   * of offer: bare-metal clusters, said; row 3 is one machine. */
  for (guint i = 0; i < 2; i++)
    {
      const CpQuote *q = g_ptr_array_index (r->quotes, i);

      g_assert_cmpint (q->offering, ==, CP_OFFERING_BARE_METAL_CLUSTER);
      g_assert_true (row_says (g_ptr_array_index (r->rows, i), "the kind of offer is not stated: a bare-metal cluster"));
    }
  g_assert_false (row_says (g_ptr_array_index (r->rows, 2), "the kind of offer is not stated"));
}

/* The 月租 column reads "Second price", not "Not used", and stays so
 * until the user maps it to something else. */
static void
test_second_price_label (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (sheet_text, strlen (sheet_text), NULL, &error);
  int rent = -1;

  g_assert_no_error (error);
  for (guint i = 0; i < cp_quote_sheet_get_n_columns (sheet); i++)
    if (g_strcmp0 (cp_quote_sheet_get_header (sheet, i), "月租") == 0)
      rent = (int) i;
  g_assert_cmpint (rent, >=, 0);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, rent), ==, CP_QUOTE_COLUMN_UNUSED);
  g_assert_cmpstr (cp_quote_sheet_get_column_label (sheet, rent), ==, "Second price");
  g_assert_cmpstr (cp_quote_sheet_get_column_label (sheet, 0), ==, "Not used");

  cp_quote_sheet_set_field (sheet, rent, CP_QUOTE_COLUMN_NOTES);
  g_assert_cmpstr (cp_quote_sheet_get_column_label (sheet, rent), ==, "Notes");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/quote-vendor-terms/prices-and-terms", test_prices_and_terms);
  g_test_add_func ("/quote-vendor-terms/vat-and-offer-said", test_vat_and_offer_said);
  g_test_add_func ("/quote-vendor-terms/second-price-label", test_second_price_label);
  return g_test_run ();
}
