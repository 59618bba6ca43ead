/* cp-text-limit.c: the length check of every text field (cp-text-limit.h
 * says why the limits are what they are). */
#define _POSIX_C_SOURCE 200809L  /* strnlen */

#include "config.h"

#include "cp-text-limit.h"
#include "cp-check-private.h"
#include "cp-project.h"

#include <glib/gi18n.h>

#include <string.h>

/* The byte offset just past the @max_chars-th character of @text, or -1
 * when @text has no more than @max_chars characters. Never reads beyond
 * the terminating NUL, nor further than the cut. */
static gssize
cut_offset (const char *text,
            guint       max_chars)
{
  const char *p = text;

  for (guint i = 0; i < max_chars; i++)
    {
      if (*p == '\0')
        return -1;
      p = g_utf8_next_char (p);
    }
  return *p == '\0' ? -1 : p - text;
}

gboolean
cp_text_check_length (const char *text,
                      guint       max_chars,
                      const char *field,
                      GError    **error)
{
  g_autofree char *problem = NULL;

  /* A text of at most max_chars bytes has at most as many characters:
   * the common case costs one bounded strnlen. */
  if (text == NULL || strnlen (text, max_chars + 1) <= max_chars || cut_offset (text, max_chars) < 0)
    return TRUE;
  problem = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "must be at most %u character long",
                                          "must be at most %u characters long", max_chars),
                             max_chars);
  return cp_check_fail (error, field, problem);
}

gsize
cp_text_cut_length (const char *text,
                    guint       max_chars)
{
  gssize offset = cut_offset (text, max_chars);

  return offset < 0 ? strlen (text) : (gsize) offset;
}

char *
cp_text_cut (const char *text,
             guint       max_chars)
{
  if (text == NULL)
    return NULL;
  return g_strndup (text, cp_text_cut_length (text, max_chars));
}

char *
cp_text_label (const char *name,
               const char *id)
{
  /* About the width of a toast. */
  const guint shown_chars = 40;
  const char *text = name != NULL && name[0] != '\0' ? name : (id != NULL ? id : "");
  g_autofree char *cut = cp_text_cut (text, shown_chars);

  return strlen (cut) < strlen (text) ? g_strconcat (cut, "…", NULL) : g_steal_pointer (&cut);
}

/* Ids are names the user may type (a custom model's id), so they share
 * the name limit; sources cite a document and may run to a note. */
gboolean
cp_model_spec_validate_text (const CpModelSpec  *spec,
                             GError            **error)
{
  return cp_text_check_length (spec->id, CP_TEXT_NAME_MAX_CHARS, N_("Model id"), error) &&
         cp_text_check_length (spec->name, CP_TEXT_NAME_MAX_CHARS, N_("Model name"), error) &&
         cp_text_check_length (spec->source, CP_TEXT_NOTE_MAX_CHARS, N_("Model source"), error);
}

gboolean
cp_gpu_spec_validate_text (const CpGpuSpec  *spec,
                           GError          **error)
{
  return cp_text_check_length (spec->id, CP_TEXT_NAME_MAX_CHARS, N_("GPU id"), error) &&
         cp_text_check_length (spec->name, CP_TEXT_NAME_MAX_CHARS, N_("GPU name"), error) &&
         cp_text_check_length (spec->default_intra_link, CP_TEXT_NAME_MAX_CHARS, N_("GPU link id"), error) &&
         cp_text_check_length (spec->source, CP_TEXT_NOTE_MAX_CHARS, N_("GPU source"), error);
}

gboolean
cp_link_spec_validate_text (const CpLinkSpec  *spec,
                            GError           **error)
{
  return cp_text_check_length (spec->id, CP_TEXT_NAME_MAX_CHARS, N_("GPU link id"), error) &&
         cp_text_check_length (spec->name, CP_TEXT_NAME_MAX_CHARS, N_("GPU link name"), error) &&
         cp_text_check_length (spec->source, CP_TEXT_NOTE_MAX_CHARS, N_("GPU link source"), error);
}

/* The field names are the forms' row titles, so that the window marks
 * the row a message speaks of. */
gboolean
cp_quote_validate_text (const CpQuote  *quote,
                        GError        **error)
{
  return cp_text_check_length (quote->id, CP_TEXT_NAME_MAX_CHARS, N_("Id"), error) &&
         cp_text_check_length (quote->vendor, CP_TEXT_NAME_MAX_CHARS, N_("Vendor"), error) &&
         cp_text_check_length (quote->offer_name, CP_TEXT_NAME_MAX_CHARS, N_("Offer"), error) &&
         cp_text_check_length (quote->valid_until, CP_TEXT_NAME_MAX_CHARS, N_("Valid until"), error) &&
         cp_text_check_length (quote->notes, CP_TEXT_NOTE_MAX_CHARS, N_("Notes"), error) &&
         cp_gpu_spec_validate_text (&quote->gpu, error) &&
         cp_link_spec_validate_text (&quote->intra_link, error);
}

gboolean
cp_job_validate_text (const CpJob  *job,
                      GError      **error)
{
  return cp_text_check_length (job->id, CP_TEXT_NAME_MAX_CHARS, N_("Id"), error) &&
         cp_text_check_length (job->name, CP_TEXT_NAME_MAX_CHARS, N_("Name"), error) &&
         cp_text_check_length (job->notes, CP_TEXT_NOTE_MAX_CHARS, N_("Notes"), error) &&
         cp_text_check_length (job->after_job_id, CP_TEXT_NAME_MAX_CHARS, N_("Starts after"), error) &&
         cp_text_check_length (job->trial.quote_id, CP_TEXT_NAME_MAX_CHARS, N_("Trial machine"), error) &&
         cp_model_spec_validate_text (&job->model, error);
}

gboolean
cp_project_validate_text (const CpProject  *project,
                          GError          **error)
{
  return cp_text_check_length (project->name, CP_TEXT_NAME_MAX_CHARS, N_("Project name"), error) &&
         cp_text_check_length (project->report_language, CP_TEXT_NAME_MAX_CHARS, N_("Report language"), error) &&
         cp_text_check_length (project->prepared_by, CP_TEXT_NAME_MAX_CHARS, N_("Prepared by"), error) &&
         cp_text_check_length (project->reviewed_by, CP_TEXT_NAME_MAX_CHARS, N_("Reviewed by"), error) &&
         cp_text_check_length (project->approved_by, CP_TEXT_NAME_MAX_CHARS, N_("Approved by"), error) &&
         cp_text_check_length (project->signed_on, CP_TEXT_NAME_MAX_CHARS, N_("Date of approval"), error) &&
         cp_text_check_length (project->start_date, CP_TEXT_NAME_MAX_CHARS, N_("Project start"), error);
}
