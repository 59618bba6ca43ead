/* test-reason-parts.c: the words that name an option's cost and time by
 * their parts (brief 32): R6 names the parts that make a cheaper quote
 * dearer in total and leaves out quotes that cannot run; a cluster's
 * cost in parts a lead adds by hand; why a cheaper node count was passed
 * over; R4 names only the parts a calendar has; the interruptions as a
 * count and a chance, each named; one rounding rule for cost tables. */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "planner/cp-plan.h"
#include "report/cp-i18n.h"
#include "store/cp-store.h"
#include "report/cp-reason-text.h"
#include "common/cp-test-cli.h"
#include "report-cli-projects.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static CpQuote *
add_quote (CpProject  *project,
           const char *vendor,
           double      price,
           CpPriceUnit unit)
{
  CpQuote *quote = cp_quote_new ();

  quote->vendor = g_strdup (vendor);
  quote->price = price;
  quote->price_unit = unit;
  quote->gpus_per_node = 8;
  quote->nodes_available = 1;
  g_strlcpy (quote->currency, "CNY", sizeof quote->currency);
  cp_project_add_quote (project, quote);
  return quote;
}

static CpOption
option_of (int    quote_index,
           double compute,
           double storage,
           double fees)
{
  CpOption option = { 0 };

  option.quote_index = quote_index;
  option.feasible = TRUE;
  option.estimate.fits = TRUE;
  option.estimate.meets_deadline = TRUE;
  option.estimate.nodes = 1;
  option.estimate.run_days = 8.0;
  option.estimate.calendar_days = 8.0;
  option.estimate.compute_cost = compute;
  option.estimate.storage_cost = storage;
  option.estimate.fees_cost = fees;
  option.estimate.total_cost = compute + storage + fees;
  return option;
}

/* Approver 31, finding 3, as the demo's 70B job: G at 6.50 CNY per
 * GPU-hour costs 9,984 CNY (8 GPUs × 192 h), all GPU time, its storage
 * not priced; E at 6.00 costs 8,832 CNY of GPU time (8 × 184 h), 1,508
 * CNY of storage and 329 CNY of fees, 10,669 CNY: 685 CNY more, which is
 * 1,508 + 329 − 1,152. "(its fees)" named 329 CNY of it. A at 2.20
 * cannot run the job: not "dearer in total". */
static void
test_r6_parts (void)
{
  static const struct {
    const char *lang;
    const char *says;
  } cases[] = {
    { "en", "Vendor G finishes the job at the lowest total cost, 9,984 CNY, against 10,669 CNY for the runner-up. "
      "1 quote is cheaper per GPU-hour but dearer in total: Vendor E at 6.00 CNY per GPU-hour, 10,669 CNY in total, "
      "685 CNY more: storage 1,508 CNY against 0 CNY (not priced), GPU time 1,152 CNY less, management and setup fees "
      "329 CNY against 0 CNY. 1 quote cheaper per GPU-hour cannot run the job: Vendor A." },
    { "zh_CN", "Vendor G 跑完该任务的总花费最低，为 ¥9,984，次优方案为 ¥10,669。有 1 个报价每卡时单价更低，但总成本更高："
      "Vendor E，单价 6.00 元/卡·时，总计 ¥10,669，多 ¥685：存储 ¥1,508（推荐方案为 ¥0，未报价），GPU 时长少 ¥1,152，"
      "管理费与开通费 ¥329（推荐方案为 ¥0）。有 1 个报价每卡时单价更低，但无法运行本任务：Vendor A。" },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  CpPlan plan = { 0 };
  CpReason reason = { CP_RULE_R6_TOTAL_COST, CP_OUTCOME_CHEAPEST_TOTAL, 0, { 9984, 10669, 3, 1 } };
  CpOption option;

  add_quote (project, "Vendor G", 6.5, CP_PRICE_PER_GPU_HOUR);
  add_quote (project, "Vendor E", 6.0, CP_PRICE_PER_GPU_HOUR)->storage_price_per_tb_month = 600;
  add_quote (project, "Vendor A", 2.2, CP_PRICE_PER_GPU_HOUR);
  plan.options = g_array_new (FALSE, TRUE, sizeof (CpOption));
  plan.reasons = g_array_new (FALSE, TRUE, sizeof (CpReason));
  option = option_of (0, 9984, 0, 0);
  option.rank = 1;
  g_array_append_val (plan.options, option);
  option = option_of (1, 8832, 1508, 329);
  option.rank = 2;
  option.estimate.run_days = 184 / 24.0;
  g_array_append_val (plan.options, option);
  option = option_of (2, 0, 0, 0);
  option.rank = 3;
  option.feasible = FALSE;
  option.estimate.fits = FALSE;
  option.estimate.meets_deadline = FALSE;
  g_array_append_val (plan.options, option);
  g_array_append_val (plan.reasons, reason);
  plan.recommended = 0;
  plan.deadline_days = 10;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *says = cp_reason_text (&reason, project, &plan, cases[i].lang);

      g_assert_cmpstr (says, ==, cases[i].says);
    }
  g_array_unref (plan.options);
  g_array_unref (plan.reasons);
}

