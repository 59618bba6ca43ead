/* test-cli-pages.c: issue 22's page budget, on reports made as a new user
 * makes them (the walk of 2 December): a project of one LoRA job and two
 * quotes fits in five pages in English and in Chinese, with the decision,
 * the budget and calendar, the questions for the vendors and the sign-off
 * on page 1; the demo's memo takes at most two pages and the whole demo
 * report fewer than the 37 (English) and 32 (Chinese) pages it took when
 * the issue was filed. Read through pdftotext and pdfinfo. */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "report/report-cli-projects.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* The figure after @label on @page, up to @end: "3,000 CNY" of
 * "For: 3,000 CNY in total;". */
static char *
figure_after (const char *page,
              const char *label,
              const char *end)
{
  g_autofree char *l = cp_test_squeeze (label);
  g_autofree char *e = cp_test_squeeze (end);
  const char *from = strstr (page, l);
  const char *to;

  g_assert_nonnull (from);
  from += strlen (l);
  to = strstr (from, e);
  g_assert_nonnull (to);
  return g_strndup (from, to - from);
}

/* The squeezed text of @pdf from page @from to its end, read with
 * pdftotext -layout when @layout (cp_test_pdf_text()). */
static GString *
text_from_page (const char *pdf,
                guint       from,
                gboolean    layout)
{
  GString *all = g_string_new (NULL);
  guint n_pages = cp_test_pdf_page_count (tmp_dir, pdf);

  for (guint p = from; p <= n_pages; p++)
    {
      g_autofree char *text = cp_test_pdf_text (tmp_dir, pdf, p, layout);

      g_string_append (all, text);
    }
  return all;
}

typedef struct {
  const char *lang;
  const char *answer;        /* the decision's first line */
  const char *byline;        /* under the title: after the date, the version */
  const char *cost_label;    /* before the job's total in its answer */
  const char *cost_end;
  const char *budget;        /* the budget heading, then before its total */
  const char *budget_label;
  const char *budget_end;
  const char *calendar;      /* the timeline chart's title */
  const char *questions;
  const char *ask;           /* a question put to both vendors, named on one line */
  const char *rental;        /* on one line: the hourly machine's unstated minimum term and the
                              * cluster's 1 node of 4 rented alone, asked */
  const char *roles[4];      /* the sign-off block */
  const char *appendix;
} Words;

static const Words english = {
  "en", "Rent: 1 machine", "· Compute Planner ", "For: ", " in total;",
  "Budget and calendar", "The job at its recommended option: ", " (",
  "Budget and calendar of the project",
  "Questions for the vendors", "Ask: 云厂商甲 and 智算中心乙.",
  "Can part of the offer be rented alone, on the same terms? Ask: 智算中心乙 (1 of 4 nodes). "
  "How is it billed, and is there a minimum term? Ask: 云厂商甲.",
  { "Approval", "Prepared by", "Reviewed by", "Approved by" },
  "Assumptions and conventions",
};

static const Words chinese = {
  "zh_CN", "租用：1 台 ", "· 算力方案规划 ", "费用：总计 ", "；",
  "预算与日程", "该任务按推荐方案：", "（",
  "项目的预算与日程",
  "需向供应商和团队确认的问题", "询问：云厂商甲和智算中心乙。",
  "能否按同样条件只租报价中的一部分节点？询问：智算中心乙（共 4 个节点中的 1 个）。如何计费？是否有最短租期？询问：云厂商甲。",
  { "审批", "编制", "审核", "批准" },
  "假设与约定",
};

/* The report's headings, in English and Chinese: the job chapters'
 * start with "Job: " (任务：). */
static const char *const headings[] = {
  "Recommendation", "Budget and calendar", "Questions for the vendors", "Main risks", "Approval", "Jobs",
  "Quotes", "Comparison of the quotes", "One machine or the cluster?", "Training layout",
  "Interruptions and goodput", "Where the money goes", "Reasons", "Assumptions and conventions",
  "Risks of each option", "Questions for the vendors and the team", "Question for the team",
  "建议方案", "预算与日程", "需向供应商确认的问题", "主要风险", "审批", "任务", "报价", "报价对比", "单机还是集群？",
  "训练并行布局", "中断与有效时间比", "成本构成", "依据", "假设与约定", "各方案的风险",
  "需向供应商和团队确认的问题", "需向团队确认的问题",
};

static gboolean
is_heading (const char *line)
{
  if (g_str_has_prefix (line, "Job: ") || g_str_has_prefix (line, "任务："))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (headings); i++)
    if (strcmp (line, headings[i]) == 0)
      return TRUE;
  return FALSE;
}

/* No page of @pdf ends on a heading or on a heading and one line: each
 * keeps at least its first two lines (or a table's header and first row)
 * with it. The page's last line is its footer. */
static void
assert_no_heading_at_foot (const char *pdf)
{
  guint n_pages = cp_test_pdf_page_count (tmp_dir, pdf);

  for (guint p = 1; p <= n_pages; p++)
    {
      g_autoptr(GPtrArray) lines = cp_test_pdf_page_lines (tmp_dir, pdf, p);

      /* Header, content, footer. */
      g_assert_cmpuint (lines->len, >=, 3);
      for (guint k = 2; k <= 3 && k < lines->len; k++)
        {
          const char *line = g_ptr_array_index (lines, lines->len - k);

          if (is_heading (line))
            g_error ("%s: page %u ends on the heading “%s”", pdf, p, line);
        }
    }
}

