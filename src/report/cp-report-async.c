/* cp-report-async.c: the report's files written on a worker thread. */
#include "cp-report-private.h"
#include "cp-i18n.h"
#include "cp-report-async.h"

typedef struct {
  CpReportLayout *layout;
  char           *author;
  char           *subject;
  char           *pdf_path;
  char           *xml;
  gsize           xml_length;
  char           *xml_path;
} ExportTask;

static void
export_task_free (ExportTask *data)
{
  g_clear_pointer (&data->layout, cp_report_layout_free);
  g_free (data->author);
  g_free (data->subject);
  g_free (data->pdf_path);
  g_free (data->xml);
  g_free (data->xml_path);
  g_free (data);
}

static void
export_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  ExportTask *data = task_data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;

  if (data->pdf_path != NULL &&
      !cp_report_layout_write_pdf (data->layout, data->author, data->subject, data->pdf_path, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* g_file_set_contents() renames a complete temporary file over the old
   * one, as cp_report_xml_write() does. */
  if (data->xml_path != NULL &&
      !g_file_set_contents (data->xml_path, data->xml, (gssize) data->xml_length, &error))
    {
      g_task_return_new_error (task, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                               /* TRANSLATORS: %s is the system's error message */
                               _("Could not write the XML report: %s"), error->message);
      g_error_free (error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

void
cp_report_export_async (const CpProject     *project,
                        const char          *lang,
                        const char          *pdf_path,
                        const char          *xml_path,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ExportTask *data;

  g_return_if_fail (project != NULL);
  g_return_if_fail (pdf_path != NULL || xml_path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, cp_report_export_async);
  {
    GError *error = NULL;

    if (!cp_i18n_check_language (lang, &error))
      {
        g_task_return_error (task, error);
        return;
      }
  }
  data = g_new0 (ExportTask, 1);
  if (pdf_path != NULL)
    {
      data->layout = cp_report_layout_new (project, lang, CP_REPORT_A4_WIDTH_PT, CP_REPORT_A4_HEIGHT_PT);
      data->author = g_strdup (project->prepared_by);
      data->subject = cp_report_pdf_subject (lang);
      data->pdf_path = g_strdup (pdf_path);
    }
  if (xml_path != NULL)
    {
      data->xml = cp_report_xml_to_data (project, lang, &data->xml_length);
      data->xml_path = g_strdup (xml_path);
    }
  g_task_set_task_data (task, data, (GDestroyNotify) export_task_free);
  g_task_run_in_thread (task, export_in_thread);
}

gboolean
cp_report_export_finish (GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == cp_report_export_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
