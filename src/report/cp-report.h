/* cp-report.h: the decision report, as PDF for people and as XML for the
 * approval system.
 *
 * Both take the report's language ("en" or "zh_CN") independent of the
 * UI's; both recompute the plans from the project, so what they say is
 * what the model says now.
 */
#pragma once

#include <cairo.h>

#include "planner/cp-project.h"
#include "planner/cp-project-analysis.h"

G_BEGIN_DECLS

#define CP_REPORT_ERROR (cp_report_error_quark ())
GQuark cp_report_error_quark (void);

typedef enum {
  CP_REPORT_ERROR_IO,              /* the file could not be read or written */
  CP_REPORT_ERROR_TOO_LARGE,       /* over CP_REPORT_XML_MAX_BYTES */
  CP_REPORT_ERROR_NOT_XML,         /* not well-formed XML */
  CP_REPORT_ERROR_FORBIDDEN,       /* a DOCTYPE, DTD or entity declaration */
  CP_REPORT_ERROR_WRONG_DOCUMENT,  /* another root element or namespace */
  CP_REPORT_ERROR_INVALID,         /* fails the schema or the model's checks */
  CP_REPORT_ERROR_NO_TRANSLATION,  /* no catalogue for the report's language */
} CpReportError;

#define CP_REPORT_XML_NAMESPACE "https://cplanner.github.io/ns/compute-planner/1"
/* Reports of real projects are a few hundred kilobytes; anything much
 * bigger is refused before it is parsed. */
#define CP_REPORT_XML_MAX_BYTES (16 * 1024 * 1024)
/* Where the schema is compiled in (and installed as PKGDATADIR/compute-planner-report.xsd). */
#define CP_REPORT_XSD_RESOURCE "/io/github/cplanner/ComputePlanner/report/compute-planner-report.xsd"

/* A4 (210 × 297 mm) in points, the PDF report's page, converted as GTK
 * converts its A4 paper (mm / (25.4 / 72)): printed on GTK's A4, the
 * report is laid out on the very same page. Rounded to 595.28 × 841.89,
 * the 0.004 pt between the two moved a label of a printed chart that the
 * exported one kept in place (ci81). */
#define CP_REPORT_A4_WIDTH_PT (210.0 / (25.4 / 72.0))
#define CP_REPORT_A4_HEIGHT_PT (297.0 / (25.4 / 72.0))
/* The smallest page the report is laid out on (A5, either way up, is
 * bigger): below it a chart no longer fits between the margins. */
#define CP_REPORT_MIN_PAGE_WIDTH_PT 360.0
#define CP_REPORT_MIN_PAGE_HEIGHT_PT 504.0

/* The PDF report's pages, laid out once for a page size: the PDF writer
 * and printing draw the same pages from it. Text is measured at 72 units
 * per inch, so one unit is one point on every surface. */
typedef struct _CpReportLayout CpReportLayout;

/* Plans the project's jobs and lays the report out in @lang on pages of
 * @page_width_pt × @page_height_pt (at least CP_REPORT_MIN_PAGE_*_PT). */
CpReportLayout *cp_report_layout_new        (const CpProject *project,
                                             const char      *lang,
                                             double           page_width_pt,
                                             double           page_height_pt);
/* The same from the project's analysis: its plans and sweeps are read,
 * and those not made yet are made (and kept) there. */
CpReportLayout *cp_report_layout_new_from_analysis (CpProjectAnalysis *analysis,
                                                    const char        *lang,
                                                    double             page_width_pt,
                                                    double             page_height_pt);
guint           cp_report_layout_get_n_pages (CpReportLayout *layout);
/* "Compute plan: <project>" in the report's language. */
const char     *cp_report_layout_get_title  (CpReportLayout *layout);
/* Draws page @page (0-based, as GtkPrintOperation counts) on @cr, whose
 * user space is in points with the origin at the page's top-left corner. */
void            cp_report_layout_draw_page  (CpReportLayout *layout,
                                             cairo_t        *cr,
                                             guint           page);
void            cp_report_layout_free       (CpReportLayout *layout);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpReportLayout, cp_report_layout_free)

/* The name reports give @project: its own name, else the base name
 * without extension of the file it was read from (@project_path, may be
 * NULL), so a saved project is never "Untitled". */
char      *cp_report_project_name (const CpProject *project,
                                   const char      *project_path);

/* The PDF report: A4, vector charts, text in @lang. */
gboolean   cp_report_pdf_write   (const CpProject *project,
                                  const char      *lang,
                                  const char      *path,
                                  GError         **error);
/* The same from the project's analysis, whose plans and sweeps it reads
 * (and makes and keeps there those not made yet). */
gboolean   cp_report_pdf_write_analysis (CpProjectAnalysis *analysis,
                                         const char        *lang,
                                         const char        *path,
                                         GError           **error);

/* The XML report: every input and result, with units and currencies;
 * words (verdicts, reasons, risks) in @lang. The file is replaced
 * atomically. */
char      *cp_report_xml_to_data (const CpProject *project,
                                  const char      *lang,
                                  gsize           *length);
/* The same from the project's analysis, whose plans it reads. */
char      *cp_report_xml_analysis_to_data (CpProjectAnalysis *analysis,
                                           const char        *lang,
                                           gsize             *length);
gboolean   cp_report_xml_write   (const CpProject *project,
                                  const char      *lang,
                                  const char      *path,
                                  GError         **error);
gboolean   cp_report_xml_write_analysis (CpProjectAnalysis *analysis,
                                         const char        *lang,
                                         const char        *path,
                                         GError           **error);

/* Whether an option of quote @quote_index that the memo names for @plan
 * (the recommended one, the next best, the one that wins within the
 * range) or a change of @what_if (cp_project_analysis_get_what_if(), may
 * be NULL) rents several of its nodes: the network between them bears on
 * what is signed only then, and only then is its vendor asked about it. */
gboolean   cp_report_rents_nodes (const CpPlan *plan,
                                  const GArray *what_if,
                                  int           quote_index);

/* Reads a report back into a new project (settings, jobs, quotes, the
 * project's own catalogue entries). Refuses documents with a DOCTYPE or
 * entity declarations, files over CP_REPORT_XML_MAX_BYTES, other
 * namespaces and anything the schema or the model rejects; the message
 * says which, in the UI's language. */
CpProject *cp_report_xml_read    (const char      *path,
                                  GError         **error);
CpProject *cp_report_xml_parse   (const char      *data,
                                  gsize            length,
                                  GError         **error);

G_END_DECLS
