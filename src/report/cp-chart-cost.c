/* cp-chart-cost.c: the cost chart, cost and days against GPU count.
 *
 * Owns the two panels (cost above, days below) on one GPU axis, the money
 * scale, the break-even between options and where a vendor's offer ends. */

#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "planner/cp-units.h"
#include "cp-chart-private.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"

/* A scale that keeps tick labels short: thousands or millions in
 * English, 万 (10^4) or 亿 (10^8) in Chinese. *@unit: the scale's unit
 * ("万元", "thousand CNY"), in which a figure off the scale is said. */
static double
money_scale (double       max_value,
             const char  *lang,
             const char  *currency,
             char       **label,
             char       **unit)
{
  if (cp_i18n_is_chinese (lang))
    {
      if (max_value >= 1e9)
        {
          /* TRANSLATORS: cost axis in units of 10^8; %s is a currency code */
          *label = g_strdup_printf (_("Total cost (100 million %s)"), currency);
          /* TRANSLATORS: the cost axis' unit of 10^8, after a figure ("1.9 亿元"); %s is a currency */
          *unit = g_strdup_printf (_("100 million %s"), currency);
          return 1e8;
        }
      if (max_value >= 1e5)
        {
          /* TRANSLATORS: cost axis in units of 10^4; %s is a currency code */
          *label = g_strdup_printf (_("Total cost (10 thousand %s)"), currency);
          /* TRANSLATORS: the cost axis' unit of 10^4, after a figure ("192 万元"); %s is a currency */
          *unit = g_strdup_printf (_("10 thousand %s"), currency);
          return 1e4;
        }
    }
  else
    {
      if (max_value >= 1e7)
        {
          *label = g_strdup_printf (_("Total cost (million %s)"), currency);
          /* TRANSLATORS: the cost axis' unit of 10^6, after a figure ("1.6 million CNY"); %s is a currency */
          *unit = g_strdup_printf (_("million %s"), currency);
          return 1e6;
        }
      if (max_value >= 1e5)
        {
          *label = g_strdup_printf (_("Total cost (thousand %s)"), currency);
          /* TRANSLATORS: the cost axis' unit of 10^3, after a figure ("1,642 thousand CNY"); %s is a currency */
          *unit = g_strdup_printf (_("thousand %s"), currency);
          return 1e3;
        }
    }
  /* TRANSLATORS: cost axis; %s is a currency code */
  *label = g_strdup_printf (_("Total cost (%s)"), currency);
  *unit = g_strdup (currency);
  return 1;
}

/* Whether point @p of @series enters the comparison on its panel
 * (@second: days): drawn, and on the cost panel within the deadline when
 * there is one. A claim of "cheaper" among options that miss the deadline
 * named the recommended quote beside cheaper ones that cannot be
 * recommended (walkthrough 8). */
static gboolean
point_compared (const CpChartData   *data,
                const CpChartSeries *series,
                guint                p,
                gboolean             second)
{
  GArray *ys = second ? series->y2 : series->y;

  if (ys == NULL || !cp_chart_usable (g_array_index (series->x, double, p), FALSE) ||
      !cp_chart_usable (g_array_index (ys, double, p), FALSE))
    return FALSE;
  if (second || !(data->deadline_days > 0) || series->y2 == NULL)
    return TRUE;
  return g_array_index (series->y2, double, p) <= data->deadline_days;
}

/* The best (lowest) value on the panel of every single machine but
 * @series's own: a single-machine quote's marker, and a cluster quote's
 * point at one node, which is a single machine too (walkthrough 8: "D
 * cheaper than every other single-machine quote" beside G, E and F
 * cheaper at one node). INFINITY when there is none to compare with. */
static double
best_other_single (const CpChartData   *data,
                   const CpChartSeries *series,
                   gboolean             second)
{
  double best = INFINITY;

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *other = g_ptr_array_index (data->series, s);
      GArray *ys = second ? other->y2 : other->y;

      if (other == series || ys == NULL)
        continue;
      for (guint p = 0; p < other->x->len; p++)
        if ((other->points_only || g_array_index (other->x, double, p) == other->single_x) &&
            point_compared (data, other, p, second))
          best = MIN (best, g_array_index (ys, double, p));
    }
  return best;
}

