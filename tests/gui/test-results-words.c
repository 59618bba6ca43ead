/* test-results-words.c: the results' sentences against the figures
 * beside them, on the demo project (walkthrough 8): what would change the
 * answer, what more nodes cost, whether the choice is firm. Each sentence
 * is checked against the plan's table and hand arithmetic, not against
 * its own words. */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "gui/cp-results-view-private.h"
#include "planner/cp-catalog.h"
#include "report/cp-chart.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-lines.h"
#include "report/cp-reason-text.h"

#include "common/cp-test-demo.h"
#include "common/cp-test-fee-clusters.h"

static guint
job_index_of (const CpProject *project,
              const char      *id)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (g_strcmp0 (((const CpJob *) g_ptr_array_index (project->jobs, i))->id, id) == 0)
      return i;
  g_assert_not_reached ();
}

/* The demo's 70B fine-tune with its deadline cut from 30 to 5 days: only
 * D finishes in time (3.8 days, 25,403 CNY), a single machine of its
 * cluster offer. */
static CpProject *
demo_with_deadline (double    deadline_days,
                    guint    *job_index)
{
  CpProject *project = cp_test_demo_project ();

  *job_index = job_index_of (project, "job-ft70b");
  ((CpJob *) g_ptr_array_index (project->jobs, *job_index))->deadline_days = deadline_days;
  return project;
}

/* Item 1: the longer deadline that changes the answer names the quote
 * that would then win, never a dearer one, and never speaks of a single
 * machine under a single-machine verdict. */
static void
test_longer_deadline (void)
{
  guint job_index;
  g_autoptr(CpProject) project = demo_with_deadline (5, &job_index);
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  const CpPlan *plan = cp_project_analysis_get_full_plan (analysis, job_index);
  const CpOption *best = &g_array_index (plan->options, CpOption, plan->recommended);
  const CpOption *first = NULL;
  g_autofree char *changes = _cp_results_view_describe_changes (analysis, job_index, plan, "en");
  g_autofree char *name = NULL;
  g_autofree char *cost = NULL;
  g_autofree char *finish = NULL;
  g_autofree char *sentence = NULL;

  g_assert_cmpuint (best->estimate.nodes, ==, 1);
  g_assert_cmpfloat_with_epsilon (best->estimate.total_cost, 25402.5, 0.5);
  /* From the table: the options that run but miss 5 days and cost less
   * than D are F (7.66 days, 15,568 CNY), E (8.04 days, 11,195 CNY) and G
   * (8.29 days, 10,400 CNY); B (8.26 days) costs 40,000 CNY. The first to
   * meet a longer deadline is F: at 7.7 days (7.66 to the tenth above)
   * only D and F meet it, and F is the cheaper. */
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->estimate.fits && !option->estimate.meets_deadline &&
          option->estimate.total_cost < best->estimate.total_cost &&
          (first == NULL || option->estimate.calendar_days < first->estimate.calendar_days))
        first = option;
    }
  g_assert_nonnull (first);
  g_assert_cmpfloat_with_epsilon (first->estimate.calendar_days, 7.657, 0.001);
  g_assert_cmpfloat_with_epsilon (first->estimate.total_cost, 15568, 0.5);
  g_assert_true (g_str_has_prefix (((const CpQuote *) g_ptr_array_index (project->quotes, first->quote_index))->vendor,
                                   "示例供应商 F"));

  name = cp_words_quote_name (project, first->quote_index);
  cost = cp_i18n_format_money (first->estimate.total_cost, "CNY", "en");
  finish = cp_i18n_format_days (first->estimate.calendar_days, "en");
  sentence = g_strdup_printf ("• With a deadline of 7.7 days, %s would be recommended instead: 1 node (8 GPUs), %s, %s.",
                              name, cost, finish);
  g_assert_cmpstr (cost, ==, "15,568 CNY");
  g_assert_nonnull (strstr (changes, sentence));
  g_assert_null (strstr (changes, "single machine"));
  g_assert_null (strstr (changes, "40,000"));
  /* And the planner agrees at the deadline named, not a tenth below. */
  {
    g_autoptr(CpProject) longer = demo_with_deadline (7.7, &job_index);
    g_autoptr(CpProject) shorter = demo_with_deadline (7.6, &job_index);
    g_autoptr(CpPlan) at = cp_project_plan_job_without_robustness (longer, job_index);
    g_autoptr(CpPlan) below = cp_project_plan_job_without_robustness (shorter, job_index);

    g_assert_cmpint (g_array_index (at->options, CpOption, at->recommended).quote_index, ==, first->quote_index);
    g_assert_cmpint (g_array_index (below->options, CpOption, below->recommended).quote_index, ==, best->quote_index);
  }
}

