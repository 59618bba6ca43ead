/* fuzz-common.c: set-up shared by every target. */

#include "config.h"

#include <locale.h>

#include "fuzz-common.h"

static char *scratch_dir;
static gboolean deep_checks;
static gboolean initialised;

void
cp_fuzz_init (gboolean deep)
{
  deep_checks = deep;
  if (initialised)
    return;
  initialised = TRUE;
  /* Parsers must not depend on the locale; the fuzzers run in C.UTF-8 like
   * the tests. */
  setlocale (LC_ALL, "C.UTF-8");
  /* A critical is a broken precondition inside the project's code: a
   * finding, as in the tests (G_DEBUG=fatal-criticals). So is a warning:
   * the parsers print none, and one from a library (libgsf's "Error
   * seeking to zip header") reaches the user's terminal for a file the
   * app should have refused in its own words. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING | G_LOG_FLAG_FATAL);
}

/* Made on first use: only the project target's slow checks write files,
 * and a directory made by every fuzzer started was left behind in /tmp. */
const char *
cp_fuzz_scratch_dir (void)
{
  if (scratch_dir == NULL)
    {
      g_autoptr(GError) error = NULL;

      scratch_dir = g_dir_make_tmp ("cp-fuzz-XXXXXX", &error);
      if (scratch_dir == NULL)
        g_error ("no scratch directory: %s", error->message);
    }
  return scratch_dir;
}

gboolean
cp_fuzz_deep (void)
{
  return deep_checks;
}

static GPrintFunc saved_print, saved_printerr;

static void
printed (const char *text)
{
  /* g_error() itself prints: not through this handler again. */
  cp_fuzz_forbid_printing (FALSE);
  g_error ("a parser printed on the terminal: %s", text);
}

void
cp_fuzz_forbid_printing (gboolean forbid)
{
  if (forbid)
    {
      saved_print = g_set_print_handler (printed);
      saved_printerr = g_set_printerr_handler (printed);
    }
  else
    {
      g_set_print_handler (saved_print);
      g_set_printerr_handler (saved_printerr);
    }
}
