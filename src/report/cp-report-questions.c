/* cp-report-questions.c: the memo's questions to put to the vendors and
 * the team and its main risks, each said once for the whole project,
 * after the budget and calendar (cp-report-budget.c). */

#include "cp-report-private.h"

#include "planner/cp-what-if.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-report-doc.h"
#include "cp-report-memo.h"
#include "cp-report-sections.h"

static gboolean
storage_price_unstated (const CpQuote *quote)
{
  return cp_quote_storage_price_terms (quote) == CP_FEE_NOT_STATED;
}

static gboolean
storage_price_stated (const CpQuote *quote)
{
  return cp_quote_storage_price_terms (quote) != CP_FEE_NOT_STATED;
}

/* The question each kind of "ask the vendor" reason puts, and its id in
 * the XML report; with @asks_quote, only to the vendors of the quotes it
 * accepts: a vendor whose quote prices its storage is asked only its
 * kind (approver 33, A24: asked a price it had quoted, it would think
 * the report never read its quote). */
static const struct {
  CpOutcome   outcome;
  const char *kind;
  const char *question;
  gboolean  (*asks_quote) (const CpQuote *quote);
} vendor_questions[] = {
  { CP_OUTCOME_ASK_BANDWIDTH, "network-sharing", N_("Is the network between nodes dedicated or shared, and at what rate?"), NULL },
  { CP_OUTCOME_ASK_STORAGE, "storage", N_("What storage comes with the machines: a parallel file system or a network disk, and at what price?"), storage_price_unstated },
  { CP_OUTCOME_ASK_STORAGE, "storage-kind", N_("What storage comes with the machines: a parallel file system or a network disk?"), storage_price_stated },
  { CP_OUTCOME_ASK_HOST_MEMORY, "host-memory", N_("How much host memory does each node have? CPU offload keeps the optimizer there."), NULL },
  { CP_OUTCOME_ASK_UNSTATED_COSTS, "unstated-costs", N_("What does storage cost, and the network between nodes where several are rented? The quote does not say, and the recommendation depends on it."), NULL },
};

/* The unstated-costs question when it asks one of the two costs: a vendor
 * already asked what storage it offers and at what price is asked here
 * only of its network (approver, 3 December: two lines asked one vendor
 * the price of its storage). */
static const struct {
  CpUnstatedCost costs;
  const char    *kind;
  const char    *question;
} unstated_questions[] = {
  { CP_UNSTATED_STORAGE_PRICE | CP_UNSTATED_NETWORK_FEE, "unstated-costs", NULL },
  { CP_UNSTATED_STORAGE_PRICE, "unstated-storage-price", N_("What does storage cost? The quote does not say, and the recommendation depends on it.") },
  { CP_UNSTATED_NETWORK_FEE, "unstated-network-fee", N_("What does the network between nodes cost where several are rented? The quote does not say, and the recommendation depends on it.") },
};

gboolean
cp_report_is_vendor_question (CpOutcome outcome)
{
  for (guint q = 0; q < G_N_ELEMENTS (vendor_questions); q++)
    if (vendor_questions[q].outcome == outcome)
      return TRUE;
  return FALSE;
}

void
cp_report_question_free (CpReportQuestion *question)
{
  g_free (question->text);
  g_array_unref (question->quotes);
  g_array_unref (question->jobs);
  g_free (question);
}

static CpReportQuestion *
question_new (const char *kind)
{
  CpReportQuestion *question = g_new0 (CpReportQuestion, 1);

  question->kind = kind;
  question->quotes = g_array_new (FALSE, FALSE, sizeof (int));
  question->jobs = g_array_new (FALSE, FALSE, sizeof (guint));
  return question;
}

/* Adds the vendor of quote @index to @question, once per vendor whatever
 * number of its offers leave the question open. */
static void
question_add_vendor (const CpProject  *project,
                     CpReportQuestion *question,
                     int               index)
{
  const char *name = cp_report_vendor_name (project, index);

  for (guint i = 0; i < question->quotes->len; i++)
    if (g_strcmp0 (cp_report_vendor_name (project, g_array_index (question->quotes, int, i)), name) == 0)
      return;
  g_array_append_val (question->quotes, index);
}

/* Adds quote @index to those @question is put to, once. */
static void
question_add_quote (CpReportQuestion *question,
                    int               index)
{
  for (guint i = 0; i < question->quotes->len; i++)
    if (g_array_index (question->quotes, int, i) == index)
      return;
  g_array_append_val (question->quotes, index);
}

/* "What …? Ask: A, B.": @question's text with its vendors' names. */
static void
question_set_text (const CpProject  *project,
                   CpReportQuestion *question,
                   const char       *asked)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *line = NULL;

  for (guint i = 0; i < question->quotes->len; i++)
    g_ptr_array_add (names, (char *) cp_report_vendor_name (project, g_array_index (question->quotes, int, i)));
  line = cp_words_join_names (names);
  /* TRANSLATORS: a question, then the vendors to put it to */
  question->text = g_strdup_printf (_("%s Ask: %s."), asked, line);
}

/* Whether @word starts at @at in @text (folded) as a whole word: "term"
 * in "determined" or "external", "min." in "admin." are not the terms'
 * words. A word ending in a letter may take a plural "s". */
static gboolean
whole_word_at (const char *text,
               const char *at,
               const char *word)
{
  const char *end = at + strlen (word);

  if (at > text && g_unichar_isalnum (g_utf8_get_char (g_utf8_find_prev_char (text, at))))
    return FALSE;
  if (g_ascii_isalpha (end[-1]) && *end == 's')
    end++;
  return !g_unichar_isalnum (g_utf8_get_char (end));
}

gboolean
cp_report_note_speaks_of_terms (const char *notes)
{
  /* English words are matched whole; Chinese has no spaces between
   * words, so its terms are matched anywhere. A note that says there is
   * no minimum speaks of the terms too: it is quoted, since the figures
   * still take the price unit's (cp_quote_minimum_term_h()). */
  static const char *const english[] = {
    "minimum", "min.", "billed", "billing", "monthly", "per month", "a month", "per day", "daily",
    "weekly", "per week", "hourly", "per hour", "term", "commitment", "committed", "contract", "prepaid",
    "upfront", "lock-in", "at least",
  };
  static const char *const chinese[] = {
    "最短", "最低", "保底", "起租", "计费", "包月", "包年", "按月", "按天", "按周", "按年", "每月", "月付", "年付", "月租",
    "/月", "按小时", "租期", "预付", "合同",
  };
  g_autofree char *folded = g_utf8_strdown (notes, -1);

  for (guint w = 0; w < G_N_ELEMENTS (english); w++)
    for (const char *at = strstr (folded, english[w]); at != NULL; at = strstr (at + 1, english[w]))
      if (whole_word_at (folded, at, english[w]))
        return TRUE;
  for (guint w = 0; w < G_N_ELEMENTS (chinese); w++)
    if (strstr (folded, chinese[w]) != NULL)
      return TRUE;
  return FALSE;
}

/* The first line of the notes typed with @quote, cut to a length that
 * fits a line of page 1, when it leaves its terms unstated and the notes
 * speak of them; else NULL. */
static char *
quote_note (const CpQuote *quote)
{
  g_autofree char *notes = NULL;
  char *end;

  if (quote->notes == NULL || !cp_quote_billing_terms_open (quote) || !cp_report_note_speaks_of_terms (quote->notes))
    return NULL;
  notes = g_strstrip (g_strdup (quote->notes));
  end = strchr (notes, '\n');
  if (end != NULL)
    *end = '\0';
  g_strstrip (notes);
  if (*notes == '\0')
    return NULL;
  if (g_utf8_strlen (notes, -1) > 60)
    {
      *g_utf8_offset_to_pointer (notes, 59) = '\0';
      return g_strconcat (notes, "…", NULL);
    }
  return g_steal_pointer (&notes);
}

