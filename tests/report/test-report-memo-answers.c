/* test-report-memo-answers.c: what an approver signs when a verdict is not
 * firm or the plan is not approvable as planned (appr33 A1, A5, A6, A18,
 * A25, A27), on reports made as a user makes them (compute-planner-cli,
 * read back with pdftotext), in both languages. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* The approver's one-job project (appr33): a LoRA of Llama-2-70B on 500M
 * tokens of 4,096 within 30 days, 2 TB, starting on 11 January 2027; one
 * 8 × H800 machine at 38,000 CNY per node-month (Beijing Yunsuan) and 4
 * nodes of 8 × A800 at 9.50 CNY per GPU-hour with a 5,000 CNY setup fee
 * and storage at 800 CNY per TB-month (Shanghai Suanli). Neither states
 * its billing step, Shanghai Suanli states @minimum_term_hours (0: none),
 * and the team is not described. */
static void
make_lora (const char *file,
           const char *minimum_term_hours)
{
  RUN_OK ("new", file, "--name", "Llama 70B LoRA fine-tune", "--start", "2027-01-11");
  RUN_OK ("add-job", file, "--name", "Customer-service LoRA, Llama-2-70B", "--task", "lora", "--model", "llama-2-70b",
          "--tokens", "500000000", "--seq-len", "4096", "--lora-rank", "16", "--deadline-days", "30",
          "--storage-tb", "2");
  RUN_OK ("add-quote", file, "--vendor", "Beijing Yunsuan", "--offer", "H800 8-GPU server", "--offering", "bare-metal",
          "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "38000",
          "--network", "infiniband", "--nics", "8", "--nic-gbps", "400", "--valid-until", "2027-01-31");
  RUN_OK ("add-quote", file, "--vendor", "Shanghai Suanli", "--offer", "A800 4-node cluster", "--offering",
          "container-cluster", "--gpu", "a800", "--gpus-per-node", "8", "--nodes", "4", "--price-per-gpu-hour", "9.5",
          "--network", "roce", "--nics", "4", "--nic-gbps", "200", "--shared", "--setup-fee", "5000",
          "--storage-price-per-tb-month", "800", "--minimum-term-hours", minimum_term_hours);
}

typedef struct {
  const char *lang;
  const char *holds;           /* the range's last sentence, with the answer that moves the choice */
  const char *asked_by_hour;   /* Beijing Yunsuan billing by the hour: no longer asked */
  const char *commits;         /* the amount, the answer that passes it, what covers it */
  const char *proviso;         /* the sign-off block: what the signature rests on */
} LoraWords;

/* By hand: Shanghai Suanli's one machine bills 8 GPUs × 54 h × 9.50 =
 * 4,104 CNY, with the 5,000 CNY fee and 2 TB × 800 × 54 / 730 = 118 CNY
 * of storage: 9,222 CNY, the answer. Beijing Yunsuan's price is per
 * node-month, which states its billing: whole months, one at least, 1 ×
 * 38,000 = 38,000 CNY for the 0.9-day run, never read by the hour, so
 * its vendor is not asked how it bills and the verdict is firm (W6,
 * approver 36 D27/D31). Shanghai Suanli's hourly price states no minimum
 * term: billed a month at least, it would bill 8 × 730 h × 9.50 = 55,480
 * CNY, 60,598 CNY in all, dearer than Beijing Yunsuan's 38,000 CNY: the
 * choice goes to Beijing Yunsuan at 38,000 CNY, more than the 11,520 CNY
 * to approve (10,473 × 1.10), which 38,000 × 1.10 = 41,800 CNY would
 * cover. */
static const LoraWords lora_english = {
  "en",
  "Range: 8,440–10,473 CNY, 1.8–2.9 days; the choice holds across it while Shanghai Suanli bills by the hour with no "
  "minimum term (if it bills at least a month: Beijing Yunsuan at 38,000 CNY).",
  "If Beijing Yunsuan bills by the hour",
  "Amount to approve: 11,520 CNY (the top of the range + 10% contingency, 1,047 CNY). Approve before the work starts "
  "on 11 January 2027; Shanghai Suanli’s quote does not say how long its price holds. If Shanghai Suanli bills at least a "
  "month (question 3 below): Beijing Yunsuan at 38,000 CNY, past this amount; ask first or "
  "approve 41,800 CNY.",
  "The signature approves up to 11,520 CNY provided Shanghai Suanli bills by the hour with no minimum term.",
};

static const LoraWords lora_chinese = {
  "zh_CN",
  "范围：¥8,440–10,473，1.8–2.9 天；只要 Shanghai Suanli 按小时计费且无最短租期，在此范围内结论不变（若至少按一个月计费：改为 "
  "Beijing Yunsuan，费用 ¥38,000）。",
  "若 Beijing Yunsuan 按小时计费",
  "申请批准金额：¥11,520（区间上限 + 10% 不可预见费 ¥1,047）。请在工作开始（2027年1月11日）前审批；Shanghai Suanli 的报价未写明价格有效期。"
  "如果 Shanghai Suanli 至少按一个月计费（见下文问题 3）：改为 Beijing Yunsuan，费用 ¥38,000，超出此金额；请先询问，"
  "或批准 ¥41,800。",
  "签字即批准不超过 ¥11,520，前提是 Shanghai Suanli 按小时计费且无最短租期。",
};

