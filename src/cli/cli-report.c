/* cli-report.c: `compute-planner-cli report PROJECT --lang zh_CN|en
 * [--pdf FILE] [--xml FILE]`.
 *
 * Without --pdf or --xml it prints each job's recommendation, in the
 * report's language, so a script can check the verdict without a viewer.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "cli-common.h"
#include "cp-cli.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "report/cp-report.h"
#include "store/cp-store.h"

static void
print_recommendations (const CpProject *project,
                       const char      *lang)
{
  cp_i18n_push_language (lang);
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      g_autoptr(CpPlan) plan = cp_project_plan_job (project, j);

      if (plan == NULL)
        continue;
      printf ("%s: %s\n", job->name, cp_words_plan_verdict (plan));
      if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);
          const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
          g_autofree char *name = cp_words_quote_name (project, option->quote_index);
          g_autofree char *cost = cp_words_plan_money (plan, option->estimate.total_cost, quote->currency, lang);
          g_autofree char *days = cp_i18n_format_days (option->estimate.calendar_days, lang);

          printf ("  %s · %s · %s\n", name, cost, days);
        }
      for (guint i = 0; i < plan->reasons->len; i++)
        {
          const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
          g_autofree char *text = cp_reason_text (reason, project, plan, lang);

          printf ("  %s %s\n", cp_rule_to_string (reason->rule), text);
        }
    }
  cp_i18n_pop_language ();
}

int
cp_cli_report (int    argc,
               char **argv)
{
  g_autofree char *lang = NULL;
  g_autofree char *pdf_path = NULL;
  g_autofree char *xml_path = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(GError) error = NULL;
  const GOptionEntry entries[] = {
    { "lang", 0, 0, G_OPTION_ARG_STRING, &lang,
      N_("Language of the report: zh_CN or en (default: the project's)"), N_("LANG") },
    { "pdf", 0, 0, G_OPTION_ARG_FILENAME, &pdf_path, N_("Write the PDF report to FILE"), N_("FILE") },
    { "xml", 0, 0, G_OPTION_ARG_FILENAME, &xml_path, N_("Write the XML report to FILE"), N_("FILE") },
    { NULL }
  };

  context = cp_cli_option_context_new ("report",
                                       _("compute-planner-cli report PROJECT [--lang zh_CN|en] [--pdf FILE] [--xml FILE]\n\n"
                                         "Writes a project's decision report as PDF (for people) or XML (for the approval system); "
                                         "without --pdf or --xml, prints each job's recommendation."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc < 2)
    return cp_cli_usage_error (_("missing the project file"));
  if (argc > 2)
    return cp_cli_usage_error (_("unexpected argument “%s”"), argv[2]);
  if (lang != NULL && g_strcmp0 (lang, "zh_CN") != 0 && g_strcmp0 (lang, "en") != 0)
    {
      cp_cli_bad_choice ("--lang", lang, "zh_CN, en");
      return CP_CLI_EXIT_USAGE;
    }

  project = cp_project_load_file (argv[1], &error);
  if (project == NULL)
    return cp_cli_failure ("%s: %s", argv[1], error->message);

  if (lang == NULL)
    lang = g_strdup (g_strcmp0 (project->report_language, "zh_CN") == 0 ? "zh_CN" : "en");
  {
    /* A project without a name is called after its file. */
    char *name = cp_report_project_name (project, argv[1]);
    g_free (project->name);
    project->name = name;
  }

  if (!cp_i18n_check_language (lang, &error))
    return cp_cli_failure ("%s", error->message);
  if (pdf_path == NULL && xml_path == NULL)
    {
      print_recommendations (project, lang);
      return CP_CLI_EXIT_OK;
    }
  if (pdf_path != NULL && !cp_report_pdf_write (project, lang, pdf_path, &error))
    return cp_cli_failure ("%s", error->message);
  if (xml_path != NULL && !cp_report_xml_write (project, lang, xml_path, &error))
    return cp_cli_failure ("%s", error->message);

  return CP_CLI_EXIT_OK;
}
