/* cp-project-analysis.c: plans, robustness and sweeps kept per job until
 * their inputs change (cp-project-analysis.h).
 *
 * A change is found by comparing the inputs with copies of them taken
 * when they were planned, not by being told: every front end edits the
 * project in place its own way, and a caller that forgot to say what it
 * changed would be shown an old verdict. Each struct is compared as bytes
 * with its strings set aside and compared as text; a field added later is
 * so compared too, and a new string field, copied apart, makes its record
 * read as changed (planned again, never stale).
 */
#include "cp-project-analysis.h"
#include "cp-what-if.h"

#include <string.h>
#include <time.h>

/* The calling thread's CPU time: what a plan costs, whatever else the
 * machine runs meanwhile. */
static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time ();
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

typedef struct {
  CpJob   *planned;     /* a snapshot of the job as planned, or NULL: nothing kept */
  CpPlan  *plan;
  gboolean has_robustness;
  CpSweep *sweep;
  GArray  *one_node;    /* OneNode per quote, or NULL: none asked for */
  GArray  *what_if;     /* CpWhatIf of the full plan, or NULL: not asked for */
  gint64   plan_cost_us; /* how long the last plan took, or -1: none made; kept across changes */
  /* After a change of quotes alone: the plan before it, and per quote
   * whether it is still the one that plan read (cp_plan_new_reusing());
   * after a plan stopped for time, the options it made and their quotes
   * (keep_partial_plan()); else NULL. */
  CpPlan  *earlier_plan;
  GArray  *unchanged_quotes;
  /* The job before it whose cluster run the plan counts the team's move
   * to a cluster from (cp_project_cluster_learned_from()), or -1: none;
   * decided when the job is planned, and kept with the plan before it. */
  int      learned_from;
} JobEntry;

typedef struct {
  gboolean   made;
  gboolean   estimated;
  CpEstimate estimate;
} OneNode;

struct _CpProjectAnalysis
{
  const CpProject *project;       /* borrowed */
  guint            sweep_max_points;
  GArray          *jobs;          /* JobEntry, one per job of project */
  GPtrArray       *planned_quotes; /* CpQuote*, copies of the quotes every entry was planned with */
  CpSettings       planned_settings;
  gboolean         has_planned_inputs;
  guint            generation;
  CpSchedule      *schedule;      /* of every job's full plan, or NULL: not made since the last change */
  CpScheduleFallback *fallback;   /* of schedule, or NULL: none */
};

/* A record (a job or a quote) is its bytes and the strings they point
 * to. The strings' places, for comparing them as text. */
typedef struct {
  gsize        size;
  const gsize *string_offsets;
  guint        n_strings;
} RecordKind;

static const gsize job_string_offsets[] = {
  G_STRUCT_OFFSET (CpJob, id), G_STRUCT_OFFSET (CpJob, name), G_STRUCT_OFFSET (CpJob, notes),
  G_STRUCT_OFFSET (CpJob, after_job_id), G_STRUCT_OFFSET (CpJob, trial.quote_id),
  G_STRUCT_OFFSET (CpJob, model.id), G_STRUCT_OFFSET (CpJob, model.name), G_STRUCT_OFFSET (CpJob, model.source),
};
static const RecordKind job_kind = { sizeof (CpJob), job_string_offsets, G_N_ELEMENTS (job_string_offsets) };

static const gsize quote_string_offsets[] = {
  G_STRUCT_OFFSET (CpQuote, id), G_STRUCT_OFFSET (CpQuote, vendor), G_STRUCT_OFFSET (CpQuote, offer_name),
  G_STRUCT_OFFSET (CpQuote, gpu.id), G_STRUCT_OFFSET (CpQuote, gpu.name),
  G_STRUCT_OFFSET (CpQuote, gpu.default_intra_link), G_STRUCT_OFFSET (CpQuote, gpu.source),
  G_STRUCT_OFFSET (CpQuote, intra_link.id), G_STRUCT_OFFSET (CpQuote, intra_link.name),
  G_STRUCT_OFFSET (CpQuote, intra_link.source), G_STRUCT_OFFSET (CpQuote, valid_until),
  G_STRUCT_OFFSET (CpQuote, notes),
};
static const RecordKind quote_kind = { sizeof (CpQuote), quote_string_offsets, G_N_ELEMENTS (quote_string_offsets) };

static char **
record_string (gconstpointer record,
               gsize         offset)
{
  return (char **) ((const guint8 *) record + offset);
}

static gboolean
record_equal (const RecordKind *kind,
              gconstpointer     a,
              gconstpointer     b)
{
  g_autofree guint8 *bytes_a = NULL;
  g_autofree guint8 *bytes_b = NULL;

  for (guint i = 0; i < kind->n_strings; i++)
    if (g_strcmp0 (*record_string (a, kind->string_offsets[i]), *record_string (b, kind->string_offsets[i])) != 0)
      return FALSE;
  bytes_a = g_memdup2 (a, kind->size);
  bytes_b = g_memdup2 (b, kind->size);
  for (guint i = 0; i < kind->n_strings; i++)
    *record_string (bytes_a, kind->string_offsets[i]) = *record_string (bytes_b, kind->string_offsets[i]) = NULL;
  return memcmp (bytes_a, bytes_b, kind->size) == 0;
}

