/* cp-csv-tokenizer.h: a sheet's bytes into records of fields (for the
 * quote importer; errors are CP_QUOTE_CSV_ERROR). */
#pragma once

#include "cp-quote-csv.h"

G_BEGIN_DECLS

typedef struct {
  guint      line;     /* where the record starts */
  GPtrArray *fields;   /* char* */
  char      *error;    /* a syntax problem in this record */
} CpCsvRecord;

void cp_csv_record_free (gpointer data);

gboolean cp_csv_is_blank (const char *text);

void cp_csv_set_too_large (GError **error);

GPtrArray *cp_csv_tokenize (const char *text, GError **error);

char *cp_csv_to_utf8 (const char *data, gsize len, GError **error);

char *cp_csv_read_file_contents (const char *path, gsize *len, GError **error);

G_END_DECLS
