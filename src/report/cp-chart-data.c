/* cp-chart-data.c: what every chart is made of.
 *
 * Owns the series (points, bands, emphasis), copying and freeing a
 * chart's data, and the choices the chart kinds share: which quotes are
 * shown, which is recommended and how it is named. The kinds themselves
 * are cp-chart-memory.c, cp-chart-cost.c and cp-chart-serving.c. */

#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "planner/cp-units.h"
#include "cp-chart-private.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"

CpChartSeries *
cp_chart_series_new (const char *label,
                     gboolean    with_y2)
{
  CpChartSeries *series = g_new0 (CpChartSeries, 1);

  series->label = g_strdup (label);
  series->shorten_from = -1;
  series->joint_into = -1;
  series->chosen_x = NAN;
  series->single_x = NAN;
  series->x = g_array_new (FALSE, FALSE, sizeof (double));
  series->y = g_array_new (FALSE, FALSE, sizeof (double));
  if (with_y2)
    series->y2 = g_array_new (FALSE, FALSE, sizeof (double));
  return series;
}

void
cp_chart_series_free (gpointer data)
{
  CpChartSeries *series = data;

  g_free (series->label);
  g_free (series->joint_label);
  g_free (series->off_scale_label);
  g_clear_pointer (&series->point_names, g_ptr_array_unref);
  g_array_unref (series->x);
  g_array_unref (series->y);
  g_clear_pointer (&series->y2, g_array_unref);
  g_clear_pointer (&series->y_low, g_array_unref);
  g_clear_pointer (&series->y_high, g_array_unref);
  g_clear_pointer (&series->y2_low, g_array_unref);
  g_clear_pointer (&series->y2_high, g_array_unref);
  g_free (series);
}

static GArray *
array_copy (GArray *array)
{
  GArray *copy;

  if (array == NULL)
    return NULL;
  copy = g_array_sized_new (FALSE, FALSE, sizeof (double), array->len);
  g_array_append_vals (copy, array->data, array->len);
  return copy;
}

void
cp_chart_bar_clear (gpointer data)
{
  CpChartBar *bar = data;

  g_clear_pointer (&bar->label, g_free);
}

static gpointer
string_copy (gconstpointer src,
             gpointer      user_data)
{
  return g_strdup (src);
}

static gpointer
series_copy (gconstpointer src,
             gpointer      user_data)
{
  const CpChartSeries *series = src;
  CpChartSeries *copy = g_new0 (CpChartSeries, 1);

  *copy = *series;
  copy->label = g_strdup (series->label);
  copy->joint_label = g_strdup (series->joint_label);
  copy->off_scale_label = g_strdup (series->off_scale_label);
  if (series->point_names != NULL)
    {
      copy->point_names = g_ptr_array_copy (series->point_names, string_copy, NULL);
      g_ptr_array_set_free_func (copy->point_names, g_free);
    }
  copy->x = array_copy (series->x);
  copy->y = array_copy (series->y);
  copy->y2 = array_copy (series->y2);
  copy->y_low = array_copy (series->y_low);
  copy->y_high = array_copy (series->y_high);
  copy->y2_low = array_copy (series->y2_low);
  copy->y2_high = array_copy (series->y2_high);
  return copy;
}

void
cp_chart_series_add (CpChartSeries *series,
                     double         x,
                     double         y,
                     double         y2)
{
  g_array_append_val (series->x, x);
  g_array_append_val (series->y, y);
  if (series->y2 != NULL)
    g_array_append_val (series->y2, y2);
}

void
cp_chart_series_add_band (CpChartSeries *series,
                          const CpRange *range)
{
  GArray **arrays[] = { &series->y_low, &series->y_high, &series->y2_low, &series->y2_high };
  const double values[] = { range->total_cost_low, range->total_cost_high,
                            range->calendar_days_low, range->calendar_days_high };

  for (guint i = 0; i < G_N_ELEMENTS (arrays); i++)
    {
      if (*arrays[i] == NULL)
        *arrays[i] = g_array_new (FALSE, FALSE, sizeof (double));
      g_array_append_val (*arrays[i], values[i]);
    }
}

