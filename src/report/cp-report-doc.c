/* cp-report-doc.c: the report's pages as a flowing document.
 *
 * Owns the fonts, the page size and margins, page furniture, paragraphs,
 * headings, and tables of wrapped cells whose header row repeats on every
 * page they reach; the sections (cp-report-memo.c, cp-report-job.c,
 * cp-report-appendix.c) say what goes in. */

#include "cp-report-private.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "planner/cp-serving.h"
#include "planner/cp-units.h"
#include "cp-chart.h"
#include "cp-chart-private.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-report-doc.h"
#include "cp-report-sections.h"

/* 15 mm at the sides, room for the header and footer lines above and
 * below the text. */
#define MARGIN_SIDE 42.0
#define MARGIN_TOP 58.0
#define MARGIN_BOTTOM 52.0
#define CELL_PAD 3.0
/* Between a heading and what it heads. */
#define HEADING_SPACE_BELOW 4.0
/* Above and below the text of a cell in the small type. */
#define SMALL_CELL_PAD_Y 1.5

/* The layouts of the row being laid out, borrowed from the pools above. */
#define MAX_COLUMNS 12
typedef struct {
  PangoLayout *cells[MAX_COLUMNS];
  double pad_y;                 /* above and below the cells' text */
} Row;

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

void
cp_doc_init (Doc             *doc,
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
  doc->typed_names = project != NULL ? cp_i18n_typed_names (project) : NULL;
  /* And to the sentences worded while it is laid out (the memo's "Not
   * firm", asked of every job at every trial, the vendors' questions). */
  if (doc->typed_names != NULL)
    cp_i18n_lend_typed_names (project, (const char * const *) doc->typed_names);
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

  doc->body = font_new (lang, 9, FALSE);
  doc->bold = font_new (lang, 9, TRUE);
  doc->small = font_new (lang, 8, FALSE);
  doc->small_bold = font_new (lang, 8, TRUE);
  doc->h1 = font_new (lang, 15, TRUE);
  doc->h2 = font_new (lang, 11.5, TRUE);
  doc->title = font_new (lang, 20, TRUE);
  doc->row_cells = g_ptr_array_new_with_free_func (g_object_unref);
  doc->header_cells = g_ptr_array_new_with_free_func (g_object_unref);
  doc->text_cells = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  doc->widest_words = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  doc->natural_widths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  doc->paragraphs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
}

void
cp_doc_clear (Doc *doc)
{
  g_clear_pointer (&doc->cr, cairo_destroy);
  g_clear_pointer (&doc->row_cells, g_ptr_array_unref);
  g_clear_pointer (&doc->header_cells, g_ptr_array_unref);
  g_clear_pointer (&doc->text_cells, g_hash_table_unref);
  g_clear_pointer (&doc->widest_words, g_hash_table_unref);
  g_clear_pointer (&doc->natural_widths, g_hash_table_unref);
  g_clear_pointer (&doc->paragraphs, g_hash_table_unref);
  g_clear_object (&doc->context);
  if (doc->borrowed)
    return;
  if (doc->typed_names != NULL)
    cp_i18n_take_back_typed_names ((const char * const *) doc->typed_names);
  g_clear_pointer (&doc->typed_names, g_strfreev);
  g_clear_pointer (&doc->body, pango_font_description_free);
  g_clear_pointer (&doc->bold, pango_font_description_free);
  g_clear_pointer (&doc->small, pango_font_description_free);
  g_clear_pointer (&doc->small_bold, pango_font_description_free);
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
  cp_report_layout_set_text (layout, text);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  return layout;
}

/* Paragraphs and headings shaped once for the whole report: the memo is
 * laid out on trial copies up to six times before it is laid out for
 * good, and job chapters repeat sentences (a quote's name over its offer,
 * a risk common to several jobs, "No risk stands out…"). Past this many
 * the cache stops growing, as the shaped cells' does. */
#define MAX_CACHED_PARAGRAPHS 2048

/* doc_layout() of a paragraph or heading, from the report's cache when it
 * was shaped before; a paragraph's text @spaced as cp_doc_spaced() says,
 * only when it is shaped: spacing a Chinese paragraph again each time the
 * memo was laid out on trial was 1.5% of a 20 × 50 report's instructions,
 * for the 3,583 paragraphs of which 546 needed shaping. A new
 * reference. */
static PangoLayout *
text_layout (Doc                        *doc,
             const PangoFontDescription *font,
             const char                 *text,
             double                      width,
             gboolean                    spaced)
{
  g_autofree char *key = g_strdup_printf ("%p %d %c %s", (gpointer) font, (int) (width * PANGO_SCALE),
                                          spaced ? 's' : 'h', text != NULL ? text : "");
  PangoLayout *layout = g_hash_table_lookup (doc->paragraphs, key);
  g_autofree char *spaced_text = NULL;

  if (layout != NULL)
    return g_object_ref (layout);
  if (spaced)
    spaced_text = cp_doc_spaced (doc, text);
  layout = doc_layout (doc, font, spaced ? spaced_text : text, width);
  if (g_hash_table_size (doc->paragraphs) < MAX_CACHED_PARAGRAPHS)
    g_hash_table_insert (doc->paragraphs, g_steal_pointer (&key), g_object_ref (layout));
  return layout;
}

static double
layout_height (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.height / PANGO_SCALE;
}

/* A trial copy only measures: text drawn on its pages, thrown away after
 * it, was a third of the memo's trial lay-outs (cp-report-pdf.c lays the
 * memo out up to nine times in each language, issue 22). */
