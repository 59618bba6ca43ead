/* cp-report-pdf.c: the decision report laid out in pages, and the PDF
 * writer on top of it.
 *
 * The document is laid out once, each page's drawing kept in a cairo
 * recording surface; page furniture ("Page 3 of 12") is recorded apart
 * once the page count is known. The PDF writer and printing both replay
 * these recordings, so paper and PDF carry the same drawing, and pages can
 * be drawn in any order (a print dialog may ask for a range).
 */
#include "cp-report-private.h"
#include "cp-report.h"

#include <math.h>
#include <string.h>
#include <cairo-pdf.h>
#include <gio/gio.h>
#include <pango/pangocairo.h>

#include "planner/cp-serving.h"
#include "planner/cp-units.h"
#include "cp-chart.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"

#define MARGIN_SIDE 50.0
#define MARGIN_TOP 62.0
#define MARGIN_BOTTOM 56.0
#define CELL_PAD 3.0

typedef struct {
  cairo_surface_t *furniture;   /* header and footer */
  cairo_surface_t *content;
} Page;

struct _CpReportLayout
{
  char *title;
  GArray *pages;                /* Page */
};

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

  PangoFontDescription *body;
  PangoFontDescription *bold;
  PangoFontDescription *small;
  PangoFontDescription *h1;
  PangoFontDescription *h2;
  PangoFontDescription *title;
  GPtrArray *row_cells;         /* PangoLayout per table column, re-used row after row */
  GPtrArray *header_cells;      /* the same for header rows */
  GHashTable *text_cells;       /* shaped cells by font, width, alignment and text */
} Doc;

/* The layouts of the row being laid out, borrowed from the pools above. */
#define MAX_COLUMNS 12
typedef struct {
  PangoLayout *cells[MAX_COLUMNS];
} Row;

typedef struct {
  CpPlan      *plan;
  CpChartData *memory;
  CpChartData *cost;
  CpChartData *serving;         /* an inference job's cost per token, else NULL */
} JobResult;

/* The drawn height of each chart: on an A4 page two fit with their
 * headings, and the cost chart's two panels each keep the height of a
 * one-panel chart's plot. */
#define MEMORY_CHART_HEIGHT 300.0
#define COST_CHART_HEIGHT 380.0

static PangoFontDescription *
font_new (const char *lang,
          double      points,
          gboolean    bold)
{
  PangoFontDescription *font = pango_font_description_from_string (cp_i18n_font_family (lang));

  pango_font_description_set_size (font, (int) (points * PANGO_SCALE));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  return font;
}

/* What a PDF surface asks of fonts. Pages are recorded on surfaces that
 * ask nothing (where cairo would hint metrics), so the pages' contexts and
 * the text measuring context get these: glyph positions then do not
 * depend on the device, and the charts' text (measured from the page's
 * cairo context) and the body text use the same fonts, which a PDF embeds
 * once. */
static cairo_font_options_t *
font_options_new (void)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  return options;
}

static void
doc_init (Doc             *doc,
          const CpProject *project,
          const char      *lang,
          double           page_width,
          double           page_height,
          GArray          *pages)
{
  cairo_font_options_t *options = font_options_new ();

  memset (doc, 0, sizeof *doc);
  doc->lang = lang;
  doc->project = project;
  doc->pages = pages;
  doc->page_width = page_width;
  doc->page_height = page_height;
  doc->left = MARGIN_SIDE;
  doc->right = page_width - MARGIN_SIDE;
  doc->top = MARGIN_TOP;
  doc->bottom = page_height - MARGIN_BOTTOM;

  doc->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  /* The drawing's units are points: pango's default 96 dpi would make
   * every label a third too big. */
  pango_cairo_context_set_resolution (doc->context, 72);
  pango_context_set_language (doc->context, pango_language_from_string (cp_i18n_pango_language (lang)));
  pango_cairo_context_set_font_options (doc->context, options);
  cairo_font_options_destroy (options);
  pango_context_set_round_glyph_positions (doc->context, FALSE);

  doc->body = font_new (lang, 9.5, FALSE);
  doc->bold = font_new (lang, 9.5, TRUE);
  doc->small = font_new (lang, 8, FALSE);
  doc->h1 = font_new (lang, 15, TRUE);
  doc->h2 = font_new (lang, 11.5, TRUE);
  doc->title = font_new (lang, 20, TRUE);
  doc->row_cells = g_ptr_array_new_with_free_func (g_object_unref);
  doc->header_cells = g_ptr_array_new_with_free_func (g_object_unref);
  doc->text_cells = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
}

static void
doc_clear (Doc *doc)
{
  g_clear_pointer (&doc->cr, cairo_destroy);
  g_clear_pointer (&doc->row_cells, g_ptr_array_unref);
  g_clear_pointer (&doc->header_cells, g_ptr_array_unref);
  g_clear_pointer (&doc->text_cells, g_hash_table_unref);
  g_clear_object (&doc->context);
  g_clear_pointer (&doc->body, pango_font_description_free);
  g_clear_pointer (&doc->bold, pango_font_description_free);
  g_clear_pointer (&doc->small, pango_font_description_free);
  g_clear_pointer (&doc->h1, pango_font_description_free);
  g_clear_pointer (&doc->h2, pango_font_description_free);
  g_clear_pointer (&doc->title, pango_font_description_free);
}

static PangoLayout *
doc_layout (Doc                        *doc,
            const PangoFontDescription *font,
            const char                 *text,
            double                      width)
{
  PangoLayout *layout = pango_layout_new (doc->context);

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  return layout;
}

static double
layout_height (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.height / PANGO_SCALE;
}

static void
show_layout (cairo_t     *cr,
             PangoLayout *layout,
             double       x,
             double       y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static cairo_surface_t *
page_surface_new (Doc *doc)
{
  cairo_rectangle_t extents = { 0, 0, doc->page_width, doc->page_height };

  return cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
}

/* Header (title and date) and footer (page N of M) of page @index. */
static void
doc_page_furniture (Doc   *doc,
                    guint  index,
                    guint  n_pages)
{
  Page *page = &g_array_index (doc->pages, Page, index);
  g_autoptr(PangoLayout) left = NULL;
  g_autoptr(PangoLayout) right = NULL;
  g_autoptr(PangoLayout) footer = NULL;
  g_autofree char *page_text = NULL;
  g_autofree char *page_number = cp_i18n_format_number (index + 1, 0, doc->lang);
  g_autofree char *total = cp_i18n_format_number (n_pages, 0, doc->lang);
  double width = doc->right - doc->left;
  cairo_t *cr;
  int w, h;

  page->furniture = page_surface_new (doc);
  cr = cairo_create (page->furniture);

  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  right = doc_layout (doc, doc->small, doc->date, 0);
  pango_layout_get_pixel_size (right, &w, &h);
  /* The project name gives way to the date when both do not fit. */
  left = doc_layout (doc, doc->small, doc->title_text, width - w - 12);
  pango_layout_set_ellipsize (left, PANGO_ELLIPSIZE_END);
  show_layout (cr, left, doc->left, MARGIN_TOP - 30);
  show_layout (cr, right, doc->right - w, MARGIN_TOP - 30);
  cairo_set_line_width (cr, 0.5);
  cairo_move_to (cr, doc->left, MARGIN_TOP - 30 + h + 3);
  cairo_line_to (cr, doc->right, MARGIN_TOP - 30 + h + 3);
  cairo_stroke (cr);

  /* TRANSLATORS: page footer, "Page 3 of 12" */
  page_text = g_strdup_printf (_("Page %s of %s"), page_number, total);
  footer = doc_layout (doc, doc->small, page_text, 0);
  pango_layout_get_pixel_size (footer, &w, &h);
  show_layout (cr, footer, (doc->page_width - w) / 2, doc->page_height - MARGIN_BOTTOM + 22);

  cairo_destroy (cr);
}

static void
doc_new_page (Doc *doc)
{
  Page page = { NULL, page_surface_new (doc) };
  cairo_font_options_t *options;

  g_array_append_val (doc->pages, page);
  g_clear_pointer (&doc->cr, cairo_destroy);
  doc->cr = cairo_create (page.content);
  options = font_options_new ();
  cairo_set_font_options (doc->cr, options);
  cairo_font_options_destroy (options);
  doc->y = doc->top;
}

/* Starts a new page unless @height fits below the cursor. */
static void
doc_ensure (Doc    *doc,
            double  height)
{
  if (doc->y + height > doc->bottom && doc->y > doc->top)
    doc_new_page (doc);
}

/* A paragraph, broken across pages between lines. */
static void
doc_paragraph_full (Doc                        *doc,
                    const PangoFontDescription *font,
                    const char                 *text,
                    double                      indent,
                    double                      space_after,
                    const char                 *hanging_label)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(PangoLayout) label = NULL;
  PangoLayoutIter *iter;
  double width = doc->right - doc->left - indent;
  double layout_top = doc->y;
  gboolean first = TRUE;

  layout = doc_layout (doc, font, text, width);
  if (hanging_label != NULL)
    label = doc_layout (doc, doc->bold, hanging_label, indent);

  iter = pango_layout_get_iter (layout);
  do
    {
      PangoRectangle logical;
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      double line_top, line_height, baseline;

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      line_top = (double) logical.y / PANGO_SCALE;
      line_height = (double) logical.height / PANGO_SCALE;
      baseline = (double) pango_layout_iter_get_baseline (iter) / PANGO_SCALE;

      if (layout_top + line_top + line_height > doc->bottom && doc->y > doc->top)
        {
          doc_new_page (doc);
          /* The rest of the paragraph continues at the top of the page. */
          layout_top = doc->top - line_top;
        }
      cairo_move_to (doc->cr, doc->left + indent, layout_top + baseline);
      pango_cairo_show_layout_line (doc->cr, line);
      if (first && label != NULL)
        show_layout (doc->cr, label, doc->left, layout_top + line_top);
      first = FALSE;
      doc->y = layout_top + line_top + line_height;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);

  doc->y += space_after;
}

