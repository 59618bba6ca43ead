/* bench-report.c: time to write the full PDF report, the export a user
 * waits for. Built, not run as a test:
 *
 *   bench-report [RUNS]            the demo project (seven jobs, seven
 *                                  quotes) in both languages, then a large
 *                                  one of 20 jobs × 50 quotes
 *   bench-report --once LANG N M   one report of N jobs × M quotes in LANG,
 *                                  for /usr/bin/time -v (CPU, peak RSS)
 *   bench-report --save N M FILE   write the N jobs × M quotes project to
 *                                  FILE, for `compute-planner-cli report`
 *                                  under perf or callgrind
 *   bench-report --parts [RUNS]    20 × 50 in both languages, its CPU time
 *                                  in three parts: the project's analysis
 *                                  (the window has it already), laying out
 *                                  the pages, writing the PDF
 *   bench-report --async [RUNS]    the window's export of 20 × 50 (PDF and
 *                                  XML through cp_report_export_async()):
 *                                  how long the main thread is held, in the
 *                                  call itself and at most between two
 *                                  turns of its main loop, and until the
 *                                  files are written; from no plans, and
 *                                  from the plans a window showing the
 *                                  first job has (every job's plan, the
 *                                  first's robustness, sweep and what-if)
 *
 * Targets: the demo under 300 ms; 20 × 50 under 500 ms. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <glib/gstdio.h>
#include <libintl.h>

#include "report/cp-i18n.h"
#include "report/cp-report-async.h"
#include "report/cp-report.h"
#include "report/cp-report-private.h"
#include "common/cp-test-bench.h"
#include "common/cp-test-demo.h"
#include "store/cp-demo.h"
#include "store/cp-store.h"

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

/* The CPU time of each part of cp_report_pdf_write(), medians of @runs:
 * where the time goes. */
static void
bench_parts (const CpProject *project,
             const char      *lang,
             const char      *path,
             int              runs)
{
  g_autofree double *analysis_ms = g_new (double, runs);
  g_autofree double *layout_ms = g_new (double, runs);
  g_autofree double *writing_ms = g_new (double, runs);
  g_autofree double *total_ms = g_new (double, runs);
  guint n_pages = 0;

  /* Fonts and the catalogue are loaded before the first run is timed. */
  write_ms (project, lang, path, NULL);
  for (int r = 0; r < runs; r++)
    {
      g_autoptr(CpProjectAnalysis) analysis = NULL;
      g_autoptr(CpReportLayout) layout = NULL;
      g_autoptr(GError) error = NULL;
      double start = cp_test_thread_cpu_ms ();
      double analysed, laid_out;

      analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
      for (guint j = 0; j < project->jobs->len; j++)
        {
          cp_project_analysis_get_full_plan (analysis, j);
          cp_project_analysis_get_sweep (analysis, j);
          cp_project_analysis_get_what_if (analysis, j);
        }
      analysed = cp_test_thread_cpu_ms ();
      layout = cp_report_layout_new_from_analysis (analysis, lang, CP_REPORT_A4_WIDTH_PT, CP_REPORT_A4_HEIGHT_PT);
      laid_out = cp_test_thread_cpu_ms ();
      if (!cp_report_layout_write_pdf (layout, NULL, "bench", path, &error))
        {
          fprintf (stderr, "bench-report: %s\n", error->message);
          exit (1);
        }
      analysis_ms[r] = analysed - start;
      layout_ms[r] = laid_out - analysed;
      writing_ms[r] = cp_test_thread_cpu_ms () - laid_out;
      total_ms[r] = analysis_ms[r] + layout_ms[r] + writing_ms[r];
      n_pages = cp_report_layout_get_n_pages (layout);
    }
  printf ("%-6s %u jobs × %u quotes, %u pages, CPU medians of %d runs: analysis %.1f ms, layout %.1f ms, "
          "PDF writing %.1f ms; in all %.1f ms\n",
          lang, project->jobs->len, project->quotes->len, n_pages, runs, cp_test_median (analysis_ms, runs),
          cp_test_median (layout_ms, runs), cp_test_median (writing_ms, runs), cp_test_median (total_ms, runs));
}

/* The main loop's pulse while a report is exported: how long a window
 * would have stood still, and how much of that was its own work. */
typedef struct {
  GMainLoop  *loop;
  CpTestPulse pulse;
  GError     *error;
} AsyncRun;

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  AsyncRun *run = user_data;

  cp_report_export_finish (result, &run->error);
  g_main_loop_quit (run->loop);
}

/* The CPU time of every thread of the process: the export's worker's
 * work, which the wall time on a shared machine hides. */
