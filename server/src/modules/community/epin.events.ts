export type EpinGenerated = {
  type: 'EpinGenerated';
  data: { code: string; generatedBy: string; heldBy: string; generatedAt: string };
};

export type EpinUsed = {
  type: 'EpinUsed';
  data: { code: string; usedBy: string; usedAt: string };
};

export type EpinEvent = EpinGenerated | EpinUsed;

export function epinStreamId(code: string): string {
  return `epin-${code}`;
}
