/* cp-report-job.c: one chapter per job in the report.
 *
 * Owns the job's comparison table with its bands, the cluster question,
 * the training layout, serving, failures and risks of the leading
 * options, and the job's charts (drawn by cp-chart.c from the job's
 * plan). */

#include "cp-report-private.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "planner/cp-serving.h"
#include "planner/cp-units.h"
#include "cp-chart.h"
#include "cp-i18n.h"
#include "cp-reason-lines.h"
#include "cp-reason-text.h"
#include "cp-reason-text-private.h"
#include "cp-report-doc.h"
#include "cp-report-sections.h"

/* The drawn height of each chart: on an A4 page two fit with their
 * headings, and the cost chart's two panels each keep the height of a
 * one-panel chart's plot. A chart takes the room left on its page down
 * to its smallest height, at which its labels still keep apart
 * (/report/chart/labels-apart) and its axis figures stay readable with
 * a two-line title (the demo's), rather than leave that room empty. */
#define MEMORY_CHART_HEIGHT 250.0
#define MEMORY_CHART_SMALLEST 220.0
#define COST_CHART_HEIGHT 360.0
#define COST_CHART_SMALLEST 300.0
/* Above and below a chart (cp-report-doc.c). */
#define CHART_SPACE 16.0

/* A chart of the job's chapter with its full and smallest heights. */
typedef struct {
  const CpChartData *data;      /* NULL: none for this job */
  double             height;
  double             smallest;
} ChartPlace;

typedef struct {
  const CpJob     *job;
  const CpPlan    *plan;
  const GPtrArray *changes;
} ReasonsOf;

/* Charts that wait for the next page the text reaches (Doc.page_started). */
typedef struct {
  Doc              *doc;
  const ChartPlace *charts;
  gboolean         *done;
  guint             n;
} Floats;

/* Text below a figure at a page's top keeps at least this much room: a
 * heading's keep-with-next was measured before the figure took its place. */
#define FLOAT_TEXT_ROOM 100.0

/* At the top of a page the text breaks to, the charts waiting, in their
 * order, while each leaves the text its room. */
static void
place_floats (gpointer data)
{
  Floats *floats = data;

  for (guint k = 0; k < floats->n; k++)
    {
      const ChartPlace *chart = &floats->charts[k];

      if (floats->done[k])
        continue;
      if (chart->data != NULL && !cp_doc_chart_fits (floats->doc, chart->smallest + FLOAT_TEXT_ROOM))
        break;
      floats->done[k] = TRUE;
      cp_doc_chart (floats->doc, chart->data,
                    MIN (chart->height, cp_doc_room (floats->doc) - FLOAT_TEXT_ROOM - CHART_SPACE),
                    chart->smallest);
    }
}

static void section_job_reasons_and_risks (Doc *doc, const CpJob *job, const CpPlan *plan,
                                           const GPtrArray *changes);

static void
lay_out_reasons (Doc           *doc,
                 gconstpointer  data)
{
  const ReasonsOf *reasons = data;

  section_job_reasons_and_risks (doc, reasons->job, reasons->plan, reasons->changes);
}

static char *
yes_no (gboolean value)
{
  return g_strdup (value ? _("Yes") : _("No"));
}

/* The Deadline met column: for a service, whether it carries its target
 * (a shortfall marked ✗ as a missed deadline reads "No"). Met at the
 * expected days but not at the range's slow end says so, as the window's
 * table does ("Met (misses at slow end)", cp-results-view-table.c): a
 * bare "Yes" beside a range past the deadline read as a promise (issue
 * #22). */
static char *
deadline_cell (const CpJob    *job,
               const CpOption *option,
               const char     *lang)
{
  const CpEstimate *e = &option->estimate;

  if (job->kind == CP_TASK_INFERENCE && e->fits)
    return cp_words_deadline_status (job, e, lang);
  if (cp_job_deadline_days (job) > 0 && e->meets_deadline &&
      option->range.calendar_days_high > cp_job_deadline_days (job))
    /* TRANSLATORS: the report's Deadline met cell: met at the expected days, missed at the range's slow end (the window's table says "Met (misses at slow end)") */
    return g_strdup (_("Yes (misses at the slow end)"));
  return cp_job_deadline_days (job) > 0 ? yes_no (e->meets_deadline) : g_strdup ("—");
}

/* Whether @job's options run a training layout (parallel sizes, ZeRO,
 * micro-batch, recompute) worth showing. */
gboolean
cp_report_job_has_layout (const CpJob *job)
{
  return cp_task_kind_is_training (job->kind);
}

guint
cp_report_listed_options (const CpPlan *plan)
{
  return MIN (plan->options->len, CP_REPORT_LISTED_OPTIONS);
}

/* A cost of the breakdown: a bare figure when the table names its
 * currency (@currency NULL), else money in @currency. Whole units, as
 * every sum the report prints: "92.00 CNY" in the tables beside "92 CNY"
 * on page 1 were two precisions for one figure (approver 21); unit
 * prices alone keep their cents. */
/* Whether some option of @plan can run its job at all. */
static gboolean
plan_runs (const CpPlan *plan)
{
  for (guint i = 0; i < plan->options->len; i++)
    if (g_array_index (plan->options, CpOption, i).estimate.fits)
      return TRUE;
  return FALSE;
}

/* Whether an option "Risks of each option" lists (the first
 * CP_OPTION_RISKS_LISTED that fit) has a risk. */
static gboolean
listed_options_have_risks (const CpProject *project,
                           const CpJob     *job,
                           const CpPlan    *plan,
                           const char      *lang)
{
  for (guint i = 0; i < MIN (plan->options->len, CP_OPTION_RISKS_LISTED); i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      g_autoptr(GPtrArray) risks = NULL;

      if (!option->estimate.fits)
        continue;
      risks = cp_option_risks (project, job, option, lang);
      if (risks->len > 0)
        return TRUE;
    }
  return FALSE;
}

static char *
cost_cell (double      amount,
           const char *currency,
           const char *lang)
{
  if (currency == NULL)
    return cp_i18n_format_number (amount, 0, lang);
  return cp_i18n_format_money_whole (amount, currency, lang);
}

/* "Whole offer, 4 nodes: 10.8 days, 380,000 CNY, communication 3% of the
 * run. Its calendar: 10.8 days = 4.8 h of run + …", or the node count
 * the plan chose: the time and the money the choice weighs, as the window
 * gives them (cp_words_offer()). */
