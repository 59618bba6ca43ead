/* test-kill-save.c: SIGKILL at chosen points of a save (issues 7 and 24).
 *
 * A child saving a growing project (tests/common/cp-kill-save.c) is
 * stopped before a chosen file operation of one save (a write, sync,
 * truncate or deletion) and killed there; every time the file must pass
 * PRAGMA integrity_check, open, hold exactly the state before the save or
 * the one after it (the old one up to the commit, the new one from it on),
 * and save again. The points are chosen by count, so the result is the
 * same on any machine, however loaded or slow (valgrind).
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "store/cp-demo.h"
#include "store/cp-store.h"

#include "common/cp-kill-save.h"
#include "common/cp-test-dir.h"

/* Copies of the demo's quotes in every state: enough rows that a save
 * spans many pages of the file, so there are many points to kill at. */
#define QUOTE_COPIES 40
/* Kills spread over a save besides those that find its commit: a save
 * of QUOTE_COPIES does about 190 file operations, each kill costs a fork
 * and a save, and valgrind runs this too. */
#define SPREAD_POINTS 12

static char *tmp_dir;

static CpProject *
make_base (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_demo_project_new (&error);
  CpProject *base;

  g_assert_no_error (error);
  base = cp_project_copy (demo);
  g_ptr_array_set_size (base->jobs, 0);
  for (guint c = 1; c < QUOTE_COPIES; c++)
    for (guint i = 0; i < demo->quotes->len; i++)
      {
        CpQuote *quote = cp_quote_dup (g_ptr_array_index (demo->quotes, i));
        g_free (quote->id);
        quote->id = g_strdup_printf ("quote-%u-%u", c, i);
        cp_project_add_quote (base, quote);
      }
  return base;
}

/* State @n: named after @n, with @n jobs whose notes say @n. */
static CpProject *
make_state (guint n, gpointer user_data)
{
  const CpProject *base = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_demo_project_new (&error);
  CpProject *p = cp_project_copy (base);

  g_free (p->name);
  p->name = g_strdup_printf ("state %u", n);
  for (guint i = 0; i < n; i++)
    {
      CpJob *job = cp_job_dup (g_ptr_array_index (demo->jobs, i % demo->jobs->len));
      g_free (job->id);
      job->id = g_strdup_printf ("job-%u", i);
      g_free (job->notes);
      job->notes = g_strdup_printf ("state %u", n);
      cp_project_add_job (p, job);
    }
  return p;
}

static void
assert_state (const CpProject *loaded, guint state, const CpProject *base)
{
  g_autofree char *expected = g_strdup_printf ("state %u", state);

  g_assert_cmpstr (loaded->name, ==, expected);
  g_assert_cmpuint (loaded->jobs->len, ==, state);
  g_assert_cmpuint (loaded->quotes->len, ==, base->quotes->len);
  for (guint i = 0; i < loaded->jobs->len; i++)
    g_assert_cmpstr (((CpJob *) g_ptr_array_index (loaded->jobs, i))->notes, ==, expected);
}

/* The file left by a kill is a working project again: it opens for
 * writing (which folds in what the log holds), saves and keeps the new
 * state. */
static void
assert_saves_again (const char *path, guint state, const CpProject *base)
{
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(CpStore) store = cp_store_open (path, FALSE, &error);
    g_autoptr(CpProject) next = make_state (state + 1, (gpointer) base);
    g_autoptr(CpProject) reloaded = NULL;

    g_assert_no_error (error);
    reloaded = cp_store_load (store, &error);
    g_assert_no_error (error);
    assert_state (reloaded, state, base);
    g_assert_true (cp_store_save (store, next, &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(CpProject) reloaded = cp_project_load_file (path, &error);
    g_assert_no_error (error);
    assert_state (reloaded, state + 1, base);
  }
}

/* Kills the save of @state before file operation @io_op; returns the
 * state the file holds, checked in full. */
static guint
kill_at (const CpProject *base, guint state, guint io_op, CpKillSaveResult *result)
{
  g_autofree char *name = g_strdup_printf ("killed-%u-%u.cplan", state, io_op);
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(CpProject) loaded = NULL;
  guint held;

  cp_kill_during_save (path, state, io_op, make_state, (gpointer) base, result);
  loaded = result->loaded;
  result->loaded = NULL;
  g_assert_true (sscanf (loaded->name, "state %u", &held) == 1);
  assert_state (loaded, held, base);
  assert_saves_again (path, held, base);
  g_assert_true (g_remove (path) == 0);
  return held;
}

/* Points of the save of @state: the file holds the state before up to
 * one operation (the commit) and the new state from it on, never anything
 * else or a mix. The commit is found by bisection (the state held only
 * ever moves forward), then SPREAD_POINTS more, spread evenly over the
 * save from an offset that g_test_rand_*() picks (`--seed=…` repeats a
 * run), are checked against it. */
static void
kill_across_save (const CpProject *base, guint state)
{
  CpKillSaveResult result = { 0 };
  guint n_ops, held, old_until, new_from, step, offset;

  /* Let the save finish first: it counts the operations and must hold
   * the new state. */
  held = kill_at (base, state, CP_KILL_SAVE_AFTER_SAVE, &result);
  g_assert_true (result.save_finished);
  g_assert_cmpuint (held, ==, state);
  n_ops = result.io_ops_done;
  /* A save writes the log and syncs at least once. */
  g_assert_cmpuint (n_ops, >=, 2);

  /* Killed before its first operation the save has changed nothing. */
  g_assert_cmpuint (kill_at (base, state, 0, &result), ==, state - 1);
  g_assert_false (result.save_finished);
  g_assert_cmpuint (result.io_ops_done, ==, 0);

  /* Old state before operation old_until, new from new_from (n_ops: only
   * once the save returned) until they meet. */
  old_until = 0;
  new_from = n_ops;
  while (new_from - old_until > 1)
    {
      guint op = old_until + (new_from - old_until) / 2;

      held = kill_at (base, state, op, &result);
      g_assert_cmpuint (result.io_ops_done, ==, op);
      g_assert_true (held == state - 1 || held == state);
      if (held == state)
        new_from = op;
      else
        old_until = op;
    }
  g_test_message ("state %u: %u file operations, the new state held from operation %u",
                  state, n_ops, new_from);

  step = MAX (n_ops / SPREAD_POINTS, 1);
  offset = (guint) g_test_rand_int_range (0, (gint32) step);
  for (guint op = offset; op < n_ops; op += step)
    {
      held = kill_at (base, state, op, &result);
      g_assert_cmpuint (result.io_ops_done, ==, op);
      g_assert_cmpuint (held, ==, op >= new_from ? state : state - 1);
    }
}

static void
test_kill_across_save (void)
{
  g_autoptr(CpProject) base = make_base ();

  /* A save over a state without jobs, and one over a state with some. */
  kill_across_save (base, 1);
  kill_across_save (base, 3);
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-kill-save-XXXXXX");
  g_test_add_func ("/kill-save/across-save", test_kill_across_save);
  return cp_test_run_then_remove (tmp_dir);
}