/* The option of the quote that wins within @plan's range when the
 * verdict does not hold (CP_OUTCOME_VERDICT_FLIPS), else NULL: the memo's
 * "another quote wins within it" rests on it as much as on the
 * recommendation, deadline missed or not (walkthrough 19: the single
 * machine a day late was not asked how it bills). */
static const CpOption *
flip_winner (const CpPlan *plan)
{
  const CpOption *best = NULL;
  int quote = -1;

  for (guint r = 0; r < plan->reasons->len && quote < 0; r++)
    if (g_array_index (plan->reasons, CpReason, r).outcome == CP_OUTCOME_VERDICT_FLIPS)
      quote = g_array_index (plan->reasons, CpReason, r).quote_index;
  for (guint i = 0; quote >= 0 && i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->quote_index == quote && option->estimate.fits && (best == NULL || option->rank < best->rank))
        best = option;
    }
  return best;
}

/* Whether the memo names @quote_index's option for @plan: the
 * recommended one, the next best (cp_plan_next_best()) or the one that
 * wins within the range. */
static gboolean
memo_names_quote (const CpPlan *plan,
                  int           quote_index)
{
  const CpOption *next = cp_plan_next_best (plan);
  const CpOption *flip = flip_winner (plan);

  if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len &&
      g_array_index (plan->options, CpOption, plan->recommended).quote_index == quote_index)
    return TRUE;
  return (next != NULL && next->quote_index == quote_index) || (flip != NULL && flip->quote_index == quote_index);
}

gboolean
cp_report_rents_nodes (const CpPlan *plan,
                       const GArray *what_if,
                       int           quote_index)
{
  const CpOption *named[3] = { NULL, cp_plan_next_best (plan), flip_winner (plan) };

  if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len)
    named[0] = &g_array_index (plan->options, CpOption, plan->recommended);
  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    if (named[i] != NULL && named[i]->quote_index == quote_index && named[i]->estimate.nodes > 1)
      return TRUE;
  /* A cluster the answer would move to ("if the team has run distributed
   * training before: 2 nodes of it"): its network decides whether it
   * would (walk41b F19). */
  for (guint i = 0; what_if != NULL && i < what_if->len; i++)
    {
      const CpWhatIf *change = &g_array_index (what_if, CpWhatIf, i);

      if (change->quote_index == quote_index && change->estimate.nodes > 1)
        return TRUE;
    }
  return FALSE;
}

/* The quote a reason of a vendor question concerns, or -1. */
static int
reason_quote (const CpProject *project,
              const CpReason  *reason)
{
  int quote = reason->quote_index >= 0 ? reason->quote_index : (int) reason->values[0];

  return quote >= 0 && (guint) quote < project->quotes->len ? quote : -1;
}

/* Whether @reason of @plan puts its question to its quote's vendor: a
 * quote left out of the comparison (it cannot run) is not asked, and
 * host memory and unstated prices are asked of the options the memo
 * names, the recommendation and the next best (the demo's 70B asked all
 * seven vendors about host memory, as every option offloads, where two
 * answers decide it); the network between nodes where a cluster bears on
 * the answer (cp_report_rents_nodes(), with the job's @what_if). */
static gboolean
reason_asks (const CpProject *project,
             const CpPlan    *plan,
             const GArray    *what_if,
             const CpReason  *reason)
{
  int quote = reason_quote (project, reason);

  if (quote < 0 || !cp_report_quote_compared (plan, quote))
    return FALSE;
  if ((reason->outcome == CP_OUTCOME_ASK_HOST_MEMORY || reason->outcome == CP_OUTCOME_ASK_UNSTATED_COSTS) &&
      !memo_names_quote (plan, quote))
    return FALSE;
  /* The network between nodes only where what the memo names rents
   * several: a one-machine plan asked whether Cloud A's network is
   * dedicated, read as a condition of the signature (read37 F3). */
  if (reason->outcome == CP_OUTCOME_ASK_BANDWIDTH && !cp_report_rents_nodes (plan, what_if, quote))
    return FALSE;
  return TRUE;
}

/* Whether some plan of @results asks @quote_index's vendor what storage
 * it offers and at what price (CP_OUTCOME_ASK_STORAGE). */
static gboolean
storage_asked (const CpProject *project,
               JobResult       *results,
               guint            n_results,
               const char      *vendor)
{
  for (guint j = 0; j < n_results; j++)
    for (guint r = 0; results[j].plan != NULL && r < results[j].plan->reasons->len; r++)
      {
        const CpReason *reason = &g_array_index (results[j].plan->reasons, CpReason, r);

        if (reason->outcome == CP_OUTCOME_ASK_STORAGE && reason_asks (project, results[j].plan, results[j].what_if, reason) &&
            g_strcmp0 (cp_report_vendor_name (project, reason_quote (project, reason)), vendor) == 0)
          return TRUE;
      }
  return FALSE;
}

/* The costs the unstated-costs question asks @vendor: those its quotes
 * leave out in the plans of @results, less the storage price when the
 * storage question asks it. */
static CpUnstatedCost
unstated_asked (const CpProject *project,
                JobResult       *results,
                guint            n_results,
                const char      *vendor)
{
  CpUnstatedCost costs = 0;

  for (guint j = 0; j < n_results; j++)
    for (guint r = 0; results[j].plan != NULL && r < results[j].plan->reasons->len; r++)
      {
        const CpReason *reason = &g_array_index (results[j].plan->reasons, CpReason, r);

        if (reason->outcome == CP_OUTCOME_ASK_UNSTATED_COSTS && reason_asks (project, results[j].plan, results[j].what_if, reason) &&
            g_strcmp0 (cp_report_vendor_name (project, reason_quote (project, reason)), vendor) == 0)
          costs |= (CpUnstatedCost) reason->values[1];
      }
  if (storage_asked (project, results, n_results, vendor))
    costs &= ~CP_UNSTATED_STORAGE_PRICE;
  return costs;
}

/* Question @outcome put once to every vendor whose quote leaves it open
 * in the plans of @results; for the unstated costs, to those asked
 * exactly @costs. NULL when none does. */
static CpReportQuestion *
vendor_question (const CpProject *project,
                 JobResult       *results,
                 guint            n_results,
                 guint            which,
                 CpUnstatedCost   costs)
{
  CpOutcome outcome = vendor_questions[which].outcome;
  CpReportQuestion *question = NULL;
  const char *kind = vendor_questions[which].kind;
  const char *asked = vendor_questions[which].question;

  if (outcome == CP_OUTCOME_ASK_UNSTATED_COSTS)
    for (guint u = 0; u < G_N_ELEMENTS (unstated_questions); u++)
      if (unstated_questions[u].costs == costs)
        {
          kind = unstated_questions[u].kind;
          if (unstated_questions[u].question != NULL)
            asked = unstated_questions[u].question;
        }
  for (guint j = 0; j < n_results; j++)
    {
      const CpPlan *plan = results[j].plan;

      for (guint r = 0; plan != NULL && r < plan->reasons->len; r++)
        {
          const CpReason *reason = &g_array_index (plan->reasons, CpReason, r);
          int quote;

          if (reason->outcome != outcome || !reason_asks (project, plan, results[j].what_if, reason))
            continue;
          quote = reason_quote (project, reason);
          if (vendor_questions[which].asks_quote != NULL &&
              !vendor_questions[which].asks_quote (g_ptr_array_index (project->quotes, quote)))
            continue;
          if (outcome == CP_OUTCOME_ASK_UNSTATED_COSTS &&
              unstated_asked (project, results, n_results, cp_report_vendor_name (project, quote)) != costs)
            continue;
          if (cp_report_vendor_name (project, quote) == NULL)
            continue;
          if (question == NULL)
            question = question_new (kind);
          question_add_vendor (project, question, quote);
        }
    }
  /* The amount to approve leaves out the storage price a recommended
   * quote does not state (cp-report-approval.c): its vendor is asked it
   * here, unless the unstated-costs question does (walk38b G3: "storage
   * price (华东智算)" left out, this question asking Vendor 4 only). */
  for (guint j = 0; vendor_questions[which].asks_quote == storage_price_unstated && j < n_results; j++)
    {
      const CpPlan *plan = results[j].plan;
      const CpOption *option;
      const char *vendor;

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len ||
          j >= project->jobs->len)
        continue;
      option = &g_array_index (plan->options, CpOption, plan->recommended);
      vendor = cp_report_vendor_name (project, option->quote_index);
      if (vendor == NULL ||
          !(cp_option_unstated_costs (g_ptr_array_index (project->jobs, j), g_ptr_array_index (project->quotes, option->quote_index),
                                      option) & CP_UNSTATED_STORAGE_PRICE) ||
          (unstated_asked (project, results, n_results, vendor) & CP_UNSTATED_STORAGE_PRICE))
        continue;
      if (question == NULL)
        question = question_new (kind);
      question_add_vendor (project, question, option->quote_index);
    }
  if (question != NULL)
    question_set_text (project, question, _(asked));
  return question;
}