static char *
offer_line (const CpProject  *project,
            const CpJob      *job,
            const CpOption   *option,
            const CpPlan     *plan,
            const CpEstimate *e,
            gboolean          whole_offer,
            const char       *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  g_autofree char *offer = cp_words_offer (project, job, quote, plan, e, lang);
  g_autofree char *calendar = NULL;
  g_autofree char *line = NULL;
  g_autofree char *cost = NULL;
  g_autofree char *assumed = NULL;

  /* An offer that cannot run has no calendar: the offer says why. */
  if (!e->fits || cp_estimate_layout_refused (e))
    return whole_offer
           /* TRANSLATORS: the quote's whole offer, with time, cost and communication share */
           ? g_strdup_printf (_("Whole offer, %s."), offer)
           /* TRANSLATORS: the node count the plan chose for a cluster quote, and why the job cannot run there */
           : g_strdup_printf (_("Chosen size, %s."), offer);
  calendar = cp_words_calendar (e, lang);
  line = whole_offer
         /* TRANSLATORS: a cluster quote's whole offer: node count, time, cost and communication share, then
          * what its calendar is made of */
         ? g_strdup_printf (_("Whole offer, %s. Its calendar: %s."), offer, calendar)
         /* TRANSLATORS: the node count the plan chose for a cluster quote, with time, cost and communication
          * share, then what its calendar is made of */
         : g_strdup_printf (_("Chosen size, %s. Its calendar: %s."), offer, calendar);
  /* The migration the calendar counts, said there to be assumed when
   * nobody described the team (walk36 F1); once a quote, on the chosen
   * size when it migrates too. */
  if (!whole_offer || !(option->estimate.migration_days > 0))
    assumed = cp_words_migration_assumed (job, e, lang);
  if (assumed != NULL)
    {
      char *with = g_strdup_printf (cp_i18n_is_chinese (lang) ? "%s%s" : "%s %s", line, assumed);

      g_free (line);
      line = with;
    }
  /* The whole offer's total in parts a lead adds by hand: "190,000 CNY"
   * over a one-node 32,000 could not be rebuilt from the differences
   * (walkthrough 31). The chosen size's parts are its row of "Where the
   * money goes". */
  cost = plan->cost_unknown || !whole_offer ? NULL : cp_words_cost_sum (project, option->quote_index, e, lang);
  if (cost == NULL)
    return g_steal_pointer (&line);
  /* TRANSLATORS: an offer's line, then what its cost is made of: "… Its cost: 128,000 CNY for 4 node-months of GPU time + … = 190,000 CNY." */
  return g_strdup_printf (_("%s Its cost: %s."), line, cost);
}

/* Each option that cannot run, and why (cp_words_refusal_line()). */
static void
section_job_refusals (Doc          *doc,
                      const CpJob  *job,
                      const CpPlan *plan)
{
  for (guint i = 0; i < cp_report_listed_options (plan); i++)
    {
      g_autofree char *line = cp_words_refusal_line (doc->project, job,
                                                     &g_array_index (plan->options, CpOption, i), doc->lang);

      if (line != NULL)
        cp_doc_paragraph_full (doc, doc->body, line, 0, 4, NULL);
    }
}

/* One machine or the cluster: for each cluster quote, what the calendar
 * of its chosen node count and of its whole offer is made of, so that a
 * whole offer barely faster than one machine is explained on the page. */
static void
section_job_cluster (Doc           *doc,
                     const CpJob   *job,
                     const CpPlan  *plan,
                     const CpSweep *sweep)
{
  const CpProject *project = doc->project;
  gboolean headed = FALSE;

  for (guint i = 0; i < cp_report_listed_options (plan); i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      g_autofree char *name = NULL;
      g_autofree char *chosen = NULL;

      if (!cp_quote_is_cluster (quote))
        continue;
      if (!headed)
        cp_doc_heading (doc, doc->h2, _("One machine or the cluster?"), 60);
      headed = TRUE;
      name = cp_words_quote_name (project, option->quote_index);
      chosen = offer_line (project, job, option, plan, &option->estimate, FALSE, doc->lang);
      {
        /* Why not fewer, cheaper nodes of the same quote (walkthrough
         * 31: a better team tripled the best price, unexplained). */
        g_autofree char *fewer = cp_words_fewer_nodes (project, job, plan, sweep, option, doc->lang);

        if (fewer != NULL)
          {
            g_autofree char *with = g_strdup_printf (cp_i18n_is_chinese (doc->lang) ? "%s%s" : "%s %s", chosen, fewer);

            g_free (chosen);
            chosen = g_steal_pointer (&with);
          }
      }
      /* The quote's name, a subheading, keeps its first line under it:
       * the Chinese demo's "示例供应商 F … 集群，RoCE 独享" sat alone at
       * a page's foot (approver 21). */
      cp_doc_ensure (doc, cp_doc_paragraph_height (doc, doc->bold, name, 0) + 2
                          + cp_doc_paragraph_height (doc, doc->body, chosen, 0));
      cp_doc_paragraph_full (doc, doc->bold, name, 0, 2, NULL);
      if (!option->has_full_offer || !option->full_offer.fits)
        {
          cp_doc_paragraph_full (doc, doc->body, chosen, 0, 6, NULL);
          continue;
        }
      cp_doc_paragraph_full (doc, doc->body, chosen, 0, 2, NULL);
      {
        g_autofree char *whole = offer_line (project, job, option, plan, &option->full_offer, TRUE, doc->lang);

        cp_doc_paragraph_full (doc, doc->body, whole, 0, 6, NULL);
      }
    }
}

/* The figures of @table's cells kept beside their measure words
 * (cp_i18n_join_measure_words()): Chinese broke "1 / 层" and "2 / 层"
 * across a cell's lines (approver 33, A17). */
static void
join_measure_words (Table      *table,
                    const char *lang)
{
  if (!cp_i18n_is_chinese (lang))
    return;
  for (guint r = 0; r < table->rows->len; r++)
    {
      char **cells = g_ptr_array_index (table->rows, r);

      for (guint c = 0; c < table->n_columns; c++)
        {
          char *joined = cp_i18n_join_measure_words (cells[c], lang);

          g_free (cells[c]);
          cells[c] = joined;
        }
    }
}

/* The recommended option's layout, why it was chosen and its runner-up,
 * then the layout of every option in a compact table. */
