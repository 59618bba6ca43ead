/* fuzz-common.h: helpers of the fuzz targets (not seen by libFuzzer). */
#pragma once

#include "fuzz-targets.h"

G_BEGIN_DECLS

/* A private directory for files the project target writes. */
const char *cp_fuzz_scratch_dir (void);

G_END_DECLS