static void
doc_paragraph (Doc                        *doc,
               const PangoFontDescription *font,
               const char                 *text)
{
  doc_paragraph_full (doc, font, text, 0, 5, NULL);
}

/* A heading stays with at least the first lines of what follows. */
static void
doc_heading (Doc                        *doc,
             const PangoFontDescription *font,
             const char                 *text,
             double                      keep_with_next)
{
  g_autoptr(PangoLayout) layout = doc_layout (doc, font, text, doc->right - doc->left);
  double height = layout_height (layout);
  double space_before = font == doc->h1 ? 10 : 6;

  if (doc->y > doc->top)
    doc->y += space_before;
  doc_ensure (doc, height + keep_with_next);
  cairo_set_source_rgb (doc->cr, 0.08, 0.20, 0.40);
  show_layout (doc->cr, layout, doc->left, doc->y);
  cairo_set_source_rgb (doc->cr, 0, 0, 0);
  doc->y += height + 4;
}

/* ---------------------------------------------------------------------- */
/* Tables: rows of wrapped cells; the header row is repeated on every page
 * the table reaches, and a row never splits. */

typedef struct {
  guint n_columns;
  const double *widths;      /* fractions of the text width */
  const gboolean *numeric;   /* right-aligned columns, or NULL */
  char **header;             /* n_columns strings, or NULL */
  GPtrArray *rows;           /* char ** of n_columns strings */
  double min_row_height;     /* for signature lines */
} Table;

/* Column @column's layout of @pool set to @text in @font, wrapped at
 * @width. Each cell is shaped once: a row's layouts are measured, then
 * drawn as they are. */
static PangoLayout *
cell_layout (Doc                        *doc,
             GPtrArray                  *pool,
             guint                       column,
             const PangoFontDescription *font,
             const char                 *text,
             double                      width,
             gboolean                    right_aligned)
{
  PangoLayout *layout;

  while (pool->len <= column)
    g_ptr_array_add (pool, pango_layout_new (doc->context));
  layout = g_ptr_array_index (pool, column);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, width > 0 ? (int) (width * PANGO_SCALE) : -1);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, right_aligned ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  return layout;
}

/* The width of the widest piece of @text that a line may not break: a
 * word in English; in Chinese, which breaks between characters, a
 * character or a figure with its unit. What a cell needs to wrap only
 * where the language allows. */
static int
widest_word (Doc                        *doc,
             GPtrArray                  *pool,
             guint                       column,
             const PangoFontDescription *font,
             const char                 *text)
{
  PangoLayout *layout = cell_layout (doc, pool, column, font, text, 0, FALSE);
  int widest = 0;

  /* Narrower than any piece: every break the language allows is taken,
   * and a piece that cannot break overflows whole (PANGO_WRAP_WORD). */
  pango_layout_set_width (layout, 1);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_get_pixel_size (layout, &widest, NULL);
  return widest;
}

/* How much of a column's text a width must keep on one line, from the
 * most to the least; fit_widths() takes the first the page allows. */
typedef enum {
  KEEP_HEADERS_AND_FIGURES,  /* whole headers, whole figures */
  KEEP_FIGURES,              /* headers wrap between words */
  KEEP_WORDS,                /* figures with units wrap between words too */
  N_KEEPS
} Keep;

/* The width column @c cannot go below: its header and its widest figure
 * as @keep says, and for a text column two thirds of its share and its
 * longest word. */
static double
column_need (Doc         *doc,
             const Table *table,
             guint        c,
             double       share,
             Keep         keep)
{
  double need = 0;
  int w = 0;

  if (table->header != NULL)
    {
      if (keep == KEEP_HEADERS_AND_FIGURES)
        pango_layout_get_pixel_size (cell_layout (doc, doc->header_cells, c, doc->bold, table->header[c], 0, FALSE),
                                     &w, NULL);
      else
        w = widest_word (doc, doc->header_cells, c, doc->bold, table->header[c]);
      need = w + 2 * CELL_PAD + 1;
    }
  /* Nor is a figure: "¥146,844" must not lose its last digit to the
   * next line. Figures of a column share one format, so the longest
   * is the widest. */
  if (table->numeric != NULL && table->numeric[c] && keep != KEEP_WORDS)
    {
      const char *longest = NULL;
      glong longest_chars = -1;

      for (guint r = 0; r < table->rows->len; r++)
        {
          const char *cell = ((char **) g_ptr_array_index (table->rows, r))[c];
          glong chars = cell != NULL ? g_utf8_strlen (cell, -1) : 0;

          if (chars > longest_chars)
            {
              longest_chars = chars;
              longest = cell;
            }
        }
      pango_layout_get_pixel_size (cell_layout (doc, doc->row_cells, c, doc->body, longest, 0, FALSE), &w, NULL);
      return MAX (need, w + 2 * CELL_PAD + 1);
    }
  /* A text column gives at most a third of its width away; every column
   * keeps its longest word (a vendor's name, a figure's unit) whole. */
  if (table->numeric == NULL || !table->numeric[c])
    need = MAX (need, share * 2 / 3);
  for (guint r = 0; r < table->rows->len; r++)
    {
      const char *cell = ((char **) g_ptr_array_index (table->rows, r))[c];

      need = MAX (need, widest_word (doc, doc->row_cells, c, doc->body, cell) + 2 * CELL_PAD + 1);
    }
  return need;
}

/* Column widths in points. A header is never broken inside a word, which
 * in Chinese (no spaces) would split a word such as 能否放下: headers and
 * figures stay on one line where the columns with room to spare can give
 * the difference; where they cannot, they wrap between their words. */
static void
fit_widths (Doc         *doc,
            const Table *table,
            double      *widths)
{
  double total = doc->right - doc->left;
  double *need = g_newa (double, table->n_columns);

  for (Keep keep = 0; keep < N_KEEPS; keep++)
    {
      double deficit = 0, slack = 0;

      for (guint c = 0; c < table->n_columns; c++)
        {
          widths[c] = table->widths[c] * total;
          need[c] = column_need (doc, table, c, widths[c], keep);
          if (need[c] > widths[c])
            deficit += need[c] - widths[c];
          else
            slack += widths[c] - need[c];
        }
      if (deficit <= 0)
        return;
      if (deficit <= slack)
        {
          for (guint c = 0; c < table->n_columns; c++)
            {
              if (need[c] > widths[c])
                widths[c] = need[c];
              else
                widths[c] -= (widths[c] - need[c]) * deficit / slack;
            }
          return;
        }
    }

  {
    /* Too narrow a page for every word: share the width by need. */
    double sum = 0;

    for (guint c = 0; c < table->n_columns; c++)
      sum += need[c];
    for (guint c = 0; c < table->n_columns; c++)
      widths[c] = need[c] * total / sum;
  }
}

/* Cells shaped once for the whole report: quote names, yes/no, technique
 * words and many figures ("0", "1", "30.0") come back in every job's
 * tables. Past this many the cache stops growing, which bounds its
 * memory in reports of hundreds of pages. */
#define MAX_CACHED_CELLS 4096

