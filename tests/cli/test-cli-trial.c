/* test-cli-trial.c: import-trial, a job's trial run read from a log,
 * through compute-planner-cli: the figures saved against the log's
 * hand-read numbers, the plan that uses them, and logs or options that
 * must leave the project as it was, byte for byte. */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "planner/cp-plan.h"
#include "store/cp-store.h"

#define MIB 1048576.0

static char *tmp_dir;

#define RUN(run, ...) CP_TEST_RUN_CLI ((run), tmp_dir, __VA_ARGS__)

static char *
log_path (const char *name)
{
  return g_build_filename (g_getenv ("CP_SOURCE_DIR"), "tests", "store", "trial-logs", name, NULL);
}

static void
make_demo (const char *name)
{
  g_auto(CpTestRun) run = { 0 };

  RUN (&run, "demo", name);
  g_assert_cmpint (run.status, ==, 0);
}

static CpProject *
load (const char *name)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;
  CpProject *project = cp_project_load_file (path, &error);

  g_assert_no_error (error);
  return project;
}

static guint
job_index (const CpProject *project, const char *id)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (g_strcmp0 (((const CpJob *) g_ptr_array_index (project->jobs, i))->id, id) == 0)
      return i;
  g_assert_not_reached ();
}

/* megatron.log: 16.0 s a step, 64 × 4096 tokens per step = 16,384
 * tokens/s, max reserved 67584 MB, world size 8 (hand-read, see
 * tests/store/test-trial-log.c). On the trial quote the plan's time is the
 * trial's; on every other quote it is carried there, marked extrapolated. */
