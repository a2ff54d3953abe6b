import crypto from 'node:crypto';

/**
 * A version 7 UUID (RFC 9562): 48 bits of Unix milliseconds, then random bits. Time-ordered IDs
 * keep the unique index on events.event_id appending at its right edge instead of splitting pages
 * all over it, which random (v4) IDs do.
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = crypto.randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
