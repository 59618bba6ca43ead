/* cli-recommended.h: `estimate` prints the figures of the configuration
 * asked for; when the verdict speaks of another (node count, memory
 * technique, replicas), that one's own figures go beside them. */
#pragma once

#include <libxml/xmlwriter.h>

#include "cli-common.h"
#include "planner/cp-plan.h"
#include "planner/cp-project.h"

G_BEGIN_DECLS

/* The option the verdict speaks of (recommended, else best available)
 * when it differs from @asked in node count, technique or replicas;
 * else NULL. */
const CpOption *cp_cli_recommended_other (const CpPlan *plan, const CpJob *job, const CpEstimate *asked);
/* "4 nodes × 8 GPUs, as configured": which configuration figures are of. */
char           *cp_cli_describe_configuration (const CpJob *job, const CpQuote *quote, const CpEstimate *est);
/* The block "Recommended configuration" (or "Best available
 * configuration"): memory, time, cost, each with its range. */
void            cp_cli_table_add_recommended (CpCliTable *table, const CpProject *project, const CpJob *job,
                                              const CpPlan *plan, const CpOption *option);
/* The same as <recommended-configuration>. */
void            cp_cli_xml_recommended (xmlTextWriterPtr writer, const CpProject *project, const CpJob *job,
                                        const CpPlan *plan, const CpOption *option);

G_END_DECLS
