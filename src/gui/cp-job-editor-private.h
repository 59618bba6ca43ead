/* cp-job-editor-private.h: what the files of CpJobEditor share
 * (cp-job-editor.c, the form's widgets; cp-job-editor-fields.c, the
 * job's fields, the kinds that show them and what a change of kind does
 * to their values). */
#pragma once

#include "planner/cp-job.h"

#include "cp-field-row.h"

G_BEGIN_DECLS

/* The form's groups, in the order they show. */
enum {
  GROUP_JOB,
  GROUP_MODEL,
  GROUP_TRAINING,
  GROUP_INFERENCE,
  GROUP_TEAM,
  GROUP_TRIAL,
  N_GROUPS
};

#define KIND(k) (1u << (k))

/* Every field of the form, in the order the rows and the error notice
 * follow. */
extern const CpField _cp_job_editor_fields[];
extern const guint   _cp_job_editor_n_fields;

/* Sets @field of @job to @value; a dense model's active parameters follow
 * its parameters. */
void     _cp_job_editor_apply_value         (const CpField      *field,
                                             CpJob              *job,
                                             const CpFieldValue *value);
/* Whether the form shows @group (GROUP_*) for a job of @kind. */
gboolean _cp_job_editor_group_shown_for     (guint               group,
                                             CpTaskKind          kind);
/* Whether the form shows @field for a job of @kind. */
gboolean _cp_job_editor_field_shown_for     (const CpField      *field,
                                             CpTaskKind          kind);
/* Gives @job, whose kind was @old_kind, the new kind's defaults where it
 * keeps nothing the user set (@typed_keys, keys of the fields typed);
 * with @all, every field @old_kind hid. */
void     _cp_job_editor_adopt_kind_defaults (CpJob              *job,
                                             CpTaskKind          old_kind,
                                             GHashTable         *typed_keys,
                                             gboolean            all);

G_END_DECLS