CpChartData *
cp_chart_data_new_empty (CpChartKind  kind,
                         const char  *lang)
{
  CpChartData *data = g_new0 (CpChartData, 1);

  data->kind = kind;
  data->lang = g_strdup (cp_i18n_is_chinese (lang) ? "zh_CN" : "en");
  data->series = g_ptr_array_new_with_free_func (cp_chart_series_free);
  data->marker_x = NAN;
  data->marker_y = NAN;
  data->recommended_x = NAN;
  data->recommended_y = NAN;
  data->deadline_days = NAN;
  data->y_top = NAN;
  for (guint p = 0; p < G_N_ELEMENTS (data->break_even); p++)
    data->break_even[p].x = data->break_even[p].y = NAN;
  data->x_scale = 1;
  data->y_scale = 1;
  data->y2_scale = 1;
  return data;
}

static void
say_log_axis (char **label)
{
  /* TRANSLATORS: a chart panel's title when its axis is logarithmic (each step ten times the one below); %s is
   * the title, e.g. "Total cost (CNY)" */
  char *said = g_strdup_printf (_("%s, log scale"), *label);

  g_free (*label);
  *label = said;
}

void
cp_chart_data_say_log_axes (CpChartData *data)
{
  g_return_if_fail (data != NULL);

  if (data->y_label != NULL && cp_chart_panel_turns_log (data, FALSE))
    say_log_axis (&data->y_label);
  if (data->y2_label != NULL && cp_chart_panel_turns_log (data, TRUE))
    say_log_axis (&data->y2_label);
}

static void
placement_free (gpointer data)
{
  CpChartPlacement *placement = data;

  g_free (placement->label);
  g_free (placement);
}

static gpointer
placement_copy (gconstpointer src,
                gpointer      user_data)
{
  CpChartPlacement *copy = g_memdup2 (src, sizeof (CpChartPlacement));

  copy->label = g_strdup (copy->label);
  return copy;
}

void
cp_chart_data_keep_placements (CpChartData       *data,
                               const CpChartData *before,
                               const GArray      *boxes)
{
  g_return_if_fail (data != NULL && before != NULL && boxes != NULL);

  g_clear_pointer (&data->placements, g_ptr_array_unref);
  if (data->kind != before->kind || g_strcmp0 (data->title, before->title) != 0)
    return;
  data->placements = g_ptr_array_new_with_free_func (placement_free);
  for (guint b = 0; b < boxes->len; b++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, b);
      const CpChartSeries *series;
      CpChartPlacement *placement;

      if (!box->names_point || box->series < 0 || (guint) box->series >= before->series->len)
        continue;
      placement = g_new0 (CpChartPlacement, 1);
      series = g_ptr_array_index (before->series, box->series);
      placement->label = g_strdup (box->joint && series->joint_label != NULL ? series->joint_label : series->label);
      placement->panel = box->panel;
      placement->dx = box->x - box->anchor_x;
      placement->dy = box->y - box->anchor_y;
      placement->width = box->width;
      placement->height = box->height;
      placement->shown_bytes = box->shown_bytes;
      g_ptr_array_add (data->placements, placement);
    }
}

CpChartData *
cp_chart_data_copy (const CpChartData *data)
{
  CpChartData *copy;

  g_return_val_if_fail (data != NULL, NULL);

  copy = g_new0 (CpChartData, 1);
  *copy = *data;
  copy->title = g_strdup (data->title);
  copy->x_label = g_strdup (data->x_label);
  copy->y_label = g_strdup (data->y_label);
  copy->y2_label = g_strdup (data->y2_label);
  copy->marker_label = g_strdup (data->marker_label);
  copy->recommended_label = g_strdup (data->recommended_label);
  copy->recommended_short = g_strdup (data->recommended_short);
  copy->deadline_label = g_strdup (data->deadline_label);
  for (guint p = 0; p < G_N_ELEMENTS (data->break_even); p++)
    {
      copy->break_even[p].label = g_strdup (data->break_even[p].label);
      copy->break_even[p].sentence = g_strdup (data->break_even[p].sentence);
    }
  copy->lang = g_strdup (data->lang);
  copy->note = g_strdup (data->note);
  copy->empty_text = g_strdup (data->empty_text);
  copy->currency = g_strdup (data->currency);
  copy->approval = g_strdup (data->approval);
  copy->overbooking = g_strdup (data->overbooking);
  copy->total_label = g_strdup (data->total_label);
  copy->series = g_ptr_array_copy (data->series, series_copy, NULL);
  copy->bars = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (data->legend); i++)
    copy->legend[i] = g_strdup (data->legend[i]);
  if (data->bars != NULL)
    {
      copy->bars = g_array_sized_new (FALSE, TRUE, sizeof (CpChartBar), data->bars->len);
      g_array_set_clear_func (copy->bars, cp_chart_bar_clear);
      for (guint i = 0; i < data->bars->len; i++)
        {
          CpChartBar bar = g_array_index (data->bars, CpChartBar, i);

          bar.label = g_strdup (bar.label);
          g_array_append_val (copy->bars, bar);
        }
    }
  g_ptr_array_set_free_func (copy->series, cp_chart_series_free);
  copy->placements = data->placements != NULL
                     ? g_ptr_array_copy (data->placements, placement_copy, NULL) : NULL;
  if (copy->placements != NULL)
    g_ptr_array_set_free_func (copy->placements, placement_free);
  return copy;
}