static void
check_one_job (const Words *w)
{
  g_autofree char *pdf = g_strdup_printf ("p-%s.pdf", w->lang);
  g_autofree char *first = NULL;
  g_autofree char *job_total = NULL;
  g_autofree char *project_total = NULL;
  guint n_pages;

  RUN_OK ("report", "p.cplan", "--lang", w->lang, "--pdf", pdf, "--prepared-by", "Li Wei, team lead");
  n_pages = cp_test_pdf_page_count (tmp_dir, pdf);
  g_test_message ("%s: %u pages", w->lang, n_pages);
  g_assert_cmpuint (n_pages, <=, 5);

  first = cp_test_pdf_text (tmp_dir, pdf, 1, TRUE);
  /* The decision, and the budget: with one job, the project's total is
   * that job's. */
  cp_test_assert_has (first, w->answer);
  /* Walkthrough 13: the Chinese memo had no byline. The questions take
   * the note's type before it goes (CP_REPORT_MEMO_BRIEFEST). */
  {
    g_autofree char *byline = g_strconcat (w->byline, PACKAGE_VERSION, NULL);

    cp_test_assert_has (first, byline);
  }
  job_total = figure_after (first, w->cost_label, w->cost_end);
  cp_test_assert_has (first, w->budget);
  project_total = figure_after (first, w->budget_label, w->budget_end);
  g_assert_cmpstr (project_total, ==, job_total);
  /* The calendar drawn, the vendors asked once each, the sign-off. */
  cp_test_assert_has (first, w->calendar);
  cp_test_assert_has (first, w->questions);
  cp_test_assert_has (first, w->ask);
  /* Each part-rent with its own vendor: 乙 (1 of 4 nodes) first, not "甲 and
   * 乙 (1 of 4 nodes)", which read as the two together (walk38b G12). */
  /* Walkthrough 13: the cluster is costed at 1 node of its 4 for a month,
   * the machine by the hour with no minimum; neither is in the quotes. */
  cp_test_assert_has (first, w->rental);
  for (guint i = 0; i < G_N_ELEMENTS (w->roles); i++)
    cp_test_assert_has (first, w->roles[i]);
  /* The preparer is named in the sign-off block, not again in the byline. */
  g_assert_cmpuint (cp_test_count (first, "Li Wei, team lead"), ==, 1);
  /* The detail follows the memo. */
  g_assert_null (strstr (first, w->appendix));
  assert_no_heading_at_foot (pdf);
}

static void
test_one_job (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  report_cli_make_70b_lora (tmp_dir, "p.cplan");
  check_one_job (&english);
  check_one_job (&chinese);
}

/* The appendix lists what this project uses: a LoRA job counts LoRA's 4
 * FLOPs per parameter and token (Hu et al.), not full training's 6 or 8;
 * its quotes state no storage, so only the network disk's checkpoint
 * speed applies (cp_settings_checkpoint_write_bytes_per_s()), and no
 * pretraining batch or serving row appears. */
static void
test_one_job_appendix (void)
{
  g_autoptr(GString) all = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  report_cli_make_70b_lora (tmp_dir, "a.cplan");
  RUN_OK ("report", "a.cplan", "--lang", "en", "--pdf", "a.pdf");
  all = text_from_page ("a.pdf", 1, FALSE);
  cp_test_assert_has (all->str, "Arithmetic per parameter and token with LoRA (FLOPs)");
  g_assert_null (strstr (all->str, "infulltraining(FLOPs)"));
  g_assert_null (strstr (all->str, "wholeforwardpassisredone"));
  cp_test_assert_has (all->str, "Checkpoint write speed to a network disk");
  g_assert_null (strstr (all->str, "CheckpointwritespeedtoaNAS"));
  g_assert_null (strstr (all->str, "CheckpointwritespeedtolocalNVMe"));
  g_assert_null (strstr (all->str, "Pretrainingglobalbatch"));
  g_assert_null (strstr (all->str, "KV-cacheblock"));
  g_assert_null (strstr (all->str, "CUDAgraphs"));
  /* The debugging share is one setting: one row, not two rows of 35%
   * under two names. */
  cp_test_assert_has (all->str, "Debugging time, as a share of one development cycle");
  g_assert_null (strstr (all->str, "Shareofatrainingproject"));
}

/* A monthly billing that sets a cost is named as its driver. The walk's
 * A800 cluster bills 45,000 CNY per node-month with no step nor term
 * stated, so by whole months, said as assumed (approver 22: "the 1-month
 * minimum" read as the vendor's term): the LoRA job uses one
 * node for about 3 days (2 of run, 1 of debugging), and pays 1 × 45,000
 * for it, all of its total. With that quote alone it is the answer, and
 * the memo's cost line says so; beside the H800 machine, the job
 * chapter's breakdown does. */
