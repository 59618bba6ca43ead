/* test-report-signing.c: what an approver about to sign still found
 * wrong (issue 22, 2 December), on reports made as a user makes them
 * (compute-planner-cli, read back with pdftotext): the Chinese XML
 * said its language was English, the reasons list skipped R3, a rental
 * that is the whole cost read "¥30,000 of ¥30,000", a bare machine was
 * taxed as a cloud service and a 不含税 price compared with 含税 ones. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "common/cp-test-cli.h"
#include "report-cli-projects.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* The XML report names the language it is written in: a Chinese report
 * of a project whose own language is English said "en". It spells it
 * once, as BCP 47 does, in the root's lang and the project's report
 * language (appr36 D35: "zh-CN" and "zh_CN" in one file). */
static void
test_report_language (void)
{
  static const struct { const char *lang, *says, *root; } cases[] = {
    { "zh_CN", "<report-language>zh-CN</report-language>", "lang=\"zh-CN\">" },
    { "en", "<report-language>en</report-language>", "lang=\"en\">" },
  };

  report_cli_make_month_lora (tmp_dir, "lang.cplan");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("lang-%s.xml", cases[i].lang);
      g_autofree char *xml = NULL;

      RUN_OK ("report", "lang.cplan", "--lang", cases[i].lang, "--xml", name);
      xml = cp_test_read_in (tmp_dir, name);
      cp_test_assert_has (xml, cases[i].says);
      cp_test_assert_has (xml, cases[i].root);
      g_assert_null (strstr (xml, "zh_CN"));
    }
}

/* The rule labels of the reasons list, in the order printed: "R1 R2 …". */
static char *
printed_rules (const char *pdf)
{
  g_autofree char *text = cp_test_run_tool (tmp_dir, (const char *const[]) { "pdftotext", "-layout", "-enc", "UTF-8",
                                                                           pdf, "-", NULL });
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *rules = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = lines[i];

      while (*l == ' ' || *l == '\f')
        l++;
      if (l[0] == 'R' && l[1] >= '1' && l[1] <= '9' && (l[2] == ' ' || l[2] == '\t'))
        g_string_append_printf (rules, "%sR%c", rules->len > 0 ? " " : "", l[1]);
      /* Rules in a row that do not apply share a line: "R2–3". */
      else if (l[0] == 'R' && l[1] >= '1' && l[1] <= '9' && g_str_has_prefix (l + 2, "–"))
        for (char r = l[1]; r <= l[2 + strlen ("–")]; r++)
          g_string_append_printf (rules, "%sR%c", rules->len > 0 ? " " : "", r);
    }
  return g_string_free (rules, FALSE);
}

/* The reasons list is numbered as printed: a training job's list read R1,
 * R2, R4…, its R3 (inference concurrency) left out; every rule up to the
 * last has its line (rules in a row that do not apply share one, "R2–3"):
 * a LoRA job applies R2, so its R3 stands alone, and a pre-training job's
 * R2 and R3 share a line. */
static void
test_rules_consecutive (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  report_cli_make_month_lora (tmp_dir, "rules.cplan");
  for (guint l = 0; l < 2; l++)
    {
      const char *lang = l == 0 ? "en" : "zh_CN";
      g_autofree char *pdf = g_strdup_printf ("rules-%s.pdf", lang);
      g_autofree char *rules = NULL;
      g_autofree char *all = NULL;

      RUN_OK ("report", "rules.cplan", "--lang", lang, "--pdf", pdf);
      rules = printed_rules (pdf);
      g_test_message ("%s: %s", lang, rules);
      g_assert_cmpstr (rules, ==, "R1 R2 R3 R4 R5 R6 R7 R8 R9");
      all = cp_test_pdf_text (tmp_dir, pdf, 0, FALSE);
      cp_test_assert_has (all, l == 0 ? "Inference concurrency — Applies to inference services only"
                                       : "推理并发 — 仅适用于推理服务");
    }

  RUN_OK ("new", "rules-pt.cplan");
  RUN_OK ("add-job", "rules-pt.cplan", "--name", "13B pre-training", "--model", "llama-2-13b", "--task", "pretrain");
  RUN_OK ("add-quote", "rules-pt.cplan", "--vendor", "A", "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "1",
          "--price-per-gpu-hour", "15");
  RUN_OK ("report", "rules-pt.cplan", "--lang", "en", "--pdf", "rules-pt.pdf");
  {
    g_autofree char *rules = printed_rules ("rules-pt.pdf");
    g_autofree char *all = cp_test_pdf_text (tmp_dir, "rules-pt.pdf", 0, FALSE);

    g_test_message ("pre-training: %s", rules);
    g_assert_true (g_str_has_prefix (rules, "R1 R2 R3 R4"));
    cp_test_assert_has (all, "Kind of fine-tuning, Inference concurrency — Do not apply to this job.");
  }
}

