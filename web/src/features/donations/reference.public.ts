/**
 * Donation references: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown as
 * XXXX-XXXX and accepted with or without the dash, in any case, with stray spaces (as a donor
 * copies it from a payment note or reads it out).
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const REFERENCE = new RegExp(`^[${ALPHABET}]{8}$`);

/** The canonical 8 characters, or null when what was typed cannot be a reference. */
export function normaliseReference(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  return REFERENCE.test(compact) ? compact : null;
}

/** XXXX-XXXX for people; anything that is not a reference is shown as given. */
export function displayReference(reference: string): string {
  const canonical = normaliseReference(reference);
  return canonical ? `${canonical.slice(0, 4)}-${canonical.slice(4)}` : reference;
}

/** Which kind of bank reference a UTR looks like, to tell the donor what we understood. */
export function utrKindOf(typed: string): 'upi-imps' | 'neft-rtgs' | null {
  const compact = typed.replace(/\s/g, '').toUpperCase();
  if (/^\d{12}$/.test(compact)) return 'upi-imps';
  if (/^[A-Z0-9]{16,22}$/.test(compact)) return 'neft-rtgs';
  return null;
}
