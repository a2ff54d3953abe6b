// The rule of a name in Latin letters as the Income-tax department writes it on a PAN, apart from
// latin-name.ts's transliteration tables: the donate form's schema needs only this line, and the page
// loads the tables only when a PAN is typed (the public pages' JavaScript budget, decision 046).

/** A name as the Income-tax department would accept it on a PAN: Latin letters, spaces, dots, apostrophes and hyphens. */
export const LATIN_NAME_PATTERN = /^[A-Za-z][A-Za-z .'-]*$/;
