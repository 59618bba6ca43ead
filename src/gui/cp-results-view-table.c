/* cp-results-view-table.c: the comparison table of CpResultsView.
 *
 * Owns the table's columns and cells (bound once to each row's
 * CpOptionObject, so an in-place update changes only the labels whose
 * words changed), the words of each cell, the rows updated in place from
 * the plan (one splice when the ranking changes), and the wheel over the
 * table. The view's struct is in cp-results-view-private.h.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "report/cp-vendor-name.h"

#include "cp-labels.h"
#include "cp-option-object.h"
#include "cp-quote-name.h"
#include "cp-results-view.h"
#include "cp-results-view-private.h"

typedef CpOptionText Column;

static char *
format_bytes (CpResultsView *self,
              double         bytes)
{
  return cp_format_bytes (bytes, self->memory_unit);
}

/* Fits, using more than 90% of each GPU's memory: the main risks the
 * reports and this view list say so with the same test and words
 * (cp_words_memory_near_limit()); the table warns beside "Yes" too, as a
 * meeting read "Fits: Yes" at 79.6 of 80 GiB. */
static gboolean
option_fits_tightly (const CpOption *option)
{
  g_autofree char *near_limit = cp_words_memory_near_limit (&option->estimate, cp_labels_ui_language ());

  return near_limit != NULL;
}

/* The run's billed hours per node as the vendor bills them: whole hours
 * (or the quote's steps, or its minimum term), with the rule. On one
 * machine the run continues the debugging rental (cp-estimate-cost.c), so
 * the rounded figure is that rental's and the run's share (by hours) is
 * said after it: shown alone, "31.2" read as if billing were not hourly. */
/* An unstated network fee in an option's cost breakdown: the recommended
 * option's with the plan's estimate, which its total leaves out (walk35
 * Y1, Y6: the fee read as nothing); any other's as not priced. */
static char *
unstated_network_text (const CpProject *project,
                       const CpPlan    *plan,
                       const CpOption  *option,
                       const char      *lang)
{
  g_autofree char *estimate = NULL;

  if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len &&
      option->quote_index == g_array_index (plan->options, CpOption, plan->recommended).quote_index)
    estimate = cp_words_network_fee_estimate (project, plan, lang);
  if (estimate == NULL)
    return g_strdup (_("not priced"));
  /* TRANSLATORS: an option's network cost when its quote states no fee: the plan's estimate ("about 3,000 CNY at Vendor E’s 1,500 CNY per node-month") */
  return g_strdup_printf (_("not stated; %s, not in the total"), estimate);
}

static char *
billed_hours_text (const CpProject *project,
                   const CpOption  *option,
                   const char      *lang)
{
  const CpEstimate *estimate = &option->estimate;
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  double run_h = estimate->total_s / 3600.0;
  double debug_h = estimate->debug_days * 24.0;
  gboolean shared = estimate->nodes == 1 && debug_h > 0 && run_h > 0;
  /* What the shared rental was rounded to; the run's part is its own
   * hours billed as if alone, debugging the rest (cp-estimate-cost.c). */
  double rental_h = shared ? cp_quote_billed_hours (quote, &project->settings, run_h + debug_h) : estimate->billed_hours;
  double term_h = cp_quote_minimum_term_h (quote, &project->settings);
  double step_h = cp_quote_billing_granularity_h (quote, &project->settings);
  double rental_shown_h = round (rental_h * 10) / 10;
  g_autofree char *rental = cp_i18n_format_number (rental_shown_h, rental_shown_h == floor (rental_shown_h) ? 0 : 1, lang);
  g_autofree char *run = cp_i18n_format_number (estimate->billed_hours, 1, lang);
  g_autofree char *rule = NULL;

  if (term_h > 0 && rental_h <= term_h + 1e-6)
    {
      g_autofree char *term = cp_i18n_format_number (term_h, 0, lang);

      /* TRANSLATORS: how billed hours were counted; %s is the quote's minimum term in hours */
      rule = g_strdup_printf (_("the minimum term of %s hours"), term);
    }
  else if (step_h == 1)
    rule = g_strdup (_("by the hour, rounded up"));
  else if (step_h == 24)
    rule = g_strdup (_("by the day, rounded up"));
  else if (step_h == project->settings.hours_per_month)
    rule = g_strdup (_("by the month, rounded up to whole months"));
  else if (step_h > 0)
    {
      g_autofree char *step = cp_i18n_format_number (step_h, step_h == floor (step_h) ? 0 : 1, lang);

      /* TRANSLATORS: how billed hours were counted; %s is the quote's billing step in hours */
      rule = g_strdup_printf (_("in steps of %s hours, rounded up"), step);
    }
  else
    rule = g_strdup (_("as used, not rounded"));

  if (shared)
    /* The share is of the hours billed, rounded up, so it can exceed
     * the run time above it ("Run time: 32.8 h" beside "33.1 hours" read
     * as a fault, walk 22, W): it says so.
     * TRANSLATORS: hours billed for one machine, the billing rule, then the run's part of those hours, its own hours rounded up as if billed alone */
    return g_strdup_printf (_("Billed: %s hours of one machine, debugging and the run together (%s)\n"
                              "The run's part, billed as if alone: %s hours; debugging adds the rest"), rental, rule, run);
  /* TRANSLATORS: hours billed per node, then the billing rule */
  return g_strdup_printf (_("Billed: %s hours per node (%s)"), rental, rule);
}

static char *cell_text (CpResultsView *self, const CpProject *project, const CpOption *option, const char *name,
                        const char *currency, const CpJob *job, Column column);

/* Whether the Time column says hours: where every option that runs ends
 * within a day, its range's slow end too, as the report's table
 * (cp-report-job.c); else days for all. A row's own unit put "1.2 天 /
 * 1.0–1.7" above "11.0 小时 / 8.9–14.1 小时", the faster option reading
 * ten times slower down the column (walk37b U7). */
static gboolean
time_in_hours (const CpPlan *plan)
{
  gboolean any = FALSE;

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (!option->estimate.fits || cp_estimate_layout_refused (&option->estimate))
        continue;
      if (MAX (option->estimate.calendar_days, option->range.calendar_days_high) >= 1)
        return FALSE;
      any = TRUE;
    }
  return any;
}

/* The band under a figure, "@low–@high", as shown; nothing where it
 * does not vary as shown: "68,000–68,000" under a month's rent (walk39),
 * where the report's table gives the figure alone (band_cell() in
 * cp-report-job.c). */
static char *
band_text (const char *low,
           const char *high)
{
  if (g_strcmp0 (low, high) == 0)
    return g_strdup ("");
  /* TRANSLATORS: an assumption's spread, low to high, e.g. "0.47–0.63" */
  return g_strdup_printf (_("%s–%s"), low, high);
}

/* @days in the column's unit (time_in_hours()), as a number: hours to a
 * tenth, or days as cp_i18n_format_days() gives them; rounded up when
 * past @deadline_days (0: none), as the Deadline cell says how late. */
static char *
time_number (const CpPlan *plan,
             double        days,
             double        deadline_days,
             int           day_decimals,
             const char   *lang)
{
  if (time_in_hours (plan))
    return cp_i18n_format_number (cp_words_finish_figure (days * 24, deadline_days * 24, 1), 1, lang);
  return cp_i18n_format_number (cp_words_finish_figure (days, deadline_days, day_decimals), day_decimals, lang);
}

