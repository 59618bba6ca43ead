/* main.c: compute-planner-cli, the headless front end.
 *
 * `compute-planner-cli COMMAND [OPTION…]`: each command parses its own
 * options (see cp-cli.h for the exit statuses).
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "cp-cli.h"
#include "cli-common.h"
#include "report/cp-i18n.h"

typedef struct {
  const char *name;
  int       (*run) (int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "estimate", cp_cli_estimate,
    N_("Memory, time and cost of one job on one GPU configuration") },
  { "plan", cp_cli_plan,
    N_("The verdict for a project's job over all its quotes") },
  { "import-quotes", cp_cli_import_quotes,
    N_("Add vendors' quotes from a CSV file to a project") },
  { "import-trial", cp_cli_import_trial,
    N_("Fill a job's trial run from the logs of a short run") },
  { "new", cp_cli_new,
    N_("Create an empty project file") },
  { "demo", cp_cli_demo,
    N_("Create a project with example jobs and quotes") },
  { "report", cp_cli_report,
    N_("Write a project's report as PDF or XML") },
  { "add-job", cp_cli_add_job,
    N_("Add a job to a project, with estimate's job options") },
  { "edit-job", cp_cli_edit_job,
    N_("Change a job of a project, with add-job's options") },
  { "add-quote", cp_cli_add_quote,
    N_("Add a quote to a project, with estimate's quote options") },
  { "edit-quote", cp_cli_edit_quote,
    N_("Change a quote of a project, with add-quote's options") },
  { "list", cp_cli_list,
    N_("List a project's jobs and quotes with their ids") },
  { "export-quotes", cp_cli_export_quotes,
    N_("Write a project's quotes as CSV") },
  { "import-xml", cp_cli_import_xml,
    N_("Add the jobs, quotes and catalogue entries of an XML report to a project") },
  { "import-config", cp_cli_import_config,
    N_("Add a model from a Hugging Face config.json to a project") },
  { "chart", cp_cli_chart,
    N_("Draw a job's cost, memory or serving chart as PNG or SVG") },
};

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n  compute-planner-cli %s\n\n%s\n",
           _("Usage:"), _("COMMAND [OPTION…]"), _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-14s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (out, "\n%s\n  %-14s %s\n  %-14s %s\n\n%s\n",
           _("Options:"),
           "-h, --help", _("Show this help"),
           "--version", _("Show the version"),
           _("Run “compute-planner-cli COMMAND --help” for a command’s options."));
}

/* A locale the environment names but the system lacks (LANG=zh_CN.UTF-8
 * on a machine without it) leaves the C locale, whose character set is
 * ASCII: "--tokens 2亿" then fails to convert and Chinese output turns to
 * escapes. When the name says UTF-8, the terminal speaks it: take
 * C.UTF-8's character set, as Python does for the C locale (PEP 538). */
static void
use_utf8_when_locale_missing (void)
{
  const char *names[] = { "LC_ALL", "LC_CTYPE", "LANG" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const char *value = g_getenv (names[i]);

      if (value == NULL || *value == '\0')
        continue;
      if (g_strrstr (value, ".UTF-8") != NULL || g_strrstr (value, ".utf8") != NULL ||
          g_strrstr (value, ".utf-8") != NULL || g_strrstr (value, ".UTF8") != NULL)
        setlocale (LC_CTYPE, "C.UTF-8");
      return;
    }
}

int
main (int    argc,
      char **argv)
{
  const char *name;

  if (setlocale (LC_ALL, "") == NULL)
    use_utf8_when_locale_missing ();
  cp_i18n_bind_textdomain ();
  g_set_prgname ("compute-planner-cli");

  if (argc < 2)
    {
      print_usage (stderr);
      return CP_CLI_EXIT_USAGE;
    }

  name = argv[1];
  if (strcmp (name, "--help") == 0 || strcmp (name, "-h") == 0 || strcmp (name, "help") == 0)
    {
      print_usage (stdout);
      return CP_CLI_EXIT_OK;
    }
  if (strcmp (name, "--version") == 0)
    {
      printf ("compute-planner-cli %s\n", PACKAGE_VERSION);
      return CP_CLI_EXIT_OK;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (name, commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);

  if (name[0] == '-')
    cp_cli_usage_error (_("unknown option “%s”"), name);
  else
    cp_cli_usage_error (_("unknown command “%s”"), name);
  g_printerr (_("Run “compute-planner-cli --help” to see the commands.\n"));
  return CP_CLI_EXIT_USAGE;
}
