/* test-chart-memory.c: the memory chart's curves against the figures
 * `compute-planner-cli estimate` prints for the same job and GPUs. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "report/cp-chart.h"
#include "report/cp-i18n.h"
#include "store/cp-demo.h"
#include "store/cp-store.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

#define GIB (1024.0 * 1024.0 * 1024.0)

/* The model of the job, by its shape: 100B parameters, one of the chart's
 * points (10^11), so its curves there are the job's own model. */
#define MODEL_ARGS "--params", "100B", "--layers", "80", "--hidden", "10240", "--heads", "80", "--kv-heads", "8", \
                   "--ffn", "28672", "--vocab", "32000"

/* The "Total" of estimate's "Memory per GPU" section, in GiB. */
static double
estimate_per_gpu_gib (const char *out)
{
  const char *section = strstr (out, "\nMemory per GPU\n");
  const char *total;
  g_autofree char *number = NULL;

  g_assert_nonnull (section);
  total = strstr (section, "\n  Total ");
  g_assert_nonnull (total);
  total += strlen ("\n  Total ");
  while (*total == ' ')
    total++;
  number = g_strndup (total, strcspn (total, " "));
  g_assert_cmpint (strncmp (total + strlen (number), " GiB", 4), ==, 0);
  return g_ascii_strtod (number, NULL);
}

/* Session 16: the memory chart's ZeRO-3 curve is the memory of every GPU
 * of the largest cluster compared, in all ("GPU memory needed in all"):
 * at the job's own size it is 32 times what one GPU holds, and what one
 * GPU holds is what `estimate` prints per GPU for the same job on 4 × 8
 * A800 with ZeRO-3, data parallel alone (TP 1, PP 1) and micro-batch 1.
 * The techniques are a ladder, each keeping the savings of those before
 * it (cp-estimate.c), so ZeRO-3's curve recomputes every activation, as
 * the full-recompute curve under it does: 66.3 GiB per GPU, 100B × 16
 * bytes of weights, gradients and Adam's states over 32 GPUs (46.6 GiB)
 * with the activations, gathered layers and overhead. */
static void
test_zero3_per_gpu (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, "zero3.cplan", NULL);
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpPlan) plan = NULL;
  g_autoptr(CpChartData) data = NULL;
  const CpChartSeries *zero3 = NULL;
  double per_gpu_gib = NAN, estimate_gib;

  RUN_OK ("new", "zero3.cplan");
  RUN_OK ("add-job", "zero3.cplan", "--name", "100B FT", "--task", "full-finetune", MODEL_ARGS, "--tokens", "1B",
          "--zero", "3", "--micro-batch", "1", "--recompute", "selective");
  RUN_OK ("add-quote", "zero3.cplan", "--vendor", "V", "--gpu", "a800", "--gpus-per-node", "8", "--nodes", "4",
          "--price-per-gpu-hour", "6");
  CP_TEST_RUN_CLI (&run, tmp_dir, "estimate", "--task", "full-finetune", MODEL_ARGS, "--tokens", "1B", "--zero", "3",
                   "--tp", "1", "--pp", "1", "--micro-batch", "1", "--recompute", "full", "--gpu", "a800",
                   "--gpus-per-node", "8", "--nodes", "4", "--price-per-gpu-hour", "6");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "1 × 1 × 32"));
  estimate_gib = estimate_per_gpu_gib (run.out);
  g_assert_cmpfloat (estimate_gib, ==, 66.3);

  project = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  plan = cp_project_plan_job (project, 0);
  data = cp_chart_data_new_memory (project, 0, plan, "en");
  g_assert_cmpstr (data->y_label, ==, "GPU memory needed in all (GiB)");
  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);

      if (g_strcmp0 (series->label, "ZeRO-3 over 32 GPUs") == 0)
        zero3 = series;
    }
  g_assert_nonnull (zero3);
  for (guint p = 0; p < zero3->x->len; p++)
    if (g_array_index (zero3->x, double, p) == 1e11)
      per_gpu_gib = g_array_index (zero3->y, double, p) / 32 / GIB;
  g_assert_true (isfinite (per_gpu_gib));
  /* estimate prints a tenth of a GiB. */
  g_test_message ("chart %.3f GiB per GPU, estimate %.1f GiB", per_gpu_gib, estimate_gib);
  g_assert_cmpfloat (fabs (per_gpu_gib - estimate_gib), <=, 0.05 + 1e-9);
}

