/* cp-chart-private.h: what the chart kinds, axes, label placement and
 * drawing of cp-chart*.c share (private to the report library). */
#pragma once

#include <pango/pangocairo.h>

#include "cp-chart.h"
#include "planner/cp-text-limit.h"

G_BEGIN_DECLS

#define MEMORY_MIN_PARAMS 1e9
#define MEMORY_MAX_PARAMS 1e12
/* Eight points a decade keep the curves smooth on a log axis. */
#define MEMORY_POINTS_PER_DECADE 8

/* The most characters one layout of the report or a chart is given to
 * measure: a note at its limit (cp-text-limit.h) with its sentence twice
 * over. A text past it (a project built by a program, not read through a
 * front door) is cut rather than measured: one 100,000-character word
 * took the PDF past 100 s of CPU. */
#define CP_REPORT_LAYOUT_MAX_CHARS (2 * CP_TEXT_NOTE_MAX_CHARS)

/* pango_layout_set_text() of at most CP_REPORT_LAYOUT_MAX_CHARS of
 * @text (NULL: empty); the report's and the charts' every layout. */
void cp_report_layout_set_text (PangoLayout *layout, const char *text);

CpChartSeries *cp_chart_series_new (const char *label, gboolean with_y2);

void cp_chart_series_free (gpointer data);

void cp_chart_series_add (CpChartSeries *series, double x, double y, double y2);

void cp_chart_series_add_band (CpChartSeries *series, const CpRange *range);

CpChartData *cp_chart_data_new_empty (CpChartKind kind, const char *lang);

/* A digest of everything in @data that its drawing reads: equal for two
 * data that draw the same, different otherwise. */
char *cp_chart_data_fingerprint (const CpChartData *data);

gboolean cp_chart_usable (double value, gboolean log_axis);

/* Whether the cost, days or per-token panel (@second: the days) of @data
 * gets a log axis its data did not ask for (y_log): its values span more
 * than a factor of 30 (cp-chart-axis.c). */
gboolean cp_chart_panel_turns_log (const CpChartData *data, gboolean second);
/* Says so in the title of each panel that turns logarithmic ("Total
 * cost (CNY), log scale"): walk36 X18, the cost axis went from 0–50,000
 * to 2,000–100,000 in decades when a dearer quote came, and the bands
 * read differently with nothing said. Called by the builder, in its
 * language, once the series and the titles are there. */
void     cp_chart_data_say_log_axes (CpChartData *data);

int cp_chart_recommended_quote (const CpPlan *plan);

gboolean cp_chart_quote_compared (const CpPlan *plan, guint quote_index);

char *cp_chart_note_with (const char *note, const CpPlan *plan);

CpChartEmphasis cp_chart_emphasis_for (gboolean has_recommendation, gboolean is_recommended);

char *cp_chart_recommended_label (const char *name);

/* A quote's name on the charts, after its GPUs @hardware (NULL: none
 * before it) (cp-chart-data.c). */
char *cp_chart_quote_name (const CpProject *project, int quote_index, const char *hardware);
char *cp_chart_line_machines (const CpQuote *quote, guint nodes, const char *lang);

CpChartSeries *cp_chart_series_new_for_quote (const CpProject *project, const CpPlan *plan, int quote_index,
                                              gboolean with_y2, const char *lang);

void cp_chart_series_name_point (CpChartSeries *series, const CpProject *project, int quote_index, guint nodes,
                                 const char *lang);

char *cp_chart_format_memory (double bytes, double scale, const char *lang);

int cp_chart_hardware_end (const char *label, const char *summary, gsize hardware_bytes);

typedef struct {
  double min, max;      /* data units */
  gboolean log;
  double scale;         /* labels show value ÷ scale */
  double step;          /* data units between labelled ticks; 0 on a log axis */
  GArray *ticks;        /* double, data units: labelled */
  GArray *minor;        /* double, data units: grid only */
} Axis;

double cp_chart_axis_fraction (const Axis *axis, double value);

double cp_chart_axis_value (const Axis *axis, double fraction);

char *cp_chart_tick_label (const CpChartData *data, const Axis *axis, gboolean is_x, double value);

