/* cp-field-row.h: one editable field of a job or a quote.
 *
 * A row is described by a static CpField (title, unit, storage type and
 * offset in the record). When Enter is pressed or the focus leaves the
 * entry, the row parses what was typed ("7B", "400G", "12.5 元/小时"), hands
 * the value to its owner, which validates it against the model, and shows
 * the owner's message under the title when the value is refused, without
 * the field's name that the model puts in front of it. The text
 * typed stays in the entry either way; Escape brings back the record's.
 */
#pragma once

#include <adwaita.h>

#include "planner/cp-types.h"
#include "planner/cp-units.h"

#include "cp-form.h"

G_BEGIN_DECLS

typedef enum {
  CP_FIELD_TEXT,       /* char * */
  CP_FIELD_CURRENCY,   /* char[4], ISO 4217 */
  CP_FIELD_COUNT,      /* double, SI suffixes: 7B, 2T */
  CP_FIELD_UINT,       /* guint, SI suffixes accepted, whole numbers only */
  CP_FIELD_DOUBLE,     /* double */
  CP_FIELD_BYTES,      /* double: 80GB, 80 GiB */
  CP_FIELD_PRICE,      /* double, with an optional unit and currency */
  CP_FIELD_BOOL,       /* gboolean */
  CP_FIELD_ENUM,       /* an enum stored as int */
} CpFieldKind;

/* The label, in the UI's language, of value @index of an enum field. */
typedef const char *(*CpFieldChoiceFunc) (int index);

typedef struct {
  const char         *key;       /* widget name, stable */
  const char         *title;     /* N_() */
  const char         *hint;      /* N_() or NULL, shown under the title */
  const char         *unit;      /* N_() or NULL, shown beside the value */
  CpFieldKind         kind;
  gsize               offset;    /* in the record */
  CpFieldChoiceFunc   choice;    /* label of each enum value */
  int                 n_choices;
  guint               group;     /* the owner's group index */
  guint               kinds;     /* job kinds showing it (bit per CpTaskKind); 0: all */
  gboolean            advanced;  /* inside the group's expander */
  gboolean            money;     /* the unit is prefixed by the currency */
  /* N_() or NULL: a number field whose 0 leaves the value to the planner
   * shows it as an empty entry with this placeholder ("Automatic"), and an
   * empty entry commits 0. */
  const char         *automatic;
  /* N_(): the name the model's checks give the field ("Nodes" for "Nodes
   * available"), when it is not the title; NULL when it is. */
  const char         *model_name;
  /* CP_FIELD_BYTES: the bytes a number typed without a unit counts (a GiB
   * for a host's RAM), the value shown as a number of them beside @unit;
   * 0: plain bytes, the value shown with its unit. */
  double              unit_bytes;
  /* CP_FIELD_UINT: what it counts, so that "8卡" (GPUs) or "2台"
   * (machines) is read, and a count of the other refused
   * (cp_parse_count_of()); NONE: a plain number. */
  CpPriceSubject      counts;
  /* CP_FIELD_DOUBLE in hours: "2周", "两周", "3个月" are read too
   * (cp_parse_duration_h()), a month being the owner's hours per month
   * (cp_field_row_set_hours_per_month()). */
  gboolean            duration;
  /* CP_FIELD_DOUBLE holding a fraction, typed and shown as a percentage
   * ("10" or "10%" is 0.10). */
  gboolean            percent;
  /* CP_FIELD_DOUBLE typed and shown in a larger unit than the record's,
   * that many shown per stored (1e6: a rate per GPU-hour typed per
   * million GPU-hours, where 1.97e-5 reads 19.7); 0: as stored. */
  double              shown_per_stored;
} CpField;

typedef struct {
  double       number;
  const char  *text;
  gboolean     boolean;
  int          index;
  CpPriceText  price;        /* CP_FIELD_PRICE: as typed, its unit unconverted */
  char         currency[4];
} CpFieldValue;

/* Stores @value into @record at the field's offset. */
void     cp_field_apply   (const CpField      *field,
                           gpointer            record,
                           const CpFieldValue *value);

/* Whether @field holds the same value in records @a and @b; a price is
 * compared by its number alone (its owner compares what goes with it). */
gboolean cp_field_same_value (const CpField *field,
                              gconstpointer  a,
                              gconstpointer  b);

/* Validates and stores the value; returns FALSE with a message when the
 * model cannot use it. */
typedef gboolean (*CpFieldCommitFunc) (gpointer            user_data,
                                       const CpField      *field,
                                       const CpFieldValue *value,
                                       GError            **error);

#define CP_TYPE_FIELD_ROW (cp_field_row_get_type ())

G_DECLARE_FINAL_TYPE (CpFieldRow, cp_field_row, CP, FIELD_ROW, AdwActionRow)

CpFieldRow    *cp_field_row_new          (const CpField     *field,
                                          CpFieldCommitFunc  commit,
                                          gpointer           user_data);
const CpField *cp_field_row_get_field    (CpFieldRow        *self);
/* Shows the value held in @record. With @reset FALSE, a row whose text is
 * refused or already means the same value keeps what was typed. */
void           cp_field_row_load         (CpFieldRow        *self,
                                          gconstpointer      record,
                                          gboolean           reset);
void           cp_field_row_set_currency (CpFieldRow        *self,
                                          const char        *currency);
/* Shows @unit (already translated) beside the value instead of the
 * field's own, for a unit that depends on the project's settings; NULL
 * goes back to the field's. */
void           cp_field_row_set_unit     (CpFieldRow        *self,
                                          const char        *unit);
/* The hours a month is for a duration field ("3个月"). */
void           cp_field_row_set_hours_per_month (CpFieldRow *self,
                                                 double      hours_per_month);
/* Shows @hint (already translated) under the title instead of the
 * field's own, for a hint that depends on the record; NULL goes back to
 * the field's. */
void           cp_field_row_set_hint     (CpFieldRow        *self,
                                          const char        *hint);
/* Commits text typed and not yet committed (no Enter, the focus still in
 * the entry), as Enter would; nothing when there is none. */
void           cp_field_row_commit_edit  (CpFieldRow        *self);
/* The message shown for a refused value, or NULL. */
const char    *cp_field_row_get_error    (CpFieldRow        *self);
/* The widget the user types into or toggles (GtkEditable, GtkSwitch or
 * GtkDropDown). */
GtkWidget     *cp_field_row_get_input    (CpFieldRow        *self);
/* The value the record holds, as the entry would show it (the last valid
 * one while the entry shows a refused text; the placeholder, such as
 * "Automatic", for a value left to the planner), or NULL for a switch or
 * a drop-down. */
char          *cp_field_row_dup_value_text (CpFieldRow      *self);
/* One line per visible row of @rows showing a refused value, naming the
 * field, whose it is (@owner, a quote's name; NULL to name none) and the
 * value the results still use; NULL when there is none. */
char          *cp_field_row_describe_errors (CpFieldRow * const *rows,
                                             guint               n_rows,
                                             const char         *owner);

/* At least @lines lines of the row's hint, whatever it says: a hint that
 * changes (the price's reading, or its warning) leaves the rows below
 * where they were. */
void           cp_field_row_keep_hint_lines (CpFieldRow     *self,
                                             int             lines);

G_END_DECLS
