import { latinNameKey, latinNameSuggestion } from '#server/shared/latin-name';
import type { UnmatchedReason } from './form-10be.events.ts';

/** A verified donation of the certificate's year whose identification number is the certificate's. */
export interface CandidateGift {
  reference: string;
  receivedOn: string;
  /** As the donor typed it: often Devanagari. */
  donorName: string;
  /** The name as on the PAN (Latin letters), when the donation has one: preferred over the typed name. */
  panName: string | null;
}

export type MatchOutcome = { kind: 'matched'; references: string[] } | { kind: 'unmatched'; reason: UnmatchedReason; candidates: string[] };

/** A donation's name in Latin letters: its name as on PAN, else the typed name (transliterated when it is Devanagari). */
export function latinNameOfGift(gift: Pick<CandidateGift, 'donorName' | 'panName'>): string {
  return gift.panName?.trim() || latinNameSuggestion(gift.donorName);
}

/** Two names are one when their word keys are the same words, in any order (PANs often put the surname first). */
export function isSameLatinName(a: string, b: string): boolean {
  const keyA = latinNameKey(a).sort();
  const keyB = latinNameKey(b).sort();
  return keyA.length > 0 && keyA.length === keyB.length && keyA.every((word, index) => word === keyB[index]);
}

/** The same spelling, whatever the case and spacing: "Rama Sharma" and "RAMA  SHARMA" are one person, "Ram" and "Rama" may not be. */
function spellingOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z]+/g, ' ').trim();
}

/**
 * Pure: whose a certificate is. The candidates already share its identification number and year;
 * of them, those whose Latin name has the certificate name's key are the donor's. When the names
 * that fit are spelt differently (two people sharing one PAN, Ram and Rima Sharma, both fit "RAMA
 * SHARMA"), only the certificate's own spelling decides; without it a person does; so too when no name fits, or nobody gave with
 * that number. Matched references come latest first.
 */
export function matchCertificate(certificate: { donorName: string }, candidates: readonly CandidateGift[]): MatchOutcome {
  const all = candidates.map((gift) => gift.reference).sort();
  if (candidates.length === 0) return { kind: 'unmatched', reason: 'no-donor', candidates: [] };
  const fitting = candidates.filter((gift) => isSameLatinName(latinNameOfGift(gift), certificate.donorName));
  if (fitting.length === 0) return { kind: 'unmatched', reason: 'name-differs', candidates: all };
  const spellings = new Set(fitting.map((gift) => spellingOf(latinNameOfGift(gift))));
  const exactly = fitting.filter((gift) => spellingOf(latinNameOfGift(gift)) === spellingOf(certificate.donorName));
  // Names spelt differently may be two people: only the certificate's own spelling decides between them.
  const theirs = spellings.size === 1 ? fitting : exactly.length > 0 ? exactly : null;
  if (!theirs) return { kind: 'unmatched', reason: 'several-donors', candidates: all };
  const references = [...theirs].sort((a, b) => (a.receivedOn === b.receivedOn ? (a.reference < b.reference ? 1 : -1) : a.receivedOn < b.receivedOn ? 1 : -1)).map((gift) => gift.reference);
  return { kind: 'matched', references };
}