static void
check_lora (const LoraWords *w)
{
  g_autofree char *pdf = g_strdup_printf ("lora-%s.pdf", w->lang);
  g_autofree char *first = NULL;

  RUN_OK ("report", "lora.cplan", "--lang", w->lang, "--pdf", pdf);
  first = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);

  /* Firm, with the one answer that moves the choice (A27): Shanghai
   * Suanli's month; Beijing Yunsuan's monthly price is not read by the
   * hour (W6). */
  cp_test_assert_has (first, w->holds);
  cp_test_assert_lacks (first, g_str_has_prefix (w->lang, "zh") ? "结论待定" : "Not firm");
  cp_test_assert_lacks (first, w->asked_by_hour);
  /* What signing commits to, with the answer that passes the amount and
   * the amount that covers it (A1, A27), and the condition the signature
   * carries, on page 1. */
  cp_test_assert_has (first, w->commits);
  cp_test_assert_has (first, w->proviso);
  /* A start date is set: no note on where the dates count from. */
  cp_test_assert_lacks (first, g_str_has_prefix (w->lang, "zh") ? "未设定开始日期" : "No start date is set");
  /* Sign-off on page 1, the report in 5 pages. */
  cp_test_assert_has (first, g_str_has_prefix (w->lang, "zh") ? "编制" : "Prepared by");
  g_assert_cmpuint (cp_test_pdf_page_count (tmp_dir, pdf), <=, 5);
}

static void
test_lora_open_answers (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  make_lora ("lora.cplan", "0");
  check_lora (&lora_english);
  check_lora (&lora_chinese);
}

/* With its minimum term stated (a month), Shanghai Suanli's quote is no
 * longer read as billed by the hour: 8 × 730 h × 9.50 = 55,480 CNY + 5,000
 * + storage is dearer than Beijing Yunsuan's 38,000 CNY month, which is
 * then the answer, and no answer of Shanghai Suanli's billing is open. */
static void
test_lora_minimum_stated (void)
{
  g_autofree char *first = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  make_lora ("lora-month.cplan", "730");
  RUN_OK ("report", "lora-month.cplan", "--lang", "en", "--pdf", "lora-month.pdf");
  first = cp_test_pdf_text (tmp_dir, "lora-month.pdf", 1, FALSE);
  cp_test_assert_has (first, "From: Beijing Yunsuan");
  cp_test_assert_has (first, "For: 38,000 CNY in total");
  cp_test_assert_lacks (first, "If Shanghai Suanli bills at least a month");
}

/* Approver 34's lora (B1): the same job on one 8 × H800 machine at 16.80
 * CNY per GPU-hour, storage 600 CNY per TB-month, valid to 31 January
 * 2027 (Beijing Yunsuan), beside 4 nodes of 8 × A800 at 42,000 CNY per
 * node-month with a 3,000 CNY setup fee (Shanghai Suanli). By hand: 8
 * GPUs × 21 h × 16.80 = 2,822 CNY (a 20.6-h run kept under 90% of memory
 * by the layout rule, billed by the hour) + 2 TB × 600 × 20.6 / 730 = 34
 * CNY of storage, 2,856 CNY, against 42,000 + 3,000 = 45,000 CNY: firm, as no
 * reading of Shanghai Suanli's month makes it cheaper. But billed a month
 * at least, Beijing Yunsuan's machine would bill 8 × 730 h × 16.80 =
 * 98,112 CNY, 98,143 CNY with the storage, and Shanghai Suanli's 45,000
 * CNY wins: past the 3,808 × 1.10 = 4,189 CNY to approve, which 45,000 ×
 * 1.10 = 49,500 CNY would cover. Page 1 says so and what the signature
 * rests on. */
typedef struct {
  const char *lang;
  const char *holds;
  const char *commits;
  const char *proviso;
} FirmWords;

static const FirmWords firm_english = {
  "en",
  "Range: 2,447–3,808 CNY, 0.7–1.1 days; the choice holds across it while Beijing Yunsuan bills by the hour with no "
  "minimum term (if it bills at least a month: Shanghai Suanli at 45,000 CNY).",
  "Amount to approve: 4,189 CNY (the top of the range + 10% contingency, 381 CNY).",
  "The signature approves up to 4,189 CNY provided Beijing Yunsuan bills by the hour with no minimum term.",
};

static const FirmWords firm_chinese = {
  "zh_CN",
  "范围：¥2,447–3,808，0.7–1.1 天；只要 Beijing Yunsuan 按小时计费且无最短租期，在此范围内结论不变（若至少按一个月计费：改为 "
  "Shanghai Suanli，费用 ¥45,000）。",
  "申请批准金额：¥4,189（区间上限 + 10% 不可预见费 ¥381）。",
  "签字即批准不超过 ¥4,189，前提是 Beijing Yunsuan 按小时计费且无最短租期。",
};

