/* test-report-cells.c: where the PDF's table cells break their Chinese
 * text, read from the lines pango laid each cell out in; a figure stays
 * with its measure word. */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "common/cp-test-doc.h"
#include "report/cp-report-doc.h"

typedef struct {
  GArray   *pages;
  CpProject *project;
  Doc       doc;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  cp_test_doc_init_a4 (&fixture->doc, &fixture->pages, &fixture->project, "zh_CN");
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  cp_test_doc_clear (&fixture->doc, fixture->pages, fixture->project);
}

/* The lines of the cell that shows @text, as the table laid it out. */
static char **
cell_lines (Doc        *doc,
            const char *text)
{
  GHashTableIter iter;
  PangoLayout *layout;

  g_hash_table_iter_init (&iter, doc->text_cells);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &layout))
    {
      const char *shown = pango_layout_get_text (layout);
      GPtrArray *lines;

      if (g_strcmp0 (shown, text) != 0)
        continue;
      lines = g_ptr_array_new ();
      for (int l = 0; l < pango_layout_get_line_count (layout); l++)
        {
          PangoLayoutLine *line = pango_layout_get_line_readonly (layout, l);

          g_ptr_array_add (lines, g_strndup (shown + line->start_index, line->length));
        }
      g_ptr_array_add (lines, NULL);
      return (char **) g_ptr_array_free (lines, FALSE);
    }
  g_error ("no cell shows “%s”", text);
}

/* A first column a hundredth of the page wide, the second the rest: the
 * first gets only what its words need (cp-report-doc.c, fit_widths()).
 * The second's text wraps across the page, so it has no width to spare
 * for the first (widen_wrapping_columns()). */
static void
lay_out_table (Doc                *doc,
               const char * const *cells)
{
  static const double widths[] = { 0.01, 0.99 };
  Table table = { .n_columns = 2, .widths = widths };
  g_autoptr(GString) wide = g_string_new (NULL);

  while (wide->len < 600)
    g_string_append (wide, "一段足够长的说明文字，");
  /* The rows hold the cells' arrays, not their strings. */
  table.rows = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; cells[i] != NULL; i++)
    cp_doc_table_add_row (&table, cells[i], wide->str);
  cp_doc_table (doc, &table);
  g_ptr_array_unref (table.rows);
}

/* Whether one of @lines holds @piece whole. */
static gboolean
on_one_line (char      **lines,
             const char *piece)
{
  for (guint l = 0; lines[l] != NULL; l++)
    if (strstr (lines[l], piece) != NULL)
      return TRUE;
  return FALSE;
}

/* Two-character words, units and the tables' terms stay whole however
 * narrow the column: 独享 was laid out as 独 / 享, 开通费 as 开通 / 费. */
static void
test_short_terms_whole (Fixture       *fixture,
                        gconstpointer  data)
{
  const char * const cells[] = { "独享", "RoCE 共享", "元/卡·时", "管理及开通费", "字节/GB", NULL };
  const char * const pieces[] = { "独享", "共享", "元/卡·时", "管理及开通费", "字节/GB" };

  lay_out_table (&fixture->doc, cells);
  for (guint i = 0; cells[i] != NULL; i++)
    {
      g_auto(GStrv) lines = cell_lines (&fixture->doc, cells[i]);

      g_assert_true (on_one_line (lines, pieces[i]));
    }
}

/* A phrase longer than a term breaks between its characters, as Chinese
 * does, but no line holds a single one of them. */
static void
test_phrase_leaves_no_character_alone (Fixture       *fixture,
                                       gconstpointer  data)
{
  const char *phrase = "两次检查点之间的训练时间";
  const char * const cells[] = { "管理及开通费", phrase, NULL };
  g_auto(GStrv) lines = NULL;

  lay_out_table (&fixture->doc, cells);
  lines = cell_lines (&fixture->doc, phrase);
  /* Six characters wide (管理及开通费): the twelve need more lines. */
  g_assert_cmpuint (g_strv_length (lines), >, 1);
  for (guint l = 0; lines[l] != NULL; l++)
    g_assert_cmpint (g_utf8_strlen (g_strstrip (lines[l]), -1), >=, 2);
}

/* The layout table's recompute cell as the job chapter gives it, "80 层中
 * 1 层完全重计算" for 1 of the 80 layers on each GPU: in a narrow column
 * it broke as "80 层中 1 / 层完全重计算" (approver 33, A17). Joined, no
 * line ends on a figure, and "1 层" and "80 层" each stay on one line;
 * English is left as it was. */
static void
test_figure_keeps_measure_word (Fixture       *fixture,
                                gconstpointer  data)
{
  CpEstimate estimate = { 0 };
  g_autofree char *said = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *english = NULL;
  g_autofree char *english_joined = NULL;
  g_auto(GStrv) lines = NULL;
  const char *cells[3] = { "管理及开通费", NULL, NULL };

  estimate.layout.recompute = CP_RECOMPUTE_FULL;
  estimate.layout.recomputed_layers = 1;
  estimate.layout.layers_per_gpu = 80;
  cp_i18n_push_language ("zh_CN");
  said = cp_words_recompute (&estimate);
  cp_i18n_pop_language ();
  g_assert_cmpstr (said, ==, "80 层中 1 层完全重计算");
  joined = cp_i18n_join_measure_words (said, "zh_CN");
  g_assert_cmpstr (joined, ==, "80\u00a0层中 1\u00a0层完全重计算");

  cells[1] = joined;
  lay_out_table (&fixture->doc, cells);
  lines = cell_lines (&fixture->doc, joined);
  g_assert_cmpuint (g_strv_length (lines), >, 1);
  for (guint l = 0; lines[l] != NULL; l++)
    {
      const char *line = g_strstrip (lines[l]);

      g_assert_false (g_ascii_isdigit (line[strlen (line) - 1]));
    }
  g_assert_true (on_one_line (lines, "1\u00a0层"));
  g_assert_true (on_one_line (lines, "80\u00a0层"));

  cp_i18n_push_language ("en");
  english = cp_words_recompute (&estimate);
  cp_i18n_pop_language ();
  english_joined = cp_i18n_join_measure_words (english, "en");
  g_assert_cmpstr (english_joined, ==, "full on 1 of 80 layers");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/report/cells/short-terms-whole", Fixture, NULL, fixture_set_up, test_short_terms_whole,
              fixture_tear_down);
  g_test_add ("/report/cells/phrase-leaves-no-character-alone", Fixture, NULL, fixture_set_up,
              test_phrase_leaves_no_character_alone, fixture_tear_down);
  g_test_add ("/report/cells/figure-keeps-measure-word", Fixture, NULL, fixture_set_up,
              test_figure_keeps_measure_word, fixture_tear_down);
  return g_test_run ();
}