static void
section_job_layout (Doc          *doc,
                    const CpJob  *job,
                    const CpPlan *plan)
{
  static const double widths[] = { 0.065, 0.30, 0.145, 0.05, 0.07, 0.13, 0.12, 0.12 };
  static const gboolean numeric[] = { TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, FALSE, TRUE };
  const CpProject *project = doc->project;
  char *header[] = { _("Rank"), _("Quote"), _("TP × PP × DP"), _("EP"), _("ZeRO"), _("Micro-batch"),
                     _("Recompute"), _("Interleaving") };
  /* The detail tables under the comparison are in the small type. */
  Table table = { 8, widths, numeric, header, NULL, 0, doc->small };

  if (!cp_report_job_has_layout (job) || !plan_runs (plan))
    return;

  cp_doc_heading (doc, doc->h2, _("Training layout"), 60);
  if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);
      const CpEstimate *e = &option->estimate;
      g_autofree char *name = cp_words_quote_name (project, option->quote_index);
      g_autofree char *words = NULL;
      g_autofree char *chosen = NULL;
      g_autofree char *how = NULL;
      g_autofree char *batch = NULL;

      words = cp_words_estimate_layout (project, e, doc->lang);
      /* TRANSLATORS: the recommended option's quote and its layout */
      chosen = g_strdup_printf (_("Recommended option, %s: %s."), name, words);
      cp_doc_paragraph_full (doc, doc->bold, chosen, 0, 2, NULL);
      how = cp_words_layout_choice (project, e, doc->lang);
      cp_doc_paragraph_full (doc, doc->body, how, 0, 2, NULL);
      batch = cp_words_step_batch (e, doc->lang);
      cp_doc_paragraph_full (doc, doc->body, batch, 0, 6, NULL);
    }

  table.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; i < cp_report_listed_options (plan); i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpEstimate *e = &option->estimate;

      /* An option that cannot run has no layout to run in. */
      if (!e->fits)
        continue;
      cp_doc_table_add_row (&table,
                            cp_i18n_format_number (option->rank, 0, doc->lang),
                            cp_words_quote_name (project, option->quote_index),
                            g_strdup_printf ("%u × %u × %u", e->layout.tensor_parallel, e->layout.pipeline_parallel, e->layout.data_parallel),
                            cp_i18n_format_number (e->layout.expert_parallel, 0, doc->lang),
                            cp_i18n_format_number (e->layout.zero_stage, 0, doc->lang),
                            cp_i18n_format_number (e->layout.micro_batch, 0, doc->lang),
                            cp_words_recompute (e),
                            e->layout.pipeline_parallel > 1 ? cp_i18n_format_number (e->layout.virtual_stages, 0, doc->lang)
                                              : g_strdup ("—"));
    }
  join_measure_words (&table, doc->lang);
  if (table.rows->len > 0)
    cp_doc_table (doc, &table);
  g_ptr_array_unref (table.rows);
}

/* What each option of a service serves and what an output token costs,
 * with the figures behind them. */
static void
section_job_serving (Doc          *doc,
                     const CpJob  *job,
                     const CpPlan *plan)
{
  static const double widths[] = { 0.07, 0.22, 0.10, 0.08, 0.12, 0.12, 0.13, 0.16 };
  static const gboolean numeric[] = { TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE };
  const CpProject *project = doc->project;
  /* The token rates are one replica's, the requests the whole option's:
   * each heading says which, as the CLI's tables do (walkthrough 11 read
   * a replica's rate beside the option's requests as one basis). */
  char *header[] = { _("Rank"), _("Quote"), _("Replicas"), _("Batch"), _("Decode tokens/s per replica"),
                     _("Prefill tokens/s per replica"), _("Requests served (all replicas)"),
                     _("Per million output tokens") };
  Table table = { 8, widths, numeric, header, NULL, 0, doc->small };
  g_autofree char *prompt = NULL;
  g_autofree char *output = NULL;
  g_autofree char *basis = NULL;
  g_autofree char *bandwidth = NULL;

  if (job->kind != CP_TASK_INFERENCE || plan->options->len == 0)
    return;

  cp_doc_heading (doc, doc->h2, _("Serving throughput and cost per token"), 60);
  prompt = cp_i18n_format_number (job->prompt_tokens, 0, doc->lang);
  output = cp_i18n_format_number (job->output_tokens, 0, doc->lang);
  bandwidth = cp_i18n_format_number (CP_SERVING_BANDWIDTH_FRACTION * 100, 0, doc->lang);
  /* TRANSLATORS: how the serving table is computed; %s are the prompt and output tokens per request and a percentage */
  basis = g_strdup_printf (_("Requests of %s prompt and %s output tokens. Each decode step reads the weights and the running sequences' KV cache at %s%% of the GPU's memory bandwidth, or computes 2 FLOPs per active parameter and sequence, whichever is slower, plus the tensor-parallel all-reduces; prefill is compute-bound. Per token and per replica; requests served are those carried at once (at most the target) and per second."),
                           prompt, output, bandwidth);
  {
    /* The page states the service's days of use and the months billed:
     * the per-token cost is over the same (walk36 F11). */
    char *with = g_strdup_printf (cp_i18n_is_chinese (doc->lang) ? "%s%s" : "%s %s", basis,
                                  /* TRANSLATORS: how the serving table's cost per million output tokens is computed */
                                  _("Cost per million output tokens: what the rental bills for the service's days (whole months where billed by the month), divided by the output tokens served in those days."));

    g_free (basis);
    basis = with;
  }
  cp_doc_paragraph_full (doc, doc->body, basis, 0, 4, NULL);

  table.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; i < cp_report_listed_options (plan); i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      const CpEstimate *e = &option->estimate;

      cp_doc_table_add_row (&table,
                            cp_i18n_format_number (option->rank, 0, doc->lang),
                            cp_words_quote_name (project, option->quote_index),
                            cp_i18n_format_number (e->layout.data_parallel, 0, doc->lang),
                            cp_i18n_format_number (e->decode_batch, 0, doc->lang),
                            cp_i18n_format_number (e->decode_tokens_per_s, 0, doc->lang),
                            cp_i18n_format_number (e->prefill_tokens_per_s, 0, doc->lang),
                            cp_words_served (e, FALSE, doc->lang),
                            e->output_tokens_per_s > 0
                            ? cp_i18n_format_money (e->cost_per_million_output_tokens, quote->currency, doc->lang)
                            : g_strdup ("—"));
    }
  join_measure_words (&table, doc->lang);
  cp_doc_table (doc, &table);
  g_ptr_array_unref (table.rows);
}

/* Interruptions, checkpoints and goodput of every option of a training
 * job: the run times above already include them (cp-goodput.h). */
