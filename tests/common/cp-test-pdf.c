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

static char *
run_tool (const char        *dir,
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

guint
cp_test_pdf_page_count (const char *dir,
                        const char *pdf)
{
  g_autofree char *info = run_tool (dir, (const char *const[]) { "pdfinfo", pdf, NULL });
  const char *line = strstr (info, "\nPages:");

  g_assert_nonnull (line);
  return (guint) g_ascii_strtoull (line + strlen ("\nPages:"), NULL, 10);
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
    ? run_tool (dir, (const char *const[]) { "pdftotext", mode, "-enc", "UTF-8", "-f", number, "-l", number, pdf, "-", NULL })
    : run_tool (dir, (const char *const[]) { "pdftotext", mode, "-enc", "UTF-8", pdf, "-", NULL });

  return cp_test_squeeze (text);
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