/* Approver 33 A9: the demo's debugging job (Llama 3.1 8B) had every
 * curve of its memory chart flat on the 1 GiB floor, the framework's
 * overhead, as if the model needed 1 GiB. Its curves are its model run at
 * 16, 8 and 4 bits: at each point at least the weights, params × bits / 8
 * bytes, at most the 16-bit weights with a tenth more and 2 GiB, and
 * each under the one of more bits; its mark, the 8B model at 16 bits,
 * 16 GB and up. */
static void
test_debug_job_model_run (void)
{
  static const guint bits[] = { 16, 8, 4 };
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  const CpJob *job;
  g_autoptr(CpPlan) plan = NULL;
  g_autoptr(CpChartData) data = NULL;

  g_assert_no_error (error);
  job = g_ptr_array_index (project->jobs, 4);
  g_assert_cmpstr (job->id, ==, "job-dev");
  g_assert_cmpint (job->kind, ==, CP_TASK_DEBUG);
  plan = cp_project_plan_job (project, 4);
  data = cp_chart_data_new_memory (project, 4, plan, "en");
  for (guint b = 0; b < G_N_ELEMENTS (bits); b++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, b);
      g_autofree char *label = g_strdup_printf ("%u-bit weights + KV cache of one request", bits[b]);

      g_assert_cmpstr (series->label, ==, label);
      g_assert_cmpuint (series->x->len, ==, 25);
      for (guint p = 0; p < series->x->len; p++)
        {
          double params = g_array_index (series->x, double, p);
          double weights = params * bits[b] / 8.0;
          double need = g_array_index (series->y, double, p);

          /* At most the 16-bit weights (layers left at 16 bits, the
           * embeddings) with a tenth more and 2 GiB of overhead and KV. */
          double most = 1.1 * params * 2.0 + 2 * GIB;

          if (need < weights || need > most)
            g_error ("%u-bit curve at %g parameters: %g GiB, the weights alone %g GiB, at most %g GiB", bits[b],
                     params, need / GIB, weights / GIB, most / GIB);
          /* Fewer bits, less memory. */
          if (b > 0 && need >= g_array_index (((const CpChartSeries *) g_ptr_array_index (data->series, b - 1))->y,
                                              double, p))
            g_error ("%u-bit curve at %g parameters not under the %u-bit one", bits[b], params, bits[b - 1]);
        }
    }
  /* The demo's Llama 3.1 8B, 8 × 10^9 parameters: 16 GB at 16 bits. */
  g_assert_cmpfloat (data->marker_x, ==, 8.0e9);
  g_assert_cmpfloat (data->marker_y, >=, 16.0e9);
  g_assert_cmpfloat (data->marker_y, <=, 16.0e9 * 1.1 + 2 * GIB);
}

/* The service's memory at @concurrency requests, as the chart marks the
 * job as configured. */
static double
service_marker_bytes (CpProject *project,
                      guint      job_index,
                      guint      concurrency)
{
  CpJob *job = g_ptr_array_index (project->jobs, job_index);
  g_autoptr(CpPlan) plan = NULL;
  g_autoptr(CpChartData) data = NULL;

  job->concurrency = concurrency;
  plan = cp_project_plan_job (project, job_index);
  data = cp_chart_data_new_memory (project, job_index, plan, "en");
  return data->marker_y;
}

