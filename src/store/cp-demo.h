/* cp-demo.h: the demo project, built from data/demo/demo-project.ini.
 *
 * The .ini is the readable source: one [project] group, then [job ID] and
 * [quote ID] groups in the order they appear in the project. Keys are the
 * field names of CpJob / CpQuote / CpSettings with '-' for '_'
 * ("gpus-per-node", "price-unit"); a job's "model" and a quote's "gpu" and
 * "intra-link" name catalogue entries, whose specs are copied in.
 */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* The demo compiled into the executable. */
CpProject *cp_demo_project_new       (GError    **error);
CpProject *cp_demo_project_from_data (const char *data,
                                      gsize       len,
                                      GError    **error);

G_END_DECLS