/* Item 3: the window's word on whether the choice holds is the report's
 * first page's: D's single machine needs CPU offload's 1,043 GiB of host
 * memory, which its quote does not state. */
static void
test_not_firm (void)
{
  guint job_index;
  g_autoptr(CpProject) project = demo_with_deadline (5, &job_index);
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, job_index);
  const CpOption *best = &g_array_index (plan->options, CpOption, plan->recommended);
  const CpQuote *quote = g_ptr_array_index (project->quotes, best->quote_index);
  gboolean warning = FALSE;
  g_autofree char *text = _cp_results_view_describe_robustness (project, plan, NULL, "en", &warning);
  g_autofree char *report = cp_words_unconfirmed (project, plan, "en", NULL);

  g_assert_cmpfloat (quote->host_memory_per_node_bytes, <=, 0);
  g_assert_cmpfloat (best->estimate.host_memory_per_node_bytes, >, 0);
  g_assert_true (warning);
  g_assert_cmpstr (text, ==, report);
  g_assert_nonnull (strstr (text, "Not firm"));
  g_assert_nonnull (strstr (text, "1,043 GiB"));
  g_assert_null (strstr (text, "holds across"));

  /* With the host memory stated, the range's own word again. */
  {
    g_autoptr(CpProject) stated = cp_test_offload_project (2048.0 * 1024 * 1024 * 1024);
    g_autoptr(CpPlan) stated_plan = cp_project_plan_job (stated, 0);
    g_autofree char *firm = NULL;

    g_assert_cmpint (stated_plan->recommended, >=, 0);
    firm = _cp_results_view_describe_robustness (stated, stated_plan, NULL, "en", &warning);
    g_assert_null (strstr (firm, "Not firm"));
    g_assert_cmpint (warning, ==, !stated_plan->verdict_robust);
  }
}

/* What more nodes cost at E, from its figures in the demo's report at the
 * 5-day deadline: its whole offer (8 nodes, 14.1 days) 57,935 CNY less one
 * node's 11,195 CNY is 46,740 CNY, within a yuan either way since both
 * totals are rounded to the yuan. Debugging no longer shrinks as the run
 * is split (R4 counts the run on one machine), so it no longer brings the
 * difference down; the migration, 10.5 calendar days = 7.5 working days ×
 * 3 engineers × 2,000 CNY = 45,000 CNY, is its largest part. */
#define E_MORE_NODES_CNY (57935.0 - 11195.0)