typedef struct {
  double r, g, b;
} Rgb;

typedef struct {
  Rgb background;
  Rgb text;
  Rgb axis;
  Rgb grid;
  Rgb minor_grid;
  Rgb deadline;
  Rgb break_even;
  Rgb highlight;
  const Rgb *palette;
  guint n_palette;
} Theme;

void cp_chart_theme_for_style (Theme *theme, CpChartStyle style);

Rgb cp_chart_mix (const Rgb *a, const Rgb *b, double t);

void cp_chart_set_rgb (cairo_t *cr, const Rgb *rgb);

typedef struct {
  double x0, y0, x1, y1;
  int    series;     /* index into data->series, -1 for the chart's own lines */
} Segment;

/* A piece of a shaded range band, in px: between x0 and x1 its top
 * and bottom edges run straight from (top0, bottom0) to (top1,
 * bottom1); a whisker is one piece as wide as its caps. */
typedef struct {
  double x0, x1;
  double top0, bottom0, top1, bottom1;
  gboolean strong;     /* a whisker, or the recommended option's band: drawn
                        * darker than the other quotes' bands */
} BandPiece;

typedef struct {
  Axis     y;
  GArray  *segments;     /* Segment: the lines drawn, which labels avoid */
  GArray  *marks;        /* CpChartLabelBox: the markers drawn */
  GArray  *bands;        /* BandPiece: the range bands drawn, which labels
                          * avoid where they find room off them */
  gboolean second;       /* reads series->y2 */
  gboolean log;
  const char *title;
  double   top, bottom;
} Panel;

typedef struct {
  PangoContext *context;
  PangoLayout *layout;   /* one layout, re-used for every text */
  PangoFontDescription *font;
  PangoFontDescription *bold;
  PangoFontDescription *small;
  double font_px;
  double pad;
  double tick_len;
  double line_h;         /* one line of font */

  double width, height;
  Axis x;
  Panel panels[2];
  guint n_panels;

  /* Plot rectangle's sides, shared by the panels */
  double left, right;
  double label_width;    /* the column for the line labels right of the plot */
  double label_room;     /* the width a line's label is first cut to: the
                          * column's, or more where label_to_edge */
  gboolean label_to_edge; /* a line's label has the plot's room on the wider
                           * side of its point, the column kept to what the
                           * labels at the plot's right edge need (a cost
                           * chart on a screen, cp-chart-axis.c) */
  double title_width;    /* wraps the title, clear of data->title_inset */
  char  *note;           /* data->note, and any break-even without room on its panel */
  double title_height;
  double note_top;
  /* Text sizes laid out so far, by font, wrap width and text: placing
   * the line labels asks for the same ones in each panel and at each
   * candidate cut, and laying out is most of a chart's drawing time. */
  GHashTable *measured;
  char *context_key;     /* what sizes depend on besides font and text */
} Geometry;

typedef struct {
  int width, height, lines;
} TextMeasure;

PangoLayout *cp_chart_set_text (Geometry *geometry, const PangoFontDescription *font, const char *text,
                                double wrap_width, gboolean ellipsize);

const TextMeasure *cp_chart_measure_text (Geometry *geometry, const PangoFontDescription *font,
                                          const char *text, double wrap_width);

void cp_chart_text_size (Geometry *geometry, const PangoFontDescription *font, const char *text,
                         double wrap_width, double *width, double *height);

/* At least this many lines of text fit the chart's height: the words
 * around a chart in present mode (data->text_px_min, 16 pt) left the
 * panels of a 460-px chart 30 px tall. */
#define TEXT_LINES_MIN 26.0
/* The text size asked of a screen's chart (data->text_px_min) that its
 * @height has room for. */
double cp_chart_text_px_min (const CpChartData *data, double height);
/* The lines of text the timeline's height holds on a screen, besides and
 * beside its rows (cp-chart-timeline.c). */
