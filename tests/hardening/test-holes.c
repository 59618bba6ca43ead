/* test-holes.c: holes a reliability probe found (issue 24) outside the
 * project file: settings read without a range, and messages that said
 * nothing ("must be 0 or at least 0"). */

#include "config.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "planner/cp-quote.h"
#include "planner/cp-settings.h"

#include "common/cp-test-demo.h"

/* A subnormal setup fee (5e-324) is no amount anybody typed; the message
 * says which values are accepted, not "at least 0". */
static void
test_subnormal_message (void)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(GError) error = NULL;
  CpQuote *quote = g_ptr_array_index (demo->quotes, 0);

  g_assert_true (cp_quote_validate_figures (quote, NULL));
  quote->setup_fee = 5e-324;
  g_assert_false (cp_quote_validate_figures (quote, &error));
  g_assert_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Setup fee"));
  g_assert_null (strstr (error->message, "at least 0"));
  g_assert_nonnull (strstr (error->message, "2.22507e-308"));
}

/* The default settings with the double at @offset set to @value: refused,
 * the message naming @named. */
static void
assert_setting_refused (size_t offset, double value, const char *named)
{
  g_autoptr(GError) error = NULL;
  CpSettings settings;

  cp_settings_init (&settings);
  g_assert_true (cp_settings_validate (&settings, NULL));
  *(double *) ((char *) &settings + offset) = value;
  g_assert_false (cp_settings_validate (&settings, &error));
  g_assert_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, named));
}

static void
assert_setting_accepted (size_t offset, double value)
{
  g_autoptr(GError) error = NULL;
  CpSettings settings;

  cp_settings_init (&settings);
  *(double *) ((char *) &settings + offset) = value;
  g_assert_true (cp_settings_validate (&settings, &error));
  g_assert_no_error (error);
}

/* The probe's values: a failure rate of 1e-320 gave a 2.16-million-day
 * run; 1e308 FLOPs per parameter put NaN and INF into the XML; a week of
 * 1e308 days, of 0 days. Each is refused naming the setting; the values
 * either side of each bound are what the sources give (LoRA 4 FLOPs, 2
 * forward and 2 backward; full training 6, with recomputation 8). */
static void
test_settings_ranges (void)
{
  assert_setting_refused (offsetof (CpSettings, gpu_failure_rate_per_hour), 1e-320, "GPU failure rate");
  assert_setting_refused (offsetof (CpSettings, gpu_failure_rate_per_hour), 1e-12, "GPU failure rate");
  assert_setting_accepted (offsetof (CpSettings, gpu_failure_rate_per_hour), 0);
  assert_setting_accepted (offsetof (CpSettings, gpu_failure_rate_per_hour), 1e-9);

  assert_setting_refused (offsetof (CpSettings, lora_flops_factor), 1e308, "LoRA");
  assert_setting_refused (offsetof (CpSettings, lora_flops_factor), 0, "LoRA");
  assert_setting_refused (offsetof (CpSettings, lora_flops_factor), NAN, "LoRA");
  assert_setting_accepted (offsetof (CpSettings, lora_flops_factor), 2);
  assert_setting_accepted (offsetof (CpSettings, lora_flops_factor), 8);

  assert_setting_refused (offsetof (CpSettings, working_days_per_week), 1e308, "Working days");
  assert_setting_refused (offsetof (CpSettings, working_days_per_week), 0, "Working days");
  assert_setting_refused (offsetof (CpSettings, working_days_per_week), 7.5, "Working days");
  assert_setting_accepted (offsetof (CpSettings, working_days_per_week), 1);
  assert_setting_accepted (offsetof (CpSettings, working_days_per_week), 7);

  assert_setting_refused (offsetof (CpSettings, selective_recompute_flops_overhead), 1e308,
                          "Selective recomputation");
  assert_setting_refused (offsetof (CpSettings, selective_recompute_flops_overhead), -0.5,
                          "Selective recomputation");
  assert_setting_accepted (offsetof (CpSettings, selective_recompute_flops_overhead), 0);

  assert_setting_refused (offsetof (CpSettings, judgement_gap_high), 1e308, "Memory gap");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/holes/subnormal-message", test_subnormal_message);
  g_test_add_func ("/holes/settings-ranges", test_settings_ranges);
  return g_test_run ();
}