/* The most nodes of quote @index that the options the memo names in
 * @results rent (the recommendation, the next best, the one that wins
 * within the range), when they rent part of its offer; 0 otherwise. */
static guint
quote_rented_in_part (const CpProject *project,
                      JobResult       *results,
                      guint            n_results,
                      int              index)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, index);
  guint rented = 0;

  for (guint j = 0; j < n_results; j++)
    for (guint o = 0; results[j].plan != NULL && o < results[j].plan->options->len; o++)
      {
        const CpOption *option = &g_array_index (results[j].plan->options, CpOption, o);

        if (option->quote_index == index && cp_quote_part_rental_open (quote, option->estimate.nodes) &&
            (o == (guint) results[j].plan->recommended || option == cp_plan_next_best (results[j].plan) ||
             option == flip_winner (results[j].plan)))
          rented = MAX (rented, option->estimate.nodes);
      }
  return rented;
}

/* Whom a question about quote @index is put to: its vendor, then the
 * offer when the vendor made several ("华东智算 about its offer “8×H800
 * 80G SXM 整机”"). "Ask: 华东智算 — 8×H800 80G SXM 整机" read as asking
 * an offer, not a vendor (walk39 F6). */
static char *
asked_of_quote (const CpProject *project,
                int              index)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, index);
  g_autofree char *name = cp_words_quote_short_name (project, index);

  if (quote->vendor == NULL || *quote->vendor == '\0' || quote->offer_name == NULL || *quote->offer_name == '\0' ||
      g_strcmp0 (name, quote->vendor) == 0)
    return g_steal_pointer (&name);
  /* TRANSLATORS: whom a question is put to: the vendor, then the one of its offers it is about */
  return g_strdup_printf (_("%s about its offer “%s”"), quote->vendor, quote->offer_name);
}

/* One line on the rental's terms, put to every vendor it concerns
 * (approver, 3 December: the recommended 华为云, renting 1 of 2 nodes, was
 * not asked how it bills while its runner-up was): whether part of an
 * offer rents alone, for the recommended and next-best options of
 * @results that rent part of theirs ("B (1 of 4 nodes)"), and how it is
 * billed with what minimum term, for those of them whose quotes leave
 * the terms open (cp_quote_billing_terms_open()). NULL when no vendor is
 * asked. */
static CpReportQuestion *
rental_question (const CpProject  *project,
                 JobResult        *results,
                 guint             n_results,
                 const char       *lang)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) bare_names = g_ptr_array_new_with_free_func (g_free);
  /* Those asked only how they bill: an offer whose whole is rented. */
  g_autoptr(GPtrArray) whole_names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) whole_bare_names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *line = NULL, *whole_line = NULL, *billing = NULL;
  gboolean any_note = FALSE;
  CpReportQuestion *question = question_new ("billing-unstated");
  gboolean any_part = FALSE, any_terms = FALSE;

  for (guint j = 0; j < n_results; j++)
    {
      const CpPlan *plan = results[j].plan;
      const CpOption *chosen[3] = { NULL, NULL, NULL };

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
        continue;
      /* The options the memo names: the recommendation, the next best
       * and the one that wins within the range. Their costs assume that part of an offer rents alone and
       * that unstated terms read from the price unit; neither is in the
       * quote (walkthrough 13: a 4-node cluster costed at 1 node for a
       * month, and no question about either). */
      chosen[0] = &g_array_index (plan->options, CpOption, plan->recommended);
      chosen[1] = cp_plan_next_best (plan);
      chosen[2] = flip_winner (plan);
      for (guint c = 0; c < G_N_ELEMENTS (chosen); c++)
        {
          const CpOption *option = chosen[c];
          const CpQuote *quote;
          gboolean partial, unstated;

          if (option == NULL)
            continue;
          quote = g_ptr_array_index (project->quotes, option->quote_index);
          /* Unless its vendor has answered (CpPartRentable). */
          partial = cp_quote_part_rental_open (quote, option->estimate.nodes);
          unstated = cp_quote_billing_terms_open (quote);
          if (!partial && !unstated)
            continue;
          any_part |= partial;
          any_terms |= unstated;
          /* Each offer, not each vendor: a vendor's second offer rented
           * in part is its own question (walk42 F20: 深圳鹏城's H800, 1
           * of 4 nodes, which page 1 said to have answered before
           * signing, left out for its H20). */
          question_add_quote (question, option->quote_index);
        }
    }
  if (question->quotes->len == 0)
    {
      cp_report_question_free (question);
      return NULL;
    }
  for (guint i = 0; i < question->quotes->len; i++)
    {
      int index = g_array_index (question->quotes, int, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, index);
      g_autofree char *name = asked_of_quote (project, index);
      /* Only a quote whose billing is open: a price per node-month
       * states its billing, and its note "包月" quoted as "not counted"
       * beside a month it is billed read as ignored (walk38 F2). */
      g_autofree char *note = cp_quote_billing_terms_open (quote) ? quote_note (quote) : NULL;
      guint rented = quote_rented_in_part (project, results, n_results, index);
      if (rented > 0)
        {
          g_autofree char *part = cp_i18n_format_number (rented, 0, lang);
          g_autofree char *offered = cp_i18n_format_number (quote->nodes_available, 0, lang);

          g_autofree char *whole = g_steal_pointer (&name);

          /* TRANSLATORS: a vendor asked about renting part of its offer: its name, the nodes the plan rents, the nodes offered */
          name = g_strdup_printf (_("%s (%s of %s nodes)"), whole, part, offered);
        }
      /* A note typed with the quote that speaks of its terms is quoted
       * beside its vendor, and said to be outside the figures, which
       * count only the quote's fields (approver 20: page 1 said "the
       * quote does not say" while page 2 printed its monthly minimum). */
      if (note != NULL)
        {
          g_autofree char *bare = g_steal_pointer (&name);

          /* TRANSLATORS: a vendor asked how it bills, then the note typed with its quote on its terms */
          name = g_strdup_printf (_("%s (its note: “%s”, not counted)"), bare, note);
          any_note = TRUE;
        }
      /* A name with its nodes or its note goes before those without:
       * last in the list, "A and D (10 of 16 nodes)" read as A's and
       * D's nodes together, A's one machine among them (walk38b G12). */
      if (rented == 0 && any_part)
        g_ptr_array_add (note != NULL ? whole_names : whole_bare_names, g_steal_pointer (&name));
      else
        g_ptr_array_add (rented > 0 || note != NULL ? names : bare_names, g_steal_pointer (&name));
    }
  g_ptr_array_extend_and_steal (names, g_steal_pointer (&bare_names));
  line = cp_words_join_names (names);
  /* An offer rented whole is asked only how it bills, in a question of
   * its own: in one list with those rented in part, a one-machine offer
   * was asked whether part of it rents alone (walk42 F20: "… Local IDC
   * (1 of 2 nodes) and GPU cloud"). */
  if (whole_names->len > 0 || whole_bare_names->len > 0)
    {
      g_ptr_array_extend_and_steal (whole_names, g_steal_pointer (&whole_bare_names));
      whole_line = cp_words_join_names (whole_names);
      /* Without "The quote does not say": page 1 keeps the lines the
       * one list had. */
      /* TRANSLATORS: a question, then the vendors to put it to, one or more with the note its quote has on its terms */
      billing = g_strdup_printf (_("How is it billed, and is there a minimum term? Ask: %s."), whole_line);
      /* The first question asks the terms only of those rented in part. */
      any_terms = FALSE;
      for (guint i = 0; i < question->quotes->len; i++)
        {
          int index = g_array_index (question->quotes, int, i);

          any_terms |= quote_rented_in_part (project, results, n_results, index) > 0 &&
                       cp_quote_billing_terms_open (g_ptr_array_index (project->quotes, index));
        }
    }
  if (any_part && any_terms)
    {
      question->kind = "part-of-offer";
      /* TRANSLATORS: a question, then the vendors to put it to, those renting part of their offer with the nodes rented of those offered */
      question->text = g_strdup_printf (_("How is it billed, is there a minimum term, and can part of the offer be rented alone on the same terms? Ask: %s."),
                                        line);
    }
  else if (any_part)
    {
      question->kind = "part-of-offer";
      /* TRANSLATORS: a question, then the vendors to put it to, each with the nodes the plan rents of those it offers */
      question->text = g_strdup_printf (_("Can part of the offer be rented alone, on the same terms? Ask: %s."), line);
    }
  else if (any_note)
    /* TRANSLATORS: a question, then the vendors to put it to, one or more with the note its quote has on its terms */
    question->text = g_strdup_printf (_("How is it billed, and is there a minimum term? Ask: %s."), line);
  else
    /* TRANSLATORS: a question, then the vendors to put it to */
    question->text = g_strdup_printf (_("How is it billed, and is there a minimum term? The quote does not say. Ask: %s."),
                                      line);
  if (billing != NULL)
    {
      g_autofree char *part = g_steal_pointer (&question->text);

      /* TRANSLATORS: two questions for the vendors, one after the other: renting part of an offer, then how the others bill */
      question->text = g_strdup_printf (C_("two questions", "%s %s"), part, billing);
    }
  return question;
}

