/* cp-store.c: opening a project file: the checks before SQLite reads it,
 * the write lock and the wait for another program's, closing, and the
 * wording of every store error. The tables are cp-store-schema.c's; reading
 * and writing are cp-store-load.c's and cp-store-save.c's. */

/* O_CLOEXEC, O_DIRECTORY and fsync() under -std=c17 */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cp-store-private.h"

/* Long enough to ride out another program's short transaction, short
 * enough that a window opening a file held by another instance answers
 * quickly. */
#define CP_STORE_BUSY_TIMEOUT_MS 1000
/* How long opening a file waits, retrying, while another program holds it
 * (`plan` while `import-quotes` saves): the saves of this application take
 * milliseconds (tests/store/bench-store), so a lock held longer than this
 * is a program keeping the file open, and the user is told which. */
#define CP_STORE_LOCK_WAIT_MS 5000

G_DEFINE_QUARK (cp-store-error-quark, cp_store_error)

static char *
display_name (const char *path)
{
  return g_filename_display_basename (path);
}

void
_cp_store_set_error (GError     **error,
                     CpStoreError code,
                     const char  *path,
                     const char  *detail)
{
  g_autofree char *name = display_name (path);

  switch (code)
    {
    case CP_STORE_ERROR_MISSING:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” does not exist"), name);
      break;
    case CP_STORE_ERROR_EXISTS:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” already exists; choose another name"), name);
      break;
    case CP_STORE_ERROR_NOT_PROJECT:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” is not a Compute Planner project"), name);
      break;
    case CP_STORE_ERROR_CORRUPT:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” is damaged and cannot be opened (%s)"), name,
                   detail ? detail : "");
      break;
    case CP_STORE_ERROR_TRUNCATED:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” is incomplete: the file is shorter than it should be, "
                     "perhaps because a copy or download was interrupted"), name);
      break;
    case CP_STORE_ERROR_TOO_NEW:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” was saved by a newer version of Compute Planner; "
                     "update the application to open it"), name);
      break;
    case CP_STORE_ERROR_READ_ONLY:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” is read-only: changes cannot be saved there; "
                     "use Save As to keep them"), name);
      break;
    case CP_STORE_ERROR_LOCKED:
      if (detail != NULL)
        g_set_error (error, CP_STORE_ERROR, code,
                     /* TRANSLATORS: the second %s names the program, e.g. "compute-planner (process 1234)" */
                     _("“%s” is in use by %s; close it there and try again"), name, detail);
      else
        g_set_error (error, CP_STORE_ERROR, code,
                     _("“%s” is locked by another program; close it there and try again"),
                     name);
      break;
    case CP_STORE_ERROR_UNSAFE:
      g_set_error (error, CP_STORE_ERROR, code,
                   /* TRANSLATORS: the second %s is e.g. "a trigger “reprice”" or "an index “by_price”" */
                   _("“%s” was not opened: it holds %s that Compute Planner never creates, "
                     "and such an object could change the project behind your back"),
                   name, detail);
      break;
    case CP_STORE_ERROR_FILE_FORMAT:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” uses a newer SQLite file format than this version of Compute Planner "
                     "can read and write; update the application to open it"), name);
      break;
    case CP_STORE_ERROR_INTERRUPTED:
      g_set_error (error, CP_STORE_ERROR, code,
                   /* TRANSLATORS: %1$s is the project file, %2$s the journal file next to it */
                   _("“%1$s” was left half-saved by a program that stopped; “%2$s” next to it "
                     "holds what undoes that, and Compute Planner can use it only where it may "
                     "write: make “%1$s” and its folder writable, or copy both files to a folder "
                     "you can write to, then open it again"), name, detail);
      break;
    case CP_STORE_ERROR_IO:
    default:
      g_set_error (error, CP_STORE_ERROR, CP_STORE_ERROR_IO,
                   _("Could not use “%s”: %s"), name, detail ? detail : "");
      break;
    }
}

