/* bench-report.c: time to write the full PDF report of the demo project
 * (seven jobs, seven quotes), the export a user waits for. Built, not run
 * as a test: `bench-report [RUNS]`. Target: under 300 ms. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <glib/gstdio.h>
#include <libintl.h>

#include "report/cp-i18n.h"
#include "report/cp-report.h"
#include "store/cp-demo.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(CpProject) project = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  int runs = argc > 1 ? atoi (argv[1]) : 5;
  const char *langs[] = { "zh_CN", "en" };

  setlocale (LC_ALL, "");
  cp_i18n_bind_textdomain ();

  {
    g_autoptr(GError) error = NULL;

    project = cp_demo_project_new (&error);
    if (project == NULL)
      {
        fprintf (stderr, "bench-report: %s\n", error->message);
        return 1;
      }
  }
  dir = g_dir_make_tmp ("cp-bench-XXXXXX", NULL);
  path = g_build_filename (dir, "report.pdf", NULL);
  runs = CLAMP (runs, 1, 100);

  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      double best_ms = G_MAXDOUBLE, total_ms = 0;

      /* The first run loads fonts and the catalogue; it is reported apart. */
      for (int r = 0; r <= runs; r++)
        {
          g_autoptr(GError) error = NULL;
          gint64 start = g_get_monotonic_time ();
          double ms;

          if (!cp_report_pdf_write (project, langs[l], path, &error))
            {
              fprintf (stderr, "bench-report: %s\n", error->message);
              return 1;
            }
          ms = (g_get_monotonic_time () - start) / 1000.0;
          if (r == 0)
            {
              printf ("%-6s first run %.1f ms\n", langs[l], ms);
              continue;
            }
          best_ms = MIN (best_ms, ms);
          total_ms += ms;
        }
      printf ("%-6s PDF report, %u jobs × %u quotes: best %.1f ms, mean %.1f ms over %d runs (target < 300 ms)\n",
              langs[l], project->jobs->len, project->quotes->len, best_ms, total_ms / runs, runs);
    }

  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