static void
section_job_failures (Doc          *doc,
                      const CpJob  *job,
                      const CpPlan *plan)
{
  static const double widths[] = { 0.065, 0.255, 0.15, 0.14, 0.13, 0.13, 0.13 };
  static const gboolean numeric[] = { TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE };
  const CpProject *project = doc->project;
  /* The count expected, which the risks give beside the chance of at
   * least one, each named ("0.008 interruptions are expected (a 0.8%
   * chance of at least one)"): "Interruptions 0.008" and
   * "0.8%" had read as one figure in two forms (approver 31, finding
   * 10). A column for the chance as well wrapped the headers onto two
   * lines and pushed the walkthrough-19 report to a sixth page. */
  char *header[] = { _("Rank"), _("Quote"), _("Interruptions"), _("Checkpoint write"),
                     _("Checkpoint every"), _("Lost"), _("Goodput") };
  Table table = { 7, widths, numeric, header, NULL, 0, doc->small };

  if (!cp_task_kind_is_training (job->kind) || plan->options->len == 0)
    return;

  table.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; i < cp_report_listed_options (plan); i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpEstimate *e = &option->estimate;

      /* An option that cannot run is never interrupted. */
      if (!e->fits)
        continue;
      cp_doc_table_add_row (&table,
                            cp_i18n_format_number (option->rank, 0, doc->lang),
                            cp_words_quote_name (project, option->quote_index),
                            cp_i18n_format_two_significant (e->expected_interruptions, doc->lang),
                            cp_words_duration (e->checkpoint_s, doc->lang),
                            /* No interval: nothing expected to fail, no checkpoint planned. */
                            e->checkpoint_interval_s > 0 ? cp_words_duration (e->checkpoint_interval_s, doc->lang)
                                                         : g_strdup (cp_words_capitalised (_("none"))),
                            cp_words_duration (e->lost_s, doc->lang),
                            cp_words_goodput (e->goodput, doc->lang));
    }
  join_measure_words (&table, doc->lang);
  if (table.rows->len > 0)
    cp_doc_table_under (doc, doc->h2, _("Interruptions and goodput"), &table);
  g_ptr_array_unref (table.rows);
}

/* A figure with its band under it, as plain numbers: "291,236 CNY" over
 * "241,560–362,322"; the figure alone where the band does not vary as
 * shown (approver 20: "30.0–30.0" under a 30-day rental). Takes @figure. */
static char *
band_cell (char       *figure,
           double      low,
           double      high,
           int         decimals,
           const char *lang)
{
  g_autofree char *owned = figure;
  g_autofree char *a = cp_i18n_format_number (low, decimals, lang);
  g_autofree char *b = cp_i18n_format_number (high, decimals, lang);
  g_autofree char *band = NULL;

  if (g_strcmp0 (a, b) == 0)
    return g_steal_pointer (&owned);
  /* TRANSLATORS: an assumption's spread, low to high, e.g. "0.47–0.63" */
  band = g_strdup_printf (_("%s–%s"), a, b);
  return g_strdup_printf ("%s\n%s", owned, band);
}

/* The notes typed with the quotes ("20,000 CNY monthly minimum"), under
 * the quotes table where the approver reads the quotes, once for all
 * jobs: they were in the XML alone (walkthrough 19). The planner does not
 * read them: a minimum a note states counts only where the quote's fields
 * state it too, and the lead says so. */
void
cp_report_section_quote_notes (Doc *doc)
{
  const CpProject *project = doc->project;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, q);
      g_autofree char *name = NULL;
      g_autofree char *notes = NULL;

      if (quote->notes == NULL)
        continue;
      notes = g_strstrip (g_strdup (quote->notes));
      if (*notes == '\0')
        continue;
      name = cp_words_quote_name (project, (int) q);
      /* TRANSLATORS: a quote's name, then the notes typed with it, as typed */
      g_ptr_array_add (lines, g_strdup_printf (_("%s: %s"), name, notes));
    }
  if (lines->len == 0)
    return;
  /* Three points apart, as the paragraphs above: bullets a point apart
   * read back (pdftotext) with or without a gap between them, as printed
   * or as exported, where the two must read the same (gui-window). */
  cp_doc_paragraph_full (doc, doc->small,
                         /* TRANSLATORS: above the quotes' notes, word for word: typed in the window, or the cells of the vendor's sheet the import keeps there (its 备注, a storage or configuration column), which "as typed" said nobody had typed (walk38b G10) */
                         _("Notes with the quotes, word for word, as typed or as in the vendor's sheet; the figures count only what the quotes' fields state:"),
                         0, 3, NULL);
  for (guint i = 0; i < lines->len; i++)
    cp_doc_paragraph_full (doc, doc->small, g_ptr_array_index (lines, i), 0, 3, NULL);
}