/* The signed amounts of a "More nodes cost … more: …" line, summed. */
static double
sum_of_parts (const char *line,
              guint      *n_parts)
{
  g_autoptr(GRegex) regex = g_regex_new ("([+−])([0-9,]+(?:\\.[0-9]+)?) CNY", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  double sum = 0;

  *n_parts = 0;
  g_regex_match (regex, strstr (line, ": ") + 2, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *sign = g_match_info_fetch (match, 1);
      g_autofree char *digits = g_match_info_fetch (match, 2);
      g_auto(GStrv) groups = g_strsplit (digits, ",", -1);
      g_autofree char *plain = g_strjoinv ("", groups);

      sum += (g_str_equal (sign, "+") ? 1 : -1) * g_ascii_strtod (plain, NULL);
      (*n_parts)++;
      g_match_info_next (match, NULL);
    }
  return sum;
}

/* Item 5: what more nodes cost is explained by its parts with their
 * signs, and the parts add up to the difference; no part is said to be a
 * share of a smaller whole. */
static void
test_cost_difference (void)
{
  guint job_index;
  g_autoptr(CpProject) project = demo_with_deadline (5, &job_index);
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  const CpPlan *plan = cp_project_analysis_get_full_plan (analysis, job_index);
  g_autofree char *text = _cp_results_view_describe_cluster_question (analysis, job_index, plan, "en");
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n_lines = 0;
  guint n_e_lines = 0;

  g_assert_null (strstr (text, " difference, "));
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint n_parts;
      double sum;
      double difference;
      g_autofree char *digits = NULL;

      if (!g_str_has_prefix (lines[i], "More nodes cost "))
        continue;
      n_lines++;
      digits = g_strndup (lines[i] + strlen ("More nodes cost "),
                          strstr (lines[i], " CNY more") - lines[i] - strlen ("More nodes cost "));
      g_strdelimit (digits, ",", ' ');
      {
        g_auto(GStrv) groups = g_strsplit (digits, " ", -1);
        g_autofree char *plain = g_strjoinv ("", groups);

        difference = g_ascii_strtod (plain, NULL);
      }
      /* Whole units like every sum beside them: the parts are
       * apportioned to the unit ("−42.00 CNY" read as a different
       * format, walkthrough 13). */
      g_assert_false (g_regex_match_simple ("[0-9]\\.[0-9]+ CNY", lines[i], 0, 0));
      g_test_message ("%s", lines[i]);
      sum = sum_of_parts (lines[i], &n_parts);
      g_assert_cmpuint (n_parts, >=, 2);
      g_assert_cmpfloat (sum, ==, difference);
      if (fabs (difference - E_MORE_NODES_CNY) <= 1)
        {
          g_assert_true (g_str_has_prefix (strchr (lines[i], ':'), ": +45,000 CNY migration engineering, "));
          n_e_lines++;
        }
    }
  g_assert_cmpuint (n_lines, ==, 4);
  g_assert_cmpuint (n_e_lines, ==, 1);
}

/* Approver 34's firm LoRA (tests/report/test-report-memo-answers.c's
 * make_firm()): Llama-2-70B on 500M tokens of 4,096, rank 16, 30 days,
 * 2 TB; Beijing Yunsuan's one 8 × H800 machine at 16.80 CNY per GPU-hour
 * with storage at 600 CNY per TB-month, its billing step and minimum term
 * not stated, and Shanghai Suanli's 4 nodes of 8 × A800 at 42,000 CNY a
 * node-month with a 3,000 CNY setup fee. */
static CpProject *
firm_lora_project (void)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  const CpGpuSpec *h800 = cp_catalog_find_gpu (catalog, "h800");
  const CpGpuSpec *a800 = cp_catalog_find_gpu (catalog, "a800");
  CpProject *project = cp_project_new ();
  CpJob *job = cp_job_new (CP_TASK_LORA);
  CpQuote *hourly = cp_quote_new ();
  CpQuote *monthly = cp_quote_new ();

  job->name = g_strdup ("Customer-service LoRA, Llama-2-70B");
  cp_job_set_model (job, cp_catalog_find_model (catalog, "llama-2-70b"));
  job->tokens = 500e6;
  job->seq_len = 4096;
  job->lora_rank = 16;
  job->deadline_days = 30;
  job->storage_tb = 2;
  cp_project_add_job (project, job);

  hourly->vendor = g_strdup ("Beijing Yunsuan");
  hourly->offer_name = g_strdup ("H800 8-GPU server");
  cp_quote_set_gpu (hourly, h800);
  cp_quote_set_intra_link (hourly, cp_catalog_find_link (catalog, h800->default_intra_link));
  hourly->gpus_per_node = 8;
  hourly->price_unit = CP_PRICE_PER_GPU_HOUR;
  hourly->price = 16.8;
  hourly->storage_price_per_tb_month = 600;
  cp_project_add_quote (project, hourly);

  monthly->vendor = g_strdup ("Shanghai Suanli");
  monthly->offer_name = g_strdup ("A800 4-node cluster");
  monthly->offering = CP_OFFERING_BARE_METAL_CLUSTER;
  cp_quote_set_gpu (monthly, a800);
  cp_quote_set_intra_link (monthly, cp_catalog_find_link (catalog, a800->default_intra_link));
  monthly->gpus_per_node = 8;
  monthly->nodes_available = 4;
  monthly->network = CP_NETWORK_INFINIBAND;
  monthly->nics_per_node = 4;
  monthly->nic_gbps = 200;
  monthly->price_unit = CP_PRICE_PER_NODE_MONTH;
  monthly->price = 42000;
  monthly->setup_fee = 3000;
  cp_project_add_quote (project, monthly);
  return project;
}

