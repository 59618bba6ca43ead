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

/* The longest the main loop went without a turn, in wall time (on a
 * loaded machine it counts the time the thread waited for a CPU too), and
 * the most CPU time the main thread spent between two turns: the work
 * done at a stretch, whatever the load. */
typedef struct {
  gint64 last_turn_us;
  gint64 longest_gap_us;
  double last_turn_cpu_ms;
  double longest_work_ms;
} CpTestPulse;

/* Counts from now. */
void     cp_test_pulse_start (CpTestPulse *pulse);
/* Notes a turn of the loop: a GSourceFunc for a 1 ms timeout whose data
 * is the CpTestPulse. */
gboolean cp_test_pulse_turn  (gpointer     pulse);

G_END_DECLS
