/* cp-results-view-change.c: what an edit changed, said under the
 * recommendation of CpResultsView until the next edit.
 *
 * Walk41 F14, walk41b F12: a price typed in a meeting (16 → 18 CNY per
 * GPU-hour) turned "38,656 CNY in total" into "43,488 CNY in total" with
 * nothing saying what had moved, or that the recommendation had not;
 * a deadline 10 → 14 days flipped the recommended vendor with no "was"
 * either, and the room had to remember the old figures. Meanwhile the
 * old total stayed in full colour above "Calculating…" as if it were
 * the new one. Now the answer the room last saw is kept (which option,
 * by quote id and node count, its total, its days, which quotes met the
 * job, the project it came from), an edit of the job shown dims it until
 * its new plan comes, and the new answer is compared with it in one
 * line naming the inputs that moved (issue 26): "LoRA's Deadline
 * 5 days → 1 day: the answer did not change; still …; VMC A100 now
 * misses the deadline." Quick edits add up: an answer is compared with
 * only once it has been seen. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"

#include "cp-job-editor-private.h"
#include "cp-labels.h"
#include "cp-quote-editor.h"
#include "cp-results-view-private.h"

/* An answer counts as seen once it has been on screen whole this long:
 * AdwToast's default timeout (libadwaita 1.2, adw-toast.c), the time the
 * toolkit itself gives a line to be read. An edit sooner than that is
 * compared with the answer before, so that quick edits add up instead
 * of each hiding the one before. */
#define CP_ANSWER_SEEN_MS 5000

/* At most this many inputs are named in the line; the others are
 * counted ("and 2 more"): a change of job kind moves a dozen fields and
 * the line would fill the screen. */
#define MAX_NAMED_INPUTS 3

void
_cp_results_view_answer_clear (CpResultsAnswer *answer)
{
  g_clear_pointer (&answer->job_id, g_free);
  g_clear_pointer (&answer->quote_id, g_free);
  g_clear_pointer (&answer->choice, g_free);
  g_clear_pointer (&answer->total, g_free);
  g_clear_pointer (&answer->days, g_free);
  g_clear_pointer (&answer->feasible_quote_ids, g_ptr_array_unref);
  g_clear_pointer (&answer->project, cp_project_free);
  answer->nodes = 0;
  answer->memory_share = 0;
  answer->tight = FALSE;
  answer->generation = 0;
  answer->robustness_known = FALSE;
  answer->robust = FALSE;
  answer->doubt_operations = FALSE;
}

/* "1 day", "2 days", "12.6 days", to @decimals; under a day, in hours
 * or minutes. */