/* A rental that is the option's whole cost is said once: one A800 machine
 * at 30,000 CNY a month, billed by whole months as its quote states no
 * step nor term (not "the 1-month minimum", which the vendor never named:
 * approver 22), for a run of under a day, costs the month's 30,000 and
 * nothing else (no fees, no storage price); "30,000 CNY of 30,000 CNY"
 * and "总计 ¥30,000 中占 ¥30,000" read wrong. */
static void
test_whole_cost (void)
{
  static const struct { const char *lang, *says, *not; } cases[] = {
    { "en", "Billed by whole months, as the price is per node-month: 1 month, 30,000 CNY, the option’s whole cost,", "30,000 CNY of 30,000 CNY" },
    { "zh_CN", "按整月计费（价格为每节点每月）：1 个月，租金 ¥30,000，即该方案的全部费用，", "中占" },
  };

  if (cp_test_skip_without_poppler ())
    return;
  report_cli_make_month_lora (tmp_dir, "whole.cplan");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pdf = g_strdup_printf ("whole-%s.pdf", cases[i].lang);
      g_autofree char *all = NULL;

      RUN_OK ("report", "whole.cplan", "--lang", cases[i].lang, "--pdf", pdf);
      all = cp_test_pdf_text (tmp_dir, pdf, 0, FALSE);
      cp_test_assert_has (all, cases[i].says);
      cp_test_assert_lacks (all, cases[i].not);
    }
}

/* The option of quote @quote_id in @xml (squeezed), up to its
 * first "</option>": one option of a plan. */
static char *
option_of (const char *xml,
           const char *quote_id)
{
  g_autofree char *start = g_strdup_printf ("<optionquote=\"%s\"", quote_id);
  const char *at = strstr (xml, start);
  const char *end;

  g_assert_nonnull (at);
  end = strstr (at, "</option>");
  g_assert_nonnull (end);
  return g_strndup (at, end - at);
}

/* VAT follows each quote's offering, and every quote is compared with it
 * (approver, 2 December: 6% was applied to a bare-metal quote, whose
 * rental the report's own source taxes at 13%, and a 不含税 price was
 * compared with 含税 ones as written). A 13B LoRA; an 8 × 4090 container
 * at 2.2 CNY per GPU-hour, VAT included (the project's default), taxed as
 * a cloud service at 6%; one 8 × A800 bare machine at 30,000 CNY per
 * node-month 不含税, imported from a vendor's sheet that states no rate:
 * as leasing tangible movable property it is taxed 13%, so its month is
 * compared as 30,000 × 1.13 = 33,900 CNY (a run of under a day bills the
 * one-month minimum, and the quote has no fees). The memo's VAT note
 * speaks of the amount, which rents from Vendor A alone: Vendor B's 13%
 * is in the quotes table. */
static void
test_vat_by_offering (void)
{
  static const struct { const char *lang, *container, *bare, *note; } cases[] = {
    { "en", "6% incl.", "13% added", "not stated in the quotes, taken as 6%, included (Vendor A)." },
    { "zh_CN", "6% 含税", "13% 另加", "报价未写明税率，按 6%，已含在报价中（Vendor A）。" },
  };
  g_autofree char *csv_path = g_build_filename (tmp_dir, "vendor-b.csv", NULL);
  g_autofree char *xml = NULL, *raw = NULL, *bare = NULL, *container = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "vat.cplan");
  RUN_OK ("add-job", "vat.cplan", "--name", "13B LoRA", "--model", "llama-2-13b", "--task", "lora", "--recompute", "full", "--zero", "0",
          "--tokens", "300M", "--seq-len", "2048", "--lora-rank", "16", "--deadline-days", "14");
  RUN_OK ("add-quote", "vat.cplan", "--vendor", "Vendor A", "--offer", "8 × 4090 container", "--gpu", "rtx4090",
          "--offering", "container", "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "2.2");
  g_assert_true (g_file_set_contents (csv_path,
                                      "供应商,方案,类型,GPU型号,单机卡数,数量,价格,备注\n"
                                      "Vendor B,8 × A800 裸金属,裸金属,A800,8,1,30000元/台/月,不含税\n", -1, NULL));
  RUN_OK ("import-quotes", "vat.cplan", "vendor-b.csv");

  RUN_OK ("report", "vat.cplan", "--lang", "en", "--xml", "vat.xml");
  raw = cp_test_read_in (tmp_dir, "vat.xml");
  xml = cp_test_squeeze (raw);
  /* The rate that applied to each quote, and the factor its prices took. */
  cp_test_assert_has (xml, "<quote-vat quote=\"quote-1\" rate=\"0.06\" rate-stated=\"false\" "
                           "prices-include-vat=\"true\" compared-factor=\"1\"/>");
  cp_test_assert_has (xml, "<quote-vat quote=\"quote-2\" rate=\"0.13\" rate-stated=\"false\" "
                           "prices-include-vat=\"false\" compared-factor=\"1.13\"/>");
  bare = option_of (xml, "quote-2");
  cp_test_assert_has (bare, "<total-cost currency=\"CNY\">33900");
  container = option_of (xml, "quote-1");
  cp_test_assert_lacks (container, "<total-cost currency=\"CNY\">33900");
  /* The quote's basis and the project's rates go through the XML: a
   * project imported from it compares the quote the same way. */
  cp_test_assert_has (xml, "<vat-basis>excluded</vat-basis>");
  cp_test_assert_has (xml, "<vat-rate-lease unit=\"fraction\">0.13</vat-rate-lease>");
  {
    g_autofree char *again_raw = NULL, *again = NULL, *again_bare = NULL;

    RUN_OK ("new", "vat-again.cplan");
    RUN_OK ("import-xml", "vat-again.cplan", "vat.xml");
    RUN_OK ("report", "vat-again.cplan", "--lang", "en", "--xml", "vat-again.xml");
    again_raw = cp_test_read_in (tmp_dir, "vat-again.xml");
    again = cp_test_squeeze (again_raw);
    cp_test_assert_has (again, "<quote-vat quote=\"quote-2\" rate=\"0.13\" rate-stated=\"false\" "
                               "prices-include-vat=\"false\" compared-factor=\"1.13\"/>");
    again_bare = option_of (again, "quote-2");
    cp_test_assert_has (again_bare, "<total-cost currency=\"CNY\">33900");
  }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pdf = g_strdup_printf ("vat-%s.pdf", cases[i].lang);
      g_autofree char *all = NULL;

      RUN_OK ("report", "vat.cplan", "--lang", cases[i].lang, "--pdf", pdf);
      all = cp_test_pdf_text (tmp_dir, pdf, 0, FALSE);
      cp_test_assert_has (all, cases[i].container);
      cp_test_assert_has (all, cases[i].bare);
      cp_test_assert_has (all, cases[i].note);
    }
}

