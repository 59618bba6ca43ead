/* test-cli-report-figures.c: walk 8's findings on the PDF report, read
 * through pdftotext as an approver reads the page: every "a = b + c" adds
 * up as printed (finding 8); the Quotes table's Network cell is short, the
 * checkpoint interval is not "0s" and the budget chart names no deadline
 * for a job without one (14); option values beside proper names are
 * capitalised (12); the one-machine-or-cluster lines give the cost the
 * window weighs, not the days alone (7). */

#include "config.h"

#include <math.h>
#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* A printed figure ("1,234.56", or a run of minutes as "0.0016" days) in
 * units of 0.000001, as exact integers so that the sum is checked as the
 * reader adds it. */
static gint64
millionths (const char *figure)
{
  gint64 units = 0;
  int decimals = -1;

  for (const char *c = figure; *c != '\0'; c++)
    {
      if (*c == ',')
        continue;
      if (*c == '.')
        {
          decimals = 0;
          continue;
        }
      g_assert_true (g_ascii_isdigit (*c));
      units = units * 10 + (*c - '0');
      if (decimals >= 0)
        decimals++;
    }
  g_assert_cmpint (decimals, <=, 6);
  for (int d = MAX (decimals, 0); d < 6; d++)
    units *= 10;
  return units;
}

/* The text of @pdf in reading order without its pages' furniture,
 * squeezed: pdftotext -raw puts each page's running header and "Page 25
 * of 29" before its first line, so a sentence that runs on to the next
 * page read "0.6 … Page 25 of 29 days = 0.4 …" as 29 days. */
static char *
flowing_text (const char *pdf)
{
  g_autofree char *path = g_build_filename (tmp_dir, pdf, NULL);
  const char *argv[] = { "pdftotext", "-raw", "-enc", "UTF-8", path, "-", NULL };
  g_autofree char *out = NULL;
  g_autoptr(GString) body = g_string_new (NULL);
  g_autoptr(GRegex) furniture = g_regex_new ("^(Page \\d+ of \\d+|第 \\d+ 页，共 \\d+ 页|Compute plan: .*|算力方案：.*)$",
                                             0, 0, NULL);
  g_auto(GStrv) lines = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i][0] == '\f' ? lines[i] + 1 : lines[i];

      if (!g_regex_match (furniture, line, 0, NULL))
        g_string_append_printf (body, "%s\n", line);
    }
  return cp_test_squeeze (body->str);
}

/* Seconds in the unit @unit names, as printed after a figure. */
static double
unit_seconds (const char *unit)
{
  if (g_str_equal (unit, "days") || g_str_equal (unit, "天"))
    return 86400;
  if (g_str_equal (unit, "h") || g_str_equal (unit, "小时"))
    return 3600;
  g_assert_true (g_str_equal (unit, "min") || g_str_equal (unit, "分钟"));
  return 60;
}

/* Checks every "a days = b … + c …" or "a h = b h of run + …" of @text
 * (squeezed: "10.6days=82minofrun+44minofdebugging+10.5daysof…",
 * "1.0天=运行16.3小时+调试8.6小时。"), each part the first figure between
 * its "=" or "+" and the next one, with its unit (each figure is in the
 * unit its size reads in: days from a day, hours from an hour and a half,
 * minutes below); the sentence ends at a full stop that is no decimal
 * point or at the parenthesis naming the rule. The parts, in the total's
 * unit, add up to it as the reader adds them, within the total's
 * rounding: exactly where all are in that unit (the total's unit holds
 * what the others leave), and 10.5 days + (82 + 44) min = 10.5875 days,
 * "10.6 days", where they are not. Returns how many were checked. */