static PangoLayout *
cached_cell_layout (Doc                        *doc,
                    GPtrArray                  *pool,
                    guint                       column,
                    const PangoFontDescription *font,
                    const char                 *text,
                    double                      width,
                    gboolean                    right_aligned)
{
  g_autofree char *key = g_strdup_printf ("%p %d %d %s", (gpointer) font, (int) (width * PANGO_SCALE),
                                          right_aligned, text != NULL ? text : "");
  PangoLayout *layout = g_hash_table_lookup (doc->text_cells, key);

  if (layout != NULL)
    return layout;
  if (g_hash_table_size (doc->text_cells) >= MAX_CACHED_CELLS)
    return cell_layout (doc, pool, column, font, text, width, right_aligned);
  layout = pango_layout_new (doc->context);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, right_aligned ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  g_hash_table_insert (doc->text_cells, g_steal_pointer (&key), layout);
  return layout;
}

/* Sets @row to the layouts of @cells (from the report's cache, else from
 * @pool) and returns the row's height. */
static double
prepare_row (Doc                        *doc,
             GPtrArray                  *pool,
             Row                        *row,
             const Table                *table,
             const double               *widths,
             char                      **cells,
             const PangoFontDescription *font)
{
  double height = table->min_row_height;

  g_return_val_if_fail (table->n_columns <= MAX_COLUMNS, 0);

  for (guint c = 0; c < table->n_columns; c++)
    {
      gboolean numeric = table->numeric != NULL && table->numeric[c];

      row->cells[c] = cached_cell_layout (doc, pool, c, font, cells[c], widths[c] - 2 * CELL_PAD, numeric);
      height = MAX (height, layout_height (row->cells[c]) + 2 * CELL_PAD);
    }
  return height;
}

/* Draws the row prepare_row() last set. */
static void
draw_row (Doc          *doc,
          const Row    *row,
          const Table  *table,
          const double *widths,
          double        height,
          gboolean      shaded)
{
  double width = doc->right - doc->left;
  double x = doc->left;

  if (shaded)
    {
      cairo_set_source_rgb (doc->cr, 0.93, 0.95, 0.98);
      cairo_rectangle (doc->cr, doc->left, doc->y, width, height);
      cairo_fill (doc->cr);
    }
  cairo_set_source_rgb (doc->cr, 0.75, 0.75, 0.75);
  cairo_set_line_width (doc->cr, 0.4);
  cairo_move_to (doc->cr, doc->left, doc->y + height);
  cairo_line_to (doc->cr, doc->right, doc->y + height);
  cairo_stroke (doc->cr);
  cairo_set_source_rgb (doc->cr, 0, 0, 0);

  for (guint c = 0; c < table->n_columns; c++)
    {
      show_layout (doc->cr, row->cells[c], x + CELL_PAD, doc->y + CELL_PAD);
      x += widths[c];
    }
  doc->y += height;
}

/* A table under its heading (or none): the heading, the header row and
 * the first row start on the same page; the header row is repeated on
 * every page the table reaches, and a row never splits. */
/* The height doc_table_under() keeps together at the top of @table: its
 * heading, header row and first row. A heading just above it keeps this
 * much with it, so that it never ends a page alone. */
static double
table_lead_height (Doc                        *doc,
                   const PangoFontDescription *heading_font,
                   const char                 *heading,
                   Table                      *table)
{
  double *widths = g_newa (double, table->n_columns);
  Row row = { { NULL } };
  double height = 0;

  fit_widths (doc, table, widths);
  if (table->header != NULL)
    height += prepare_row (doc, doc->header_cells, &row, table, widths, table->header, doc->bold);
  if (table->rows->len > 0)
    height += prepare_row (doc, doc->row_cells, &row, table, widths, g_ptr_array_index (table->rows, 0), doc->body);
  if (heading != NULL)
    {
      g_autoptr(PangoLayout) layout = doc_layout (doc, heading_font, heading, doc->right - doc->left);

      height += (heading_font == doc->h1 ? 10 : 6) + layout_height (layout) + 4;
    }
  return height;
}

static void
doc_table_under (Doc                        *doc,
                 const PangoFontDescription *heading_font,
                 const char                 *heading,
                 Table                      *table)
{
  double *widths = g_newa (double, table->n_columns);
  double header_height = 0;
  double height = 0;
  Row header = { { NULL } }, row = { { NULL } };

  fit_widths (doc, table, widths);
  if (table->header != NULL)
    header_height = prepare_row (doc, doc->header_cells, &header, table, widths, table->header, doc->bold);
  if (table->rows->len > 0)
    height = prepare_row (doc, doc->row_cells, &row, table, widths, g_ptr_array_index (table->rows, 0), doc->body);
  if (heading != NULL)
    doc_heading (doc, heading_font, heading, header_height + height);
  else
    doc_ensure (doc, header_height + height);

  for (guint r = 0; r < table->rows->len; r++)
    {
      gboolean new_page;

      if (r > 0)
        height = prepare_row (doc, doc->row_cells, &row, table, widths, g_ptr_array_index (table->rows, r), doc->body);
      new_page = doc->y + height > doc->bottom && doc->y > doc->top;
      if (new_page)
        doc_new_page (doc);
      if (table->header != NULL && (r == 0 || new_page))
        draw_row (doc, &header, table, widths, header_height, TRUE);
      draw_row (doc, &row, table, widths, height, FALSE);
    }
  doc->y += 8;
}

static void
doc_table (Doc   *doc,
           Table *table)
{
  doc_table_under (doc, NULL, NULL, table);
}

static void
table_add_row (Table *table,
               ...)
{
  va_list args;
  char **cells = g_new0 (char *, table->n_columns + 1);

  va_start (args, table);
  for (guint c = 0; c < table->n_columns; c++)
    cells[c] = va_arg (args, char *);
  va_end (args);
  g_ptr_array_add (table->rows, cells);
}

/* ---------------------------------------------------------------------- */
/* Words for the report's figures                                         */

static char *
yes_no (gboolean value)
{
  return g_strdup (value ? _("Yes") : _("No"));
}

/* The Deadline met column: for a service, whether it carries its target
 * (a shortfall marked ✗ as a missed deadline reads "No"). */
static char *
deadline_cell (const CpJob      *job,
               const CpEstimate *e,
               const char       *lang)
{
  if (job->kind == CP_TASK_INFERENCE && e->fits)
    return cp_words_deadline_status (job, e, lang);
  return job->deadline_days > 0 ? yes_no (e->meets_deadline) : g_strdup ("—");
}

static char *
quote_hardware (const CpQuote *quote)
{
  const char *gpu = quote->gpu.name != NULL ? quote->gpu.name : quote->gpu.id;

  if (cp_quote_is_cluster (quote))
    /* TRANSLATORS: hardware of a cluster quote: nodes × GPUs per node, GPU model */
    return g_strdup_printf (_("up to %u nodes × %u × %s"), quote->nodes_available, quote->gpus_per_node, gpu);
  /* TRANSLATORS: hardware of a single machine: GPUs, GPU model */
  return g_strdup_printf (_("%u × %s"), quote->gpus_per_node, gpu);
}

static char *
quote_network (const CpQuote *quote,
               const char    *lang)
{
  g_autofree char *rate = NULL;

  if (quote->network == CP_NETWORK_NONE || quote->nics_per_node == 0)
    return g_strdup (cp_words_network (CP_NETWORK_NONE));
  rate = cp_i18n_format_number (quote->nic_gbps, 0, lang);
  /* TRANSLATORS: network kind, NICs × rate in Gb/s, dedicated or shared */
  return g_strdup_printf (_("%s %u × %s Gb/s, %s"), cp_words_network (quote->network),
                          quote->nics_per_node, rate, cp_words_sharing (quote->sharing));
}

static char *
quote_price (const CpQuote *quote,
             const char    *lang)
{
  g_autofree char *money = cp_i18n_format_money (quote->price, quote->currency, lang);

  return g_strdup_printf ("%s %s", money, cp_words_price_unit (quote->price_unit));
}

static char *
job_size (const CpJob *job,
          const char  *lang)
{
  if (job->kind == CP_TASK_INFERENCE)
    {
      g_autofree char *concurrency = cp_i18n_format_number (job->concurrency, 0, lang);
      g_autofree char *context = cp_i18n_format_number (job->context_len, 0, lang);
      /* TRANSLATORS: size of an inference job */
      return g_strdup_printf (_("%s concurrent requests of %s tokens"), concurrency, context);
    }
  if (cp_task_kind_is_training (job->kind))
    {
      return cp_words_tokens (job->tokens, lang);
    }
  return cp_i18n_format_days (job->duration_days > 0 ? job->duration_days : job->deadline_days, lang);
}