static double
process_cpu_ms_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void
bench_async (const CpProject   *project,
             CpProjectAnalysis *analysis,
             const char        *lang,
             const char        *dir,
             int                runs)
{
  g_autofree char *pdf_path = g_build_filename (dir, "async.pdf", NULL);
  g_autofree char *xml_path = g_build_filename (dir, "async.xml", NULL);
  double worst_call_ms = 0, worst_call_cpu_ms = 0, worst_gap_ms = 0, worst_gap_cpu_ms = 0, total_ms = 0;
  g_autofree double *process_cpu_ms = g_new (double, runs);

  for (int r = 0; r < runs; r++)
    {
      AsyncRun run = { g_main_loop_new (NULL, FALSE), { 0 }, NULL };
      gint64 start = g_get_monotonic_time ();
      double start_cpu_ms = cp_test_thread_cpu_ms ();
      double start_process_ms = process_cpu_ms_now ();
      gint64 returned;
      guint tick;

      cp_report_export_async (project, analysis, lang, pdf_path, xml_path, NULL, on_exported, &run);
      returned = g_get_monotonic_time ();
      worst_call_cpu_ms = MAX (worst_call_cpu_ms, cp_test_thread_cpu_ms () - start_cpu_ms);
      cp_test_pulse_start (&run.pulse);
      tick = g_timeout_add (1, cp_test_pulse_turn, &run.pulse);
      g_main_loop_run (run.loop);
      g_source_remove (tick);
      g_main_loop_unref (run.loop);
      if (run.error != NULL)
        {
          fprintf (stderr, "bench-report: %s\n", run.error->message);
          exit (1);
        }
      worst_call_ms = MAX (worst_call_ms, (returned - start) / 1000.0);
      worst_gap_ms = MAX (worst_gap_ms, run.pulse.longest_gap_us / 1000.0);
      worst_gap_cpu_ms = MAX (worst_gap_cpu_ms, run.pulse.longest_work_ms);
      total_ms += (g_get_monotonic_time () - start) / 1000.0;
      process_cpu_ms[r] = process_cpu_ms_now () - start_process_ms;
    }
  printf ("%-6s export of %u jobs × %u quotes (PDF + XML) from %s, %d runs: main thread held %.1f ms in the "
          "call (CPU %.1f ms), longest main-loop gap %.1f ms, most main-thread CPU between two turns %.1f ms "
          "(worst of runs); %.1f ms until done (mean), CPU of every thread %.1f ms (median)\n",
          lang, project->jobs->len, project->quotes->len, analysis != NULL ? "the window's plans" : "no plans",
          runs, worst_call_ms, worst_call_cpu_ms, worst_gap_ms, worst_gap_cpu_ms, total_ms / runs,
          cp_test_median (process_cpu_ms, runs));
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
  else if (argc == 5 && strcmp (argv[1], "--save") == 0)
    {
      g_autoptr(CpProject) project = cp_test_project_of_size (demo, CLAMP (atoi (argv[2]), 1, 1000),
                                                      CLAMP (atoi (argv[3]), 1, 1000));
      g_autoptr(GError) error = NULL;

      if (!cp_project_save_file (project, argv[4], &error))
        {
          fprintf (stderr, "bench-report: %s\n", error->message);
          return 1;
        }
    }
  else if (argc >= 2 && strcmp (argv[1], "--parts") == 0)
    {
      int runs = CLAMP (argc > 2 ? atoi (argv[2]) : 5, 1, 100);
      g_autoptr(CpProject) large = cp_test_project_of_size (demo, LARGE_JOBS, LARGE_QUOTES);

      for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
        bench_parts (large, langs[l], path, runs);
    }
  else if (argc >= 2 && strcmp (argv[1], "--async") == 0)
    {
      int runs = CLAMP (argc > 2 ? atoi (argv[2]) : 3, 1, 100);
      g_autoptr(CpProject) large = cp_test_project_of_size (demo, LARGE_JOBS, LARGE_QUOTES);
      g_autoptr(CpProjectAnalysis) window_plans = cp_project_analysis_new (large, CP_CHART_COST_MAX_POINTS);

      for (guint j = 0; j < large->jobs->len; j++)
        cp_project_analysis_get_plan (window_plans, j);
      cp_project_analysis_get_full_plan (window_plans, 0);
      cp_project_analysis_get_sweep (window_plans, 0);
      cp_project_analysis_get_what_if (window_plans, 0);
      for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
        {
          bench_async (large, NULL, langs[l], dir, runs);
          bench_async (large, window_plans, langs[l], dir, runs);
        }
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