void
cp_chart_data_free (CpChartData *data)
{
  if (data == NULL)
    return;
  g_free (data->title);
  g_free (data->x_label);
  g_free (data->y_label);
  g_free (data->y2_label);
  g_free (data->marker_label);
  g_free (data->recommended_label);
  g_free (data->recommended_short);
  g_free (data->deadline_label);
  for (guint p = 0; p < G_N_ELEMENTS (data->break_even); p++)
    {
      g_free (data->break_even[p].label);
      g_free (data->break_even[p].sentence);
    }
  g_free (data->lang);
  g_free (data->note);
  g_free (data->empty_text);
  g_free (data->currency);
  g_free (data->approval);
  g_free (data->overbooking);
  g_free (data->total_label);
  g_ptr_array_unref (data->series);
  for (guint i = 0; i < G_N_ELEMENTS (data->legend); i++)
    g_free (data->legend[i]);
  if (data->bars != NULL)
    g_array_unref (data->bars);
  if (data->placements != NULL)
    g_ptr_array_unref (data->placements);
  g_free (data);
}

gboolean
cp_chart_usable (double   value,
                 gboolean log_axis)
{
  return isfinite (value) && value >= 0 && (!log_axis || value > 0);
}

int
cp_chart_recommended_quote (const CpPlan *plan)
{
  if (plan == NULL || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return -1;
  return g_array_index (plan->options, CpOption, plan->recommended).quote_index;
}

/* Whether a quote is drawn: one of the plan's best-ranked options. */
gboolean
cp_chart_quote_compared (const CpPlan *plan,
                         guint         quote_index)
{
  if (plan == NULL)
    return TRUE;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->quote_index == (int) quote_index)
        return option->rank <= CP_CHART_MAX_QUOTES || (int) i == plan->recommended;
    }
  return FALSE;
}

/* The note's sentence saying how many of the quotes are drawn, or NULL
 * when all are. */
static char *
shown_quotes_note (const CpPlan *plan)
{
  guint n = plan != NULL ? plan->options->len : 0;

  if (n <= CP_CHART_MAX_QUOTES)
    return NULL;
  /* TRANSLATORS: on a chart; the first %u is the number drawn, the second all quotes */
  return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "The %u best-ranked of %u quote are drawn.",
                                    "The %u best-ranked of %u quotes are drawn.", n),
                          CP_CHART_MAX_QUOTES, n);
}

char *
cp_chart_note_with (const char   *note,
                    const CpPlan *plan)
{
  g_autofree char *shown = shown_quotes_note (plan);

  return shown != NULL ? g_strdup_printf (C_("two sentences", "%s %s"), note, shown) : g_strdup (note);
}

CpChartEmphasis
cp_chart_emphasis_for (gboolean has_recommendation,
                       gboolean is_recommended)
{
  if (!has_recommendation)
    return CP_CHART_EMPHASIS_NORMAL;
  return is_recommended ? CP_CHART_EMPHASIS_HIGHLIGHT : CP_CHART_EMPHASIS_MUTED;
}

char *
cp_chart_recommended_label (const char *name)
{
  /* First, so an ellipsis never hides it. */
  /* TRANSLATORS: %s is the recommended option's summary */
  return g_strdup_printf (_("Recommended: %s"), name);
}

/* Where the GPUs' part ends in @label, which shows @summary, whose first
 * @hardware_bytes are the GPUs: a shortened label keeps at least that
 * much. */
int
cp_chart_hardware_end (const char *label,
                       const char *summary,
                       gsize       hardware_bytes)
{
  const char *start = strstr (label, summary);

  return (start != NULL ? (int) (start - label) : 0) + (int) hardware_bytes;
}