/* @value as the chart writes it (@second: days, else cost): a cost in
 * whole units, as its readout and the memo give it, days to the
 * decimals cp_i18n_format_days() shows. Two options equal as written are
 * a tie, neither cheaper nor faster: 0.4 CNY under 2,304 CNY made a
 * cluster "cheaper than every other quote on one machine" beside a
 * single machine that read the same (issue 22). */
static double
as_written (double   value,
            gboolean second)
{
  double unit = second ? pow (10, -cp_days_decimals (value)) : 1;

  return round (value / unit) * unit;
}

/* The break-even of one panel (@second: days, else cost), read from the
 * series as drawn, so the note says what the chart shows: the fewest GPUs
 * at which a cluster quote's line goes below every other single
 * machine's. A cluster quote already below them at its smallest size has
 * no break-even: the label then names that quote (@names, by series; the
 * recommended one first) and the GPU counts, from its smallest, at which
 * it stays below, without a line. It speaks of that quote against the
 * single machines, not of "a cluster" against the verdict; with a
 * deadline, cost is compared among the points that meet it, and the
 * label says so. The named quote is a cluster's: it is compared with
 * "every other quote on one machine", as "every other single machine"
 * called it a single machine (walkthrough 10). */
static void
find_break_even (CpChartData *data,
                 GPtrArray   *names,
                 gboolean     second)
{
  CpChartBreakEven *result = &data->break_even[second ? 1 : 0];
  gboolean within_deadline = !second && data->deadline_days > 0;
  double first_x = INFINITY, first_y = NAN;
  int from_smallest = -1;
  gboolean every_size = FALSE;
  double run_from_x = NAN, run_to_x = NAN;

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      GArray *ys = second ? series->y2 : series->y;
      double best_single = best_other_single (data, series, second);
      double smallest_x = INFINITY, below_x = INFINITY, below_y = NAN;
      double run_end_x = NAN;
      gboolean run_open = TRUE;
      guint n_usable = 0, n_below = 0;

      if (series->points_only || ys == NULL || !isfinite (best_single))
        continue;
      /* The sweep's points come by rising node count. */
      for (guint p = 0; p < series->x->len; p++)
        {
          double x = g_array_index (series->x, double, p);
          double y = g_array_index (ys, double, p);

          if (!point_compared (data, series, p, second))
            continue;
          n_usable++;
          smallest_x = MIN (smallest_x, x);
          if (as_written (y, second) < as_written (best_single, second))
            {
              n_below++;
              if (run_open)
                run_end_x = x;
              if (x < below_x)
                {
                  below_x = x;
                  below_y = y;
                }
            }
          else
            run_open = FALSE;
        }
      if (n_below == 0)
        continue;
      if (below_x <= smallest_x)
        {
          if (from_smallest < 0 || series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT)
            {
              from_smallest = (int) s;
              /* One size is named as such, not as "every size". */
              every_size = n_below == n_usable && n_usable > 1;
              run_from_x = smallest_x;
              run_to_x = run_end_x;
            }
        }
      else if (below_x < first_x)
        {
          first_x = below_x;
          first_y = below_y;
        }
    }

  if (from_smallest >= 0)
    {
      const char *name = g_ptr_array_index (names, from_smallest);
      g_autofree char *from = cp_i18n_format_number (run_from_x, 0, data->lang);
      g_autofree char *to = cp_i18n_format_number (run_to_x, 0, data->lang);
      /* TRANSLATORS: a range of GPU counts on the cost chart, e.g. 8–16 */
      g_autofree char *gpus = run_to_x > run_from_x ? g_strdup_printf (_("%s–%s"), from, to) : g_strdup (from);

      if (every_size && second)
        {
          /* TRANSLATORS: on the cost chart; %s is a cluster quote */
          result->label = g_strdup_printf (_("%s faster than every other quote on one machine, at every size"), name);
          result->sentence = g_strdup_printf (_("Time: %s is faster than every other quote on one machine, at every size."), name);
        }
      else if (every_size && within_deadline)
        {
          /* TRANSLATORS: on the cost chart; %s is a cluster quote */
          result->label = g_strdup_printf (_("%s cheaper than every other quote on one machine that meets the deadline, at every size that meets it"), name);
          result->sentence = g_strdup_printf (_("Cost: %s is cheaper than every other quote on one machine that meets the deadline, at every size that meets it."), name);
        }
      else if (every_size)
        {
          /* TRANSLATORS: on the cost chart; %s is a cluster quote */
          result->label = g_strdup_printf (_("%s cheaper than every other quote on one machine, at every size"), name);
          result->sentence = g_strdup_printf (_("Cost: %s is cheaper than every other quote on one machine, at every size."), name);
        }
      else if (second)
        {
          /* TRANSLATORS: on the cost chart; the first %s is a cluster quote, the second GPU counts */
          result->label = g_strdup_printf (_("%s faster than every other quote on one machine, at %s GPUs"), name, gpus);
          result->sentence = g_strdup_printf (_("Time: %s is faster than every other quote on one machine, at %s GPUs."), name, gpus);
        }
      else if (within_deadline)
        {
          /* TRANSLATORS: on the cost chart; the first %s is a cluster quote, the second GPU counts */
          result->label = g_strdup_printf (_("%s cheaper than every other quote on one machine that meets the deadline, at %s GPUs"), name, gpus);
          result->sentence = g_strdup_printf (_("Cost: %s is cheaper than every other quote on one machine that meets the deadline, at %s GPUs."), name, gpus);
        }
      else
        {
          /* TRANSLATORS: on the cost chart; the first %s is a cluster quote, the second GPU counts */
          result->label = g_strdup_printf (_("%s cheaper than every other quote on one machine, at %s GPUs"), name, gpus);
          result->sentence = g_strdup_printf (_("Cost: %s is cheaper than every other quote on one machine, at %s GPUs."), name, gpus);
        }
    }
  else if (isfinite (first_x))
    {
      g_autofree char *gpus = cp_i18n_format_number (first_x, 0, data->lang);

      result->x = first_x;
      result->y = first_y;
      /* TRANSLATORS: on the cost chart; %s is a number of GPUs */
      result->label = g_strdup_printf (second ? _("Cluster faster from %s GPUs")
                                       : within_deadline ? _("Cluster cheaper from %s GPUs, within the deadline")
                                       : _("Cluster cheaper from %s GPUs"), gpus);
    }
}


