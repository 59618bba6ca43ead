/* cli-job-options.h: the job and quote options of `estimate`, shared with
 * `add-job` and `add-quote` so the three read the same options the same
 * way (the parsing lives in cli-estimate.c). */
#pragma once

#include <glib.h>

#include "planner/cp-project.h"

G_BEGIN_DECLS

typedef struct _CpCliJobOptions CpCliJobOptions;

CpCliJobOptions *cp_cli_job_options_new            (void);
void             cp_cli_job_options_free           (CpCliJobOptions *options);
/* --model … --measured-comm-share: the model, the job, the team, a trial run. */
void             cp_cli_job_options_add_job_entries   (CpCliJobOptions *options,
                                                       GOptionContext  *context);
/* --gpu … --setup-fee: the hardware, the price, the billing rules. */
void             cp_cli_job_options_add_quote_entries (CpCliJobOptions *options,
                                                       GOptionContext  *context);
/* --task into @kind, left as it is when not given. */
gboolean         cp_cli_job_options_read_task      (CpCliJobOptions *options,
                                                    CpTaskKind      *kind);
/* Onto a job already initialised for its kind. @project (may be NULL)
 * lends its own models; with a project the team and trial options apply
 * too (estimate reads them with its quote). */
gboolean         cp_cli_job_options_apply_to_job   (CpCliJobOptions *options,
                                                    const CpProject *project,
                                                    CpJob           *job);
/* Whether the options say the team's experience (--distributed-experience,
 * --ops-engineer or --team-stated): without them add-job keeps the team it
 * took from the job before, and edit-job the job's own. */
gboolean         cp_cli_job_options_state_team     (const CpCliJobOptions *options);
/* Onto @job of @project as it is: only what the options give changes
 * (the model only when --model, --params or an architecture option is
 * given); --task is refused, a job keeps its kind. */
gboolean         cp_cli_job_options_apply_edits    (CpCliJobOptions *options,
                                                    const CpProject *project,
                                                    CpJob           *job);
/* Onto an initialised quote; @nodes gets --nodes. */
gboolean         cp_cli_job_options_apply_to_quote (CpCliJobOptions *options,
                                                    const CpProject *project,
                                                    CpQuote         *quote,
                                                    guint           *nodes);
/* Onto @quote of @project as it is: only what the options give changes
 * (--gpu: the GPU and, unless --intra-link says, its link). */
gboolean         cp_cli_job_options_apply_quote_edits (CpCliJobOptions *options,
                                                       const CpProject *project,
                                                       CpQuote         *quote);
/* A job's trial measurements were taken on one node of @quote; FALSE,
 * said on stderr, for figures no node of it can have measured. */
gboolean         cp_cli_job_bind_trial             (CpJob           *job,
                                                    const CpQuote   *quote);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpCliJobOptions, cp_cli_job_options_free)

G_END_DECLS