static void
show_layout (const Doc   *doc,
             cairo_t     *cr,
             PangoLayout *layout,
             double       x,
             double       y)
{
  if (doc->borrowed)
    return;
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
show_layout_line (const Doc       *doc,
                  PangoLayoutLine *line,
                  double           x,
                  double           baseline)
{
  if (doc->borrowed)
    return;
  cairo_move_to (doc->cr, x, baseline);
  pango_cairo_show_layout_line (doc->cr, line);
}

static cairo_surface_t *
page_surface_new (Doc *doc)
{
  cairo_rectangle_t extents = { 0, 0, doc->page_width, doc->page_height };

  return cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
}

/* Header (title and date) and footer (page N of M) of page @index, once
 * the page count is known. */
void
cp_doc_page_furniture (Doc   *doc,
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

  /* Recorded after the page's content, on the same surface: drawn over
   * it as before, and the PDF holds one drawing per page, not two (each
   * a form with its own compressed stream). */
  cr = cairo_create (page->content);

  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  right = doc_layout (doc, doc->small, doc->date, 0);
  pango_layout_get_pixel_size (right, &w, &h);
  /* The project name gives way to the date when both do not fit. */
  left = doc_layout (doc, doc->small, doc->title_text, width - w - 12);
  pango_layout_set_ellipsize (left, PANGO_ELLIPSIZE_END);
  show_layout (doc, cr, left, doc->left, MARGIN_TOP - 30);
  show_layout (doc, cr, right, doc->right - w, MARGIN_TOP - 30);
  cairo_set_line_width (cr, 0.5);
  cairo_move_to (cr, doc->left, MARGIN_TOP - 30 + h + 3);
  cairo_line_to (cr, doc->right, MARGIN_TOP - 30 + h + 3);
  cairo_stroke (cr);

  /* TRANSLATORS: page footer, "Page 3 of 12" */
  page_text = g_strdup_printf (_("Page %s of %s"), page_number, total);
  footer = doc_layout (doc, doc->small, page_text, 0);
  pango_layout_get_pixel_size (footer, &w, &h);
  show_layout (doc, cr, footer, (doc->page_width - w) / 2, doc->page_height - MARGIN_BOTTOM + 22);

  cairo_destroy (cr);
}

void
cp_doc_page_clear (Page *page)
{
  g_clear_pointer (&page->content, cairo_surface_destroy);
}

/* A scratch document like @doc, its first page started at @doc's cursor,
 * to measure a layout before drawing it; returns its pages, to be freed
 * after cp_doc_clear (@trial). */
GArray *
cp_doc_init_trial (Doc       *trial,
                   const Doc *doc)
{
  GArray *pages = g_array_new (FALSE, TRUE, sizeof (Page));

  g_array_set_clear_func (pages, (GDestroyNotify) cp_doc_page_clear);
  /* The document's context, fonts and shaped text: what the trial shapes
   * is there for the layout that follows it. Its own cell layouts, which
   * a table of the document may be using. */
  *trial = *doc;
  trial->borrowed = TRUE;
  trial->cr = NULL;
  trial->pages = pages;
  trial->page_started = NULL;
  trial->page_started_data = NULL;
  trial->brief = 0;
  trial->charts_smallest = FALSE;
  trial->last_page = 0;
  trial->stop_before_amount = FALSE;
  trial->context = g_object_ref (doc->context);
  trial->row_cells = g_ptr_array_new_with_free_func (g_object_unref);
  trial->header_cells = g_ptr_array_new_with_free_func (g_object_unref);
  trial->text_cells = g_hash_table_ref (doc->text_cells);
  trial->widest_words = g_hash_table_ref (doc->widest_words);
  trial->natural_widths = g_hash_table_ref (doc->natural_widths);
  trial->paragraphs = g_hash_table_ref (doc->paragraphs);
  cp_doc_new_page (trial);
  trial->y = doc->y;
  return pages;
}

/* Whether a trial has gone as far as it was asked to (Doc.last_page,
 * Doc.stop_before_amount): the sections after it are not laid out. */
gboolean
cp_doc_stopped (const Doc *doc)
{
  return (doc->last_page > 0 && doc->pages->len > doc->last_page)
         || (doc->stop_before_amount && doc->pages->len > 1 && doc->amount_page == 0);
}

/* Whether @lay_out, run from the cursor on a scratch copy of @doc's
 * page, goes past the page's end or leaves the page at least two-thirds
 * full: what a float needs to know before it lets text take its place.
 * Text that stops short of the end still fills the gap a chart moving on
 * would leave: the demo's Chinese page 18 ended 58% full when its reasons,
 * shorter by a line, no longer reached the page's end (issue 22). */
gboolean
cp_doc_fills_page (Doc          *doc,
                   CpDocSection  lay_out,
                   gconstpointer data)
{
  Doc trial;
  g_autoptr(GArray) pages = cp_doc_init_trial (&trial, doc);
  gboolean fills;

  lay_out (&trial, data);
  fills = pages->len > 1 || trial.y - trial.top >= (trial.bottom - trial.top) * 2 / 3;
  cp_doc_clear (&trial);
  return fills;
}

/* Lets the figures waiting for room (Doc.page_started) take their place
 * at the cursor, once: what they place may start a page of its own. */
static void
place_waiting_figures (Doc *doc)
{
  void (*page_started) (gpointer data) = doc->page_started;

  if (page_started == NULL)
    return;
  doc->page_started = NULL;
  page_started (doc->page_started_data);
  if (doc->page_started == NULL)
    doc->page_started = page_started;
}

/* The most spacing a block adds above itself before it moves to a new
 * page's top (a chapter heading's): lost at a break, which a layout
 * breaking elsewhere keeps. */
#define BREAK_SPACE_MAX 12.0

void
cp_doc_new_page (Doc *doc)
{
  Page page = { page_surface_new (doc) };
  cairo_font_options_t *options;

  if (doc->pages->len > 0)
    doc->spare_height += MAX (0, doc->bottom - doc->y) + BREAK_SPACE_MAX;
  g_array_append_val (doc->pages, page);
  g_clear_pointer (&doc->cr, cairo_destroy);
  doc->cr = cairo_create (page.content);
  /* The page's paper, the first thing drawn on it. A PDF surface checks
   * every drawing operation of a page against the area drawn so far; with
   * the whole page drawn first that area stays one rectangle, where the
   * table rows and lines of text of a page made it a list of hundreds
   * (cairo's analysis of a 248-page report: 0.9 of its 10 billion
   * instructions). The page furniture is drawn over it
   * (cp_doc_page_furniture()). */
  cairo_set_source_rgb (doc->cr, 1, 1, 1);
  cairo_paint (doc->cr);
  cairo_set_source_rgb (doc->cr, 0, 0, 0);
  options = font_options_new ();
  cairo_set_font_options (doc->cr, options);
  cairo_font_options_destroy (options);
  doc->y = doc->top;
  /* Figures waiting for a page go at its top, the text after them. */
  place_waiting_figures (doc);
}

/* Whether a layout of the same text with every chart at its smallest
 * could end a page sooner: only if the last page's text fits in what that
 * layout can take back (Doc.spare_height). Content only moves up by what
 * the charts give back or into the room breaks leave, so a last page
 * fuller than both stays a page of its own; the second layout of a short
 * report, as long as the first, ran for nothing on most reports. */
gboolean
cp_doc_could_save_page (const Doc *doc)
{
  return doc->pages->len > 1 && doc->y - doc->top <= doc->spare_height;
}

/* Starts a new page unless @height fits below the cursor. */
void
cp_doc_ensure (Doc    *doc,
               double  height)
{
  if (doc->y + height > doc->bottom && doc->y > doc->top)
    cp_doc_new_page (doc);
}

/* The height left on the current page below the cursor. */
double
cp_doc_room (const Doc *doc)
{
  return doc->bottom - doc->y;
}

/* Lines a paragraph carries to the next page when it breaks: one line
 * alone at a page's top read as a stray (a cost-inputs paragraph left
 * its last line there, issue 22). Its first line may end a page: held
 * to two, a one-job report took a sixth page. */
#define PARAGRAPH_KEEP_LINES 2

/* The line of a paragraph that starts the next page when its line @from
 * is drawn at @layout_top's offset, or @n_lines when the rest fits;
 * never fewer than PARAGRAPH_KEEP_LINES lines after the break, unless
 * the lines from @from start a page (@page_top), where they cannot
 * move. */
static int
paragraph_break (const Doc    *doc,
                 const double *line_bottom,
                 int           n_lines,
                 int           from,
                 double        layout_top,
                 gboolean      page_top)
{
  int fit_end = from, here;

  while (fit_end < n_lines && layout_top + line_bottom[fit_end] <= doc->bottom)
    fit_end++;
  if (fit_end == n_lines)
    return n_lines;
  here = fit_end - from;
  /* The last lines go on together. */
  if (n_lines - fit_end < PARAGRAPH_KEEP_LINES)
    here = MAX (0, here - (PARAGRAPH_KEEP_LINES - (n_lines - fit_end)));
  if (page_top)
    here = MAX (here, MAX (fit_end - from, 1));
  return from + here;
}

/* A paragraph, broken across pages between lines. */
char *
cp_doc_spaced (Doc        *doc,
               const char *text)
{
  return cp_i18n_space_chinese_keeping (text, doc->lang, (const char * const *) doc->typed_names);
}

/* @layout drawn from the cursor, @indent in, broken across pages
 * between lines; @label, if any, at the left of its first line. */
static void
draw_paragraph (Doc         *doc,
                PangoLayout *layout,
                PangoLayout *label,
                double       indent,
                double       space_after)
{
  PangoLayoutIter *iter;
  double layout_top = doc->y;
  g_autofree double *line_bottom = NULL;
  int n_lines, next_page;
  gboolean held_figures = FALSE;

  /* Where each line ends, to place the break before drawing. */
  n_lines = pango_layout_get_line_count (layout);
  line_bottom = g_new (double, MAX (n_lines, 1));
  iter = pango_layout_get_iter (layout);
  for (int i = 0; i < n_lines; i++, pango_layout_iter_next_line (iter))
    {
      PangoRectangle logical;

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      line_bottom[i] = (double) (logical.y + logical.height) / PANGO_SCALE;
    }
  pango_layout_iter_free (iter);
  next_page = paragraph_break (doc, line_bottom, n_lines, 0, layout_top, doc->y <= doc->top);

  iter = pango_layout_get_iter (layout);
  for (int i = 0; i < n_lines; i++, pango_layout_iter_next_line (iter))
    {
      PangoRectangle logical;
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      double line_top, baseline;

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      line_top = (double) logical.y / PANGO_SCALE;
      baseline = (double) pango_layout_iter_get_baseline (iter) / PANGO_SCALE;

      if (i == next_page)
        {
          /* The rest of the paragraph continues at the top of the page,
           * and the figures waiting for it follow the paragraph's end:
           * placed at the top, they split the paragraph, its first lines
           * on one page and its last below a chart on the next (issue
           * 22). */
          void (*page_started) (gpointer data) = doc->page_started;

          doc->page_started = NULL;
          cp_doc_new_page (doc);
          doc->page_started = page_started;
          held_figures = page_started != NULL;
          layout_top = doc->y - line_top;
          next_page = paragraph_break (doc, line_bottom, n_lines, i, layout_top, TRUE);
        }
      /* The label first, so that text read from the page in its order
       * finds a numbered line whole after its number ("4. How many …"). */
      if (i == 0 && label != NULL)
        show_layout (doc, doc->cr, label, doc->left, layout_top + line_top);
      show_layout_line (doc, line, doc->left + indent, layout_top + baseline);
      doc->y = layout_top + line_bottom[i];
    }
  pango_layout_iter_free (iter);

  doc->y += space_after;
  if (held_figures)
    place_waiting_figures (doc);
}

void
cp_doc_paragraph_full (Doc                        *doc,
                       const PangoFontDescription *font,
                       const char                 *text,
                       double                      indent,
                       double                      space_after,
                       const char                 *hanging_label)
{
  /* One spacing rule for every paragraph, where its parts were joined
   * with a space ("%s %s", g_strjoin (" ", …)): the Chinese report had
   * "。 " 27 times (issue 22). */
  g_autoptr(PangoLayout) layout = text_layout (doc, font, text, doc->right - doc->left - indent, TRUE);
  g_autoptr(PangoLayout) label = NULL;

  if (hanging_label != NULL)
    label = doc_layout (doc, doc->bold, hanging_label, indent);
  draw_paragraph (doc, layout, label, indent, space_after);
}

void
cp_doc_paragraph_run_in (Doc                        *doc,
                         const PangoFontDescription *font,
                         const char                 *lead,
                         const char                 *text,
                         double                      space_after)
{
  g_autofree char *spaced_lead = cp_doc_spaced (doc, lead);
  g_autofree char *whole = g_strdup_printf ("%s %s", lead, text);
  g_autofree char *spaced_whole = cp_doc_spaced (doc, whole);
  g_autoptr(PangoLayout) run_in = doc_layout (doc, font, spaced_whole, doc->right - doc->left);
  PangoAttrList *attrs = pango_attr_list_new ();
  PangoAttribute *bold = pango_attr_weight_new (PANGO_WEIGHT_BOLD);

  /* Spacing a Chinese paragraph leaves its lead's words as they were, so
   * the lead is where the spaced whole starts. */
  bold->start_index = 0;
  bold->end_index = g_str_has_prefix (spaced_whole, spaced_lead) ? strlen (spaced_lead) : 0;
  pango_attr_list_insert (attrs, bold);
  pango_layout_set_attributes (run_in, attrs);
  pango_attr_list_unref (attrs);
  draw_paragraph (doc, run_in, NULL, 0, space_after);
}

/* Between a title's last line and a note set at its right. */
#define TITLE_NOTE_GAP 12.0

void
cp_doc_title_with_note (Doc                        *doc,
                        const PangoFontDescription *font,
                        const char                 *title,
                        const PangoFontDescription *note_font,
                        const char                 *note,
                        double                      space_after)
{
  double width = doc->right - doc->left;
  g_autoptr(PangoLayout) layout = text_layout (doc, font, title, width, TRUE);
  g_autoptr(PangoLayout) note_layout = doc_layout (doc, note_font, note, 0);
  PangoLayoutIter *iter;
  PangoRectangle last_line;
  double top = doc->y, baseline;
  int note_width, note_height;

  pango_layout_get_pixel_size (note_layout, &note_width, &note_height);
  pango_layout_line_get_pixel_extents (pango_layout_get_line_readonly (layout, pango_layout_get_line_count (layout) - 1),
                                       NULL, &last_line);
  if (last_line.width + TITLE_NOTE_GAP + note_width > width)
    {
      cp_doc_paragraph_full (doc, font, title, 0, 2, NULL);
      cp_doc_paragraph_full (doc, note_font, note, 0, space_after, NULL);
      return;
    }
  cp_doc_paragraph_full (doc, font, title, 0, space_after, NULL);
  /* On the title's last baseline, so that the two read as one line. */
  iter = pango_layout_get_iter (layout);
  while (!pango_layout_iter_at_last_line (iter))
    pango_layout_iter_next_line (iter);
  baseline = top + (double) pango_layout_iter_get_baseline (iter) / PANGO_SCALE;
  pango_layout_iter_free (iter);
  show_layout_line (doc, pango_layout_get_line_readonly (note_layout, 0), doc->right - note_width, baseline);
}

double
cp_doc_paragraph_height (Doc                        *doc,
                         const PangoFontDescription *font,
                         const char                 *text,
                         double                      indent)
{
  /* Measured as cp_doc_paragraph_full() lays it out. */
  g_autoptr(PangoLayout) layout = text_layout (doc, font, text, doc->right - doc->left - indent, TRUE);

  return layout_height (layout);
}

void
cp_doc_paragraph (Doc                        *doc,
                  const PangoFontDescription *font,
                  const char                 *text)
{
  cp_doc_paragraph_full (doc, font, text, 0, 5, NULL);
}

/* A heading stays with at least the first lines of what follows. */
void
cp_doc_heading (Doc                        *doc,
                const PangoFontDescription *font,
                const char                 *text,
                double                      keep_with_next)
{
  g_autoptr(PangoLayout) layout = text_layout (doc, font, text, doc->right - doc->left, FALSE);
  double height = layout_height (layout);
  double space_before = font == doc->h1 ? 10 : 6;

  if (doc->y > doc->top)
    doc->y += space_before;
  /* The space under the heading is kept too: without it a heading whose
   * next lines fit to the point was left at the foot of page 2 of the
   * walkthrough's report, "Where the money goes" over its unit line. */
  cp_doc_ensure (doc, height + HEADING_SPACE_BELOW + keep_with_next);
  cairo_set_source_rgb (doc->cr, 0.08, 0.20, 0.40);
  show_layout (doc, doc->cr, layout, doc->left, doc->y);
  cairo_set_source_rgb (doc->cr, 0, 0, 0);
  doc->y += height + HEADING_SPACE_BELOW;
}

/* Space above and below a chart. */
#define CHART_SPACE_ABOVE 6.0
#define CHART_SPACE_BELOW 10.0

/* The height a chart drawn now would take: @height when it fits below
 * the cursor, else all the room left down to @smallest, else @height on
 * a new page. A chart that cannot fit moves on whole; one that can shrink
 * into the room does, and leaves no half-empty page behind. */
double
cp_doc_chart_height (const Doc *doc,
                     double     height,
                     double     smallest)
{
  double room = cp_doc_room (doc) - CHART_SPACE_ABOVE - CHART_SPACE_BELOW;

  if (room >= height)
    return height;
  if (room >= smallest)
    return floor (room);
  return height;
}

/* Whether a chart of @smallest height fits below the cursor. */
gboolean
cp_doc_chart_fits (const Doc *doc,
                   double     smallest)
{
  return cp_doc_room (doc) - CHART_SPACE_ABOVE - CHART_SPACE_BELOW >= smallest || doc->y <= doc->top;
}

/* A chart carries its own title, so it never parts from its heading. */
void
cp_doc_chart (Doc               *doc,
              const CpChartData *data,
              double             height,
              double             smallest)
{
  double width = doc->right - doc->left;

  if (data == NULL)
    return;
  height = cp_doc_chart_height (doc, height, smallest);
  doc->spare_height += MAX (0, height - smallest);
  doc->y += CHART_SPACE_ABOVE;
  cp_doc_ensure (doc, height);
  /* A trial copy only measures, and its pages are thrown away: drawing
   * the chart there (placing its labels among its lines) was a fifth of
   * a 20 × 50 report's layout, for 36 charts never shown. */
  if (!doc->borrowed)
    {
      cairo_save (doc->cr);
      cairo_translate (doc->cr, doc->left, doc->y);
      cp_chart_draw (doc->cr, width, height, CP_CHART_STYLE_PRINT, data);
      cairo_restore (doc->cr);
    }
  doc->y += height + CHART_SPACE_BELOW;
}

/* ---------------------------------------------------------------------- */
/* Tables: rows of wrapped cells; the header row is repeated on every page
 * the table reaches, and a row never splits. */

/* Chinese breaks between any two characters, and pango has no
 * dictionary to find its words: a narrow cell broke 独享 as 独 / 享,
 * 容器实例 as 容器 / 实例 split mid-column, 每节点 as 每节 / 点. A table
 * cell keeps whole each piece of text (between spaces and punctuation;
 * "/", "·", "." and "," join units and figures) that has a Chinese
 * character and at most this many characters: the longest terms and
 * units the tables print, 管理及开通费, 元/卡·时 or 字节/GB. A longer
 * piece is a phrase: it still breaks between characters, but never
 * leaves one of its characters alone on a line (报 / 价中). A short
 * piece with a "/" is a unit in any language and is kept whole too: the
 * English quotes table wrapped "200 Gb/ s" (approver 21). */
#define KEPT_PIECE_MAX_CHARS 6

static gboolean
joins_piece (gunichar c)
{
  if (g_unichar_isspace (c))
    return FALSE;
  return !g_unichar_ispunct (c) || c == '/' || c == 0x00B7 || c == '.' || c == ',' || c == '%';
}

static void
keep_no_break (PangoAttrList **attrs,
               const char     *text,
               const char     *start,
               const char     *end)
{
  PangoAttribute *attr = pango_attr_allow_breaks_new (FALSE);

  attr->start_index = (guint) (start - text);
  attr->end_index = (guint) (end - text);
  if (*attrs == NULL)
    *attrs = pango_attr_list_new ();
  pango_attr_list_insert (*attrs, attr);
}

/* Sets @layout's text to @text with its pieces kept as the comment on
 * KEPT_PIECE_MAX_CHARS says (a pooled layout's earlier ones dropped). */
static void
set_cell_text (PangoLayout *layout,
               const char  *text)
{
  PangoAttrList *attrs = NULL;
  const char *piece = NULL;
  guint n_chars = 0;
  gboolean chinese = FALSE, unit = FALSE;

  cp_report_layout_set_text (layout, text);
  text = pango_layout_get_text (layout);
  for (const char *p = text;; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c != 0 && joins_piece (c))
        {
          if (piece == NULL)
            piece = p;
          n_chars++;
          chinese |= g_unichar_get_script (c) == G_UNICODE_SCRIPT_HAN;
          unit |= c == '/';
          continue;
        }
      if (piece != NULL && (chinese || unit) && n_chars <= KEPT_PIECE_MAX_CHARS)
        keep_no_break (&attrs, text, piece, p);
      else if (piece != NULL && chinese)
        {
          const char *second_last = g_utf8_prev_char (g_utf8_prev_char (p));

          keep_no_break (&attrs, text, piece, g_utf8_next_char (g_utf8_next_char (piece)));
          keep_no_break (&attrs, text, second_last, p);
        }
      piece = NULL;
      n_chars = 0;
      chinese = unit = FALSE;
      if (c == 0)
        break;
    }
  pango_layout_set_attributes (layout, attrs);
  g_clear_pointer (&attrs, pango_attr_list_unref);
}

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
  set_cell_text (layout, text);
  return layout;
}