static char *
words_days (double      days,
            int         decimals,
            const char *lang)
{
  g_autofree char *number = NULL;

  if (days > 0 && days < 1)
    return cp_words_duration (days * 86400, lang);
  number = cp_i18n_format_number (days, decimals, lang);
  /* TRANSLATORS: a number of days in the change line; %s is a number such
   * as "1", "5" or "12.6" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s day", "%s days",
                                       decimals == 0 ? (gulong) round (days) : 2),
                          number);
}

static int
find_quote (const CpProject *project,
            const char      *quote_id)
{
  for (guint i = 0; quote_id != NULL && i < project->quotes->len; i++)
    if (g_strcmp0 (((CpQuote *) g_ptr_array_index (project->quotes, i))->id, quote_id) == 0)
      return (int) i;
  return -1;
}

static const CpJob *
find_job (const CpProject *project,
          const char      *job_id)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (g_strcmp0 (((CpJob *) g_ptr_array_index (project->jobs, i))->id, job_id) == 0)
      return g_ptr_array_index (project->jobs, i);
  return NULL;
}

/* A price as it was typed reads: "6.5", "16", "0.125", with no decimal
 * it does not need (a fixed two read "6.50" beside the "6.8" typed after
 * it); at most 4, which keeps a hundredth of a cent whole. */
static char *
words_price (double      price,
             const char *lang)
{
  int decimals = 0;

  while (decimals < 4 && fabs (price * pow (10, decimals) - round (price * pow (10, decimals))) > 1e-9)
    decimals++;
  return cp_i18n_format_number (price, decimals, lang);
}

/* "<vendor — offer>, 2 nodes", by the quote's name in @project now. */
static char *
words_choice (const CpProject *project,
              int              quote_index,
              guint            nodes)
{
  g_autofree char *name = cp_words_quote_name (project, quote_index);

  /* TRANSLATORS: the option the change line names: "<vendor — offer>, 2 nodes" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u node", "%s, %u nodes", nodes), name, nodes);
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

  answer->job_id = g_strdup (job->id);
  answer->generation = generation;
  answer->project = cp_project_copy (project);
  answer->feasible_quote_ids = g_ptr_array_new_with_free_func (g_free);
  /* Known once the paragraphs are worded (_cp_results_view_note_robustness()). */
  answer->robustness_known = FALSE;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->feasible)
        g_ptr_array_add (answer->feasible_quote_ids,
                         g_strdup (((CpQuote *) g_ptr_array_index (project->quotes, option->quote_index))->id));
    }
  if (plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return;
  best = &g_array_index (plan->options, CpOption, plan->recommended);
  quote = g_ptr_array_index (project->quotes, best->quote_index);
  answer->quote_id = g_strdup (quote->id);
  answer->nodes = best->estimate.nodes;
  answer->choice = words_choice (project, best->quote_index, best->estimate.nodes);
  answer->cost_unknown = plan->cost_unknown;
  answer->total = plan->cost_unknown ? g_strdup (_("total cost unknown (no price)"))
                                     : cp_i18n_format_money_whole (best->estimate.total_cost, quote->currency, lang);
  /* As the summary words an estimate's days ("8.0 days"). */
  answer->days = words_days (best->estimate.calendar_days, cp_days_decimals (best->estimate.calendar_days), lang);
  answer->memory_share = best->estimate.available_per_gpu_bytes > 0
                         ? best->estimate.memory_per_gpu_bytes / best->estimate.available_per_gpu_bytes : 0;
  answer->tight = cp_estimate_is_tight (&best->estimate);
}

/* Field @field of a job's or a quote's @record in words: "5 days",
 * "Automatic", "QLoRA", "No, only the whole offer". */
static char *
words_field_value (const CpField *field,
                   gconstpointer  record,
                   const char    *lang)
{
  gconstpointer at = (const guint8 *) record + field->offset;
  double number;

  switch (field->kind)
    {
    case CP_FIELD_BOOL:
      /* TRANSLATORS: a switch of the job's form, named in the change line */
      return g_strdup (*(const gboolean *) at ? C_("switch", "on") : C_("switch", "off"));
    case CP_FIELD_ENUM:
      return g_strdup (field->choice != NULL ? field->choice (*(const int *) at) : "");
    case CP_FIELD_UINT:
      number = *(const guint *) at;
      break;
    case CP_FIELD_COUNT:
    case CP_FIELD_DOUBLE:
    case CP_FIELD_BYTES:
    case CP_FIELD_PRICE:
      number = *(const double *) at;
      break;
    case CP_FIELD_TEXT:
    case CP_FIELD_CURRENCY:
    default:
      g_return_val_if_reached (g_strdup (""));
    }
  if (field->automatic != NULL && number == 0)
    return g_strdup (_(field->automatic));
  if (field->kind == CP_FIELD_COUNT)
    return cp_format_count (number);
  if (field->kind == CP_FIELD_BYTES)
    return cp_format_bytes (number, CP_MEMORY_UNIT_GIB);
  if (field->percent)
    return cp_i18n_format_percent (number, lang);
  if (field->shown_per_stored > 0)
    number *= field->shown_per_stored;
  if (g_strcmp0 (field->unit, "days") == 0)
    /* As typed: a deadline of 10 days, not "10.0 days". */
    return words_days (number, number == floor (number) ? 0 : 1, lang);
  {
    g_autofree char *figure = cp_i18n_format_number (number, number == floor (number) ? 0 : 2, lang);

    if (field->unit == NULL)
      return g_steal_pointer (&figure);
    /* TRANSLATORS: a value and its unit in the change line: "8 GPUs" */
    return g_strdup_printf (C_("change line", "%s %s"), figure, _(field->unit));
  }
}

