/* cp-store-save.c: writing a project into its file, and Save As. */

/* O_CLOEXEC, O_DIRECTORY and fsync() under -std=c17 */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <unistd.h>

#include "cp-fields.h"
#include "cp-store-private.h"

static sqlite3_stmt *
get_insert (CpStore *store, StmtId id, int *rc)
{
  static const struct {
    const char *table;
    const char *extra_columns;
    const CpFieldTable *fields;
  } inserts[N_STMTS] = {
    [STMT_INSERT_PROJECT] = { "project", "id, name, report_language, prepared_by, reviewed_by, approved_by, signed_on, start_date, budget", &cp_fields_settings },
    [STMT_INSERT_JOB]     = { "jobs", "position", &cp_fields_job },
    [STMT_INSERT_QUOTE]   = { "quotes", "position", &cp_fields_quote },
    [STMT_INSERT_MODEL]   = { "custom_models", "position", &cp_fields_model },
    [STMT_INSERT_GPU]     = { "custom_gpus", "position", &cp_fields_gpu },
    [STMT_INSERT_LINK]    = { "custom_links", "position", &cp_fields_link },
  };

  if (store->stmts[id] == NULL)
    {
      g_autofree char *columns = cp_fields_column_list (inserts[id].fields);
      guint n_extra = 1;
      GString *sql = g_string_new (NULL);

      for (const char *p = inserts[id].extra_columns; *p; p++)
        n_extra += *p == ',';
      g_string_append_printf (sql, "INSERT INTO %s (%s, %s) VALUES (",
                              inserts[id].table, inserts[id].extra_columns, columns);
      for (guint i = 0; i < n_extra + inserts[id].fields->n_fields; i++)
        g_string_append (sql, i == 0 ? "?" : ", ?");
      g_string_append (sql, ")");
      *rc = sqlite3_prepare_v3 (store->db, sql->str, -1, SQLITE_PREPARE_PERSISTENT,
                                &store->stmts[id], NULL);
      g_string_free (sql, TRUE);
      if (*rc != SQLITE_OK)
        return NULL;
    }
  sqlite3_reset (store->stmts[id]);
  sqlite3_clear_bindings (store->stmts[id]);
  *rc = SQLITE_OK;
  return store->stmts[id];
}

static int
step_done (sqlite3_stmt *stmt)
{
  int rc = sqlite3_step (stmt);

  sqlite3_reset (stmt);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static int
bind_text_or_null (sqlite3_stmt *stmt, int param, const char *text)
{
  return text ? sqlite3_bind_text (stmt, param, text, -1, SQLITE_STATIC)
              : sqlite3_bind_null (stmt, param);
}

static int
insert_record (CpStore *store, StmtId id, guint position, const CpFieldTable *fields,
               const void *record)
{
  int rc;
  sqlite3_stmt *stmt = get_insert (store, id, &rc);

  if (stmt == NULL)
    return rc;
  rc = sqlite3_bind_int64 (stmt, 1, position);
  if (rc == SQLITE_OK)
    rc = cp_fields_bind (fields, record, stmt, 2);
  if (rc == SQLITE_OK)
    rc = step_done (stmt);
  return rc;
}

static int
save_all (CpStore *store, const CpProject *project)
{
  const CpCatalog *custom = project->custom;
  sqlite3_stmt *stmt;
  int rc;

  /* Children go with the project row (ON DELETE CASCADE). */
  rc = _cp_store_exec (store->db, "DELETE FROM project");
  if (rc != SQLITE_OK)
    return rc;

  stmt = get_insert (store, STMT_INSERT_PROJECT, &rc);
  if (stmt == NULL)
    return rc;
  rc = sqlite3_bind_int (stmt, 1, 1);
  if (rc == SQLITE_OK)
    rc = bind_text_or_null (stmt, 2, project->name);
  if (rc == SQLITE_OK)
    rc = bind_text_or_null (stmt, 3, project->report_language);
  if (rc == SQLITE_OK)
    rc = bind_text_or_null (stmt, 4, project->prepared_by);
  if (rc == SQLITE_OK)
    rc = bind_text_or_null (stmt, 5, project->reviewed_by);
  if (rc == SQLITE_OK)
    rc = bind_text_or_null (stmt, 6, project->approved_by);
  if (rc == SQLITE_OK)
    rc = bind_text_or_null (stmt, 7, project->signed_on);
  if (rc == SQLITE_OK)
    rc = bind_text_or_null (stmt, 8, project->start_date);
  if (rc == SQLITE_OK)
    rc = sqlite3_bind_double (stmt, 9, project->budget);
  if (rc == SQLITE_OK)
    rc = cp_fields_bind (&cp_fields_settings, &project->settings, stmt, 10);
  if (rc == SQLITE_OK)
    rc = step_done (stmt);

  for (guint i = 0; rc == SQLITE_OK && custom && i < cp_catalog_n_models (custom); i++)
    rc = insert_record (store, STMT_INSERT_MODEL, i, &cp_fields_model,
                        cp_catalog_get_model (custom, i));
  for (guint i = 0; rc == SQLITE_OK && custom && i < cp_catalog_n_gpus (custom); i++)
    rc = insert_record (store, STMT_INSERT_GPU, i, &cp_fields_gpu,
                        cp_catalog_get_gpu (custom, i));
  for (guint i = 0; rc == SQLITE_OK && custom && i < cp_catalog_n_links (custom); i++)
    rc = insert_record (store, STMT_INSERT_LINK, i, &cp_fields_link,
                        cp_catalog_get_link (custom, i));
  for (guint i = 0; rc == SQLITE_OK && i < project->quotes->len; i++)
    rc = insert_record (store, STMT_INSERT_QUOTE, i, &cp_fields_quote,
                        g_ptr_array_index (project->quotes, i));
  for (guint i = 0; rc == SQLITE_OK && i < project->jobs->len; i++)
    rc = insert_record (store, STMT_INSERT_JOB, i, &cp_fields_job,
                        g_ptr_array_index (project->jobs, i));
  return rc;
}

gboolean
cp_store_save (CpStore         *store,
               const CpProject *project,
               GError         **error)
{
  int rc;

  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (project != NULL, FALSE);

  if (store->read_only)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_READ_ONLY, store->path, NULL);
      return FALSE;
    }

  rc = _cp_store_exec (store->db, "BEGIN IMMEDIATE");
  if (rc == SQLITE_OK)
    {
      rc = save_all (store, project);
      if (rc == SQLITE_OK)
        rc = _cp_store_exec (store->db, "COMMIT");
      if (rc != SQLITE_OK)
        {
          /* Keep the message of the failure, not of the rollback. */
          g_autoptr(GError) local = NULL;
          _cp_store_set_sqlite_error (&local, store->db, rc, store->path);
          _cp_store_exec (store->db, "ROLLBACK");
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      /* Saved means in the .cplan file itself: a copy made while the
       * window stays open (attached to a mail for approval) lacked every
       * change since it opened, all of them still in the -wal file. The
       * commit is durable already; a checkpoint that fails leaves them
       * there until the next save or the close. */
      _cp_store_exec (store->db, "PRAGMA wal_checkpoint(TRUNCATE)");
      return TRUE;
    }
  _cp_store_set_sqlite_error (error, store->db, rc, store->path);
  return FALSE;
}