static void
check_firm (const FirmWords *w)
{
  g_autofree char *pdf = g_strdup_printf ("firm-%s.pdf", w->lang);
  g_autofree char *first = NULL, *cover = NULL;

  RUN_OK ("report", "firm.cplan", "--lang", w->lang, "--pdf", pdf);
  first = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
  cp_test_assert_has (first, w->holds);
  cp_test_assert_has (first, w->commits);
  cover = g_str_has_prefix (w->lang, "zh")
          ? g_strdup ("：改为 Shanghai Suanli，费用 ¥45,000，超出此金额；请先询问，或批准 ¥49,500。")
          : g_strdup (": Shanghai Suanli at 45,000 CNY, past this amount; ask first "
                      "or approve 49,500 CNY.");
  cp_test_assert_has (first, cover);
  cp_test_assert_has (first, w->proviso);
  cp_test_assert_lacks (first, g_str_has_prefix (w->lang, "zh") ? "结论待定" : "Not firm");
  cp_test_assert_has (first, g_str_has_prefix (w->lang, "zh") ? "编制" : "Prepared by");
  g_assert_cmpuint (cp_test_pdf_page_count (tmp_dir, pdf), <=, 5);
  /* The two-row "Where the money goes" on one page, under its heading
   * (approver 34, B6: split over pages 2 and 3): both totals, 2,856 and
   * 45,000 CNY, follow it on its page. */
  for (guint page = 2; page <= cp_test_pdf_page_count (tmp_dir, pdf); page++)
    {
      /* pdftotext's text and the needles squeezed alike. */
      g_autofree char *text = cp_test_pdf_text (tmp_dir, pdf, page, FALSE);
      g_autofree char *title = cp_test_squeeze (g_str_has_prefix (w->lang, "zh") ? "成本构成" : "Where the money goes");
      g_autofree char *first_row = cp_test_squeeze ("Beijing Yunsuan — H800 8-GPU server");
      g_autofree char *second_row = cp_test_squeeze ("Shanghai Suanli — A800 4-node cluster");
      const char *heading = strstr (text, title);
      const char *h800 = heading != NULL ? strstr (heading, first_row) : NULL;

      if (heading == NULL)
        continue;
      g_assert_nonnull (h800);
      g_assert_nonnull (strstr (h800, second_row));
      g_assert_nonnull (strstr (h800, "2,856"));
      g_assert_nonnull (strstr (h800, "45,000"));
      return;
    }
  g_assert_not_reached ();
}

/* Approver 34's lora.cplan, Beijing Yunsuan stating @minimum_term_hours
 * (0: none), its job named @job. */
static void
make_firm (const char *file,
           const char *minimum_term_hours,
           const char *job)
{
  RUN_OK ("new", file, "--name", "lora", "--start", "2027-01-11");
  RUN_OK ("add-job", file, "--name", job, "--task", "lora", "--model",
          "llama-2-70b", "--tokens", "500000000", "--seq-len", "4096", "--lora-rank", "16", "--deadline-days", "30",
          "--storage-tb", "2");
  RUN_OK ("add-quote", file, "--vendor", "Beijing Yunsuan", "--offer", "H800 8-GPU server", "--offering",
          "bare-metal", "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "16.8",
          "--storage-price-per-tb-month", "600", "--valid-until", "2027-01-31", "--minimum-term-hours",
          minimum_term_hours);
  RUN_OK ("add-quote", file, "--vendor", "Shanghai Suanli", "--offer", "A800 4-node cluster", "--offering",
          "bare-metal-cluster", "--gpu", "a800", "--gpus-per-node", "8", "--nodes", "4", "--price-per-node-month",
          "42000", "--network", "infiniband", "--nics", "4", "--nic-gbps", "200", "--setup-fee", "3000");
}

/* Beijing Yunsuan stating a month's minimum: 16.80 × 8 × 730 = 98,112 CNY
 * and more, so Shanghai Suanli's 42,000 + 3,000 = 45,000 CNY is the
 * answer, a month at a fixed price: its band is that one figure, said as
 * such, not "45,000 CNY (45,000 CNY)" (approver 34, B11). The job's name,
 * typed without spaces, is quoted as typed in the Chinese prose, as the
 * tables do (W8). */
static void
test_fixed_price (void)
{
  g_autofree char *english = NULL, *chinese = NULL;
  gboolean asked_as_typed = FALSE;

  if (cp_test_skip_without_poppler ())
    return;
  make_firm ("fixed.cplan", "730", "70B全参微调");
  RUN_OK ("report", "fixed.cplan", "--lang", "en", "--pdf", "fixed-en.pdf");
  RUN_OK ("report", "fixed.cplan", "--lang", "zh_CN", "--pdf", "fixed-zh.pdf");
  english = cp_test_pdf_text (tmp_dir, "fixed-en.pdf", 1, FALSE);
  chinese = cp_test_pdf_text (tmp_dir, "fixed-zh.pdf", 1, FALSE);
  cp_test_assert_has (english, "For: 45,000 CNY in total");
  cp_test_assert_has (english, "The job at its recommended option: 45,000 CNY, a fixed price, 11–13 January 2027");
  cp_test_assert_lacks (english, "45,000 CNY (45,000 CNY)");
  cp_test_assert_has (chinese, "该任务按推荐方案：¥45,000，固定价格，2027年1月11日至13日");
  cp_test_assert_lacks (chinese, "¥45,000（¥45,000）");
  /* Read line by line, spaces kept (cp_test_pdf_text() squeezes them). */
  for (guint page = 1; page <= cp_test_pdf_page_count (tmp_dir, "fixed-zh.pdf"); page++)
    {
      g_autoptr(GPtrArray) lines = cp_test_pdf_page_lines (tmp_dir, "fixed-zh.pdf", page);

      for (guint i = 0; i < lines->len; i++)
        {
          const char *line = g_ptr_array_index (lines, i);

          g_assert_null (strstr (line, "70B 全参微调"));
          asked_as_typed |= strstr (line, "涉及 70B全参微调）。") != NULL;
        }
    }
  g_assert_true (asked_as_typed);
}

