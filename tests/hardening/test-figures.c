/* test-figures.c: no NaN, infinite or negative figure reaches a chart, a
 * table or a report (issue 7).
 *
 * Every job × quote × node count of the demo project, then projects
 * perturbed at random to extreme values the model still accepts (one GPU,
 * 10^5 nodes, 10^15 parameters, prices of a millionth or a billion), go
 * through cp_estimate() and cp_plan_new(); every double of every estimate
 * must be finite and not negative. Values the model must refuse (0 tokens,
 * NaN, ±Inf, negative) must be refused with an error naming the field.
 *
 * The perturbations come from g_test_rand_*(): a failure prints the seed,
 * and `test-figures --seed=R02S…` repeats it.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "store/cp-demo.h"

#include "cp-check.h"
#include "common/cp-test-demo.h"

#define N_ROUNDS 500

static void
assert_figures (const CpEstimate *estimate, const CpJob *job, const CpQuote *quote)
{
  const char *bad = cp_check_estimate_figures (estimate);

  if (bad != NULL)
    g_error ("job %s on quote %s with %u nodes: %s is not a finite, non-negative figure",
             job->id, quote->id, estimate->nodes, bad);
}

static void
assert_plan (const CpProject *project, guint job_index)
{
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, job_index);
  g_autofree char *bad = cp_check_plan_figures (plan);

  if (bad != NULL)
    g_error ("plan of job %s: %s",
             ((const CpJob *) g_ptr_array_index (project->jobs, job_index))->id, bad);
}

/* Estimates @job on @quote at one node, two and all it offers; returns
 * whether the model took the pair. */
static gboolean
check_pair (const CpJob *job, const CpQuote *quote, const CpSettings *settings)
{
  guint node_counts[] = { 1, 2, quote->nodes_available };
  gboolean valid = cp_job_validate (job, NULL) && cp_quote_validate (quote, NULL)
                   && cp_settings_validate (settings, NULL);

  for (guint n = 0; n < G_N_ELEMENTS (node_counts); n++)
    {
      g_autoptr(GError) error = NULL;
      CpEstimate estimate;

      if (node_counts[n] == 0 || node_counts[n] > MAX (quote->nodes_available, 1))
        continue;
      memset (&estimate, 0xff, sizeof estimate);   /* no field left unset */
      if (cp_estimate (job, quote, node_counts[n], settings, &estimate, &error))
        {
          g_assert_no_error (error);
          g_assert_true (valid);
          assert_figures (&estimate, job, quote);
        }
      else
        {
          /* Refused: always with a message, and only what the checks refuse
           * or what cannot run on this hardware at all. */
          g_assert_nonnull (error);
          g_assert_cmpstr (error->message, !=, "");
          if (valid)
            g_test_message ("valid pair refused: job %s on quote %s: %s", job->id, quote->id,
                            error->message);
          return FALSE;
        }
    }
  return TRUE;
}

static void
test_demo (void)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  guint n_estimated = 0;

  for (guint j = 0; j < demo->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (demo->jobs, j);

      for (guint q = 0; q < demo->quotes->len; q++)
        if (check_pair (job, g_ptr_array_index (demo->quotes, q), &demo->settings))
          n_estimated++;
      assert_plan (demo, j);
    }
  /* The demo's pairs are all ones the model can evaluate. */
  g_assert_cmpuint (n_estimated, ==, demo->jobs->len * demo->quotes->len);
}

/* One of @n values, chosen by the test's random generator. */
static double
pick (const double *values, guint n)
{
  return values[g_test_rand_int_range (0, (gint32) n)];
}

#define PICK(...) pick ((const double[]) { __VA_ARGS__ }, \
                        G_N_ELEMENTS (((const double[]) { __VA_ARGS__ })))

/* Sets one field of @job to an extreme value inside what cp_job_validate()
 * accepts. */
