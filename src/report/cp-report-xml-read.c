/* cp-report-xml-read.c: reading an XML report back safely (no DOCTYPE,
 * no network, the schema checked, every value validated by the model)
 * into a project. Split from cp-report-xml.c. */
#include "cp-report-private.h"
#include "cp-report.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlschemas.h>

#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-report-schedule.h"
#include "planner/cp-text-limit.h"
#include "planner/cp-units.h"
#include "cp-report-xml-private.h"

/* ---------------------------------------------------------------------- */
/* Reading                                                                */

typedef struct {
  gboolean forbidden;
  /* The parser's first complaint: an encoding error comes before the
   * "premature end of data" it causes, and says what is wrong. */
  char    *first_error;
  int      first_error_line;
} ParseState;

/* Every message of libxml2 while a report is parsed, its parser's and
 * those it raises without one (an input that does not convert from its
 * declared encoding): kept for the GError, never printed on stderr. */
static void
on_parse_error (void     *user_data,
                xmlError *xml_error)
{
  ParseState *state = user_data;

  if (state->first_error == NULL && xml_error != NULL && xml_error->message != NULL)
    {
      state->first_error = g_strstrip (g_strdup (xml_error->message));
      state->first_error_line = xml_error->line;
    }
}

/* A DOCTYPE is where external entities and entity bombs live; reports
 * never have one, so the parser is stopped the moment one starts. */
static void
on_internal_subset (void          *user_data,
                    const xmlChar *name,
                    const xmlChar *external_id,
                    const xmlChar *system_id)
{
  xmlParserCtxt *ctxt = user_data;
  ParseState *state = ctxt->_private;

  state->forbidden = TRUE;
  xmlStopParser (ctxt);
}

static void
on_entity_decl (void          *user_data,
                const xmlChar *name,
                int            type,
                const xmlChar *public_id,
                const xmlChar *system_id,
                xmlChar       *content)
{
  on_internal_subset (user_data, name, public_id, system_id);
}

static xmlSchema *
report_schema (void)
{
  static gsize initialised = 0;
  static xmlSchema *schema = NULL;

  if (g_once_init_enter (&initialised))
    {
      g_autoptr(GBytes) bytes = g_resources_lookup_data (CP_REPORT_XSD_RESOURCE, 0, NULL);

      if (bytes != NULL)
        {
          gsize size;
          const char *data = g_bytes_get_data (bytes, &size);
          xmlSchemaParserCtxt *parser = xmlSchemaNewMemParserCtxt (data, (int) size);

          schema = xmlSchemaParse (parser);
          xmlSchemaFreeParserCtxt (parser);
        }
      g_once_init_leave (&initialised, 1);
    }
  return schema;
}

static void
on_schema_error (void        *user_data,
                 xmlError    *error)
{
  char **message = user_data;

  if (*message == NULL && error != NULL && error->message != NULL)
    {
      g_autofree char *text = g_strstrip (g_strdup (error->message));
      *message = g_strdup_printf ("%d: %s", error->line, text);
    }
}

/* The field of @table named @name, looked for in its inline parts too,
 * and in *@offset where it lies in the record. */
static const Field *
find_field (const FieldTable *table,
            const char       *name,
            gsize            *offset)
{
  for (guint i = 0; i < table->n_fields; i++)
    {
      const Field *field = &table->fields[i];

      if (field->type == FIELD_INLINE)
        {
          gsize within = 0;
          const Field *found = find_field (field->record, name, &within);

          if (found != NULL)
            {
              *offset = field->offset + within;
              return found;
            }
        }
      else if (strcmp (field->name, name) == 0)
        {
          *offset = field->offset;
          return field;
        }
    }
  return NULL;
}