/* The question to put to the team when a plan assumed R8's answer (the
 * job does not describe the team), naming those jobs; NULL otherwise. */
static CpReportQuestion *
team_question (const CpProject *project,
               JobResult       *results,
               guint            n_results,
               gboolean        *offering_asked,
               const char      *lang)
{
  g_autoptr(GString) jobs = NULL;
  CpReportQuestion *question = NULL;
  gboolean bare_metal = FALSE;

  for (guint j = 0; j < n_results; j++)
    {
      const CpPlan *plan = results[j].plan;
      gboolean used = FALSE;

      /* Asked only where the assumption entered the plan: a job R8 never
       * spoke of (one machine, no bare metal to run) does not need it. */
      for (guint r = 0; plan != NULL && plan->team_assumed && r < plan->reasons->len; r++)
        {
          const CpReason *reason = &g_array_index (plan->reasons, CpReason, r);

          used |= reason->rule == CP_RULE_R8_MIGRATION;
          bare_metal |= reason->outcome == CP_OUTCOME_PREFER_HOSTED;
        }
      if (!used)
        continue;
      if (question == NULL)
        {
          question = question_new ("team");
          jobs = g_string_new (NULL);
        }
      else
        /* TRANSLATORS: between the names of the jobs a question concerns */
        g_string_append (jobs, _(", "));
      g_array_append_val (question->jobs, j);
      g_string_append (jobs, ((const CpJob *) g_ptr_array_index (project->jobs, j))->name);
    }
  if (question == NULL)
    return NULL;
  /* Who runs the bare metal recommended is this question's when the team
   * was not asked: the answer's line of it (cp_words_operations()) is
   * left out then, unless it names a hosted quote to take instead. */
  question->text = bare_metal
                   /* TRANSLATORS: the question to the team (rule R8) when bare metal is recommended, then the jobs whose plans assumed the answer */
                   ? g_strdup_printf (_("Has the team run distributed training before, and does it have an operations engineer to run the bare metal recommended? Not stated, so assumed not (R8): arrange operations support with the vendor before renting. Ask: the team, for %s."),
                                      jobs->str)
                   /* TRANSLATORS: the question to the team (rule R8), then the jobs whose plans assumed the answer */
                   : g_strdup_printf (_("Has the team run distributed training before, and does it have an operations engineer? Not stated, so assumed not (R8). Ask: the team, for %s."),
                                      jobs->str);
  /* With its weight, where the answer changes a job's option (walk41b
   * F20: the 10.5 days and 30,000 CNY each cluster was charged, and the
   * cluster an experienced team would finish in time on, were not said). */
  for (guint a = 0; a < question->jobs->len; a++)
    {
      guint j = g_array_index (question->jobs, guint, a);
      g_autofree char *weight = cp_words_team_weight (project, j, results[j].what_if, lang);

      if (weight != NULL)
        {
          g_autofree char *asked = question->text;

          question->text = g_strdup_printf ("%s %s", asked, weight);
        }
    }
  /* Another job of the project may already answer it: asking the team
   * about the 7B job when the 70B job says it has run distributed
   * training read as the report forgetting its own page (approver 21). */
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);

      if (job->team_stated && job->team_has_distributed_experience)
        {
          g_autofree char *asked = question->text;

          /* TRANSLATORS: after the question to the team (R8): a job of the same project whose team is stated to have that experience */
          g_autofree char *stated = g_strdup_printf (_("%s states that its team has run distributed training; if it is the same team, state it in these jobs too."),
                                                     job->name);

          question->text = g_strdup_printf ("%s %s", asked, stated);
          break;
        }
    }
  /* The bare metal is itself an assumption where its quote does not
   * state its kind: the condition rests on it, and its vendor is asked
   * here, last, in the line page 1 has for it (read37 F4). */
  if (bare_metal)
    {
      g_autoptr(GPtrArray) vendors = g_ptr_array_new_with_free_func (g_free);

      for (guint a = 0; a < question->jobs->len; a++)
        {
          const CpPlan *plan = results[g_array_index (question->jobs, guint, a)].plan;
          int q = plan->recommended >= 0 && (guint) plan->recommended < plan->options->len
                  ? g_array_index (plan->options, CpOption, plan->recommended).quote_index : -1;

          if (q >= 0 && !offering_asked[q] && cp_report_offering_decides (project, results, n_results, q))
            {
              offering_asked[q] = TRUE;
              g_ptr_array_add (vendors, cp_words_quote_short_name (project, q));
            }
        }
      if (vendors->len > 0)
        {
          g_autofree char *asked = question->text;
          g_autofree char *names = cp_words_join_names (vendors);
          /* TRANSLATORS: after the question to the team (R8) when bare metal is recommended: the quotes that do not say it is bare metal, whose vendors are asked */
          g_autofree char *offering = g_strdup_printf (_("Bare metal is assumed too: ask %s whether it is."), names);

          question->text = g_strdup_printf ("%s %s", asked, offering);
        }
    }
  return question;
}

/* Whether each vendor @schedule asks for more machines at once than its
 * quote offers can rent them: the answer that makes the plan approvable
 * goes on the list the team lead sends on (approver 33, A23: page 1
 * asked it in its own words, the questions did not). */
