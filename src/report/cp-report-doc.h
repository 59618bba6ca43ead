/* cp-report-doc.h: the report's pages as a flowing document (private to
 * the report library). */
#pragma once

#include <pango/pangocairo.h>

#include "planner/cp-project.h"
#include "cp-chart.h"

G_BEGIN_DECLS

typedef struct {
  cairo_surface_t *content;     /* the page's drawing, then its header and footer */
} Page;

typedef struct _CpReportMemoTexts CpReportMemoTexts;

typedef struct {
  cairo_t *cr;                  /* the current page's content */
  PangoContext *context;
  const char *lang;
  const CpProject *project;
  GArray *pages;                /* Page, owned by the CpReportLayout */

  double page_width, page_height;
  double left, right, top, bottom;
  double y;
  const char *title_text;      /* "Compute plan: <project>", owned by the layout */
  const char *date;
  guint brief;                 /* how far the memo is shortened to end on its page (cp-report-pdf.c) */
  guint amount_page;           /* the page the amount to approve and its note end on, 0 before */
  gboolean charts_smallest;    /* the job chapters' charts at their smallest, when that saves a page */
  /* The height a layout with every chart at its smallest could take back
   * from this one (cp_doc_could_save_page()): what the charts are drawn
   * taller than their smallest, the room each page break leaves at a
   * page's foot, and what a break adds (a table's header row repeated, a
   * row's padding twice). */
  double spare_height;
  /* A trial of the memo stops once what it measures is decided
   * (cp_doc_stopped()): past page last_page (0: no limit), or, with
   * stop_before_amount, on a second page before the amount to approve. */
  guint last_page;
  gboolean stop_before_amount;
  /* Called with page_started_data at the top of each new page (floats
   * waiting for one), or NULL; a paragraph broken across the page calls
   * it after its end instead. */
  void (*page_started) (gpointer data);
  gpointer page_started_data;

  PangoFontDescription *body;
  PangoFontDescription *bold;
  PangoFontDescription *small;
  PangoFontDescription *small_bold;
  PangoFontDescription *h1;
  PangoFontDescription *h2;
  PangoFontDescription *title;
  GPtrArray *row_cells;         /* PangoLayout per table column, re-used row after row */
  GPtrArray *header_cells;      /* the same for header rows */
  GHashTable *text_cells;       /* shaped cells by font, width, alignment and text */
  GHashTable *widest_words;     /* a cell's widest unbreakable piece, by font and text */
  GHashTable *natural_widths;   /* a cell's width on one line, by font and text */
  GHashTable *paragraphs;       /* shaped paragraphs and headings by font, width and text */
  /* The names typed in the project (cp_i18n_typed_names()), or NULL
   * without one: made once, where each paragraph made them again (on a
   * 20 × 50 project a fifth of the report's time). */
  GStrv typed_names;
  const CpReportMemoTexts *memo_texts; /* while the memo is laid out, owned by its caller (cp-report-pdf.c) */
  gboolean borrowed;            /* a trial copy: the context, fonts and caches are its document's */
} Doc;

void cp_doc_init (Doc *doc, const CpProject *project, const char *lang, double page_width,
                  double page_height, GArray *pages);

void cp_doc_clear (Doc *doc);

void cp_doc_page_furniture (Doc *doc, guint index, guint n_pages);

void cp_doc_page_clear (Page *page);

void cp_doc_new_page (Doc *doc);

gboolean cp_doc_could_save_page (const Doc *doc);

GArray *cp_doc_init_trial (Doc *trial, const Doc *doc);

gboolean cp_doc_stopped (const Doc *doc);

typedef void (*CpDocSection) (Doc *doc, gconstpointer data);

gboolean cp_doc_fills_page (Doc *doc, CpDocSection lay_out, gconstpointer data);

void cp_doc_ensure (Doc *doc, double height);

double cp_doc_room (const Doc *doc);

/* @text spaced as a Chinese paragraph is (cp_i18n_space_chinese()), the
 * names the user typed in the doc's project kept as typed. */
char *cp_doc_spaced (Doc *doc, const char *text);

void cp_doc_paragraph_full (Doc *doc, const PangoFontDescription *font, const char *text,
                            double indent, double space_after, const char *hanging_label);
/* @lead in bold, then @text, in @font as one paragraph: a list of
 * named entries without a line of its own for each name. */
void cp_doc_paragraph_run_in (Doc *doc, const PangoFontDescription *font, const char *lead, const char *text,
                              double space_after);

/* A title, starting a page, with @note (one line) in @note_font at the
 * right of its last line, or under it when the line leaves no room: the
 * memo's byline where page 1 needs every line (approver 36, D8). */
void cp_doc_title_with_note (Doc *doc, const PangoFontDescription *font, const char *title,
                             const PangoFontDescription *note_font, const char *note, double space_after);
/* The height of @text as cp_doc_paragraph_full() draws it, on one page. */
double cp_doc_paragraph_height (Doc *doc, const PangoFontDescription *font, const char *text, double indent);

void cp_doc_paragraph (Doc *doc, const PangoFontDescription *font, const char *text);

void cp_doc_heading (Doc *doc, const PangoFontDescription *font, const char *text,
                     double keep_with_next);

double cp_doc_chart_height (const Doc *doc, double height, double smallest);

gboolean cp_doc_chart_fits (const Doc *doc, double smallest);

void cp_doc_chart (Doc *doc, const CpChartData *data, double height, double smallest);

typedef struct {
  guint n_columns;
  const double *widths;      /* fractions of the text width */
  const gboolean *numeric;   /* right-aligned columns, or NULL */
  char **header;             /* n_columns strings, or NULL */
  GPtrArray *rows;           /* char ** of n_columns strings */
  double min_row_height;     /* for signature lines */
  const PangoFontDescription *font; /* the rows' font; NULL: the body's */
  gboolean keep_whole;       /* on one page whole when it fits on one: a ranking read across a break */
} Table;

double cp_doc_table_lead_height (Doc *doc, const PangoFontDescription *heading_font, const char *heading,
                                 Table *table);

double cp_doc_table_height (Doc *doc, const PangoFontDescription *heading_font, const char *heading,
                            Table *table);

void cp_doc_table_under (Doc *doc, const PangoFontDescription *heading_font, const char *heading,
                         Table *table);

void cp_doc_table (Doc *doc, Table *table);

void cp_doc_table_add_row (Table *table, ...);

G_END_DECLS
