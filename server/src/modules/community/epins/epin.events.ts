export type EpinGenerated = {
  type: 'EpinGenerated';
  data: { code: string; generatedBy: string; heldBy: string; generatedAt: string };
};

export type EpinUsed = {
  type: 'EpinUsed';
  data: { code: string; usedBy: string; usedAt: string };
};

/** A code changed hands (on the code's own stream: its full history). */
export type EpinTransferred = {
  type: 'EpinTransferred';
  data: { code: string; transferId: string; from: string; to: string; transferredAt: string };
};

/** The same transfer as seen by each holder (on `epin-holder-<userId>`): every transfer is an event on both. */
export type EpinsSent = {
  type: 'EpinsSent';
  data: { transferId: string; from: string; to: string; codes: string[]; transferredAt: string };
};

export type EpinsReceived = {
  type: 'EpinsReceived';
  data: { transferId: string; from: string; to: string; codes: string[]; transferredAt: string };
};

/**
 * The holder shared the code in a link (`/register/<holder>?code=<code>`, issue 16): it is kept for
 * that link until `reservedUntil` — not transferred, not shared again — and free again after it if
 * nobody used it. Anyone with the link may register with it.
 */
export type EpinReserved = {
  type: 'EpinReserved';
  data: { code: string; heldBy: string; reservedAt: string; reservedUntil: string };
};

export type EpinEvent = EpinGenerated | EpinUsed | EpinTransferred | EpinsSent | EpinsReceived | EpinReserved;

export function epinHolderStreamId(userId: string): string {
  return `epin-holder-${userId}`;
}

export const EPIN_STREAM_PREFIX = 'epin-';

export function epinStreamId(code: string): string {
  return `${EPIN_STREAM_PREFIX}${code}`;
}
