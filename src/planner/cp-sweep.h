/* cp-sweep.h: a job's cost and calendar time over every node count a quote
 * offers (and a service's cost per output token), for the cost and
 * serving charts of the window, the PDF and the CLI.
 */
#pragma once

#include "cp-project.h"
#include "cp-range.h"

G_BEGIN_DECLS

typedef struct {
  guint  nodes;
  guint  gpus;
  double total_cost;      /* in the quote's currency */
  double calendar_days;
  guint  replicas;        /* serving: replicas on those GPUs, else 0 */
  double cost_per_million_output_tokens; /* serving, in the quote's currency, else 0 */
  CpRange range;          /* the band over the assumptions' spread (cp-range.h) */
} CpSweepPoint;

typedef struct {
  int     quote_index;    /* into project->quotes */
  GArray *points;         /* CpSweepPoint, by node count, only those that fit;
                           * none for an incomplete quote (cp_quote_get_missing()) */
} CpSweepCurve;

typedef struct {
  GPtrArray *curves;      /* CpSweepCurve*, one per quote in project order */
} CpSweep;

/* Estimates job @job_index on every quote at 1..nodes_available nodes,
 * thinned to at most @max_points node counts per quote (always keeping
 * 1 and the largest). */
CpSweep *cp_project_sweep_job (const CpProject *project,
                               guint            job_index,
                               guint            max_points);
/* A deep copy, for another thread. */
CpSweep *cp_sweep_copy        (const CpSweep *sweep);
void     cp_sweep_free        (CpSweep *sweep);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpSweep, cp_sweep_free)

G_END_DECLS