/* The three lines that answer the approver: what to rent, from whom,
 * and for how much by when. */
static char *
answer_what (const CpProject *project,
             const CpOption  *option)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  const CpEstimate *e = &option->estimate;
  const char *gpu = quote->gpu.name != NULL ? quote->gpu.name : quote->gpu.id;
  g_autofree char *machines = NULL;

  /* TRANSLATORS: how many machines to rent */
  machines = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u machine", "%u machines", e->nodes), e->nodes);
  if (e->technique != CP_TECHNIQUE_AS_CONFIGURED)
    /* TRANSLATORS: the first answer line: machines, GPU count × GPU model, the memory technique */
    return g_strdup_printf (_("Rent: %s, %u × %s in all, using %s."), machines, e->gpus, gpu,
                            cp_words_technique (e->technique));
  /* TRANSLATORS: the first answer line: machines, GPU count × GPU model */
  return g_strdup_printf (_("Rent: %s, %u × %s in all."), machines, e->gpus, gpu);
}

static char *
answer_from (const CpProject *project,
             const CpOption  *option)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  g_autofree char *name = cp_words_quote_name (project, option->quote_index);

  /* TRANSLATORS: the second answer line: the quote and its kind of offering */
  return g_strdup_printf (_("From: %s (%s)."), name, cp_words_offering (quote->offering));
}

static char *
answer_cost (const CpProject *project,
             const CpJob     *job,
             const CpPlan    *plan,
             const CpOption  *option,
             const char      *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  const CpEstimate *e = &option->estimate;
  g_autofree char *cost = cp_i18n_format_money (e->total_cost, quote->currency, lang);
  g_autofree char *days = cp_i18n_format_days (e->calendar_days, lang);
  g_autofree char *deadline = NULL;

  if (plan->cost_unknown)
    /* TRANSLATORS: the third answer line when no quote has a price to compare: calendar days */
    return g_strdup_printf (_("For: a cost unknown without a price to compare; done in %s."), days);

  if (!(job->deadline_days > 0))
    /* TRANSLATORS: the third answer line: total cost, calendar days */
    return g_strdup_printf (_("For: %s in total; done in %s."), cost, days);
  deadline = cp_i18n_format_days (job->deadline_days, lang);
  return g_strdup_printf (e->meets_deadline
                          /* TRANSLATORS: the third answer line: total cost, days, deadline */
                          ? _("For: %s in total; done in %s, within the %s deadline.")
                          /* TRANSLATORS: the third answer line: total cost, days, deadline */
                          : _("For: %s in total; done in %s, later than the %s deadline."),
                          cost, days, deadline);
}

/* ---------------------------------------------------------------------- */
/* Sections                                                               */

/* Whether @job's options run a training layout (parallel sizes, ZeRO,
 * micro-batch, recompute) worth showing. */
static gboolean
job_has_layout (const CpJob *job)
{
  return cp_task_kind_is_training (job->kind);
}


static void
section_title (Doc *doc)
{
  g_autofree char *byline = NULL;

  doc_paragraph_full (doc, doc->title, doc->title_text, 0, 6, NULL);

  if (doc->project->prepared_by != NULL && *doc->project->prepared_by != '\0')
    /* TRANSLATORS: under the title: who prepared it, the date, the program */
    byline = g_strdup_printf (_("Prepared by %s · %s · Compute Planner %s"),
                              doc->project->prepared_by, doc->date, PACKAGE_VERSION);
  else
    byline = g_strdup_printf (_("%s · Compute Planner %s"), doc->date, PACKAGE_VERSION);
  doc_paragraph_full (doc, doc->body, byline, 0, 10, NULL);
}

static void
section_question (Doc       *doc,
                  JobResult *results)
{
  const CpProject *project = doc->project;

  doc_heading (doc, doc->h1, _("Recommendation"), 60);
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      const CpPlan *plan = results[j].plan;
      g_autofree char *heading = NULL;

      /* TRANSLATORS: job name, its kind and the verdict */
      heading = plan != NULL
                ? g_strdup_printf (_("%s (%s): %s"), job->name, cp_words_task_kind (job->kind), cp_words_plan_verdict (plan))
                : g_strdup_printf (_("%s (%s)"), job->name, cp_words_task_kind (job->kind));
      doc_heading (doc, doc->h2, heading, 42);
      if (plan == NULL)
        {
          doc_paragraph (doc, doc->body, _("No plan could be computed for this job; check its fields."));
          continue;
        }
      if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);
          g_autofree char *what = answer_what (project, option);
          g_autofree char *from = answer_from (project, option);
          g_autofree char *cost = answer_cost (project, job, plan, option, doc->lang);
          g_autofree char *price_check = cp_words_price_check (project, plan, doc->lang);

          doc_paragraph_full (doc, doc->bold, what, 0, 1, NULL);
          doc_paragraph_full (doc, doc->body, from, 0, 1, NULL);
          doc_paragraph_full (doc, doc->body, cost, 0, job_has_layout (job) || price_check != NULL ? 1 : 4, NULL);
          /* The total above rests on that price: an approver reading only
           * this page must see the doubt next to it. */
          if (price_check != NULL)
            doc_paragraph_full (doc, doc->bold, price_check, 0, job_has_layout (job) ? 1 : 4, NULL);
          if (job_has_layout (job))
            {
              g_autofree char *words = cp_words_estimate_layout (project, &option->estimate, doc->lang);
              g_autofree char *line = NULL;

              /* TRANSLATORS: the fourth answer line: the training layout of the recommended option */
              line = g_strdup_printf (_("Layout: %s."), words);
              doc_paragraph_full (doc, doc->body, line, 0, 4, NULL);
            }
        }
      else
        {
          g_autofree char *answer = cp_words_not_feasible (project, plan, doc->lang);
          g_autofree char *price_check = cp_words_price_check (project, plan, doc->lang);

          doc_paragraph (doc, doc->body, answer);
          if (price_check != NULL)
            doc_paragraph (doc, doc->bold, price_check);
        }
    }

  doc_heading (doc, doc->h1, _("The question"), 40);
  doc_paragraph (doc, doc->body,
                 _("For each job below: rent one machine or a cluster, and from which quote, so that the job finishes by its deadline at the lowest total cost? Total cost counts compute, network, storage, fees, debugging on one machine and the team's migration time, not the unit price alone."));
}

static void
section_jobs_and_quotes (Doc *doc)
{
  static const double job_widths[] = { 0.24, 0.20, 0.22, 0.22, 0.12 };
  static const double quote_widths[] = { 0.24, 0.15, 0.18, 0.17, 0.14, 0.12 };
  const CpProject *project = doc->project;
  char *job_header[] = { _("Job"), _("Kind"), _("Model"), _("Size"), _("Deadline") };
  char *quote_header[] = { _("Quote"), _("Offering"), _("Hardware"), _("Network"), _("Price"), _("Valid until") };
  Table jobs = { 5, job_widths, NULL, job_header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0 };
  Table quotes = { 6, quote_widths, NULL, quote_header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0 };

  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      g_autofree char *params = cp_format_count (job->model.params);
      const char *model_name = job->model.name != NULL ? job->model.name : job->model.id;

      table_add_row (&jobs, g_strdup (job->name),
                     g_strdup (cp_words_task_kind (job->kind)),
                     job->model.params > 0
                     ? g_strdup_printf ("%s (%s)", model_name != NULL ? model_name : "—", params)
                     : g_strdup ("—"),
                     job_size (job, doc->lang),
                     job->deadline_days > 0 ? cp_i18n_format_days (job->deadline_days, doc->lang) : g_strdup ("—"));
    }
  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, q);

      table_add_row (&quotes, cp_words_quote_name (project, (int) q),
                     g_strdup (cp_words_offering (quote->offering)),
                     quote_hardware (quote),
                     quote_network (quote, doc->lang),
                     quote_price (quote, doc->lang),
                     cp_i18n_format_iso_date (quote->valid_until, doc->lang));
    }

  doc_table_under (doc, doc->h1, _("Jobs"), &jobs);
  doc_table_under (doc, doc->h1, _("Quotes"), &quotes);

  g_ptr_array_unref (jobs.rows);
  g_ptr_array_unref (quotes.rows);
}

/* A chart carries its own title, so it never parts from its heading. */
static void
doc_chart (Doc               *doc,
           const CpChartData *data,
           double             height)
{
  double width = doc->right - doc->left;

  if (data == NULL)
    return;
  doc->y += 6;
  doc_ensure (doc, height);
  cairo_save (doc->cr);
  cairo_translate (doc->cr, doc->left, doc->y);
  cp_chart_draw (doc->cr, width, height, CP_CHART_STYLE_PRINT, data);
  cairo_restore (doc->cr);
  doc->y += height + 10;
}