static guint
check_sums (const char *text)
{
  g_autoptr(GRegex) sum = g_regex_new ("([0-9][0-9,]*(?:\\.[0-9]+)?)(days|天|h|小时|min|分钟)="
                                       "(?=[0-9.,]+(?:days|h|min)of|运行|调试|迁移)(.*?)(?:\\.(?![0-9])|。|\\(|（)",
                                       0, 0, NULL);
  g_autoptr(GRegex) figure = g_regex_new ("([0-9][0-9,]*(?:\\.[0-9]+)?)(days|天|h|小时|min|分钟)", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint checked = 0;

  g_regex_match (sum, text, 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *line = g_match_info_fetch (match, 0);
      g_autofree char *total = g_match_info_fetch (match, 1);
      g_autofree char *total_unit = g_match_info_fetch (match, 2);
      g_autofree char *parts_text = g_match_info_fetch (match, 3);
      g_auto(GStrv) parts = g_strsplit (parts_text, "+", -1);
      const char *point = strchr (total, '.');
      double step = pow (10, -(point != NULL ? (int) strlen (point + 1) : 0));
      double sum_total_units = 0;

      g_assert_cmpuint (g_strv_length (parts), >=, 2);
      for (guint i = 0; parts[i] != NULL; i++)
        {
          g_autoptr(GMatchInfo) part = NULL;
          g_autofree char *value = NULL;
          g_autofree char *unit = NULL;

          if (!g_regex_match (figure, parts[i], 0, &part))
            g_error ("no figure in “%s” of “%s”", parts[i], line);
          value = g_match_info_fetch (part, 1);
          unit = g_match_info_fetch (part, 2);
          sum_total_units += millionths (value) / 1e6 * unit_seconds (unit) / unit_seconds (total_unit);
        }
      g_test_message ("%s", line);
      /* Within the total's rounding: 1.8 h + 57 min = 2.75 h reads as the
       * 2.7 h printed (2.74 h before rounding). */
      if (fabs (sum_total_units - millionths (total) / 1e6) > step / 2 + 1e-9)
        g_error ("“%s” does not add up as printed (%.4f)", line, sum_total_units);
      checked++;
    }
  return checked;
}

/* Walk 8's project: a 70B LoRA on 500M tokens with no deadline, one
 * 8 × A800 machine at 9.50 CNY per GPU-hour and up to 4 nodes of 8 × H800
 * at 70,000 CNY per node-month on InfiniBand whose sharing is not stated. */
static void
make_walk_project (const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "LoRA 70B chat", "--model", "llama-2-70b", "--task", "lora", "--recompute", "full", "--zero", "0",
          "--tokens", "500M");
  RUN_OK ("add-quote", file, "--vendor", "Alpha Cloud", "--offer", "8x A800 80GB bare metal", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "9.50");
  RUN_OK ("add-quote", file, "--vendor", "Beta Compute", "--offer", "4 nodes 8x H800 IB", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "4", "--price-per-node-month", "70000", "--network", "infiniband",
          "--nics", "8", "--nic-gbps", "400");
}