static void
test_import_megatron (void)
{
  g_autofree char *megatron = log_path ("megatron.log");
  g_autoptr(CpProject) before = NULL;
  g_autoptr(CpProject) after = NULL;
  g_autoptr(CpPlan) plan = NULL;
  g_auto(CpTestRun) run = { 0 };
  const CpJob *job;
  guint n_trial = 0, n_extrapolated = 0;

  make_demo ("megatron.cplan");
  before = load ("megatron.cplan");
  RUN (&run, "import-trial", "megatron.cplan", "--job", "job-pretrain13b", "--quote", "q-a800", megatron);
  if (run.status != 0)
    g_test_message ("%s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  /* Each figure with its line. */
  g_assert_nonnull (strstr (run.out, "line 14: [Rank 4] (after 10 iterations) memory (MB)"));
  g_assert_nonnull (strstr (run.out, "line 6: world_size"));
  g_assert_nonnull (strstr (run.out, "left out as warm-up"));
  g_assert_nonnull (strstr (run.out, "Saved the trial run of job “job-pretrain13b” on quote “q-a800”"));

  after = load ("megatron.cplan");
  job = g_ptr_array_index (after->jobs, job_index (after, "job-pretrain13b"));
  g_assert_cmpstr (job->trial.quote_id, ==, "q-a800");
  g_assert_cmpuint (job->trial.gpus, ==, 8);
  g_assert_cmpfloat (job->trial.gpu_dense_flops, ==, 312e12);
  g_assert_cmpfloat_with_epsilon (job->trial.step_s, 16.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (job->trial.tokens_per_s, 16384.0, 1e-6);
  g_assert_cmpfloat (job->trial.peak_memory_bytes, ==, 67584 * MIB);

  /* Everything else as it was. */
  g_assert_cmpuint (after->jobs->len, ==, before->jobs->len);
  g_assert_cmpuint (after->quotes->len, ==, before->quotes->len);
  for (guint i = 0; i < after->jobs->len; i++)
    {
      const CpJob *a = g_ptr_array_index (after->jobs, i);
      const CpJob *b = g_ptr_array_index (before->jobs, i);

      g_assert_cmpstr (a->id, ==, b->id);
      g_assert_cmpfloat (a->tokens, ==, b->tokens);
      g_assert_cmpuint (a->seq_len, ==, b->seq_len);
      if (strcmp (a->id, "job-pretrain13b") != 0)
        g_assert_cmpstr (a->trial.quote_id, ==, b->trial.quote_id);
    }

  plan = cp_project_plan_job (after, job_index (after, "job-pretrain13b"));
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (after->quotes, option->quote_index);

      if (strcmp (quote->id, "q-a800") == 0)
        {
          g_assert_cmpint (option->estimate.time_source, ==, CP_TIME_SOURCE_TRIAL);
          /* One node, as the trial ran: the measured peak is the memory,
           * and the useful run time is the job's tokens at the measured
           * pace, 300e9 ÷ 16,384 tokens/s; failures (goodput) come on top. */
          if (option->estimate.nodes == 1)
            {
              g_assert_true (option->estimate.memory_measured);
              g_assert_cmpfloat_with_epsilon (option->estimate.compute_s, 300e9 / 16384.0,
                                              300e9 / 16384.0 * 1e-9);
              g_assert_cmpfloat_with_epsilon (option->estimate.total_s * option->estimate.goodput,
                                              300e9 / 16384.0, 300e9 / 16384.0 * 1e-9);
            }
          n_trial++;
        }
      else if (option->estimate.time_source == CP_TIME_SOURCE_EXTRAPOLATED)
        n_extrapolated++;
    }
  g_assert_cmpuint (n_trial, >=, 1);
  g_assert_cmpuint (n_extrapolated, >=, 1);
}

/* Truncated, malformed, huge and unrecognised logs, a log with nothing a
 * trial keeps, and bad options: the message names the line or the option,
 * and the project file does not change by a byte. */
static void
test_refused (void)
{
  const struct { const char *log; int status; const char *says; } cases[] = {
    { "megatron-truncated.log", 1, "line 23:" },
    { "megatron-malformed.log", 1, "line 16:" },
    { "nvidia-smi-truncated.csv", 1, "line 4:" },
    { "nvidia-smi-huge.csv", 1, "line 3:" },
    { "all_results-truncated.json", 1, "line 5:" },
    { "unrecognised.txt", 1, "no line of the file" },
  };
  g_autoptr(GBytes) original = NULL;

  make_demo ("refused.cplan");
  original = cp_test_file_bytes_in (tmp_dir, "refused.cplan");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = log_path (cases[i].log);
      g_auto(CpTestRun) run = { 0 };

      RUN (&run, "import-trial", "refused.cplan", "--job", "job-pretrain13b", "--quote", "q-a800", path);
      g_assert_cmpint (run.status, ==, cases[i].status);
      g_assert_nonnull (strstr (run.err, cases[i].log));
      g_assert_nonnull (strstr (run.err, cases[i].says));
      cp_test_assert_file_unchanged_in (tmp_dir, "refused.cplan", original);
    }

  /* vLLM's start-up lines for a training job: shown, but nothing a
   * training trial keeps. */
  {
    g_autofree char *path = log_path ("vllm-v1.log");
    g_auto(CpTestRun) run = { 0 };

    RUN (&run, "import-trial", "refused.cplan", "--job", "job-pretrain13b", "--quote", "q-a800", path);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.out, "KV-cache size: 197520 tokens"));
    g_assert_nonnull (strstr (run.out, "line 6: INFO 11-30 09:40:41 [kv_cache_utils.py:637] Maximum concurrency"));
    g_assert_nonnull (strstr (run.err, "nothing imported"));
    cp_test_assert_file_unchanged_in (tmp_dir, "refused.cplan", original);
  }

  /* Two runs' vLLM lines that disagree: refused, the line named. */
  {
    g_autofree char *path = log_path ("vllm-contradicting.log");
    g_auto(CpTestRun) run = { 0 };

    RUN (&run, "import-trial", "refused.cplan", "--job", "job-serve7b", "--quote", "q-a800", path);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "vllm-contradicting.log: line 2:"));
    cp_test_assert_file_unchanged_in (tmp_dir, "refused.cplan", original);
  }

  /* Bad options name the option and exit 2. */
  {
    g_autofree char *path = log_path ("megatron.log");
    g_auto(CpTestRun) no_job = { 0 };
    g_auto(CpTestRun) bad_job = { 0 };
    g_auto(CpTestRun) bad_quote = { 0 };
    g_auto(CpTestRun) no_quote = { 0 };
    g_auto(CpTestRun) unknown = { 0 };
    g_auto(CpTestRun) no_file = { 0 };
    g_auto(CpTestRun) dry = { 0 };

    RUN (&no_job, "import-trial", "refused.cplan", path);
    g_assert_cmpint (no_job.status, ==, 2);
    g_assert_nonnull (strstr (no_job.err, "--job"));
    RUN (&bad_job, "import-trial", "refused.cplan", "--job", "99", path);
    g_assert_cmpint (bad_job.status, ==, 2);
    g_assert_nonnull (strstr (bad_job.err, "--job: “99”"));
    RUN (&bad_quote, "import-trial", "refused.cplan", "--job", "1", "--quote", "q-nope", path);
    g_assert_cmpint (bad_quote.status, ==, 2);
    g_assert_nonnull (strstr (bad_quote.err, "--quote: the project has no quote “q-nope”"));
    /* The demo's 13B job has no trial quote to default to. */
    RUN (&no_quote, "import-trial", "refused.cplan", "--job", "job-pretrain13b", path);
    g_assert_cmpint (no_quote.status, ==, 2);
    g_assert_nonnull (strstr (no_quote.err, "--quote"));
    RUN (&unknown, "import-trial", "refused.cplan", "--job", "1", "--frobnicate", path);
    g_assert_cmpint (unknown.status, ==, 2);
    g_assert_nonnull (strstr (unknown.err, "--frobnicate"));
    RUN (&no_file, "import-trial", "refused.cplan", "--job", "1", "--quote", "q-a800", "missing.log");
    g_assert_cmpint (no_file.status, ==, 1);
    g_assert_nonnull (strstr (no_file.err, "missing.log: could not read the file"));
    RUN (&dry, "import-trial", "refused.cplan", "--job", "job-pretrain13b", "--quote", "q-a800", "--dry-run", path);
    g_assert_cmpint (dry.status, ==, 0);
    g_assert_nonnull (strstr (dry.out, "Nothing saved (--dry-run)"));
    cp_test_assert_file_unchanged_in (tmp_dir, "refused.cplan", original);
  }
}

