/* test-kill-save.c: SIGKILL at random moments of a save, many times
 * (issue 7).
 *
 * Each round kills a process saving a growing project (tests/common/cp-kill-save.c) after
 * a random delay and checks that the file passes PRAGMA integrity_check,
 * opens, holds exactly one committed state (the last reported, or the one
 * whose commit finished just before the kill), and can be saved again.
 * Delays come from g_test_rand_*(): `--seed=…` repeats a run.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "store/cp-demo.h"
#include "store/cp-store.h"

#include "common/cp-kill-save.h"
#include "common/cp-test-dir.h"

#define N_ROUNDS 25
/* Copies of the demo's quotes in every state: enough rows that a save
 * takes a few milliseconds, so kills land inside transactions. */
#define QUOTE_COPIES 40
/* Up to this long after the first commit: hundreds of saves. */
#define MAX_DELAY_US 150000

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

static void
test_random_kills (void)
{
  g_autoptr(CpProject) base = make_base ();
  guint states_seen = 0, previous = G_MAXUINT;

  for (guint round = 0; round < N_ROUNDS; round++)
    {
      g_autofree char *name = g_strdup_printf ("killed-%u.cplan", round);
      g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
      guint delay_us = (guint) g_test_rand_int_range (0, MAX_DELAY_US);
      CpKillSaveResult result = { 0 };
      g_autoptr(CpProject) loaded = NULL;
      g_autoptr(GError) error = NULL;
      guint state;

      cp_kill_during_save (path, delay_us, make_state, base, &result);
      loaded = result.loaded;
      g_assert_true (sscanf (loaded->name, "state %u", &state) == 1);
      /* The last state reported committed, or the one whose COMMIT
       * finished just before the kill but was not reported yet. */
      g_assert_cmpuint (state, >=, result.last_reported);
      g_assert_cmpuint (state, <=, result.last_reported + 1);
      assert_state (loaded, state, base);
      g_test_message ("round %u: killed %u us after the first commit, file holds state %u "
                      "(last reported %u)", round, delay_us, state, result.last_reported);

      /* The file is a working project again: it opens for writing (which
       * folds in what the log holds), saves and keeps the new state. */
      {
        g_autoptr(CpStore) store = cp_store_open (path, FALSE, &error);
        g_autoptr(CpProject) next = make_state (state + 1, base);
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

      if (state != previous)
        states_seen++;
      previous = state;
    }
  /* Random delays over hundreds of saves land on different states. */
  g_assert_cmpuint (states_seen, >, 1);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  tmp_dir = g_dir_make_tmp ("cp-kill-save-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/kill-save/random-points", test_random_kills);
  status = g_test_run ();

  if (status == 0)
    cp_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