static void
append_part (GString    *parts,
             const char *part)
{
  if (parts->len > 0)
    /* TRANSLATORS: between two inputs, or two figures, of the change line */
    g_string_append (parts, _(", "));
  g_string_append (parts, part);
}

/* Whether @name takes the bare apostrophe of a plural in English: "200
 * users' Kind", never "200 users's Kind" (walk37 F9). A lower-case s
 * ends an English plural; an upper-case one ends an acronym ("AWS's"). */
static gboolean
possessive_name (const char *name)
{
  gsize length = strlen (name);

  return length > 1 && name[length - 1] == 's' && g_ascii_isalpha (name[length - 2]);
}

/* The inputs of job @job_id and of the quotes that moved from @before to
 * @after: "LoRA's Deadline 5 days → 1 day, <quote>'s price 16 → 18"; ""
 * for none (a rename, a quote added). Names are not inputs of the
 * answer, and the form's own words name the fields. */
static char *
describe_inputs (const CpProject *before,
                 const CpProject *after,
                 const char      *job_id,
                 const char      *lang)
{
  const CpJob *old_job = find_job (before, job_id);
  const CpJob *job = find_job (after, job_id);
  g_autoptr(GString) parts = g_string_new (NULL);
  const CpField *quote_fields;
  guint n_quote_fields;
  guint named = 0, more = 0;

  if (old_job == NULL || job == NULL)
    return g_strdup ("");
  for (guint i = 0; i < _cp_job_editor_n_fields; i++)
    {
      const CpField *field = &_cp_job_editor_fields[i];
      g_autofree char *was = NULL;
      g_autofree char *now = NULL;
      g_autofree char *part = NULL;

      if (field->kind == CP_FIELD_TEXT || field->kind == CP_FIELD_CURRENCY ||
          !_cp_job_editor_field_shown_for (field, job->kind) ||
          cp_field_same_value (field, old_job, job))
        continue;
      if (named == MAX_NAMED_INPUTS)
        {
          more++;
          continue;
        }
      was = words_field_value (field, old_job, lang);
      now = words_field_value (field, job, lang);
      if (g_strcmp0 (was, now) == 0)
        continue;
      part = possessive_name (job->name != NULL ? job->name : "")
             /* TRANSLATORS: an input the change line names, for a job name ending in a plural s: "200 users' Deadline
              * 5 days → 1 day" */
             ? g_strdup_printf (_("%s’ %s %s → %s"), job->name, _(field->title), was, now)
             /* TRANSLATORS: an input the change line names: "<job>'s Deadline 5 days → 1 day" */
             : g_strdup_printf (_("%s’s %s %s → %s"), job->name != NULL ? job->name : "", _(field->title), was, now);
      append_part (parts, part);
      named++;
    }
  quote_fields = cp_quote_editor_get_fields (&n_quote_fields);
  for (guint i = 0; i < after->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (after->quotes, i);
      int old_index = find_quote (before, quote->id);
      const CpQuote *old_quote = old_index >= 0 ? g_ptr_array_index (before->quotes, old_index) : NULL;
      g_autofree char *name = NULL;

      if (old_quote == NULL)
        continue;
      /* Every field of the quote's form, not its price alone: "Changed:
       * the recommendation did not change" named nothing of an answer
       * to "Part of the offer rented alone" that changed the total
       * (walk37b N3). */
      for (guint f = 0; f < n_quote_fields; f++)
        {
          const CpField *field = &quote_fields[f];
          gboolean price = field->kind == CP_FIELD_PRICE;
          g_autofree char *was = NULL;
          g_autofree char *now = NULL;
          g_autofree char *part = NULL;

          if (field->kind == CP_FIELD_TEXT || field->kind == CP_FIELD_CURRENCY ||
              cp_field_same_value (field, old_quote, quote))
            continue;
          if (named == MAX_NAMED_INPUTS)
            {
              more++;
              continue;
            }
          if (name == NULL)
            name = cp_words_quote_name (after, (int) i);
          /* A price as typed ("16 → 18"); the others as the form shows them. */
          was = price ? words_price (old_quote->price, lang) : words_field_value (field, old_quote, lang);
          now = price ? words_price (quote->price, lang) : words_field_value (field, quote, lang);
          if (g_strcmp0 (was, now) == 0)
            continue;
          if (price)
            part = possessive_name (name)
                   /* TRANSLATORS: an input the change line names, for a quote name ending in a plural s: "<…
                    * machines>' price 16 → 18" */
                   ? g_strdup_printf (_("%s’ price %s → %s"), name, was, now)
                   /* TRANSLATORS: an input the change line names: "<quote>'s price 16 → 18" */
                   : g_strdup_printf (_("%s’s price %s → %s"), name, was, now);
          else
            {
              /* A fee's amount row is titled "Amount" under its choice:
               * named by its fee ("Network fee") out of the form. */
              const char *title = field->money && field->model_name != NULL ? field->model_name : field->title;

              part = possessive_name (name)
                     /* TRANSLATORS: an input the change line names, for a quote name ending in a plural s: "<…
                      * machines>' Nodes available 2 → 4" */
                     ? g_strdup_printf (_("%s’ %s %s → %s"), name, _(title), was, now)
                     /* TRANSLATORS: an input the change line names: "<quote>'s Part of the offer rented alone Not
                      * asked → No, only the whole offer" */
                     : g_strdup_printf (_("%s’s %s %s → %s"), name, _(title), was, now);
            }
          append_part (parts, part);
          named++;
        }
    }
  if (more > 0)
    {
      /* TRANSLATORS: after the inputs the change line names: "and 2 more" */
      g_autofree char *rest = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "and %u more", "and %u more", more), more);

      g_string_append_printf (parts, " %s", rest);
    }
  return g_strdup (parts->str);
}

