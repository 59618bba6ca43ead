/* published-scoreboard.c: the planner against the public calibration
 * corpus of tests/model/published/ (README.md there describes a case).
 *
 * Every case is run as a user would run it: `compute-planner-cli estimate`
 * with the case's options and --xml, and the figure the case compares is
 * read from that XML with the case's XPath (a number expression, so a
 * case converts the model's seconds or bytes into the unit it was
 * published in). A case is within tolerance when |model/expected − 1| is
 * at most its tolerance.
 *
 * Usage:
 *   published-scoreboard CLI CORPUS-DIR [--check PASSING] [--category C] [--case ID] [--verbose]
 *
 * Prints one line per case, then the scoreboard (within tolerance and
 * median absolute error, overall and by category). With --check, exits 1
 * when a case named in PASSING is no longer within its tolerance (or no
 * longer exists); cases within tolerance that PASSING does not list are
 * reported as new passes and do not fail. With --verbose, each case that
 * ran is followed by where the model's figure comes from (verbose_line()),
 * so a miss can be traced to a term before a mechanism is changed.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>

/* The categories of issue 21, in the order the scoreboard prints them. */
static const char *const categories[] = {
  "dense-pretrain", "moe-pretrain", "finetune-memory", "serving", NULL
};

typedef struct {
  char    *id;
  char    *file;         /* the .case file it came from, for messages */
  char    *category;
  char    *unit;
  char    *options;
  char    *xpath;
  double   expected;
  double   tolerance;    /* fraction of expected */
  gboolean verified;     /* the figure was read in its source (README: verified=false) */
  /* filled by running it */
  gboolean ran;          /* the estimate and its XPath gave a number */
  char    *failure;      /* why not, when !ran */
  double   model;
  double   error;        /* model / expected − 1 */
  char    *breakdown;    /* with --verbose: verbose_line() of its estimate */
} Case;

static void
case_free (gpointer data)
{
  Case *c = data;

  g_free (c->id);
  g_free (c->file);
  g_free (c->category);
  g_free (c->unit);
  g_free (c->options);
  g_free (c->xpath);
  g_free (c->failure);
  g_free (c->breakdown);
  g_free (c);
}

static double
xpath_number (xmlXPathContextPtr  context,
              const char         *expression)
{
  xmlXPathObjectPtr result = xmlXPathEvalExpression ((const xmlChar *) expression, context);
  double value = result != NULL ? xmlXPathCastToNumber (result) : NAN;

  xmlXPathFreeObject (result);
  return value;
}

static char *
xpath_string (xmlXPathContextPtr  context,
              const char         *expression)
{
  xmlXPathObjectPtr result = xmlXPathEvalExpression ((const xmlChar *) expression, context);
  xmlChar *text = result != NULL ? xmlXPathCastToString (result) : NULL;
  char *value = g_strdup (text != NULL ? (const char *) text : "");

  xmlFree (text);
  xmlXPathFreeObject (result);
  return value;
}

/* What the model's figure of a case is made of, read from its estimate's
 * XML: for a training run, its layout and the shares of the run's time
 * (compute, exposed communication with the expert all-to-all beside it,
 * bubble) and, for a mixture of experts, the tokens each expert GEMM
 * multiplies and the speed the model gives that GEMM; for a service, its
 * decode step and KV cache; the parts of a GPU's memory. */
