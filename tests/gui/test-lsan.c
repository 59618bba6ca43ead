/* test-lsan.c: in the GUI test programs, LeakSanitizer with its fast
 * unwinder still reports the project's own leaks (cp-test-gui-lsan.c stops
 * it from tracking only what the libraries' constructors allocate).
 *
 * Shows the demo in a window, as the GUI tests do, and takes GLib past the
 * 2,048 quarks at which it leaves its first quark block behind; with
 * --leak it then drops a quote and a string of its own. check-lsan.sh runs
 * it both ways (AddressSanitizer builds only).
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "planner/cp-quote.h"

#include "cp-test-gui.h"

/* Not inlined, so that the leak's stack names it (check-lsan.sh). */
static void __attribute__ ((noinline))
cp_test_lsan_drop_quote (void)
{
  CpQuote *quote = cp_quote_new ();

  quote->id = g_strdup ("deliberately-leaked");
}

/* A name no quark has yet. */
static const char *
cp_test_lsan_name (guint i)
{
  static char name[32];

  g_snprintf (name, sizeof name, "test-lsan-%u", i);
  return name;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(CpApplication) app = NULL;
  CpWindow *window;

  gtk_init ();
  adw_init ();
  app = cp_test_gui_application_new ();
  window = cp_test_gui_demo_window (app);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
  /* The window alone stays under 2,048 quarks; the GUI tests' longer
   * sessions go past it. New quarks until GLib moves to its second block:
   * the first one, from its constructor, is then the leak it leaves behind
   * on purpose. */
  for (guint i = 0; g_quark_from_string (cp_test_lsan_name (i)) <= 2048; i++)
    ;
  cp_test_gui_close_window (window);

  if (argc > 1 && strcmp (argv[1], "--leak") == 0)
    cp_test_lsan_drop_quote ();
  return 0;
}
