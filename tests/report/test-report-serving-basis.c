/* test-report-serving-basis.c: the serving table's decode rate says what
 * it is (read38 F6). Prompts prefilled inside the decode steps (vLLM V1's
 * chunked prefill) make a step compute as well as read, so an A800
 * (2,039 GB/s) decoded 629 tokens/s beside a 910B2's (1,600 GB/s) 714,
 * under a paragraph that spoke only of memory bandwidth: the heading and
 * the paragraph now say the rate has prefill in it, and name the quotes
 * whose steps are bound by compute. */
#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* read38's service: Qwen2.5-14B (14.7e9 parameters, 48 layers, 8 KV
 * heads of 128: 48 × 2 × 8 × 128 × 2 B = 196,608 B of KV a token), 200
 * requests of 1,024 prompt and 128 output tokens, 25 a replica, one GPU
 * a replica. A step computes 25 × 2 × 14.7e9 = 7.35e11 FLOPs for its
 * output tokens and 25 × 1,024 / 128 = 200 prompt tokens at about 2 ×
 * 14.7e9 = 2.94e10 each, 5.88e12: 6.6e12 FLOPs. It reads 29.4e9 B of
 * weights and 25 × 1,088 × 196,608 = 5.35e9 B of cache, 34.75e9 B.
 *   A800: 6.6e12 / (312e12 × 0.55) = 38.5 ms against 34.75e9 / (2,039e9
 *     × 0.8) = 21.3 ms: compute.
 *   910B2: 6.6e12 / (353.89e12 × 0.55) = 33.9 ms against 34.75e9 /
 *     (1,600e9 × 0.8) = 27.1 ms: compute.
 *   H800: at BF16, 6.6e12 / (989e12 × 0.55) = 12.1 ms (less at FP8)
 *     against 34.75e9 / (3,350e9 × 0.8) = 13.0 ms: memory either way.
 * The report's own rates agree: 25 / 629 tokens/s = 39.7 ms an A800
 * step (read38), the attention and the engine's time on top. */
static void
test_decode_rate_named (void)
{
  static const struct {
    const char *lang, *heading_end, *bound;
  } cases[] = {
    { "en", "replica, with",
      "at this load the steps of Metal B and Ascend C are bound by compute, and their decode rate follows the GPU's FLOPS, not "
      "its memory bandwidth; the others' memory reads still take longer." },
    { "zh_CN", "（含预填充）",
      "在此负载下，Metal B 和Ascend C 的解码步骤受算力限制，其解码速度取决于 GPU 的 FLOPS，而非显存带宽；其余方案仍是读取显存更耗时。" },
  };

  if (!cp_test_have_poppler ())
    {
      g_test_skip ("pdftotext or pdfinfo is not installed");
      return;
    }
  RUN_OK ("new", "serve.cplan", "--name", "Serving");
  RUN_OK ("add-job", "serve.cplan", "--name", "14B service", "--task", "inference", "--model", "qwen2.5-14b",
          "--concurrency", "200", "--duration-days", "30");
  RUN_OK ("add-quote", "serve.cplan", "--vendor", "Cloud A", "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "1",
          "--price-per-gpu-hour", "30", "--offering", "cloud-vm");
  RUN_OK ("add-quote", "serve.cplan", "--vendor", "Metal B", "--gpu", "a800", "--gpus-per-node", "8", "--nodes", "1",
          "--price-per-gpu-hour", "10");
  RUN_OK ("add-quote", "serve.cplan", "--vendor", "Ascend C", "--gpu", "ascend-910b", "--gpus-per-node", "8",
          "--price-per-gpu-hour", "25");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pdf = g_strdup_printf ("serve-%s.pdf", cases[i].lang);
      g_autofree char *text = NULL;
      g_autofree char *squeezed = NULL;

      RUN_OK ("report", "serve.cplan", "--lang", cases[i].lang, "--pdf", pdf);
      text = cp_test_pdf_text (tmp_dir, pdf, 0, FALSE);
      squeezed = cp_test_squeeze (text);
      cp_test_assert_has (text, cases[i].heading_end);
      {
        g_autofree char *bound = cp_test_squeeze (cases[i].bound);

        cp_test_assert_has (squeezed, bound);
      }
    }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("cp-serving-basis-XXXXXX", NULL);
  g_test_add_func ("/report/serving-basis/decode-rate-named", test_decode_rate_named);
  status = g_test_run ();
  cp_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