/* A byte copy with its own strings: compared with record_equal() it
 * equals the record until the record changes. */
static gpointer
record_snapshot (const RecordKind *kind,
                 gconstpointer     record)
{
  gpointer copy = g_memdup2 (record, kind->size);

  for (guint i = 0; i < kind->n_strings; i++)
    *record_string (copy, kind->string_offsets[i]) = g_strdup (*record_string (record, kind->string_offsets[i]));
  return copy;
}

static void
record_snapshot_free (const RecordKind *kind,
                      gpointer          copy)
{
  for (guint i = 0; i < kind->n_strings; i++)
    g_free (*record_string (copy, kind->string_offsets[i]));
  g_free (copy);
}

static void
job_snapshot_free (gpointer copy)
{
  record_snapshot_free (&job_kind, copy);
}

static void
quote_snapshot_free (gpointer copy)
{
  record_snapshot_free (&quote_kind, copy);
}

static void
job_entry_clear (gpointer data)
{
  JobEntry *entry = data;

  g_clear_pointer (&entry->planned, job_snapshot_free);
  g_clear_pointer (&entry->plan, cp_plan_free);
  g_clear_pointer (&entry->sweep, cp_sweep_free);
  g_clear_pointer (&entry->one_node, g_array_unref);
  g_clear_pointer (&entry->what_if, g_array_unref);
  g_clear_pointer (&entry->earlier_plan, cp_plan_free);
  g_clear_pointer (&entry->unchanged_quotes, g_array_unref);
  entry->has_robustness = FALSE;
  entry->learned_from = -1;
}

/* Per quote, whether @project's is the one kept from the last plans, or
 * NULL when the settings or the number of quotes changed (every option
 * is then worked out again). Called before take_shared_inputs(). */
static GArray *
compare_quotes (CpProjectAnalysis *analysis,
                const CpProject   *project)
{
  GArray *unchanged;

  if (!analysis->has_planned_inputs ||
      memcmp (&analysis->planned_settings, &project->settings, sizeof project->settings) != 0 ||
      analysis->planned_quotes->len != project->quotes->len)
    return NULL;
  unchanged = g_array_sized_new (FALSE, FALSE, sizeof (gboolean), project->quotes->len);
  for (guint i = 0; i < project->quotes->len; i++)
    {
      gboolean same = record_equal (&quote_kind, g_ptr_array_index (analysis->planned_quotes, i),
                                    g_ptr_array_index (project->quotes, i));

      g_array_append_val (unchanged, same);
    }
  return unchanged;
}

/* The job of @entry is as planned and only quotes changed (@unchanged):
 * its plan is kept to plan it again from (with the quotes unchanged
 * since the plan kept, if one was kept already), the rest dropped. */
static void
keep_earlier_plan (JobEntry     *entry,
                   const GArray *unchanged)
{
  CpJob *planned = g_steal_pointer (&entry->planned);
  CpPlan *earlier = g_steal_pointer (&entry->plan);
  g_autoptr(GArray) unchanged_before = g_steal_pointer (&entry->unchanged_quotes);
  gint64 cost_us = entry->plan_cost_us;
  int learned_from = entry->learned_from;

  if (earlier == NULL)
    {
      earlier = g_steal_pointer (&entry->earlier_plan);
      for (guint i = 0; earlier != NULL && i < unchanged->len; i++)
        g_array_index (unchanged_before, gboolean, i) &= g_array_index (unchanged, gboolean, i);
    }
  else
    g_clear_pointer (&unchanged_before, g_array_unref);
  job_entry_clear (entry);
  entry->plan_cost_us = cost_us;
  if (earlier == NULL)
    {
      job_snapshot_free (planned);
      return;
    }
  /* Still compared with the job at the next change. */
  entry->planned = planned;
  entry->earlier_plan = earlier;
  entry->learned_from = learned_from;
  entry->unchanged_quotes = unchanged_before != NULL ? g_steal_pointer (&unchanged_before)
                                                     : g_array_copy ((GArray *) unchanged);
}

/* The options made for @entry's job before its plan was stopped
 * (cp_plan_new_until()): @partial, kept as the plan before it with their
 * quotes as unchanged, which the plan is finished from. */
static void
keep_partial_plan (JobEntry *entry,
                   CpPlan   *partial,
                   guint     n_quotes)
{
  g_clear_pointer (&entry->earlier_plan, cp_plan_free);
  g_clear_pointer (&entry->unchanged_quotes, g_array_unref);
  entry->earlier_plan = partial;
  entry->unchanged_quotes = g_array_new (FALSE, TRUE, sizeof (gboolean));
  g_array_set_size (entry->unchanged_quotes, n_quotes);
  for (guint i = 0; i < partial->options->len; i++)
    g_array_index (entry->unchanged_quotes, gboolean, g_array_index (partial->options, CpOption, i).quote_index) = TRUE;
}

/* Whether the quotes and settings are those every kept result was
 * planned with. */
static gboolean
same_shared_inputs (CpProjectAnalysis *analysis,
                    const CpProject   *project)
{
  if (!analysis->has_planned_inputs)
    return FALSE;
  if (memcmp (&analysis->planned_settings, &project->settings, sizeof project->settings) != 0 ||
      analysis->planned_quotes->len != project->quotes->len)
    return FALSE;
  for (guint i = 0; i < project->quotes->len; i++)
    if (!record_equal (&quote_kind, g_ptr_array_index (analysis->planned_quotes, i),
                       g_ptr_array_index (project->quotes, i)))
      return FALSE;
  return TRUE;
}