/* The row's details: its nodes, memory and technique, and a service's
 * tokens/s and requests served, which a narrow table goes without
 * (fit_table_columns()), said first in the popover of its ⋮ button. */
static char *
details_text (CpResultsView   *self,
              const CpProject *project,
              const CpOption  *option,
              const char      *name,
              const CpJob     *job)
{
  g_autofree char *nodes = cell_text (self, project, option, name, NULL, job, CP_OPTION_TEXT_NODES_OFFERED);
  g_autofree char *memory = cell_text (self, project, option, name, NULL, job, CP_OPTION_TEXT_MEMORY);
  g_autofree char *technique = cell_text (self, project, option, name, NULL, job, CP_OPTION_TEXT_TECHNIQUE);
  g_autofree char *serving = cell_text (self, project, option, name, NULL, job, CP_OPTION_TEXT_SERVING_DETAILS);

  /* TRANSLATORS: the first lines of a row's details in the results table: its nodes ("1 of the 4 nodes
   * offered, 8 GPUs"), memory per GPU needed / available, and memory technique */
  g_autofree char *details = g_strdup_printf (_("Nodes: %s\nMemory per GPU: %s\nTechnique: %s"), nodes, memory, technique);

  if (serving == NULL)
    return g_steal_pointer (&details);
  return g_strdup_printf ("%s\n%s", details, serving);
}