/* The text of element @name in @xml (squeezed) after @from, or NULL. */
static char *
element_text (const char *xml,
              const char *from,
              const char *name)
{
  g_autofree char *open = g_strdup_printf ("<%s>", name);
  g_autofree char *close = g_strdup_printf ("</%s>", name);
  const char *at = strstr (xml, from);
  const char *start, *end;

  if (at == NULL || (start = strstr (at, open)) == NULL)
    return NULL;
  start += strlen (open);
  end = strstr (start, close);
  return end != NULL ? g_strndup (start, end - start) : NULL;
}

/* The XML carries what the approver signs: a cluster quote's whole offer
 * beside the node count the plan chose, and each monthly invoice. A 13B
 * LoRA on 31B tokens from 1 March 2027: one A800 machine at 30,000 CNY
 * per node-month, recommended, runs about 36.8 days, so the vendor bills
 * two months, one invoice of 30,000 on 1 March and one a 730-h month
 * later, day 30.4167, on 31 March (10:00); a
 * 4-node H800 cluster (32 GPUs) at 30 CNY per GPU-hour is planned at
 * fewer nodes: its whole offer, 4 nodes and 32 GPUs, is given with its
 * total and the PDF's words for it, which state the same total. The file
 * is valid against the published schema in both languages. */
