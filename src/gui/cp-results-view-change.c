/* cp-results-view-change.c: what an edit changed, said under the
 * recommendation of CpResultsView until the next edit.
 *
 * Walk41 F14, walk41b F12: a price typed in a meeting (16 → 18 CNY per
 * GPU-hour) turned "38,656 CNY in total" into "43,488 CNY in total" with
 * nothing saying what had moved, or that the recommendation had not;
 * a deadline 10 → 14 days flipped the recommended vendor with no "was"
 * either, and the room had to remember the old figures. Meanwhile the
 * old total stayed in full colour above "Calculating…" as if it were
 * the new one. Now the answer shown is kept (which option, its total,
 * its days, as worded), an edit of the job shown dims it until its new
 * plan comes, and the new answer is compared with it in one line:
 * "Changed: total 38,656 CNY → 43,488 CNY; the recommendation did not
 * change." */
#include "config.h"

#include <glib/gi18n.h>

#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"

#include "cp-results-view-private.h"

void
_cp_results_view_answer_clear (CpResultsAnswer *answer)
{
  g_clear_pointer (&answer->job_id, g_free);
  g_clear_pointer (&answer->choice, g_free);
  g_clear_pointer (&answer->total, g_free);
  g_clear_pointer (&answer->days, g_free);
}

/* The answer @plan gives job @job, as the change line names it. */
static void
answer_init (CpResultsAnswer *answer,
             const CpProject *project,
             const CpJob     *job,
             const CpPlan    *plan,
             guint            generation,
             const char      *lang)
{
  const CpOption *best;
  const CpQuote *quote;
  g_autofree char *name = NULL;

  answer->job_id = g_strdup (job->id);
  answer->generation = generation;
  if (plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return;
  best = &g_array_index (plan->options, CpOption, plan->recommended);
  quote = g_ptr_array_index (project->quotes, best->quote_index);
  name = cp_words_quote_name (project, best->quote_index);
  /* TRANSLATORS: the option the change line names: "<vendor — offer>, 2 nodes" */
  answer->choice = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u node", "%s, %u nodes", best->estimate.nodes),
                                    name, best->estimate.nodes);
  answer->total = plan->cost_unknown ? g_strdup (_("no price"))
                                     : cp_i18n_format_money_whole (best->estimate.total_cost, quote->currency, lang);
  answer->days = cp_words_calendar_length (best->estimate.calendar_days, lang);
}

/* One figure before and after: "38,656 CNY → 43,488 CNY". */
static void
append_moved (GString    *parts,
              const char *what,
              const char *before,
              const char *after)
{
  if (g_strcmp0 (before, after) == 0)
    return;
  if (parts->len > 0)
    /* TRANSLATORS: between two figures of the change line */
    g_string_append (parts, _(", "));
  /* TRANSLATORS: a figure of the change line: "total 38,656 CNY → 43,488 CNY" */
  g_string_append_printf (parts, _("%s %s → %s"), what, before, after);
}

char *
_cp_results_view_describe_change (const CpResultsAnswer *before,
                                  const CpResultsAnswer *after)
{
  g_autoptr(GString) moved = NULL;

  if (before->choice == NULL && after->choice == NULL)
    return g_strdup (_("Changed: nothing in the answer; still no quote meets the job."));
  if (before->choice == NULL)
    /* TRANSLATORS: "Changed: <option> is now recommended (¥512, 3.3 h); no quote met the job before." */
    return g_strdup_printf (_("Changed: %s is now recommended (%s, %s); no quote met the job before."),
                            after->choice, after->total, after->days);
  if (after->choice == NULL)
    /* TRANSLATORS: "Changed: no quote meets the job now; <option> was recommended (¥512, 3.3 h)." */
    return g_strdup_printf (_("Changed: no quote meets the job now; %s was recommended (%s, %s)."),
                            before->choice, before->total, before->days);
  if (g_strcmp0 (before->choice, after->choice) != 0)
    /* TRANSLATORS: "Changed: the recommendation, from <option> (¥72,000, 5.3 days) to <option> (¥24,147, 12.8 days)." */
    return g_strdup_printf (_("Changed: the recommendation, from %s (%s, %s) to %s (%s, %s)."),
                            before->choice, before->total, before->days, after->choice, after->total, after->days);
  moved = g_string_new (NULL);
  /* TRANSLATORS: the total's name in "Changed: total 38,656 CNY → 43,488 CNY" */
  append_moved (moved, C_("change line", "total"), before->total, after->total);
  /* TRANSLATORS: the days' name in "Changed: time 12.6 days → 10.1 days" */
  append_moved (moved, C_("change line", "time"), before->days, after->days);
  if (moved->len == 0)
    /* TRANSLATORS: "Changed: nothing in the answer; still <option>, ¥38,656 in total, 12.6 days." */
    return g_strdup_printf (_("Changed: nothing in the answer; still %s, %s in total, %s."),
                            after->choice, after->total, after->days);
  /* TRANSLATORS: "Changed: total ¥38,656 → ¥43,488; the recommendation did not change." */
  return g_strdup_printf (_("Changed: %s; the recommendation did not change."), moved->str);
}

/* The verdict's lines, and the line of the edit before, read as the
 * answer before an edit, not as its answer: dimmed (style.css,
 * .cp-old), in their places (a line hidden moved the table a user had
 * scrolled to, gui-plan-calls /table-rows-follow-edit). Not libadwaita's
 * dim-label, which marks a label waiting for its words: such a label
 * keeps no room while its plan is made (keep_room(), cp-results-view.c). */
static void
mark_answer_old (CpResultsView *self,
                 gboolean       old)
{
  GtkLabel *lines[] = { self->verdict_label, self->summary_label, self->layout_label, self->change_label };

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    _cp_results_view_set_css_class (GTK_WIDGET (lines[i]), "cp-old", old);
}

void
_cp_results_view_answer_outdated (CpResultsView *self)
{
  guint generation = self->analysis != NULL ? cp_project_analysis_get_generation (self->analysis) : 0;

  if (self->answer.job_id != NULL && self->answer.generation != generation)
    mark_answer_old (self, TRUE);
}

void
_cp_results_view_forget_answer (CpResultsView *self)
{
  _cp_results_view_set_visible (GTK_WIDGET (self->change_label), FALSE);
  _cp_results_view_answer_clear (&self->answer);
}

void
_cp_results_view_note_answer (CpResultsView   *self,
                              const CpProject *project,
                              const CpJob     *job,
                              const char      *lang)
{
  CpResultsAnswer now = { 0 };
  guint generation = cp_project_analysis_get_generation (self->analysis);

  mark_answer_old (self, FALSE);
  answer_init (&now, project, job, self->plan, generation, lang);
  if (g_strcmp0 (self->answer.job_id, job->id) != 0)
    /* Another job: nothing of it was shown to compare with. */
    _cp_results_view_set_visible (GTK_WIDGET (self->change_label), FALSE);
  else if (self->answer.generation != generation)
    {
      g_autofree char *line = _cp_results_view_describe_change (&self->answer, &now);

      _cp_results_view_set_label (self->change_label, line);
      _cp_results_view_set_visible (GTK_WIDGET (self->change_label), TRUE);
    }
  /* The same generation again (its dates came, a worker's plan): the
   * line of its edit stays, until the next. */
  _cp_results_view_answer_clear (&self->answer);
  self->answer = now;
}
