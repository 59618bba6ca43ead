/* cp-reason-what-if.c: the words of "What would change it"
 * (planner/cp-what-if.h), one sentence per item, for the window's
 * paragraph, the PDF's job chapter and the XML report alike; and the
 * sentence that says how much the recommended option and the next one
 * differ in cost. */
#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "planner/cp-what-if.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"

/* How much more @next_total costs than @best_total, the recommended
 * option's, as page 1 and "What would change it" both say it: @more the
 * difference of the two totals as printed (whole units, so that it adds
 * up: "74.00 CNY" stood among whole amounts), @share its percent of
 * @best_total, or from twice the cost on the multiple ("(11,938%) more"
 * read as a misprint, approver, 2 December). Returns the ratio. */
static double
margin_words (double      best_total,
              double      next_total,
              const char *currency,
              const char *lang,
              char      **more,
              char      **share)
{
  double ratio = best_total > 0 ? next_total / best_total : 1;

  *more = cp_i18n_format_money_whole (round (next_total) - round (best_total), currency, lang);
  if (ratio >= 2)
    *share = ratio >= 10 ? cp_i18n_format_number (round (ratio), 0, lang) : cp_i18n_format_number (ratio, 1, lang);
  else
    *share = cp_i18n_format_percent (ratio - 1.0, lang);
  return ratio;
}

/* What the team assumed new to distributed training weighs (R8): the
 * days of moving to a cluster and their engineering, which the plan adds
 * to every cluster option ("10.5 days and 30,000 CNY"). Page 1 asked the
 * team "Not stated, so assumed not (R8)" without its weight (walk41b
 * F20). */
static char *
team_weight (const CpWhatIf *item,
             const char     *currency,
             const char     *lang)
{
  g_autofree char *migration = cp_i18n_format_days (item->migration_days, lang);
  g_autofree char *engineering = NULL;

  if (!(item->migration_cost > 0))
    return g_steal_pointer (&migration);
  engineering = cp_i18n_format_money_whole (item->migration_cost, currency, lang);
  /* TRANSLATORS: the weight of the team assumed new to distributed training (R8): the days of
   * moving to a cluster and the engineering cost of those days, "10.5 days and 30,000 CNY" */
  return g_strdup_printf (C_("days and money", "%s and %s"), migration, engineering);
}