/* vllm-serving.log (hand-read in tests/store/test-trial-log.c): one GPU a
 * replica (line 3), "GPU KV cache size: 748,976 tokens" (line 6), on the
 * A800 quote. --dry-run shows it and leaves the file as it was; the import
 * keeps it. The demo's 7B service then has, on the A800 quote, vLLM's
 * 748,976 ÷ 4,096 = 182.85546875 requests of the whole context at once
 * (PUBLISHED I6); its requests of 1,024 prompt and 128 output tokens hold
 * 68.4375 blocks on average as vLLM pages them (model-estimate's
 * test_inference_concurrency), so ⌊46,811 blocks ÷ 68.4375⌋ = 683 run at
 * once and one replica carries its 200 concurrent requests (R3); other
 * GPUs get it carried over, marked extrapolated; R9 names the
 * concurrency. */
static void
test_import_vllm (void)
{
  g_autofree char *path = log_path ("vllm-serving.log");
  g_autoptr(GBytes) original = NULL;
  g_autoptr(CpProject) after = NULL;
  g_autoptr(CpPlan) plan = NULL;
  g_auto(CpTestRun) dry = { 0 };
  g_auto(CpTestRun) run = { 0 };
  const CpJob *job;
  guint n_measured = 0, n_extrapolated = 0;
  gboolean r9_named = FALSE;

  make_demo ("vllm.cplan");
  original = cp_test_file_bytes_in (tmp_dir, "vllm.cplan");
  RUN (&dry, "import-trial", "vllm.cplan", "--job", "job-serve7b", "--quote", "q-a800", "--dry-run", path);
  g_assert_cmpint (dry.status, ==, 0);
  g_assert_nonnull (strstr (dry.out, "KV-cache size: 748976 tokens"));
  g_assert_nonnull (strstr (dry.out, "line 6: INFO 12-01 10:02:52 [kv_cache_utils.py:634] GPU KV cache size: 748,976 tokens"));
  g_assert_nonnull (strstr (dry.out, "Nothing saved (--dry-run)"));
  cp_test_assert_file_unchanged_in (tmp_dir, "vllm.cplan", original);

  RUN (&run, "import-trial", "vllm.cplan", "--job", "job-serve7b", "--quote", "q-a800", path);
  if (run.status != 0)
    g_test_message ("%s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  /* Listed among the figures kept, before what is only shown. */
  g_assert_nonnull (strstr (run.out, "KV-cache size: 748976 tokens"));
  g_assert_true (strstr (run.out, "KV-cache size: 748976 tokens") < strstr (run.out, "Also read, not kept"));
  g_assert_nonnull (strstr (run.out, "Saved the trial run of job “job-serve7b” on quote “q-a800”"));

  after = load ("vllm.cplan");
  job = g_ptr_array_index (after->jobs, job_index (after, "job-serve7b"));
  g_assert_cmpstr (job->trial.quote_id, ==, "q-a800");
  g_assert_cmpuint (job->trial.gpus, ==, 1);
  g_assert_cmpfloat (job->trial.kv_cache_tokens, ==, 748976);
  g_assert_cmpfloat (job->trial.gpu_memory_nominal_gb, ==, 80);

  plan = cp_project_plan_job (after, job_index (after, "job-serve7b"));
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (after->quotes, option->quote_index);

      if (strcmp (quote->id, "q-a800") == 0)
        {
          g_assert_true (option->estimate.kv_measured);
          g_assert_cmpfloat (option->estimate.max_concurrency, ==, 748976.0 / 4096);
          g_assert_cmpfloat (option->estimate.kv_tokens_held_per_request, ==, 68.4375 * 16);
          g_assert_cmpfloat (option->estimate.requests_per_replica, ==, 683);
          g_assert_cmpuint (option->estimate.replicas_needed, ==, 1);
          n_measured++;
        }
      else if (option->estimate.kv_extrapolated)
        n_extrapolated++;
    }
  g_assert_cmpuint (n_measured, ==, 1);
  g_assert_cmpuint (n_extrapolated, >=, 1);
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
      if (reason->outcome == CP_OUTCOME_TRIAL_USED)
        {
          g_assert_cmpfloat (reason->values[3], ==, 748976.0 / 4096);
          r9_named = TRUE;
        }
    }
  g_assert_true (r9_named);
}

