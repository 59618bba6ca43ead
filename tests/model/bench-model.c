/* bench-model.c: evaluations per second of the planning model on one core,
 * and the time to plan the demo project's jobs over all its quotes.
 *
 * One evaluation is cp_estimate() of one job on one quote at one node
 * count, the unit the window recomputes for every job × quote × node count
 * on each keystroke; every evaluation runs the layout search, since the
 * jobs leave their layout to it (cp_job_init()). Not a test: run it by hand
 * (`bench-model [seconds]`). Goals: issue 11, at least 200,000
 * evaluations/s and under 2 ms to plan the demo's current job; issue 21,
 * 1,000,000 searched evaluations/s.
 *
 * The same evaluations are timed twice: through cp_estimate(), which
 * checks the job, quote and settings and works out the job's constants on
 * every call, and as cp_plan_new() makes them, the inputs checked and the
 * constants worked out once per job and quote (cp_estimate_series_new())
 * and each node count estimated by cp_estimate_series_at().
 *
 * CPU time still depends on what else the cores run (caches, SMT); on a
 * shared machine compare `perf stat -e instructions:u bench-model -n N`
 * (or valgrind --tool=callgrind where the machine has no counters), which
 * evaluates exactly N × 68 estimates each way and skips the demo:
 * instructions per evaluation do not depend on the load. With
 * --plan-only, only the second way.
 *
 * The mixtures of experts are timed on their own after the dense jobs
 * (their search weighs more splits: expert parallel folded over tensor ×
 * data parallel): a Mixtral-like 8 × top-2 and a DeepSeek-like
 * fine-grained 64 × top-6, on the same quotes, 34 evaluations a round.
 * With --moe, only they are evaluated (`bench-model --moe --plan-only -n N`
 * counts their instructions: N × 34 estimates).
 *
 * Services are timed on their own too (`--serving`): a Llama-2-7B-like
 * service of 200 concurrent requests in 16 bits and a Llama-3-70B-like
 * one of 64 in 8, on the same quotes, 34 evaluations a round; they search
 * replica sizes, not training layouts. So are LoRA fine-tunes (`--lora`):
 * a Llama-3-70B-like and a Llama-3-8B-like, 34 evaluations a round.
 *
 * Each line is followed by what the searches did per evaluation: layouts
 * weighed and of them timed in full (the others left by a lower bound on
 * their run time), splits enumerated and how many of those their lower bound
 * pruned (the search has no cap: a split is weighed or pruned).
 *
 * Where the time goes (callgrind, `--plan-only -n 5`, MoE `-n 2`, at
 * 7ba04c9): dense, 39.5k instructions per evaluation, 88% of them in the
 * layout search: its own code (the choices within a split, what a split's
 * layouts share, the pool, the heap of bounds) 33%, memory 15%, step
 * times 16% (_cp_layout_time_of_split() 12%, its split's set-up 4%), the
 * quick bound of every split 9%, enumerating the splits 10%; the rest of
 * the estimate 12% (goodput, calendar, cost; the service's replicas). By
 * job, about: the 7B QLoRA (one split, 2 layouts timed) 11k, the 7B
 * service 12k, the 13B pre-training 51k (58 splits a search, 18 layouts
 * timed), the 70B fine-tune 104k (27 timed). MoE, 286k: the search's own
 * code 37%, step times 19% (24% with their split's set-up), the quick
 * bounds of about 185 splits a search 12%, memory 13%; the Mixtral-like
 * times 106 layouts an evaluation, the DeepSeek-like 125. What is timed
 * is what the choice rule may take: with layout-headroom-time at 0 (a 1%
 * tie instead of up to 15% for safe headroom) the same evaluations time
 * 25% fewer layouts (4,804 -> 3,580). At 95c93d27, of the MoE splits
 * timed 6% were within 1.05 of the runner-up's fastest run, 55% within
 * 1.05–1.2: their bound 0.87 of their fastest run at the median, the
 * gap mostly the full recompute (of some layers) their layouts need at
 * the lower ZeRO stages, which the bound assumes none of.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "planner/cp-estimate.h"
#include "model-fixture.h"
#include "planner/cp-plan.h"
#include "common/cp-test-demo.h"

/* CPU time of this thread, in µs: what one core spends, whatever else
 * the machine runs. */
static gint64
cpu_time_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* Evaluations of every job on every quote at every node count, over
 * and over for @seconds of CPU or @rounds rounds; each checked by
 * cp_estimate(), or (@plan) checked once per job and quote as
 * cp_plan_new() does. */
