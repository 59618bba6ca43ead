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

/* Llama 2 70B fully fine-tuned on 1B tokens, and one quote: one machine
 * of 8 A800 80GB from the catalogue at 10 CNY per GPU-hour, its storage
 * stated, its host memory @host_memory_bytes (0: not stated). Only CPU
 * offload fits the job on it (issue host-memory). */
CpProject *cp_test_offload_project (double host_memory_bytes);

G_END_DECLS