/* Walkthrough 31: the whole offer of 4 nodes at 32,000 CNY per
 * node-month costs 190,000 CNY = 4 × 32,000 = 128,000 for the run's
 * month, a machine rented a month for debugging beside it (32,000) and
 * migration, 7.5 working days × 2 engineers × 2,000 CNY = 30,000. One
 * node used 189.8 h for the run and 102.2 h for debugging is billed the
 * month's minimum, 32,000 CNY, said as the rental it is: split pro rata,
 * "0.65 node-months of GPU time" read as weeks of use (walk33 W3). The
 * hours in the calendar's figures, days from a day: 189.8 / 24 = 7.9
 * days, and the 12.2 days in all (292 h) less 7.9 leave 4.3 (102.2 h =
 * 4.26 days). */
static void
test_cost_sum (void)
{
  static const struct {
    const char *lang;
    guint nodes;
    const char *says;
  } cases[] = {
    { "en", 4, "128,000 CNY for 4 node-months of GPU time + 32,000 CNY for a debugging machine, 1 month + "
      "30,000 CNY of migration engineering = 190,000 CNY" },
    { "zh_CN", 4, "¥128,000（GPU 时长 4 台·月） + ¥32,000（另租一台机器调试 1 个月） + ¥30,000（迁移工程投入） = ¥190,000" },
    { "en", 1, "32,000 CNY for 1 node-month billed, of which the run uses 7.9 days and debugging 4.3 days = 32,000 CNY" },
    { "zh_CN", 1, "¥32,000 计费 1 台·月，其中运行用 7.9 天、调试用 4.3 天 = ¥32,000" },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  CpQuote *quote = add_quote (project, "Huawei", 32000, CP_PRICE_PER_NODE_MONTH);

  quote->nodes_available = 4;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CpEstimate e = { 0 };
      g_autofree char *says = NULL;

      e.fits = TRUE;
      e.nodes = cases[i].nodes;
      if (e.nodes == 4)
        {
          e.run_days = 1.4;
          e.debug_days = 2.9;
          e.migration_days = 10.5;
          e.billed_hours = 730;
          e.compute_cost = 128000;
          e.debug_cost = 32000;
          e.engineering_cost = 30000;
        }
      else
        {
          e.run_days = 474.5 / 24.0 * 0.4;   /* the run and debugging in a month's 730 h */
          e.debug_days = 255.5 / 24.0 * 0.4;
          e.billed_hours = 474.5;
          e.compute_cost = 20800;
          e.debug_cost = 11200;
        }
      e.total_cost = e.compute_cost + e.debug_cost + e.engineering_cost;
      says = cp_words_cost_sum (project, 0, &e, cases[i].lang);
      g_assert_cmpstr (says, ==, cases[i].says);
    }
}