static void
test_xml_whole_offer_and_invoices (void)
{
  g_autofree char *xsd = g_build_filename (g_getenv ("CP_SOURCE_DIR"), "data", "report",
                                           "compute-planner-report.xsd", NULL);

  if (cp_test_skip_without_poppler ())
    return;
  report_cli_make_13b_lora (tmp_dir, "offer.cplan");
  for (guint l = 0; l < 2; l++)
    {
      const char *lang = l == 0 ? "en" : "zh_CN";
      g_autofree char *name = g_strdup_printf ("offer-%s.xml", lang);
      g_autofree char *pdf = g_strdup_printf ("offer-%s.pdf", lang);
      g_autofree char *raw = NULL, *xml = NULL, *option = NULL, *cost = NULL, *words = NULL, *text = NULL;
      g_autofree char *valid = NULL;
      double total;

      RUN_OK ("report", "offer.cplan", "--lang", lang, "--start", "2027-03-01", "--xml", name, "--pdf", pdf);
      valid = cp_test_run_tool (tmp_dir, (const char *const[]) { "xmllint", "--noout", "--schema", xsd, name, NULL });
      raw = cp_test_read_in (tmp_dir, name);
      xml = cp_test_squeeze (raw);
      cp_test_assert_has (xml, "<invoice job=\"job-1\" quote=\"quote-1\"><date>2027-03-01</date>"
                               "<cost currency=\"CNY\">30000</cost></invoice>"
                               "<invoice job=\"job-1\" quote=\"quote-1\"><date>2027-03-31</date>"
                               "<cost currency=\"CNY\">30000</cost></invoice></schedule>");
      /* On paper too, under the month table (approver 36, D25: the
       * demo's invoice was in the XML only). */
      text = cp_test_pdf_text (tmp_dir, pdf, 0, FALSE);
      /* Each names its job (walk37b V7: two jobs' months of one machine
       * read as one invoice counted twice). */
      cp_test_assert_has (text, l == 0 ? "Invoiced on set days, in the months above: 示例供应商甲, 30,000 CNY on 1 March 2027 "
                                         "(13B LoRA); 示例供应商甲, 30,000 CNY on 31 March 2027 (13B LoRA)."
                                       : "按固定日期开票的款项（已计入上表各月）：示例供应商甲：2027年3月1日付 ¥30,000（13B LoRA）；"
                                         "示例供应商甲：2027年3月31日付 ¥30,000（13B LoRA）。");
      g_clear_pointer (&text, g_free);
      option = option_of (xml, "quote-2");
      cp_test_assert_has (option, "<whole-offer><nodes>4</nodes><gpus>32</gpus><fits>true</fits>");
      {
        /* The whole offer's own total, after its <fits>. */
        const char *tag = "<total-costcurrency=\"CNY\">";
        const char *at = strstr (strstr (option, "<whole-offer>"), tag);

        g_assert_nonnull (at);
        at += strlen (tag);
        cost = g_strndup (at, strcspn (at, "<"));
      }
      total = g_ascii_strtod (cost, NULL);
      g_test_message ("%s: whole offer %s CNY", lang, cost);
      g_assert_cmpfloat (total, >, 0);
      words = element_text (option, "<whole-offer>", "text");
      g_assert_nonnull (words);
      g_assert_true (g_str_has_prefix (words, l == 0 ? "4nodes:" : "4个节点"));
      {
        /* The words give the same total, with thousands separators. */
        g_autofree char *digits = g_strdup_printf ("%.0f", total);
        g_autoptr(GString) grouped = g_string_new (NULL);
        guint n = strlen (digits);

        for (guint d = 0; d < n; d++)
          {
            if (d > 0 && (n - d) % 3 == 0)
              g_string_append_c (grouped, ',');
            g_string_append_c (grouped, digits[d]);
          }
        cp_test_assert_has (words, grouped->str);
      }
      text = cp_test_pdf_text (tmp_dir, pdf, 0, FALSE);
      cp_test_assert_has (text, words);
    }
}

/* The element @name's number after @from in @xml (squeezed). */
static double
number_in (const char *xml,
           const char *from,
           const char *name)
{
  /* Up to the currency: the contingency's rule follows it. */
  g_autofree char *tag = g_strdup_printf ("<%scurrency=\"CNY\"", name);
  const char *at = strstr (xml, from);

  g_assert_nonnull (at);
  at = strstr (at, tag);
  g_assert_nonnull (at);
  at = strchr (at, '>');
  g_assert_nonnull (at);
  return g_ascii_strtod (at + 1, NULL);
}

/* The XML's budget is the PDF's, to the yuan (approver, 3 December:
 * "1509.2" and "137.20000000000002" beside page 1's 1,509 and 137). The
 * Ascend project: 华为云's one machine, 8 GPUs at 12.25 CNY per GPU-hour,
 * 11 hours billed: 12.25 × 8 × 11 = 1,078 CNY; at the range's top 14
 * hours, 1,372 CNY; + 10% contingency, 137.2, shown 137; to approve
 * 1,509.2, shown 1,509. Then the demo: five jobs on 示例供应商 A's one
 * 4090 machine side by side, the over-booking page 1 warns of, and the
 * budget by vendor, adding up to the total, the figure page 1 prints;
 * both through import-xml, which recomputes them from the inputs. */