static void
test_firm_month_minimum (void)
{
  g_autofree char *stated = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  make_firm ("firm.cplan", "0", "Customer-service LoRA, Llama-2-70B");
  check_firm (&firm_english);
  check_firm (&firm_chinese);

  /* Its minimum term stated as none beyond an hour, the question is
   * answered: no condition on the signature. */
  make_firm ("firm-stated.cplan", "1", "Customer-service LoRA, Llama-2-70B");
  RUN_OK ("report", "firm-stated.cplan", "--lang", "en", "--pdf", "firm-stated.pdf");
  stated = cp_test_pdf_text (tmp_dir, "firm-stated.pdf", 1, FALSE);
  cp_test_assert_has (stated, "Range: 2,447–3,808 CNY, 0.7–1.1 days; the choice holds across it.");
  cp_test_assert_lacks (stated, "bills at least a month");
  cp_test_assert_lacks (stated, "One answer above would exceed it");
  cp_test_assert_lacks (stated, "The signature approves up to");
}

/* Match @found's group @group, a figure as the report writes it
 * ("26,215"), as a number. */
static double
figure_of (GMatchInfo *found,
           int         group)
{
  g_autofree char *text = g_match_info_fetch (found, group);

  return cp_test_figure (text);
}

/* walk36b Z4's jobs in @file: a 13B LoRA on 200M tokens within 14 days,
 * then a 30-day service of it for 100 users after it. */
static void
add_lora_then_service (const char *file)
{
  RUN_OK ("add-job", file, "--name", "13B LoRA adapter", "--task", "lora", "--model", "llama-2-13b",
          "--tokens", "200000000", "--deadline-days", "14");
  RUN_OK ("add-job", file, "--name", "13B adapter serving", "--task", "inference", "--model", "llama-2-13b",
          "--concurrency", "100", "--duration-days", "30", "--after", "job-1");
}

/* walk36b Z4: a 13B LoRA (8 A800 for 4 h at 6.50 CNY a GPU-hour: 208
 * CNY, band to 260) and a 30-day service after it (720 h: 37,440 CNY) on
 * Local lab's hourly quote, whose minimum term is unstated. Amount: (260
 * + 37,440) × 1.1 = 41,470 CNY. Billed a month (730 h) at least, each
 * rental costs 6.50 × 8 × 730 = 37,960 CNY, the LoRA's and the
 * service's alike: (37,960 + 37,960) × 1.1 = 83,512 CNY to approve, where
 * the service was left at 37,440 (82,940). The service's own answer
 * says so, on page 1 and in the XML, with the same amount. */