static char *
what_if_text (const CpProject *project,
              const CpPlan    *plan,
              const CpWhatIf  *item,
              const char      *lang)
{
  const CpQuote *quote = item->quote_index >= 0 && (guint) item->quote_index < project->quotes->len
                         ? g_ptr_array_index (project->quotes, item->quote_index) : NULL;
  g_autofree char *name = quote != NULL ? cp_words_quote_name (project, item->quote_index) : NULL;
  const char *currency = quote != NULL ? quote->currency : project->settings.currency;

  switch (item->kind)
    {
    case CP_WHAT_IF_PLAN_REASON:
      return cp_reason_text (&g_array_index (plan->reasons, CpReason, item->reason_index), project, plan, lang);

    case CP_WHAT_IF_RUNNER_UP_PRICE:
      {
        g_autofree char *target = cp_i18n_format_money_whole (item->value, currency, lang);
        /* The margin in money, as the memo's "Next best" line gives it:
         * "6.4% lower" on the runner-up's own cost here beside "6.9% more"
         * on the recommended one's on page 1 were two margins to an
         * approver (3 December); the percent is page 1's alone. */
        g_autofree char *more = NULL, *share = NULL;

        margin_words (item->value, item->estimate.total_cost, currency, lang, &more, &share);
        /* Equal to the whole unit shown, the totals tie and the sooner
         * finish ranks first (cp-plan.c): falling "by more than 0 CNY"
         * leaves a tie until the total shown drops by one whole unit
         * (trust37). */
        if (round (item->estimate.total_cost) <= round (item->value))
          {
            g_autofree char *tied = cp_i18n_format_money_whole (round (item->value), currency, lang);
            g_autofree char *one = cp_i18n_format_money_whole (1, currency, lang);
            g_autofree char *below = cp_i18n_format_money_whole (round (item->value) - 1, currency, lang);

            /* TRANSLATORS: what would change the answer when the runner-up ties on cost: the runner-up quote, the
             * whole unit it must fall by ("1 CNY"), the total it must reach, and the total both have now */
            return g_strdup_printf (_("%s would be recommended if its total cost fell by at least %s, to %s: it ties at %s now, and a tie goes to the sooner finish, then the fewer nodes."),
                                    name, one, below, tied);
          }
        /* The cost is of the nodes the plan rents: "CloudCo — H800
         * cluster, 2 nodes" at 70,000 CNY was one of its two nodes, read
         * beside a chart whose CloudCo line ends at 170,000 (walk37b U5). */
        if (quote != NULL && item->estimate.nodes > 0 &&
            cp_quote_billed_nodes (quote, item->estimate.nodes) < quote->nodes_available)
          {
            g_autofree char *part = cp_i18n_format_number (item->estimate.nodes, 0, lang);
            g_autofree char *offered = cp_i18n_format_number (quote->nodes_available, 0, lang);

            /* TRANSLATORS: what would change the answer: the runner-up quote, the nodes of it the plan rents, the
             * nodes it offers, by how much in money the total of those nodes must fall, and the total it must fall below */
            return g_strdup_printf (_("%s, at %s of its %s nodes, would be recommended if its total cost fell by more than %s, to below %s."),
                                    name, part, offered, more, target);
          }
        /* The cut first, then the total it reaches: "fell below 2,480 CNY,
         * by 1,518 CNY" left the reader unsure which figure was the new
         * price (walk 22, A). */
        /* TRANSLATORS: what would change the answer: the runner-up quote, by how much in money its total
         * must fall (its cost less the recommended option's), and the total it must fall below */
        return g_strdup_printf (_("%s would be recommended if its total cost fell by more than %s, to below %s."),
                                name, more, target);
      }

    case CP_WHAT_IF_SINGLE_MEMORY:
      {
        CpMemoryUnit unit = project->settings.memory_unit;
        g_autofree char *need = cp_format_bytes (item->estimate.memory_per_gpu_bytes, unit);
        g_autofree char *have = cp_format_bytes (item->estimate.available_per_gpu_bytes, unit);

        /* A trial run's peak, or the job as configured, is no technique
         * to be "even with": the sentence read "even with as configured"
         * when a measured peak exceeded another quote's memory. */
        if (item->estimate.memory_measured)
          /* TRANSLATORS: what would change the answer: the memory per GPU the trial run measured, the quote, memory per GPU offered */
          return g_strdup_printf (_("A single machine would need %s per GPU, as the trial run measured; %s offers %s."),
                                  need, name, have);
        if (item->estimate.technique == CP_TECHNIQUE_AS_CONFIGURED)
          /* TRANSLATORS: what would change the answer: memory per GPU needed by the job as configured, the quote, memory per GPU offered */
          return g_strdup_printf (_("A single machine would need %s per GPU for the job as configured; %s offers %s."),
                                  need, name, have);
        /* TRANSLATORS: what would change the answer: memory per GPU needed, the technique, the quote, memory per GPU offered */
        return g_strdup_printf (_("A single machine would need %s per GPU even with %s; %s offers %s."),
                                need, cp_words_technique (item->estimate.technique), name, have);
      }

    case CP_WHAT_IF_LONGER_DEADLINE:
      {
        g_autofree char *deadline = cp_i18n_format_days (item->value, lang);
        g_autofree char *cost = cp_i18n_format_money_whole (item->estimate.total_cost, currency, lang);
        g_autofree char *finish = cp_i18n_format_days (item->estimate.calendar_days, lang);

        /* TRANSLATORS: a deadline in days; the quote that would then be recommended, its node count,
         * GPUs, total cost and calendar days */
        return g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                           "With a deadline of %s, %s would be recommended instead: %u node (%u GPUs), %s, %s.",
                                           "With a deadline of %s, %s would be recommended instead: %u nodes (%u GPUs), %s, %s.",
                                           item->estimate.nodes),
                                deadline, name, item->estimate.nodes, item->estimate.gpus, cost, finish);
      }

    case CP_WHAT_IF_LOOSER_ANSWER_TARGET:
      {
        g_autofree char *target = cp_words_target_seconds (item->value, lang);
        g_autofree char *cost = cp_i18n_format_money_whole (item->estimate.total_cost, currency, lang);
        g_autofree char *answer = cp_words_answer_seconds (item->estimate.answer_s, item->value, lang);

        /* TRANSLATORS: an answer-time target in seconds; the quote that would then be recommended, its node count,
         * GPUs, total cost and the seconds a user would wait for an answer */
        return g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                           "With an answer target of %s s, %s would be recommended instead: %u node (%u GPUs), %s, answering in %s s.",
                                           "With an answer target of %s s, %s would be recommended instead: %u nodes (%u GPUs), %s, answering in %s s.",
                                           item->estimate.nodes),
                                target, name, item->estimate.nodes, item->estimate.gpus, cost, answer);
      }

    case CP_WHAT_IF_SHORTER_DEADLINE:
      {
        g_autofree char *days = cp_i18n_format_days (item->value, lang);
        g_autofree char *cluster_days = cp_i18n_format_days (item->estimate.calendar_days, lang);
        g_autofree char *cost = cp_words_plan_money_whole (plan, item->estimate.total_cost, currency, lang);

        /* TRANSLATORS: the recommended option's days; a cluster quote, its node count, its days and its cost */
        return g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                           "A deadline shorter than %s would call for a cluster: %s on %u node finishes in %s for %s.",
                                           "A deadline shorter than %s would call for a cluster: %s on %u nodes finishes in %s for %s.",
                                           item->estimate.nodes),
                                days, name, item->estimate.nodes, cluster_days, cost);
      }

    case CP_WHAT_IF_TEAM_EXPERIENCE:
    case CP_WHAT_IF_TEAM_MEETS_DEADLINE:
      {
        g_autofree char *migration = cp_i18n_format_days (item->migration_days, lang);
        g_autofree char *cost = cp_i18n_format_money_whole (item->estimate.total_cost, currency, lang);
        g_autofree char *finish = cp_i18n_format_days (item->estimate.calendar_days, lang);
        g_autofree char *weight = NULL;

        if (item->kind == CP_WHAT_IF_TEAM_EXPERIENCE && !item->team_assumed)
          /* TRANSLATORS: the days of moving to a cluster counted for a team new to distributed training
           * (R8); the quote that would be recommended for a team with that experience, its node count,
           * GPUs, total cost and calendar days. "Distributed training experience" is the job form's
           * switch: use its translation. */
          return g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                             "The plan counts %s of moving to a cluster, for a team new to distributed training (R8). "
                                             "If the team has run distributed training before (Distributed training experience, in the job), "
                                             "%s would be recommended instead: %u node (%u GPUs), %s, %s.",
                                             "The plan counts %s of moving to a cluster, for a team new to distributed training (R8). "
                                             "If the team has run distributed training before (Distributed training experience, in the job), "
                                             "%s would be recommended instead: %u nodes (%u GPUs), %s, %s.",
                                             item->estimate.nodes),
                                  migration, name, item->estimate.nodes, item->estimate.gpus, cost, finish);
        weight = team_weight (item, currency, lang);
        if (item->kind == CP_WHAT_IF_TEAM_EXPERIENCE)
          /* TRANSLATORS: the team is assumed new to distributed training (R8): the quote that would be
           * recommended for a team with that experience, its node count, GPUs, total cost and calendar
           * days; then the migration's days and cost ("10.5 days and 30,000 CNY"). "Distributed training
           * experience" is the job form's switch: use its translation. */
          return g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                             "If the team has run distributed training before: %s on %u node (%u GPUs) would be recommended instead, "
                                             "%s, %s. The %s of migration counted now are assumed: the job does not describe the team "
                                             "(R8; Distributed training experience, in the job).",
                                             "If the team has run distributed training before: %s on %u nodes (%u GPUs) would be recommended instead, "
                                             "%s, %s. The %s of migration counted now are assumed: the job does not describe the team "
                                             "(R8; Distributed training experience, in the job).",
                                             item->estimate.nodes),
                                  name, item->estimate.nodes, item->estimate.gpus, cost, finish, weight);
        {
          g_autofree char *deadline = cp_i18n_format_days (item->value, lang);
          g_autofree char *slow = cp_i18n_format_days (item->estimate_slow_days, lang);

          /* TRANSLATORS: the team is assumed new to distributed training (R8) and the recommendation misses
           * the deadline at the slow end of the range: a cluster quote, its node count and GPUs, the
           * deadline, its calendar days, its days at the slow end, its total cost; then the migration's
           * days and cost ("10.5 days and 30,000 CNY"). "Distributed training experience" is the job
           * form's switch: use its translation. */
          return g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                             "If the team has run distributed training before: %s on %u node (%u GPUs) meets the deadline of %s "
                                             "even at the slow end of the range, in %s (%s at the slow end), for %s. The %s of migration "
                                             "counted now are assumed: the job does not describe the team (R8; Distributed training "
                                             "experience, in the job).",
                                             "If the team has run distributed training before: %s on %u nodes (%u GPUs) meets the deadline of %s "
                                             "even at the slow end of the range, in %s (%s at the slow end), for %s. The %s of migration "
                                             "counted now are assumed: the job does not describe the team (R8; Distributed training "
                                             "experience, in the job).",
                                             item->estimate.nodes),
                                  name, item->estimate.nodes, item->estimate.gpus, deadline, finish, slow, cost, weight);
        }
      }
    }
  g_return_val_if_reached (NULL);
}