void
cp_report_section_job (Doc       *doc,
                       guint      job_index,
                       JobResult *result)
{
  static const double widths[] = { 0.07, 0.255, 0.08, 0.075, 0.16, 0.08, 0.12, 0.16 };
  static const gboolean numeric[] = { TRUE, FALSE, TRUE, FALSE, FALSE, TRUE, FALSE, TRUE };
  static const double cost_widths[] = { 0.26, 0.11, 0.11, 0.09, 0.09, 0.09, 0.11, 0.14 };
  static const gboolean cost_numeric[] = { FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE };
  const CpProject *project = doc->project;
  const CpJob *job = g_ptr_array_index (project->jobs, job_index);
  const CpPlan *plan = result->plan;
  char *header[] = { _("Rank"), _("Quote"), _("Nodes"), _("Fits"), _("Technique"), _("Days"),
                     _("Deadline met"), _("Total cost") };
  char *cost_header[] = { _("Quote"), _("Compute"), _("Debugging"), _("Network"), _("Storage"),
                          _("Fees"), _("Migration"), _("Total cost") };
  /* The ranking is read top to bottom as one list. */
  Table table = { 8, widths, numeric, header, NULL, 0, NULL, TRUE };
  Table costs = { 8, cost_widths, cost_numeric, cost_header, NULL, 0, doc->small };
  g_autofree char *heading = NULL;
  const char *currency = NULL;
  gboolean one_currency = TRUE;
  gboolean runs;
  gboolean time_in_hours;
  double time_unit_days;
  int time_decimals;

  /* TRANSLATORS: section heading; %s is a job's name */
  heading = g_strdup_printf (_("Job: %s"), job->name);
  if (plan == NULL)
    {
      cp_doc_heading (doc, doc->h1, heading, 60);
      return;
    }
  runs = plan_runs (plan);

  /* The breakdown shows bare figures under one currency named above it,
   * which leaves the quote's name room; mixed currencies keep theirs in
   * every cell. */
  for (guint i = 0; i < cp_report_listed_options (plan); i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);

      if (currency == NULL)
        currency = quote->currency;
      else if (g_ascii_strcasecmp (currency, quote->currency) != 0)
        one_currency = FALSE;
    }

  /* One unit and one precision down the time column: "0.12" above "0.1"
   * read the slower machine (0.13 days) as the faster (0.12; walk37 W1).
   * In hours where every option listed ends within a day, as the
   * window's Time column says them; with the decimals of the column's
   * shortest figure, its band's low end included, so that none reads
   * "0.0". */
  {
    double shortest_days = G_MAXDOUBLE, longest_days = 0;

    for (guint i = 0; i < cp_report_listed_options (plan); i++)
      {
        const CpOption *option = &g_array_index (plan->options, CpOption, i);

        if (!option->estimate.fits)
          continue;
        shortest_days = MIN (shortest_days, MIN (option->estimate.calendar_days, option->range.calendar_days_low));
        longest_days = MAX (longest_days, MAX (option->estimate.calendar_days, option->range.calendar_days_high));
      }
    time_in_hours = longest_days > 0 && longest_days < 1;
    time_unit_days = time_in_hours ? 1.0 / 24.0 : 1.0;
    time_decimals = cp_days_decimals (shortest_days < G_MAXDOUBLE ? shortest_days / time_unit_days : 1);
    /* TRANSLATORS: the comparison table's column of each option's calendar time, in hours when every option ends within a day */
    header[5] = time_in_hours ? _("Hours") : _("Days");
  }

  table.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  costs.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; i < cp_report_listed_options (plan); i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      const CpEstimate *e = &option->estimate;
      const char *cell_currency = one_currency ? NULL : quote->currency;

      /* An option that cannot run has no run time, deadline verdict or
       * cost to show: its reason follows the table. */
      if (!e->fits)
        {
          cp_doc_table_add_row (&table,
                                cp_i18n_format_number (option->rank, 0, doc->lang),
                                cp_words_quote_name (project, option->quote_index),
                                cp_i18n_format_number (e->nodes, 0, doc->lang),
                                g_strdup (cp_words_fits (e)), g_strdup ("—"), g_strdup ("—"), g_strdup ("—"),
                                g_strdup ("—"));
          continue;
        }
      cp_doc_table_add_row (&table,
                            cp_i18n_format_number (option->rank, 0, doc->lang),
                            cp_words_quote_name (project, option->quote_index),
                            cp_i18n_format_number (e->nodes, 0, doc->lang),
                            /* "Tight" above 90% of the memory, as the window's table says. */
                            g_strdup (cp_words_fits (e)),
                            cp_words_estimate_technique (job, e),
                            band_cell (cp_i18n_format_number (cp_words_finish_figure (e->calendar_days / time_unit_days,
                                                                               cp_job_deadline_days (job) / time_unit_days,
                                                                               time_decimals),
                                                       time_decimals, doc->lang),
                                       option->range.calendar_days_low / time_unit_days,
                                       option->range.calendar_days_high / time_unit_days, time_decimals, doc->lang),
                            deadline_cell (job, option, doc->lang),
                            plan->cost_unknown
                            ? g_strdup (_("needs a price"))
                            : band_cell (cp_i18n_format_money_whole (e->total_cost, quote->currency, doc->lang),
                                         option->range.total_cost_low, option->range.total_cost_high, 0, doc->lang));
      if (plan->cost_unknown)
        continue;
      {
        /* The parts as printed add up to the total as printed. */
        double shown[CP_N_COST_PARTS];
        /* A price the quote does not state is not a price of 0: the
         * demo's 70B job showed storage at 0 beside a quote with no
         * storage price (approver 20). The total leaves it out, as the
         * memo's "Not in the amount" says. */
        CpUnstatedCost unstated = cp_option_unstated_costs (job, quote, option);

        cp_estimate_shown_cost_parts (e, shown);
        cp_doc_table_add_row (&costs,
                              cp_words_quote_name (project, option->quote_index),
                              cost_cell (shown[0], cell_currency, doc->lang),
                              cost_cell (shown[1], cell_currency, doc->lang),
                              (unstated & CP_UNSTATED_NETWORK_FEE) != 0
                              /* TRANSLATORS: a cost breakdown's cell for a price the quote does not state */
                              ? g_strdup (_("not priced"))
                              : cost_cell (shown[2], cell_currency, doc->lang),
                              (unstated & CP_UNSTATED_STORAGE_PRICE) != 0
                              ? g_strdup (_("not priced"))
                              : cost_cell (shown[3], cell_currency, doc->lang),
                              cost_cell (shown[4], cell_currency, doc->lang),
                              cost_cell (shown[5], cell_currency, doc->lang),
                              cost_cell (round (e->total_cost), cell_currency, doc->lang));
      }
    }
  join_measure_words (&table, doc->lang);
  join_measure_words (&costs, doc->lang);
  /* The job's heading goes with its comparison's start, never alone at
   * the foot of a page. */
  if (table.rows->len > 0)
    {
      cp_doc_heading (doc, doc->h1, heading, cp_doc_table_lead_height (doc, doc->h2, _("Comparison of the quotes"), &table));
      cp_doc_table_under (doc, doc->h2, _("Comparison of the quotes"), &table);
      /* Rows of dashes have no figures to range. */
      if (runs)
        cp_doc_paragraph_full (doc, doc->small,
                               /* TRANSLATORS: under a job's comparison table, one line: its second line made the English job chapter a line longer than the Chinese and moved "Where the money goes" a page on (issue 22) */
                               _("Under each figure: its range, all assumptions optimistic to all pessimistic (see “Assumptions and conventions”)."),
                               0, 3, NULL);
      if (cp_report_listed_options (plan) < plan->options->len)
        {
          g_autofree char *listed = cp_i18n_format_number (cp_report_listed_options (plan), 0, doc->lang);
          g_autofree char *all = cp_i18n_format_number (plan->options->len, 0, doc->lang);
          /* TRANSLATORS: under a job's comparison table: how many options its chapter lists, of how many */
          g_autofree char *note = g_strdup_printf (_("This chapter lists the %s best-ranked of the %s quotes; the XML report lists all %s."),
                                                   listed, all, all);

          cp_doc_paragraph_full (doc, doc->small, note, 0, 3, NULL);
        }
    }
  else
    {
      /* An empty table under its heading said nothing of why. */
      cp_doc_heading (doc, doc->h1, heading, 40);
      cp_doc_paragraph_full (doc, doc->bold, _("No quote was compared for this job: add the vendors' quotes, then make this report again."),
                             0, 6, NULL);
    }
  section_job_refusals (doc, job, plan);
  /* A job no quote runs has no layout, cost or cost curve: its chapter
   * showed the headings "Training layout" and "Where the money goes" with
   * nothing under them and a cost chart of empty 0–1.5 axes (approver 36,
   * D14). One sentence says so and where the way out is. */
  if (!runs && plan->options->len > 0)
    cp_doc_paragraph_full (doc, doc->bold,
                           _("No quote can run this job, so this chapter has no layout, cost or cost chart. The reasons below say how much memory it needs (R1) and what would change the answer."),
                           0, 6, NULL);
  {
    /* Whether the choice holds over the assumptions' range, then what
     * it rests on that the quotes leave unstated, in one paragraph: the
     * two answer one question, how firm the choice is, and get one
     * answer. "Holds across the range" then "Not firm" read as a
     * contradiction (issue 22): a choice resting on what a quote leaves
     * out is not firm, whatever the range says, as page 1 and the
     * reasons list say it (cp_reason_lines()). */
    g_autofree char *unconfirmed = cp_words_unconfirmed (project, plan, doc->lang, NULL);
    /* Nothing meets the job only under the team R8 assumed: said first,
     * and the range not said to hold, as the window says it (walk38 F4). */
    g_autofree char *turns_on = cp_words_turns_on_team (project, plan, result->what_if, doc->lang);
    g_autoptr(GString) firm = g_string_new (turns_on);

    for (guint i = 0; i < plan->reasons->len; i++)
      {
        const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

        if (!cp_words_reason_said (reason, unconfirmed) ||
            (turns_on != NULL && reason->outcome == CP_OUTCOME_VERDICT_HOLDS))
          continue;
        if (reason->outcome == CP_OUTCOME_VERDICT_HOLDS || reason->outcome == CP_OUTCOME_VERDICT_FLIPS)
          {
            g_autofree char *text = cp_reason_text (reason, project, plan, doc->lang);

            if (firm->len > 0)
              {
                cp_doc_paragraph_full (doc, doc->bold, firm->str, 0, 6, NULL);
                g_string_truncate (firm, 0);
              }
            g_string_append (firm, text);
          }
      }
    if (unconfirmed != NULL)
      g_string_append_printf (firm, "%s%s", firm->len > 0 && !cp_i18n_is_chinese (doc->lang) ? " " : "", unconfirmed);
    if (firm->len > 0)
      cp_doc_paragraph_full (doc, doc->bold, firm->str, 0, 6, NULL);
  }
  section_job_cluster (doc, job, plan, result->sweep);
  section_job_layout (doc, job, plan);
  section_job_serving (doc, job, plan);
  section_job_failures (doc, job, plan);
  /* No price, no money to break down. */
  if (!plan->cost_unknown && one_currency && currency != NULL && costs.rows->len > 0)
    {
      g_autofree char *unit = NULL;

      /* TRANSLATORS: above the cost breakdown; %s is a currency such as "CNY" or "元" */
      unit = g_strdup_printf (_("Amounts in %s."), cp_i18n_currency_name (currency, doc->lang));
      /* Keeps the heading, this line and the table's header and first
       * row together, as measured: a guess of 60 pt moved them on from a
       * page with room for them (issue 22). */
      cp_doc_heading (doc, doc->h2, _("Where the money goes"),
                      cp_doc_paragraph_height (doc, doc->small, unit, 0) + 3 +
                      cp_doc_table_lead_height (doc, NULL, NULL, &costs));
      cp_doc_paragraph_full (doc, doc->small, unit, 0, 3, NULL);
      cp_doc_table (doc, &costs);
      cp_report_section_cost_inputs (doc, job, plan);
    }
  else if (!plan->cost_unknown && costs.rows->len > 0)
    {
      cp_doc_table_under (doc, doc->h2, _("Where the money goes"), &costs);
      cp_report_section_cost_inputs (doc, job, plan);
    }
  g_ptr_array_unref (table.rows);
  g_ptr_array_unref (costs.rows);

  /* The charts before the reasons, in their order while each fits where
   * it falls; from the first that does not, after the reasons and risks
   * when those break between lines past the page's end and so fill the
   * page the chart leaves (a float, as a book's figures are). A job
   * without a model (data processing) has no memory curve to show. */
  {
    /* A report that would end with a page barely begun is laid out again
     * with every chart at its smallest (cp-report-pdf.c). */
    gboolean smallest = doc->charts_smallest;
    const ChartPlace charts[] = {
      { job->model.params > 0 ? result->memory : NULL, smallest ? MEMORY_CHART_SMALLEST : MEMORY_CHART_HEIGHT,
        MEMORY_CHART_SMALLEST },
      /* No quote compared or none that runs the job, no cost to draw: an
       * empty frame said only that. */
      { runs ? result->cost : NULL, smallest ? COST_CHART_SMALLEST : COST_CHART_HEIGHT,
        COST_CHART_SMALLEST },
      { result->serving, smallest ? MEMORY_CHART_SMALLEST : MEMORY_CHART_HEIGHT, MEMORY_CHART_SMALLEST },
    };
    gboolean done[G_N_ELEMENTS (charts)] = { FALSE };
    Floats floats = { doc, charts, done, G_N_ELEMENTS (charts) };
    guint placed = 0;

    const ReasonsOf reasons = { job, plan, result->changes };

    for (; placed < G_N_ELEMENTS (charts); placed++)
      {
        /* Text that would leave the page less than two-thirds full
         * would leave a gap all the same: the chart then moves on in its
         * place (cp_doc_fills_page()). So does it
         * on a page already three-quarters full: the reasons then follow the
         * charts in both languages, where a Chinese page, shorter, began
         * the reasons under the tables while the English one, full, moved
         * the charts on first (issue 22: the same project's pages held
         * different things in each language). */
        if (charts[placed].data != NULL && !cp_doc_chart_fits (doc, charts[placed].smallest) &&
            doc->y - doc->top < (doc->bottom - doc->top) * 3 / 4 &&
            cp_doc_fills_page (doc, lay_out_reasons, &reasons))
          break;
        done[placed] = TRUE;
        cp_doc_chart (doc, charts[placed].data, charts[placed].height, charts[placed].smallest);
      }
    /* The charts left wait for the page the text breaks to, at its top
     * (the demo's Chinese page 17 ended two-thirds down: its cost chart
     * went on whole after the reasons, which had filled the page before). */
    if (placed < G_N_ELEMENTS (charts))
      {
        doc->page_started = place_floats;
        doc->page_started_data = &floats;
      }
    section_job_reasons_and_risks (doc, job, plan, result->changes);
    doc->page_started = NULL;
    doc->page_started_data = NULL;
    {
      /* After the text, the charts left in their order when they all fit
       * below it; else the largest that fits first, the others after it
       * on the next page, where the next chapter's text can follow them:
       * the 13B fine-tune's Chinese page 3 ended two-thirds down, its cost
       * chart moved on whole below the memory chart, mid-chapter. */
      for (guint n = placed; n < G_N_ELEMENTS (charts); n++)
        {
          double together = 0;
          guint next = G_N_ELEMENTS (charts);

          for (guint k = placed; k < G_N_ELEMENTS (charts); k++)
            if (!done[k] && charts[k].data != NULL)
              together += charts[k].smallest + (together > 0 ? CHART_SPACE : 0);
          if (together == 0)
            break;
          for (guint k = placed; k < G_N_ELEMENTS (charts); k++)
            {
              if (done[k])
                continue;
              if (next == G_N_ELEMENTS (charts))
                next = k;
              if (cp_doc_chart_fits (doc, together))
                break;
              if (charts[k].data != NULL && cp_doc_chart_fits (doc, charts[k].smallest) &&
                  (charts[next].data == NULL || !cp_doc_chart_fits (doc, charts[next].smallest) ||
                   charts[k].smallest > charts[next].smallest))
                next = k;
            }
          done[next] = TRUE;
          cp_doc_chart (doc, charts[next].data, charts[next].height, charts[next].smallest);
        }
    }
  }
}