/* A firm choice's one condition, the one page 1 puts on the signature,
 * is said in the window's verdict too: the H800's 21 billed hours at
 * 16.80 × 8 and 34 CNY of storage, 2,856 CNY, and with a month's minimum
 * 16.80 × 8 × 730 h = 98,112 CNY of rental, where Shanghai Suanli's one
 * node-month and setup fee, 42,000 + 3,000 = 45,000 CNY, would win. */
static void
test_firm_month_minimum (void)
{
  g_autoptr(CpProject) project = firm_lora_project ();
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, 0);
  const CpOption *best;
  gboolean warning = TRUE;
  g_autofree char *text = NULL;

  g_assert_cmpint (plan->recommended, >=, 0);
  best = &g_array_index (plan->options, CpOption, plan->recommended);
  g_assert_cmpint (best->quote_index, ==, 0);
  g_assert_cmpfloat_with_epsilon (best->estimate.total_cost, 2856, 0.5);
  g_assert_null (cp_words_unconfirmed (project, plan, "en", NULL));
  g_assert_cmpint (plan->month_minimum_winner, ==, 1);
  g_assert_cmpfloat_with_epsilon (plan->month_minimum_winner_cost, 45000, 0.5);
  /* A month's rental and the run's storage, 600 × 2 TB × 21/730 months. */
  g_assert_cmpfloat_with_epsilon (plan->month_minimum_cost, 16.8 * 8 * 730 + 600 * 2 * 21 / 730.0, 1);

  text = _cp_results_view_describe_robustness (project, plan, NULL, "en", &warning);
  g_assert_false (warning);
  g_assert_null (strstr (text, "Not firm"));
  g_assert_nonnull (strstr (text, "The recommended total, 2,856 CNY, takes Beijing Yunsuan’s hourly price as billed by "
                                  "the hour with no minimum term; a one-month minimum term would make it 98,146 CNY, "
                                  "and Shanghai Suanli would be recommended at 45,000 CNY."));

  /* Its minimum term stated (an hour), nothing is left to say. */
  {
    g_autoptr(CpPlan) stated_plan = NULL;
    g_autofree char *stated = NULL;

    ((CpQuote *) g_ptr_array_index (project->quotes, 0))->minimum_term_h = 1;
    stated_plan = cp_project_plan_job (project, 0);
    stated = _cp_results_view_describe_robustness (project, stated_plan, NULL, "en", &warning);
    g_assert_null (strstr (stated, "minimum term"));
  }
}

/* Walk35: R8 said "arrange who will run the machines: ask the vendor
 * for operations support" under a bare-metal quote that includes it. The
 * firm LoRA's team is not described, so R8 fires on Beijing Yunsuan's
 * bare metal; with support included, or stated at 2,000 CNY a month, the
 * reason says so and page 1's line has nothing to arrange. */
static void
test_operations_support_stated (void)
{
  g_autoptr(CpProject) project = firm_lora_project ();
  CpQuote *machine = g_ptr_array_index (project->quotes, 0);
  static const struct {
    CpFeeTerms  terms;
    double      fee_per_month;
    const char *said;
  } cases[] = {
    { CP_FEE_NOT_STATED, 0, "ask the vendor for operations support" },
    { CP_FEE_INCLUDED, 0, "Beijing Yunsuan — H800 8-GPU server is bare metal, and its quote includes operations "
                          "support: the vendor runs the machines." },
    { CP_FEE_STATED, 2000, "Beijing Yunsuan — H800 8-GPU server is bare metal, and its vendor runs the machines for "
                           "2,000 CNY a month, counted in its cost." },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(CpPlan) plan = NULL;
      g_autofree char *text = NULL;
      g_autofree char *operations = NULL;

      machine->ops_support_terms = cases[c].terms;
      machine->ops_support_fee_per_month = cases[c].fee_per_month;
      plan = cp_project_plan_job (project, 0);
      g_assert_cmpint (g_array_index (plan->options, CpOption, plan->recommended).quote_index, ==, 0);
      for (guint i = 0; i < plan->reasons->len; i++)
        if (g_array_index (plan->reasons, CpReason, i).outcome == CP_OUTCOME_PREFER_HOSTED)
          text = cp_reason_text (&g_array_index (plan->reasons, CpReason, i), project, plan, "en");
      g_assert_nonnull (text);
      g_test_message ("%s", text);
      g_assert_nonnull (strstr (text, cases[c].said));
      operations = cp_words_operations (project, plan, "en");
      if (cases[c].terms == CP_FEE_NOT_STATED)
        g_assert_null (strstr (text, "includes operations support"));
      else
        {
          g_assert_null (strstr (text, "ask the vendor for operations support"));
          g_assert_null (operations);
        }
    }
}