/* A cost of the breakdown: a bare figure when the table names its
 * currency (@currency NULL), else money in @currency. */
static char *
cost_cell (double      amount,
           const char *currency,
           const char *lang)
{
  if (currency == NULL)
    return cp_i18n_format_number (amount, 0, lang);
  return cp_i18n_format_money (amount, currency, lang);
}

/* "Whole offer, 4 nodes: 16.3 days = 0.9 days of run + …", or the node
 * count the plan chose. */
static char *
calendar_line (const CpEstimate *e,
               gboolean          whole_offer,
               const char       *lang)
{
  g_autofree char *calendar = cp_words_calendar (e, lang);
  g_autofree char *nodes = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u node", "%u nodes", e->nodes), e->nodes);

  return whole_offer
         /* TRANSLATORS: a cluster quote's whole offer: its node count, then what its calendar is made of */
         ? g_strdup_printf (_("Whole offer, %s: %s."), nodes, calendar)
         /* TRANSLATORS: the node count the plan chose for a cluster quote, then what its calendar is made of */
         : g_strdup_printf (_("Chosen size, %s: %s."), nodes, calendar);
}

/* One machine or the cluster: for each cluster quote, what the calendar
 * of its chosen node count and of its whole offer is made of, so that a
 * whole offer barely faster than one machine is explained on the page. */
static void
section_job_cluster (Doc          *doc,
                     const CpPlan *plan)
{
  const CpProject *project = doc->project;
  gboolean headed = FALSE;

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      g_autofree char *name = NULL;
      g_autofree char *chosen = NULL;

      if (!cp_quote_is_cluster (quote))
        continue;
      if (!headed)
        doc_heading (doc, doc->h2, _("One machine or the cluster?"), 60);
      headed = TRUE;
      name = cp_words_quote_name (project, option->quote_index);
      doc_paragraph_full (doc, doc->bold, name, 0, 2, NULL);
      chosen = calendar_line (&option->estimate, FALSE, doc->lang);
      if (!option->has_full_offer || !option->full_offer.fits)
        {
          doc_paragraph_full (doc, doc->body, chosen, 0, 6, NULL);
          continue;
        }
      doc_paragraph_full (doc, doc->body, chosen, 0, 2, NULL);
      {
        g_autofree char *whole = calendar_line (&option->full_offer, TRUE, doc->lang);

        doc_paragraph_full (doc, doc->body, whole, 0, 6, NULL);
      }
    }
}

/* The recommended option's layout, why it was chosen and its runner-up,
 * then the layout of every option in a compact table. */
static void
section_job_layout (Doc          *doc,
                    const CpJob  *job,
                    const CpPlan *plan)
{
  static const double widths[] = { 0.065, 0.30, 0.145, 0.05, 0.07, 0.13, 0.12, 0.12 };
  static const gboolean numeric[] = { TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, FALSE, TRUE };
  const CpProject *project = doc->project;
  char *header[] = { _("Rank"), _("Quote"), _("TP × PP × DP"), _("EP"), _("ZeRO"), _("Micro-batch"),
                     _("Recompute"), _("Interleaving") };
  Table table = { 8, widths, numeric, header, NULL, 0 };

  if (!job_has_layout (job) || plan->options->len == 0)
    return;

  doc_heading (doc, doc->h2, _("Training layout"), 60);
  if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);
      const CpEstimate *e = &option->estimate;
      g_autofree char *name = cp_words_quote_name (project, option->quote_index);
      g_autofree char *words = NULL;
      g_autofree char *chosen = NULL;
      g_autofree char *how = NULL;
      g_autofree char *batch = NULL;

      words = cp_words_estimate_layout (project, e, doc->lang);
      /* TRANSLATORS: the recommended option's quote and its layout */
      chosen = g_strdup_printf (_("Recommended option, %s: %s."), name, words);
      doc_paragraph_full (doc, doc->bold, chosen, 0, 2, NULL);
      how = cp_words_layout_choice (project, e, doc->lang);
      doc_paragraph_full (doc, doc->body, how, 0, 2, NULL);
      batch = cp_words_step_batch (e, doc->lang);
      doc_paragraph_full (doc, doc->body, batch, 0, 6, NULL);
    }

  table.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpEstimate *e = &option->estimate;

      table_add_row (&table,
                     cp_i18n_format_number (option->rank, 0, doc->lang),
                     cp_words_quote_name (project, option->quote_index),
                     g_strdup_printf ("%u × %u × %u", e->tensor_parallel, e->pipeline_parallel, e->data_parallel),
                     cp_i18n_format_number (e->expert_parallel, 0, doc->lang),
                     cp_i18n_format_number (e->zero_stage, 0, doc->lang),
                     cp_i18n_format_number (e->micro_batch, 0, doc->lang),
                     cp_words_recompute (e),
                     e->pipeline_parallel > 1 ? cp_i18n_format_number (e->virtual_stages, 0, doc->lang)
                                              : g_strdup ("—"));
    }
  doc_table (doc, &table);
  g_ptr_array_unref (table.rows);
}

/* What each option of a service serves and what an output token costs,
 * with the figures behind them. */
static void
section_job_serving (Doc          *doc,
                     const CpJob  *job,
                     const CpPlan *plan)
{
  static const double widths[] = { 0.07, 0.22, 0.10, 0.08, 0.12, 0.12, 0.13, 0.16 };
  static const gboolean numeric[] = { TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE };
  const CpProject *project = doc->project;
  char *header[] = { _("Rank"), _("Quote"), _("Replicas"), _("Batch"), _("Decode tokens/s"),
                     _("Prefill tokens/s"), _("Requests served"), _("Per million output tokens") };
  Table table = { 8, widths, numeric, header, NULL, 0 };
  g_autofree char *prompt = NULL;
  g_autofree char *output = NULL;
  g_autofree char *basis = NULL;
  g_autofree char *bandwidth = NULL;

  if (job->kind != CP_TASK_INFERENCE || plan->options->len == 0)
    return;

  doc_heading (doc, doc->h2, _("Serving throughput and cost per token"), 60);
  prompt = cp_i18n_format_number (job->prompt_tokens, 0, doc->lang);
  output = cp_i18n_format_number (job->output_tokens, 0, doc->lang);
  bandwidth = cp_i18n_format_number (CP_SERVING_BANDWIDTH_FRACTION * 100, 0, doc->lang);
  /* TRANSLATORS: how the serving table is computed; %s are the prompt and output tokens per request and a percentage */
  basis = g_strdup_printf (_("Requests of %s prompt and %s output tokens. Each decode step reads the weights and the running sequences' KV cache at %s%% of the GPU's memory bandwidth, or computes 2 FLOPs per active parameter and sequence, whichever is slower, plus the tensor-parallel all-reduces; prefill is compute-bound. Per token and per replica; requests served are those carried at once (at most the target) and per second."),
                           prompt, output, bandwidth);
  doc_paragraph_full (doc, doc->body, basis, 0, 4, NULL);

  table.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      const CpEstimate *e = &option->estimate;
      g_autofree char *at_once = cp_i18n_format_number (e->concurrency_served, 0, doc->lang);
      g_autofree char *per_s = cp_i18n_format_number (e->requests_per_s, e->requests_per_s < 10 ? 1 : 0, doc->lang);
      /* TRANSLATORS: requests carried at once, then completed per second */
      g_autofree char *served = g_strdup_printf (_("%s at once, %s/s"), at_once, per_s);
      const char *kv_source = cp_words_kv_source (e);

      table_add_row (&table,
                     cp_i18n_format_number (option->rank, 0, doc->lang),
                     cp_words_quote_name (project, option->quote_index),
                     cp_i18n_format_number (e->data_parallel, 0, doc->lang),
                     cp_i18n_format_number (e->decode_batch, 0, doc->lang),
                     cp_i18n_format_number (e->decode_tokens_per_s, 0, doc->lang),
                     cp_i18n_format_number (e->prefill_tokens_per_s, 0, doc->lang),
                     /* TRANSLATORS: the requests served, then where the KV cache figure came from */
                     kv_source ? g_strdup_printf (_("%s (%s)"), served, kv_source) : g_strdup (served),
                     e->output_tokens_per_s > 0
                     ? cp_i18n_format_money (e->cost_per_million_output_tokens, quote->currency, doc->lang)
                     : g_strdup ("—"));
    }
  doc_table (doc, &table);
  g_ptr_array_unref (table.rows);
}

/* Interruptions, checkpoints and goodput of every option of a training
 * job: the run times above already include them (cp-goodput.h). */
