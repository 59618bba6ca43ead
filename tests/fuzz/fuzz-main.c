/* fuzz-main.c: the libFuzzer entry points of one target; CP_FUZZ_ENTRY is
 * set by meson to that target's function in fuzz-targets.h. */

#include <stddef.h>
#include <stdint.h>

#include "fuzz-targets.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  cp_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  return CP_FUZZ_ENTRY (data, size);
}
