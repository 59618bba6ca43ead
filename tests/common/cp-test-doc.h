/* cp-test-doc.h: a report Doc on an empty project, for the tests that
 * lay text out on its pages themselves. */
#pragma once

#include <glib.h>

#include "report/cp-report-doc.h"

/* Starts *@doc in @lang on a first A4 page (595 × 842 points, as the
 * report's pages), the pages in a new *@pages and the doc's project a new
 * empty *@project; cp_test_doc_clear() frees the three. */
static inline void
cp_test_doc_init_a4 (Doc         *doc,
                     GArray     **pages,
                     CpProject  **project,
                     const char  *lang)
{
  *pages = g_array_new (FALSE, TRUE, sizeof (Page));
  g_array_set_clear_func (*pages, (GDestroyNotify) cp_doc_page_clear);
  *project = cp_project_new ();
  cp_doc_init (doc, *project, lang, 595.0, 842.0, *pages);
  cp_doc_new_page (doc);
}

static inline void
cp_test_doc_clear (Doc       *doc,
                   GArray    *pages,
                   CpProject *project)
{
  cp_doc_clear (doc);
  g_array_unref (pages);
  cp_project_free (project);
}
