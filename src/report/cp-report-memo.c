/* cp-report-memo.c: the report's opening memo.
 *
 * Owns the title and byline, the answer to the question asked (which
 * quote, at what cost, by when) for each job, and the table of jobs and
 * quotes that follows it. */

#include "cp-report-private.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "planner/cp-serving.h"
#include "planner/cp-schedule.h"
#include "planner/cp-units.h"
#include "planner/cp-what-if.h"
#include "cp-chart.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-reason-text-private.h"
#include "cp-report-doc.h"
#include "cp-report-memo.h"
#include "cp-report-schedule.h"
#include "cp-report-sections.h"
#include "cp-spec-words.h"
#include "planner/cp-spec-edit.h"

/* Adds @name to @unverified, once, when its figures are @verification
 * unverified. Figures from secondary descriptions that agree (an H800's
 * NVLink) are said in the window's rows and the XML: a line for them on
 * page 2 moved the English 13B fine-tune's cost table to page 3
 * (test-report-memo /same-pages). */
static void
add_unverified (GPtrArray      *unverified,
                CpVerification  verification,
                char           *name)
{
  if (verification != CP_VERIFIED_UNVERIFIED || g_ptr_array_find_with_equal_func (unverified, name, g_str_equal, NULL))
    g_free (name);
  else
    g_ptr_array_add (unverified, name);
}

/* Whether quote @q is what some job rents: its recommended option, or
 * with none feasible the best available. */
static gboolean
quote_rented (const CpProject *project,
              const JobResult *results,
              guint            q)
{
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;
      int chosen = plan == NULL ? -1 : plan->recommended >= 0 ? plan->recommended : plan->best_available;

      if (chosen >= 0 && g_array_index (plan->options, CpOption, chosen).quote_index == (int) q)
        return TRUE;
    }
  return FALSE;
}

/* At the head of the appendix, which hardware figures of what the jobs
 * rent are the team's and which nobody verified, each said once: the PDF never said
 * that the recommended 910B2's HCCS rate is unverified, nor that a
 * "141GB" H20 was an edited 96GB entry (walk37 F1, F3). Only the rented
 * quotes, and the unverified catalogue entries in one line: a line for
 * each entry of every quote made the walk19 project's English report a
 * page longer; under the quotes table, one more line of page 2 moved a
 * section to page 3 in English only. The window says it of every quote (its
 * GPU and link rows), and the XML carries each entry's verification. */
void
cp_report_section_hardware_origins (Doc             *doc,
                                    const JobResult *results)
{
  const CpProject *project = doc->project;
  g_autoptr(GPtrArray) edited = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) unverified = g_ptr_array_new_with_free_func (g_free);
  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, q);
      const CpLinkSpec *link = &quote->intra_link;
      g_autofree char *gpu_from = cp_spec_source_from (quote->gpu.source, NULL, NULL);
      g_autofree char *link_from = cp_spec_source_from (link->source, NULL, NULL);
      const char *gpu_name = quote->gpu.name != NULL ? quote->gpu.name : quote->gpu.id;
      char *said = NULL;

      if (!quote_rented (project, results, q))
        continue;
      if (gpu_from != NULL)
        {
          g_autofree char *origin = cp_words_gpu_origin (&quote->gpu, doc->lang);

          /* TRANSLATORS: a GPU's name, then where its figures come from */
          said = g_strdup_printf (_("%s: %s"), gpu_name, origin);
        }
      else
        add_unverified (unverified, quote->gpu.verification, g_strdup (gpu_name));
      if (said != NULL && !g_ptr_array_find_with_equal_func (edited, said, g_str_equal, NULL))
        g_ptr_array_add (edited, g_steal_pointer (&said));
      g_clear_pointer (&said, g_free);

      if (link_from != NULL)
        said = cp_words_link_origin (link, doc->lang);
      else
        {
          g_autofree char *rate = cp_i18n_format_value (link->per_direction_gbytes_per_s, doc->lang);

          /* TRANSLATORS: a link and its rate each direction: "HCCS (Ascend 910B) 196 GB/s" */
          add_unverified (unverified, link->verification,
                          g_strdup_printf (_("%s %s GB/s"), link->name != NULL ? link->name : link->id, rate));
        }
      if (said != NULL && !g_ptr_array_find_with_equal_func (edited, said, g_str_equal, NULL))
        g_ptr_array_add (edited, g_steal_pointer (&said));
      g_free (said);
    }
  for (guint i = 0; i < edited->len; i++)
    cp_doc_paragraph_full (doc, doc->small, g_ptr_array_index (edited, i), 0, 3, NULL);
  if (unverified->len > 0)
    {
      g_autofree char *names = NULL;
      g_autofree char *line = NULL;

      g_ptr_array_add (unverified, NULL);
      /* TRANSLATORS: separates the GPUs and links whose figures nobody verified */
      names = g_strjoinv (C_("hardware names", "; "), (char **) unverified->pdata);
      /* TRANSLATORS: the GPUs and links whose figures no datasheet gives and nobody verified; kept short:
       * one line more on page 2 moved a section to page 3 in one language only */
      line = g_strdup_printf (_("Not from a datasheet (secondary descriptions, unverified): %s"), names);
      cp_doc_paragraph_full (doc, doc->small, line, 0, 3, NULL);
    }
}

/* The quotes table's hardware, a GPU the team edited marked so: its
 * figures are said in the appendix (cp_report_section_hardware_origins()). */
static char *
quote_hardware (const CpQuote *quote)
{
  g_autofree char *gpu = cp_words_spec_name (quote->gpu.name != NULL ? quote->gpu.name : quote->gpu.id, quote->gpu.source);

  if (cp_quote_is_cluster (quote))
    /* TRANSLATORS: hardware of a cluster quote: nodes × GPUs per node, GPU model */
    return g_strdup_printf (_("up to %u nodes × %u × %s"), quote->nodes_available, quote->gpus_per_node, gpu);
  /* TRANSLATORS: hardware of a single machine: GPUs, GPU model */
  return g_strdup_printf (_("%u × %s"), quote->gpus_per_node, gpu);
}

/* A short cell: "InfiniBand 8 × 400 Gb/s, shared (assumed)". How an
 * unstated sharing is estimated is in the assumptions ("Share of a shared
 * network's rated speed a job gets"), and the vendors' questions ask it. */
static char *
quote_network (const CpQuote *quote,
               const char    *lang)
{
  g_autofree char *rate = NULL;
  const char *sharing;

  if (quote->network == CP_NETWORK_NONE || quote->nics_per_node == 0)
    return g_strdup (cp_words_capitalised (cp_words_network (CP_NETWORK_NONE)));
  rate = cp_i18n_format_number (quote->nic_gbps, 0, lang);
  /* TRANSLATORS: a network's sharing the quote leaves out, taken as shared */
  sharing = cp_quote_sharing_assumed (quote) ? _("shared (assumed)") : cp_words_sharing (quote->sharing);
  if (quote->fabric_assumed)
    {
      /* Not the vendor's figures: the GPU's common build (walk40). */
      g_autofree char *gpu = cp_report_gpu_servers (quote);

      /* TRANSLATORS: network kind, NICs × rate in Gb/s, the GPU whose servers commonly have these
       * cards (the quote names its network without them), dedicated or shared */
      return g_strdup_printf (_("%s %u × %s Gb/s (assumed: common for %s servers), %s"), cp_words_network (quote->network),
                              quote->nics_per_node, rate, gpu, sharing);
    }
  /* TRANSLATORS: network kind, NICs × rate in Gb/s, dedicated or shared */
  return g_strdup_printf (_("%s %u × %s Gb/s, %s"), cp_words_network (quote->network),
                          quote->nics_per_node, rate, sharing);
}

static char *
quote_price (const CpQuote *quote,
             const char    *lang)
{
  /* No price is not a price of 0: "0 CNY per GPU-hour" read as a free
   * offer (approver 20). */
  if (!(quote->price > 0))
    return g_strdup (_("not priced"));
  return cp_words_unit_price (quote->price, quote->currency, quote->price_unit, lang);
}

/* The VAT a quote was compared with: its rate and whether the price
 * includes it or had it added ("13% added"), marked as the network's
 * sharing is when the quote does not state them: page 1 said "not stated
 * in the quotes, taken as 13%" above a table that showed "13% incl." as
 * if quoted (appr31 finding 4). */
static char *
quote_vat (const CpProject *project,
           const CpQuote   *quote,
           const char      *lang)
{
  g_autofree char *rate = cp_report_rate_text (cp_quote_vat_rate (quote, &project->settings), lang);
  g_autofree char *vat = cp_quote_prices_include_vat (quote, &project->settings)
                         /* TRANSLATORS: the quotes table's narrow VAT column: the rate, included in the price */
                         ? g_strdup_printf (_("%s incl."), rate)
                         /* TRANSLATORS: the quotes table's narrow VAT column: the rate, added to a price quoted without VAT */
                         : g_strdup_printf (_("%s added"), rate);

  if (quote->vat_rate > 0 && quote->vat_basis != CP_VAT_BASIS_UNSTATED)
    return g_steal_pointer (&vat);
  /* TRANSLATORS: the quotes table's VAT column: a rate or basis the quote does not state, taken by the app ("13% incl. (assumed)"), as a network's "shared (assumed)" */
  return g_strdup_printf (_("%s (assumed)"), vat);
}

/* A billing step or term of @hours in the quotes table's short form:
 * "1 mo", "1 wk", "1 d" where it is whole months, weeks or days, else
 * "2 h"; "none" for no term. */
static char *
billing_span (double            hours,
              const CpSettings *settings,
              const char       *lang)
{
  const struct {
    double span_h;
    const char *format;
  } spans[] = {
    /* TRANSLATORS: the quotes table's narrow billing column: whole months, "mo" short for month */
    { settings->hours_per_month, N_("%s mo") },
    /* TRANSLATORS: the quotes table's narrow billing column: whole weeks, "wk" short for week */
    { 168, N_("%s wk") },
    /* TRANSLATORS: the quotes table's narrow billing column: whole days, "d" short for day */
    { 24, N_("%s d") },
  };
  g_autofree char *number = NULL;

  if (!(hours > 0))
    /* TRANSLATORS: the quotes table's billing column: no minimum term */
    return g_strdup (C_("minimum term", "none"));
  for (guint i = 0; i < G_N_ELEMENTS (spans); i++)
    {
      double count = hours / spans[i].span_h;

      if (count >= 1 && fabs (count - round (count)) < 1e-6)
        {
          number = cp_i18n_format_number (round (count), 0, lang);
          return g_strdup_printf (_(spans[i].format), number);
        }
    }
  number = cp_i18n_format_value (hours, lang);
  /* TRANSLATORS: a duration; %s is a number of hours */
  return g_strdup_printf (_("%s h"), number);
}

