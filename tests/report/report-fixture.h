/* report-fixture.h: projects built in code for the report tests and the
 * benchmark. */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* One 7B pre-training job (no deadline, experienced team, no fees) on
 * three quotes of the same A100 80GB hardware:
 *   0 "Single Ten"     one machine, 8 GPUs, 10 CNY per GPU-hour
 *   1 "Single Gaming"  one machine, 8 × RTX 4090, 9 CNY per GPU-hour
 *   2 "Cluster Six"    cluster of 4 nodes × 8 A100, 6 CNY per GPU-hour
 * and an inference job. A custom GPU is in the project's catalogue. */
CpProject *report_fixture_small (void);

/* Six jobs of every kind and seven quotes: a representative meeting. */
CpProject *report_fixture_large (void);

G_END_DECLS
