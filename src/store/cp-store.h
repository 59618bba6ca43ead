/* cp-store.h: a project file (.cplan), one SQLite database.
 *
 * The file carries PRAGMA application_id = CP_STORE_APPLICATION_ID and
 * PRAGMA user_version = the schema version; files of older versions are
 * migrated forward when opened for writing, files of newer versions are
 * refused without being touched. While a CpStore is open the file is in WAL
 * mode and locked against other programs; closing checkpoints it and turns it
 * back into a single self-contained file.
 *
 * Keep one CpStore open for as long as a window shows the project and call
 * cp_store_save() for every autosave: each save is one transaction, so a
 * crash at any moment leaves the last committed project.
 */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

#define CP_STORE_ERROR (cp_store_error_quark ())
GQuark cp_store_error_quark (void);

typedef enum {
  CP_STORE_ERROR_MISSING,      /* no file at that path */
  CP_STORE_ERROR_EXISTS,       /* creating, but something is already there */
  CP_STORE_ERROR_NOT_PROJECT,  /* not SQLite, or SQLite without our application id */
  CP_STORE_ERROR_CORRUPT,      /* our file, but damaged or holding impossible values */
  CP_STORE_ERROR_TRUNCATED,    /* shorter than its own header says */
  CP_STORE_ERROR_TOO_NEW,      /* written by a newer version of the application */
  CP_STORE_ERROR_READ_ONLY,    /* saving into a file that can only be read */
  CP_STORE_ERROR_LOCKED,       /* another program has it open */
  CP_STORE_ERROR_IO,           /* the disk refused: full, permission, I/O */
  CP_STORE_ERROR_UNSAFE,       /* holds triggers, views or tables the application never creates */
  CP_STORE_ERROR_FILE_FORMAT,  /* an SQLite file format newer than the library's */
  CP_STORE_ERROR_INTERRUPTED,  /* a killed program's unfinished change, which only writing can undo */
} CpStoreError;

/* "CPLN" */
#define CP_STORE_APPLICATION_ID 0x43504c4e
#define CP_STORE_SCHEMA_VERSION 21
#define CP_STORE_FILE_EXTENSION ".cplan"
#define CP_STORE_MIME_TYPE      "application/x-compute-planner"

typedef struct _CpStore CpStore;

/* @create: make a new, empty project file; fails with
 * CP_STORE_ERROR_EXISTS when @path exists (nothing is ever overwritten).
 * Otherwise opens an existing file: a file that cannot be written is
 * opened read-only (cp_store_is_read_only()), and saving it fails with
 * CP_STORE_ERROR_READ_ONLY. */
CpStore    *cp_store_open         (const char      *path,
                                   gboolean         create,
                                   GError         **error);
/* Reads @path into memory (migrating it there if it is older) without
 * writing to the file or locking it beyond the read: for commands that only
 * read. Saving fails with CP_STORE_ERROR_READ_ONLY. */
CpStore    *cp_store_open_read_only (const char   *path,
                                     GError      **error);
/* The project held by the file; a freshly created file yields an empty
 * project named after the file. */
CpProject  *cp_store_load         (CpStore         *store,
                                   GError         **error);
/* Replaces the file's content with @project in one transaction. */
gboolean    cp_store_save         (CpStore         *store,
                                   const CpProject *project,
                                   GError         **error);
gboolean    cp_store_is_read_only (CpStore         *store);
const char *cp_store_get_path     (CpStore         *store);
/* Checkpoints the write-ahead log into the file and closes it. */
void        cp_store_close        (CpStore         *store);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpStore, cp_store_close)

/* Reads a project without touching the file (cp_store_open_read_only()). */
CpProject  *cp_project_load_file  (const char      *path,
                                   GError         **error);
/* Save as: writes a complete new file next to @path and renames it over
 * @path, so @path holds either its old content or the new one. @path must
 * not be open in a CpStore. */
gboolean    cp_project_save_file  (const CpProject *project,
                                   const char      *path,
                                   GError         **error);

/* Writes @project to @path as a new file, as `compute-planner-cli new`
 * and `demo` make one and the window does for a path that does not exist
 * yet; refuses a file that exists (cp_store_open() with create). */
gboolean    cp_project_create_file (const CpProject *project,
                                    const char      *path,
                                    GError         **error);

/* A new path for an untitled project in the user's data directory
 * ($XDG_DATA_HOME/compute-planner/untitled-N.cplan, not yet existing);
 * the directory is created. */
char       *cp_store_untitled_path (GError        **error);
/* Whether @path is one cp_store_untitled_path() gives: a project that was
 * never saved elsewhere, reopened after a restart. */
gboolean    cp_store_is_untitled_path (const char   *path);
/* The file name without directory and extension, for window titles and
 * the name of a new project; for an untitled project's file, the name the
 * project was given, if any. */
char       *cp_store_display_name  (const char     *path);

G_END_DECLS
