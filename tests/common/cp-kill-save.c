/* cp-kill-save.c: kill a process at a chosen point of a save, then look at
 * the file. */

#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store/cp-store.h"

#include "cp-kill-save.h"

/* What the child tells the parent, one message per event. */
typedef enum {
  MESSAGE_COMMITTED,   /* value: the state whose save returned */
  MESSAGE_STOPPED,     /* value: the file operations of the save done; waiting for the kill */
} MessageKind;

typedef struct {
  guint kind;
  guint value;
} Message;

/* The child's side: a VFS that passes everything to the default one and
 * counts the operations that change files while the chosen save runs. */
static sqlite3_vfs *real_vfs;
static gboolean counting;
static guint io_ops_done;
static guint stop_before_op;
static int report_fd = -1;

typedef struct {
  sqlite3_file  base;
  sqlite3_file *real;   /* the default VFS's file, right after this struct */
} CountingFile;

G_GNUC_NORETURN static void
report_and_wait_for_kill (void)
{
  Message message = { MESSAGE_STOPPED, io_ops_done };

  if (write (report_fd, &message, sizeof message) != sizeof message)
    _exit (5);
  for (;;)
    pause ();
}

/* Called before each operation a crash could fall in front of. */
static void
count_io_op (void)
{
  if (!counting)
    return;
  if (io_ops_done == stop_before_op)
    report_and_wait_for_kill ();
  io_ops_done++;
}

#define REAL(file) (((CountingFile *) (file))->real)

static int
counting_close (sqlite3_file *file)
{
  return REAL (file)->pMethods->xClose (REAL (file));
}

static int
counting_read (sqlite3_file *file, void *buf, int amount, sqlite3_int64 offset)
{
  return REAL (file)->pMethods->xRead (REAL (file), buf, amount, offset);
}

static int
counting_write (sqlite3_file *file, const void *buf, int amount, sqlite3_int64 offset)
{
  count_io_op ();
  return REAL (file)->pMethods->xWrite (REAL (file), buf, amount, offset);
}

static int
counting_truncate (sqlite3_file *file, sqlite3_int64 size)
{
  count_io_op ();
  return REAL (file)->pMethods->xTruncate (REAL (file), size);
}

static int
counting_sync (sqlite3_file *file, int flags)
{
  count_io_op ();
  return REAL (file)->pMethods->xSync (REAL (file), flags);
}

static int
counting_file_size (sqlite3_file *file, sqlite3_int64 *size)
{
  return REAL (file)->pMethods->xFileSize (REAL (file), size);
}

static int
counting_lock (sqlite3_file *file, int lock)
{
  return REAL (file)->pMethods->xLock (REAL (file), lock);
}

static int
counting_unlock (sqlite3_file *file, int lock)
{
  return REAL (file)->pMethods->xUnlock (REAL (file), lock);
}

static int
counting_check_reserved_lock (sqlite3_file *file, int *reserved)
{
  return REAL (file)->pMethods->xCheckReservedLock (REAL (file), reserved);
}

static int
counting_file_control (sqlite3_file *file, int op, void *arg)
{
  return REAL (file)->pMethods->xFileControl (REAL (file), op, arg);
}

static int
counting_sector_size (sqlite3_file *file)
{
  return REAL (file)->pMethods->xSectorSize (REAL (file));
}

static int
counting_device_characteristics (sqlite3_file *file)
{
  return REAL (file)->pMethods->xDeviceCharacteristics (REAL (file));
}

static int
counting_shm_map (sqlite3_file *file, int page, int page_size, int extend, void volatile **mapped)
{
  return REAL (file)->pMethods->xShmMap (REAL (file), page, page_size, extend, mapped);
}

static int
counting_shm_lock (sqlite3_file *file, int offset, int n, int flags)
{
  return REAL (file)->pMethods->xShmLock (REAL (file), offset, n, flags);
}

static void
counting_shm_barrier (sqlite3_file *file)
{
  REAL (file)->pMethods->xShmBarrier (REAL (file));
}

static int
counting_shm_unmap (sqlite3_file *file, int delete_flag)
{
  return REAL (file)->pMethods->xShmUnmap (REAL (file), delete_flag);
}

static int
counting_fetch (sqlite3_file *file, sqlite3_int64 offset, int amount, void **page)
{
  return REAL (file)->pMethods->xFetch (REAL (file), offset, amount, page);
}

static int
counting_unfetch (sqlite3_file *file, sqlite3_int64 offset, void *page)
{
  return REAL (file)->pMethods->xUnfetch (REAL (file), offset, page);
}