/* Cells shaped once for the whole report: quote names, yes/no, technique
 * words and many figures ("0", "1", "30.0") come back in every job's
 * tables. Past this many the cache stops growing, which bounds its
 * memory in reports of hundreds of pages. */
#define MAX_CACHED_CELLS 4096

/* How a cell's text is measured: on one line, or its widest piece. */
typedef enum {
  MEASURE_NATURAL,
  MEASURE_WIDEST_WORD,
} Measure;

/* The width of @text measured as @measure says, from @cache when it was
 * measured before. Asked for each cell once per way of fitting a table
 * (its lead, its height, then for good) and again when it is drawn, and
 * quote names come back in every job's tables: a 20 × 50 report shaped
 * the same cells 14,000 times, a fifth of its time. Bounded as the shaped
 * cells are; past it, cells are measured anew. */
static int
measured_width (Doc                        *doc,
                GHashTable                 *cache,
                Measure                     measure,
                GPtrArray                  *pool,
                guint                       column,
                const PangoFontDescription *font,
                const char                 *text)
{
  g_autofree char *key = g_strdup_printf ("%p %s", (gpointer) font, text != NULL ? text : "");
  gpointer known = g_hash_table_lookup (cache, key);
  PangoLayout *layout;
  int width = 0;

  if (known != NULL)
    return GPOINTER_TO_INT (known) - 1;
  layout = cell_layout (doc, pool, column, font, text, 0, FALSE);
  if (measure == MEASURE_WIDEST_WORD)
    {
      /* Narrower than any piece: every break the language allows is
       * taken, and a piece that cannot break overflows whole
       * (PANGO_WRAP_WORD). */
      pango_layout_set_width (layout, 1);
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
    }
  pango_layout_get_pixel_size (layout, &width, NULL);
  if (g_hash_table_size (cache) < 4 * MAX_CACHED_CELLS)
    g_hash_table_insert (cache, g_steal_pointer (&key), GINT_TO_POINTER (width + 1));
  return width;
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
  return measured_width (doc, doc->widest_words, MEASURE_WIDEST_WORD, pool, column, font, text);
}

