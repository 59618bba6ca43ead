/* cp-project-merge.h: one project's jobs, quotes and catalogue entries
 * added to another, as importing a report into an open project does.
 *
 * Nothing of the receiving project is changed or lost: an imported job or
 * quote whose id is taken gets a fresh one (and a job's trial run follows
 * its quote), and a catalogue entry whose id the project already has is
 * left out in favour of the project's own.
 */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

typedef struct {
  guint jobs;
  guint quotes;
  guint catalogue_entries;
  guint catalogue_entries_kept;   /* the project already had one of that id */
} CpMergeCounts;

/* Moves everything of @from into @project; @from is left empty. */
void cp_project_merge_from (CpProject     *project,
                            CpProject     *from,
                            CpMergeCounts *counts);

G_END_DECLS
