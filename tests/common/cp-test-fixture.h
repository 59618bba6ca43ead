/* cp-test-fixture.h: project files of older format versions, made from the
 * SQL scripts in tests/store. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writes at @path (replacing any file there) the project file that
 * tests/store/@fixture describes: "v1-fixture.sql" alone, or a later
 * version's script run after v1-fixture.sql and every script between them,
 * since each later script only changes its predecessor's file. The test
 * fails if a script does not run. */
void cp_test_write_fixture_file (const char *fixture,
                                 const char *path);

G_END_DECLS
