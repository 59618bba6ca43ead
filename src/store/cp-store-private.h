/* cp-store-private.h: what the files of CpStore share.
 *
 * cp-store.c opens, checks, locks and closes a file and words its errors;
 * cp-store-schema.c owns the tables, the migrations and the check that a
 * file holds nothing else; cp-store-load.c reads a project and
 * cp-store-save.c writes one (and Save As). */
#pragma once

#include <sqlite3.h>

#include "cp-store.h"

G_BEGIN_DECLS

typedef enum {
  STMT_INSERT_PROJECT,
  STMT_INSERT_JOB,
  STMT_INSERT_QUOTE,
  STMT_INSERT_MODEL,
  STMT_INSERT_GPU,
  STMT_INSERT_LINK,
  N_STMTS
} StmtId;

struct _CpStore {
  sqlite3      *db;
  char         *path;
  gboolean      read_only;
  sqlite3_stmt *stmts[N_STMTS];
};

/* cp-store.c */
void      _cp_store_set_error          (GError       **error,
                                        CpStoreError   code,
                                        const char    *path,
                                        const char    *detail);
void      _cp_store_set_sqlite_error   (GError       **error,
                                        sqlite3       *db,
                                        int            rc,
                                        const char    *path);
int       _cp_store_exec               (sqlite3       *db,
                                        const char    *sql);
int       _cp_store_query_int          (sqlite3       *db,
                                        const char    *sql,
                                        sqlite3_int64 *out);
/* @path as a name SQLite never reads as a URI. */
char     *_cp_store_sqlite_path        (const char    *path);
/* A new project file at @path; @file_may_exist_empty: @path is an empty
 * file made by the caller (Save As's temporary file). */
CpStore  *_cp_store_create             (const char    *path,
                                        gboolean       file_may_exist_empty,
                                        GError       **error);

/* The checks and the read of cp_store_open_read_only() (the header, the
 * identity and objects, quick_check, a migration in memory) on the bytes
 * of a project file instead of a file: nothing is read from or written to
 * disk, and @name stands for the path in messages. With @writable_copy
 * the store saves into its in-memory copy (and nowhere else), so a save
 * and a load of the same file's content can be checked without a file.
 * For the fuzz target of project files (tests/fuzz/fuzz-project.c), which
 * runs millions of inputs; the app opens files with cp_store_open(). */
CpStore  *_cp_store_open_bytes         (const guint8  *data,
                                        gsize          len,
                                        const char    *name,
                                        gboolean       writable_copy,
                                        GError       **error);

/* cp-store-schema.c */
gboolean  _cp_store_check_schema_objects (sqlite3       *db,
                                          const char    *path,
                                          GError       **error);
gboolean  _cp_store_migrate            (sqlite3       *db,
                                        const char    *path,
                                        sqlite3_int64  from,
                                        GError       **error);
gboolean  _cp_store_create_schema      (sqlite3       *db,
                                        const char    *path,
                                        GError       **error);

G_END_DECLS
