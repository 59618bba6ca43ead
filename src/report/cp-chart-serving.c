/* cp-chart-serving.c: the serving chart, cost per million output tokens
 * against replicas. */

#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "planner/cp-units.h"
#include "cp-chart-private.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"

CpChartData *
cp_chart_data_new_serving (const CpProject *project,
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
  g_autofree char *concurrency = NULL;
  g_autofree char *note = NULL;
  gboolean setup_fee = FALSE;

  g_return_val_if_fail (job_index < project->jobs->len, NULL);
  g_return_val_if_fail (sweep != NULL, NULL);
  job = g_ptr_array_index (project->jobs, job_index);

  data = cp_chart_data_new_empty (CP_CHART_SERVING, lang);
  cp_i18n_push_language (data->lang);

  data->title = g_strdup_printf (_("Cost per million output tokens against replicas: %s"), job->name);
  data->x_label = g_strdup (_("Replicas"));
  /* TRANSLATORS: axis of the serving chart; %s is a currency */
  data->y_label = g_strdup_printf (_("Cost per million output tokens (%s)"),
                                   cp_i18n_currency_name (currency, data->lang));
  data->currency = g_strdup (currency);

  for (guint c = 0; c < sweep->curves->len; c++)
    {
      const CpSweepCurve *curve = g_ptr_array_index (sweep->curves, c);
      CpChartSeries *series;

      if (curve->quote_index < 0 || (guint) curve->quote_index >= project->quotes->len ||
          !cp_chart_quote_compared (plan, curve->quote_index))
        continue;
      series = cp_chart_series_new_for_quote (project, plan, curve->quote_index, FALSE, data->lang);
      /* The recommendation may be fewer replicas than the quote offers:
       * its point carries the "Recommended" label, as on the cost chart.
       * At the line's end, the 8-replica point at 95 CNY per million read
       * as the recommendation of 2 replicas at 25.99 (walkthrough 13). */
      if (curve->quote_index == recommended)
        series->chosen_x = g_array_index (plan->options, CpOption, plan->recommended).estimate.layout.data_parallel;
      for (guint p = 0; p < curve->points->len; p++)
        {
          const CpSweepPoint *point = &g_array_index (curve->points, CpSweepPoint, p);

          /* A size that serves nothing has no price per token. */
          if (point->replicas > 0 && cp_chart_usable (point->cost_per_million_output_tokens, TRUE))
            {
              cp_chart_series_add (series, point->replicas, point->cost_per_million_output_tokens, NAN);
              cp_chart_series_name_point (series, project, curve->quote_index, point->nodes, data->lang);
            }
        }
      if (series->x->len > 0)
        {
          setup_fee = setup_fee || ((const CpQuote *) g_ptr_array_index (project->quotes, curve->quote_index))->setup_fee > 0;
          g_ptr_array_add (data->series, series);
        }
      else
        cp_chart_series_free (series);
    }

  if (data->series->len == 0 && (project->quotes->len == 0 || (plan != NULL && plan->cost_unknown)))
    data->empty_text = g_strdup (project->quotes->len == 0
                                 ? _("Add a quote with its price to see the cost per token")
                                 /* TRANSLATORS: the serving chart before any quote has a price */
                                 : _("Add a price to a quote to see the cost per token"));
  concurrency = cp_i18n_format_number (job->concurrency, 0, data->lang);
  /* TRANSLATORS: the serving chart's note; %s is the target number of concurrent requests */
  note = g_strdup_printf (_("Lines: a cluster quote at each node count; markers: single machines. The %s concurrent requests are shared by the replicas: more replicas decode smaller batches, and each token costs more."),
                          concurrency);
  /* The cost per token is the rent and monthly fees over the tokens an
   * hour outputs (cp-serving.c); a quote's one-time setup fee is in its
   * total cost only, which the table's tooltip said and the chart did not
   * (issue 26). */
  if (setup_fee)
    {
      char *with_fee = g_strdup_printf (C_("two sentences", "%s %s"), note,
                                        /* TRANSLATORS: the serving chart's note, where a quote drawn has a setup fee */
                                        _("A quote’s one-time setup fee is left out of its cost per token; it is in the total cost."));

      g_free (note);
      note = with_fee;
    }
  data->note = cp_chart_note_with (note, plan);
  cp_chart_data_say_log_axes (data);

  cp_i18n_pop_language ();
  return data;
}
