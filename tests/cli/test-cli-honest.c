/* test-cli-honest.c: issue 20's front door, the command line, says what is
 * true: without a price a verdict about the hardware and no cost figure;
 * the verdict's configuration printed with its own figures; the README's
 * examples as written; no NaN or Inf in any XML it writes. */

#include "config.h"

#include <math.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static char *tmp_dir;

#define RUN(run, ...) CP_TEST_RUN_CLI ((run), tmp_dir, __VA_ARGS__)

/* The text of the first <@name …>…</@name> of @xml, or NULL. */
static char *
element (const char *xml,
         const char *name)
{
  g_autofree char *pattern = g_strdup_printf ("<%s(?: [^>]*)?>([^<]*)</%s>", name, name);
  g_autoptr(GRegex) regex = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;

  if (!g_regex_match (regex, xml, 0, &match))
    return NULL;
  return g_match_info_fetch (match, 1);
}

static double
element_double (const char *xml,
                const char *name)
{
  g_autofree char *text = element (xml, name);

  g_assert_nonnull (text);
  return g_ascii_strtod (text, NULL);
}

/* The README's first example without a price: the 70B full fine-tune fits
 * (R1 1.90× the memory of one machine, within reach of CPU offload), so
 * the verdict is about the hardware, the cost is marked unknown and no
 * total is made of migration alone. */
static void
test_no_price_gives_technical_verdict (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_autofree char *verdict = NULL;

  RUN (&run, "estimate", "--model", "llama-2-70b", "--task", "full-finetune", "--gpu", "a800",
       "--gpus-per-node", "8", "--nodes", "4", "--tokens", "2B", "--network", "infiniband", "--nics", "4",
       "--nic-gbps", "200", "--xml");
  g_assert_cmpint (run.status, ==, 0);
  verdict = element (run.out, "verdict");
  g_assert_cmpstr (verdict, !=, "not-feasible");
  g_assert_nonnull (strstr (run.out, "<cost-known>false</cost-known>"));
  g_assert_nonnull (strstr (run.out, "<cost currency=\"CNY\" known=\"false\"/>"));
  g_assert_null (strstr (run.out, "<total-cost"));
  g_assert_null (strstr (run.out, "<engineering-cost"));
  g_assert_nonnull (strstr (run.out, "outcome=\"cost-needs-price\""));
}

/* Issue 20's cases, each a job that runs on the one machine given: a 7B
 * QLoRA on one A100 80GB (about 17 GiB), a 65B QLoRA on one 48 GB L40S
 * (4-bit weights, 33 GB), both with gradient checkpointing as QLoRA ran
 * them: single machine, no total, said in the text. */
static void
test_no_price_single_machine (void)
{
  const char *const cases[][2] = { { "llama-2-7b", "a100-80g" }, { "llama-65b", "l40s" } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(CpTestRun) xml = { 0 };
      g_auto(CpTestRun) text = { 0 };
      g_autofree char *verdict = NULL;

      RUN (&xml, "estimate", "--model", cases[i][0], "--task", "qlora", "--gpu", cases[i][1],
           "--gpus-per-node", "1", "--recompute", "full", "--xml");
      g_assert_cmpint (xml.status, ==, 0);
      verdict = element (xml.out, "verdict");
      g_assert_cmpstr (verdict, ==, "single-machine");
      g_assert_null (strstr (xml.out, "<total-cost"));

      RUN (&text, "estimate", "--model", cases[i][0], "--task", "qlora", "--gpu", cases[i][1],
           "--gpus-per-node", "1", "--recompute", "full");
      g_assert_cmpint (text.status, ==, 0);
      g_assert_nonnull (strstr (text.out, "Single machine; the cost needs a price"));
      g_assert_nonnull (strstr (text.out, "needs a price (--price-per-gpu-hour"));
      g_assert_null (strstr (text.out, "Total cost range"));
      g_assert_null (strstr (text.out, "Not feasible"));
    }
}

/* A service that needs more replicas than one machine: R3's count, and a
 * cluster, not "not feasible" (README's second example: 50 requests of
 * 2,048 tokens, OPT-13B on one A100 40GB). */
static void
test_no_price_service_needs_replicas (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_autofree char *verdict = NULL;

  RUN (&run, "estimate", "--model", "opt-13b", "--task", "inference", "--gpu", "a100-40g",
       "--gpus-per-node", "1", "--context", "2048", "--concurrency", "50", "--xml");
  g_assert_cmpint (run.status, ==, 0);
  verdict = element (run.out, "verdict");
  g_assert_cmpstr (verdict, ==, "cluster");
  g_assert_nonnull (strstr (run.out, "outcome=\"concurrency-cluster\""));
}

/* With a price, the 4 nodes asked for are not what the verdict picks (one
 * machine with CPU offload is cheaper): its own figures are printed, said
 * to be the verdict's, and the asked-for figures are said to be those. */
static void
test_recommended_configuration (void)
{
  g_auto(CpTestRun) xml = { 0 };
  g_auto(CpTestRun) text = { 0 };
  const char *block;
  g_autofree char *technique = NULL;

  RUN (&xml, "estimate", "--model", "llama-2-70b", "--task", "full-finetune", "--gpu", "a800",
       "--gpus-per-node", "8", "--nodes", "4", "--tokens", "2B", "--network", "infiniband", "--nics", "4",
       "--nic-gbps", "200", "--price-per-gpu-hour", "9.5", "--xml");
  g_assert_cmpint (xml.status, ==, 0);
  g_assert_nonnull (strstr (xml.out, "<asked-is-recommended>false</asked-is-recommended>"));
  block = strstr (xml.out, "<recommended-configuration kind=\"recommended\">");
  g_assert_nonnull (block);
  g_assert_cmpfloat (element_double (block, "nodes"), ==, 1);
  technique = element (block, "technique");
  g_assert_cmpstr (technique, ==, "cpu-offload");
  /* Its cost within its own band, and less than the 4 nodes' total, since
   * it is the cheaper one chosen. */
  g_assert_cmpfloat (element_double (block, "total-cost-low"), <=, element_double (block, "total-cost"));
  g_assert_cmpfloat (element_double (block, "total-cost"), <=, element_double (block, "total-cost-high"));
  g_assert_cmpfloat (element_double (block, "total-cost"), <, element_double (xml.out, "total-cost"));

  RUN (&text, "estimate", "--model", "llama-2-70b", "--task", "full-finetune", "--gpu", "a800",
       "--gpus-per-node", "8", "--nodes", "4", "--tokens", "2B", "--network", "infiniband", "--nics", "4",
       "--nic-gbps", "200", "--price-per-gpu-hour", "9.5");
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "Recommended configuration"));
  g_assert_nonnull (strstr (text.out, "1 node × 8 GPUs, CPU offload"));
  g_assert_nonnull (strstr (text.out, "Figures below: the configuration asked for (4 nodes × 8 GPUs"));
  /* One quote: nothing ranked against it. */
  g_assert_null (strstr (text.out, "by unit price and"));
  g_assert_nonnull (strstr (text.out, "the only quote evaluated"));
}

/* vLLM's budget is the fraction × the GPU's memory less the same weights
 * and activations: from 0.9 to 0.5 of an A100's 80 GiB it shrinks by
 * exactly 0.4 × 85,899,345,920 = 34,359,738,368 bytes. */
static void
test_gpu_memory_utilization (void)
{
  g_auto(CpTestRun) high = { 0 };
  g_auto(CpTestRun) low = { 0 };

  RUN (&high, "estimate", "--model", "llama-2-7b", "--task", "inference", "--gpu", "a100-80g",
       "--gpus-per-node", "1", "--gpu-memory-utilization", "0.9", "--xml");
  RUN (&low, "estimate", "--model", "llama-2-7b", "--task", "inference", "--gpu", "a100-80g",
       "--gpus-per-node", "1", "--serving-memory-fraction", "0.5", "--xml");
  g_assert_cmpint (high.status, ==, 0);
  g_assert_cmpint (low.status, ==, 0);
  g_assert_cmpfloat (element_double (low.out, "serving-memory-fraction"), ==, 0.5);
  g_assert_cmpfloat_with_epsilon (element_double (high.out, "kv-budget-bytes") -
                                  element_double (low.out, "kv-budget-bytes"),
                                  34359738368.0, 1.0);
}

/* MLA caches the KV latent and the RoPE key per layer (DeepSeek-V2 §2.1):
 * DeepSeek-V2-Lite's 27 layers × (512 + 64) × 2 bytes = 31,104 B a token. */
static void
test_mla_dimensions (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_auto(CpTestRun) catalogued = { 0 };
  g_auto(CpTestRun) missing = { 0 };

  RUN (&run, "estimate", "--params", "15.7B", "--layers", "27", "--hidden", "2048", "--heads", "16",
       "--vocab", "102400", "--kv-lora-rank", "512", "--qk-rope-head-dim", "64", "--qk-nope-head-dim", "128",
       "--v-head-dim", "128", "--task", "inference", "--gpu", "a100-80g", "--gpus-per-node", "1", "--xml");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpfloat (element_double (run.out, "kv-bytes-per-token"), ==, 27 * (512 + 64) * 2);
  /* Entered by its size, the parts of its shape not given are said to be
   * assumed (GPT-3's: tied embeddings, no gated MLP), the given ones not. */
  g_assert_nonnull (strstr (run.out, "<shape-assumed from=\"gpt-3-nearest-size\">kv-heads ffn tied-embeddings gated-mlp</shape-assumed>"));

  RUN (&catalogued, "estimate", "--model", "llama-2-7b", "--task", "inference", "--gpu", "a100-80g",
       "--gpus-per-node", "1", "--xml");
  g_assert_cmpint (catalogued.status, ==, 0);
  g_assert_null (strstr (catalogued.out, "shape-assumed"));

  RUN (&missing, "estimate", "--params", "15.7B", "--kv-lora-rank", "512", "--task", "inference",
       "--gpu", "a100-80g", "--gpus-per-node", "1");
  g_assert_cmpint (missing.status, ==, 2);
  g_assert_nonnull (strstr (missing.err, "--v-head-dim"));
}