static void
evaluate (const char       *what,
          const CpJob      *jobs,
          guint             n_jobs,
          const CpQuote    *quotes,
          guint             n_quotes,
          const CpSettings *settings,
          gboolean          plan,
          double            seconds,
          guint64           rounds,
          volatile double  *sink)
{
  guint64 evaluations = 0, round = 0, weighed = 0, timed = 0, splits = 0, pruned = 0;
  gint64 start, elapsed_us;

  start = cpu_time_us ();
  do
    {
      for (guint j = 0; j < n_jobs; j++)
        for (guint q = 0; q < n_quotes; q++)
          {
            g_autoptr(CpEstimateSeries) series = NULL;

            if (plan && !cp_estimate_check_inputs (&jobs[j], &quotes[q], settings, NULL))
              g_error ("bench-model: job %u or quote %u does not check", j, q);
            if (plan)
              series = cp_estimate_series_new (&jobs[j], &quotes[q], settings);
            for (guint nodes = 1; nodes <= quotes[q].nodes_available; nodes++)
              {
                CpEstimate est;

                if (plan)
                  cp_estimate_series_at (series, nodes, &est, NULL);
                else
                  cp_estimate (&jobs[j], &quotes[q], nodes, settings, &est, NULL);
                *sink += est.total_cost;
                weighed += est.layouts_evaluated;
                timed += est.layouts_timed;
                splits += est.layout_splits;
                pruned += est.layout_splits_pruned;
                evaluations++;
              }
          }
      elapsed_us = cpu_time_us () - start;
      round++;
    }
  while (rounds > 0 ? round < rounds : elapsed_us < seconds * G_USEC_PER_SEC);

  printf ("%s: %" G_GUINT64_FORMAT " evaluations in %.2f s of CPU: %.0f evaluations/s on one core%s\n",
          what, evaluations, elapsed_us / 1e6, evaluations / (elapsed_us / 1e6),
          plan ? ", inputs checked once per job and quote (as a plan)" : "");
  printf ("  per evaluation: %.1f layouts weighed, %.1f timed, %.1f splits enumerated, %.1f of them pruned\n",
          (double) weighed / evaluations, (double) timed / evaluations, (double) splits / evaluations, (double) pruned / evaluations);
}