/* One billing figure of the quotes table, marked as the VAT column is
 * when the app took it because the quote leaves it out. */
static char *
billing_figure (double            hours,
                gboolean          assumed,
                const CpSettings *settings,
                const char       *lang)
{
  g_autofree char *span = billing_span (hours, settings, lang);

  if (!assumed)
    return g_steal_pointer (&span);
  /* TRANSLATORS: the quotes table's billing column: one figure (the step or the minimum term) the quote does not state, taken by the app ("1 h (assumed)") */
  return g_strdup_printf (_("%s (assumed)"), span);
}

/* How a quote bills, as the costs count it: the step its time is rounded
 * up to, then its minimum term ("1 h · 1 wk"), each marked where the
 * quote leaves it to the app. B's and C's one-month minimum and D's
 * one-week minimum, which decide verdicts, were only in the notes under
 * the table (approver 36, D34); in words ("by the hour, at least 1 week")
 * the column took a line more a row and the walk's English report a
 * sixth page. One mark after the pair read as if both were assumed: a
 * vendor's stated one-month minimum printed "1 h · 1 mo (assumed)"
 * (walk38b G4). */
static char *
quote_billing (const CpProject *project,
               const CpQuote   *quote,
               const char      *lang)
{
  const CpSettings *settings = &project->settings;
  gboolean step_assumed = cp_quote_billing_granularity_is_assumed (quote);
  /* An hourly price's "none" is the app's reading of a term nobody
   * stated, as its vendor is asked (cp_quote_billing_terms_open()): Cloud
   * A's "1 h (assumed) · none" read as the vendor's word, where the
   * signature rests on it (read37 F4). */
  gboolean term_assumed = cp_quote_minimum_term_is_assumed (quote) ||
                          (quote->price_unit != CP_PRICE_PER_NODE_MONTH && quote->minimum_term_h <= 0);
  /* Both assumed, one mark for the two, which says so: a mark after
   * each took the narrow column a line more than the price beside it. */
  gboolean both = step_assumed && term_assumed;
  g_autofree char *step = billing_figure (cp_quote_billing_granularity_h (quote, settings), step_assumed && !both,
                                          settings, lang);
  g_autofree char *term = billing_figure (cp_quote_minimum_term_h (quote, settings), term_assumed && !both,
                                          settings, lang);
  /* TRANSLATORS: the quotes table's billing column: the step billed time is rounded up to, then the minimum term ("1 h · none") */
  g_autofree char *terms = g_strdup_printf (_("%s · %s"), step, term);

  if (both)
    {
      /* TRANSLATORS: the quotes table's billing column: the step and the minimum term, neither stated by the quote, both taken by the app ("1 mo · 1 mo (both assumed)") */
      g_autofree char *assumed = g_strdup_printf (_("%s (both assumed)"), terms);

      return cp_i18n_join_measure_words (assumed, lang);
    }
  /* "1 周" broke between the figure and its unit in the narrow column. */
  return cp_i18n_join_measure_words (terms, lang);
}

static char *
job_size (const CpJob *job,
          const char  *lang)
{
  if (job->kind == CP_TASK_INFERENCE)
    {
      g_autofree char *concurrency = cp_i18n_format_number (job->concurrency, 0, lang);
      g_autofree char *context = cp_i18n_format_number (job->context_len, 0, lang);
      g_autofree char *prompt = cp_i18n_format_number (job->prompt_tokens, 0, lang);
      g_autofree char *output = cp_i18n_format_number (job->output_tokens, 0, lang);

      /* The request as the serving table and the memo's note say it, not
       * its context window: "requests of 4,096 tokens" beside "1,024
       * prompt + 128 output tokens" read as two sizes (approver 21). */
      if (job->prompt_tokens > 0 && job->output_tokens > 0)
        /* TRANSLATORS: size of an inference job: concurrent requests, each one's prompt and output tokens */
        return g_strdup_printf (_("%s concurrent requests of %s prompt + %s output tokens"), concurrency, prompt,
                                output);
      /* TRANSLATORS: size of an inference job */
      return g_strdup_printf (_("%s concurrent requests of %s tokens"), concurrency, context);
    }
  if (cp_task_kind_is_training (job->kind))
    {
      return cp_words_tokens (job->tokens, lang);
    }
  return cp_i18n_format_days (job->duration_days > 0 ? job->duration_days : job->deadline_days, lang);
}

/* The three lines that answer the approver: what to rent, from whom,
 * and for how much by when. A machine's GPUs are said as the quotes
 * table says them, "8 × GPU"; "1 machine, 8 × GPU in all" read as if
 * the machine and the GPUs were two things to rent (issue 22). */
static char *
answer_what (const CpProject *project,
             const CpPlan    *plan,
             const CpOption  *option)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  const CpEstimate *e = &option->estimate;
  const char *gpu = quote->gpu.name != NULL ? quote->gpu.name : quote->gpu.id;
  guint per_node = e->nodes > 0 ? e->gpus / e->nodes : e->gpus;
  g_autofree char *machines = NULL;

  if (e->nodes <= 1)
    /* TRANSLATORS: what to rent: one machine; its GPUs × GPU model */
    machines = g_strdup_printf (_("1 machine of %u × %s"), e->gpus, gpu);
  else if (quote->nodes_available > e->nodes)
    /* Part of a cluster's offer in one bracket: "(80 GPUs) (10 of the 16
     * offered)" were two in a row (approver 34, B5). */
    /* TRANSLATORS: what to rent: machines rented, machines offered, GPUs per machine × GPU model, all the GPUs */
    machines = g_strdup_printf (_("%u of the %u machines offered, %u × %s each (%u GPUs)"),
                                e->nodes, quote->nodes_available, per_node, gpu, e->gpus);
  else
    /* TRANSLATORS: what to rent: machines, GPUs per machine × GPU model, all the GPUs */
    machines = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u machine of %u × %s each (%u GPUs)",
                                           "%u machines of %u × %s each (%u GPUs)", e->nodes),
                                e->nodes, per_node, gpu, e->gpus);
  /* Part of an offer: purchasing forwards the vendor's whole offer, and
   * the line said "1 machine" of a 4-node cluster's (approver 33, A3). */
  if (cp_quote_billed_nodes (quote, MAX (e->nodes, 1)) > MAX (e->nodes, 1))
    {
      /* A vendor that rents only the whole offer bills every machine
       * (cp_quote_billed_nodes()): "1 machine (1 of the 4 offered)"
       * beside the cost of 4 read as a part rented alone. */
      g_free (machines);
      /* TRANSLATORS: what to rent: the machines offered, GPUs per machine × GPU model, all the GPUs, then the machines the job runs on */
      machines = g_strdup_printf (_("all %u machines offered, %u × %s each (%u GPUs), as its vendor rents only the whole offer; the job runs on %u"),
                                  quote->nodes_available, per_node, gpu, per_node * quote->nodes_available,
                                  MAX (e->nodes, 1));
    }
  else if (e->nodes <= 1 && quote->nodes_available > 1)
    {
      char *part = g_strdup_printf (/* TRANSLATORS: what to rent, then the machines rented of those the quote offers */
                                    _("%s (%u of the %u offered)"), machines, MAX (e->nodes, 1), quote->nodes_available);

      g_free (machines);
      machines = part;
    }
  /* Under "Check a price unit first", no "Rent:": the total rests on a
   * price no GPU rents at (walk42 F3). */
  if (cp_words_first_price_implausible (plan))
    return e->technique != CP_TECHNIQUE_AS_CONFIGURED
           /* TRANSLATORS: the first answer line under "Check a price unit first": the machines, then the memory technique */
           ? g_strdup_printf (_("Ranked first if its price is right: %s, using %s."), machines, cp_words_technique (e->technique))
           /* TRANSLATORS: the first answer line under "Check a price unit first": the machines */
           : g_strdup_printf (_("Ranked first if its price is right: %s."), machines);
  if (e->technique != CP_TECHNIQUE_AS_CONFIGURED)
    /* TRANSLATORS: the first answer line: the machines, then the memory technique */
    return g_strdup_printf (_("Rent: %s, using %s."), machines, cp_words_technique (e->technique));
  /* TRANSLATORS: the first answer line: the machines */
  return g_strdup_printf (_("Rent: %s."), machines);
}

/* A quote's kind of offer, "Bare-metal cluster (assumed)" where the quote
 * does not state it (CpQuote.offering_stated): the kind sets the VAT rate
 * and R8's operations condition, and read as fact though nobody gave it
 * (read37 F4). */
static char *
offering_text (const CpQuote *quote)
{
  if (quote->offering_stated)
    return g_strdup (cp_words_offering (quote->offering));
  return g_strdup_printf (_("%s (assumed)"), cp_words_offering (quote->offering));
}

gboolean
cp_report_offering_decides (const CpProject *project,
                            JobResult       *results,
                            guint            n_results,
                            int              quote_index)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, quote_index);
  gboolean vat_by_offering = quote->vat_rate <= 0 && !cp_quote_prices_include_vat (quote, &project->settings);

  if (quote->offering_stated)
    return FALSE;
  for (guint j = 0; j < n_results && j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 ||
          (guint) plan->recommended >= plan->options->len ||
          g_array_index (plan->options, CpOption, plan->recommended).quote_index != quote_index)
        continue;
      if (vat_by_offering)
        return TRUE;
      /* R8's condition on who runs the bare metal, where it fired. */
      for (guint r = 0; r < plan->reasons->len; r++)
        if (g_array_index (plan->reasons, CpReason, r).outcome == CP_OUTCOME_PREFER_HOSTED &&
            g_array_index (plan->reasons, CpReason, r).quote_index == quote_index)
          return TRUE;
    }
  return FALSE;
}

/* "From: vendor (offering).", or without the offering, which the quotes
 * table gives, when @brief: joined to the rent line, the offering was
 * what took each English answer to a second line. */
