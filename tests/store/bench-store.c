/* bench-store.c: how long a large project takes to open+load and to save.
 *
 * 1,000 quotes and 100 jobs (the demo's entries repeated); the median of
 * several runs, measured with g_get_monotonic_time(). The target is under
 * 200 ms for each. Not a test: run it by hand.
 */

#include "config.h"

#include <glib/gstdio.h>

#include "common/cp-test-bench.h"
#include "store/cp-demo.h"
#include "store/cp-store.h"

#define N_QUOTES 1000
#define N_JOBS   100
#define N_RUNS   7

int
main (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_demo_project_new (&error);
  g_autoptr(CpProject) project = cp_project_new ();
  g_autofree char *dir = g_dir_make_tmp ("cp-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bench.cplan", NULL);
  double save_ms[N_RUNS], load_ms[N_RUNS], save_as_ms[N_RUNS];
  CpStore *store;
  GStatBuf st;

  if (demo == NULL)
    g_error ("%s", error->message);

  for (guint i = 0; i < N_QUOTES; i++)
    {
      CpQuote *q = cp_quote_dup (g_ptr_array_index (demo->quotes, i % demo->quotes->len));
      g_free (q->id);
      q->id = g_strdup_printf ("quote-%u", i + 1);
      cp_project_add_quote (project, q);
    }
  for (guint i = 0; i < N_JOBS; i++)
    {
      CpJob *j = cp_job_dup (g_ptr_array_index (demo->jobs, i % demo->jobs->len));
      g_free (j->id);
      j->id = g_strdup_printf ("job-%u", i + 1);
      cp_project_add_job (project, j);
    }

  store = cp_store_open (path, TRUE, &error);
  if (store == NULL)
    g_error ("%s", error->message);
  for (guint r = 0; r < N_RUNS; r++)
    {
      gint64 t0 = g_get_monotonic_time ();
      if (!cp_store_save (store, project, &error))
        g_error ("%s", error->message);
      save_ms[r] = (g_get_monotonic_time () - t0) / 1000.0;
    }
  cp_store_close (store);

  for (guint r = 0; r < N_RUNS; r++)
    {
      gint64 t0 = g_get_monotonic_time ();
      CpProject *loaded = cp_project_load_file (path, &error);
      if (loaded == NULL)
        g_error ("%s", error->message);
      load_ms[r] = (g_get_monotonic_time () - t0) / 1000.0;
      g_assert (loaded->quotes->len == N_QUOTES && loaded->jobs->len == N_JOBS);
      cp_project_free (loaded);
    }

  for (guint r = 0; r < N_RUNS; r++)
    {
      gint64 t0 = g_get_monotonic_time ();
      if (!cp_project_save_file (project, path, &error))
        g_error ("%s", error->message);
      save_as_ms[r] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  g_stat (path, &st);
  g_print ("project: %u quotes, %u jobs, file %.1f KiB\n", N_QUOTES, N_JOBS, st.st_size / 1024.0);
  g_print ("save (open store, one transaction): median %.1f ms of %d runs\n",
           cp_test_median (save_ms, N_RUNS), N_RUNS);
  g_print ("open + load (incl. quick_check):    median %.1f ms of %d runs\n",
           cp_test_median (load_ms, N_RUNS), N_RUNS);
  g_print ("save as (new file + rename):        median %.1f ms of %d runs\n",
           cp_test_median (save_as_ms, N_RUNS), N_RUNS);

  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