void
_cp_store_set_sqlite_error (GError    **error,
                            sqlite3    *db,
                            int         rc,
                            const char *path)
{
  const char *detail = db ? sqlite3_errmsg (db) : sqlite3_errstr (rc);

  switch (rc & 0xff)
    {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      _cp_store_set_error (error, CP_STORE_ERROR_LOCKED, path, NULL);
      break;
    case SQLITE_NOTADB:
      _cp_store_set_error (error, CP_STORE_ERROR_NOT_PROJECT, path, NULL);
      break;
    case SQLITE_CORRUPT:
    case SQLITE_SCHEMA:
    case SQLITE_ERROR:       /* a table or column of ours is missing */
    case SQLITE_CONSTRAINT:
    case SQLITE_MISMATCH:
      _cp_store_set_error (error, CP_STORE_ERROR_CORRUPT, path, detail);
      break;
    case SQLITE_READONLY:
      _cp_store_set_error (error, CP_STORE_ERROR_READ_ONLY, path, NULL);
      break;
    case SQLITE_FULL:
      _cp_store_set_error (error, CP_STORE_ERROR_IO, path, _("the disk is full"));
      break;
    default:
      _cp_store_set_error (error, CP_STORE_ERROR_IO, path, detail);
      break;
    }
}

int
_cp_store_exec (sqlite3 *db, const char *sql)
{
  return sqlite3_exec (db, sql, NULL, NULL, NULL);
}

int
_cp_store_query_int (sqlite3 *db, const char *sql, sqlite3_int64 *out)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        {
          *out = sqlite3_column_int64 (stmt, 0);
          rc = SQLITE_OK;
        }
      else if (rc == SQLITE_DONE)
        rc = SQLITE_ERROR;
    }
  sqlite3_finalize (stmt);
  return rc;
}

static guint32
read_be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

/* The checks of check_file() on the first @got (at most 100) bytes of a
 * file of @size bytes; @has_wal: a non-empty write-ahead log lies beside
 * it, holding pages the file does not have yet, or another program is
 * writing the file. */
static gboolean
check_header (const guint8 *header, gsize got, guint64 size, gboolean has_wal,
              const char *path, GError **error)
{
  static const char magic[16] = "SQLite format 3";   /* with its NUL */

  if (memcmp (header, magic, MIN (got, sizeof magic)) != 0)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_NOT_PROJECT, path, NULL);
      return FALSE;
    }
  if (got < 100)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_TRUNCATED, path, NULL);
      return FALSE;
    }
  /* Bytes 18 and 19 are the file format versions SQLite needs to write and
   * to read the file: 1 (rollback journal) or 2 (write-ahead log). Above
   * that SQLite would open the file read-only, and every save would fail
   * as if the file were write-protected. */
  if (header[18] > 2 || header[19] > 2)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_FILE_FORMAT, path, NULL);
      return FALSE;
    }

  /* A write-ahead log left by a crash holds pages the file does not have
   * yet; SQLite replays it, so the file's own size says nothing then. */
  if (!has_wal)
    {
      guint32 page_size = ((guint32) header[16] << 8) | header[17];
      guint32 n_pages = read_be32 (header + 28);
      gboolean n_pages_valid = read_be32 (header + 24) == read_be32 (header + 92);

      if (page_size == 1)
        page_size = 65536;
      if (page_size < 512 || (page_size & (page_size - 1)) != 0)
        {
          _cp_store_set_error (error, CP_STORE_ERROR_CORRUPT, path,
                               _("invalid page size"));
          return FALSE;
        }
      if (size % page_size != 0
          || (n_pages_valid && n_pages > 0 && size < (guint64) n_pages * page_size))
        {
          _cp_store_set_error (error, CP_STORE_ERROR_TRUNCATED, path, NULL);
          return FALSE;
        }
    }
  return TRUE;
}

/* Looks at the file before SQLite does, to tell "not a database at all" and
 * "cut short" apart: SQLite reports both as a damaged database, or not at
 * all until the missing page is read. */