static char *
answer_from (const CpProject *project,
             const CpOption  *option,
             gboolean         brief)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  /* The vendor alone when it has no other quote: the offer's name is in
   * the quotes table, and took a second line of each English answer and
   * the demo's amount off page 1 (approver 21). */
  g_autofree char *name = cp_words_quote_short_name (project, option->quote_index);

  if (brief)
    /* TRANSLATORS: the second answer line, short: the quote */
    return g_strdup_printf (_("From: %s."), name);

  if (!quote->offering_stated)
    /* TRANSLATORS: the second answer line: the quote and its kind of offering, which the quote does not state ("From: Cloud A (Bare-metal cluster, assumed).") */
    return g_strdup_printf (_("From: %s (%s, assumed)."), name, cp_words_offering (quote->offering));
  /* TRANSLATORS: the second answer line: the quote and its kind of offering */
  return g_strdup_printf (_("From: %s (%s)."), name, cp_words_offering (quote->offering));
}


/* The option page 1's R8 line (cp_words_operations()) offers to take
 * instead of the bare metal recommended, "or take X (28,416 CNY more)":
 * the best ranked hosted or container option that runs the job, beside
 * R8's "prefer hosted" having fired; NULL when it offers none. The amount
 * to approve holds the bare metal's cost, not that one's (approver 22,
 * finding 4). */
const CpOption *
cp_report_operations_switch (const CpProject *project,
                             const CpPlan    *plan)
{
  int fired_quote = -1;
  const CpOption *hosted = NULL;
  gboolean subject = FALSE;

  for (guint i = 0; i < plan->reasons->len && fired_quote < 0; i++)
    if (g_array_index (plan->reasons, CpReason, i).outcome == CP_OUTCOME_PREFER_HOSTED)
      fired_quote = g_array_index (plan->reasons, CpReason, i).quote_index;
  if (fired_quote < 0 || plan->cost_unknown)
    return NULL;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote;

      subject |= option->quote_index == fired_quote;
      if (option->quote_index == fired_quote || !option->feasible || option->ruled_out ||
          option->quote_index < 0 || (guint) option->quote_index >= project->quotes->len)
        continue;
      quote = g_ptr_array_index (project->quotes, option->quote_index);
      if (quote->offering != CP_OFFERING_BARE_METAL && quote->offering != CP_OFFERING_BARE_METAL_CLUSTER &&
          (hosted == NULL || option->rank < hosted->rank))
        hosted = option;
    }
  return subject ? hosted : NULL;
}

/* The amount to approve with @hosted in place of job @job_index's
 * recommended option, the project's top then @top: its contingency by the
 * amount's rule, with @hosted's billed step in place of the job's. */
static double
operations_switch_amount (const CpProject   *project,
                          JobResult         *results,
                          const CpSchedule  *schedule,
                          guint              job_index,
                          const CpOption    *hosted,
                          double             top,
                          double            *contingency,
                          CpContingencyRule *rule)
{
  g_autoptr(GPtrArray) plans = g_ptr_array_new ();
  CpOverrun overrun;

  for (guint j = 0; j < project->jobs->len; j++)
    g_ptr_array_add (plans, (gpointer) results[j].plan);
  cp_report_dearest_overrun (project, (CpPlan * const *) plans->pdata, schedule, (int) job_index, hosted, &overrun);
  return cp_settings_amount_to_approve (&project->settings, top, overrun.cost, 0, 0, contingency, rule, NULL);
}

/* What to approve if the team takes @hosted for job @job_index instead of
 * its recommended option: the amount to approve's rule on the project's
 * top of range with that option's top in place of the job's, "Taking it,
 * approve 40,700 CNY instead (37,000 CNY + 10%; no range, billed by the
 * month)." Page 1 offered the switch with no amount to
 * sign for it (appr31 finding 8); in one line, as page 1 has no more room
 * in English. NULL when the job is not on the calendar. */
gboolean
cp_report_operations_switch_top (const CpProject  *project,
                                 JobResult        *results,
                                 const CpSchedule *schedule,
                                 guint             job_index,
                                 const CpOption   *hosted,
                                 double           *top)
{
  g_autoptr(GPtrArray) plans = g_ptr_array_new ();
  const CpScheduleJob *entry;
  CpApprovalAmount approval;

  if (schedule == NULL || job_index >= schedule->jobs->len)
    return FALSE;
  entry = &g_array_index (schedule->jobs, CpScheduleJob, job_index);
  if (!entry->planned)
    return FALSE;
  for (guint j = 0; j < project->jobs->len; j++)
    g_ptr_array_add (plans, (gpointer) results[j].plan);
  cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  /* Each top rounded as the answers show it (cp_report_schedule_shown_range()). */
  *top = approval.top_of_range - round (cp_schedule_job_cost_high (entry)) +
         round (MAX (hosted->range.total_cost_high, hosted->estimate.total_cost));
  return TRUE;
}

GPtrArray *
cp_report_operations_provisos (const CpProject  *project,
                               JobResult        *results,
                               const CpSchedule *schedule,
                               const char       *lang)
{
  GPtrArray *provisos = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) plans = g_ptr_array_new ();
  g_autofree gboolean *said = g_new0 (gboolean, MAX (project->quotes->len, 1));
  CpApprovalAmount approval;

  if (schedule == NULL)
    return provisos;
  for (guint j = 0; j < project->jobs->len; j++)
    g_ptr_array_add (plans, (gpointer) results[j].plan);
  cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  cp_i18n_push_language (lang);
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      const CpOption *chosen, *hosted;
      const char *vendor;
      double top;

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
        continue;
      chosen = &g_array_index (plan->options, CpOption, plan->recommended);
      if (chosen->quote_index < 0 || (guint) chosen->quote_index >= project->quotes->len ||
          !cp_option_ops_support_unstated (job, g_ptr_array_index (project->quotes, chosen->quote_index)))
        continue;
      /* One condition per vendor's bare metal, said once. */
      if (said[chosen->quote_index])
        continue;
      said[chosen->quote_index] = TRUE;
      vendor = cp_report_vendor_name (project, chosen->quote_index);
      hosted = cp_report_operations_switch (project, plan);
      if (hosted != NULL && cp_report_operations_switch_top (project, results, schedule, j, hosted, &top) &&
          top > round (approval.amount))
        {
          g_autofree char *other = cp_words_quote_short_name (project, hosted->quote_index);
          g_autofree char *amount = cp_i18n_format_money_whole (operations_switch_amount (project, results, schedule, j, hosted,
                                                                                          top, NULL, NULL),
                                                                project->settings.currency, lang);

          /* TRANSLATORS: the sign-off block, a condition of the signature ("provided …"): the bare metal's vendor; what page 1's R8 line offers instead, the hosted quote and the amount to approve with it */
          g_ptr_array_add (provisos, g_strdup_printf (_("someone runs %1$s’s bare metal (R8; its support is not in the amount; with %2$s instead, approve %3$s)"),
                                                      vendor, other, amount));
        }
      /* Without an amount past the one signed, "Not in the amount" names
       * the support (cp_report_ops_support_not_in_amount()): the demo's
       * sign-off stays on page 2. */
    }
  cp_i18n_pop_language ();
  return provisos;
}

static char *
switch_amount_text (const CpProject  *project,
                    JobResult        *results,
                    const CpSchedule *schedule,
                    guint             job_index,
                    const CpOption   *hosted,
                    const char       *lang)
{
  const CpSettings *settings = &project->settings;
  g_autoptr(GPtrArray) plans = g_ptr_array_new ();
  const CpQuote *quote;
  CpApprovalAmount approval;
  guint n_planned = 0;
  CpContingencyRule rule;
  double high, top, contingency;
  g_autofree char *amount = NULL, *top_text = NULL, *rate = NULL;

  if (!cp_report_operations_switch_top (project, results, schedule, job_index, hosted, &top))
    return NULL;
  for (guint j = 0; j < project->jobs->len; j++)
    {
      g_ptr_array_add (plans, (gpointer) results[j].plan);
      if (j < schedule->jobs->len && g_array_index (schedule->jobs, CpScheduleJob, j).planned)
        n_planned++;
    }
  cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  high = round (MAX (hosted->range.total_cost_high, hosted->estimate.total_cost));
  amount = cp_i18n_format_money_whole (operations_switch_amount (project, results, schedule, job_index, hosted, top,
                                                                 &contingency, &rule),
                                       settings->currency, lang);
  /* One switch, one amount: the same move to E was "within the amount"
   * in the answers above and "approve 320,383 CNY instead" here (read37
   * F1). Covered by the amount asked, it is said so, as the answers
   * weigh it (cp_report_open_answers()). */
  if (top <= round (approval.amount))
    /* TRANSLATORS: page 1, after R8's line offering another quote: the amount to approve already covers taking it */
    return g_strdup (_("Taking it stays within the amount to approve."));
  top_text = cp_i18n_format_money_whole (top, settings->currency, lang);
  /* The rate, or the billed step's cost when that is more ("1,152 CNY +
   * 144 CNY"): the line adds up either way. */
  rate = rule == CP_CONTINGENCY_BILLING_STEP ? cp_i18n_format_money_whole (contingency, settings->currency, lang)
                                             : cp_report_rate_text (settings->contingency_fraction, lang);
  quote = g_ptr_array_index (project->quotes, hosted->quote_index);
  /* A switch whose cost does not vary says why it has no range, as the
   * answers do; with other jobs, the top is the project's. */
  if (n_planned == 1 && round (hosted->range.total_cost_low) == high)
    return g_strdup_printf (quote->price_unit == CP_PRICE_PER_NODE_MONTH
                            /* TRANSLATORS: page 1, after R8's line offering another quote: what to approve if the team takes it: the amount, that quote's total, the contingency's rate (as "10%") or, when one more billed step is more, its amount */
                            ? _("Taking it, approve %s instead (%s + %s; no range, billed by the month).")
                            /* TRANSLATORS: page 1, after R8's line offering another quote: what to approve if the team takes it: the amount, that quote's total, the contingency's rate (as "10%") or, when one more billed step is more, its amount */
                            : _("Taking it, approve %s instead (%s + %s; no range, term and price fixed)."),
                            amount, top_text, rate);
  /* TRANSLATORS: page 1, after R8's line offering another quote: what to approve if the team takes it: the amount, the top of the project's range with that quote, the contingency's rate (as "10%"); the amount line below says "the top of the range + 10% contingency" */
  return g_strdup_printf (_("Taking it, approve %s instead (%s + %s)."),
                          amount, top_text, rate);
}

