/* cp-reason-lines.c: a plan's reasons as lines to read: one per reason
 * with the vendors' questions asked once (the command line, and the
 * window's questions), and one per rule (the report's and the window's
 * Reasons lists). */
#include "cp-report-private.h"

#include <string.h>

#include "cp-i18n.h"
#include "cp-reason-lines.h"
#include "cp-reason-text.h"
#include "cp-report-sections.h"

/* Two reasons that ask vendors the same question: the host memory asked
 * about is the same figure as the user reads it. */
static gboolean
same_question (const CpProject *project,
               const CpReason  *a,
               const CpReason  *b,
               const char      *lang)
{
  g_autofree char *a_bytes = NULL;
  g_autofree char *b_bytes = NULL;

  if (a->outcome != b->outcome)
    return FALSE;
  if (a->outcome != CP_OUTCOME_ASK_HOST_MEMORY)
    return TRUE;
  a_bytes = cp_words_host_memory (a->values[1], project->settings.memory_unit, lang);
  b_bytes = cp_words_host_memory (b->values[1], project->settings.memory_unit, lang);
  return g_strcmp0 (a_bytes, b_bytes) == 0;
}

/* The vendor of quote @quote_index, or its offer's name when it names
 * none: whom a question is put to. */
static const char *
quote_vendor (const CpProject *project,
              int              quote_index)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, quote_index);

  if (quote->vendor != NULL && *quote->vendor != '\0')
    return quote->vendor;
  return quote->offer_name != NULL ? quote->offer_name : "";
}

/* One question put to several vendors, named directly and joined as the
 * language writes a list ("Ask Futian GPU Cloud and Bao'an AI Center
 * …"): "the vendors of Futian GPU Cloud, Bao'an AI Center" had no "and"
 * and read as the vendor of a vendor (walkthrough 21, item 9). */
static char *
vendor_question (const CpProject *project,
                 const CpReason  *reason,
                 const char      *names,
                 const char      *lang)
{
  switch (reason->outcome)
    {
    case CP_OUTCOME_ASK_BANDWIDTH:
      /* TRANSLATORS: R6; the vendors asked, joined as a list ("A, B and C") */
      return g_strdup_printf (_("Ask %s whether inter-node bandwidth is dedicated or shared; until then it is evaluated as shared."),
                              names);
    case CP_OUTCOME_ASK_STORAGE:
      /* TRANSLATORS: R6; the vendors asked, joined as a list ("A, B and C") */
      return g_strdup_printf (_("Ask %s what storage is offered: a parallel file system or a network disk."),
                              names);
    case CP_OUTCOME_ASK_UNSTATED_COSTS:
      /* TRANSLATORS: R6; the vendors asked, joined as a list ("A, B and C") */
      return g_strdup_printf (_("Ask %s what storage and the network between nodes cost: the quotes do not say, they are counted as nothing, and the recommendation depends on it."),
                              names);
    default:
      {
        g_autofree char *bytes = cp_words_host_memory (reason->values[1], project->settings.memory_unit, lang);

        /* TRANSLATORS: R6; the vendors asked, joined as a list ("A, B and C"), then a size */
        return g_strdup_printf (_("Ask %s how much host memory each machine has: CPU offload keeps %s of optimizer states, fp32 master weights and gradients there, which this plan assumes the machines have."),
                                names, bytes);
      }
    }
}

/* The vendors' question of reason @i of @plan, asked once of every
 * vendor it concerns: the reasons after @i that ask the same are marked
 * in @asked. */
static char *
ask_vendors (const CpProject *project,
             const CpPlan    *plan,
             guint            i,
             gboolean        *asked,
             const char      *lang)
{
  const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *joined = NULL;
  g_autofree char *question = NULL;
  guint quotes = 0;

  for (guint j = i; j < plan->reasons->len; j++)
    {
      const CpReason *other = &g_array_index (plan->reasons, CpReason, j);
      const char *vendor;

      if (asked[j] || !same_question (project, reason, other, lang))
        continue;
      asked[j] = TRUE;
      quotes++;
      vendor = quote_vendor (project, other->quote_index);
      /* A vendor with two quotes is asked once. */
      if (!g_ptr_array_find_with_equal_func (names, vendor, g_str_equal, NULL))
        g_ptr_array_add (names, (gpointer) vendor);
    }
  if (quotes == 1)
    return cp_reason_text (reason, project, plan, lang);
  cp_i18n_push_language (lang);
  joined = cp_words_join_names (names);
  question = vendor_question (project, reason, joined, lang);
  cp_i18n_pop_language ();
  return cp_i18n_space_names (project, question, lang);
}