static gboolean
check_file (const char *path, GError **error)
{
  g_autofree char *wal_path = g_strconcat (path, "-wal", NULL);
  g_autofree char *journal_path = g_strconcat (path, "-journal", NULL);
  guint8 header[100];
  GStatBuf st, after, side_st;
  gboolean in_flux;
  gsize got;
  FILE *f;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;
      if (saved == ENOENT || saved == ENOTDIR)
        _cp_store_set_error (error, CP_STORE_ERROR_MISSING, path, NULL);
      else
        _cp_store_set_error (error, CP_STORE_ERROR_IO, path, g_strerror (saved));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode) || st.st_size == 0)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_NOT_PROJECT, path, NULL);
      return FALSE;
    }

  f = g_fopen (path, "rb");
  if (f == NULL)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_IO, path, g_strerror (errno));
      return FALSE;
    }
  got = fread (header, 1, sizeof header, f);
  fclose (f);

  /* Another program committing to the file meanwhile (a second CLI, the
   * window's save) writes its pages and its header in no set order, with
   * its rollback journal beside them until it is done: a header read
   * then may count pages the file does not have yet. SQLite's locks sort
   * that out when it opens the file; the size proves nothing then (1 of
   * 60 concurrent CLI runs read "shorter than it should be", CI 11-8). */
  in_flux = (g_stat (journal_path, &side_st) == 0 && side_st.st_size > 0) ||
            g_stat (path, &after) != 0 || after.st_size != st.st_size || after.st_mtime != st.st_mtime;

  return check_header (header, got, (guint64) st.st_size,
                       in_flux || (g_stat (wal_path, &side_st) == 0 && side_st.st_size > 0), path, error);
}

static gboolean
has_write_bits (const char *path)
{
  GStatBuf st;

  /* The mode bits as well as access(): root may write anything, but a file
   * the user marked read-only is meant to stay as it is. */
  return g_stat (path, &st) == 0 && (st.st_mode & 0222) != 0
         && g_access (path, W_OK) == 0;
}

static gboolean
path_is_writable (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  /* SQLite writes its log next to the file, so the directory counts too. */
  return has_write_bits (path) && has_write_bits (dir);
}

char *
_cp_store_sqlite_path (const char *path)
{
  /* SQLite as Debian builds it (SQLITE_USE_URI) reads a name starting
   * with "file:" as a URI, where "?nolock=1" drops the locks and
   * "?mode=memory" saves nowhere; "./file:…" is the same file and no URI.
   * An absolute path starts with "/", never with "file:". */
  if (g_str_has_prefix (path, "file:"))
    return g_strconcat ("./", path, NULL);
  return g_strdup (path);
}

static sqlite3 *
open_db (const char *path, int flags, GError **error)
{
  g_autofree char *sqlite_path = (flags & SQLITE_OPEN_MEMORY) ? g_strdup (path)
                                                               : _cp_store_sqlite_path (path);
  sqlite3 *db = NULL;
  int rc = sqlite3_open_v2 (sqlite_path, &db, flags, NULL);

  if (rc != SQLITE_OK)
    {
      _cp_store_set_sqlite_error (error, db, rc, path);
      sqlite3_close (db);
      return NULL;
    }
  sqlite3_extended_result_codes (db, 1);
  sqlite3_busy_timeout (db, CP_STORE_BUSY_TIMEOUT_MS);
  /* A project file is outside input: nothing in its schema may run (SQLite's
   * "defense against dark arts"). Triggers and views are off altogether, and
   * check_schema_objects() refuses files that carry any. */
  sqlite3_db_config (db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, NULL);
  return db;
}


