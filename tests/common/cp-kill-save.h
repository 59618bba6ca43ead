/* cp-kill-save.h: kill a process at a chosen point of a save, then look
 * at the file.
 *
 * A child process opens a new project file and saves states 0, 1, 2… of a
 * project into it, one cp_store_save() each, telling the parent over a
 * pipe after each commit. In the save of the chosen state it stops just
 * before its N-th file operation (a write, sync or truncate of the project
 * or its log, or a file deletion: the steps a crash can fall between),
 * says so over the pipe and waits; only then does the parent send SIGKILL.
 * Where the kill lands is therefore chosen by the test, not by how far the
 * child got in some time: the same on an idle machine, a loaded one or
 * under valgrind. What is left must pass SQLite's integrity check and open
 * as one of the states committed.
 */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* The project saved as state @n; a new project each call. */
typedef CpProject *(*CpKillSaveState) (guint n, gpointer user_data);

/* For cp_kill_during_save(): let the save of the state finish. */
#define CP_KILL_SAVE_AFTER_SAVE G_MAXUINT

typedef struct {
  guint      last_reported;   /* the last state the child reported committed */
  guint      io_ops_done;     /* file operations of the killed save done before the kill */
  gboolean   save_finished;   /* the save of the chosen state returned before the kill */
  CpProject *loaded;          /* what the file holds after the kill, owned */
} CpKillSaveResult;

/* Runs the child on @path (which must not exist): it saves states 0 to
 * @state - 1 completely, then is killed in the save of @state just before
 * its file operation number @io_op (0 is the first), or once that save has
 * returned if it does fewer (CP_KILL_SAVE_AFTER_SAVE: always, which
 * counts the operations a save does). Asserts PRAGMA integrity_check is
 * "ok" and that the file opens, and returns what it holds. */
void cp_kill_during_save (const char       *path,
                          guint             state,
                          guint             io_op,
                          CpKillSaveState   make_state,
                          gpointer          user_data,
                          CpKillSaveResult *result);

G_END_DECLS