static void
test_xml_budget_as_printed (void)
{
  g_autofree char *xsd = g_build_filename (g_getenv ("CP_SOURCE_DIR"), "data", "report",
                                           "compute-planner-report.xsd", NULL);
  g_autofree char *raw = NULL, *xml = NULL, *pdf_text = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  report_cli_make_ascend_lora (tmp_dir, "budget.cplan");
  RUN_OK ("report", "budget.cplan", "--lang", "en", "--xml", "budget.xml", "--pdf", "budget.pdf");
  raw = cp_test_read_in (tmp_dir, "budget.xml");
  xml = cp_test_squeeze (raw);
  g_assert_cmpfloat (number_in (xml, "<schedule", "total-cost"), ==, 12.25 * 8 * 11);
  g_assert_cmpfloat (number_in (xml, "<approval", "top-of-range"), ==, 12.25 * 8 * 14);
  g_assert_cmpfloat (number_in (xml, "<approval", "contingency"), ==, 137);
  g_assert_cmpfloat (number_in (xml, "<approval", "amount-to-approve"), ==, 1509);
  cp_test_assert_has (xml, "<month month=\"2026-12\"><costcurrency=\"CNY\">1078</cost>"
                           "<cumulative-costcurrency=\"CNY\">1078</cumulative-cost>"
                           "<approved-cumulativecurrency=\"CNY\">1509</approved-cumulative></month>");
  cp_test_assert_has (xml, "<vendorquote=\"quote-2\"jobs=\"1\"><name>华为云</name><costcurrency=\"CNY\">1078</cost></vendor>");
  cp_test_assert_lacks (xml, "<overbooking");
  pdf_text = cp_test_pdf_text (tmp_dir, "budget.pdf", 1, FALSE);
  cp_test_assert_has (pdf_text, "Amount to approve: 1,509 CNY (the top of the range + 10% contingency, 137 CNY).");

  for (guint pass = 0; pass < 2; pass++)
    {
      /* The demo, then the project import-xml makes of its report. */
      const char *file = pass == 0 ? "budget-demo.cplan" : "budget-back.cplan";
      g_autofree char *xml_name = g_strdup_printf ("budget-demo-%u.xml", pass);
      g_autofree char *pdf_name = g_strdup_printf ("budget-demo-%u.pdf", pass);
      g_autofree char *demo_raw = NULL, *demo = NULL, *demo_pdf = NULL, *overbooking = NULL, *sentence = NULL;
      double vendors = 0, total;
      const char *at;

      if (pass == 0)
        RUN_OK ("demo", file);
      else
        {
          RUN_OK ("new", file);
          RUN_OK ("import-xml", file, "budget-demo-0.xml");
        }
      RUN_OK ("report", file, "--lang", "en", "--start", "2027-03-01", "--xml", xml_name, "--pdf", pdf_name);
      g_free (cp_test_run_tool (tmp_dir, (const char *const[]) { "xmllint", "--noout", "--schema", xsd, xml_name, NULL }));
      demo_raw = cp_test_read_in (tmp_dir, xml_name);
      demo = cp_test_squeeze (demo_raw);
      demo_pdf = cp_test_pdf_text (tmp_dir, pdf_name, 0, FALSE);
      total = number_in (demo, "<schedule", "total-cost");
      g_assert_cmpfloat (total, ==, round (total));
      /* One range in one file: the schedule's top is the approval's
       * (approver 22: 261,745 beside 261,747), page 1's "(246,333–290,785":
       * by hand, the jobs' lows 8,580 + 90 + 12,968 + 204,774 + 13,264 +
       * 6,197 + 460 = 246,333 and tops 13,468 + 144 + 12,968 + 243,989 +
       * 13,264 + 6,197 + 755 = 290,785 (the 13B pretraining's 14 days of
       * debugging on one of D's machines, R4, in both). */
      g_assert_cmpfloat (number_in (demo, "<schedule", "total-cost-high"), ==, number_in (demo, "<approval", "top-of-range"));
      cp_test_assert_has (demo_pdf, "(246,333–290,785CNY)");
      /* Each vendor's subtotal as page 1 prints it; together, the total. */
      /* The schedule's own <vendor>s, not the questions' after it. */
      *strstr (demo, "</schedule>") = '\0';
      for (at = strstr (demo, "<vendorquote="); at != NULL; at = strstr (at + 1, "<vendorquote="))
        {
          double cost = number_in (at, "<name>", "cost");
          g_autofree char *digits = g_strdup_printf ("%.0f", cost);

          g_assert_cmpfloat (cost, ==, round (cost));
          if (cost >= 1000)
            {
              g_autoptr(GString) grouped = g_string_new (digits);
              g_autofree char *printed = NULL;

              g_string_insert_c (grouped, grouped->len - 3, ',');
              printed = g_strdup_printf ("%sCNY", grouped->str);
              cp_test_assert_has (demo_pdf, printed);
            }
          vendors += cost;
        }
      g_assert_cmpfloat (vendors, ==, total);
      /* The amount's VAT by rate (approver 22: the 6% part read 5,189),
       * of the tops the amount is made of (walk37 W10b: of the planned
       * costs it read 30,663). By hand: the jobs on 13% quotes, at their
       * tops (示例供应商 G's 13,468, D's 243,989), 257,457 × 1.1 × 13 / 113
       * = 32,580.8; those on A's 6% quote (144 + 12,968 + 13,264 + 6,197
       * + 755 = 33,328) × 1.1 × 6 / 106 = 2,075.1: 34,656 in all. Page 1
       * says each rate on its base, 257,457 × 1.1 = 283,203 and 33,328 ×
       * 1.1 = 36,661 CNY (walk41 F18), the sign-off block each rate's VAT. */
      cp_test_assert_has (demo_pdf, "VAT:34,656CNY(13%on283,203CNY;6%on36,661CNY)");
      cp_test_assert_has (demo_pdf, "VATinit:34,656CNY(13%:32,581CNY;6%:2,075CNY)");
      cp_test_assert_has (demo, "<vendorquote=\"q-4090\"jobs=\"5\">");
      cp_test_assert_has (demo_pdf, "示例供应商A(ExamplevendorA),5jobs,");
      /* The over-booking: the 4090 machine's five jobs, 5 nodes of 1. */
      overbooking = g_strdup (strstr (demo, "<overbookingquote=\"q-4090\"nodes-needed=\"5\"nodes-offered=\"1\">"
                                            "<from>2027-03-01</from>"));
      g_assert_nonnull (overbooking);
      for (guint j = 0; j < 5; j++)
        {
          static const char *const refs[] = { "job-qlora7b", "job-serve7b", "job-dev", "job-data", "job-lora14b" };
          g_autofree char *ref = g_strdup_printf ("<jobref=\"%s\"/>", refs[j]);

          cp_test_assert_has (overbooking, ref);
        }
      /* Its words are page 1's condition above the amount. */
      at = strstr (overbooking, "<text>");
      g_assert_nonnull (at);
      sentence = g_strndup (at + strlen ("<text>"), strstr (at, "</text>") - at - strlen ("<text>"));
      cp_test_assert_has (sentence, "need5of示例供应商A(ExamplevendorA)’smachinesatoncefrom1March2027;itoffers1.");
      cp_test_assert_has (demo_pdf, sentence);
    }
}