static void
test_walk (void)
{
  g_autofree char *en = NULL;
  g_autofree char *en_rows = NULL;
  g_autofree char *zh = NULL;
  g_autofree char *zh_rows = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  make_walk_project ("w.cplan");
  RUN_OK ("report", "w.cplan", "--lang", "en", "--pdf", "w-en.pdf");
  RUN_OK ("report", "w.cplan", "--lang", "zh_CN", "--pdf", "w-zh.pdf");
  en = cp_test_pdf_text (tmp_dir, "w-en.pdf", 0, FALSE);
  en_rows = cp_test_pdf_text (tmp_dir, "w-en.pdf", 0, TRUE);
  zh = cp_test_pdf_text (tmp_dir, "w-zh.pdf", 0, FALSE);
  zh_rows = cp_test_pdf_text (tmp_dir, "w-zh.pdf", 0, TRUE);

  /* 8: the one-node calendar, 0.66 + 0.35 days, read "1.0 = 0.7 + 0.4"
   * in tenths; both sums on the page now add up. */
  cp_test_assert_lacks (en, "1.0 days = 0.7 days of run + 0.4 days of debugging");
  g_assert_cmpuint (check_sums (en), ==, 2);
  g_assert_cmpuint (check_sums (zh), ==, 2);

  /* 7: the money the cluster is weighed by. One node bills its month's
   * minimum, 1 × 70,000 CNY; the whole offer bills 4 × 70,000 = 280,000
   * CNY of GPU time, debugging on one of those nodes in their month
   * (walk36b Z7: no machine rented apart for 70,000), and the team's
   * migration, 30,000 (R8): 310,000. Its calendar: a run of 4.7 h on 4
   * nodes is 18.8 node-hours, the job's run on one machine, so debugging
   * is 35/65 × 18.8 = 10.1 h (R4: not 35/65 of the split run's 4.7 h,
   * 2.5 h), and 4.7 h + 10.1 h + 10.5 days of migration = 11.1 days, which
   * fit in the nodes' 730 h. */
  cp_test_assert_has (en, "Chosen size, 1 node: 1.0 days, 70,000 CNY;");
  cp_test_assert_has (en, "Whole offer, 4 nodes: 11.1 days, 310,000 CNY;");
  cp_test_assert_has (en, "counted as 30,000 CNY");
  cp_test_assert_has (zh, "所选规模，1 个节点：1.0 天，¥70,000；");
  /* Chinese prose writes money as the tables do: "38.0 万元" here read
   * beside the amount to approve's whole yuan (issue 22). */
  cp_test_assert_has (zh, "整套报价，4 个节点：11.1 天，¥310,000；");

  /* 14: the Network cell in a few words, the estimate's reasoning in the
   * assumptions ("Share of a shared network's rated speed a job gets"). */
  cp_test_assert_has (en, "InfiniBand 8 × 400 Gb/s, shared (assumed)");
  cp_test_assert_has (en, "Share of a shared network's rated speed a job gets");
  cp_test_assert_lacks (en, "as a fabric no one set aside for you is shared");
  cp_test_assert_has (zh, "InfiniBand 8 × 400 Gb/s，共享（假设）");
  /* The interval is left at 0, each option's optimum: 21.9 h here. */
  cp_test_assert_has (en, "Training time between checkpoints; each interruption redoes half an interval on average, "
                  "plus the restart: The optimum for each option (see “Interruptions and goodput”)");
  cp_test_assert_has (zh, "每个方案各取最优值（见“中断与有效时间比”）");
  cp_test_assert_lacks (en, "plus the restart: 0s");
  /* No deadline: the chart's legend runs from the run to the cost axis. */
  cp_test_assert_has (en_rows, "Debugging Migration Run or service Planned cost (CNY)");
  cp_test_assert_has (zh_rows, "调试 迁移 训练或服务 计划累计费用（元）");

  /* 12: the single machine has no network, the techniques are labels.
   * The row's first line: its hardware wraps after the maker in the
   * column the billing terms leave it. */
  cp_test_assert_has (en_rows, "8 × NVIDIA None 9.50 CNY 1 h · none 13% incl.");
  /* Neither the hour's step nor its "none" of a term is the quote's: both
   * are the app's reading, marked once for the pair, as a month's pair
   * is (read37 F4: the term the signature rests on read as the
   * vendor's; walk38b G4: a stated term is never marked). */
  cp_test_assert_has (en_rows, "A800 80GB SXM per GPU- (both (assumed)");
  /* Its fastest layout would use 96% of each A800's memory, above 90%
   * ("Tight"); the search takes one 3.2% slower that leaves headroom
   * (layout-headroom-time, 5%), and says what it gave up. */
  cp_test_assert_has (en_rows, "1 Yes LoRA, full 3.2");
  cp_test_assert_lacks (en, "Uses 96% of each GPU's memory, above 90%");
  cp_test_assert_has (en, "3.2% slower than the fastest that fits, because the fastest uses 96% of each GPU's memory, above 90% (Tight)");
  cp_test_assert_has (en, "Full activation recompute");
  /* The technique cell names it ("Full activation recompute"), where it
   * read "As configured"; the memory chart may say "LoRA fine-tuning as
   * configured" of its line. */
  cp_test_assert_lacks (en, "As configured");
}