/* How many options by rank, and how many by cost, set the cost panel's
 * scale (weighed_cost_top()). */
#define SCALE_OPTIONS 3
/* The scale is set by those options only where every point drawn would
 * squeeze them into the bottom third of the panel. Cut sooner, two
 * quotes that read well whole (60 and 70 thousand CNY under a 2-node
 * line's 170 thousand) lost the line's name to the corner it left by,
 * and the demo's 13B pretraining, its single machines at up to twice
 * the options weighed, put three lines' values in one corner. */
#define WEIGHED_SHARE_MIN (1.0 / 3.0)

/* Whether @option is one the verdict weighs: the recommended (or, with
 * none feasible, the best available), a feasible one among the
 * SCALE_OPTIONS best ranked, or one of the SCALE_OPTIONS cheapest drawn. */
static gboolean
option_weighed (const CpPlan *plan,
                guint         index)
{
  const CpOption *option = &g_array_index (plan->options, CpOption, index);
  guint cheaper = 0;

  if ((int) index == plan->recommended || (int) index == plan->best_available ||
      (option->feasible && option->rank <= SCALE_OPTIONS))
    return TRUE;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *other = &g_array_index (plan->options, CpOption, i);

      if (i != index && cp_chart_quote_compared (plan, other->quote_index) &&
          (other->estimate.total_cost < option->estimate.total_cost ||
           (other->estimate.total_cost == option->estimate.total_cost && i < index)))
        cheaper++;
    }
  return cheaper < SCALE_OPTIONS;
}

