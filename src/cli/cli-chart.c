/* cli-chart.c: `compute-planner-cli chart PROJECT --job JOB --kind cost|memory|serving
 * [--lang zh_CN|en] [--width PX] [--height PX] (--png FILE | --svg FILE)`.
 *
 * Draws one of a job's charts with the drawing the window and the PDF
 * use, for slides and wikis.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "cli-common.h"
#include "cp-cli.h"
#include "planner/cp-project-analysis.h"
#include "report/cp-chart.h"
#include "report/cp-report.h"
#include "store/cp-store.h"

/* A 1080p slide; the size charts are drawn at unless told. */
#define DEFAULT_WIDTH_PX 1920
#define DEFAULT_HEIGHT_PX 1080
/* Below this a chart has no room for its axes; above it a PNG would need
 * gigabytes. */
#define MIN_SIDE_PX 200
#define MAX_SIDE_PX 16384

int
cp_cli_chart (int    argc,
              char **argv)
{
  g_autofree char *job_text = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *lang = NULL;
  g_autofree char *width_text = NULL;
  g_autofree char *height_text = NULL;
  g_autofree char *png_path = NULL;
  g_autofree char *svg_path = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpProjectAnalysis) analysis = NULL;
  const CpPlan *plan;
  g_autoptr(CpChartData) data = NULL;
  g_autoptr(GError) error = NULL;
  guint job = 0, width = DEFAULT_WIDTH_PX, height = DEFAULT_HEIGHT_PX;
  const GOptionEntry entries[] = {
    { "job", 0, 0, G_OPTION_ARG_STRING, &job_text, N_("The job to draw, by id or position (1, 2, …)"), N_("JOB") },
    { "kind", 0, 0, G_OPTION_ARG_STRING, &kind, N_("Which chart: cost, memory or serving (cost per million output tokens of an inference job)"), N_("KIND") },
    { "lang", 0, 0, G_OPTION_ARG_STRING, &lang,
      N_("Language of the chart: zh_CN or en (default: the project's report language)"), N_("LANG") },
    { "width", 0, 0, G_OPTION_ARG_STRING, &width_text, N_("Width in pixels (default 1920)"), N_("PX") },
    { "height", 0, 0, G_OPTION_ARG_STRING, &height_text, N_("Height in pixels (default 1080)"), N_("PX") },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_path, N_("Write the chart as PNG to FILE"), N_("FILE") },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &svg_path, N_("Write the chart as SVG to FILE"), N_("FILE") },
    { NULL }
  };

  context = cp_cli_option_context_new ("chart",
                                       _("compute-planner-cli chart PROJECT --job JOB --kind cost|memory|serving [--lang zh_CN|en] [--width PX] [--height PX] (--png FILE | --svg FILE)\n\n"
                                         "Draws a job's cost, memory or serving chart, as in the window and the PDF report."));
  if (!cp_cli_parse_project_options (context, entries, &argc, &argv))
    return CP_CLI_EXIT_USAGE;
  if (job_text == NULL)
    return cp_cli_usage_error (_("--job: the job to draw is missing"));
  if (kind == NULL)
    return cp_cli_usage_error (_("--kind: the chart to draw is missing"));
  if (g_strcmp0 (kind, "cost") != 0 && g_strcmp0 (kind, "memory") != 0 && g_strcmp0 (kind, "serving") != 0)
    {
      cp_cli_bad_choice ("--kind", kind, "cost, memory, serving");
      return CP_CLI_EXIT_USAGE;
    }
  if (lang != NULL && g_strcmp0 (lang, "zh_CN") != 0 && g_strcmp0 (lang, "en") != 0)
    {
      cp_cli_bad_choice ("--lang", lang, "zh_CN, en");
      return CP_CLI_EXIT_USAGE;
    }
  if (!cp_cli_parse_uint_option ("--width", width_text, MIN_SIDE_PX, MAX_SIDE_PX, &width) ||
      !cp_cli_parse_uint_option ("--height", height_text, MIN_SIDE_PX, MAX_SIDE_PX, &height))
    return CP_CLI_EXIT_USAGE;
  if ((png_path == NULL) == (svg_path == NULL))
    return cp_cli_usage_error (_("give one of --png FILE or --svg FILE"));

  project = cp_project_load_file (argv[1], &error);
  if (project == NULL)
    return cp_cli_failure ("%s: %s", argv[1], error->message);
  cp_cli_warn_problems (project);
  {
    int found = cp_cli_find_job (project, "--job", job_text);

    if (found == CP_CLI_AMBIGUOUS)
      return CP_CLI_EXIT_USAGE;
    if (found == CP_CLI_NOT_FOUND)
      return cp_cli_usage_error (_("--job: “%s” is neither a job id nor a position "
                                   "from 1 to %u"), job_text, project->jobs->len);
    job = (guint) found + 1;
  }
  if (lang == NULL)
    lang = g_strdup (g_strcmp0 (project->report_language, "zh_CN") == 0 ? "zh_CN" : "en");

  if (g_strcmp0 (kind, "serving") == 0 &&
      ((const CpJob *) g_ptr_array_index (project->jobs, job - 1))->kind != CP_TASK_INFERENCE)
    return cp_cli_usage_error (_("--kind serving: job %u is not an inference job; only a service is priced per token"), job);

  analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  plan = cp_project_analysis_get_full_plan (analysis, job - 1);
  if (g_strcmp0 (kind, "serving") == 0)
    data = cp_chart_data_new_serving (project, job - 1, plan, cp_project_analysis_get_sweep (analysis, job - 1), lang);
  else if (g_strcmp0 (kind, "cost") == 0)
    data = cp_chart_data_new_cost (project, job - 1, plan, cp_project_analysis_get_sweep (analysis, job - 1), lang);
  else
    data = cp_chart_data_new_memory (project, job - 1, plan, lang);

  if (!cp_chart_write_file (data, png_path != NULL ? png_path : svg_path, svg_path != NULL,
                            width, height, 1, &error))
    /* TRANSLATORS: %s is the system's error message */
    return cp_cli_failure (_("Could not write the chart: %s"), error->message);
  /* TRANSLATORS: %s is the file written */
  printf (_("Wrote the chart %s\n"), png_path != NULL ? png_path : svg_path);
  return CP_CLI_EXIT_OK;
}
