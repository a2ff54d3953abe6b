import type {
  CASTES,
  GENDERS,
  GUARDIAN_RELATIONS,
  IndianState,
  KanyadanStatus,
  RejectionReason,
  StoredDocumentKind,
} from '@sahay/server/modules/kanyadan/submission/kanyadan-fields.schema';
import type { MessageKey } from '#web/i18n/i18n.tsx';

/**
 * The names the verification team reads for the keys the server sends. Written as template keys so
 * the type checker holds every status, state, reason and document kind to a text in admin.json.
 */
export const statusLabel = (status: KanyadanStatus): MessageKey => `admin.kanyadan.statuses.${status}`;
/** From the 'places' texts, which the pages that show a state load (admin-pages.ts). */
export const stateLabel = (state: IndianState): MessageKey => `places.states.${state}`;
export const reasonLabel = (reason: RejectionReason): MessageKey => `admin.kanyadan.reasons.${reason}`;
export const documentLabel = (kind: StoredDocumentKind): MessageKey => `admin.kanyadan.documentKinds.${kind}`;

type Relation = (typeof GUARDIAN_RELATIONS)[number];
type Gender = (typeof GENDERS)[number];
type Caste = (typeof CASTES)[number];
const RELATION_KEYS: Record<Relation, MessageKey> = {
  father: 'admin.kanyadan.relations.father',
  mother: 'admin.kanyadan.relations.mother',
  grandparent: 'admin.kanyadan.relations.grandparent',
  brother: 'admin.kanyadan.relations.brother',
  sister: 'admin.kanyadan.relations.sister',
  uncle: 'admin.kanyadan.relations.uncle',
  aunt: 'admin.kanyadan.relations.aunt',
  other: 'admin.kanyadan.relations.other',
};
const GENDER_KEYS: Record<Gender, MessageKey> = { female: 'admin.kanyadan.genders.female', other: 'admin.kanyadan.genders.other' };
const CASTE_KEYS: Record<Caste, MessageKey> = {
  'not-stated': 'admin.kanyadan.castes.not-stated',
  general: 'admin.kanyadan.castes.general',
  obc: 'admin.kanyadan.castes.obc',
  sc: 'admin.kanyadan.castes.sc',
  st: 'admin.kanyadan.castes.st',
  other: 'admin.kanyadan.castes.other',
};

/** The details come as plain strings; a value this client does not know (a newer server) is shown as sent. */
function keyOf(keys: Record<string, MessageKey>, value: string): MessageKey | undefined {
  return Object.hasOwn(keys, value) ? keys[value] : undefined;
}
export const relationKey = (value: string) => keyOf(RELATION_KEYS, value);
export const genderKey = (value: string) => keyOf(GENDER_KEYS, value);
export const casteKey = (value: string) => keyOf(CASTE_KEYS, value);

/** What each recorded event of an application is called; an unknown type is shown as recorded. */
const EVENT_KEYS: Record<string, MessageKey> = {
  KanyadanApplicationSubmitted: 'admin.kanyadan.events.KanyadanApplicationSubmitted',
  KanyadanDocumentProcessed: 'admin.kanyadan.events.KanyadanDocumentProcessed',
  KanyadanDocumentRejected: 'admin.kanyadan.events.KanyadanDocumentRejected',
  KanyadanFeePaid: 'admin.kanyadan.events.KanyadanFeePaid',
  KanyadanApplicationVerified: 'admin.kanyadan.events.KanyadanApplicationVerified',
  KanyadanApplicationRejected: 'admin.kanyadan.events.KanyadanApplicationRejected',
  KanyadanBenefitRequested: 'admin.kanyadan.events.KanyadanBenefitRequested',
  KanyadanBenefitApproved: 'admin.kanyadan.events.KanyadanBenefitApproved',
  KanyadanBenefitDisbursed: 'admin.kanyadan.events.KanyadanBenefitDisbursed',
  PersonalDataErased: 'admin.kanyadan.events.PersonalDataErased',
  KanyadanDocumentViewed: 'admin.kanyadan.events.KanyadanDocumentViewed',
  KanyadanDetailsViewed: 'admin.kanyadan.events.KanyadanDetailsViewed',
};
export const eventKey = (type: string) => keyOf(EVENT_KEYS, type);
