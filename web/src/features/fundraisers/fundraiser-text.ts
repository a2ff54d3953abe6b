import type { MessageKey } from '#web/i18n/i18n.tsx';

/** The foundation's causes as a fundraiser names them (the server's DONATION_CAUSES). */
export const FUNDRAISER_CAUSE_LABELS: Record<string, MessageKey> = {
  general: 'fundraiser.causes.general',
  kanyadan: 'fundraiser.causes.kanyadan',
  medical: 'fundraiser.causes.medical',
  education: 'fundraiser.causes.education',
  accident: 'fundraiser.causes.accident',
  environment: 'fundraiser.causes.environment',
};
