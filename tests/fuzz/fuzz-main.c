/* fuzz-main.c: the libFuzzer entry points of one target; CP_FUZZ_ENTRY is
 * set by meson to that target's function in fuzz-targets.h. */

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "fuzz-common.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* g_error() stops with SIGTRAP, which libFuzzer does not catch; as an
 * abort it is reported like any crash, with the input saved. */
static void
trap_to_abort (int signal_number)
{
  abort ();
}

/* GLib 2.74 hands GList, GHashTable and other small blocks out of its own
 * magazines, where AddressSanitizer sees neither a use after free nor a
 * leak of them. G_SLICE=always-malloc makes them malloc() blocks, but it
 * is read when GLib first allocates one, and GObject's constructor has
 * done that before this runs: the target runs itself again with it set,
 * and with gc-friendly, as the tests run (tests/meson.build). */
static void
run_again_with_malloc_slices (char **argv)
{
  const char *debug = g_getenv ("G_DEBUG");
  g_autofree char *with_gc_friendly = NULL;

  if (g_strcmp0 (g_getenv ("G_SLICE"), "always-malloc") == 0)
    return;
  with_gc_friendly = debug && *debug ? g_strconcat (debug, ",gc-friendly", NULL)
                                     : g_strdup ("gc-friendly");
  g_setenv ("G_SLICE", "always-malloc", TRUE);
  g_setenv ("G_DEBUG", with_gc_friendly, TRUE);
  execv ("/proc/self/exe", argv);
  g_error ("%s could not run itself again with G_SLICE=always-malloc: %s", argv[0],
           g_strerror (errno));
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  run_again_with_malloc_slices (*argv);
  signal (SIGTRAP, trap_to_abort);
  cp_fuzz_init (g_strcmp0 (g_getenv ("CP_FUZZ_DEEP"), "1") == 0);
  cp_fuzz_forbid_printing (TRUE);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  return CP_FUZZ_ENTRY (data, size);
}
