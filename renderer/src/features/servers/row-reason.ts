// A row's reason in words (UI-9): the state code's sentence, then the detail. A config error's
// detail is the engine's problem, said from its code when it has one (issue 22), never the
// English the host keeps for the CLI.
import type { ServerRow } from '../../../../shared/contract';
import type { Locale } from '../../../../shared/i18n';
import { sayProblem } from '../../../../shared/i18n/problems';
import { describeReason } from '../../../../shared/i18n/reasons';

export function rowReason(locale: Locale, row: Pick<ServerRow, 'state' | 'errorNote'>): string {
  const coded = row.state.code === 'config_error' && row.errorNote;
  return describeReason(locale, { ...row.state, reason: coded ? sayProblem(locale, { ...row.errorNote!, server: undefined }) : row.state.reason });
}