/* A figure of a risk's sentence and what it measures: the words just
 * before it (back to the previous figure at most) and its unit. */
typedef struct {
  char *figure;
  char *measures;
} Figure;

static void
figure_free (Figure *figure)
{
  g_free (figure->figure);
  g_free (figure->measures);
  g_free (figure);
}

/* How many characters before a figure say what it measures: "chance of
 * at least one" is told from "interruptions" by the word before its
 * figure, in either language ("的概率", "次中断"). */
#define FIGURE_WORDS_CHARS 10

/* The words of @from up to @to that say what the figure after them
 * measures: at most the last FIGURE_WORDS_CHARS characters, whole words
 * of them, without the spaces and punctuation around them, case folded
 * ("a " and "A " name one chance). */
static char *
measured_words (const char *from,
                const char *to)
{
  g_autofree char *piece = g_strndup (from, to - from);
  g_autofree char *words = NULL;
  glong n_chars = g_utf8_strlen (piece, -1);
  const char *start = g_utf8_offset_to_pointer (piece, MAX (0, n_chars - FIGURE_WORDS_CHARS));
  const char *end = piece + strlen (piece);

  /* Whole words: a window that starts inside one starts after it. */
  if (start > piece && g_unichar_isalnum (g_utf8_get_char (g_utf8_find_prev_char (piece, start))))
    while (*start != '\0' && g_unichar_isalnum (g_utf8_get_char (start)) && g_utf8_get_char (start) < 0x80)
      start = g_utf8_next_char (start);
  while (*start != '\0' && (g_unichar_isspace (g_utf8_get_char (start)) || g_unichar_ispunct (g_utf8_get_char (start))))
    start = g_utf8_next_char (start);
  while (end > start)
    {
      const char *last = g_utf8_find_prev_char (start, end);
      gunichar c = g_utf8_get_char (last);

      if (!g_unichar_isspace (c) && !g_unichar_ispunct (c))
        break;
      end = last;
    }
  words = g_strndup (start, end - start);
  return g_utf8_casefold (words, -1);
}

