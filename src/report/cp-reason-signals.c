/* cp-reason-signals.c: the reasons of rules R7 to R9: the signals
 * for a cluster, migration and the trial run. */
#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-i18n.h"
#include "cp-reason-text-private.h"

char *
cp_reason_text_signals (const CpReason  *reason,
                        const CpProject *project,
                        const CpPlan    *plan,
                        const char      *lang)
{
  const double *v = reason->values;
  const char *currency = cp_reason_currency (project, reason->quote_index);
  g_autofree char *a = NULL, *b = NULL;

  switch (reason->outcome)
    {
    case CP_OUTCOME_SIGNAL_MEMORY:
      a = cp_reason_ratio_text (v[0], lang);
      return g_strdup_printf (_("Memory is still short after every technique (%s the memory of one machine)."), a);

    case CP_OUTCOME_SIGNAL_DEADLINE:
      a = cp_i18n_format_days (v[0], lang);
      b = cp_i18n_format_days (v[1], lang);
      return g_strdup_printf (_("On a single machine the job takes %s, past the deadline of %s."), a, b);

    case CP_OUTCOME_SIGNAL_CONCURRENCY:
      a = cp_i18n_format_number (v[0], 0, lang);
      b = cp_i18n_format_number (v[1], 0, lang);
      return g_strdup_printf (_("The target of %s concurrent requests exceeds the %s one machine can serve."), a, b);

    case CP_OUTCOME_SIGNAL_PREMIUM:
      a = cp_i18n_format_money (v[0], currency, lang);
      b = cp_i18n_format_money (v[1], currency, lang);
      return g_strdup_printf (_("A bigger single machine costs %s, more than the %s of a cluster."), a, b);

    case CP_OUTCOME_NO_SIGNAL:
      return g_strdup (_("None of the four signals to move to a cluster is present."));

    case CP_OUTCOME_SIGNAL_TRAINING_TIME:
      a = cp_i18n_format_days (v[0], lang);
      b = cp_i18n_format_days (v[1], lang);
      return g_strdup_printf (_("On the best single machine the run takes %s, longer than the longest acceptable run of %s (there is no deadline)."), a, b);

    case CP_OUTCOME_MIGRATION_COUNTED:
      a = cp_i18n_format_days (v[0], lang);
      b = cp_i18n_format_money (v[1], currency, lang);
      return g_strdup_printf (_("The team has no distributed-training experience: moving to a cluster costs about %s of migration and debugging, counted as %s."), a, b);

    case CP_OUTCOME_MIGRATION_NONE:
      return g_strdup (_("The team has distributed-training experience: no migration time is counted."));

    case CP_OUTCOME_PREFER_HOSTED:
      return g_strdup (_("The team has no operations engineer: prefer hosted machines or container platforms over bare metal."));

    case CP_OUTCOME_TRIAL_USED:
      return cp_reason_trial_text (reason, project, lang);

    case CP_OUTCOME_TRIAL_MISSING:
      return g_strdup (_("No trial run is entered: start with a short run on one machine and enter its peak memory, step time and communication share to replace the defaults."));

    default:
      break;
    }
  return NULL;
}