static char *
cell_text (CpResultsView   *self,
           const CpProject *project,
           const CpOption  *option,
           const char      *name,
           const char      *currency,
           const CpJob     *job,
           Column           column)
{
  const CpEstimate *estimate = &option->estimate;
  const char *lang = cp_labels_ui_language ();

  /* A layout the job pins and this offer cannot take ran nothing: no
   * memory, time or cost to show ("0 B", "0.0 days", "0 CNY" were shown),
   * and the details say why (issue 20). */
  if (cp_estimate_layout_refused (estimate))
    switch (column)
      {
      case CP_OPTION_TEXT_MEMORY:
      case CP_OPTION_TEXT_TECHNIQUE:
      case CP_OPTION_TEXT_DAYS:
      case CP_OPTION_TEXT_COST:
      case CP_OPTION_TEXT_COST_RANGE:
      case CP_OPTION_TEXT_DAYS_RANGE:
        return g_strdup ("—");
      case CP_OPTION_TEXT_BREAKDOWN:
        return cp_words_refusal (project, job, g_ptr_array_index (project->quotes, option->quote_index), estimate,
                                 lang);
      default:
        break;
      }

  switch (column)
    {
    case CP_OPTION_TEXT_RANK:
      return g_strdup_printf ("%u", option->rank);
    case CP_OPTION_TEXT_QUOTE:
      return g_strdup (name);
    case CP_OPTION_TEXT_QUOTE_SHORT:
      /* "深圳鹏城智算 — 8卡H100", not "深圳鹏城智算科技有限…": the legal
       * form goes before what tells the quotes apart (issue 26); the
       * tooltip has the whole name. */
      return cp_quote_name_shorten_vendor (g_ptr_array_index (project->quotes, option->quote_index),
                                           project->quotes, name);
    case CP_OPTION_TEXT_QUOTE_CELL:
      {
        const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
        /* The option's machines as the chart's readout and the report
         * name them: "8 × H800" on a 10-node option read as one machine
         * (issue 26). */
        g_autofree char *machines = cp_words_machines (quote, estimate->nodes, lang);

        /* R6 says why (cp_quote_price_is_plausible()). */
        if (!cp_quote_price_is_plausible (quote, &project->settings))
          /* TRANSLATORS: the Quote cell's machines ("8 × H800") of a quote whose price looks typed in the wrong unit */
          return g_strdup_printf (_("⚠ %s (price?)"), machines);
        return g_steal_pointer (&machines);
      }
    case CP_OPTION_TEXT_FITS:
      if (option_fits_tightly (option))
        /* TRANSLATORS: the Fits column: fits, above 90% of each GPU's memory */
        return g_strdup (_("⚠ Tight"));
      return g_strdup (cp_words_yes_no (estimate->fits));
    case CP_OPTION_TEXT_NODES:
      /* The report's figure, as its table prints it: "1 of 2 (8 GPUs)"
       * here beside "1" in the PDF read as two answers (issue 26). */
      return cp_i18n_format_number (estimate->nodes, 0, lang);
    case CP_OPTION_TEXT_GPUS:
      /* Small under the figure, as the ranges are under theirs: on one
       * line "1 of 4 (8 GPUs)" was cut at 1024 px in present mode. */
      /* TRANSLATORS: under a node count in the results table: the GPUs they have, e.g. "8 GPUs" */
      return g_strdup_printf (_("%u GPUs"), estimate->gpus);
    case CP_OPTION_TEXT_NODES_OFFERED:
      if (option->has_full_offer)
        /* TRANSLATORS: the results table's Nodes tooltip: nodes used, nodes the quote offers, GPUs used */
        return g_strdup_printf (_("%u of the %u nodes offered, %u GPUs"), estimate->nodes, option->full_offer.nodes,
                                estimate->gpus);
      /* TRANSLATORS: the results table's Nodes tooltip: nodes used and their GPUs */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u node, %u GPUs", "%u nodes, %u GPUs", estimate->nodes),
                              estimate->nodes, estimate->gpus);
    case CP_OPTION_TEXT_MEMORY:
      {
        g_autofree char *need = format_bytes (self, estimate->memory_per_gpu_bytes);
        g_autofree char *have = format_bytes (self, estimate->available_per_gpu_bytes);
        const char *need_unit = strrchr (need, ' ');
        const char *have_unit = strrchr (have, ' ');

        /* Small under Fits, whose "⚠ Tight" or "No" it explains
         * (walk33 W17: in a column of its own it was scrolled out of
         * view at 1024 and 1366 px): the unit once, "78.8/80.0 GiB". */
        if (need_unit != NULL && have_unit != NULL && strcmp (need_unit, have_unit) == 0)
          need[need_unit - need] = '\0';
        /* TRANSLATORS: memory per GPU needed / available, tight under Fits ("78.8/80.0 GiB"); a job that
         * does not fit has "No" in red above it */
        return g_strdup_printf (C_("results table", "%s/%s"), need, have);
      }
    case CP_OPTION_TEXT_TECHNIQUE:
      /* The report's words for it (cp-report-job.c): "As configured"
       * here where the PDF said "LoRA" (issue 26); none for an option
       * that cannot run, as its row there ("Full recompute" here beside
       * the PDF's "—"). */
      if (!estimate->fits)
        return g_strdup ("—");
      return cp_words_estimate_technique (job, estimate);
    case CP_OPTION_TEXT_DAYS:
      /* An option that cannot run has no time or cost to compare: the
       * report leaves them out, and a figure here was read as a price
       * for running it (walkthrough 8). */
      if (!estimate->fits)
        return g_strdup ("—");
      {
        g_autofree char *number = time_number (self->plan, estimate->calendar_days, cp_job_deadline_days (job),
                                               cp_days_decimals (estimate->calendar_days), lang);

        return time_in_hours (self->plan)
               /* TRANSLATORS: a duration; %s is a number of hours */
               ? g_strdup_printf (_("%s h"), number)
               /* TRANSLATORS: a duration in days; %s is a number such as "12.5" */
               : g_strdup_printf (_("%s days"), number);
      }
    case CP_OPTION_TEXT_DEADLINE:
      if (job->kind == CP_TASK_INFERENCE)
        {
          /* A service's column is titled "Serves" (fill_options()): its
           * cell says how many of the target, without the word the
           * report's sentence has ("Serves 200 of 200"), which made the
           * table at 1024 px wider than its pane (issue 26). */
          g_autofree char *served = NULL;
          g_autofree char *target = NULL;

          if (!estimate->fits)
            return g_strdup ("—");
          served = cp_i18n_format_number (estimate->concurrency_served, 0, lang);
          target = cp_i18n_format_number (job->concurrency, 0, lang);
          if (estimate->concurrency_served < job->concurrency)
            /* TRANSLATORS: the results table's Serves column: concurrent requests an option carries, of the target, short of it */
            return g_strdup_printf (_("%s of %s ✗"), served, target);
          /* TRANSLATORS: the results table's Serves column: concurrent requests an option carries, of the target */
          return g_strdup_printf (_("%s of %s"), served, target);
        }
      /* Met at the expected figure only, as the memo's answer says it:
       * "Met" over a range that runs past the deadline read as a promise
       * (issue 26: the runner-up). */
      if (cp_job_deadline_days (job) > 0 && estimate->fits && estimate->meets_deadline &&
          option->range.calendar_days_high > cp_job_deadline_days (job))
        /* Three short lines: "(misses at slow end)" on one widened the
         * column, and the LoRA job's table at 1600 × 1000 scrolled
         * sideways (issue 26). */
        /* TRANSLATORS: the results table's Deadline cell, on three short lines: met at the expected days, missed at the range's slow end */
        return g_strdup (_("Met\n(misses at\nslow end)"));
      return cp_words_deadline_status (job, estimate, lang);
    case CP_OPTION_TEXT_COST:
      if (!estimate->fits)
        return g_strdup ("—");
      return cp_words_plan_money_whole (self->plan, estimate->total_cost, currency, lang);
    case CP_OPTION_TEXT_COST_RANGE:
      if (self->plan->cost_unknown || !estimate->fits)
        return g_strdup ("—");
      {
        /* Plain numbers: the currency is on the figure above. */
        g_autofree char *low = cp_i18n_format_number (option->range.total_cost_low, 0, lang);
        g_autofree char *high = cp_i18n_format_number (option->range.total_cost_high, 0, lang);

        return band_text (low, high);
      }
    case CP_OPTION_TEXT_DAYS_RANGE:
      if (!estimate->fits)
        return g_strdup ("—");
      {
        /* In the cell's unit, "4.6–7.2 h"; in days with the low end's
         * decimals for both ends: "0.03–0.05", not "0.03–0.1". */
        int decimals = cp_days_decimals (option->range.calendar_days_low);
        g_autofree char *low = time_number (self->plan, option->range.calendar_days_low, 0, decimals, lang);
        g_autofree char *high = time_number (self->plan, option->range.calendar_days_high, 0, decimals, lang);
        g_autofree char *numbers = band_text (low, high);

        if (time_in_hours (self->plan) && *numbers != '\0')
          /* TRANSLATORS: a duration; %s is a number of hours */
          return g_strdup_printf (_("%s h"), numbers);
        return g_steal_pointer (&numbers);
      }
    case CP_OPTION_TEXT_BREAKDOWN:
      {
        g_autofree char *compute = cp_i18n_format_money (estimate->compute_cost, currency, lang);
        g_autofree char *debug = cp_i18n_format_money (estimate->debug_cost, currency, lang);
        /* A price the quote does not state is not a price of 0, as the
         * report's cost table says it (cp-report-job.c): "Storage: 0 CNY"
         * read as free storage (walk 22, W). */
        const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
        CpUnstatedCost unstated = cp_option_unstated_costs (job, quote, option);
        g_autofree char *network = (unstated & CP_UNSTATED_NETWORK_FEE) != 0
                                   ? unstated_network_text (project, self->plan, option, lang)
                                   : cp_i18n_format_money (estimate->network_cost, currency, lang);
        g_autofree char *storage = (unstated & CP_UNSTATED_STORAGE_PRICE) != 0
                                   ? g_strdup (_("not priced"))
                                   : cp_i18n_format_money (estimate->storage_cost, currency, lang);
        g_autofree char *fees = cp_i18n_format_money (estimate->fees_cost, currency, lang);
        g_autofree char *engineering = cp_i18n_format_money (estimate->engineering_cost, currency, lang);
        g_autofree char *total = cp_i18n_format_money_whole (estimate->total_cost, currency, lang);
        g_autofree char *billed = billed_hours_text (project, option, lang);
        g_autofree char *run = cp_words_duration (estimate->total_s, lang);
        g_autofree char *goodput = cp_words_goodput (estimate->goodput, lang);
        g_autofree char *interruptions = cp_words_interruptions (estimate->expected_interruptions, lang);
        g_autofree char *checkpoint = cp_words_duration (estimate->checkpoint_s, lang);
        g_autofree char *interval = cp_words_duration (estimate->checkpoint_interval_s, lang);
        g_autofree char *breakdown = NULL;
        g_autofree char *failures = NULL;
        g_autofree char *details = NULL;

        if (self->plan->cost_unknown)
          /* TRANSLATORS: an option's details when no quote has a price to compare: run time, billed hours, time source */
          breakdown = g_strdup_printf (_("Cost: unknown without a price to compare\n\n"
                                         "Run time: %s\n%s\n"
                                         "Time figures: %s"),
                                       run, billed, cp_words_time_source (estimate->time_source));
        else
          breakdown = g_strdup_printf (_("Compute: %s\n"
                                       "Debugging on one machine: %s\n"
                                       "Network: %s\n"
                                       "Storage: %s\n"
                                       "Management and setup: %s\n"
                                       "Migration engineering: %s\n"
                                       "Total: %s\n\n"
                                       "Run time: %s\n%s\n"
                                       "Time figures: %s"),
                                     compute, debug, network, storage, fees, engineering, total,
                                     run, billed, cp_words_time_source (estimate->time_source));
        /* The interruptions in the report's words, count and chance each
         * named (cp_words_interruptions()), on a line of their own. */
        if (estimate->checkpoint_interval_s > 0)
          /* TRANSLATORS: a percentage, then two durations, then the interruptions expected ("0.057 interruptions are expected (a 5.6% chance of at least one)") */
          failures = g_strdup_printf (_("Goodput: %s (a %s checkpoint every %s)\n%s"),
                                      goodput, checkpoint, interval, interruptions);
        else
          /* TRANSLATORS: a percentage, then the interruptions expected ("0.057 interruptions are expected (a 5.6% chance of at least one)") */
          failures = g_strdup_printf (_("Time up: %s\n%s"), goodput, interruptions);
        details = details_text (self, project, option, name, job);
        return g_strdup_printf ("%s\n\n%s\n%s", details, breakdown, failures);
      }
    case CP_OPTION_TEXT_TOKEN_COST:
      /* Nothing served, nothing to price. */
      if (!(estimate->output_tokens_per_s > 0))
        return g_strdup ("—");
      /* A price per unit keeps its cents (0.94 CNY, not the whole 1 CNY
       * totals are rounded to). */
      return cp_words_plan_money (self->plan, estimate->cost_per_million_output_tokens, currency, lang);
    case CP_OPTION_TEXT_TOKEN_COST_BASIS:
      {
        /* The figure is the hourly rent and monthly fees over the tokens
         * an hour outputs (cp-serving.c), as the report's serving table
         * has it: a one-time setup fee is in the total cost, not here,
         * which the cell did not say (issue 26). */
        const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
        g_autofree char *fee = NULL;

        /* No figure, nothing to explain: no tooltip. */
        if (!(estimate->output_tokens_per_s > 0))
          return NULL;
        if (!(quote->setup_fee > 0))
          return g_strdup (_("The GPUs’ rent and the monthly fees for an hour of serving, over the tokens output in it"));
        fee = cp_i18n_format_money (quote->setup_fee * cp_quote_vat_factor (quote, &project->settings), currency, lang);
        /* TRANSLATORS: tooltip of a service's cost per million output tokens; %s is the quote's one-time setup fee */
        return g_strdup_printf (_("The GPUs’ rent and the monthly fees for an hour of serving, over the tokens output in it. "
                                  "Not the one-time setup fee of %s, which is in the total cost."), fee);
      }
    case CP_OPTION_TEXT_THROUGHPUT:
      if (!(estimate->output_tokens_per_s > 0))
        return g_strdup ("—");
      {
        g_autofree char *decode = cp_i18n_format_number (estimate->decode_tokens_per_s, 0, lang);
        g_autofree char *prefill = cp_i18n_format_number (estimate->prefill_tokens_per_s, 0, lang);

        /* TRANSLATORS: tokens per second of one replica: decoding at the running batch, then prefilling prompts */
        return g_strdup_printf (_("%s decode, %s prefill"), decode, prefill);
      }
    case CP_OPTION_TEXT_SERVED:
      if (!(estimate->output_tokens_per_s > 0))
        return g_strdup ("—");
      return cp_words_served (estimate, TRUE, lang);
    case CP_OPTION_TEXT_SERVING_DETAILS:
      /* The two serving columns a narrow table folds away first
       * (fit_table_columns()), on the row still: the Serves cell's
       * tooltip and the details say them, on one line each. */
      if (job->kind != CP_TASK_INFERENCE)
        return NULL;
      {
        g_autofree char *throughput = cell_text (self, project, option, name, currency, job, CP_OPTION_TEXT_THROUGHPUT);
        g_autofree char *served = estimate->output_tokens_per_s > 0 ? cp_words_served (estimate, FALSE, lang)
                                                                    : g_strdup ("—");
        g_autofree char *days = cell_text (self, project, option, name, currency, job, CP_OPTION_TEXT_DAYS);
        g_autofree char *band = cell_text (self, project, option, name, currency, job, CP_OPTION_TEXT_DAYS_RANGE);
        g_autofree char *time = NULL;

        /* The Time cell's figure and its band under it, on one line. */
        if (*band == '\0' || strcmp (band, "—") == 0)
          time = g_steal_pointer (&days);
        else
          /* TRANSLATORS: a service's time in its row's details, then its low–high band ("30.0 days (29.0–31.0)") */
          time = g_strdup_printf (C_("results table", "%s (%s)"), days, band);
        /* TRANSLATORS: a service's row in the results table, in its Serves tooltip and details: the
         * "Tokens/s per replica", "Requests served" and "Time" columns' words, which a narrow table leaves out */
        return g_strdup_printf (_("Tokens/s per replica: %s\nRequests served: %s\nTime: %s"), throughput, served, time);
      }
    case CP_N_OPTION_TEXTS:
    default:
      g_assert_not_reached ();
    }
}