int
main (int   argc,
      char *argv[])
{
  gboolean plan_only = FALSE, moe_only = FALSE, serving_only = FALSE, lora_only = FALSE, fixed_count = FALSE;
  double seconds = 2.0;
  guint64 rounds = 0;
  CpSettings settings;
  CpJob jobs[4], moe[2], serving[2], lora[2];
  CpQuote quotes[2];
  gint64 start, elapsed_us;
  volatile double sink = 0;

  for (int arg = 1; arg < argc; arg++)
    if (g_strcmp0 (argv[arg], "--plan-only") == 0)
      plan_only = TRUE;
    else if (g_strcmp0 (argv[arg], "--moe") == 0)
      moe_only = TRUE;
    else if (g_strcmp0 (argv[arg], "--serving") == 0)
      serving_only = TRUE;
    else if (g_strcmp0 (argv[arg], "--lora") == 0)
      lora_only = TRUE;
    else if (g_strcmp0 (argv[arg], "-n") == 0 && arg + 1 < argc)
      {
        fixed_count = TRUE;
        rounds = g_ascii_strtoull (argv[++arg], NULL, 10);
      }
    else
      seconds = atof (argv[arg]);

  cp_settings_init (&settings);
  cp_job_init (&jobs[0], CP_TASK_PRETRAIN);
  cp_test_model_init (&jobs[0].model, 13e9, 40, 5120, 40, 40, 13824, 32000);
  jobs[0].tokens = 300e9;
  cp_job_init (&jobs[1], CP_TASK_FULL_FINETUNE);
  cp_test_model_init (&jobs[1].model, 70e9, 80, 8192, 64, 8, 28672, 32000);
  cp_job_init (&jobs[2], CP_TASK_QLORA);
  cp_test_model_init (&jobs[2].model, 7e9, 32, 4096, 32, 32, 11008, 32000);
  cp_job_init (&jobs[3], CP_TASK_INFERENCE);
  cp_test_model_init (&jobs[3].model, 7e9, 32, 4096, 32, 32, 11008, 32000);
  jobs[3].concurrency = 200;
  /* Mixtral-like: 8 experts, top 2 */
  cp_job_init (&moe[0], CP_TASK_PRETRAIN);
  cp_test_model_init (&moe[0].model, 46.7e9, 32, 4096, 32, 8, 14336, 32000);
  moe[0].model.active_params = 12.9e9;
  moe[0].model.experts_total = 8;
  moe[0].model.experts_active = 2;
  moe[0].tokens = 100e9;
  cp_test_deepseek_like_init (&moe[1]);
  serving[0] = jobs[3];
  cp_job_init (&serving[1], CP_TASK_INFERENCE);
  cp_test_model_init (&serving[1].model, 70e9, 80, 8192, 64, 8, 28672, 128256);
  serving[1].concurrency = 64;
  serving[1].weight_bits = 8;
  cp_job_init (&lora[0], CP_TASK_LORA);
  cp_test_model_init (&lora[0].model, 70e9, 80, 8192, 64, 8, 28672, 128256);
  cp_job_init (&lora[1], CP_TASK_LORA);
  cp_test_model_init (&lora[1].model, 8e9, 32, 4096, 32, 8, 14336, 128256);

  for (guint i = 0; i < G_N_ELEMENTS (quotes); i++)
    {
      cp_quote_init (&quotes[i]);
      quotes[i].gpu.memory_nominal_gb = 80;
      quotes[i].gpu.dense_bf16_flops = 312e12;
      quotes[i].gpu.memory_bandwidth_gbytes_per_s = 2039;
      quotes[i].intra_link.per_direction_gbytes_per_s = 200;
      quotes[i].price = 12;
    }
  quotes[1].nodes_available = 16;
  quotes[1].network = CP_NETWORK_ROCE;
  quotes[1].nics_per_node = 4;
  quotes[1].nic_gbps = 200;

  if (!moe_only && !serving_only && !lora_only)
    {
      if (!plan_only)
        evaluate ("dense", jobs, G_N_ELEMENTS (jobs), quotes, G_N_ELEMENTS (quotes), &settings, FALSE, seconds,
                  rounds, &sink);
      evaluate ("dense", jobs, G_N_ELEMENTS (jobs), quotes, G_N_ELEMENTS (quotes), &settings, TRUE, seconds, rounds,
                &sink);
    }
  if (moe_only || (!fixed_count && !serving_only && !lora_only))
    {
      if (!plan_only)
        evaluate ("MoE", moe, G_N_ELEMENTS (moe), quotes, G_N_ELEMENTS (quotes), &settings, FALSE, seconds, rounds,
                  &sink);
      evaluate ("MoE", moe, G_N_ELEMENTS (moe), quotes, G_N_ELEMENTS (quotes), &settings, TRUE, seconds, rounds,
                &sink);
    }
  if (serving_only || (!fixed_count && !lora_only))
    {
      if (!plan_only)
        evaluate ("serving", serving, G_N_ELEMENTS (serving), quotes, G_N_ELEMENTS (quotes), &settings, FALSE,
                  seconds, rounds, &sink);
      evaluate ("serving", serving, G_N_ELEMENTS (serving), quotes, G_N_ELEMENTS (quotes), &settings, TRUE, seconds,
                rounds, &sink);
    }
  if (lora_only || (!fixed_count && !serving_only))
    {
      if (!plan_only)
        evaluate ("LoRA", lora, G_N_ELEMENTS (lora), quotes, G_N_ELEMENTS (quotes), &settings, FALSE, seconds, rounds,
                  &sink);
      evaluate ("LoRA", lora, G_N_ELEMENTS (lora), quotes, G_N_ELEMENTS (quotes), &settings, TRUE, seconds, rounds,
                &sink);
    }
  if (fixed_count)
    return sink < 0;

  /* The demo: each job planned over every quote, as the window does for the
   * job shown (the first on opening). */
  {
    g_autoptr(CpProject) demo = cp_test_demo_project ();
    CpQuote *all = g_new0 (CpQuote, demo->quotes->len);

    for (guint q = 0; q < demo->quotes->len; q++)
      all[q] = *(CpQuote *) g_ptr_array_index (demo->quotes, q);
    for (guint j = 0; j < demo->jobs->len; j++)
      {
        const CpJob *job = g_ptr_array_index (demo->jobs, j);
        guint plans = 0;

        start = cpu_time_us ();
        do
          {
            CpPlan *plan = cp_plan_new (job, all, demo->quotes->len, &demo->settings);

            sink += plan->options->len;
            cp_plan_free (plan);
            plans++;
            elapsed_us = cpu_time_us () - start;
          }
        while (elapsed_us < 0.2 * G_USEC_PER_SEC);
        printf ("demo job %u (%s, %s): planned over %u quotes in %.3f ms\n", j + 1,
                job->name != NULL ? job->name : "", cp_task_kind_to_string (job->kind),
                demo->quotes->len, elapsed_us / 1e3 / plans);
      }
    g_free (all);
  }
  return sink < 0;
}
