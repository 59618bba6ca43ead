/* cp-chart.h: the charts, drawn by one cairo module.
 *
 * The window's chart widget, PNG/SVG export (window and CLI), the PDF
 * report and printing all call cp_chart_draw(): data is computed and
 * translated once from the model by cp_chart_data_new_* (on the main
 * thread: it switches the gettext language), then drawn at any size and
 * style, from any thread, without translating anything.
 */
#pragma once

#include <cairo.h>
#include "planner/cp-project.h"
#include "planner/cp-schedule.h"
#include "planner/cp-sweep.h"

G_BEGIN_DECLS

typedef enum {
  CP_CHART_MEMORY,   /* memory requirement against model size */
  CP_CHART_COST,     /* total cost above calendar time, against GPU count */
  CP_CHART_SERVING,  /* a service's cost per million output tokens, against replicas */
  CP_CHART_TIMELINE, /* the project's jobs as bars over calendar time, with the cumulative cost */
} CpChartKind;

typedef enum {
  CP_CHART_STYLE_LIGHT,
  CP_CHART_STYLE_DARK,
  CP_CHART_STYLE_PRINT,
} CpChartStyle;

typedef enum {
  CP_CHART_EMPHASIS_NORMAL,     /* no recommendation to point at */
  CP_CHART_EMPHASIS_HIGHLIGHT,  /* the recommended option */
  CP_CHART_EMPHASIS_MUTED,      /* everything else when one is recommended */
} CpChartEmphasis;

typedef struct {
  char           *label;        /* already in the chart's language */
  GPtrArray      *point_names;  /* a quote's line: each point's option as the readout
                                 * names it, its machines then the quote ("10 × 8 ×
                                 * H800 (80 GPUs) · vendor — offer"), without the
                                 * "Recommended" mark the label has at chosen_x;
                                 * NULL for other lines */
  CpChartEmphasis emphasis;
  gboolean        capacity;     /* memory chart: what a quote's GPUs offer */
  guint           dash;         /* 0 solid; 1… distinct dash patterns */
  gboolean        points_only;  /* single-machine quotes on the cost chart */
  int             shorten_from; /* a quote's name: where its GPUs ("8 × H800") end, the
                                 * label may end in an ellipsis from there; -1: the
                                 * label is never shortened (it wraps instead) */
  gboolean        offer_tells_apart; /* a quote's name: another quote of its vendor has
                                      * its GPU, so only the offer after the vendor
                                      * tells their labels apart and is never cut
                                      * off whole */
  guint           vendor_shared_bytes; /* a quote's name: the bytes its vendor's name
                                        * starts with that another vendor's of the
                                        * project starts with too ("示例供应商" of
                                        * 示例供应商甲 and 示例供应商乙): a head of
                                        * the vendor no longer names it */
  double          chosen_x;     /* the recommended quote: the GPUs (cost chart) or
                                 * replicas (serving chart) of the option chosen,
                                 * marked and labelled there; NAN: the label is at
                                 * the line's end */
  double          single_x;     /* cost chart: the GPUs of one machine of the quote,
                                 * the point of its line that is a single machine;
                                 * NAN elsewhere */
  char           *joint_label;  /* cost chart: the label of this line's labelled point
                                 * where other quotes' labelled points are written
                                 * alike there (same GPUs, cost and days) on the same
                                 * GPUs: one label names them all, "LocalDC · CloudCo:
                                 * 8 × A800 80GB SXM"; never shortened (it wraps);
                                 * NULL where no other is there */
  int             joint_into;   /* cost chart: the series whose joint_label names this
                                 * one too, -1 for none */
  char           *off_scale_label; /* cost chart: the line's highest cost ("↑ up to
                                 * 1,641,840 CNY"), written where it leaves the top of
                                 * a cost panel scaled to y_top; NULL when it stays
                                 * under y_top */
  GArray         *x;            /* double */
  GArray         *y;            /* double: memory, or cost (upper panel) */
  GArray         *y2;           /* double or NULL: days (lower panel of the cost chart) */
  /* Cost chart: each point's band over the assumptions' spread, drawn
   * shaded around the line (a whisker for a single machine); NULL for
   * none. */
  GArray         *y_low;
  GArray         *y_high;
  GArray         *y2_low;
  GArray         *y2_high;
} CpChartSeries;

/* Timeline: one job's bar, its phases one after the other from its start
 * (in days from the project's start). */
