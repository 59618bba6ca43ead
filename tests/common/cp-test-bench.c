/* cp-test-bench.c: CPU time and medians for the benchmarks. */
#include "cp-test-bench.h"

#include <stdlib.h>
#include <time.h>

double
cp_test_thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

double
cp_test_median (double *values,
                guint   n_values)
{
  g_return_val_if_fail (n_values > 0, 0);

  qsort (values, n_values, sizeof *values, compare_doubles);
  return values[n_values / 2];
}

void
cp_test_pulse_start (CpTestPulse *pulse)
{
  *pulse = (CpTestPulse) { g_get_monotonic_time (), 0, cp_test_thread_cpu_ms (), 0 };
}

gboolean
cp_test_pulse_turn (gpointer user_data)
{
  CpTestPulse *pulse = user_data;
  gint64 now = g_get_monotonic_time ();
  double cpu_ms = cp_test_thread_cpu_ms ();

  pulse->longest_gap_us = MAX (pulse->longest_gap_us, now - pulse->last_turn_us);
  pulse->last_turn_us = now;
  pulse->longest_work_ms = MAX (pulse->longest_work_ms, cpu_ms - pulse->last_turn_cpu_ms);
  pulse->last_turn_cpu_ms = cpu_ms;
  return G_SOURCE_CONTINUE;
}