/* The most jobs whose answers on page 1 say what they are billed: the
 * issue's memo of up to three jobs on its first page or two. */
#define MEMO_BILLED_MAX_JOBS 3

/* The space that sets one job's answer apart from the one before when
 * no heading line does (CP_REPORT_MEMO_BRIEF_JOB_LEADS_ANSWER), half a
 * heading's. */
#define JOB_ANSWER_SPACE_ABOVE 3.0

/* What the option's total holds beside its rental of @rental_cost, when
 * anything: "Add management and setup fees 5,000 CNY and storage 118 CNY:
 * 9,222 CNY in total." (approver 33, A2: "= 4,104 CNY" stood beside "9,222
 * CNY in total" with nothing to say what the rest was). NULL when the
 * parts do not add up to the total as printed, or there are none. */
static char *
rest_of_total (const CpQuote    *quote,
               const CpEstimate *e,
               double            rental_cost,
               const char       *lang)
{
  const struct {
    double      cost;
    const char *what;
  } parts[] = {
    /* TRANSLATORS: page 1's billed line, a part of the total beside the rental, then its money */
    { e->fees_cost, N_("management and setup fees %s") },
    /* TRANSLATORS: page 1's billed line, a part of the total beside the rental, then its money */
    { e->storage_cost, N_("storage %s") },
    /* TRANSLATORS: page 1's billed line, a part of the total beside the rental, then its money */
    { e->network_cost, N_("the network between nodes %s") },
    /* TRANSLATORS: page 1's billed line, a part of the total beside the rental, then its money */
    { e->engineering_cost, N_("the team's days moving to a cluster %s") },
  };
  g_autoptr(GPtrArray) named = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL, *total = NULL;
  double sum = round (rental_cost);

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (round (parts[i].cost) >= 1)
      {
        g_autofree char *money = cp_i18n_format_money_whole (parts[i].cost, quote->currency, lang);

        g_ptr_array_add (named, g_strdup_printf (_(parts[i].what), money));
        sum += round (parts[i].cost);
      }
  if (named->len == 0 || fabs (sum - round (e->total_cost)) > 0.5)
    return NULL;
  list = cp_words_join_names (named);
  total = cp_i18n_format_money_whole (e->total_cost, quote->currency, lang);
  /* TRANSLATORS: page 1, after the billed line: the other parts of the total ("management and setup fees 5,000 CNY and storage 118 CNY"), then the total */
  return g_strdup_printf (_("Add %s: %s in total."), list, total);
}

/* What the money buys, on page 1: "Billed: 14.50 CNY per GPU-hour × 8
 * GPUs × 80 h = 9,280 CNY." and, when the quote states it, ", at the price
 * valid to 31 January 2027" (appr22 finding 6: the unit price, the hours
 * and the quote's expiry were on pages 2 and 3 only). For an option that
 * is one rental: one machine, whose debugging and run are billed together
 * (cp-estimate-cost.c), or a cluster without a debugging machine; with
 * VAT included in its price, so that the product is the money counted.
 * NULL otherwise, or when the price is not known. */
static char *
billed_sentence (const CpProject *project,
                 const CpOption  *option,
                 const char      *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  const CpSettings *settings = &project->settings;
  const CpEstimate *e = &option->estimate;
  double run_h = e->total_s / 3600.0, debug_h = e->debug_days * 24.0;
  double hours, count, periods, rental;
  g_autofree char *price = NULL, *what = NULL, *time = NULL, *money = NULL, *number = NULL;
  g_autofree char *expiry = NULL, *sentence = NULL, *billed = NULL, *rest = NULL;
  GDate valid;

  if (!(quote->price > 0) || !cp_quote_prices_include_vat (quote, settings) ||
      fabs (cp_quote_vat_factor (quote, settings) - 1) > 1e-9 || (e->nodes > 1 && debug_h > 0))
    return NULL;
  hours = e->nodes <= 1 && debug_h > 0 ? cp_quote_billed_hours (quote, settings, run_h + debug_h) : e->billed_hours;
  if (!(hours > 0))
    return NULL;
  /* Every machine billed, those of an offer rented only whole too. */
  count = cp_quote_billed_nodes (quote, MAX (e->nodes, 1));
  if (quote->price_unit == CP_PRICE_PER_GPU_HOUR)
    count *= (double) e->gpus / MAX (e->nodes, 1);
  periods = quote->price_unit == CP_PRICE_PER_NODE_MONTH ? hours / settings->hours_per_month : hours;
  rental = quote->price * count * periods;
  price = cp_words_unit_price (quote->price, quote->currency, quote->price_unit, lang);
  number = cp_i18n_format_number (count, 0, lang);
  what = quote->price_unit == CP_PRICE_PER_GPU_HOUR
         /* TRANSLATORS: page 1's billed line: the GPUs rented */
         ? g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s GPU", "%s GPUs", (gulong) count), number)
         /* TRANSLATORS: page 1's billed line: the machines rented */
         : g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s machine", "%s machines", (gulong) count), number);
  g_free (number);
  if (quote->price_unit == CP_PRICE_PER_NODE_MONTH)
    {
      number = cp_i18n_format_number (periods, periods == round (periods) ? 0 : 1, lang);
      /* TRANSLATORS: page 1's billed line: months billed */
      time = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s month", "%s months", (gulong) ceil (periods)), number);
    }
  else
    {
      number = cp_i18n_format_number (hours, hours == round (hours) ? 0 : 1, lang);
      /* TRANSLATORS: hours billed; h is the symbol for hours */
      time = g_strdup_printf (_("%s h"), number);
    }
  money = cp_i18n_format_money_whole (rental, quote->currency, lang);
  /* TRANSLATORS: page 1: what the rental is billed: unit price × GPUs (or machines) × hours (or months) = money */
  sentence = g_strdup_printf (_("Billed: %s × %s × %s = %s"), price, what, time, money);
  rest = rest_of_total (quote, e, rental, lang);
  if (quote->valid_until == NULL || !cp_schedule_parse_date (quote->valid_until, &valid))
    billed = g_strconcat (sentence, _("."), NULL);
  else
    {
      expiry = cp_i18n_format_iso_date (quote->valid_until, lang);
      /* TRANSLATORS: page 1's billed line, then the last day the quote's price holds */
      billed = g_strdup_printf (_("%s, at the price valid to %s."), sentence, expiry);
    }
  if (rest == NULL)
    return g_steal_pointer (&billed);
  return g_strdup_printf (cp_i18n_is_chinese (lang) ? "%s%s" : "%s %s", billed, rest);
}

static char *add_sentence (char *answer, char *sentence);

static char *
answer_cost (const CpProject *project,
             const CpJob     *job,
             const CpPlan    *plan,
             const CpOption  *option,
             const char      *span,
             const char      *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  const CpEstimate *e = &option->estimate;
  g_autofree char *cost = cp_i18n_format_money_whole (e->total_cost, quote->currency, lang);
  /* Under a day in hours, as the range on the same page says it
   * (answer_range()): "done in 0.2 days" beside "3.5–5.6 h" and the
   * window's 4.2 h read as two jobs (walk38b G2). */
  g_autofree char *length = MAX (option->range.calendar_days_high, e->calendar_days) < 1
                            ? cp_reason_hours_text (e->calendar_days * 24, 1, lang)
                            : cp_i18n_format_days (e->calendar_days, lang);
  /* TRANSLATORS: calendar days, then the first and last day they run */
  g_autofree char *days = span != NULL ? g_strdup_printf (_("%s (%s)"), length, span) : g_strdup (length);
  g_autofree char *deadline = NULL;

  /* A service, a month of development or data processing rents for its
   * term, which is not a job that gets done (approver 20: "done in 30.0
   * days" of a service). */
  gboolean term = !cp_task_kind_is_training (job->kind);

  if (plan->cost_unknown)
    return g_strdup_printf (term
                            /* TRANSLATORS: the third answer line of a service or other rental for a term when no quote has a price to compare: its days */
                            ? _("For: a cost unknown without a price to compare; for %s.")
                            /* TRANSLATORS: the third answer line when no quote has a price to compare: calendar days */
                            : _("For: a cost unknown without a price to compare; done in %s."), days);
  if (term)
    /* A service's answer time beside its target (issue 26), and with no
     * target only past the limit its risks hold it to (walk38 F9): a
     * wait within it is the job chapter's serving table's, and a line
     * more here pushed the next best off page 1. */
    return add_sentence (/* TRANSLATORS: the third answer line of a service or other rental for a term: total cost, the term's days */
                         g_strdup_printf (_("For: %s in total; for %s."), cost, days),
                         job->answer_within_s > 0 || e->answer_s > cp_words_answer_limit_s (job)
                         ? cp_words_answer_wait (job, e, lang) : NULL);
  if (!(cp_job_deadline_days (job) > 0))
    /* TRANSLATORS: the third answer line: total cost, calendar days */
    return g_strdup_printf (_("For: %s in total; done in %s."), cost, days);
  deadline = cp_words_deadline_length (cp_job_deadline_days (job), lang);
  /* "Within the deadline" above a range that runs past it read as a
   * promise the next line takes back (walkthrough 18: 16.3 days within
   * 21.0, the range to 21.6). */
  if (e->meets_deadline && option->range.calendar_days_high > cp_job_deadline_days (job))
    {
      g_autofree char *slow_end = cp_i18n_format_days (option->range.calendar_days_high, lang);

      /* TRANSLATORS: the third answer line: total cost, days, deadline, the days at the range's slow end */
      return g_strdup_printf (_("For: %s in total; done in %s, within the %s deadline, which the range's slow end, %s, misses."),
                              cost, days, deadline, slow_end);
    }
  return g_strdup_printf (e->meets_deadline
                          /* TRANSLATORS: the third answer line: total cost, days, deadline */
                          ? _("For: %s in total; done in %s, within the %s deadline.")
                          /* TRANSLATORS: the third answer line: total cost, days, deadline */
                          : _("For: %s in total; done in %s, later than the %s deadline."),
                          cost, days, deadline);
}

