/* cp-test-pdf.c: a report's PDF read back with poppler's tools. */
#include "config.h"

#include <string.h>

#include "cp-test-cli.h"
#include "cp-test-pdf.h"

gboolean
cp_test_have_poppler (void)
{
  g_autofree char *text = g_find_program_in_path ("pdftotext");
  g_autofree char *info = g_find_program_in_path ("pdfinfo");

  return text != NULL && info != NULL;
}

gboolean
cp_test_skip_without_poppler (void)
{
  if (cp_test_have_poppler ())
    return FALSE;
  g_test_skip ("pdftotext or pdfinfo is not installed");
  return TRUE;
}

char *
cp_test_run_tool (const char        *dir,
                  const char *const *argv)
{
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (dir, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_steal_pointer (&out);
}

void
cp_test_validate_report_xml (const char *dir,
                             const char *xml)
{
  g_autofree char *xsd = g_build_filename (g_getenv ("CP_SOURCE_DIR"), "data", "report",
                                           "compute-planner-report.xsd", NULL);

  g_free (cp_test_run_tool (dir, (const char *const[]) { "xmllint", "--noout", "--schema", xsd, xml, NULL }));
}

guint
cp_test_pdf_page_count (const char *dir,
                        const char *pdf)
{
  g_autofree char *info = cp_test_run_tool (dir, (const char *const[]) { "pdfinfo", pdf, NULL });
  const char *line = strstr (info, "\nPages:");

  g_assert_nonnull (line);
  return (guint) g_ascii_strtoull (line + strlen ("\nPages:"), NULL, 10);
}

/* @text without each page's running header ("Compute plan: name … 2
 * December 2026", "算力方案：… 2026年12月2日") and footer ("Page 6 of 28",
 * "第 6 页，共 28 页"): read across pages, a sentence that runs on to the
 * next page has them inside it ("option, 示例供应商 E Page 6 of 28 …
 * cluster?) — A100 …"), which the report never wrote there. The title on
 * page 1 ("Compute plan: name", no date) stays. */
static char *
without_page_furniture (const char *text)
{
  g_autoptr(GRegex) furniture =
    g_regex_new ("^\\s*(Page \\d+ of \\d+|第 \\d+ 页，共 \\d+ 页|"
                 "(Compute plan: |算力方案：).*(\\d+ \\w+ \\d{4}|\\d{4}年\\d+月\\d+日))\\s*$",
                 G_REGEX_MULTILINE, 0, NULL);

  return g_regex_replace_literal (furniture, text, -1, 0, "", 0, NULL);
}

char *
cp_test_pdf_text (const char *dir,
                  const char *pdf,
                  guint       page,
                  gboolean    layout)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  const char *mode = layout ? "-layout" : "-raw";
  g_autofree char *text = page > 0
    ? cp_test_run_tool (dir, (const char *const[]) { "pdftotext", mode, "-enc", "UTF-8", "-f", number, "-l", number, pdf, "-", NULL })
    : cp_test_run_tool (dir, (const char *const[]) { "pdftotext", mode, "-enc", "UTF-8", pdf, "-", NULL });

  if (page == 0)
    {
      g_autofree char *flowing = without_page_furniture (text);

      return cp_test_squeeze (flowing);
    }
  return cp_test_squeeze (text);
}

double
cp_test_figure (const char *text)
{
  g_autofree char *digits = g_strdup (text);
  char *out = digits;

  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isdigit (*p))
      *out++ = *p;
  *out = '\0';
  return g_ascii_strtod (digits, NULL);
}

guint
cp_test_count (const char *text,
               const char *needle)
{
  g_autofree char *n = cp_test_squeeze (needle);
  guint found = 0;

  for (const char *at = strstr (text, n); at != NULL; at = strstr (at + strlen (n), n))
    found++;
  return found;
}

void
cp_test_assert_has (const char *text,
                    const char *needle)
{
  g_autofree char *n = cp_test_squeeze (needle);

  if (strstr (text, n) == NULL)
    g_error ("“%s” is not in the text", needle);
}

void
cp_test_assert_lacks (const char *text,
                      const char *needle)
{
  g_autofree char *n = cp_test_squeeze (needle);

  if (strstr (text, n) != NULL)
    g_error ("“%s” is in the text", needle);
}

GPtrArray *
cp_test_pdf_page_lines (const char *dir,
                        const char *pdf,
                        guint       page)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  g_autofree char *text = cp_test_run_tool (dir, (const char *const[]) { "pdftotext", "-layout", "-enc", "UTF-8",
                                                                         "-f", number, "-l", number, pdf, "-", NULL });
  g_auto(GStrv) raw = g_strsplit (text, "\n", -1);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; raw[i] != NULL; i++)
    {
      g_strstrip (raw[i]);
      if (raw[i][0] != '\0' && raw[i][0] != '\f')
        g_ptr_array_add (lines, g_strdup (raw[i]));
    }
  return lines;
}
