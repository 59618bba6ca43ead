/* test-report-floats.c: where the figures waiting for a page (a job
 * chapter's charts, Doc.page_started) take their place: at the top of a
 * page a block starts, after the end of a paragraph that breaks across
 * the page, never between its lines (issue 22: the demo's Chinese page 6
 * held a paragraph's last four lines below two charts, its first lines
 * at the foot of page 5). */
#include "config.h"

#include "common/cp-test-doc.h"
#include "report/cp-report-doc.h"

typedef struct {
  GArray    *pages;
  CpProject *project;
  Doc        doc;
  /* Where the waiting figures were placed: the page, from 1, and the
   * cursor; 0 and -1 until they are. */
  guint      placed_page;
  double     placed_y;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  cp_test_doc_init_a4 (&fixture->doc, &fixture->pages, &fixture->project, "en");
  fixture->placed_y = -1;
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  cp_test_doc_clear (&fixture->doc, fixture->pages, fixture->project);
}

/* Stands for place_floats() (cp-report-job.c): notes where it ran and
 * lets nothing wait any more. */
static void
place_figures (gpointer data)
{
  Fixture *fixture = data;

  g_assert_cmpuint (fixture->placed_page, ==, 0);
  fixture->placed_page = fixture->pages->len;
  fixture->placed_y = fixture->doc.y;
  fixture->doc.page_started = NULL;
}

static void
wait_for_page (Fixture *fixture)
{
  fixture->doc.page_started = place_figures;
  fixture->doc.page_started_data = fixture;
}

/* About twenty lines of body text across the page. */
static char *
long_paragraph (void)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < 20; i++)
    g_string_append (text, "The cluster pays when compute dominates a step; the single machine when communication does. ");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A paragraph begun four lines above the page's foot goes on at the top
 * of the next page; the figures follow its last line there. */
static void
test_after_broken_paragraph (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *text = long_paragraph ();

  fixture->doc.y = fixture->doc.bottom - 50;
  wait_for_page (fixture);
  cp_doc_paragraph (&fixture->doc, fixture->doc.body, text);
  g_assert_cmpuint (fixture->pages->len, ==, 2);
  g_assert_cmpuint (fixture->placed_page, ==, 2);
  /* Below the paragraph's lines on page 2, not at its top. */
  g_assert_cmpfloat (fixture->placed_y, >, fixture->doc.top + 50);
  g_assert_cmpfloat (fixture->placed_y, ==, fixture->doc.y);
}

/* A paragraph that fits leaves them waiting; a new page started between
 * blocks places them at its top. */
static void
test_at_page_top (Fixture       *fixture,
                  gconstpointer  data)
{
  wait_for_page (fixture);
  cp_doc_paragraph (&fixture->doc, fixture->doc.body, "One line.");
  g_assert_cmpuint (fixture->placed_page, ==, 0);
  cp_doc_new_page (&fixture->doc);
  g_assert_cmpuint (fixture->placed_page, ==, 2);
  g_assert_cmpfloat (fixture->placed_y, ==, fixture->doc.top);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/report-floats/after-broken-paragraph", Fixture, NULL, fixture_set_up, test_after_broken_paragraph,
              fixture_tear_down);
  g_test_add ("/report-floats/at-page-top", Fixture, NULL, fixture_set_up, test_at_page_top, fixture_tear_down);
  return g_test_run ();
}
