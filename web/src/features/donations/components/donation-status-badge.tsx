import { useT, type MessageKey } from '#web/i18n/i18n.tsx';

export const STATUS_LABELS: Record<string, MessageKey> = {
  awaiting_payment: 'donation.statuses.awaiting_payment',
  proof_received: 'donation.statuses.proof_received',
  verified: 'donation.statuses.verified',
  rejected: 'donation.statuses.rejected',
  abandoned: 'donation.statuses.abandoned',
  cancelled: 'donation.statuses.cancelled',
};

/** Verified: green; refused or withdrawn: red; waiting: grey. Never colour alone: the word says it. */
const STATUS_TONES: Record<string, string> = {
  verified: 'badge-unused',
  rejected: 'badge-suspended',
  cancelled: 'badge-suspended',
};

/** A donation's state in words; an unknown state (a newer server) is shown as the server names it. */
export function DonationStatusBadge({ status }: { status: string }) {
  const t = useT();
  const label = STATUS_LABELS[status];
  return <span className={`badge ${STATUS_TONES[status] ?? 'badge-used'}`}>{label ? t(label) : status}</span>;
}
