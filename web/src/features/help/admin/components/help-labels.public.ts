import type {
  HELP_CATEGORY_VALUES,
  HELP_CLOSE_REASON_VALUES,
  HELP_DOCUMENT_KIND_VALUES,
  HELP_ID_KIND_VALUES,
  HELP_RELATIONS,
  HELP_STATUS_VALUES,
} from '@sahay/server/modules/help/help.schema';
import type { MessageKey } from '#web/i18n/i18n.tsx';

export type HelpStatus = (typeof HELP_STATUS_VALUES)[number];
export type HelpIdKind = (typeof HELP_ID_KIND_VALUES)[number];

/** Staff's words for the help module's lists (admin.json, admin.help). */
export const HELP_STATUS_LABELS: Record<HelpStatus, MessageKey> = {
  submitted: 'admin.help.statuses.submitted',
  information_requested: 'admin.help.statuses.information_requested',
  published: 'admin.help.statuses.published',
  rejected: 'admin.help.statuses.rejected',
  closed: 'admin.help.statuses.closed',
};

export const HELP_CATEGORY_LABELS: Record<(typeof HELP_CATEGORY_VALUES)[number], MessageKey> = {
  medical: 'admin.help.categories.medical',
  education: 'admin.help.categories.education',
  accident: 'admin.help.categories.accident',
  marriage: 'admin.help.categories.marriage',
  livelihood: 'admin.help.categories.livelihood',
  other: 'admin.help.categories.other',
};

export const HELP_RELATION_LABELS: Record<(typeof HELP_RELATIONS)[number], MessageKey> = {
  self: 'admin.help.relations.self',
  spouse: 'admin.help.relations.spouse',
  child: 'admin.help.relations.child',
  parent: 'admin.help.relations.parent',
  sibling: 'admin.help.relations.sibling',
  grandparent: 'admin.help.relations.grandparent',
  grandchild: 'admin.help.relations.grandchild',
  'other-relative': 'admin.help.relations.other-relative',
};

export const HELP_DOCUMENT_KIND_LABELS: Record<(typeof HELP_DOCUMENT_KIND_VALUES)[number], MessageKey> = {
  'hospital-estimate': 'admin.help.documentKinds.hospital-estimate',
  'hospital-bill': 'admin.help.documentKinds.hospital-bill',
  'admission-letter': 'admin.help.documentKinds.admission-letter',
  'accident-report': 'admin.help.documentKinds.accident-report',
  other: 'admin.help.documentKinds.other',
};

export const HELP_ID_KIND_LABELS: Record<HelpIdKind, MessageKey> = {
  aadhaar: 'admin.help.idKinds.aadhaar',
  'voter-id': 'admin.help.idKinds.voter-id',
  pan: 'admin.help.idKinds.pan',
  passport: 'admin.help.idKinds.passport',
  'driving-licence': 'admin.help.idKinds.driving-licence',
  'ration-card': 'admin.help.idKinds.ration-card',
};

export const HELP_CLOSE_REASON_LABELS: Record<(typeof HELP_CLOSE_REASON_VALUES)[number], MessageKey> = {
  funded: 'admin.help.closeReasons.funded',
  requester: 'admin.help.closeReasons.requester',
  staff: 'admin.help.closeReasons.staff',
  expired: 'admin.help.closeReasons.expired',
};

/** Published: green; rejected: red; waiting: grey. The word says it. */
export const HELP_STATUS_TONES: Partial<Record<HelpStatus, string>> = { published: 'badge-unused', rejected: 'badge-suspended' };