/* @answer and @sentence (both taken) joined; @answer alone without one. */
static char *
add_sentence (char *answer,
              char *sentence)
{
  char *joined;

  if (sentence == NULL)
    return answer;
  joined = g_strjoin (" ", answer, sentence, NULL);
  g_free (answer);
  g_free (sentence);
  return joined;
}

/* @answer (taken), and what the jobs before job @job_index leave it (its
 * total is its own, the budget counts what they share once): the move to a
 * cluster the team made in one (walk41 F7); the debugging it still counts
 * after one on its quote, and why (walk42 F22); what of its cost the months
 * the job before it rented already pay (walk42 F28: (c) "For: 78,000 CNY"
 * inside the H800 month (a) paid). */
static char *
with_what_came_before (char             *answer,
                       const CpProject  *project,
                       const CpSchedule *schedule,
                       guint             job_index,
                       const char       *lang)
{
  const CpScheduleJob *entry = schedule != NULL && job_index < schedule->jobs->len
                               ? &g_array_index (schedule->jobs, CpScheduleJob, job_index) : NULL;
  const CpJob *before;

  if (entry == NULL || !entry->planned)
    return answer;
  if (entry->nodes > 1 && entry->cluster_learned_from >= 0 &&
      (guint) entry->cluster_learned_from < project->jobs->len &&
      !((const CpJob *) g_ptr_array_index (project->jobs, job_index))->team_has_distributed_experience)
    {
      const CpJob *teacher = g_ptr_array_index (project->jobs, entry->cluster_learned_from);

      /* TRANSLATORS: R8; the earlier job in which the team first runs on a cluster */
      answer = add_sentence (answer, g_strdup_printf (_("No move to a cluster is counted: the team makes it in %s, before this job."),
                                                      teacher->name));
    }
  if (entry->after < 0 || (guint) entry->after >= project->jobs->len)
    return answer;
  before = g_ptr_array_index (project->jobs, entry->after);
  /* R4 is the job's: the source article's debugging is the job's code,
   * small runs and data until "the code logic works and the experiment
   * plan is set"; what the team keeps from the job before it on the same
   * quote is the machine's environment, which the article puts under a
   * day on one machine (一天内就能开始干活). Counted, and said why, with no
   * share of it taken off by a figure the article does not give. */
  if (entry->phase_days[CP_PHASE_DEBUG] > 0 && entry->quote_index >= 0 &&
      entry->quote_index == g_array_index (schedule->jobs, CpScheduleJob, entry->after).quote_index)
    /* TRANSLATORS: R4; the job it starts after, on the same quote */
    answer = add_sentence (answer, g_strdup_printf (_("Its debugging is counted (R4): its code, trial runs and data are its own; the set-up it keeps from %s, usually under a day on a single machine, is not taken off."),
                                                    before->name));
  if (entry->paid_before_cost >= 0.5)
    {
      g_autofree char *paid = cp_i18n_format_money_whole (entry->paid_before_cost, project->settings.currency, lang);
      g_autofree char *more = cp_i18n_format_money_whole (cp_schedule_job_cost (entry), project->settings.currency, lang);

      /* TRANSLATORS: the job it starts after, what of this job's cost the
       * months rented for that one already pay, what the project pays more for it */
      answer = add_sentence (answer, g_strdup_printf (_("It runs within the months already rented for %s: %s of it is paid there, so the project pays %s more for it."),
                                                      before->name, paid, more));
    }
  return answer;
}

/* Whether a job's answer lists open answers under it
 * (cp_report_open_answers()), and whether each keeps the project within
 * the amount to approve, which is then said once, with them. */
typedef enum {
  ANSWERS_NONE,
  ANSWERS_LISTED,
  ANSWERS_WITHIN,
} AnswersListed;

/* The answer's band over the assumptions' spread, and whether the same
 * quote wins across it: what an approver needs to know of the doubt. */
static char *
range_words (const CpProject *project,
              const CpPlan    *plan,
              const CpOption  *option,
              gboolean         overbooked,
              AnswersListed    answers_listed,
              gboolean         doubt_listed,
              const char      *firm_outcome,
              const char      *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  g_autofree char *low = cp_i18n_format_money_whole (option->range.total_cost_low, quote->currency, lang);
  g_autofree char *high = cp_i18n_format_money_whole (option->range.total_cost_high, quote->currency, lang);
  g_autofree char *days_low = cp_i18n_format_days (option->range.calendar_days_low, lang);
  g_autofree char *days_high = cp_i18n_format_days (option->range.calendar_days_high, lang);
  /* The open answers, listed under the answer, say each what it leads
   * to: the one sentence of one of them is not said again. A firm choice
   * says its one in the range's sentence (@firm_outcome). */
  g_autofree char *unconfirmed = firm_outcome != NULL ? NULL
                                 : answers_listed == ANSWERS_WITHIN
                                 /* TRANSLATORS: page 1, after the answer's range, before the list of open answers that change the choice, when each of them keeps the project within the amount to approve */
                                 ? g_strdup (_("Not firm; it turns on (each within the amount):"))
                                 : answers_listed == ANSWERS_LISTED
                                 /* TRANSLATORS: page 1, after the answer's range, before the list of open answers that change the choice */
                                 ? g_strdup (_("Not firm; it turns on:"))
                                 : cp_words_unconfirmed (project, plan, lang, NULL);
  /* What makes the choice not firm, when no answer listed is the answer
   * to it: named before them, or "Not firm; it turns on:" introduced a
   * list that did not hold the question (walk41 F15: host memory of
   * 1,083 GiB asked only on page 2). */
  g_autofree char *doubt = firm_outcome == NULL && answers_listed != ANSWERS_NONE && !doubt_listed
                           ? cp_words_unconfirmed (project, plan, lang, NULL) : NULL;
  g_autofree char *money_band = NULL, *days_band = NULL;
  /* The recommended vendor, whose hourly billing a firm choice rests on,
   * named in @lang. */
  g_autofree char *vendor = NULL;
  /* A firm choice the range overturns says how in the plan's own
   * sentence, the window's (cp_words_robustness()): "another quote wins
   * within it" and "the choice holds across it" were said where no quote
   * is feasible at the pessimistic end (issue 22). */
  g_autofree char *not_robust = unconfirmed == NULL && !plan->verdict_robust ? cp_words_robustness (project, plan, lang)
                                : NULL;

  cp_i18n_push_language (lang);
  vendor = g_strdup (cp_report_vendor_name (project, option->quote_index));
  cp_i18n_pop_language ();
  if (doubt != NULL)
    {
      g_free (unconfirmed);
      unconfirmed = g_strdup_printf (C_("two sentences", "%s %s"), doubt,
                                     answers_listed == ANSWERS_WITHIN
                                     /* TRANSLATORS: page 1, after why the choice is not firm (a sentence), before the list of other open answers that change it, each keeping the project within the amount to approve */
                                     ? _("It also turns on (each within the amount):")
                                     /* TRANSLATORS: page 1, after why the choice is not firm (a sentence), before the list of other open answers that change it */
                                     : _("It also turns on:"));
    }

  /* A service or a fixed term at a fixed price has no spread: "12,968 CNY
   * to 12,968 CNY, 30.0 days to 30.0 days" read as a fault (walkthrough
   * 12, finding 8). */
  if (g_strcmp0 (low, high) == 0 && g_strcmp0 (days_low, days_high) == 0)
    {
      /* What is fixed and what is not, each named: "No range: the term
       * and its price are fixed." beside "Not firm; it turns on:" read
       * as a contradiction (walk38 F4): the price is fixed, the choice
       * is not. One sentence before the open answers it introduces;
       * after the sentence saying why when none is listed. */
      if (doubt != NULL)
        /* TRANSLATORS: page 1, why the choice is not firm and the list that follows (sentences), then the answer's range when cost and days do not vary */
        return g_strdup_printf (_("Fixed term and price, no range. %s"), unconfirmed);
      if (unconfirmed != NULL && answers_listed == ANSWERS_WITHIN)
        /* TRANSLATORS: page 1, the answer's range when cost and days do not vary, before the list of open answers that change the choice, each keeping the project within the amount to approve */
        return g_strdup (_("Fixed term and price, no range; the choice is not firm, and turns on (each within the amount):"));
      if (unconfirmed != NULL && answers_listed == ANSWERS_LISTED)
        /* TRANSLATORS: page 1, the answer's range when cost and days do not vary, before the list of open answers that change the choice */
        return g_strdup (_("Fixed term and price, no range; the choice is not firm, and turns on:"));
      if (unconfirmed != NULL)
        /* TRANSLATORS: page 1, why the choice is not firm (a sentence), then the answer's range when cost and days do not vary */
        return g_strdup_printf (_("%s Its term and price are fixed: no range."), unconfirmed);
      /* Firm only on machines the vendor has not offered: the budget
       * says so first (cp_report_overbooking_block_text()). */
      if (overbooked)
        /* TRANSLATORS: the answer's range when cost and days do not vary, for a job that shares a vendor's machines it does not offer enough of */
        return g_strdup (_("Fixed term and price, no range; holds only if the vendor rents enough machines."));
      if (not_robust != NULL && firm_outcome != NULL)
        /* TRANSLATORS: the answer's range when cost and days do not vary: why another quote or none wins within the assumptions' range (a sentence), the recommended vendor, then the option its billing a month at least leads to and its cost */
        return g_strdup_printf (_("Fixed term and price, no range. %s If %s bills at least a month: %s."),
                                not_robust, vendor, firm_outcome);
      if (not_robust != NULL)
        return g_strdup_printf (_("Fixed term and price, no range. %s"), not_robust);
      /* A term billed by the hour a month may bill whole (walk36b Z4:
       * a 720-h service said "the choice holds" where its month made the
       * project pass the amount). */
      if (firm_outcome != NULL)
        /* TRANSLATORS: the answer's range when cost and days do not vary: the recommended vendor, then the option its billing a month at least leads to and its cost ("Local lab then costs 37,960 CNY") */
        return g_strdup_printf (_("Fixed term and price while %s bills by the hour with no minimum term (if it bills at least a month: %s)."),
                                vendor, firm_outcome);
      /* Short: three of the demo's seven answers say it on page 1. */
      return g_strdup (plan->verdict_robust
                       /* TRANSLATORS: the answer's range when cost and days do not vary */
                       ? _("Fixed term and price, no range; the choice holds.")
                       /* TRANSLATORS: the answer's range when cost and days do not vary, but another quote's do */
                       : _("No range for this option, its term and price being fixed; another quote wins within its own (see the job's chapter)."));
    }
  /* Each band with its unit once, "8,164–13,208 CNY, 6.5–10.5 days":
   * "8,164 CNY to 13,208 CNY, 6.5 days to 10.5 days" took a line more of
   * most English answers than of the Chinese ones (issue 22). */
  money_band = cp_i18n_format_money_whole_range (option->range.total_cost_low, option->range.total_cost_high,
                                                 quote->currency, lang);
  /* Under a day in hours, as the window's table says it: "0.09–0.1
   * days" hid that 416 CNY is the run passing 3 h (walk37 W1). */
  if (option->range.calendar_days_high < 1)
    {
      g_autofree char *hours_low = cp_i18n_format_number (option->range.calendar_days_low * 24, 1, lang);
      g_autofree char *hours_high = cp_i18n_format_number (option->range.calendar_days_high * 24, 1, lang);
      /* TRANSLATORS: an assumption's spread, low to high, e.g. "0.47–0.63" */
      g_autofree char *numbers = g_strdup_printf (_("%s–%s"), hours_low, hours_high);

      /* TRANSLATORS: a duration; %s is a number of hours */
      days_band = g_strdup_printf (_("%s h"), numbers);
    }
  else
    days_band = cp_i18n_format_days_range (option->range.calendar_days_low, option->range.calendar_days_high, lang);
  /* The range varies the assumptions, never a field the quote left out:
   * a choice resting on one is not firm whatever the range says. */
  if (unconfirmed != NULL)
    /* TRANSLATORS: the answer's range: the band of costs ("8,164–13,208 CNY"), the band of days, then why the choice is not firm (a sentence) */
    return g_strdup_printf (_("Range: %s, %s. %s"), money_band, days_band, unconfirmed);
  if (overbooked)
    /* TRANSLATORS: the answer's range: the band of costs, the band of days, for a job that shares a vendor's machines it does not offer enough of */
    return g_strdup_printf (_("Range: %s, %s; holds only if the vendor rents enough machines."),
                            money_band, days_band);
  /* A firm choice that rests on its own hourly billing says so with the
   * option a month's minimum leads to, past the amount to approve
   * (approver 34, B1: "the choice holds", and 45,000 CNY with a month's
   * minimum at Beijing Yunsuan, which page 1 asked about). */
  if (not_robust != NULL && firm_outcome != NULL)
    /* TRANSLATORS: the answer's range: the band of costs, the band of days, why another quote or none wins within it (a sentence), the recommended vendor, then the option its billing a month at least leads to and its cost */
    return g_strdup_printf (_("Range: %s, %s. %s If %s bills at least a month: %s."),
                            money_band, days_band, not_robust, vendor, firm_outcome);
  if (not_robust != NULL)
    return g_strdup_printf (_("Range: %s, %s. %s"), money_band, days_band, not_robust);
  if (firm_outcome != NULL)
    /* TRANSLATORS: the answer's range: the band of costs, the band of days, the recommended vendor, then the option its billing a month at least leads to and its cost ("Shanghai Suanli at 45,000 CNY") */
    return g_strdup_printf (_("Range: %s, %s; the choice holds across it while %s bills by the hour with no minimum term (if it bills at least a month: %s)."),
                            money_band, days_band, vendor, firm_outcome);
  return g_strdup_printf (plan->verdict_robust
                          /* TRANSLATORS: the answer's range: the band of costs ("8,164–13,208 CNY"), the band of days */
                          ? _("Range: %s, %s; the choice holds across it.")
                          /* TRANSLATORS: the answer's range: the band of costs ("8,164–13,208 CNY"), the band of days */
                          : _("Range: %s, %s; another quote wins within it (see the job's chapter)."),
                          money_band, days_band);
}

