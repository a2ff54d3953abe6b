import type { HELP_CLOSE_REASON_VALUES, HELP_STATUS_VALUES } from '@sahay/server/modules/help/help.schema';
import type { MessageKey } from '#web/i18n/i18n.tsx';
import type { HelpCategory, HelpDocumentKind, HelpRelation } from './ask-help-rules.ts';

type HelpStatus = (typeof HELP_STATUS_VALUES)[number];
type HelpCloseReason = (typeof HELP_CLOSE_REASON_VALUES)[number];

/** The member's words for the lists the server keeps (member.json, section myHelp). */
export const CATEGORY_LABELS: Record<HelpCategory, MessageKey> = {
  medical: 'myHelp.categories.medical',
  education: 'myHelp.categories.education',
  accident: 'myHelp.categories.accident',
  marriage: 'myHelp.categories.marriage',
  livelihood: 'myHelp.categories.livelihood',
  other: 'myHelp.categories.other',
};

export const RELATION_LABELS: Record<HelpRelation, MessageKey> = {
  self: 'myHelp.relations.self',
  spouse: 'myHelp.relations.spouse',
  child: 'myHelp.relations.child',
  parent: 'myHelp.relations.parent',
  sibling: 'myHelp.relations.sibling',
  grandparent: 'myHelp.relations.grandparent',
  grandchild: 'myHelp.relations.grandchild',
  'other-relative': 'myHelp.relations.other-relative',
};

export const DOCUMENT_KIND_LABELS: Record<HelpDocumentKind, MessageKey> = {
  'hospital-estimate': 'myHelp.documentKinds.hospital-estimate',
  'hospital-bill': 'myHelp.documentKinds.hospital-bill',
  'admission-letter': 'myHelp.documentKinds.admission-letter',
  'accident-report': 'myHelp.documentKinds.accident-report',
  other: 'myHelp.documentKinds.other',
};

export const STATUS_LABELS: Record<HelpStatus, MessageKey> = {
  submitted: 'myHelp.statuses.submitted',
  information_requested: 'myHelp.statuses.information_requested',
  published: 'myHelp.statuses.published',
  rejected: 'myHelp.statuses.rejected',
  closed: 'myHelp.statuses.closed',
};

/** What happens next, under the status. */
export const STATUS_HELP: Record<HelpStatus, MessageKey> = {
  submitted: 'myHelp.statusHelp.submitted',
  information_requested: 'myHelp.statusHelp.information_requested',
  published: 'myHelp.statusHelp.published',
  rejected: 'myHelp.statusHelp.rejected',
  closed: 'myHelp.statusHelp.closed',
};

export const CLOSE_REASON_LABELS: Record<HelpCloseReason, MessageKey> = {
  funded: 'myHelp.closeReasons.funded',
  requester: 'myHelp.closeReasons.requester',
  staff: 'myHelp.closeReasons.staff',
  expired: 'myHelp.closeReasons.expired',
};

/** Published: green; rejected: red; the rest grey. The word says it; colour only helps. */
export const STATUS_TONES: Partial<Record<HelpStatus, string>> = { published: 'badge-unused', rejected: 'badge-suspended' };