/* A Chinese team names its project as the app's title would: "算力方案：
 * Qwen 72B 微调". The report is titled with the name as typed, not
 * "算力方案：算力方案：Qwen 72B 微调" in its title, headers and PDF
 * metadata; another name still takes the prefix. */
static void
test_title_prefix_once (void)
{
  g_autofree char *first = NULL, *info = NULL, *other = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "titled.cplan", "--name", "算力方案：Qwen 72B 微调");
  RUN_OK ("report", "titled.cplan", "--lang", "zh_CN", "--pdf", "titled.pdf");
  first = cp_test_pdf_text (tmp_dir, "titled.pdf", 1, TRUE);
  cp_test_assert_has (first, "算力方案：Qwen 72B 微调");
  cp_test_assert_lacks (first, "算力方案：算力方案");
  {
    g_autofree char *raw_info = cp_test_run_tool (tmp_dir, (const char *const[]) { "pdfinfo", "-enc", "UTF-8",
                                                                                   "titled.pdf", NULL });

    info = cp_test_squeeze (raw_info);
  }
  cp_test_assert_has (info, "算力方案：Qwen 72B 微调");
  cp_test_assert_lacks (info, "算力方案：算力方案");
  RUN_OK ("new", "other.cplan", "--name", "Qwen 72B 微调");
  RUN_OK ("report", "other.cplan", "--lang", "zh_CN", "--pdf", "other.pdf");
  other = cp_test_pdf_text (tmp_dir, "other.pdf", 1, TRUE);
  cp_test_assert_has (other, "算力方案：Qwen 72B 微调");
}

/* Page 1 says which figures are the app's, not the team's (issue 22):
 * the Ascend project typed no --tokens (the LoRA default, 100M), no VAT
 * rate for either bare-metal quote (a lease's 13%, included as the
 * project's default says), 华为云's kind (bare metal, which sets that rate
 * and R8's condition: read37 F4) and the catalogue's 910B, which is its 910B2;
 * its single machine pays for no migration nor storage, so neither the
 * team's days nor storage is named. With tokens, VAT and kind typed, they go.
 * VAT is said once, with the amount (approver 20: "VAT: … in the amount"
 * and again "VAT 13%, included (every quote)" among the figures assumed). */
static void
test_memo_names_assumptions (void)
{
  static const struct { const char *lang, *assumed, *vat, *vat_word; } cases[] = {
    { "en", "Assumed, not given: 100M tokens (Qwen2.5 72B LoRA); bare metal (华为云); 910B "
            "taken as the 910B2 (华为云).",
      "in the amount; not stated in the quotes, taken as 13%, included (华为云).", "VAT" },
    { "zh_CN", "假设值（未填写）：1 亿个 token（Qwen2.5 72B LoRA）；裸金属（华为云）；910B 按 910B2 计（华为云）。",
      "；报价未写明税率，按 13%，已含在报价中（华为云）。", "增值税" },
  };

  if (cp_test_skip_without_poppler ())
    return;
  report_cli_make_ascend_lora (tmp_dir, "assumed.cplan");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pdf = g_strdup_printf ("assumed-%s.pdf", cases[i].lang);
      g_autofree char *first = NULL;

      RUN_OK ("report", "assumed.cplan", "--lang", cases[i].lang, "--pdf", pdf);
      first = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
      cp_test_assert_has (first, cases[i].assumed);
      cp_test_assert_has (first, cases[i].vat);
      g_assert_cmpuint (cp_test_count (first, cases[i].vat_word), ==, 1);
    }
  RUN_OK ("new", "given.cplan");
  RUN_OK ("add-job", "given.cplan", "--name", "Qwen2.5 72B LoRA", "--model", "qwen2.5-72b", "--task", "lora",
          "--tokens", "200M", "--deadline-days", "5");
  RUN_OK ("add-quote", "given.cplan", "--vendor", "深圳算力云", "--gpu", "a800", "--gpus-per-node", "8", "--nodes", "1",
          "--price-per-gpu-hour", "12", "--vat-rate", "13%", "--prices-include-vat", "yes", "--offering", "bare-metal");
  RUN_OK ("report", "given.cplan", "--lang", "en", "--pdf", "given.pdf");
  {
    g_autofree char *first = cp_test_pdf_text (tmp_dir, "given.pdf", 1, FALSE);

    cp_test_assert_lacks (first, "Assumed, not given");
  }
}

