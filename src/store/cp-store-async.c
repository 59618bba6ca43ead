/* cp-store-async.c: saving and importing on a worker thread.
 *
 * After gnome-text-editor's _editor_document_save_async and calendar's
 * read_file_in_thread: a source tag, a snapshot of the inputs as task
 * data, the worker touching nothing else, and _finish only propagating.
 */
#include "config.h"

#include "cp-store-async.h"

typedef struct {
  CpStore   *store;    /* borrowed from the caller until the callback */
  CpProject *project;  /* the snapshot the worker reads */
  char      *path;
  int        sheet;    /* a workbook's sheet to read, -1: the first with rows */
} StoreTask;

static void
store_task_free (StoreTask *data)
{
  g_clear_pointer (&data->project, cp_project_free);
  g_free (data->path);
  g_free (data);
}

static GTask *
store_task_new (CpStore             *store,
                const CpProject     *project,
                const char          *path,
                GCancellable        *cancellable,
                GAsyncReadyCallback  callback,
                gpointer             user_data,
                gpointer             source_tag)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  StoreTask *data = g_new0 (StoreTask, 1);

  data->store = store;
  data->project = project != NULL ? cp_project_copy (project) : NULL;
  data->path = g_strdup (path);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, data, (GDestroyNotify) store_task_free);
  /* A save must finish even when the window that asked is closing. */
  g_task_set_return_on_cancel (task, FALSE);
  return task;
}

/* What every _finish checks first: @result is the task that the _async
 * function @source_tag started. */
static gboolean
store_task_is_from (GAsyncResult *result,
                    gpointer      source_tag)
{
  return g_task_is_valid (result, NULL) && g_task_get_source_tag (G_TASK (result)) == source_tag;
}

static void
save_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  StoreTask *data = task_data;
  GError *error = NULL;

  if (cp_store_save (data->store, data->project, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
cp_store_save_async (CpStore             *store,
                     const CpProject     *project,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (store != NULL && project != NULL);

  task = store_task_new (store, project, NULL, cancellable, callback, user_data, cp_store_save_async);
  g_task_run_in_thread (task, save_in_thread);
}

gboolean
cp_store_save_finish (GAsyncResult  *result,
                      GError       **error)
{
  g_return_val_if_fail (store_task_is_from (result, cp_store_save_async), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
save_as_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  StoreTask *data = task_data;
  GError *error = NULL;
  CpStore *store;

  if (!cp_project_save_file (data->project, data->path, &error) ||
      (store = cp_store_open (data->path, FALSE, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, store, (GDestroyNotify) cp_store_close);
}

void
cp_project_save_as_async (const CpProject     *project,
                          const char          *path,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (project != NULL && path != NULL);

  task = store_task_new (NULL, project, path, cancellable, callback, user_data, cp_project_save_as_async);
  g_task_run_in_thread (task, save_as_in_thread);
}

CpStore *
cp_project_save_as_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (store_task_is_from (result, cp_project_save_as_async), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
read_sheet_in_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  StoreTask *data = task_data;
  GError *error = NULL;
  CpQuoteSheet *sheet;

  if (g_task_return_error_if_cancelled (task))
    return;
  /* Guessing which column holds GPU counts asks the catalogue: the
   * snapshot's, never the caller's project. */
  sheet = cp_quote_sheet_new_from_file_full (data->path, data->project, data->sheet, &error);
  if (sheet == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, sheet, (GDestroyNotify) cp_quote_sheet_free);
}

void
cp_quote_sheet_new_from_file_async (const char          *path,
                                    int                  sheet_index,
                                    const CpProject     *project,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);

  task = store_task_new (NULL, project, path, cancellable, callback, user_data, cp_quote_sheet_new_from_file_async);
  ((StoreTask *) g_task_get_task_data (task))->sheet = sheet_index;
  /* Reading may stop as soon as nobody waits for the sheet. The default
   * priority: a task's priority is also its callback's, and at
   * G_PRIORITY_LOW the callback waited behind the spinner's frames for as
   * long as they ran (the preview said "Reading the sheet…" forever). */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, read_sheet_in_thread);
}

CpQuoteSheet *
cp_quote_sheet_new_from_file_finish (GAsyncResult  *result,
                                     GError       **error)
{
  g_return_val_if_fail (store_task_is_from (result, cp_quote_sheet_new_from_file_async), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
write_quotes_in_thread (GTask        *task,
                        gpointer      source_object,
                        gpointer      task_data,
                        GCancellable *cancellable)
{
  StoreTask *data = task_data;
  g_autofree char *csv = NULL;
  gsize length = 0;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  csv = cp_quote_csv_write (data->project->quotes, &length);
  /* A temporary file renamed over the old one. */
  if (g_file_set_contents (data->path, csv, (gssize) length, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
cp_quote_csv_write_file_async (const CpProject     *project,
                               const char          *path,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (project != NULL && path != NULL);

  task = store_task_new (NULL, project, path, cancellable, callback, user_data, cp_quote_csv_write_file_async);
  g_task_run_in_thread (task, write_quotes_in_thread);
}

gboolean
cp_quote_csv_write_file_finish (GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (store_task_is_from (result, cp_quote_csv_write_file_async), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
read_config_in_thread (GTask        *task,
                       gpointer      source_object,
                       gpointer      task_data,
                       GCancellable *cancellable)
{
  StoreTask *data = task_data;
  GError *error = NULL;
  CpModelConfig *config;

  if (g_task_return_error_if_cancelled (task))
    return;
  config = cp_model_config_read_file (data->path, NULL, NULL, &error);
  if (config == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, config, (GDestroyNotify) cp_model_config_free);
}

void
cp_model_config_read_file_async (const char          *path,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);

  task = store_task_new (NULL, NULL, path, cancellable, callback, user_data, cp_model_config_read_file_async);
  /* The default priority, as for sheets: a low one starves the callback. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, read_config_in_thread);
}

CpModelConfig *
cp_model_config_read_file_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (store_task_is_from (result, cp_model_config_read_file_async), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
