/* fuzz-target-table.c: every fuzz entry by its target's name, linked by
 * the programs that run all of them (a libFuzzer build links one). */
#include "fuzz-targets.h"

const CpFuzzTarget cp_fuzz_targets[CP_FUZZ_N_TARGETS] = {
  { "units", cp_fuzz_units },
  { "csv", cp_fuzz_csv },
  { "project", cp_fuzz_project },
  { "xml", cp_fuzz_xml },
  { "config", cp_fuzz_config },
  { "trial", cp_fuzz_trial },
  { "workbook", cp_fuzz_workbook },
};