/* Quote @quote_index's name on a chart, after its GPUs (@hardware, or
 * NULL where none leads it): the name it goes by everywhere
 * (cp_quote_display_name()), its vendor alone unless the vendor has
 * several quotes, then with what tells them apart, unless the GPUs
 * before it say that already ("16 × 8 × Ascend 910B2 64GB · 华东智算 —
 * Ascend 910B2 64GB" named the GPU twice, issue 26); with no vendor,
 * its offer as typed. Named by vendor and offer wherever an offer was
 * typed, one chart gave vendor C its offer ("— 8 × H20 96GB 裸金属")
 * and D to G their vendors alone, and cut D's offer at the edge of a
 * 1,920-px window ("— H800 集群，400G…", walk38b G13). */
char *
cp_chart_quote_name (const CpProject *project,
                     int              quote_index,
                     const char      *hardware)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, quote_index);
  const char *name = cp_quote_display_name (quote, project->quotes);
  const char *apart;

  if (!cp_quote_has_vendor (quote) && quote->offer_name != NULL && *quote->offer_name != '\0')
    return g_strdup (quote->offer_name);
  apart = g_str_has_prefix (name, quote->vendor) ? name + strlen (quote->vendor) : NULL;
  if (hardware != NULL && apart != NULL && g_str_has_prefix (apart, " — ") &&
      strstr (hardware, cp_quote_gpu_model (apart + strlen (" — "))) != NULL)
    return g_strdup (quote->vendor);
  return g_strdup (name);
}

/* @nodes of @quote's machines as a chart's line names them: "16 × 8 ×
 * Ascend 910B2 64GB", without the GPUs they add up to, which the axis
 * gives; one machine as everywhere ("8 × H800 SXM 80GB"). */
char *
cp_chart_line_machines (const CpQuote *quote,
                        guint          nodes,
                        const char    *lang)
{
  if (nodes <= 1)
    return cp_words_machines (quote, nodes, lang);
  /* TRANSLATORS: a cluster quote's line on a chart: its nodes × GPUs per node, GPU model, e.g. "16 × 8 × H800" */
  return g_strdup_printf (_("%u × %u × %s"), nodes, quote->gpus_per_node,
                          cp_quote_gpu_model (quote->gpu.name != NULL ? quote->gpu.name : quote->gpu.id));
}

/* TRUE when another of @project's quotes has quote @quote_index's vendor
 * and GPU: their labels' GPUs and vendor read alike ("8 × H800 SXM 80GB
 * · 华东智算" named both 华东智算's 整机 and its 单机, walk39 F3), only
 * the offer after them tells them apart. */
static gboolean
shares_vendor_and_gpu (const CpProject *project,
                       int              quote_index)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, quote_index);

  if (!cp_quote_has_vendor (quote))
    return FALSE;
  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *other = g_ptr_array_index (project->quotes, i);

      if ((int) i != quote_index && g_strcmp0 (other->vendor, quote->vendor) == 0 &&
          g_strcmp0 (other->gpu.name, quote->gpu.name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The bytes quote @quote_index's vendor starts with that another vendor
 * of @project starts with too, in whole characters: "示例供应商" of
 * 示例供应商甲 beside 示例供应商乙, none of 深圳鹏城智算科技有限公司
 * beside Cloud H800. A label cut to a longer head still names its
 * vendor ("深圳鹏城…"); a shorter one names both. */
static guint
vendor_shared_bytes (const CpProject *project,
                     int              quote_index)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, quote_index);
  guint shared = 0;

  if (!cp_quote_has_vendor (quote))
    return 0;
  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *other = g_ptr_array_index (project->quotes, i);
      const char *a = quote->vendor, *b = other->vendor;

      if (!cp_quote_has_vendor (other) || g_strcmp0 (a, b) == 0)
        continue;
      while (*a != '\0' && g_utf8_get_char (a) == g_utf8_get_char (b))
        {
          a = g_utf8_next_char (a);
          b = g_utf8_next_char (b);
        }
      shared = MAX (shared, (guint) (a - quote->vendor));
    }
  return shared;
}

/* The series of quote @quote_index's curve, named as every chart names
 * its quotes: the recommended one marked and in the highlight, a name
 * led by its GPUs ("8 × H800 · vendor — offer") that may be shortened
 * to them, a single machine as markers only. The GPUs lead because they
 * tell options apart; two quotes of one vendor differ only there, and a
 * vendor's name is often longer than the room for a label. The
 * recommended label sits at the option chosen and names its machines
 * ("10 × 8 × H800 (80 GPUs)"): "8 × H800" on a point of 80 GPUs read
 * as one machine (issue 26). */