/* Walk35 Y1, Y6: the recommended cluster's unstated network fee read as
 * 0 in the window, and its vendor was not asked. The window's questions
 * ask it with the plan's estimate, E's 1,500 CNY × D's nodes × 1 month
 * billed, as page 1 of the report gives it. */
static void
test_network_fee_asked (void)
{
  /* TRUE: the team has an operations engineer. */
  g_autoptr(CpProject) project = cp_test_fee_clusters_project (TRUE);
  g_autoptr(CpPlan) plan = NULL;
  g_autoptr(GPtrArray) questions = NULL;
  g_autofree char *expected = NULL;
  const CpOption *best;
  guint asked = 0;
  static const char * const amounts[] = { NULL, NULL, "3,000", "4,500", "6,000" };

  plan = cp_project_plan_job (project, 0);
  g_assert_cmpint (plan->recommended, >=, 0);
  best = &g_array_index (plan->options, CpOption, plan->recommended);
  g_assert_cmpint (best->quote_index, ==, 0);
  g_assert_cmpuint (best->estimate.nodes, >=, 2);
  g_assert_cmpuint (best->estimate.nodes, <=, 4);
  g_assert_cmpfloat (best->estimate.network_cost, ==, 0);
  expected = g_strdup_printf ("Ask 示例供应商 D whether its price includes the network between the nodes and, if not, its "
                              "fee per node a month: the quote does not say, and its total counts none; it would be "
                              "about %s CNY at 示例供应商 E’s 1,500 CNY per node-month.", amounts[best->estimate.nodes]);
  questions = cp_reason_vendor_questions (project, plan, "en");
  for (guint i = 0; i < questions->len; i++)
    {
      const char *question = g_ptr_array_index (questions, i);

      g_test_message ("%s", question);
      asked += strstr (question, "network between the nodes") != NULL;
      if (strstr (question, "network between the nodes") != NULL)
        g_assert_cmpstr (question, ==, expected);
    }
  g_assert_cmpuint (asked, ==, 1);
  /* The same in Chinese, the estimate after the question. */
  {
    g_autoptr(GPtrArray) chinese = cp_reason_vendor_questions (project, plan, "zh_CN");
    g_autofree char *estimate = g_strdup_printf ("每节点每月 ¥1,500 计，约 ¥%s。", amounts[best->estimate.nodes]);
    const char *question = g_ptr_array_index (chinese, chinese->len - 1);

    g_test_message ("%s", question);
    g_assert_nonnull (strstr (question, "总成本按零计算"));
    g_assert_nonnull (strstr (question, estimate));
  }

  /* Included in the price: nothing to estimate or ask. */
  {
    g_autoptr(CpPlan) included = NULL;
    g_autoptr(GPtrArray) none = NULL;

    ((CpQuote *) g_ptr_array_index (project->quotes, 0))->network_fee_terms = CP_FEE_INCLUDED;
    included = cp_project_plan_job (project, 0);
    none = cp_reason_vendor_questions (project, included, "en");
    for (guint i = 0; i < none->len; i++)
      g_assert_null (strstr (g_ptr_array_index (none, i), "network between the nodes"));
  }
}

/* Walk35 U6: R5's computing time is the figure the same option's run
 * gives in "One machine or the cluster?", in its unit: the run's parts
 * are apportioned to add up to the run, and R5 rounded its own figure,
 * in days past 48 h. The demo's 70B fine-tune on G's whole offer of 4
 * nodes: "run 30.7 h = 26.5 h computing + …" and "against 26.5 h of
 * computing"; its 13B pre-training on D's 10 nodes: "run 178 h = 169 h
 * computing + …" and "against 169 h of computing", where R5 said
 * "7.0 days". */
