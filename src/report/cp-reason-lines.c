/* cp-reason-lines.c: a plan's reasons as the window and the command line
 * list them. The report lists them per rule itself (cp-report-job.c),
 * with the vendors' questions on its first page. */
#include "config.h"

#include <glib/gi18n.h>

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
    case CP_OUTCOME_ASK_BILLING_TERMS:
      /* TRANSLATORS: R6; the vendors asked, joined as a list ("A, B and C") */
      return g_strdup_printf (_("Ask %s how they bill (by the hour or by the month) and whether there is a minimum rental term: the quotes do not say, and the recommendation depends on it."),
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
        g_autoptr(GPtrArray) names = NULL;
        guint quotes;

        if (asked[i] || reason->rule != rule)
          continue;
        if (!cp_report_is_vendor_question (reason->outcome))
          {
            if (reason->outcome == CP_OUTCOME_VERDICT_HOLDS && unconfirmed != NULL)
              continue;
            g_ptr_array_add (lines, cp_reason_text (reason, project, plan, lang));
            g_array_append_val (rules, reason->rule);
            continue;
          }

        names = g_ptr_array_new ();
        quotes = 0;
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
          g_ptr_array_add (lines, cp_reason_text (reason, project, plan, lang));
        else
          {
            g_autofree char *joined = NULL;
            g_autofree char *question = NULL;

            cp_i18n_push_language (lang);
            joined = cp_words_join_names (names);
            cp_i18n_pop_language ();
            question = vendor_question (project, reason, joined, lang);
            g_ptr_array_add (lines, cp_i18n_space_chinese (question, lang));
          }
        g_array_append_val (rules, reason->rule);
      }
  return lines;
}