static void
test_vendor_month_minimum_all_jobs (void)
{
  g_autofree char *english = NULL, *chinese = NULL, *raw = NULL, *xml = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "lab.cplan", "--name", "lab", "--start", "2027-01-11");
  add_lora_then_service ("lab.cplan");
  RUN_OK ("add-quote", "lab.cplan", "--vendor", "Local lab", "--offer", "Own 8xA800 server", "--offering",
          "bare-metal", "--gpu", "a800", "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "6.5");
  RUN_OK ("add-quote", "lab.cplan", "--vendor", "CloudCo", "--offer", "2-node H800 cluster", "--offering",
          "bare-metal-cluster", "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "2", "--price-per-node-month",
          "70000", "--network", "infiniband", "--nics", "8", "--nic-gbps", "400");
  RUN_OK ("report", "lab.cplan", "--lang", "en", "--pdf", "lab-en.pdf", "--xml", "lab.xml");
  RUN_OK ("report", "lab.cplan", "--lang", "zh_CN", "--pdf", "lab-zh.pdf");
  english = cp_test_pdf_text (tmp_dir, "lab-en.pdf", 1, FALSE);
  chinese = cp_test_pdf_text (tmp_dir, "lab-zh.pdf", 1, FALSE);
  cp_test_assert_has (english, "Amount to approve: 41,470 CNY");
  cp_test_assert_has (english, "; ask first or approve 83,512 CNY.");
  cp_test_assert_has (english, "× 720 h = 37,440 CNY. Fixed term and price while Local lab bills by the hour with no "
                               "minimum term (if it bills at least a month: Local lab then costs 37,960 CNY).");
  cp_test_assert_has (chinese, "¥83,512");
  cp_test_assert_has (chinese, "只要 Local lab 按小时计费且无最短租期，租期与价格固定（若至少按一个月计费：Local lab 的费用变为 ¥37,960）。");
  raw = cp_test_read_in (tmp_dir, "lab.xml");
  xml = cp_test_squeeze (raw);
  /* Both jobs' conditions name the one question; its amount is said
   * once, in the project's condition (issue 22). It is question 2, after
   * storage: CloudCo's cluster, rented by no job and named in no answer,
   * is not asked about its network (read37 F3). */
  g_assert_cmpuint (cp_test_count (xml, "<conditionwithin-amount=\"false\"><if>Locallabbillsatleastamonth</if>"
                                        "<then>Locallabthencosts37,960CNY</then>"
                                        "<questionkind=\"billing\"number=\"2\"quote=\"quote-1\"/></condition>"), ==, 2);
  g_assert_cmpuint (cp_test_count (xml, "<amount-to-approvecurrency=\"CNY\">83512</amount-to-approve>"), ==, 1);

  /* Approver 36, D32: the month table gives the amount to approve by each
   * month's end beside the plan. The LoRA (on 11 January) has a band 52
   * CNY above its 208 CNY, the service none: January's approved amount is
   * (January's plan + 52) × 1.1, February's the amount, 41,470 CNY. */
  {
    g_autofree char *memo = cp_test_pdf_text (tmp_dir, "lab-en.pdf", 0, FALSE);
    g_autoptr(GRegex) row = g_regex_new ("2027-01([0-9,]+)CNY([0-9,]+)CNY([0-9,]+)CNY2027-02([0-9,]+)CNY([0-9,]+)CNY"
                                         "([0-9,]+)CNY", 0, 0, NULL);
    g_autoptr(GMatchInfo) found = NULL;
    double planned, approved;

    g_assert_true (g_regex_match (row, memo, 0, &found));
    planned = figure_of (found, 2);
    approved = figure_of (found, 3);
    g_assert_cmpfloat (approved, ==, round ((planned + 52) * 1.1));
    g_assert_cmpfloat (figure_of (found, 5), ==, 37648);
    g_assert_cmpfloat (figure_of (found, 6), ==, 41470);
  }
}

typedef struct {
  const char *lang;
  const char *so_run;          /* the fallback's cost, its months in the month table */
  const char *start_note;      /* beside the calendar line */
  const char *summary;         /* the calendar line it follows */
  const char *amount;          /* the amount line it precedes */
  const char *notes[3];        /* the amount's notes, each a line of its own */
  const char *within;          /* the 70B job's answers, each within the amount */
  const char *whole_offer;     /* its answer when G rents only its whole offer */
  const char *question;        /* the project's question, kept */
  const char *job_answer;      /* the 70B job's name and verdict beginning its answer */
  const char *sign_off;
} DemoWords;

static const DemoWords demo_english = {
  "en",
  "Same cost: 258,550 CNY; the amount to approve covers either way.",
  "No start date is set: the dates move with the start, shown here from today.",
  "All jobs at their recommended options: 258,550 CNY",
  "Amount to approve: 319,864 CNY",
  { "Not in the amount:", "VAT:", "Assumed, not given:" },
  "Not firm; it turns on (each within the amount):",
  "If 示例供应商 G (Example vendor G) rents only the whole offer of 4 machines: 示例供应商 C (Example vendor C) at 26,000 CNY.",
  "For each job: one machine or a cluster, from which quote, to finish by its deadline at the lowest total cost?",
  "70B 全参数微调 (70B full fine-tune): Single machine with memory techniques. Rent: 1 machine of 8 × NVIDIA A800 80GB SXM "
  "(1 of the 4 offered), using CPU offload. From: 示例供应商 G (Example vendor G).",
  "Prepared by",
};

static const DemoWords demo_chinese = {
  "zh_CN",
  "依次进行时费用不变，仍为 ¥258,550；申请批准金额两种做法均可覆盖。",
  "未设定开始日期：各日期随开工日推移，此处从今天算起。",
  "全部任务按推荐方案：¥258,550",
  "申请批准金额：¥319,864",
  { "申请金额不含：", "增值税：", "假设值（未填写）：" },
  "结论待定，取决于以下答复（每种结果都在申请金额之内）：",
  "若示例供应商 G (Example vendor G) 只整体出租全部 4 台机器：改为示例供应商 C (Example vendor C)，费用 ¥26,000。",
  "每项任务：租用单机还是集群、选哪家报价，才能在截止期限内以最低总成本完成？",
  "70B 全参数微调 (70B full fine-tune)：单机方案（配合显存优化手段）。租用：1 台 8 × NVIDIA A800 80GB SXM 的机器（报价共 4 台，"
  "租用其中 1 台），采用 CPU 卸载。供应商：示例供应商 G (Example vendor G)。",
  "编制",
};

/* The month table's rows on the memo's pages of @pdf ("2026-12 222,972 CNY
 * 222,972 CNY 204,240 CNY"): adds up its last column, the fallback's
 * money, checking the rows run from @first_month to @last_month one month
 * after another. */