GPtrArray *
cp_reason_lines (const CpProject *project,
                 const CpPlan    *plan,
                 const char      *lang,
                 GArray          *rules)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree gboolean *asked = g_new0 (gboolean, plan->reasons->len + 1);
  /* The band of the assumptions says nothing of what a quote leaves out:
   * "holds across the range" under "Not firm", which both front ends
   * show above the reasons, read as a contradiction (the CLI's plan of
   * the demo's 70B, 3 December). */
  g_autofree char *unconfirmed = cp_words_unconfirmed (project, plan, lang, NULL);

  /* In the order of the rules, as the report lists them: the plan adds
   * its late findings (what a quote leaves unstated) after R9. */
  for (guint rule = 0; rule < CP_N_RULES; rule++)
    for (guint i = 0; i < plan->reasons->len; i++)
      {
        const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

        if (asked[i] || reason->rule != rule)
          continue;
        if (!cp_report_is_vendor_question (reason->outcome))
          {
            if (!cp_words_reason_said (reason, unconfirmed))
              continue;
            g_ptr_array_add (lines, cp_reason_text (reason, project, plan, lang));
          }
        else
          g_ptr_array_add (lines, ask_vendors (project, plan, i, asked, lang));
        g_array_append_val (rules, reason->rule);
      }
  return lines;
}

/* The recommended cluster's network fee, which its quote does not state,
 * is asked of its vendor with the estimate, as the report asks it
 * (cp-report-vendor-fees.c): the window showed the fee as 0 and asked
 * nothing (walk35 Y1, Y6). Unless a reason already asks what the network
 * costs (CP_OUTCOME_ASK_UNSTATED_COSTS, when the verdict turns on it). */
static void
add_network_fee_question (const CpProject *project,
                          const CpPlan    *plan,
                          GPtrArray       *lines,
                          const char      *lang)
{
  g_autofree char *estimate = cp_words_network_fee_estimate (project, plan, lang);
  int quote_index;
  g_autofree char *question = NULL;

  if (estimate == NULL || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return;
  quote_index = g_array_index (plan->options, CpOption, plan->recommended).quote_index;
  if ((cp_words_unstated_of_quote (plan, quote_index) & CP_UNSTATED_NETWORK_FEE) != 0)
    return;
  cp_i18n_push_language (lang);
  /* TRANSLATORS: to the vendor of the recommended cluster whose quote does not state a network fee: the vendor, then
   * the plan's estimate ("about 3,000 CNY at Vendor E’s 1,500 CNY per node-month") */
  question = g_strdup_printf (_("Ask %s whether its price includes the network between the nodes and, if not, its fee per node a month: the quote does not say, and its total counts none; it would be %s."),
                              quote_vendor (project, quote_index), estimate);
  cp_i18n_pop_language ();
  g_ptr_array_add (lines, cp_i18n_space_names (project, question, lang));
}

GPtrArray *
cp_reason_vendor_questions (const CpProject *project,
                            const CpPlan    *plan,
                            const char      *lang)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree gboolean *asked = g_new0 (gboolean, plan->reasons->len + 1);

  for (guint rule = 0; rule < CP_N_RULES; rule++)
    for (guint i = 0; i < plan->reasons->len; i++)
      {
        const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

        if (!asked[i] && reason->rule == rule && cp_report_is_vendor_question (reason->outcome))
          g_ptr_array_add (lines, ask_vendors (project, plan, i, asked, lang));
      }
  add_network_fee_question (project, plan, lines, lang);
  return lines;
}

void
cp_reason_rule_line_free (CpReasonRuleLine *line)
{
  if (line == NULL)
    return;
  g_free (line->label);
  g_free (line->text);
  g_free (line);
}

/* Whether @plan gives a reason under @rule. */
static gboolean
rule_applied (const CpPlan *plan,
              int           rule)
{
  for (guint i = 0; i < plan->reasons->len; i++)
    if ((int) g_array_index (plan->reasons, CpReason, i).rule == rule)
      return TRUE;
  return FALSE;
}

static void
add_rule_line (GPtrArray  *lines,
               int         rule,
               char       *label,
               char       *text)
{
  CpReasonRuleLine *line = g_new0 (CpReasonRuleLine, 1);

  line->rule = (CpRule) rule;
  line->label = label;
  line->text = text;
  g_ptr_array_add (lines, line);
}