static GtkExpression *
item_text_expression (Column column)
{
  GtkExpression *item = gtk_property_expression_new (GTK_TYPE_LIST_ITEM, NULL, "item");

  return gtk_property_expression_new (CP_TYPE_OPTION_OBJECT, item, cp_option_text_property (column));
}

/* The cost breakdown's button, in the Total cost cell beside the figure
 * it explains: in a column of its own (titled, as untitled its button
 * read as part of the Deadline column), it cost the table at 1024 and
 * 1280 px the width of the Calendar column (walkthrough 9). */
static GtkWidget *
breakdown_button (GtkListItem *item)
{
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  _cp_results_view_keep_selectable_unfocused (GTK_LABEL (label));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "numeric");
  gtk_popover_set_child (GTK_POPOVER (popover), label);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
  /* TRANSLATORS: the tooltip of a results table row's ⋮ button: its nodes, memory and technique, then its costs */
  gtk_widget_set_tooltip_text (button, _("Details and cost breakdown"));
  gtk_widget_add_css_class (button, "flat");
  /* Narrow: at 1024 px the table fits its pane (walk33 W17). */
  gtk_widget_add_css_class (button, "cp-row-details");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_expression_bind (item_text_expression (CP_OPTION_TEXT_BREAKDOWN), label, "label", item);
  return button;
}

static void
label_is_tooltip (GtkLabel *label)
{
  _cp_results_view_set_tooltip (GTK_WIDGET (label), gtk_label_get_label (label));
}

/* The text a cell gives on hover, or -1: kept on the cell
 * (_cp_results_view_set_tooltip()), not bound to its tooltip-text, which
 * asks the X server for the pointer on each row a change rewords. */
static int
tooltip_text_of (Column column)
{
  switch (column)
    {
    case CP_OPTION_TEXT_NODES:
      /* Of how many the quote offers, which the verdict also says. */
      return CP_OPTION_TEXT_NODES_OFFERED;
    case CP_OPTION_TEXT_QUOTE:
      /* The vendor and offer whole, where the cell cuts them. */
      return CP_OPTION_TEXT_QUOTE;
    case CP_OPTION_TEXT_TOKEN_COST:
      /* What the figure counts in, the setup fee or none. */
      return CP_OPTION_TEXT_TOKEN_COST_BASIS;
    default:
      return -1;
    }
}

static void
update_tooltip (GtkWidget *cell)
{
  CpOptionObject *object = g_object_get_data (G_OBJECT (cell), "cp-tooltip-option");
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (cell), "cp-tooltip-column"));

  _cp_results_view_set_tooltip (cell, object != NULL ? cp_option_object_get_text (object, column) : NULL);
}

/* Labels are bound to the row's object once, when the cell is made: an
 * in-place update then changes exactly the labels whose text changed. */