static double
fallback_months_total (const char *pdf,
                       GDateTime  *first_month,
                       GDateTime  *last_month)
{
  g_autoptr(GRegex) row = g_regex_new ("^(\\d{4})-(\\d{2})\\s.*\\s¥?([0-9,]+)(?: CNY)?$", 0, 0, NULL);
  int year = g_date_time_get_year (first_month), number = g_date_time_get_month (first_month);
  double total = 0;
  guint n = 0;

  for (guint page = 1; page <= 2; page++)
    {
      g_autoptr(GPtrArray) lines = cp_test_pdf_page_lines (tmp_dir, pdf, page);

      for (guint i = 0; i < lines->len; i++)
        {
          g_autoptr(GMatchInfo) match = NULL;
          g_autofree char *y = NULL, *m = NULL, *money = NULL;
          g_autoptr(GString) digits = NULL;

          if (!g_regex_match (row, g_ptr_array_index (lines, i), 0, &match))
            continue;
          y = g_match_info_fetch (match, 1);
          m = g_match_info_fetch (match, 2);
          money = g_match_info_fetch (match, 3);
          g_assert_cmpint (atoi (y), ==, year);
          g_assert_cmpint (atoi (m), ==, number);
          digits = g_string_new (money);
          g_string_replace (digits, ",", "", 0);
          total += g_ascii_strtod (digits->str, NULL);
          n++;
          if (++number > 12)
            {
              number = 1;
              year++;
            }
        }
    }
  g_assert_cmpuint (n, >=, 2);
  /* The last row is the month the last job run one after another ends in. */
  g_assert_cmpint (number == 1 ? year - 1 : year, ==, g_date_time_get_year (last_month));
  g_assert_cmpint (number == 1 ? 12 : number - 1, ==, g_date_time_get_month (last_month));
  return total;
}

/* The demo, not approvable as planned (5 jobs on 示例供应商 A's one
 * machine): page 1 costs the fallback it offers, the jobs one after
 * another (A6). Its jobs cost what they cost in any order: the same
 * 258,550 CNY as the seven answers add up to, month by month in the month
 * table's last column from this month to the month of the last one's
 * end, the start + 71 days by hand (test-report-signing's
 * overbooking-blocks). The 70B job's answers each keep the project within
 * the amount: each leads to 示例供应商 E, at 11,195 or 7,284 CNY, or C,
 * at 26,000, less than 10,400 + (319,864 − 290,785) = 39,479. The
 * seven answers by hand: 10,400 + 108 + 12,968 + 215,060 (the 13B
 * pretraining on 10 of D's nodes: 9.50 × 80 GPUs × 179 h = 136,040, 14
 * days of debugging on one machine 9.50 × 8 × 336 h = 25,536, 50 TB ×
 * 1,200 a TB-month over its 21.42 days = 42,258, setup 10,000 and
 * 5,000 a month × 179/730 = 11,226) + 13,264
 * + 6,197 + 553 = 258,550; their tops 13,468 + 144 + 12,968 + 243,989 +
 * 13,264 + 6,197 + 755 = 290,785, + 10% = 319,864 to approve. The
 * start-date note sits beside the calendar line, and the amount's notes
 * are lines of their own (A5, A25). The memo keeps to two pages, its
 * amount on page 1. */
static void
check_demo (const DemoWords *w)
{
  g_autofree char *pdf = g_strdup_printf ("demo-%s.pdf", w->lang);
  g_autofree char *first = NULL, *second = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GDateTime) today = g_date_time_new_local (g_date_time_get_year (now), g_date_time_get_month (now),
                                                      g_date_time_get_day_of_month (now), 12, 0, 0);
  g_autoptr(GDateTime) serial_end = g_date_time_add_days (today, 71);
  g_autofree char *summary = cp_test_squeeze (w->summary);
  g_autofree char *start_note = cp_test_squeeze (w->start_note);
  g_autofree char *amount = cp_test_squeeze (w->amount);
  const char *at_summary, *at_note, *at_amount;

  RUN_OK ("report", "demo.cplan", "--lang", w->lang, "--pdf", pdf);
  first = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
  second = cp_test_pdf_text (tmp_dir, pdf, 2, FALSE);
  cp_test_assert_has (first, w->so_run);
  g_assert_cmpfloat (fallback_months_total (pdf, today, serial_end), ==, 258550);
  /* Beside the calendar line, before the amount, on page 1. */
  at_summary = strstr (first, summary);
  at_note = strstr (first, start_note);
  at_amount = strstr (first, amount);
  g_assert_nonnull (at_summary);
  g_assert_nonnull (at_note);
  g_assert_nonnull (at_amount);
  g_assert_true (at_summary < at_note && at_note < at_amount);
  cp_test_assert_has (first, w->within);
  /* G rented whole costs more than the cheapest quote rented whole, C's
   * one machine at 26,000 CNY (walk38b G1: not E's 11,195, 1 of its 8
   * nodes), which stays within the amount too: 26,000 < 39,479. The
   * memo keeps it, the question and every job's answer on its two pages
   * by beginning each answer with the job's name and verdict. */
  cp_test_assert_has (first, w->whole_offer);
  cp_test_assert_has (first, w->question);
  cp_test_assert_has (first, w->job_answer);
  for (guint n = 0; n < G_N_ELEMENTS (w->notes); n++)
    {
      gboolean starts = FALSE;

      for (guint page = 1; page <= 2 && !starts; page++)
        {
          g_autoptr(GPtrArray) lines = cp_test_pdf_page_lines (tmp_dir, pdf, page);

          for (guint i = 0; i < lines->len && !starts; i++)
            starts = g_str_has_prefix (g_ptr_array_index (lines, i), w->notes[n]);
        }
      g_assert_true (starts);
    }
  /* The memo on two pages: the sign-off on page 2. */
  cp_test_assert_has (second, w->sign_off);
}