GPtrArray *
cp_words_what_if (const CpProject *project,
                  const CpPlan    *plan,
                  const GArray    *what_if,
                  const char      *lang)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (project != NULL && plan != NULL && what_if != NULL, lines);

  cp_i18n_push_language (lang);
  for (guint i = 0; i < what_if->len; i++)
    {
      char *line = what_if_text (project, plan, &g_array_index (what_if, CpWhatIf, i), lang);

      if (line != NULL)
        g_ptr_array_add (lines, line);
    }
  cp_i18n_pop_language ();
  return lines;
}

char *
cp_words_team_weight (const CpProject *project,
                      guint            job_index,
                      const GArray    *what_if,
                      const char      *lang)
{
  const CpJob *job;
  char *text = NULL;

  g_return_val_if_fail (project != NULL && job_index < project->jobs->len, NULL);

  job = g_ptr_array_index (project->jobs, job_index);
  cp_i18n_push_language (lang);
  for (guint i = 0; what_if != NULL && i < what_if->len && text == NULL; i++)
    {
      const CpWhatIf *item = &g_array_index (what_if, CpWhatIf, i);
      const CpQuote *quote;
      g_autofree char *weight = NULL, *name = NULL, *finish = NULL, *cost = NULL;

      if ((item->kind != CP_WHAT_IF_TEAM_EXPERIENCE && item->kind != CP_WHAT_IF_TEAM_MEETS_DEADLINE) ||
          !item->team_assumed || item->quote_index < 0 || (guint) item->quote_index >= project->quotes->len)
        continue;
      quote = g_ptr_array_index (project->quotes, item->quote_index);
      weight = team_weight (item, quote->currency, lang);
      name = cp_words_quote_name (project, item->quote_index);
      finish = cp_i18n_format_days (item->estimate.calendar_days, lang);
      cost = cp_i18n_format_money_whole (item->estimate.total_cost, quote->currency, lang);
      if (project->jobs->len == 1)
        /* TRANSLATORS: page 1, after the question to the team (R8) of a one-job project: the days and
         * money the assumption adds to each cluster ("10.5 days and 30,000 CNY"), then what the job
         * would take with that experience: the quote, its node count, calendar days and total cost */
        text = g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                           "It adds %s to every cluster; with that experience: %s on %u node, %s, %s.",
                                           "It adds %s to every cluster; with that experience: %s on %u nodes, %s, %s.",
                                           item->estimate.nodes),
                                weight, name, item->estimate.nodes, finish, cost);
      else
        /* TRANSLATORS: page 1, after the question to the team (R8): the job, the days and money the
         * assumption adds to each of its clusters ("10.5 days and 30,000 CNY"), then what the job
         * would take with that experience: the quote, its node count, calendar days and total cost */
        text = g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                           "For %s, the assumption adds %s to every cluster; with that experience: %s on %u node, %s, %s.",
                                           "For %s, the assumption adds %s to every cluster; with that experience: %s on %u nodes, %s, %s.",
                                           item->estimate.nodes),
                                cp_job_title (job), weight, name, item->estimate.nodes, finish, cost);
    }
  cp_i18n_pop_language ();
  return text;
}

