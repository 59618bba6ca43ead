/* cp-trial-log-dialog.h: the preview of a trial run's log before its
 * figures fill the job's trial — each figure with the line it came from,
 * what was derived from the job or the quote, and what was left aside.
 * The reading is the store's CpTrialLog; this only shows it. */
#pragma once

#include <adwaita.h>

#include "store/cp-trial-log.h"

G_BEGIN_DECLS

#define CP_TYPE_TRIAL_LOG_DIALOG (cp_trial_log_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CpTrialLogDialog, cp_trial_log_dialog, CP, TRIAL_LOG_DIALOG, AdwWindow)

/* Takes @log. @project and @job are read for the preview and must outlive
 * the dialog, which is modal for @parent; the project must have a quote.
 * On "trial-log.apply" the dialog emits "trial-accepted" with the
 * CpTrialRun shown (owned by the dialog) and closes; on cancel it closes
 * and nothing happens. */
CpTrialLogDialog *cp_trial_log_dialog_new (GtkWindow       *parent,
                                           CpTrialLog      *log,
                                           const char      *file_name,
                                           const CpProject *project,
                                           const CpJob     *job);
/* The machine that ran the trial: one entry per quote, in project order. */
AdwComboRow      *cp_trial_log_dialog_get_quote_row (CpTrialLogDialog *self);

G_END_DECLS