static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            CpResultsView            *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));

  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column == CP_OPTION_TEXT_QUOTE || column == CP_OPTION_TEXT_TECHNIQUE ? 0 : 1);
  /* A cell on two lines ("Met" over "(misses at slow end)") keeps the
   * column's edge on both. */
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_RIGHT);
  if (column == CP_OPTION_TEXT_QUOTE)
    {
      /* Two lines, each cut, never wrapped: the table is as high as
       * GTK 4.8 measures its rows, for an unbounded width, and a line
       * wrapped in the narrower column made each row taller than
       * measured, leaving one row in view (meeting walkthrough).
       * The option's machines first, "8 × H800" or "10 × 8 × H800 (80
       * GPUs)" (cp_words_machines(): the GPU's model without its maker's
       * word), never cut: the GPU tells the rows apart (walkthrough 9:
       * "8 × NVIDIA A800 80G…" at 1920 px); then
       * "Vendor — offer", cut on its vendor's side, as the sidebar
       * cuts a quote's title (CpQuoteName): what follows the vendor
       * stays, where one vendor's quotes differ ("华东智算 — 8×H800 80G
       * SXM 整机" and "… 单机"), which a cut at the end hid at 1024 px
       * (walk38b G14) and a cut in the middle too ("深圳某某算力科…00
       * SXM服务器", walk40 F8); the tooltip has the whole name. A table wider than its pane
       * scrolls sideways (lead14: at 1024 px Nodes, Memory per GPU and
       * Technique were hidden, with no way to reach them). */
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *vendor = cp_quote_name_new ();

      gtk_widget_set_name (label, "quote-gpu");
      gtk_expression_bind (item_text_expression (CP_OPTION_TEXT_QUOTE_CELL), label, "label", item);
      g_signal_connect (label, "notify::label", G_CALLBACK (label_is_tooltip), NULL);
      gtk_box_append (GTK_BOX (box), label);
      gtk_widget_set_name (vendor, "quote-vendor");
      gtk_expression_bind (item_text_expression (CP_OPTION_TEXT_QUOTE_SHORT), vendor, "text", item);
      gtk_box_append (GTK_BOX (box), vendor);
      gtk_list_item_set_child (item, box);
      return;
    }
  else
    {
      gtk_widget_add_css_class (label, "numeric");
      gtk_expression_bind (item_text_expression (column), label, "label", item);
    }
  if (column == CP_OPTION_TEXT_TECHNIQUE)
    {
      /* The longest text of the table, last: cut, it leaves the
       * width to the Quote column (the Layout line has it whole). */
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 12);
      /* Its natural width capped too: the spare width then goes to
       * the Quote column, which wants more than every other. */
      gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
      /* Its whole words on hover (_cp_results_view_set_tooltip()). */
      g_signal_connect (label, "notify::label", G_CALLBACK (label_is_tooltip), NULL);
    }
  if (column == CP_OPTION_TEXT_FITS)
    {
      /* The memory it needs of what each GPU has, small under "⚠ Tight"
       * or "No", which it explains: in a column of its own, the last
       * but one, a table at 1024 and 1366 px hid it (walk33 W17). */
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *memory = gtk_label_new (NULL);

      gtk_widget_set_name (label, "fits");
      gtk_widget_set_name (memory, "fits-memory");
      gtk_label_set_xalign (GTK_LABEL (memory), 1);
      gtk_widget_add_css_class (memory, "numeric");
      gtk_widget_add_css_class (memory, "caption");
      gtk_widget_add_css_class (memory, "dim-label");
      gtk_expression_bind (item_text_expression (CP_OPTION_TEXT_MEMORY), memory, "label", item);
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), memory);
      g_object_set_data (G_OBJECT (box), "cp-status-label", label);
      gtk_list_item_set_child (item, box);
      return;
    }
  if (column == CP_OPTION_TEXT_COST || column == CP_OPTION_TEXT_DAYS || column == CP_OPTION_TEXT_NODES)
    {
      /* The band over the assumptions' spread, or the nodes offered and
       * the GPUs, small under the figure: the column keeps its width. */
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *range = gtk_label_new (NULL);
      Column under = column == CP_OPTION_TEXT_COST ? CP_OPTION_TEXT_COST_RANGE
                     : column == CP_OPTION_TEXT_DAYS ? CP_OPTION_TEXT_DAYS_RANGE
                     : CP_OPTION_TEXT_GPUS;

      gtk_label_set_xalign (GTK_LABEL (range), 1);
      gtk_widget_add_css_class (range, "numeric");
      gtk_widget_add_css_class (range, "caption");
      gtk_widget_add_css_class (range, "dim-label");
      if (column != CP_OPTION_TEXT_NODES)
        gtk_widget_set_tooltip_text (range, _("Low to high: every assumption at its optimistic or its pessimistic end"));
      gtk_expression_bind (item_text_expression (under), range, "label", item);
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), range);
      if (column == CP_OPTION_TEXT_NODES)
        gtk_widget_set_name (box, "nodes-cell");
      if (column == CP_OPTION_TEXT_COST)
        {
          GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

          gtk_widget_set_hexpand (box, TRUE);
          gtk_box_append (GTK_BOX (cell), breakdown_button (item));
          gtk_box_append (GTK_BOX (cell), box);
          box = cell;
        }
      gtk_list_item_set_child (item, box);
      return;
    }
  gtk_list_item_set_child (item, label);
}

/* Fits and Deadline turn red for an option that fails them; Fits amber
 * for one that fits above 90% of its memory, with the main risk's words
 * in a tooltip. A service's Serves cell gives its tokens/s and requests
 * served on hover, which a narrow table shows in no column. */
static void
update_status (GtkWidget *label)
{
  CpOptionObject *object = g_object_get_data (G_OBJECT (label), "cp-option");
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (label), "cp-column"));
  const CpOption *option;
  const CpEstimate *estimate;
  g_autofree char *near_limit = NULL;
  gboolean bad;

  if (object == NULL)
    return;
  option = cp_option_object_get_option (object);
  estimate = &option->estimate;
  if (column == CP_OPTION_TEXT_DEADLINE && estimate->output_tokens_per_s > 0)
    bad = estimate->fits && !option->feasible;
  else if (column == CP_OPTION_TEXT_DEADLINE)
    bad = cp_option_object_get_has_deadline (object) && estimate->fits && !estimate->meets_deadline;
  else
    {
      bad = !estimate->fits;
      near_limit = cp_words_memory_near_limit (estimate, cp_labels_ui_language ());
    }
  _cp_results_view_set_css_class (label, "error", bad);
  _cp_results_view_set_css_class (label, "warning", near_limit != NULL);
  /* Not GtkWidget:tooltip-text: in GTK 4.8 each set of it asks the X
   * server where the pointer is, a quarter of the main thread's time for
   * one edit of a 20 × 50 project (perf, bench-window). */
  _cp_results_view_set_tooltip (label, column == CP_OPTION_TEXT_DEADLINE
                                       ? cp_option_object_get_text (object, CP_OPTION_TEXT_SERVING_DETAILS)
                                       : near_limit);
}

static gboolean
is_status_column (Column column)
{
  return column == CP_OPTION_TEXT_FITS || column == CP_OPTION_TEXT_DEADLINE;
}

/* The label of a cell that turns red or amber: the cell, or the figure
 * over the memory in Fits' (setup_cell()). */