static void
add_overbooking_questions (const CpProject  *project,
                           const CpSchedule *schedule,
                           GPtrArray        *asked,
                           const char       *lang)
{
  g_autoptr(GPtrArray) short_of = NULL;

  if (schedule == NULL)
    return;
  short_of = cp_schedule_overbookings (schedule, project);
  for (guint i = 0; i < short_of->len; i++)
    {
      const CpOverbooking *overbooking = g_ptr_array_index (short_of, i);
      CpReportQuestion *question = question_new ("machines-at-once");
      g_autofree char *needed = cp_i18n_format_number (overbooking->nodes_needed, 0, lang);
      g_autofree char *offered = cp_i18n_format_number (overbooking->nodes_offered, 0, lang);
      g_autofree char *day = NULL;
      g_autofree char *text = NULL, *parts = NULL;
      GDate first;

      cp_schedule_span_dates (schedule, overbooking->day, overbooking->day, &first, NULL);
      day = cp_i18n_format_date_span (&first, &first, lang);
      question_add_vendor (project, question, overbooking->quote_index);
      /* TRANSLATORS: a question to a vendor: the machines the plan needs at once, the day from which, the machines its quote offers */
      text = g_strdup_printf (_("Can you rent %s machines at once from %s? The quote offers %s, and the plan is not approvable without them."),
                              needed, day, offered);
      parts = cp_report_machines_needed_parts (project, schedule, overbooking, lang);
      if (parts != NULL)
        {
          g_autofree char *question_only = g_steal_pointer (&text);

          text = g_strdup_printf (C_("two sentences", "%s %s"), question_only, parts);
        }
      question_set_text (project, question, text);
      g_ptr_array_add (asked, question);
    }
}

char *
cp_report_gpu_servers (const CpQuote *quote)
{
  return g_strdup (quote->gpu.name != NULL && *quote->gpu.name != '\0' ? quote->gpu.name
                   : quote->gpu.id != NULL ? quote->gpu.id : "");
}

char *
cp_report_fabric_assumed_text (const CpQuote *quote,
                               const char    *lang)
{
  g_autofree char *rate = cp_i18n_format_number (quote->nic_gbps, 0, lang);
  g_autofree char *gpu = cp_report_gpu_servers (quote);

  /* TRANSLATORS: NICs × rate in Gb/s, the network kind, the GPU whose servers commonly have these cards */
  return g_strdup_printf (_("%u × %s Gb/s %s, common for %s servers"), quote->nics_per_node, rate,
                          cp_words_network (quote->network), gpu);
}

/* The network of each quote whose NICs or rate are the GPU's common build
 * (CpQuote.fabric_assumed), where the memo names an option of it on
 * several nodes (cp_report_rents_nodes(); its whole offer only compared
 * beside one machine does not count: read37 F3): "How many network cards does each node have, and at
 * what rate? Assumed: 8 × 400 Gb/s InfiniBand, common for NVIDIA H800
 * SXM 80GB servers. Ask: A." One question per fabric assumed. */
static void
add_fabric_questions (const CpProject *project,
                      JobResult       *results,
                      guint            n_results,
                      GPtrArray       *asked,
                      const char      *lang)
{
  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, q);
      gboolean on_nodes = FALSE;
      CpReportQuestion *question;
      g_autofree char *fabric = NULL, *text = NULL;

      if (!quote->fabric_assumed)
        continue;
      for (guint j = 0; j < n_results && !on_nodes; j++)
        {
          const CpPlan *plan = results[j].plan;

          on_nodes = plan != NULL && cp_report_rents_nodes (plan, results[j].what_if, (int) q);
        }
      if (!on_nodes)
        continue;
      question = question_new ("fabric");
      question_add_vendor (project, question, (int) q);
      fabric = cp_report_fabric_assumed_text (quote, lang);
      /* TRANSLATORS: a question to a vendor whose offer names its network (InfiniBand, RoCE) without its
       * cards; then what was assumed ("8 × 400 Gb/s InfiniBand, common for … servers") */
      text = g_strdup_printf (_("How many network cards does each node have, and at what rate? Assumed: %s."), fabric);
      question_set_text (project, question, text);
      g_ptr_array_add (asked, question);
    }
}

/* For each quote recommended whose kind of offer is the app's bare metal,
 * not the vendor's, where the kind decides the amount's VAT or R8's
 * operations condition (cp_report_offering_decides()): "Is it bare metal
 * or hosted? Not stated: taken as bare metal, which sets its tax rate and
 * who runs it (R8). Ask: A." (read37 F4); VAT is said once on page 1
 * (approver 20). In one line, or after a question put to that offer
 * alone: page 1 has room for no more. */
static void
add_offering_questions (const CpProject *project,
                        JobResult       *results,
                        guint            n_results,
                        const gboolean  *offering_asked,
                        GPtrArray       *asked)
{
  for (guint q = 0; q < project->quotes->len; q++)
    {
      CpReportQuestion *question;
      g_autofree char *text = NULL;

      if (offering_asked[q] || !cp_report_offering_decides (project, results, n_results, (int) q))
        continue;
      /* TRANSLATORS: a question to a vendor whose quote does not state its kind of offer, taken as bare metal (the kind a quote falls back to), which sets its VAT rate (a lease's) and who runs the machines */
      text = g_strdup (_("Is it bare metal or hosted? Not stated: taken as bare metal, which sets its tax rate and who runs it (R8)."));
      /* After a question already put to this offer alone, in its line:
       * a line of its own pushed page 1's sign-off to page 2. */
      question = NULL;
      for (guint i = 0; i < asked->len && question == NULL; i++)
        {
          CpReportQuestion *other = g_ptr_array_index (asked, i);

          if (other->quotes->len == 1 && g_array_index (other->quotes, int, 0) == (int) q)
            question = other;
        }
      if (question != NULL)
        {
          g_autofree char *before = question->text;

          question->text = g_strdup_printf (C_("two sentences", "%s %s"), before, text);
          continue;
        }
      question = question_new ("offering");
      question_add_vendor (project, question, (int) q);
      question_set_text (project, question, text);
      g_ptr_array_add (asked, question);
    }
}

/* Whether job @j of @schedule pays a month of its quote: a rental billed
 * by the month, or an hourly price that may bill a month at least
 * (CpPlan.month_minimum_cost). */
static gboolean
pays_a_month (const CpScheduleJob *entry,
              const CpPlan        *plan)
{
  /* One that goes on in the months the job before it rented shares them
   * already, and the memo counts it (cp-schedule.h, walk42 F28). */
  return (entry->n_rentals > 0 || (plan != NULL && plan->month_minimum_cost > 0)) && entry->paid_before_cost < 0.5;
}

/* Jobs on one quote that each pay a month of it, one of them renting by
 * the month, and start within a month
 * (CpSettings.hours_per_month) of the first of them: each is billed its
 * own month, where one rented month might hold them all (walk39 F6: a
 * LoRA of a few hours billed 68,000 CNY for a month, beside a service
 * renting the same vendor's machine for that month). A month of 744
 * hours holds more than the plan's 730, and a vendor may or may not let
 * two jobs share one rental: the memo cannot count the saving, so the
 * vendor is asked, naming the jobs. One question per quote. */