/* The figures of @text (Figure), each with the unit that follows it
 * ("0.8%", "41 s", "10.5 days", "1,043 GiB") or the money sign before it
 * ("¥13,126"), and the words that say what it measures. */
static GPtrArray *
figures_of (const char *text)
{
  static const char *const units[] = { "%", " days", " day", " h", " min", " s", " GiB", " GB", " CNY",
                                       " 天", " 小时", " 分钟", " 秒" };
  GPtrArray *figures = g_ptr_array_new_with_free_func ((GDestroyNotify) figure_free);
  const char *previous_end = text;

  for (const char *p = text; *p != '\0';)
    {
      const char *start = p, *end, *unit = "";
      Figure *figure;

      if (!g_ascii_isdigit (*p))
        {
          p++;
          continue;
        }
      if (start - text >= 2 && strncmp (start - 2, "¥", 2) == 0)
        start -= 2;
      while (g_ascii_isdigit (*p) || ((*p == '.' || *p == ',') && g_ascii_isdigit (p[1])))
        p++;
      end = p;
      for (guint u = 0; u < G_N_ELEMENTS (units); u++)
        if (g_str_has_prefix (p, units[u]))
          {
            const char *after = p + strlen (units[u]);

            /* A unit, not the start of a word ("0.3 such"). */
            if (*after == '\0' || !g_ascii_isalpha (*after))
              {
                end = after;
                unit = units[u];
                break;
              }
          }
      figure = g_new0 (Figure, 1);
      figure->figure = g_strndup (start, end - start);
      {
        g_autofree char *words = measured_words (previous_end, MAX (start, previous_end));

        figure->measures = g_strdup_printf ("%s|%s", words, unit);
      }
      g_ptr_array_add (figures, figure);
      previous_end = end;
      p = end;
    }
  return figures;
}

/* The figure of @figures that measures what @measures says, when exactly
 * one does. */
static const Figure *
figure_measuring (const GPtrArray *figures,
                  const char      *measures)
{
  const Figure *found = NULL;

  for (guint k = 0; k < figures->len; k++)
    {
      const Figure *figure = g_ptr_array_index (figures, k);

      if (strcmp (figure->measures, measures) != 0)
        continue;
      if (found != NULL)
        return NULL;
      found = figure;
    }
  return found;
}

/* The length of @risk's first words: up to its first comma, colon or
 * semicolon that is not inside a figure. */
static gsize
head_length (const char *risk)
{
  gsize n = 0;

  for (;;)
    {
      n += strcspn (risk + n, ",:;");
      if (risk[n] != ',' || n == 0 || !g_ascii_isdigit (risk[n - 1]) || !g_ascii_isdigit (risk[n + 1]))
        return n;
      n++;
    }
}

