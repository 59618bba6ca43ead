/* test-holes.c: holes a reliability probe found (issue 24) outside the
 * project file: settings read without a range, and messages that said
 * nothing ("must be 0 or at least 0"). */

#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <unistd.h>
#include <stddef.h>
#include <string.h>

#include "planner/cp-quote.h"
#include "planner/cp-settings.h"
#include "report/cp-chart.h"

#include "common/cp-test-demo.h"
#include "common/cp-test-dir.h"

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

/* A chart is written to a temporary file in the same folder and renamed
 * over the output: a symlink at the output path is replaced, not followed
 * (the file it points to stays as it was), and an existing chart is never
 * left cut short. */
static void
test_chart_not_through_symlink (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(CpChartData) data = cp_chart_data_new_memory (demo, 0, NULL, "en");
  g_autofree char *dir = g_dir_make_tmp ("cp-holes-XXXXXX", &error);
  g_autofree char *victim = g_build_filename (dir, "victim.txt", NULL);
  g_autofree char *png = g_build_filename (dir, "chart.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "chart.svg", NULL);
  const char *paths[] = { png, svg };

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (victim, "keep me", -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autofree char *victim_text = NULL;
      g_autofree char *chart = NULL;
      gsize len = 0;

      g_assert_cmpint (symlink (victim, paths[i]), ==, 0);
      g_assert_true (cp_chart_write_file (data, paths[i], i == 1, 640, 400, 1, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (victim, &victim_text, NULL, NULL));
      g_assert_cmpstr (victim_text, ==, "keep me");
      g_assert_false (g_file_test (paths[i], G_FILE_TEST_IS_SYMLINK));
      g_assert_true (g_file_get_contents (paths[i], &chart, &len, NULL));
      if (i == 0)
        g_assert_true (len > 8 && memcmp (chart, "\x89PNG", 4) == 0);
      else
        g_assert_nonnull (g_strstr_len (chart, len, "<svg"));
    }
  cp_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/holes/subnormal-message", test_subnormal_message);
  g_test_add_func ("/holes/settings-ranges", test_settings_ranges);
  g_test_add_func ("/holes/chart-not-through-symlink", test_chart_not_through_symlink);
  return g_test_run ();
}