/* R4 of a one-machine option names the run and debugging only: "(run,
 * debugging and migration)" where it migrates nothing (approver 31,
 * finding 12). 28 h of debugging of 80 h (3.3 days), 3,248 CNY at 116
 * CNY per hour; the days as the calendar prints them: the 52-h run (2.17
 * days) rounds on its own to 2.2, as the run's parts give it, and leaves
 * 3.3 − 2.2 = 1.1 days to the debugging (1.17 days). */
static void
test_r4_parts (void)
{
  static const struct {
    const char *lang;
    double migration_days;
    const char *has;
  } cases[] = {
    { "en", 0, "takes 1.1 days of the 3.3 days this job takes in all (run and debugging); the debugging costs 3,248 CNY." },
    { "zh_CN", 0, "（本任务总工期共 3.3 天，含运行与调试），调试费用 ¥3,248。" },
    { "en", 10.5, "this job takes in all (run, debugging and migration)" },
  };
  g_autoptr(CpProject) project = cp_project_new ();

  add_quote (project, "Shenzhen Yunsuan", 14.5, CP_PRICE_PER_GPU_HOUR);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CpPlan plan = { 0 };
      CpOption option = option_of (0, 6032, 0, 0);
      CpReason reason = { CP_RULE_R4_SINGLE_MACHINE_WORK, CP_OUTCOME_DEBUG_SHARE, 0, { 0.35, 28 / 24.0, 3248, 0 } };
      g_autofree char *says = NULL;

      option.estimate.run_days = 52 / 24.0;
      option.estimate.debug_days = 28 / 24.0;
      option.estimate.migration_days = cases[i].migration_days;
      option.estimate.calendar_days = option.estimate.run_days + option.estimate.debug_days + cases[i].migration_days;
      option.estimate.debug_cost = 3248;
      option.estimate.total_cost = 9280;
      reason.values[3] = option.estimate.debug_days / option.estimate.calendar_days;
      plan.options = g_array_new (FALSE, TRUE, sizeof (CpOption));
      plan.reasons = g_array_new (FALSE, TRUE, sizeof (CpReason));
      g_array_append_val (plan.options, option);
      plan.recommended = 0;
      says = cp_reason_text (&reason, project, &plan, cases[i].lang);
      if (strstr (says, cases[i].has) == NULL)
        g_error ("R4 says “%s”, without “%s”", says, cases[i].has);
      g_array_unref (plan.options);
      g_array_unref (plan.reasons);
    }
}

/* The expected count and the chance of at least one, each named
 * (approver 31, finding 10): 8 GPUs × 52 h × 19.7e-6 per GPU-hour =
 * 0.0082 expected, 1 − e^−0.0082 = 0.82% for at least one; a cluster's
 * 80 GPUs × 178 h × 19.7e-6 = 0.2805 expected, 1 − e^−0.2805 = 24%. The
 * count to two significant digits, as the interruptions column gives it
 * (approver 33, A22: "0.003" beside "0.00036"). */
static void
test_interruptions_named (void)
{
  static const struct {
    const char *lang;
    guint nodes;
    double expected;
    const char *has;
  } cases[] = {
    { "en", 1, 8 * 52 * 19.7e-6, "0.0082 interruptions are expected (a 0.8% chance of at least one);" },
    { "zh_CN", 1, 8 * 52 * 19.7e-6, "运行期间预计中断 0.0082 次，至少中断一次的概率为 0.8%；" },
    { "en", 10, 80 * 178 * 19.7e-6, "0.28 interruptions are expected (a 24% chance of at least one);" },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  CpJob *job = cp_job_new (CP_TASK_LORA);

  cp_project_add_job (project, job);
  add_quote (project, "Shenzhen Yunsuan", 14.5, CP_PRICE_PER_GPU_HOUR);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CpOption option = option_of (0, 6032, 0, 0);
      g_autoptr(GPtrArray) risks = NULL;
      gboolean found = FALSE;

      option.estimate.nodes = cases[i].nodes;
      option.estimate.expected_interruptions = cases[i].expected;
      option.estimate.goodput = 0.9995;
      risks = cp_option_risks (project, job, &option, cases[i].lang);
      for (guint r = 0; r < risks->len; r++)
        found |= strstr (g_ptr_array_index (risks, r), cases[i].has) != NULL;
      if (!found)
        g_error ("no risk says “%s”", cases[i].has);
    }
}