static void
section_job_failures (Doc          *doc,
                      const CpJob  *job,
                      const CpPlan *plan)
{
  static const double widths[] = { 0.065, 0.255, 0.15, 0.14, 0.13, 0.13, 0.13 };
  static const gboolean numeric[] = { TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE };
  const CpProject *project = doc->project;
  char *header[] = { _("Rank"), _("Quote"), _("Interruptions"), _("Checkpoint write"),
                     _("Checkpoint every"), _("Lost"), _("Goodput") };
  Table table = { 7, widths, numeric, header, NULL, 0 };

  if (!cp_task_kind_is_training (job->kind) || plan->options->len == 0)
    return;

  table.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpEstimate *e = &option->estimate;

      table_add_row (&table,
                     cp_i18n_format_number (option->rank, 0, doc->lang),
                     cp_words_quote_name (project, option->quote_index),
                     cp_i18n_format_value (e->expected_interruptions, doc->lang),
                     cp_words_duration (e->checkpoint_s, doc->lang),
                     cp_words_duration (e->checkpoint_interval_s, doc->lang),
                     cp_words_duration (e->lost_s, doc->lang),
                     cp_words_goodput (e->goodput, doc->lang));
    }
  doc_table_under (doc, doc->h2, _("Interruptions and goodput"), &table);
  g_ptr_array_unref (table.rows);
}

/* At most this many options get their own risks: the recommended one and
 * the runners-up an approver might pick instead. */
#define RISK_OPTIONS 3

/* A figure with its band under it, as plain numbers: "291,236 CNY" over
 * "241,560–362,322". Takes @figure. */
static char *
band_cell (char       *figure,
           double      low,
           double      high,
           int         decimals,
           const char *lang)
{
  g_autofree char *owned = figure;
  g_autofree char *a = cp_i18n_format_number (low, decimals, lang);
  g_autofree char *b = cp_i18n_format_number (high, decimals, lang);
  /* TRANSLATORS: an assumption's spread, low to high, e.g. "0.47–0.63" */
  g_autofree char *band = g_strdup_printf (_("%s–%s"), a, b);

  return g_strdup_printf ("%s\n%s", owned, band);
}

static void
section_job (Doc       *doc,
             guint      job_index,
             JobResult *result)
{
  static const double widths[] = { 0.07, 0.255, 0.08, 0.075, 0.16, 0.08, 0.12, 0.16 };
  static const gboolean numeric[] = { TRUE, FALSE, TRUE, FALSE, FALSE, TRUE, FALSE, TRUE };
  static const double cost_widths[] = { 0.26, 0.11, 0.11, 0.09, 0.09, 0.09, 0.11, 0.14 };
  static const gboolean cost_numeric[] = { FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE };
  const CpProject *project = doc->project;
  const CpJob *job = g_ptr_array_index (project->jobs, job_index);
  const CpPlan *plan = result->plan;
  char *header[] = { _("Rank"), _("Quote"), _("Nodes"), _("Fits"), _("Technique"), _("Days"),
                     _("Deadline met"), _("Total cost") };
  char *cost_header[] = { _("Quote"), _("Compute"), _("Debugging"), _("Network"), _("Storage"),
                          _("Fees"), _("Migration"), _("Total cost") };
  Table table = { 8, widths, numeric, header, NULL, 0 };
  Table costs = { 8, cost_widths, cost_numeric, cost_header, NULL, 0 };
  g_autofree char *heading = NULL;
  const char *currency = NULL;
  gboolean one_currency = TRUE;

  /* TRANSLATORS: section heading; %s is a job's name */
  heading = g_strdup_printf (_("Job: %s"), job->name);
  if (plan == NULL)
    {
      doc_heading (doc, doc->h1, heading, 60);
      return;
    }

  /* The breakdown shows bare figures under one currency named above it,
   * which leaves the quote's name room; mixed currencies keep theirs in
   * every cell. */
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);

      if (currency == NULL)
        currency = quote->currency;
      else if (g_ascii_strcasecmp (currency, quote->currency) != 0)
        one_currency = FALSE;
    }

  table.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  costs.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      const CpEstimate *e = &option->estimate;
      const char *cell_currency = one_currency ? NULL : quote->currency;

      table_add_row (&table,
                     cp_i18n_format_number (option->rank, 0, doc->lang),
                     cp_words_quote_name (project, option->quote_index),
                     cp_i18n_format_number (e->nodes, 0, doc->lang),
                     yes_no (e->fits),
                     g_strdup (cp_words_technique (e->technique)),
                     band_cell (cp_i18n_format_number (e->calendar_days, 1, doc->lang),
                                option->range.calendar_days_low, option->range.calendar_days_high, 1, doc->lang),
                     deadline_cell (job, e, doc->lang),
                     plan->cost_unknown
                     ? g_strdup (_("needs a price"))
                     : band_cell (cp_i18n_format_money (e->total_cost, quote->currency, doc->lang),
                                  option->range.total_cost_low, option->range.total_cost_high, 0, doc->lang));
      if (plan->cost_unknown)
        continue;
      table_add_row (&costs,
                     cp_words_quote_name (project, option->quote_index),
                     cost_cell (e->compute_cost, cell_currency, doc->lang),
                     cost_cell (e->debug_cost, cell_currency, doc->lang),
                     cost_cell (e->network_cost, cell_currency, doc->lang),
                     cost_cell (e->storage_cost, cell_currency, doc->lang),
                     cost_cell (e->fees_cost, cell_currency, doc->lang),
                     cost_cell (e->engineering_cost, cell_currency, doc->lang),
                     cost_cell (e->total_cost, cell_currency, doc->lang));
    }
  /* The job's heading goes with its comparison's start, never alone at
   * the foot of a page. */
  doc_heading (doc, doc->h1, heading, table_lead_height (doc, doc->h2, _("Comparison of the quotes"), &table));
  doc_table_under (doc, doc->h2, _("Comparison of the quotes"), &table);
  doc_paragraph_full (doc, doc->small,
                      _("Under each figure, its range: every assumption at its optimistic end, then at its pessimistic end (see “Ranges of the assumptions”)."),
                      0, 3, NULL);
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

      if (reason->outcome == CP_OUTCOME_VERDICT_HOLDS || reason->outcome == CP_OUTCOME_VERDICT_FLIPS)
        {
          g_autofree char *text = cp_reason_text (reason, project, plan, doc->lang);

          doc_paragraph_full (doc, doc->bold, text, 0, 6, NULL);
        }
    }
  section_job_cluster (doc, plan);
  section_job_layout (doc, job, plan);
  section_job_serving (doc, job, plan);
  section_job_failures (doc, job, plan);
  /* No price, no money to break down. */
  if (!plan->cost_unknown && one_currency && currency != NULL)
    {
      g_autofree char *unit = NULL;

      /* Keeps the heading, this line and the table's first rows together. */
      doc_heading (doc, doc->h2, _("Where the money goes"), 60);
      /* TRANSLATORS: above the cost breakdown; %s is a currency such as "CNY" or "元" */
      unit = g_strdup_printf (_("Amounts in %s."), cp_i18n_currency_name (currency, doc->lang));
      doc_paragraph_full (doc, doc->small, unit, 0, 3, NULL);
      doc_table (doc, &costs);
    }
  else if (!plan->cost_unknown)
    doc_table_under (doc, doc->h2, _("Where the money goes"), &costs);
  g_ptr_array_unref (table.rows);
  g_ptr_array_unref (costs.rows);

  doc_heading (doc, doc->h2, _("Reasons"), 30);
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
      g_autofree char *text = cp_reason_text (reason, project, plan, doc->lang);
      g_autofree char *line = g_strdup_printf ("%s — %s", cp_words_rule (reason->rule), text);

      doc_paragraph_full (doc, doc->body, line, 26, 4, cp_rule_to_string (reason->rule));
    }

  doc_heading (doc, doc->h2, _("Main risks"), 40);
  for (guint i = 0; i < MIN (plan->options->len, RISK_OPTIONS); i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      g_autoptr(GPtrArray) risks = cp_option_risks (project, job, option, doc->lang);
      g_autofree char *name = cp_words_quote_name (project, option->quote_index);
      g_autofree char *rank = cp_i18n_format_number (option->rank, 0, doc->lang);
      /* TRANSLATORS: an option's rank and its quote, above its risks */
      g_autofree char *title = g_strdup_printf (_("%s. %s"), rank, name);

      doc_ensure (doc, 30);
      doc_paragraph_full (doc, doc->bold, title, 0, 2, NULL);
      if (risks->len == 0)
        doc_paragraph_full (doc, doc->body, _("No risk stands out in this option's numbers."), 14, 3, NULL);
      for (guint r = 0; r < risks->len; r++)
        doc_paragraph_full (doc, doc->body, g_ptr_array_index (risks, r), 14, 3, "•");
    }

  /* A job without a model (data processing) has no memory curve to show. */
  if (job->model.params > 0)
    doc_chart (doc, result->memory, MEMORY_CHART_HEIGHT);
  doc_chart (doc, result->cost, COST_CHART_HEIGHT);
  if (result->serving != NULL)
    doc_chart (doc, result->serving, MEMORY_CHART_HEIGHT);
}

