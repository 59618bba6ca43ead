/* cli-project.c: the subcommands that work on project files:
 * plan, import-quotes, new and demo. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "cli-common.h"
#include "cp-cli.h"
#include "planner/cp-schedule.h"
#include "planner/cp-project-analysis.h"
#include "report/cp-chart.h"
#include "report/cp-reason-lines.h"
#include "report/cp-reason-text.h"
#include "store/cp-demo.h"
#include "store/cp-quote-csv.h"
#include "store/cp-quote-header.h"
#include "store/cp-store.h"

static const CpQuote *
quote_at (const CpProject *project, int index)
{
  if (index < 0 || (guint) index >= project->quotes->len)
    return NULL;
  return g_ptr_array_index (project->quotes, index);
}

/* "12.3 (10.1–15.0)": the expected days with their band, to as many
 * decimals as the window and the report give the shortest of them (a
 * one-hour run read "0.0 (0.0–0.0)", as if it took no time: walkthrough
 * 11). */
static char *
range_text (double expected,
            double deadline_days,
            double low,
            double high)
{
  int decimals = cp_days_decimals (low > 0 ? MIN (low, expected) : expected);
  /* Past the deadline rounded up, as its Deadline cell says how late. */
  g_autofree char *a = cp_cli_format_number (cp_words_finish_figure (expected, deadline_days, decimals), decimals);
  g_autofree char *b = cp_cli_format_number (low, decimals);
  g_autofree char *c = cp_cli_format_number (high, decimals);

  /* A fixed figure alone: "30.0 (30.0–30.0)" read as a slip, as the
   * window's table shows it alone (room40). */
  if (g_str_equal (a, b) && g_str_equal (b, c))
    return g_steal_pointer (&a);
  /* TRANSLATORS: an expected figure, then its range low to high */
  return g_strdup_printf (_("%s (%s–%s)"), a, b, c);
}

/* A service's options by what they serve and what an output token costs.
 * Every rate is the whole option's, over all its replicas (the DP of the
 * layout): a replica's decode rate beside the option's requests/s read as
 * one basis and made a 4-replica option look 4× slower than it is. */
static void
print_serving_text (const CpProject *project, const CpJob *job, const CpPlan *plan)
{
  g_autoptr(CpCliTable) table = cp_cli_table_new (8);

  /* The replica's searched tensor-parallel size, then how many of them. */
  cp_cli_table_add_row (table, _("Rank"), _("Quote"), _("TP × PP × DP"),
                        /* TRANSLATORS: CLI serving table headings: each rate summed over the option's replicas */
                        _("Output tokens/s (all replicas)"), _("Prefill tokens/s (all replicas)"),
                        _("Requests/s (all replicas)"),
                        /* TRANSLATORS: CLI serving table heading: seconds a user waits for an answer */
                        _("Answer (s, per user)"), _("Per million output tokens"), NULL);
  for (guint c = 0; c < 8; c++)
    cp_cli_table_set_right_aligned (table, c, c != 1);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *o = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = quote_at (project, o->quote_index);
      g_autofree char *rank = g_strdup_printf ("%u", o->rank);
      g_autofree char *label = cp_words_quote_name (project, o->quote_index);
      g_autofree char *layout = g_strdup_printf ("%u × %u × %u", o->estimate.layout.tensor_parallel,
                                                 o->estimate.layout.pipeline_parallel, o->estimate.layout.data_parallel);
      g_autofree char *decode = cp_cli_format_number (o->estimate.output_tokens_per_s, 0);
      g_autofree char *prefill = cp_cli_format_number (o->estimate.prefill_tokens_per_s
                                                       * o->estimate.layout.data_parallel, 0);
      g_autofree char *requests = cp_cli_format_number (o->estimate.requests_per_s, 2);
      /* R3's precision: "10" beside "answers in 10.3 s, over the 10 s
       * target" read as meeting it. */
      g_autofree char *answer = cp_cli_format_number (o->estimate.answer_s,
                                                      cp_words_answer_decimals (o->estimate.answer_s,
                                                                                job->answer_within_s));
      g_autofree char *cost = plan->cost_unknown ? g_strdup (_("needs a price"))
                              : o->estimate.output_tokens_per_s > 0
                              ? cp_cli_format_money (o->estimate.cost_per_million_output_tokens,
                                                     quote ? quote->currency : "")
                              : g_strdup ("—");

      cp_cli_table_add_row (table, rank, label, layout, decode, prefill, requests, answer, cost, NULL);
    }
  cp_cli_table_print (table, stdout);
}