static GtkWidget *
status_label_of (GtkWidget *cell)
{
  GtkWidget *label = g_object_get_data (G_OBJECT (cell), "cp-status-label");

  return label != NULL ? label : cell;
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           CpResultsView            *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  CpOptionObject *object = gtk_list_item_get_item (item);
  GtkWidget *label = status_label_of (gtk_list_item_get_child (item));

  if (tooltip_text_of (column) >= 0)
    {
      g_autofree char *signal = g_strconcat ("notify::", cp_option_text_property (tooltip_text_of (column)), NULL);

      g_object_set_data (G_OBJECT (label), "cp-tooltip-option", object);
      g_object_set_data (G_OBJECT (label), "cp-tooltip-column", GINT_TO_POINTER (tooltip_text_of (column)));
      g_signal_connect_object (object, signal, G_CALLBACK (update_tooltip), label, G_CONNECT_SWAPPED);
      update_tooltip (label);
    }
  if (!is_status_column (column))
    return;

  g_object_set_data (G_OBJECT (label), "cp-option", object);
  g_object_set_data (G_OBJECT (label), "cp-column", GINT_TO_POINTER (column));
  {
    /* Its own text changes with every status it shows. */
    g_autofree char *signal = g_strconcat ("notify::", cp_option_text_property (column), NULL);

    g_signal_connect_object (object, signal, G_CALLBACK (update_status), label, G_CONNECT_SWAPPED);
  }
  if (column == CP_OPTION_TEXT_DEADLINE)
    {
      g_autofree char *signal = g_strconcat ("notify::", cp_option_text_property (CP_OPTION_TEXT_SERVING_DETAILS), NULL);

      g_signal_connect_object (object, signal, G_CALLBACK (update_status), label, G_CONNECT_SWAPPED);
    }
  update_status (label);
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             CpResultsView            *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  CpOptionObject *object = gtk_list_item_get_item (item);
  GtkWidget *label = status_label_of (gtk_list_item_get_child (item));

  if (tooltip_text_of (column) >= 0 && object != NULL)
    {
      g_signal_handlers_disconnect_by_func (object, update_tooltip, label);
      g_object_set_data (G_OBJECT (label), "cp-tooltip-option", NULL);
    }
  if (!is_status_column (column) || object == NULL)
    return;

  g_signal_handlers_disconnect_by_func (object, update_status, label);
  g_object_set_data (G_OBJECT (label), "cp-option", NULL);
}

static GtkColumnViewColumn *
add_column (CpResultsView *self,
            Column         column,
            const char    *title,
            const char    *property,
            gboolean       expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *view_column;

  g_object_set_data (G_OBJECT (factory), "column", GINT_TO_POINTER (column));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), self);

  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (view_column, expand);
  gtk_column_view_column_set_resizable (view_column, TRUE);

  if (property != NULL)
    {
      GtkExpression *expression = gtk_property_expression_new (CP_TYPE_OPTION_OBJECT, NULL, property);
      GtkSorter *sorter = column == CP_OPTION_TEXT_QUOTE
                          ? GTK_SORTER (gtk_string_sorter_new (expression))
                          : GTK_SORTER (gtk_numeric_sorter_new (expression));

      gtk_column_view_column_set_sorter (view_column, sorter);
      g_object_unref (sorter);
    }

  gtk_column_view_append_column (self->options_view, view_column);
  g_object_unref (view_column);

  return view_column;
}

/* The table's rows. On a large project the table lies below the charts,
 * out of sight: its fifty rows' words and their measuring were a third of
 * the frame after each edit (bench-window, 20 jobs × 50 quotes), and
 * showing it again, hidden while another job was calculating, more. They
 * are filled (and the table shown) in the frame after the change when the
 * table is in sight in it, else right after that frame is painted, before
 * anyone can scroll to them. */
void
_cp_results_view_stop_table_fill (CpResultsView *self)
{
  /* A clock disposed with its surface has dropped its handlers already. */
  if (self->table_layout_id != 0 && g_signal_handler_is_connected (self->table_clock, self->table_layout_id))
    g_signal_handler_disconnect (self->table_clock, self->table_layout_id);
  if (self->table_after_paint_id != 0 &&
      g_signal_handler_is_connected (self->table_clock, self->table_after_paint_id))
    g_signal_handler_disconnect (self->table_clock, self->table_after_paint_id);
  self->table_layout_id = 0;
  self->table_after_paint_id = 0;
  g_clear_object (&self->table_clock);
  self->table_project = NULL;
  self->table_job = NULL;
}

void
_cp_results_view_fill_table (CpResultsView *self)
{
  const CpProject *project = self->table_project;
  const CpJob *job = self->table_job;

  _cp_results_view_stop_table_fill (self);
  if (project == NULL || self->plan == NULL)
    return;
  _cp_results_view_fill_options (self, project, job);
  _cp_results_view_set_table_current (self, TRUE);
  _cp_results_view_set_visible (GTK_WIDGET (self->table_scroller), TRUE);
}

/* Whether the table lies wholly above or below the part of the page the
 * window shows, as the last layout placed it. */
static gboolean
table_out_of_sight (CpResultsView *self)
{
  GtkWidget *table = GTK_WIDGET (self->table_scroller);
  GtkWidget *page = GTK_WIDGET (self->page_scroller);
  graphene_point_t point;

  if (!gtk_widget_get_mapped (table) || gtk_widget_get_height (table) <= 0 ||
      !gtk_widget_compute_point (table, page, &GRAPHENE_POINT_INIT (0, 0), &point))
    return FALSE;
  return point.y >= gtk_widget_get_height (page) || point.y + gtk_widget_get_height (table) <= 0;
}

static void
on_table_after_paint (GdkFrameClock *clock,
                      CpResultsView *self)
{
  _cp_results_view_fill_table (self);
}

/* After the window's own layout: the frame clock lays out again before
 * it paints when the rows filled here change sizes. A table hidden (for
 * another job, calculating) is filled after the frame that shows the
 * job's verdict, wherever it is: its fifty rows worded and measured anew
 * were most of a 20 × 50 job switch's first frame (bench-window: 163 of
 * 313 million instructions when the row count changed, the shaping of
 * some 950 cells' words otherwise), and nothing above it moves when it
 * appears. */
static void
on_table_layout (GdkFrameClock *clock,
                 CpResultsView *self)
{
  g_clear_signal_handler (&self->table_layout_id, clock);
  if (gtk_widget_get_visible (GTK_WIDGET (self->table_scroller)) && !table_out_of_sight (self))
    {
      _cp_results_view_fill_table (self);
      return;
    }
  self->table_after_paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_table_after_paint), self);
}

void
_cp_results_view_queue_table_fill (CpResultsView   *self,
                                   const CpProject *project,
                                   const CpJob     *job)
{
  _cp_results_view_stop_table_fill (self);
  self->table_project = project;
  self->table_job = job;
  /* A view not shown is filled now. */
  if (!_cp_results_view_connect_frame (self, GDK_FRAME_CLOCK_PHASE_LAYOUT, G_CALLBACK (on_table_layout),
                                       &self->table_clock, &self->table_layout_id))
    _cp_results_view_fill_table (self);
}

/* The table's rows are of the plan the verdict shows (@current), or an
 * older plan's kept in place until it comes: dimmed, out of the
 * pointer's reach (a click opened the breakdown of figures about to
 * change) and busy for a screen reader. Not insensitive: the focus, in
 * the table when the change came by Ctrl+Z there, would leave it. */
void
_cp_results_view_set_table_current (CpResultsView *self,
                                    gboolean       current)
{
  GtkWidget *table = GTK_WIDGET (self->table_scroller);

  if (gtk_widget_get_can_target (table) == current)
    return;
  _cp_results_view_set_css_class (table, "dim-label", !current);
  gtk_widget_set_can_target (table, current);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->options_view), GTK_ACCESSIBLE_STATE_BUSY, !current, -1);
}

/* Whether narrow column @i folds in the job's table: a service's
 * serving columns only in a service's, which has them, and Time only
 * there too. */
static gboolean
narrow_column_applies (CpResultsView *self,
                       guint          i)
{
  GtkColumnViewColumn *column = self->narrow_columns[i];

  if (column == self->time_column)
    return self->service_table;
  for (guint c = 0; c < G_N_ELEMENTS (self->serving_columns); c++)
    if (column == self->serving_columns[c])
      return self->service_table;
  return TRUE;
}

