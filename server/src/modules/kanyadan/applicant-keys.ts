/**
 * The blind indexes (keyed hashes, vault.blindIndex) an application carries: the family's look-up
 * by phone, and the two duplicate checks. Only the keys reach an index; the values stay sealed.
 */
type BlindIndex = (purpose: string, value: string) => string;

/** A name as compared: Unicode-normalised, lower case, letters and combining marks only (any script). */
export function normaliseName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{M}]+/gu, '');
}

export function phoneKeyOf(blindIndex: BlindIndex, phone: string): string {
  return blindIndex('kanyadan-phone', phone);
}

export function aadhaarKeyOf(blindIndex: BlindIndex, aadhaar: string): string {
  return blindIndex('kanyadan-aadhaar', aadhaar);
}

/** The same girl as far as the form can tell: her name, her date of birth and her father's name. */
export function identityKeyOf(blindIndex: BlindIndex, person: { girlName: string; dob: string; fatherName: string }): string {
  return blindIndex('kanyadan-identity', `${normaliseName(person.girlName)}|${person.dob}|${normaliseName(person.fatherName)}`);
}
