/* cp-fields.h: one description of every stored field of the model's structs.
 *
 * The SQLite store, the demo project reader and the CSV exporter all walk
 * these tables, so a field added to a table is read, written and compared
 * everywhere at once; a field missing from them would be silently lost in a
 * round trip, which is why tests/store/test-store.c checks every field.
 *
 * Private to src/store/.
 */
#pragma once

#include <sqlite3.h>

#include "planner/cp-project.h"
#include "planner/cp-text-limit.h"

G_BEGIN_DECLS

typedef enum {
  CP_FIELD_STRING,     /* char *, may be NULL */
  CP_FIELD_CURRENCY,   /* char[4], ISO 4217 */
  CP_FIELD_DOUBLE,
  CP_FIELD_UINT,
  CP_FIELD_BOOL,
  CP_FIELD_ENUM,       /* int-sized enum stored by its stable string id */
  CP_FIELD_VERIFICATION, /* CpVerification stored as its number */
} CpFieldType;

typedef const char *(*CpEnumToString)   (int value);
typedef gboolean    (*CpEnumFromString) (const char *str, int *out);

typedef struct {
  const char       *column;   /* SQLite column; the GKeyFile key is the same with '-' */
  CpFieldType       type;
  gsize             offset;
  CpEnumToString    to_string;
  CpEnumFromString  from_string;
} CpField;

typedef struct {
  const CpField *fields;
  guint          n_fields;
} CpFieldTable;

extern const CpFieldTable cp_fields_settings;
extern const CpFieldTable cp_fields_job;
extern const CpFieldTable cp_fields_quote;
extern const CpFieldTable cp_fields_model;
extern const CpFieldTable cp_fields_gpu;
extern const CpFieldTable cp_fields_link;

/* Binds one field of @record to parameter @param of @stmt. */
int       cp_field_bind    (const CpField      *field,
                            const void         *record,
                            sqlite3_stmt       *stmt,
                            int                 param);
/* Binds the fields of @record to @stmt from parameter @first_param on. */
int       cp_fields_bind   (const CpFieldTable *table,
                            const void         *record,
                            sqlite3_stmt       *stmt,
                            int                 first_param);
/* Reads the fields into @record from result column @first_column on;
 * FALSE with the offending column name in @bad_column for a value the
 * model has no name for (an unknown enum id). */
gboolean  cp_fields_read   (const CpFieldTable *table,
                            void               *record,
                            sqlite3_stmt       *stmt,
                            int                 first_column,
                            const char        **bad_column);

/* Sets one field from its text form (the GKeyFile and CSV reading); the
 * error names @what (e.g. "job “x”, key tokens"). */
gboolean  cp_field_set_from_string (const CpField *field,
                                    void          *record,
                                    const char    *value,
                                    GError       **error);
/* The text form of a field, round-tripping doubles exactly. */
char     *cp_field_to_string       (const CpField *field,
                                    const void    *record);
const CpField *cp_fields_find      (const CpFieldTable *table,
                                    const char         *column);

/* "a, b, c": the table's columns in order. */
char     *cp_fields_column_list    (const CpFieldTable *table);
/* The same for reading, each text column as CP_FIELDS_SELECT_TEXT: no text
 * is read past CP_TEXT_STORED_MAX_CHARS characters, so a file holding a
 * name of a million characters costs no more memory than one at the
 * limit, and the one character past the limit lets the checks
 * (cp-text-limit.h) report it as too long. */
char     *cp_fields_select_list    (const CpFieldTable *table);
#define CP_FIELDS_SELECT_TEXT(column) \
  "substr(" column ", 1, " G_STRINGIFY (CP_TEXT_STORED_MAX_CHARS) ")"

G_END_DECLS