/* The cost the upper panel's scale is set by: the highest, to the top of
 * its band, of the options the verdict weighs, each at the node count it
 * is weighed at. A line the verdict never considers set the scale, and
 * the three options that mattered lay in its bottom 7% (walk38 F5: a
 * 16-node 910B at 1.6 million CNY over 95, 136 and 144 thousand). NAN
 * without an option to weigh: the panel takes in every point. */
static double
weighed_cost_top (const CpPlan *plan)
{
  double top = NAN;

  if (plan == NULL)
    return NAN;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      double high = MAX (option->estimate.total_cost, option->range.total_cost_high);

      if (!cp_chart_quote_compared (plan, option->quote_index) || !option_weighed (plan, i) ||
          !(high > 0) || !isfinite (high))
        continue;
      top = isfinite (top) ? MAX (top, high) : high;
    }
  return top;
}

/* Each line's highest cost, said where it leaves the top of a panel
 * scaled to data->y_top: never cut off without a word. It names the
 * machines of that point (@quotes: each series' quote index): "↑ up to
 * 1,641,840" alone, under the recommended point's label, read as the
 * recommended option's upper range (walk39 F12). */
static void
say_off_scale (CpChartData     *data,
               const CpProject *project,
               const GArray    *quotes,
               const char      *unit)
{
  if (!isfinite (data->y_top))
    return;
  for (guint s = 0; s < data->series->len; s++)
    {
      CpChartSeries *series = g_ptr_array_index (data->series, s);
      const CpQuote *quote = g_ptr_array_index (project->quotes, g_array_index (quotes, int, s));
      double highest = -INFINITY, highest_gpus = 0;

      for (guint p = 0; p < series->y->len; p++)
        if (cp_chart_usable (g_array_index (series->x, double, p), FALSE) &&
            cp_chart_usable (g_array_index (series->y, double, p), FALSE) &&
            g_array_index (series->y, double, p) > highest)
          {
            highest = g_array_index (series->y, double, p);
            highest_gpus = g_array_index (series->x, double, p);
          }
      if (highest > data->y_top)
        {
          /* In the axis' unit, to three figures: "最高 ¥1,641,840" under an
           * axis in 万元 was a figure in another unit (issue 22). */
          double shown = highest / data->y_scale;
          int decimals = shown >= 100 ? 0 : shown >= 10 ? 1 : 2;
          g_autofree char *number = NULL;

          /* Without the zeros rounding leaves: "17 万元", not "17.0 万元". */
          while (decimals > 0 && round (shown * pow (10, decimals)) == round (shown * pow (10, decimals - 1)) * 10)
            decimals--;
          number = cp_i18n_format_number (shown, decimals, data->lang);
          /* A no-break space: wrapped, "40,000" kept its unit (read37 F10). */
          g_autofree char *money = g_strdup_printf ("%s\u00a0%s", number, unit);
          /* A single machine's whole name: its arrow held its name and,
           * beside it, "↑ 8 × H20 96GB: up to 26,000 CNY", two labels
           * stacked with three clusters' values at 8 GPUs (read37 F10).
           * A cluster's line is named at its points under the scale. */
          g_autofree char *machines = series->points_only && series->emphasis != CP_CHART_EMPHASIS_HIGHLIGHT
                                      ? g_strdup (series->label)
                                      : cp_chart_line_machines (quote, (guint) round (highest_gpus /
                                                                                     MAX (1, quote->gpus_per_node)),
                                                                data->lang);

          /* TRANSLATORS: where a line of the cost chart leaves the top of its scale; the line's machines at its
           * highest cost ("16 × 8 × Ascend 910B2 64GB", or a single machine's name with its vendor), then that
           * cost */
          series->off_scale_label = g_strdup_printf (_("↑ %s: up to %s"), machines, money);
        }
    }
}

/* The lower panel's title. A team new to clusters spends days moving a
 * job to one (R8, cp-estimate-cost.c): each cluster line starts that many
 * days above its single machine, a jump the chart said nothing of
 * (walkthrough 9: 0.4 days at 8 GPUs, 10.9 at 16, read as a bug). The
 * title says it where the jump is seen. */
