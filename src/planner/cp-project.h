/* cp-project.h: everything a project file holds, as plain data.
 *
 * The store (src/store/) reads and writes it; the window wraps its jobs and
 * quotes in GObjects; reports and the command-line tool read it.
 */
#pragma once

#include "cp-catalog.h"
#include "cp-job.h"
#include "cp-quote.h"
#include "cp-settings.h"
#include "cp-plan.h"

G_BEGIN_DECLS

typedef struct {
  char       *name;
  char       *report_language;   /* "en" or "zh_CN" */
  /* Sign-off of the report: names as the team writes them, and the day
   * of the approval as YYYY-MM-DD; empty: not signed yet. */
  char       *prepared_by;
  char       *reviewed_by;
  char       *approved_by;
  char       *signed_on;
  /* The first day of the project's calendar, YYYY-MM-DD; empty: the day
   * the report is made (cp-schedule.h). */
  char       *start_date;
  /* What the team has for the project, in the settings' currency, as the
   * lead states it ("we have 200,000 CNY"); the memo says whether the
   * amount to approve fits in it. 0: not stated. */
  double      budget;
  CpSettings  settings;
  GPtrArray  *jobs;              /* CpJob*, owned, in the user's order */
  GPtrArray  *quotes;            /* CpQuote*, owned, in the user's order */
  CpCatalog  *custom;            /* the project's own models, GPUs and links */
} CpProject;

CpProject *cp_project_new   (void);
void       cp_project_free  (CpProject *project);
CpProject *cp_project_copy  (const CpProject *project);
/* Takes ownership of @job / @quote. */
void       cp_project_add_job   (CpProject *project, CpJob *job);
void       cp_project_add_quote (CpProject *project, CpQuote *quote);
/* Removes and frees job @job_index. A job that started after it starts
 * with the project instead: its order would name a job that no longer
 * exists. Returns how many jobs changed so. */
guint      cp_project_remove_job (CpProject *project, guint job_index);
/* Catalogue lookups: the project's own entries first, then the built-in. */
const CpModelSpec *cp_project_find_model (const CpProject *project, const char *id);
const CpGpuSpec   *cp_project_find_gpu   (const CpProject *project, const char *id);
const CpLinkSpec  *cp_project_find_link  (const CpProject *project, const char *id);
/* A plan for job @job_index over all quotes. */
CpPlan    *cp_project_plan_job (const CpProject *project, guint job_index);
/* The same in two steps (cp_plan_new_without_robustness()): @plan is the
 * first step's, for the same job of the same, unchanged project. */
CpPlan    *cp_project_plan_job_without_robustness (const CpProject *project, guint job_index);
/* The same after a change of some quotes alone (cp_plan_new_reusing()). */
CpPlan    *cp_project_plan_job_reusing (const CpProject *project, guint job_index,
                                        const CpPlan *earlier, const gboolean *unchanged);
void       cp_project_plan_add_robustness         (const CpProject *project, guint job_index, CpPlan *plan);
/* The project's name, sign-off names and dates within their limits
 * (cp-text-limit.h); its jobs and quotes are checked with their own. */
gboolean   cp_project_validate_text (const CpProject *project, GError **error);
/* What the plan cannot use, as sentences for people (GPtrArray of
 * char *): the project's text over its limits, each job that fails
 * cp_job_validate() and each quote that fails cp_quote_validate_figures()
 * (a quote still missing its price or network is incomplete, not
 * invalid). A stored figure out of range (a negative price written into
 * the file by another program) left a quote out of every plan without a
 * word; the window, the command line and the report say these. */
GPtrArray *cp_project_find_problems (const CpProject *project);
/* Whether the team stated a budget the reports can compare with: an
 * amount above 0 (CpProject.budget). */
gboolean   cp_project_has_budget (const CpProject *project);
/* Fresh unique id ("job-3", "quote-12") for a new entry. */
char      *cp_project_new_id   (const CpProject *project, const char *prefix);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpProject, cp_project_free)

G_END_DECLS