static void
take_shared_inputs (CpProjectAnalysis *analysis,
                    const CpProject   *project)
{
  g_ptr_array_set_size (analysis->planned_quotes, 0);
  for (guint i = 0; i < project->quotes->len; i++)
    g_ptr_array_add (analysis->planned_quotes, record_snapshot (&quote_kind, g_ptr_array_index (project->quotes, i)));
  memcpy (&analysis->planned_settings, &project->settings, sizeof project->settings);
  analysis->has_planned_inputs = TRUE;
}

CpProjectAnalysis *
cp_project_analysis_new (const CpProject *project,
                         guint            sweep_max_points)
{
  CpProjectAnalysis *analysis;

  g_return_val_if_fail (project != NULL, NULL);

  analysis = g_rc_box_new0 (CpProjectAnalysis);
  analysis->sweep_max_points = sweep_max_points;
  analysis->jobs = g_array_new (FALSE, TRUE, sizeof (JobEntry));
  g_array_set_clear_func (analysis->jobs, job_entry_clear);
  analysis->planned_quotes = g_ptr_array_new_with_free_func (quote_snapshot_free);
  cp_project_analysis_update (analysis, project);
  return analysis;
}

static void
analysis_clear (gpointer data)
{
  CpProjectAnalysis *analysis = data;

  g_array_unref (analysis->jobs);
  g_ptr_array_unref (analysis->planned_quotes);
  g_clear_pointer (&analysis->schedule, cp_schedule_free);
  g_clear_pointer (&analysis->fallback, cp_schedule_fallback_free);
}

void
cp_project_analysis_free (CpProjectAnalysis *analysis)
{
  /* Owned by one: a box only for its clear function. */
  if (analysis != NULL)
    g_rc_box_release_full (analysis, analysis_clear);
}

/* @entry's results, each its own copy. */
static void
job_entry_copy (const JobEntry *entry,
                JobEntry       *copy)
{
  copy->planned = entry->planned != NULL ? record_snapshot (&job_kind, entry->planned) : NULL;
  copy->plan = entry->plan != NULL ? cp_plan_copy (entry->plan) : NULL;
  copy->has_robustness = entry->has_robustness;
  copy->sweep = entry->sweep != NULL ? cp_sweep_copy (entry->sweep) : NULL;
  /* OneNode and CpWhatIf hold no pointers. */
  copy->one_node = entry->one_node != NULL ? g_array_copy (entry->one_node) : NULL;
  copy->what_if = entry->what_if != NULL ? g_array_copy (entry->what_if) : NULL;
  copy->plan_cost_us = entry->plan_cost_us;
  copy->earlier_plan = entry->earlier_plan != NULL ? cp_plan_copy (entry->earlier_plan) : NULL;
  copy->unchanged_quotes = entry->unchanged_quotes != NULL ? g_array_copy (entry->unchanged_quotes) : NULL;
  copy->learned_from = entry->learned_from;
}

CpProjectAnalysis *
cp_project_analysis_copy (CpProjectAnalysis *analysis,
                          const CpProject   *project)
{
  CpProjectAnalysis *copy;

  g_return_val_if_fail (analysis != NULL && project != NULL, NULL);

  copy = g_rc_box_new0 (CpProjectAnalysis);
  copy->sweep_max_points = analysis->sweep_max_points;
  copy->jobs = g_array_new (FALSE, TRUE, sizeof (JobEntry));
  g_array_set_clear_func (copy->jobs, job_entry_clear);
  g_array_set_size (copy->jobs, analysis->jobs->len);
  for (guint j = 0; j < analysis->jobs->len; j++)
    job_entry_copy (&g_array_index (analysis->jobs, JobEntry, j), &g_array_index (copy->jobs, JobEntry, j));
  copy->planned_quotes = g_ptr_array_new_full (analysis->planned_quotes->len, quote_snapshot_free);
  for (guint i = 0; i < analysis->planned_quotes->len; i++)
    g_ptr_array_add (copy->planned_quotes,
                     record_snapshot (&quote_kind, g_ptr_array_index (analysis->planned_quotes, i)));
  copy->planned_settings = analysis->planned_settings;
  copy->has_planned_inputs = analysis->has_planned_inputs;
  copy->generation = analysis->generation;
  /* The calendar is made again from the plans: it is cheap beside them,
   * and the copy's project may start on another day. */
  cp_project_analysis_update (copy, project);
  return copy;
}

/* Whether job @job_index starts after a job marked in @dropped, through
 * the jobs it starts after. */
static gboolean
follows_dropped (const CpProject *project,
                 guint            job_index,
                 const gboolean  *dropped)
{
  int at = cp_project_find_job (project, ((const CpJob *) g_ptr_array_index (project->jobs, job_index))->after_job_id);

  for (guint steps = 0; at >= 0 && steps < project->jobs->len; steps++)
    {
      if (dropped[at])
        return TRUE;
      at = cp_project_find_job (project, ((const CpJob *) g_ptr_array_index (project->jobs, at))->after_job_id);
    }
  return FALSE;
}