/* One rounding rule for every cost table: the fixed fees to their own
 * nearest unit, the variable lines by largest remainder. 8,298.30 GPU
 * time, 100.45 debugging, 50.45 storage and a 1,000.40 fee: 9,449.60,
 * printed 9,450; the fee 1,000, the lines' floors 8,298 + 100 + 50 =
 * 8,448 of the 8,450 left, the two units to the largest remainders,
 * debugging's and storage's 0.45. GPU time keeps its nearest 8,298,
 * where the old rule gave the leftover to the largest line (8,299). */
static void
test_shown_parts (void)
{
  CpEstimate e = { 0 };
  double shown[CP_N_COST_PARTS];

  e.compute_cost = 8298.30;
  e.debug_cost = 100.45;
  e.storage_cost = 50.45;
  e.fees_cost = 1000.40;
  e.total_cost = e.compute_cost + e.debug_cost + e.storage_cost + e.fees_cost;
  cp_estimate_shown_cost_parts (&e, shown);
  g_assert_cmpfloat (shown[CP_COST_PART_COMPUTE], ==, 8298);
  g_assert_cmpfloat (shown[CP_COST_PART_DEBUG], ==, 101);
  g_assert_cmpfloat (shown[CP_COST_PART_STORAGE], ==, 51);
  g_assert_cmpfloat (shown[CP_COST_PART_FEES], ==, 1000);
  g_assert_cmpfloat (shown[CP_COST_PART_NETWORK], ==, 0);
  g_assert_cmpfloat (shown[CP_COST_PART_ENGINEERING], ==, 0);
}

/* @sentence in @squeezed, pdftotext's text without its spaces. */
static void
assert_says (const char *squeezed,
             const char *sentence)
{
  g_autofree char *needle = cp_test_squeeze (sentence);

  cp_test_assert_has (squeezed, needle);
}

/* Walkthrough 31's project as typed: Qwen2.5 72B LoRA rank 16, 2B
 * tokens, sequences of 4,096, a 10-day deadline; 1 × 8 H800 at 14.50 CNY
 * per GPU-hour and 4 × 8 Ascend 910B2 over RoCE at 32,000 CNY per
 * node-month. With the team's distributed-training experience the Ascend
 * quote's option is 2 nodes, 64,000 CNY (2 node-months, 2 × 32,000: its
 * few days of debugging fit in the month the nodes are billed, walk36b
 * Z7, where a debugging machine's month made it 96,000), where 1 node,
 * 32,000 CNY (a month), met
 * the deadline at the expected figures but not at the slow end of the
 * range, 11.0 days (the walkthrough's window: "Met (misses at slow
 * end)", 6.9–11.0 days): the report says so where the option is
 * explained, and adds its whole offer up by hand: 4 × 32,000 = 128,000
 * CNY, debugging on one of those nodes, no migration. */
static void
test_walk_fewer_nodes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cp-reason-parts-XXXXXX", NULL);
  g_autofree char *text = NULL;
  g_autofree char *squeezed = NULL;

  report_cli_make_qwen72b_walk (dir, "walk.cplan");
#define RUN_OK(...) cp_test_run_cli_ok (dir, (const char *const[]) { __VA_ARGS__, NULL })
  RUN_OK ("report", "walk.cplan", "--pdf", "walk.pdf", "--lang", "en");