static void
test_demo_fallback (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("demo", "demo.cplan");
  check_demo (&demo_english);
  check_demo (&demo_chinese);
}

/* Walk38b's serving job (G1, walk38 F4): 30 days of a 7B service at 100
 * concurrent requests, which one 8 × H800 machine serves, on three quotes
 * billed by the node-month: 华东智算's 整机 cluster of 4 nodes at 68,000
 * CNY, its one 单机 at 72,000 and Vendor 4's 2 nodes at 70,000, none
 * pricing storage. One machine for 720 h bills one month: 68,000, 72,000
 * and 70,000 CNY. 整机 wins on 1 of its 4 nodes; rented whole it costs 4 ×
 * 68,000 = 272,000. Every offer rented whole, 单机 wins at 72,000, not
 * Vendor 4 at 70,000 (1 of its 2 nodes; whole, 2 × 70,000 = 140,000).
 * The next best, priced for the nodes it rents as the answer is, says
 * so: Vendor 4 (1 of 2 nodes) at 70,000, 70,000 − 68,000 = 2,000 CNY
 * (2,000 / 68,000 = 2.9%) more; under the whole-offer answer its bare
 * "Vendor 4 at 70,000" read as a whole offer cheaper than 单机 (memo40).
 * The part question names the vendor, then its offer (walk39 F6).
 * The term and price are fixed and the choice is not: said in one
 * sentence. The job keeps the default 1 TB for 720 h of a 730-h month:
 * 720 / 730 = 0.99 TB-months, which no quote prices, said as "1 TB for
 * 30.0 days" (read37 F6). */
static void
make_whole_offer_serving (const char *file)
{
  RUN_OK ("new", file, "--name", "Serving");
  RUN_OK ("add-job", file, "--name", "Serving 30 days", "--task", "inference", "--model", "llama-7b", "--concurrency",
          "100", "--duration-days", "30");
  RUN_OK ("add-quote", file, "--vendor", "华东智算", "--offer", "整机", "--offering", "bare-metal-cluster", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "4", "--price-per-node-month", "68000", "--network", "infiniband", "--nics",
          "8", "--nic-gbps", "400", "--shared");
  RUN_OK ("add-quote", file, "--vendor", "华东智算", "--offer", "单机", "--gpu", "h800", "--gpus-per-node", "8", "--nodes",
          "1", "--price-per-node-month", "72000");
  RUN_OK ("add-quote", file, "--vendor", "Vendor 4", "--offer", "H800 cluster", "--offering", "bare-metal-cluster",
          "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "2", "--price-per-node-month", "70000", "--network",
          "infiniband", "--nics", "8", "--nic-gbps", "400");
}

/* walk39 F4: a 13B LoRA on Local lab's machine at 220 CNY per node-hour
 * from 4 January 2027 (3.9 h, billed 4 h: 880 CNY), then a 30-day service
 * after it on Monthly Co's machine at 68,000 CNY per node-month. The
 * service starts at the start of the next day: its 30 days are 5 January
 * – 3 February, its month is invoiced on 5 January, and the project runs
 * 4 January – 3 February, 31 days; page 1's answer, calendar table,
 * invoice line and chart and the XML say the same days, where they read
 * "5 January – 3 February", "on 4 January" and "(30.1 days)". */