static char *
verbose_line (xmlXPathContextPtr context)
{
  GString *line = g_string_new (NULL);
  double total = xpath_number (context, "/estimate/time/total-s");
  double memory = xpath_number (context, "/estimate/memory/memory-per-gpu-bytes");
  double gib = 1024.0 * 1024.0 * 1024.0;
  g_autofree char *task = xpath_string (context, "/estimate/inputs/task");

  if (strcmp (task, "inference") == 0)
    g_string_append_printf (line, "serving t%g: decode step %.4g s (weights and KV read %.4g s, compute %.4g s, "
                            "tensor parallel %.4g s, MoE layers' fixed time %.4g s) at a batch of %g; KV budget %.1f GiB, %g requests at most",
                            xpath_number (context, "/estimate/configuration/tensor-parallel"),
                            xpath_number (context, "/estimate/inference/decode-step-s"),
                            xpath_number (context, "/estimate/inference/decode-memory-s"),
                            xpath_number (context, "/estimate/inference/decode-compute-s"),
                            xpath_number (context, "/estimate/inference/decode-tp-communication-s"),
                            xpath_number (context, "/estimate/inference/decode-moe-floor-s"),
                            xpath_number (context, "/estimate/inference/decode-batch"),
                            xpath_number (context, "/estimate/inference/kv-budget-bytes") / gib,
                            xpath_number (context, "/estimate/inference/max-concurrency"));
  else if (isfinite (total) && total > 0)
    {
      g_autofree char *recompute = xpath_string (context, "/estimate/configuration/recompute");

      g_string_append_printf (line, "t%g p%g d%g ep%g etp%g v%g mb%g zero %g recompute %s: "
                              "compute %.0f%%, exposed communication %.0f%% (all-to-all before "
                              "overlap %.0f%%, data parallel %.0f%%, overlap slowdown %.0f%%), bubble %.0f%%",
                              xpath_number (context, "/estimate/configuration/tensor-parallel"),
                              xpath_number (context, "/estimate/configuration/pipeline-parallel"),
                              xpath_number (context, "/estimate/configuration/data-parallel"),
                              xpath_number (context, "/estimate/configuration/expert-parallel"),
                              xpath_number (context, "/estimate/configuration/expert-tensor-parallel"),
                              xpath_number (context, "/estimate/configuration/virtual-stages"),
                              xpath_number (context, "/estimate/configuration/micro-batch"),
                              xpath_number (context, "/estimate/configuration/zero-stage"),
                              recompute,
                              100 * xpath_number (context, "/estimate/time/compute-s") / total,
                              100 * xpath_number (context, "/estimate/time/exposed-communication-s") / total,
                              100 * xpath_number (context, "/estimate/time/all-to-all-s") / total,
                              100 * xpath_number (context, "/estimate/time/exposed-dp-communication-s") / total,
                              100 * xpath_number (context, "/estimate/time/overlap-slowdown-s") / total,
                              100 * xpath_number (context, "/estimate/time/bubble-s") / total);
      if (xpath_number (context, "/estimate/time/expert-tokens-per-gemm") > 0)
        g_string_append_printf (line, "; expert GEMMs of %.0f tokens at %.2f of dense speed, "
                                "token permutations %.0f%%",
                                xpath_number (context, "/estimate/time/expert-tokens-per-gemm"),
                                xpath_number (context, "/estimate/time/expert-gemm-speed"),
                                100 * xpath_number (context, "/estimate/time/expert-permute-s") / total);
    }
  if (isfinite (memory) && memory > 0)
    g_string_append_printf (line, "%smemory per GPU %.1f GiB: weights %.1f, gradients %.1f, optimizer %.1f, "
                            "activations %.1f, overhead %.1f, KV cache %.1f",
                            line->len > 0 ? "\n         " : "", memory / gib,
                            xpath_number (context, "/estimate/memory/weights-bytes") / gib,
                            xpath_number (context, "/estimate/memory/gradients-bytes") / gib,
                            xpath_number (context, "/estimate/memory/optimizer-bytes") / gib,
                            xpath_number (context, "/estimate/memory/activations-bytes") / gib,
                            xpath_number (context, "/estimate/memory/overhead-bytes") / gib,
                            xpath_number (context, "/estimate/memory/kv-cache-bytes") / gib);
  return g_string_free (line, FALSE);
}

static gboolean
case_within (const Case *c)
{
  return c->ran && fabs (c->error) <= c->tolerance;
}

static gboolean
known_category (const char *category)
{
  return g_strv_contains (categories, category);
}

