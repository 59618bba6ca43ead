/* cp-report-xml-private.h: the field tables that drive both writing the
 * XML report (cp-report-xml.c) and reading it back (cp-report-xml-read.c),
 * defined in cp-report-xml-fields.c; private to the report library. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Field tables: one description of each record drives writing and
 * reading, and data/report/compute-planner-report.xsd lists the same
 * elements in the same order. */

typedef enum {
  FIELD_STRING,        /* char *, omitted when NULL */
  FIELD_CURRENCY,      /* char[4] */
  FIELD_DOUBLE,
  FIELD_UINT,
  FIELD_BOOL,          /* gboolean */
  FIELD_ENUM,          /* int-sized enum, by its stable id */
  FIELD_MONEY,         /* double in the record's currency */
  FIELD_COST,          /* money the plan computed, written as the PDF prints
                        * it (cp_i18n_money_shown()); never read back */
  FIELD_RECORD,        /* a nested record */
  FIELD_INLINE,        /* a part of the record (a CpLayout) at its offset, its
                        * fields written among this record's own */
} FieldType;

typedef struct {
  const char *(*to_string)   (int value);
  gboolean    (*from_string) (const char *str, int *out);
} EnumNames;

typedef struct _FieldTable FieldTable;

typedef struct {
  const char       *name;
  FieldType         type;
  gsize             offset;
  const char       *unit;
  const EnumNames  *names;
  const FieldTable *record;
} Field;

struct _FieldTable {
  const char  *name;
  const Field *fields;
  guint        n_fields;
};


extern const FieldTable cp_report_xml_estimate_table;
extern const FieldTable cp_report_xml_gpu_table;
extern const FieldTable cp_report_xml_job_table;
extern const FieldTable cp_report_xml_layout_table;
extern const FieldTable cp_report_xml_link_table;
extern const FieldTable cp_report_xml_model_table;
extern const FieldTable cp_report_xml_quote_table;
extern const FieldTable cp_report_xml_range_table;
extern const FieldTable cp_report_xml_runner_up_table;
extern const FieldTable cp_report_xml_settings_table;
extern const FieldTable cp_report_xml_trial_table;

G_END_DECLS