/* The default request, 1,024 + 128 tokens, in a 512-token context: the
 * output keeps its 128 (at most half the context), the prompt takes the
 * 384 left; said so. Both given stay refused. */
static void
test_request_fitted_to_context (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_auto(CpTestRun) text = { 0 };
  g_auto(CpTestRun) given = { 0 };

  RUN (&run, "estimate", "--model", "llama-2-7b", "--task", "inference", "--gpu", "a100-80g",
       "--gpus-per-node", "1", "--context", "512", "--xml");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpfloat (element_double (run.out, "prompt-tokens"), ==, 384);
  g_assert_cmpfloat (element_double (run.out, "output-tokens"), ==, 128);
  g_assert_nonnull (strstr (run.out, "<request-fitted-to-context>true</request-fitted-to-context>"));

  RUN (&text, "estimate", "--model", "llama-2-7b", "--task", "inference", "--gpu", "a100-80g",
       "--gpus-per-node", "1", "--context", "512", "--prompt-tokens", "400");
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "400 + 112"));
  g_assert_nonnull (strstr (text.out, "fitted to the 512-token --context"));

  RUN (&given, "estimate", "--model", "llama-2-7b", "--task", "inference", "--gpu", "a100-80g",
       "--gpus-per-node", "1", "--context", "512", "--prompt-tokens", "500", "--output-tokens", "100");
  g_assert_cmpint (given.status, ==, 2);
  g_assert_nonnull (strstr (given.err, "Output tokens"));
}

/* Runs one README command, as written, in a directory that links the
 * build and the tests as the source tree has them; asserts what its
 * output says. Returns whether it was an estimate. */
static gboolean
run_readme_command (const char *dir,
                    const char *command)
{
  g_auto(GStrv) argv = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = -1;

  g_assert_true (g_shell_parse_argv (command, NULL, &argv, NULL));
  g_assert_true (g_spawn_sync (dir, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, NULL));
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("README example “%s” failed: %s", command, err);
  if (g_strv_length (argv) > 1 && g_str_equal (argv[1], "plan"))
    g_assert_null (strstr (out, "Verdict: Not feasible"));
  if (g_strv_length (argv) < 2 || !g_str_equal (argv[1], "estimate"))
    return FALSE;
  g_assert_null (strstr (out, "Not feasible"));
  g_assert_null (strstr (out, "<verdict>not-feasible</verdict>"));
  return TRUE;
}

/* The README's examples, parsed from README.md and run as written, in
 * order, from a directory laid out as the source tree (_build and tests
 * linked): each exits 0, and no estimate's verdict says "Not feasible"
 * for these jobs, which all run. Every file an example reads is either a
 * sample in the source tree or written by an example before it (a new
 * user copying them in order gets no "could not read the file"). */
static void
test_readme_examples (void)
{
  const char *source = g_getenv ("CP_SOURCE_DIR");
  const char *build = g_getenv ("CP_BUILD_DIR");
  g_autofree char *readme_path = NULL;
  g_autofree char *readme = NULL;
  g_autofree char *dir = g_build_filename (tmp_dir, "readme", NULL);
  g_autofree char *build_link = g_build_filename (dir, "_build", NULL);
  g_autofree char *tests_link = g_build_filename (dir, "tests", NULL);
  g_autofree char *tests_dir = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) command = g_string_new (NULL);
  guint n_estimates = 0, n_run = 0;

  g_assert_nonnull (source);
  g_assert_nonnull (build);
  readme_path = g_build_filename (source, "README.md", NULL);
  tests_dir = g_build_filename (source, "tests", NULL);
  g_assert_true (g_file_get_contents (readme_path, &readme, NULL, NULL));
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  {
    g_autoptr(GFile) build_file = g_file_new_for_path (build_link);
    g_autoptr(GFile) tests_file = g_file_new_for_path (tests_link);

    g_assert_true (g_file_make_symbolic_link (build_file, build, NULL, NULL));
    g_assert_true (g_file_make_symbolic_link (tests_file, tests_dir, NULL, NULL));
  }

  lines = g_strsplit (readme, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strstrip (lines[i]);

      if (command->len == 0 && !g_str_has_prefix (line, "_build/src/cli/compute-planner-cli "))
        continue;
      g_string_append (command, line);
      if (g_str_has_suffix (command->str, "\\"))
        {
          g_string_truncate (command, command->len - 1);
          continue;
        }
      n_estimates += run_readme_command (dir, command->str);
      n_run++;
      g_string_truncate (command, 0);
    }

  /* The links go before the directory is removed, never what they
   * point to. */
  g_assert_cmpint (g_unlink (build_link), ==, 0);
  g_assert_cmpint (g_unlink (tests_link), ==, 0);
  /* Three estimates; demo, plan, two imports of quotes, report, two
   * charts; new, add-quote, import-config, add-job, list, export-quotes,
   * import-xml; import-trial: the README's 18 examples are all found. */
  g_assert_cmpuint (n_estimates, ==, 3);
  g_assert_cmpuint (n_run, ==, 18);
}

/* Many option combinations, with and without a price: the XML never
 * carries NaN or Inf, and a verdict of "not feasible" always comes with
 * the R6 reason saying why (pinned layouts: test_pinned_fuzz()). */
static void
test_xml_has_only_numbers (void)
{
  const char *const models[] = { "llama-2-7b", "llama-2-70b" };
  const char *const tasks[] = { "pretrain", "full-finetune", "lora", "qlora", "inference" };
  const char *const gpus[] = { "a100-80g", "rtx4090" };
  const char *const nodes[] = { "1", "4" };
  g_autoptr(GRegex) not_a_number = g_regex_new (">[-+]?(nan|inf|infinity)<", G_REGEX_CASELESS, 0, NULL);
  guint combinations = 0;

  for (guint m = 0; m < G_N_ELEMENTS (models); m++)
    for (guint t = 0; t < G_N_ELEMENTS (tasks); t++)
      for (guint g = 0; g < G_N_ELEMENTS (gpus); g++)
        for (guint n = 0; n < G_N_ELEMENTS (nodes); n++)
          {
            /* A price on every other combination: both kinds of plan. */
            gboolean priced = (m + t + g + n) % 2 == 1;
            const char *const args[] = {
              "estimate", "--model", models[m], "--task", tasks[t], "--gpu", gpus[g], "--nodes", nodes[n],
              "--tokens", "1B", "--xml", priced ? "--price-per-gpu-hour" : NULL, "9.5", NULL
            };
            g_auto(CpTestRun) run = { 0 };
            g_autofree char *verdict = NULL;

            cp_test_run_cli (&run, tmp_dir, args);
            if (run.status != 0)
              g_error ("%s %s on %s × %s: %s", models[m], tasks[t], nodes[n], gpus[g], run.err);
            if (g_regex_match (not_a_number, run.out, 0, NULL))
              g_error ("NaN or Inf in the XML of %s %s on %s × %s", models[m], tasks[t], nodes[n], gpus[g]);
            verdict = element (run.out, "verdict");
            g_assert_nonnull (verdict);
            if (g_str_equal (verdict, "not-feasible"))
              g_assert_true (strstr (run.out, "outcome=\"nothing-fits\"") != NULL ||
                             strstr (run.out, "outcome=\"best-available\"") != NULL);
            if (!priced)
              g_assert_null (strstr (run.out, "<total-cost"));
            combinations++;
          }
  g_assert_cmpuint (combinations, ==, 40);
}

/* The text of <@name> inside <configuration>, where the first <@name>
 * of the XML may be an input's (tensor-parallel, zero-stage, …). */
static char *
configuration_element (const char *xml,
                       const char *name)
{
  const char *configuration = strstr (xml, "<configuration>");

  g_assert_nonnull (configuration);
  return element (configuration, name);
}

/* Pinned layouts the hardware or the model cannot take: each refused with
 * its reason's id and a sentence naming the figures (Llama 2 7B: 32
 * layers, 32 heads; Mixtral 8x7B: 8 experts; one node of 8 A100s). */
