/**
 * Blind indexes (keyed hashes, decision 004/019) that let the module find and count donations
 * without storing contacts in an index: the status lookup by contact, and distinct donors. Each
 * purpose has its own name, so one hash never stands in for another.
 */
export type BlindIndex = (purpose: string, value: string) => string;

/** `contact` as ZLookupContactSchema gives it: a lower-case e-mail, or a phone's 10 digits. */
export function contactKeyOf(blindIndex: BlindIndex, contact: string): string {
  return blindIndex('donation-contact', contact.includes('@') ? `email:${contact}` : `phone:${contact}`);
}

export function contactKeysOf(blindIndex: BlindIndex, donor: { email: string | null; phone: string | null }): string[] {
  return [donor.email, donor.phone].filter((contact): contact is string => contact !== null).map((contact) => contactKeyOf(blindIndex, contact));
}

/** One donor across donations: the e-mail when given, else the phone. */
export function donorKeyOf(blindIndex: BlindIndex, donor: { email: string | null; phone: string | null }): string {
  return blindIndex('donation-donor', donor.email ? `email:${donor.email}` : `phone:${donor.phone ?? ''}`);
}