static void
print_plan_text (const CpProject *project, guint job_index, const CpPlan *plan, const GArray *what_if,
                 gboolean debug_share_given)
{
  const CpJob *job = g_ptr_array_index (project->jobs, job_index);
  g_autoptr(CpCliTable) table = cp_cli_table_new (10);
  g_autofree char *recommended = NULL;

  if (plan->recommended >= 0)
    {
      const CpOption *best = &g_array_index (plan->options, CpOption, plan->recommended);
      recommended = cp_words_quote_name (project, best->quote_index);
    }

  /* Translators: a job's position, the number of jobs, its name and kind id */
  printf (_("Job %u/%u: %s (%s)\n"), job_index + 1, project->jobs->len,
          job->name ? job->name : job->id, cp_words_task_kind (job->kind));
  printf (_("Verdict: %s\n"), cp_words_plan_verdict (plan));
  if (cp_task_kind_is_training (job->kind))
    {
      g_autofree char *percent = cp_cli_format_number (project->settings.debug_share * 100, 1);

      /* The value R4 and the calendar used, and where it came from. */
      printf (debug_share_given ? _("Debugging share: %s%% (--debug-share)\n")
                                : _("Debugging share: %s%% (the project's setting)\n"), percent);
    }
  if (recommended != NULL || plan->options->len == 0)
    {
      /* The window's and the report's caveat: the verdict rests on what the
       * quote does not state (host memory for CPU offload). */
      g_autofree char *unconfirmed = cp_words_unconfirmed (project, plan, C_("language code", "en"), NULL);

      /* Under "Check a price unit first" the first-ranked quote is no
       * recommendation: its total rests on a price no GPU rents at
       * (walk42 F3). */
      printf (recommended != NULL && cp_words_first_price_implausible (plan)
              ? _("Ranked first if its price is right: %s\n") : _("Recommended: %s\n"),
              recommended ? recommended : cp_words_none ());
      if (recommended != NULL)
        {
          const CpOption *best = &g_array_index (plan->options, CpOption, plan->recommended);
          const CpQuote *quote = g_ptr_array_index (project->quotes, best->quote_index);
          guint nodes = MAX (best->estimate.nodes, 1);
          g_autofree char *wait = cp_words_answer_wait (job, &best->estimate, C_("language code", "en"));

          /* A vendor that rents only its whole offer bills every machine
           * (cp_quote_billed_nodes()): the table's "1" node beside the
           * total of 4 read as one machine rented, where page 1 says
           * "Rent: all 4 machines offered … the job runs on 1" (walk37b N2). */
          if (cp_quote_billed_nodes (quote, nodes) > nodes)
            /* TRANSLATORS: plan, under the recommended quote: the machines it offers, all rented, their GPUs, then
             * the machines the job runs on */
            printf (_("Rents all %u machines offered (%u GPUs), as its vendor rents only the whole offer; the job runs on %u\n"),
                    quote->nodes_available, quote->gpus_per_node * quote->nodes_available, nodes);

          if (wait != NULL)
            printf ("%s\n", wait);
        }
      if (unconfirmed != NULL)
        printf ("%s\n", unconfirmed);
      else
        /* Whether the choice holds, under it as the window says it: the
         * reasons below list the rules' findings alone. */
        for (guint i = 0; i < plan->reasons->len; i++)
          {
            const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

            if (reason->outcome == CP_OUTCOME_VERDICT_HOLDS || reason->outcome == CP_OUTCOME_VERDICT_FLIPS)
              {
                g_autofree char *text = cp_reason_text (reason, project, plan, C_("language code", "en"));

                printf ("%s\n", text);
              }
          }
      /* Tight on memory, said under the verdict as the window says it. */
      if (recommended != NULL)
        {
          const CpOption *best = &g_array_index (plan->options, CpOption, plan->recommended);
          g_autofree char *tight = cp_words_memory_tight_caution (project, &best->estimate, C_("language code", "en"));

          if (tight != NULL)
            printf ("%s\n", tight);
        }
    }
  else
    {
      g_autofree char *answer = cp_words_not_feasible (project, plan, C_("language code", "en"));
      /* As the window says it under the verdict: the default the answer
       * turns on (walk38 F4). */
      g_autofree char *turns_on = cp_words_turns_on_team (project, plan, what_if, C_("language code", "en"));

      printf ("%s\n", answer);
      if (turns_on != NULL)
        printf ("%s\n", turns_on);
    }

  /* The job's requirement next to Fits, as the window's table has it: a
   * service's target, a training job's deadline. */
  cp_cli_table_add_row (table, _("Rank"), _("Quote"), _("Nodes"), _("Fits"),
                        /* TRANSLATORS: heading of the CLI plan table's column for a service: whether it carries its target */
                        job->kind == CP_TASK_INFERENCE ? _("Target") : _("Deadline"), _("Technique"),
                        _("Run days"), _("Calendar days"), _("Total cost"), _("Cost range"), NULL);
  for (guint c = 0; c < 10; c++)
    cp_cli_table_set_right_aligned (table, c, c == 0 || c == 2 || c >= 6);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *o = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = quote_at (project, o->quote_index);
      g_autofree char *rank = g_strdup_printf ("%u", o->rank);
      g_autofree char *label = cp_words_quote_name (project, o->quote_index);
      g_autofree char *nodes = g_strdup_printf ("%u", o->estimate.nodes);
      g_autofree char *run_days = range_text (o->estimate.total_s / 86400.0, 0, o->range.total_s_low / 86400.0,
                                              o->range.total_s_high / 86400.0);
      g_autofree char *calendar = range_text (o->estimate.calendar_days, cp_job_deadline_days (job),
                                              o->range.calendar_days_low,
                                              o->range.calendar_days_high);
      g_autofree char *cost = NULL;
      g_autofree char *cost_range = NULL;
      g_autofree char *technique = NULL;
      g_autofree char *requirement = cp_words_deadline_status (job, &o->estimate, C_("language code", "en"));

      if (!o->estimate.fits)
        {
          /* No time or cost for an option that cannot run, as in the
           * report: the refusal under the table says why. */
          g_free (run_days);
          g_free (calendar);
          run_days = g_strdup ("—");
          calendar = g_strdup ("—");
          cost = g_strdup ("—");
          cost_range = g_strdup ("—");
        }
      else if (plan->cost_unknown)
        {
          /* TRANSLATORS: in the CLI plan table's cost column, when no quote has a price to compare */
          cost = g_strdup (_("needs a price"));
          cost_range = g_strdup ("—");
        }
      else
        {
          cost = cp_cli_format_money (o->estimate.total_cost, quote ? quote->currency : "");
          cost_range = cp_cli_format_money_range (o->range.total_cost_low, o->range.total_cost_high,
                                                  quote ? quote->currency : "");
        }

      /* The Fits and Technique words of the window's table and the
       * report's: "Yes, As configured" here stood beside "Tight, Full
       * recompute" there for the same option (walkthrough 21). */
      /* "Met" beside a calendar range whose slow end passes the deadline
       * promised what R6 does not: the deadline holds only at the
       * expected figures. */
      if (job->kind != CP_TASK_INFERENCE && o->estimate.fits && o->estimate.meets_deadline
          && cp_job_deadline_days (job) > 0 && o->range.calendar_days_high > cp_job_deadline_days (job))
        {
          g_free (requirement);
          /* TRANSLATORS: the CLI plan table's Deadline cell of an option whose calendar range straddles the deadline */
          requirement = g_strdup (_("Met at the expected time; misses at the slow end"));
        }
      technique = o->estimate.fits ? cp_words_estimate_technique (job, &o->estimate) : g_strdup ("—");
      cp_cli_table_add_row (table, rank, label, nodes, cp_words_fits (&o->estimate), requirement, technique,
                            run_days, calendar, cost, cost_range, NULL);
    }
  cp_cli_table_print (table, stdout);
  for (guint i = 0; i < plan->options->len; i++)
    {
      g_autofree char *refusal = cp_words_refusal_line (project, job, &g_array_index (plan->options, CpOption, i),
                                                        C_("language code", "en"));

      if (refusal != NULL)
        printf ("  %s\n", refusal);
    }
  if (job->kind == CP_TASK_INFERENCE)
    print_serving_text (project, job, plan);
  /* The window's "What would change it", from the same list: the team
   * assumption that decides a deadline was said in the window and the
   * report but not here (walk41b F5). */
  if (what_if != NULL && what_if->len > 0)
    {
      g_autoptr(GPtrArray) changes = cp_words_what_if (project, plan, what_if, C_("language code", "en"));

      printf ("%s\n", _("What would change it:"));
      for (guint i = 0; i < changes->len; i++)
        printf ("  • %s\n", (const char *) g_ptr_array_index (changes, i));
    }

  /* The reasons rule by rule as the report and the window list them (R1,
   * R2–3, R4 … each once with its name: walk33 W11 read R6 five times and
   * R8 twice), then the vendors' questions, each asked once naming every
   * vendor it concerns. */
  {
    g_autoptr(GPtrArray) rule_lines = cp_reason_rule_lines (project, plan, C_("language code", "en"),
                                                            CP_REASON_IN_WINDOW);
    g_autoptr(GPtrArray) questions = cp_reason_vendor_questions (project, plan, C_("language code", "en"));

    if (rule_lines->len > 0)
      printf ("%s\n", _("Reasons:"));
    for (guint i = 0; i < rule_lines->len; i++)
      {
        const CpReasonRuleLine *line = g_ptr_array_index (rule_lines, i);

        printf ("  %-5s %s\n", line->label, line->text);
      }
    if (questions->len > 0)
      printf ("%s\n", _("Questions for the vendors:"));
    for (guint i = 0; i < questions->len; i++)
      printf ("  • %s\n", (const char *) g_ptr_array_index (questions, i));
  }
  /* The risks of the option answered with, as the report lists them. */
  if (cp_plan_get_subject (plan) != NULL)
    {
      g_autoptr(GPtrArray) risks = cp_option_risks (project, job, cp_plan_get_subject (plan),
                                                    C_("language code", "en"));

      if (risks->len > 0)
        printf ("%s\n", _("Main risks:"));
      for (guint i = 0; i < risks->len; i++)
        printf ("  • %s\n", (const char *) g_ptr_array_index (risks, i));
    }
  printf ("\n");
}