static void
test_pinned_refusals (void)
{
  const struct {
    const char *model, *task, *tp, *pp, *vs, *ep, *id, *text;
  } cases[] = {
    { "llama-2-7b", "pretrain", "16", "1", "0", "0", "tp-beyond-node", "TP 16 is more than the 8 GPUs of one node" },
    { "llama-2-7b", "pretrain", "3", "1", "0", "0", "tp-heads", "TP 3 does not divide the 32 attention heads" },
    { "llama-2-7b", "pretrain", "2", "3", "0", "0", "split-gpus", "TP 2 × PP 3 does not divide the 8 GPUs" },
    /* 4 stages × 16 chunks each: 64 chunks for 32 layers */
    { "llama-2-7b", "pretrain", "1", "4", "16", "0", "stage-layers", "makes 64 model chunks, more than the 32 layers" },
    { "llama-2-7b", "qlora", "2", "1", "0", "0", "qlora-split", "trains with data parallelism only" },
    { "mixtral-8x7b", "pretrain", "1", "1", "0", "3", "ep-experts", "EP 3 does not divide the 8 experts" },
    /* TP 2 × PP 2 leaves DP 2: tensor × data parallel is 4 GPUs, not a multiple of 8 */
    { "mixtral-8x7b", "pretrain", "2", "2", "0", "8", "ep-data-parallel", "EP 8 does not divide the 4 GPUs of tensor × data parallel" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(CpTestRun) xml = { 0 };
      g_auto(CpTestRun) text = { 0 };
      g_autofree char *fits = NULL, *refusal = NULL, *runs = NULL;

      RUN (&xml, "estimate", "--model", cases[i].model, "--task", cases[i].task, "--gpu", "a100-80g",
           "--tp", cases[i].tp, "--pp", cases[i].pp, "--virtual-stages", cases[i].vs, "--ep", cases[i].ep,
           "--tokens", "1B", "--price-per-gpu-hour", "9.5", "--xml");
      g_assert_cmpint (xml.status, ==, 0);
      fits = element (xml.out, "fits");
      g_assert_cmpstr (fits, ==, "false");
      refusal = element (xml.out, "refusal");
      g_assert_nonnull (refusal);
      g_assert_nonnull (strstr (refusal, cases[i].text));
      g_assert_nonnull (strstr (xml.out, cases[i].id));
      runs = element (xml.out, "runs");
      g_assert_cmpstr (runs, ==, "false");
      g_assert_null (strstr (xml.out, "<total-s>"));
      g_assert_null (strstr (xml.out, "<total-cost"));
      g_assert_nonnull (strstr (xml.out, "<verdict>not-feasible</verdict>"));

      RUN (&text, "estimate", "--model", cases[i].model, "--task", cases[i].task, "--gpu", "a100-80g",
           "--tp", cases[i].tp, "--pp", cases[i].pp, "--virtual-stages", cases[i].vs, "--ep", cases[i].ep,
           "--tokens", "1B", "--price-per-gpu-hour", "9.5");
      g_assert_cmpint (text.status, ==, 0);
      g_assert_nonnull (strstr (text.out, cases[i].text));
      g_assert_nonnull (strstr (text.out, "Cannot run: no quote takes the layout asked for"));
      g_assert_null (strstr (text.out, "0 × 0 × 0"));
      /* R1 weighs memory in a layout of the search's: beside that verdict
       * it may not say "one machine can run it". */
      g_assert_null (strstr (text.out, "so one machine can run it"));
      g_assert_null (strstr (text.out, "it fits on a single machine."));
    }
}

/* Llama 3 405B as Meta ran it (Llama Team 2024, §3.3.2, Table 4): TP 8 ×
 * PP 16 with FSDP on 8,192 H100s. Pinned ZeRO-2 with pipelines is run as
 * FSDP runs it: each stage's gradients and optimizer states sharded over
 * its 64 data-parallel ranks (8,192 / (8 × 16)), its weights whole; at
 * ZeRO-3 the weights sharded too. The run time is at least the compute
 * alone: 6 × 405e9 × 15e12 / (8,192 × 989e12 × 0.55) = 8.18e6 s. */
static void
test_pinned_405b_fsdp (void)
{
  g_auto(CpTestRun) zero2 = { 0 };
  g_auto(CpTestRun) zero3 = { 0 };
  g_autofree char *fits = NULL, *zero = NULL, *pp = NULL, *dp = NULL;
  double weights, gradients, optimizer, total_s;

  RUN (&zero2, "estimate", "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--gpus-per-node", "8",
       "--nodes", "1024", "--tp", "8", "--pp", "16", "--zero", "2", "--tokens", "15T",
       "--price-per-gpu-hour", "2", "--xml");
  g_assert_cmpint (zero2.status, ==, 0);
  fits = element (zero2.out, "fits");
  g_assert_cmpstr (fits, ==, "true");
  zero = configuration_element (zero2.out, "zero-stage");
  g_assert_cmpstr (zero, ==, "2");
  pp = configuration_element (zero2.out, "pipeline-parallel");
  g_assert_cmpstr (pp, ==, "16");
  dp = configuration_element (zero2.out, "data-parallel");
  g_assert_cmpstr (dp, ==, "64");
  weights = element_double (zero2.out, "weights-bytes");
  gradients = element_double (zero2.out, "gradients-bytes");
  optimizer = element_double (zero2.out, "optimizer-bytes");
  /* bf16 weights and gradients, 2 bytes each; fp32 master and Adam's two
   * moments, 12 bytes, sharded 64 ways with the gradients */
  g_assert_cmpfloat_with_epsilon (gradients * 64 / weights, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (optimizer * 64 / weights, 6.0, 1e-9);
  total_s = element_double (zero2.out, "total-s");
  g_assert_cmpfloat (total_s, >=, 6.0 * 405e9 * 15e12 / (8192 * 989e12 * 0.55));
  g_assert_true (strstr (zero2.out, "<refusal") == NULL);

  RUN (&zero3, "estimate", "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--gpus-per-node", "8",
       "--nodes", "1024", "--tp", "8", "--pp", "16", "--zero", "3", "--tokens", "15T", "--xml");
  g_assert_cmpint (zero3.status, ==, 0);
  weights = element_double (zero3.out, "weights-bytes");
  gradients = element_double (zero3.out, "gradients-bytes");
  g_assert_cmpfloat_with_epsilon (weights / gradients, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (element_double (zero3.out, "optimizer-bytes") / weights, 6.0, 1e-9);
}

/* The <fits> and <refusal> of the XML estimate @run made for the command
 * @line, failing the test unless it exited 0 with no NaN or Inf in it. */
static void
read_pinned_verdict (const CpTestRun  *run,
                     const char       *line,
                     const GRegex     *not_a_number,
                     char            **fits,
                     char            **refusal)
{
  if (run->status != 0)
    g_error ("%s: exit %d, %s", line, run->status, run->err);
  if (g_regex_match (not_a_number, run->out, 0, NULL))
    g_error ("NaN or Inf in the XML of %s", line);
  *fits = element (run->out, "fits");
  *refusal = element (run->out, "refusal");
}

/* Pinned layouts drawn at random (a fixed seed: the same draws each run)
 * over models, tasks, node counts, TP, PP, interleaving, EP, ZeRO and
 * micro-batch: the XML never carries NaN or Inf, every configuration
 * that cannot run names why, and one that runs has a run time. Input the
 * model itself rejects (more stages than layers, a micro-batch above the
 * global batch) exits 2 with a message naming the field. */
static void
test_pinned_fuzz (void)
{
  const char *const models[] = { "llama-2-7b", "llama-2-70b", "mixtral-8x7b" };
  const char *const tasks[] = { "pretrain", "full-finetune", "lora", "qlora" };
  const char *const node_counts[] = { "1", "2", "3" };
  const char *const tps[] = { "0", "1", "2", "3", "4", "8", "16" };
  const char *const pps[] = { "0", "1", "2", "3", "4", "5", "8", "100" };
  const char *const vss[] = { "0", "1", "2", "3" };
  const char *const eps[] = { "0", "1", "2", "3", "8" };
  const char *const zeros[] = { "auto", "0", "1", "2", "3" };
  const char *const micro_batches[] = { "1", "2", "4", "64" };
  g_autoptr(GRegex) not_a_number = g_regex_new (">[-+]?(nan|inf|infinity)<", G_REGEX_CASELESS, 0, NULL);
  GRand *rand = g_rand_new_with_seed (20);
  guint refused = 0, ran = 0, rejected = 0;

#define PICK(array) array[g_rand_int_range (rand, 0, G_N_ELEMENTS (array))]
  for (guint i = 0; i < 160; i++)
    {
      const char *const args[] = {
        "estimate", "--model", PICK (models), "--task", PICK (tasks), "--gpu", "a100-80g",
        "--nodes", PICK (node_counts), "--tp", PICK (tps), "--pp", PICK (pps), "--virtual-stages", PICK (vss),
        "--ep", PICK (eps), "--zero", PICK (zeros), "--micro-batch", PICK (micro_batches),
        "--tokens", "1B", "--xml", i % 2 ? "--price-per-gpu-hour" : NULL, "9.5", NULL
      };
      g_autofree char *line = g_strjoinv (" ", (char **) args);
      g_auto(CpTestRun) run = { 0 };
      g_autofree char *fits = NULL, *refusal = NULL;

      cp_test_run_cli (&run, tmp_dir, args);
      if (run.status == 2)
        {
          /* The model's own bounds, named by field (a micro-batch of 64
           * is more than a fine-tune's default global batch). */
          if (strstr (run.err, "Parallelism") == NULL && strstr (run.err, "Interleaved stages") == NULL &&
              strstr (run.err, "Expert parallel") == NULL && strstr (run.err, "Global batch") == NULL)
            g_error ("%s: %s", line, run.err);
          rejected++;
          continue;
        }
      read_pinned_verdict (&run, line, not_a_number, &fits, &refusal);
      if (g_strcmp0 (fits, "true") == 0)
        {
          g_assert_null (refusal);
          g_assert_cmpfloat (element_double (run.out, "total-s"), >, 0);
          ran++;
        }
      else
        {
          if (refusal == NULL || *refusal == '\0')
            g_error ("no reason for the refusal of %s", line);
          refused++;
        }
    }
#undef PICK
  g_rand_free (rand);
  /* The draws reach all three ends. */
  g_assert_cmpuint (ran, >, 0);
  g_assert_cmpuint (refused, >, 0);
  g_assert_cmpuint (rejected, >, 0);

  /* FSDP (ZeRO-2/3 sharding) with pipeline parallelism, as torchtitan and
   * Llama 3 run it, on every split of 32 GPUs the draws might miss: each
   * runs with a time, or is refused with its reason (TP 8 × PP 8 needs 64
   * GPUs, or the memory), never a NaN. */
  {
    const char *const fsdp_zeros[] = { "2", "3" };
    const char *const fsdp_pps[] = { "2", "4", "8" };
    const char *const fsdp_tps[] = { "1", "8" };
    guint fsdp_ran = 0, fsdp_refused = 0;

    for (guint z = 0; z < G_N_ELEMENTS (fsdp_zeros); z++)
      for (guint p = 0; p < G_N_ELEMENTS (fsdp_pps); p++)
        for (guint t = 0; t < G_N_ELEMENTS (fsdp_tps); t++)
          {
            const char *const args[] = {
              "estimate", "--model", "llama-2-70b", "--task", "pretrain", "--gpu", "a100-80g", "--nodes", "4",
              "--network", "infiniband", "--nics", "4", "--nic-gbps", "200", "--dedicated",
              "--tp", fsdp_tps[t], "--pp", fsdp_pps[p], "--zero", fsdp_zeros[z], "--micro-batch", "1",
              "--tokens", "1B", "--xml", NULL
            };
            g_autofree char *line = g_strjoinv (" ", (char **) args);
            g_auto(CpTestRun) run = { 0 };
            g_autofree char *fits = NULL, *refusal = NULL;

            cp_test_run_cli (&run, tmp_dir, args);
            read_pinned_verdict (&run, line, not_a_number, &fits, &refusal);
            if (refusal != NULL)
              {
                g_assert_cmpstr (fits, ==, "false");
                g_assert_cmpstr (refusal, !=, "");
                fsdp_refused++;
              }
            else
              {
                /* Asked-for layouts that run have a time; one that does not fit says
                 * it in <fits> with its memory, a reason of its own. */
                g_assert_cmpfloat (element_double (run.out, "total-s"), >, 0);
                g_assert_cmpfloat (element_double (run.out, "memory-per-gpu-bytes"), >, 0);
                fsdp_ran++;
              }
          }
    /* The two TP 8 × PP 8 splits by arithmetic; ZeRO-2 at TP 1 × PP 2 keeps
     * 65 GiB of weights a GPU and is refused for memory. */
    g_assert_cmpuint (fsdp_refused, >=, 2);
    g_assert_cmpuint (fsdp_ran, >=, 8);
  }
}

/* A network named without --dedicated or --shared: the estimate takes it
 * as shared at the default 50% of line rate (the same run time as
 * --shared), the text and XML say so, and the range's optimistic end is
 * the same network dedicated (the same low end as --dedicated). Llama 2
 * 70B fully fine-tuned on 4 nodes of 8 A800s over 8 × 400 Gb/s
 * InfiniBand. */
static void
test_unstated_sharing (void)
{
  const char *const base[] = {
    "estimate", "--model", "llama-2-70b", "--task", "full-finetune", "--gpu", "a800", "--nodes", "4",
    "--tokens", "2B", "--network", "infiniband", "--nics", "8", "--nic-gbps", "400", "--tp", "8",
    "--price-per-gpu-hour", "9.5", "--xml", NULL, NULL
  };
  g_auto(CpTestRun) unstated = { 0 };
  g_auto(CpTestRun) shared = { 0 };
  g_auto(CpTestRun) dedicated = { 0 };
  g_auto(CpTestRun) text = { 0 };
  const char *args[G_N_ELEMENTS (base)];
  g_autofree char *assumed = NULL;

  memcpy (args, base, sizeof base);
  cp_test_run_cli (&unstated, tmp_dir, args);
  g_assert_cmpint (unstated.status, ==, 0);
  args[G_N_ELEMENTS (base) - 2] = "--shared";
  cp_test_run_cli (&shared, tmp_dir, args);
  g_assert_cmpint (shared.status, ==, 0);
  args[G_N_ELEMENTS (base) - 2] = "--dedicated";
  cp_test_run_cli (&dedicated, tmp_dir, args);
  g_assert_cmpint (dedicated.status, ==, 0);

  assumed = element (unstated.out, "sharing-assumed");
  g_assert_cmpstr (assumed, ==, "shared");
  g_assert_cmpfloat (element_double (unstated.out, "shared-network-factor"), ==, 0.5);
  g_assert_null (strstr (dedicated.out, "<sharing-assumed>"));
  g_assert_cmpfloat (element_double (unstated.out, "total-s"), ==, element_double (shared.out, "total-s"));
  g_assert_cmpfloat (element_double (unstated.out, "total-s-low"), ==, element_double (dedicated.out, "total-s-low"));
  g_assert_cmpfloat (element_double (unstated.out, "total-s-high"), ==, element_double (shared.out, "total-s-high"));
  /* Shared, the 8 nodes' gradients cross half the line rate: slower. */
  g_assert_cmpfloat (element_double (shared.out, "total-s"), >, element_double (dedicated.out, "total-s"));

  args[G_N_ELEMENTS (base) - 3] = NULL;
  cp_test_run_cli (&text, tmp_dir, args);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "Not stated: estimated as shared, at 50% of line rate"));
  g_assert_nonnull (strstr (text.out, "the range runs to a dedicated one"));
}

/* Issue 20's walkthrough: Llama 2 70B fully fine-tuned on one RTX 4090
 * fits in no layout. The output says the search found none, gives one
 * per-GPU figure (the Memory total and the reason's are the same words)
 * and no run time, calendar or cost for a run that cannot happen. */
static void
test_nothing_fits_says_so (void)
{
  g_auto(CpTestRun) text = { 0 };
  g_auto(CpTestRun) xml = { 0 };
  g_autoptr(GRegex) total_row = g_regex_new ("\n  Total +([0-9.]+ [KMGT]iB)\n", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *total = NULL, *reason = NULL, *id = NULL;

  RUN (&text, "estimate", "--model", "llama-2-70b", "--task", "full-finetune", "--gpu", "rtx4090",
       "--gpus-per-node", "1", "--tokens", "1B", "--price-per-gpu-hour", "2");
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "Searched: none fits"));
  g_assert_null (strstr (text.out, "the fastest that fits"));
  g_assert_true (g_regex_match (total_row, text.out, 0, &match));
  total = g_match_info_fetch (match, 1);
  reason = g_strdup_printf ("the smallest tried needs %s per GPU, more than the 24.0 GiB available", total);
  g_assert_nonnull (strstr (text.out, reason));
  /* R1 states the same need */
  g_clear_pointer (&reason, g_free);
  reason = g_strdup_printf ("The job needs %s of GPU memory", total);
  g_assert_nonnull (strstr (text.out, reason));
  g_assert_null (strstr (text.out, "Project calendar"));
  g_assert_null (strstr (text.out, "\n  GPU-hours "));
  g_assert_null (strstr (text.out, "(default, rule R4)"));
  g_assert_null (strstr (text.out, "\n  R4 "));
  g_assert_null (strstr (text.out, " CNY\n"));

  RUN (&xml, "estimate", "--model", "llama-2-70b", "--task", "full-finetune", "--gpu", "rtx4090",
       "--gpus-per-node", "1", "--tokens", "1B", "--price-per-gpu-hour", "2", "--xml");
  g_assert_cmpint (xml.status, ==, 0);
  g_assert_nonnull (strstr (xml.out, "<refusal id=\"gpu-memory\">"));
  g_assert_nonnull (strstr (xml.out, "<runs>false</runs>"));
  g_assert_null (strstr (xml.out, "<total-s>"));
  g_assert_null (strstr (xml.out, "<total-cost"));
  id = element (xml.out, "verdict");
  g_assert_cmpstr (id, ==, "not-feasible");
}