static gboolean
read_record (xmlNode          *node,
             const FieldTable *table,
             void             *record,
             GError          **error)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      const Field *field;
      gsize offset = 0;
      guint8 *p;
      g_autofree char *text = NULL;
      xmlChar *content;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      field = find_field (table, (const char *) child->name, &offset);
      if (field == NULL)
        continue;
      p = (guint8 *) record + offset;

      if (field->type == FIELD_RECORD)
        {
          if (!read_record (child, field->record, p, error))
            return FALSE;
          continue;
        }

      content = xmlNodeGetContent (child);
      text = g_strdup (content != NULL ? (const char *) content : "");
      xmlFree (content);

      switch (field->type)
        {
        case FIELD_STRING:
          g_free (*(char **) p);
          *(char **) p = g_strdup (text);
          break;
        case FIELD_CURRENCY:
          g_strlcpy ((char *) p, g_strstrip (text), 4);
          break;
        case FIELD_DOUBLE:
        case FIELD_MONEY:
        case FIELD_COST:
          {
            char *stripped = g_strstrip (text);
            if (g_ascii_strcasecmp (stripped, "INF") == 0)
              *(double *) p = INFINITY;
            else if (g_ascii_strcasecmp (stripped, "-INF") == 0)
              *(double *) p = -INFINITY;
            else
              *(double *) p = g_ascii_strtod (stripped, NULL);
          }
          break;
        case FIELD_UINT:
          *(guint *) p = (guint) g_ascii_strtoull (g_strstrip (text), NULL, 10);
          break;
        case FIELD_BOOL:
          g_strstrip (text);
          *(gboolean *) p = strcmp (text, "true") == 0 || strcmp (text, "1") == 0;
          break;
        case FIELD_ENUM:
          if (!field->names->from_string (g_strstrip (text), (int *) p))
            {
              g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                           /* TRANSLATORS: line number, element name, the unknown value */
                           _("Line %d: “%s” has an unknown value “%s”"),
                           child->line, field->name, text);
              return FALSE;
            }
          break;
        case FIELD_RECORD:
        case FIELD_INLINE:
          break;
        }
    }
  return TRUE;
}

static xmlNode *
first_child (xmlNode    *node,
             const char *name)
{
  for (xmlNode *child = node != NULL ? node->children : NULL; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE && strcmp ((const char *) child->name, name) == 0)
      return child;
  return NULL;
}

static char *
child_text (xmlNode    *node,
            const char *name)
{
  xmlNode *child = first_child (node, name);
  xmlChar *content;
  char *text;

  if (child == NULL)
    return NULL;
  content = xmlNodeGetContent (child);
  text = g_strdup ((const char *) content);
  xmlFree (content);
  return text;
}

/* @fits, or else @error from @local_error with @node's line. */
static gboolean
catalog_text_fits (gboolean   fits,
                   xmlNode   *node,
                   GError   **local_error,
                   GError   **error)
{
  if (fits)
    return TRUE;
  g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
               _("Line %d: %s"), node->line, (*local_error)->message);
  g_clear_error (local_error);
  return FALSE;
}

