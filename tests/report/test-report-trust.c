/* test-report-trust.c: sentences a lead can forward (walk36, issues 22
 * and 26): a finish time printed beside a deadline it misses reads as
 * missed; a migration the app assumed for an undescribed team says so
 * where the calendar counts it; a "Not firm" on the team asks only the
 * question the choice turns on. Values computed by hand, en and zh. */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "planner/cp-plan.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"

#include "cp-test-best-available.h"

/* walk36 F2: a 0.3-day deadline and a finish of 0.35 days printed
 * "finishing in 0.3 days" under "No quote finishes by the deadline". */
static void
test_finish_beside_deadline (void)
{
  static const struct {
    double finish_days, deadline_days;
    const char *lang, *finish, *deadline;
  } cases[] = {
    /* Both under a day: hours. 0.35 × 24 = 8.4 h, 0.3 × 24 = 7.2 h. */
    { 0.35, 0.3, "en", "8.4 h", "7.2 h" },
    { 0.35, 0.3, "zh_CN", "8.4 小时", "7.2 小时" },
    /* 0.301 × 24 = 7.224 h, late by 0.024 h: 7.2 h rounded up is 7.3,
     * past 7.2. */
    { 0.301, 0.3, "en", "7.3 h", "7.2 h" },
    /* 10.04 days against 10: rounded up, 10.1 days, not 10.0. */
    { 10.04, 10, "en", "10.1 days", "10.0 days" },
    { 10.04, 10, "zh_CN", "10.1 天", "10.0 天" },
    /* A deadline typed to the hundredth keeps it: 10.05 shown "10.1"
     * hid a finish of 10.06 rounded up to 10.1. */
    { 10.06, 10.05, "en", "10.06 days", "10.05 days" },
    /* 10.000 4 days past 10: tenths, hundredths and thousandths all
     * round 10.0004 up to one step above 10, the first at 10.1. */
    { 10.0004, 10, "en", "10.1 days", "10.0 days" },
    /* A finish in time rounds as any figure: 9.96 → 10.0, never past. */
    { 9.96, 10, "en", "10.0 days", "10.0 days" },
    /* A deadline of days, a finish under one: both in days. */
    { 0.5, 3, "en", "0.5 days", "3.0 days" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *finish = NULL;
      g_autofree char *deadline = NULL;

      cp_words_finish_and_deadline (cases[i].finish_days, cases[i].deadline_days, cases[i].lang, &finish, &deadline);
      g_assert_cmpstr (finish, ==, cases[i].finish);
      g_assert_cmpstr (deadline, ==, cases[i].deadline);
    }
}

/* The verdict's sentence when none meets a 0.3-day deadline: the best
 * finishes in 0.35 days, 8.4 h, past the 7.2 h deadline. */
static void
test_best_available_past_deadline (void)
{
  static const struct {
    const char *lang, *says;
  } cases[] = {
    { "en", "Quotes run this job, but none finishes in time; options are ranked by finish, soonest first. Best available: Vendor 1 on 1 node, 6,272 CNY, finishing in 8.4 h, past the deadline of 7.2 h; the reasons below say what would change it." },
    { "zh_CN", "报价都能运行该任务，但没有一个能按时完成；方案按完成时间排序，最早的在前。当前最佳：Vendor 1，1 个节点，¥6,272，耗时 8.4 小时，超过截止期限（7.2 小时）；怎样才能改变结论见下文的理由。" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      /* 6,272 CNY = 98 CNY × 8 GPUs × 8 h (walk36's hand check 1, the
       * range's low end). */
      g_autofree char *text = cp_test_best_available_words (98, 6272, 0.35, 0.3, cases[i].lang);

      g_assert_cmpstr (text, ==, cases[i].says);
    }
}

/* R7's deadline signal: one machine at 0.35 days against 0.3, "takes 0.3
 * days, past the deadline of 0.3 days" before; 8.4 h against 7.2 h. */
static void
test_signal_past_deadline (void)
{
  static const struct {
    const char *lang, *says;
  } cases[] = {
    { "en", "On one machine of Vendor 1, the fastest single machine quoted, the job takes 8.4 h, past the deadline of 7.2 h." },
    { "zh_CN", "在 Vendor 1 的一台机器上（报价中最快的单机），该任务需要 8.4 小时，超过截止期限（7.2 小时）。" },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  CpQuote *quote = cp_quote_new ();
  g_autoptr(GArray) options = g_array_new (FALSE, TRUE, sizeof (CpOption));
  CpPlan plan = { 0 };
  CpReason reason = { CP_RULE_R7_CLUSTER_SIGNALS, CP_OUTCOME_SIGNAL_DEADLINE, 0, { 0.35, 0.3, 0, 0 } };

  quote->vendor = g_strdup ("Vendor 1");
  cp_project_add_quote (project, quote);
  plan.options = options;
  plan.recommended = -1;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = cp_reason_text (&reason, project, &plan, cases[i].lang);

      g_assert_cmpstr (text, ==, cases[i].says);
    }
}

/* Issue 22: the window's cluster line read "4 nodes: 10.0 days … misses
 * the deadline of 10.0 days by 0.04 days". A LoRA job due in 10 days, 4
 * nodes at 40,000 CNY finishing in 10.04 days: the finish rounded up,
 * 10.1 days (test_finish_beside_deadline()); one in time at 9.96 days
 * rounds as any figure, 10.0. Its computing 648,000 s = 7.5 days and
 * communication 7,200 s = 2.0 h, with no run in parts (total_s 0). */
static void
test_offer_past_deadline (void)
{
  static const struct {
    double calendar_days;
    const char *lang, *says;
  } cases[] = {
    { 10.04, "en", "4 nodes: 10.1 days, 40,000 CNY, communication 2.0 h against 7.5 days of computing" },
    { 10.04, "zh_CN", "4 个节点：10.1 天，¥40,000，通信 2.0 小时，计算 7.5 天" },
    { 9.96, "en", "4 nodes: 10.0 days, 40,000 CNY, communication 2.0 h against 7.5 days of computing" },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  CpQuote *quote = cp_quote_new ();
  CpPlan plan = { 0 };
  CpJob job;

  quote->vendor = g_strdup ("Vendor 1");
  cp_project_add_quote (project, quote);
  cp_job_init (&job, CP_TASK_LORA);
  job.deadline_days = 10;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CpEstimate estimate = { 0 };
      g_autofree char *text = NULL;

      estimate.fits = TRUE;
      estimate.nodes = 4;
      estimate.calendar_days = cases[i].calendar_days;
      estimate.total_cost = 40000;
      estimate.compute_s = 648000;
      estimate.communication_s = 7200;
      /* Its callers speak in the reader's language. */
      cp_i18n_push_language (cases[i].lang);
      text = cp_words_offer (project, &job, quote, &plan, &estimate, cases[i].lang);
      cp_i18n_pop_language ();
      g_assert_cmpstr (text, ==, cases[i].says);
    }
  cp_job_clear (&job);
}

/* Issue 22: how late, rounded up: never under the true lateness, so a
 * miss never reads as smaller than it is, nor as a finish that would meet
 * the deadline. From a day, as the figures shown beside each other
 * subtract; under a day in whole minutes rounded up (trust37: 80 minutes
 * read "0.1 days"). */
static void
test_late_by (void)
{
  static const struct {
    double finish_days, deadline_days;
    const char *lang, *late;
  } cases[] = {
    /* trust37: 80 min late, 80 / 1440 days: 1 h and 20 min. */
    { 10 + 80.0 / 1440, 10, "en", "1 h 20 min" },
    { 10 + 80.0 / 1440, 10, "zh_CN", "1 小时 20 分钟" },
    /* 10.34 − 10.3 = 0.04 days = 57.6 min, rounded up 58. */
    { 10.34, 10.3, "en", "58 min" },
    { 10.34, 10.3, "zh_CN", "58 分钟" },
    /* Both under a day: 0.34 × 24 = 8.16 h against 7.2 h, 0.96 h late
     * = 57.6 min, 58. */
    { 0.34, 0.3, "en", "58 min" },
    /* Two whole hours: 2 / 24 days, no "0 min". */
    { 5 + 2.0 / 24, 5, "en", "2 h" },
    /* 12.34 − 10 is 2.34 days, rounded "2.3"; shown 12.4 − 10.0 = 2.4. */
    { 12.34, 10, "en", "2.4 days" },
    /* trust36b's cluster line: 59.8 + 14.04 = 73.84 days, 0.84 days
     * late = 1,209.6 min, rounded up 1,210 = 20 h 10 min. */
    { 73.84, 73, "en", "20 h 10 min" },
    /* A deadline typed to the hundredth: 10.06 − 10.05 = 0.01 days
     * = 14.4 min, 15. */
    { 10.06, 10.05, "en", "15 min" },
    /* 35 s late, 10.000 4 days: 34.6 s, a whole minute rounded up. */
    { 10.0004, 10, "en", "1 min" },
    /* 1.2 days late, from a day in days: 11.2 − 10.0. */
    { 11.2, 10, "en", "1.2 days" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *late = cp_words_late_by (cases[i].finish_days, cases[i].deadline_days, cases[i].lang);

      g_assert_cmpstr (late, ==, cases[i].late);
    }
}

/* The tables' Deadline cell says it as the verdict does: 0.34 days past
 * a 0.3-day deadline read "Missed by 0.04 days" beside a finish the
 * verdict shows as 8.2 h against 7.2 h (0.96 h late, rounded up 1.0). */
static void
test_deadline_status_late (void)
{
  CpJob job;
  CpEstimate est = { 0 };
  g_autofree char *en = NULL;
  g_autofree char *zh = NULL;
  g_autofree char *days = NULL;

  cp_job_init (&job, CP_TASK_LORA);
  job.deadline_days = 0.3;
  est.fits = TRUE;
  est.calendar_days = 0.34;
  est.meets_deadline = FALSE;
  en = cp_words_deadline_status (&job, &est, "en");
  /* 0.04 days = 57.6 min, rounded up. */
  g_assert_cmpstr (en, ==, "Missed by 58 min");
  cp_i18n_push_language ("zh_CN");
  zh = cp_words_deadline_status (&job, &est, "zh_CN");
  cp_i18n_pop_language ();
  g_assert_cmpstr (zh, ==, "超期 58 分钟");
  /* 12.34 days against 10: 2.4 days late, not 2.3. */
  job.deadline_days = 10;
  est.calendar_days = 12.34;
  days = cp_words_deadline_status (&job, &est, "en");
  g_assert_cmpstr (days, ==, "Missed by 2.4 days");
  cp_job_clear (&job);
}

/* walk36 F1: 10.5 days of migration (cp-settings.c, R8's one to two
 * weeks), the app's assumption for a team the job does not describe,
 * decided "misses the deadline". */
static void
test_migration_assumed (void)
{
  CpJob job;
  CpEstimate est = { 0 };
  g_autofree char *en = NULL;
  g_autofree char *zh = NULL;
  g_autofree char *stated = NULL;
  g_autofree char *none = NULL;

  cp_job_init (&job, CP_TASK_LORA);
  g_assert_false (job.team_stated);
  est.migration_days = 10.5;

  en = cp_words_migration_assumed (&job, &est, "en");
  g_assert_cmpstr (en, ==, "Its 10.5 days of migration assume a team new to distributed training (R8): ask the team lead whether it is.");
  zh = cp_words_migration_assumed (&job, &est, "zh_CN");
  g_assert_cmpstr (zh, ==, "其中 10.5 天的迁移时间基于假设：团队未做过分布式训练（R8）；请向团队负责人确认是否如此。");

  /* The team described, even as new to clusters: its own word, no note. */
  job.team_stated = TRUE;
  stated = cp_words_migration_assumed (&job, &est, "en");
  g_assert_null (stated);
  /* One machine migrates nothing. */
  job.team_stated = FALSE;
  est.migration_days = 0;
  none = cp_words_migration_assumed (&job, &est, "en");
  g_assert_null (none);
  cp_job_clear (&job);
}

/* A plan of a bare-metal machine recommended (38,000 CNY), a hosted one
 * (50,000 CNY) and, with @cluster, a cluster of 40,000 CNY of which
 * 30,000 is the assumed migration: 10,000 without it. */
static void
add_option (GArray    *options,
            int        quote_index,
            double     total_cost,
            double     migration_days,
            double     engineering_cost)
{
  CpOption option = { 0 };

  option.quote_index = quote_index;
  option.feasible = TRUE;
  option.estimate.fits = TRUE;
  option.estimate.nodes = migration_days > 0 ? 4 : 1;
  option.estimate.total_cost = total_cost;
  option.estimate.migration_days = migration_days;
  option.estimate.engineering_cost = engineering_cost;
  g_array_append_val (options, option);
}

/* walk36 F3: a one-machine service "Not firm" asked whether the team had
 * run distributed training. Each question only when the choice turns
 * on it. */
static void
test_team_question (void)
{
  static const struct {
    gboolean prefer_hosted, cluster;
    const char *lang, *says;
  } cases[] = {
    { TRUE, FALSE, "en", "Not firm: it rests on an assumed team, as the job does not say whether the team has an operations engineer to run bare-metal machines (R8). Ask the team, and state it in the job." },
    { TRUE, FALSE, "zh_CN", "结论待定：取决于对团队的假设，任务未说明团队是否有运维工程师管理裸金属机器（R8）。请向团队确认，并在任务中填写。" },
    { FALSE, TRUE, "en", "Not firm: it rests on an assumed team, as the job does not say whether the team has run distributed training before (R8). Ask the team, and state it in the job." },
    { FALSE, TRUE, "zh_CN", "结论待定：取决于对团队的假设，任务未说明团队是否做过分布式训练（R8）。请向团队确认，并在任务中填写。" },
    { TRUE, TRUE, "en", "Not firm: it rests on an assumed team, as the job does not say whether the team has run distributed training before or has an operations engineer (R8). Ask the team, and state it in the job." },
    { FALSE, FALSE, "en", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CpProject) project = cp_project_new ();
      g_autoptr(GArray) options = g_array_new (FALSE, TRUE, sizeof (CpOption));
      g_autoptr(GArray) reasons = g_array_new (FALSE, TRUE, sizeof (CpReason));
      CpQuote *bare = cp_quote_new ();
      CpQuote *hosted = cp_quote_new ();
      CpQuote *cluster = cp_quote_new ();
      CpPlan plan = { 0 };
      const char *field = NULL;
      g_autofree char *text = NULL;

      bare->vendor = g_strdup ("Local Provider");
      bare->offering = CP_OFFERING_BARE_METAL;
      bare->nodes_available = 1;
      hosted->vendor = g_strdup ("Hosted Cloud");
      hosted->offering = CP_OFFERING_HOSTED_MACHINE;
      hosted->nodes_available = 1;
      cluster->vendor = g_strdup ("Cluster Cloud");
      cluster->offering = CP_OFFERING_HOSTED_MACHINE;
      cluster->nodes_available = 4;
      cp_project_add_quote (project, bare);
      cp_project_add_quote (project, hosted);
      cp_project_add_quote (project, cluster);
      add_option (options, 0, 38000, 0, 0);
      add_option (options, 1, 50000, 0, 0);
      if (cases[i].cluster)
        add_option (options, 2, 40000, 10.5, 30000);
      if (cases[i].prefer_hosted)
        {
          CpReason reason = { 0 };

          reason.outcome = CP_OUTCOME_PREFER_HOSTED;
          g_array_append_val (reasons, reason);
        }
      plan.options = options;
      plan.reasons = reasons;
      plan.recommended = 0;
      plan.best_available = 0;
      plan.team_assumed = TRUE;
      plan.unstated_costs_winner = -1;
      text = cp_words_unconfirmed (project, &plan, cases[i].lang, &field);
      g_assert_cmpstr (text, ==, cases[i].says);
      if (cases[i].says != NULL)
        g_assert_cmpstr (field, ==, "team");
    }
}

/* walk37 F4: recommended at 64.0 of 64.0 GiB, the verdict said "holds
 * across the range"; the words it adds above the table's Tight line
 * (CP_TIGHT_MEMORY_SHARE, 90%), and nothing at or below it. */
static void
test_memory_tight_caution (void)
{
  /* 64 GiB = 68,719,476,736 bytes. */
  const double available_bytes = 64.0 * 1073741824.0;
  static const struct {
    double used_bytes;
    const char *lang, *says;
  } cases[] = {
    /* 0.89 × 64 GiB = 56.96 GiB: under 90%, no caution. */
    { 0.89 * 64.0 * 1073741824.0, "en", NULL },
    /* Exactly 90% is not above it: 57.6 GiB. */
    { 0.90 * 64.0 * 1073741824.0, "en", NULL },
    /* 0.91 × 64 GiB = 58.24 GiB, shown 58.2. */
    { 0.91 * 64.0 * 1073741824.0, "en",
      "Memory is tight: it uses 91% of each GPU's memory (58.2 GiB of 64.0 GiB), above the 90% the table marks Tight; confirm with a trial run before renting." },
    { 0.91 * 64.0 * 1073741824.0, "zh_CN",
      "显存偏紧：每块 GPU 的显存使用 91%（已用 58.2 GiB，共 64.0 GiB），超过表中标为“偏紧”的 90%；租用前请先用试运行确认。" },
    /* walk37's job: 68,669,216,119 of 68,719,476,736 bytes is 99.93%,
     * 63.95 GiB, shown 64.0. */
    { 68669216119.0, "en",
      "Memory is tight: it uses 99.9% of each GPU's memory (64.0 GiB of 64.0 GiB), above the 90% the table marks Tight; confirm with a trial run before renting." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CpProject) project = cp_project_new ();
      CpEstimate est = { 0 };
      g_autofree char *text = NULL;

      est.fits = TRUE;
      est.available_per_gpu_bytes = available_bytes;
      est.memory_per_gpu_bytes = cases[i].used_bytes;
      text = cp_words_memory_tight_caution (project, &est, cases[i].lang);
      g_assert_cmpstr (text, ==, cases[i].says);
      /* The table's Tight by the same test. */
      g_assert_cmpint (cp_estimate_is_tight (&est), ==, cases[i].says != NULL);
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/trust/finish-beside-deadline", test_finish_beside_deadline);
  g_test_add_func ("/report/trust/best-available-past-deadline", test_best_available_past_deadline);
  g_test_add_func ("/report/trust/signal-past-deadline", test_signal_past_deadline);
  g_test_add_func ("/report/trust/offer-past-deadline", test_offer_past_deadline);
  g_test_add_func ("/report/trust/late-by", test_late_by);
  g_test_add_func ("/report/trust/deadline-status-late", test_deadline_status_late);
  g_test_add_func ("/report/trust/migration-assumed", test_migration_assumed);
  g_test_add_func ("/report/trust/team-question", test_team_question);
  g_test_add_func ("/report/trust/memory-tight-caution", test_memory_tight_caution);
  return g_test_run ();
}