/* --help says a micro-batch of 0 is the default, "searched": typing 0
 * must give what leaving the option out gives. A global batch of 0 ("as
 * published runs of the size") is taken too, and a value past the job's
 * own bound names the option. */
static void
test_batch_zero_is_the_default (void)
{
  g_auto(CpTestRun) omitted = { 0 };
  g_auto(CpTestRun) zero = { 0 };
  g_auto(CpTestRun) global_zero = { 0 };
  g_auto(CpTestRun) too_large = { 0 };

  RUN (&omitted, "estimate", "--model", "llama-2-7b", "--task", "lora", "--gpu", "a100-80g", "--xml");
  RUN (&zero, "estimate", "--model", "llama-2-7b", "--task", "lora", "--gpu", "a100-80g",
       "--micro-batch", "0", "--xml");
  g_assert_cmpint (omitted.status, ==, 0);
  g_assert_cmpint (zero.status, ==, 0);
  g_assert_cmpstr (zero.out, ==, omitted.out);

  RUN (&global_zero, "estimate", "--model", "llama-2-7b", "--task", "lora", "--gpu", "a100-80g",
       "--global-batch", "0", "--xml");
  g_assert_cmpint (global_zero.status, ==, 0);
  g_assert_cmpfloat (element_double (global_zero.out, "global-batch"), ==, 0);

  RUN (&too_large, "estimate", "--model", "llama-2-7b", "--task", "lora", "--gpu", "a100-80g",
       "--micro-batch", "100001");
  g_assert_cmpint (too_large.status, !=, 0);
  g_assert_nonnull (strstr (too_large.err, "--micro-batch"));
}

