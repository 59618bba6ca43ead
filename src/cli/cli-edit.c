/* cli-edit.c: the subcommands that change a project as the window does:
 * add-job, edit-job, add-quote, edit-quote, import-xml and import-config; and list and
 * export-quotes, which read it. Each change is made on the project as
 * stored and saved in one transaction, so a refused change leaves the
 * file as it was. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "cli-common.h"
#include "cli-job-options.h"
#include "cp-cli.h"
#include "planner/cp-units.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "report/cp-report.h"
#include "store/cp-model-config.h"
#include "store/cp-project-merge.h"
#include "store/cp-quote-csv.h"
#include "store/cp-quote-offer.h"
#include "store/cp-store.h"

/* Opens @path for writing and loads it: the project the change is made to. */
static CpProject *
open_project (const char *path, CpStore **store)
{
  g_autoptr(GError) error = NULL;
  CpProject *project;

  *store = cp_store_open (path, FALSE, &error);
  if (*store == NULL)
    {
      cp_cli_failure ("%s", error->message);
      return NULL;
    }
  project = cp_store_load (*store, &error);
  if (project == NULL)
    cp_cli_failure ("%s", error->message);
  return project;
}

static int
save_project (CpStore *store, CpProject *project)
{
  g_autoptr(GError) error = NULL;

  if (!cp_store_save (store, project, &error))
    return cp_cli_failure ("%s", error->message);
  return CP_CLI_EXIT_OK;
}

/* Reads @path without writing it (an older file is migrated in memory
 * only): a change is checked against this before the file is opened for
 * writing, so a refused one leaves the file as it was. */
static CpProject *
read_project (const char *path)
{
  g_autoptr(GError) error = NULL;
  CpProject *project = cp_project_load_file (path, &error);

  if (project == NULL)
    cp_cli_failure ("%s", error->message);
  return project;
}

