/* cli-report.c: `compute-planner-cli report PROJECT --lang zh_CN|en
 * [--pdf FILE] [--xml FILE]`.
 *
 * Without --pdf or --xml it prints each job's recommendation, in the
 * report's language, so a script can check the verdict without a viewer.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "cli-common.h"
#include "cp-cli.h"
#include "planner/cp-schedule.h"
#include "planner/cp-units.h"
#include "report/cp-chart.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "report/cp-report.h"
#include "store/cp-store.h"

/* Whether @plan's job fits on quote @quote_index, so that what its
 * vendor answers bears on the job. */
static gboolean
quote_runs_job (const CpPlan *plan,
                int           quote_index)
{
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->quote_index == quote_index)
        return option->estimate.fits && !option->ruled_out;
    }
  return FALSE;
}

static void
print_recommendations (const CpProject *project,
                       const char      *lang)
{
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  /* A vendor is asked about its network once, as page 1 asks it: every
   * job repeated "Ask G whether inter-node bandwidth is dedicated" (read37 F15). */
  g_autoptr(GHashTable) network_asked = g_hash_table_new (g_direct_hash, g_direct_equal);
  /* And about its storage once, as page 1 asks it, where the job can run
   * on the quote: "Ask G what storage is offered" stood under six jobs G
   * does not win (read37 F15). A storage kind is the quote's, not the job's. */
  g_autoptr(GHashTable) storage_asked = g_hash_table_new (g_direct_hash, g_direct_equal);

  cp_i18n_push_language (lang);
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      const CpPlan *plan = cp_project_analysis_get_full_plan (analysis, j);

      if (plan == NULL)
        continue;
      printf ("%s: %s\n", job->name, cp_words_plan_verdict (plan));
      if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);
          const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
          g_autofree char *name = cp_words_quote_name (project, option->quote_index);
          g_autofree char *cost = cp_words_plan_money_whole (plan, option->estimate.total_cost, quote->currency, lang);
          g_autofree char *days = cp_i18n_format_days (option->estimate.calendar_days, lang);

          printf ("  %s · %s · %s\n", name, cost, days);
        }
      for (guint i = 0; i < plan->reasons->len; i++)
        {
          const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
          g_autofree char *text = NULL;

          /* Only where the job rents several of the quote's nodes, as
           * page 1 (cp_report_rents_nodes(), read37 F3). */
          if (reason->outcome == CP_OUTCOME_ASK_BANDWIDTH &&
              (!cp_report_rents_nodes (plan, cp_project_analysis_get_what_if (analysis, j), reason->quote_index) ||
               !g_hash_table_add (network_asked, GINT_TO_POINTER (reason->quote_index + 1))))
            continue;
          if (reason->outcome == CP_OUTCOME_ASK_STORAGE &&
              (!quote_runs_job (plan, reason->quote_index) ||
               !g_hash_table_add (storage_asked, GINT_TO_POINTER (reason->quote_index + 1))))
            continue;
          text = cp_reason_text (reason, project, plan, lang);
          printf ("  %s %s\n", cp_rule_to_string (reason->rule), text);
        }
    }
  cp_i18n_pop_language ();
}

/* The sign-off and the start date given on the command line, kept in the
 * project before the report is written: the file and the report agree. */
typedef struct {
  char *prepared_by;
  char *reviewed_by;
  char *approved_by;
  char *signed_on;
  char *start;
  /* What the amount to approve adds (cp_settings_amount_to_approve()) */
  char *contingency;
  char *vat_rate;
  char *vat_rate_lease;
  char *prices_include_vat;
  /* What the team has for the project (CpProject.budget) */
  char *budget;
} SignOffOptions;

static gboolean
budget_given (const SignOffOptions *given)
{
  return given->contingency || given->vat_rate || given->vat_rate_lease || given->prices_include_vat || given->budget;
}

static gboolean
sign_off_given (const SignOffOptions *given)
{
  return given->prepared_by || given->reviewed_by || given->approved_by || given->signed_on || given->start ||
         budget_given (given);
}

/* A share typed as a percentage ("10%") or a fraction ("0.1"). */

/* The budget options into @settings, checked by the model's rules. */
static int
apply_budget_options (const SignOffOptions *given,
                      CpSettings           *settings)
{
  g_autoptr(GError) error = NULL;
  CpSettings candidate = *settings;

  if (given->contingency != NULL && !cp_cli_parse_share ("--contingency", given->contingency, &candidate.contingency_fraction))
    return CP_CLI_EXIT_USAGE;
  if (given->vat_rate != NULL && !cp_cli_parse_share ("--vat-rate", given->vat_rate, &candidate.vat_rate))
    return CP_CLI_EXIT_USAGE;
  if (given->vat_rate_lease != NULL &&
      !cp_cli_parse_share ("--vat-rate-lease", given->vat_rate_lease, &candidate.vat_rate_lease))
    return CP_CLI_EXIT_USAGE;
  if (given->prices_include_vat != NULL)
    {
      if (g_ascii_strcasecmp (given->prices_include_vat, "yes") == 0)
        candidate.prices_include_vat = TRUE;
      else if (g_ascii_strcasecmp (given->prices_include_vat, "no") == 0)
        candidate.prices_include_vat = FALSE;
      else
        {
          cp_cli_bad_choice ("--prices-include-vat", given->prices_include_vat, "yes, no");
          return CP_CLI_EXIT_USAGE;
        }
    }
  if (!cp_settings_validate (&candidate, &error))
    return cp_cli_usage_error ("%s", error->message);
  *settings = candidate;
  return CP_CLI_EXIT_OK;
}