static void
test_minimum_term (void)
{
  g_autofree char *first = NULL;
  g_autofree char *first_zh = NULL;
  g_autoptr(GString) all = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "m.cplan");
  RUN_OK ("add-job", "m.cplan", "--name", "70B LoRA fine-tune", "--model", "llama-2-70b", "--task", "lora", "--recompute", "full",
          "--tokens", "500M", "--deadline-days", "30");
  RUN_OK ("add-quote", "m.cplan", "--vendor", "智算中心乙", "--offer", "A800 4节点 IB 集群", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "4", "--price-per-node-month", "45000", "--network", "infiniband",
          "--nics", "4", "--nic-gbps", "200", "--dedicated");
  RUN_OK ("report", "m.cplan", "--lang", "en", "--pdf", "m-en.pdf");
  RUN_OK ("report", "m.cplan", "--lang", "zh_CN", "--pdf", "m-zh.pdf");
  first = cp_test_pdf_text (tmp_dir, "m-en.pdf", 1, TRUE);
  cp_test_assert_has (first, "Billedbywholemonths,asthepriceispernode-month:1month,45,000CNY,theoption’swholecost,for3.");
  first_zh = cp_test_pdf_text (tmp_dir, "m-zh.pdf", 1, TRUE);
  cp_test_assert_has (first_zh, "按整月计费（价格为每节点每月）：1个月，租金¥45,000，即该方案的全部费用，实际使用3.");

  report_cli_make_70b_lora (tmp_dir, "m2.cplan");
  RUN_OK ("report", "m2.cplan", "--lang", "en", "--pdf", "m2.pdf");
  all = text_from_page ("m2.pdf", 2, TRUE);
  cp_test_assert_has (all->str, "智算中心乙—A8004节点IB集群—Billedbywholemonths,asthepriceispernode-month:1month,45,000CNY,theoption’swholecost");
  /* The H800 machine is billed by the hour: its hours are its cost. */
  g_assert_null (strstr (all->str, "云厂商甲—8×H800单机—Billedfor"));
}

/* Walkthrough 13: Ascend options were described as NVIDIA ones. A 14B
 * LoRA job on one 8 × Ascend 910B machine at 5 CNY per GPU-hour beside an
 * 8 × H800 one at 15 (the H800 is not three times as fast, so the Ascend
 * machine is recommended): page 1 says setting it up means CANN, HCCL and
 * torch_npu, never CUDA or NCCL, and warns that the job's CUDA tools need
 * porting; a service on it names Ascend's serving engines instead. In
 * both languages. */