/* Reads the identity and the health of an existing file. */
static gboolean
check_identity (sqlite3 *db, const char *path, sqlite3_int64 *version, GError **error)
{
  sqlite3_int64 app_id = 0;
  sqlite3_stmt *stmt = NULL;
  gboolean ok;
  int rc;

  rc = _cp_store_query_int (db, "PRAGMA application_id", &app_id);
  if (rc != SQLITE_OK)
    {
      _cp_store_set_sqlite_error (error, db, rc, path);
      return FALSE;
    }
  if ((guint32) app_id != CP_STORE_APPLICATION_ID)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_NOT_PROJECT, path, NULL);
      return FALSE;
    }
  rc = _cp_store_query_int (db, "PRAGMA user_version", version);
  if (rc != SQLITE_OK)
    {
      _cp_store_set_sqlite_error (error, db, rc, path);
      return FALSE;
    }
  if (*version > CP_STORE_SCHEMA_VERSION)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_TOO_NEW, path, NULL);
      return FALSE;
    }
  if (*version < 1)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_CORRUPT, path, _("no format version"));
      return FALSE;
    }
  if (!_cp_store_check_schema_objects (db, path, error))
    return FALSE;

  /* quick_check reads every page once: a few milliseconds for a large
   * project, and the only way to find damage before the user edits it. */
  rc = sqlite3_prepare_v2 (db, "PRAGMA quick_check(1)", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      _cp_store_set_sqlite_error (error, db, rc, path);
      sqlite3_finalize (stmt);
      return FALSE;
    }
  ok = g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") == 0;
  if (!ok)
    _cp_store_set_error (error, CP_STORE_ERROR_CORRUPT, path,
                         (const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return ok;
}


/* Opens @path for writing, locked against other programs until closed, and
 * brings it to the current schema (or creates the schema in an empty
 * file). */
static sqlite3 *
open_writable (const char *path, sqlite3_int64 version, GError **error)
{
  sqlite3 *db = open_db (path, SQLITE_OPEN_READWRITE, error);
  int rc;

  if (db == NULL)
    return NULL;

  /* EXCLUSIVE locking keeps the lock from the first transaction to the
   * close, so a second instance is told the file is in use instead of both
   * saving over each other; it also keeps the WAL index in memory, so no
   * -shm file is left next to the project. */
  rc = _cp_store_exec (db, "PRAGMA locking_mode = EXCLUSIVE;"
                           "PRAGMA foreign_keys = ON;"
                           "PRAGMA journal_mode = WAL;"
                           /* In WAL mode NORMAL keeps every commit atomic; only
                            * a power cut may lose the last ones. */
                           "PRAGMA synchronous = NORMAL;");
  if (rc == SQLITE_OK)
    rc = _cp_store_exec (db, "BEGIN IMMEDIATE");
  if (rc != SQLITE_OK)
    goto failed;

  if (version == 0)
    {
      if (!_cp_store_create_schema (db, path, error))
        {
          _cp_store_exec (db, "ROLLBACK");
          sqlite3_close (db);
          return NULL;
        }
    }
  else if (version < CP_STORE_SCHEMA_VERSION && !_cp_store_migrate (db, path, version, error))
    {
      _cp_store_exec (db, "ROLLBACK");
      sqlite3_close (db);
      return NULL;
    }

  rc = _cp_store_exec (db, "COMMIT");
  if (rc != SQLITE_OK)
    goto failed;
  return db;

failed:
  _cp_store_set_sqlite_error (error, db, rc, path);
  _cp_store_exec (db, "ROLLBACK");
  sqlite3_close (db);
  return NULL;
}

/* A file that cannot (or is not to) be written is read into memory and
 * migrated there, so an old read-only file still opens and is never
 * touched. */
static sqlite3 *
open_read_only_copy (sqlite3 *file_db, const char *path, sqlite3_int64 version, GError **error)
{
  sqlite3 *mem = open_db (":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, error);
  sqlite3_backup *backup;
  int rc;

  if (mem == NULL)
    return NULL;
  backup = sqlite3_backup_init (mem, "main", file_db, "main");
  if (backup == NULL)
    {
      _cp_store_set_sqlite_error (error, mem, sqlite3_errcode (mem), path);
      sqlite3_close (mem);
      return NULL;
    }
  rc = sqlite3_backup_step (backup, -1);
  sqlite3_backup_finish (backup);
  if (rc != SQLITE_DONE)
    {
      _cp_store_set_sqlite_error (error, file_db, rc, path);
      sqlite3_close (mem);
      return NULL;
    }
  if (version < CP_STORE_SCHEMA_VERSION)
    {
      _cp_store_exec (mem, "BEGIN");
      if (!_cp_store_migrate (mem, path, version, error))
        {
          sqlite3_close (mem);
          return NULL;
        }
      _cp_store_exec (mem, "COMMIT");
    }
  return mem;
}

static CpStore *
store_new (sqlite3 *db, const char *path, gboolean read_only)
{
  CpStore *store = g_new0 (CpStore, 1);

  store->db = db;
  store->path = g_strdup (path);
  store->read_only = read_only;
  return store;
}

CpStore *
_cp_store_create (const char *path, gboolean file_may_exist_empty, GError **error)
{
  sqlite3 *db;
  int fd;

  if (file_may_exist_empty)
    fd = g_open (path, O_WRONLY | O_CLOEXEC, 0);
  else
    fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved = errno;
      if (saved == EEXIST)
        _cp_store_set_error (error, CP_STORE_ERROR_EXISTS, path, NULL);
      else if (saved == ENOENT || saved == ENOTDIR)
        _cp_store_set_error (error, CP_STORE_ERROR_MISSING, path, NULL);
      else
        _cp_store_set_error (error, CP_STORE_ERROR_IO, path, g_strerror (saved));
      return NULL;
    }
  close (fd);

  db = open_writable (path, 0, error);
  if (db == NULL)
    {
      /* Only the empty file made just now is removed. */
      if (!file_may_exist_empty)
        g_unlink (path);
      return NULL;
    }
  return store_new (db, path, FALSE);
}

/* "compute-planner (process 1234)" for a process other than this one that
 * holds a lock on @path, from the kernel's table of file locks; NULL when
 * none is listed. Read from /proc/locks rather than asked with fcntl(),
 * because closing a descriptor of the file would drop this process's own
 * SQLite locks on it. */
static char *
describe_lock_holder (const char *path)
{
  g_autofree char *table = NULL;
  g_auto(GStrv) lines = NULL;
  GStatBuf st;

  if (g_stat (path, &st) != 0 || !g_file_get_contents ("/proc/locks", &table, NULL, NULL))
    return NULL;

  lines = g_strsplit (table, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit_set (lines[i], " \t", -1);
      guint64 inode = 0;
      unsigned int dev_major, dev_minor;
      int pid = 0;
      guint n = 0;
      const char *words[8] = { NULL };

      for (guint j = 0; fields[j] != NULL && n < G_N_ELEMENTS (words); j++)
        if (*fields[j] != '\0')
          words[n++] = fields[j];
      /* "1: POSIX  ADVISORY  WRITE 3226 fd:01:1837066 1073741824 1073741825" */
      if (n < 6 || g_strcmp0 (words[1], "->") == 0)
        continue;
      pid = atoi (words[4]);
      if (sscanf (words[5], "%x:%x:%" G_GUINT64_FORMAT, &dev_major, &dev_minor, &inode) != 3)
        continue;
      if (inode == (guint64) st.st_ino && pid > 0 && pid != getpid ())
        {
          /* The program's own name from its command line: the kernel's
           * "comm" is cut at 15 bytes. */
          g_autofree char *cmdline_path = g_strdup_printf ("/proc/%d/cmdline", pid);
          g_autofree char *cmdline = NULL;
          g_autofree char *program = NULL;

          if (g_file_get_contents (cmdline_path, &cmdline, NULL, NULL) && *cmdline != '\0')
            program = g_path_get_basename (cmdline);
          /* TRANSLATORS: a program holding a file, e.g. "compute-planner (process 1234)" */
          return g_strdup_printf (_("%s (process %d)"), program != NULL ? program : "?", pid);
        }
    }
  return NULL;
}

/* A lock error names the program holding @path where it can be found. */
static void
name_lock_holder (GError **error, const char *path)
{
  g_autofree char *holder = NULL;

  if (g_error_matches (*error, CP_STORE_ERROR, CP_STORE_ERROR_LOCKED) &&
      (holder = describe_lock_holder (path)) != NULL)
    {
      g_clear_error (error);
      _cp_store_set_error (error, CP_STORE_ERROR_LOCKED, path, holder);
    }
}

/* Runs @attempt until it succeeds, fails for another reason than a lock,
 * or CP_STORE_LOCK_WAIT_MS have passed; then names the lock's holder. */
static CpStore *
retry_while_locked (CpStore   *(*attempt) (const char *path, gboolean read_only, GError **error),
                    const char *path,
                    gboolean    read_only,
                    GError    **error)
{
  gint64 deadline_us = g_get_monotonic_time () + CP_STORE_LOCK_WAIT_MS * G_TIME_SPAN_MILLISECOND;
  guint tries = 0;

  for (;;)
    {
      g_autoptr(GError) local = NULL;
      CpStore *store = attempt (path, read_only, &local);

      if (store != NULL)
        return store;
      if (!g_error_matches (local, CP_STORE_ERROR, CP_STORE_ERROR_LOCKED) ||
          g_get_monotonic_time () >= deadline_us)
        {
          name_lock_holder (&local, path);
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      /* From 2 ms up to 50 ms, with jitter, so that two programs retrying
       * against each other do not stay in step. */
      g_usleep (MIN (2000u << MIN (tries, 5u), 50000u) + (gulong) g_random_int_range (0, 2000));
      tries++;
    }
}

/* A program killed inside a write transaction (a SIGKILL while a file is
 * opened or closed for writing) leaves a hot journal: the pages as they
 * were before it. A read-only connection can read nothing past it, and only
 * a connection that may write puts the pages back, as SQLite does for any
 * program opening the file read-write; this one does it once, then closes.
 * Where the file may not be written, the user is told how to recover. */
static gboolean
roll_back_hot_journal (const char *path, GError **error)
{
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);
  sqlite3 *db;
  int rc;

  if (!g_file_test (journal, G_FILE_TEST_EXISTS))
    return TRUE;
  db = open_db (path, SQLITE_OPEN_READONLY, error);
  if (db == NULL)
    return FALSE;
  rc = _cp_store_exec (db, "SELECT count(*) FROM sqlite_schema");
  sqlite3_close (db);
  /* Not hot (a journal of a transaction still open elsewhere, or an empty
   * one), or another fault that the checks after this one report. */
  if (rc != SQLITE_READONLY_ROLLBACK)
    return TRUE;

  if (!path_is_writable (path))
    {
      g_autofree char *journal_name = g_filename_display_basename (journal);

      _cp_store_set_error (error, CP_STORE_ERROR_INTERRUPTED, path, journal_name);
      return FALSE;
    }
  db = open_db (path, SQLITE_OPEN_READWRITE, error);
  if (db == NULL)
    return FALSE;
  rc = _cp_store_exec (db, "SELECT count(*) FROM sqlite_schema");
  if (rc != SQLITE_OK)
    _cp_store_set_sqlite_error (error, db, rc, path);
  sqlite3_close (db);
  return rc == SQLITE_OK;
}

static CpStore *
store_open_existing_once (const char *path, gboolean read_only, GError **error)
{
  sqlite3 *probe, *db;
  sqlite3_int64 version = 0;

  if (!check_file (path, error) || !roll_back_hot_journal (path, error))
    return NULL;

  /* Everything is checked through a read-only connection first: a file of
   * a newer version, or someone else's database, is never written to. */
  probe = open_db (path, SQLITE_OPEN_READONLY, error);
  if (probe == NULL)
    return NULL;
  if (!check_identity (probe, path, &version, error))
    {
      sqlite3_close (probe);
      return NULL;
    }

  if (read_only || !path_is_writable (path))
    {
      db = open_read_only_copy (probe, path, version, error);
      sqlite3_close (probe);
      return db ? store_new (db, path, TRUE) : NULL;
    }

  sqlite3_close (probe);
  db = open_writable (path, version, error);
  return db ? store_new (db, path, FALSE) : NULL;
}

/* The whole of @path, or no bytes when it does not exist: a write-ahead
 * log is absent or empty between saves (cp_store_save() checkpoints). */
static GBytes *
read_whole_file (const char *path)
{
  g_autoptr(GError) local = NULL;
  char *contents = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &contents, &length, &local))
    return g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT) ? g_bytes_new (NULL, 0) : NULL;
  return g_bytes_new_take (contents, length);
}