typedef struct {
  char   *label;          /* the job's name, in the chart's language */
  double  start_day;
  double  phase_days[3];  /* debugging, migration, the run (CpPhase) */
  double  deadline_day;   /* from the project's start, or NAN: none */
  gboolean planned;       /* FALSE: no feasible option, no bar */
  double  fallback_start_day; /* where it starts when the jobs a quote is short of
                               * machines for run one after another
                               * (cp_schedule_fallback_new()), or NAN: not moved */
} CpChartBar;

/* Where a cluster first beats every single machine on one panel's
 * measure: cost on the upper panel, calendar days on the lower. */
typedef struct {
  double x;       /* GPUs, or NAN: no line */
  double y;       /* the cluster's cost or days there, or NAN */
  char  *label;   /* or NULL; with x NAN, says the cluster wins from its smallest size */
  char  *sentence;/* with x NAN, the same as a sentence of the note, where the
                   * panel's title row has no room for the label; else NULL */
} CpChartBreakEven;

typedef struct {
  CpChartKind kind;
  char       *title;
  char       *x_label;       /* the timeline: when the last job ends and how long the
                              * project takes ("Ends 2027-04-06 (36.8 days)") */
  char       *y_label;       /* above the (upper) panel, horizontal */
  char       *y2_label;      /* above the lower panel, or NULL for one panel */
  gboolean    x_log;
  gboolean    y_log;
  GPtrArray  *series;        /* CpChartSeries* */
  double      marker_x;      /* the job's model size, or NAN */
  double      marker_y;
  char       *marker_label;
  gboolean    marker_recommended; /* the job as configured is how the recommended
                                   * option runs it: its marker in that colour */
  /* Memory chart: the job as the recommended option runs it (its
   * technique and GPUs), when that is not the job as configured; NAN and
   * NULL otherwise. */
  double      recommended_x;
  double      recommended_y;
  char       *recommended_label;
  char       *recommended_short; /* its words where they do not fit, or NULL for
                                  * "This job as recommended" alone */
  double      deadline_days; /* on the lower panel, or NAN */
  char       *deadline_label;
  CpChartBreakEven break_even[2]; /* by panel: [0] cheaper (cost), [1] faster (days) */

  /* Cost chart: the cost the upper panel's scale is set by, the highest
   * of the options the verdict weighs (the recommended, the next ranked
   * and the cheapest); lines above it go off the top with their
   * off_scale_label. NAN: the scale takes in every point drawn. */
  double      y_top;
  char       *lang;          /* language of the labels; also picks CJK glyph shapes */
  double      x_scale;       /* tick labels show value ÷ scale (1 when unscaled) */
  double      y_scale;       /* bytes per GiB/GB on the memory chart; 1, 10^3, 10^4… for money */
  double      y2_scale;
  char       *note;          /* how to read the lines, or NULL */
  char       *empty_text;    /* with nothing to draw (no quote has a price yet), the
                              * sentence drawn centred in place of the axes, which
                              * would be empty; NULL when there is a chart */
  char       *currency;      /* cost chart: ISO code of the costs, else NULL */
  double      title_inset;   /* width kept free right of the title (the window's
                              * buttons over the chart); 0 in files and print */
  double      text_px_min;   /* on a screen, text no smaller than this: the size
                              * of the words around the chart (the window's
                              * present mode); 0 for the chart's own sizes */
  /* Timeline (cp-chart-timeline.c): the bars, the first day's julian
   * number, the legend's words; series[0] is the cumulative cost (x days,
   * y cost). NULL and 0 for the other kinds. */
  GArray     *bars;           /* CpChartBar */
  guint       start_julian;
  double      total_cost;     /* the top of the cost axis: the project's total as the
                               * memo prints it (cp_report_schedule_shown_total()) */
  char       *total_label;    /* that total with its currency, above the line's end */
  char       *legend[6];      /* debugging, migration, run, deadline (NULL when no job
                               * has one to mark), cumulative cost, the fallback's
                               * outline with its end (NULL without one) */
  char       *approval;       /* the memo's amount to approve as page 1 says it
                               * (cp_report_approval_text()), which the window
                               * shows under the chart; not drawn */
  char       *overbooking;    /* the memo's warning under that amount of jobs renting
                               * more of a quote at once than it offers
                               * (cp_report_overbooking_text()), NULL when none;
                               * not drawn */
  /* Where the lines' labels were in the chart of the same job drawn
   * before this one (CpChartPlacement), for this one to keep them there
   * where they are still clear (cp_chart_data_keep_placements()); NULL
   * for none. */
  GPtrArray  *placements;
} CpChartData;