static void
show_narrow_columns (CpResultsView *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->narrow_columns); i++)
    {
      GtkColumnViewColumn *column = self->narrow_columns[i];
      /* A training job's table has its Time, folded or not in a
       * service's. */
      gboolean always = column == self->time_column && !self->service_table;

      gtk_column_view_column_set_visible (column, always || (narrow_column_applies (self, i) &&
                                                             !self->narrow_columns_folded[i]));
    }
}

void
_cp_results_view_fill_options (CpResultsView   *self,
                               const CpProject *project,
                               const CpJob     *job)
{
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->options));
  guint n_new = self->plan->options->len;
  g_autoptr(GPtrArray) added = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean has_deadline = cp_job_deadline_days (job) > 0;
  gboolean reordered = FALSE;

  /* The row at each place takes the option now there, whichever quote it
   * showed before: a change that reorders the quotes (a catalogue pick on
   * a 20 × 50 project reranks all fifty) rewords the rows' labels in place
   * and makes no row anew. Spliced in again in their new order, the
   * objects were each given new cells (setup, their tooltips and their
   * sizes measured): 16 ms of main-thread time a pick (perf, bench-window). */
  for (guint i = 0; i < n_new; i++)
    {
      const CpOption *option = &g_array_index (self->plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      g_autofree char *name = cp_words_quote_name (project, option->quote_index);
      CpOptionObject *object;
      char *texts[CP_N_OPTION_TEXTS];

      if (i < n_old)
        {
          object = g_list_model_get_item (G_LIST_MODEL (self->options), i);
          reordered |= cp_option_object_get_option (object)->quote_index != option->quote_index;
        }
      else
        object = cp_option_object_new ();

      for (guint t = 0; t < CP_N_OPTION_TEXTS; t++)
        texts[t] = cell_text (self, project, option, name, quote->currency, job, (Column) t);
      cp_option_object_update (object, option, (const char * const *) texts, quote->currency, has_deadline);
      for (guint t = 0; t < CP_N_OPTION_TEXTS; t++)
        g_free (texts[t]);

      if (i < n_old)
        g_object_unref (object);
      else
        g_ptr_array_add (added, object);
    }

  if (n_old != n_new)
    g_list_store_splice (self->options, MIN (n_old, n_new), n_old > n_new ? n_old - n_new : 0,
                         added->pdata, added->len);
  /* The sorted model keeps each row's sort key: taken again, the rows
   * sorted by rank stay where they are, and those sorted by another
   * column move to their new places. */
  if (reordered)
    gtk_sorter_changed (gtk_column_view_get_sorter (self->options_view), GTK_SORTER_CHANGE_DIFFERENT);

  if (self->service_table != (job->kind == CP_TASK_INFERENCE))
    {
      self->service_table = job->kind == CP_TASK_INFERENCE;
      /* A service has a target of requests at once, not a date. */
      gtk_column_view_column_set_title (self->deadline_column,
                                        /* TRANSLATORS: the results table's title over a service's requests carried at once, of its target ("200 of 200") */
                                        self->service_table ? C_("results table", "Serves") : _("Deadline"));
      gtk_column_view_column_set_visible (self->serving_columns[0], self->service_table);
      show_narrow_columns (self);
      /* A narrow column gone from a service's wider table may fit
       * the training job's: the next layout finds it. */
      self->table_refit_pending = TRUE;
    }
}

/* Moves @adjustment by @delta wheel turns (GTK's own wheel step, or
 * @delta pixels for a smooth device) as far as it goes; TRUE when it
 * moved. */
static gboolean
scroll_adjustment (GtkAdjustment *adjustment,
                   double         delta,
                   gboolean       wheel)
{
  double value = gtk_adjustment_get_value (adjustment);
  double step = wheel ? pow (gtk_adjustment_get_page_size (adjustment), 2.0 / 3.0) : 1;
  double end = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
  double target = CLAMP (value + delta * step, gtk_adjustment_get_lower (adjustment), MAX (end, 0));

  if (fabs (target - value) < 0.5)
    return FALSE;
  gtk_adjustment_set_value (adjustment, target);
  return TRUE;
}

/* The table scrolls sideways only, but GTK 4.8's scrolled window takes
 * every wheel turn once it can scroll along either axis: the page stopped
 * moving when the table came under the pointer. A turn of the wheel moves
 * the page, as everywhere else in the pane: turned into sideways scrolling
 * first, it slid the table's columns away under a user scrolling down to
 * the verdict (walkthrough 21). Sideways turns, Shift+wheel and the
 * scrollbar move the table. */
static gboolean
on_table_scroll (GtkEventControllerScroll *controller,
                 double                    dx,
                 double                    dy,
                 CpResultsView            *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean wheel = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;

  if (dy == 0 || (state & GDK_SHIFT_MASK) != 0)
    return GDK_EVENT_PROPAGATE;
  scroll_adjustment (gtk_scrolled_window_get_vadjustment (self->page_scroller), dy, wheel);
  return GDK_EVENT_STOP;
}

/* The width the table wants with the columns it shows: each cell's
 * natural width, the Quote cell's whole GPU and vendor lines among them.
 * Fitted by its least width instead, the table squeezed the Quote column
 * first ("Loca…cend 910B server" at 1024 px, walk36 F9), though it is
 * what tells the rows apart. */
static int
table_natural_px (CpResultsView *self)
{
  int natural_px = 0;

  gtk_widget_measure (GTK_WIDGET (self->options_view), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural_px, NULL, NULL);
  return natural_px;
}

/* The narrow column to fold next, the first of the job's not folded
 * yet, or -1. */
static int
next_to_fold (CpResultsView *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->narrow_columns); i++)
    if (narrow_column_applies (self, i) && !self->narrow_columns_folded[i])
      return (int) i;
  return -1;
}

/* The narrow column to bring back next, the last of the job's folded,
 * or -1. */
static int
next_to_unfold (CpResultsView *self)
{
  for (guint i = G_N_ELEMENTS (self->narrow_columns); i-- > 0;)
    if (narrow_column_applies (self, i) && self->narrow_columns_folded[i])
      return (int) i;
  return -1;
}

/* A table wider than its pane, its cells whole, goes without Technique,
 * then Nodes, then a service's Requests served and Tokens/s per replica
 * (in its Serves cell's tooltip too), then the rank, one a layout, their
 * words in each row's details (the ⋮ button): at 1024 and 1366 px, and
 * in present mode's larger type, a scrollbar hid them and Memory per
 * GPU, and in a meeting nobody scrolls a table sideways (walk33 W17);
 * fitted by its least width, the quotes' names were cut instead (walk36
 * F9). Each comes back, the last gone first, when the table with it
 * fits its pane: measured with the columns it shows then plus the
 * column's own width, the table having changed since (a service's
 * serving columns gone, a training job's table kept without its rank a
 * pane that held it). */