static void
write_plan_xml (xmlTextWriterPtr w, const CpProject *project, guint job_index, const CpPlan *plan)
{
  const CpJob *job = g_ptr_array_index (project->jobs, job_index);

  xmlTextWriterStartElement (w, BAD_CAST "job");
  xmlTextWriterWriteAttribute (w, BAD_CAST "id", BAD_CAST (job->id ? job->id : ""));
  cp_cli_xml_text (w, "name", job->name ? job->name : "");
  cp_cli_xml_text (w, "kind", cp_task_kind_to_string (job->kind));
  cp_cli_xml_text (w, "verdict", cp_verdict_to_string (plan->verdict));
  cp_cli_xml_bool (w, "verdict-robust", plan->verdict_robust);
  /* False: no quote has a price to compare, the verdict is technical and
   * no option carries a cost. */
  cp_cli_xml_bool (w, "cost-known", !plan->cost_unknown);
  if (cp_task_kind_is_training (job->kind))
    cp_cli_xml_double (w, "debug-share", project->settings.debug_share);
  if (plan->shortfall != CP_SHORTFALL_NONE)
    cp_cli_xml_text (w, "shortfall", cp_shortfall_to_string (plan->shortfall));
  if (plan->best_available >= 0)
    {
      const CpOption *best = &g_array_index (plan->options, CpOption, plan->best_available);
      const CpQuote *quote = quote_at (project, best->quote_index);
      cp_cli_xml_text (w, "best-available-quote", quote ? quote->id : "");
    }
  if (plan->recommended >= 0)
    {
      const CpOption *best = &g_array_index (plan->options, CpOption, plan->recommended);
      const CpQuote *quote = quote_at (project, best->quote_index);
      cp_cli_xml_text (w, "recommended-quote", quote ? quote->id : "");
    }
  {
    /* As the report's XML says it: what the verdict rests on that the
     * quote does not state. */
    const char *field = NULL;
    g_autofree char *unconfirmed = cp_words_unconfirmed (project, plan, C_("language code", "en"), &field);

    if (unconfirmed != NULL)
      {
        const CpQuote *quote = quote_at (project, g_array_index (plan->options, CpOption, plan->recommended).quote_index);

        xmlTextWriterStartElement (w, BAD_CAST "unconfirmed");
        xmlTextWriterWriteAttribute (w, BAD_CAST "field", BAD_CAST field);
        xmlTextWriterWriteAttribute (w, BAD_CAST "quote", BAD_CAST (quote && quote->id ? quote->id : ""));
        xmlTextWriterWriteString (w, BAD_CAST unconfirmed);
        xmlTextWriterEndElement (w);
      }
  }

  xmlTextWriterStartElement (w, BAD_CAST "options");
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *o = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = quote_at (project, o->quote_index);

      xmlTextWriterStartElement (w, BAD_CAST "option");
      xmlTextWriterWriteAttribute (w, BAD_CAST "quote", BAD_CAST (quote ? quote->id : ""));
      cp_cli_xml_uint (w, "rank", o->rank);
      cp_cli_xml_uint (w, "nodes", o->estimate.nodes);
      cp_cli_xml_uint (w, "gpus", o->estimate.gpus);
      cp_cli_xml_bool (w, "fits", o->estimate.fits);
      cp_cli_xml_bool (w, "feasible", o->feasible);
      cp_cli_xml_text (w, "technique", cp_technique_to_string (o->estimate.technique));
      cp_cli_xml_double (w, "run-s", o->estimate.total_s);
      cp_cli_xml_double (w, "goodput", o->estimate.goodput);
      cp_cli_xml_double (w, "expected-interruptions", o->estimate.expected_interruptions);
      cp_cli_xml_double (w, "checkpoint-s", o->estimate.checkpoint_s);
      cp_cli_xml_double (w, "calendar-days", o->estimate.calendar_days);
      cp_cli_xml_double (w, "memory-per-gpu-bytes", o->estimate.memory_per_gpu_bytes);
      if (!plan->cost_unknown)
        cp_cli_xml_money (w, "total-cost", o->estimate.total_cost, quote ? quote->currency : "");
      cp_cli_xml_range (w, &o->range, plan->cost_unknown ? NULL : quote ? quote->currency : "");
      if (job->kind == CP_TASK_INFERENCE)
        {
          cp_cli_xml_double (w, "decode-tokens-per-s", o->estimate.decode_tokens_per_s);
          cp_cli_xml_double (w, "prefill-tokens-per-s", o->estimate.prefill_tokens_per_s);
          cp_cli_xml_double (w, "requests-per-s", o->estimate.requests_per_s);
          cp_cli_xml_double (w, "answer-s", o->estimate.answer_s);
          cp_cli_xml_double (w, "user-output-tokens-per-s", o->estimate.user_output_tokens_per_s);
          /* decode- and prefill-tokens-per-s are a replica's; requests, replicas and output tokens the option's. */
          cp_cli_xml_uint (w, "replicas", o->estimate.layout.data_parallel);
          cp_cli_xml_double (w, "output-tokens-per-s", o->estimate.output_tokens_per_s);
          if (!plan->cost_unknown)
            cp_cli_xml_money (w, "cost-per-million-output-tokens", o->estimate.cost_per_million_output_tokens,
                              quote ? quote->currency : "");
        }
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);

  cp_cli_xml_reasons (w, project, plan);
  xmlTextWriterEndElement (w);
}

