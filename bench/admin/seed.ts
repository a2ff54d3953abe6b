import crypto from 'node:crypto';
import { createDonation, submitProof, verifyDonation } from '#server/modules/donations/donations.api';
import { ZCreateDonationRequestSchema } from '#server/modules/donations/giving/create-donation.schema';
import type { Services } from '#server/services';
import { indiaToday } from '#server/shared/india';

/**
 * bench:admin's one donation through the commands, for the audit history: pledged, proof sent,
 * verified as received today — India's today, as the product dates money (from 18:30 to 24:00 UTC
 * the UTC date is the day before, and the verification was refused as money received before the
 * donation was made; issue 36). Returns its canonical reference and when it was verified.
 */
export async function seedAuditedDonation(services: Services): Promise<{ reference: string; verifiedAt: Date }> {
  const meta = { actor: 'anonymous', correlationId: crypto.randomUUID(), ip: '203.0.113.9' };
  const email = 'bench.donor@example.org';
  const input = ZCreateDonationRequestSchema.parse({ amountPaise: 2_500_00, cause: 'general', donorName: 'Bench Donor', email, showName: false });
  const { reference } = await createDonation(services, input, null, meta);
  const ref = reference.replace('-', '');
  await submitProof(services, { reference: ref, contact: email, utr: '912345678901' }, null, meta);
  const verifiedAt = services.now();
  await verifyDonation(services, { reference: ref, receivedOn: indiaToday(verifiedAt), mode: 'upi' }, { ...meta, actor: 'SH9000001', correlationId: crypto.randomUUID() });
  return { reference: ref, verifiedAt };
}
