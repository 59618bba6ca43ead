/* cp-option-object.h: one quote's option in a job's plan, for the
 * comparison table. */
#pragma once

#include <glib-object.h>

#include "planner/cp-plan.h"

G_BEGIN_DECLS

/* The table's words for one option, in the UI's language. */
typedef enum {
  CP_OPTION_TEXT_RANK,
  CP_OPTION_TEXT_QUOTE,
  CP_OPTION_TEXT_COST,
  CP_OPTION_TEXT_FITS,
  CP_OPTION_TEXT_DEADLINE,
  CP_OPTION_TEXT_DAYS,
  CP_OPTION_TEXT_NODES,
  CP_OPTION_TEXT_MEMORY,
  CP_OPTION_TEXT_TECHNIQUE,
  CP_OPTION_TEXT_BREAKDOWN,
  CP_OPTION_TEXT_QUOTE_CELL, /* the option's machines as the Quote column shows them ("10 × 8 × H800 (80 GPUs)"),
                              * marked when the quote's price is implausible */
  CP_OPTION_TEXT_TOKEN_COST, /* serving: cost per million output tokens */
  CP_OPTION_TEXT_THROUGHPUT, /* serving: decode and prefill tokens/s per replica */
  CP_OPTION_TEXT_SERVED,     /* serving: requests carried of the target, and per second */
  CP_OPTION_TEXT_COST_RANGE, /* low–high over the assumptions' spread, under the cost */
  CP_OPTION_TEXT_DAYS_RANGE, /* low–high calendar days, under the days */
  CP_OPTION_TEXT_TOKEN_COST_BASIS, /* serving: the tooltip of the cost per token, what it counts and leaves out */
  CP_OPTION_TEXT_GPUS,       /* under the nodes: their GPUs ("8 GPUs") */
  CP_OPTION_TEXT_NODES_OFFERED, /* the nodes' tooltip: of the nodes offered ("1 of the 4 nodes offered, 8 GPUs") */
  CP_OPTION_TEXT_QUOTE_SHORT, /* the Quote column's name, its vendor shortened (cp_quote_name_shorten_vendor()) */
  CP_OPTION_TEXT_SERVING_DETAILS, /* serving: tokens/s per replica and requests served, on two lines, for the
                                  * Serves cell's tooltip and the row's details; NULL for a training job */
  CP_N_OPTION_TEXTS
} CpOptionText;

#define CP_TYPE_OPTION_OBJECT (cp_option_object_get_type ())

G_DECLARE_FINAL_TYPE (CpOptionObject, cp_option_object, CP, OPTION_OBJECT, GObject)

CpOptionObject *cp_option_object_new        (void);
/* Takes the option's figures and words (copied); only the properties
 * that changed are notified, so rows showing them redraw and no other. */
void            cp_option_object_update     (CpOptionObject     *self,
                                              const CpOption     *option,
                                              const char * const  texts[CP_N_OPTION_TEXTS],
                                              const char         *currency,
                                              gboolean            has_deadline);
const CpOption *cp_option_object_get_option  (CpOptionObject *self);
const char     *cp_option_object_get_quote_name (CpOptionObject *self);
const char     *cp_option_object_get_currency   (CpOptionObject *self);
gboolean        cp_option_object_get_has_deadline (CpOptionObject *self);
const char     *cp_option_object_get_text    (CpOptionObject *self,
                                              CpOptionText    text);
/* The property that holds @text ("cost-text", …), for expressions. */
const char     *cp_option_text_property      (CpOptionText    text);

G_END_DECLS