static void
test_ascend (void)
{
  static const char *const lora[] = { "--name", "14B LoRA", "--model", "qwen2.5-14b", "--task", "lora",
                                      "--tokens", "500M", "--deadline-days", "30", NULL };
  static const char *const service[] = { "--name", "7B service", "--model", "qwen2.5-7b", "--task", "inference",
                                         "--concurrency", "64", "--context", "4096", "--duration-days", "30", NULL };
  static const struct {
    const char *const *job;
    const char *lang;
    const char *says[2];
  } cases[] = {
    { lora, "en", { "theNPUdriverandfirmware,CANN,HCCL,torch_npuandthetrainingframeworkareinstalled",
                    "AscendrunsPyTorchthroughtorch_npu,notCUDA:thejob'stools(PEFT,DeepSpeed,FlashAttentionandotherCUDAkernels)needtheirAscendversionsorporting" } },
    { lora, "zh_CN", { "NPU驱动与固件、CANN、HCCL、torch_npu和训练框架都要先安装并检查",
                       "昇腾经torch_npu运行PyTorch，而不是CUDA：任务用到的工具（PEFT、DeepSpeed、FlashAttention等CUDA内核）需要其昇腾版本或移植" } },
    /* The same quotes serving 7B to 64 users. */
    { service, "en", { "AscendservesthroughvLLMAscendorMindIE,notvLLM'sCUDAbuild", NULL } },
    { service, "zh_CN", { "昇腾上的服务要经vLLMAscend或MindIE运行", NULL } },
  };

  if (cp_test_skip_without_poppler ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *file = g_strdup_printf ("npu-%u.cplan", i);
      g_autofree char *pdf = g_strdup_printf ("npu-%u.pdf", i);
      g_autoptr(GPtrArray) add_job = g_ptr_array_new ();
      g_autofree char *first = NULL;

      g_ptr_array_add (add_job, (gpointer) "add-job");
      g_ptr_array_add (add_job, file);
      for (guint a = 0; cases[i].job[a] != NULL; a++)
        g_ptr_array_add (add_job, (gpointer) cases[i].job[a]);
      g_ptr_array_add (add_job, NULL);
      RUN_OK ("new", file);
      cp_test_run_cli_ok (tmp_dir, (const char *const *) add_job->pdata);
      RUN_OK ("add-quote", file, "--vendor", "昇腾云", "--offer", "8×910B 单机", "--gpu", "ascend-910b",
              "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "5");
      RUN_OK ("add-quote", file, "--vendor", "云厂商甲", "--offer", "8×H800 单机", "--gpu", "h800",
              "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "15");
      RUN_OK ("report", file, "--lang", cases[i].lang, "--pdf", pdf);
      first = cp_test_pdf_text (tmp_dir, pdf, 1, TRUE);
      /* The Ascend machine is recommended, in its own stack's words. */
      cp_test_assert_has (first, g_str_equal (cases[i].lang, "en") ? "From: 昇腾云" : "供应商：昇腾云");
      for (guint w = 0; w < G_N_ELEMENTS (cases[i].says) && cases[i].says[w] != NULL; w++)
        cp_test_assert_has (first, cases[i].says[w]);
      g_assert_null (strstr (first, "CUDA,NCCL"));
      g_assert_null (strstr (first, "CUDA、NCCL"));
    }
}

/* Walkthrough 13: reasons that read against their tables. A 7B service
 * for 64 users on one 8 × H800 machine: every replica size carries the 64
 * on the machine, and two GPUs a replica serve the most on it (issue 21),
 * so the machine holds 4 and runs them all; R3 said "need 1 replica…
 * room for 8" beside the serving table's "Replicas 8". And R5
 * on the one-job walk: the 4-node cluster's ratio says the job splits
 * well, not that "a cluster would also pay off on communication". */
static void
test_reasons_agree (void)
{
  g_autofree char *service = NULL;
  g_autofree char *walk = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "r3.cplan");
  RUN_OK ("add-job", "r3.cplan", "--name", "7B service", "--model", "qwen2.5-7b", "--task", "inference",
          "--concurrency", "64", "--context", "4096", "--duration-days", "30");
  RUN_OK ("add-quote", "r3.cplan", "--vendor", "云厂商甲", "--offer", "8×H800 单机", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "15");
  RUN_OK ("report", "r3.cplan", "--lang", "en", "--pdf", "r3.pdf");
  service = cp_test_pdf_text (tmp_dir, "r3.pdf", 0, TRUE);
  cp_test_assert_has (service, "takes at least 1 replica; one machine holds 4 replicas and runs them all, each with its share of the requests");
  cp_test_assert_has (service, "云厂商甲 — 8×H800 单机 4 ");
  g_assert_null (strstr (service, "roomfor"));
  /* The serving engine's entry names it, V1, in both languages: "1 vLLM
   * engine" was left in English in the Chinese report. */
  g_assert_null (strstr (service, "1vLLMengine"));
  {
    g_autofree char *zh = NULL;

    RUN_OK ("report", "r3.cplan", "--lang", "zh_CN", "--pdf", "r3-zh.pdf");
    zh = cp_test_pdf_text (tmp_dir, "r3-zh.pdf", 0, TRUE);
    cp_test_assert_has (zh, "vLLM 引擎（1：V1，探测批处理 token 预算，提示词在解码步骤中一并预填充；0：V0，探测整个上下文，"
                            "每个提示词单独占一步预填充）：V1");
    g_assert_null (strstr (zh, "vLLMengine"));
  }

  report_cli_make_70b_lora (tmp_dir, "r5.cplan");
  RUN_OK ("report", "r5.cplan", "--lang", "en", "--pdf", "r5.pdf");
  /* Every page without its header and footer: the reason may run on to
   * the next page. */
  walk = cp_test_pdf_text (tmp_dir, "r5.pdf", 0, TRUE);
  cp_test_assert_has (walk, "the job would split well across those nodes, but it needs no cluster, since one machine of 云厂商甲 — 8×H800 单机 finishes it in time at the lowest total cost.");
  g_assert_null (strstr (walk, "payoffoncommunication"));
}

/* The page where a heading of the demo's report first appears, or 0. */
static guint
page_of (const char *pdf,
         guint       n_pages,
         const char *heading)
{
  for (guint p = 1; p <= n_pages; p++)
    {
      g_autofree char *text = cp_test_pdf_text (tmp_dir, pdf, p, TRUE);

      if (strstr (text, heading) != NULL)
        return p;
    }
  return 0;
}

static void
check_demo (const char *lang,
            const char *approval,
            const char *jobs_table,
            const char *question,
            guint       pages_before)
{
  g_autofree char *pdf = g_strdup_printf ("demo-%s.pdf", lang);
  guint n_pages, sign_off;

  RUN_OK ("report", "demo.cplan", "--lang", lang, "--pdf", pdf);
  n_pages = cp_test_pdf_page_count (tmp_dir, pdf);
  g_test_message ("demo, %s: %u pages", lang, n_pages);
  g_assert_cmpuint (n_pages, <, pages_before);
  /* The memo ends with the sign-off, on page 2 at the latest. */
  sign_off = page_of (pdf, n_pages, approval);
  g_assert_cmpuint (sign_off, >=, 1);
  g_assert_cmpuint (sign_off, <=, 2);
  g_assert_cmpuint (page_of (pdf, n_pages, jobs_table), >=, sign_off);
  /* The project's question opens page 1 in both languages or in neither:
   * the English memo, longer for the same facts, left it out to keep its
   * sign-off on page 2 where the Chinese kept it (issue 22). The demo's
   * memo, which now costs its fallback and lists the answers its 70B
   * choice waits on (appr33 A1, A6), gives it up in both. */
  {
    static int asked_before = -1;
    g_autofree char *first = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
    int asked = cp_test_count (first, question) > 0;

    if (asked_before >= 0)
      g_assert_cmpint (asked, ==, asked_before);
    asked_before = asked;
  }
  assert_no_heading_at_foot (pdf);
  /* The demo's notes ("invented example price") say nothing of billing,
   * and vendor D's one-week minimum is in its fields: the billing
   * question quotes none of them. */
  {
    g_autoptr(GString) memo = text_from_page (pdf, 1, FALSE);

    cp_test_assert_lacks (memo->str, "its note:");
    cp_test_assert_lacks (memo->str, "报价备注写有");
    /* Approver 20: the 30-day service's rows printed bands that do not
     * vary under their figures, "30.0–30.0" and "40,000–40,000" (vendor
     * B's flat month); the figure stands alone. */
    cp_test_assert_lacks (memo->str, "30.0–30.0");
    cp_test_assert_lacks (memo->str, "40,000–40,000");
    cp_test_assert_lacks (memo->str, "26,000–26,000");
  }
}

/* Approver 20: the demo's 30-day service, month of development and
 * 10 days of data processing rent for a term; page 1 said each was "done
 * in" it. Training jobs are still done in their days. */
static void
check_demo_terms (const char *lang,
                  const char *const *lines,
                  guint              n_lines,
                  const char        *done)
{
  g_autofree char *pdf = g_strdup_printf ("demo-%s.pdf", lang);
  g_autofree char *one = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
  g_autofree char *two = cp_test_pdf_text (tmp_dir, pdf, 2, FALSE);
  g_autofree char *memo = g_strconcat (one, two, NULL);

  for (guint i = 0; i < n_lines; i++)
    cp_test_assert_has (memo, lines[i]);
  g_assert_cmpuint (cp_test_count (memo, done), ==, 4);
}

static void
test_demo (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("demo", "demo.cplan");
  /* The approval heading, then the first heading after the memo: the Jobs
   * table, whose header row starts "Job Kind Model". */
  /* The sign-off's table header: on another page than the amount, the
   * amount stands between it and the block's heading. */
  check_demo ("en", "RoleNameSignatureDate", "JobsJobKindModelSize", "For each job", 37);
  check_demo ("zh_CN", "角色姓名签字日期", "任务任务类型模型规模", "每项任务", 32);
  {
    static const char *const en[] = {
      "For: 12,968 CNY in total; for 30.0 days (",
      "For: 13,264 CNY in total; for 30.0 days (",
      "For: 6,197 CNY in total; for 10.0 days (",
    };
    static const char *const zh[] = {
      "费用：总计 ¥12,968；租用 30.0 天（",
      "费用：总计 ¥13,264；租用 30.0 天（",
      "费用：总计 ¥6,197；租用 10.0 天（",
    };

    check_demo_terms ("en", en, G_N_ELEMENTS (en), "; done in");
    check_demo_terms ("zh_CN", zh, G_N_ELEMENTS (zh), "）完成，");
  }
  /* Five of the demo's jobs (7B QLoRA, the 7B service, the month of
   * development, data cleaning, 14B LoRA) are each answered with one
   * machine of vendor A, which offers one, and all start with the
   * project: the memo says the amount needs five (lead15). */
  {
    /* The memo's note may run on from page 1 to page 2: read as one. */
    g_autofree char *en = cp_test_pdf_text (tmp_dir, "demo-en.pdf", 0, FALSE);
    g_autofree char *zh = cp_test_pdf_text (tmp_dir, "demo-zh_CN.pdf", 0, FALSE);
    g_autofree char *en_memo = g_strndup (en, strstr (en, "Approval") - en);
    g_autofree char *zh_memo = g_strndup (zh, strstr (zh, "审批") - zh);

    cp_test_assert_has (en_memo, "need5of示例供应商A(ExamplevendorA)’smachinesatoncefrom");
    cp_test_assert_has (en_memo, ";itoffers1.");
    cp_test_assert_has (zh_memo, "同时需要示例供应商A(ExamplevendorA)的5台机器，而它只提供1台。");
    /* Said first in the budget, as the condition the amount rests on
     * (appr22 finding 3: the verdicts' last line read as advice). */
    g_assert_true (strstr (en_memo, "Budgetandcalendar") < strstr (en_memo, ";itoffers1."));
    g_assert_true (strstr (en_memo, ";itoffers1.") < strstr (en_memo, "Amounttoapprove:"));
    g_assert_true (strstr (zh_memo, "预算与日程") < strstr (zh_memo, "而它只提供1台。"));
    g_assert_true (strstr (zh_memo, "而它只提供1台。") < strstr (zh_memo, "申请批准金额："));
  }

}

/* Walkthrough 19: one LoRA job, a single Ascend machine a day late and a
 * RoCE cluster of 4 nodes whose quote notes a monthly minimum. Both
 * languages carry the same page 1: R8's point of who runs the bare metal
 * is the team's question in each (the English memo, short of room, left
 * the line the Chinese kept). The machine that wins within the range is
 * asked how it bills with the cluster, on one line; the notes typed with
 * the cluster's quote are in the PDF, which says that its figures count
 * only the quote's fields (the monthly minimum is in the note alone); R8 is named for the team, and no
 * "(rule R6)" labels the shared network's share, which is not total
 * cost. */
typedef struct {
  const char *lang;
  const char *team;          /* the team's question, whole */
  const char *who_runs;      /* the answer's own R8 line, not printed when the team was not asked */
  const char *billing;       /* one line for both vendors, quoting the cluster's note (approver 20: "the quote does not say") */
  const char *notes;
  const char *r8;            /* the reasons list's R8 line start */
  const char *old_r8;
  const char *share;         /* the appendix's source of the shared network's share */
  const char *not_priced;    /* a breakdown's cell for a price the quote does not state */
  const char *late_by;       /* how late the Ascend machine finishes, on page 1 and in its risks */
  const char *r6_rank;       /* R6 on the recommended cluster's unit price, 11.80 of 11.80 and 13.50 CNY */
} WalkWords;

static const WalkWords walk_english = {
  "en",
  "Has the team run distributed training before, and does it have an operations engineer to run the bare metal "
  "recommended? Not stated, so assumed not (R8): arrange operations support with the vendor before renting. Ask: the "
  "team, for Qwen2.5-72B LoRA.",
  "Who runs it (R8)",
  "How is it billed, and is there a minimum term? Ask: Nanshan Compute (its note: “20,000 CNY monthly minimum”, not "
  "counted) and Pengcheng Cloud.",
  "Notes with the quotes, word for word, as typed or as in the vendor's sheet; the figures count only what the "
  "quotes' fields state: Nanshan Compute — "
  "NVIDIA A800 80GB SXM: 20,000 CNY monthly minimum",
  "Team — Assumed (the job does not describe the team)",
  "Migration cost",
  "Stated in this report until the vendor states the share",
  "not priced",
  /* 29.055 days against 29: 0.055 days = 79.2 min late, rounded up to
   * 80 min (trust37: "0.1 days" read as 2.4 h), on page 1 and in the
   * risks alike. */
  "deadline by 1 h 20 min",
  "but misses the deadline. Nanshan Compute — NVIDIA A800 80GB SXM is also the cheapest per GPU-hour.",
};

static const WalkWords walk_chinese = {
  "zh_CN",
  "团队是否做过分布式训练、是否有运维工程师管理推荐的裸金属？任务未说明，按两者皆无考虑（R8）：租用前请向供应商安排运维支持。"
  "请团队确认（涉及 Qwen2.5-72B LoRA）。",
  "由谁运维（R8）",
  "如何计费？是否有最短租期？询问：Nanshan Compute（其报价备注写有“20,000 CNY monthly minimum”，估算未计入）"
  "和 Pengcheng Cloud。",
  "报价备注（原文照录，手填或取自供应商报价表；费用只计入报价各字段填写的内容）："
  "Nanshan Compute — NVIDIA A800 80GB SXM：20,000 CNY monthly minimum",
  "团队 — 假设（任务未说明团队情况）",
  "迁移成本",
  "在供应商说明共享比例之前，按本报告所述假设计算",
  "未报价",
  "截止期限晚 1 小时 20 分钟",
  "但赶不上截止日期。Nanshan Compute — NVIDIA A800 80GB SXM 的每卡时单价也最低。",
};

static void
check_walk19 (const WalkWords *w)
{
  g_autofree char *pdf = g_strdup_printf ("w19-%s.pdf", w->lang);
  g_autofree char *first = NULL;
  g_autoptr(GString) all = NULL;

  RUN_OK ("report", "w19.cplan", "--lang", w->lang, "--pdf", pdf);
  g_test_message ("walkthrough 19 at 6.9B tokens, %s: %u pages", w->lang, cp_test_pdf_page_count (tmp_dir, pdf));
  first = report_pdf_unbulleted (tmp_dir, pdf, 1);
  all = text_from_page (pdf, 1, FALSE);
  cp_test_assert_has (first, w->team);
  cp_test_assert_lacks (first, w->who_runs);
  cp_test_assert_has (first, w->billing);
  cp_test_assert_has (all->str, w->notes);
  cp_test_assert_has (all->str, w->r8);
  cp_test_assert_lacks (all->str, w->old_r8);
  cp_test_assert_has (all->str, w->share);
  cp_test_assert_lacks (all->str, "R6)");
  /* Approver 20: "its rank is 1 by unit price" did not say which end
   * is 1. */
  cp_test_assert_has (all->str, w->r6_rank);
  cp_test_assert_lacks (all->str, "by unit price");
  /* Approver 20: a price the quote leaves out is not a price of 0. Both
   * quotes state no storage price and the cluster no network fee: three
   * cells of the breakdown say so; the single machine has no network
   * between nodes to price. */
  g_assert_cmpuint (cp_test_count (all->str, w->not_priced), ==, 3);
  /* How late the Ascend machine is, in one unit on page 1 and in its
   * risks: it was "by 80 min" there and "by 0.06 days" here. */
  g_assert_cmpuint (cp_test_count (all->str, w->late_by), ==, 2);
  assert_no_heading_at_foot (pdf);
}

/* Approver 20: a quote without a price showed "0 CNY" in the report. A
 * priced A800 machine beside an H800 one with no price: the quotes
 * table says the H800's price is not given, in both languages. */
static void
test_no_price (void)
{
  static const struct {
    const char *lang, *not_priced;
  } langs[] = { { "en", "None not priced" }, { "zh_CN", "无 未报价" } };

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "np.cplan");
  RUN_OK ("add-job", "np.cplan", "--name", "70B LoRA", "--task", "lora", "--model", "llama-2-70b", "--tokens", "5B",
          "--deadline-days", "30");
  RUN_OK ("add-quote", "np.cplan", "--vendor", "Priced", "--gpu", "a800", "--gpus-per-node", "8", "--nodes", "1",
          "--price-per-gpu-hour", "10");
  RUN_OK ("add-quote", "np.cplan", "--vendor", "NoPrice", "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "1");
  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      g_autofree char *pdf = g_strdup_printf ("np-%s.pdf", langs[l].lang);
      g_autoptr(GString) all = NULL;

      RUN_OK ("report", "np.cplan", "--lang", langs[l].lang, "--pdf", pdf);
      all = text_from_page (pdf, 1, FALSE);
      /* The Network cell, then the Price cell, of the H800's row. */
      cp_test_assert_has (all->str, langs[l].not_priced);
      cp_test_assert_lacks (all->str, "None 0 CNY per");
      cp_test_assert_lacks (all->str, "无 ¥0");
    }
}