/* At a failure rate of 0 nothing is expected to fail and no checkpoint
 * is planned: the table says so instead of "Checkpoint interval 0.00 s",
 * the XML marks it; at the default rate the interval is Young/Daly's
 * optimum, √(2 × write time ÷ interruptions per second of the GPUs),
 * unless the run is shorter. */
static void
test_checkpoints_at_failure_rate_zero (void)
{
  g_auto(CpTestRun) text = { 0 };
  g_auto(CpTestRun) none = { 0 };
  g_auto(CpTestRun) rated = { 0 };
  double rate_per_s, useful_s, young_s;

  RUN (&text, "estimate", "--model", "llama-2-7b", "--task", "full-finetune", "--gpu", "a800", "--tokens", "1B",
       "--failure-rate", "0");
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "none counted: at a failure rate of 0 no interruption is expected"));
  g_assert_null (strstr (text.out, "Checkpoint interval"));
  g_assert_null (strstr (text.out, "Checkpoint write"));

  RUN (&none, "estimate", "--model", "llama-2-7b", "--task", "full-finetune", "--gpu", "a800", "--tokens", "1B",
       "--failure-rate", "0", "--xml");
  g_assert_cmpint (none.status, ==, 0);
  g_assert_nonnull (strstr (none.out, "<checkpoints-counted>false</checkpoints-counted>"));
  g_assert_cmpfloat (element_double (none.out, "lost-s"), ==, 0);
  g_assert_cmpfloat (element_double (none.out, "goodput"), ==, 1);

  RUN (&rated, "estimate", "--model", "llama-2-7b", "--task", "full-finetune", "--gpu", "a800", "--tokens", "1B",
       "--failure-rate", "2e-5", "--xml");
  g_assert_cmpint (rated.status, ==, 0);
  g_assert_nonnull (strstr (rated.out, "<checkpoints-counted>true</checkpoints-counted>"));
  rate_per_s = 2e-5 / 3600.0 * element_double (rated.out, "gpus");
  /* Young/Daly's optimum here is 18 h, longer than the 9.9 h run (its
   * useful time, wall time × goodput): a run shorter than the interval
   * is one segment, its interval the run (walkthrough 11). */
  useful_s = element_double (rated.out, "total-s") * element_double (rated.out, "goodput");
  young_s = sqrt (2.0 * element_double (rated.out, "checkpoint-s") / rate_per_s);
  g_assert_cmpfloat (young_s, >, useful_s);
  g_assert_cmpfloat_with_epsilon (element_double (rated.out, "checkpoint-interval-s"), useful_s, 1e-3);
}

/* The README's service example: the job's FlashAttention (a training
 * setting) and the configuration's agree, as the serving model holds no
 * attention matrix (vLLM's kernels); the configuration said "false".
 * Asking a service for the attention matrix is refused, naming why. */
static void
test_service_flash_attention (void)
{
  g_auto(CpTestRun) xml = { 0 };
  g_auto(CpTestRun) refused = { 0 };
  g_autofree char *configuration = NULL;
  g_autofree char *inputs = NULL;
  const char *at;

  RUN (&xml, "estimate", "--model", "opt-13b", "--task", "inference", "--gpu", "a100-40g",
       "--gpus-per-node", "1", "--context", "2048", "--concurrency", "50", "--xml");
  g_assert_cmpint (xml.status, ==, 0);
  at = strstr (xml.out, "<configuration>");
  g_assert_nonnull (at);
  configuration = element (at, "flash-attention");
  inputs = element (xml.out, "flash-attention");
  g_assert_cmpstr (inputs, ==, "true");
  g_assert_cmpstr (configuration, ==, "true");

  RUN (&refused, "estimate", "--model", "opt-13b", "--task", "inference", "--gpu", "a100-40g",
       "--no-flash-attention");
  g_assert_cmpint (refused.status, ==, 2);
  g_assert_nonnull (strstr (refused.err, "--no-flash-attention is for training"));
}

/* Walkthrough 13: a service's decode step is said as a sum that adds up.
 * The step is the slower of the memory reads and the computing, which
 * holds the share of new prompts prefilled in the same step, plus the
 * all-reduces (cp-serving.c); without the prefill, 46.00 ms read as
 * "memory 11.37, compute 4.19, all-reduce 7.40". Qwen2.5 7B for 200 users
 * on 8 RTX 4090s at TP 2 is compute-bound: its parts, each rounded to
 * 0.01 ms, add up to the step within their rounding. The KV cache's
 * capacity reads as whole requests, vLLM's "×" figure named as vLLM's. */
static void
test_decode_step_adds_up (void)
{
  g_auto(CpTestRun) run = { 0 };
  const char *line;
  double step, compute, prefill, all_reduce, memory;

  RUN (&run, "estimate", "--model", "qwen2.5-7b", "--task", "inference", "--concurrency", "200",
       "--context", "4096", "--gpu", "rtx4090", "--gpus-per-node", "8", "--nodes", "1");
  g_assert_cmpint (run.status, ==, 0);
  line = strstr (run.out, "Decode step");
  g_assert_nonnull (line);
  line += strlen ("Decode step");
  g_assert_cmpint (sscanf (line, " %lf ms = compute %lf + prefill of new prompts %lf + all-reduce %lf (memory reads, %lf,",
                           &step, &compute, &prefill, &all_reduce, &memory), ==, 5);
  g_assert_cmpfloat (prefill, >, 0);
  g_assert_cmpfloat (fabs (compute + prefill + all_reduce - step), <=, 0.015 + 1e-9);
  g_assert_cmpfloat (memory, <, compute + prefill);
  g_assert_null (strstr (run.out, "Concurrency per replica"));
  g_assert_nonnull (strstr (run.out, "Requests a replica's KV cache holds"));
  g_assert_nonnull (strstr (run.out, " whole requests (vLLM's “Maximum concurrency”: "));
  g_assert_nonnull (strstr (run.out, "× for 4,096-token requests)"));
}

/* The same sum for a mixture of experts, whose step also holds the MoE
 * layers' fixed expert-kernel time (cp-serving.c): without it the parts
 * of Mixtral 8x7B's single-stream step on 8 H100s fell 0.85 ms short of
 * the step. Memory-bound at one request, the parts are the reads, the
 * all-reduces and the MoE layers: 32 layers × 26.65 µs = 0.85 ms. */
static void
test_decode_step_adds_up_moe (void)
{
  g_auto(CpTestRun) run = { 0 };
  const char *line;
  double step, memory, all_reduce, moe;

  RUN (&run, "estimate", "--model", "mixtral-8x7b", "--task", "inference", "--concurrency", "1",
       "--gpu", "h100-sxm", "--gpus-per-node", "8", "--nodes", "1");
  g_assert_cmpint (run.status, ==, 0);
  line = strstr (run.out, "Decode step");
  g_assert_nonnull (line);
  line += strlen ("Decode step");
  g_assert_cmpint (sscanf (line, " %lf ms = memory reads %lf + all-reduce %lf + MoE layers’ expert kernels %lf",
                           &step, &memory, &all_reduce, &moe), ==, 4);
  g_assert_cmpfloat (fabs (moe - 32 * 26.65e-3), <=, 0.005 + 1e-9);
  g_assert_cmpfloat (fabs (memory + all_reduce + moe - step), <=, 0.015 + 1e-9);
}

/* The memory table's "Framework overhead" is the figure whose range the
 * assumptions give ("1.00–2.00 GiB"), in the same convention: it read
 * 4.4 GiB, the framework's 1 GiB with the allocator's 5% and ZeRO-3's
 * gathered layers summed in. Those are rows of their own, and the parts
 * add up to the XML's overhead. By hand, Llama 2 70B (70e9 parameters, 32,000
 * × 8,192 untied embeddings twice: 524,288,000) under ZeRO-3 on 32 GPUs,
 * TP 1: two layers gathered whole, 2 × (70e9 − 524,288,000) ÷ 80 × 2 bytes
 * = 3,473,785,600 B; one layer's gradients on their way to the
 * reduce-scatter, in bf16 as computed and in the reduce buffer (bf16 under
 * ZeRO's 16 bytes), (70e9 − 524,288,000) ÷ 80 × (2 + 2) = 3,473,785,600 B;
 * fragmentation 5% of weights, gradients, optimizer states and
 * activations. */