static void
add_shared_month_questions (const CpProject  *project,
                            JobResult        *results,
                            guint             n_results,
                            const CpSchedule *schedule,
                            GPtrArray        *asked,
                            const char       *lang)
{
  double month_days = project->settings.hours_per_month / 24;

  if (schedule == NULL)
    return;
  for (guint q = 0; q < project->quotes->len; q++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      g_autoptr(GArray) jobs = g_array_new (FALSE, FALSE, sizeof (guint));
      double first_start = G_MAXDOUBLE;
      gboolean month_billed = FALSE;
      CpReportQuestion *question;
      g_autofree char *list = NULL, *text = NULL, *from = NULL;
      GDate first_day;

      for (guint j = 0; j < schedule->jobs->len && j < n_results; j++)
        {
          const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, j);

          if (entry->planned && entry->quote_index == (int) q && pays_a_month (entry, results[j].plan))
            first_start = MIN (first_start, entry->start_day);
        }
      for (guint j = 0; j < schedule->jobs->len && j < n_results; j++)
        {
          const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, j);

          if (entry->planned && entry->quote_index == (int) q && pays_a_month (entry, results[j].plan) &&
              entry->start_day < first_start + month_days)
            {
              g_array_append_val (jobs, j);
              g_ptr_array_add (names, ((const CpJob *) g_ptr_array_index (project->jobs, j))->name);
            }
        }
      /* One of them rents by the month: a month only a minimum term might
       * bill is asked with the billing terms. */
      for (guint k = 0; k < jobs->len && !month_billed; k++)
        month_billed = g_array_index (schedule->jobs, CpScheduleJob, g_array_index (jobs, guint, k)).n_rentals > 0;
      if (jobs->len < 2 || !month_billed)
        continue;
      question = question_new ("shared-month");
      question_add_vendor (project, question, (int) q);
      g_array_append_vals (question->jobs, jobs->data, jobs->len);
      list = cp_words_join_names (names);
      cp_schedule_span_dates (schedule, first_start, first_start, &first_day, NULL);
      from = cp_i18n_format_date_span (&first_day, &first_day, lang);
      /* TRANSLATORS: a question to a vendor: the jobs (joined: "A and B") that each pay a month of its
       * machines and start within a month, from the day the first starts */
      text = g_strdup_printf (_("Can %s share one rented month of your machines from %s? The plan bills each its own "
                                "month, and counts no saving until you agree."), list, from);
      question_set_text (project, question, text);
      g_ptr_array_add (asked, question);
    }
}

/* Whether @quote's price stops holding before work on it starts on
 * @start_day (days from the project's start): sets @price_until to the
 * price's last day and @work_day to the work's first. */
static gboolean
price_ends_before (const CpSchedule *schedule,
                   const CpQuote    *quote,
                   double            start_day,
                   GDate            *price_until,
                   GDate            *work_day)
{
  if (!cp_schedule_parse_date (quote->valid_until, price_until))
    return FALSE;
  cp_schedule_span_dates (schedule, start_day, start_day, work_day, NULL);
  return g_date_compare (price_until, work_day) < 0;
}

/* Whether a recommended quote's price stops holding before the first job
 * rented on it starts: the vendor is asked whether it will still hold,
 * "(price to 31 December 2026, work from 11 January 2027)" beside its
 * name, where page 1 only said to approve by the price's last day, which
 * did not make the price hold for work starting after it (appr35 C4). */
static CpReportQuestion *
validity_question (const CpProject  *project,
                   const CpSchedule *schedule,
                   const char       *lang)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  CpReportQuestion *question = NULL;

  if (schedule == NULL || schedule->start_is_report_day)
    return NULL;
  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, q);
      double first_start_day = -1;
      g_autofree char *until = NULL, *from = NULL;
      GDate price_until, work_day;

      for (guint j = 0; j < schedule->jobs->len; j++)
        {
          const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, j);

          if (entry->planned && entry->quote_index == (int) q &&
              (first_start_day < 0 || entry->start_day < first_start_day))
            first_start_day = entry->start_day;
        }
      if (first_start_day < 0 || !price_ends_before (schedule, quote, first_start_day, &price_until, &work_day))
        continue;
      if (question == NULL)
        question = question_new ("price-validity");
      question_add_vendor (project, question, (int) q);
      until = cp_i18n_format_date_span (&price_until, &price_until, lang);
      from = cp_i18n_format_date_span (&work_day, &work_day, lang);
      /* TRANSLATORS: a vendor asked whether its price holds: the vendor, the last day its quote's price holds, the day the work on it starts */
      g_ptr_array_add (names, g_strdup_printf (_("%s (price to %s, work from %s)"),
                                               cp_report_vendor_name (project, (int) q), until, from));
    }
  if (question == NULL)
    return NULL;
  {
    g_autofree char *list = cp_words_join_names (names);

    /* TRANSLATORS: a question to the vendors whose price stops holding before the work on their machines starts, then the vendors with their dates ("A (price to …, work from …)") */
    question->text = g_strdup_printf (_("Will the price still hold when the work starts? The quote’s price ends before it. Ask: %s."),
                                      list);
  }
  return question;
}

/* When no quote the amount rents on states how long its price holds and
 * the project sets no start, its vendors are asked: page 1 then had no
 * "approve by" and nothing asked, and the amount rests on prices that may
 * change tomorrow (read37 F7). One quote's date gives page 1 its
 * "approve by", and a start date its "approve before the work starts
 * on …; X's quote does not say how long its price holds": then nothing
 * is asked. The XML kind is the date question's, "price-validity". */
static CpReportQuestion *
validity_unstated_question (const CpProject  *project,
                            JobResult        *results,
                            guint             n_results,
                            const CpSchedule *schedule)
{
  CpReportQuestion *question = NULL;

  if (schedule == NULL || !schedule->start_is_report_day)
    return NULL;

  for (guint j = 0; j < n_results; j++)
    {
      const CpPlan *plan = results[j].plan;
      const CpQuote *rented;
      int quote;

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
        continue;
      quote = g_array_index (plan->options, CpOption, plan->recommended).quote_index;
      if (quote < 0 || (guint) quote >= project->quotes->len || cp_report_vendor_name (project, quote) == NULL)
        continue;
      rented = g_ptr_array_index (project->quotes, quote);
      if (rented->valid_until != NULL && *rented->valid_until != '\0')
        {
          if (question != NULL)
            cp_report_question_free (question);
          return NULL;
        }
      if (question == NULL)
        question = question_new ("price-validity");
      question_add_vendor (project, question, quote);
    }
  if (question != NULL)
    /* TRANSLATORS: a question to the vendors of the amount to approve when none of their quotes says how long its price holds */
    question_set_text (project, question, _("How long does the quoted price hold? No quote gives a date, and the amount to approve rests on it."));
  return question;
}

GPtrArray *
cp_report_questions (const CpProject  *project,
                     JobResult        *results,
                     guint             n_results,
                     const CpSchedule *schedule,
                     const char       *lang)
{
  GPtrArray *asked = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_report_question_free);
  CpReportQuestion *question, *team;
  g_autofree gboolean *offering_asked = g_new0 (gboolean, MAX (project->quotes->len, 1));

  cp_i18n_push_language (lang);
  add_overbooking_questions (project, schedule, asked, lang);
  if ((question = validity_question (project, schedule, lang)) != NULL)
    g_ptr_array_add (asked, question);
  if ((question = validity_unstated_question (project, results, n_results, schedule)) != NULL)
    g_ptr_array_add (asked, question);
  for (guint q = 0; q < G_N_ELEMENTS (vendor_questions); q++)
    {
      if (vendor_questions[q].outcome != CP_OUTCOME_ASK_UNSTATED_COSTS)
        {
          if ((question = vendor_question (project, results, n_results, q, 0)) != NULL)
            g_ptr_array_add (asked, question);
          continue;
        }
      for (guint u = 0; u < G_N_ELEMENTS (unstated_questions); u++)
        if ((question = vendor_question (project, results, n_results, q, unstated_questions[u].costs)) != NULL)
          g_ptr_array_add (asked, question);
    }
  /* The rental's terms, on one line. */
  if ((question = rental_question (project, results, n_results, lang)) != NULL)
    g_ptr_array_add (asked, question);
  add_fabric_questions (project, results, n_results, asked, lang);
  /* The team's question asks the vendors of the bare metal it assumes
   * whether it is (offering_asked); the other quotes whose kind decides
   * the amount are asked on their own. */
  team = team_question (project, results, n_results, offering_asked, lang);
  add_offering_questions (project, results, n_results, offering_asked, asked);
  add_shared_month_questions (project, results, n_results, schedule, asked, lang);
  /* What the team was never asked is an open question like the vendors'
   * (R8): the figures above assume its answer. */
  if (team != NULL)
    g_ptr_array_add (asked, team);
  cp_i18n_pop_language ();
  return asked;
}