/* Approver 20: a project where no job gets a costed recommendation said
 * "All jobs at their recommended options: 0 CNY (0 CNY to 0 CNY)" and
 * "Amount to approve: 0 CNY". A quote without a price, and 8 × 4090 that
 * cannot hold a 70B full fine-tune: page 1 says there is nothing to
 * approve yet, and why. */
static void
test_nothing_to_approve (void)
{
  static const struct {
    const char *file, *lang, *says;
  } cases[] = {
    { "z1.cplan", "en", "No amount to approve yet: no job has a costed recommendation, as no quote states a price to compare (see each job above)." },
    { "z1.cplan", "zh_CN", "暂无需要审批的金额：没有任务得到计有费用的推荐方案，因为没有报价给出可比较的价格（见上文各任务）。" },
    { "z2.cplan", "en", "No amount to approve yet: no job has a costed recommendation, as no quote's machines can run a job (see each job above)." },
    { "z2.cplan", "zh_CN", "暂无需要审批的金额：没有任务得到计有费用的推荐方案，因为没有报价的机器能运行任务（见上文各任务）。" },
  };

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "z1.cplan");
  RUN_OK ("add-job", "z1.cplan", "--name", "70B LoRA", "--task", "lora", "--model", "llama-2-70b", "--tokens", "5B",
          "--deadline-days", "30");
  RUN_OK ("add-quote", "z1.cplan", "--vendor", "NoPrice", "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "1");
  RUN_OK ("new", "z2.cplan");
  RUN_OK ("add-job", "z2.cplan", "--name", "70B full", "--task", "full-finetune", "--model", "llama-2-70b", "--tokens", "5B",
          "--deadline-days", "2");
  RUN_OK ("add-quote", "z2.cplan", "--vendor", "Small", "--gpu", "rtx4090", "--gpus-per-node", "8", "--nodes", "1",
          "--price-per-gpu-hour", "2");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pdf = g_strdup_printf ("%s-%s.pdf", cases[i].file, cases[i].lang);
      g_autofree char *first = NULL;

      RUN_OK ("report", cases[i].file, "--lang", cases[i].lang, "--pdf", pdf);
      first = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
      cp_test_assert_has (first, cases[i].says);
      cp_test_assert_lacks (first, "Amount to approve:");
      cp_test_assert_lacks (first, "All jobs at their recommended options");
      cp_test_assert_lacks (first, "The job at its recommended option");
      cp_test_assert_lacks (first, "0 CNY (0 CNY to 0 CNY)");
      cp_test_assert_lacks (first, "¥0（¥0 至 ¥0）");
    }
  /* Approver 20: counts took no plural ("the 1 quotes evaluated"). */
  {
    g_autoptr(GString) all = text_from_page ("z2.cplan-en.pdf", 1, FALSE);

    cp_test_assert_has (all->str, "No quote can run this job: it does not fit in the memory of the 1 quote evaluated");
    cp_test_assert_lacks (all->str, "the 1 quotes");
  }
}