static void
test_framework_overhead_one_figure (void)
{
  g_auto(CpTestRun) text = { 0 };
  g_auto(CpTestRun) xml = { 0 };
  double states;

  RUN (&text, "estimate", "--model", "llama-2-70b", "--task", "full-finetune", "--gpu", "a800",
       "--gpus-per-node", "8", "--nodes", "4", "--tokens", "2B", "--network", "infiniband", "--nics", "4",
       "--nic-gbps", "200");
  g_assert_cmpint (text.status, ==, 0);
  g_assert_true (g_regex_match_simple ("\n  Framework overhead +1\\.00 GiB\n", text.out, 0, 0));
  g_assert_true (g_regex_match_simple ("\n  Framework overhead per GPU +1\\.00–2\\.00 GiB ", text.out, 0, 0));
  g_assert_nonnull (strstr (text.out, "\n  Fragmentation (5% of states and activations)  "));

  RUN (&xml, "estimate", "--model", "llama-2-70b", "--task", "full-finetune", "--gpu", "a800",
       "--gpus-per-node", "8", "--nodes", "4", "--tokens", "2B", "--network", "infiniband", "--nics", "8",
       "--nic-gbps", "400", "--zero", "3", "--tp", "1", "--pp", "1", "--micro-batch", "1", "--recompute", "full",
       "--xml");
  g_assert_cmpint (xml.status, ==, 0);
  g_assert_cmpfloat (element_double (xml.out, "framework-overhead-bytes"), ==, 1073741824);
  g_assert_cmpfloat (element_double (xml.out, "gathered-layers-bytes"), ==, 3473785600);
  g_assert_cmpfloat (element_double (xml.out, "reduce-scatter-bytes"), ==, 3473785600);
  states = element_double (xml.out, "weights-bytes") + element_double (xml.out, "gradients-bytes") +
           element_double (xml.out, "optimizer-bytes") + element_double (xml.out, "activations-bytes");
  g_assert_cmpfloat_with_epsilon (element_double (xml.out, "fragmentation-bytes"), 0.05 * states, 1);
  g_assert_cmpfloat_with_epsilon (element_double (xml.out, "overhead-bytes"),
                                  1073741824 + 2 * 3473785600.0 + 0.05 * states, 1);
  g_assert_cmpfloat_with_epsilon (element_double (xml.out, "memory-per-gpu-bytes"),
                                  states + element_double (xml.out, "overhead-bytes"), 1);
}

/* One figure, one rounding: a run past the longest acceptable run (120
 * days) is said in R6 as the table has it, rounded to the tenth (181.81
 * days "runs 181.8 days"; R6 said 182.3 for a run the table gave as
 * 182.21), and the limit that would accept it rounded up at the
 * precision of the limit it has, 120.0 days: "at least 181.9 days,
 * instead of 120.0 days" (walk41b F3: "19.342 days instead of 14.0
 * days" set three decimals against one). The days are read from the
 * table's seconds. */
static void
test_r6_days_as_the_table (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_autoptr(GRegex) seconds = g_regex_new ("\n  Run time +([0-9,]+) s ", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *digits = NULL;
  g_autofree char *runs = NULL;
  GString *plain = g_string_new (NULL);
  double days;

  RUN (&run, "estimate", "--model", "llama-2-70b", "--task", "pretrain", "--gpu", "a800", "--tokens", "42.8B",
       "--price-per-gpu-hour", "10");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_regex_match (seconds, run.out, 0, &match));
  digits = g_match_info_fetch (match, 1);
  for (const char *p = digits; *p != '\0'; p++)
    if (*p != ',')
      g_string_append_c (plain, *p);
  days = g_ascii_strtod (plain->str, NULL) / 86400.0;
  g_string_free (plain, TRUE);
  /* The case worth having: rounding and rounding up differ. */
  g_assert_cmpfloat (round (days * 10) / 10, <, ceil (days * 10) / 10);
  runs = g_strdup_printf ("(its fastest) runs %.1f days: a longest acceptable run of at least %.1f days, "
                          "instead of 120.0 days", round (days * 10) / 10, ceil (days * 10) / 10);
  g_assert_nonnull (strstr (run.out, runs));
}

/* The figure after "\n  @label  " in @text, in whole CNY ("1,207 CNY"). */
static double
money_row (const char *text,
           const char *label)
{
  g_autofree char *pattern = g_strdup_printf ("\n  %s +([0-9,]+) CNY\n", label);
  g_autoptr(GRegex) regex = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *digits = NULL;
  GString *plain = g_string_new (NULL);
  double value;

  if (!g_regex_match (regex, text, 0, &match))
    g_error ("no row “%s” in whole CNY in:\n%s", label, text);
  digits = g_match_info_fetch (match, 1);
  for (const char *p = digits; *p != '\0'; p++)
    if (*p != ',')
      g_string_append_c (plain, *p);
  value = g_ascii_strtod (plain->str, NULL);
  g_string_free (plain, TRUE);
  return value;
}

/* Money is said one way: whole units from 100 on, as R6 says it (the
 * table's "161.95 CNY" beside R6's "162 CNY"), rounded as the report
 * rounds (1,320.5 is 1,321, where printf says 1,320), and the cost's
 * parts add up to the total printed. A 7B QLoRA on 1.1B tokens on one
 * A100 at 9.5 CNY per GPU-hour: 90.35 billed hours, 1,320.5 CNY (1B
 * tokens made 1,206.5 while a QLoRA checkpoint was counted as the whole
 * base model; its adapters are written faster). */
static void
test_money_one_rounding (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_auto(CpTestRun) xml = { 0 };
  const char *const parts[] = { "Compute", "Debugging", "Network", "Storage", "Fees", "Engineering \\(migration\\)" };
  double sum = 0, total;
  g_autofree char *r6 = NULL;

  RUN (&xml, "estimate", "--model", "llama-2-7b", "--task", "qlora", "--gpu", "a100-80g", "--gpus-per-node", "1",
       "--tokens", "1.1B", "--price-per-gpu-hour", "9.5", "--recompute", "full", "--xml");
  g_assert_cmpint (xml.status, ==, 0);
  g_assert_cmpfloat_with_epsilon (element_double (xml.out, "total-cost"),
                                  element_double (xml.out, "billed-hours") * 9.5 + element_double (xml.out, "debug-cost"),
                                  1e-6);
  RUN (&run, "estimate", "--model", "llama-2-7b", "--task", "qlora", "--gpu", "a100-80g", "--gpus-per-node", "1",
       "--tokens", "1.1B", "--price-per-gpu-hour", "9.5", "--recompute", "full");
  g_assert_cmpint (run.status, ==, 0);
  total = money_row (run.out, "Total");
  g_assert_cmpfloat (total, ==, round (element_double (xml.out, "total-cost")));
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    sum += money_row (run.out, parts[i]);
  g_assert_cmpfloat (sum, ==, total);
  r6 = g_strdup_printf ("finishes the job for a total cost of %s CNY;", "1,321");
  g_assert_cmpfloat (total, ==, 1321);
  g_assert_nonnull (strstr (run.out, r6));
}

/* `plan` reads as the window's Reasons list, in the order of the rules:
 * the demo's 70B full fine-tune fits one machine of six quotes only with
 * CPU offload, whose host memory (16 bytes a parameter: 70B × 16 B =
 * 1,043 GiB) no quote states. So its recommendation is not firm, and
 * "holds across the range" must not follow that; the six vendors are
 * asked once, in one line naming them all (six identical lines before). */
static void
test_plan_asks_once_and_never_contradicts (void)
{
  g_auto(CpTestRun) demo = { 0 };
  g_auto(CpTestRun) run = { 0 };
  const char *const vendors[] = { "B", "C", "D", "E", "F", "G" };
  const char *question = "how much host memory each machine has: CPU offload keeps 1,043 GiB";
  const char *line, *end;
  g_autofree char *asked = NULL;
  g_auto(GStrv) around = NULL;

  RUN (&demo, "demo", "plan-demo.cplan");
  g_assert_cmpint (demo.status, ==, 0);
  RUN (&run, "plan", "plan-demo.cplan", "--job", "1");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\nNot firm: it rests on host memory and a storage price the quote does not state;"));
  g_assert_null (strstr (run.out, "holds across the range"));
  around = g_strsplit (run.out, question, -1);
  g_assert_cmpuint (g_strv_length (around), ==, 2);
  line = run.out + strlen (around[0]);
  while (line > run.out && line[-1] != '\n')
    line--;
  end = strchr (line, '\n');
  asked = g_strndup (line, end - line);
  /* The vendors named directly, as a list (walkthrough 21, item 9). */
  /* In the questions for the vendors, under the reasons (brief 33). */
  g_assert_true (g_str_has_prefix (asked, "  • Ask 示例供应商 "));
  g_assert_nonnull (strstr (asked, " and 示例供应商 "));
  g_assert_null (strstr (asked, "vendor of"));
  for (guint i = 0; i < G_N_ELEMENTS (vendors); i++)
    {
      g_autofree char *vendor = g_strdup_printf ("(Example vendor %s)", vendors[i]);

      g_assert_nonnull (strstr (asked, vendor));
    }
  /* A's RTX 4090 does not fit: nothing is asked of it. */
  g_assert_null (strstr (asked, "(Example vendor A)"));

  /* The reasons in the order of their rules (the unstated storage
   * question came after R9). */
  {
    g_auto(GStrv) lines = g_strsplit (strstr (run.out, "\nReasons:\n"), "\n", -1);
    int last_rule = 0;

    for (guint i = 2; lines[i] != NULL && g_str_has_prefix (lines[i], "  R"); i++)
      {
        int rule = lines[i][3] - '0';

        g_assert_cmpint (rule, >=, last_rule);
        last_rule = rule;
      }
    g_assert_cmpint (last_rule, ==, 9);
  }
}