static char *
cluster_days_label (const CpProject *project,
                    const CpJob     *job,
                    const CpSweep   *sweep,
                    const char      *lang)
{
  double days = project->settings.migration_days_no_experience;
  gboolean cluster = FALSE;
  g_autofree char *number = NULL;

  for (guint c = 0; c < sweep->curves->len && !cluster; c++)
    {
      const CpSweepCurve *curve = g_ptr_array_index (sweep->curves, c);

      for (guint p = 0; p < curve->points->len && !cluster; p++)
        cluster = g_array_index (curve->points, CpSweepPoint, p).nodes > 1;
    }
  if (!cluster || !cp_task_kind_is_training (job->kind) || job->team_has_distributed_experience ||
      !(days > 0) || !isfinite (days))
    return g_strdup (_("Calendar time (days)"));
  number = cp_i18n_format_number (days, days == floor (days) ? 0 : 1, lang);
  /* TRANSLATORS: the title over the cost chart's lower panel; %s is a number of days every cluster line includes */
  return g_strdup_printf (_("Calendar time (days); a cluster adds %s days of migration"), number);
}

/* The point @series is labelled at: the option recommended, else its
 * line's end (cp-chart.c names it there). */
static guint
labelled_point (const CpChartSeries *series)
{
  for (guint p = 0; p < series->x->len && isfinite (series->chosen_x); p++)
    if (g_array_index (series->x, double, p) == series->chosen_x)
      return p;
  return series->x->len - 1;
}

/* Whether @a's and @b's labelled points are written alike, the same GPUs,
 * cost and days (as_written()): drawn on one spot, their two labels
 * fought for the room beside it, one pushed away or left out (issue 26). */
static gboolean
labelled_alike (const CpChartSeries *a,
                const CpChartSeries *b)
{
  guint pa, pb;

  if (a->x->len == 0 || b->x->len == 0 || a->y2 == NULL || b->y2 == NULL)
    return FALSE;
  pa = labelled_point (a);
  pb = labelled_point (b);
  return g_array_index (a->x, double, pa) == g_array_index (b->x, double, pb) &&
         as_written (g_array_index (a->y, double, pa), FALSE) == as_written (g_array_index (b->y, double, pb), FALSE) &&
         as_written (g_array_index (a->y2, double, pa), TRUE) == as_written (g_array_index (b->y2, double, pb), TRUE);
}

/* Where @series' GPUs start in its label ("Recommended: 8 × H800 · …"),
 * or -1 where its label is not a quote's "GPUs · name". */
static int
hardware_start (const CpChartSeries *series)
{
  g_autofree char *mark = cp_chart_recommended_label ("");
  int start = series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT ? (int) strlen (mark) : 0;

  if (series->shorten_from <= start || (start > 0 && !g_str_has_prefix (series->label, mark)) ||
      !g_str_has_prefix (series->label + series->shorten_from, " · "))
    return -1;
  return start;
}

/* One label for the quotes whose labelled points are written alike on
 * the same GPUs: their names, then the GPUs, "LocalDC · CloudCo: 8 ×
 * A800 80GB SXM"; with the recommended one first, "Recommended: LocalDC
 * · CloudCo (same cost and time): …", the others not recommended too.
 * Two labels at one point were one too many for the room beside it: the
 * second went far off with a leader or was left out, and the reader could
 * not tell the two quotes sat at one point. Quotes of different GPUs
 * keep their own labels. */