/* The keys every case needs; source, figure, tolerance-reason and
 * assumed are for the reader but required all the same, so no case can
 * leave out where it came from or what it took for granted. */
static const char *const required_keys[] = {
  "category", "source", "figure", "unit", "expected", "tolerance", "tolerance-reason",
  "options", "xpath", "assumed", NULL
};

static gboolean
load_file (const char  *path,
           GPtrArray   *cases,
           GHashTable  *ids,
           GError     **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_auto(GStrv) groups = NULL;

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, error))
    return FALSE;
  groups = g_key_file_get_groups (file, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    {
      Case *c;

      for (guint k = 0; required_keys[k] != NULL; k++)
        if (!g_key_file_has_key (file, groups[i], required_keys[k], NULL))
          {
            g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND,
                         "%s: case %s has no “%s”", path, groups[i], required_keys[k]);
            return FALSE;
          }
      if (g_hash_table_contains (ids, groups[i]))
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                       "%s: case %s is also in %s", path, groups[i],
                       (const char *) g_hash_table_lookup (ids, groups[i]));
          return FALSE;
        }
      c = g_new0 (Case, 1);
      c->id = g_strdup (groups[i]);
      c->file = g_path_get_basename (path);
      c->category = g_key_file_get_string (file, groups[i], "category", NULL);
      c->unit = g_key_file_get_string (file, groups[i], "unit", NULL);
      c->options = g_key_file_get_string (file, groups[i], "options", NULL);
      c->xpath = g_key_file_get_string (file, groups[i], "xpath", NULL);
      c->expected = g_key_file_get_double (file, groups[i], "expected", error);
      if (error == NULL || *error == NULL)
        c->tolerance = g_key_file_get_double (file, groups[i], "tolerance", error);
      /* Optional: a case is verified unless it says otherwise. */
      c->verified = !g_key_file_has_key (file, groups[i], "verified", NULL) ||
                    g_key_file_get_boolean (file, groups[i], "verified", NULL);
      g_ptr_array_add (cases, c);
      g_hash_table_insert (ids, g_strdup (c->id), g_strdup (c->file));
      if (*error != NULL)
        {
          g_prefix_error (error, "%s: case %s: ", path, c->id);
          return FALSE;
        }
      if (!known_category (c->category) || !(c->expected != 0) || !(c->tolerance > 0 && c->tolerance < 1))
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                       "%s: case %s: category must be one of dense-pretrain, moe-pretrain, "
                       "finetune-memory, serving; expected non-zero; tolerance between 0 and 1",
                       path, c->id);
          return FALSE;
        }
    }
  return TRUE;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static GPtrArray *
load_corpus (const char  *dir_path,
             GError     **error)
{
  g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func (case_free);
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    return NULL;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".case"))
      g_ptr_array_add (names, g_strdup (name));
  /* Files in name order, cases in file order: the same scoreboard on
   * every machine. */
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir_path, names->pdata[i], NULL);

      if (!load_file (path, cases, ids, error))
        return NULL;
    }
  return g_steal_pointer (&cases);
}

/* Runs the estimate of @c and reads its figure. */
/* @estimates: the XML of each estimate run so far, by its options as the
 * cases write them. Cases of one run read several of its figures (78 of
 * the 642 cases in December 2026): it runs once. The CLI's start is most
 * of a run (an estimate 25 ms of CPU time, --version 16 ms), and this
 * test took 123 s of its 300 on two loaded cores. */