static gboolean
same_bytes (GBytes *a, GBytes *b)
{
  return a != NULL && b != NULL && g_bytes_equal (a, b);
}

/* The file and its log as they were at one instant, copied to @copy and
 * @copy_wal. Each is read twice, in the order file, log, file, log: when
 * both reads agree, no byte of the file changed between the end of its
 * first read and the start of its second, nor of the log between the end
 * of its first read and the start of its second, so both held the bytes
 * read at any instant from the end of the log's first read to the start
 * of the file's second. A save or a checkpoint under way makes them
 * differ, and the copy is taken again, a bounded number of times. */
#define CP_STORE_SNAPSHOT_TRIES 8

static gboolean
copy_at_one_instant (const char *path, const char *copy, const char *copy_wal)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);

  for (guint i = 0; i < CP_STORE_SNAPSHOT_TRIES; i++)
    {
      g_autoptr(GBytes) file_first = read_whole_file (path);
      g_autoptr(GBytes) wal_first = read_whole_file (wal);
      g_autoptr(GBytes) file_second = read_whole_file (path);
      g_autoptr(GBytes) wal_second = read_whole_file (wal);
      gsize file_length = 0, wal_length = 0;
      const char *file_data, *wal_data;

      if (!same_bytes (file_first, file_second) || !same_bytes (wal_first, wal_second))
        continue;
      file_data = g_bytes_get_data (file_first, &file_length);
      wal_data = g_bytes_get_data (wal_first, &wal_length);
      return g_file_set_contents (copy, file_data, (gssize) file_length, NULL) &&
             (wal_length == 0 || g_file_set_contents (copy_wal, wal_data, (gssize) wal_length, NULL));
    }
  return FALSE;
}