static gboolean
fit_table_columns (gpointer user_data)
{
  CpResultsView *self = user_data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (self->table_scroller);
  double pane_px = gtk_adjustment_get_page_size (adjustment);
  double table_px = gtk_adjustment_get_upper (adjustment);
  int natural_px = table_natural_px (self);
  int i;

  self->fit_columns_id = 0;
  if (pane_px <= 0)
    return G_SOURCE_REMOVE;
  /* Set here, between frames: set from the adjustment's notification,
   * inside the scrolled window's allocation, the scrollbar of a table
   * that had just come to fit stayed shown (upper 607 px = page 607). */
  {
    GtkPolicyType shown, wanted = table_px > pane_px + 1 ? GTK_POLICY_ALWAYS : GTK_POLICY_EXTERNAL;

    gtk_scrolled_window_get_policy (self->table_scroller, &shown, NULL);
    if (shown != wanted)
      {
        gtk_scrolled_window_set_policy (self->table_scroller, wanted, GTK_POLICY_NEVER);
        /* The scrollbar's height comes with the next layout. */
        self->table_refit_pending = TRUE;
      }
  }
  if (natural_px > pane_px + 1)
    {
      i = next_to_fold (self);
      if (i >= 0)
        {
          self->narrow_columns_folded[i] = TRUE;
          show_narrow_columns (self);
          self->narrow_columns_px[i] = natural_px - table_natural_px (self);
          self->table_refit_pending = TRUE;
        }
      return G_SOURCE_REMOVE;
    }
  i = next_to_unfold (self);
  if (i >= 0 && pane_px + 1 >= natural_px + self->narrow_columns_px[i])
    {
      self->narrow_columns_folded[i] = FALSE;
      show_narrow_columns (self);
      self->table_refit_pending = TRUE;
    }
  return G_SOURCE_REMOVE;
}

/* The sideways scrollbar shows whenever the table is wider than its pane
 * with the columns it can go without gone, always shown then: GTK 4.8
 * adds a scrollbar's height to the scrolled window's natural height only
 * for one that is always shown, and an automatic one lay over the last
 * row. The columns change after the layout that measured them. */
static void
update_table_scrollbar (CpResultsView *self)
{
  _cp_results_view_table_laid_out (self);
}

/* After each layout, and as the table's width or its pane's changes:
 * a column to go or to come back, after this layout. A table that fits
 * is as wide as its pane, which a column coming back left unchanged:
 * the next came back only at the next change of the pane (the layout
 * finds it). */
void
_cp_results_view_table_laid_out (CpResultsView *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (self->table_scroller);
  double pane_px = gtk_adjustment_get_page_size (adjustment);
  gboolean scrolls = gtk_adjustment_get_upper (adjustment) > pane_px + 1;
  GtkPolicyType shown;
  gboolean change;
  int natural_px, i;

  if (self->fit_columns_id != 0)
    return;
  self->table_refit_pending = FALSE;
  if (pane_px <= 0)
    return;
  gtk_scrolled_window_get_policy (self->table_scroller, &shown, NULL);
  change = shown != (scrolls ? GTK_POLICY_ALWAYS : GTK_POLICY_EXTERNAL);
  natural_px = table_natural_px (self);
  if (natural_px > pane_px + 1)
    change |= next_to_fold (self) >= 0;
  else if ((i = next_to_unfold (self)) >= 0)
    change |= pane_px + 1 >= natural_px + self->narrow_columns_px[i];
  if (change)
    self->fit_columns_id = g_idle_add (fit_table_columns, self);
}

void
_cp_results_view_table_dispose (CpResultsView *self)
{
  g_clear_handle_id (&self->fit_columns_id, g_source_remove);
}

void
_cp_results_view_table_init (CpResultsView *self)
{
  GtkNoSelection *selection;
  GtkEventController *table_scroll;

  table_scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  gtk_event_controller_set_propagation_phase (table_scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (table_scroll, "scroll", G_CALLBACK (on_table_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self->table_scroller), table_scroll);

  self->options = g_list_store_new (CP_TYPE_OPTION_OBJECT);

  /* What decides comes first: the cost, whether it fits and meets the
   * deadline (kept in view at 1024 px), then the details. */
  /* A short title over narrow figures: at 1024 px "Rank" helped make the
   * table a scroll wider than its pane (walkthrough 9). */
  /* TRANSLATORS: the results table's title over the options' ranks (1, 2, 3…) */
  self->rank_column = add_column (self, CP_OPTION_TEXT_RANK, C_("results table", "#"), "rank", FALSE);
  add_column (self, CP_OPTION_TEXT_QUOTE, _("Quote"), "quote-name", TRUE);
  add_column (self, CP_OPTION_TEXT_COST, _("Total cost"), "total-cost", FALSE);
  add_column (self, CP_OPTION_TEXT_FITS, _("Fits"), "fits", FALSE);
  self->deadline_column = add_column (self, CP_OPTION_TEXT_DEADLINE, _("Deadline"), "meets-deadline", FALSE);
  /* A service is priced by the token. On two lines: GTK 4.8 cannot wrap
   * a column's title, and on one line this one made a service's table at
   * 1024 px about 90 px wider than its pane (issue 26). */
  /* TRANSLATORS: the results table's title over a service's price per million output tokens, on two lines of about the same length */
  self->serving_columns[0] = add_column (self, CP_OPTION_TEXT_TOKEN_COST, C_("results table", "Per million\noutput tokens"),
                                         "cost-per-million-output-tokens", FALSE);
  self->serving_columns[1] = add_column (self, CP_OPTION_TEXT_THROUGHPUT, _("Tokens/s per replica"), NULL, FALSE);
  self->serving_columns[2] = add_column (self, CP_OPTION_TEXT_SERVED, _("Requests served"), NULL, FALSE);
  /* A training job's table first. */
  for (guint c = 0; c < G_N_ELEMENTS (self->serving_columns); c++)
    gtk_column_view_column_set_visible (self->serving_columns[c], FALSE);
  self->service_table = FALSE;
  /* The cost breakdown's button is in the Total cost cell (setup_cell()). */
  /* Short: at 1024 px "Calendar" made the column wider than its "8.0
   * days" (walk33 W17). */
  /* TRANSLATORS: the results table's title over each option's calendar time ("8.0 days", "5.8 h": hours under a day) */
  self->time_column = add_column (self, CP_OPTION_TEXT_DAYS, C_("results table", "Time"), "calendar-days", FALSE);
  /* Memory per GPU is under Fits (setup_cell()). */
  self->narrow_columns[1] = add_column (self, CP_OPTION_TEXT_NODES, _("Nodes"), "nodes", FALSE);
  self->narrow_columns[0] = add_column (self, CP_OPTION_TEXT_TECHNIQUE, _("Technique"), "technique", FALSE);
  /* A service's requests served (their number at once is in Serves)
   * and its tokens/s go next: its price per token and whether it
   * carries the target stay in view. */
  self->narrow_columns[2] = self->serving_columns[2];
  self->narrow_columns[3] = self->serving_columns[1];
  /* A service's time is the period it is rented for, the same on most
   * rows, where a training job's says whether it is done in time: it
   * stays in a training job's table. */
  self->narrow_columns[4] = self->time_column;
  /* Last: the rows are in its order, unless sorted by another column. */
  self->narrow_columns[5] = self->rank_column;
  {
    GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (self->table_scroller);

    g_signal_connect_object (adjustment, "notify::page-size", G_CALLBACK (update_table_scrollbar), self, G_CONNECT_SWAPPED);
    g_signal_connect_object (adjustment, "notify::upper", G_CALLBACK (update_table_scrollbar), self, G_CONNECT_SWAPPED);
  }

  self->sorted_options = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->options)),
                                                  g_object_ref (gtk_column_view_get_sorter (self->options_view)));
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->sorted_options)));
  gtk_column_view_set_model (self->options_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  gtk_column_view_sort_by_column (self->options_view, self->rank_column, GTK_SORT_ASCENDING);
}