/* The width of @text on one line. */
static int
natural_width (Doc                        *doc,
               GPtrArray                  *pool,
               guint                       column,
               const PangoFontDescription *font,
               const char                 *text)
{
  return measured_width (doc, doc->natural_widths, MEASURE_NATURAL, pool, column, font, text);
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
static const PangoFontDescription *
row_font (const Doc   *doc,
          const Table *table)
{
  return table->font != NULL ? table->font : doc->body;
}

/* The header row in the bold of its rows' size. */
static const PangoFontDescription *
header_font (const Doc   *doc,
             const Table *table)
{
  return table->font == doc->small ? doc->small_bold : doc->bold;
}

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
        w = natural_width (doc, doc->header_cells, c, header_font (doc, table), table->header[c]);
      else
        w = widest_word (doc, doc->header_cells, c, header_font (doc, table), table->header[c]);
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
      w = natural_width (doc, doc->row_cells, c, row_font (doc, table), longest);
      return MAX (need, w + 2 * CELL_PAD + 1);
    }
  /* A text column gives at most a third of its width away; every column
   * keeps its longest word (a vendor's name, a figure's unit) whole. */
  if (table->numeric == NULL || !table->numeric[c])
    need = MAX (need, share * 2 / 3);
  for (guint r = 0; r < table->rows->len; r++)
    {
      const char *cell = ((char **) g_ptr_array_index (table->rows, r))[c];

      need = MAX (need, widest_word (doc, doc->row_cells, c, row_font (doc, table), cell) + 2 * CELL_PAD + 1);
    }
  return need;
}