/* A second log on the same quote adds what the first lacked; the trial
 * quote then is the default. */
static void
test_two_logs (void)
{
  g_autofree char *smi = log_path ("nvidia-smi.csv");
  g_autofree char *hf = log_path ("hf-train-metrics.log");
  g_autoptr(CpProject) project = NULL;
  g_auto(CpTestRun) first = { 0 };
  g_auto(CpTestRun) refused = { 0 };
  g_auto(CpTestRun) second = { 0 };
  g_auto(CpTestRun) help = { 0 };
  const CpJob *job;

  make_demo ("two.cplan");
  RUN (&first, "import-trial", "two.cplan", "--job", "job-pretrain13b", "--quote", "q-a800", smi);
  g_assert_cmpint (first.status, ==, 0);
  /* 12.5 samples/s × 4096 tokens on 4 A800 is 6 × 13.0e9 × 51,200 ÷
   * (4 × 312e12) = 320% of their dense peak, past T22's 56.3%: refused
   * without --force (the figures are hand-made, not a real 13B run). */
  RUN (&refused, "import-trial", "two.cplan", "--job", "job-pretrain13b", hf);
  g_assert_cmpint (refused.status, ==, 1);
  g_assert_nonnull (strstr (refused.err, "320%"));
  g_assert_nonnull (strstr (refused.err, "--force"));
  RUN (&second, "import-trial", "two.cplan", "--job", "job-pretrain13b", "--force", hf);
  g_assert_cmpint (second.status, ==, 0);
  project = load ("two.cplan");
  job = g_ptr_array_index (project->jobs, job_index (project, "job-pretrain13b"));
  /* 63500 MiB from nvidia-smi; 12.5 samples/s × 4096 and 1 ÷ 0.4 steps/s
   * from the Trainer. */
  g_assert_cmpfloat (job->trial.peak_memory_bytes, ==, 63500 * MIB);
  g_assert_cmpfloat_with_epsilon (job->trial.tokens_per_s, 51200.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (job->trial.step_s, 2.5, 1e-12);
  g_assert_cmpuint (job->trial.gpus, ==, 4);

  RUN (&help, "import-trial", "--help");
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "nvidia-smi"));
  g_assert_nonnull (strstr (help.out, "--dry-run"));
  g_assert_nonnull (strstr (help.out, "--force"));
}