/* Every sum in the demo's report, in both languages, adds up as printed. */
static void
test_demo_sums (void)
{
  static const char *const langs[] = { "en", "zh_CN" };

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("demo", "demo.cplan");
  for (guint i = 0; i < G_N_ELEMENTS (langs); i++)
    {
      g_autofree char *pdf = g_strdup_printf ("demo-%s.pdf", langs[i]);
      g_autofree char *text = NULL;

      RUN_OK ("report", "demo.cplan", "--lang", langs[i], "--pdf", pdf);
      text = flowing_text (pdf);
      g_assert_cmpuint (check_sums (text), >, 0);
    }
}

/* Issue 22, approver 21's finding 3: storage a recommended quote does
 * not price is estimated under the amount, not only named. The job keeps
 * 20 TB; Alpha (10 CNY per H800-hour, no storage price) wins over Beta
 * (12 CNY per A800-hour, 800 CNY per TB-month), and the job takes the
 * 6.8 calendar hours R4 prints (0.28 days, said in hours under a day as
 * the calendar says it): 20 × 800 × 0.28 × 24 / 730 = 147 CNY, more
 * than the contingency on the range's top of 720 CNY: its 10%, 72 CNY,
 * is less than one more billed hour of Alpha's machine, 10 × 8 = 80 CNY,
 * so 80 and 800 CNY to approve. */
static void
test_unpriced_storage_estimated (void)
{
  g_autofree char *en = NULL;
  g_autofree char *zh = NULL;
  /* flowing_text() squeezes out every space. */
  g_autoptr(GRegex) estimate = g_regex_new ("Notintheamount:storage\\(AlphaCloud\\),notpricedinitsquote:"
                                            "about([0-9,]+)CNYatBetaStore’s800CNYperTB-month,morethanthecontingency",
                                            0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *figure = NULL;
  double low = 20 * 800 * 0.275 * 24 / 730, high = 20 * 800 * 0.285 * 24 / 730;

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "s.cplan");
  RUN_OK ("add-job", "s.cplan", "--name", "7B tune", "--model", "llama-2-7b", "--task", "lora", "--tokens", "2B",
          "--storage-tb", "20");
  RUN_OK ("add-quote", "s.cplan", "--vendor", "Alpha Cloud", "--offer", "8x H800", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "10");
  RUN_OK ("add-quote", "s.cplan", "--vendor", "Beta Store", "--offer", "8x A800", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "12", "--storage-price-per-tb-month", "800");
  RUN_OK ("report", "s.cplan", "--lang", "en", "--pdf", "s-en.pdf");
  RUN_OK ("report", "s.cplan", "--lang", "zh_CN", "--pdf", "s-zh.pdf");
  en = flowing_text ("s-en.pdf");
  zh = flowing_text ("s-zh.pdf");

  cp_test_assert_has (en, "Amount to approve: 800 CNY (the top of the range + 80 CNY contingency: one more billed hour "
                          "of 1 machine, more than 10%).");
  cp_test_assert_has (en, "of the 6.8 h this job takes in all");
  g_assert_true (g_regex_match (estimate, en, 0, &match));
  figure = g_match_info_fetch (match, 1);
  g_assert_cmpfloat (g_ascii_strtod (figure, NULL), >=, floor (low));
  g_assert_cmpfloat (g_ascii_strtod (figure, NULL), <=, ceil (high));
  cp_test_assert_lacks (en, "storage price (Alpha Cloud)");
  {
    g_autofree char *zh_line = g_strdup_printf ("AlphaCloud的存储（报价未计价，按BetaStore每TB·月¥800估算约¥%s，超过不可预见费）", figure);

    cp_test_assert_has (zh, zh_line);
  }
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-report-figures-XXXXXX");

  g_test_add_func ("/cli-report-figures/walk", test_walk);
  g_test_add_func ("/cli-report-figures/demo-sums", test_demo_sums);
  g_test_add_func ("/cli-report-figures/unpriced-storage-estimated", test_unpriced_storage_estimated);

  return cp_test_run_then_remove (tmp_dir);
}