/* Whether one of @answers answers what makes the choice not firm. */
static gboolean
doubt_answered (GPtrArray *answers)
{
  for (guint a = 0; a < answers->len; a++)
    if (((const CpReportOpenAnswer *) g_ptr_array_index (answers, a))->answers_doubt)
      return TRUE;
  return FALSE;
}

/* The answer's range, then, when a quote that misses the deadline would
 * cost less, what it would save and by how much it is late: the choice
 * then rests on that margin, which page 1 must show (approver 19: 14,339
 * CNY more for a quote 0.05 days late, said only in the job's chapter). */
static char *
answer_range (const CpProject *project,
              const CpPlan    *plan,
              const CpOption  *option,
              const CpJob     *job,
              gboolean         overbooked,
              AnswersListed    answers_listed,
              gboolean         doubt_listed,
              const char      *firm_outcome,
              const char      *lang)
{
  g_autofree char *band = range_words (project, plan, option, overbooked, answers_listed, doubt_listed, firm_outcome,
                                       lang);
  /* Tight on memory, said where the range says whether the choice holds,
   * as the window's line under the verdict says it (walk37 F4: "the
   * choice holds across it" at 64.0 of 64.0 GiB). Before a range that
   * ends on the colon introducing the open answers, as the late quote's
   * sentence below. */
  g_autofree char *tight = cp_words_memory_tight_caution (project, &option->estimate, lang);
  g_autofree char *range = tight == NULL ? g_steal_pointer (&band)
                           : answers_listed != ANSWERS_NONE && firm_outcome == NULL
                           ? g_strdup_printf (C_("two sentences", "%s %s"), tight, band)
                           : g_strdup_printf (C_("two sentences", "%s %s"), band, tight);
  const CpOption *late = plan->cost_unknown ? NULL
                         : cp_words_cheapest_late_option (plan, option->estimate.total_cost);
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  g_autofree char *name = NULL, *cost = NULL, *saving = NULL, *miss = NULL, *sentence = NULL;

  if (late == NULL || !(cp_job_deadline_days (job) > 0))
    return g_steal_pointer (&range);
  name = cp_words_quote_name (project, late->quote_index);
  cost = cp_i18n_format_money_whole (late->estimate.total_cost, quote->currency, lang);
  saving = cp_i18n_format_money_whole (option->estimate.total_cost - late->estimate.total_cost,
                                       quote->currency, lang);
  /* Rounded up as the verdict says it (issue 22). */
  miss = cp_words_late_by (late->estimate.calendar_days, cp_job_deadline_days (job), lang);
  /* TRANSLATORS: after the answer's range: a cheaper quote, its total cost, how much less, how late it finishes */
  sentence = g_strdup_printf (_("%s would cost %s, %s less, but misses the deadline by %s."), name, cost, saving, miss);
  /* The range ends on the colon that introduces the open answers listed
   * under it, when there are: the cheaper quote's sentence comes first,
   * where it stood between the colon and the list (walk41 F15). */
  if (answers_listed != ANSWERS_NONE && firm_outcome == NULL)
    return g_strdup_printf (C_("two sentences", "%s %s"), sentence, range);
  /* TRANSLATORS: the answer's range, then the sentence on a cheaper quote that misses the deadline */
  return g_strdup_printf (C_("two sentences", "%s %s"), range, sentence);
}

void
cp_report_section_title (Doc *doc)
{
  g_autofree char *byline = NULL;

  /* The briefest memo sets it in the headings' type: a long project
   * name took two lines of the title's. */
  const PangoFontDescription *title_font = doc->brief >= CP_REPORT_MEMO_BRIEF_TITLE_AS_HEADING ? doc->h1 : doc->title;

  /* Who prepared it is said once, in the sign-off block on this page. */
  byline = g_strdup_printf (_("%s · Compute Planner %s"), doc->date, PACKAGE_VERSION);
  /* A memo shortened to keep its sign-off on its page sets the byline
   * beside the title: left out, the demo's page 1 had no date under its
   * title where a one-job report had one (approver 36, D8). */
  if (doc->brief >= CP_REPORT_MEMO_BRIEF_BYLINE_BESIDE_TITLE)
    cp_doc_title_with_note (doc, title_font, doc->title_text, doc->small, byline, 2);
  else
    {
      cp_doc_paragraph_full (doc, title_font, doc->title_text, 0, 6, NULL);
      cp_doc_paragraph_full (doc, doc->body, byline, 0, 10, NULL);
    }
}

/* Why quote @index, which lacks what cp_quote_get_missing_in() names, was
 * left out of the comparison and what to ask or enter to bring it in:
 * "Vendor C is not compared: its price is in USD and the project, which
 * compares in CNY, has no exchange rate; enter the price in CNY." */
static char *
not_compared (const CpProject *project,
              guint            index,
              CpQuoteMissing   missing)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, index);
  const char *compared_in = project->settings.currency[0] != '\0' ? project->settings.currency : "CNY";
  g_autofree char *name = cp_words_quote_name (project, (int) index);
  g_autoptr(GString) why = g_string_new (NULL);

  if (missing & CP_QUOTE_MISSING_PRICE)
    /* TRANSLATORS: why a quote is not compared: it has no price */
    g_string_append (why, _("it has no price; ask the vendor for one and enter it"));
  if (missing & CP_QUOTE_MISSING_NETWORK)
    {
      if (why->len > 0)
        g_string_append (why, _("; "));
      /* TRANSLATORS: why a quote is not compared: its network lacks NICs or their rate */
      g_string_append (why, _("its network between nodes has no NIC count or NIC rate; ask the vendor for them and enter them"));
    }
  if (missing & CP_QUOTE_MISSING_EXCHANGE_RATE)
    {
      if (why->len > 0)
        g_string_append (why, _("; "));
      /* TRANSLATORS: why a quote is not compared; the quote's currency, the project's currency (twice) */
      g_string_append_printf (why, _("its price is in %s and the project, which compares in %s, has no exchange rate; enter the price in %s"),
                              quote->currency, compared_in, compared_in);
    }
  /* TRANSLATORS: a quote left out of the comparison, then why and what to ask or enter */
  return g_strdup_printf (_("%s is not compared: %s."), name, why->str);
}

gboolean
cp_report_quote_compared (const CpPlan *plan,
                          int           quote_index)
{
  for (guint i = 0; plan != NULL && i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->quote_index == quote_index)
        return option->estimate.fits && !cp_estimate_layout_refused (&option->estimate);
    }
  return FALSE;
}

/* Whether job @job_index is among the jobs of @overbookings
 * (cp_schedule_overbookings()). */
