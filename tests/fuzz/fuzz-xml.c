/* fuzz-xml.c: XML reports from other systems, read back into a project.
 *
 * Properties: parsing never crashes, hangs or trips a sanitizer; a report
 * that is accepted yields a project whose plans show only finite,
 * non-negative figures, and exporting it gives XML that is accepted again
 * with the same jobs and quotes.
 */

#include "config.h"

#include "report/cp-report.h"

#include "../hardening/cp-check.h"
#include "fuzz-common.h"

/* Planning and exporting are the slow part. */
#define MAX_PLANNED 8

int
cp_fuzz_xml (const guint8 *data,
             gsize         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpProject) back = NULL;
  g_autofree char *xml = NULL;
  gsize len = 0;

  project = cp_report_xml_parse ((const char *) data, size, &error);
  if (project == NULL)
    {
      g_assert (error != NULL && error->message != NULL);
      return 0;
    }
  if (project->jobs->len * project->quotes->len > MAX_PLANNED)
    return 0;

  cp_check_project_figures (project);
  xml = cp_report_xml_to_data (project, "en", &len);
  back = cp_report_xml_parse (xml, len, &error);
  if (back == NULL)
    g_error ("an exported report is refused: %s", error->message);
  if (back->jobs->len != project->jobs->len || back->quotes->len != project->quotes->len)
    g_error ("exported %u jobs, %u quotes; read %u, %u back", project->jobs->len,
             project->quotes->len, back->jobs->len, back->quotes->len);
  return 0;
}
