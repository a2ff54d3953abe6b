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

export type EpinEvent = EpinGenerated | EpinUsed | EpinTransferred | EpinsSent | EpinsReceived;

export function epinHolderStreamId(userId: string): string {
  return `epin-holder-${userId}`;
}

export function epinStreamId(code: string): string {
  return `epin-${code}`;
}
