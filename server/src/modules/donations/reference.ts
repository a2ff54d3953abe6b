import crypto from 'node:crypto';
import { REFERENCE_ALPHABET } from './donation-fields.schema.ts';

export { formatReference } from './donation-fields.schema.ts';

/**
 * A new donation reference: 8 characters from an alphabet without look-alikes (31⁸ ≈ 8.5 × 10¹¹),
 * drawn uniformly. Unique by the `no_stream` append of its stream: a collision retries with another.
 */
export function generateReference(): string {
  let reference = '';
  for (let index = 0; index < 8; index++) reference += REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)];
  return reference;
}
