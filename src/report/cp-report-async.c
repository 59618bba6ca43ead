/* cp-report-async.c: the report laid out and written on a worker thread. */
#include "cp-report-private.h"
#include "cp-i18n.h"
#include "cp-report-async.h"

#include <cairo-pdf.h>
#include <libxml/parser.h>

/* What a report's worker reads: its own copies, made on the calling
 * thread. */
typedef struct {
  CpProject *project;
  /* Its plans, the caller's copied or made on the worker: the PDF and
   * the XML of one export read the same ones. */
  CpProjectAnalysis *analysis;
  char      *lang;
  double     page_width_pt;  /* a print's layout */
  double     page_height_pt;
  char      *path;           /* a printed file to write, or NULL */
  char      *pdf_path;       /* an export's files, either NULL */
  char      *xml_path;
} ReportTask;

static void
report_task_free (ReportTask *data)
{
  g_clear_pointer (&data->analysis, cp_project_analysis_free);
  g_clear_pointer (&data->project, cp_project_free);
  g_free (data->lang);
  g_free (data->path);
  g_free (data->pdf_path);
  g_free (data->xml_path);
  g_free (data);
}

/* The worker's analysis of @project (its own copy): @analysis's plans
 * copied, or none. */
static CpProjectAnalysis *
worker_analysis (CpProjectAnalysis *analysis,
                 const CpProject   *project)
{
  return analysis != NULL ? cp_project_analysis_copy (analysis, project)
                          : cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
}

/* A task over a copy of @project and of @analysis, tagged @source_tag. */
static GTask *
report_task_new (const CpProject     *project,
                 CpProjectAnalysis   *analysis,
                 const char          *lang,
                 gpointer             source_tag,
                 GCancellable        *cancellable,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data,
                 ReportTask         **data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  *data = g_new0 (ReportTask, 1);
  (*data)->project = cp_project_copy (project);
  (*data)->analysis = worker_analysis (analysis, (*data)->project);
  (*data)->lang = g_strdup (lang);
  g_task_set_task_data (task, *data, (GDestroyNotify) report_task_free);
  return task;
}

/* The task of @result, if it is one tagged @source_tag, else NULL. */
static GTask *
report_task_of (GAsyncResult *result,
                gpointer      source_tag)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  return G_TASK (result);
}

static gboolean
write_pdf (ReportTask    *data,
           GCancellable  *cancellable,
           GError       **error)
{
  g_autoptr(CpReportLayout) layout = NULL;
  g_autofree char *subject = NULL;

  layout = cp_report_layout_new_from_analysis (data->analysis, data->lang, CP_REPORT_A4_WIDTH_PT,
                                               CP_REPORT_A4_HEIGHT_PT);
  /* Laying out is most of the work: a window closed meanwhile leaves
   * whatever file was there untouched. */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  subject = cp_report_pdf_subject (data->lang);
  return cp_report_layout_write_pdf (layout, data->project->prepared_by, subject, data->pdf_path, error);
}

static gboolean
write_xml (ReportTask    *data,
           GCancellable  *cancellable,
           GError       **error)
{
  g_autofree char *xml = NULL;
  gsize length = 0;
  GError *local_error = NULL;

  xml = cp_report_xml_analysis_to_data (data->analysis, data->lang, &length);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  /* g_file_set_contents() renames a complete temporary file over the old
   * one, as cp_report_xml_write() does. */
  if (!g_file_set_contents (data->xml_path, xml, (gssize) length, &local_error))
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   /* TRANSLATORS: %s is the system's error message */
                   _("Could not write the XML report: %s"), local_error->message);
      g_error_free (local_error);
      return FALSE;
    }
  return TRUE;
}

static void
export_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  ReportTask *data = task_data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  /* Reading the catalogue is the first thing the report needs of it. */
  if (!cp_i18n_check_language (data->lang, &error) ||
      (data->pdf_path != NULL && !write_pdf (data, cancellable, &error)) ||
      (data->xml_path != NULL && !write_xml (data, cancellable, &error)))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

