/* cp-test-pdf.h: a report's PDF read back as the report tests read it,
 * with poppler's pdftotext and pdfinfo. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether pdftotext and pdfinfo are on PATH (the tests that read a PDF
 * skip without them). */
gboolean cp_test_have_poppler    (void);
/* Without them, marks the running test skipped and returns TRUE:
 * "if (cp_test_skip_without_poppler ()) return;". */
gboolean cp_test_skip_without_poppler (void);

/* The standard output of the tool @argv (found on PATH) run in @dir,
 * which must succeed; its standard error is dropped. */
char    *cp_test_run_tool        (const char        *dir,
                                  const char *const *argv);

/* Checks the report XML @xml (in @dir) against the project's schema,
 * data/report/compute-planner-report.xsd under $CP_SOURCE_DIR, with
 * xmllint; the test fails if it does not validate. */
void     cp_test_validate_report_xml (const char *dir,
                                      const char *xml);

/* @pdf is read from @dir when relative (NULL: the current folder). */
guint    cp_test_pdf_page_count  (const char *dir,
                                  const char *pdf);

/* @pdf's text without whitespace (pdftotext breaks lines where the PDF
 * does): page @page, or every page for 0 (without the pages' running
 * headers and footers, which would break a sentence that runs on to the
 * next page); as laid out (a table's row on one line) with @layout, else
 * in reading order (a table's cell whole). */
char    *cp_test_pdf_text        (const char *dir,
                                  const char *pdf,
                                  guint       page,
                                  gboolean    layout);

/* The non-empty lines of page @page of @pdf (in @dir), stripped, as
 * pdftotext -layout reads them: the page's header first, its footer
 * last. */
GPtrArray *cp_test_pdf_page_lines (const char *dir,
                                   const char *pdf,
                                   guint       page);

/* A figure as the report writes it, "27,140" or "¥27,140", as a number:
 * its digits alone (a whole amount; no sign or decimals). */
double   cp_test_figure          (const char *text);

/* Occurrences of @needle, squeezed, in the squeezed @text. */
guint    cp_test_count           (const char *text,
                                  const char *needle);

/* @needle, squeezed, is (is not) in the squeezed @text. */
void     cp_test_assert_has      (const char *text,
                                  const char *needle);
void     cp_test_assert_lacks    (const char *text,
                                  const char *needle);

G_END_DECLS