/* Walkthrough 20: R7 said "A bigger single machine costs 2,666 CNY"
 * where 2,666 CNY is the recommended cluster's own quote on one node
 * (the same A800 node), not a bigger machine: the line
 * names the quote and says it is one machine of that cluster.
 *
 * The walk's 72B LoRA no longer has one: debugging is taken of the run
 * on one machine (R4), so a cluster of the same nodes costs at least
 * what one of them does. A full fine-tune of Qwen2.5-72B, held by one
 * H800 machine only with CPU offload, does: Delta Compute's 4 nodes of
 * 8 × H800 at 9.80 CNY a GPU-hour, 78.40 CNY a node-hour, billed by the
 * hour. On 4 nodes the run takes 2.99 h, billed 3 h × 4 nodes × 78.40 =
 * 941 CNY; debugging 35/65 × 4 × 2.99 h = 6.45 h on one machine, billed
 * 7 h × 78.40 = 549 CNY: 1,490 CNY. On one machine, slowed by offload
 * (its copies and the CPUs' optimizer step), the run takes 13.51 h
 * (North Cloud's machine of the same GPUs, in the same report) and
 * debugging 35/65 × 13.51 = 7.27 h, billed together 21 h × 78.40 =
 * 1,646 CNY. */
static void
test_premium_names_machine (void)
{
  static const struct {
    const char *lang, *says;
  } cases[] = {
    { "en", "Delta Compute on one machine costs 1,646 CNY, more than the 1,490 CNY" },
    { "zh_CN", "Delta Compute 只租一台机器需要 ¥1,646，比其集群的 ¥1,490" },
  };

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "r7.cplan");
  RUN_OK ("add-job", "r7.cplan", "--name", "Qwen 72B full fine-tune", "--task", "full-finetune", "--model", "qwen2.5-72b",
          "--tokens", "300M", "--deadline-days", "10", "--distributed-experience", "--team-stated");
  RUN_OK ("add-quote", "r7.cplan", "--vendor", "North Cloud", "--offer", "8x H800 SXM, one server, monthly", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "75000");
  RUN_OK ("add-quote", "r7.cplan", "--vendor", "Delta Compute", "--offer", "4 nodes H800, IB 8x400G", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "4", "--network", "infiniband", "--nics", "8", "--nic-gbps", "400",
          "--dedicated", "--price-per-gpu-hour", "9.8");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pdf = g_strdup_printf ("r7-%s.pdf", cases[i].lang);
      g_autoptr(GString) all = NULL;

      RUN_OK ("report", "r7.cplan", "--lang", cases[i].lang, "--pdf", pdf);
      all = text_from_page (pdf, 1, FALSE);
      cp_test_assert_has (all->str, cases[i].says);
      cp_test_assert_lacks (all->str, "bigger single machine");
      cp_test_assert_lacks (all->str, "更高配置的单机");
    }
}