/* megatron.log is of a 13B model: line 9 reads "number of parameters on
 * (tensor, pipeline) model parallel rank (0, 0): 13015864320", its only
 * rank (TP 1, PP 1 on line 1). The demo's 70B fine-tune is Llama 2 70B,
 * 70.0e9 parameters: 13.0 / 70.0 = 0.19, far outside ±10%. And 16,384
 * tokens/s for 70e9 parameters on 8 A800 is 6 × 70e9 × 16,384 ÷
 * (8 × 312e12) = 276% of their dense peak. Refused, the file unchanged
 * by a byte; --force imports it. */
static void
test_wrong_model (void)
{
  g_autofree char *megatron = log_path ("megatron.log");
  g_autoptr(GBytes) before = NULL;
  g_autoptr(CpProject) project = NULL;
  g_auto(CpTestRun) refused = { 0 };
  g_auto(CpTestRun) dry = { 0 };
  g_auto(CpTestRun) forced = { 0 };
  const CpJob *job;

  make_demo ("wrong.cplan");
  before = cp_test_file_bytes_in (tmp_dir, "wrong.cplan");
  RUN (&refused, "import-trial", "wrong.cplan", "--job", "job-ft70b", "--quote", "q-a800", megatron);
  g_assert_cmpint (refused.status, ==, 1);
  g_assert_nonnull (strstr (refused.err, "Line 9: the log is of a model of 13.0B parameters"));
  g_assert_nonnull (strstr (refused.err, "Llama 2 70B, has 70.0B"));
  g_assert_nonnull (strstr (refused.err, "276%"));
  g_assert_nonnull (strstr (refused.err, "56.3%"));
  g_assert_nonnull (strstr (refused.err, "not imported"));
  RUN (&dry, "import-trial", "wrong.cplan", "--job", "job-ft70b", "--quote", "q-a800", "--dry-run", megatron);
  g_assert_cmpint (dry.status, ==, 1);
  cp_test_assert_file_unchanged_in (tmp_dir, "wrong.cplan", before);

  RUN (&forced, "import-trial", "wrong.cplan", "--job", "job-ft70b", "--quote", "q-a800", "--force", megatron);
  g_assert_cmpint (forced.status, ==, 0);
  g_assert_nonnull (strstr (forced.err, "13.0B"));
  project = load ("wrong.cplan");
  job = g_ptr_array_index (project->jobs, job_index (project, "job-ft70b"));
  g_assert_cmpfloat_with_epsilon (job->trial.tokens_per_s, 16384.0, 1e-6);
}

/* megatron.log peaks at 67584 MiB = 66 GiB per GPU: --quote q-4090 (24 GB
 * RTX 4090) names a machine that cannot have run it. Refused, the file
 * unchanged by a byte; --force imports it with the warning. */
static void
test_wrong_machine (void)
{
  g_autofree char *megatron = log_path ("megatron.log");
  g_autoptr(GBytes) before = NULL;
  g_autoptr(CpProject) project = NULL;
  g_auto(CpTestRun) refused = { 0 };
  g_auto(CpTestRun) forced = { 0 };
  const CpJob *job;

  make_demo ("machine.cplan");
  before = cp_test_file_bytes_in (tmp_dir, "machine.cplan");
  RUN (&refused, "import-trial", "machine.cplan", "--job", "job-pretrain13b", "--quote", "q-4090", megatron);
  g_assert_cmpint (refused.status, ==, 1);
  g_assert_nonnull (strstr (refused.err, "peaks at 66 GiB per GPU, more than the 24 GB of the quote’s "
                                         "NVIDIA GeForce RTX 4090"));
  g_assert_nonnull (strstr (refused.err, "cannot be of a run on quote “q-4090”"));
  cp_test_assert_file_unchanged_in (tmp_dir, "machine.cplan", before);

  RUN (&forced, "import-trial", "machine.cplan", "--job", "job-pretrain13b", "--quote", "q-4090", "--force",
       megatron);
  g_assert_cmpint (forced.status, ==, 0);
  g_assert_nonnull (strstr (forced.err, "66 GiB"));
  project = load ("machine.cplan");
  job = g_ptr_array_index (project->jobs, job_index (project, "job-pretrain13b"));
  g_assert_cmpstr (job->trial.quote_id, ==, "q-4090");
}

