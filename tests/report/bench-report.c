/* bench-report.c: time to write the full PDF report, the export a user
 * waits for. Built, not run as a test:
 *
 *   bench-report [RUNS]            the demo project (seven jobs, seven
 *                                  quotes) in both languages, then a large
 *                                  one of 20 jobs × 50 quotes
 *   bench-report --once LANG N M   one report of N jobs × M quotes in LANG,
 *                                  for /usr/bin/time -v (CPU, peak RSS)
 *   bench-report --async [RUNS]    the window's export of 20 × 50 (PDF and
 *                                  XML through cp_report_export_async()):
 *                                  how long the main thread is held, in the
 *                                  call itself and at most between two
 *                                  turns of its main loop
 *
 * Targets: the demo under 300 ms; 20 × 50 under 500 ms. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <libintl.h>

#include "report/cp-i18n.h"
#include "report/cp-report-async.h"
#include "report/cp-report.h"
#include "common/cp-test-bench.h"
#include "common/cp-test-demo.h"
#include "store/cp-demo.h"

#define LARGE_JOBS 20
#define LARGE_QUOTES 50

/* Wall time; the thread's CPU time in @cpu_ms (on a shared machine the
 * wall time counts other programs' work too). */
static double
write_ms (const CpProject *project,
          const char      *lang,
          const char      *path,
          double          *cpu_ms)
{
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  double start_cpu_ms = cp_test_thread_cpu_ms ();

  if (!cp_report_pdf_write (project, lang, path, &error))
    {
      fprintf (stderr, "bench-report: %s\n", error->message);
      exit (1);
    }
  if (cpu_ms != NULL)
    *cpu_ms = cp_test_thread_cpu_ms () - start_cpu_ms;
  return (g_get_monotonic_time () - start) / 1000.0;
}

static void
bench (const CpProject *project,
       const char      *lang,
       const char      *path,
       int              runs,
       double           target_ms)
{
  double best_ms = G_MAXDOUBLE, total_ms = 0, cpu_median_ms;
  g_autofree double *cpu_ms = g_new (double, runs);

  /* The first run loads fonts and the catalogue; it is reported apart. */
  printf ("%-6s first run %.1f ms\n", lang, write_ms (project, lang, path, NULL));
  for (int r = 0; r < runs; r++)
    {
      double ms = write_ms (project, lang, path, &cpu_ms[r]);

      best_ms = MIN (best_ms, ms);
      total_ms += ms;
    }
  cpu_median_ms = cp_test_median (cpu_ms, runs);
  printf ("%-6s PDF report, %u jobs × %u quotes: CPU %.1f ms median (best %.1f); wall best %.1f ms, "
          "mean %.1f ms over %d runs (target < %.0f ms)\n",
          lang, project->jobs->len, project->quotes->len, cpu_median_ms, cpu_ms[0], best_ms, total_ms / runs,
          runs, target_ms);
}

/* The main loop's pulse while a report is exported: a 1 ms timer notes
 * the longest time between two of its turns, which is how long a window
 * would have stood still. */
typedef struct {
  GMainLoop *loop;
  gint64     last_tick_us;
  gint64     longest_gap_us;
  GError    *error;
} AsyncRun;

static gboolean
on_tick (gpointer user_data)
{
  AsyncRun *run = user_data;
  gint64 now = g_get_monotonic_time ();

  run->longest_gap_us = MAX (run->longest_gap_us, now - run->last_tick_us);
  run->last_tick_us = now;
  return G_SOURCE_CONTINUE;
}

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  AsyncRun *run = user_data;

  cp_report_export_finish (result, &run->error);
  g_main_loop_quit (run->loop);
}

static void
bench_async (const CpProject *project,
             const char      *lang,
             const char      *dir,
             int              runs)
{
  g_autofree char *pdf_path = g_build_filename (dir, "async.pdf", NULL);
  g_autofree char *xml_path = g_build_filename (dir, "async.xml", NULL);
  double worst_call_ms = 0, worst_gap_ms = 0, total_ms = 0;

  for (int r = 0; r < runs; r++)
    {
      AsyncRun run = { g_main_loop_new (NULL, FALSE), 0, 0, NULL };
      gint64 start = g_get_monotonic_time ();
      gint64 returned;
      guint tick;

      cp_report_export_async (project, lang, pdf_path, xml_path, NULL, on_exported, &run);
      returned = g_get_monotonic_time ();
      run.last_tick_us = returned;
      tick = g_timeout_add (1, on_tick, &run);
      g_main_loop_run (run.loop);
      g_source_remove (tick);
      g_main_loop_unref (run.loop);
      if (run.error != NULL)
        {
          fprintf (stderr, "bench-report: %s\n", run.error->message);
          exit (1);
        }
      worst_call_ms = MAX (worst_call_ms, (returned - start) / 1000.0);
      worst_gap_ms = MAX (worst_gap_ms, run.longest_gap_us / 1000.0);
      total_ms += (g_get_monotonic_time () - start) / 1000.0;
    }
  printf ("%-6s export of %u jobs × %u quotes (PDF + XML), %d runs: main thread held %.1f ms in the call, "
          "longest main-loop gap %.1f ms (worst of runs); %.1f ms until done (mean)\n",
          lang, project->jobs->len, project->quotes->len, runs, worst_call_ms, worst_gap_ms, total_ms / runs);
  g_unlink (pdf_path);
  g_unlink (xml_path);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(CpProject) demo = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  const char *langs[] = { "zh_CN", "en" };

  setlocale (LC_ALL, "");
  cp_i18n_bind_textdomain ();

  {
    g_autoptr(GError) error = NULL;

    demo = cp_demo_project_new (&error);
    if (demo == NULL)
      {
        fprintf (stderr, "bench-report: %s\n", error->message);
        return 1;
      }
  }
  dir = g_dir_make_tmp ("cp-bench-XXXXXX", NULL);
  path = g_build_filename (dir, "report.pdf", NULL);

  if (argc == 5 && strcmp (argv[1], "--once") == 0)
    {
      g_autoptr(CpProject) project = cp_test_project_of_size (demo, CLAMP (atoi (argv[3]), 1, 1000),
                                                      CLAMP (atoi (argv[4]), 1, 1000));

      printf ("%s PDF report, %u jobs × %u quotes: %.1f ms\n", argv[2], project->jobs->len,
              project->quotes->len, write_ms (project, argv[2], path, NULL));
    }
  else if (argc >= 2 && strcmp (argv[1], "--async") == 0)
    {
      int runs = CLAMP (argc > 2 ? atoi (argv[2]) : 3, 1, 100);
      g_autoptr(CpProject) large = cp_test_project_of_size (demo, LARGE_JOBS, LARGE_QUOTES);

      for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
        bench_async (large, langs[l], dir, runs);
    }
  else
    {
      int runs = CLAMP (argc > 1 ? atoi (argv[1]) : 5, 1, 100);
      g_autoptr(CpProject) large = cp_test_project_of_size (demo, LARGE_JOBS, LARGE_QUOTES);

      for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
        bench (demo, langs[l], path, runs, 300);
      for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
        bench (large, langs[l], path, MIN (runs, 3), 500);
    }

  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