/* The quotes that met the job in @before and now run too late:
 * "VMC A100 and RackB A800 now miss the deadline", the first
 * MAX_NAMED_INPUTS by rank named and the others counted; "" for none. */
static char *
describe_missed_deadline (const CpResultsAnswer *before,
                          const CpProject       *project,
                          const CpJob           *job,
                          const CpPlan          *plan)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint others = 0;

  if (cp_job_deadline_days (job) <= 0)
    return g_strdup ("");
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);

      if (option->feasible || !option->estimate.fits || option->ruled_out ||
          !g_ptr_array_find_with_equal_func (before->feasible_quote_ids, quote->id, g_str_equal, NULL))
        continue;
      if (names->len < MAX_NAMED_INPUTS)
        g_ptr_array_add (names, cp_words_quote_name (project, option->quote_index));
      else
        others++;
    }
  if (names->len == 0)
    return g_strdup ("");
  if (others > 0)
    /* TRANSLATORS: the last of the quotes that now miss the deadline: "A, B, C and 3 other quotes" */
    g_ptr_array_add (names, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u other quote", "%u other quotes", others),
                                             others));
  {
    g_autofree char *list = cp_words_join_names (names);

    /* TRANSLATORS: "<quote> and <quote> now miss the deadline" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s now misses the deadline", "%s now miss the deadline",
                                         names->len + others),
                            list);
  }
}

/* Why a recommendation that moved is now Tight on memory when the one
 * before was not: the estimate passes over a faster Tight layout for a
 * roomier one while that one meets the job even at its slow end (the
 * headroom rule, layout-headroom-time; safe_layout_past_limits_s() in
 * cp-estimate.c), so a cheaper and faster option chosen only now read as
 * one missed before (walk38 F6: deadline 10 → 7 days, 3 nodes at 70,112
 * CNY to 4 nodes at 67,648 CNY and 94% of memory). @shortened: the edit
 * cut the job's deadline. "" when the memory did not turn Tight. */
static char *
describe_tight_trade (const CpResultsAnswer *before,
                      const CpResultsAnswer *after,
                      gboolean               shortened,
                      const char            *lang)
{
  g_autofree char *share = NULL;

  if (!after->tight || before->tight)
    return g_strdup ("");
  share = cp_i18n_format_percent (after->memory_share, lang);
  return g_strdup_printf (shortened
                          /* TRANSLATORS: after "the recommendation changed from … to …": the share of each GPU's memory the new option uses; "Tight" is the table's Fits word */
                          ? _("; it uses %s of each GPU’s memory (Tight), which the longer deadline let the plan avoid")
                          /* TRANSLATORS: after "the recommendation changed from … to …": the share of each GPU's memory the new option uses; "Tight" is the table's Fits word */
                          : _("; it uses %s of each GPU’s memory (Tight), which the recommendation before avoided"),
                          share);
}

/* What the answer did between @before (seen) and @after (now);
 * @shortened: the edit cut the job's deadline. */
static char *
describe_answer (const CpResultsAnswer *before,
                 const CpResultsAnswer *after,
                 const CpProject       *project,
                 gboolean               shortened,
                 const char            *lang)
{
  g_autoptr(GString) moved = NULL;
  g_autofree char *was = NULL;
  int was_index;

  if (before->quote_id == NULL && after->quote_id == NULL)
    return g_strdup (_("still no quote meets the job"));
  if (before->quote_id == NULL)
    /* TRANSLATORS: "<option> is now recommended (¥512, 3.3 h); no quote met the job before" */
    return g_strdup_printf (_("%s is now recommended (%s, %s); no quote met the job before"),
                            after->choice, after->total, after->days);
  /* The option seen, named as its quote is named now (renamed since, it
   * is the same option). */
  was_index = find_quote (project, before->quote_id);
  was = was_index >= 0 ? words_choice (project, was_index, before->nodes) : g_strdup (before->choice);
  if (after->quote_id == NULL)
    /* TRANSLATORS: "no quote meets the job now; <option> was recommended (¥512, 3.3 h)" */
    return g_strdup_printf (_("no quote meets the job now; %s was recommended (%s, %s)"),
                            was, before->total, before->days);
  if (g_strcmp0 (before->quote_id, after->quote_id) != 0 || before->nodes != after->nodes)
    {
      g_autofree char *trade = describe_tight_trade (before, after, shortened, lang);
      /* TRANSLATORS: "the recommendation changed from <option> (¥72,000, 5.3 days) to <option> (¥24,147, 12.8 days)" */
      g_autofree char *changed = g_strdup_printf (_("the recommendation changed from %s (%s, %s) to %s (%s, %s)"),
                                                  was, before->total, before->days, after->choice, after->total,
                                                  after->days);

      return g_strconcat (changed, trade, NULL);
    }
  moved = g_string_new (NULL);
  if (g_strcmp0 (before->total, after->total) != 0)
    {
      /* TRANSLATORS: a figure of the change line: "total 38,656 CNY → 43,488 CNY" */
      /* The total's own word once: "total total cost unknown (no price)
       * → 8,448 CNY" (walk37 F9). */
      g_autofree char *was_total = before->cost_unknown ? g_strdup (_("unknown (no price)")) : g_strdup (before->total);
      g_autofree char *now_total = after->cost_unknown ? g_strdup (_("unknown (no price)")) : g_strdup (after->total);
      g_autofree char *part = g_strdup_printf (_("total %s → %s"), was_total, now_total);

      append_part (moved, part);
    }
  if (g_strcmp0 (before->days, after->days) != 0)
    {
      /* TRANSLATORS: a figure of the change line: "time 12.6 days → 10.1 days" */
      g_autofree char *part = g_strdup_printf (_("time %s → %s"), before->days, after->days);

      append_part (moved, part);
    }
  if (moved->len == 0)
    return after->cost_unknown
           /* TRANSLATORS: "the answer did not change; still <option>, total cost unknown (no price), 12.6 days" */
           ? g_strdup_printf (_("the answer did not change; still %s, %s, %s"), after->choice, after->total, after->days)
           /* TRANSLATORS: "the answer did not change; still <option>, ¥38,656 in total, 12.6 days" */
           : g_strdup_printf (_("the answer did not change; still %s, %s in total, %s"),
                              after->choice, after->total, after->days);
  /* TRANSLATORS: "still <option>; total ¥38,656 → ¥43,488" */
  return g_strdup_printf (_("the recommendation did not change; still %s; %s"), after->choice, moved->str);
}

/* The line: the inputs that moved, what the answer did, which options
 * now miss the deadline; NULL when nothing the line would name moved (a
 * rename, or its Undo). */
static char *
describe_change (const CpResultsAnswer *before,
                 const CpResultsAnswer *after,
                 const CpProject       *project,
                 const CpJob           *job,
                 const CpPlan          *plan,
                 const char            *lang)
{
  g_autofree char *inputs = describe_inputs (before->project, project, job->id, lang);
  const CpJob *job_before = before->project != NULL ? find_job (before->project, job->id) : NULL;
  gboolean shortened = job_before != NULL && cp_job_deadline_days (job) > 0 &&
                       cp_job_deadline_days (job) < cp_job_deadline_days (job_before);
  g_autofree char *answer = describe_answer (before, after, project, shortened, lang);
  /* With none left meeting the job, the answer says so: which ones now
   * miss the deadline would be the whole table. */
  g_autofree char *missed = after->quote_id != NULL ? describe_missed_deadline (before, project, job, plan)
                                                    : g_strdup ("");
  g_autofree char *said = NULL;
  gboolean same = g_strcmp0 (before->quote_id, after->quote_id) == 0 && before->nodes == after->nodes &&
                  g_strcmp0 (before->total, after->total) == 0 && g_strcmp0 (before->days, after->days) == 0;

  if (*inputs == '\0' && *missed == '\0' && same)
    return NULL;
  if (*missed != '\0')
    /* TRANSLATORS: what the answer did, then which options now miss the deadline */
    said = g_strdup_printf (_("%s; %s"), answer, missed);
  else
    said = g_steal_pointer (&answer);
  if (*inputs == '\0')
    /* TRANSLATORS: the change line when no input of the job or price moved (a quote added, a setting):
     * "Changed: the recommendation changed from … to …." */
    return g_strdup_printf (_("Changed: %s."), said);
  /* TRANSLATORS: the change line: "<job>'s Deadline 5 days → 1 day: the answer did not change; still …." */
  return g_strdup_printf (C_("change line", "%s: %s."), inputs, said);
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

static gboolean
change_line_read_cb (gpointer user_data)
{
  CpResultsView *self = user_data;

  self->change_read_id = 0;
  _cp_results_view_show_change_line (self);
  return G_SOURCE_REMOVE;
}

/* The line of the last edit, under the verdict until the next edit; in
 * present mode only while it is read, CP_ANSWER_SEEN_MS from the edit's
 * answer: on a projector "Answer within 2 s → No target: …" of an edit
 * made before present mode stayed under the headline and read as part of
 * the answer (walk37 F8). */
void
_cp_results_view_show_change_line (CpResultsView *self)
{
  gint64 shown_ms = (g_get_monotonic_time () - self->change_said_us) / 1000;
  gboolean read = !self->presenting || shown_ms < CP_ANSWER_SEEN_MS;

  g_clear_handle_id (&self->change_read_id, g_source_remove);
  _cp_results_view_set_visible (GTK_WIDGET (self->change_label), self->change_text != NULL && read);
  if (self->change_text != NULL && self->presenting && read)
    self->change_read_id = g_timeout_add ((guint) (CP_ANSWER_SEEN_MS - shown_ms), change_line_read_cb, self);
}

void
_cp_results_view_answer_outdated (CpResultsView *self)
{
  guint generation = self->analysis != NULL ? cp_project_analysis_get_generation (self->analysis) : 0;

  /* Not on screen whole: not seen. */
  g_clear_handle_id (&self->answer_seen_id, g_source_remove);
  if (self->shown_answer.job_id != NULL && self->shown_answer.generation != generation)
    mark_answer_old (self, TRUE);
}

void
_cp_results_view_forget_answer (CpResultsView *self)
{
  g_clear_handle_id (&self->answer_seen_id, g_source_remove);
  g_clear_pointer (&self->change_text, g_free);
  self->change_generation = 0;
  _cp_results_view_show_change_line (self);
  _cp_results_view_answer_clear (&self->answer);
  _cp_results_view_answer_clear (&self->shown_answer);
}

/* The answer shown has been on screen whole for CP_ANSWER_SEEN_MS: the
 * next edit is compared with it. Off screen (another page, the window
 * minimised), it waits to be seen. */
static gboolean
answer_seen_cb (gpointer user_data)
{
  CpResultsView *self = user_data;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self->summary_label)))
    return G_SOURCE_CONTINUE;
  self->answer_seen_id = 0;
  _cp_results_view_answer_clear (&self->answer);
  self->answer = self->shown_answer;
  self->shown_answer = (CpResultsAnswer) { 0 };
  self->shown_answer.job_id = g_strdup (self->answer.job_id);
  self->shown_answer.generation = self->answer.generation;
  return G_SOURCE_REMOVE;
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
    {
      /* Another job: nothing of it was shown to compare with; its first
       * answer is what the room sees of it, and the first edit is
       * compared with that. */
      g_clear_pointer (&self->change_text, g_free);
      self->change_generation = 0;
      _cp_results_view_show_change_line (self);
      _cp_results_view_answer_clear (&self->answer);
      _cp_results_view_answer_clear (&self->shown_answer);
      self->shown_answer.job_id = g_strdup (now.job_id);
      self->shown_answer.generation = generation;
      self->answer = now;
      return;
    }
  /* An edit's answer, not described yet (the same generation again is
   * its dates come, or a worker's plan: the line of its edit stays until
   * the next), compared with the answer seen. */
  if (self->answer.generation != generation && self->shown_answer.generation != generation)
    {
      g_free (self->change_text);
      self->change_text = describe_change (&self->answer, &now, project, job, self->plan, lang);
      self->change_generation = generation;
      if (self->change_text != NULL)
        _cp_results_view_set_label (self->change_label, self->change_text);
      self->change_said_us = g_get_monotonic_time ();
      _cp_results_view_show_change_line (self);
    }
  if (self->shown_answer.generation == generation)
    {
      /* Its robustness, worded already, is the same plan's. */
      now.robustness_known = self->shown_answer.robustness_known;
      now.robust = self->shown_answer.robust;
      now.doubt_operations = self->shown_answer.doubt_operations;
    }
  _cp_results_view_answer_clear (&self->shown_answer);
  self->shown_answer = now;
  g_clear_handle_id (&self->answer_seen_id, g_source_remove);
  self->answer_seen_id = g_timeout_add (CP_ANSWER_SEEN_MS, answer_seen_cb, self);
}