/* A line's label as placed in a chart drawn before. */
typedef struct {
  char   *label;        /* the series' label */
  guint   panel;        /* 0 the upper, 1 the lower */
  double  dx, dy;       /* its box's top left from its line's point */
  double  width, height;
  guint   shown_bytes;  /* how much of the label it showed */
} CpChartPlacement;

/* A text label as drawn: its box in the chart's units. */
typedef struct {
  double x, y, width, height;
  int    series;             /* index into data->series, -1 for the chart's own
                              * labels, CP_CHART_BOX_TITLE for the title */
  guint  shown_bytes;        /* how much of the label shows before an ellipsis
                              * (all of it when there is none) */
  gboolean leader;           /* a line's label away from its point, joined to it
                              * by a thin leader from (leader_x0, leader_y0) at the
                              * point to (leader_x1, leader_y1) at the label */
  double leader_x0, leader_y0, leader_x1, leader_y1;
  /* A line's label beside its point (names_point): that point, on panel
   * @panel (0 the upper, 1 the lower). */
  gboolean names_point;
  double anchor_x, anchor_y;
  guint  panel;
  /* Names every quote at its point (the series' joint_label), not its
   * own line alone. */
  gboolean joint;
} CpChartLabelBox;

#define CP_CHART_BOX_TITLE (-2)

/* @plan: the job's plan (NULL: nothing is highlighted, every quote is
 * compared); @lang: "en" or "zh_CN", the language of labels. */
CpChartData *cp_chart_data_new_memory (const CpProject *project, guint job_index,
                                       const CpPlan *plan, const char *lang);
/* @sweep: cp_project_sweep_job() of the same job. */
CpChartData *cp_chart_data_new_cost   (const CpProject *project, guint job_index,
                                       const CpPlan *plan, const CpSweep *sweep,
                                       const char *lang);
/* @sweep: cp_project_sweep_job() of the same job, an inference job. */
CpChartData *cp_chart_data_new_serving (const CpProject *project, guint job_index,
                                        const CpPlan *plan, const CpSweep *sweep,
                                        const char *lang);
/* @schedule: cp_report_schedule_new() of the same project; the jobs a
 * quote is short of machines for are also drawn run one after another
 * (cp_schedule_fallback_new() of @schedule). */
CpChartData *cp_chart_data_new_timeline (const CpProject *project, const CpSchedule *schedule,
                                         const char *lang);
/* The same with that fallback as the project's analysis keeps it
 * (cp_project_analysis_get_fallback()), or NULL for none. */
CpChartData *cp_chart_data_new_timeline_with_fallback (const CpProject *project, const CpSchedule *schedule,
                                                       const CpScheduleFallback *fallback, const char *lang);
CpChartData *cp_chart_data_copy       (const CpChartData *data);
void         cp_chart_data_free       (CpChartData *data);
/* Gives @data, the chart of the job @before showed, where @before's
 * lines' labels were drawn (@boxes, CpChartLabelBox, as
 * cp_chart_draw_full() gave them): drawn again after a price changed,
 * each label stays beside its line as before where it is still clear,
 * rather than be placed anew (walk41b F12: the labels moved between two
 * renders, so the eye could not compare). Nothing for another job's
 * chart. */
void         cp_chart_data_keep_placements (CpChartData *data, const CpChartData *before,
                                            const GArray *boxes);

/* A chart draws at most this many quotes, the plan's best-ranked (the
 * recommended one always): more lines than that cannot be told apart or
 * named on a slide. */
#define CP_CHART_MAX_QUOTES 8

/* How many points a cost curve needs at most: no more than a chart has room for. */
#define CP_CHART_COST_MAX_POINTS 64

void         cp_chart_draw            (cairo_t *cr, double width, double height,
                                       CpChartStyle style, const CpChartData *data);
/* The same drawing; fills @label_boxes (CpChartLabelBox, may be NULL)
 * with the title and every label placed on the plot, which never overlap. */
void         cp_chart_draw_full       (cairo_t *cr, double width, double height,
                                       CpChartStyle style, const CpChartData *data,
                                       GArray *label_boxes);

/* The drawings of a chart view's last few charts, by their data's
 * content, size and style: a redraw with the same inputs (the window
 * repainted, or a job shown again) replays the drawing instead of
 * measuring every text and placing the labels again, which was most of a
 * chart's drawing time. For one thread at a time. */
typedef struct _CpChartCache CpChartCache;