static void
test_job_after_dates (void)
{
  static const char *const english[] = {
    "for 30.0 days (5 January – 3 February 2027)", "5 January – 3 February 2027, after 13B LoRA adapter",
    "Monthly Co, 68,000 CNY on 5 January 2027 (13B adapter serving)", "Ends 3 Feb 2027 (31.0 days)",
  };
  static const char *const chinese[] = {
    "租用 30.0 天（2027年1月5日至2月3日）", "2027年1月5日至2月3日，在“13B LoRA adapter”之后",
    "Monthly Co：2027年1月5日付 ¥68,000（13B adapter serving）", "2027年2月3日结束（31.0 天）",
  };
  g_autofree char *en = NULL, *zh = NULL, *raw = NULL, *xml = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "after.cplan", "--name", "After", "--start", "2027-01-04");
  add_lora_then_service ("after.cplan");
  RUN_OK ("add-quote", "after.cplan", "--vendor", "Local lab", "--offer", "Own 8xA800 server", "--offering",
          "bare-metal", "--gpu", "a800", "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-hour", "220");
  RUN_OK ("add-quote", "after.cplan", "--vendor", "Monthly Co", "--offer", "8xH800 machine", "--offering",
          "bare-metal", "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "68000");
  RUN_OK ("report", "after.cplan", "--lang", "en", "--pdf", "after-en.pdf", "--xml", "after.xml");
  RUN_OK ("report", "after.cplan", "--lang", "zh_CN", "--pdf", "after-zh.pdf");
  en = cp_test_pdf_text (tmp_dir, "after-en.pdf", 1, FALSE);
  zh = cp_test_pdf_text (tmp_dir, "after-zh.pdf", 1, FALSE);
  cp_test_assert_has (en, "done in 3.9 h (4 January 2027)");
  for (guint i = 0; i < G_N_ELEMENTS (english); i++)
    {
      cp_test_assert_has (en, english[i]);
      cp_test_assert_has (zh, chinese[i]);
    }
  raw = cp_test_read_in (tmp_dir, "after.xml");
  xml = cp_test_squeeze (raw);
  cp_test_assert_has (xml, "<start>2027-01-04</start><end>2027-02-03</end>");
  cp_test_assert_has (xml, "<start>2027-01-05</start><end>2027-02-03</end>");
}

/* What page 1 of make_whole_offer_serving()'s report says, in one
 * language. */
typedef struct {
  const char *lang;
  const char *fixed;           /* the range: price fixed, choice not firm */
  const char *whole_offer;     /* 单机 with every offer rented whole */
  const char *storage;         /* left out of the amount, and asked */
  const char *next_best;       /* priced, as the answer, for the nodes it rents */
  const char *asked;           /* the part question's vendor, then its offer */
  const char *sign_off;        /* the Approval heading, on page 1 */
} ServingWords;

static const ServingWords serving_words[] = {
  { "en", "Fixed term and price, no range; the choice is not firm, and turns on (each within the amount):",
    "If 华东智算 rents only the whole offer of 4 machines: 华东智算 — 单机 at 72,000 CNY.",
    "storage (华东智算: 1 TB (assumed) for 30.0 days), not counted: no quote prices storage (ask 华东智算 for one)",
    "Next best: Vendor 4 (1 of 2 nodes) at 70,000 CNY, 2,000 CNY more (2.9% above the recommended cost).",
    "Ask: 华东智算 about its offer “整机” (1 of 4 nodes) and Vendor 4", "Approval" },
  { "zh_CN", "期限与价格固定，无浮动；但结论待定，取决于以下答复（每种结果都在申请金额之内）：",
    "若华东智算只整体出租全部 4 台机器：改为华东智算 — 单机，费用 ¥72,000。",
    "存储（华东智算：1 TB（假设），保留 30.0 天），未计入：没有报价写明存储价格（请向华东智算询价）",
    "次优方案：Vendor 4（共 2 个节点中的 1 个），¥70,000，多 ¥2,000（比推荐方案高 2.9%）。",
    "询问：华东智算，就其报价“整机”（共 4 个节点中的 1 个）和 Vendor 4", "审批" },
};

/* One job, three quotes: the answer, the amount's notes and the sign-off
 * on page 1. */
static void
check_serving (const ServingWords *w)
{
  g_autofree char *pdf = g_strdup_printf ("serving-%s.pdf", w->lang);
  g_autofree char *first = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  guint at = 0;

  RUN_OK ("report", "serving.cplan", "--lang", w->lang, "--pdf", pdf);
  first = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
  cp_test_assert_has (first, w->fixed);
  cp_test_assert_has (first, w->whole_offer);
  cp_test_assert_has (first, w->storage);
  cp_test_assert_has (first, w->next_best);
  cp_test_assert_has (first, w->asked);
  lines = cp_test_pdf_page_lines (tmp_dir, pdf, 1);
  while (at < lines->len && strcmp (g_ptr_array_index (lines, at), w->sign_off) != 0)
    at++;
  g_assert_cmpuint (at, <, lines->len);
}

static void
test_whole_offer_serving (void)
{
  if (cp_test_have_poppler ())
    {
      make_whole_offer_serving ("serving.cplan");
      for (guint l = 0; l < G_N_ELEMENTS (serving_words); l++)
        check_serving (&serving_words[l]);
    }
  else
    g_test_skip ("pdftotext or pdfinfo is not installed");
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-memo-answers-XXXXXX");
  g_test_add_func ("/memo-answers/lora-open-answers", test_lora_open_answers);
  g_test_add_func ("/memo-answers/lora-minimum-stated", test_lora_minimum_stated);
  g_test_add_func ("/memo-answers/firm-month-minimum", test_firm_month_minimum);
  g_test_add_func ("/memo-answers/fixed-price", test_fixed_price);
  g_test_add_func ("/memo-answers/vendor-month-minimum-all-jobs", test_vendor_month_minimum_all_jobs);
  g_test_add_func ("/memo-answers/demo-fallback", test_demo_fallback);
  g_test_add_func ("/memo-answers/whole-offer-serving", test_whole_offer_serving);
  g_test_add_func ("/memo-answers/job-after-dates", test_job_after_dates);
  return cp_test_run_then_remove (tmp_dir);
}
