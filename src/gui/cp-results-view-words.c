/* cp-results-view-words.c: the paragraphs of CpResultsView, written from
 * the project and the plan alone: no widget is read or set here. */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "planner/cp-schedule.h"
#include "planner/cp-units.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "store/cp-quote-offer.h"

#include "cp-labels.h"
#include "cp-results-view-private.h"

/* Time the run waits on communication, as a share of the run. */
static double
communication_share (const CpEstimate *estimate)
{
  return estimate->total_s > 0 ? estimate->exposed_communication_s / estimate->total_s : 0;
}

static const CpOption *
find_option (const CpPlan *plan,
             guint         rank)
{
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->rank == rank)
        return option;
    }
  return NULL;
}

char *
_cp_results_view_describe_recommendation (const CpProject *project,
                                          const CpPlan    *plan,
                                          const char      *span,
                                          const char      *lang)
{
  const CpOption *best;
  const CpQuote *quote;
  g_autofree char *name = NULL;
  g_autofree char *cost = NULL;
  g_autofree char *length = NULL;
  g_autofree char *days = NULL;
  gboolean doubtful_price = cp_words_first_price_implausible (plan);

  if (plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return plan->options->len == 0
           ? g_strdup (_("No quote is complete yet: fill in what the quotes below lack to compare them."))
           : cp_words_not_feasible (project, plan, lang);

  best = &g_array_index (plan->options, CpOption, plan->recommended);
  quote = g_ptr_array_index (project->quotes, best->quote_index);
  name = cp_words_quote_name (project, best->quote_index);
  cost = cp_i18n_format_money_whole (best->estimate.total_cost, quote->currency, lang);
  length = cp_words_calendar_length (best->estimate.calendar_days, lang);
  /* The dates after the days, as the report's answer gives them ("done
   * in 8.0 days (5–12 December 2026)"). */
  /* TRANSLATORS: calendar days, then the first and last day they run */
  days = span != NULL ? g_strdup_printf (_("%s (%s)"), length, span) : g_steal_pointer (&length);

  /* No price: what the hardware runs, and that the cost is not known. */
  if (plan->cost_unknown)
    /* TRANSLATORS: "Without a price: <quote> runs the job on 1 node (8 GPUs) in 12.5 days; …" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Without a price to compare: %s runs the job on %u node (%u GPUs), in %s. Its cost, and a ranking by cost, need a price.",
                                         "Without a price to compare: %s runs the job on %u nodes (%u GPUs), in %s. Its cost, and a ranking by cost, need a price.",
                                         best->estimate.nodes),
                            name, best->estimate.nodes, best->estimate.gpus, days);

  /* A vendor that rents only its whole offer bills every machine of it
   * (cp_quote_billed_nodes()), and the total counts them all: "one
   * machine (8 GPUs) …, 1 of the 4 nodes offered: 33,792 CNY" read as a
   * part rented alone beside the cost of 4, where page 1 says "Rent: all
   * 4 machines offered … the job runs on 1" (walk37b N2). */
  if (cp_quote_billed_nodes (quote, MAX (best->estimate.nodes, 1)) > MAX (best->estimate.nodes, 1))
    {
      guint per_node = best->estimate.nodes > 0 ? best->estimate.gpus / best->estimate.nodes : best->estimate.gpus;

      return g_strdup_printf (doubtful_price
                              /* TRANSLATORS: "Ranked first if its price is right: all 4 machines offered of <quote> (32 GPUs), as its vendor rents only the whole offer; the job runs on 1: ¥1,234 in total, 12.5 days." */
                              ? _("Ranked first if its price is right: all %u machines offered of %s (%u GPUs), as its vendor rents only the whole offer; the job runs on %u: %s in total, %s.")
                              /* TRANSLATORS: "Recommended: all 4 machines offered of <quote> (32 GPUs), as its vendor rents only the whole offer; the job runs on 1: ¥1,234 in total, 12.5 days." */
                              : _("Recommended: all %u machines offered of %s (%u GPUs), as its vendor rents only the whole offer; the job runs on %u: %s in total, %s."),
                              quote->nodes_available, name, per_node * quote->nodes_available,
                              MAX (best->estimate.nodes, 1), cost, days);
    }

  /* The single machine recommended may be one node of a cluster offer:
   * said so, or the quote's name ("… 4-node H800 cluster") read as the
   * cluster being chosen under a single-machine verdict. Under "Check a
   * price unit first" the option is ranked first on a price no GPU rents
   * at, not recommended (walk42 F3). */
  if (best->estimate.nodes == 1 && cp_quote_is_cluster (quote))
    return g_strdup_printf (doubtful_price
                            /* TRANSLATORS: "Ranked first if its price is right: one machine (8 GPUs) of <quote>, 1 of the 4 nodes offered: ¥1,234 in total, 12.5 days." */
                            ? _("Ranked first if its price is right: one machine (%u GPUs) of %s, 1 of the %u nodes offered: %s in total, %s.")
                            /* TRANSLATORS: "Recommended: one machine (8 GPUs) of <quote>, 1 of the 4 nodes offered: ¥1,234 in total, 12.5 days." */
                            : _("Recommended: one machine (%u GPUs) of %s, 1 of the %u nodes offered: %s in total, %s."),
                            best->estimate.gpus, name, quote->nodes_available, cost, days);
  return g_strdup_printf (doubtful_price
                          /* TRANSLATORS: "Ranked first if its price is right: <quote> with 4 nodes (32 GPUs): ¥1,234 in total, 12.5 days." */
                          ? g_dngettext (GETTEXT_PACKAGE,
                                         "Ranked first if its price is right: %s with %u node (%u GPUs): %s in total, %s.",
                                         "Ranked first if its price is right: %s with %u nodes (%u GPUs): %s in total, %s.",
                                         best->estimate.nodes)
                          /* TRANSLATORS: "Recommended: <quote> with 4 nodes (32 GPUs): ¥1,234 in total, 12.5 days." */
                          : g_dngettext (GETTEXT_PACKAGE,
                                         "Recommended: %s with %u node (%u GPUs): %s in total, %s.",
                                         "Recommended: %s with %u nodes (%u GPUs): %s in total, %s.",
                                         best->estimate.nodes),
                          name, best->estimate.nodes, best->estimate.gpus, cost, days);
}

/* What the whole offer's extra cost is made of: each component's
 * difference with its sign, largest first, apportioned so that the parts
 * shown add up to the difference shown. Naming the largest part alone
 * ("of the 43,891 CNY difference, 45,000 CNY is migration engineering")
 * showed a part larger than the whole where another part fell
 * (walkthrough 8). */
static void
append_cost_difference (GString          *text,
                        const CpEstimate *best,
                        const CpEstimate *full,
                        const char       *currency,
                        const char       *lang)
{
  const char *words[] = {
    N_("GPU time"), N_("debugging on one machine"), N_("network fee"), N_("storage"),
    N_("management and setup fees"), N_("migration engineering"),
  };
  const double amounts[] = {
    full->compute_cost - best->compute_cost,
    full->debug_cost - best->debug_cost,
    full->network_cost - best->network_cost,
    full->storage_cost - best->storage_cost,
    full->fees_cost - best->fees_cost,
    full->engineering_cost - best->engineering_cost,
  };
  double difference_cost = full->total_cost - best->total_cost;
  double shown[G_N_ELEMENTS (amounts)];
  gboolean listed[G_N_ELEMENTS (amounts)] = { FALSE, };
  /* Apportioned in whole units, so the parts as printed add up to the
   * difference as printed; said in whole units, the whole with them: a
   * part under 100 CNY read "−42.00 CNY" beside "+45,000 CNY", as no
   * other figure in the window is written. */
  g_autofree char *difference = cp_i18n_format_money_whole (difference_cost, currency, lang);
  g_autoptr(GString) parts = g_string_new (NULL);

  G_STATIC_ASSERT (G_N_ELEMENTS (words) == G_N_ELEMENTS (amounts));
  cp_i18n_apportion (amounts, G_N_ELEMENTS (amounts), difference_cost, shown);
  for (;;)
    {
      int largest = -1;

      for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
        if (!listed[i] && shown[i] != 0 && (largest < 0 || fabs (shown[i]) > fabs (shown[largest])))
          largest = (int) i;
      if (largest < 0)
        break;
      listed[largest] = TRUE;
      {
        g_autofree char *amount = cp_i18n_format_money_whole (fabs (shown[largest]), currency, lang);
        /* A sign before every part, the minus sign (U+2212) for a saving. */
        g_autofree char *signed_amount = g_strdup_printf ("%s%s", shown[largest] > 0 ? "+" : "\u2212", amount);

        if (parts->len > 0)
          /* TRANSLATORS: between the parts of a cost difference */
          g_string_append (parts, _(", "));
        /* TRANSLATORS: one part of a cost difference: a signed amount ("+45,000 CNY"), then a cost
         * component such as "migration engineering" */
        g_string_append_printf (parts, C_("cost difference", "%s %s"), signed_amount, _(words[largest]));
      }
    }

  g_string_append (text, "\n");
  /* TRANSLATORS: the whole offer's total cost less the chosen count's, then its parts with their signs:
   * "+45,000 CNY migration engineering, −1,109 CNY GPU time" */
  g_string_append_printf (text, _("More nodes cost %s more: %s."), difference, parts->str);
}

/* Why the whole offer is slower or dearer than the node count chosen,
 * from the two estimates' own components. */
static void
explain_more_nodes (GString          *text,
                    const CpPlan     *plan,
                    const CpEstimate *best,
                    const CpEstimate *full,
                    const char       *currency,
                    const char       *lang)
{
  if (full->output_tokens_per_s > 0)
    {
      /* A service runs for its set time on any number of nodes: what more
       * nodes bring is capacity beyond the target. */
      double full_capacity = (double) full->requests_per_replica * full->layout.data_parallel;
      double chosen_capacity = (double) best->requests_per_replica * best->layout.data_parallel;

      if (full_capacity > chosen_capacity)
        {
          g_autofree char *carried = cp_i18n_format_number (full_capacity, 0, lang);
          g_autofree char *chosen = cp_i18n_format_number (chosen_capacity, 0, lang);

          g_string_append (text, "\n");
          /* TRANSLATORS: concurrent requests the whole offer and the node count chosen carry */
          g_string_append_printf (text,
                                  _("A service runs for its set time on any number of nodes: the whole offer carries %s requests at once against %s on the nodes chosen, capacity beyond the target."),
                                  carried, chosen);
        }
    }
  else if (full->total_s >= best->total_s)
    {
      g_autofree char *share = cp_i18n_format_percent (communication_share (full), lang);

      g_string_append (text, "\n");
      g_string_append_printf (text,
                              _("More nodes are slower here: waiting on the network between nodes takes %s of the run, more than the extra GPUs save."),
                              share);
    }
  else if (full->calendar_days >= best->calendar_days)
    {
      /* Both runs in one unit: "30.7 h against 5.2 days" (walkthrough
       * 5, N5) and "15.6 h against 1.2 days" (walk37 F10) read as a
       * comparison of unlike things. */
      g_autofree char *best_run = NULL, *full_run = NULL;
      g_autofree char *migration = cp_i18n_format_days (full->migration_days - best->migration_days, lang);

      cp_words_durations_alike (full->run_days * 86400, best->run_days * 86400, lang, &full_run, &best_run);
      g_string_append (text, "\n");
      g_string_append_printf (text,
                              _("More nodes shorten the run (%s against %s), but moving to a cluster adds %s of migration, so the job does not finish sooner."),
                              full_run, best_run, migration);
    }

  if (plan->cost_unknown || full->total_cost <= best->total_cost)
    return;
  append_cost_difference (text, best, full, currency, lang);
}

/* Why one node of a cluster offer was not enough when the host memory the
 * quote states is what stopped it: the price jumped to several nodes with
 * no word of the 512 GiB that could not hold CPU offload's 1,043 GiB
 * (walkthrough 5). */
static void
append_one_node_refused (GString           *text,
                         CpProjectAnalysis *analysis,
                         guint              job_index,
                         const CpOption    *option,
                         const CpQuote     *quote,
                         const char        *lang)
{
  const CpProject *project = cp_project_analysis_get_project (analysis);
  const CpEstimate *one;

  if (option->estimate.nodes <= 1 || quote->host_memory_per_node_bytes <= 0)
    return;
  one = cp_project_analysis_get_one_node (analysis, job_index, (guint) option->quote_index);
  if (one == NULL || one->fits || one->offload_refused_host_bytes <= 0)
    return;
  {
    g_autofree char *needed = cp_words_host_memory (one->offload_refused_host_bytes, project->settings.memory_unit, lang);
    g_autofree char *stated = cp_words_host_memory (quote->host_memory_per_node_bytes, project->settings.memory_unit, lang);

    g_string_append (text, "\n");
    /* TRANSLATORS: host memory CPU offload would need on one node, then what the quote states */
    g_string_append_printf (text, _("One node would fit only with CPU offload, which needs %s of host memory; the quote states %s."),
                            needed, stated);
  }
}

/* How late @estimate finishes for @job's deadline, as "90.0 days" and
 * "2.0 days" in @deadline and @late; FALSE (both NULL) when it meets it,
 * has none to meet or cannot run. The table said "Missed" of an option
 * whose paragraph here gave its 92 days without a word of the 90 (issue
 * 26, a lead in a meeting). */
static gboolean
describe_missed_deadline (const CpJob      *job,
                          const CpEstimate *estimate,
                          const char       *lang,
                          char            **deadline,
                          char            **late)
{
  double deadline_days = cp_job_deadline_days (job);

  *deadline = NULL;
  *late = NULL;
  if (deadline_days <= 0 || !estimate->fits || cp_estimate_layout_refused (estimate) || estimate->meets_deadline)
    return FALSE;
  {
    g_autofree char *finish = NULL;

    /* The deadline in the unit and decimals the finish beside it is
     * printed with (cp_words_offer()). */
    cp_words_finish_and_deadline (estimate->calendar_days, deadline_days, lang, &finish, deadline);
  }
  /* How late in that unit too, the figures shown subtracting: "73.9
   * days … of 73.0 days by 0.9 days", not "by 0.8" (issue 22). */
  *late = cp_words_late_by (estimate->calendar_days, deadline_days, lang);
  return TRUE;
}

/* One machine or the cluster: for every quote offering several nodes, the
 * node count the plan chose and the whole offer beside it, with why the
 * extra nodes do not pay when they do not. */
char *
_cp_results_view_describe_cluster_question (CpProjectAnalysis *analysis,
                                            guint              job_index,
                                            const CpPlan      *plan,
                                            const char        *lang)
{
  const CpProject *project = cp_project_analysis_get_project (analysis);
  const CpJob *job = g_ptr_array_index (project->jobs, job_index);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      const CpEstimate *best = &option->estimate;
      const CpEstimate *full = &option->full_offer;
      g_autofree char *name = NULL;
      g_autofree char *chosen = NULL;
      g_autofree char *deadline = NULL;
      g_autofree char *late = NULL;

      if (!cp_quote_is_cluster (quote))
        continue;

      name = cp_words_quote_name (project, option->quote_index);
      chosen = cp_words_offer (project, job, quote, plan, best, lang);
      if (text->len > 0)
        g_string_append (text, "\n\n");
      if (describe_missed_deadline (job, best, lang, &deadline, &late))
        /* TRANSLATORS: quote name, then its best node count with time, cost and communication share, then
         * the job's deadline and how late that node count finishes: "… misses the deadline of 90.0 days by 2.0 days." */
        g_string_append_printf (text, _("%s — best at %s; it misses the deadline of %s by %s."), name, chosen,
                                deadline, late);
      else
        /* TRANSLATORS: quote name, then its best node count with time, cost and communication share */
        g_string_append_printf (text, _("%s — best at %s."), name, chosen);
      {
        /* The migration a cluster's calendar counts, said where it is
         * shown to be assumed (walk36 F1). */
        g_autofree char *assumed = cp_words_migration_assumed (job, best, lang);

        if (assumed != NULL)
          g_string_append_printf (text, cp_i18n_is_chinese (lang) ? "%s" : " %s", assumed);
      }
      append_one_node_refused (text, analysis, job_index, option, quote, lang);
      {
        /* The sweep the cost chart draws, if it has come (the words
         * estimate nothing again). */
        g_autofree char *fewer = cp_words_fewer_nodes (project, job, plan,
                                                       cp_project_analysis_peek_sweep (analysis, job_index),
                                                       option, lang);

        if (fewer != NULL)
          g_string_append_printf (text, "\n%s", fewer);
      }

      if (!option->has_full_offer)
        continue;

      {
        g_autofree char *whole = cp_words_offer (project, job, quote, plan, full, lang);

        g_clear_pointer (&deadline, g_free);
        g_clear_pointer (&late, g_free);
        g_string_append (text, "\n");
        if (describe_missed_deadline (job, full, lang, &deadline, &late))
          /* TRANSLATORS: the quote's whole offer, with time, cost and communication share, then the job's
           * deadline and how late the whole offer finishes */
          g_string_append_printf (text, _("Whole offer, %s; it misses the deadline of %s by %s."), whole, deadline, late);
        else
          /* TRANSLATORS: the quote's whole offer, with time, cost and communication share */
          g_string_append_printf (text, _("Whole offer, %s."), whole);
      }

      if (!full->fits)
        continue;
      {
        g_autofree char *calendar = cp_words_calendar (full, lang);
        g_autofree char *assumed = NULL;

        g_string_append (text, "\n");
        /* TRANSLATORS: what the whole offer's calendar is made of: "16.3 days = 0.9 days of run + …" */
        g_string_append_printf (text, _("Its calendar: %s."), calendar);
        /* Once a quote: the chosen size said it when it migrates too. */
        if (!(best->migration_days > 0))
          assumed = cp_words_migration_assumed (job, full, lang);
        if (assumed != NULL)
          g_string_append_printf (text, cp_i18n_is_chinese (lang) ? "%s" : " %s", assumed);
      }
      explain_more_nodes (text, plan, best, full, quote->currency, lang);
      {
        g_autofree char *costs = cp_words_cluster_costs (project, plan, option, lang);

        if (costs != NULL)
          g_string_append_printf (text, "\n%s", costs);
      }
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* What the user could change to get another answer: the runner-up's price,
 * the memory or the deadline a single machine lacks, the deadline that
 * would call for a cluster (cp-what-if.h, in the report's words, so that
 * the window and the report say the same thing). The list is the
 * analysis's, made once per change of the job, as the PDF and the XML
 * read it. */
char *
_cp_results_view_describe_changes (CpProjectAnalysis *analysis,
                                   guint              job_index,
                                   const CpPlan      *plan,
                                   const char        *lang)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const GArray *what_if = cp_project_analysis_get_what_if (analysis, job_index);
  g_autoptr(GPtrArray) lines = NULL;

  if (what_if == NULL)
    return g_strdup ("");
  lines = cp_words_what_if (cp_project_analysis_get_project (analysis), plan, what_if, lang);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (text, "%s• %s", i > 0 ? "\n" : "", (const char *) g_ptr_array_index (lines, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The training layout of the option the summary speaks about (the
 * recommended one, else the best-ranked), and when the search chose it,
 * the runner-up and why it lost; "" for a job without a layout. */
char *
_cp_results_view_describe_layout (const CpProject *project,
                                  const CpJob     *job,
                                  const CpPlan    *plan,
                                  const char      *lang)
{
  const CpOption *option = NULL;
  const CpEstimate *estimate;
  g_autofree char *name = NULL;
  g_autofree char *words = NULL;
  g_autofree char *chosen = NULL;
  g_autofree char *how = NULL;
  gboolean recommended = plan->recommended >= 0 && (guint) plan->recommended < plan->options->len;

  if (!cp_task_kind_is_training (job->kind))
    return g_strdup ("");
  option = recommended ? &g_array_index (plan->options, CpOption, plan->recommended) : find_option (plan, 1);
  if (option == NULL)
    return g_strdup ("");

  estimate = &option->estimate;
  name = cp_words_quote_name (project, option->quote_index);
  /* A pinned layout no offer takes has no layout to describe: why. */
  if (cp_estimate_layout_refused (estimate))
    {
      g_autofree char *refusal = cp_words_refusal (project, job, g_ptr_array_index (project->quotes, option->quote_index),
                                                   estimate, lang);

      /* TRANSLATORS: "Layout:" then the best-ranked option's quote and why the layout asked for cannot run on it */
      return g_strdup_printf (_("Layout: best-ranked option, %s: %s."), name, refusal);
    }
  words = cp_words_estimate_layout (project, estimate, lang);
  if (recommended)
    /* TRANSLATORS: the recommended option's quote and its layout */
    chosen = g_strdup_printf (_("Recommended option, %s: %s."), name, words);
  else
    /* TRANSLATORS: the best-ranked option's quote and its layout, when none is recommended */
    chosen = g_strdup_printf (_("Best-ranked option, %s: %s."), name, words);

  how = cp_words_layout_choice (project, estimate, lang);
  /* The achieved MFU beside the utilisation assumed, as the job chapter
   * gives it (walk37 F5). */
  {
    g_autofree char *mfu = cp_words_achieved_mfu (estimate, lang);

    if (mfu != NULL)
      {
        char *both = g_strconcat (how, " ", mfu, NULL);

        g_free (how);
        how = both;
      }
  }

  /* Offload the plan added, the job's own setting leaving it to the plan:
   * said with its cause, so that the form's CPU offload, "When memory is
   * short", and the layout's "CPU offload" read as one answer (issue
   * 26: a switch read "off" beside a layout that offloads). Adapters keep
   * the job's setting (cp-estimate.c), so only full training gets here. */
  if (estimate->cpu_offload && !job->cpu_offload)
    /* TRANSLATORS: "Layout:" then the chosen layout, how it was chosen, then why the plan turned on CPU
     * offload, which the job's form leaves to the plan ("When memory is short", as the form's choice reads) */
    return g_strdup_printf (_("Layout: %s %s The plan offloads to CPU memory because the job does not fit the GPUs’ memory even with full recompute and ZeRO-3 (R1); the job's CPU offload is set to “When memory is short”."),
                            chosen, how);

  /* TRANSLATORS: "Layout:" then the chosen layout, then how it was chosen */
  return g_strdup_printf (_("Layout: %s %s"), chosen, how);
}

/* The training job of @project that makes the model job @job_index
 * serves, when the service starts with the project all the same: a
 * service of the demo's Qwen2.5 7B started on day one, before the QLoRA
 * fine-tune of that model had run (walkthrough 13). The same catalogue
 * model (or custom model of the same name) is the only link the project
 * holds between the two; the last such job in the list, which the others
 * usually lead up to. -1 when there is none, the service already starts
 * after a job, or following it would loop. */
int
_cp_results_view_model_maker (const CpProject *project,
                              guint            job_index)
{
  const CpJob *job;
  int maker = -1;

  if (job_index >= project->jobs->len)
    return -1;
  job = g_ptr_array_index (project->jobs, job_index);
  if (job->kind != CP_TASK_INFERENCE || (job->after_job_id != NULL && *job->after_job_id != '\0'))
    return -1;
  for (guint i = 0; i < project->jobs->len; i++)
    {
      const CpJob *other = g_ptr_array_index (project->jobs, i);
      gboolean same_model = g_strcmp0 (other->model.id, job->model.id) == 0 &&
                            (g_strcmp0 (job->model.id, "custom") != 0 ||
                             g_strcmp0 (other->model.name, job->model.name) == 0);

      if (i != job_index && same_model && other->kind <= CP_TASK_QLORA &&
          cp_project_job_may_follow (project, job_index, i))
        maker = (int) i;
    }
  return maker;
}

char *
_cp_results_view_describe_sequence (const CpProject *project,
                                    guint            job_index,
                                    int              maker_index)
{
  const CpJob *job;
  const CpJob *maker;

  if (maker_index < 0 || (guint) maker_index >= project->jobs->len || job_index >= project->jobs->len)
    return g_strdup ("");
  job = g_ptr_array_index (project->jobs, job_index);
  maker = g_ptr_array_index (project->jobs, maker_index);
  /* TRANSLATORS: a service job that starts on the project's first day; the training job of the
   * same model (its name), then the model's name */
  return g_strdup_printf (_("This service starts with the project, before “%s” has trained %s: on the project calendar it serves a model that is not made yet."),
                          maker->name != NULL ? maker->name : "",
                          job->model.name != NULL ? job->model.name : "");
}

/* What @quote's offer says that its fields do not ("8 x A100 80GB",
 * "RoCE 8x400G", "14.5/GPU/h"), the quote form's notes under Offer,
 * joined; NULL when they agree. */
static char *
offer_disagrees (const CpProject *project,
                 const CpQuote   *quote)
{
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  char *written = NULL;
  gboolean names_nodes;

  if (cp_quote_offer_disagrees (project, quote, &written, &names_nodes))
    g_ptr_array_add (said, written);
  if (cp_quote_offer_network_disagrees (project, quote, &written))
    g_ptr_array_add (said, written);
  if (cp_quote_offer_price_disagrees (quote, &project->settings, &written))
    g_ptr_array_add (said, written);
  if (said->len == 0)
    return NULL;
  return cp_words_join_names (said);
}

/* Quotes left out of the ranking, each with what it lacks; then quotes
 * whose offer says other GPUs, another network or price than the fields
 * the plan uses: said in the quote form only, the results beside it
 * read as firm (walk34 V3). A cluster lacking only its network's
 * figures is ranked on one machine. */
char *
_cp_results_view_describe_incomplete (const CpProject *project)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);
      g_autofree char *offer = offer_disagrees (project, quote);
      g_autofree char *name = NULL;

      if (offer == NULL)
        continue;
      name = cp_words_quote_name (project, (int) i);
      if (text->len > 0)
        g_string_append (text, "\n");
      /* TRANSLATORS: a quote whose offer text ("8 x A100 80GB", "RoCE 8x400G") says other hardware or
       * another price than its fields; %s the quote's name, then those words of its offer */
      g_string_append_printf (text, _("%s: its offer says %s, which its fields do not; the plan uses the fields, check the quote."),
                              name, offer);
    }
  for (guint i = 0; i < project->quotes->len; i++)
    {
      CpQuoteMissing missing = cp_quote_get_missing_in (g_ptr_array_index (project->quotes, i), &project->settings);
      g_autofree char *name = NULL;
      g_autofree char *what = NULL;

      if (missing == CP_QUOTE_MISSING_NONE)
        continue;
      name = cp_words_quote_name (project, (int) i);
      what = cp_labels_quote_missing (missing);
      if (text->len > 0)
        g_string_append (text, "\n");
      if (missing == CP_QUOTE_MISSING_NETWORK)
        /* TRANSLATORS: a cluster quote whose network lacks its NICs or their rate; %s says so */
        g_string_append_printf (text, _("%s is ranked on one machine only, its cluster sizes left out until its network is complete: %s."),
                                name, what);
      else
        /* TRANSLATORS: a quote left out of the comparison; %s says what it lacks */
        g_string_append_printf (text, _("%s is incomplete and left out of the ranking: %s."), name, what);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Whether the verdict holds across the assumptions' band: the plan's
 * robustness reason, in words, then what an unstated minimum term of the
 * recommended quote would do; empty when nothing was compared. A choice
 * resting on a figure its quote does not state is not firm whatever the
 * band says: the report's first page says so (cp_words_unconfirmed()),
 * and the window said "holds across the range" beside it (walkthrough 8).
 * Nothing meeting the job only because the team is assumed new to
 * distributed training is said first, and not as holding (walk38 F4). */
static char *
describe_robustness_band (const CpProject *project,
                          const CpPlan    *plan,
                          const GArray    *what_if,
                          const char      *lang,
                          gboolean        *warning)
{
  char *unconfirmed = cp_words_unconfirmed (project, plan, lang, NULL);
  g_autofree char *turns_on = unconfirmed == NULL ? cp_words_turns_on_team (project, plan, what_if, lang) : NULL;

  *warning = unconfirmed != NULL || turns_on != NULL || !plan->verdict_robust;
  if (unconfirmed != NULL)
    return unconfirmed;
  {
    g_autofree char *band = cp_words_robustness (project, plan, lang);
    g_autofree char *month_minimum = NULL;

    if (turns_on != NULL)
      return plan->verdict_robust || band == NULL
             ? g_steal_pointer (&turns_on)
             : g_strdup_printf (cp_i18n_is_chinese (lang) ? "%s%s" : "%s %s", turns_on, band);
    if (band == NULL)
      return g_strdup ("");
    month_minimum = plan->month_minimum_cost > 0 ? cp_words_month_minimum (project, plan, lang) : NULL;
    /* The firm choice's one condition, which page 1 puts on the
     * signature: the recommended hourly price billed a month at least
     * (CpPlan.month_minimum_*). */
    if (month_minimum == NULL)
      return g_steal_pointer (&band);
    return g_strdup_printf (cp_i18n_is_chinese (lang) ? "%s%s" : "%s %s", band, month_minimum);
  }
}

/* The band's words, then the recommended option's memory when the table
 * calls it Tight: "holds across the range" alone read as firm at 64.0 of
 * 64.0 GiB (walk37 F4). Tight is a doubt: the line turns to a warning. */
char *
_cp_results_view_describe_robustness (const CpProject *project,
                                      const CpPlan    *plan,
                                      const GArray    *what_if,
                                      const char      *lang,
                                      gboolean        *warning)
{
  g_autofree char *band = describe_robustness_band (project, plan, what_if, lang, warning);
  g_autofree char *tight = NULL;

  if (*band == '\0' || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return g_steal_pointer (&band);
  tight = cp_words_memory_tight_caution (project, &g_array_index (plan->options, CpOption, plan->recommended).estimate,
                                         lang);
  if (tight == NULL)
    return g_steal_pointer (&band);
  *warning = TRUE;
  return g_strdup_printf (cp_i18n_is_chinese (lang) ? "%s%s" : "%s %s", band, tight);
}