/* Keeps at most @capacity drawings, the least recently drawn left out. */
CpChartCache *cp_chart_cache_new       (guint capacity);
void          cp_chart_cache_free      (CpChartCache *cache);
/* How many draws replayed a kept drawing so far. */
guint         cp_chart_cache_get_hits  (const CpChartCache *cache);
/* cp_chart_draw_full(), through @cache: the same pixels and label boxes. */
void          cp_chart_draw_cached     (CpChartCache *cache, cairo_t *cr, double width, double height,
                                        CpChartStyle style, const CpChartData *data,
                                        GArray *label_boxes);
/* The kept drawing of these inputs replayed into @cr, as
 * cp_chart_draw_cached() replays it: TRUE; FALSE, nothing drawn, when
 * none is kept. */
gboolean      cp_chart_cache_replay    (CpChartCache *cache, cairo_t *cr, double width, double height,
                                        CpChartStyle style, const CpChartData *data,
                                        GArray *label_boxes);

/* A drawing to make on a worker (a chart's first drawing is most of a
 * frame on a large project), then keep in a cache: its own copy of
 * @data, keyed for @cr's font options as cp_chart_draw_cached() keys a
 * draw into @cr. NULL when a drawing made apart would not replay into
 * @cr (a scaled or turned transform). */
typedef struct _CpChartDrawing CpChartDrawing;

CpChartDrawing *cp_chart_drawing_new     (cairo_t *cr, double width, double height, CpChartStyle style,
                                          const CpChartData *data);
/* What it is a drawing of: equal keys, the same drawing. */
const char     *cp_chart_drawing_get_key (const CpChartDrawing *drawing);
/* Draws it; on any thread (it reads only its own copies). */
void            cp_chart_drawing_record  (CpChartDrawing *drawing);
void            cp_chart_drawing_free    (CpChartDrawing *drawing);
/* Keeps @drawing, recorded, for cp_chart_cache_replay() (taken). */
void            cp_chart_cache_take      (CpChartCache *cache, CpChartDrawing *drawing);

/* A quote's marker as drawn on the cost or serving chart: centred on its
 * point, never moved off it (issue 26: a single machine moved aside to
 * clear another read as 13 GPUs on the GPU axis). */
typedef struct {
  int      series;           /* index into data->series */
  guint    point;            /* index into the series' points */
  gboolean lower;            /* on the lower (days) panel */
  double   x, y;             /* its centre */
  double   size;             /* the marker's size (a circle's radius) */
  gboolean open;             /* drawn as an outline around a marker at the same
                              * point, which shows inside it */
} CpChartMarker;

/* cp_chart_draw_full(), filling @markers (CpChartMarker) with every
 * marker of a quote drawn. */
void         cp_chart_draw_markers    (cairo_t *cr, double width, double height,
                                       CpChartStyle style, const CpChartData *data,
                                       GArray *markers);
/* The colour of the recommended option in @style. */
void         cp_chart_highlight_rgb   (CpChartStyle style, double rgb[3]);
/* Where point @point of series @series falls (upper panel, or with
 * @lower the lower one) in a chart drawn at width × height; FALSE when it
 * is off the plot. */
gboolean     cp_chart_locate          (const CpChartData *data, double width, double height,
                                       CpChartStyle style, guint series, guint point,
                                       gboolean lower, double *x, double *y);
/* The plot's rectangle (all panels, without the labels right of it) in a
 * chart drawn at width × height. */
void         cp_chart_plot_area       (const CpChartData *data, double width, double height,
                                       CpChartStyle style, double *left, double *top,
                                       double *right, double *bottom);
/* The least height at which a chart of @data drawn on a screen keeps its
 * text at @text_px (its text_px_min): lower, the text shrinks so that
 * the plot keeps its room. */
double       cp_chart_height_for_text (const CpChartData *data, double text_px);
/* Text describing the value under (x, y) in a chart drawn at width × height,
 * or NULL when the pointer is outside the plot area. */
char        *cp_chart_readout         (const CpChartData *data, double width, double height,
                                       double x, double y);

/* Writes the chart as PNG (@svg FALSE) or SVG at width × height units;
 * PNG has @scale pixels per unit. Safe on any thread. */
gboolean     cp_chart_write_file      (const CpChartData *data, const char *path, gboolean svg,
                                       double width, double height, double scale,
                                       GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpChartData, cp_chart_data_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpChartCache, cp_chart_cache_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpChartDrawing, cp_chart_drawing_free)

G_END_DECLS