static CpProject *
load_project (const char *path)
{
  g_autoptr(GError) error = NULL;
  CpProject *project = cp_project_load_file (path, &error);

  if (project == NULL)
    cp_cli_failure ("%s", error->message);
  else
    cp_cli_warn_problems (project);
  return project;
}

int
cp_cli_plan (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpProjectAnalysis) analysis = NULL;
  g_autofree char *job_text = NULL;
  g_autofree char *output = NULL;
  g_autofree char *debug_share = NULL;
  g_autofree char *serving_memory_fraction = NULL;
  gboolean xml = FALSE;
  guint first = 0, last;
  GOptionEntry entries[] = {
    { "job", 0, 0, G_OPTION_ARG_STRING, &job_text,
      N_("Only the job with this id or position (1, 2, …)"), N_("JOB") },
    { "debug-share", 0, 0, G_OPTION_ARG_STRING, &debug_share,
      N_("Debugging share of a training project's calendar for this evaluation (default: the project's, 0.35 unless changed; rule R4: 30–40%)"), N_("FRACTION") },
    { "gpu-memory-utilization", 0, 0, G_OPTION_ARG_STRING, &serving_memory_fraction,
      N_("Share of each GPU's memory a serving engine may use for this evaluation, vLLM’s --gpu-memory-utilization (default: the project's serving memory fraction)"), N_("FRACTION") },
    { "xml", 0, 0, G_OPTION_ARG_NONE, &xml, N_("Write XML instead of text"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the XML to this file instead of standard output"), N_("FILE") },
    { NULL }
  };

  context = cp_cli_option_context_new ("plan PROJECT",
                                       _("Evaluates every job of PROJECT against every quote "
                                         "and prints the ranked options and the verdict."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc != 2)
    return cp_cli_usage_error (_("plan needs exactly one project file"));

  project = load_project (argv[1]);
  if (project == NULL)
    return CP_CLI_EXIT_FAILED;
  if (project->jobs->len == 0)
    return cp_cli_failure (_("“%s” has no jobs to plan"), argv[1]);
  if (project->quotes->len == 0)
    return cp_cli_failure (_("“%s” has no quotes to compare"), argv[1]);
  if (debug_share != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!cp_cli_parse_fraction_option ("--debug-share", debug_share, &project->settings.debug_share))
        return CP_CLI_EXIT_USAGE;
      if (!cp_settings_validate (&project->settings, &error))
        return cp_cli_usage_error ("--debug-share: %s", error->message);
    }
  if (serving_memory_fraction != NULL &&
      !cp_cli_parse_fraction_option ("--gpu-memory-utilization", serving_memory_fraction,
                                     &project->settings.serving_memory_fraction))
    return CP_CLI_EXIT_USAGE;

  last = project->jobs->len - 1;
  if (job_text)
    {
      int found = cp_cli_find_job (project, "--job", job_text);

      if (found == CP_CLI_AMBIGUOUS)
        return CP_CLI_EXIT_USAGE;
      first = (guint) found;
      if (found == CP_CLI_NOT_FOUND)
        return cp_cli_usage_error (_("--job: “%s” is neither a job id nor a position "
                                     "from 1 to %u"), job_text, project->jobs->len);
      last = first;
    }

  analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  if (xml)
    {
      g_autoptr(GError) error = NULL;
      xmlBufferPtr buffer = NULL;
      xmlTextWriterPtr w = cp_cli_xml_begin (&buffer, "plan");

      cp_cli_xml_text (w, "project", project->name ? project->name : "");
      cp_cli_xml_spreads (w, &project->settings);
      for (guint i = first; i <= last; i++)
        {
          write_plan_xml (w, project, i, cp_project_analysis_get_full_plan (analysis, i));
        }
      if (!cp_cli_xml_finish (w, buffer, output, &error))
        return cp_cli_failure ("%s", error->message);
      return CP_CLI_EXIT_OK;
    }

  printf ("%s\n\n", project->name ? project->name : "");
  for (guint i = first; i <= last; i++)
    {
      print_plan_text (project, i, cp_project_analysis_get_full_plan (analysis, i),
                       cp_project_analysis_get_what_if (analysis, i), debug_share != NULL);
    }
  cp_cli_print_spreads (project, analysis, first, last);
  return CP_CLI_EXIT_OK;
}

/* "HEADER=FIELD": the user's correction of the guessed mapping. */
static gboolean
apply_mappings (CpQuoteSheet *sheet, char **mappings)
{
  for (guint m = 0; mappings && mappings[m]; m++)
    {
      const char *equals = strrchr (mappings[m], '=');
      g_autofree char *header = equals ? g_strndup (mappings[m], equals - mappings[m]) : NULL;
      gboolean found = FALSE;
      int field;

      if (equals == NULL || !cp_quote_column_from_name (equals + 1, &field))
        {
          g_autofree char *names = cp_quote_column_list_names ();
          /* Translators: the text after --map, then the list of field names */
          cp_cli_usage_error (_("--map: “%s” is not HEADER=FIELD; FIELD is one of: %s"), mappings[m], names);
          return FALSE;
        }
      for (guint i = 0; i < cp_quote_sheet_get_n_columns (sheet); i++)
        if (strcmp (cp_quote_sheet_get_header (sheet, i), g_strstrip (header)) == 0)
          {
            cp_quote_sheet_set_field (sheet, i, field);
            found = TRUE;
          }
      if (!found)
        {
          cp_cli_usage_error (_("--map: the file has no column “%s”"), header);
          return FALSE;
        }
    }
  return TRUE;
}

/* An example of --map for a sheet without a GPU or a price column: the
 * first column read as free text or not at all, else the first column,
 * given the missing field; never a row-number column ("序号=gpu", walk38). */
static char *
suggest_mapping (const CpQuoteSheet *sheet)
{
  guint n = cp_quote_sheet_get_n_columns (sheet);
  gboolean has_gpu = FALSE, free_text = FALSE;
  guint column = 0;

  for (guint i = 0; i < n; i++)
    has_gpu = has_gpu || cp_quote_sheet_get_field (sheet, i) == CP_QUOTE_COLUMN_GPU;
  for (guint i = n; i > 0; i--)
    {
      int field = cp_quote_sheet_get_field (sheet, i - 1);
      g_autofree char *norm = cp_quote_header_normalize (cp_quote_sheet_get_header (sheet, i - 1), NULL);
      gboolean is_free = field == CP_QUOTE_COLUMN_UNUSED || field == CP_QUOTE_COLUMN_OFFER
                         || field == CP_QUOTE_COLUMN_NOTES;

      if (cp_quote_header_is_row_number (norm) || (free_text && !is_free))
        continue;
      column = i - 1;
      free_text = free_text || is_free;
    }
  return g_strdup_printf ("%s=%s", n > 0 ? cp_quote_sheet_get_header (sheet, column) : "",
                          has_gpu ? "price" : "gpu");
}

/* The same account the window's import preview gives: each column's
 * field, each row's outcome and what was assumed. */
static void
print_sheet (const CpQuoteSheet *sheet, const CpQuoteCsvResult *result, const CpProject *project)
{
  g_autoptr(CpCliTable) columns = cp_cli_table_new (2);
  guint n_ok = 0;

  if (cp_quote_sheet_get_vendor (sheet) != NULL && cp_quote_sheet_get_vendor_source (sheet) != NULL)
    /* Translators: a vendor's name and where it was found ("the title row “…”") */
    printf (_("Vendor: %s (from %s; --vendor changes it)\n"), cp_quote_sheet_get_vendor (sheet),
            cp_quote_sheet_get_vendor_source (sheet));
  else if (cp_quote_sheet_get_vendor (sheet) != NULL)
    printf (_("Vendor: %s\n"), cp_quote_sheet_get_vendor (sheet));

  if (cp_quote_sheet_get_n_sheets (sheet) > 0)
    {
      printf ("%s\n", _("Sheets:"));
      for (guint i = 0; i < cp_quote_sheet_get_n_sheets (sheet); i++)
        /* Translators: a workbook's sheet, its number for --sheet and its name; the one read is marked */
        printf (_("  %u: %s%s\n"), i + 1, cp_quote_sheet_get_sheet_name (sheet, i),
                (int) i == cp_quote_sheet_get_sheet (sheet) ? _(" (read)") : "");
    }
  printf ("%s\n", _("Columns:"));
  for (guint i = 0; i < cp_quote_sheet_get_n_columns (sheet); i++)
    {
      const char *evidence = cp_quote_sheet_get_evidence (sheet, i);
      g_autofree char *header = g_strdup_printf ("  %s", cp_quote_sheet_get_header (sheet, i));
      /* Translators: a column's field guessed from its cells, and why ("5 of 6 cells are GPU names") */
      g_autofree char *field = evidence ? g_strdup_printf (_("→ %s (guessed: %s; --map changes it)"),
                                                           cp_quote_sheet_get_column_label (sheet, i), evidence)
                                        : g_strdup_printf ("→ %s", cp_quote_sheet_get_column_label (sheet, i));
      cp_cli_table_add_row (columns, header, field, NULL);
    }
  cp_cli_table_print (columns, stdout);

  printf ("%s\n", _("Rows:"));
  for (guint i = 0; i < result->rows->len; i++)
    {
      const CpQuoteCsvRow *row = g_ptr_array_index (result->rows, i);
      g_autofree char *place = cp_quote_sheet_format_place (sheet, row->line, FALSE);
      gboolean one_machine;

      if (row->quote_index >= 0 && row->incomplete->len > 0)
        {
          const CpQuote *quote = g_ptr_array_index (result->quotes, row->quote_index);
          g_autofree char *text = cp_quote_describe (quote, &project->settings);
          /* Translators: where the row is ("line 7", "row 7 of sheet “报价”") and a description of the quote */
          printf (_("  %s: imported as incomplete: %s\n"), place, text);
          n_ok++;
        }
      else if (row->quote_index >= 0)
        {
          const CpQuote *quote = g_ptr_array_index (result->quotes, row->quote_index);
          g_autofree char *text = cp_quote_describe (quote, &project->settings);
          /* Translators: where the row is ("line 7", "row 7 of sheet “报价”") and a description of the quote */
          printf (_("  %s: imported: %s\n"), place, text);
          n_ok++;
        }
      else
        /* Translators: where the row is ("line 7", "row 7 of sheet “报价”") */
        printf (_("  %s: not imported\n"), place);
      for (guint w = 0; w < row->warnings->len; w++)
        /* Translators: what to know before relying on an imported quote, "the offer expired on 2026-06-30: …" */
        printf (_("    warning: %s\n"), (const char *) g_ptr_array_index (row->warnings, w));
      /* A cluster lacking only its network's figures is still planned on
       * one machine (cp_quote_largest_run_nodes()). */
      one_machine = row->quote_index >= 0 &&
                    cp_quote_get_missing_in (g_ptr_array_index (result->quotes, row->quote_index), &project->settings) ==
                    CP_QUOTE_MISSING_NETWORK;
      for (guint p = 0; p < row->incomplete->len; p++)
        {
          if (one_machine)
            /* Translators: a cluster quote imported without its network's NICs or rate, "no NICs or NIC rate for its nodes" */
            printf (_("    incomplete: %s (ranked on one machine only until it is filled in)\n"),
                    (const char *) g_ptr_array_index (row->incomplete, p));
          else
            /* Translators: what an imported quote still lacks, "no price: 价格 is “0”" */
            printf (_("    incomplete: %s (left out of the ranking until it is filled in)\n"),
                    (const char *) g_ptr_array_index (row->incomplete, p));
        }
      for (guint p = 0; p < row->problems->len; p++)
        printf (_("    problem: %s\n"), (const char *) g_ptr_array_index (row->problems, p));
      for (guint a = 0; a < row->assumptions->len; a++)
        printf (_("    assumed: %s\n"), (const char *) g_ptr_array_index (row->assumptions, a));
    }
  for (guint i = 0; i < result->notes->len; i++)
    {
      const CpCsvLineError *note = g_ptr_array_index (result->notes, i);
      g_autofree char *place = cp_quote_sheet_format_place (sheet, note->line, FALSE);
      /* Translators: where the row is ("line 7", "row 7 of sheet “报价”") and the text of a footnote of the sheet */
      printf (_("  %s: a note, not a quote: %s\n"), place, note->message);
    }
  /* Translators: rows that can be imported, and all rows */
  printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u row can be imported\n",
                       "%u of %u rows can be imported\n", result->rows->len),
          n_ok, result->rows->len);
}

