/* test-cli-honest.c: issue 20's front door, the command line, says what is
 * true: without a price a verdict about the hardware and no cost figure;
 * the verdict's configuration printed with its own figures; the README's
 * examples as written; no NaN or Inf in any XML it writes. */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"

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
 * (4-bit weights, 33 GB): single machine, no total, said in the text. */
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
           "--gpus-per-node", "1", "--xml");
      g_assert_cmpint (xml.status, ==, 0);
      verdict = element (xml.out, "verdict");
      g_assert_cmpstr (verdict, ==, "single-machine");
      g_assert_null (strstr (xml.out, "<total-cost"));

      RUN (&text, "estimate", "--model", cases[i][0], "--task", "qlora", "--gpu", cases[i][1],
           "--gpus-per-node", "1");
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
  g_auto(CpTestRun) missing = { 0 };

  RUN (&run, "estimate", "--params", "15.7B", "--layers", "27", "--hidden", "2048", "--heads", "16",
       "--vocab", "102400", "--kv-lora-rank", "512", "--qk-rope-head-dim", "64", "--qk-nope-head-dim", "128",
       "--v-head-dim", "128", "--task", "inference", "--gpu", "a100-80g", "--gpus-per-node", "1", "--xml");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpfloat (element_double (run.out, "kv-bytes-per-token"), ==, 27 * (512 + 64) * 2);

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

/* The README's examples, parsed from README.md and run as written from a
 * directory laid out as the source tree (_build and tests linked): each
 * exits 0, and no estimate's verdict says "Not feasible" for these jobs,
 * which all run. The examples that read a file the README does not give
 * (quotes.csv, config.json and the model it defines, report.xml) are
 * left out. */
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
      if (strstr (command->str, "quotes.csv") == NULL && strstr (command->str, "config.json") == NULL &&
          strstr (command->str, "import-xml") == NULL && strstr (command->str, "--model my-model") == NULL)
        {
          n_estimates += run_readme_command (dir, command->str);
          n_run++;
        }
      g_string_truncate (command, 0);
    }

  /* The links go before the directory is removed, never what they
   * point to. */
  g_assert_cmpint (g_unlink (build_link), ==, 0);
  g_assert_cmpint (g_unlink (tests_link), ==, 0);
  /* The three estimates, demo, plan, report, two charts, import-trial,
   * new, add-quote, list: the README's examples are all found. */
  g_assert_cmpuint (n_estimates, ==, 3);
  g_assert_cmpuint (n_run, >=, 10);
}

/* Many option combinations, with and without a price: the XML never
 * carries NaN or Inf, and a verdict of "not feasible" always comes with
 * the R6 reason saying why (pinned layouts the planner refuses are
 * engineer model's part of issue 20 and not among these). */
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

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("cp-cli-honest-XXXXXX", NULL);

  g_test_add_func ("/cli-honest/no-price/technical-verdict", test_no_price_gives_technical_verdict);
  g_test_add_func ("/cli-honest/no-price/single-machine", test_no_price_single_machine);
  g_test_add_func ("/cli-honest/no-price/service-needs-replicas", test_no_price_service_needs_replicas);
  g_test_add_func ("/cli-honest/recommended-configuration", test_recommended_configuration);
  g_test_add_func ("/cli-honest/gpu-memory-utilization", test_gpu_memory_utilization);
  g_test_add_func ("/cli-honest/mla-dimensions", test_mla_dimensions);
  g_test_add_func ("/cli-honest/request-fitted-to-context", test_request_fitted_to_context);
  g_test_add_func ("/cli-honest/readme-examples", test_readme_examples);
  g_test_add_func ("/cli-honest/xml-has-only-numbers", test_xml_has_only_numbers);

  status = g_test_run ();
  /* Left for a look when a test failed, as test-cli-edit does; the README
   * test has removed its links by then, or failed before any removal. */
  if (status == 0)
    cp_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