guint
cp_project_analysis_update (CpProjectAnalysis *analysis,
                            const CpProject   *project)
{
  gboolean same_shared;
  gboolean changed;
  guint dropped = 0;
  g_autoptr(GArray) unchanged_quotes = NULL;
  g_autofree gboolean *dropped_job = g_new0 (gboolean, MAX (project->jobs->len, 1));

  g_return_val_if_fail (analysis != NULL && project != NULL, 0);

  analysis->project = project;
  same_shared = same_shared_inputs (analysis, project);
  if (!same_shared)
    {
      unchanged_quotes = compare_quotes (analysis, project);
      take_shared_inputs (analysis, project);
    }

  for (guint j = project->jobs->len; j < analysis->jobs->len; j++)
    if (g_array_index (analysis->jobs, JobEntry, j).planned != NULL)
      dropped++;
  /* A job added or deleted moves what an index names. */
  changed = project->jobs->len != analysis->jobs->len;
  {
    guint old_len = analysis->jobs->len;

    g_array_set_size (analysis->jobs, project->jobs->len);
    for (guint j = old_len; j < project->jobs->len; j++)
      {
        g_array_index (analysis->jobs, JobEntry, j).plan_cost_us = -1;
        g_array_index (analysis->jobs, JobEntry, j).learned_from = -1;
      }
  }
  for (guint j = 0; j < project->jobs->len; j++)
    {
      JobEntry *entry = &g_array_index (analysis->jobs, JobEntry, j);
      gboolean job_same;

      /* Nothing kept: nothing handed out for this job either. */
      if (entry->planned == NULL)
        continue;
      job_same = !changed && record_equal (&job_kind, entry->planned, g_ptr_array_index (project->jobs, j));
      if (same_shared && job_same)
        continue;
      if (job_same && unchanged_quotes != NULL)
        keep_earlier_plan (entry, unchanged_quotes);
      else
        {
          gint64 cost_us = entry->plan_cost_us;

          job_entry_clear (entry);
          entry->plan_cost_us = cost_us;
        }
      dropped_job[j] = TRUE;
      dropped++;
    }
  /* A job after one a change touched is planned again: the move to a
   * cluster it counts from that one may have changed with it
   * (cp_project_cluster_learned_from()). */
  for (guint j = 0; j < project->jobs->len; j++)
    {
      JobEntry *entry = &g_array_index (analysis->jobs, JobEntry, j);

      if (entry->planned != NULL && !dropped_job[j] && follows_dropped (project, j, dropped_job))
        {
          gint64 cost_us = entry->plan_cost_us;

          job_entry_clear (entry);
          entry->plan_cost_us = cost_us;
          dropped_job[j] = TRUE;
          dropped++;
        }
    }
  /* Quotes or settings changed start a new generation even when no plan
   * was kept: a plan still being made from the old ones must not be kept
   * as of the new, and words worded from the quotes alone (the results'
   * incomplete quotes) are worded again. */
  if (changed || dropped > 0 || !same_shared)
    {
      analysis->generation++;
      g_clear_pointer (&analysis->schedule, cp_schedule_free);
      g_clear_pointer (&analysis->fallback, cp_schedule_fallback_free);
    }
  return dropped;
}

const CpProject *
cp_project_analysis_get_project (CpProjectAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, NULL);

  return analysis->project;
}

/* Job @job_index's entry, its inputs kept from now on; NULL for a job
 * the project does not have. */
static JobEntry *
job_entry (CpProjectAnalysis *analysis,
           guint              job_index)
{
  JobEntry *entry;

  g_return_val_if_fail (analysis != NULL && job_index < analysis->jobs->len, NULL);

  entry = &g_array_index (analysis->jobs, JobEntry, job_index);
  if (entry->planned == NULL)
    entry->planned = record_snapshot (&job_kind, g_ptr_array_index (analysis->project->jobs, job_index));
  return entry;
}

const CpPlan *
cp_project_analysis_peek_plan (CpProjectAnalysis *analysis,
                               guint              job_index)
{
  g_return_val_if_fail (analysis != NULL && job_index < analysis->jobs->len, NULL);

  return g_array_index (analysis->jobs, JobEntry, job_index).plan;
}

/* The job before job @job_index whose cluster run its plan counts the
 * team's move to a cluster from (cp_project_cluster_learned_from()), from
 * the plans the analysis has; @waiting_job: the first of those jobs
 * without a plan yet, whose plan the answer waits for, or -1. */
static int
learned_from (CpProjectAnalysis *analysis,
              guint              job_index,
              int               *waiting_job)
{
  const CpProject *project = analysis->project;
  g_autofree CpPlan **plans = g_new0 (CpPlan *, MAX (project->jobs->len, 1));

  for (guint j = 0; j < project->jobs->len; j++)
    plans[j] = g_array_index (analysis->jobs, JobEntry, j).plan;
  return cp_project_cluster_learned_from (project, plans, job_index, waiting_job);
}

/* On @project, a copy of the analysis's: job @job_index's team has moved
 * to a cluster in job @learned_from_job (-1: nowhere), so that the plan,
 * its robustness, what would change it and its sweep count no migration
 * for it (R8, once per team: walk41 F7). */