static CpProject *
project_from_document (xmlDoc  *doc,
                       GError **error)
{
  g_autoptr(CpProject) project = cp_project_new ();
  xmlNode *root = xmlDocGetRootElement (doc);
  xmlNode *node = first_child (root, "project");
  xmlNode *list;
  g_autoptr(GError) local_error = NULL;

  g_free (project->name);
  project->name = child_text (node, "name");
  g_free (project->report_language);
  project->report_language = child_text (node, "report-language");
  /* The report writes BCP 47's "zh-CN", the project keeps the locale's
   * "zh_CN" (earlier reports wrote that). */
  if (project->report_language != NULL)
    g_strdelimit (project->report_language, "-", '_');
  g_free (project->prepared_by);
  project->prepared_by = child_text (node, "prepared-by");
  g_free (project->reviewed_by);
  project->reviewed_by = child_text (node, "reviewed-by");
  g_free (project->approved_by);
  project->approved_by = child_text (node, "approved-by");
  g_free (project->signed_on);
  project->signed_on = child_text (node, "signed-on");
  g_free (project->start_date);
  project->start_date = child_text (node, "start-date");
  {
    /* The team's budget, in the settings' currency; none: not stated. */
    g_autofree char *budget = child_text (node, "budget");

    if (budget != NULL)
      {
        char *end = NULL;

        project->budget = g_ascii_strtod (g_strstrip (budget), &end);
        if (end == budget || *end != '\0' || !isfinite (project->budget) || project->budget < 0)
          {
            g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                         _("Line %d: “%s” has an unknown value “%s”"),
                         first_child (node, "budget")->line, "budget", budget);
            return NULL;
          }
      }
  }
  if (!cp_project_validate_text (project, &local_error))
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                   /* TRANSLATORS: line number, what is wrong */
                   _("Line %d: %s"), node->line, local_error->message);
      return NULL;
    }

  cp_settings_init (&project->settings);
  if (!read_record (first_child (node, "settings"), &cp_report_xml_settings_table, &project->settings, error))
    return NULL;
  if (!cp_settings_validate (&project->settings, &local_error))
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                   _("Settings: %s"), local_error->message);
      return NULL;
    }

  list = first_child (node, "catalog");
  for (xmlNode *child = list->children; child != NULL; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (strcmp ((const char *) child->name, "model") == 0)
        {
          CpModelSpec model = { 0 };
          gboolean ok = read_record (child, &cp_report_xml_model_table, &model, error) &&
                        catalog_text_fits (cp_model_spec_validate_text (&model, &local_error), child, &local_error, error);
          if (ok)
            cp_catalog_add_model (project->custom, &model);
          cp_model_spec_clear (&model);
          if (!ok)
            return NULL;
        }
      else if (strcmp ((const char *) child->name, "gpu") == 0)
        {
          CpGpuSpec gpu = { 0 };
          gboolean ok = read_record (child, &cp_report_xml_gpu_table, &gpu, error) &&
                        catalog_text_fits (cp_gpu_spec_validate_text (&gpu, &local_error), child, &local_error, error);
          if (ok)
            cp_catalog_add_gpu (project->custom, &gpu);
          cp_gpu_spec_clear (&gpu);
          if (!ok)
            return NULL;
        }
      else if (strcmp ((const char *) child->name, "link") == 0)
        {
          CpLinkSpec link = { 0 };
          gboolean ok = read_record (child, &cp_report_xml_link_table, &link, error) &&
                        catalog_text_fits (cp_link_spec_validate_text (&link, &local_error), child, &local_error, error);
          if (ok)
            cp_catalog_add_link (project->custom, &link);
          cp_link_spec_clear (&link);
          if (!ok)
            return NULL;
        }
    }

  list = first_child (node, "jobs");
  for (xmlNode *child = list->children; child != NULL; child = child->next)
    {
      CpJob *job;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      job = cp_job_new (CP_TASK_PRETRAIN);
      cp_project_add_job (project, job);
      if (!read_record (child, &cp_report_xml_job_table, job, error))
        return NULL;
      /* Reports before issue 15 do not state the request split. */
      if (first_child (child, "prompt-tokens") == NULL && first_child (child, "output-tokens") == NULL)
        cp_job_fit_request_to_context (job);
      /* Reports before it do not say whether the team was stated: taken
       * as the store's migration takes an older file (cp-store-schema.c,
       * version 12), stated when either differs from the assumption. */
      if (first_child (child, "team-stated") == NULL)
        job->team_stated = job->team_has_distributed_experience || job->team_has_ops_engineer;
      if (!cp_job_validate (job, &local_error))
        {
          g_autofree char *label = cp_text_label (job->name, job->id);
          g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                       /* TRANSLATORS: line number, the job's name, what is wrong */
                       _("Line %d: job “%s”: %s"), child->line, label, local_error->message);
          return NULL;
        }
    }

  list = first_child (node, "quotes");
  for (xmlNode *child = list->children; child != NULL; child = child->next)
    {
      CpQuote *quote;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      quote = cp_quote_new ();
      cp_project_add_quote (project, quote);
      if (!read_record (child, &cp_report_xml_quote_table, quote, error))
        return NULL;
      /* Reports before it do not say whether the offering was stated:
       * taken as the store's migration takes an older file
       * (cp-store-schema.c, version 21). */
      if (first_child (child, "offering-stated") == NULL)
        quote->offering_stated = !cp_offering_kind_is_default (quote->offering);
      if (!cp_quote_validate (quote, &local_error))
        {
          g_autofree char *label = cp_text_label (quote->vendor, quote->id);
          g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                       /* TRANSLATORS: line number, the vendor's name, what is wrong */
                       _("Line %d: quote from “%s”: %s"), child->line, label, local_error->message);
          return NULL;
        }
    }

  return g_steal_pointer (&project);
}

