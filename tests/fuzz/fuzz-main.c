/* fuzz-main.c: the libFuzzer entry points of one target; CP_FUZZ_ENTRY is
 * set by meson to that target's function in fuzz-targets.h. */

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzz-targets.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* g_error() stops with SIGTRAP, which libFuzzer does not catch; as an
 * abort it is reported like any crash, with the input saved. */
static void
trap_to_abort (int signal_number)
{
  abort ();
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  signal (SIGTRAP, trap_to_abort);
  cp_fuzz_init (g_strcmp0 (g_getenv ("CP_FUZZ_DEEP"), "1") == 0);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  return CP_FUZZ_ENTRY (data, size);
}
