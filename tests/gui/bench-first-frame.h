/* bench-first-frame.h: what bench-window's launch children do at their
 * first painted frame (bench-window --launch). Header-only: the bare
 * program (bench-bare-window.c) links nothing of the application. */
#pragma once

#include <gtk/gtk.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

/* Prints the monotonic clock (µs, the same clock as the parent's) and
 * the process's CPU time (ms, every thread) at the first frame painted,
 * and leaves without tearing anything down: nothing after that frame is
 * timed. */
static void
bench_first_frame_after_paint (GdkFrameClock *clock,
                               gpointer       user_data)
{
  struct rusage usage;
  gint64 now_us = g_get_monotonic_time ();

  getrusage (RUSAGE_SELF, &usage);
  printf ("%" G_GINT64_FORMAT " %.3f\n", now_us,
          (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
          (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3);
  fflush (stdout);
  _exit (0);
}

static void
bench_first_frame_on_realize (GtkWidget *window,
                              gpointer   user_data)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (bench_first_frame_after_paint), NULL);
}

static void
bench_first_frame_on_window_added (GtkApplication *app,
                                   GtkWindow      *window,
                                   gpointer        user_data)
{
  g_signal_connect (window, "realize", G_CALLBACK (bench_first_frame_on_realize), NULL);
}

/* Call before g_application_run. */
static inline void
bench_first_frame_watch (GtkApplication *app)
{
  g_signal_connect (app, "window-added", G_CALLBACK (bench_first_frame_on_window_added), NULL);
}
