/* cp-chart-timeline.c: the project's timeline — each job a bar over
 * calendar time from the project's start (debugging, migration and the
 * run shaded apart), its deadline marked, and the cumulative cost as a
 * line in a band of its own above the bars, on the same days, with its
 * money scale left of the band, in the names' column.
 *
 * The layout keeps every text in a place of its own: job names in a
 * column left of the rows, dates under them, the cost scale left of the
 * cost band and level with no row, the legend above; tick labels that
 * would touch are dropped, never overlapped. */

#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "cp-chart-private.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-report-schedule.h"

/* The English chart's month abbreviations; the Chinese chart writes
 * "12月5日" with numbers alone. */
static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

/* At most this share of the width goes to the job names; a longer name
 * ends in an ellipsis there. */
#define NAME_COLUMN_SHARE 0.28
/* The most the column grows to for the names in the form shown: a name
 * whole is worth a narrower plot, whose bars and dates are read by their
 * labels. At 0.28 of the memo's 511 pt, "7B inference service, 200
 * concurr…" and "A month of development and deb…" were cut (issue 22);
 * 0.4 leaves the plot more than half the width. */
#define NAME_COLUMN_SHARE_MAX 0.4

/* The cost band's share of the plot's height, above the rows: the line
 * drawn across the bars read as a strike-through of the jobs, with no
 * money scale (approver 33 A14). */
#define COST_BAND_SHARE 0.3
/* The narrowest a job's bar is drawn, in lines of text: about a
 * character's width and a half. */
#define BAR_MIN_WIDTH_LINES 0.8
/* The most of the plot's height the band takes from rows with room to
 * spare, and the room kept for each row, in lines of its pitch. */
#define COST_BAND_SHARE_MAX 0.5
#define ROWS_ROOM 1.5
/* The lowest the cost band is drawn, in lines of text: its top amount,
 * one between and its 0, each a line high and centred on its gridline,
 * a quarter line apart. At a line and a half the memo's band held
 * "300,000" over "0" with the line's rise squeezed flat between them
 * (issue 22). */
#define COST_BAND_LINES_MIN 2.5

/* The room between the cost band and the rows: half a line at least, so
 * that the 0 centred on the band's bottom clears the first job's name. */
static double
band_gap (double pad,
          double line_h)
{
  return MAX (pad * 0.6, line_h / 2);
}

/* A step of the cost scale: 1, 2 or 5 × 10^k, the largest that gives at
 * least two steps up to @total. */
static double
cost_step (double total)
{
  double magnitude = pow (10, floor (log10 (total / 2)));
  static const double multiples[] = { 5, 2, 1 };

  for (guint i = 0; i < G_N_ELEMENTS (multiples); i++)
    if (multiples[i] * magnitude * 2 <= total)
      return multiples[i] * magnitude;
  return magnitude / 2;
}

/* The amount at the top of the cost band, the first gridline above
 * @total, and in @step the scale's step: from cost_step()'s, the finest 1,
 * 2 or 5 × 10^k whose gridlines up to that top are a line apart in a band
 * @lines high, so that each has its amount. The band's top at the total
 * drew its line on the frame, with "100,000" and "0" the only amounts
 * beside 120,000 (walk37b V9). */
static double
cost_scale_top (double  total,
                double  lines,
                double *step)
{
  double s = cost_step (total);

  for (;;)
    {
      double intervals = floor (total / s) + 1;
      double magnitude = pow (10, floor (log10 (s) + 1e-9));
      double mantissa = round (s / magnitude);

      if (intervals <= MAX (lines, 1))
        {
          *step = s;
          return intervals * s;
        }
      s = (mantissa == 1 ? 2 : mantissa == 2 ? 5 : 10) * magnitude;
    }
}

/* How far past the work's end, as a multiple of its span from the first
 * day, a deadline is still drawn on the plot. */
#define DEADLINE_NEAR_SPAN 1.5

typedef struct {
  cairo_t      *cr;
  PangoLayout  *layout;
  PangoFontDescription *font;
  PangoFontDescription *bold;
  GArray       *boxes;
} Ink;

/* Lays @text out in @font within @width (ellipsized at its end when
 * @width > 0) and returns its size. */
