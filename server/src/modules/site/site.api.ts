/**
 * What other modules and the platform may use of the site module (settings, content, web vitals). Everything else in this folder is internal.
 */
import type { Queryable } from '#server/db/db';
import { getSettings } from './settings/settings.ts';

export { getSettings, recentMoneySettingChanges, updateSettings } from './settings/settings.ts';
export { getContentPages } from './content/content.ts';
export { MONEY_SETTINGS, type TMoneySettingKey } from './settings/settings.schema.ts';
export type { SettingsChanged } from './site.events.ts';
export { summarizeWebVitals } from './web-vitals.ts';

/** The registration rules an admin controls (PRODUCT.md §5, §10): invite only, and the user ID prefix. */
export async function getRegistrationSettings(db: Queryable): Promise<{ isInviteOnly: boolean; userIdPrefix: string }> {
  const { settings } = await getSettings(db);
  return { isInviteOnly: settings.isInviteOnly, userIdPrefix: settings.memberIdPrefix };
}

// Pure content helpers, for the web's tests and its byte-budget check (pages rendered without a database).
export { DEFAULT_SETTINGS } from './settings/settings.defaults.ts';
export { fillPlaceholders, renderMarkdown } from './content/markdown.ts';
export { SEED_CONTENT } from './content/seed-content.ts';
export { countOpenContactMessages } from './contact/contact-queue.ts';
export { missingSetup } from './settings/setup-checklist.ts';

// Its part of erasing a person (issue 29).
export { contactMessagesErasurePart } from './contact/erase-contact-messages.ts';

// The signatory's signature and the signing certificate (issue 31): what receipts and statements print and how they are signed.
export { currentSignatureFileId, currentSigningIdentity, recordSignatureImage, signatureImageBytes, uploadSigningCertificate } from './signing/signing.ts';
export { readSigningCertificate } from './signing/signing-certificate.ts';
export { SIGNATURE_IMAGE_STREAM, VALIDITY_ALERT_DAYS, type ValidityAlertRaised, type ValidityKind } from './site.events.ts';
export { validityWarnings, type ValidityWarning } from './settings/validity-alerts.ts';
