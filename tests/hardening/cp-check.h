/* cp-check.h: what every figure shown to people must be.
 *
 * Shared by the fuzz targets (tests/fuzz/) and the limit tests
 * (tests/hardening/): whatever a parser accepted, every number the model
 * derives from it and that a chart, a table or a report shows is finite and
 * not negative.
 */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* The name of the first double of @estimate that is NaN, infinite or
 * negative, or NULL when all are fine. */
const char *cp_check_estimate_figures (const CpEstimate *estimate);

/* The same over every option of @plan, and finiteness of every number a
 * reason carries (some are -1 by design, none may be NaN or infinite).
 * Returns a description of the first bad figure, or NULL. */
char       *cp_check_plan_figures     (const CpPlan *plan);

/* Plans every job of @project over its quotes and checks each plan;
 * aborts with the offending figure when one is bad. */
void        cp_check_project_figures  (const CpProject *project);

/* Asserts that cp_estimate() refuses @job on @quote with a model error
 * whose message names @field. */
void        cp_check_estimate_refused (const CpJob *job, const CpQuote *quote,
                                       const CpSettings *settings, const char *field);

/* CPU time this thread has used, in seconds. Bounds on how much work a
 * hostile input causes are measured in it, not on the wall clock, which
 * other processes on a busy machine stretch (issue 24). */
double      cp_check_thread_cpu_s     (void);

/* How many times slower than a plain build this run executes code:
 * CP_TIME_FACTOR (build-aux/valgrind.sh sets it for memcheck), else 1.
 * A property of the build, not of the machine's load. */
double      cp_check_time_factor      (void);

G_END_DECLS