/* A month's rent is one figure at both ends of the assumptions, though
 * the days move: a 14B LoRA (200M tokens) on one A800 machine at 38,000
 * CNY a machine-month is billed the month whatever its hours, and R6
 * says so once, not "for 38,000 CNY to 38,000 CNY" (lead15). */
static void
test_fixed_rent_said_once (void)
{
  g_auto(CpTestRun) run = { 0 };

  RUN (&run, "new", "rent.cplan");
  g_assert_cmpint (run.status, ==, 0);
  cp_test_run_clear (&run);
  RUN (&run, "add-job", "rent.cplan", "--model", "qwen2.5-14b", "--task", "lora", "--tokens", "200M");
  g_assert_cmpint (run.status, ==, 0);
  cp_test_run_clear (&run);
  RUN (&run, "add-quote", "rent.cplan", "--vendor", "V", "--gpu", "a800", "--price", "3.8万/台/月");
  g_assert_cmpint (run.status, ==, 0);
  cp_test_run_clear (&run);
  RUN (&run, "plan", "rent.cplan");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "stays the cheapest feasible option at both ends, for 38,000 CNY in "));
  g_assert_null (strstr (run.out, "38,000 CNY to 38,000 CNY"));
  /* The table's cost range too: 3.8万 a machine-month × 1 machine × the
   * one month the job's days fall in, at both ends, one figure (room40:
   * "13,264 CNY – 13,264 CNY"). */
  g_assert_null (strstr (run.out, "38,000 CNY – 38,000 CNY"));
  g_assert_nonnull (strstr (run.out, "38,000 CNY  38,000 CNY"));
}

/* Runs @args under the locale @lc_all (or, when NULL, with LANG=@lang
 * and no LC_ALL or LC_CTYPE), restoring the test's own environment. */
static void
run_in_locale (CpTestRun          *run,
               const char         *lc_all,
               const char         *lang,
               const char *const  *args)
{
  const char *names[] = { "LC_ALL", "LC_CTYPE", "LANG", "LANGUAGE" };
  char *saved[G_N_ELEMENTS (names)];

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      saved[i] = g_strdup (g_getenv (names[i]));
      g_unsetenv (names[i]);
    }
  if (lc_all != NULL)
    g_setenv ("LC_ALL", lc_all, TRUE);
  if (lang != NULL)
    g_setenv ("LANG", lang, TRUE);
  cp_test_run_cli (run, tmp_dir, args);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (saved[i] != NULL)
        g_setenv (names[i], saved[i], TRUE);
      else
        g_unsetenv (names[i]);
      g_free (saved[i]);
    }
}

/* "--tokens 2亿" typed in a terminal whose LANG names a UTF-8 locale the
 * machine lacks is read (2 亿 = 200,000,000); under a locale whose
 * character set cannot hold it, the refusal names the option and what to
 * do, not GLib's bare "Invalid byte sequence in conversion input". */
static void
test_locale_missing (void)
{
  const char *const args[] = { "estimate", "--model", "llama-2-7b", "--task", "lora", "--gpu", "a800",
                               "--tokens", "2亿", "--xml", NULL };
  const char *const joined[] = { "estimate", "--model", "llama-2-7b", "--task", "lora", "--gpu", "a800",
                                 "--tokens=2亿", NULL };
  g_auto(CpTestRun) missing = { 0 };
  g_auto(CpTestRun) ascii = { 0 };
  g_auto(CpTestRun) ascii_joined = { 0 };

  run_in_locale (&missing, NULL, "xx_YY.UTF-8", args);
  g_assert_cmpint (missing.status, ==, 0);
  g_assert_cmpfloat (element_double (missing.out, "tokens"), ==, 2e8);

  run_in_locale (&ascii, "C", NULL, args);
  g_assert_cmpint (ascii.status, ==, 2);
  g_assert_nonnull (strstr (ascii.err, "estimate: --tokens: "));
  g_assert_nonnull (strstr (ascii.err, "LANG=C.UTF-8"));
  g_assert_null (strstr (ascii.err, "Invalid byte sequence"));

  run_in_locale (&ascii_joined, "C", NULL, joined);
  g_assert_cmpint (ascii_joined.status, ==, 2);
  g_assert_nonnull (strstr (ascii_joined.err, "estimate: --tokens: "));
}

/* Walkthrough 18: a 72B LoRA whose single machine misses its deadline
 * and costs less than the cluster recommended. With debugging taken of
 * the job's run on one machine (R4), the walk's 5B tokens and 21 days no
 * longer set this up: the 4-node cluster's run of about 3.8 days is 15.2
 * node-days, 35/65 of them 8.2 days of debugging, and with 10.5 days of
 * migration it takes 22.5 days, after the single machine's 13.7 + 7.4 =
 * 21.1. At 7B tokens the runs are 7/5 as long: the single machine 19.1
 * days of run + 10.3 of debugging = 29.4 days, the cluster 5.3 + 35/65 ×
 * 21.3 = 11.5 + 10.5 = 27.3 days, so a 29-day deadline holds the cluster
 * and the single machine misses it by under half a day. R6
 * said the cluster "finishes the job at the lowest total cost" beside a
 * table with a lower total, and that the single machine "wins if
 * utilisation is above 0.55", the value assumed. R6 now names the
 * cheaper quote with the table's own figure, and the threshold has the
 * decimals that set it apart from the assumption, said beside it. */