/* Whole-file helpers */

static gboolean
fsync_path (const char *path, int flags)
{
  int fd = g_open (path, flags | O_CLOEXEC, 0);
  gboolean ok;

  if (fd < 0)
    return FALSE;
  ok = fsync (fd) == 0;
  close (fd);
  return ok;
}

/* Save As must not replace a file another instance is editing: that
 * instance would go on saving into the replaced copy. */
static gboolean
check_not_locked (const char *path, GError **error)
{
  g_autofree char *sqlite_path = NULL;
  sqlite3 *db = NULL;
  sqlite3_int64 ignored;
  int rc;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  sqlite_path = _cp_store_sqlite_path (path);
  if (sqlite3_open_v2 (sqlite_path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
    {
      sqlite3_close (db);
      return TRUE;
    }
  rc = _cp_store_query_int (db, "PRAGMA application_id", &ignored);
  sqlite3_close (db);
  if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_LOCKED, path, NULL);
      return FALSE;
    }
  return TRUE;
}

gboolean
cp_project_create_file (const CpProject *project,
                        const char      *path,
                        GError         **error)
{
  g_autoptr(CpStore) store = cp_store_open (path, TRUE, error);

  return store != NULL && cp_store_save (store, project, error);
}

gboolean
cp_project_save_file (const CpProject *project,
                      const char      *path,
                      GError         **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  CpStore *store;
  gboolean ok;
  int fd;

  g_return_val_if_fail (project != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!check_not_locked (path, error))
    return FALSE;

  fd = g_mkstemp_full (tmp_path, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved = errno;
      _cp_store_set_error (error, saved == EACCES || saved == EROFS
                                  ? CP_STORE_ERROR_READ_ONLY : CP_STORE_ERROR_IO,
                           path, g_strerror (saved));
      return FALSE;
    }
  close (fd);

  store = _cp_store_create (tmp_path, TRUE, error);
  if (store == NULL)
    {
      g_unlink (tmp_path);
      return FALSE;
    }
  ok = cp_store_save (store, project, error);
  cp_store_close (store);
  if (!ok)
    {
      g_unlink (tmp_path);
      return FALSE;
    }

  if (!fsync_path (tmp_path, O_RDONLY) || g_rename (tmp_path, path) != 0)
    {
      int saved = errno;
      g_unlink (tmp_path);
      _cp_store_set_error (error, CP_STORE_ERROR_IO, path, g_strerror (saved));
      return FALSE;
    }
  /* The rename itself is durable only once the directory is synced. */
  fsync_path (dir, O_RDONLY | O_DIRECTORY);
  return TRUE;
}