static void
join_labels_alike (CpChartData *data)
{
  for (guint s = 0; s < data->series->len; s++)
    {
      CpChartSeries *series = g_ptr_array_index (data->series, s);
      g_autoptr(GArray) group = NULL;
      g_autofree char *hardware = NULL;
      g_autofree char *others = NULL;
      g_autofree char *names = NULL;
      g_autofree char *joint = NULL;
      g_autofree char *unbroken = NULL;
      g_auto(GStrv) words = NULL;
      CpChartSeries *first;
      int start = hardware_start (series);

      if (series->joint_into >= 0 || series->joint_label != NULL || start < 0)
        continue;
      hardware = g_strndup (series->label + start, series->shorten_from - start);
      group = g_array_new (FALSE, FALSE, sizeof (guint));
      g_array_append_val (group, s);
      for (guint t = s + 1; t < data->series->len; t++)
        {
          CpChartSeries *other = g_ptr_array_index (data->series, t);
          int other_start = hardware_start (other);

          if (other->joint_into < 0 && other_start >= 0 &&
              (gsize) (other->shorten_from - other_start) == strlen (hardware) &&
              strncmp (other->label + other_start, hardware, strlen (hardware)) == 0 && labelled_alike (series, other))
            g_array_append_val (group, t);
        }
      if (group->len < 2)
        continue;
      /* The recommended one leads and carries the label. */
      for (guint g = 1; g < group->len; g++)
        if (((CpChartSeries *) g_ptr_array_index (data->series, g_array_index (group, guint, g)))->emphasis ==
            CP_CHART_EMPHASIS_HIGHLIGHT)
          {
            guint lead = g_array_index (group, guint, g);

            g_array_index (group, guint, g) = g_array_index (group, guint, 0);
            g_array_index (group, guint, 0) = lead;
          }
      first = g_ptr_array_index (data->series, g_array_index (group, guint, 0));
      for (guint g = 1; g < group->len; g++)
        {
          CpChartSeries *other = g_ptr_array_index (data->series, g_array_index (group, guint, g));
          const char *name = other->label + other->shorten_from + strlen (" · ");
          char *joined = others == NULL ? g_strdup (name)
                         /* TRANSLATORS: quotes whose points on the cost chart are one: two of their names */
                         : g_strdup_printf (C_("quotes at one point", "%s · %s"), others, name);

          g_free (others);
          others = joined;
          other->joint_into = g_array_index (group, guint, 0);
        }
      if (first->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT)
        /* TRANSLATORS: the recommended quote's name, then the names of quotes at the same cost and time, all on
         * the same GPUs */
        names = g_strdup_printf (_("%s · %s (same cost and time)"),
                                 first->label + first->shorten_from + strlen (" · "), others);
      else
        names = g_strdup_printf (C_("quotes at one point", "%s · %s"),
                                 first->label + first->shorten_from + strlen (" · "), others);
      /* The GPUs stay on one line, no-break spaces between their words:
       * "8 ×" at a line's end over "A800 80GB SXM" read as two things. */
      words = g_strsplit (hardware, " ", -1);
      unbroken = g_strjoinv ("\u00a0", words);
      /* TRANSLATORS: quotes whose points on the cost chart are one: their names, then the GPUs they share, e.g.
       * "LocalDC · CloudCo: 8 × A800 80GB SXM" */
      joint = g_strdup_printf (C_("quotes at one point", "%s: %s"), names, unbroken);
      first->joint_label = first->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT ? cp_chart_recommended_label (joint)
                                                                           : g_steal_pointer (&joint);
    }
}

