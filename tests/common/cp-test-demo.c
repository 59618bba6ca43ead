/* cp-test-demo.c: the demo project for tests that evaluate it, and
 * larger projects made of its jobs and quotes for the benchmarks. */
#include "planner/cp-catalog.h"
#include "store/cp-demo.h"

#include "cp-test-demo.h"

CpProject *
cp_test_demo_project (void)
{
  g_autoptr(GError) error = NULL;
  CpProject *demo = cp_demo_project_new (&error);

  g_assert_no_error (error);
  return demo;
}

CpProject *
cp_test_project_of_size (const CpProject *demo,
                         guint            n_jobs,
                         guint            n_quotes)
{
  CpProject *project = cp_project_copy (demo);

  g_ptr_array_set_size (project->jobs, 0);
  g_ptr_array_set_size (project->quotes, 0);
  for (guint j = 0; j < n_jobs; j++)
    {
      CpJob *job = cp_job_dup (g_ptr_array_index (demo->jobs, j % demo->jobs->len));
      char *name = g_strdup_printf ("%s #%u", job->name, j + 1);

      g_free (job->name);
      job->name = name;
      g_free (job->id);
      job->id = g_strdup_printf ("job-%u", j + 1);
      cp_project_add_job (project, job);
    }
  for (guint q = 0; q < n_quotes; q++)
    {
      CpQuote *quote = cp_quote_dup (g_ptr_array_index (demo->quotes, q % demo->quotes->len));
      char *name = g_strdup_printf ("%s #%u", quote->offer_name != NULL ? quote->offer_name : "", q + 1);

      g_free (quote->offer_name);
      quote->offer_name = name;
      g_free (quote->id);
      quote->id = g_strdup_printf ("quote-%u", q + 1);
      quote->price *= 1.0 + 0.01 * (q / demo->quotes->len);
      cp_project_add_quote (project, quote);
    }
  return project;
}

CpProject *
cp_test_offload_project (double host_memory_bytes)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  const CpGpuSpec *a800 = cp_catalog_find_gpu (catalog, "a800");
  CpProject *project = cp_project_new ();
  CpJob *job = cp_job_new (CP_TASK_FULL_FINETUNE);
  CpQuote *quote = cp_quote_new ();

  g_free (job->id);
  job->id = g_strdup ("job-1");
  job->name = g_strdup ("Llama 2 70B fine-tune");
  cp_job_set_model (job, cp_catalog_find_model (catalog, "llama-2-70b"));
  job->tokens = 1e9;
  cp_project_add_job (project, job);

  g_assert_nonnull (a800);
  g_free (quote->id);
  quote->id = g_strdup ("quote-1");
  quote->vendor = g_strdup ("Vendor");
  cp_quote_set_gpu (quote, a800);
  cp_quote_set_intra_link (quote, cp_catalog_find_link (catalog, a800->default_intra_link));
  quote->price = 10;
  quote->storage = CP_STORAGE_NAS;
  quote->host_memory_per_node_bytes = host_memory_bytes;
  cp_project_add_quote (project, quote);
  return project;
}
