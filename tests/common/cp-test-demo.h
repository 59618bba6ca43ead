/* cp-test-demo.h: the demo project for tests that evaluate it. */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* A new copy of the demo project; asserts it builds. */
CpProject *cp_test_demo_project (void);

/* @n_jobs × @n_quotes made of @demo's jobs and quotes in turn, each copy
 * named apart and its price moved a little so the ranking varies. */
CpProject *cp_test_project_of_size (const CpProject *demo,
                                    guint            n_jobs,
                                    guint            n_quotes);

G_END_DECLS