static void
test_r5_computing_as_run (void)
{
  static const struct {
    const char *job;
    const char *vendor;
    const char *run;
    const char *r5;
  } cases[] = {
    { "job-ft70b", "On 4 nodes of 示例供应商 G", "run 30.7 h = 26.5 h computing + ", "against 26.5 h of computing" },
    { "job-pretrain13b", "On 10 nodes of 示例供应商 D", "run 178 h = 169 h computing + ", "against 169 h of computing" },
  };
  g_autoptr(CpProject) project = cp_test_demo_project ();

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(CpPlan) plan = cp_project_plan_job (project, job_index_of (project, cases[c].job));
      guint n_r5 = 0, n_runs = 0;

      for (guint i = 0; i < plan->reasons->len; i++)
        {
          const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
          g_autofree char *text = NULL;

          if (reason->rule != CP_RULE_R5_SPLIT_BENEFIT || reason->quote_index < 0)
            continue;
          for (guint o = 0; o < plan->options->len; o++)
            {
              const CpOption *option = &g_array_index (plan->options, CpOption, o);
              const CpEstimate *estimate = option->estimate.nodes == (guint) reason->values[3] ? &option->estimate
                                           : option->has_full_offer ? &option->full_offer : NULL;
              g_autofree char *run = NULL;

              if (option->quote_index != reason->quote_index || estimate == NULL ||
                  estimate->nodes != (guint) reason->values[3])
                continue;
              run = cp_words_run_parts (estimate, "en");
              g_test_message ("%s", run);
              g_assert_nonnull (strstr (run, cases[c].run));
              n_runs++;
            }
          text = cp_reason_text (reason, project, plan, "en");
          g_test_message ("%s", text);
          g_assert_nonnull (strstr (text, cases[c].vendor));
          g_assert_nonnull (strstr (text, cases[c].r5));
          n_r5++;
        }
      g_assert_cmpuint (n_r5, ==, 1);
      g_assert_cmpuint (n_runs, ==, 1);
    }
}

/* Walk37b N2: a vendor that rents only its whole offer bills every
 * machine, and the window's verdict says so, as page 1's "Rent: all 4
 * machines offered … the job runs on 1" does. Qwen2.5-7B served to 4
 * concurrent requests for 0.5 day (12 h) runs on one machine of 8 GPUs
 * (tests/report/test-report-part-rentable.c); CloudA offers 4 nodes of 8
 * H800 at 15 CNY a GPU-hour, VAT included, with everything else included:
 * billed whole, 4 × 8 × 15 × 12 = 5,760 CNY, not one machine's 1,440. */