static void
run_case (const char *cli,
          Case       *c,
          gboolean    verbose,
          GHashTable *estimates)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) options = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  g_autofree char *err = NULL;
  char *out = g_hash_table_lookup (estimates, c->options);
  int status = 0;
  xmlDocPtr doc;

  if (out == NULL)
    {
      if (!g_shell_parse_argv (c->options, NULL, &options, &error))
        {
          c->failure = g_strdup_printf ("options: %s", error->message);
          return;
        }
      g_strv_builder_add_many (builder, cli, "estimate", NULL);
      g_strv_builder_addv (builder, (const char **) options);
      g_strv_builder_add (builder, "--xml");
      argv = g_strv_builder_end (builder);
      if (!g_spawn_sync (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error) ||
          !g_spawn_check_wait_status (status, &error))
        {
          c->failure = g_strdup_printf ("estimate: %s", err != NULL && *err != '\0' ? g_strstrip (err) : error->message);
          g_free (out);
          return;
        }
      g_hash_table_insert (estimates, g_strdup (c->options), out);
    }
  doc = xmlReadMemory (out, (int) strlen (out), "estimate.xml", NULL, XML_PARSE_NONET);
  if (doc == NULL)
    {
      c->failure = g_strdup ("estimate: not XML");
      return;
    }
  {
    xmlXPathContextPtr context = xmlXPathNewContext (doc);
    xmlXPathObjectPtr result = xmlXPathEvalExpression ((const xmlChar *) c->xpath, context);

    if (result == NULL)
      c->failure = g_strdup_printf ("xpath %s: not an expression", c->xpath);
    else
      {
        c->model = xmlXPathCastToNumber (result);
        if (!isfinite (c->model))
          c->failure = g_strdup_printf ("xpath %s: not a number", c->xpath);
        else
          {
            c->ran = TRUE;
            c->error = c->model / c->expected - 1.0;
            if (verbose)
              c->breakdown = verbose_line (context);
          }
        xmlXPathFreeObject (result);
      }
    xmlXPathFreeContext (context);
  }
  xmlFreeDoc (doc);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Median of the absolute errors of the cases of @category (NULL: all)
 * that ran; NAN when none did. */
static double
median_abs_error (GPtrArray  *cases,
                  const char *category,
                  guint      *within,
                  guint      *count)
{
  g_autoptr(GArray) errors = g_array_new (FALSE, FALSE, sizeof (double));

  *within = *count = 0;
  for (guint i = 0; i < cases->len; i++)
    {
      Case *c = cases->pdata[i];
      double e;

      if (category != NULL && strcmp (c->category, category) != 0)
        continue;
      (*count)++;
      *within += case_within (c);
      if (!c->ran)
        continue;
      e = fabs (c->error);
      g_array_append_val (errors, e);
    }
  if (errors->len == 0)
    return NAN;
  g_array_sort (errors, compare_doubles);
  if (errors->len % 2 == 1)
    return g_array_index (errors, double, errors->len / 2);
  return (g_array_index (errors, double, errors->len / 2 - 1) + g_array_index (errors, double, errors->len / 2)) / 2;
}

static void
print_score_line (const char *label,
                  GPtrArray  *cases,
                  const char *category)
{
  guint within, count;
  double median = median_abs_error (cases, category, &within, &count);

  if (count == 0)
    return;
  g_print ("  %-16s %4u cases  %4u within tolerance (%5.1f%%)  median |error| %6.1f%%\n",
           label, count, within, 100.0 * within / count, 100.0 * median);
}

/* The ids of @path, one a line; # starts a comment. */
static GPtrArray *
read_passing (const char  *path,
              GError     **error)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *ids;

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  ids = g_ptr_array_new_with_free_func (g_free);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *hash = strchr (lines[i], '#');

      if (hash != NULL)
        *hash = '\0';
      g_strstrip (lines[i]);
      if (*lines[i] != '\0')
        g_ptr_array_add (ids, g_strdup (lines[i]));
    }
  return ids;
}