CpProject *
cp_report_xml_parse (const char *data,
                     gsize       length,
                     GError    **error)
{
  xmlParserCtxt *ctxt;
  xmlDoc *doc;
  xmlNode *root;
  ParseState state = { FALSE, NULL, 0 };
  xmlStructuredErrorFunc saved_handler = xmlStructuredError;
  void *saved_handler_data = xmlStructuredErrorContext;
  xmlSchema *schema;
  CpProject *project = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (length > CP_REPORT_XML_MAX_BYTES)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_TOO_LARGE,
                   _("The file is larger than %d MiB, more than any report holds; it was not read"),
                   CP_REPORT_XML_MAX_BYTES / (1024 * 1024));
      return NULL;
    }

  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      g_set_error_literal (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NOT_XML, _("Out of memory reading XML"));
      return NULL;
    }
  ctxt->_private = &state;
  ctxt->sax->internalSubset = on_internal_subset;
  ctxt->sax->externalSubset = on_internal_subset;
  ctxt->sax->entityDecl = on_entity_decl;

  /* No entity substitution (no XML_PARSE_NOENT), no DTD loading, no
   * network; errors are reported through the GError, not stderr. */
  /* The handler is per thread (libxml2 keeps it thread-local), so a
   * report parsed on a worker does not silence the window's. */
  xmlSetStructuredErrorFunc (&state, on_parse_error);
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, "report.xml", NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA);
  xmlSetStructuredErrorFunc (saved_handler_data, saved_handler);
  if (state.forbidden)
    {
      g_set_error_literal (error, CP_REPORT_ERROR, CP_REPORT_ERROR_FORBIDDEN,
                           _("The file declares a document type (DOCTYPE) or entities, which reports never do; it was refused"));
      goto out;
    }
  if (doc == NULL || !ctxt->wellFormed)
    {
      const xmlError *last_error = xmlCtxtGetLastError (ctxt);
      /* An encoding error has no line of its own: the parser's last one
       * is where it stopped reading. */
      int line = state.first_error_line > 0 || last_error == NULL ? state.first_error_line : last_error->line;

      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NOT_XML,
                   /* TRANSLATORS: line number and the parser's message */
                   _("Not a well-formed XML file (line %d: %s)"),
                   line, state.first_error != NULL ? state.first_error : "");
      goto out;
    }
  if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      g_set_error_literal (error, CP_REPORT_ERROR, CP_REPORT_ERROR_FORBIDDEN,
                           _("The file declares a document type (DOCTYPE) or entities, which reports never do; it was refused"));
      goto out;
    }

  root = xmlDocGetRootElement (doc);
  if (root == NULL || root->ns == NULL ||
      strcmp ((const char *) root->ns->href, CP_REPORT_XML_NAMESPACE) != 0 ||
      strcmp ((const char *) root->name, "compute-planner") != 0)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_WRONG_DOCUMENT,
                   /* TRANSLATORS: %s is an XML namespace URI */
                   _("Not a Compute Planner report: the root element must be “compute-planner” in the namespace %s"),
                   CP_REPORT_XML_NAMESPACE);
      goto out;
    }

  schema = report_schema ();
  if (schema == NULL)
    {
      g_set_error_literal (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                           _("The report schema is missing from this installation"));
      goto out;
    }
  else
    {
      xmlSchemaValidCtxt *valid = xmlSchemaNewValidCtxt (schema);
      g_autofree char *message = NULL;
      int result;

      xmlSchemaSetValidStructuredErrors (valid, on_schema_error, &message);
      result = xmlSchemaValidateDoc (valid, doc);
      xmlSchemaFreeValidCtxt (valid);
      if (result != 0)
        {
          g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                       /* TRANSLATORS: %s is "line: the validator's message" */
                       _("The report does not follow the schema (line %s)"),
                       message != NULL ? message : "?");
          goto out;
        }
    }

  project = project_from_document (doc, error);

out:
  if (doc != NULL)
    xmlFreeDoc (doc);
  xmlFreeParserCtxt (ctxt);
  g_free (state.first_error);
  return project;
}

CpProject *
cp_report_xml_read (const char *path,
                    GError    **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  /* The size is checked before a byte is read. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   _("Could not read the XML report: %s"), local_error->message);
      return NULL;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   _("Could not read the XML report: %s is not a regular file"), path);
      return NULL;
    }
  if (g_file_info_get_size (info) > CP_REPORT_XML_MAX_BYTES)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_TOO_LARGE,
                   _("The file is larger than %d MiB, more than any report holds; it was not read"),
                   CP_REPORT_XML_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   _("Could not read the XML report: %s"), local_error->message);
      return NULL;
    }

  return cp_report_xml_parse (data, length, error);
}