static void
set_text (Ink *ink, const PangoFontDescription *font, const char *text, double width,
          double *out_width, double *out_height)
{
  int w, h;

  pango_layout_set_font_description (ink->layout, font);
  pango_layout_set_width (ink->layout, width > 0 ? (int) (width * PANGO_SCALE) : -1);
  pango_layout_set_height (ink->layout, -1);
  pango_layout_set_wrap (ink->layout, PANGO_WRAP_WORD);
  pango_layout_set_alignment (ink->layout, PANGO_ALIGN_LEFT);
  pango_layout_set_ellipsize (ink->layout, width > 0 ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  cp_report_layout_set_text (ink->layout, text);
  pango_layout_get_pixel_size (ink->layout, &w, &h);
  if (out_width != NULL)
    *out_width = w;
  if (out_height != NULL)
    *out_height = h;
}

static void
show_text (Ink *ink, const PangoFontDescription *font, const char *text, double x, double y,
           double x_align, double width)
{
  double w, h;
  CpChartLabelBox box;

  set_text (ink, font, text, width, &w, &h);
  box = (CpChartLabelBox) { x - x_align * w, y, w, h, -1, text != NULL ? strlen (text) : 0 };
  /* An ellipsized name: how much shows is not counted here. */
  if (width > 0 && pango_layout_is_ellipsized (ink->layout))
    box.shown_bytes = 0;
  cairo_move_to (ink->cr, box.x, box.y);
  pango_cairo_show_layout (ink->cr, ink->layout);
  g_array_append_val (ink->boxes, box);
}

/* A job's name on two lines ending at @right, in @width, cut with an
 * ellipsis if it needs more; whether it was cut. */
static gboolean
show_name_lines (Ink *ink, const char *text, double right, double row_top, double row_h, double width,
                 gboolean draw)
{
  CpChartLabelBox box;
  int lines_h;
  gboolean cut;

  set_text (ink, ink->font, text, width, NULL, NULL);
  pango_layout_set_wrap (ink->layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (ink->layout, -2);
  pango_layout_set_alignment (ink->layout, PANGO_ALIGN_RIGHT);
  pango_layout_get_pixel_size (ink->layout, NULL, &lines_h);
  cut = pango_layout_is_ellipsized (ink->layout);
  if (!draw)
    return cut;
  box = (CpChartLabelBox) { right - width, row_top + (row_h - lines_h) / 2, width, lines_h, -1,
                            cut ? 0 : strlen (text) };
  cairo_move_to (ink->cr, box.x, box.y);
  pango_cairo_show_layout (ink->cr, ink->layout);
  g_array_append_val (ink->boxes, box);
  return cut;
}

/* Whether @text has a Chinese character. */
static gboolean
has_han (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_get_script (g_utf8_get_char (p)) == G_UNICODE_SCRIPT_HAN)
      return TRUE;
  return FALSE;
}

/* The short form of a name "first (bracketed)" in @lang: its first form,
 * or in a report not in Chinese its bracketed form when only the first
 * is Chinese. The English Gantt named the demo's jobs "70B 全参数微调",
 * "开发与调试一个月" where every sentence of the report gave "(70B full
 * fine-tune)" too (appr33 A8). NULL when @text has no bracketed form. */
static char *
short_form (const char *text,
            const char *lang)
{
  const char *bracket = text != NULL ? strrchr (text, '(') : NULL;
  g_autofree char *first = NULL;
  g_autofree char *bracketed = NULL;

  if (bracket == NULL || bracket == text || !g_str_has_suffix (text, ")"))
    return NULL;
  first = g_strstrip (g_strndup (text, bracket - text));
  bracketed = g_strstrip (g_strndup (bracket + 1, strlen (bracket + 1) - 1));
  if (!cp_i18n_is_chinese (lang) && has_han (first) && *bracketed != '\0' && !has_han (bracketed))
    return g_steal_pointer (&bracketed);
  return g_steal_pointer (&first);
}

/* A job's name at the left of its row, ending at @right, in @width: on
 * one line when it fits; else whole on two lines when the row is that
 * high; else without a closing bracketed part ("70B 全参数微调 (70B full
 * fine-tune)" as "70B 全参数微调", the name's first form) when that fits;
 * else cut with an ellipsis, on two lines where they fit. The demo's
 * names were all cut mid-word, "70B 全参数微调 (70B full fine-t…"
 * (approver 21). */
static void
show_name (Ink *ink, const char *text, double right, double row_top, double row_h, double width, double line_h,
           gboolean first_form, const char *lang)
{
  g_autofree char *short_name = short_form (text, lang);
  gboolean two_lines = row_h >= 2 * line_h;
  double w;

  set_text (ink, ink->font, text, 0, &w, NULL);
  /* @first_form: every name that has one is said in its first form, as
   * the rows whose whole name does not fit are: the zh Gantt read "70B
   * 全参数微调 (70B full fine-tune)" over rows of Chinese names alone, and
   * "7B QLoRA 微调 (7B QLoRA fine-" / "tune)" broken on two lines
   * (appr22 finding 18). */
  if (first_form && short_name != NULL)
    {
      set_text (ink, ink->font, short_name, 0, &w, NULL);
      if (*short_name != '\0' && w <= width)
        {
          show_text (ink, ink->font, short_name, right, row_top + (row_h - line_h) / 2, 1, width);
          return;
        }
      set_text (ink, ink->font, text, 0, &w, NULL);
    }
  if (w <= width || text == NULL)
    {
      show_text (ink, ink->font, text, right, row_top + (row_h - line_h) / 2, 1, width);
      return;
    }
  if (two_lines && !show_name_lines (ink, text, right, row_top, row_h, width, FALSE))
    {
      show_name_lines (ink, text, right, row_top, row_h, width, TRUE);
      return;
    }
  if (short_name != NULL)
    {
      set_text (ink, ink->font, short_name, 0, &w, NULL);
      if (*short_name != '\0' && w <= width)
        {
          show_text (ink, ink->font, short_name, right, row_top + (row_h - line_h) / 2, 1, width);
          return;
        }
    }
  /* Cut, its short form rather than the whole name: the English Gantt
   * read "7B 推理服务，200 并发 (7B inf…". */
  if (short_name != NULL && *short_name != '\0')
    text = short_name;
  if (two_lines)
    show_name_lines (ink, text, right, row_top, row_h, width, TRUE);
  else
    show_text (ink, ink->font, text, right, row_top + (row_h - line_h) / 2, 1, width);
}

static void
phase_rgb (const Theme *theme, int phase, Rgb *rgb)
{
  /* The run in the highlight colour, the phases before it lighter shades
   * of it: one job, told apart by depth, also in grey print. */
  static const double shade[CP_N_PHASES] = { 0.62, 0.36, 0.0 };

  *rgb = cp_chart_mix (&theme->highlight, &theme->background, shade[phase]);
}

typedef enum {
  TICKS_HOURS,
  TICKS_WEEKS,
  TICKS_MONTHS,
} TickUnit;

/* Under two days, hours from the start, every 1, 2, 3, 6 or 12 hours,
 * at most eight ticks: a calendar of jobs shorter than a day showed the
 * first day's date alone under its bar (room18). */
#define HOURS_UNDER_DAYS 2.0
#define HOUR_TICKS_MAX 8

/* Month starts (or week starts, on a short calendar, or hours, on one of
 * a day or two) from the first day, as ticks in days from the start. */
static GArray *
date_ticks (const CpChartData *data, double end_day, TickUnit *unit)
{
  GArray *ticks = g_array_new (FALSE, FALSE, sizeof (double));
  GDate day;

  g_date_clear (&day, 1);
  g_date_set_julian (&day, data->start_julian);
  *unit = end_day < HOURS_UNDER_DAYS ? TICKS_HOURS : end_day < 60 ? TICKS_WEEKS : TICKS_MONTHS;
  if (*unit == TICKS_HOURS)
    {
      static const double steps_h[] = { 1, 2, 3, 6, 12 };
      double step_h = steps_h[G_N_ELEMENTS (steps_h) - 1];

      for (guint i = 0; i < G_N_ELEMENTS (steps_h); i++)
        if (end_day * 24 / steps_h[i] <= HOUR_TICKS_MAX)
          {
            step_h = steps_h[i];
            break;
          }
      for (double h = step_h; h <= end_day * 24; h += step_h)
        {
          double d = h / 24;
          g_array_append_val (ticks, d);
        }
      return ticks;
    }
  if (*unit == TICKS_WEEKS)
    {
      for (double d = 0; d <= end_day; d += 7)
        g_array_append_val (ticks, d);
      return ticks;
    }
  g_date_set_day (&day, 1);
  for (;;)
    {
      double d;

      g_date_add_months (&day, 1);
      d = (double) g_date_get_julian (&day) - data->start_julian;
      if (d > end_day)
        break;
      g_array_append_val (ticks, d);
    }
  return ticks;
}

static char *
date_label (const CpChartData *data, double day, TickUnit unit)
{
  GDate date;

  if (unit == TICKS_HOURS)
    {
      g_autofree char *hours = cp_i18n_format_number (round (day * 24), 0, data->lang);
      char *label;

      /* In the chart's language, as the deadline's words. */
      cp_i18n_push_language (data->lang);
      label = g_strdup_printf (_("%s h"), hours);
      cp_i18n_pop_language ();
      return label;
    }
  g_date_clear (&date, 1);
  g_date_set_julian (&date, data->start_julian + (guint) floor (day));
  /* The deadlines' and the end's form: "12 Dec", "12月12日". */
  if (unit == TICKS_WEEKS)
    return cp_chart_timeline_day_text (data, &date, FALSE);
  if (data->lang != NULL && g_str_has_prefix (data->lang, "zh"))
    return g_strdup_printf ("%d年%d月", g_date_get_year (&date), g_date_get_month (&date));
  return g_strdup_printf ("%s %d", months[g_date_get_month (&date) - 1], g_date_get_year (&date));
}

/* The tick labels under the plot, at @y when @draw: each centred on its
 * tick, kept inside the chart, moved aside off the end's dashed line
 * where it runs through them (at @line_x, NAN when it does not: the zh
 * chart's line cut "2027年1月" through the "1", walk37b V9), and left out
 * where it would touch the one before, the first day's date (ending at
 * @first_right) or the end's label (from @end_left to @end_right); never
 * day 0's, which the first date names. Returns how many are left out.
 * Those past the end's label are kept: a job of 0.4 days on a 24-hour
 * axis left out 18 h and 24 h as well as the ticks under "Ends 6 Dec
 * 2026 (0.4 days)", and its English chart had no time scale (walk36 F6). */
static guint
tick_labels (Ink *ink, const CpChartData *data, GArray *ticks, TickUnit unit, double left, double right,
             double end_day, double width, double pad, double first_right, double end_left, double end_right,
             double line_x, double y, gboolean draw)
{
  double last_right = first_right;
  guint left_out = 0;

  for (guint i = 0; i < ticks->len; i++)
    {
      double day = g_array_index (ticks, double, i);
      g_autofree char *label = date_label (data, day, unit);
      double x = left + (right - left) * day / end_day, w, label_left;

      /* The first day's date, on this line or the next, stands for day
       * 0's: the Chinese axis read "12-05" over "2026-12-05" (approver
       * 33 A14). */
      if (day == 0)
        continue;
      set_text (ink, ink->font, label, 0, &w, NULL);
      label_left = CLAMP (x - w / 2, left - pad, width - pad - w);
      if (isfinite (line_x) && label_left < line_x + pad * 0.3 && label_left + w > line_x - pad * 0.3)
        {
          /* To the side of the line nearer its tick, the other if that
           * touches the label before. */
          double after = line_x + pad * 0.3, before = line_x - pad * 0.3 - w;

          label_left = (after - label_left < label_left - before && after + w <= width - pad) ||
                       before < last_right + pad * 0.5 ? after : before;
        }
      if (label_left < last_right + pad * 0.5 ||
          (label_left + w > end_left - pad * 0.5 && label_left < end_right + pad * 0.5) || label_left + w > width - pad)
        {
          left_out++;
          continue;
        }
      if (draw)
        show_text (ink, ink->font, label, label_left, y, 0, 0);
      last_right = label_left + w;
    }
  return left_out;
}

/* The cumulative cost at @day, linear between the line's points, all of
 * it after the last. */
static double
spent_at (const CpChartSeries *cumulative, double day)
{
  guint n = cumulative->x->len;

  for (guint p = 1; p < n; p++)
    {
      double x0 = g_array_index (cumulative->x, double, p - 1), x1 = g_array_index (cumulative->x, double, p);
      double y0 = g_array_index (cumulative->y, double, p - 1), y1 = g_array_index (cumulative->y, double, p);

      if (day <= x1)
        return day <= x0 ? y0 : y0 + (y1 - y0) * (day - x0) / (x1 - x0);
    }
  return n > 0 ? g_array_index (cumulative->y, double, n - 1) : 0;
}

/* Whether the cost line passes through the box from day @d0 to @d1 and
 * from cost @c0 to @c1: it only rises, so it does when it is not yet
 * above the box at its left edge and no longer below it at its right. */
static gboolean
cost_line_crosses (const CpChartSeries *cumulative, double d0, double d1, double c0, double c1)
{
  return cumulative != NULL && spent_at (cumulative, d0) <= c1 && spent_at (cumulative, d1) >= c0;
}

/* A deadline later than the last job's end: the axis spans the work, not
 * the slack (a 90-day deadline beside month-long jobs squeezed every bar
 * into a third of the plot), so the mark points past the plot's right
 * edge, with its date where the row has room after the bar. */
typedef struct {
  double left, right, top, bottom, end_day;
  double top_amount;  /* the cost at the cost band's top */
  double end_line_x;  /* the end's dashed line, NAN without one */
} Plot;

/* The deadline's last day, the day the job may still take: 5 February
 * 2027 for 12 days from 25 January, as the end under the plot names the
 * day the work ends in (cp_schedule_span_dates()); the day the mark falls
 * in when it falls within one. @at_midnight says whether the mark is on
 * the midnight line after that day. */
static void
deadline_last_day (const CpChartData *data,
                   double             deadline_day,
                   GDate             *day,
                   gboolean          *at_midnight)
{
  *at_midnight = fabs (deadline_day - round (deadline_day)) < 1e-6;
  g_date_clear (day, 1);
  g_date_set_julian (day, data->start_julian +
                          (guint) MAX (*at_midnight ? round (deadline_day) - 1 : floor (deadline_day), 0));
}

/* A deadline's day as the chart's language writes a date in a line of
 * text: "10 Dec", "12月10日"; with the year when the chart's first day
 * is in another year or @with_year, "2 Jan 2027", "2027年1月2日". The zh Gantt read
 * "截至 12-10", a form no Chinese reader writes (memo30). */
char *
cp_chart_timeline_day_text (const CpChartData *data,
                            const GDate       *day,
                            gboolean           with_year)
{
  GDate start;
  gboolean same_year;

  g_date_clear (&start, 1);
  g_date_set_julian (&start, data->start_julian);
  same_year = !with_year && g_date_get_year (day) == g_date_get_year (&start);
  if (data->lang != NULL && g_str_has_prefix (data->lang, "zh"))
    return same_year ? g_strdup_printf ("%d月%d日", g_date_get_month (day), g_date_get_day (day))
                     : g_strdup_printf ("%d年%d月%d日", g_date_get_year (day), g_date_get_month (day), g_date_get_day (day));
  return same_year ? g_strdup_printf ("%d %s", g_date_get_day (day), months[g_date_get_month (day) - 1])
                   : g_strdup_printf ("%d %s %d", g_date_get_day (day), months[g_date_get_month (day) - 1],
                                      g_date_get_year (day));
}

/* The legend's date of the one deadline in full: "5 Feb 2027", the last
 * day. */
char *
cp_chart_timeline_deadline_date (const CpChartData *data,
                                 double             deadline_day)
{
  GDate day;
  gboolean at_midnight;

  deadline_last_day (data, deadline_day, &day, &at_midnight);
  return cp_chart_timeline_day_text (data, &day, TRUE);
}

/* The words beside a deadline's mark, the one form for every mark: "due
 * 10 Feb" ("2月10日截止"), the deadline's last day; @beyond, for a
 * deadline past the plot's right edge, "due 3 Mar →". A mark on the midnight after the
 * last day read "end of 01-24" beside a plain "02-10" (approver 21): two
 * ways for one thing. Drawn on the next day's gridline, though, "due 18
 * Dec" read as 19 Dec (walk36b Z6): a mark there says "due end of 18 Dec"
 * ("12月18日24时截止"), one within its last day "due 18 Dec". The year
 * only when the chart's first day is in another, as the gridlines'
 * dates. */
static char *
deadline_mark_text (const CpChartData *data,
                    double             deadline_day,
                    gboolean           beyond)
{
  GDate day;
  gboolean at_midnight;
  g_autofree char *date = NULL;
  char *text;

  deadline_last_day (data, deadline_day, &day, &at_midnight);
  date = cp_chart_timeline_day_text (data, &day, FALSE);
  /* Drawn in the chart's language, which a report may have apart from
   * the window's. */
  cp_i18n_push_language (data->lang);
  if (beyond)
    /* TRANSLATORS: at the timeline's right edge, a deadline later than the plot's end; %s is its last day, "12-13" */
    text = g_strdup_printf (_("due %s →"), date);
  else if (at_midnight)
    /* TRANSLATORS: beside a deadline's mark on the timeline drawn at the midnight after its last day, on the next day's gridline; %s is its last day, "18 Dec" */
    text = g_strdup_printf (_("due end of %s"), date);
  else
    /* TRANSLATORS: beside a deadline's mark on the timeline drawn within its last day; %s is that day, "12-10" */
    text = g_strdup_printf (_("due %s"), date);
  cp_i18n_pop_language ();
  return text;
}

/* A date that found no room clear of the bar and the cost line is shown
 * all the same, on the background's colour: every mark has its date
 * (walkthrough 20: the English report's 70B job had none, the Chinese one
 * had it). */
static void
show_on_background (Ink *ink, const Theme *theme, const Rgb *rgb, const char *text, double x0, double y,
                    double w, double h)
{
  cp_chart_set_rgb (ink->cr, &theme->background);
  cairo_rectangle (ink->cr, x0 - 2, y, w + 4, h);
  cairo_fill (ink->cr);
  cp_chart_set_rgb (ink->cr, rgb);
  show_text (ink, ink->font, text, x0, y, 0, 0);
}

/* Whether a text from @x0 to @x1 in the row centred on @mid_y would sit on
 * the cost line: a date never does. */
static gboolean
on_cost_line (const CpChartData *data, const Plot *plot, double x0, double x1, double mid_y, double line_h)
{
  const CpChartSeries *cumulative = data->series->len > 0 ? g_ptr_array_index (data->series, 0) : NULL;

  return plot->top_amount > 0 &&
         cost_line_crosses (cumulative,
                            plot->end_day * (x0 - plot->left) / (plot->right - plot->left),
                            plot->end_day * (x1 - plot->left) / (plot->right - plot->left),
                            plot->top_amount * (plot->bottom - mid_y - line_h / 2) / (plot->bottom - plot->top),
                            plot->top_amount * (plot->bottom - mid_y + line_h / 2) / (plot->bottom - plot->top));
}

static double on_a_label (const Ink *ink, double x0, double x1, double y0, double y1);

/* Whether the legend dates the deadline in full, the project's one
 * (cp-chart-timeline-data.c): its mark then needs no words in a row with
 * no room for them off the bar. */
static gboolean
legend_dates_deadline (const CpChartData *data)
{
  guint n_deadlines = 0;

  for (guint i = 0; i < data->bars->len; i++)
    n_deadlines += isfinite (g_array_index (data->bars, CpChartBar, i).deadline_day);
  return n_deadlines == 1;
}

/* Where a deadline's words, @w wide and a line high, go in their row
 * (centred on @mid_y, @row_h high) off its bar (from @bar_left to
 * @bar_right, @bar_h high) and every label, when the place beside the
 * mark is on the bar: over the bar, then under it, where the row's room
 * holds a line, from @x0 (moved inside the plot); then after the bar,
 * then before it, on its line. Laid over the bar on a background, the
 * words hid the bar's days under them (the demo's 70B job, a deadline
 * missed within its run). FALSE where none is clear. */
static gboolean
deadline_off_bar (const Ink *ink, const Plot *plot, double x0, double w, double mid_y, double row_h, double bar_h,
                  double bar_left, double bar_right, double gap, double line_h, double *out_x, double *out_top)
{
  double inside_x = CLAMP (x0, plot->left, MAX (plot->left, plot->right - gap - w));
  const struct { double x, top; } places[] = {
    { inside_x, mid_y - bar_h / 2 - 1 - line_h },
    { inside_x, mid_y + bar_h / 2 + 1 },
    { bar_right + gap, mid_y - line_h / 2 },
    { bar_left - gap - w, mid_y - line_h / 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (places); i++)
    {
      double t0 = places[i].x, t1 = t0 + w, top = places[i].top;

      if (t0 < plot->left || t1 > plot->right - gap + 0.01 || top < mid_y - row_h / 2 ||
          top + line_h > mid_y + row_h / 2 ||
          (top < mid_y + bar_h / 2 && top + line_h > mid_y - bar_h / 2 && t1 > bar_left - gap && t0 < bar_right + gap) ||
          on_a_label (ink, t0, t1, top, top + line_h) > -G_MAXDOUBLE)
        continue;
      *out_x = t0;
      *out_top = top;
      return TRUE;
    }
  return FALSE;
}

/* A deadline far past the plot's end: no mark on the plot, whose right
 * edge it would seem to be (approver 21: drawn at the axis's end, a
 * deadline 60 days later read as met on the day), but its words ending in
 * an arrow at that edge, "due 03-03 →". */
static void
deadline_beyond (Ink *ink, const Theme *theme, const CpChartData *data, const Plot *plot,
                 double deadline_day, double mid_y, double row_h, double bar_h, double bar_left, double bar_right,
                 double gap, double line_h)
{
  double w, x0, x1 = plot->right, off_x, off_top;
  g_autofree char *date = deadline_mark_text (data, deadline_day, TRUE);

  cp_chart_set_rgb (ink->cr, &theme->deadline);
  set_text (ink, ink->font, date, 0, &w, NULL);
  x0 = x1 - w;
  /* The bar runs to the plot's edge, as the last to end does: over it or
   * under it, or before it, never on it (the demo's calendar, walk37). */
  if (x1 > bar_left - gap && x0 < bar_right + gap &&
      deadline_off_bar (ink, plot, x0, w, mid_y, row_h, bar_h, bar_left, bar_right, gap, line_h, &off_x, &off_top))
    {
      show_on_background (ink, theme, &theme->deadline, date, off_x, off_top, w, line_h);
      return;
    }
  /* A row a line high (the memo's calendar on paper): the legend's
   * "Deadline 25 Mar 2027" says it, met, as every bar ends before it. */
  if (x1 > bar_left - gap && x0 < bar_right + gap && legend_dates_deadline (data))
    return;
  /* Always on the background: the last tick's gridline, at the plot's
   * right edge where the date ends, ran through "due 12 Dec →" (walk36
   * F6). */
  show_on_background (ink, theme, &theme->deadline, date, MAX (x0, plot->left), mid_y - line_h / 2, w, line_h);
}

/* A short job's length after its bar, widened to be seen ("2.1 h",
 * "2.1 小时"), on the background where the cost line crosses the row;
 * returns the right edge of the bar and its words, which a deadline's
 * date beside them keeps clear of. Not where the row's deadline mark, at
 * @mark_x (NAN: none on the plot), would cross the words: the demo's
 * "5.8 h" lost its "h" under the mark of a deadline 7 days on. */
static double
short_bar_length (Ink *ink, const Theme *theme, const CpChartData *data, const Plot *plot,
                  double days, double bar_right, double mark_x, double mid_y, double pad, double line_h)
{
  g_autofree char *text = NULL;
  double w, gap = pad * 0.3, x0 = bar_right + gap;

  cp_i18n_push_language (data->lang);
  text = cp_words_duration (days * 86400, data->lang);
  cp_i18n_pop_language ();
  set_text (ink, ink->font, text, 0, &w, NULL);
  if (x0 + w > plot->right || (isfinite (mark_x) && mark_x > x0 - gap && mark_x < x0 + w + gap))
    return bar_right;
  cp_chart_set_rgb (ink->cr, &theme->text);
  if (on_cost_line (data, plot, x0, x0 + w, mid_y, line_h))
    show_on_background (ink, theme, &theme->text, text, x0, mid_y - line_h / 2, w, line_h);
  else
    show_text (ink, ink->font, text, x0, mid_y - line_h / 2, 0, 0);
  return x0 + w;
}

/* A deadline within the plot: its mark at @x, and its date beside it
 * where the row has room clear of the bar (from @bar_left to @bar_right)
 * and of the cost line, after the mark first, else before it (approver,
 * 3 December: the mark alone gave no date to book); with no such room,
 * off the bar in its row (deadline_off_bar()); else on the side within
 * the plot that covers the least: the cost line before the bar. */
static void
deadline_within (Ink *ink, const Theme *theme, const CpChartData *data, const Plot *plot,
                 double deadline_day, double x, double mid_y, double row_h, double bar_h, double bar_left,
                 double bar_right, double pad, double line_h)
{
  g_autofree char *date = deadline_mark_text (data, deadline_day, FALSE);
  double w, gap = pad * 0.3, best_x0 = NAN, off_x, off_top;
  int best_cost = G_MAXINT;

  cp_chart_set_rgb (ink->cr, &theme->deadline);
  cairo_set_line_width (ink->cr, 2);
  cairo_move_to (ink->cr, x, mid_y - bar_h / 2 - 3);
  cairo_line_to (ink->cr, x, mid_y + bar_h / 2 + 3);
  cairo_stroke (ink->cr);

  set_text (ink, ink->font, date, 0, &w, NULL);
  for (int side = 0; side < 2; side++)
    {
      double x0 = side == 0 ? x + gap : x - gap - w, x1 = x0 + w;
      gboolean on_bar = x1 > bar_left - gap && x0 < bar_right + gap;
      /* The end's dashed line through a date hides a letter: "Ends 6
       * Mar"'s line ran through "due end of 19 Mar" (walk38 F10). */
      gboolean on_end_line = isfinite (plot->end_line_x) && x0 < plot->end_line_x + gap && x1 > plot->end_line_x - gap;
      int cost = 2 * on_bar + on_end_line + on_cost_line (data, plot, x0, x1, mid_y, line_h);

      if (x0 < plot->left || x1 > plot->right - gap || cost >= best_cost)
        continue;
      best_cost = cost;
      best_x0 = x0;
    }
  if (best_cost == 0)
    show_text (ink, ink->font, date, best_x0, mid_y - line_h / 2, 0, 0);
  else if (deadline_off_bar (ink, plot, x + gap, w, mid_y, row_h, bar_h, bar_left, bar_right, gap, line_h, &off_x,
                             &off_top))
    show_on_background (ink, theme, &theme->deadline, date, off_x, off_top, w, line_h);
  else
    {
      /* Neither side within the plot: after the mark, as far left as it
       * must go to end inside. */
      if (!isfinite (best_x0))
        best_x0 = MAX (plot->left, MIN (x + gap, plot->right - gap - w));
      /* On the bar, in a row a line high (the memo's calendar on paper):
       * the words hid the bar's days past the mark, the overrun they are
       * about; the legend's "Deadline 31 Jan 2027" dates the one mark. */
      if (best_x0 + w > bar_left - gap && best_x0 < bar_right + gap && legend_dates_deadline (data))
        return;
      show_on_background (ink, theme, &theme->deadline, date, best_x0, mid_y - line_h / 2, w, line_h);
    }
}

/* A span's days as the chart writes them beside a bar, the day it ends
 * in last (cp_schedule_span_dates()), the year left to the axis's
 * months: "4–14 Feb", "6 Dec–5 Jan"; "2月4日–14日", "12月6日–1月5日". */
static char *
span_days_text (const CpChartData *data,
                double             start_day,
                double             end_day)
{
  gboolean zh = data->lang != NULL && g_str_has_prefix (data->lang, "zh");
  GDate start, first, last;
  int m0, d0, m1, d1;

  g_date_clear (&start, 1);
  g_date_set_julian (&start, data->start_julian);
  cp_span_dates_from (&start, start_day, end_day, &first, &last);
  m0 = g_date_get_month (&first), d0 = g_date_get_day (&first);
  m1 = g_date_get_month (&last), d1 = g_date_get_day (&last);
  if (g_date_compare (&first, &last) == 0)
    return zh ? g_strdup_printf ("%d月%d日", m0, d0) : g_strdup_printf ("%d %s", d0, months[m0 - 1]);
  if (m0 == m1)
    return zh ? g_strdup_printf ("%d月%d日–%d日", m0, d0, d1) : g_strdup_printf ("%d–%d %s", d0, d1, months[m0 - 1]);
  return zh ? g_strdup_printf ("%d月%d日–%d月%d日", m0, d0, m1, d1)
            : g_strdup_printf ("%d %s–%d %s", d0, months[m0 - 1], d1, months[m1 - 1]);
}

/* The right edge of the label drawn already that a text box from @x0 to
 * @x1, @y0 to @y1 would touch (the rightmost of them), or -G_MAXDOUBLE
 * when it touches none. */
static double
on_a_label (const Ink *ink, double x0, double x1, double y0, double y1)
{
  double right = -G_MAXDOUBLE;

  for (guint i = 0; i < ink->boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (ink->boxes, CpChartLabelBox, i);

      if (box->x < x1 && x0 < box->x + box->width && box->y < y1 && y0 < box->y + box->height)
        right = MAX (right, box->x + box->width);
    }
  return right;
}

/* Where job @bar would run one after another (its fallback_start_day):
 * a dashed outline of its days in its row, and those days beside it:
 * after it, else before it, clear of the bar, the cost line and the
 * row's deadline date; with no such room, on the background after it,
 * inside the plot. The window's calendar showed the jobs side by side
 * alone, undated in the fallback the memo prices (walk35 W9). */
static void
fallback_outline (Ink *ink, const Theme *theme, const CpChartData *data, const Plot *plot, const CpChartBar *bar,
                  double mid_y, double bar_h, double bar_left, double bar_right, double pad, double line_h)
{
  static const double dash[] = { 4, 3 };
  double days = bar->phase_days[0] + bar->phase_days[1] + bar->phase_days[2];
  double x0 = plot->left + (plot->right - plot->left) * bar->fallback_start_day / plot->end_day;
  double x1 = plot->left + (plot->right - plot->left) * (bar->fallback_start_day + days) / plot->end_day;
  g_autofree char *text = span_days_text (data, bar->fallback_start_day, bar->fallback_start_day + days);
  double w, gap = pad * 0.3, text_y = mid_y - line_h / 2;
  double sides[3];

  cp_chart_set_rgb (ink->cr, &theme->text);
  cairo_set_line_width (ink->cr, 1.5);
  cairo_set_dash (ink->cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_rectangle (ink->cr, x0, mid_y - bar_h / 2, MAX (x1 - x0, 1), bar_h);
  cairo_stroke (ink->cr);
  cairo_set_dash (ink->cr, NULL, 0, 0);
  set_text (ink, ink->font, text, 0, &w, NULL);
  /* After the outline, before it, or after the row's deadline date
   * that takes the room after it. */
  sides[0] = x1 + gap;
  sides[1] = x0 - gap - w;
  sides[2] = on_a_label (ink, sides[0], sides[0] + w, text_y, text_y + line_h) + pad * 0.5;
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      double t0 = sides[i], t1 = t0 + w;

      if (t0 < plot->left || t1 > plot->right - gap || (t1 > bar_left - gap && t0 < bar_right + gap) ||
          on_cost_line (data, plot, t0, t1, mid_y, line_h) ||
          on_a_label (ink, t0, t1, text_y, text_y + line_h) > -G_MAXDOUBLE)
        continue;
      show_text (ink, ink->font, text, t0, text_y, 0, 0);
      return;
    }
  show_on_background (ink, theme, &theme->text, text, CLAMP (x1 + gap, plot->left, MAX (plot->left, plot->right - w)),
                      text_y, w, line_h);
}

/* The smallest text on paper, where the cost band above the rows needs
 * room: the memo's 8-pt small print. */
#define PRINT_FONT_MIN_PX 8.0
/* On paper, the white above the title and below the dates: the page
 * already sets the chart apart from the text around it
 * (CHART_SPACE_ABOVE, CHART_SPACE_BELOW in cp-report-doc.c), and the
 * chart's own pad of a line there, 16 pt of the memo's 163, cost the
 * English demo its dates' second line: "Ends 4 Jan 2027 (30.0 days) only
 * if run side by side" took the one line, and no month was named
 * (read37 F9). On a screen the chart is its own pane and keeps its pad. */
#define PRINT_EDGE_PX 2.0
/* Rows a line apart on paper, names on the page's own leading; on a
 * screen a line and a fifth. */
#define PRINT_ROW_PITCH 1.0
#define SCREEN_ROW_PITCH 1.2

static void
set_font_px (Ink    *ink,
             double  font_px,
             double *line_h)
{
  pango_font_description_set_absolute_size (ink->font, font_px * PANGO_SCALE);
  g_clear_pointer (&ink->bold, pango_font_description_free);
  ink->bold = pango_font_description_copy (ink->font);
  pango_font_description_set_weight (ink->bold, PANGO_WEIGHT_BOLD);
  set_text (ink, ink->font, "Ag", 0, NULL, line_h);
}

/* Lays the legend out as cp_chart_draw_timeline() draws it, from @pad
 * to @text_right, its first row at @top, each entry a swatch of
 * @font_px and its words, wrapped to a new row 1.2 lines down where the
 * next would pass @text_right: each entry's top left in @xs and @ys
 * (either may be NULL), where the last row ends in @end_x (may be
 * NULL). Returns the rows it takes. */
static guint
legend_layout (Ink               *ink,
               const CpChartData *data,
               double             font_px,
               double             line_h,
               double             text_right,
               double             top,
               double            *xs,
               double            *ys,
               double            *end_x)
{
  double pad = font_px, lx = pad, ly = top, swatch = font_px, w;
  guint rows = 1;

  for (guint i = 0; i < G_N_ELEMENTS (data->legend); i++)
    {
      if (data->legend[i] == NULL)
        continue;
      set_text (ink, ink->font, data->legend[i], 0, &w, NULL);
      if (lx > pad && lx + swatch * 1.5 + w > text_right)
        {
          lx = pad;
          ly += line_h * 1.2;
          rows++;
        }
      if (xs != NULL)
        xs[i] = lx;
      if (ys != NULL)
        ys[i] = ly;
      lx += swatch * 1.5 + w + pad * 1.5;
    }
  if (end_x != NULL)
    *end_x = lx;
  return rows;
}

/* Whether, on paper at @font_px, the rows leave the cost band above them
 * a line and a half and the dates two lines under them, with the total
 * on the legend, the title's row or the band's scale, not on a line of
 * its own: at 9 pt
 * the demo's
 * seven rows filled the memo's 165-pt chart, and the cost line ran over
 * the bars and their dates with no scale (appr35 C3). */
static gboolean
band_fits (Ink               *ink,
           const CpChartData *data,
           double             width,
           double             height,
           double             font_px,
           double             line_h)
{
  double pad = font_px, title_h, edge = PRINT_EDGE_PX;
  double text_right = width - pad - MIN (MAX (0, data->title_inset), width / 3);
  guint n_bars = data->bars != NULL ? data->bars->len : 0;
  guint rows = legend_layout (ink, data, font_px, line_h, text_right, 0, NULL, NULL, NULL);
  double top, bottom;

  set_text (ink, ink->bold, data->title, text_right - pad, NULL, &title_h);
  top = edge + title_h + pad * 0.6 + (rows - 1) * line_h * 1.2 + line_h + pad;
  bottom = height - edge - line_h * 2.6;
  return bottom - top >= COST_BAND_LINES_MIN * line_h + band_gap (pad, line_h) + n_bars * line_h * PRINT_ROW_PITCH;
}

/* Lines of text the timeline needs besides its rows: the title, the
 * legend on up to two rows, the total, a cost band of two, the dates on
 * up to two and the pads between them. */
#define TIMELINE_LINES_BESIDE_ROWS 12.0

/* On a screen, the words around the chart's size (cp_chart_text_px_min())
 * as far as its height holds its lines: the calendar needs fewer than
 * the cost chart's TEXT_LINES_MIN, and under the amount and the warning
 * in present mode it is lower than the charts of the other tabs, whose
 * text grew to the words' 28 px at 2560 × 1440 while its own stayed at
 * 23 (walk35 U9). */
double
cp_chart_timeline_text_lines (const CpChartData *data)
{
  guint n_bars = data->bars != NULL ? data->bars->len : 0;

  return TIMELINE_LINES_BESIDE_ROWS + SCREEN_ROW_PITCH * n_bars;
}

static double
screen_text_px_min (const CpChartData *data,
                    double             height)
{
  return MIN (data->text_px_min, height / cp_chart_timeline_text_lines (data));
}

void
cp_chart_draw_timeline (cairo_t           *cr,
                        double             width,
                        double             height,
                        CpChartStyle       style,
                        const CpChartData *data,
                        GArray            *boxes,
                        GArray            *bars)
{
  Theme theme;
  PangoContext *context = cp_chart_context_new (cr, style);
  /* Text follows the chart's size, up to the other charts' largest on a
   * screen (cp-chart-axis.c): held at 14 px, the calendar presented at
   * 2560 px read at half the size of the cost chart beside it (session
   * 16). No smaller than the words around it in present mode. On paper
   * it is a column of an A4 page. */
  double font_px = style == CP_CHART_STYLE_PRINT ? CLAMP (MIN (width, height * 1.6) / 55.0, 9.0, 14.0)
                   : MAX (CLAMP (MIN (width, height * 1.6) / 55.0, 9.0, 22.0), screen_text_px_min (data, height));
  double pad, edge, line_h, name_width = 0, title_h, title_w = 0, legend_bottom, legend_end_x, legend_row_y;
  enum { TOTAL_OVER_PLOT, TOTAL_IN_LEGEND, TOTAL_IN_TITLE, TOTAL_ON_SCALE } total_place = TOTAL_OVER_PLOT;
  gboolean first_forms;
  double left, right, top, bottom, end_day = 1, total = 0, row_h, x;
  double band_bottom, rows_top, scale_width = 0, step = 0, scale_top;
  const CpChartSeries *cumulative = data->series->len > 0 ? g_ptr_array_index (data->series, 0) : NULL;
  guint n_bars = data->bars != NULL ? data->bars->len : 0;
  g_autoptr(GArray) ticks = NULL;
  TickUnit tick_unit;
  Ink ink = { cr, pango_layout_new (context), pango_font_description_new (), NULL, boxes };
  double last_end = 0, end_label_left = G_MAXDOUBLE, end_label_right = G_MAXDOUBLE, end_x = -1, first_width = 0;
  /* Where the first day's date starts: at the plot's left edge, or before
   * it to leave the line to the end's label. */
  double first_left = 0;
  g_autofree char *first_date = NULL;
  gboolean two_lines;
  double text_right;
  double row_pitch = style == CP_CHART_STYLE_PRINT ? PRINT_ROW_PITCH : SCREEN_ROW_PITCH;

  cp_chart_theme_for_style (&theme, style);
  pango_context_set_language (context, pango_language_from_string (cp_i18n_pango_language (data->lang)));
  if (style == CP_CHART_STYLE_PRINT)
    pango_cairo_context_set_resolution (context, 72);
  pango_font_description_set_family (ink.font, cp_i18n_font_family (data->lang));
  set_font_px (&ink, font_px, &line_h);
  /* On paper, smaller text rather than the cost line over the rows. */
  while (style == CP_CHART_STYLE_PRINT && font_px > PRINT_FONT_MIN_PX &&
         !band_fits (&ink, data, width, height, font_px, line_h))
    {
      font_px = MAX (font_px - 0.5, PRINT_FONT_MIN_PX);
      set_font_px (&ink, font_px, &line_h);
    }
  pad = font_px;
  edge = style == CP_CHART_STYLE_PRINT ? PRINT_EDGE_PX : pad;
  /* At least two thirds of the width for the title and the legend. */
  text_right = width - pad - MIN (MAX (0, data->title_inset), width / 3);

  cairo_save (cr);
  cp_chart_set_rgb (cr, &theme.background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  /* Title, then the legend on as many rows as it needs, both clear of
   * the window's buttons over the chart's top right (walkthrough 20: they
   * covered "Planned cost (CNY)"). */
  cp_chart_set_rgb (cr, &theme.text);
  set_text (&ink, ink.bold, data->title, text_right - pad, NULL, &title_h);
  show_text (&ink, ink.bold, data->title, pad, edge, 0, text_right - pad);
  g_array_index (boxes, CpChartLabelBox, boxes->len - 1).series = CP_CHART_BOX_TITLE;
  {
    double top_y = edge + title_h + pad * 0.6, swatch = font_px;
    double xs[G_N_ELEMENTS (data->legend)], ys[G_N_ELEMENTS (data->legend)];
    guint rows = legend_layout (&ink, data, font_px, line_h, text_right, top_y, xs, ys, &legend_end_x);

    for (int i = 0; i < (int) G_N_ELEMENTS (data->legend); i++)
      {
        double lx, ly;
        Rgb rgb;

        /* No deadline mark on the plot, none in the legend. */
        if (data->legend[i] == NULL)
          continue;
        lx = xs[i];
        ly = ys[i];
        if (i < CP_N_PHASES)
          {
            phase_rgb (&theme, i, &rgb);
            cp_chart_set_rgb (cr, &rgb);
            cairo_rectangle (cr, lx, ly + (line_h - swatch) / 2, swatch, swatch);
            cairo_fill (cr);
          }
        else if (i == 5)
          {
            static const double dash[] = { 4, 3 };

            /* The fallback's outline, as on its rows. */
            cp_chart_set_rgb (cr, &theme.text);
            cairo_set_line_width (cr, 1.5);
            cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
            cairo_rectangle (cr, lx, ly + (line_h - swatch) / 2, swatch, swatch);
            cairo_stroke (cr);
            cairo_set_dash (cr, NULL, 0, 0);
          }
        else
          {
            cp_chart_set_rgb (cr, i == 3 ? &theme.deadline : &theme.text);
            cairo_set_line_width (cr, 2);
            if (i == 3)
              {
                cairo_move_to (cr, lx + swatch / 2, ly);
                cairo_line_to (cr, lx + swatch / 2, ly + line_h);
              }
            else
              {
                cairo_move_to (cr, lx, ly + line_h / 2);
                cairo_line_to (cr, lx + swatch, ly + line_h / 2);
              }
            cairo_stroke (cr);
          }
        cp_chart_set_rgb (cr, &theme.text);
        show_text (&ink, ink.font, data->legend[i], lx + swatch * 1.5, ly, 0, 0);
      }
    legend_row_y = top_y + (rows - 1) * line_h * 1.2;
    legend_bottom = legend_row_y + line_h;
  }

  /* The plot between the names and the cost axis. */
  for (guint i = 0; i < n_bars; i++)
    {
      const CpChartBar *bar = &g_array_index (data->bars, CpChartBar, i);
      double w, end = bar->start_day + bar->phase_days[0] + bar->phase_days[1] + bar->phase_days[2];

      set_text (&ink, ink.font, bar->label, 0, &w, NULL);
      name_width = MAX (name_width, w);
      end_day = MAX (end_day, end);
      if (isfinite (bar->fallback_start_day))
        end_day = MAX (end_day, bar->fallback_start_day + end - bar->start_day);
      if (bar->planned)
        last_end = MAX (last_end, end);
    }
  /* The line ends at the total the memo prints beside the chart; the
   * line's own end differs from it by less than the rounding. */
  total = data->total_cost;
  /* The band's top: the total itself where no scale is drawn. */
  scale_top = total;
  /* One form for every row's name: its first form on every row once one
   * name does not fit whole on a line. */
  first_forms = name_width > width * NAME_COLUMN_SHARE;
  if (first_forms)
    {
      name_width = 0;
      for (guint i = 0; i < n_bars; i++)
        {
          const char *label = g_array_index (data->bars, CpChartBar, i).label;
          g_autofree char *short_name = short_form (label, data->lang);
          double w;

          set_text (&ink, ink.font, short_name != NULL && *short_name != '\0' ? short_name : label, 0, &w, NULL);
          name_width = MAX (name_width, w);
        }
    }
  name_width = MIN (name_width, width * (first_forms ? NAME_COLUMN_SHARE_MAX : NAME_COLUMN_SHARE));
  /* The cost scale in the names' column, beside the cost band: the
   * plot keeps its width for the weeks' dates. */
  if (total > 0 && cumulative != NULL)
    {
      /* The widest amount, the top of a band of one step. */
      g_autofree char *widest = cp_i18n_format_number (cost_scale_top (total, 1, &step), 0, data->lang);

      set_text (&ink, ink.font, widest, 0, &scale_width, NULL);
    }
  left = pad + MAX (name_width, scale_width) + pad;
  right = width - pad;
  top = legend_bottom + pad * 0.6 + (total > 0 ? line_h + pad * 0.2 : pad * 0.4);
  /* On paper the total goes on the legend's last row after the line's
   * own entry, or else at the top of the band's scale, where it fits, and
   * its line above the plot to the band and the dates (appr36 D5: the
   * English memo's chart had neither a cost scale nor a date between its
   * first day and its end). */
  if (style == CP_CHART_STYLE_PRINT && total > 0 && cumulative != NULL && data->total_label != NULL)
    {
      double w;

      set_text (&ink, ink.font, data->total_label, 0, &w, NULL);
      set_text (&ink, ink.bold, data->title, 0, &title_w, NULL);
      /* Else at the end of the title's row: on the scale it took the
       * band's top, and the English memo's band read "Total 258,550 CNY"
       * over "0" with no amount between (read37 F9). */
      if (legend_end_x + w <= text_right)
        total_place = TOTAL_IN_LEGEND;
      else if (pad + title_w + pad * 2 + w <= text_right)
        total_place = TOTAL_IN_TITLE;
      else if (w <= left - pad * 1.4)
        total_place = TOTAL_ON_SCALE;
      if (total_place != TOTAL_OVER_PLOT)
        top = legend_bottom + pad;
    }
  if (right - left < 40 || n_bars == 0)
    goto done;

  /* A deadline up to half the work's span again after its end: the axis
   * runs to it, so that its mark is on the plot at its day; a later one
   * points off the edge (deadline_beyond()). */
  {
    double work_end = end_day;

    for (guint i = 0; i < n_bars; i++)
      {
        const CpChartBar *bar = &g_array_index (data->bars, CpChartBar, i);

        if (isfinite (bar->deadline_day) && bar->deadline_day <= work_end * DEADLINE_NEAR_SPAN)
          end_day = MAX (end_day, bar->deadline_day);
      }
  }
  /* Room after the last bar or mark, so that none sits on the plot's
   * edge by the cost labels. */
  end_day *= 1.03;
  /* And after each outline of the fallback for its days, as far as that
   * leaves the work half the plot: "4 Jan–3 Feb" ran over the plot's
   * right edge on the background, across the end's line (walk37b V9). */
  for (guint i = 0; i < n_bars; i++)
    {
      const CpChartBar *bar = &g_array_index (data->bars, CpChartBar, i);
      double fallback_end, w, room;
      g_autofree char *text = NULL;

      if (!bar->planned || !isfinite (bar->fallback_start_day))
        continue;
      fallback_end = bar->fallback_start_day + bar->phase_days[0] + bar->phase_days[1] + bar->phase_days[2];
      text = span_days_text (data, bar->fallback_start_day, fallback_end);
      set_text (&ink, ink.font, text, 0, &w, NULL);
      room = right - left - pad * 0.6 - w;
      if (room >= (right - left) / 2)
        end_day = MAX (end_day, fallback_end * (right - left) / room);
    }

  /* Under the plot: the first day's date at its start, the week or month
   * labels, and the last job's end with the project's length, ending at
   * its dashed line (or at the chart's right edge). Where those leave out
   * tick labels that a line of their own would keep, the first date and
   * the end go on a second line: at 1024 × 700 "2026-12-04" and "Ends
   * 2027-01-02 (30.0 days)" left 12-11 and 12-25 out of five weeks. */
  ticks = date_ticks (data, end_day, &tick_unit);
  {
    GDate day;

    g_date_clear (&day, 1);
    g_date_set_julian (&day, data->start_julian);
    first_date = cp_chart_timeline_day_text (data, &day, TRUE);
    set_text (&ink, ink.font, first_date, 0, &first_width, NULL);
    first_left = left;
  }
  if (data->x_label != NULL && last_end > 0)
    {
      double w;

      end_x = left + (right - left) * last_end / end_day;
      set_text (&ink, ink.bold, data->x_label, 0, &w, NULL);
      end_label_left = MIN (end_x + w / 2, width - pad) - w;
      /* Not centred on its line beside the first day: with a fallback
       * drawn after it (its outlines take the axis further, and the end
       * is then the one that holds only side by side), from after the
       * first day's date, when it still reaches past its line. Where the
       * plot is too narrow for both, the date ends at the plot's left edge
       * in the names' column and the end starts there; or, narrower, the
       * end ends at the chart's right edge and the date goes before it:
       * at 511 × 242 pt, and in the 1024-px window, the English "Ends 4
       * Jan 2027 (30.0 days) only if run side by side" was left out, the
       * one word that the end holds only side by side (read37 F9). Else,
       * without a fallback, the first day's date alone. */
      if (end_label_left < left + first_width + pad * 0.5)
        {
          double after_date = left + first_width + pad * 0.5;

          end_label_left = G_MAXDOUBLE;
          if (data->legend[5] != NULL && after_date + w <= width - pad && after_date + w >= end_x)
            end_label_left = after_date;
          else if (data->legend[5] != NULL && left - first_width - pad * 0.5 >= pad && left + w <= width - pad)
            {
              first_left = left - first_width - pad * 0.5;
              end_label_left = left;
            }
          else if (data->legend[5] != NULL && width - pad - w - pad * 0.5 - first_width >= pad)
            {
              end_label_left = width - pad - w;
              first_left = end_label_left - pad * 0.5 - first_width;
            }
        }
      if (end_label_left < G_MAXDOUBLE)
        end_label_right = end_label_left + w;
    }
  two_lines = tick_labels (&ink, data, ticks, tick_unit, left, right, end_day, width, pad, -G_MAXDOUBLE,
                           G_MAXDOUBLE, G_MAXDOUBLE, end_x >= 0 ? end_x : NAN, 0, FALSE)
              < tick_labels (&ink, data, ticks, tick_unit, left, right, end_day, width, pad, first_left + first_width,
                             end_label_left, end_label_right, NAN, 0, FALSE);
  /* A plot too low for the second line (its rows lower than a name, the
   * cost band less than a line and a half) keeps to one. */
  two_lines = two_lines && height - edge - line_h * 2.6 - top >= MAX (20, n_bars * line_h * row_pitch) +
                                                               (step > 0 ? line_h * COST_BAND_LINES_MIN + band_gap (pad, line_h) : 0);
  bottom = height - edge - line_h * (two_lines ? 2.6 : 1.4);
  if (bottom - top < 20)
    goto done;
  /* The cost band at the top, the rows under it. */
  band_bottom = rows_top = top;
  if (step > 0)
    {
      double rows_need = n_bars * line_h * row_pitch;
      double gap = band_gap (pad, line_h);
      /* Rows that need less than their share leave the rest to the band's
       * amounts, up to half the plot: two jobs kept 65 px of rows and a
       * 40-px band with two amounts (walk37b V9). */
      double band_h = MAX ((bottom - top) * COST_BAND_SHARE,
                           MIN (bottom - top - gap - rows_need * ROWS_ROOM, (bottom - top) * COST_BAND_SHARE_MAX));

      band_h = MAX (band_h, line_h * COST_BAND_LINES_MIN);
      /* And up to the height its amounts take a line apart, from the
       * rows' room past their need: the memo's band was 15 pt high,
       * with "200,000" and "0" for a total of 136,000 that the window
       * reads on 0–150,000 (walk38b G9). */
      {
        double window_step, window_top = cost_scale_top (total, G_MAXDOUBLE, &window_step);

        band_h = MAX (band_h, MIN ((window_top / window_step + 0.5) * line_h,
                                   bottom - top - gap - rows_need));
      }

      /* The rows keep room for their names first (the memo's chart is
       * 110–134 pt tall): the band takes what is left, down to
       * COST_BAND_LINES_MIN; with less, the line is drawn over the rows as it was,
       * with its total above and no scale beside a row. */
      if (bottom - top - band_h - gap < rows_need)
        band_h = bottom - top - gap - rows_need;
      if (band_h >= line_h * COST_BAND_LINES_MIN)
        {
          band_bottom = top + band_h;
          rows_top = band_bottom + gap;
          /* The scale's gridlines at least half a line apart, its
           * amounts a line apart where they fit: at the memo's size the
           * window's 0–150,000 in steps of 50,000, labelled at its top
           * and 0 where the band holds no more (walk38b G9). */
          scale_top = cost_scale_top (total, 2 * band_h / line_h, &step);
        }
      else
        {
          /* No scale to put the total on: its line above the plot. */
          if (total_place == TOTAL_ON_SCALE)
            {
              total_place = TOTAL_OVER_PLOT;
              top += line_h - pad * 0.2;
              rows_top = top;
            }
          band_bottom = bottom;
          step = 0;
        }
    }
  row_h = (bottom - rows_top) / n_bars;

  cp_chart_set_rgb (cr, &theme.grid);
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < ticks->len; i++)
    {
      x = left + (right - left) * g_array_index (ticks, double, i) / end_day;
      cairo_move_to (cr, x, top);
      cairo_line_to (cr, x, bottom);
      cairo_stroke (cr);
    }
  {
    double date_y = bottom + line_h * (two_lines ? 1.5 : 0.3);

    cp_chart_set_rgb (cr, &theme.text);
    show_text (&ink, ink.font, first_date, first_left, date_y, 0, 0);
    if (end_x >= 0)
      {
        static const double dash[] = { 3, 3 };

        cairo_set_line_width (cr, 1);
        cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
        cairo_move_to (cr, end_x, top);
        cairo_line_to (cr, end_x, date_y);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
        if (end_label_left < G_MAXDOUBLE)
          show_text (&ink, ink.bold, data->x_label, end_label_left, date_y, 0, 0);
      }
    cp_chart_set_rgb (cr, &theme.text);
    if (two_lines)
      tick_labels (&ink, data, ticks, tick_unit, left, right, end_day, width, pad, -G_MAXDOUBLE, G_MAXDOUBLE,
                   G_MAXDOUBLE, end_x >= 0 ? end_x : NAN, bottom + line_h * 0.3, TRUE);
    else
      tick_labels (&ink, data, ticks, tick_unit, left, right, end_day, width, pad, first_left + first_width,
                   end_label_left, end_label_right, NAN, bottom + line_h * 0.3, TRUE);
  }

  /* The cost band's scale: a gridline at each step, its amount left of
   * the band, level with no row; one too close to the one under it is
   * left out. */
  if (step > 0)
    {
      /* The 0 centred on the band's bottom, as every chart's tick
       * amounts are on their gridlines: drawn above it, it read as the
       * amount of a gridline 9 px higher (issue 22). */
      double zero_top = band_bottom - line_h / 2;
      double last_bottom = -G_MAXDOUBLE, total_top = G_MAXDOUBLE;

      /* The total level with the line's end, the amounts clear of it. */
      if (total_place == TOTAL_ON_SCALE)
        {
          total_top = CLAMP (band_bottom - (band_bottom - top) * total / scale_top - line_h / 2, top - line_h / 2,
                             zero_top - line_h);
          cp_chart_set_rgb (cr, &theme.text);
          show_text (&ink, ink.font, data->total_label, left - pad * 0.4, total_top, 1, 0);
        }

      /* The top and 0 first, then the amounts between that clear both
       * and the one above: "Total 162,926 CNY" over "50,000" read with
       * no 0 (walk38 F10); the top and 0 give the band its scale. */
      int n_steps = (int) round (scale_top / step);

      cp_chart_set_rgb (cr, &theme.grid);
      for (int k = 1; k <= n_steps; k++)
        {
          double y = band_bottom - (band_bottom - top) * k * step / scale_top;

          cairo_move_to (cr, left, y);
          cairo_line_to (cr, right, y);
        }
      cairo_stroke (cr);
      cp_chart_set_rgb (cr, &theme.text);
      for (int order = 0; order <= n_steps; order++)
        {
          /* n_steps, 0, then n_steps - 1 down to 1 */
          int k = order == 0 ? n_steps : order == 1 ? 0 : n_steps - order + 1;
          double y = band_bottom - (band_bottom - top) * k * step / scale_top;
          double text_top = CLAMP (y - line_h / 2, top - line_h / 2, zero_top);
          g_autofree char *text = NULL;

          if (text_top < total_top + line_h && text_top + line_h > total_top)
            continue;
          if (k == 0 && text_top < last_bottom)
            continue;
          if (k > 0 && k < n_steps && (text_top < last_bottom || text_top + line_h > zero_top))
            continue;
          text = cp_i18n_format_number (k * step, 0, data->lang);
          show_text (&ink, ink.font, text, left - pad * 0.4, text_top, 1, 0);
          if (k > 0)
            last_bottom = text_top + line_h;
        }
    }

  /* The bars, each in its row, named at the left. */
  for (guint i = 0; i < n_bars; i++)
    {
      const CpChartBar *bar = &g_array_index (data->bars, CpChartBar, i);
      double y = rows_top + row_h * i, bar_h = MIN (row_h * 0.6, line_h * 1.4), at = bar->start_day;
      double bar_right = left, bar_left = left + (right - left) * bar->start_day / end_day;

      double bar_days = bar->phase_days[0] + bar->phase_days[1] + bar->phase_days[2];
      double bar_px = (right - left) * bar_days / end_day;
      /* A short job is drawn at least BAR_MIN_WIDTH_LINES wide, its
       * phases in their shares, and its length written after it: a 4.2-h
       * job beside a 30-day service was a 1.5-pt sliver on paper (walk38b
       * G9). */
      double widen = bar_px > 0 && bar_px < line_h * BAR_MIN_WIDTH_LINES ? line_h * BAR_MIN_WIDTH_LINES / bar_px : 1;

      cp_chart_set_rgb (cr, &theme.text);
      show_name (&ink, bar->label, left - pad, y, row_h, name_width, line_h, first_forms, data->lang);
      for (int phase = 0; bar->planned && phase < CP_N_PHASES; phase++)
        {
          double x0 = bar_left + (right - left) * (at - bar->start_day) / end_day * widen;
          double x1 = bar_left + (right - left) * (at + bar->phase_days[phase] - bar->start_day) / end_day * widen;
          Rgb rgb;

          at += bar->phase_days[phase];
          if (x1 <= x0)
            continue;
          bar_right = MAX (bar_right, x1);
          phase_rgb (&theme, phase, &rgb);
          cp_chart_set_rgb (cr, &rgb);
          cairo_rectangle (cr, x0, y + (row_h - bar_h) / 2, MAX (x1 - x0, 1), bar_h);
          cairo_fill (cr);
        }
      if (bars != NULL && bar->planned && bar_right > bar_left)
        g_array_append_val (bars, ((CpChartLabelBox) { bar_left, y + (row_h - bar_h) / 2, bar_right - bar_left, bar_h,
                                                       -1, 0 }));
      if (bar->planned && widen > 1)
        {
          Plot plot = { left, right, top, band_bottom, end_day, scale_top, end_x >= 0 ? end_x : NAN };

          double mark_x = isfinite (bar->deadline_day) && bar->deadline_day <= end_day
                          ? left + (right - left) * bar->deadline_day / end_day : NAN;

          bar_right = short_bar_length (&ink, &theme, data, &plot, bar_days, bar_right, mark_x, y + row_h / 2, pad,
                                        line_h);
        }
      if (isfinite (bar->deadline_day) && bar->deadline_day > end_day)
        {
          Plot plot = { left, right, top, band_bottom, end_day, scale_top, end_x >= 0 ? end_x : NAN };

          deadline_beyond (&ink, &theme, data, &plot, bar->deadline_day, y + row_h / 2, row_h, bar_h,
                           bar->planned ? bar_left : right, bar->planned ? bar_right : left, pad * 0.3, line_h);
        }
      else if (isfinite (bar->deadline_day))
        {
          Plot plot = { left, right, top, band_bottom, end_day, scale_top, end_x >= 0 ? end_x : NAN };

          x = left + (right - left) * bar->deadline_day / end_day;
          deadline_within (&ink, &theme, data, &plot, bar->deadline_day, x, y + row_h / 2, row_h, bar_h,
                           bar->planned ? bar_left : right, bar->planned ? bar_right : left, pad, line_h);
        }
      if (bar->planned && isfinite (bar->fallback_start_day))
        {
          Plot plot = { left, right, top, band_bottom, end_day, scale_top, end_x >= 0 ? end_x : NAN };

          fallback_outline (&ink, &theme, data, &plot, bar, y + row_h / 2, bar_h, bar_left, bar_right, pad, line_h);
        }
    }

  /* The cumulative line's total, above the plot over the line's end: a
   * cost axis beside the rows read as the jobs' costs (walk 22: "58,928"
   * at the end of the LoRA row, "0" at the end of the inference job's,
   * which cost 56,448). The line rises from the plot's bottom to that
   * total, under the band's top. */
  if (total > 0 && data->total_label != NULL && total_place != TOTAL_ON_SCALE)
    {
      double w, tx, end_at = end_x >= 0 ? end_x : right;

      set_text (&ink, ink.font, data->total_label, 0, &w, NULL);
      tx = CLAMP (end_at - w / 2, left, right - w);
      cp_chart_set_rgb (cr, &theme.text);
      if (total_place == TOTAL_IN_LEGEND)
        show_text (&ink, ink.font, data->total_label, legend_end_x, legend_row_y, 0, 0);
      else if (total_place == TOTAL_IN_TITLE)
        show_text (&ink, ink.font, data->total_label, text_right - w, edge + (title_h - line_h) / 2, 0, 0);
      else
        show_text (&ink, ink.font, data->total_label, tx, top - line_h - pad * 0.2, 0, 0);
    }
  if (cumulative != NULL && total > 0)
    {
      cp_chart_set_rgb (cr, &theme.text);
      cairo_set_line_width (cr, 2);
      for (guint p = 0; p < cumulative->x->len; p++)
        {
          double px = left + (right - left) * g_array_index (cumulative->x, double, p) / end_day;
          double py = band_bottom - (band_bottom - top) * g_array_index (cumulative->y, double, p) / scale_top;

          if (p == 0)
            cairo_move_to (cr, px, py);
          else
            cairo_line_to (cr, px, py);
        }
      cairo_stroke (cr);
      /* Nothing more is spent after the last job's end: a dot ends the
       * line there, and the dotted leader above carries it to the axis. */
      if (last_end > 0)
        {
          cairo_arc (cr, left + (right - left) * last_end / end_day,
                     band_bottom - (band_bottom - top) * total / scale_top, 3, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
  cp_chart_set_rgb (cr, &theme.axis);
  cairo_set_line_width (cr, 1);
  if (step > 0)
    cairo_rectangle (cr, left, top, right - left, band_bottom - top);
  cairo_rectangle (cr, left, rows_top, right - left, bottom - rows_top);
  cairo_stroke (cr);

done:
  cairo_restore (cr);
  pango_font_description_free (ink.font);
  pango_font_description_free (ink.bold);
  g_object_unref (ink.layout);
  g_object_unref (context);
}
