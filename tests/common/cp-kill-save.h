/* cp-kill-save.h: kill a process while it saves, then look at the file.
 *
 * A child process opens a new project file and saves states 0, 1, 2… of a
 * project into it, one cp_store_save() each, telling the parent over a
 * pipe after each commit; the parent lets it run for a given time after
 * the first commit and sends SIGKILL. What is left must pass SQLite's
 * integrity check and open as one of the states committed.
 */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* The project saved as state @n; a new project each call. */
typedef CpProject *(*CpKillSaveState) (guint n, gpointer user_data);

typedef struct {
  guint      last_reported;   /* the last state the child reported committed */
  CpProject *loaded;          /* what the file holds after the kill, owned */
} CpKillSaveResult;

/* Runs the child on @path (which must not exist), kills it @delay_us
 * after its first commit, asserts PRAGMA integrity_check is "ok" and that
 * the file opens, and returns what it holds. */
void cp_kill_during_save (const char       *path,
                          guint             delay_us,
                          CpKillSaveState   make_state,
                          gpointer          user_data,
                          CpKillSaveResult *result);

G_END_DECLS