/* A window keeps its file under SQLite's EXCLUSIVE lock while it shows it
 * (open_writable()), which no other connection can read through; `report`,
 * `export-*` and `list` only read, so they read a copy instead (issue 26):
 * the file and its write-ahead log copied aside as they were at one
 * instant, read there into memory, the copies removed. A commit in the log
 * counts only once whole (SQLite checksums each), so the copy holds every
 * save finished by then, and the holder's file is never touched. */
static CpStore *
open_snapshot (const char *path, GError **error)
{
  g_autofree char *dir = g_dir_make_tmp ("cp-snapshot-XXXXXX", NULL);
  g_autofree char *copy = NULL, *copy_wal = NULL, *copy_shm = NULL;
  sqlite3 *probe = NULL, *db = NULL;
  sqlite3_int64 version = 0;

  if (dir == NULL)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_LOCKED, path, NULL);
      return NULL;
    }
  copy = g_build_filename (dir, "snapshot" CP_STORE_FILE_EXTENSION, NULL);
  copy_wal = g_strconcat (copy, "-wal", NULL);
  copy_shm = g_strconcat (copy, "-shm", NULL);

  if (copy_at_one_instant (path, copy, copy_wal))
    /* Read-write on the private copy: SQLite folds the copied log in. */
    probe = open_db (copy, SQLITE_OPEN_READWRITE, NULL);
  if (probe != NULL && check_identity (probe, path, &version, error))
    db = open_read_only_copy (probe, path, version, error);
  else if (probe == NULL)
    _cp_store_set_error (error, CP_STORE_ERROR_LOCKED, path, NULL);
  if (probe != NULL)
    sqlite3_close (probe);

  g_unlink (copy);
  g_unlink (copy_wal);
  g_unlink (copy_shm);
  g_rmdir (dir);
  return db ? store_new (db, path, TRUE) : NULL;
}

