/* fuzz-common.h: helpers of the fuzz targets (not seen by libFuzzer). */
#pragma once

#include "fuzz-targets.h"

G_BEGIN_DECLS

/* A private directory for files the project target writes. */
const char *cp_fuzz_scratch_dir (void);

/* Whether the slow checks run too: planning what a parser accepted, and
 * the project target's round trip through a real file. libFuzzer runs
 * leave them out (each costs more than the parse, and millions of inputs
 * are the point), unless CP_FUZZ_DEEP=1 is set; test-regressions always
 * runs them, on every seed and every input a fuzzer once found. */
gboolean    cp_fuzz_deep        (void);

/* While forbidden, a line printed with g_print() or g_printerr() is a
 * finding, as a warning is: libgsf prints "Unexpected element …" that
 * way, past the log handlers, for a relationships part it does not
 * understand (fuzz-workbook), and it reaches the user's terminal.
 * test-regressions forbids it around each input only: GTest prints. */
void        cp_fuzz_forbid_printing (gboolean forbid);

G_END_DECLS
