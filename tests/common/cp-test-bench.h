/* cp-test-bench.h: what the benchmark programs measure with.
 *
 * On a machine shared with other work the wall time counts the others'
 * work too: the benchmarks report the thread's CPU time, as a median. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The calling thread's CPU time, in milliseconds. */
double cp_test_thread_cpu_ms (void);
/* Sorts @values (ascending: the worst is last) and returns the middle one. */
double cp_test_median        (double *values,
                              guint   n_values);

G_END_DECLS