static gboolean
job_overbooked (GPtrArray *overbookings,
                guint      job_index)
{
  for (guint i = 0; overbookings != NULL && i < overbookings->len; i++)
    {
      const CpOverbooking *o = g_ptr_array_index (overbookings, i);

      for (guint j = 0; j < o->jobs->len; j++)
        if (g_array_index (o->jobs, guint, j) == job_index)
          return TRUE;
    }
  return FALSE;
}

/* How job @job_index's @answers are listed: each within the amount to
 * approve, or one passing it (said under the amount), or none. */
static AnswersListed
open_answers_listing (const CpProject  *project,
                      JobResult        *results,
                      const CpSchedule *schedule,
                      guint             job_index,
                      GPtrArray        *answers)
{
  g_autoptr(GPtrArray) plans = g_ptr_array_new ();
  CpApprovalAmount approval;

  if (answers->len == 0)
    return ANSWERS_NONE;
  if (schedule == NULL || job_index >= schedule->jobs->len ||
      !g_array_index (schedule->jobs, CpScheduleJob, job_index).planned)
    return ANSWERS_LISTED;
  for (guint j = 0; j < project->jobs->len; j++)
    g_ptr_array_add (plans, (gpointer) results[j].plan);
  cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  for (guint a = 0; a < answers->len; a++)
    if (cp_report_top_with_answer (project, results, schedule, &approval, job_index, g_ptr_array_index (answers, a))
        > round (approval.amount))
      return ANSWERS_LISTED;
  return ANSWERS_WITHIN;
}

GPtrArray *
cp_report_open_answers (const CpProject  *project,
                        JobResult        *results,
                        const CpSchedule *schedule,
                        guint             job_index,
                        const char       *lang)
{
  GHashTable *worded = results[job_index].open_answers;
  GPtrArray *answers = worded != NULL ? g_hash_table_lookup (worded, lang) : NULL;
  g_autofree char *unconfirmed = NULL;

  if (answers != NULL)
    return g_ptr_array_ref (answers);
  answers = cp_report_open_answers_all (project, &results[job_index], lang);
  /* A firm choice names its own billing's answer only when it would pass
   * the amount to approve: "If 示例供应商 A bills at least a month: 示例供应商
   * E at 200 CNY" under a job of 108 CNY, well within the demo's 287,922
   * CNY, told an approver nothing and took its memo to a third page. */
  if (answers->len > 0)
    unconfirmed = cp_words_unconfirmed (project, results[job_index].plan, lang, NULL);
  if (answers->len > 0 && unconfirmed == NULL &&
      open_answers_listing (project, results, schedule, job_index, answers) == ANSWERS_WITHIN)
    g_ptr_array_set_size (answers, 0);
  if (worded != NULL)
    g_hash_table_insert (worded, g_strdup (lang), g_ptr_array_ref (answers));
  return answers;
}

/* Whether one of @answers leads to @plan's next best option, at its cost. */
static gboolean
answers_lead_to_next (const CpProject *project,
                      const CpPlan    *plan,
                      GPtrArray       *answers,
                      const char      *lang)
{
  const CpOption *next = cp_plan_next_best (plan);
  g_autofree char *at = NULL;

  if (next == NULL)
    return FALSE;
  cp_i18n_push_language (lang);
  at = cp_report_option_at (project, next->quote_index, next->estimate.total_cost, lang);
  cp_i18n_pop_language ();
  for (guint a = 0; a < answers->len; a++)
    if (g_strcmp0 (((const CpReportOpenAnswer *) g_ptr_array_index (answers, a))->outcome, at) == 0)
      return TRUE;
  return FALSE;
}

void
cp_report_section_question (Doc              *doc,
                            JobResult        *results,
                            const CpSchedule *schedule)
{
  const CpProject *project = doc->project;
  /* The jobs whose machines the vendor does not offer enough of: their
   * choice is not firm (the budget's first line says why). */
  g_autoptr(GPtrArray) overbookings = schedule != NULL ? cp_schedule_overbookings (schedule, project) : NULL;

  cp_doc_heading (doc, doc->h1, _("Recommendation"), 60);
  /* Nothing to compare: said first and plainly, with what to add; the
   * report of a project without quotes used to say nothing of it. */
  if (project->quotes->len == 0)
    cp_doc_paragraph_full (doc, doc->bold,
                           _("No quote was compared: this project has no vendor quotes, so nothing below is a recommendation. Add the vendors' quotes (GPU, GPUs per node, nodes, price) in the window's Quotes list, or with compute-planner-cli add-quote or import-quotes, then make this report again."),
                           0, 4, NULL);
  /* The question the answers below answer, in a note's type. A memo
   * short of room keeps the question in one line, without what total
   * cost counts: the English page 1 lost it where the Chinese kept it
   * (issue 22). Only the briefest memo, of many jobs, leaves it out. */
  if (project->quotes->len > 0 && doc->brief < CP_REPORT_MEMO_BRIEFEST)
    cp_doc_paragraph_full (doc, doc->small,
                           doc->brief < CP_REPORT_MEMO_BRIEF_SHORT_QUESTION
                           ? _("For each job below: rent one machine or a cluster, and from which quote, so that the job finishes by its deadline at the lowest total cost? Total cost counts compute, network, storage, fees, debugging on one machine and the team's migration time, not the unit price alone.")
                           : _("For each job: one machine or a cluster, from which quote, to finish by its deadline at the lowest total cost?"),
                           0, 2, NULL);
  /* A trial of the memo that has gone as far as asked lays out no more
   * jobs (cp_doc_stopped()): the demo's seven filled two pages. */
  for (guint j = 0; j < project->jobs->len && !cp_doc_stopped (doc); j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      const CpPlan *plan = results[j].plan;
      g_autofree char *heading = NULL;
      gboolean heading_leads;

      /* The job's kind is in the jobs table: beside a name that says it,
       * "70B 全参数微调 (70B full fine-tune)（全参数微调）" was two brackets
       * in a row, and a second line of most English headings (approver
       * 21). */
      heading = plan != NULL && project->quotes->len > 0
                /* TRANSLATORS: page 1's heading of a job's answer: the job's name and the verdict */
                ? g_strdup_printf (_("%s: %s"), job->name, cp_words_plan_verdict (plan))
                : g_strdup (job->name);
      /* Each job's answer under the Recommendation, headed in the body's
       * size; a memo short of room begins a recommendation with it instead
       * (its heading line and the space about it, seven times, took the
       * demo's English sign-off to page 3 once the whole-offer answer
       * had a line of its own: walk38b G1). */
      heading_leads = doc->brief >= CP_REPORT_MEMO_BRIEF_JOB_LEADS_ANSWER && plan != NULL &&
                      plan->recommended >= 0 && (guint) plan->recommended < plan->options->len;
      if (heading_leads)
        doc->y += JOB_ANSWER_SPACE_ABOVE;
      else
        cp_doc_heading (doc, doc->bold, heading, 42);
      /* Without quotes there is no answer: said once above. */
      if (project->quotes->len == 0)
        continue;
      if (plan == NULL)
        {
          cp_doc_paragraph (doc, doc->body, _("No plan could be computed for this job; check its fields."));
          continue;
        }
      if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);
          g_autofree char *what = answer_what (project, plan, option);
          g_autofree char *from = answer_from (project, option, doc->brief >= CP_REPORT_MEMO_BRIEF_RENT_FROM_JOINED);
          /* When it runs, from the project's calendar: the dates an
           * approver books the money and the team for. */
          g_autofree char *span = cp_report_job_span (schedule, j, doc->lang);
          g_autofree char *answer = with_what_came_before (answer_cost (project, job, plan, option, span, doc->lang),
                                                            project, schedule, j, doc->lang);
          /* Without a price to compare, there is no cost band to give. */
          g_autoptr(GPtrArray) answers = cp_report_open_answers (project, results, schedule, j, doc->lang);
          /* A firm choice's one answer, said in its range's sentence. */
          const CpReportOpenAnswer *firm_answer = answers->len == 1 &&
                                                  ((const CpReportOpenAnswer *) g_ptr_array_index (answers, 0))->of_firm_choice
                                                  ? g_ptr_array_index (answers, 0) : NULL;
          g_autofree char *range = plan->cost_unknown ? g_strdup ("")
                                   : answer_range (project, plan, option, job, job_overbooked (overbookings, j),
                                                   open_answers_listing (project, results, schedule, j, answers),
                                                   doubt_answered (answers),
                                                   firm_answer != NULL ? firm_answer->outcome : NULL, doc->lang);
          /* A total the minimum term sets, not the job's use, says so
           * beside it: the approver pays for the term, not the days. */
          g_autofree char *minimum = plan->cost_unknown ? NULL : cp_words_minimum_term (project, option, doc->lang);
          /* Beside the months billed, the use that would bill one less
           * when it is close (read38 F1: "2 months" typed as 61 days). */
          g_autofree char *threshold = minimum == NULL ? NULL : cp_words_month_threshold (project, option, doc->lang);
          g_autofree char *billed_months = threshold == NULL ? g_strdup (minimum) : g_strjoin (" ", minimum, threshold, NULL);
          /* How far the next option is, in money: what choosing it
           * instead would cost (approver, 2 December); the last thing a
           * memo too long for its pages leaves out. */
          g_autofree char *next = doc->brief >= CP_REPORT_MEMO_BRIEF_NO_NEXT ? NULL : cp_words_cost_difference (project, plan, doc->lang);
          /* What the money buys, where the term does not say it: what
           * the approver signs for. A memo of many jobs leaves it to the
           * chapters: the demo's seven took seven lines more of page 1,
           * whose budget says by when to approve. */
          g_autofree char *billed = plan->cost_unknown || minimum != NULL || project->jobs->len > MEMO_BILLED_MAX_JOBS
                                    ? NULL : billed_sentence (project, option, doc->lang);
          /* After the open answers when they are listed, which the range's
           * last sentence introduces. */
          /* A firm choice's one answer is in its range's sentence: the
           * next best follows it there, unless that answer names it. */
          const char *next_in_cost = answers->len == 0 ||
                                     (firm_answer != NULL && !answers_lead_to_next (project, plan, answers, doc->lang))
                                     ? next : NULL;
          g_autofree char *cost = plan->cost_unknown ? g_strdup (answer)
                                  : minimum != NULL ? g_strjoin (" ", answer, billed_months, range, next_in_cost, NULL)
                                  : billed != NULL ? g_strjoin (" ", answer, billed, range, next_in_cost, NULL)
                                  : g_strjoin (" ", answer, range, next_in_cost, NULL);
          g_autofree char *price_check = cp_words_price_check (project, plan, doc->lang);
          /* R8: who runs bare metal for a team without an operations
           * engineer, in one line, whatever the room (issue 22). */
          g_autofree char *operations = cp_words_operations (project, plan, doc->lang);
          const CpOption *hosted;

          /* A long memo says what to rent and from whom in one sentence. */
          if (heading_leads)
            {
              /* TRANSLATORS: page 1, a job's answer when the memo is short of room: its heading ("14B LoRA fine-tune: Single machine"), then what to rent and from whom ("Rent: 1 machine of … From: Vendor A.") */
              g_autofree char *led = g_strdup_printf (C_("job answer", "%s. %s %s"), heading, what, from);

              cp_doc_paragraph_full (doc, doc->bold, led, 0, 1, NULL);
            }
          else if (doc->brief >= CP_REPORT_MEMO_BRIEF_RENT_FROM_JOINED)
            {
              g_autofree char *both = g_strdup_printf ("%s %s", what, from);

              cp_doc_paragraph_full (doc, doc->bold, both, 0, 1, NULL);
            }
          else
            {
              cp_doc_paragraph_full (doc, doc->bold, what, 0, 1, NULL);
              cp_doc_paragraph_full (doc, doc->body, from, 0, 1, NULL);
            }
          cp_doc_paragraph_full (doc, doc->body, cost, 0, 1, NULL);
          /* Each answer still to come that changes the choice, with the
           * option it leads to and its cost; the budget says whether each
           * stays within the amount to approve (approver 33, A1). */
          for (guint a = 0; firm_answer == NULL && a < answers->len; a++)
            {
              const CpReportOpenAnswer *open = g_ptr_array_index (answers, a);
              /* TRANSLATORS: page 1, one open answer that changes the choice: the answer ("Beijing Yunsuan bills by the hour with no minimum term"), the option it leads to ("Beijing Yunsuan at 989 CNY") */
              g_autofree char *line = g_strdup_printf (_("If %s: %s."), open->condition, open->outcome);
              g_autofree char *spaced = cp_doc_spaced (doc, line);

              /* In the note's type, as the vendors' questions they wait
               * on: the demo's memo kept its amount on page 1 so, and a
               * one-job memo its question. */
              cp_doc_paragraph_full (doc, doc->small, spaced, 10, 1, "•");
            }
          /* The next best once: an open answer above that leads to it
           * says its cost already, and "Next best: Beijing Yunsuan at
           * 38,000 CNY" under "Beijing Yunsuan at 989 CNY" read as a
           * contradiction (approver 33, A1). */
          if (answers->len > 0 && firm_answer == NULL && next != NULL &&
              !answers_lead_to_next (project, plan, answers, doc->lang))
            cp_doc_paragraph_full (doc, doc->body, next, 0, 1, NULL);
          /* The total above rests on that price: an approver reading only
           * this page must see the doubt next to it. The training layout
           * is the job chapter's: the memo answers in three lines. */
          if (price_check != NULL)
            cp_doc_paragraph_full (doc, doc->bold, price_check, 0, 1, NULL);
          if (operations != NULL && (hosted = cp_report_operations_switch (project, plan)) != NULL)
            {
              /* Said once, where the switch is offered, with what to
               * approve for it. */
              g_autofree char *instead = switch_amount_text (project, results, schedule, j, hosted, doc->lang);
              g_autofree char *uncovered =
                g_strdup_printf (C_("two sentences", "%s %s"), operations, instead != NULL ? instead
                                 /* TRANSLATORS: page 1, after R8's line offering another quote ("or take X (28,416 CNY more)"): the amount to approve holds the recommended option's cost only */
                                 : _("The amount to approve below does not cover that switch."));

              cp_doc_paragraph_full (doc, doc->body, uncovered, 0, 1, NULL);
            }
          else if (operations != NULL)
            cp_doc_paragraph_full (doc, doc->body, operations, 0, 1, NULL);
          /* A memo that joins the lines sets the answers closer too:
           * 3 points under each of the demo's seven answers were the
           * English memo's last line (issue 22). */
          if (doc->brief < CP_REPORT_MEMO_BRIEF_RENT_FROM_JOINED)
            doc->y += 3;
        }
      else
        {
          g_autofree char *answer = cp_words_not_feasible (project, plan, doc->lang);
          g_autofree char *price_check = cp_words_price_check (project, plan, doc->lang);
          /* The default the answer turns on, as the window says it under
           * the verdict (walk38 F4). */
          g_autofree char *turns_on = cp_words_turns_on_team (project, plan, results[j].what_if, doc->lang);

          cp_doc_paragraph (doc, doc->body, answer);
          if (turns_on != NULL)
            cp_doc_paragraph (doc, doc->bold, turns_on);
          if (price_check != NULL)
            cp_doc_paragraph (doc, doc->bold, price_check);
        }
    }

  /* A quote left out of every plan because it lacks a price, its network
   * or an exchange rate is named here with why: otherwise it only shows
   * as "1 incomplete quote is not drawn" under a chart, and an approver
   * cannot tell whether the cheapest bid was thrown out (approver 8,
   * finding 1). One that a plan without prices still weighs (cost
   * unknown) was compared on what it can run and is not named. */
  for (guint q = 0; q < project->quotes->len; q++)
    {
      CpQuoteMissing missing = cp_quote_get_missing_in (g_ptr_array_index (project->quotes, q), &project->settings);
      gboolean weighed = FALSE;
      g_autofree char *line = NULL;

      if (missing == CP_QUOTE_MISSING_NONE)
        continue;
      for (guint j = 0; j < project->jobs->len && !weighed; j++)
        for (guint i = 0; results[j].plan != NULL && i < results[j].plan->options->len && !weighed; i++)
          weighed = g_array_index (results[j].plan->options, CpOption, i).quote_index == (int) q;
      if (weighed)
        continue;
      line = not_compared (project, q, missing);
      cp_doc_paragraph (doc, doc->bold, line);
    }
}