const char *
cp_what_if_kind_to_string (CpWhatIfKind kind)
{
  switch (kind)
    {
    case CP_WHAT_IF_PLAN_REASON: return "plan-reason";
    case CP_WHAT_IF_RUNNER_UP_PRICE: return "runner-up-price";
    case CP_WHAT_IF_SINGLE_MEMORY: return "single-machine-memory";
    case CP_WHAT_IF_LONGER_DEADLINE: return "longer-deadline";
    case CP_WHAT_IF_SHORTER_DEADLINE: return "shorter-deadline";
    case CP_WHAT_IF_LOOSER_ANSWER_TARGET: return "looser-answer-target";
    case CP_WHAT_IF_TEAM_EXPERIENCE: return "team-experience";
    case CP_WHAT_IF_TEAM_MEETS_DEADLINE: return "team-meets-deadline";
    }
  return "unknown";
}

char *
cp_words_quote_short_name (const CpProject *project,
                           int              index)
{
  const CpQuote *quote;

  if (index < 0 || (guint) index >= project->quotes->len)
    return cp_words_quote_name (project, index);
  quote = g_ptr_array_index (project->quotes, index);
  if (quote->vendor == NULL || *quote->vendor == '\0')
    return cp_words_quote_name (project, index);
  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *other = g_ptr_array_index (project->quotes, q);

      if ((int) q != index && g_strcmp0 (other->vendor, quote->vendor) == 0)
        return cp_words_quote_name (project, index);
    }
  return g_strdup (quote->vendor);
}