/* The units cp_settings_get_assumptions() names, in the report's language. */
static const char *
unit_words (const char *unit)
{
  static const struct {
    const char *unit;
    const char *words;
  } units[] = {
    { "bytes/param", N_("bytes/param") },
    { "bytes/GB", N_("bytes/GB") },
    { "days", N_("days") },
    { "hours", N_("hours") },
    { "FLOPs/param/token", N_("FLOPs/param/token") },
    { "bits/param", N_("bits/param") },
    { "tokens", N_("tokens") },
    { "s", N_("s") },
    { "s per hidden s", N_("s per second hidden") },
    { "GB/s per node", N_("GB/s per node") },
    { "GB/s in all", N_("GB/s in all") },
    /* The assumption's name says how the batch grows with size. */
    { "tokens at 7B × (N/7B)^0.25", N_("tokens") },
  };

  if (unit == NULL)
    return "";
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (strcmp (unit, units[i].unit) == 0)
      return _(units[i].words);
  return unit;
}

/* The assumptions that are not measurements, each with its spread and
 * the spread's source: what the low and high figures move. */
static void
section_spreads (Doc *doc)
{
  static const double widths[] = { 0.22, 0.14, 0.17, 0.47 };
  static const gboolean numeric[] = { FALSE, TRUE, TRUE, FALSE };
  char *header[] = { _("Assumption"), _("Value"), _("Range"), _("Source of the range") };
  Table table = { 4, widths, numeric, header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0 };
  CpSpread spreads[CP_N_SPREADS];
  guint n = cp_range_get_spreads (&doc->project->settings, spreads, G_N_ELEMENTS (spreads));

  doc_heading (doc, doc->h2, _("Ranges of the assumptions"), 90);
  doc_paragraph (doc, doc->body,
                 _("These assumptions are not measurements. Each time and cost comes with a low and a high figure: every assumption below at its optimistic end together, then at its pessimistic end together. A figure a trial run measured (utilisation, peak memory) does not vary. A verdict holds when the same option is the cheapest feasible one at both ends and with each assumption alone at either end of its range; otherwise the report names the threshold at which another quote wins."));
  for (guint i = 0; i < MIN (n, G_N_ELEMENTS (spreads)); i++)
    table_add_row (&table, g_strdup (cp_words_spread_title (spreads[i].kind)),
                   cp_words_spread_value (doc->project, spreads[i].kind, spreads[i].expected, doc->lang),
                   cp_words_spread_range (doc->project, &spreads[i], doc->lang),
                   g_strdup (cp_words_spread_source (spreads[i].kind)));
  doc_table (doc, &table);
  g_ptr_array_unref (table.rows);
}

static void
section_assumptions (Doc *doc)
{
  static const double widths[] = { 0.36, 0.17, 0.47 };
  static const gboolean numeric[] = { FALSE, TRUE, FALSE };
  const CpSettings *settings = &doc->project->settings;
  char *header[] = { _("Assumption"), _("Value"), _("Source") };
  Table table = { 3, widths, numeric, header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0 };
  CpAssumption assumptions[64];
  guint n = cp_settings_get_assumptions (settings, assumptions, G_N_ELEMENTS (assumptions));
  g_autofree char *conventions = NULL;
  g_autofree char *longest = cp_i18n_format_days (settings->longest_acceptable_run_days, doc->lang);
  g_autofree char *layouts = NULL;

  doc_heading (doc, doc->h1, _("Assumptions and conventions"), 90);
  /* TRANSLATORS: %s is a number of days such as "120.0 days" */
  layouts = g_strdup_printf (_("A training layout a job leaves open (tensor, pipeline, data and expert parallel, ZeRO stage, micro-batch, recompute, interleaving) is searched: the fastest that fits is chosen, a tie within 1%% going to the one with more memory headroom, and the runner-up is named. A job without a deadline is held to the longest acceptable run, %s."),
                             longest);
  conventions = g_strdup_printf ("%s %s %s %s %s",
                                 settings->bytes_convention == CP_BYTES_CONVENTION_ZERO_16
                                 ? _("Mixed-precision Adam is counted at 16 bytes per parameter (ZeRO: bf16 weights and gradients, 12 bytes of optimizer state).")
                                 : _("Mixed-precision Adam is counted at 18 bytes per parameter (Hugging Face: fp32 and fp16 weights, fp32 gradients, 8 bytes of optimizer state)."),
                                 settings->memory_unit == CP_MEMORY_UNIT_GIB
                                 ? _("A card sold as “80 GB” is taken as 80 GiB (80 × 2^30 bytes), as frameworks report it; memory figures are in GiB.")
                                 : _("A card sold as “80 GB” is taken as 80 × 10^9 bytes, the datasheet's decimal reading; memory figures are in GB."),
                                 _("Time uses dense peak FLOPS only, never sparse figures; run time and calendar time (run plus debugging and migration) are kept apart, and deadlines are checked against calendar time."),
                                 layouts,
                                 _("A training run is interrupted whenever one of its GPUs fails: GPUs × run hours × the per-GPU failure rate interruptions are expected, one machine included. Each option writes checkpoints (weights and optimizer states) at its storage's speed, at the Young/Daly interval unless one is set, and each interruption costs a restart and, on average, half an interval of work redone (Daly's model). Goodput, useful time ÷ wall time, stretches the run time, and with it billed hours, cost and the deadline check. Services, debugging and data processing rent their period whole: their interruptions are downtime within it."));
  doc_paragraph (doc, doc->body, conventions);

  for (guint i = 0; i < MIN (n, G_N_ELEMENTS (assumptions)); i++)
    {
      const CpAssumption *a = &assumptions[i];
      g_autofree char *number = NULL;

      if (g_strcmp0 (a->unit, "bytes") == 0)
        number = cp_format_bytes (a->value, settings->memory_unit);
      else if (g_strcmp0 (a->unit, "fraction") == 0)
        number = cp_i18n_format_percent (a->value, doc->lang);
      else if (g_strcmp0 (a->unit, "fraction of backward") == 0)
        {
          g_autofree char *percent = cp_i18n_format_percent (a->value, doc->lang);
          /* TRANSLATORS: %s is a percentage such as "100%" */
          number = g_strdup_printf (_("%s of the backward pass"), percent);
        }
      else if (g_strcmp0 (a->unit, "interruptions/GPU-hour") == 0)
        {
          /* A rate of 2e-5 would print as 0.000 per GPU-hour. */
          g_autofree char *rate = cp_i18n_format_value (a->value * 1e6, doc->lang);
          /* TRANSLATORS: %s is a number such as "19.7" */
          number = g_strdup_printf (_("%s per million GPU-hours"), rate);
        }
      else if (g_strcmp0 (a->unit, "fraction of min(run, longest acceptable run)") == 0)
        /* The assumption's name says what it is a share of. */
        number = cp_i18n_format_percent (a->value, doc->lang);
      else
        {
          g_autofree char *value = cp_i18n_format_value (a->value, doc->lang);
          number = g_strdup_printf ("%s %s", value, unit_words (a->unit));
        }
      table_add_row (&table, g_strdup (cp_words_assumption (a->key)), g_steal_pointer (&number),
                     g_strdup (cp_words_assumption_source (a->key, a->source)));
    }
  doc_table (doc, &table);
  g_ptr_array_unref (table.rows);
  section_spreads (doc);
}

static void
section_approval (Doc *doc)
{
  static const double widths[] = { 0.22, 0.30, 0.30, 0.18 };
  const CpProject *project = doc->project;
  /* TRANSLATORS: a person's name, in the approval table */
  char *header[] = { _("Role"), C_("person", "Name"), _("Signature"), _("Date") };
  Table table = { 4, widths, NULL, header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 30 };

  /* A project without a preparer has no one to name: a blank row would
   * read as a name left out. */
  if (project->prepared_by != NULL && *project->prepared_by != '\0')
    table_add_row (&table, g_strdup (_("Prepared by")), g_strdup (project->prepared_by),
                   g_strdup (""), g_strdup (doc->date));
  table_add_row (&table, g_strdup (_("Reviewed by")), g_strdup (""), g_strdup (""), g_strdup (""));
  table_add_row (&table, g_strdup (_("Approved by")), g_strdup (""), g_strdup (""), g_strdup (""));

  /* The signatures stay together on one page. */
  doc_ensure (doc, 160);
  doc_table_under (doc, doc->h1, _("Approval"), &table);
  g_ptr_array_unref (table.rows);
}