static void
test_whole_offer_only (void)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  const CpGpuSpec *h800 = cp_catalog_find_gpu (catalog, "h800");
  g_autoptr(CpProject) project = cp_project_new ();
  CpJob *job = cp_job_new (CP_TASK_INFERENCE);
  CpQuote *quote = cp_quote_new ();
  g_autoptr(CpPlan) plan = NULL;
  g_autofree char *verdict = NULL;
  const CpOption *best;

  job->name = g_strdup ("Serve");
  cp_job_set_model (job, cp_catalog_find_model (catalog, "qwen2.5-7b"));
  job->duration_days = 0.5;
  job->concurrency = 4;
  job->team_has_ops_engineer = TRUE;
  job->team_stated = TRUE;
  cp_project_add_job (project, job);
  quote->vendor = g_strdup ("CloudA");
  quote->offer_name = g_strdup ("H800");
  quote->offering = CP_OFFERING_BARE_METAL_CLUSTER;
  cp_quote_set_gpu (quote, h800);
  cp_quote_set_intra_link (quote, cp_catalog_find_link (catalog, h800->default_intra_link));
  quote->gpus_per_node = 8;
  quote->nodes_available = 4;
  quote->network = CP_NETWORK_INFINIBAND;
  quote->nics_per_node = 8;
  quote->nic_gbps = 400;
  quote->sharing = CP_SHARING_DEDICATED;
  quote->price_unit = CP_PRICE_PER_GPU_HOUR;
  quote->price = 15;
  quote->billing_granularity_h = 1;
  quote->vat_basis = CP_VAT_BASIS_INCLUDED;
  quote->network_fee_terms = CP_FEE_INCLUDED;
  quote->storage = CP_STORAGE_PARALLEL_FS;
  quote->storage_price_terms = CP_FEE_INCLUDED;
  quote->ops_support_terms = CP_FEE_INCLUDED;
  quote->part_rentable = CP_PART_RENTABLE_NO;
  cp_project_add_quote (project, quote);

  plan = cp_project_plan_job (project, 0);
  g_assert_cmpint (plan->recommended, >=, 0);
  best = &g_array_index (plan->options, CpOption, plan->recommended);
  g_assert_cmpuint (best->estimate.nodes, ==, 1);
  g_assert_cmpfloat_with_epsilon (best->estimate.total_cost, 4 * 8 * 15 * 12, 0.5);
  verdict = _cp_results_view_describe_recommendation (project, plan, NULL, "en");
  g_test_message ("%s", verdict);
  g_assert_true (g_str_has_prefix (verdict, "Recommended: all 4 machines offered of CloudA — H800 (32 GPUs), as its "
                                            "vendor rents only the whole offer; the job runs on 1: 5,760 CNY in total, "));
  g_assert_null (strstr (verdict, "1 of the 4 nodes offered"));

  /* Part of it rented alone, the one machine is what is rented and paid:
   * 1 × 8 × 15 × 12 = 1,440 CNY. */
  {
    g_autoptr(CpPlan) part_plan = NULL;
    g_autofree char *part = NULL;

    quote->part_rentable = CP_PART_RENTABLE_YES;
    part_plan = cp_project_plan_job (project, 0);
    part = _cp_results_view_describe_recommendation (project, part_plan, NULL, "en");
    g_test_message ("%s", part);
    g_assert_true (g_str_has_prefix (part, "Recommended: one machine (8 GPUs) of CloudA — H800, 1 of the 4 nodes "
                                           "offered: 1,440 CNY in total, "));
  }
}

/* The same sentences in the window's Chinese: run with LANGUAGE=zh_CN
 * (the gui-results-words-zh_CN test), as the user starts the window. */
static void
test_chinese (void)
{
  guint job_index;
  g_autoptr(CpProject) project = demo_with_deadline (5, &job_index);
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  const CpPlan *plan = cp_project_analysis_get_full_plan (analysis, job_index);
  g_autofree char *changes = _cp_results_view_describe_changes (analysis, job_index, plan, "zh_CN");
  g_autofree char *cluster = _cp_results_view_describe_cluster_question (analysis, job_index, plan, "zh_CN");
  gboolean warning;
  g_autofree char *robustness = _cp_results_view_describe_robustness (project, plan, NULL, "zh_CN", &warning);

  if (g_strcmp0 (g_getenv ("LANGUAGE"), "zh_CN") != 0)
    {
      g_test_skip ("needs LANGUAGE=zh_CN");
      return;
    }
  /* F at 7.66 days for ¥15,568, as test_longer_deadline works it out. */
  g_assert_nonnull (strstr (changes, "若截止期限为 7.7 天，推荐将改为 示例供应商 F"));
  g_assert_nonnull (strstr (changes, "1 个节点（8 块 GPU），¥15,568，7.7 天。"));
  /* E's 46,740 CNY (E_MORE_NODES_CNY), within the yuan of rounding. */
  g_assert_true (g_regex_match_simple ("节点越多成本越高，多出 ¥46,7(39|40|41)：迁移工程投入 \\+¥45,000，", cluster, 0, 0));
  g_assert_true (g_str_has_prefix (robustness, "结论待定"));
  g_assert_null (strstr (robustness, "都成立"));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  cp_i18n_bind_textdomain ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/results-words/longer-deadline", test_longer_deadline);
  g_test_add_func ("/results-words/not-firm", test_not_firm);
  g_test_add_func ("/results-words/cost-difference", test_cost_difference);
  g_test_add_func ("/results-words/firm-month-minimum", test_firm_month_minimum);
  g_test_add_func ("/results-words/operations-support-stated", test_operations_support_stated);
  g_test_add_func ("/results-words/network-fee-asked", test_network_fee_asked);
  g_test_add_func ("/results-words/r5-computing-as-run", test_r5_computing_as_run);
  g_test_add_func ("/results-words/whole-offer-only", test_whole_offer_only);
  g_test_add_func ("/results-words/chinese", test_chinese);
  return g_test_run ();
}