#undef RUN_OK
  if (!cp_test_have_poppler ())
    {
      g_test_skip ("pdftotext is not installed");
      cp_test_remove_tree (dir);
      return;
    }
  text = cp_test_pdf_text (dir, "walk.pdf", 0, FALSE);
  squeezed = cp_test_squeeze (text);
  assert_says (squeezed, "2 nodes, 64,000 CNY: 1 node would cost 32,000 CNY but miss the 10-day deadline at "
                      "the slow end of the range (11.0 days); a count that still meets it there comes before a "
                      "cheaper one.");
  assert_says (squeezed, "Its cost: 128,000 CNY for 4 node-months of GPU time (debugging, ");
  assert_says (squeezed, "on one of these nodes: no machine rented for it) = 128,000 CNY.");
  cp_test_remove_tree (dir);
}

/* Brief 33: "4.8 days of computing" and "14.0 h of communication" sat
 * beside a 5.5-day run. The run's parts from the plan's fields, by hand:
 * 4.8 days of computing (115.2 h); 10 h of exposed communication, 2 h
 * of it the computing slowed by what overlaps it (8 h waited for); 3 h of pipeline bubbles; a 60-s checkpoint every hour
 * of useful time, 128.2 h: 2.137 h; 1.5 h redone and restarting. The
 * run: 131.837 h (5.5 days), 132 h as printed; floors 115 + 8 + 2 + 3 + 2
 * + 1 = 131 and the hour left goes to the largest remainder, 0.5 of the
 * interruptions. */
static void
test_run_parts (void)
{
  static const struct {
    const char *lang;
    const char *says;
  } cases[] = {
    { "en", "run 132 h = 115 h computing + 8 h waiting on communication + 2 h overlap slowdown + 3 h pipeline "
      "bubbles + 2 h checkpoints + 2 h lost to interruptions" },
    { "zh_CN", "运行 132 小时 = 计算 115 小时 + 等待通信 8 小时 + 重叠通信拖慢计算 2 小时 + 流水线气泡 3 小时 + "
      "写检查点 2 小时 + 中断损失 2 小时" },
  };
  CpEstimate e = { 0 };
  double parts_s[CP_N_RUN_PARTS], step_s;
  double useful_h = 115.2 + 10 + 3;

  e.time_source = CP_TIME_SOURCE_MODEL;
  e.compute_s = 4.8 * 86400;
  e.exposed_communication_s = 10 * 3600.0;
  e.overlap_slowdown_s = 2 * 3600.0;
  e.communication_s = 14 * 3600.0;
  e.bubble_s = 3 * 3600.0;
  e.checkpoint_s = 60;
  e.checkpoint_interval_s = 3600;
  e.lost_s = 1.5 * 3600;
  e.total_s = (useful_h + useful_h * 60 / 3600 + 1.5) * 3600;
  e.run_days = e.total_s / 86400;
  g_assert_cmpfloat_with_epsilon (cp_run_shown_parts (&e, parts_s, &step_s), 132 * 3600.0, 1e-6);
  g_assert_cmpfloat (step_s, ==, 3600);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *says = cp_words_run_parts (&e, cases[i].lang);

      g_assert_cmpstr (says, ==, cases[i].says);
    }
  /* Parts that do not make up the run are no breakdown of it. */
  e.lost_s = 0;
  g_assert_null (cp_words_run_parts (&e, "en"));
  /* A service rents its period whole. */
  e.lost_s = 1.5 * 3600;
  e.time_source = CP_TIME_SOURCE_DURATION;
  g_assert_null (cp_words_run_parts (&e, "en"));

  /* walk37b V3: a LoRA of Qwen2.5 72B on 2 nodes of 8 H800, 3,711.4 s
   * of computing, 1,258.9 s (21 min) of communication of which 1,234.5 s
   * exposed, 5.7 s of it the overlap's slowdown: a 4,945.9-s run. In
   * tenths of an hour it read "1.4 h = 1.0 h computing + 0.4 h waiting on
   * communication", 24 min waited of 21 min of communication; in minutes
   * 61.86 + 20.48 + 0.09 = 82.43, 82 as printed: floors 61 + 20 + 0 = 81,
   * the minute left to the computing's 0.86. R5 names the same 62 min. */
  {
    CpEstimate lora = { .time_source = CP_TIME_SOURCE_MODEL, .compute_s = 3711.4, .communication_s = 1258.9,
                        .exposed_communication_s = 1234.5, .overlap_slowdown_s = 5.7,
                        .total_s = 3711.4 + 1234.5 };
    g_autofree char *says = cp_words_run_parts (&lora, "en");
    g_autofree char *computing = cp_words_run_part (&lora, CP_RUN_PART_COMPUTING, "en");

    g_assert_cmpstr (says, ==, "run 82 min = 62 min computing + 20 min waiting on communication");
    g_assert_cmpstr (computing, ==, "62 min");
  }
}