static void
perturb_job (CpJob *job, GString *what)
{
  int change = g_test_rand_int_range (0, 15);

  g_string_append_printf (what, " job %s change %d;", job->id, change);
  switch (change)
    {
    case 0:
      job->model.params = PICK (1e6, 1e12, 1e15);
      job->model.active_params = MIN (job->model.active_params, job->model.params);
      break;
    case 1: job->tokens = PICK (1, 1e3, 1e16); break;
    case 2: job->seq_len = (guint) PICK (1, 2, 1e7); break;
    case 3:
      job->micro_batch = (guint) PICK (1, 1e5);
      job->global_batch = MAX (job->global_batch, job->micro_batch);
      break;
    case 4: job->global_batch = (guint) PICK (1e8, (double) MAX (job->micro_batch, 1)); break;
    case 5: job->concurrency = (guint) PICK (1, 1e8); break;
    case 6:
      /* A request is at least one prompt and one output token (issue 15):
       * the shortest context that holds one is 2. */
      job->context_len = (guint) PICK (2, 1e7);
      job->output_tokens = (guint) PICK (1, job->context_len - 1);
      job->prompt_tokens = job->context_len - job->output_tokens;
      break;
    case 7: job->duration_days = PICK (1e-6, 1, 36500); break;
    case 8: job->deadline_days = PICK (0, 1e-6, 36500); break;
    case 9:
      job->engineers = (guint) PICK (0, 10000);
      job->engineer_day_cost = PICK (0, 1e9);
      break;
    case 10: job->storage_tb = PICK (0, 1e-9, 1e6); break;
    case 11: job->mfu = PICK (0, 1e-9, 1); break;
    case 12:
      job->trial.tokens_per_s = PICK (0, 1e-9, 1e12);
      job->trial.step_s = PICK (0, 1e-9, 1e7);
      break;
    case 13:
      job->trial.peak_memory_bytes = PICK (0, 1, 1e13);
      job->trial.communication_share = PICK (0, 1);
      break;
    case 14:
      /* A serving trial, carried to every quote's GPUs. */
      job->trial.kv_cache_tokens = PICK (0, 16, 1e11);
      job->trial.gpus = (guint) PICK (1, 1e5);
      job->trial.gpu_memory_nominal_gb = PICK (0, 1e-9, 1e5);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
perturb_quote (CpQuote *quote, GString *what)
{
  int change = g_test_rand_int_range (0, 11);

  g_string_append_printf (what, " quote %s change %d;", quote->id, change);
  switch (change)
    {
    case 0: quote->gpus_per_node = (guint) PICK (1, 1024); break;
    case 1:
      quote->nodes_available = (guint) PICK (1, 2, 1e5);
      if (quote->nodes_available > 1 && (quote->network == CP_NETWORK_NONE || quote->nics_per_node == 0
                                         || quote->nic_gbps <= 0))
        {
          quote->network = CP_NETWORK_ETHERNET;
          quote->nics_per_node = 1;
          quote->nic_gbps = 1;
        }
      break;
    case 2: quote->price = PICK (0, 1e-6, 1e9); break;
    case 3: quote->billing_granularity_h = PICK (0, 1e-6, 8784); break;
    case 4: quote->minimum_term_h = PICK (0, 1e-6, 87840); break;
    case 5:
      quote->nic_gbps = PICK (1e-6, 1e5);
      quote->share_factor = PICK (0, 1e-6, 1);
      break;
    case 6:
      quote->network_fee_per_node_month = PICK (0, 1e9);
      quote->management_fee_per_month = PICK (0, 1e9);
      quote->setup_fee = PICK (0, 1e10);
      quote->storage_price_per_tb_month = PICK (0, 1e9);
      break;
    case 7: quote->gpu.memory_nominal_gb = PICK (1e-3, 1, 10000); break;
    case 8: quote->gpu.dense_bf16_flops = PICK (1, 1e17); break;
    case 9: quote->intra_link.per_direction_gbytes_per_s = PICK (1e-6, 1e5); break;
    case 10: quote->price_unit = (CpPriceUnit) g_test_rand_int_range (0, CP_N_PRICE_UNITS); break;
    default:
      g_assert_not_reached ();
    }
}

static void
test_perturbed (void)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(GTimer) timer = g_timer_new ();
  guint n_valid = 0, n_refused = 0;

  for (guint round = 0; round < N_ROUNDS; round++)
    {
      g_autoptr(CpProject) project = cp_project_copy (demo);
      g_autoptr(GString) what = g_string_new (NULL);
      guint n_changes = (guint) g_test_rand_int_range (1, 6);
      double start_s = g_timer_elapsed (timer, NULL);

      for (guint c = 0; c < n_changes; c++)
        {
          if (g_test_rand_bit ())
            perturb_job (g_ptr_array_index (project->jobs,
                                            g_test_rand_int_range (0, (gint32) project->jobs->len)),
                         what);
          else
            perturb_quote (g_ptr_array_index (project->quotes,
                                              g_test_rand_int_range (0, (gint32) project->quotes->len)),
                           what);
        }

      for (guint j = 0; j < project->jobs->len; j++)
        {
          for (guint q = 0; q < project->quotes->len; q++)
            if (check_pair (g_ptr_array_index (project->jobs, j),
                            g_ptr_array_index (project->quotes, q), &project->settings))
              n_valid++;
            else
              n_refused++;
          assert_plan (project, j);
        }
      g_test_message ("round %u:%s %.3f s", round, what->str, g_timer_elapsed (timer, NULL) - start_s);
    }
  g_test_message ("%u rounds: %u pairs evaluated, %u refused, %.1f s", N_ROUNDS, n_valid,
                  n_refused, g_timer_elapsed (timer, NULL));
  g_assert_cmpuint (n_valid, >, 0);
}

static void
test_refused (void)
{
  static const double bad[] = { NAN, INFINITY, -INFINITY, -1 };
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  const CpQuote *quote = g_ptr_array_index (demo->quotes, 0);

  for (guint j = 0; j < demo->jobs->len; j++)
    {
      g_autoptr(CpJob) job = cp_job_dup (g_ptr_array_index (demo->jobs, j));

      if (!cp_task_kind_is_training (job->kind))
        continue;
      job->tokens = 0;
      cp_check_estimate_refused (job, quote, &demo->settings, "Tokens");
      for (guint b = 0; b < G_N_ELEMENTS (bad); b++)
        {
          g_autoptr(CpJob) copy = cp_job_dup (g_ptr_array_index (demo->jobs, j));
          copy->tokens = bad[b];
          cp_check_estimate_refused (copy, quote, &demo->settings, "Tokens");
          copy->tokens = 1e9;
          copy->model.params = bad[b];
          cp_check_estimate_refused (copy, quote, &demo->settings, "Parameters");
        }
    }

  for (guint b = 0; b < G_N_ELEMENTS (bad); b++)
    {
      g_autoptr(CpQuote) copy = cp_quote_dup (quote);
      CpSettings settings = demo->settings;

      copy->price = bad[b];
      cp_check_estimate_refused (g_ptr_array_index (demo->jobs, 0), copy, &demo->settings, "Price");
      copy->price = 1;
      copy->gpu.memory_nominal_gb = bad[b];
      cp_check_estimate_refused (g_ptr_array_index (demo->jobs, 0), copy, &demo->settings, "GPU memory");

      settings.hours_per_month = bad[b];
      {
        g_autoptr(GError) error = NULL;
        CpEstimate estimate;
        g_assert_false (cp_estimate (g_ptr_array_index (demo->jobs, 0), quote, 1, &settings,
                                     &estimate, &error));
        g_assert_nonnull (error);
      }
    }
}

/* The window plans every job on each keystroke: a quote of 10^5 nodes, the
 * most cp_quote_validate() allows, must not make that take seconds, whether
 * the job fits nowhere (every node count is tried) or everywhere. */
static void
test_bounded_time (void)
{
  static const double memory_gb[] = { 1e-3, 10000 };
  g_autoptr(CpProject) demo = cp_test_demo_project ();

  for (guint m = 0; m < G_N_ELEMENTS (memory_gb); m++)
    {
      g_autoptr(CpProject) project = cp_project_copy (demo);
      double start_s, used_s;

      for (guint q = 0; q < project->quotes->len; q++)
        {
          CpQuote *quote = g_ptr_array_index (project->quotes, q);
          quote->nodes_available = 100000;
          quote->network = CP_NETWORK_INFINIBAND;
          quote->nics_per_node = MAX (quote->nics_per_node, 1);
          quote->nic_gbps = MAX (quote->nic_gbps, 200);
          quote->gpu.memory_nominal_gb = memory_gb[m];
        }
      start_s = cp_check_thread_cpu_s ();
      for (guint j = 0; j < project->jobs->len; j++)
        assert_plan (project, j);
      used_s = cp_check_thread_cpu_s () - start_s;
      g_test_message ("%u jobs x %u quotes of 10^5 nodes, %g GB per GPU: planned in %.2f s of CPU",
                      project->jobs->len, project->quotes->len, memory_gb[m], used_s);
      g_assert_cmpfloat (used_s, <, 2.0 * cp_check_time_factor ());
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/figures/demo", test_demo);
  g_test_add_func ("/figures/perturbed", test_perturbed);
  g_test_add_func ("/figures/refused", test_refused);
  g_test_add_func ("/figures/bounded-time", test_bounded_time);
  return g_test_run ();
}