/* Whether @c is a Chinese word's character, which takes a space beside
 * Latin text (和 beside "Nanshan Compute"); full-width punctuation such as
 * 、 takes none. */
static gboolean
is_cjk_word_char (gunichar c)
{
  return g_unichar_iswide (c) && !g_unichar_ispunct (c);
}

/* Whether @c, a name's first or last character, is Latin text that a
 * Chinese word beside it is spaced from. */
static gboolean
is_spaced_from_cjk (gunichar c)
{
  return c != 0 && !g_unichar_iswide (c) && !g_unichar_isspace (c);
}

/* Appends @joiner after @list's last name, spaced from it and from @next
 * where one is Latin and the joiner's edge a Chinese word: "Nanshan
 * Compute 和 Pengcheng Cloud", never "Nanshan Compute和Pengcheng Cloud",
 * while "云厂商甲和智算中心乙" stays unspaced. */
static void
append_joiner (GString    *list,
               const char *joiner,
               const char *next)
{
  gunichar before = list->len > 0 ? g_utf8_get_char (g_utf8_find_prev_char (list->str, list->str + list->len)) : 0;
  gunichar first = g_utf8_get_char (joiner);
  gunichar last = *joiner != '\0' ? g_utf8_get_char (g_utf8_find_prev_char (joiner, joiner + strlen (joiner))) : 0;

  if (is_cjk_word_char (first) && is_spaced_from_cjk (before))
    g_string_append_c (list, ' ');
  g_string_append (list, joiner);
  if (is_cjk_word_char (last) && is_spaced_from_cjk (g_utf8_get_char (next)))
    g_string_append_c (list, ' ');
}

char *
cp_words_join_names (GPtrArray *names)
{
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);

      if (i > 0 && i + 1 == names->len)
        /* TRANSLATORS: before the last name of a list of vendors or quotes ("A, B and C"); Chinese takes 和 */
        append_joiner (list, C_("list of names", " and "), name);
      else if (i > 0)
        /* TRANSLATORS: between names of a list of vendors or quotes ("A, B and C"); Chinese takes 、 */
        append_joiner (list, C_("list of names", ", "), name);
      g_string_append (list, name);
    }
  return g_string_free (g_steal_pointer (&list), FALSE);
}

const CpOption *
cp_plan_next_best (const CpPlan *plan)
{
  const CpOption *best, *next = NULL;

  if (plan == NULL || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return NULL;
  best = &g_array_index (plan->options, CpOption, plan->recommended);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      /* The next option an approver could take instead: one that runs and
       * meets the job's need, in the table's order. */
      if (option != best && option->feasible && !option->ruled_out && option->estimate.fits &&
          (next == NULL || option->rank < next->rank))
        next = option;
    }
  return next;
}