/* Whether @plan's doubt is R8's: would a hosted or container option be
 * taken were there nobody to run the bare metal recommended
 * (cp_words_unconfirmed()'s "team" sentence on the operations engineer). */
static gboolean
doubt_is_operations (const CpProject *project,
                     const CpPlan    *plan,
                     const char      *lang)
{
  const char *field = NULL;
  g_autofree char *unconfirmed = cp_words_unconfirmed (project, plan, lang, &field);

  return unconfirmed != NULL && g_strcmp0 (field, "team") == 0 &&
         (cp_words_team_questions (project, plan) & CP_TEAM_QUESTION_OPERATIONS) != 0;
}

/* Whether the option @plan recommends is bare metal its vendor does not
 * run (R8: the team needs an operations engineer) and no hosted or
 * container option meets the job: who runs the machines no longer
 * decides the choice, yet still has to be arranged. */
static gboolean
bare_metal_without_choice (const CpProject *project,
                           const CpPlan    *plan)
{
  const CpQuote *quote;

  if (plan->recommended < 0 || (guint) plan->recommended >= plan->options->len || !plan->team_assumed)
    return FALSE;
  quote = g_ptr_array_index (project->quotes, g_array_index (plan->options, CpOption, plan->recommended).quote_index);
  if (!cp_quote_team_runs_machines (quote) || cp_quote_ops_support_terms (quote) != CP_FEE_NOT_STATED)
    return FALSE;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->feasible && !option->ruled_out &&
          !cp_quote_team_runs_machines (g_ptr_array_index (project->quotes, option->quote_index)))
        return FALSE;
    }
  return TRUE;
}