/* The width at which nothing in column @c wraps: its header and its
 * widest cell, each on one line. */
static double
column_unwrapped (Doc         *doc,
                  const Table *table,
                  guint        c)
{
  double widest = 0;

  if (table->header != NULL)
    widest = natural_width (doc, doc->header_cells, c, header_font (doc, table), table->header[c]);
  for (guint r = 0; r < table->rows->len; r++)
    {
      const char *cell = ((char **) g_ptr_array_index (table->rows, r))[c];

      widest = MAX (widest, natural_width (doc, doc->row_cells, c, row_font (doc, table), cell));
    }
  return widest + 2 * CELL_PAD + 1;
}

/* Gives the width a column holds beyond its widest cell to the columns
 * whose cells wrap, up to what each needs to hold its cells on one line:
 * the walkthrough's quote names took three lines beside an
 * "Interruptions" column three times as wide as its figures and a
 * "Technique" column of "LoRA" (issue 22: one job's report ran to six
 * pages). */
static void
widen_wrapping_columns (Doc         *doc,
                        const Table *table,
                        double      *widths)
{
  double spare = 0, short_of = 0, given;
  double *enough = g_newa (double, table->n_columns);

  for (guint c = 0; c < table->n_columns; c++)
    {
      enough[c] = column_unwrapped (doc, table, c);
      if (widths[c] > enough[c])
        spare += widths[c] - enough[c];
      else
        short_of += enough[c] - widths[c];
    }
  if (spare <= 0 || short_of <= 0)
    return;
  given = MIN (spare, short_of);
  for (guint c = 0; c < table->n_columns; c++)
    {
      if (widths[c] > enough[c])
        widths[c] -= (widths[c] - enough[c]) * given / spare;
      else
        widths[c] += (enough[c] - widths[c]) * given / short_of;
    }
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
        {
          widen_wrapping_columns (doc, table, widths);
          return;
        }
      if (deficit <= slack)
        {
          for (guint c = 0; c < table->n_columns; c++)
            {
              if (need[c] > widths[c])
                widths[c] = need[c];
              else
                widths[c] -= (widths[c] - need[c]) * deficit / slack;
            }
          if (keep == KEEP_HEADERS_AND_FIGURES)
            widen_wrapping_columns (doc, table, widths);
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
  set_cell_text (layout, text);
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

  row->pad_y = font == doc->small || font == doc->small_bold ? SMALL_CELL_PAD_Y : CELL_PAD;
  for (guint c = 0; c < table->n_columns; c++)
    {
      gboolean numeric = table->numeric != NULL && table->numeric[c];

      row->cells[c] = cached_cell_layout (doc, pool, c, font, cells[c], widths[c] - 2 * CELL_PAD, numeric);
      height = MAX (height, layout_height (row->cells[c]) + 2 * row->pad_y);
    }
  return height;
}

/* The thin rule under a table row @height high at the cursor. */
static void
draw_row_rule (Doc    *doc,
               double  height)
{
  cairo_set_source_rgb (doc->cr, 0.75, 0.75, 0.75);
  cairo_set_line_width (doc->cr, 0.4);
  cairo_move_to (doc->cr, doc->left, doc->y + height);
  cairo_line_to (doc->cr, doc->right, doc->y + height);
  cairo_stroke (doc->cr);
  cairo_set_source_rgb (doc->cr, 0, 0, 0);
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
  draw_row_rule (doc, height);

  for (guint c = 0; c < table->n_columns; c++)
    {
      show_layout (doc, doc->cr, row->cells[c], x + CELL_PAD, doc->y + row->pad_y);
      x += widths[c];
    }
  doc->y += height;
}

/* Draws the lines of each cell of the row prepare_row() last set from its
 * line @from[c] on, as long as they end within @room of the row's text
 * top, with the rule under them: a row broken across pages. Sets
 * @from[c] to each cell's first line left undrawn. */
static void
draw_row_lines (Doc          *doc,
                const Row    *row,
                const Table  *table,
                const double *widths,
                int          *from,
                double        room)
{
  double x = doc->left;
  double height = 0;

  for (guint c = 0; c < table->n_columns; c++)
    {
      PangoLayoutIter *iter = pango_layout_get_iter (row->cells[c]);
      double offset = -1;
      int i = 0;

      do
        {
          PangoRectangle logical;
          double top, bottom;

          if (i++ < from[c])
            continue;
          pango_layout_iter_get_line_extents (iter, NULL, &logical);
          top = (double) logical.y / PANGO_SCALE;
          bottom = (double) (logical.y + logical.height) / PANGO_SCALE;
          if (offset < 0)
            offset = top;
          if (bottom - offset > room)
            break;
          show_layout_line (doc, pango_layout_iter_get_line_readonly (iter),
                            x + CELL_PAD + (double) logical.x / PANGO_SCALE,
                            doc->y + row->pad_y + (double) pango_layout_iter_get_baseline (iter) / PANGO_SCALE - offset);
          height = MAX (height, bottom - offset);
          from[c] = i;
        }
      while (pango_layout_iter_next_line (iter));
      pango_layout_iter_free (iter);
      x += widths[c];
    }
  height += 2 * row->pad_y;
  draw_row_rule (doc, height);
  doc->y += height;
}

/* Where the row prepare_row() last set, too tall for the room left,
 * breaks: the height of its text kept on this page, or 0 when it moves
 * on whole. Its tallest cell keeps at least PARAGRAPH_KEEP_LINES lines
 * on each side of the break, as a paragraph does: an assumption of the
 * appendix nine lines high moved on whole and left a fifth of a page
 * empty (issue 22). */
static double
row_break_height (const Doc *doc,
                  const Row *row,
                  guint      n_columns)
{
  PangoLayout *tallest = NULL;
  PangoLayoutIter *iter;
  double room = doc->bottom - doc->y - 2 * row->pad_y;
  g_autoptr(GArray) bottoms = g_array_new (FALSE, FALSE, sizeof (double));
  int keep, n_lines;

  for (guint c = 0; c < n_columns; c++)
    if (tallest == NULL || layout_height (row->cells[c]) > layout_height (tallest))
      tallest = row->cells[c];
  if (tallest == NULL)
    return 0;
  iter = pango_layout_get_iter (tallest);
  do
    {
      PangoRectangle logical;
      double bottom;

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      bottom = (double) (logical.y + logical.height) / PANGO_SCALE;
      if (bottom > room)
        break;
      g_array_append_val (bottoms, bottom);
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
  n_lines = pango_layout_get_line_count (tallest);
  keep = bottoms->len;
  /* The last lines go on together. */
  if (n_lines - keep < PARAGRAPH_KEEP_LINES)
    keep -= PARAGRAPH_KEEP_LINES - (n_lines - keep);
  if (keep < PARAGRAPH_KEEP_LINES)
    return 0;
  return g_array_index (bottoms, double, keep - 1);
}

/* The height of @table's heading, header row and first @n_rows rows. */
static double
table_height (Doc                        *doc,
              const PangoFontDescription *heading_font,
              const char                 *heading,
              Table                      *table,
              guint                       n_rows)
{
  double *widths = g_newa (double, table->n_columns);
  Row row = { { NULL } };
  double height = 0;

  fit_widths (doc, table, widths);
  if (table->header != NULL)
    height += prepare_row (doc, doc->header_cells, &row, table, widths, table->header, header_font (doc, table));
  for (guint r = 0; r < MIN (n_rows, table->rows->len); r++)
    height += prepare_row (doc, doc->row_cells, &row, table, widths, g_ptr_array_index (table->rows, r),
                           row_font (doc, table));
  if (heading != NULL)
    {
      g_autoptr(PangoLayout) layout = doc_layout (doc, heading_font, heading, doc->right - doc->left);

      height += (heading_font == doc->h1 ? 10 : 6) + layout_height (layout) + HEADING_SPACE_BELOW;
    }
  return height;
}

/* A table of this many rows or fewer is kept on one page whole: lora's
 * two-row "Where the money goes" had its header and first row at the foot
 * of page 2, the header again and the second row on page 3, the two
 * figures to compare a page apart (approver 34, B6). */
#define SHORT_TABLE_ROWS 4

/* The rows cp_doc_table_under() keeps together at the top of @table: all
 * of a short one or of one kept whole that fits on a page, else the
 * first. The demo's seven-quote ranking of the 70B job broke after its
 * third row, the cheapest three on one page and the other four, the one
 * that cannot run among them, on the next (approver 36, D28/D33). */
static guint
lead_rows (Doc   *doc,
           Table *table)
{
  if (table->rows->len <= SHORT_TABLE_ROWS)
    return table->rows->len;
  if (table->keep_whole && table_height (doc, NULL, NULL, table, table->rows->len) <= doc->bottom - doc->top)
    return table->rows->len;
  return 1;
}

/* The height cp_doc_table_under() keeps together at the top of @table: its
 * heading, header row and first row, or the whole of a short table. A
 * heading just above it keeps this much with it, so that it never ends a
 * page alone. */
double
cp_doc_table_lead_height (Doc                        *doc,
                          const PangoFontDescription *heading_font,
                          const char                 *heading,
                          Table                      *table)
{
  return table_height (doc, heading_font, heading, table, lead_rows (doc, table));
}

/* The height of the whole of @table under its heading, on one page. */
double
cp_doc_table_height (Doc                        *doc,
                     const PangoFontDescription *heading_font,
                     const char                 *heading,
                     Table                      *table)
{
  return table_height (doc, heading_font, heading, table, table->rows->len);
}

/* A table under its heading (or none): the heading, the header row and
 * the first row (a short table's every row) start on the same page; the header row is repeated on
 * every page the table reaches, and a row never splits. */
void
cp_doc_table_under (Doc                        *doc,
                    const PangoFontDescription *heading_font,
                    const char                 *heading,
                    Table                      *table)
{
  double *widths = g_newa (double, table->n_columns);
  double header_height = 0;
  double height = 0;
  /* A short table whole (lead_rows()), measured before the rows drawn
   * are set (the cells' layouts are shared). */
  guint lead = lead_rows (doc, table);
  double keep = lead > 1 ? table_height (doc, NULL, NULL, table, lead) : 0;
  Row header = { { NULL } }, row = { { NULL } };

  fit_widths (doc, table, widths);
  if (table->header != NULL)
    header_height = prepare_row (doc, doc->header_cells, &header, table, widths, table->header, header_font (doc, table));
  if (table->rows->len > 0)
    height = prepare_row (doc, doc->row_cells, &row, table, widths, g_ptr_array_index (table->rows, 0), row_font (doc, table));
  if (keep == 0)
    keep = header_height + height;
  if (heading != NULL)
    cp_doc_heading (doc, heading_font, heading, keep);
  else
    cp_doc_ensure (doc, keep);

  for (guint r = 0; r < table->rows->len; r++)
    {
      gboolean new_page;
      double cut;

      if (r > 0)
        height = prepare_row (doc, doc->row_cells, &row, table, widths, g_ptr_array_index (table->rows, r), row_font (doc, table));
      new_page = doc->y + height > doc->bottom && doc->y > doc->top;
      if (new_page && r > 0 && (cut = row_break_height (doc, &row, table->n_columns)) > 0)
        {
          /* The row's first lines here, the rest under the header
           * repeated on the next page. */
          int from[MAX_COLUMNS] = { 0 };

          draw_row_lines (doc, &row, table, widths, from, cut);
          cp_doc_new_page (doc);
          doc->spare_height += header_height + 2 * row.pad_y;
          if (table->header != NULL)
            draw_row (doc, &header, table, widths, header_height, TRUE);
          draw_row_lines (doc, &row, table, widths, from, G_MAXDOUBLE);
          continue;
        }
      if (new_page)
        cp_doc_new_page (doc);
      if (new_page && r > 0)
        doc->spare_height += header_height;
      if (table->header != NULL && (r == 0 || new_page))
        draw_row (doc, &header, table, widths, header_height, TRUE);
      draw_row (doc, &row, table, widths, height, FALSE);
    }
  doc->y += 6;
}

void
cp_doc_table (Doc   *doc,
              Table *table)
{
  cp_doc_table_under (doc, NULL, NULL, table);
}

void
cp_doc_table_add_row (Table *table,
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
