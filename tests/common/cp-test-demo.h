/* cp-test-demo.h: the demo project for tests that evaluate it. */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* A new copy of the demo project; asserts it builds. */
CpProject *cp_test_demo_project (void);

G_END_DECLS