CpChartSeries *
cp_chart_series_new_for_quote (const CpProject *project,
                               const CpPlan    *plan,
                               int              quote_index,
                               gboolean         with_y2,
                               const char      *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, quote_index);
  int recommended = cp_chart_recommended_quote (plan);
  guint nodes = quote_index == recommended
                ? g_array_index (plan->options, CpOption, plan->recommended).estimate.nodes : 1;
  g_autofree char *name = NULL;
  g_autofree char *hardware = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *label = NULL;
  CpChartSeries *series = NULL;

  /* A cluster's line ends at its whole offer and is named there: "8 ×
   * Ascend 910B2" at 128 GPUs read as one machine (issue 26). Its nodes,
   * without the GPUs they add up to, which the axis gives: the label's
   * words are the GPU's, not a count that crowds a small chart. */
  if (quote_index != recommended && cp_quote_is_cluster (quote) && quote->nodes_available > 1)
    hardware = cp_chart_line_machines (quote, quote->nodes_available, lang);
  else
    hardware = cp_words_machines (quote, nodes, lang);
  name = cp_chart_quote_name (project, quote_index, hardware);
  /* TRANSLATORS: a quote on a chart: its GPUs ("8 × H800"), then its vendor and offer */
  summary = g_strdup_printf (_("%s · %s"), hardware, name);
  label = quote_index == recommended ? cp_chart_recommended_label (summary) : g_strdup (summary);
  series = cp_chart_series_new (label, with_y2);

  series->shorten_from = cp_chart_hardware_end (label, summary, strlen (hardware));
  series->offer_tells_apart = shares_vendor_and_gpu (project, quote_index);
  series->vendor_shared_bytes = vendor_shared_bytes (project, quote_index);
  series->points_only = !cp_quote_is_cluster (quote);
  series->emphasis = cp_chart_emphasis_for (recommended >= 0, quote_index == recommended);
  series->point_names = g_ptr_array_new_with_free_func (g_free);
  return series;
}

/* Names the point just added to @series, of quote @quote_index on @nodes
 * nodes, as the readout says it: its machines, then the quote. */
void
cp_chart_series_name_point (CpChartSeries   *series,
                            const CpProject *project,
                            int              quote_index,
                            guint            nodes,
                            const char      *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, quote_index);
  g_autofree char *machines = cp_words_machines (quote, nodes, lang);
  g_autofree char *name = cp_chart_quote_name (project, quote_index, machines);

  g_return_if_fail (series->point_names != NULL && series->point_names->len + 1 == series->x->len);
  g_ptr_array_add (series->point_names, g_strdup_printf (_("%s · %s"), machines, name));
}

/* The fingerprint's writers: each value with its length or a mark for
 * none, so that two different data never write the same bytes. */
static void
checksum_string (GChecksum  *checksum,
                 const char *text)
{
  guint64 length = text != NULL ? strlen (text) + 1 : 0;

  g_checksum_update (checksum, (const guchar *) &length, sizeof length);
  if (text != NULL)
    g_checksum_update (checksum, (const guchar *) text, (gssize) length);
}

static void
checksum_value (GChecksum     *checksum,
                gconstpointer  value,
                gsize          size)
{
  g_checksum_update (checksum, value, (gssize) size);
}

static void
checksum_doubles (GChecksum    *checksum,
                  const GArray *values)
{
  guint64 length = values != NULL ? values->len + 1 : 0;

  checksum_value (checksum, &length, sizeof length);
  if (values != NULL)
    checksum_value (checksum, values->data, values->len * sizeof (double));
}

#define CHECKSUM_FIELD(checksum, field) checksum_value ((checksum), &(field), sizeof (field))

