/* bench-bare-window.c: a bare AdwApplicationWindow program, linked with
 * libadwaita alone, started by bench-window --launch beside the
 * application; prints the time of its first painted frame and exits
 * (bench-first-frame.h). */
#include <adwaita.h>
#include <locale.h>

#include "bench-first-frame.h"

static void
on_activate (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));

  /* The application's default size (its window-width, window-height keys). */
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  AdwApplication *app;

  setlocale (LC_ALL, "");
  app = adw_application_new ("org.example.BareWindow", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  bench_first_frame_watch (GTK_APPLICATION (app));
  return g_application_run (G_APPLICATION (app), argc, argv);
}