static void
apply_learned (CpProject *project,
               guint      job_index,
               int        learned_from_job)
{
  if (learned_from_job >= 0)
    {
      CpJob *job = g_ptr_array_index (project->jobs, job_index);

      job->team_has_distributed_experience = TRUE;
      job->team_experience_from_job = learned_from_job;
    }
}

/* The project job @job_index is planned in: the analysis's, or, when the
 * team learnt the move to a cluster in an earlier job, a copy that says
 * so (apply_learned()), set in @copy for the caller to free. */
static const CpProject *
project_as_planned (CpProjectAnalysis *analysis,
                    guint              job_index,
                    int                learned_from_job,
                    CpProject        **copy)
{
  *copy = NULL;
  if (learned_from_job < 0)
    return analysis->project;
  *copy = cp_project_copy (analysis->project);
  apply_learned (*copy, job_index, learned_from_job);
  return *copy;
}

/* Decides for job @job_index what the team learnt before it, from the
 * plans of the jobs it starts after (which must be there): a plan before
 * it made with another answer is not planned again from. */
static void
decide_learned (CpProjectAnalysis *analysis,
                JobEntry          *entry,
                int                learned)
{
  if (entry->earlier_plan != NULL && entry->learned_from != learned)
    {
      g_clear_pointer (&entry->earlier_plan, cp_plan_free);
      g_clear_pointer (&entry->unchanged_quotes, g_array_unref);
    }
  entry->learned_from = learned;
}

static gboolean
past_cpu_time (gpointer user_data)
{
  return thread_cpu_us () > *(const gint64 *) user_data;
}

/* Job @job_index's plan, from the plan before it where the change left
 * quotes as they were; with @budget_us at 0 or more, made only if this
 * thread gets it done within that much CPU time, else NULL, and the
 * options made by then are kept as the plan before it, for the order that
 * finishes it on a worker (cp_project_analysis_order_plan()). */
static const CpPlan *
make_plan (CpProjectAnalysis *analysis,
           guint              job_index,
           gint64             budget_us)
{
  const CpProject *project;
  g_autoptr(CpProject) learned_copy = NULL;
  JobEntry *entry = job_entry (analysis, job_index);
  g_autofree CpQuote *quotes = NULL;
  gint64 start_us;
  gint64 stop_us;
  CpPlan *partial = NULL;
  int learned, waiting_job;

  if (entry == NULL || entry->plan != NULL)
    return entry != NULL ? entry->plan : NULL;
  /* The jobs it starts after first: what the team learnt there is an
   * input of its plan. Their plans are made within the same budget. */
  while ((learned = learned_from (analysis, job_index, &waiting_job)) < 0 && waiting_job >= 0)
    if (make_plan (analysis, (guint) waiting_job, budget_us) == NULL)
      return NULL;
  /* Planning them may have grown nothing here, but read it again. */
  entry = &g_array_index (analysis->jobs, JobEntry, job_index);
  decide_learned (analysis, entry, learned);
  project = project_as_planned (analysis, job_index, learned, &learned_copy);
  start_us = thread_cpu_us ();
  stop_us = start_us + budget_us;
  /* A job known to be heavy goes to the worker at once, unless what is
   * kept plans it from the plan before (a quote's price edited). */
  if (budget_us >= 0 && entry->earlier_plan == NULL && entry->plan_cost_us > budget_us)
    return NULL;
  quotes = g_new (CpQuote, MAX (project->quotes->len, 1));
  for (guint i = 0; i < project->quotes->len; i++)
    quotes[i] = *(const CpQuote *) g_ptr_array_index (project->quotes, i);
  entry->plan = cp_plan_new_until (g_ptr_array_index (project->jobs, job_index), quotes, project->quotes->len,
                                   &project->settings, entry->earlier_plan,
                                   entry->earlier_plan != NULL ? (const gboolean *) (gpointer) entry->unchanged_quotes->data
                                                               : NULL,
                                   budget_us >= 0 ? past_cpu_time : NULL, &stop_us, &partial);
  if (entry->plan == NULL)
    {
      /* The job is heavier than its last plan: the next change goes to a
       * worker at once. */
      entry->plan_cost_us = MAX (entry->plan_cost_us, thread_cpu_us () - start_us);
      keep_partial_plan (entry, partial, project->quotes->len);
      return NULL;
    }
  /* A plan made from an earlier one says nothing of the job's cost: the
   * next change may be of the job. */
  if (entry->earlier_plan == NULL)
    entry->plan_cost_us = thread_cpu_us () - start_us;
  g_clear_pointer (&entry->earlier_plan, cp_plan_free);
  g_clear_pointer (&entry->unchanged_quotes, g_array_unref);
  return entry->plan;
}

const CpPlan *
cp_project_analysis_get_plan (CpProjectAnalysis *analysis,
                              guint              job_index)
{
  return make_plan (analysis, job_index, -1);
}

const CpPlan *
cp_project_analysis_try_plan (CpProjectAnalysis *analysis,
                              guint              job_index,
                              gint64             budget_us)
{
  g_return_val_if_fail (budget_us >= 0, NULL);

  return make_plan (analysis, job_index, budget_us);
}