double cp_chart_timeline_text_lines (const CpChartData *data);
/* The text context of a chart drawn on @cr in @style. */
PangoContext *cp_chart_context_new (cairo_t *cr, CpChartStyle style);
void cp_chart_geometry_init (Geometry *geometry, PangoContext *context, const CpChartData *data,
                             CpChartStyle style, double width, double height);

void cp_chart_geometry_clear (Geometry *geometry);

void cp_chart_geometry_init_detached (Geometry *geometry, const CpChartData *data, CpChartStyle style,
                                      double width, double height);

double cp_chart_to_px_x (const Geometry *geometry, double value);

double cp_chart_to_px_y (const Panel *panel, double value);

/* Whether @value lies above @panel's scale, told by the value, not by its
 * pixel: at the top of the scale (a single machine at 40,000 under a
 * 40,000 axis) the pixel can land a rounding above the panel's top on one
 * page size and not on another, and a print marked off the scale what the
 * exported report drew under it. */
gboolean cp_chart_above_panel (const Panel *panel, double value);

GArray *cp_chart_panel_values (const Panel *panel, const CpChartSeries *series);

typedef struct {
  cairo_t *cr;
  gboolean snap;   /* screen: put 1-px lines on pixel centres */
  Theme theme;
  GArray *boxes;   /* CpChartLabelBox placed so far */
  GArray *markers; /* CpChartMarker drawn so far, or NULL */
  GArray *leaders; /* Segment: the line labels' leaders drawn so far, on
                    * every panel, which later labels keep clear of */
  GArray *deferred; /* line labels placed but not drawn yet, from
                     * cp_chart_deferred_labels_new(), or NULL: each
                     * cp_chart_draw_line_labels() draws its own */
} Painter;

/* Labels placed on two panels in three calls (cp-chart.c) are widened
 * into the room they have only once all are placed, then drawn: a label
 * widened after the first call took the room a later one needed. */
GArray *cp_chart_deferred_labels_new (void);
void cp_chart_draw_deferred_labels (Painter *painter, Geometry *geometry, const CpChartData *data);

void cp_chart_show_text (Painter *painter, Geometry *geometry, const PangoFontDescription *font,
                         const char *text, double x, double y, double x_align, /* 0 left, 0.5 centre,
                         1 right */ double y_align, double wrap_width, gboolean ellipsize);

const Rgb *cp_chart_series_rgb (const Painter *painter, const CpChartSeries *series, guint index,
                                Rgb *storage, gboolean for_text);

double cp_chart_marker_size (const Geometry *geometry, const CpChartSeries *series);

/* Whether point @point of @series gets a marker: every point of a
 * single machine and of a short line; a long line's ends and the option
 * recommended, the others only bend the line. */
gboolean cp_chart_point_marked (const CpChartSeries *series, guint point);

void cp_chart_ring_markers (const Geometry *geometry, const CpChartData *data, const Panel *panel,
                            GArray *rings) /* double per series */;

typedef struct {
  int    series;
  double anchor_x, anchor_y;
  double gap;          /* from the anchor to the text */
  gboolean joint;      /* names every quote at its point (cp_chart_join_requests()) */
} LabelRequest;

/* Makes the requests of the quotes a series' joint_label names, each at
 * the spot of that series' own, one: that series' request, marked joint,
 * the others' removed (cp-chart-joint.c). Where one of them is not
 * labelled at that spot on this panel, each keeps its own. */
void cp_chart_join_requests (const CpChartData *data, GArray *requests);

/* Keeps a piece of a band (BandPiece) among @panel's, drawn from @x0 to
 * @x1 between its top and bottom edges there: the labels then keep off it. */
void cp_chart_add_band_piece (const Panel *panel, gboolean strong, double x0, double x1, double top0,
                              double bottom0, double top1, double bottom1);

/* How far labels keep off the range bands: off every band, off the
 * darker ones only (whiskers and the recommended option's band, which
 * the other quotes' faint bands do not hide), or not at all. */
typedef enum {
  BANDS_IGNORED,
  BANDS_STRONG,
  BANDS_ALL,
} BandAvoidance;

/* Whether @box covers a range band of @panel that @avoid keeps labels
 * off, inside the plot. */
