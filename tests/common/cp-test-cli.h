/* cp-test-cli.h: running compute-planner-cli ($CP_CLI) from a test. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  int   status;   /* the exit status */
  char *out;
  char *err;
} CpTestRun;

void cp_test_run_clear (CpTestRun *run);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CpTestRun, cp_test_run_clear)

/* Runs $CP_CLI with @args (NULL-terminated) in @dir and waits for it; the
 * program must exit normally. */
void cp_test_run_cli (CpTestRun         *run,
                      const char        *dir,
                      const char *const *args);

/* Runs $CP_CLI as cp_test_run_cli() does and asserts it succeeds,
 * showing its error output when it does not. */
void cp_test_run_cli_ok (const char        *dir,
                         const char *const *args);

/* @text without whitespace: pdftotext breaks lines where the PDF does, so
 * texts are compared without it. */
char *cp_test_squeeze (const char *text);

#define CP_TEST_RUN_CLI(run, dir, ...) \
  cp_test_run_cli ((run), (dir), (const char *const[]) { __VA_ARGS__, NULL })

G_END_DECLS
