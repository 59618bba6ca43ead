/* cp-test-cli.c: running compute-planner-cli from a test. */
#include "config.h"

#include <sys/wait.h>

#include "cp-test-cli.h"

void
cp_test_run_clear (CpTestRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

void
cp_test_run_cli (CpTestRun         *run,
                 const char        *dir,
                 const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status;

  cp_test_run_clear (run);
  g_ptr_array_add (argv, (gpointer) g_getenv ("CP_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (dir, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

void
cp_test_run_cli_ok (const char        *dir,
                    const char *const *args)
{
  g_auto(CpTestRun) run = { 0 };

  cp_test_run_cli (&run, dir, args);
  if (run.status != 0)
    g_test_message ("%s", run.err);
  g_assert_cmpint (run.status, ==, 0);
}

char *
cp_test_squeeze (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      g_string_append_c (out, *p);
  return g_string_free (out, FALSE);
}