/* Approver 20: "1 engineers". One engineer on the walk's job: the cost
 * inputs under the breakdown and the memo's assumed figures count him
 * as one, from ngettext. */
static void
test_one_engineer (void)
{
  g_autoptr(GString) all = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "e1.cplan");
  RUN_OK ("add-job", "e1.cplan", "--name", "Qwen2.5-72B LoRA", "--task", "lora", "--model", "qwen2.5-72b", "--tokens", "5B",
          "--deadline-days", "21", "--engineers", "1");
  RUN_OK ("add-quote", "e1.cplan", "--vendor", "Nanshan Compute", "--gpu", "a800", "--gpus-per-node", "8",
          "--nodes", "4", "--network", "roce", "--nics", "4", "--nic-gbps", "300", "--price-per-gpu-hour", "11.8");
  RUN_OK ("report", "e1.cplan", "--lang", "en", "--pdf", "e1.pdf");
  all = text_from_page ("e1.pdf", 1, FALSE);
  /* The engineer typed, the day cost the form's example. */
  cp_test_assert_has (all->str, "Inputs: 1 engineer at 2,000 CNY a day (the day cost assumed);");
  cp_test_assert_lacks (all->str, "1 engineers");
}

/* Issue 22's measure, on the walk's own project (5B tokens, 21 days):
 * its English report took a sixth page for the appendix's last five rows.
 * test_walk19()'s 6.9B tokens and 29 days say more than the walk did (the
 * range's slow end past the deadline, a margin under 10%, the team's
 * experience as a risk: about ten lines), so the page count is measured
 * here, on the walk's own figures. */