static void
test_r6_names_cheaper_late_quote (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_autofree char *path = g_build_filename (tmp_dir, "late.cplan", NULL);
  g_autoptr(GRegex) single_cost = g_regex_new ("<option quote=\"quote-1\">.*?<total-cost currency=\"CNY\">([0-9.]+)<",
                                               G_REGEX_DOTALL, 0, NULL);
  g_autoptr(GRegex) flip = g_regex_new ("wins if utilisation is above (0\\.[0-9]+) \\(assumed: 0\\.55\\)", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *cost_text = NULL;
  g_autofree char *cost_words = NULL;
  g_autofree char *threshold = NULL;
  g_autoptr(GRegex) slow_end = g_regex_new ("<option quote=\"quote-2\">.*?<calendar-days-high>([0-9.]+)<",
                                            G_REGEX_DOTALL, 0, NULL);
  g_autofree char *slow_end_text = NULL;
  g_autoptr(GRegex) cluster_cost = g_regex_new ("<option quote=\"quote-2\">.*?<total-cost currency=\"CNY\">([0-9.]+)<",
                                                G_REGEX_DOTALL, 0, NULL);
  g_autofree char *cluster_cost_text = NULL;
  double cost_cny, slow_end_days, cluster_cny;

  RUN (&run, "new", path);
  g_assert_cmpint (run.status, ==, 0);
  RUN (&run, "add-job", path, "--name", "Qwen LoRA", "--task", "lora", "--model", "qwen2.5-72b",
       "--tokens", "7B", "--deadline-days", "29");
  g_assert_cmpint (run.status, ==, 0);
  RUN (&run, "add-quote", path, "--vendor", "Pengcheng Cloud", "--gpu", "ascend-910b", "--gpus-per-node", "8",
       "--price-per-gpu-hour", "13.5");
  g_assert_cmpint (run.status, ==, 0);
  RUN (&run, "add-quote", path, "--vendor", "Nanshan GPU", "--gpu", "a800", "--gpus-per-node", "8", "--nodes", "4",
       "--network", "roce", "--nics", "1", "--nic-gbps", "200", "--price-per-gpu-hour", "11.8");
  g_assert_cmpint (run.status, ==, 0);
  RUN (&run, "plan", path, "--xml");
  g_assert_cmpint (run.status, ==, 0);

  g_assert_nonnull (strstr (run.out, "<recommended-quote>quote-2</recommended-quote>"));
  g_assert_true (g_regex_match (single_cost, run.out, 0, &match));
  cost_text = g_match_info_fetch (match, 1);
  cost_cny = g_ascii_strtod (cost_text, NULL);
  /* 13.5 CNY × 8 GPUs × the hours billed: whole hours, so a multiple of 108. */
  g_assert_cmpfloat (fmod (cost_cny, 108.0), ==, 0.0);
  g_clear_pointer (&match, g_match_info_free);
  cost_words = g_strdup_printf ("Pengcheng Cloud — Huawei Ascend 910B2 64GB would cost less, %d,%03d CNY, but misses the deadline",
                                (int) cost_cny / 1000, (int) cost_cny % 1000);
  g_test_message ("%s", cost_words);
  g_assert_nonnull (strstr (run.out, cost_words));
  g_assert_null (strstr (run.out, "finishes the job at the lowest total cost, "));

  g_assert_true (g_regex_match (flip, run.out, 0, &match));
  threshold = g_match_info_fetch (match, 1);
  g_assert_cmpstr (threshold, !=, "0.55");
  /* Above the assumption, within its spread (0.47–0.63). */
  g_assert_cmpfloat (g_ascii_strtod (threshold, NULL), >, 0.55);
  g_assert_cmpfloat (g_ascii_strtod (threshold, NULL), <=, 0.63);
  g_clear_pointer (&match, g_match_info_free);

  /* The memo's answer: within the deadline, and the range's slow end, as
   * the plan's XML has it to the tenth of a day, past it. */
  g_assert_true (g_regex_match (slow_end, run.out, 0, &match));
  slow_end_text = g_match_info_fetch (match, 1);
  slow_end_days = g_ascii_strtod (slow_end_text, NULL);
  g_assert_cmpfloat (slow_end_days, >, 29.0);
  g_clear_pointer (&match, g_match_info_free);
  g_assert_true (g_regex_match (cluster_cost, run.out, 0, &match));
  cluster_cost_text = g_match_info_fetch (match, 1);
  cluster_cny = round (g_ascii_strtod (cluster_cost_text, NULL));
  if (cp_test_have_poppler ())
    {
      g_autofree char *memo = NULL;
      g_autofree char *answer = g_strdup_printf ("within the 29-day deadline, which the range's slow end, %.1f days, misses.",
                                                 slow_end_days);
      /* Page 1 says what the late quote would save, from the plan's two
       * totals (approver 19: said only in the job's chapter). */
      double saving = cluster_cny - cost_cny;
      g_autofree char *cheaper = g_strdup_printf ("Pengcheng Cloud — Huawei Ascend 910B2 64GB would cost %d,%03d CNY, %d,%03d CNY less, but misses the deadline by",
                                                  (int) cost_cny / 1000, (int) cost_cny % 1000,
                                                  (int) saving / 1000, (int) saving % 1000);

      RUN (&run, "report", path, "--lang", "en", "--pdf", "late.pdf");
      g_assert_cmpint (run.status, ==, 0);
      memo = cp_test_pdf_text (tmp_dir, "late.pdf", 1, FALSE);
      cp_test_assert_has (memo, answer);
      cp_test_assert_has (memo, cheaper);
    }
}

/* The ranges listed after a plan are those that can move it (walk37
 * F16): a month-long service's cost is its month, so utilisation and link
 * efficiency, held by the duration, do not move it, nor debugging (not a
 * training job) or migration (one machine); its memory (framework
 * overhead) and interruptions (failure rate) can. The demo's 13B
 * pre-training on H800 clusters is moved by utilisation and links. */
static const char *
ranges_after_plan (CpTestRun  *run,
                   const char *path,
                   const char *job)
{
  const char *ranges;

  RUN (run, "plan", path, "--job", job);
  g_assert_cmpint (run->status, ==, 0);
  ranges = strstr (run->out, "\nRanges: ");
  g_assert_nonnull (ranges);
  return ranges;
}

static void
test_ranges_that_move_the_plan (void)
{
  g_auto(CpTestRun) demo = { 0 };
  g_auto(CpTestRun) service = { 0 };
  g_auto(CpTestRun) pretraining = { 0 };
  g_autofree char *path = g_build_filename (tmp_dir, "ranges.cplan", NULL);
  const char *ranges;

  RUN (&demo, "demo", path);
  g_assert_cmpint (demo.status, ==, 0);
  ranges = ranges_after_plan (&service, path, "job-serve7b");
  g_assert_nonnull (strstr (ranges, "\n  Framework overhead per GPU: "));
  g_assert_nonnull (strstr (ranges, "\n  GPU failure rate: "));
  for (const char *const *title = (const char *const[]) { "Compute utilisation", "Link efficiency", "Debugging share",
                                                          "Migration time", NULL };
       *title != NULL; title++)
    g_assert_null (strstr (ranges, *title));

  ranges = ranges_after_plan (&pretraining, path, "job-pretrain13b");
  g_assert_nonnull (strstr (ranges, "\n  Compute utilisation: 0.55 (0.47–0.63; "));
  g_assert_nonnull (strstr (ranges, "\n  Link efficiency: 0.80 (0.58–0.82; "));
}

/* walk37 F4: Qwen3-30B-A3B full fine-tune, ZeRO-3, on one 8 × Ascend
 * 910B2 (64 GB) machine, 2B tokens, 5 days, was recommended at 64.0 of
 * 64.0 GiB with the verdict alone calling it firm. The estimate's Fits
 * row says Tight as the plan's table does, and the row under the
 * recommendation gives the share its own XML's figures make: used over
 * available per GPU, as a percentage with one decimal near 100%. */
static void
test_tight_memory_verdict (void)
{
  g_auto(CpTestRun) xml = { 0 };
  g_auto(CpTestRun) text = { 0 };
  g_autofree char *percent = NULL;
  g_autofree char *sentence = NULL;
  double used_bytes, available_bytes;

  RUN (&xml, "estimate", "--model", "qwen3-30b-a3b", "--task", "full-finetune", "--tokens", "2e9",
       "--deadline-days", "5", "--zero", "3", "--gpu", "ascend-910b", "--price", "32/GPU/h", "--offering", "cloud-vm",
       "--xml");
  g_assert_cmpint (xml.status, ==, 0);
  used_bytes = element_double (xml.out, "memory-per-gpu-bytes");
  available_bytes = element_double (xml.out, "available-per-gpu-bytes");
  /* 64 GiB = 68,719,476,736 bytes; above 90% of it, under 100%. */
  g_assert_cmpfloat (available_bytes, ==, 68719476736.0);
  g_assert_cmpfloat (used_bytes, >, 0.9 * available_bytes);
  g_assert_cmpfloat (used_bytes, <, available_bytes);
  /* Whole percent, unless that reads 100% of a GPU not full: a tenth
   * then (99.93% here, "99.9%"). */
  percent = round (100 * used_bytes / available_bytes) == 100
            ? g_strdup_printf ("%.1f%%", 100 * used_bytes / available_bytes)
            : g_strdup_printf ("%.0f%%", 100 * used_bytes / available_bytes);
  sentence = g_strdup_printf ("Memory is tight: it uses %s of each GPU's memory", percent);

  RUN (&text, "estimate", "--model", "qwen3-30b-a3b", "--task", "full-finetune", "--tokens", "2e9",
       "--deadline-days", "5", "--zero", "3", "--gpu", "ascend-910b", "--price", "32/GPU/h", "--offering", "cloud-vm");
  g_assert_cmpint (text.status, ==, 0);
  g_assert_true (g_regex_match_simple ("\\n  Fits +Tight\\n", text.out, 0, 0));
  g_assert_nonnull (strstr (text.out, sentence));
  g_assert_nonnull (strstr (text.out, "above the 90% the table marks Tight; confirm with a trial run before renting."));
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-cli-honest-XXXXXX");

  g_test_add_func ("/cli-honest/no-price/technical-verdict", test_no_price_gives_technical_verdict);
  g_test_add_func ("/cli-honest/batch-zero-is-the-default", test_batch_zero_is_the_default);
  g_test_add_func ("/cli-honest/no-price/single-machine", test_no_price_single_machine);
  g_test_add_func ("/cli-honest/tight-memory-verdict", test_tight_memory_verdict);
  g_test_add_func ("/cli-honest/no-price/service-needs-replicas", test_no_price_service_needs_replicas);
  g_test_add_func ("/cli-honest/recommended-configuration", test_recommended_configuration);
  g_test_add_func ("/cli-honest/gpu-memory-utilization", test_gpu_memory_utilization);
  g_test_add_func ("/cli-honest/mla-dimensions", test_mla_dimensions);
  g_test_add_func ("/cli-honest/request-fitted-to-context", test_request_fitted_to_context);
  g_test_add_func ("/cli-honest/readme-examples", test_readme_examples);
  g_test_add_func ("/cli-honest/xml-has-only-numbers", test_xml_has_only_numbers);
  g_test_add_func ("/cli-honest/pinned/refusals", test_pinned_refusals);
  g_test_add_func ("/cli-honest/pinned/405b-fsdp", test_pinned_405b_fsdp);
  g_test_add_func ("/cli-honest/pinned/fuzz", test_pinned_fuzz);
  g_test_add_func ("/cli-honest/unstated-sharing", test_unstated_sharing);
  g_test_add_func ("/cli-honest/nothing-fits-says-so", test_nothing_fits_says_so);
  g_test_add_func ("/cli-honest/locale-missing", test_locale_missing);
  g_test_add_func ("/cli-honest/money-one-rounding", test_money_one_rounding);
  g_test_add_func ("/cli-honest/r6-days-as-the-table", test_r6_days_as_the_table);
  g_test_add_func ("/cli-honest/framework-overhead-one-figure", test_framework_overhead_one_figure);
  g_test_add_func ("/cli-honest/service-flash-attention", test_service_flash_attention);
  g_test_add_func ("/cli-honest/decode-step-adds-up", test_decode_step_adds_up);
  g_test_add_func ("/cli-honest/decode-step-adds-up-moe", test_decode_step_adds_up_moe);
  g_test_add_func ("/cli-honest/checkpoints-at-failure-rate-zero", test_checkpoints_at_failure_rate_zero);
  g_test_add_func ("/cli-honest/plan-asks-once-and-never-contradicts", test_plan_asks_once_and_never_contradicts);
  g_test_add_func ("/cli-honest/fixed-rent-said-once", test_fixed_rent_said_once);
  g_test_add_func ("/cli-honest/r6-names-cheaper-late-quote", test_r6_names_cheaper_late_quote);
  g_test_add_func ("/cli-honest/ranges-that-move-the-plan", test_ranges_that_move_the_plan);

  /* The README test has removed its links by then, or failed before any
   * removal. */
  return cp_test_run_then_remove (tmp_dir);
}