const CpPlan *
cp_project_analysis_get_full_plan (CpProjectAnalysis *analysis,
                                   guint              job_index)
{
  JobEntry *entry = job_entry (analysis, job_index);

  if (entry == NULL)
    return NULL;
  if (!entry->has_robustness)
    {
      g_autoptr(CpProject) learned_copy = NULL;

      cp_project_analysis_get_plan (analysis, job_index);
      cp_project_plan_add_robustness (project_as_planned (analysis, job_index, entry->learned_from, &learned_copy),
                                      job_index, entry->plan);
      entry->has_robustness = TRUE;
    }
  return entry->plan;
}

const GArray *
cp_project_analysis_get_what_if (CpProjectAnalysis *analysis,
                                 guint              job_index)
{
  JobEntry *entry = job_entry (analysis, job_index);
  const CpPlan *plan;

  if (entry == NULL)
    return NULL;
  /* Made once: each list plans the job again at every deadline that
   * might change the answer, and the PDF and the XML of one export both
   * read it. */
  if (entry->what_if == NULL && (plan = cp_project_analysis_get_full_plan (analysis, job_index)) != NULL)
    {
      g_autoptr(CpProject) learned_copy = NULL;

      entry->what_if = cp_what_if_new (project_as_planned (analysis, job_index, entry->learned_from, &learned_copy),
                                       job_index, plan);
    }
  return entry->what_if;
}

const CpEstimate *
cp_project_analysis_get_one_node (CpProjectAnalysis *analysis,
                                  guint              job_index,
                                  guint              quote_index)
{
  JobEntry *entry = job_entry (analysis, job_index);
  OneNode *one;

  if (entry == NULL)
    return NULL;
  g_return_val_if_fail (quote_index < analysis->project->quotes->len, NULL);

  if (entry->one_node == NULL)
    entry->one_node = g_array_new (FALSE, TRUE, sizeof (OneNode));
  /* Every job is dropped when the quotes change: the count is theirs. */
  if (entry->one_node->len < analysis->project->quotes->len)
    g_array_set_size (entry->one_node, analysis->project->quotes->len);
  one = &g_array_index (entry->one_node, OneNode, quote_index);
  if (!one->made)
    {
      one->estimated = cp_estimate (g_ptr_array_index (analysis->project->jobs, job_index),
                                    g_ptr_array_index (analysis->project->quotes, quote_index),
                                    1, &analysis->project->settings, &one->estimate, NULL);
      one->made = TRUE;
    }
  return one->estimated ? &one->estimate : NULL;
}

GPtrArray *
cp_project_analysis_get_full_plans (CpProjectAnalysis *analysis)
{
  GPtrArray *plans;

  g_return_val_if_fail (analysis != NULL, NULL);

  plans = g_ptr_array_sized_new (analysis->jobs->len);
  for (guint j = 0; j < analysis->jobs->len; j++)
    g_ptr_array_add (plans, (gpointer) cp_project_analysis_get_full_plan (analysis, j));
  return plans;
}

/* The first day of the project's calendar: its start date, or
 * @report_day. */
static void
calendar_start (const CpProject *project,
                const GDate     *report_day,
                GDate           *start)
{
  if (!cp_schedule_parse_date (project->start_date, start))
    *start = *report_day;
}

const CpSchedule *
cp_project_analysis_get_schedule (CpProjectAnalysis *analysis,
                                  const GDate       *report_day,
                                  GError           **error)
{
  g_autoptr(GPtrArray) plans = NULL;
  GDate start;

  g_return_val_if_fail (analysis != NULL && report_day != NULL && g_date_valid (report_day), NULL);

  /* The start is no job's, quote's or setting's: a new start date, or
   * the report's day after midnight, places the jobs again. */
  calendar_start (analysis->project, report_day, &start);
  if (analysis->schedule != NULL && g_date_compare (&analysis->schedule->start, &start) == 0)
    return analysis->schedule;
  g_clear_pointer (&analysis->schedule, cp_schedule_free);
  g_clear_pointer (&analysis->fallback, cp_schedule_fallback_free);
  plans = cp_project_analysis_get_full_plans (analysis);
  analysis->schedule = cp_schedule_new (analysis->project, (CpPlan * const *) plans->pdata, report_day, error);
  if (analysis->schedule != NULL)
    analysis->fallback = cp_schedule_fallback_new (analysis->schedule, analysis->project);
  return analysis->schedule;
}

const CpScheduleFallback *
cp_project_analysis_get_fallback (CpProjectAnalysis *analysis,
                                  const GDate       *report_day)
{
  return cp_project_analysis_get_schedule (analysis, report_day, NULL) != NULL ? analysis->fallback : NULL;
}

CpSchedule *
cp_project_analysis_peek_job_schedule (CpProjectAnalysis *analysis,
                                       guint              job_index,
                                       const GDate       *report_day,
                                       int               *waiting_job)
{
  const CpProject *project;
  g_autofree CpPlan **plans = NULL;
  int at = (int) job_index;

  g_return_val_if_fail (analysis != NULL && job_index < analysis->jobs->len && report_day != NULL, NULL);
  g_return_val_if_fail (waiting_job != NULL, NULL);

  project = analysis->project;
  *waiting_job = -1;
  plans = g_new0 (CpPlan *, project->jobs->len);
  /* At most every job once: cp_schedule_new() refuses an order that
   * loops. */
  for (guint steps = 0; at >= 0 && steps < project->jobs->len; steps++)
    {
      JobEntry *entry = &g_array_index (analysis->jobs, JobEntry, at);

      if (plans[at] != NULL)
        break;
      if (entry->plan == NULL)
        {
          *waiting_job = at;
          return NULL;
        }
      plans[at] = entry->plan;
      at = cp_project_find_job (project, ((const CpJob *) g_ptr_array_index (project->jobs, at))->after_job_id);
    }
  return cp_schedule_new (project, (CpPlan * const *) plans, report_day, NULL);
}

