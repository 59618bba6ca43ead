/* bench-sheet.c: a 10,000-row vendor sheet whose headers the importer
 * does not know ("规格", "卡", "线路", "资费", "盘", "截止"), so that
 * its columns are recognised by what their cells hold, as a vendor's own
 * price list is: the CPU time to the rows' outcome (sheet made, every
 * row read). For instruction counts, which do not vary with the
 * machine's load, run it under `valgrind --tool=callgrind` with a row
 * count: `bench-sheet 10000`. Not a test: run it by hand.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "store/cp-demo.h"
#include "store/cp-quote-csv.h"

#define N_ROWS 10000

/* Rows as vendors write them: the GPU, a count, the machine, the network,
 * a price with its unit, the storage and until when the price holds. */
static const char * const rows[][7] = {
  { "NVIDIA H800 SXM5", "8卡", "8卡 / 2TB 内存 / 2×Intel 8468", "RoCE v2 2×200G", "¥36,500/台/月",
    "并行文件系统 50TB", "2027-03-31" },
  { "H100", "8卡", "8*H100", "IB NDR 400G×8", "28元/卡/时", "云盘", "2027-01-31" },
  { "A100 40G PCIe", "8卡", "8 x A100", "InfiniBand HDR 200G ×4", "9000元/台/月", "NAS 10T", "2026-12-31" },
  { "4090", "4卡", "8卡 / 512G 内存", "无", "2.1元/卡/小时", "本地 NVMe", "2027-02-28" },
  { "H20", "8卡", "8×H20, 1TB DDR5", "RoCE v2 2×100G", "9.8元/卡/时", "本地SSD", "2027-06-30" },
  { "A800 80GB", "8卡", "8卡 A800 / 1TB 内存 / RoCE 4×200G", "RoCE 4×200Gb/s", "68,000元/台/月", "并行存储",
    "2027-05-31" },
};

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_demo_project_new (&error);
  g_autoptr(CpQuoteSheet) sheet = NULL;
  g_autoptr(CpQuoteCsvResult) result = NULL;
  GString *csv = g_string_new ("供应商,规格,卡,配置,线路,资费,盘,截止\n");
  guint n_rows = argc > 1 ? (guint) atoi (argv[1]) : N_ROWS;
  double start, made;

  if (demo == NULL)
    g_error ("%s", error->message);
  for (guint i = 0; i < n_rows; i++)
    {
      const char * const *row = rows[i % G_N_ELEMENTS (rows)];

      g_string_append_printf (csv, "示例算力 %u,%s,%s,\"%s\",%s,\"%s\",%s,%s\n", i, row[0], row[1], row[2],
                              row[3], row[4], row[5], row[6]);
    }
  start = cpu_ms ();
  sheet = cp_quote_sheet_new (csv->str, csv->len, demo, &error);
  made = cpu_ms ();
  result = sheet ? cp_quote_sheet_read (sheet, &error) : NULL;
  if (result == NULL)
    g_error ("%s", error->message);
  printf ("%u rows: %u quotes; sheet made (columns guessed) %.1f ms CPU, rows read %.1f ms CPU\n", n_rows,
          result->quotes->len, made - start, cpu_ms () - made);
  g_string_free (csv, TRUE);
  return result->quotes->len == n_rows ? 0 : 1;
}
