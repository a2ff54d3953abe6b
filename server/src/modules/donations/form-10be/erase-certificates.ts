import type { Queryable } from '#server/db/db';
import { streamVersions } from '#server/event-store/queries';
import type { Services } from '#server/services';
import { form10beStreamId } from './form-10be.events.ts';

/**
 * A person's Form 10BE certificates, for their erasure (issue 31): those matched to their
 * donations, and those still waiting for a person that name an identification number their
 * donations carry (a certificate matched to another person sharing that PAN is theirs, not erased). Each gets a PersonalDataErased (the read model drops the name,
 * ID and file); shredding destroys the certificate's data key and removes its PDF.
 */
export async function findCertificatesToErase(
  services: Pick<Services, 'vault' | 'files'>,
  tx: Queryable,
  donations: { references: readonly string[]; idNumbers: readonly string[] },
): Promise<{ streams: Record<string, number | null>; count: number; shred(tx: Queryable): Promise<void> }> {
  const idNumbers = donations.idNumbers.map((id) => id.replace(/\s+/g, '').toUpperCase()).filter(Boolean);
  if (donations.references.length === 0 && idNumbers.length === 0) return { streams: {}, count: 0, shred: async () => {} };
  const { rows } = await tx.query<{ certificate_id: string }>(
    `SELECT certificate_id FROM form_10be_certificates WHERE erased_at IS NULL AND ("references" && $1::text[] OR (status <> 'matched' AND id_number = ANY($2::text[]))) ORDER BY certificate_id`,
    [donations.references, idNumbers],
  );
  const streamIds = rows.map((row) => form10beStreamId(row.certificate_id));
  const versions = await streamVersions(tx, streamIds);
  const streams = Object.fromEntries(streamIds.filter((id) => versions[id] !== null).map((id) => [id, versions[id]!]));
  return {
    streams,
    count: Object.keys(streams).length,
    async shred(shredTx) {
      for (const subjectId of Object.keys(streams)) {
        await services.vault.destroyKey(shredTx, subjectId);
        await services.files.removeAllOf(subjectId, shredTx);
      }
    },
  };
}
