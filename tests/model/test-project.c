/* test-project.c: the project's own bookkeeping, apart from any plan. */
#include "config.h"

#include "planner/cp-project.h"

static void
test_ids_count_per_kind (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  const CpQuote *quote;
  const CpJob *job;

  cp_project_add_job (project, cp_job_new (CP_TASK_LORA));
  cp_project_add_quote (project, cp_quote_new ());
  cp_project_add_quote (project, cp_quote_new ());
  cp_project_add_job (project, cp_job_new (CP_TASK_INFERENCE));

  /* One job before the first quote: still quote-1, not quote-2. */
  quote = g_ptr_array_index (project->quotes, 0);
  g_assert_cmpstr (quote->id, ==, "quote-1");
  quote = g_ptr_array_index (project->quotes, 1);
  g_assert_cmpstr (quote->id, ==, "quote-2");
  job = g_ptr_array_index (project->jobs, 1);
  g_assert_cmpstr (job->id, ==, "job-2");
}

static void
test_ids_skip_those_in_use (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  CpQuote *renamed = cp_quote_new ();
  const CpQuote *quote;

  /* A quote imported as quote-2 from a sheet, then one added by hand:
   * counting gives 2, which is taken, so the next free number is used. */
  renamed->id = g_strdup ("quote-2");
  cp_project_add_quote (project, renamed);
  cp_project_add_quote (project, cp_quote_new ());
  quote = g_ptr_array_index (project->quotes, 1);
  g_assert_cmpstr (quote->id, ==, "quote-3");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/project/ids-count-per-kind", test_ids_count_per_kind);
  g_test_add_func ("/project/ids-skip-those-in-use", test_ids_skip_those_in_use);
  return g_test_run ();
}