static const sqlite3_io_methods counting_io_methods = {
  .iVersion = 3,
  .xClose = counting_close,
  .xRead = counting_read,
  .xWrite = counting_write,
  .xTruncate = counting_truncate,
  .xSync = counting_sync,
  .xFileSize = counting_file_size,
  .xLock = counting_lock,
  .xUnlock = counting_unlock,
  .xCheckReservedLock = counting_check_reserved_lock,
  .xFileControl = counting_file_control,
  .xSectorSize = counting_sector_size,
  .xDeviceCharacteristics = counting_device_characteristics,
  .xShmMap = counting_shm_map,
  .xShmLock = counting_shm_lock,
  .xShmBarrier = counting_shm_barrier,
  .xShmUnmap = counting_shm_unmap,
  .xFetch = counting_fetch,
  .xUnfetch = counting_unfetch,
};

static int
counting_open (sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags)
{
  CountingFile *counting_file = (CountingFile *) file;
  int rc;

  (void) vfs;
  counting_file->real = (sqlite3_file *) &counting_file[1];
  rc = real_vfs->xOpen (real_vfs, name, counting_file->real, flags, out_flags);
  /* SQLite closes a file only if its methods are set. */
  file->pMethods = counting_file->real->pMethods != NULL ? &counting_io_methods : NULL;
  return rc;
}

static int
counting_delete (sqlite3_vfs *vfs, const char *name, int sync_dir)
{
  (void) vfs;
  count_io_op ();
  return real_vfs->xDelete (real_vfs, name, sync_dir);
}

static void
install_counting_vfs (void)
{
  static sqlite3_vfs counting_vfs;

  real_vfs = sqlite3_vfs_find (NULL);
  /* The default VFS's other calls (access, full path, randomness, time)
   * change no file and pass through as they are. */
  counting_vfs = *real_vfs;
  counting_vfs.zName = "cp-kill-save-counting";
  counting_vfs.szOsFile = (int) sizeof (CountingFile) + real_vfs->szOsFile;
  counting_vfs.xOpen = counting_open;
  counting_vfs.xDelete = counting_delete;
  counting_vfs.pNext = NULL;
  if (sqlite3_vfs_register (&counting_vfs, 1) != SQLITE_OK)
    _exit (6);
}

G_GNUC_NORETURN static void
save_until_stopped (const char      *path,
                    guint            stop_state,
                    CpKillSaveState  make_state,
                    gpointer         user_data)
{
  CpStore *store;

  install_counting_vfs ();
  store = cp_store_open (path, TRUE, NULL);
  /* Exit codes tell the parent which step failed; no GLib assertion in a
   * forked child, whose output would mix with the parent's TAP. */
  if (store == NULL)
    _exit (3);
  for (guint n = 0; n <= stop_state; n++)
    {
      CpProject *p = make_state (n, user_data);
      Message committed = { MESSAGE_COMMITTED, n };

      counting = n == stop_state;
      if (!cp_store_save (store, p, NULL))
        _exit (4);
      counting = FALSE;
      cp_project_free (p);
      if (write (report_fd, &committed, sizeof committed) != sizeof committed)
        _exit (5);
    }
  /* The save did fewer operations than asked for: stop after it. */
  report_and_wait_for_kill ();
}

static void
assert_integrity_ok (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "ok");
  /* "ok" is the only row of a healthy file. */
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

void
cp_kill_during_save (const char       *path,
                     guint             state,
                     guint             io_op,
                     CpKillSaveState   make_state,
                     gpointer          user_data,
                     CpKillSaveResult *result)
{
  g_autoptr(GError) error = NULL;
  gboolean stopped = FALSE;
  Message message;
  int fds[2];
  int status;
  pid_t pid;

  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (pipe (fds), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      close (fds[0]);
      report_fd = fds[1];
      stop_before_op = io_op;
      save_until_stopped (path, state, make_state, user_data);
    }
  close (fds[1]);

  /* Every state up to the chosen one must be reported, then the stop:
   * the pipe, not a clock, says when the child is where it should be.
   * A read that ends early means the child exited (a failed save). */
  result->last_reported = G_MAXUINT;
  result->save_finished = FALSE;
  while (!stopped && read (fds[0], &message, sizeof message) == sizeof message)
    {
      if (message.kind == MESSAGE_COMMITTED)
        {
          result->last_reported = message.value;
          result->save_finished = message.value == state;
        }
      else
        {
          result->io_ops_done = message.value;
          stopped = TRUE;
        }
    }
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  close (fds[0]);
  /* Killed, not failed: an exit status would mean the child's save broke. */
  if (!WIFSIGNALED (status))
    g_error ("the saving child exited with status %d before the kill", WEXITSTATUS (status));
  g_assert_true (stopped);
  g_assert_cmpuint (result->last_reported, ==, result->save_finished ? state : state - 1);

  /* The file as the killed process left it, before anything opens it for
   * writing (which would replay or discard the log). */
  assert_integrity_ok (path);
  result->loaded = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result->loaded);
}