void
cp_report_export_async (const CpProject     *project,
                        CpProjectAnalysis   *analysis,
                        const char          *lang,
                        const char          *pdf_path,
                        const char          *xml_path,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ReportTask *data;

  g_return_if_fail (project != NULL);
  g_return_if_fail (pdf_path != NULL || xml_path != NULL);

  /* libxml2 2.9 sets up its globals on first use, which two threads must
   * not do at once: the main thread does it before any worker. */
  xmlInitParser ();

  task = report_task_new (project, analysis, lang, cp_report_export_async, cancellable, callback, user_data, &data);
  data->pdf_path = g_strdup (pdf_path);
  data->xml_path = g_strdup (xml_path);
  g_task_run_in_thread (task, export_in_thread);
}

gboolean
cp_report_export_finish (GAsyncResult  *result,
                         GError       **error)
{
  GTask *task = report_task_of (result, cp_report_export_async);

  return task != NULL && g_task_propagate_boolean (task, error);
}

static void
layout_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  ReportTask *data = task_data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (!cp_i18n_check_language (data->lang, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task,
                         cp_report_layout_new_from_analysis (data->analysis, data->lang, data->page_width_pt,
                                                             data->page_height_pt),
                         (GDestroyNotify) cp_report_layout_free);
}

void
cp_report_layout_async (const CpProject     *project,
                        CpProjectAnalysis   *analysis,
                        const char          *lang,
                        double               page_width_pt,
                        double               page_height_pt,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ReportTask *data;

  g_return_if_fail (project != NULL);
  g_return_if_fail (page_width_pt >= CP_REPORT_MIN_PAGE_WIDTH_PT && page_height_pt >= CP_REPORT_MIN_PAGE_HEIGHT_PT);

  task = report_task_new (project, analysis, lang, cp_report_layout_async, cancellable, callback, user_data, &data);
  data->page_width_pt = page_width_pt;
  data->page_height_pt = page_height_pt;
  g_task_run_in_thread (task, layout_in_thread);
}

CpReportLayout *
cp_report_layout_finish (GAsyncResult  *result,
                         GError       **error)
{
  GTask *task = report_task_of (result, cp_report_layout_async);

  return task != NULL ? g_task_propagate_pointer (task, error) : NULL;
}

/* Pages laid out at least as large as the report allows, drawn scaled
 * onto the paper: what printing's draw-page did on the main thread. */
static gboolean
write_print_file (ReportTask    *data,
                  GCancellable  *cancellable,
                  GError       **error)
{
  double layout_width_pt = MAX (data->page_width_pt, CP_REPORT_MIN_PAGE_WIDTH_PT);
  double layout_height_pt = MAX (data->page_height_pt, CP_REPORT_MIN_PAGE_HEIGHT_PT);
  double scale = MIN (1.0, MIN (data->page_width_pt / layout_width_pt, data->page_height_pt / layout_height_pt));
  g_autoptr(CpReportLayout) layout = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (!cp_i18n_check_language (data->lang, error))
    return FALSE;
  layout = cp_report_layout_new_from_analysis (data->analysis, data->lang, layout_width_pt, layout_height_pt);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  surface = cairo_pdf_surface_create (data->path, data->page_width_pt, data->page_height_pt);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, cp_report_layout_get_title (layout));
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Compute Planner " PACKAGE_VERSION);
  cr = cairo_create (surface);
  for (guint i = 0; i < cp_report_layout_get_n_pages (layout); i++)
    {
      cairo_save (cr);
      cairo_scale (cr, scale, scale);
      cp_report_layout_draw_page (layout, cr, i);
      cairo_restore (cr);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   /* TRANSLATORS: %s is the system's error message */
                   _("Could not write the PDF report: %s"), cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

static void
print_file_in_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (write_print_file (task_data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
cp_report_print_file_async (const CpProject     *project,
                            CpProjectAnalysis   *analysis,
                            const char          *lang,
                            double               paper_width_pt,
                            double               paper_height_pt,
                            const char          *path,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ReportTask *data;

  g_return_if_fail (project != NULL && path != NULL);
  g_return_if_fail (paper_width_pt > 0 && paper_height_pt > 0);

  task = report_task_new (project, analysis, lang, cp_report_print_file_async, cancellable, callback, user_data, &data);
  data->page_width_pt = paper_width_pt;
  data->page_height_pt = paper_height_pt;
  data->path = g_strdup (path);
  g_task_run_in_thread (task, print_file_in_thread);
}

gboolean
cp_report_print_file_finish (GAsyncResult  *result,
                             GError       **error)
{
  GTask *task = report_task_of (result, cp_report_print_file_async);

  return task != NULL && g_task_propagate_boolean (task, error);
}
