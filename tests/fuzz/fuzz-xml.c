/* fuzz-xml.c: XML reports from other systems, read back into a project.
 *
 * Properties: parsing never crashes, hangs or trips a sanitizer; a report
 * that is accepted yields jobs and quotes that pass the model's own checks
 * (cp_job_validate(), cp_quote_validate_figures()). The slow checks
 * (cp_fuzz_deep(); the export plans every job): its plans show only
 * finite, non-negative figures, and exporting it gives XML that is
 * accepted again with the same jobs and quotes.
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
  for (guint i = 0; i < project->jobs->len; i++)
    if (!cp_job_validate (g_ptr_array_index (project->jobs, i), &error))
      g_error ("job %u was accepted but is invalid: %s", i, error->message);
  for (guint i = 0; i < project->quotes->len; i++)
    if (!cp_quote_validate_figures (g_ptr_array_index (project->quotes, i), &error))
      g_error ("quote %u was accepted but is invalid: %s", i, error->message);
  if (!cp_fuzz_deep () || project->jobs->len * project->quotes->len > MAX_PLANNED)
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