char *
cp_report_figures_beside (const char *risk,
                          const char *first_risk,
                          const char *first_rank)
{
  g_autoptr(GPtrArray) own = figures_of (risk);
  g_autoptr(GPtrArray) first = figures_of (first_risk);
  g_autoptr(GString) pairs = g_string_new (NULL);
  g_autofree char *head = NULL;

  /* Each figure beside the first option's figure of the same measure,
   * never beside the one in the same place: a sentence whose figures
   * come in another order, or that lacks one, paired a chance with a
   * count. A figure without its one counterpart leaves the risk to be
   * said in full. */
  for (guint k = 0; k < own->len; k++)
    {
      const Figure *figure = g_ptr_array_index (own, k);
      const Figure *first_figure = figure_measuring (first, figure->measures);

      if (first_figure == NULL || figure_measuring (own, figure->measures) == NULL)
        return NULL;
      if (strcmp (figure->figure, first_figure->figure) == 0)
        continue;
      if (pairs->len > 0)
        /* TRANSLATORS: between the figures of a risk that a later option shares with the first */
        g_string_append (pairs, C_("risk figures", ", "));
      /* TRANSLATORS: a later option's figure in a risk, then the first option's rank and its figure: "2.3% (1: 0.8%)" */
      g_string_append_printf (pairs, _("%s (%s: %s)"), figure->figure, first_rank, first_figure->figure);
    }
  /* The risk named by its first words, up to its first comma or colon:
   * two bullets of "as listed for 1" did not say which risk each was. A
   * comma between digits is a figure's ("1,043 GiB"): cut there, the
   * risk read "CPU offload keeps 1" (appr33 A7). */
  head = g_strndup (risk, head_length (risk));
  if (g_utf8_strchr (head, -1, g_utf8_get_char ("，")) != NULL)
    *g_utf8_strchr (head, -1, g_utf8_get_char ("，")) = '\0';
  if (g_utf8_strchr (head, -1, g_utf8_get_char ("：")) != NULL)
    *g_utf8_strchr (head, -1, g_utf8_get_char ("：")) = '\0';
  /* A Chinese list's first item names the risk as well ("优化器状态、…"). */
  if (g_utf8_strchr (head, -1, g_utf8_get_char ("、")) != NULL)
    *g_utf8_strchr (head, -1, g_utf8_get_char ("、")) = '\0';
  if (pairs->len == 0)
    /* TRANSLATORS: under a later option's risks: the rank of the first option, whose risk it shares figure for figure, then the risk's first words */
    return g_strdup_printf (_("As listed for %s (“%s”), with the same figures."), first_rank, head);
  /* TRANSLATORS: under a later option's risks: the rank of the first option, whose risk it shares, the risk's first words, then this option's figures beside the first's */
  return g_strdup_printf (_("As listed for %s (“%s”), with this option's figures: %s."), first_rank, head, pairs->str);
}

/* The reasons behind the verdict, and the risks of the leading options. */
static void
section_job_reasons_and_risks (Doc             *doc,
                               const CpJob     *job,
                               const CpPlan    *plan,
                               const GPtrArray *changes)
{
  const CpProject *project = doc->project;
  /* Rule by rule, as the window lists them (cp-reason-lines.h). */
  g_autoptr(GPtrArray) rule_lines = cp_reason_rule_lines (project, plan, doc->lang, CP_REASON_IN_REPORT);

  if (plan->reasons->len > 0)
    cp_doc_heading (doc, doc->h2, _("Reasons"), 30);
  for (guint i = 0; i < rule_lines->len; i++)
    {
      const CpReasonRuleLine *line = g_ptr_array_index (rule_lines, i);

      cp_doc_paragraph_full (doc, doc->body, line->text, 26, 4, line->label);
    }

  /* What the window's "What would change it" says, from the same list
   * (cp-what-if.h): the price, memory or deadline that would change the
   * answer. */
  if (changes != NULL && changes->len > 0)
    {
      cp_doc_heading (doc, doc->h2, _("What would change it"), 30);
      for (guint i = 0; i < changes->len; i++)
        cp_doc_paragraph_full (doc, doc->body, g_ptr_array_index (changes, i), 10, 3, "•");
    }

  /* Not "Main risks": the memo's section has that title, and two sections
   * of one name with different contents confused an approver
   * (walkthrough 9). */
  /* Only options that can run the job: one that cannot is not rented,
   * and its interruptions were worked out for a run that never happens
   * (approver 36, D13). */
  /* None of them with a risk, nothing is said: "No risk stands out"
   * under each of three options was filler (read37 F13). */
  if (!listed_options_have_risks (project, job, plan, doc->lang))
    return;
  if (plan_runs (plan))
    cp_doc_heading (doc, doc->h2, _("Risks of each option"), 40);
  {
    /* A later option's risk that differs from one of the first option's
     * only in its figures is said by those figures. */
    g_autoptr(GPtrArray) first_risks = NULL;
    g_autofree char *first_rank = NULL;
    /* The ranks of the options with no risk, said once after the
     * others. */
    g_autoptr(GPtrArray) quiet_ranks = g_ptr_array_new_with_free_func (g_free);

    for (guint i = 0; i < MIN (plan->options->len, CP_OPTION_RISKS_LISTED); i++)
      {
        const CpOption *option = &g_array_index (plan->options, CpOption, i);
        g_autoptr(GPtrArray) risks = NULL;
        g_autofree char *name = NULL;
        g_autofree char *rank = NULL;
        g_autofree char *title = NULL;

        if (!option->estimate.fits)
          continue;
        risks = cp_option_risks (project, job, option, doc->lang);
        name = cp_words_quote_name (project, option->quote_index);
        rank = cp_i18n_format_number (option->rank, 0, doc->lang);
        /* TRANSLATORS: an option's rank and its quote, above its risks */
        title = g_strdup_printf (_("%s. %s"), rank, name);

        if (risks->len == 0)
          {
            g_ptr_array_add (quiet_ranks, g_strdup (rank));
            if (first_risks == NULL)
              {
                first_rank = g_steal_pointer (&rank);
                first_risks = g_ptr_array_ref (risks);
              }
            continue;
          }
        cp_doc_ensure (doc, 30);
        cp_doc_paragraph_full (doc, doc->bold, title, 0, 2, NULL);
        for (guint r = 0; r < risks->len; r++)
          {
            const char *risk = g_ptr_array_index (risks, r);
            guint first;

            if (first_risks != NULL && cp_option_risk_kind_index (risk, first_risks, &first))
              {
                /* "Applies too, with this option's own figures" gave
                 * none (approver 31, finding 9): each figure that
                 * differs, beside the first option's. */
                g_autofree char *figures = cp_report_figures_beside (risk, g_ptr_array_index (first_risks, first),
                                                                     first_rank);

                if (figures != NULL)
                  {
                    cp_doc_paragraph_full (doc, doc->body, figures, 14, 3, "•");
                    continue;
                  }
              }
            cp_doc_paragraph_full (doc, doc->body, risk, 14, 3, "•");
          }
        if (first_risks == NULL)
          {
            first_rank = g_steal_pointer (&rank);
            first_risks = g_ptr_array_ref (risks);
          }
      }
    if (quiet_ranks->len > 0)
      {
        g_autofree char *ranks = cp_words_join_names (quiet_ranks);
        /* TRANSLATORS: under "Risks of each option": the ranks of the options with no risk ("1, 2 and 3") */
        g_autofree char *line = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "No risk stands out in the numbers of option %s.",
                                                             "No risk stands out in the numbers of options %s.",
                                                             quiet_ranks->len),
                                                 ranks);

        cp_doc_paragraph_full (doc, doc->body, line, 0, 3, NULL);
      }
  }
}