static void
check_walk19_pages (void)
{
  static const char *const langs[] = { "en", "zh_CN" };

  RUN_OK ("new", "w19-own.cplan", "--start", "2027-03-01");
  RUN_OK ("add-job", "w19-own.cplan", "--name", "Qwen2.5-72B LoRA", "--task", "lora", "--model", "qwen2.5-72b",
          "--tokens", "5B", "--deadline-days", "21");
  RUN_OK ("add-quote", "w19-own.cplan", "--vendor", "Pengcheng Cloud", "--gpu", "ascend-910b", "--gpus-per-node", "8",
          "--nodes", "1", "--price-per-gpu-hour", "13.5");
  RUN_OK ("add-quote", "w19-own.cplan", "--vendor", "Nanshan Compute", "--gpu", "a800", "--gpus-per-node", "8",
          "--nodes", "4", "--network", "roce", "--nics", "4", "--nic-gbps", "300", "--price-per-gpu-hour", "11.8",
          "--notes", "20,000 CNY monthly minimum");
  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      g_autofree char *pdf = g_strdup_printf ("w19-own-%s.pdf", langs[l]);

      RUN_OK ("report", "w19-own.cplan", "--lang", langs[l], "--pdf", pdf);
      g_test_message ("walkthrough 19, %s: %u pages", langs[l], cp_test_pdf_page_count (tmp_dir, pdf));
      /* No quote meets the 21 days; What would change it now says the
       * team R8 assumes decides it (walk41b TOP 3: an experienced team
       * takes Nanshan's 3 nodes, 13.1 days), and page 1 asks the team
       * with that weight: the English appendix's last 20 lines took a
       * sixth page until each assumption's source ran on after its name
       * and value instead of starting a line of its own (pages42). */
      g_assert_cmpuint (cp_test_pdf_page_count (tmp_dir, pdf), <=, 5);
    }
}

static void
test_walk19 (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  check_walk19_pages ();
  RUN_OK ("new", "w19.cplan", "--start", "2027-03-01");
  /* The walk's 5B tokens and 21 days no longer set up a late single
   * machine beside a cluster in time: debugging is taken of the job's run
   * on one machine (R4), so the 4-node cluster debugs 35/65 of its run's
   * node-days and, with 10.5 days of migration, finishes after the
   * single machine (test-cli-honest's late quote). At 6.9B tokens the
   * single machine's 21.05 days of the walk (13.67 of run, 7.36 of
   * debugging) become 21.05 × 6.9/5 = 29.055 days, 0.055 days (80 min)
   * past a 29-day deadline; the cluster's run of 3.77 days on 4 nodes
   * (the walk's 16.30 days less 10.5 of migration, over 1 + 35/65) and
   * its debugging, 3.77 × (1 + 4 × 35/65) = 11.88 days, become 11.88 ×
   * 6.9/5 = 16.40, + 10.5 = 26.9 days: in time. */
  RUN_OK ("add-job", "w19.cplan", "--name", "Qwen2.5-72B LoRA", "--task", "lora", "--model", "qwen2.5-72b", "--tokens", "6.9B", "--deadline-days", "29");
  RUN_OK ("add-quote", "w19.cplan", "--vendor", "Pengcheng Cloud", "--gpu", "ascend-910b", "--gpus-per-node", "8",
          "--nodes", "1", "--price-per-gpu-hour", "13.5");
  RUN_OK ("add-quote", "w19.cplan", "--vendor", "Nanshan Compute", "--gpu", "a800", "--gpus-per-node", "8",
          "--nodes", "4", "--network", "roce", "--nics", "4", "--nic-gbps", "300", "--price-per-gpu-hour", "11.8",
          "--notes", "20,000 CNY monthly minimum");
  check_walk19 (&walk_english);
  check_walk19 (&walk_chinese);
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-pages-XXXXXX");

  g_test_add_func ("/cli-pages/one-job", test_one_job);
  g_test_add_func ("/cli-pages/one-job-appendix", test_one_job_appendix);
  g_test_add_func ("/cli-pages/demo", test_demo);
  g_test_add_func ("/cli-pages/minimum-term", test_minimum_term);
  g_test_add_func ("/cli-pages/ascend", test_ascend);
  g_test_add_func ("/cli-pages/reasons-agree", test_reasons_agree);
  g_test_add_func ("/cli-pages/walkthrough-19", test_walk19);
  g_test_add_func ("/cli-pages/one-engineer", test_one_engineer);
  g_test_add_func ("/cli-pages/no-price", test_no_price);
  g_test_add_func ("/cli-pages/nothing-to-approve", test_nothing_to_approve);
  g_test_add_func ("/cli-pages/premium-names-machine", test_premium_names_machine);

  return cp_test_run_then_remove (tmp_dir);
}
