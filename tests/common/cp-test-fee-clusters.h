/* cp-test-fee-clusters.h: the project the network-fee tests of the
 * report and of the window both read (approver 34, B8 and B10). */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* A 70B full fine-tune of 20M tokens (job-70b) that no one machine of
 * 8 × A100 80GB holds (16 bytes a parameter: 1.12 TB against 640 GB), no
 * deadline, no storage, LoRA not allowed; the team states its distributed
 * experience, and an operations engineer as @team_has_ops_engineer. Two
 * clusters of 4 such nodes, dedicated, 8 × 200 Gb/s InfiniBand, billed by
 * whole months with a month's minimum, VAT included: 示例供应商 D
 * (quote-d) at 40,000 CNY a node-month with no network fee stated,
 * 示例供应商 E (quote-e) at 60,000 with 1,500 a node-month. */
CpProject *cp_test_fee_clusters_project (gboolean team_has_ops_engineer);

G_END_DECLS
