/* fuzz-config.c: Hugging Face config.json files, as "Import Model" and
 * `import-config` read them.
 *
 * Properties: the reader never crashes or hangs; every model it returns
 * passes the job model's own checks. The slow check (cp_fuzz_deep()): a
 * plan of a fine-tune of it over the demo's quotes shows only finite,
 * non-negative figures.
 */

#include "config.h"

#include "store/cp-demo.h"
#include "store/cp-model-config.h"

#include "../hardening/cp-check.h"
#include "fuzz-common.h"

static CpProject *demo;

int
cp_fuzz_config (const guint8 *data,
                gsize         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpModelConfig) config = NULL;
  g_autoptr(CpJob) job = NULL;
  g_autoptr(CpPlan) plan = NULL;
  g_autofree char *problem = NULL;
  g_autoptr(GArray) quotes = NULL;

  if (demo == NULL)
    demo = cp_demo_project_new (NULL);

  config = cp_model_config_read ((const char *) data, size, NULL, NULL, &error);
  if (config == NULL)
    {
      g_assert (error != NULL && error->message != NULL);
      return 0;
    }

  job = cp_job_new (CP_TASK_LORA);
  cp_job_set_model (job, &config->model);
  if (!cp_job_validate (job, &error))
    g_error ("an imported model fails the job's checks: %s", error->message);
  if (!cp_fuzz_deep ())
    return 0;

  /* Shallow copies: cp_plan_new() only reads them. */
  quotes = g_array_new (FALSE, FALSE, sizeof (CpQuote));
  for (guint i = 0; i < demo->quotes->len; i++)
    g_array_append_vals (quotes, g_ptr_array_index (demo->quotes, i), 1);
  plan = cp_plan_new (job, (const CpQuote *) quotes->data, quotes->len, &demo->settings);
  problem = cp_check_plan_figures (plan);
  if (problem != NULL)
    g_error ("planning an imported model: %s", problem);
  return 0;
}