/* Every option of the demo's training jobs, as planned: the parts shown
 * add up to the run shown, which is the run's hours rounded. */
static void
test_run_parts_planned (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cp-reason-parts-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "demo.cplan", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = NULL;
  guint checked = 0;

  cp_test_run_cli_ok (dir, (const char *const[]) { "demo", "demo.cplan", NULL });
  project = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      g_autoptr(GArray) quotes = g_array_new (FALSE, FALSE, sizeof (CpQuote));
      g_autoptr(CpPlan) plan = NULL;

      if (!cp_task_kind_is_training (job->kind))
        continue;
      for (guint i = 0; i < project->quotes->len; i++)
        g_array_append_vals (quotes, g_ptr_array_index (project->quotes, i), 1);
      plan = cp_plan_new_without_robustness (job, (const CpQuote *) quotes->data, quotes->len, &project->settings);
      for (guint i = 0; i < plan->options->len; i++)
        {
          const CpEstimate *e = &g_array_index (plan->options, CpOption, i).estimate;
          double parts_s[CP_N_RUN_PARTS], sum_s = 0, shown_s, step_s;

          if (!e->fits)
            continue;
          shown_s = cp_run_shown_parts (e, parts_s, &step_s);
          g_assert_cmpfloat (shown_s, >=, 0);
          for (guint p = 0; p < CP_N_RUN_PARTS; p++)
            sum_s += parts_s[p];
          g_assert_cmpfloat_with_epsilon (sum_s, shown_s, 1e-6);
          /* Minutes under 1.5 h, tenths of an hour under 100 h, hours. */
          g_assert_cmpfloat (step_s, ==, e->total_s < 5400 ? 60 : e->total_s < 360000 ? 360 : 3600);
          g_assert_cmpfloat_with_epsilon (shown_s, round (e->total_s / step_s) * step_s, 1e-6);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 10);
  cp_test_remove_tree (dir);
}

/* Interruptions to two significant digits, one rule for the column and
 * the risks (approver 33, A22: "0.003" beside "0.00036", and 0.0000999
 * printed "0.000100"): 8 GPUs × 4.8 h × 1.97e-5 = 0.00075648, 8 × 52 h ×
 * 19.7e-6 = 0.0081952, 80 × 178 h × 19.7e-6 = 0.2805; the same digits in
 * Chinese. */