int
cp_cli_import_quotes (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpStore) store = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpQuoteSheet) sheet = NULL;
  g_autoptr(CpQuoteCsvResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv_name = NULL;
  g_autofree char *sheet_name = NULL;
  g_autofree char *vendor = NULL;
  g_autofree char *field_names = cp_quote_column_list_names ();
  g_autofree char *fields_help = NULL;
  g_auto(GStrv) mappings = NULL;
  int sheet_index = -1;
  gboolean accept = FALSE, dry_run = FALSE;
  guint added, n_bad_lines = 0;
  GOptionEntry entries[] = {
    { "accept-good-lines", 0, 0, G_OPTION_ARG_NONE, &accept,
      N_("Import the lines without errors even when other lines have some"), NULL },
    { "dry-run", 0, 0, G_OPTION_ARG_NONE, &dry_run,
      N_("Show the column mapping and each row’s outcome; change nothing"), NULL },
    { "map", 0, 0, G_OPTION_ARG_STRING_ARRAY, &mappings,
      N_("Read column HEADER as FIELD (“price unit”, “gpus per node”, … or “none”); repeatable"),
      N_("HEADER=FIELD") },
    { "sheet", 0, 0, G_OPTION_ARG_STRING, &sheet_name,
      N_("The workbook’s sheet to read, by name or number (default: the first whose columns read as GPUs "
         "and prices)"),
      N_("NAME|N") },
    { "vendor", 0, 0, G_OPTION_ARG_STRING, &vendor,
      N_("The vendor of rows that name none (default: from a title row such as “XX云 GPU 报价单 2026-11”, "
         "else from the file name)"),
      N_("NAME") },
    { NULL }
  };

  context = cp_cli_option_context_new ("import-quotes PROJECT FILE",
                                       _("Adds the quotes of a CSV file or a workbook (.xlsx, "
                                         ".ods; English or Chinese headers) to PROJECT, after "
                                         "showing how each column was read and what became of "
                                         "each row. A column whose header is unknown is read by "
                                         "what its cells hold, and the guess is shown. A file with "
                                         "errors imports nothing unless --accept-good-lines "
                                         "is given. A row without a price (empty or 0) is "
                                         "imported as incomplete and left out of the ranking "
                                         "until it has one.\n\n"
                                         "Exit status: 0 when rows were imported (with "
                                         "--dry-run: when at least one row can be); 1 when no "
                                         "row can be imported, when lines with errors stopped "
                                         "the import, or when a file cannot be read; 2 for a "
                                         "bad option."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  /* Translators: after the options of import-quotes; the list of field names */
  fields_help = g_strdup_printf (_("Fields for --map: %s."), field_names);
  g_option_context_set_description (context, fields_help);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc != 3)
    return cp_cli_usage_error (_("import-quotes needs a project file and a CSV file or workbook"));

  csv_name = g_filename_display_basename (argv[2]);

  /* The CSV is checked against a read-only copy: a file with errors
   * leaves the project file untouched, byte for byte. */
  project = cp_project_load_file (argv[1], &error);
  if (project == NULL)
    return cp_cli_failure ("%s", error->message);

  /* Read after the project opened, so a bad project is named first; the
   * file's size is checked before it is read. */
  if (sheet_name != NULL)
    {
      /* The sheet's name or number is known only once the workbook is open. */
      g_autoptr(CpQuoteSheet) first = cp_quote_sheet_new_from_file (argv[2], project, &error);
      guint n;

      if (first == NULL)
        return cp_cli_failure ("%s: %s", csv_name, error->message);
      n = cp_quote_sheet_get_n_sheets (first);
      for (guint i = 0; i < n && sheet_index < 0; i++)
        if (strcmp (cp_quote_sheet_get_sheet_name (first, i), sheet_name) == 0)
          sheet_index = (int) i;
      if (sheet_index < 0)
        {
          char *end = NULL;
          guint64 number = g_ascii_strtoull (sheet_name, &end, 10);
          if (end != sheet_name && *end == '\0' && number >= 1 && number <= n)
            sheet_index = (int) number - 1;
        }
      if (sheet_index < 0)
        return cp_cli_usage_error (n == 0 ? _("--sheet: %s is not a workbook") : _("--sheet: %s has no sheet “%s”"),
                                   csv_name, sheet_name);
    }
  sheet = cp_quote_sheet_new_from_file_full (argv[2], project, sheet_index, &error);
  if (sheet == NULL)
    return cp_cli_failure ("%s: %s", csv_name, error->message);
  if (!apply_mappings (sheet, mappings))
    return CP_CLI_EXIT_USAGE;
  if (vendor != NULL)
    cp_quote_sheet_set_vendor (sheet, vendor);
  result = cp_quote_sheet_read (sheet, &error);
  if (result == NULL && g_error_matches (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN)
      && cp_quote_sheet_get_n_sheets (sheet) > 1 && sheet_name == NULL)
    {
      g_autoptr(GString) sheets = g_string_new (NULL);

      for (guint i = 0; i < cp_quote_sheet_get_n_sheets (sheet); i++)
        /* Translators: a sheet's number and name in a list ("2 “报价”") */
        g_string_append_printf (sheets, _("%s%u “%s”"), i ? _(", ") : "", i + 1,
                                cp_quote_sheet_get_sheet_name (sheet, i));
      /* Translators: the file, the sheet read, the reason, the workbook's sheets */
      return cp_cli_failure (_("%s: sheet “%s”: %s; the workbook has other sheets: choose the one with the "
                               "quotes with --sheet (%s)"), csv_name,
                             cp_quote_sheet_get_sheet_name (sheet, (guint) cp_quote_sheet_get_sheet (sheet)),
                             error->message, sheets->str);
    }
  if (result == NULL && g_error_matches (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN))
    {
      g_autofree char *example = suggest_mapping (sheet);
      /* Translators: the reason, an example of --map ("机型=gpu"), the list of field names */
      return cp_cli_failure (_("%s: %s; name the column with --map, e.g. --map \"%s\" (fields: %s)"), csv_name,
                             error->message, example, field_names);
    }
  if (result == NULL)
    return cp_cli_failure ("%s: %s", csv_name, error->message);

  print_sheet (sheet, result, project);
  for (guint i = 0; i < result->errors->len; i++)
    {
      const CpCsvLineError *e = g_ptr_array_index (result->errors, i);
      g_printerr ("%s: %s\n", csv_name, e->message);
      if (i == 0 || e->line != ((const CpCsvLineError *) g_ptr_array_index (result->errors, i - 1))->line)
        n_bad_lines++;
    }
  if (result->quotes->len == 0)
    return cp_cli_failure (_("no row of %s can be imported"), csv_name);
  if (dry_run)
    return CP_CLI_EXIT_OK;

  if (result->errors->len > 0 && !accept)
    return cp_cli_failure (g_dngettext (GETTEXT_PACKAGE,
                                        "no quotes imported: correct the lines above, or pass "
                                        "--accept-good-lines to import the %u good one",
                                        "no quotes imported: correct the lines above, or pass "
                                        "--accept-good-lines to import the %u good ones",
                                        result->quotes->len),
                           result->quotes->len);

  store = cp_store_open (argv[1], FALSE, &error);
  if (store == NULL)
    return cp_cli_failure ("%s", error->message);
  g_clear_pointer (&project, cp_project_free);
  project = cp_store_load (store, &error);
  if (project == NULL)
    return cp_cli_failure ("%s", error->message);

  added = cp_quote_csv_add_to_project (result, project);
  if (!cp_store_save (store, project, &error))
    return cp_cli_failure ("%s", error->message);

  printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u quote", "Imported %u quotes", added), added);
  /* The skipped lines take their own plural ("1 lines … were" read wrong). */
  if (n_bad_lines > 0)
    printf (g_dngettext (GETTEXT_PACKAGE, "; %u line with errors was skipped", "; %u lines with errors were skipped",
                         n_bad_lines), n_bad_lines);
  printf ("\n");
  return CP_CLI_EXIT_OK;
}

static int
write_new_project (const char *path, CpProject *project)
{
  g_autoptr(GError) error = NULL;

  if (!cp_project_create_file (project, path, &error))
    return cp_cli_failure ("%s", error->message);
  {
    g_autofree char *jobs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u job", "%u jobs", project->jobs->len),
                                             project->jobs->len);
    g_autofree char *quotes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u quote", "%u quotes",
                                                            project->quotes->len), project->quotes->len);

    /* TRANSLATORS: after new or demo; the file, then the counts of jobs and quotes ("7 jobs", "1 quote") */
    printf (_("Wrote %s: %s, %s\n"), path, jobs, quotes);
  }
  return CP_CLI_EXIT_OK;
}