CpStore *
_cp_store_open_bytes (const guint8 *data,
                      gsize         len,
                      const char   *name,
                      gboolean      writable_copy,
                      GError      **error)
{
  sqlite3 *probe, *db;
  sqlite3_int64 version = 0;
  guint8 *copy;
  int rc;

  if (len == 0)
    {
      _cp_store_set_error (error, CP_STORE_ERROR_NOT_PROJECT, name, NULL);
      return NULL;
    }
  if (!check_header (data, MIN (len, 100), len, FALSE, name, error))
    return NULL;
  probe = open_db (":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, error);
  if (probe == NULL)
    return NULL;
  copy = sqlite3_malloc64 (len);
  if (copy == NULL)
    {
      _cp_store_set_sqlite_error (error, probe, SQLITE_NOMEM, name);
      sqlite3_close (probe);
      return NULL;
    }
  memcpy (copy, data, len);
  /* A file in write-ahead-log mode (bytes 18 and 19: 2) with no log beside
   * it reads as its pages alone; an in-memory database cannot have a log,
   * so it is told the file's pages are all there is. */
  if (copy[18] == 2)
    copy[18] = 1;
  if (copy[19] == 2)
    copy[19] = 1;
  rc = sqlite3_deserialize (probe, "main", copy, (sqlite3_int64) len, (sqlite3_int64) len,
                            SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY);
  if (rc != SQLITE_OK)
    {
      _cp_store_set_sqlite_error (error, probe, rc, name);
      sqlite3_close (probe);
      return NULL;
    }
  if (!check_identity (probe, name, &version, error))
    {
      sqlite3_close (probe);
      return NULL;
    }
  db = open_read_only_copy (probe, name, version, error);
  sqlite3_close (probe);
  if (db != NULL && writable_copy)
    _cp_store_exec (db, "PRAGMA foreign_keys = ON");
  return db ? store_new (db, name, !writable_copy) : NULL;
}

static CpStore *
store_open_existing (const char *path, gboolean read_only, GError **error)
{
  g_autoptr(GError) local = NULL;
  CpStore *store;

  if (!read_only)
    return retry_while_locked (store_open_existing_once, path, read_only, error);

  store = store_open_existing_once (path, TRUE, &local);
  if (store == NULL && g_error_matches (local, CP_STORE_ERROR, CP_STORE_ERROR_LOCKED))
    {
      g_autofree char *wal = g_strconcat (path, "-wal", NULL);

      /* Held without a log: a writer that is not ours, waited for as before. */
      if (!g_file_test (wal, G_FILE_TEST_EXISTS))
        return retry_while_locked (store_open_existing_once, path, TRUE, error);
      g_clear_error (&local);
      store = open_snapshot (path, &local);
      if (store == NULL)
        name_lock_holder (&local, path);
    }
  if (store == NULL)
    g_propagate_error (error, g_steal_pointer (&local));
  return store;
}

CpStore *
cp_store_open (const char *path,
               gboolean    create,
               GError    **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (create)
    return _cp_store_create (path, FALSE, error);
  return store_open_existing (path, FALSE, error);
}

CpStore *
cp_store_open_read_only (const char *path,
                         GError    **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return store_open_existing (path, TRUE, error);
}

gboolean
cp_store_is_read_only (CpStore *store)
{
  return store->read_only;
}

const char *
cp_store_get_path (CpStore *store)
{
  return store->path;
}

void
cp_store_close (CpStore *store)
{
  if (store == NULL)
    return;

  for (guint i = 0; i < N_STMTS; i++)
    sqlite3_finalize (store->stmts[i]);

  if (!store->read_only)
    {
      /* Fold the log back into the file and leave a plain rollback-journal
       * database: one self-contained file that opens even from read-only
       * media, where a WAL file could not be read without its -shm. */
      _cp_store_exec (store->db, "PRAGMA wal_checkpoint(TRUNCATE)");
      _cp_store_exec (store->db, "PRAGMA journal_mode = DELETE");
    }
  sqlite3_close (store->db);
  g_free (store->path);
  g_free (store);
}

char *
cp_store_untitled_path (GError **error)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "compute-planner", NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      _cp_store_set_error (error, CP_STORE_ERROR_IO, dir, g_strerror (saved));
      return NULL;
    }
  for (guint n = 1; n < G_MAXUINT; n++)
    {
      g_autofree char *name = g_strdup_printf ("untitled-%u" CP_STORE_FILE_EXTENSION, n);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&path);
    }
  _cp_store_set_error (error, CP_STORE_ERROR_EXISTS, dir, NULL);
  return NULL;
}