static void
test_interruptions_two_significant (void)
{
  static const struct {
    double value;
    const char *text;
  } cases[] = {
    { 8 * 4.8 * 1.97e-5, "0.00076" },
    { 8 * 52 * 19.7e-6, "0.0082" },
    { 0.0000999, "0.00010" },
    { 0.003, "0.0030" },
    { 80 * 178 * 19.7e-6, "0.28" },
    { 0.996, "1.0" },
    { 28.4, "28" },
    { 1281.4, "1,281" },
    { 0, "0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *en = cp_i18n_format_two_significant (cases[i].value, "en");
      g_autofree char *zh = cp_i18n_format_two_significant (cases[i].value, "zh_CN");

      g_assert_cmpstr (en, ==, cases[i].text);
      g_assert_cmpstr (zh, ==, cases[i].text);
    }
}

/* R3 for a service of one request: "1 concurrent requests" took the
 * replicas' plural; the replicas needed are named ("takes at least 1",
 * walk37 W9). 1 request, 1,024 a replica, 1 replica needed, 2 held;
 * 200 requests, 64 a replica, 4 needed, 8 held; 1 request, 1 held. */
static void
test_r3_one_request (void)
{
  static const struct {
    const char *lang;
    double values[4];
    const char *says;
  } cases[] = {
    { "en", { 1, 1024, 1, 2 }, "serving 1 concurrent request, with a replica able to run up to 1,024 at once (what its "
                               "memory and the scheduler allow), takes at least 1 replica; one machine holds 2 replicas" },
    { "en", { 200, 64, 4, 8 }, "serving 200 concurrent requests, with a replica able to run up to 64 at once (what its "
                               "memory and the scheduler allow), takes at least 4 replicas; one machine holds 8 replicas" },
    { "en", { 1, 1024, 1, 1 }, "takes 1 replica; one machine holds 1 replica, so" },
    { "zh_CN", { 1, 1024, 1, 2 }, "推理看并发能力而非显存上限：1 路并发，每个副本同时至多运行 1,024 路（显存与调度器上限所允许），"
                                  "至少需要 1 个副本；单机可容纳并同时运行 2 个副本" },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  CpPlan plan = { 0 };

  plan.options = g_array_new (FALSE, TRUE, sizeof (CpOption));
  plan.reasons = g_array_new (FALSE, TRUE, sizeof (CpReason));
  plan.recommended = -1;
  plan.best_available = -1;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CpReason reason = { CP_RULE_R3_INFERENCE_CONCURRENCY, CP_OUTCOME_CONCURRENCY_ONE_NODE, -1, { 0 } };
      g_autofree char *text = NULL;

      memcpy (reason.values, cases[i].values, sizeof reason.values);
      text = cp_reason_text (&reason, project, &plan, cases[i].lang);
      if (strstr (text, cases[i].says) == NULL)
        g_error ("R3 says “%s”, not “%s”", text, cases[i].says);
      g_assert_null (strstr (text, "1 concurrent requests"));
    }
  g_array_unref (plan.options);
  g_array_unref (plan.reasons);
}

/* Walk38b G1: the recommended quote rents 1 of its 4 nodes at 68,000
 * CNY; held to its whole offer it costs 4 × 68,000 = 272,000. The next
 * option, Vendor 4 at 70,000, is itself 1 of its 2 nodes (whole: 2 ×
 * 70,000 = 140,000); counted whole as well, the one-machine offer at
 * 72,000 wins, the fallback that needs no part rented alone. */
static void
test_whole_offer_winner (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  CpPlan plan = { 0 };
  CpOption cluster = option_of (0, 68000, 0, 0);
  CpOption pair = option_of (1, 70000, 0, 0);
  CpOption single = option_of (2, 72000, 0, 0);
  double whole_cost = 0;

  add_quote (project, "Cluster", 68000, CP_PRICE_PER_NODE_MONTH)->nodes_available = 4;
  add_quote (project, "Vendor 4", 70000, CP_PRICE_PER_NODE_MONTH)->nodes_available = 2;
  add_quote (project, "Single", 72000, CP_PRICE_PER_NODE_MONTH);
  cluster.rank = 1;
  pair.rank = 2;
  single.rank = 3;
  plan.options = g_array_new (FALSE, TRUE, sizeof (CpOption));
  plan.reasons = g_array_new (FALSE, TRUE, sizeof (CpReason));
  g_array_append_val (plan.options, cluster);
  g_array_append_val (plan.options, pair);
  g_array_append_val (plan.options, single);
  plan.recommended = 0;
  plan.unstated_costs_winner = -1;
  plan.month_minimum_winner = -1;
  g_assert_true (cp_plan_whole_offer_winner (project, &plan, &whole_cost) == &g_array_index (plan.options, CpOption, 2));
  g_assert_cmpfloat (whole_cost, ==, 72000);
  {
    g_autofree char *english = cp_words_unconfirmed (project, &plan, "en", NULL);
    g_autofree char *chinese = cp_words_unconfirmed (project, &plan, "zh_CN", NULL);

    g_assert_cmpstr (english, ==, "Not firm: it rests on renting 1 of the 4 nodes offered; with the whole offer it costs "
                                  "272,000 CNY, and Single wins at 72,000 CNY. Ask Cluster whether part can be rented alone.");
    g_assert_cmpstr (chinese, ==, "结论待定：取决于只租用报价中 1 个节点（共 4 个）；若整套租用，费用为 ¥272,000，Single 将以 "
                                  "¥72,000 胜出。请向 Cluster 确认能否只租一部分。");
  }
  /* Offered whole at 2 × 70,000 = 140,000 < 272,000 but dearer than the
   * single machine: the single machine still wins; with it gone, Vendor
   * 4's whole offer does. */
  g_array_remove_index (plan.options, 2);
  g_assert_true (cp_plan_whole_offer_winner (project, &plan, &whole_cost) == &g_array_index (plan.options, CpOption, 1));
  g_assert_cmpfloat (whole_cost, ==, 140000);
  g_array_unref (plan.options);
  g_array_unref (plan.reasons);
}

/* Walk38b G2: a node-hour price of 100 CNY, billed by the hour with a
 * stated 730-h (1-month) minimum: a 4.2-h job is billed 730 × 100 =
 * 73,000 CNY and says its use in hours, as page 1 says its length and
 * range ("3.5–5.6 h"), not "0.2 days"; 30 days of use (720 h, still
 * under the minimum) stay in days. */
static void
test_minimum_term_use (void)
{
  static const struct {
    const char *lang;
    double used_h;
    const char *says;
  } cases[] = {
    { "en", 4.2, "Billed for the 1-month minimum: 73,000 CNY, the option’s whole cost, for 4.2 h of use." },
    { "zh_CN", 4.2, "按最短租期 1 个月计费：租金 ¥73,000，即该方案的全部费用，实际只用 4.2 小时。" },
    { "en", 720, "Billed for the 1-month minimum: 73,000 CNY, the option’s whole cost, for 30.0 days of use." },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  CpQuote *quote = add_quote (project, "Hourly", 100, CP_PRICE_PER_NODE_HOUR);

  quote->billing_granularity_h = 1;
  quote->minimum_term_h = 730;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CpOption option = option_of (0, 73000, 0, 0);
      g_autofree char *says = NULL;

      option.estimate.run_days = cases[i].used_h / 24.0;
      option.estimate.calendar_days = option.estimate.run_days;
      cp_i18n_push_language (cases[i].lang);
      says = cp_words_minimum_term (project, &option, cases[i].lang);
      cp_i18n_pop_language ();
      g_assert_cmpstr (says, ==, cases[i].says);
    }
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/reason/r6-parts", test_r6_parts);
  g_test_add_func ("/report/reason/cost-sum", test_cost_sum);
  g_test_add_func ("/report/reason/r4-parts", test_r4_parts);
  g_test_add_func ("/report/reason/interruptions-named", test_interruptions_named);
  g_test_add_func ("/report/reason/interruptions-two-significant", test_interruptions_two_significant);
  g_test_add_func ("/report/reason/r3-one-request", test_r3_one_request);
  g_test_add_func ("/report/reason/shown-parts", test_shown_parts);
  g_test_add_func ("/report/reason/walk-fewer-nodes", test_walk_fewer_nodes);
  g_test_add_func ("/report/reason/run-parts", test_run_parts);
  g_test_add_func ("/report/reason/run-parts-planned", test_run_parts_planned);
  g_test_add_func ("/report/reason/whole-offer-winner", test_whole_offer_winner);
  g_test_add_func ("/report/reason/minimum-term-use", test_minimum_term_use);
  return g_test_run ();
}