/* The demo's page 1 names, in what its amount assumes (the VAT taken, a
 * GPU variant), only the vendors whose jobs the amount holds: by hand,
 * the recommended options rent from 示例供应商 G (the 70B fine-tune, a bare
 * machine: 13%), D (the 13B pre-training, a bare-metal cluster: 13%) and
 * A (five jobs on a container machine: 6%). The note named "4 vendors" at
 * 6% and "3 vendors" at 13%, all seven compared, and F's 910B, which no
 * recommended option rents (approver 22). Each rate's VAT is said with
 * the vendors' charges it is on. */
static void
test_vat_vendors_in_amount (void)
{
  static const struct { const char *lang, *six, *thirteen, *basis; } cases[] = {
    { "en", "taken as 6%, included (示例供应商 A (Example vendor A)); 13%, included (",
      "included (示例供应商 D (Example vendor D), 示例供应商 G (Example vendor G))",
      "VAT: 34,656 CNY (13% on 283,203 CNY; 6% on 36,661 CNY) in the amount;" },
    { "zh_CN", "按 6%，已含在报价中（示例供应商 A (Example vendor A)）；13%，已含在报价中（",
      "已含在报价中（示例供应商 D (Example vendor D)，示例供应商 G (Example vendor G)）",
      "增值税：申请金额中含 ¥34,656（13%：基数 ¥283,203；6%：基数 ¥36,661）" },
  };

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("demo", "vat-demo.cplan");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pdf = g_strdup_printf ("vat-demo-%s.pdf", cases[i].lang);
      g_autofree char *first = NULL, *second = NULL, *memo = NULL;

      RUN_OK ("report", "vat-demo.cplan", "--lang", cases[i].lang, "--pdf", pdf);
      /* The memo's two pages, where the note may run on. */
      first = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
      second = cp_test_pdf_text (tmp_dir, pdf, 2, FALSE);
      memo = g_strconcat (first, second, NULL);
      cp_test_assert_has (memo, cases[i].six);
      cp_test_assert_has (memo, cases[i].thirteen);
      cp_test_assert_lacks (memo, "vendors)");
      cp_test_assert_lacks (memo, "家供应商）");
      cp_test_assert_lacks (memo, "910B2");
      /* Each rate on what it is computed on, checkable by hand (walk41
       * F18): 283,203 × 13/113 = 32,581 and 36,661 × 6/106 = 2,075 CNY,
       * 34,656 in all; the two bases are the 319,864 CNY to approve (no
       * team days in it). */
      cp_test_assert_has (memo, cases[i].basis);
      cp_test_assert_has (memo, g_str_has_prefix (cases[i].lang, "zh") ? "申请批准金额：¥319,864" : "Amount to approve: 319,864 CNY");
    }
}

/* The demo's five jobs on 示例供应商 A's one machine (5 at once from the
 * first day, where A offers 1) make page 1's budget open with a
 * condition, above the total and the amount: not approvable as planned,
 * counting the jobs and saying what to do (appr22 finding 3: it was the
 * recommendations' last line). The memo's questions for the vendors ask
 * it first, as the XML's do: "Can you rent 5 machines at once from
 * <today>?" (approver 36, D22: only the XML asked it). Run one after another, earliest deadline
 * first, by hand: 7B QLoRA (0.2 days, due in 7) then 14B LoRA (1.1 days,
 * due in 10) meet their deadlines, then the 30-day service, the 30-day
 * development month and the 10 days of data cleaning, which have none,
 * each from the start of the day after the one before ends: 0.2 → day 1,
 * + 1.1 → day 3, + 30 + 30 + 10 = 73 days, so the last ends on the
 * start's day + 72, where the service and the month end on day + 29 as
 * planned. The five answers say their
 * choice holds only if A rents enough machines. */
