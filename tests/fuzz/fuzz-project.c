/* fuzz-project.c: arbitrary bytes opened as a project file (.cplan).
 *
 * Properties: opening never crashes, hangs or trips a sanitizer; bytes
 * that open yield a project that saves over what they held and reads back
 * with the same jobs and quotes. Each input is opened from memory
 * (_cp_store_open_bytes(): the checks and the read of
 * cp_store_open_read_only() without a file), as writing, syncing and
 * removing a file per input was most of the time.
 *
 * The slow checks (cp_fuzz_deep(): test-regressions, CP_FUZZ_DEEP=1):
 * the bytes as a real file open exactly when they open from memory, to
 * the same project; the plans of a project that opens show only finite,
 * non-negative figures; a file that opens read-only also opens for
 * writing, saves, and reads back with the same jobs and quotes.
 */

#include "config.h"

#include <glib/gstdio.h>

#include "store/cp-store-private.h"

#include "../hardening/cp-check.h"
#include "fuzz-common.h"

/* Planning every job over every quote is the slow part. */
#define MAX_PLANNED 8

static void
remove_project (const char *path)
{
  static const char * const suffixes[] = { "", "-journal", "-wal", "-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *file = g_strconcat (path, suffixes[i], NULL);
      g_unlink (file);
    }
}

static void
check_writable (const char      *path,
                const CpProject *read_only)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(CpProject) reloaded = NULL;
  CpStore *store;

  /* The file could change between the two opens only by another program;
   * here nothing touches it, so what opened read-only opens writable. */
  store = cp_store_open (path, FALSE, &error);
  if (store == NULL)
    g_error ("opens read-only but not for writing: %s", error->message);
  loaded = cp_store_load (store, &error);
  if (loaded == NULL)
    g_error ("loads read-only but not after a writable open: %s", error->message);
  if (!cp_store_save (store, loaded, &error))
    {
      /* A file SQLite finds damaged while writing is refused, not lost. */
      g_assert (error != NULL && error->message != NULL);
      cp_store_close (store);
      return;
    }
  cp_store_close (store);

  reloaded = cp_project_load_file (path, &error);
  if (reloaded == NULL)
    g_error ("a saved project does not open again: %s", error->message);
  if (reloaded->jobs->len != read_only->jobs->len || reloaded->quotes->len != read_only->quotes->len)
    g_error ("saved %u jobs, %u quotes; read %u, %u back", read_only->jobs->len,
             read_only->quotes->len, reloaded->jobs->len, reloaded->quotes->len);
}

/* The bytes as a file: the path the app takes. */
static void
check_file (const guint8 *data, gsize size, const CpProject *from_memory)
{
  g_autofree char *path = g_build_filename (cp_fuzz_scratch_dir (), "fuzz.cplan", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = NULL;

  remove_project (path);
  if (!g_file_set_contents (path, (const char *) data, (gssize) size, &error))
    g_error ("%s", error->message);

  project = cp_project_load_file (path, &error);
  if ((project == NULL) != (from_memory == NULL))
    g_error ("the bytes %s from memory but %s as a file%s%s", from_memory ? "open" : "do not open",
             project ? "open" : "do not", error ? ": " : "", error ? error->message : "");
  if (project == NULL)
    {
      g_assert (error != NULL && error->message != NULL);
      remove_project (path);
      return;
    }
  if (project->jobs->len != from_memory->jobs->len || project->quotes->len != from_memory->quotes->len)
    g_error ("%u jobs, %u quotes from memory; %u, %u from the file", from_memory->jobs->len,
             from_memory->quotes->len, project->jobs->len, project->quotes->len);

  if (project->jobs->len * project->quotes->len <= MAX_PLANNED)
    cp_check_project_figures (project);
  check_writable (path, project);
  remove_project (path);
}

int
cp_fuzz_project (const guint8 *data,
                 gsize         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpStore) store = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpProject) reloaded = NULL;

  store = _cp_store_open_bytes (data, size, "fuzz.cplan", TRUE, &error);
  if (store != NULL)
    project = cp_store_load (store, &error);
  if (project == NULL)
    g_assert (error != NULL && error->message != NULL);
  if (cp_fuzz_deep ())
    check_file (data, size, project);
  if (project == NULL)
    return 0;

  if (!cp_store_save (store, project, &error))
    {
      /* A file SQLite finds damaged while writing is refused, not lost. */
      g_assert (error != NULL && error->message != NULL);
      return 0;
    }
  reloaded = cp_store_load (store, &error);
  if (reloaded == NULL)
    g_error ("a saved project does not load again: %s", error->message);
  if (reloaded->jobs->len != project->jobs->len || reloaded->quotes->len != project->quotes->len)
    g_error ("saved %u jobs, %u quotes; read %u, %u back", project->jobs->len,
             project->quotes->len, reloaded->jobs->len, reloaded->quotes->len);
  return 0;
}