/* Walkthrough 36b, Z3: the memory chart put a 13B service of 100 requests
 * at 332 GiB, each request's cache at its whole 4,096-token context, where
 * the plan and the table beside it hold a request's cache as vLLM fills
 * it, prompt and output as they come. Each request added is its cache as
 * the plan counts it: the demo's 7B service (Qwen2.5 7B: 28 layers, 4 KV
 * heads of 128, 16-bit cache: 2 × 28 × 4 × 128 × 2 = 57,344 bytes a
 * token), with a 1,000-token prompt and 24 tokens of output in a
 * 4,096-token context:
 * - held to its full length (kv-admission full-length): 1,024 tokens,
 *   64 blocks of 16;
 * - paged (the default): the blocks of lengths 1,000 … 1,023 averaged,
 *   9 of them 63 blocks and 15 of them 64, 63.625 blocks, 1,018 tokens. */
static void
test_service_cache_as_planned (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  CpJob *job;
  const double kv_token_bytes = 2.0 * 28 * 4 * 128 * 2;

  g_assert_no_error (error);
  job = g_ptr_array_index (project->jobs, 2);
  g_assert_cmpint (job->kind, ==, CP_TASK_INFERENCE);
  g_assert_cmpuint (job->model.layers, ==, 28);
  g_assert_cmpuint (job->model.kv_heads, ==, 4);
  g_assert_cmpuint (cp_model_spec_head_dim (&job->model), ==, 128);
  job->kv_bits = 16;
  job->context_len = 4096;
  job->prompt_tokens = 1000;
  job->output_tokens = 24;

  project->settings.kv_admission = CP_KV_ADMISSION_FULL_LENGTH;
  g_assert_cmpfloat_with_epsilon (service_marker_bytes (project, 2, 20) - service_marker_bytes (project, 2, 10),
                                  10 * 1024 * kv_token_bytes, 1.0);
  project->settings.kv_admission = CP_KV_ADMISSION_PAGED;
  g_assert_cmpfloat_with_epsilon (service_marker_bytes (project, 2, 20) - service_marker_bytes (project, 2, 10),
                                  10 * 1018 * kv_token_bytes, 1.0);
}

/* Approver 34 B7: an adapter job's memory chart drew "ZeRO-3 over 32
 * GPUs", the whole model trained, ten times above the job's curves and
 * above the cluster's capacity line, and its own technique twice ("LoRA"
 * beside "LoRA fine-tuning as configured"). The demo's 14B LoRA and 7B
 * QLoRA jobs: no ZeRO-3 curve, their own technique once. */
static void
test_adapter_job_curves (void)
{
  static const struct { guint index; const char *id, *own, *other; } jobs[] = {
    { 6, "job-lora14b", "LoRA", "QLoRA" },
    { 1, "job-qlora7b", "QLoRA", "LoRA" },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);

  g_assert_no_error (error);
  for (guint j = 0; j < G_N_ELEMENTS (jobs); j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, jobs[j].index);
      g_autoptr(CpPlan) plan = NULL;
      g_autoptr(CpChartData) data = NULL;
      guint own = 0, other = 0, zero3 = 0;

      g_assert_cmpstr (job->id, ==, jobs[j].id);
      plan = cp_project_plan_job (project, jobs[j].index);
      data = cp_chart_data_new_memory (project, jobs[j].index, plan, "en");
      for (guint i = 0; i < data->series->len; i++)
        {
          const CpChartSeries *series = g_ptr_array_index (data->series, i);

          own += strcmp (series->label, jobs[j].own) == 0;
          other += strcmp (series->label, jobs[j].other) == 0;
          zero3 += g_str_has_prefix (series->label, "ZeRO-3");
        }
      g_assert_cmpuint (own, ==, 0);
      g_assert_cmpuint (other, ==, 1);
      g_assert_cmpuint (zero3, ==, 0);
    }
}

int
main (int    argc,
      char **argv)
{
  cp_i18n_bind_textdomain ();
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-chart-memory-XXXXXX");
  g_test_add_func ("/chart-memory/zero3-per-gpu", test_zero3_per_gpu);
  g_test_add_func ("/chart-memory/debug-job-model-run", test_debug_job_model_run);
  g_test_add_func ("/chart-memory/adapter-job-curves", test_adapter_job_curves);
  g_test_add_func ("/chart-memory/service-cache-as-planned", test_service_cache_as_planned);
  return cp_test_run_then_remove (tmp_dir);
}