static void
test_overbooking_blocks (void)
{
  static const struct { const char *lang, *budget, *blocked, *confirm, *serial_fmt, *answer, *amount, *ask_fmt, *by_when, *now; } cases[] = {
    { "en", "Budget and calendar", "Not approvable as planned: 5 jobs need 5 of",
      "need 5 of 示例供应商 A (Example vendor A)’s machines at once from ",
      "Have it confirm 5 machines before approving, or run the jobs one after another, earliest deadline first: "
      "every deadline holds, and the last ends on %s, not %s.",
      "holds only if the vendor rents enough machines.", "Amount to approve:",
      "Can you rent 5 machines at once from %s? The quote offers 1, and the plan is not "
      "approvable without them.",
      "Settle that first: the calendar starts today; 示例供应商 G (Example vendor G)’s "
      "price holds to 31 March 2027.", "Approve now" },
    { "zh_CN", "预算与日程", "按现计划不可批准：5 个任务自",
      "同时需要示例供应商 A (Example vendor A) 的 5 台机器，而它只提供 1 台。",
      "批准前请其确认能提供 5 台，或让这些任务按截止日期先后依次进行：各截止期限仍能满足，最后一个任务在%s结束，而非%s。",
      "仅当供应商能提供足够机器时成立。", "申请批准金额：",
      "能否自%s起同时提供 5 台机器？报价只提供 1 台，没有这些机器，本计划无法批准。",
      "请先解决上述问题：日程从今天算起；示例供应商 G (Example vendor G) 的报价有效至 2027年3月31日。",
      "请立即审批" },
  };
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GDateTime) today = g_date_time_new_local (g_date_time_get_year (now), g_date_time_get_month (now),
                                                      g_date_time_get_day_of_month (now), 12, 0, 0);
  g_autoptr(GDateTime) serial_end = g_date_time_add_days (today, 72);
  g_autoptr(GDateTime) planned_end = g_date_time_add_days (today, 29);

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("demo", "blocked-demo.cplan");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pdf = g_strdup_printf ("blocked-demo-%s.pdf", cases[i].lang);
      g_autofree char *first = NULL, *serial = NULL, *last = NULL, *planned = NULL;
      g_autofree char *budget_word = NULL, *blocked_words = NULL, *amount_word = NULL, *by_when = NULL;
      g_autofree char *memo = NULL, *second = NULL, *from = NULL, *ask = NULL;
      const char *budget, *blocked, *amount;

      RUN_OK ("report", "blocked-demo.cplan", "--lang", cases[i].lang, "--pdf", pdf);
      first = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
      if (i == 0)
        {
          last = g_date_time_format (serial_end, "%-d %B %Y");
          planned = g_date_time_format (planned_end, "%-d %B %Y");
          from = g_date_time_format (today, "%-d %B %Y");
        }
      else
        {
          last = g_date_time_format (serial_end, "%Y年%-m月%-d日");
          planned = g_date_time_format (planned_end, "%Y年%-m月%-d日");
          from = g_date_time_format (today, "%Y年%-m月%-d日");
        }
      second = cp_test_pdf_text (tmp_dir, pdf, 2, FALSE);
      memo = g_strconcat (first, second, NULL);
      ask = g_strdup_printf (cases[i].ask_fmt, from);
      cp_test_assert_has (memo, ask);
      serial = g_strdup_printf (cases[i].serial_fmt, last, planned);
      cp_test_assert_has (first, cases[i].confirm);
      cp_test_assert_has (first, serial);
      g_assert_cmpuint (cp_test_count (first, cases[i].answer), ==, 5);
      /* In that order: the budget's heading, the condition, the amount. */
      budget_word = cp_test_squeeze (cases[i].budget);
      blocked_words = cp_test_squeeze (cases[i].blocked);
      amount_word = cp_test_squeeze (cases[i].amount);
      budget = strstr (first, budget_word);
      blocked = strstr (first, blocked_words);
      amount = strstr (first, amount_word);
      g_assert_nonnull (budget);
      g_assert_nonnull (blocked);
      g_assert_nonnull (amount);
      g_assert_true (budget < blocked && blocked < amount);
      cp_test_assert_lacks (first, "5 jobs above run at the same time");
      /* Read38 F3: under "Not approvable as planned", the by-when line
       * said "Approve now": it says what to settle first, then when. */
      by_when = cp_test_squeeze (cases[i].by_when);
      cp_test_assert_has (first, cases[i].by_when);
      g_assert_true (strstr (first, by_when) > amount);
      cp_test_assert_lacks (memo, cases[i].now);
    }
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-signing-XXXXXX");

  g_test_add_func ("/report-signing/report-language", test_report_language);
  g_test_add_func ("/report-signing/rules-consecutive", test_rules_consecutive);
  g_test_add_func ("/report-signing/whole-cost", test_whole_cost);
  g_test_add_func ("/report-signing/vat-by-offering", test_vat_by_offering);
  g_test_add_func ("/report-signing/xml-whole-offer-and-invoices", test_xml_whole_offer_and_invoices);
  g_test_add_func ("/report-signing/xml-budget-as-printed", test_xml_budget_as_printed);
  g_test_add_func ("/report-signing/title-prefix-once", test_title_prefix_once);
  g_test_add_func ("/report-signing/memo-names-assumptions", test_memo_names_assumptions);
  g_test_add_func ("/report-signing/vat-vendors-in-amount", test_vat_vendors_in_amount);
  g_test_add_func ("/report-signing/overbooking-blocks", test_overbooking_blocks);

  return cp_test_run_then_remove (tmp_dir);
}
