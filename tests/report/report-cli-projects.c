/* report-cli-projects.c: projects the report tests type with the CLI. */
#include "config.h"

#include "report-cli-projects.h"
#include "common/cp-test-cli.h"
#include "common/cp-test-pdf.h"

#define RUN_OK(...) cp_test_run_cli_ok (dir, (const char *const[]) { __VA_ARGS__, NULL })

void
report_cli_make_13b_lora (const char *dir,
                          const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "13B LoRA", "--model", "llama-2-13b", "--task", "lora",
          "--recompute", "full", "--tokens", "31B");
  RUN_OK ("add-quote", file, "--vendor", "示例供应商甲", "--offer", "8 × A800 单机", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "30000");
  RUN_OK ("add-quote", file, "--vendor", "示例供应商乙", "--offer", "H800 4节点 IB 集群", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "4", "--price-per-gpu-hour", "30", "--network", "infiniband",
          "--nics", "4", "--nic-gbps", "400", "--dedicated");
}

void
report_cli_make_70b_lora (const char *dir,
                          const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "70B LoRA fine-tune", "--model", "llama-2-70b", "--task", "lora", "--recompute", "full",
          "--tokens", "500M", "--deadline-days", "30");
  RUN_OK ("add-quote", file, "--vendor", "云厂商甲", "--offer", "8×H800 单机", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "15");
  RUN_OK ("add-quote", file, "--vendor", "智算中心乙", "--offer", "A800 4节点 IB 集群", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "4", "--price-per-node-month", "45000", "--network", "infiniband",
          "--nics", "4", "--nic-gbps", "200", "--dedicated");
}

GPtrArray *
report_pdf_page_lines (const char *dir,
                       const char *pdf,
                       guint       page)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  g_autofree char *text = cp_test_run_tool (dir, (const char *const[]) { "pdftotext", "-layout", "-enc", "UTF-8",
                                                                         "-f", number, "-l", number, pdf, "-", NULL });
  g_auto(GStrv) raw = g_strsplit (text, "\n", -1);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; raw[i] != NULL; i++)
    {
      g_strstrip (raw[i]);
      if (raw[i][0] != '\0' && raw[i][0] != '\f')
        g_ptr_array_add (lines, g_strdup (raw[i]));
    }
  return lines;
}
