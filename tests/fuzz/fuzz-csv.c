/* fuzz-csv.c: vendor quote spreadsheets saved as CSV.
 *
 * Properties: the reader never crashes or hangs; every quote it accepts
 * passes cp_quote_validate(); what it accepted is written and read back to
 * the same quotes. The slow check (cp_fuzz_deep()): planning the demo's
 * jobs over them shows only finite, non-negative figures.
 */

#include "config.h"

#include "store/cp-demo.h"
#include "store/cp-quote-csv.h"

#include "../hardening/cp-check.h"
#include "fuzz-common.h"

/* Planning is the slow part; a few quotes show the same bugs as many. */
#define MAX_PLANNED_QUOTES 4

static CpProject *demo;

static void
check_round_trip (GPtrArray *quotes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) back = NULL;
  g_autofree char *csv = NULL;
  gsize len = 0;

  csv = cp_quote_csv_write (quotes, &len);
  back = cp_quote_csv_read (csv, len, demo, &error);
  if (back == NULL)
    g_error ("written CSV does not read back: %s\n%s", error->message, csv);
  if (back->errors->len > 0)
    g_error ("written CSV reads back with errors: %s\n%s",
             ((CpCsvLineError *) g_ptr_array_index (back->errors, 0))->message, csv);
  if (back->quotes->len != quotes->len)
    g_error ("wrote %u quotes, read %u back", quotes->len, back->quotes->len);
  for (guint i = 0; i < quotes->len; i++)
    {
      const CpQuote *a = g_ptr_array_index (quotes, i);
      const CpQuote *b = g_ptr_array_index (back->quotes, i);

      if (a->price != b->price || a->price_unit != b->price_unit
          || a->gpus_per_node != b->gpus_per_node || g_strcmp0 (a->gpu.id, b->gpu.id) != 0
          || g_strcmp0 (a->notes, b->notes) != 0 || g_strcmp0 (a->vendor, b->vendor) != 0
          || g_strcmp0 (a->currency, b->currency) != 0)
        g_error ("quote %u changed in a CSV round trip:\n%s", i, csv);
    }
}

int
cp_fuzz_csv (const guint8 *data,
             gsize         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) result = NULL;

  if (demo == NULL)
    {
      demo = cp_demo_project_new (&error);
      if (demo == NULL)
        g_error ("demo project: %s", error->message);
    }

  result = cp_quote_csv_read ((const char *) data, size, demo, &error);
  if (result == NULL)
    {
      g_assert (error != NULL && error->message != NULL);
      return 0;
    }
  for (guint i = 0; i < result->errors->len; i++)
    g_assert (((CpCsvLineError *) g_ptr_array_index (result->errors, i))->message != NULL);

  /* A quote may come in incomplete (no price, a cluster without NICs), as
   * the quote form keeps it; its row then says what it lacks. */
  for (guint r = 0; r < result->rows->len; r++)
    {
      const CpQuoteCsvRow *row = g_ptr_array_index (result->rows, r);
      const CpQuote *quote;
      g_autoptr(GError) invalid = NULL;

      if (row->quote_index < 0)
        continue;
      quote = g_ptr_array_index (result->quotes, row->quote_index);
      if (!cp_quote_validate_figures (quote, &invalid))
        g_error ("quote %d was accepted but is invalid: %s", row->quote_index, invalid->message);
      if (cp_quote_get_missing (quote) != CP_QUOTE_MISSING_NONE && row->incomplete->len == 0)
        g_error ("quote %d is incomplete but its row does not say so", row->quote_index);
    }
  if (result->quotes->len == 0)
    return 0;

  check_round_trip (result->quotes);

  if (cp_fuzz_deep () && result->quotes->len <= MAX_PLANNED_QUOTES)
    {
      g_autoptr(CpProject) project = cp_project_copy (demo);

      g_ptr_array_set_size (project->quotes, 0);
      cp_quote_csv_add_to_project (result, project);
      cp_check_project_figures (project);
    }
  return 0;
}