CpChartData *
cp_chart_data_new_cost (const CpProject *project,
                        guint            job_index,
                        const CpPlan    *plan,
                        const CpSweep   *sweep,
                        const char      *lang)
{
  const CpSettings *settings = &project->settings;
  const CpJob *job;
  CpChartData *data;
  const char *currency = settings->currency[0] != '\0' ? settings->currency : "CNY";
  int recommended = cp_chart_recommended_quote (plan);
  double max_cost = 0;
  g_autofree char *note = NULL;
  g_autofree char *unit = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) quotes = g_array_new (FALSE, FALSE, sizeof (int));
  guint n_incomplete = 0;

  g_return_val_if_fail (job_index < project->jobs->len, NULL);
  g_return_val_if_fail (sweep != NULL, NULL);
  job = g_ptr_array_index (project->jobs, job_index);

  data = cp_chart_data_new_empty (CP_CHART_COST, lang);
  cp_i18n_push_language (data->lang);

  data->title = g_strdup_printf (_("Total cost and time against GPU count: %s"), job->name);
  data->x_label = g_strdup (_("GPUs"));
  data->y2_label = cluster_days_label (project, job, sweep, data->lang);
  if (cp_job_deadline_days (job) > 0 && isfinite (cp_job_deadline_days (job)))
    {
      /* A deadline of 7.2 days is not "7 days": the line sits at 7.2, and
       * the window's "What would change it" names such tenths
       * (walkthrough 8). */
      double tenths = round (cp_job_deadline_days (job) * 10.0) / 10.0;
      g_autofree char *days = cp_i18n_format_number (cp_job_deadline_days (job), tenths == round (tenths) ? 0 : 1, data->lang);

      data->deadline_days = cp_job_deadline_days (job);
      /* TRANSLATORS: label of the deadline line; %s is a number of days.
       * The count picks the form ("Deadline: 1 days" on a job given a
       * day), a fraction the plural ("1.5 days"), as English has it. */
      data->deadline_label = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "Deadline: %s day", "Deadline: %s days",
                                                         tenths == 1 ? 1 : 2), days);
    }

  for (guint c = 0; c < sweep->curves->len; c++)
    {
      const CpSweepCurve *curve = g_ptr_array_index (sweep->curves, c);
      const CpQuote *quote;
      CpChartSeries *series;

      if (curve->quote_index < 0 || (guint) curve->quote_index >= project->quotes->len)
        continue;
      quote = g_ptr_array_index (project->quotes, curve->quote_index);
      /* Without its price it would lie on the zero-cost axis (a cluster
       * lacking its network is drawn on one machine, as planned). */
      if ((cp_quote_get_missing_in (quote, &project->settings) & ~CP_QUOTE_MISSING_NETWORK) != 0)
        {
          n_incomplete++;
          continue;
        }
      if (!cp_chart_quote_compared (plan, curve->quote_index))
        continue;
      series = cp_chart_series_new_for_quote (project, plan, curve->quote_index, TRUE, data->lang);
      series->single_x = MAX (1, quote->gpus_per_node);
      if (curve->quote_index == recommended)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);

          series->chosen_x = (double) MAX (1, quote->gpus_per_node) * MAX (1, option->estimate.nodes);
        }

      for (guint p = 0; p < curve->points->len; p++)
        {
          const CpSweepPoint *point = &g_array_index (curve->points, CpSweepPoint, p);

          cp_chart_series_add (series, point->gpus, point->total_cost, point->calendar_days);
          cp_chart_series_name_point (series, project, curve->quote_index, point->nodes, data->lang);
          cp_chart_series_add_band (series, &point->range);
          max_cost = MAX (max_cost, point->range.total_cost_high);
        }
      g_ptr_array_add (data->series, series);
      g_array_append_val (quotes, curve->quote_index);
      g_ptr_array_add (names, cp_chart_quote_name (project, curve->quote_index, NULL));
    }

  if (data->series->len == 0 && (n_incomplete > 0 || project->quotes->len == 0))
    data->empty_text = g_strdup (project->quotes->len == 0
                                 ? _("Add a quote with its price to see the total cost")
                                 /* TRANSLATORS: the cost chart before any quote has a price */
                                 : _("Add a price to a quote to see the total cost"));
  find_break_even (data, names, FALSE);
  find_break_even (data, names, TRUE);
  join_labels_alike (data);

  data->currency = g_strdup (currency);
  data->y_top = weighed_cost_top (plan);
  if (isfinite (data->y_top) && data->y_top >= max_cost * WEIGHED_SHARE_MIN)
    data->y_top = NAN;
  if (isfinite (data->y_top))
    max_cost = data->y_top;
  data->y_scale = money_scale (max_cost, data->lang, cp_i18n_currency_name (currency, data->lang), &data->y_label,
                               &unit);
  say_off_scale (data, project, quotes, unit);
  cp_chart_data_say_log_axes (data);
  note = cp_chart_note_with (_("Lines: a cluster quote at each node count; markers: single machines. The same quote is at the same GPU count in both panels. Shaded bands and whiskers: low to high, with every assumption at its optimistic or its pessimistic end."), plan);
  if (n_incomplete > 0)
    /* TRANSLATORS: appended to the cost chart's note; %u quotes lack a price or a network */
    data->note = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s %u incomplete quote is not drawn.",
                                             "%s %u incomplete quotes are not drawn.", n_incomplete),
                                  note, n_incomplete);
  else
    data->note = g_steal_pointer (&note);

  cp_i18n_pop_language ();
  return data;
}