gboolean cp_chart_box_covers_bands (const Geometry *geometry, const Panel *panel, const CpChartLabelBox *box,
                                    BandAvoidance avoid);

/* @x moved right past the darker band pieces (BandPiece.strong) of
 * @panel shown across it between the panel's top and @low_y: where a
 * line rises off the scale its band rises there too, and a value beside
 * its arrow hid the recommended option's band (the demo's 70B job,
 * read37 F10). */
double cp_chart_right_of_strong_bands (const Panel *panel, double x, double low_y);
/* The series the label of series @index takes its words from: the
 * series itself, or, for a @joint label, @view, a copy of it saying its
 * joint_label, never shortened. */
const CpChartSeries *cp_chart_label_series (const CpChartData *data, int index, gboolean joint,
                                            CpChartSeries *view);

/* Draws the labels @requests asks for on @panel. With @clean_only, a
 * label that finds no place beside its point or with a short leader
 * across nothing is not drawn but added to @unplaced (LabelRequest, may
 * be NULL), except the recommended option's on the upper panel; without,
 * it is drawn where it covers least, off the lines for a cost chart's
 * quote other than the recommended one, else left out. */
void cp_chart_draw_line_labels (Painter *painter, Geometry *geometry, const CpChartData *data,
                                const Panel *panel, GArray *requests, gboolean clean_only,
                                GArray *unplaced);

/* A line label's leader, what it must keep clear of (cp-chart-labels.c). */
typedef struct _Leader Leader;
/* Moves @box up or down from where it wants to be, nearest first, to the
 * first place within [@min_y, @max_y] that no placed label covers, nor
 * @keep_clear (may be NULL), and records it; with @clear_shift ≥ 0 only
 * places at most that far that cover no line of @panel will do; with
 * @leader (may be NULL) only places whose leader is clear. FALSE when
 * there is none (cp-chart-labels.c). */
gboolean cp_chart_place_box (Painter *painter, const Geometry *geometry, const Panel *panel,
                             CpChartLabelBox *box, double min_y, double max_y, double clear_shift,
                             const CpChartLabelBox *keep_clear, const Leader *leader);
/* The chart's own labels (cp-chart-fixed-labels.c). */
gboolean cp_chart_draw_fixed_label (Painter *painter, Geometry *geometry, const PangoFontDescription *font,
                                    const char *text, double x, double y, double x_align, const Panel *panel,
                                    const CpChartLabelBox *keep_clear);
/* The deadline's label over its line at @line_y on @panel: at the plot's
 * left end, else its right, off the lines and markers within a line's
 * height; else nearest the line off the markers and labels; else as
 * cp_chart_draw_fixed_label(). */
gboolean cp_chart_draw_deadline_label (Painter *painter, Geometry *geometry, const PangoFontDescription *font,
                                       const char *text, double line_y, const Panel *panel);
gboolean cp_chart_draw_label_off_lines (Painter *painter, Geometry *geometry, const PangoFontDescription *font,
                                        const char *text, double x, double y, double x_align, double wrap_w,
                                        double max_shift, const Panel *panel, const CpChartLabelBox *keep_clear);

void cp_chart_bar_clear (gpointer bar);

/* A day as the timeline's language writes it in a line of text: "10
 * Dec", "12月10日"; with the year when the chart's first day is in
 * another year or @with_year (cp-chart-timeline.c). */
char *cp_chart_timeline_day_text (const CpChartData *data, const GDate *day, gboolean with_year);
/* The legend's date of the one deadline in full: "5 Feb 2027", the last
 * day (cp-chart-timeline.c). */
char *cp_chart_timeline_deadline_date (const CpChartData *data, double deadline_day);

/* cp-chart-timeline.c: the timeline's drawing, which cp_chart_draw_full()
 * hands a CP_CHART_TIMELINE chart to; @bars (may be NULL) gets each
 * planned job's bar as drawn, a CpChartLabelBox of series -1, for the
 * tests that keep its labels off the bars. */
void cp_chart_draw_timeline (cairo_t *cr, double width, double height, CpChartStyle style,
                             const CpChartData *data, GArray *boxes, GArray *bars);

G_END_DECLS