char *
cp_chart_data_fingerprint (const CpChartData *data)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  g_return_val_if_fail (data != NULL, NULL);

  CHECKSUM_FIELD (checksum, data->kind);
  checksum_string (checksum, data->title);
  checksum_string (checksum, data->x_label);
  checksum_string (checksum, data->y_label);
  checksum_string (checksum, data->y2_label);
  CHECKSUM_FIELD (checksum, data->x_log);
  CHECKSUM_FIELD (checksum, data->y_log);
  for (guint i = 0; data->placements != NULL && i < data->placements->len; i++)
    {
      const CpChartPlacement *placement = g_ptr_array_index (data->placements, i);

      checksum_string (checksum, placement->label);
      CHECKSUM_FIELD (checksum, placement->panel);
      CHECKSUM_FIELD (checksum, placement->dx);
      CHECKSUM_FIELD (checksum, placement->dy);
      CHECKSUM_FIELD (checksum, placement->width);
      CHECKSUM_FIELD (checksum, placement->height);
      CHECKSUM_FIELD (checksum, placement->shown_bytes);
    }
  CHECKSUM_FIELD (checksum, data->series->len);
  for (guint i = 0; i < data->series->len; i++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, i);
      guint names = series->point_names != NULL ? series->point_names->len : 0;

      checksum_string (checksum, series->label);
      CHECKSUM_FIELD (checksum, names);
      for (guint k = 0; k < names; k++)
        checksum_string (checksum, g_ptr_array_index (series->point_names, k));
      CHECKSUM_FIELD (checksum, series->emphasis);
      CHECKSUM_FIELD (checksum, series->capacity);
      CHECKSUM_FIELD (checksum, series->dash);
      CHECKSUM_FIELD (checksum, series->points_only);
      CHECKSUM_FIELD (checksum, series->shorten_from);
      CHECKSUM_FIELD (checksum, series->offer_tells_apart);
      CHECKSUM_FIELD (checksum, series->vendor_shared_bytes);
      CHECKSUM_FIELD (checksum, series->chosen_x);
      CHECKSUM_FIELD (checksum, series->single_x);
      checksum_string (checksum, series->joint_label);
      CHECKSUM_FIELD (checksum, series->joint_into);
      checksum_string (checksum, series->off_scale_label);
      checksum_doubles (checksum, series->x);
      checksum_doubles (checksum, series->y);
      checksum_doubles (checksum, series->y2);
      checksum_doubles (checksum, series->y_low);
      checksum_doubles (checksum, series->y_high);
      checksum_doubles (checksum, series->y2_low);
      checksum_doubles (checksum, series->y2_high);
    }
  CHECKSUM_FIELD (checksum, data->marker_x);
  CHECKSUM_FIELD (checksum, data->marker_y);
  checksum_string (checksum, data->marker_label);
  CHECKSUM_FIELD (checksum, data->marker_recommended);
  CHECKSUM_FIELD (checksum, data->recommended_x);
  CHECKSUM_FIELD (checksum, data->recommended_y);
  checksum_string (checksum, data->recommended_label);
  checksum_string (checksum, data->recommended_short);
  CHECKSUM_FIELD (checksum, data->deadline_days);
  checksum_string (checksum, data->deadline_label);
  for (guint p = 0; p < G_N_ELEMENTS (data->break_even); p++)
    {
      CHECKSUM_FIELD (checksum, data->break_even[p].x);
      CHECKSUM_FIELD (checksum, data->break_even[p].y);
      checksum_string (checksum, data->break_even[p].label);
      checksum_string (checksum, data->break_even[p].sentence);
    }
  checksum_string (checksum, data->lang);
  CHECKSUM_FIELD (checksum, data->x_scale);
  CHECKSUM_FIELD (checksum, data->y_scale);
  CHECKSUM_FIELD (checksum, data->y2_scale);
  CHECKSUM_FIELD (checksum, data->y_top);
  checksum_string (checksum, data->note);
  checksum_string (checksum, data->empty_text);
  checksum_string (checksum, data->currency);
  CHECKSUM_FIELD (checksum, data->title_inset);
  CHECKSUM_FIELD (checksum, data->text_px_min);
  {
    guint bars = data->bars != NULL ? data->bars->len + 1 : 0;

    CHECKSUM_FIELD (checksum, bars);
  }
  if (data->bars != NULL)
    for (guint i = 0; i < data->bars->len; i++)
      {
        const CpChartBar *bar = &g_array_index (data->bars, CpChartBar, i);

        checksum_string (checksum, bar->label);
        CHECKSUM_FIELD (checksum, bar->start_day);
        CHECKSUM_FIELD (checksum, bar->phase_days);
        CHECKSUM_FIELD (checksum, bar->deadline_day);
        CHECKSUM_FIELD (checksum, bar->planned);
        CHECKSUM_FIELD (checksum, bar->fallback_start_day);
      }
  CHECKSUM_FIELD (checksum, data->start_julian);
  CHECKSUM_FIELD (checksum, data->total_cost);
  checksum_string (checksum, data->total_label);
  for (guint i = 0; i < G_N_ELEMENTS (data->legend); i++)
    checksum_string (checksum, data->legend[i]);
  checksum_string (checksum, data->approval);
  checksum_string (checksum, data->overbooking);
  return g_strdup (g_checksum_get_string (checksum));
}
