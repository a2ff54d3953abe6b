import { isDeepStrictEqual } from 'node:util';
import { AppError } from '#server/errors/app-error';
import { isMoneySetting, MONEY_SETTINGS_FINANCE_ONLY, OTHER_SETTINGS_SETTINGS_STAFF_ONLY, type TSettings } from './settings.schema.ts';
import type { SettingsChanged } from '../site.events.ts';

// The settings stream's one decider (docs/decisions/052). The decision is made on the settings in
// force and the stream's version, read together from the read model in one statement (getSettings),
// so the stream has no fold of its own here. Its given/when/then is in settings.test.ts.

export const SETTINGS_CONFLICT = 'Someone else changed the settings meanwhile. Reload to see their changes.';
export const APPROVAL_VALIDITY_ORDER = 'The approval cannot end before it begins: check the validity dates.';
export const MERCHANT_CODE_REQUIRED = 'A merchant UPI ID needs its merchant category code (MCC): enter the 4 digits the bank gave.';

/**
 * Pure: only what differs from the current values becomes part of the event. The admin saved over
 * `expectedVersion`; if someone else saved since, the save is refused, never merged silently. A
 * change to where money goes (MONEY_SETTINGS) is refused, whole, to an admin without finance; the
 * same value sent again is no change, so a form that sends every field still saves the others.
 */
export function decideSettingsChange(
  command: { expectedVersion: number; changes: Partial<TSettings>; now: Date; mayChangeMoney: boolean; mayChangeOther: boolean },
  state: { version: number; settings: TSettings },
): SettingsChanged[] {
  if (state.version !== command.expectedVersion) throw new AppError('CONFLICT', { userMessage: SETTINGS_CONFLICT });
  const current = state.settings;
  const changed = Object.fromEntries(
    Object.entries(command.changes).filter(([key, value]) => !isDeepStrictEqual(current[key as keyof TSettings], value)),
  ) as Partial<TSettings>;
  // Where money goes is finance's; everything else is the settings staff's (a finance-only clerk can still set the money settings).
  if (!command.mayChangeMoney && Object.keys(changed).some(isMoneySetting)) throw new AppError('FORBIDDEN', { userMessage: MONEY_SETTINGS_FINANCE_ONLY });
  if (!command.mayChangeOther && Object.keys(changed).some((key) => !isMoneySetting(key))) throw new AppError('FORBIDDEN', { userMessage: OTHER_SETTINGS_SETTINGS_STAFF_ONLY });
  if (Object.keys(changed).length === 0) return [];
  // Dates that only make sense together are checked on the settings as they would be after the change.
  const next = { ...current, ...changed };
  if (next.approvalValidFrom && next.approvalValidUntil && next.approvalValidUntil < next.approvalValidFrom) {
    throw new AppError('BAD_REQUEST', { userMessage: APPROVAL_VALIDITY_ORDER, fieldErrors: { approvalValidUntil: [APPROVAL_VALIDITY_ORDER] } });
  }
  // A tap-to-pay link to a merchant VPA carries its category code (`mc`): without one, no link.
  if (next.upiIsMerchant && !next.upiMerchantCode) {
    throw new AppError('BAD_REQUEST', { userMessage: MERCHANT_CODE_REQUIRED, fieldErrors: { upiMerchantCode: [MERCHANT_CODE_REQUIRED] } });
  }
  return [{ type: 'SettingsChanged', data: { changes: changed, changedAt: command.now.toISOString() } }];
}