/* Bullets under @heading (none: NULL) in @font; the last keeps
 * @keep_height below it on its page: the sign-off that follows
 * (cp_report_approval_height()) never starts a page alone. With fewer than
 * three bullets the heading and all of them go with it, so that none is
 * left at a page's foot under its heading alone. */
static void
kept_bullets (Doc                        *doc,
              const char                 *heading,
              GPtrArray                  *lines,
              const PangoFontDescription *font,
              double                      space_after,
              double                      keep_height,
              gboolean                    numbered)
{
  /* Each line's label: a bullet, or its number where page 1 refers to
   * a line by it ("question 1 below", walk36 F5). */
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  /* Room for a bullet, or for a number up to "99." in bold. */
  double indent = numbered ? 16 : 10;

  guint kept_from = keep_height <= 0 ? lines->len : lines->len < 3 ? 0 : lines->len - 1;
  g_autoptr(GPtrArray) spaced = g_ptr_array_new_with_free_func (g_free);

  if (lines->len == 0)
    return;
  /* Each line joined from parts, spaced as Chinese typesetting spaces it
   * ("请向深圳云算 A确认", "。 " after a full stop: approver 21, finding 7). */
  for (guint i = 0; i < lines->len; i++)
    {
      g_ptr_array_add (spaced, cp_doc_spaced (doc, g_ptr_array_index (lines, i)));
      g_ptr_array_add (labels, numbered ? g_strdup_printf ("%u.", i + 1) : g_strdup ("•"));
    }
  lines = spaced;
  for (guint i = 0; i < kept_from; i++)
    {
      if (i == 0 && heading != NULL)
        cp_doc_heading (doc, doc->h1, heading, 40);
      cp_doc_paragraph_full (doc, font, g_ptr_array_index (lines, i), indent, space_after, g_ptr_array_index (labels, i));
    }
  if (kept_from >= lines->len)
    return;
  {
    /* Laid out first on a scratch copy: when what is kept ends on this
     * page and the sign-off does not fit below it, both start the next. */
    Doc trial;
    g_autoptr(GArray) pages = cp_doc_init_trial (&trial, doc);
    guint after_text;
    gboolean parted;

    if (kept_from == 0 && heading != NULL)
      cp_doc_heading (&trial, trial.h1, heading, 40);
    for (guint i = kept_from; i < lines->len; i++)
      cp_doc_paragraph_full (&trial, font, g_ptr_array_index (lines, i), indent, space_after, g_ptr_array_index (labels, i));
    after_text = pages->len;
    cp_doc_ensure (&trial, keep_height);
    parted = after_text == 1 && pages->len > 1;
    cp_doc_clear (&trial);
    if (parted && doc->y > doc->top)
      cp_doc_new_page (doc);
  }
  for (guint i = kept_from; i < lines->len; i++)
    {
      if (i == 0 && heading != NULL)
        cp_doc_heading (doc, doc->h1, heading, 40);
      cp_doc_paragraph_full (doc, font, g_ptr_array_index (lines, i), indent, space_after, g_ptr_array_index (labels, i));
    }
}

void
cp_report_section_vendor_questions (Doc    *doc,
                                    double  keep_height)
{
  /* The list the XML carries, the machines a vendor must rent at once
   * first: the one answer that makes the plan approvable was asked only
   * in page 1's condition, and an approver sending this list on never
   * asked it (approver 36, D22). */
  GPtrArray *questions = doc->memo_texts->questions;
  g_autoptr(GPtrArray) lines = g_ptr_array_new ();
  gboolean team = FALSE;
  const char *heading;

  for (guint i = 0; i < questions->len; i++)
    {
      const CpReportQuestion *question = g_ptr_array_index (questions, i);

      team |= g_strcmp0 (question->kind, "team") == 0;
      g_ptr_array_add (lines, question->text);
    }
  heading = lines->len > (team ? 1u : 0u) ? (team ? _("Questions for the vendors and the team") : _("Questions for the vendors"))
            : _("Question for the team");
  /* A memo short of room sets them as it sets the risks (Doc.brief). */
  kept_bullets (doc, heading, lines, doc->brief >= CP_REPORT_MEMO_BRIEF_SMALL_QUESTIONS ? doc->small : doc->body,
                doc->brief >= CP_REPORT_MEMO_BRIEF_SMALL_QUESTIONS ? 1 : 2, keep_height, TRUE);
}

/* Whether page 1 lists the risks of @plan's recommended option. */
static gboolean
plan_lists_option_risks (const CpPlan *plan)
{
  return plan->recommended >= 0 && (guint) plan->recommended < plan->options->len;
}

/* The maker of the GPUs @plan's risks were found on (cp_plan_get_subject()). */
static CpGpuMaker
plan_gpu_maker (const CpProject *project,
                const CpPlan    *plan)
{
  const CpOption *subject = cp_plan_get_subject (plan);

  if (subject == NULL && plan->options->len > 0)
    subject = &g_array_index (plan->options, CpOption, 0);
  if (subject == NULL)
    return CP_GPU_MAKER_UNKNOWN;
  return cp_gpu_maker (&((const CpQuote *) g_ptr_array_index (project->quotes, subject->quote_index))->gpu);
}

/* One line of the main risks: @risk, with the jobs whose plans list it
 * (those on @maker's GPUs only, unless @maker is negative). */
static void
risk_line (Doc       *doc,
           JobResult *results,
           CpRisk     risk,
           int        maker,
           GPtrArray *lines)
{
  const CpProject *project = doc->project;
  g_autoptr(GString) jobs = NULL;
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  g_autofree char *text = NULL;
  guint n_jobs = 0;

  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      gboolean concerned = FALSE;

      /* A single point of failure and a trial on other GPUs are
       * said below with the recommended option's own figures
       * (cp_option_risks()); said twice they push the sign-off off
       * the memo's pages. */
      if (plan != NULL && !(plan_lists_option_risks (plan) &&
                            (risk == CP_RISK_SINGLE_POINT_OF_FAILURE || risk == CP_RISK_GPU_MISMATCH)) &&
          (maker < 0 || plan_gpu_maker (project, plan) == (CpGpuMaker) maker) && cp_words_risk_applies (job, risk))
        for (guint r = 0; r < plan->risks->len && !concerned; r++)
          concerned = g_array_index (plan->risks, CpRisk, r) == risk;
      if (!concerned)
        {
          g_ptr_array_add (others, job->name);
          continue;
        }
      n_jobs++;
      if (jobs == NULL)
        jobs = g_string_new (job->name);
      else
        g_string_append_printf (jobs, "%s%s", _(", "), job->name);
    }
  if (jobs == NULL)
    return;
  /* Most jobs named by the few they leave out: the demo's five jobs on
   * one machine took three lines of its memo's risks, and its sign-off
   * off page 2. */
  if (others->len > 0 && others->len < n_jobs && n_jobs > 2)
    {
      g_autofree char *but = cp_words_join_names (others);

      g_string_free (jobs, TRUE);
      /* TRANSLATORS: the jobs a risk concerns, named by those it does not: the jobs ("A and B") */
      jobs = g_string_new (NULL);
      g_string_printf (jobs, _("every job but %s"), but);
    }
  /* A project of one job names no job: every risk is that job's, and the
   * name wrapped two of a walk's risks onto a line each, which pushed its
   * English sign-off off page 1 (walkthrough 20). */
  if (project->jobs->len == 1)
    /* TRANSLATORS: a risk, then what it means, a sentence (walkthrough 21: the first "Main risks" bullet lacked its full stop) */
    text = g_strdup_printf (_("%s: %s."), cp_words_risk (risk),
                            cp_words_risk_detail (risk, maker >= 0 ? (CpGpuMaker) maker : CP_GPU_MAKER_UNKNOWN));
  else
    /* TRANSLATORS: a risk, what it means, then the jobs it concerns, a sentence */
    text = g_strdup_printf (_("%s: %s (%s)."), cp_words_risk (risk),
                            cp_words_risk_detail (risk, maker >= 0 ? (CpGpuMaker) maker : CP_GPU_MAKER_UNKNOWN),
                            jobs->str);
  g_ptr_array_add (lines, g_steal_pointer (&text));
}