static void
lay_out (Doc       *doc,
         JobResult *results)
{
  doc_new_page (doc);
  section_title (doc);
  section_question (doc, results);
  section_jobs_and_quotes (doc);
  for (guint j = 0; j < doc->project->jobs->len; j++)
    section_job (doc, j, &results[j]);
  section_assumptions (doc);
  section_approval (doc);
}

char *
cp_report_project_name (const CpProject *project,
                        const char      *project_path)
{
  g_autofree char *base = NULL;
  char *dot;

  g_return_val_if_fail (project != NULL, NULL);

  if (project->name != NULL && *project->name != '\0')
    return g_strdup (project->name);
  if (project_path == NULL || *project_path == '\0')
    return g_strdup ("");
  base = g_path_get_basename (project_path);
  dot = strrchr (base, '.');
  if (dot != NULL && dot != base)
    *dot = '\0';
  return g_steal_pointer (&base);
}

/* ---------------------------------------------------------------------- */
/* Pages                                                                  */

static void
page_clear (Page *page)
{
  g_clear_pointer (&page->furniture, cairo_surface_destroy);
  g_clear_pointer (&page->content, cairo_surface_destroy);
}

CpReportLayout *
cp_report_layout_new (const CpProject *project,
                      const char      *lang,
                      double           page_width_pt,
                      double           page_height_pt)
{
  CpReportLayout *layout;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = NULL;
  g_autofree JobResult *results = NULL;
  Doc doc;

  g_return_val_if_fail (project != NULL, NULL);
  g_return_val_if_fail (page_width_pt >= CP_REPORT_MIN_PAGE_WIDTH_PT &&
                        page_height_pt >= CP_REPORT_MIN_PAGE_HEIGHT_PT, NULL);

  layout = g_new0 (CpReportLayout, 1);
  layout->pages = g_array_new (FALSE, TRUE, sizeof (Page));
  g_array_set_clear_func (layout->pages, (GDestroyNotify) page_clear);

  cp_i18n_push_language (lang);

  results = g_new0 (JobResult, MAX (1, project->jobs->len));
  for (guint j = 0; j < project->jobs->len; j++)
    {
      g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, j, CP_CHART_COST_MAX_POINTS);

      results[j].plan = cp_project_plan_job (project, j);
      results[j].memory = cp_chart_data_new_memory (project, j, results[j].plan, lang);
      results[j].cost = cp_chart_data_new_cost (project, j, results[j].plan, sweep, lang);
      if (((const CpJob *) g_ptr_array_index (project->jobs, j))->kind == CP_TASK_INFERENCE)
        results[j].serving = cp_chart_data_new_serving (project, j, results[j].plan, sweep, lang);
    }
  date = cp_i18n_format_date (now, lang);
  /* TRANSLATORS: title of the PDF report; %s is the project's name */
  layout->title = g_strdup_printf (_("Compute plan: %s"), project->name != NULL && *project->name != '\0'
                                   ? project->name : _("Untitled Project"));

  doc_init (&doc, project, lang, page_width_pt, page_height_pt, layout->pages);
  doc.title_text = layout->title;
  doc.date = date;
  lay_out (&doc, results);
  for (guint i = 0; i < layout->pages->len; i++)
    doc_page_furniture (&doc, i, layout->pages->len);
  doc_clear (&doc);

  for (guint j = 0; j < project->jobs->len; j++)
    {
      g_clear_pointer (&results[j].plan, cp_plan_free);
      g_clear_pointer (&results[j].memory, cp_chart_data_free);
      g_clear_pointer (&results[j].cost, cp_chart_data_free);
      g_clear_pointer (&results[j].serving, cp_chart_data_free);
    }
  cp_i18n_pop_language ();

  return layout;
}

guint
cp_report_layout_get_n_pages (CpReportLayout *layout)
{
  g_return_val_if_fail (layout != NULL, 0);

  return layout->pages->len;
}

const char *
cp_report_layout_get_title (CpReportLayout *layout)
{
  g_return_val_if_fail (layout != NULL, NULL);

  return layout->title;
}

void
cp_report_layout_draw_page (CpReportLayout *layout,
                            cairo_t        *cr,
                            guint           page)
{
  const Page *p;

  g_return_if_fail (layout != NULL && cr != NULL);
  g_return_if_fail (page < layout->pages->len);

  p = &g_array_index (layout->pages, Page, page);
  cairo_save (cr);
  cairo_set_source_surface (cr, p->furniture, 0, 0);
  cairo_paint (cr);
  cairo_set_source_surface (cr, p->content, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}

void
cp_report_layout_free (CpReportLayout *layout)
{
  if (layout == NULL)
    return;
  g_array_unref (layout->pages);
  g_free (layout->title);
  g_free (layout);
}

/* ---------------------------------------------------------------------- */
/* PDF                                                                    */

typedef struct {
  GOutputStream *stream;
  GError *error;
} Sink;

static cairo_status_t
write_to_stream (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  Sink *sink = closure;

  if (sink->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (sink->stream, data, length, NULL, NULL, &sink->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

gboolean
cp_report_layout_write_pdf (CpReportLayout *layout,
                            const char     *author,
                            const char     *subject,
                            const char     *path,
                            GError        **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *iso_date = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  Sink sink = { NULL, NULL };
  cairo_status_t status;
  gboolean ok = TRUE;

  g_return_val_if_fail (layout != NULL && path != NULL, FALSE);

  file = g_file_new_for_path (path);
  sink.stream = G_OUTPUT_STREAM (g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                                 NULL, &sink.error));
  if (sink.stream == NULL)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   /* TRANSLATORS: %s is the system's error message */
                   _("Could not write the PDF report: %s"), sink.error->message);
      g_clear_error (&sink.error);
      return FALSE;
    }

  iso_date = g_date_time_format (now, "%Y-%m-%dT%H:%M:%S");

  surface = cairo_pdf_surface_create_for_stream (write_to_stream, &sink,
                                                 CP_REPORT_A4_WIDTH_PT, CP_REPORT_A4_HEIGHT_PT);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, cp_report_layout_get_title (layout));
  if (author != NULL && *author != '\0')
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_AUTHOR, author);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Compute Planner " PACKAGE_VERSION);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_SUBJECT, subject);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATE_DATE, iso_date);
  cr = cairo_create (surface);

  for (guint i = 0; i < cp_report_layout_get_n_pages (layout); i++)
    {
      cp_report_layout_draw_page (layout, cr, i);
      cairo_show_page (cr);
    }

  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS || sink.error != NULL)
    {
      g_autoptr(GCancellable) cancel = g_cancellable_new ();

      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   _("Could not write the PDF report: %s"),
                   sink.error != NULL ? sink.error->message : cairo_status_to_string (status));
      /* A cancelled close leaves the previous file in place. */
      g_cancellable_cancel (cancel);
      g_output_stream_close (sink.stream, cancel, NULL);
      ok = FALSE;
    }
  else if (!g_output_stream_close (sink.stream, NULL, &sink.error))
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   _("Could not write the PDF report: %s"), sink.error->message);
      ok = FALSE;
    }

  g_clear_error (&sink.error);
  g_object_unref (sink.stream);
  return ok;
}

char *
cp_report_pdf_subject (const char *lang)
{
  char *subject;

  cp_i18n_push_language (lang);
  subject = g_strdup (_("Single machine or cluster: the decision and its reasons"));
  cp_i18n_pop_language ();
  return subject;
}

gboolean
cp_report_pdf_write (const CpProject *project,
                     const char      *lang,
                     const char      *path,
                     GError         **error)
{
  g_autoptr(CpReportLayout) layout = NULL;
  g_autofree char *subject = NULL;

  g_return_val_if_fail (project != NULL && path != NULL, FALSE);

  if (!cp_i18n_check_language (lang, error))
    return FALSE;

  layout = cp_report_layout_new (project, lang, CP_REPORT_A4_WIDTH_PT, CP_REPORT_A4_HEIGHT_PT);
  subject = cp_report_pdf_subject (lang);
  return cp_report_layout_write_pdf (layout, project->prepared_by, subject, path, error);
}