const CpSweep *
cp_project_analysis_get_sweep (CpProjectAnalysis *analysis,
                               guint              job_index)
{
  JobEntry *entry = job_entry (analysis, job_index);

  if (entry != NULL && entry->sweep == NULL)
    {
      g_autoptr(CpProject) learned_copy = NULL;

      /* Its node counts migrate as its plan does. */
      cp_project_analysis_get_plan (analysis, job_index);
      entry->sweep = cp_project_sweep_job (project_as_planned (analysis, job_index, entry->learned_from, &learned_copy),
                                           job_index, analysis->sweep_max_points);
    }
  return entry != NULL ? entry->sweep : NULL;
}

const CpSweep *
cp_project_analysis_peek_sweep (CpProjectAnalysis *analysis,
                                guint              job_index)
{
  g_return_val_if_fail (analysis != NULL && job_index < analysis->jobs->len, NULL);

  return g_array_index (analysis->jobs, JobEntry, job_index).sweep;
}

guint
cp_project_analysis_get_generation (CpProjectAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, 0);

  return analysis->generation;
}

CpSweepOrder *
cp_project_analysis_order_sweep (CpProjectAnalysis *analysis,
                                 guint              job_index)
{
  CpSweepOrder *order;

  /* The job's inputs are kept from here on, so that a change to them
   * before the sweep comes back starts a new generation. */
  JobEntry *entry = job_entry (analysis, job_index);

  if (entry == NULL)
    return NULL;
  order = g_new0 (CpSweepOrder, 1);
  order->project = cp_project_copy (analysis->project);
  /* As the job's plan counts migration; before that plan is made, from
   * the plans there are (a job it waits for counts as no cluster run). */
  apply_learned (order->project, job_index,
                 entry->plan != NULL ? entry->learned_from : learned_from (analysis, job_index, NULL));
  order->job_index = job_index;
  order->generation = analysis->generation;
  order->max_points = analysis->sweep_max_points;
  return order;
}

CpSweep *
cp_sweep_order_run (const CpSweepOrder *order)
{
  g_return_val_if_fail (order != NULL, NULL);

  return cp_project_sweep_job (order->project, order->job_index, order->max_points);
}

void
cp_sweep_order_free (CpSweepOrder *order)
{
  if (order == NULL)
    return;
  cp_project_free (order->project);
  g_free (order);
}

const CpSweep *
cp_project_analysis_take_sweep (CpProjectAnalysis  *analysis,
                                const CpSweepOrder *order,
                                CpSweep            *sweep)
{
  JobEntry *entry;

  g_return_val_if_fail (analysis != NULL && order != NULL && sweep != NULL, NULL);

  /* Of the same generation, the index names the same job with the same
   * inputs; one made meanwhile on the main thread is as good. */
  if (order->generation != analysis->generation)
    {
      cp_sweep_free (sweep);
      return NULL;
    }
  entry = &g_array_index (analysis->jobs, JobEntry, order->job_index);
  if (entry->sweep != NULL)
    cp_sweep_free (sweep);
  else
    entry->sweep = sweep;
  return entry->sweep;
}

gboolean
cp_project_analysis_has_details (CpProjectAnalysis *analysis,
                                 guint              job_index)
{
  const JobEntry *entry;

  g_return_val_if_fail (analysis != NULL && job_index < analysis->jobs->len, FALSE);

  entry = &g_array_index (analysis->jobs, JobEntry, job_index);
  return entry->plan != NULL && entry->has_robustness && entry->what_if != NULL;
}

CpDetailsOrder *
cp_project_analysis_order_details (CpProjectAnalysis *analysis,
                                   guint              job_index)
{
  JobEntry *entry = job_entry (analysis, job_index);
  CpDetailsOrder *order;

  if (entry == NULL || cp_project_analysis_has_details (analysis, job_index))
    return NULL;
  cp_project_analysis_get_plan (analysis, job_index);
  order = g_new0 (CpDetailsOrder, 1);
  order->project = cp_project_copy (analysis->project);
  apply_learned (order->project, job_index, entry->learned_from);
  order->plan = cp_plan_copy (entry->plan);
  order->job_index = job_index;
  order->generation = analysis->generation;
  return order;
}

void
cp_details_order_run (CpDetailsOrder *order)
{
  g_return_if_fail (order != NULL);

  if (!order->plan->has_robustness)
    cp_project_plan_add_robustness (order->project, order->job_index, order->plan);
  if (order->what_if == NULL)
    order->what_if = cp_what_if_new (order->project, order->job_index, order->plan);
}

void
cp_details_order_free (CpDetailsOrder *order)
{
  if (order == NULL)
    return;
  cp_project_free (order->project);
  cp_plan_free (order->plan);
  g_clear_pointer (&order->what_if, g_array_unref);
  g_free (order);
}