GPtrArray *
cp_reason_rule_lines (const CpProject *project,
                      const CpPlan    *plan,
                      const char      *lang,
                      CpReasonPlace    place)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_reason_rule_line_free);
  int last_rule = -1;

  cp_i18n_push_language (lang);
  for (guint i = 0; i < plan->reasons->len; i++)
    last_rule = MAX (last_rule, (int) g_array_index (plan->reasons, CpReason, i).rule);
  /* Rule by rule, R1 to the last the plan applied: a rule with nothing
   * to say here still has its line, so the list reads R1, R2, R3… as
   * printed (R3 was missing from a training job's list, approver, 2
   * December) and every "(R6)" of the text finds its rule. */
  for (int rule = 0; rule <= last_rule; rule++)
    {
      gboolean applied = FALSE, printed = FALSE;
      int run_end = rule;
      g_autoptr(GString) said = NULL;
      g_autofree char *assumed = NULL;

      /* Rules in a row the plan did not apply to this job share a line
       * ("R2–3"), which keeps a one-job report on its pages. */
      while (run_end + 1 < last_rule && !rule_applied (plan, rule) && !rule_applied (plan, run_end + 1))
        run_end++;
      if (run_end > rule)
        {
          g_autoptr(GString) names = g_string_new (NULL);

          for (int r = rule; r <= run_end; r++)
            /* TRANSLATORS: the separator between rule names on one line of the reasons list */
            g_string_append_printf (names, "%s%s", r > rule ? _(", ") : "", cp_words_rule ((CpRule) r));
          /* "R2–3": the report's label column holds no more.
           * TRANSLATORS: rules of the reasons list, named, that the plan did not apply to this job */
          add_rule_line (lines, rule,
                         g_strdup_printf ("%s–%s", cp_rule_to_string ((CpRule) rule),
                                          cp_rule_to_string ((CpRule) run_end) + 1),
                         g_strdup_printf (_("%s — Do not apply to this job."), names->str));
          rule = run_end;
          continue;
        }

      /* A rule's findings in one paragraph under its name: R8's two
       * (migration, who runs bare metal) each repeated "R8 Migration
       * cost —" (issue 22). */
      said = g_string_new (NULL);
      /* Said once in the paragraph: R8's migration and who runs bare
       * metal each began "Assumed (the job does not describe the team):"
       * (issue 22). */
      assumed = cp_words_team_assumed_prefix ();

      for (guint i = 0; i < plan->reasons->len; i++)
        {
          const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
          g_autofree char *text = NULL;

          if ((int) reason->rule != rule)
            continue;
          applied = TRUE;
          /* Whether the choice holds across the range is said once, in
           * bold under the comparison or under the verdict. */
          if (reason->outcome == CP_OUTCOME_VERDICT_HOLDS || reason->outcome == CP_OUTCOME_VERDICT_FLIPS)
            continue;
          /* The questions for the vendors are asked once for them all. */
          if (cp_report_is_vendor_question (reason->outcome))
            continue;
          text = cp_reason_text (reason, project, plan, lang);
          if (said->len > 0 && !cp_i18n_is_chinese (lang))
            g_string_append_c (said, ' ');
          if (g_str_has_prefix (text, assumed) && strstr (said->str, assumed) != NULL)
            g_string_append (said, text + strlen (assumed));
          else
            g_string_append (said, text);
          printed = TRUE;
        }
      if (printed)
        {
          add_rule_line (lines, rule, g_strdup (cp_rule_to_string ((CpRule) rule)),
                         g_strdup_printf ("%s — %s", cp_words_rule ((CpRule) rule), said->str));
          continue;
        }
      {
        const char *why;

        if (applied && place == CP_REASON_IN_WINDOW)
          /* TRANSLATORS: the window's reasons list: a rule whose only findings are the questions for the vendors
           * (listed under the reasons) or whether the choice holds (under the verdict) */
          why = _("Said elsewhere: under the verdict, or in the questions for the vendors below.");
        else if (applied)
          /* TRANSLATORS: a rule of the reasons list whose only findings are the questions for the vendors (page 1) or whether the choice holds (under the comparison) */
          why = _("Said above: in the questions for the vendors on page 1, or under the comparison.");
        else if (rule == CP_RULE_R3_INFERENCE_CONCURRENCY)
          /* TRANSLATORS: R3 in the reasons list of a job that serves no users */
          why = _("Applies to inference services only; this job serves no users.");
        else
          /* TRANSLATORS: a rule of the reasons list the plan did not apply to this job */
          why = _("Does not apply to this job.");
        add_rule_line (lines, rule, g_strdup (cp_rule_to_string ((CpRule) rule)),
                       g_strdup_printf ("%s — %s", cp_words_rule ((CpRule) rule), why));
      }
    }
  cp_i18n_pop_language ();
  return lines;
}