void
_cp_results_view_note_robustness (CpResultsView *self,
                                  gboolean       doubt)
{
  guint generation = cp_project_analysis_get_generation (self->analysis);
  const char *lang = cp_labels_ui_language ();
  const char *turn;
  gboolean operations;
  g_autofree char *line = NULL;

  if (self->plan == NULL || !self->plan->has_robustness || self->shown_answer.generation != generation)
    return;
  operations = doubt && doubt_is_operations (self->details_project, self->plan, lang);
  self->shown_answer.robustness_known = TRUE;
  self->shown_answer.robust = !doubt;
  self->shown_answer.doubt_operations = operations;
  /* A job's first answer is the one compared with at once. */
  if (self->answer.generation == generation)
    {
      self->answer.robustness_known = TRUE;
      self->answer.robust = !doubt;
      self->answer.doubt_operations = operations;
    }
  /* The plan's own checks, as the line under the verdict words them
   * (_cp_results_view_describe_robustness(): another quote wins within
   * the assumptions' band, or the choice rests on what a quote does not
   * state): no threshold of its own. */
  if (self->change_text == NULL || self->change_generation != generation ||
      !self->answer.robustness_known || self->answer.robust == !doubt ||
      self->shown_answer.quote_id == NULL)
    return;
  /* The bare metal still recommended, firm only as no hosted option
   * meets the job any more: "now firm" alone read as if the operations
   * engineer it was not firm for had been found (walk37b N4: 200 → 6,000
   * concurrent requests, Huawei's hosted nodes serve 4,096 at most). */
  if (!doubt && self->answer.doubt_operations && bare_metal_without_choice (self->details_project, self->plan))
    /* TRANSLATORS: ends the change line when the answer, not firm for want of an operations engineer (R8), is firm
     * now because no hosted or container option meets the job any more */
    turn = _("The answer is now firm: no hosted or container option meets the job any more, so it no longer turns on "
             "an operations engineer; the bare metal still needs one, or the vendor’s operations support (R8).");
  else
    turn = !doubt
           /* TRANSLATORS: ends the change line when the answer is firm now and was not when last seen */
           ? _("The answer is now firm.")
           /* TRANSLATORS: ends the change line when the answer is not firm now and was when last seen
            * (a near tie, or a price a quote does not state: the line under the verdict says which) */
           : _("The answer is no longer firm: the line under the verdict says why.");
  /* TRANSLATORS: the change line's sentence, then whether the answer is firm; a space between the two in English */
  line = g_strdup_printf (C_("change line sentences", "%s %s"), self->change_text, turn);
  _cp_results_view_set_label (self->change_label, line);
}

char *
_cp_results_view_describe_job_place (const CpProject *project,
                                     guint            job_index)
{
  const CpJob *job = g_ptr_array_index (project->jobs, job_index);

  /* TRANSLATORS: over the verdict: the job's place in the project and its name, "Job 1 of 7: 70B full fine-tune" */
  return g_strdup_printf (_("Job %u of %u: %s"), job_index + 1, project->jobs->len, job->name != NULL ? job->name : "");
}
