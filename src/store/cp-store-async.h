/* cp-store-async.h: saving and importing without blocking the window.
 *
 * Each call copies the project on the calling thread and hands the copy to
 * a worker (g_task_run_in_thread), so the caller may go on editing its
 * own; the callback runs on the calling thread's main context. Cancelling
 * reports G_IO_ERROR_CANCELLED when the work has not started. A CpStore
 * passed in belongs to the worker until the callback: the caller must not
 * use it meanwhile.
 */
#pragma once

#include <gio/gio.h>

#include "cp-model-config.h"
#include "cp-quote-csv.h"
#include "cp-store.h"

G_BEGIN_DECLS

void              cp_store_save_async          (CpStore              *store,
                                                const CpProject      *project,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean          cp_store_save_finish         (GAsyncResult         *result,
                                                GError              **error);

/* cp_project_save_file() to @path, then opens it: the new store (close it
 * with cp_store_close()). */
void              cp_project_save_as_async     (const CpProject      *project,
                                                const char           *path,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
CpStore          *cp_project_save_as_finish    (GAsyncResult         *result,
                                                GError              **error);

/* cp_quote_sheet_new_from_file_full() on a worker, for the import
 * preview, against the copy of @project's settings and catalogue made
 * here; @sheet_index is a workbook's sheet, -1 the first with rows. */
void              cp_quote_sheet_new_from_file_async  (const char           *path,
                                                       int                   sheet_index,
                                                       const CpProject      *project,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
CpQuoteSheet     *cp_quote_sheet_new_from_file_finish (GAsyncResult         *result,
                                                       GError              **error);

/* cp_quote_csv_write() of @project's quotes into @path on a worker; the
 * file is replaced whole or not at all. */
void              cp_quote_csv_write_file_async  (const CpProject      *project,
                                                  const char           *path,
                                                  GCancellable         *cancellable,
                                                  GAsyncReadyCallback   callback,
                                                  gpointer              user_data);
gboolean          cp_quote_csv_write_file_finish (GAsyncResult         *result,
                                                  GError              **error);

/* cp_model_config_read_file() of @path on a worker: a 1 MiB config.json
 * or a slow disk does not stall the window. */
void              cp_model_config_read_file_async  (const char          *path,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
CpModelConfig    *cp_model_config_read_file_finish (GAsyncResult        *result,
                                                    GError             **error);

G_END_DECLS
