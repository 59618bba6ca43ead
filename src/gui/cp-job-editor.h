/* cp-job-editor.h: the form of one job. */
#pragma once

#include <adwaita.h>

#include "planner/cp-project.h"

#include "cp-field-row.h"
#include "cp-picker-row.h"

G_BEGIN_DECLS

#define CP_TYPE_JOB_EDITOR (cp_job_editor_get_type ())

G_DECLARE_FINAL_TYPE (CpJobEditor, cp_job_editor, CP, JOB_EDITOR, AdwBin)

GtkWidget  *cp_job_editor_new     (void);
/* Shows @job of @project (both borrowed) and forgets anything typed. */
void        cp_job_editor_set_job (CpJobEditor *self,
                                   CpProject   *project,
                                   CpJob       *job);
/* Shows values changed elsewhere (undo, a renamed quote) and keeps any
 * text the model refused. */
void        cp_job_editor_reload  (CpJobEditor *self);
CpFieldRow *cp_job_editor_get_row (CpJobEditor *self,
                                   const char  *key);
/* The catalogue picker of the model; entry 0 is "Custom" (or the edited
 * model's name, "LLaMA 7B (edited)"). */
CpPickerRow *cp_job_editor_get_model_row (CpJobEditor *self);
/* What the last kind change set to the new kind's defaults among the
 * values the form showed before and after it ("Training tokens set to 1B,
 * the default for LoRA fine-tuning"), as its toast said; NULL if none. */
const char  *cp_job_editor_get_kind_note (CpJobEditor *self);
/* The picker of the quote a trial run was measured on; entry 0 is "Not
 * measured". */
CpPickerRow *cp_job_editor_get_trial_quote_row (CpJobEditor *self);
/* The job it starts after (for tests, which pick through it). */
CpPickerRow *cp_job_editor_get_after_row (CpJobEditor *self);
/* Replaces the job's trial run with @trial (copied), as a trial log's
 * preview accepted gives it, after the model accepts it; the rows show it
 * and "changed" is emitted with "trial-log". FALSE with @error, the job
 * unchanged, when the model refuses it. */
gboolean     cp_job_editor_apply_trial (CpJobEditor      *self,
                                        const CpTrialRun *trial,
                                        GError          **error);
/* Scrolls the form to the row @key names (a field's key, "model",
 * "trial-quote" or "starts-after"; see ::changed) and puts the keyboard on
 * it, as undo shows the row it changed; nothing for another key. */
void         cp_job_editor_show_row (CpJobEditor *self,
                                     const char  *key);
/* A sentence for the results while fields show refused values ("results
 * use the last valid value …"), or NULL. */
char        *cp_job_editor_dup_error_notice (CpJobEditor *self);

G_END_DECLS