static void
take_option (char **field, char **value)
{
  if (*value == NULL)
    return;
  g_free (*field);
  *field = g_steal_pointer (value);
}

static void
copy_option (char **field, const char *value)
{
  if (value == NULL)
    return;
  g_free (*field);
  *field = g_strdup (value);
}

/* The given names and dates within the project's text limits, checked
 * before the file is opened, so a refused option changes nothing. */
static gboolean
sign_off_fits (const SignOffOptions *given, GError **error)
{
  g_autoptr(CpProject) scratch = cp_project_new ();

  copy_option (&scratch->prepared_by, given->prepared_by);
  copy_option (&scratch->reviewed_by, given->reviewed_by);
  copy_option (&scratch->approved_by, given->approved_by);
  copy_option (&scratch->signed_on, given->signed_on);
  copy_option (&scratch->start_date, given->start);
  return cp_project_validate_text (scratch, error);
}

static int
store_sign_off (const char *path, SignOffOptions *given, CpProject **project)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpStore) store = NULL;
  double budget = 0;

  if (given->signed_on && *given->signed_on && !cp_schedule_parse_date (given->signed_on, NULL))
    return cp_cli_usage_error (_("--signed-on: “%s” is not a date such as 2027-03-01"), given->signed_on);
  if (given->start && *given->start && !cp_schedule_parse_date (given->start, NULL))
    return cp_cli_usage_error (_("--start: “%s” is not a date such as 2027-03-01"), given->start);

  if (!sign_off_fits (given, &error))
    return cp_cli_usage_error ("%s", error->message);
  {
    /* Checked before the file is opened, as the names are. */
    CpSettings scratch;
    int status;

    cp_settings_init (&scratch);
    status = apply_budget_options (given, &scratch);
    if (status != CP_CLI_EXIT_OK)
      return status;
  }
  /* In the project's currency, as the amount to approve; 0 clears it.
   * Up to a million billion, past any project's and within the amounts
   * the reports print whole. */
  if (given->budget != NULL && !cp_cli_parse_zero_or_at_least_option ("--budget", given->budget, 1, 1e15, &budget))
    return CP_CLI_EXIT_USAGE;

  store = cp_store_open (path, FALSE, &error);
  if (store != NULL)
    *project = cp_store_load (store, &error);
  if (*project == NULL)
    return cp_cli_failure ("%s: %s", path, error->message);
  take_option (&(*project)->prepared_by, &given->prepared_by);
  take_option (&(*project)->reviewed_by, &given->reviewed_by);
  take_option (&(*project)->approved_by, &given->approved_by);
  take_option (&(*project)->signed_on, &given->signed_on);
  take_option (&(*project)->start_date, &given->start);
  {
    int status = apply_budget_options (given, &(*project)->settings);

    if (status != CP_CLI_EXIT_OK)
      return status;
  }
  if (given->budget != NULL)
    (*project)->budget = budget;
  if (!cp_store_save (store, *project, &error))
    return cp_cli_failure ("%s: %s", path, error->message);
  if (given->prepared_by || given->reviewed_by || given->approved_by || given->signed_on || given->start)
    /* TRANSLATORS: %s is the project file the names and dates were saved in */
    printf (_("Kept the sign-off in %s\n"), path);
  if (given->contingency || given->vat_rate || given->vat_rate_lease || given->prices_include_vat)
    /* TRANSLATORS: %s is the project file the contingency and VAT were saved in */
    printf (_("Kept the contingency and VAT in %s\n"), path);
  if (given->budget != NULL)
    /* TRANSLATORS: %s is the project file the budget was saved in */
    printf (_("Kept the budget in %s\n"), path);
  return CP_CLI_EXIT_OK;
}