static Case *
find_case (GPtrArray  *cases,
           const char *id)
{
  for (guint i = 0; i < cases->len; i++)
    if (strcmp (((Case *) cases->pdata[i])->id, id) == 0)
      return cases->pdata[i];
  return NULL;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *passing_path = NULL;
  g_autofree char *only_category = NULL;
  g_autofree char *only_case = NULL;
  gboolean verbose = FALSE;
  GOptionEntry entries[] = {
    { "check", 0, 0, G_OPTION_ARG_FILENAME, &passing_path, "Fail when a case this pass list names fails", "PASSING" },
    { "category", 0, 0, G_OPTION_ARG_STRING, &only_category, "Only the cases of this category", "CATEGORY" },
    { "case", 0, 0, G_OPTION_ARG_STRING, &only_case, "Only this case", "ID" },
    { "verbose", 0, 0, G_OPTION_ARG_NONE, &verbose, "Show the layout, time and memory behind each case's figure", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("CLI CORPUS-DIR");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) cases = NULL;
  g_autoptr(GPtrArray) passing = NULL;
  g_autoptr(GHashTable) estimates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint regressions = 0, new_passes = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "usage: published-scoreboard CLI CORPUS-DIR");
      return 2;
    }
  cases = load_corpus (argv[2], &error);
  if (cases == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (passing_path != NULL && (passing = read_passing (passing_path, &error)) == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  /* Filters narrow what runs and what is printed; a check still covers
   * the cases it names that run. */
  for (guint i = cases->len; i-- > 0;)
    {
      Case *c = cases->pdata[i];

      if ((only_category != NULL && strcmp (c->category, only_category) != 0) ||
          (only_case != NULL && strcmp (c->id, only_case) != 0))
        g_ptr_array_remove_index (cases, i);
    }

  g_print ("%-6s %-34s %-15s %14s %14s %-14s %8s %6s\n",
           "", "case", "category", "expected", "model", "unit", "error", "tol");
  for (guint i = 0; i < cases->len; i++)
    {
      Case *c = cases->pdata[i];

      run_case (argv[1], c, verbose, estimates);
      if (c->ran)
        g_print ("%-6s %-34s %-15s %14.6g %14.6g %-14s %+7.1f%% %5.0f%%\n",
                 case_within (c) ? "within" : "MISS", c->id, c->category, c->expected, c->model,
                 c->unit, 100 * c->error, 100 * c->tolerance);
      if (c->ran && c->breakdown != NULL && *c->breakdown != '\0')
        g_print ("         %s\n", c->breakdown);
      if (!c->ran)
        g_print ("%-6s %-34s %-15s %14.6g %14s %-14s %8s %5.0f%%  %s\n",
                 "ERROR", c->id, c->category, c->expected, "-", c->unit, "-", 100 * c->tolerance,
                 c->failure);
    }

  g_print ("\nScoreboard (%s)\n", argv[2]);
  print_score_line ("all", cases, NULL);
  for (guint k = 0; categories[k] != NULL; k++)
    print_score_line (categories[k], cases, categories[k]);

  if (passing == NULL)
    return 0;
  g_print ("\nAgainst %s\n", passing_path);
  for (guint i = 0; i < passing->len; i++)
    {
      const char *id = passing->pdata[i];
      Case *c = find_case (cases, id);

      if (c == NULL)
        {
          /* Filtered out: not run, not judged. */
          if (only_category != NULL || only_case != NULL)
            continue;
          g_print ("  REGRESSION %s: listed as passing but no case has this id\n", id);
          regressions++;
        }
      else if (!c->verified)
        {
          g_print ("  REGRESSION %s: listed as passing but marked verified=false; "
                   "its figure was not read in its source\n", id);
          regressions++;
        }
      else if (!case_within (c))
        {
          g_print ("  REGRESSION %s: was within tolerance, now %s\n", id,
                   c->ran ? "outside it" : c->failure);
          regressions++;
        }
    }
  for (guint i = 0; i < cases->len; i++)
    {
      Case *c = cases->pdata[i];

      if (case_within (c) && !g_ptr_array_find_with_equal_func (passing, c->id, g_str_equal, NULL))
        {
          if (!c->verified)
            {
              g_print ("  unverified pass %s (read its figure in the source before listing it)\n", c->id);
              continue;
            }
          g_print ("  new pass %s (add it to PASSING, with the reason in the commit message)\n", c->id);
          new_passes++;
        }
    }
  g_print ("  %u regressions, %u new passes\n", regressions, new_passes);
  return regressions > 0 ? 1 : 0;
}
