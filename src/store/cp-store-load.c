/* cp-store-load.c: reading a project out of its file. */

#include "config.h"

#include <glib/gi18n.h>
#include <sqlite3.h>

#include "cp-fields.h"
#include "planner/cp-spec-edit.h"
#include "cp-store-private.h"

static gboolean
load_failed (GError **error, CpStore *store, int rc)
{
  _cp_store_set_sqlite_error (error, store->db, rc, store->path);
  return FALSE;
}

static gboolean
bad_value (GError **error, CpStore *store, const char *table, sqlite3_int64 position,
           const char *column)
{
  g_autofree char *row = g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) position);
  g_autofree char *detail =
    /* Translators: a table, a row number and a column of the project file */
    g_strdup_printf (_("%s row %s: unknown value in “%s”"), table, row, column);
  _cp_store_set_error (error, CP_STORE_ERROR_CORRUPT, store->path, detail);
  return FALSE;
}

typedef gboolean (*RowFunc) (CpProject *project, sqlite3_stmt *stmt, const char **bad_column);

static gboolean
load_rows (CpStore            *store,
           CpProject          *project,
           const char         *table,
           const CpFieldTable *fields,
           RowFunc             func,
           GError            **error)
{
  g_autofree char *columns = cp_fields_select_list (fields);
  g_autofree char *sql = g_strdup_printf ("SELECT position, %s FROM %s ORDER BY position",
                                          columns, table);
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (store->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    return load_failed (error, store, rc);

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *bad_column = NULL;

      if (!func (project, stmt, &bad_column))
        {
          sqlite3_int64 position = sqlite3_column_int64 (stmt, 0);
          sqlite3_finalize (stmt);
          return bad_value (error, store, table, position, bad_column);
        }
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return load_failed (error, store, rc);
  return TRUE;
}

static gboolean
read_job (CpProject *project, sqlite3_stmt *stmt, const char **bad_column)
{
  CpJob *job = cp_job_new (CP_TASK_PRETRAIN);

  if (!cp_fields_read (&cp_fields_job, job, stmt, 1, bad_column))
    {
      cp_job_free (job);
      return FALSE;
    }
  /* "Custom (from …)" of older versions, in their window's language. */
  cp_model_spec_upgrade_name (&job->model);
  cp_project_add_job (project, job);
  return TRUE;
}

static gboolean
read_quote (CpProject *project, sqlite3_stmt *stmt, const char **bad_column)
{
  CpQuote *quote = cp_quote_new ();

  if (!cp_fields_read (&cp_fields_quote, quote, stmt, 1, bad_column))
    {
      cp_quote_free (quote);
      return FALSE;
    }
  cp_gpu_spec_upgrade_name (&quote->gpu);
  cp_link_spec_upgrade_name (&quote->intra_link);
  cp_project_add_quote (project, quote);
  return TRUE;
}

static gboolean
read_model (CpProject *project, sqlite3_stmt *stmt, const char **bad_column)
{
  CpModelSpec spec = { 0 };
  gboolean ok = cp_fields_read (&cp_fields_model, &spec, stmt, 1, bad_column);

  if (ok)
    cp_catalog_add_model (project->custom, &spec);
  cp_model_spec_clear (&spec);
  return ok;
}

static gboolean
read_gpu (CpProject *project, sqlite3_stmt *stmt, const char **bad_column)
{
  CpGpuSpec spec = { 0 };
  gboolean ok = cp_fields_read (&cp_fields_gpu, &spec, stmt, 1, bad_column);

  if (ok)
    cp_catalog_add_gpu (project->custom, &spec);
  cp_gpu_spec_clear (&spec);
  return ok;
}

static gboolean
read_link (CpProject *project, sqlite3_stmt *stmt, const char **bad_column)
{
  CpLinkSpec spec = { 0 };
  gboolean ok = cp_fields_read (&cp_fields_link, &spec, stmt, 1, bad_column);

  if (ok)
    cp_catalog_add_link (project->custom, &spec);
  cp_link_spec_clear (&spec);
  return ok;
}

static void
replace_string (char **dest, const unsigned char *value)
{
  g_free (*dest);
  *dest = g_strdup ((const char *) value);
}

static gboolean
load_project_row (CpStore *store, CpProject *project, GError **error)
{
  g_autofree char *columns = cp_fields_select_list (&cp_fields_settings);
  g_autofree char *sql =
    g_strdup_printf ("SELECT " CP_FIELDS_SELECT_TEXT ("name") ", " CP_FIELDS_SELECT_TEXT ("report_language") ", "
                     CP_FIELDS_SELECT_TEXT ("prepared_by") ", " CP_FIELDS_SELECT_TEXT ("reviewed_by") ", "
                     CP_FIELDS_SELECT_TEXT ("approved_by") ", " CP_FIELDS_SELECT_TEXT ("signed_on") ", "
                     CP_FIELDS_SELECT_TEXT ("start_date") ", budget, %s FROM project", columns);
  const char *bad_column = NULL;
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (store->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    return load_failed (error, store, rc);

  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      /* A new file that was never saved: an empty project named after it. */
      g_free (project->name);
      project->name = cp_store_display_name (store->path);
      sqlite3_finalize (stmt);
      return TRUE;
    }
  if (rc != SQLITE_ROW)
    {
      sqlite3_finalize (stmt);
      return load_failed (error, store, rc);
    }

  replace_string (&project->name, sqlite3_column_text (stmt, 0));
  replace_string (&project->report_language, sqlite3_column_text (stmt, 1));
  replace_string (&project->prepared_by, sqlite3_column_text (stmt, 2));
  replace_string (&project->reviewed_by, sqlite3_column_text (stmt, 3));
  replace_string (&project->approved_by, sqlite3_column_text (stmt, 4));
  replace_string (&project->signed_on, sqlite3_column_text (stmt, 5));
  replace_string (&project->start_date, sqlite3_column_text (stmt, 6));
  project->budget = sqlite3_column_double (stmt, 7);
  if (!cp_fields_read (&cp_fields_settings, &project->settings, stmt, 8, &bad_column))
    {
      sqlite3_finalize (stmt);
      return bad_value (error, store, "project", 1, bad_column);
    }
  sqlite3_finalize (stmt);
  return TRUE;
}

CpProject *
cp_store_load (CpStore *store,
               GError **error)
{
  g_autoptr(CpProject) project = NULL;
  int rc;

  g_return_val_if_fail (store != NULL, NULL);

  project = cp_project_new ();

  /* One read transaction, so the parts come from the same save. */
  rc = _cp_store_exec (store->db, "BEGIN");
  if (rc != SQLITE_OK)
    {
      load_failed (error, store, rc);
      return NULL;
    }
  if (!load_project_row (store, project, error)
      || !load_rows (store, project, "custom_models", &cp_fields_model, read_model, error)
      || !load_rows (store, project, "custom_gpus", &cp_fields_gpu, read_gpu, error)
      || !load_rows (store, project, "custom_links", &cp_fields_link, read_link, error)
      || !load_rows (store, project, "quotes", &cp_fields_quote, read_quote, error)
      || !load_rows (store, project, "jobs", &cp_fields_job, read_job, error))
    {
      _cp_store_exec (store->db, "ROLLBACK");
      return NULL;
    }
  _cp_store_exec (store->db, "COMMIT");
  return g_steal_pointer (&project);
}

CpProject *
cp_project_load_file (const char *path,
                      GError    **error)
{
  g_autoptr(CpStore) store = cp_store_open_read_only (path, error);

  if (store == NULL)
    return NULL;
  return cp_store_load (store, error);
}