int
cp_cli_report (int    argc,
               char **argv)
{
  SignOffOptions given = { NULL };
  g_autofree char *lang = NULL;
  g_autofree char *pdf_path = NULL;
  g_autofree char *xml_path = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpProjectAnalysis) analysis = NULL;
  g_autoptr(GError) error = NULL;
  const GOptionEntry entries[] = {
    { "lang", 0, 0, G_OPTION_ARG_STRING, &lang,
      N_("Language of the report: zh_CN or en (default: the project's)"), N_("LANG") },
    { "pdf", 0, 0, G_OPTION_ARG_FILENAME, &pdf_path, N_("Write the PDF report to FILE"), N_("FILE") },
    { "xml", 0, 0, G_OPTION_ARG_FILENAME, &xml_path, N_("Write the XML report to FILE"), N_("FILE") },
    { "prepared-by", 0, 0, G_OPTION_ARG_STRING, &given.prepared_by,
      N_("Who prepared the report, kept in the project (\"\" clears it)"), N_("NAME") },
    { "reviewed-by", 0, 0, G_OPTION_ARG_STRING, &given.reviewed_by,
      N_("Who reviewed it, kept in the project"), N_("NAME") },
    { "approved-by", 0, 0, G_OPTION_ARG_STRING, &given.approved_by,
      N_("Who approves it, kept in the project"), N_("NAME") },
    { "signed-on", 0, 0, G_OPTION_ARG_STRING, &given.signed_on,
      N_("The day of the approval, such as 2027-03-01, kept in the project"), N_("DATE") },
    { "start", 0, 0, G_OPTION_ARG_STRING, &given.start,
      N_("The project's first day, such as 2027-03-01, kept in the project "
         "(default: the day the report is made)"), N_("DATE") },
    { "contingency", 0, 0, G_OPTION_ARG_STRING, &given.contingency,
      N_("Added to the top of the project's range in the amount to approve, such as 10%, kept in the project "
         "(default 10%: AACE 18R-97, Class 3)"), N_("PERCENT") },
    { "prices-include-vat", 0, 0, G_OPTION_ARG_STRING, &given.prices_include_vat,
      N_("Whether a quote that does not say includes VAT: yes or no, kept in the project (default yes); "
         "every price is compared with VAT, a price without it raised by its rate"), N_("yes|no") },
    { "vat-rate", 0, 0, G_OPTION_ARG_STRING, &given.vat_rate,
      N_("The VAT rate of IT and cloud services (containers, hosted machines), such as 6%, kept in the project "
         "(default 6%: China, 财税〔2016〕36号)"), N_("PERCENT") },
    { "vat-rate-lease", 0, 0, G_OPTION_ARG_STRING, &given.vat_rate_lease,
      N_("The VAT rate of leasing a bare machine, such as 13%, kept in the project "
         "(default 13%: China, tangible movable property, Announcement [2019] No. 39)"), N_("PERCENT") },
    { "budget", 0, 0, G_OPTION_ARG_STRING, &given.budget,
      N_("What the team has for the project, in its currency, such as 200000 or 20万, kept in the project "
         "(0 clears it); page 1 says whether the amount to approve fits in it"), N_("AMOUNT") },
    { NULL }
  };

  context = cp_cli_option_context_new ("report",
                                       _("compute-planner-cli report PROJECT [--lang zh_CN|en] [--pdf FILE] [--xml FILE]\n\n"
                                         "Writes a project's decision report as PDF (for people) or XML (for the approval system); "
                                         "without --pdf or --xml, prints each job's recommendation."));
  if (!cp_cli_parse_project_options (context, entries, &argc, &argv))
    return CP_CLI_EXIT_USAGE;
  if (lang != NULL && g_strcmp0 (lang, "zh_CN") != 0 && g_strcmp0 (lang, "en") != 0)
    {
      cp_cli_bad_choice ("--lang", lang, "zh_CN, en");
      return CP_CLI_EXIT_USAGE;
    }

  if (sign_off_given (&given))
    {
      int status = store_sign_off (argv[1], &given, &project);

      g_free (given.prepared_by);
      g_free (given.reviewed_by);
      g_free (given.approved_by);
      g_free (given.signed_on);
      g_free (given.start);
      g_free (given.contingency);
      g_free (given.vat_rate);
      g_free (given.prices_include_vat);
      g_free (given.budget);
      if (status != CP_CLI_EXIT_OK)
        return status;
    }
  else
    project = cp_project_load_file (argv[1], &error);
  if (project == NULL)
    return cp_cli_failure ("%s: %s", argv[1], error->message);
  cp_cli_warn_problems (project);

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
  /* One analysis for both files: each job is planned once. */
  analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  if (pdf_path != NULL && !cp_report_pdf_write_analysis (analysis, lang, pdf_path, &error))
    return cp_cli_failure ("%s", error->message);
  if (pdf_path != NULL)
    /* TRANSLATORS: %s is the file written */
    printf (_("Wrote the report %s\n"), pdf_path);
  if (xml_path != NULL && !cp_report_xml_write_analysis (analysis, lang, xml_path, &error))
    return cp_cli_failure ("%s", error->message);
  if (xml_path != NULL)
    printf (_("Wrote the report %s\n"), xml_path);

  return CP_CLI_EXIT_OK;
}
