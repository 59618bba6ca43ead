/* cp-kill-save.c: kill a process while it saves, then look at the file. */

#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store/cp-store.h"

#include "cp-kill-save.h"

G_GNUC_NORETURN static void
save_forever (const char      *path,
              CpKillSaveState  make_state,
              gpointer         user_data,
              int              report_fd)
{
  CpStore *store = cp_store_open (path, TRUE, NULL);

  /* Exit codes tell the parent which step failed; no GLib assertion in a
   * forked child, whose output would mix with the parent's TAP. */
  if (store == NULL)
    _exit (3);
  for (guint n = 0; ; n++)
    {
      CpProject *p = make_state (n, user_data);
      if (!cp_store_save (store, p, NULL))
        _exit (4);
      cp_project_free (p);
      if (write (report_fd, &n, sizeof n) != sizeof n)
        _exit (5);
    }
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
                     guint             delay_us,
                     CpKillSaveState   make_state,
                     gpointer          user_data,
                     CpKillSaveResult *result)
{
  g_autoptr(GError) error = NULL;
  guint n;
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
      save_forever (path, make_state, user_data, fds[1]);
    }
  close (fds[1]);

  /* Timed from the first commit, so every kill lands in the saving loop
   * (not in the child's start-up). */
  g_assert_cmpint (read (fds[0], &n, sizeof n), ==, sizeof n);
  result->last_reported = n;
  g_usleep (delay_us);
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  /* Killed, not failed: an exit status would mean the child's save broke. */
  if (!WIFSIGNALED (status))
    g_error ("the saving child exited with status %d before the kill", WEXITSTATUS (status));
  while (read (fds[0], &n, sizeof n) == sizeof n)
    result->last_reported = n;
  close (fds[0]);

  /* The file as the killed process left it, before anything opens it for
   * writing (which would replay or discard the log). */
  assert_integrity_ok (path);
  result->loaded = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result->loaded);
}