/* The Jobs table's model: its name, and its parameter count where the
 * name does not already say it: "Qwen2.5 7B (7.61B)", "Llama 2 70B",
 * where "Llama 2 70B (700 亿)" said the size twice, the second time in
 * other units (appr35 A26). */
static char *
model_cell (const char *name,
            double      params,
            const char *lang)
{
  g_autofree char *named_count = cp_i18n_format_count (params, "en");
  g_autofree char *count = NULL;

  if (strstr (name, named_count) != NULL)
    return g_strdup (name);
  count = cp_i18n_format_count (params, lang);
  /* TRANSLATORS: the Jobs table's model: its name, then its parameter count ("7.61B", "76.1 亿") */
  return g_strdup_printf (C_("model and its parameters", "%s (%s)"), name, count);
}

void
cp_report_section_jobs_and_quotes (Doc *doc)
{
  static const double job_widths[] = { 0.24, 0.20, 0.22, 0.22, 0.12 };
  static const double quote_widths[] = { 0.20, 0.11, 0.15, 0.14, 0.12, 0.12, 0.07, 0.09 };
  const CpProject *project = doc->project;
  char *job_header[] = { _("Job"), _("Kind"), _("Model"), _("Size"), _("Deadline") };
  char *quote_header[] = { _("Quote"), _("Offering"), _("Hardware"), _("Network"), _("Price"),
                           /* TRANSLATORS: the quotes table's column of the billing step, then the minimum term ("1 h · none"): the heading names both, in that order, as short as "Billing" was: a wider heading widened the column and cost the English report a line (walk37b U4: "Billing" over "1 mo · 1 mo" said neither) */
                           _("Step · min."), _("VAT"), _("Valid until") };
  /* What the memo's answers rest on, in the detail tables' small type. */
  Table jobs = { 5, job_widths, NULL, job_header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0,
                 doc->small };
  Table quotes = { 8, quote_widths, NULL, quote_header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0,
                   doc->small };

  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      const char *model_name = job->model.name != NULL ? job->model.name : job->model.id;

      cp_doc_table_add_row (&jobs, g_strdup (job->name),
                            g_strdup (cp_words_task_kind (job->kind)),
                            job->model.params > 0 ? model_cell (model_name != NULL ? model_name : "—", job->model.params,
                                                                doc->lang)
                            : g_strdup ("—"),
                            job_size (job, doc->lang),
                            cp_job_deadline_days (job) > 0 ? cp_i18n_format_days (cp_job_deadline_days (job), doc->lang) : g_strdup ("—"));
    }
  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, q);

      cp_doc_table_add_row (&quotes, cp_words_quote_name (project, (int) q),
                            offering_text (quote),
                            quote_hardware (quote),
                            quote_network (quote, doc->lang),
                            quote_price (quote, doc->lang),
                            quote_billing (project, quote, doc->lang),
                            quote_vat (project, quote, doc->lang),
                            cp_i18n_format_iso_date (quote->valid_until, doc->lang));
    }

  cp_doc_table_under (doc, doc->h1, _("Jobs"), &jobs);
  /* The VAT column says which rate applied to which quote; page 1 the
   * basis, the appendix the rates' sources. */
  if (quotes.rows->len > 0)
    cp_doc_table_under (doc, doc->h1, _("Quotes"), &quotes);
  cp_report_section_quote_notes (doc);
  /* A quote whose stored figures or text the planner refuses (written by
   * another program) is in the table above but in no plan: said here, so
   * that a reader does not take its absence for a verdict. */
  for (guint q = 0; q < project->quotes->len; q++)
    if (!cp_quote_validate_figures (g_ptr_array_index (project->quotes, q), NULL))
      {
        g_autofree char *name = cp_words_quote_name (project, (int) q);
        g_autofree char *left_out =
          /* TRANSLATORS: %s is a quote's name */
          g_strdup_printf (_("The quote “%s” is left out of every plan: it holds a value outside what the planner "
                             "accepts. Correct it in the project before relying on this report."), name);
        cp_doc_paragraph (doc, doc->bold, left_out);
      }

  g_ptr_array_unref (jobs.rows);
  g_ptr_array_unref (quotes.rows);
}