/* The README's import-trial example, as written there, runs on the demo;
 * a --quote naming no quote lists the ids there are. */
static void
test_readme_example (void)
{
  g_autofree char *readme_path = g_build_filename (g_getenv ("CP_SOURCE_DIR"), "README.md", NULL);
  g_autofree char *readme = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(CpTestRun) wrong_quote = { 0 };
  g_auto(CpTestRun) no_quote = { 0 };
  gboolean ran_import = FALSE;
  g_autofree char *dir = g_build_filename (tmp_dir, "readme", NULL);
  const char *section;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_get_contents (readme_path, &readme, NULL, NULL));
  /* The example in the paragraph on import-trial, on a demo of its own. */
  section = strstr (readme, "`import-trial` (and the job form");
  g_assert_nonnull (section);
  /* The paragraph runs on the demo made above it in README. */
  g_assert_nonnull (strstr (section, "(`demo demo.cplan`)"));
  {
    g_auto(CpTestRun) demo = { 0 };

    cp_test_run_cli (&demo, dir, (const char *const[]) { "demo", "demo.cplan", NULL });
    g_assert_cmpint (demo.status, ==, 0);
  }
  lines = g_strsplit (section, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) argv = NULL;
      g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
      g_auto(CpTestRun) run = { 0 };

      if (!g_str_has_prefix (lines[i], "_build/src/cli/compute-planner-cli import-trial demo.cplan"))
        continue;
      g_assert_true (g_shell_parse_argv (lines[i], NULL, &argv, NULL));
      /* The paths are the source tree's, where the README runs them. */
      for (guint j = 1; argv[j] != NULL; j++)
        g_ptr_array_add (args, g_str_has_prefix (argv[j], "tests/")
                               ? g_build_filename (g_getenv ("CP_SOURCE_DIR"), argv[j], NULL)
                               : g_strdup (argv[j]));
      g_ptr_array_add (args, NULL);
      cp_test_run_cli (&run, dir, (const char *const *) args->pdata);
      if (run.status != 0)
        g_test_message ("%s: %s", lines[i], run.err);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, "for job “job-pretrain13b” on quote “q-a800”"));
      g_assert_nonnull (strstr (run.out, "Nothing saved (--dry-run)"));
      ran_import = TRUE;
    }
  g_assert_true (ran_import);

  cp_test_run_cli (&wrong_quote, dir, (const char *const[]) { "import-trial", "demo.cplan", "--job", "1",
                                                              "--quote", "quote-1", "x.log", NULL });
  g_assert_cmpint (wrong_quote.status, ==, 2);
  g_assert_nonnull (strstr (wrong_quote.err, "no quote “quote-1”; its quotes are q-4090, q-a800, q-h20, "
                                             "q-h800-ib, q-a100-roce, q-910b, q-unknown (or 1 to 7 by position)"));
  /* No --quote, and the 70B fine-tune has no trial quote yet. */
  cp_test_run_cli (&no_quote, dir, (const char *const[]) { "import-trial", "demo.cplan", "--job", "job-ft70b",
                                                           "x.log", NULL });
  g_assert_cmpint (no_quote.status, ==, 2);
  g_assert_nonnull (strstr (no_quote.err, "ran the trial: q-4090, q-a800, q-h20,"));
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-cli-trial-XXXXXX");
  g_test_add_func ("/cli-trial/import-megatron", test_import_megatron);
  g_test_add_func ("/cli-trial/wrong-machine", test_wrong_machine);
  g_test_add_func ("/cli-trial/refused", test_refused);
  g_test_add_func ("/cli-trial/import-vllm", test_import_vllm);
  g_test_add_func ("/cli-trial/two-logs", test_two_logs);
  g_test_add_func ("/cli-trial/wrong-model", test_wrong_model);
  g_test_add_func ("/cli-trial/readme-example", test_readme_example);
  return cp_test_run_then_remove (tmp_dir);
}