gboolean
cp_store_is_untitled_path (const char *path)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "compute-planner", NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  const char *digits = base + strlen ("untitled-");
  gsize n_digits;

  if (g_strcmp0 (parent, dir) != 0 || !g_str_has_prefix (base, "untitled-") ||
      !g_str_has_suffix (base, CP_STORE_FILE_EXTENSION))
    return FALSE;
  n_digits = strlen (digits) - strlen (CP_STORE_FILE_EXTENSION);
  if (n_digits == 0)
    return FALSE;
  for (gsize i = 0; i < n_digits; i++)
    if (!g_ascii_isdigit (digits[i]))
      return FALSE;
  return TRUE;
}

/* The name a project file's project was given, read without loading the
 * rest: what a list of recent projects shows for one kept as
 * "untitled-3.cplan" in the data folder. NULL when the file has none or
 * is not a project. */
static char *
read_project_name (const char *path)
{
  g_autofree char *sqlite_path = _cp_store_sqlite_path (path);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  char *name = NULL;

  if (sqlite3_open_v2 (sqlite_path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
      sqlite3_prepare_v2 (db, "SELECT name FROM project WHERE id = 1", -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_type (stmt, 0) == SQLITE_TEXT)
    {
      name = g_strstrip (g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
      if (*name == '\0' || !g_utf8_validate (name, -1, NULL))
        g_clear_pointer (&name, g_free);
    }
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return name;
}

char *
cp_store_display_name (const char *path)
{
  g_autofree char *base = NULL;

  /* An untitled project is known by the name it was given, not by the
   * number of its file (walkthrough 11: three projects in Open Recent and
   * the data folder read untitled-1, -2 and -3). */
  if (cp_store_is_untitled_path (path))
    {
      char *name = read_project_name (path);

      if (name != NULL)
        return name;
    }
  base = g_filename_display_basename (path);

  if (g_str_has_suffix (base, CP_STORE_FILE_EXTENSION) && strlen (base) > strlen (CP_STORE_FILE_EXTENSION))
    base[strlen (base) - strlen (CP_STORE_FILE_EXTENSION)] = '\0';
  return g_steal_pointer (&base);
}
