/* cp-test-demo.c: the demo project for tests that evaluate it. */
#include "store/cp-demo.h"

#include "cp-test-demo.h"

CpProject *
cp_test_demo_project (void)
{
  g_autoptr(GError) error = NULL;
  CpProject *demo = cp_demo_project_new (&error);

  g_assert_no_error (error);
  return demo;
}