/* A main risk of each job whose recommended quote's price ends before the
 * job starts: the amount to approve is priced on it. Only a vendor
 * question said so, on page 2, of the walk's serving job (华东智算's price
 * to 31 January 2027, its work from 4 February: walk38 F4). A price
 * already past today is said with the option's own risks
 * (cp_option_risks()); a project without a start date has no day its
 * work starts, as validity_question() takes it. */
static void
add_expiring_price_lines (Doc              *doc,
                          const CpSchedule *schedule,
                          GPtrArray        *lines)
{
  const CpProject *project = doc->project;
  GDate today;

  if (schedule == NULL || schedule->start_is_report_day)
    return;
  g_date_set_time_t (&today, time (NULL));
  for (guint j = 0; j < schedule->jobs->len && j < project->jobs->len; j++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, j);
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      g_autofree char *until = NULL, *from = NULL;
      GDate price_until, work_day;

      if (!entry->planned || entry->quote_index < 0 || (guint) entry->quote_index >= project->quotes->len ||
          !price_ends_before (schedule, g_ptr_array_index (project->quotes, entry->quote_index), entry->start_day,
                              &price_until, &work_day) ||
          g_date_compare (&price_until, &today) < 0)
        continue;
      until = cp_i18n_format_date_span (&price_until, &price_until, doc->lang);
      from = cp_i18n_format_date_span (&work_day, &work_day, doc->lang);
      /* TRANSLATORS: a risk: the job, the day it starts, the vendor recommended for it, then the last day that vendor's quoted price holds */
      g_ptr_array_add (lines, g_strdup_printf (_("%s starts on %s, after %s’s price ends on %s: the amount to approve rests on a price that will have expired. Have the vendor extend it before signing."),
                                               job->name, from, cp_report_vendor_name (project, entry->quote_index), until));
    }
}

GPtrArray *
cp_report_risk_lines (Doc              *doc,
                      JobResult        *results,
                      const CpSchedule *schedule)
{
  const CpProject *project = doc->project;
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  /* First: what the amount itself rests on. */
  add_expiring_price_lines (doc, schedule, lines);
  for (int risk = 0; risk < CP_N_RISKS; risk++)
    {
      /* Setting up a machine is said in its maker's words, CUDA's or
       * CANN's: one line per maker among the jobs'. */
      if (risk == CP_RISK_SETUP_TIME)
        for (int maker = CP_GPU_MAKER_UNKNOWN; maker <= CP_GPU_MAKER_HUAWEI; maker++)
          risk_line (doc, results, (CpRisk) risk, maker, lines);
      else
        risk_line (doc, results, (CpRisk) risk, -1, lines);
    }

  /* Every job run on one machine shares one risk: said once, with each
   * job's own chance, rather than once per job in the same words (three
   * such bullets pushed the demo's sign-off to page 3). */
  {
    g_autoptr(GString) chances = NULL;

    for (guint j = 0; j < project->jobs->len; j++)
      {
        const CpPlan *plan = results[j].plan;
        const CpJob *job = g_ptr_array_index (project->jobs, j);
        g_autofree char *chance = NULL;

        if (plan == NULL || !plan_lists_option_risks (plan))
          continue;
        chance = cp_words_one_machine_interruptions (job, &g_array_index (plan->options, CpOption, plan->recommended).estimate,
                                                     doc->lang);
        if (chance == NULL)
          continue;
        if (chances == NULL)
          chances = g_string_new (NULL);
        else
          /* TRANSLATORS: between the jobs of a list such as "70B fine-tune 2.0%; 7B QLoRA 0.1%" */
          g_string_append (chances, _("; "));
        /* A project of one job names no job, as risk_line() does; a name
         * before the figure read as a table cell, and one holding a comma
         * seemed to give the figure to its last part (approver 33, A20). */
        if (project->jobs->len == 1)
          g_string_append (chances, chance);
        else
          /* TRANSLATORS: the chance a job is interrupted, such as "0.1%", then the job's name */
          g_string_append_printf (chances, C_("interruption chance", "%s (%s)"), chance, job->name);
      }
    if (chances != NULL)
      {
        /* TRANSLATORS: a risk; then each job run on one machine with the chance of an interruption during its run */
        g_ptr_array_add (lines, g_strdup_printf (_("One machine is a single point of failure: an interruption stops the run until the machine is repaired or replaced; keep checkpoints off it. Chance of one during the run, at large clusters’ per-GPU failure rate: %s."),
                                                 chances->str));
      }
  }

  /* Then what the job chapter lists for each recommended option, from
   * the same list: page 1 left out "uses 96% of each GPU's memory …
   * confirm with a trial run", which an approver only found on page 4
   * (approver 8, finding 5). The host memory a quote leaves out is not
   * repeated when the job's answer above already says its verdict rests
   * on it and asks the vendor. */
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      g_autoptr(GPtrArray) risks = NULL;
      g_autofree char *unconfirmed = NULL;
      const char *resting_on = NULL;
      CpOptionRiskFlags left_out = CP_OPTION_RISK_ONE_MACHINE_FAILURE;

      if (plan == NULL || !plan_lists_option_risks (plan))
        continue;
      unconfirmed = cp_words_unconfirmed (project, plan, doc->lang, &resting_on);
      if (g_strcmp0 (resting_on, "host-memory") == 0)
        left_out |= CP_OPTION_RISK_HOST_MEMORY_UNSTATED;
      /* Nor whether the network is shared, when the vendors' questions
       * above ask that vendor: said twice, it pushed the English
       * sign-off off page 1 (walkthrough 19). */
      for (guint r = 0; r < plan->reasons->len; r++)
        {
          const CpReason *reason = &g_array_index (plan->reasons, CpReason, r);

          if (reason->outcome == CP_OUTCOME_ASK_BANDWIDTH && reason_asks (project, plan, results[j].what_if, reason) &&
              reason_quote (project, reason) == g_array_index (plan->options, CpOption, plan->recommended).quote_index)
            left_out |= CP_OPTION_RISK_SHARING_UNSTATED;
        }
      risks = cp_option_risks_except (project, job, &g_array_index (plan->options, CpOption, plan->recommended), doc->lang,
                                      left_out);
      for (guint r = 0; r < risks->len; r++)
        {
          if (project->jobs->len == 1)
            g_ptr_array_add (lines, g_strdup (g_ptr_array_index (risks, r)));
          else
            /* TRANSLATORS: a risk of the recommended option, then the job it concerns */
            g_ptr_array_add (lines, g_strdup_printf (_("%s (%s)"), (const char *) g_ptr_array_index (risks, r), job->name));
        }
    }
  return lines;
}

void
cp_report_section_risks (Doc       *doc,
                         GPtrArray *lines,
                         double     keep_height)
{
  /* In a note's type, all of them: with five jobs' lists the memo must
   * still end with its sign-off by page 2 (test-cli-pages). */
  kept_bullets (doc, _("Main risks"), lines, doc->small, 1, keep_height, FALSE);
}