int
cp_cli_new (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autofree char *name = NULL;
  g_autofree char *start = NULL;
  GOptionEntry entries[] = {
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("The project's name (default: the file name)"), N_("NAME") },
    { "start", 0, 0, G_OPTION_ARG_STRING, &start,
      N_("The project's first day, such as 2027-03-01 (default: the day a report is made)"), N_("DATE") },
    { NULL }
  };

  context = cp_cli_option_context_new ("new PROJECT",
                                       _("Creates an empty project file; an existing file "
                                         "is never overwritten."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc != 2)
    return cp_cli_usage_error (_("new needs exactly one project file"));

  if (start && !cp_schedule_parse_date (start, NULL))
    return cp_cli_usage_error (_("--start: “%s” is not a date such as 2027-03-01"), start);

  project = cp_project_new ();
  g_free (project->name);
  project->name = name ? g_steal_pointer (&name) : cp_store_display_name (argv[1]);
  if (start)
    {
      g_free (project->start_date);
      project->start_date = g_steal_pointer (&start);
    }
  return write_new_project (argv[1], project);
}

int
cp_cli_demo (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(GError) error = NULL;
  GOptionEntry entries[] = { { NULL } };

  context = cp_cli_option_context_new ("demo PROJECT",
                                       _("Creates a project with example jobs and example "
                                         "quotes (invented vendors and prices); an existing "
                                         "file is never overwritten."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc != 2)
    return cp_cli_usage_error (_("demo needs exactly one project file"));

  project = cp_demo_project_new (&error);
  if (project == NULL)
    return cp_cli_failure ("%s", error->message);
  return write_new_project (argv[1], project);
}