gboolean
cp_project_analysis_take_details (CpProjectAnalysis *analysis,
                                  CpDetailsOrder    *order)
{
  JobEntry *entry;

  g_return_val_if_fail (analysis != NULL && order != NULL, FALSE);

  /* Of the same generation, the index names the same job, planned from
   * the same inputs into the same entry->plan the order copied. */
  if (order->generation != analysis->generation || order->job_index >= analysis->jobs->len ||
      !order->plan->has_robustness || order->what_if == NULL)
    return FALSE;
  entry = &g_array_index (analysis->jobs, JobEntry, order->job_index);
  if (entry->plan == NULL)
    return FALSE;
  /* The robustness check writes only the verdict's reasons and whether it
   * holds (cp_plan_add_robustness()): those are taken into the plan the
   * window already shows, which keeps its address and its options. */
  if (!entry->has_robustness)
    {
      GArray *reasons = entry->plan->reasons;

      entry->plan->reasons = order->plan->reasons;
      order->plan->reasons = reasons;
      entry->plan->verdict_robust = order->plan->verdict_robust;
      entry->plan->month_minimum_cost = order->plan->month_minimum_cost;
      entry->plan->month_minimum_winner = order->plan->month_minimum_winner;
      entry->plan->month_minimum_winner_cost = order->plan->month_minimum_winner_cost;
      entry->plan->unstated_costs_winner = order->plan->unstated_costs_winner;
      entry->plan->unstated_costs_winner_cost = order->plan->unstated_costs_winner_cost;
      entry->plan->unstated_costs_recommended_cost = order->plan->unstated_costs_recommended_cost;
      /* The check of unstated costs sets it too: the window's plan lacked
       * the recommended cluster's network fee estimate the report gives. */
      entry->plan->network_fee_estimate_quote = order->plan->network_fee_estimate_quote;
      entry->plan->network_fee_estimate_cost = order->plan->network_fee_estimate_cost;
      entry->plan->has_robustness = TRUE;
      entry->has_robustness = TRUE;
    }
  if (entry->what_if == NULL)
    entry->what_if = g_steal_pointer (&order->what_if);
  return TRUE;
}

CpPlanOrder *
cp_project_analysis_order_plan (CpProjectAnalysis *analysis,
                                guint              job_index)
{
  /* The job's inputs are kept from here on, so that a change to them
   * before the plan comes back starts a new generation. */
  JobEntry *entry = job_entry (analysis, job_index);
  CpPlanOrder *order;
  int learned, waiting_job;

  if (entry == NULL || entry->plan != NULL)
    return NULL;
  /* A job it starts after without a plan is planned first: what the team
   * learnt there is an input of this one (the order is that job's). */
  learned = learned_from (analysis, job_index, &waiting_job);
  if (waiting_job >= 0)
    return cp_project_analysis_order_plan (analysis, (guint) waiting_job);
  decide_learned (analysis, entry, learned);
  order = g_new0 (CpPlanOrder, 1);
  order->project = cp_project_copy (analysis->project);
  apply_learned (order->project, job_index, learned);
  order->job_index = job_index;
  order->generation = analysis->generation;
  if (entry->earlier_plan != NULL)
    {
      order->earlier_plan = cp_plan_copy (entry->earlier_plan);
      order->unchanged_quotes = g_array_copy (entry->unchanged_quotes);
    }
  return order;
}

void
cp_plan_order_run (CpPlanOrder *order)
{
  gint64 start_us;

  g_return_if_fail (order != NULL);

  if (order->plan != NULL)
    return;
  if (order->earlier_plan != NULL)
    {
      order->plan = cp_project_plan_job_reusing (order->project, order->job_index, order->earlier_plan,
                                                 (const gboolean *) (gpointer) order->unchanged_quotes->data);
      order->cost_us = -1;
      return;
    }
  start_us = thread_cpu_us ();
  order->plan = cp_project_plan_job_without_robustness (order->project, order->job_index);
  order->cost_us = thread_cpu_us () - start_us;
}

void
cp_plan_order_free (CpPlanOrder *order)
{
  if (order == NULL)
    return;
  cp_project_free (order->project);
  g_clear_pointer (&order->plan, cp_plan_free);
  g_clear_pointer (&order->earlier_plan, cp_plan_free);
  g_clear_pointer (&order->unchanged_quotes, g_array_unref);
  g_free (order);
}

const CpPlan *
cp_project_analysis_take_plan (CpProjectAnalysis *analysis,
                               CpPlanOrder       *order)
{
  JobEntry *entry;

  g_return_val_if_fail (analysis != NULL && order != NULL, NULL);

  if (order->generation != analysis->generation || order->job_index >= analysis->jobs->len ||
      order->plan == NULL)
    return NULL;
  entry = &g_array_index (analysis->jobs, JobEntry, order->job_index);
  /* One made meanwhile on the main thread is as good. */
  if (entry->plan == NULL)
    {
      entry->plan = g_steal_pointer (&order->plan);
      /* A plan made from an earlier one says nothing of the job's cost. */
      if (order->cost_us >= 0)
        entry->plan_cost_us = order->cost_us;
      g_clear_pointer (&entry->earlier_plan, cp_plan_free);
      g_clear_pointer (&entry->unchanged_quotes, g_array_unref);
    }
  return entry->plan;
}