static gboolean
job_id_taken (const CpProject *project, const char *id)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (g_strcmp0 (((const CpJob *) g_ptr_array_index (project->jobs, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

/* The index of quote @id in @project, or -1. */
static int
find_quote_index (const CpProject *project, const char *id)
{
  for (guint i = 0; i < project->quotes->len; i++)
    if (g_strcmp0 (((const CpQuote *) g_ptr_array_index (project->quotes, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static const CpQuote *
find_quote (const CpProject *project, const char *id)
{
  int index = find_quote_index (project, id);

  return index >= 0 ? g_ptr_array_index (project->quotes, index) : NULL;
}

int
cp_cli_add_job (int argc, char **argv)
{
  g_autoptr(CpCliJobOptions) options = cp_cli_job_options_new ();
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpStore) store = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;
  g_autofree char *trial_quote = NULL;
  g_autofree char *after = NULL;
  CpTaskKind kind = CP_TASK_PRETRAIN;
  g_autoptr(CpJob) added = NULL;
  g_autofree char *team_said = NULL;
  const CpJob *previous;
  gboolean took_team = FALSE;
  CpJob *job;
  GOptionEntry entries[] = {
    { "id", 0, 0, G_OPTION_ARG_STRING, &id, N_("The job’s id (default: a fresh “job-N”)"), N_("ID") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, N_("The job’s name (default: the model’s)"), N_("NAME") },
    { "trial-quote", 0, 0, G_OPTION_ARG_STRING, &trial_quote,
      N_("The quote whose hardware the --measured-… figures were taken on"), N_("QUOTE") },
    { "after", 0, 0, G_OPTION_ARG_STRING, &after,
      N_("The job this one starts after (default: with the project’s start)"), N_("JOB") },
    { NULL }
  };

  context = cp_cli_option_context_new ("add-job PROJECT",
                                       _("Adds a job to PROJECT, described with the same options "
                                         "as estimate; what is not given is the window’s default "
                                         "for a new job."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  cp_cli_job_options_add_job_entries (options, context);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc != 2)
    return cp_cli_usage_error (_("add-job needs exactly one project file"));
  if (!cp_cli_job_options_read_task (options, &kind))
    return CP_CLI_EXIT_USAGE;

  project = read_project (argv[1]);
  if (project == NULL)
    return CP_CLI_EXIT_FAILED;

  /* The team of the job before it, as the window's Add Job takes the
   * selected job's (walk40 F2): the same people, whatever they run. Only
   * what the options say of the team replaces it. */
  previous = project->jobs->len > 0 ? g_ptr_array_index (project->jobs, project->jobs->len - 1) : NULL;
  job = cp_job_new (kind);
  if (previous != NULL)
    took_team = cp_job_take_team (job, previous);
  cp_project_add_job (project, job);   /* owned from here; removed again if refused */
  if (!cp_cli_job_options_apply_to_job (options, project, job))
    return CP_CLI_EXIT_USAGE;
  if (previous != NULL && !cp_cli_job_options_state_team (options))
    {
      job->team_has_distributed_experience = previous->team_has_distributed_experience;
      job->team_has_ops_engineer = previous->team_has_ops_engineer;
      job->team_stated = previous->team_stated;
    }
  else
    took_team = FALSE;   /* the options said the team */
  if (took_team)
    /* TRANSLATORS: add-job's second line; the job whose team the new one took */
    team_said = g_strdup_printf (_("It has the team of “%s”, the job before it: change it with edit-job "
                                   "--engineers, --engineer-day-cost, --distributed-experience or --ops-engineer "
                                   "if another team runs it.\n"),
                                 cp_job_title (previous));
  if (trial_quote == NULL && (job->trial.peak_memory_bytes > 0 || job->trial.tokens_per_s > 0 ||
                               job->trial.step_s > 0 || job->trial.kv_cache_tokens > 0))
    return cp_cli_usage_error (_("--measured-… figures need --trial-quote, the quote of the hardware "
                                 "they were measured on"));
  if (trial_quote)
    {
      const CpQuote *quote = find_quote (project, trial_quote);
      if (quote == NULL)
        return cp_cli_usage_error (_("--trial-quote: the project has no quote “%s”"), trial_quote);
      if (!cp_cli_job_bind_trial (job, quote))
        return CP_CLI_EXIT_USAGE;
    }
  if (after && !job_id_taken (project, after))
    return cp_cli_usage_error (_("--after: the project has no job “%s”"), after);
  job->after_job_id = g_steal_pointer (&after);
  if (id && (job_id_taken (project, id) && g_strcmp0 (job->id, id) != 0))
    return cp_cli_usage_error (_("--id: the project already has a job “%s”"), id);
  if (id)
    {
      g_free (job->id);
      job->id = g_steal_pointer (&id);
    }
  g_free (job->name);
  job->name = name ? g_steal_pointer (&name) : g_strdup (job->model.name ? job->model.name : job->id);

  if (!cp_job_validate (job, &error))
    return cp_cli_usage_error ("%s", error->message);

  /* Accepted: now the file is opened for writing (and migrated), and the
   * job added to what it holds at this moment. */
  added = cp_job_dup (job);
  g_clear_pointer (&project, cp_project_free);
  project = open_project (argv[1], &store);
  if (project == NULL)
    return CP_CLI_EXIT_FAILED;
  job = added;
  if (job_id_taken (project, job->id))
    return cp_cli_usage_error (_("--id: the project already has a job “%s”"), job->id);
  if (job->after_job_id != NULL && !job_id_taken (project, job->after_job_id))
    return cp_cli_usage_error (_("--after: the project has no job “%s”"), job->after_job_id);
  cp_project_add_job (project, g_steal_pointer (&added));
  if (save_project (store, project) != CP_CLI_EXIT_OK)
    return CP_CLI_EXIT_FAILED;
  /* Translators: a job id */
  printf (_("Added job “%s”\n"), job->id);
  if (team_said != NULL)
    fputs (team_said, stdout);
  return CP_CLI_EXIT_OK;
}

/* The index of job @id in @project, or -1. */
static int
find_job_index (const CpProject *project, const char *id)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (g_strcmp0 (((const CpJob *) g_ptr_array_index (project->jobs, i))->id, id) == 0)
      return (int) i;
  return -1;
}

/* read_for_edit()'s and save_edit()'s refusals: the file's entries do
 * not hold the id or position, the file could not be read or saved
 * (said), or the text is one entry's id and another's position (said). */
enum { EDIT_UNKNOWN_ID = -1, EDIT_FAILED = -2, EDIT_AMBIGUOUS = -3 };

/* The exit status of a refused edit of entry @id, a quote when @quote,
 * else a job, in a project of @n_entries of them; an unknown id is said
 * here. */
static int
edit_refusal (int         refusal,
              gboolean    quote,
              const char *id,
              guint       n_entries)
{
  if (refusal == EDIT_FAILED)
    return CP_CLI_EXIT_FAILED;
  if (refusal == EDIT_AMBIGUOUS)
    return CP_CLI_EXIT_USAGE;
  /* TRANSLATORS: what was given, then how many quotes the project has */
  return quote ? cp_cli_usage_error (_("the project has no quote “%s”: give a quote’s id or its position "
                                       "from 1 to %u, as list prints them"), id, n_entries)
               /* TRANSLATORS: what was given, then how many jobs the project has */
               : cp_cli_usage_error (_("the project has no job “%s”: give a job’s id or its position "
                                       "from 1 to %u, as list prints them"), id, n_entries);
}

/* An edit command's options; FALSE, said (@usage), unless a project file
 * and an entry's id are left. */
static gboolean
parse_edit_options (GOptionContext *context,
                    int            *argc,
                    char         ***argv,
                    const char     *usage)
{
  if (!cp_cli_parse_options (context, argc, argv, TRUE))
    return FALSE;
  if (*argc != 3)
    {
      cp_cli_usage_error ("%s", usage);
      return FALSE;
    }
  return TRUE;
}

/* Reads @path into *@project, without writing it, to check an edit of
 * its entry @text (a quote when @quote, else a job), named by its id or
 * by its position in list's table, against; returns the entry's index. */
static int
read_for_edit (const char  *path,
               CpProject  **project,
               gboolean     quote,
               const char  *text)
{
  int index;

  *project = read_project (path);
  if (*project == NULL)
    return EDIT_FAILED;
  /* TRANSLATORS: what names the entry edited, in "quote: “2” is both the id of quote 1 and …" */
  index = quote ? cp_cli_find_quote (*project, _("quote"), text) : cp_cli_find_job (*project, _("job"), text);
  if (index == CP_CLI_AMBIGUOUS)
    return EDIT_AMBIGUOUS;
  return index >= 0 ? index : EDIT_UNKNOWN_ID;
}

/* An edit accepted: now the file is opened for writing (and migrated), and
 * entry @id of what it holds at this moment, one of its quotes when
 * @quote, else of its jobs, replaced by *@edited, taken only then.
 * Returns the entry's index. */
static int
save_edit (const char  *path,
           CpStore    **store,
           CpProject  **project,
           gboolean     quote,
           const char  *id,
           gpointer    *edited)
{
  GPtrArray *entries;
  int index;

  g_clear_pointer (project, cp_project_free);
  *project = open_project (path, store);
  if (*project == NULL)
    return EDIT_FAILED;
  entries = quote ? (*project)->quotes : (*project)->jobs;
  index = quote ? find_quote_index (*project, id) : find_job_index (*project, id);
  if (index < 0)
    return EDIT_UNKNOWN_ID;
  /* The array frees the entry replaced. */
  g_ptr_array_remove_index (entries, index);
  g_ptr_array_insert (entries, index, g_steal_pointer (edited));
  return save_project (*store, *project) == CP_CLI_EXIT_OK ? index : EDIT_FAILED;
}

int
cp_cli_edit_job (int argc, char **argv)
{
  g_autoptr(CpCliJobOptions) options = cp_cli_job_options_new ();
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpStore) store = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *trial_quote = NULL;
  g_autoptr(CpJob) edited = NULL;
  g_autofree char *id = NULL;
  int index;
  GOptionEntry entries[] = {
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, N_("The job’s new name"), N_("NAME") },
    { "trial-quote", 0, 0, G_OPTION_ARG_STRING, &trial_quote,
      N_("The quote whose hardware the --measured-… figures were taken on"), N_("QUOTE") },
    { NULL }
  };

  context = cp_cli_option_context_new ("edit-job PROJECT JOB",
                                       _("Changes job JOB of PROJECT with the same options as "
                                         "add-job; what is not given stays as it is."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  cp_cli_job_options_add_job_entries (options, context);
  if (!parse_edit_options (context, &argc, &argv, _("edit-job needs a project file and the id of one of its jobs")))
    return CP_CLI_EXIT_USAGE;

  index = read_for_edit (argv[1], &project, FALSE, argv[2]);
  if (index < 0)
    return edit_refusal (index, FALSE, argv[2], project ? project->jobs->len : 0);
  edited = cp_job_dup (g_ptr_array_index (project->jobs, index));
  id = g_strdup (edited->id);
  if (!cp_cli_job_options_apply_edits (options, project, edited))
    return CP_CLI_EXIT_USAGE;
  if (trial_quote)
    {
      const CpQuote *quote = find_quote (project, trial_quote);
      if (quote == NULL)
        return cp_cli_usage_error (_("--trial-quote: the project has no quote “%s”"), trial_quote);
      if (!cp_cli_job_bind_trial (edited, quote))
        return CP_CLI_EXIT_USAGE;
    }
  if (name)
    {
      g_free (edited->name);
      edited->name = g_steal_pointer (&name);
    }
  if (!cp_job_validate (edited, &error))
    return cp_cli_usage_error ("%s", error->message);

  index = save_edit (argv[1], &store, &project, FALSE, id, (gpointer *) &edited);
  if (index < 0)
    return edit_refusal (index, FALSE, id, project ? project->jobs->len : 0);
  /* Translators: a job id */
  printf (_("Changed job “%s”\n"), id);
  return CP_CLI_EXIT_OK;
}

/* What add-quote and edit-quote say of a quote besides estimate's options. */
typedef struct
{
  char *vendor;
  char *offer;
  char *valid_until;
  char *notes;
} QuoteWords;

static void
quote_words_clear (QuoteWords *words)
{
  g_free (words->vendor);
  g_free (words->offer);
  g_free (words->valid_until);
  g_free (words->notes);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QuoteWords, quote_words_clear)

static void
quote_words_add_entries (QuoteWords     *words,
                         GOptionContext *context)
{
  GOptionEntry entries[] = {
    { "vendor", 0, 0, G_OPTION_ARG_STRING, &words->vendor, N_("The vendor"), N_("NAME") },
    { "offer", 0, 0, G_OPTION_ARG_STRING, &words->offer, N_("The offer’s name (default: the GPU’s)"), N_("NAME") },
    { "valid-until", 0, 0, G_OPTION_ARG_STRING, &words->valid_until, N_("Last day the price holds (2026-06-30)"), N_("DATE") },
    { "notes", 0, 0, G_OPTION_ARG_STRING, &words->notes, N_("Notes"), N_("TEXT") },
    { NULL }
  };

  /* The context copies the entries; their targets are in @words. */
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

/* *@field takes *@given when an option gave it, and keeps its own else. */
static void
take_given (char **field,
            char **given)
{
  if (*given == NULL)
    return;
  g_free (*field);
  *field = g_steal_pointer (given);
}

/* Onto @quote what @words give; FALSE, said, for a date that is none. */
static gboolean
quote_words_apply (QuoteWords *words,
                   CpQuote    *quote)
{
  if (words->valid_until != NULL && !cp_i18n_parse_iso_date (words->valid_until, NULL))
    {
      cp_cli_usage_error (_("--valid-until: “%s” is not a date such as 2026-06-30"), words->valid_until);
      return FALSE;
    }
  take_given (&quote->vendor, &words->vendor);
  take_given (&quote->offer_name, &words->offer);
  take_given (&quote->valid_until, &words->valid_until);
  take_given (&quote->notes, &words->notes);
  return TRUE;
}

/* As the quote form says under Offer: the plan prices the options'
 * hardware and price, whatever the offer's name says. */
static void
say_offer_disagreements (const CpProject *project,
                         const CpQuote   *quote)
{
  g_autofree char *written = NULL;
  g_autofree char *written_price = NULL;
  gboolean names_nodes;

  if (cp_quote_offer_disagrees (project, quote, &written, &names_nodes))
    {
      g_autofree char *fields = names_nodes
                                ? g_strdup_printf (_("%u × %u × %s"), quote->nodes_available,
                                                   quote->gpus_per_node, quote->gpu.name)
                                : g_strdup_printf (_("%u × %s"), quote->gpus_per_node, quote->gpu.name);

      /* TRANSLATORS: after add-quote: the GPUs the offer's name gives ("8 × A800"), then those of
       * the options the plan uses ("8 × NVIDIA H800 SXM 80GB") */
      g_printerr (_("The offer says %s, the options %s: the plan uses the options; check which is right\n"),
                  written, fields);
    }
  if (cp_quote_offer_price_disagrees (quote, &project->settings, &written_price))
    {
      g_autofree char *price = cp_words_unit_price (quote->price, quote->currency, quote->price_unit,
                                                    C_("language code", "en"));

      /* TRANSLATORS: after add-quote: the price the offer's name gives ("14.5/GPU/h"), then the
       * price given ("12.00 CNY per GPU-hour") */
      g_printerr (_("The offer says %s, the price %s: the plan uses the price; check which is right\n"),
                  written_price, price);
    }
}

/* What add-quote and edit-quote read, on one line, as the importer's
 * preview says each row: the GPU, nodes, the price per GPU-hour and how
 * it was worked out, so a unit misread shows before a plan uses it. */
static void
say_quote_read (const CpProject *project,
                const CpQuote   *quote)
{
  g_autofree char *account = cp_quote_describe (quote, &project->settings);

  /* TRANSLATORS: after add-quote or edit-quote: the quote as read ("NVIDIA H800 SXM 80GB × 8, 4 nodes; …") */
  printf (_("Read: %s\n"), account);
}

/* As the quote form says under Network between nodes: the network a
 * quote of several nodes was given where none was (its GPU's common
 * fabric, cp_quote_offer_assume_network()), or that its machines are
 * apart, each evaluated alone (walk41b TOP 1). */
static void
say_network (const CpProject *project,
             const CpQuote   *quote)
{
  if (cp_quote_offer_network_assumed (project, quote))
    {
      g_autofree char *rate = cp_i18n_format_number (quote->nic_gbps, 0, C_("language code", "en"));

      /* TRANSLATORS: after add-quote or edit-quote given nodes and no network: NICs, rate in Gb/s, the
       * network kind, the GPU ("NVIDIA H800 SXM 80GB") */
      printf (_("Network not stated: assumed %u × %s Gb/s %s, common on %s nodes; ask the vendor "
                "(--network, --nics, --nic-gbps)\n"),
              quote->nics_per_node, rate, cp_words_network (quote->network), quote->gpu.name);
    }
  else if (cp_quote_is_separate_machines (quote))
    /* TRANSLATORS: after add-quote or edit-quote: a quote of several nodes with no network between them */
    g_printerr (g_dngettext (GETTEXT_PACKAGE,
                             "%u machine with no network between them: each is evaluated alone "
                             "(--network, --nics, --nic-gbps)\n",
                             "%u machines with no network between them: each is evaluated alone "
                             "(--network, --nics, --nic-gbps)\n", quote->nodes_available),
                quote->nodes_available);
}

/* What assume_missing_cards() filled in. */
typedef enum {
  CARDS_STATED = 0,
  CARDS_COUNT_ASSUMED = 1 << 0,
  CARDS_RATE_ASSUMED = 1 << 1,
} CardsAssumed;

/* Gives @quote of several nodes whose network kind was given, and whose
 * cards or rate were not, the common build of its GPU, marked assumed as
 * the offer's bare "IB" gives them: refused, the lead typed a rate the
 * vendor never stated, which the report then printed as the vendor's
 * (read38 F5). The quote stays untouched where nothing was missing or
 * its GPU has no common build (the refusal then asks for them). */
static CardsAssumed
assume_missing_cards (CpQuote *quote)
{
  CardsAssumed assumed = CARDS_STATED;
  guint nics;
  double nic_gbps;

  if ((cp_quote_get_missing (quote) & CP_QUOTE_MISSING_NETWORK) == 0 || quote->network == CP_NETWORK_NONE ||
      !cp_quote_offer_common_fabric (quote, &nics, &nic_gbps))
    return CARDS_STATED;
  if (quote->nics_per_node == 0)
    {
      quote->nics_per_node = nics;
      assumed |= CARDS_COUNT_ASSUMED;
    }
  if (!(quote->nic_gbps > 0))
    {
      quote->nic_gbps = nic_gbps;
      assumed |= CARDS_RATE_ASSUMED;
    }
  quote->fabric_assumed = TRUE;
  return assumed;
}

/* After add-quote or edit-quote gave @quote what @assumed says. */
static void
say_cards_assumed (const CpQuote *quote,
                   CardsAssumed   assumed)
{
  g_autofree char *rate = cp_i18n_format_number (quote->nic_gbps, 0, C_("language code", "en"));

  if (assumed == CARDS_RATE_ASSUMED)
    /* TRANSLATORS: after add-quote or edit-quote given a network's cards and not their rate: the rate in
     * Gb/s, the GPU ("NVIDIA A800 80GB SXM") */
    printf (_("Card rate not stated: assumed %s Gb/s, common on %s nodes; ask the vendor (--nic-gbps)\n"),
            rate, quote->gpu.name);
  else if (assumed == CARDS_COUNT_ASSUMED)
    /* TRANSLATORS: after add-quote or edit-quote given a network's rate and not its cards: the cards
     * per node, the GPU ("NVIDIA A800 80GB SXM") */
    printf (_("Network cards per node not stated: assumed %u, common on %s nodes; ask the vendor (--nics)\n"),
            quote->nics_per_node, quote->gpu.name);
  else if (assumed != CARDS_STATED)
    /* TRANSLATORS: after add-quote or edit-quote given a network kind and not its cards: NICs, rate in
     * Gb/s, the network kind, the GPU ("NVIDIA A800 80GB SXM") */
    printf (_("Network cards not stated: assumed %u × %s Gb/s %s, common on %s nodes; ask the vendor "
              "(--nics, --nic-gbps)\n"),
            quote->nics_per_node, rate, cp_words_network (quote->network), quote->gpu.name);
}

int
cp_cli_add_quote (int argc, char **argv)
{
  g_autoptr(CpCliJobOptions) options = cp_cli_job_options_new ();
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpStore) store = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpQuote) quote = cp_quote_new ();
  g_autoptr(GError) error = NULL;
  g_auto(QuoteWords) words = { NULL };
  g_autofree char *id = NULL;
  g_autofree char *offer_price = NULL;
  guint nodes = 1;
  CardsAssumed cards_assumed;
  GOptionEntry entries[] = {
    { "id", 0, 0, G_OPTION_ARG_STRING, &id, N_("The quote’s id (default: a fresh “quote-N”)"), N_("ID") },
    { NULL }
  };

  context = cp_cli_option_context_new ("add-quote PROJECT",
                                       _("Adds a vendor’s quote to PROJECT, described with the same "
                                         "options as estimate (--nodes: nodes available)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  quote_words_add_entries (&words, context);
  cp_cli_job_options_add_quote_entries (options, context);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc != 2)
    return cp_cli_usage_error (_("add-quote needs exactly one project file"));

  project = read_project (argv[1]);
  if (project == NULL)
    return CP_CLI_EXIT_FAILED;

  if (!cp_cli_job_options_apply_to_quote (options, project, quote, &nodes))
    return CP_CLI_EXIT_USAGE;
  g_clear_pointer (&quote->id, g_free);
  if (id && find_quote (project, id))
    return cp_cli_usage_error (_("--id: the project already has a quote “%s”"), id);
  quote->id = id ? g_steal_pointer (&id) : cp_project_new_id (project, "quote");
  if (!quote_words_apply (&words, quote))
    return CP_CLI_EXIT_USAGE;
  /* As the quote form does: an offer that states its price ("8 x H800 at
   * 14.5/GPU/h") gives a quote given none that price, read as --price
   * reads one; a price given stays, and a different one is said below. */
  {
    CpPriceText price;

    if (quote->price <= 0 && cp_quote_offer_states_price (quote->offer_name, &price, &offer_price))
      cp_quote_set_price_text (quote, &price, offer_price, quote->minimum_term_h > 0, &project->settings, NULL);
    else
      g_clear_pointer (&offer_price, g_free);
  }

  cards_assumed = assume_missing_cards (quote);
  if (!cp_cli_check_network_given (quote))
    return CP_CLI_EXIT_USAGE;
  if (!cp_quote_validate (quote, &error))
    return cp_cli_usage_error ("%s", error->message);

  /* Accepted: now the file is opened for writing (and migrated). */
  g_clear_pointer (&project, cp_project_free);
  project = open_project (argv[1], &store);
  if (project == NULL)
    return CP_CLI_EXIT_FAILED;
  if (find_quote (project, quote->id))
    return cp_cli_usage_error (_("--id: the project already has a quote “%s”"), quote->id);
  cp_project_add_quote (project, g_steal_pointer (&quote));
  if (save_project (store, project) != CP_CLI_EXIT_OK)
    return CP_CLI_EXIT_FAILED;
  {
    const CpQuote *added = g_ptr_array_index (project->quotes, project->quotes->len - 1);

    printf (_("Added quote “%s”\n"), added->id);
    say_quote_read (project, added);
    if (offer_price != NULL)
      {
        g_autofree char *price = cp_words_unit_price (added->price, added->currency, added->price_unit,
                                                      C_("language code", "en"));

        /* TRANSLATORS: after add-quote given no price: the price read from the offer's name
         * ("14.50 CNY per GPU-hour"), then the words it was read from ("14.5/GPU/h") */
        printf (_("Price %s, from the offer’s “%s”\n"), price, offer_price);
      }
    say_offer_disagreements (project, added);
    if (cards_assumed != CARDS_STATED)
      say_cards_assumed (added, cards_assumed);
    else
      say_network (project, added);
  }
  return CP_CLI_EXIT_OK;
}

int
cp_cli_edit_quote (int argc, char **argv)
{
  g_autoptr(CpCliJobOptions) options = cp_cli_job_options_new ();
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpStore) store = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpQuote) edited = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(QuoteWords) words = { NULL };
  g_autofree char *id = NULL;
  gboolean hardware_changed;
  CardsAssumed cards_assumed;
  int index;

  context = cp_cli_option_context_new ("edit-quote PROJECT QUOTE",
                                       _("Changes quote QUOTE of PROJECT with the same options as "
                                         "add-quote; what is not given stays as it is."));
  quote_words_add_entries (&words, context);
  cp_cli_job_options_add_quote_entries (options, context);
  if (!parse_edit_options (context, &argc, &argv,
                           _("edit-quote needs a project file and the id of one of its quotes")))
    return CP_CLI_EXIT_USAGE;

  index = read_for_edit (argv[1], &project, TRUE, argv[2]);
  if (index < 0)
    return edit_refusal (index, TRUE, argv[2], project ? project->quotes->len : 0);
  edited = cp_quote_dup (g_ptr_array_index (project->quotes, index));
  id = g_strdup (edited->id);
  if (!cp_cli_job_options_apply_quote_edits (options, project, edited) ||
      !quote_words_apply (&words, edited))
    return CP_CLI_EXIT_USAGE;
  {
    /* A network given is the vendor's, no longer the common build an
     * offer's bare "IB" was given (CpQuote.fabric_assumed), unless it is
     * the one given a quote whose network no one stated; else a fabric
     * assumed for the GPU before is the new GPU's, as in the quote form. */
    const CpQuote *before = g_ptr_array_index (project->quotes, index);

    hardware_changed = edited->nodes_available != before->nodes_available ||
                       g_strcmp0 (edited->gpu.id, before->gpu.id) != 0;
    if ((edited->network != before->network || edited->nics_per_node != before->nics_per_node ||
         edited->nic_gbps != before->nic_gbps) &&
        !(cp_quote_network_unstated (before) && edited->fabric_assumed))
      edited->fabric_assumed = FALSE;
    else
      cp_quote_offer_refit_fabric (project, edited, before);
  }
  cards_assumed = assume_missing_cards (edited);
  if (!cp_cli_check_network_given (edited))
    return CP_CLI_EXIT_USAGE;
  if (!cp_quote_validate (edited, &error))
    return cp_cli_usage_error ("%s", error->message);

  index = save_edit (argv[1], &store, &project, TRUE, id, (gpointer *) &edited);
  if (index < 0)
    return edit_refusal (index, TRUE, id, project ? project->quotes->len : 0);
  /* Translators: a quote id */
  printf (_("Changed quote “%s”\n"), id);
  say_quote_read (project, g_ptr_array_index (project->quotes, index));
  say_offer_disagreements (project, g_ptr_array_index (project->quotes, index));
  if (cards_assumed != CARDS_STATED)
    say_cards_assumed (g_ptr_array_index (project->quotes, index), cards_assumed);
  else if (hardware_changed)
    say_network (project, g_ptr_array_index (project->quotes, index));
  return CP_CLI_EXIT_OK;
}

static void
list_xml (const CpProject *project, const char *output, GError **error)
{
  xmlBufferPtr buffer = NULL;
  xmlTextWriterPtr w = cp_cli_xml_begin (&buffer, "project");

  cp_cli_xml_text (w, "name", project->name ? project->name : "");
  xmlTextWriterStartElement (w, BAD_CAST "jobs");
  for (guint i = 0; i < project->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, i);
      xmlTextWriterStartElement (w, BAD_CAST "job");
      xmlTextWriterWriteAttribute (w, BAD_CAST "id", BAD_CAST (job->id ? job->id : ""));
      cp_cli_xml_text (w, "name", job->name ? job->name : "");
      cp_cli_xml_text (w, "kind", cp_task_kind_to_string (job->kind));
      cp_cli_xml_text (w, "model", job->model.id ? job->model.id : "");
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
  xmlTextWriterStartElement (w, BAD_CAST "quotes");
  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *q = g_ptr_array_index (project->quotes, i);
      xmlTextWriterStartElement (w, BAD_CAST "quote");
      xmlTextWriterWriteAttribute (w, BAD_CAST "id", BAD_CAST (q->id ? q->id : ""));
      cp_cli_xml_text (w, "vendor", q->vendor ? q->vendor : "");
      cp_cli_xml_text (w, "offer", q->offer_name ? q->offer_name : "");
      cp_cli_xml_text (w, "gpu", q->gpu.id);
      cp_cli_xml_uint (w, "gpus-per-node", q->gpus_per_node);
      cp_cli_xml_uint (w, "nodes-available", q->nodes_available);
      cp_cli_xml_money (w, "price", q->price, q->currency);
      cp_cli_xml_text (w, "price-unit", cp_price_unit_to_string (q->price_unit));
      cp_cli_xml_money (w, "price-per-gpu-hour", cp_quote_price_per_gpu_hour (q, &project->settings),
                        q->currency);
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
  cp_cli_xml_finish (w, buffer, output, error);
}

int
cp_cli_list (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpCliTable) jobs = cp_cli_table_new (5);
  g_autoptr(CpCliTable) quotes = cp_cli_table_new (8);
  g_autofree char *output = NULL;
  gboolean xml = FALSE;
  GOptionEntry entries[] = {
    { "xml", 0, 0, G_OPTION_ARG_NONE, &xml, N_("Write XML instead of text"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the XML to this file instead of standard output"), N_("FILE") },
    { NULL }
  };

  context = cp_cli_option_context_new ("list PROJECT",
                                       _("Lists the jobs and quotes of PROJECT with their ids, "
                                         "and each quote’s price per GPU-hour."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc != 2)
    return cp_cli_usage_error (_("list needs exactly one project file"));
  project = cp_project_load_file (argv[1], &error);
  if (project == NULL)
    return cp_cli_failure ("%s", error->message);
  cp_cli_warn_problems (project);

  if (xml)
    {
      list_xml (project, output, &error);
      if (error)
        return cp_cli_failure ("%s", error->message);
      return CP_CLI_EXIT_OK;
    }

  printf ("%s\n\n%s\n", project->name ? project->name : "", _("Jobs:"));
  /* The position first: what --job and --quote take besides the id. */
  cp_cli_table_add_row (jobs, "#", _("Id"), _("Name"), _("Task"), _("Model"), NULL);
  cp_cli_table_set_right_aligned (jobs, 0, TRUE);
  for (guint i = 0; i < project->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, i);
      g_autofree char *position = g_strdup_printf ("%u", i + 1);

      cp_cli_table_add_row (jobs, position, job->id, job->name ? job->name : "", cp_task_kind_to_string (job->kind),
                            job->model.id ? job->model.id : "", NULL);
    }
  cp_cli_table_print (jobs, stdout);

  printf ("\n%s\n", _("Quotes:"));
  cp_cli_table_add_row (quotes, "#", _("Id"), _("Vendor"), _("GPUs"), _("Nodes"), _("Price"),
                        _("Per GPU-hour"), _("Valid until"), NULL);
  cp_cli_table_set_right_aligned (quotes, 0, TRUE);
  cp_cli_table_set_right_aligned (quotes, 4, TRUE);
  cp_cli_table_set_right_aligned (quotes, 5, TRUE);
  cp_cli_table_set_right_aligned (quotes, 6, TRUE);
  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *q = g_ptr_array_index (project->quotes, i);
      g_autofree char *gpus = g_strdup_printf ("%u × %s", q->gpus_per_node, q->gpu.id);
      g_autofree char *nodes = g_strdup_printf ("%u", q->nodes_available);
      g_autofree char *price = NULL;
      g_autofree char *per_gpu_hour = NULL;

      /* A quote without a price is not free: "0 CNY" read as one
       * (walkthrough 9). */
      if (q->price > 0)
        {
          g_autofree char *amount = cp_cli_format_money (q->price, q->currency);

          price = g_strdup_printf ("%s %s", amount, cp_price_unit_to_string (q->price_unit));
          per_gpu_hour = cp_cli_format_money (cp_quote_price_per_gpu_hour (q, &project->settings), q->currency);
        }
      else
        {
          price = g_strdup (_("No price"));
          per_gpu_hour = g_strdup ("—");
        }
      g_autofree char *position = g_strdup_printf ("%u", i + 1);

      cp_cli_table_add_row (quotes, position, q->id, q->vendor ? q->vendor : "", gpus, nodes, price, per_gpu_hour,
                            q->valid_until ? q->valid_until : "—", NULL);
    }
  cp_cli_table_print (quotes, stdout);
  return CP_CLI_EXIT_OK;
}

int
cp_cli_export_quotes (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  GOptionEntry entries[] = { { NULL } };
  gsize len;

  context = cp_cli_option_context_new ("export-quotes PROJECT FILE.csv",
                                       _("Writes the quotes of PROJECT as CSV (UTF-8, English "
                                         "headers), which import-quotes reads back unchanged."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc != 3)
    return cp_cli_usage_error (_("export-quotes needs a project file and a CSV file"));
  project = cp_project_load_file (argv[1], &error);
  if (project == NULL)
    return cp_cli_failure ("%s", error->message);

  csv = cp_quote_csv_write (project->quotes, &len);
  if (!g_file_set_contents (argv[2], csv, (gssize) len, &error))
    return cp_cli_failure ("%s", error->message);
  /* TRANSLATORS: the number of quotes, then the CSV file written */
  printf (g_dngettext (GETTEXT_PACKAGE, "Wrote %u quote to %s\n", "Wrote %u quotes to %s\n",
                       project->quotes->len), project->quotes->len, argv[2]);
  return CP_CLI_EXIT_OK;
}

int
cp_cli_import_xml (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpStore) store = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpProject) report = NULL;
  g_autoptr(GError) error = NULL;
  GOptionEntry entries[] = { { NULL } };
  CpMergeCounts counts;

  context = cp_cli_option_context_new ("import-xml PROJECT FILE.xml",
                                       _("Adds the jobs, quotes and own catalogue entries of an "
                                         "XML report to PROJECT; ids already used get fresh ones, "
                                         "catalogue entries the project has are kept."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc != 3)
    return cp_cli_usage_error (_("import-xml needs a project file and an XML report"));

  /* The report is checked first, as the window checks it: a DOCTYPE,
   * entities, another namespace or a schema error refuse the whole file. */
  report = cp_report_xml_read (argv[2], &error);
  if (report == NULL)
    return cp_cli_failure ("%s", error->message);
  project = open_project (argv[1], &store);
  if (project == NULL)
    return CP_CLI_EXIT_FAILED;

  cp_project_merge_from (project, report, &counts);
  if (save_project (store, project) != CP_CLI_EXIT_OK)
    return CP_CLI_EXIT_FAILED;
  {
    /* Each count takes its own plural: "Imported 1 jobs" read wrong. */
    g_autofree char *jobs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u job", "%u jobs", counts.jobs),
                                             counts.jobs);
    g_autofree char *quotes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u quote", "%u quotes", counts.quotes),
                                               counts.quotes);
    g_autofree char *catalogue = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u catalogue entry",
                                                               "%u catalogue entries", counts.catalogue_entries),
                                                  counts.catalogue_entries);

    /* TRANSLATORS: import-xml; the counts of jobs, quotes and catalogue entries ("2 jobs", "1 quote") */
    printf (_("Imported %s, %s and %s"), jobs, quotes, catalogue);
  }
  if (counts.catalogue_entries_kept > 0)
    printf (g_dngettext (GETTEXT_PACKAGE, "; %u catalogue entry of the project was kept",
                         "; %u catalogue entries of the project were kept",
                         counts.catalogue_entries_kept), counts.catalogue_entries_kept);
  printf ("\n");
  return CP_CLI_EXIT_OK;
}

int
cp_cli_import_config (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(CpStore) store = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpModelConfig) config = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;
  g_autofree char *params = NULL;
  g_autofree char *active = NULL;
  const CpModelSpec *m;
  GOptionEntry entries[] = {
    { "id", 0, 0, G_OPTION_ARG_STRING, &id, N_("The model’s id (default: from the file’s _name_or_path)"),
      N_("ID") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, N_("The model’s name"), N_("NAME") },
    { NULL }
  };

  context = cp_cli_option_context_new ("import-config PROJECT FILE",
                                       _("Adds a model to PROJECT’s own catalogue from a Hugging "
                                         "Face config.json: its architecture as written and the "
                                         "parameters counted from it."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!cp_cli_parse_options (context, &argc, &argv, TRUE))
    return CP_CLI_EXIT_USAGE;
  if (argc != 3)
    return cp_cli_usage_error (_("import-config needs a project file and a config.json"));

  config = cp_model_config_read_file (argv[2], id, name, &error);
  if (config == NULL)
    return cp_cli_failure ("%s: %s", argv[2], error->message);
  project = open_project (argv[1], &store);
  if (project == NULL)
    return CP_CLI_EXIT_FAILED;
  m = &config->model;
  if (cp_catalog_find_model (project->custom, m->id))
    return cp_cli_usage_error (_("the project already has a model “%s”; give another --id"), m->id);

  cp_catalog_add_model (project->custom, m);
  if (save_project (store, project) != CP_CLI_EXIT_OK)
    return CP_CLI_EXIT_FAILED;

  params = cp_format_count (m->params);
  active = cp_format_count (m->active_params);
  /* Translators: model id, name, parameters, active parameters */
  printf (_("Added model “%s” (%s): %s parameters, %s active per token\n"), m->id, m->name, params, active);
  printf (_("  %u layers, hidden %u, %u heads (%u key/value), FFN %u, vocabulary %u\n"),
          m->layers, m->hidden, m->heads, m->kv_heads, m->ffn, m->vocab);
  if (m->experts_total > 1)
    printf (_("  %u experts, %u per token, %u shared, expert FFN %u, %u leading dense layers\n"),
            m->experts_total, m->experts_active, m->shared_experts, cp_model_spec_expert_ffn (m),
            m->dense_layers);
  if (m->kv_lora_rank > 0)
    printf (_("  MLA: q rank %u, kv rank %u, rope %u, nope %u, v %u\n"), m->q_lora_rank, m->kv_lora_rank,
            m->qk_rope_head_dim, m->qk_nope_head_dim, m->v_head_dim);
  for (guint i = 0; i < config->notes->len; i++)
    printf (_("  assumed: %s\n"), (const char *) g_ptr_array_index (config->notes, i));
  return CP_CLI_EXIT_OK;
}