char *
cp_words_cost_difference (const CpProject *project,
                          const CpPlan    *plan,
                          const char      *lang)
{
  const CpOption *best = NULL, *next = NULL;
  const CpQuote *quote;
  g_autofree char *name = NULL, *cost = NULL, *more = NULL, *share = NULL;
  double ratio;
  char *text;

  if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return NULL;
  best = &g_array_index (plan->options, CpOption, plan->recommended);
  next = cp_plan_next_best (plan);
  if (next == NULL || !(best->estimate.total_cost > 0))
    return NULL;

  cp_i18n_push_language (lang);
  quote = g_ptr_array_index (project->quotes, next->quote_index);
  /* Page 1 keeps it to one line: the vendor, when it made one quote. */
  name = cp_words_quote_short_name (project, next->quote_index);
  /* Priced, as the recommended option is, for the nodes it rents of
   * those offered: under "If 华东智算 rents only the whole offer: 单机 at
   * 72,000 CNY", "Next best: Vendor 4 at 70,000 CNY" read as a cheaper
   * whole offer, where 70,000 is 1 of Vendor 4's 2 nodes (walk38b G1). */
  if (next->estimate.nodes > 0 && cp_quote_billed_nodes (quote, next->estimate.nodes) < quote->nodes_available)
    {
      g_autofree char *whole = g_steal_pointer (&name);
      g_autofree char *part = cp_i18n_format_number (next->estimate.nodes, 0, lang);
      g_autofree char *offered = cp_i18n_format_number (quote->nodes_available, 0, lang);

      /* TRANSLATORS: a quote that rents part of its offer: its name, the nodes rented, the nodes offered */
      name = g_strdup_printf (_("%s (%s of %s nodes)"), whole, part, offered);
    }
  cost = cp_i18n_format_money_whole (round (next->estimate.total_cost), quote->currency, lang);
  ratio = margin_words (best->estimate.total_cost, next->estimate.total_cost, quote->currency, lang, &more, &share);
  if (ratio >= 2)
    /* "The cost" alone did not say whose: the Chinese names the
     * recommended option (为推荐方案的 2.0 倍), and so does the English
     * (appr35 B4). */
    /* TRANSLATORS: the next-ranked option: its quote, its total cost, how much more than the
     * recommended option's in money, then how many times the recommended option's cost it is */
    text = g_strdup_printf (_("Next best: %s at %s, %s more (%s times the recommended cost)."), name, cost, more, share);
  else
    /* One shape for both forms, the money then its share of the
     * recommended option's cost: "12,736 CNY (96%) more" beside
     * "13,032 CNY more (2.0 times the cost)" on one page 1 read as two
     * measures (issue #22). The multiple stays from twice the cost, as
     * "(11,938%) more" read as a misprint (approver, 2 December); below
     * it "1.96 times" hides what a percent says at once. */
    /* TRANSLATORS: the next-ranked option: its quote, its total cost, how much more than the
     * recommended option's in money, then in percent of the recommended option's cost (beside
     * "(2.0 times the cost)" of another job on page 1) */
    text = g_strdup_printf (_("Next best: %s at %s, %s more (%s above the recommended cost)."), name, cost, more, share);
  cp_i18n_pop_language ();
  return text;
}

char *
cp_words_turns_on_team (const CpProject *project,
                        const CpPlan    *plan,
                        const GArray    *what_if,
                        const char      *lang)
{
  char *text = NULL;

  g_return_val_if_fail (project != NULL && plan != NULL, NULL);

  /* With a recommendation the not-firm line says it (cp_words_unconfirmed()'s
   * "team"); here nothing meets the job, and "holds across the range"
   * read as final while the default alone ruled out every cluster (walk38
   * F4: 10.5 days of migration on a 2.8-day run). */
  if (plan->recommended >= 0 || what_if == NULL)
    return NULL;
  cp_i18n_push_language (lang);
  for (guint i = 0; i < what_if->len && text == NULL; i++)
    {
      const CpWhatIf *item = &g_array_index (what_if, CpWhatIf, i);
      const CpQuote *quote;
      g_autofree char *name = NULL, *finish = NULL, *cost = NULL;

      if (item->kind != CP_WHAT_IF_TEAM_EXPERIENCE || !item->team_assumed || item->quote_index < 0 ||
          (guint) item->quote_index >= project->quotes->len)
        continue;
      quote = g_ptr_array_index (project->quotes, item->quote_index);
      name = cp_words_quote_name (project, item->quote_index);
      finish = cp_i18n_format_days (item->estimate.calendar_days, lang);
      cost = cp_i18n_format_money_whole (item->estimate.total_cost, quote->currency, lang);
      /* TRANSLATORS: nothing meets the job while the team is assumed new to distributed training (R8):
       * the quote that would be recommended with that experience, its node count, GPUs, calendar days
       * and total cost. "Distributed training experience" is the job form's switch: use its translation. */
      text = g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                         "The answer turns on the team’s distributed-training experience, assumed none "
                                         "(R8; Distributed training experience, in the job): with it, %s on %u node "
                                         "(%u GPUs) would be recommended, finishing in %s for %s.",
                                         "The answer turns on the team’s distributed-training experience, assumed none "
                                         "(R8; Distributed training experience, in the job): with it, %s on %u nodes "
                                         "(%u GPUs) would be recommended, finishing in %s for %s.",
                                         item->estimate.nodes),
                              name, item->estimate.nodes, item->estimate.gpus, finish, cost);
    }
  cp_i18n_pop_language ();
  {
    g_autofree char *said = text;

    /* Names and figures set into a Chinese sentence, spaced by one rule. */
    return cp_i18n_space_names (project, said, lang);
  }
}
