/* cp-test-approval-quotes.h: the three quotes the approval tests
 * (test-report-conditions.c, test-report-answer-conditions.c) price their
 * LoRA jobs against, added as a user adds them with compute-planner-cli. */
#pragma once

#include "common/cp-test-cli.h"

/* Adds to the project @file in @dir:
 *   CloudA H800: 4 nodes × 8 GPUs at 15 CNY per GPU-hour, billing not
 *                stated (read by the hour), VAT not stated;
 *   VMC A100:    1 node × 8 at 12 CNY per GPU-hour, hourly, no minimum;
 *   RackB A800:  1 node × 8 at 60,000 CNY per node-month. */
static inline void
cp_test_add_approval_quotes (const char *dir,
                             const char *file)
{
  cp_test_run_cli_ok (dir, (const char *const[]) { "add-quote", file, "--vendor", "CloudA", "--offer", "H800",
                                                   "--gpu", "h800", "--nodes", "4", "--price-per-gpu-hour", "15",
                                                   "--network", "infiniband", "--nics", "8", "--nic-gbps", "400",
                                                   "--dedicated", NULL });
  cp_test_run_cli_ok (dir, (const char *const[]) { "add-quote", file, "--vendor", "VMC", "--offer", "A100", "--gpu",
                                                   "a100-80g", "--nodes", "1", "--price-per-gpu-hour", "12",
                                                   "--billing-granularity-hours", "1", "--minimum-term-hours", "0",
                                                   "--storage-price-per-tb-month", "included",
                                                   "--network-fee-per-node-month", "included",
                                                   "--ops-support-per-month", "included", NULL });
  cp_test_run_cli_ok (dir, (const char *const[]) { "add-quote", file, "--vendor", "RackB", "--offer", "A800", "--gpu",
                                                   "a800", "--nodes", "1", "--price-per-node-month", "60000", NULL });
}
