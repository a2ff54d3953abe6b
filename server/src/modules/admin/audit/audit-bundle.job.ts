import crypto from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import { handleCommand } from '#server/event-store/command-handler';
import { defineJob } from '#server/queue/job';
import { getSettings } from '#server/modules/site/site.api';
import { getUserNames } from '#server/modules/identity/identity.api';
import { renderBundlePdf, type BundleThumbnail } from './audit-bundle-pdf.ts';
import { AUDIT_BUNDLE_FILE_KIND, auditBundleStreamId, evolveBundle, noBundle, type AuditBundleRendered, type AuditBundleRequested } from './audit-bundle.ts';
import { auditHistoryOf } from './audit.ts';

/** Keys whose values a bank, a court or the donor would quote: collected from every event's data. */
const REFERENCE_KEYS = new Set(['reference', 'utr', 'serial', 'receiptSerial', 'regNo', 'requestId', 'disbursementId', 'giftId']);

function collectReferences(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectReferences(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (REFERENCE_KEYS.has(key) && typeof item === 'string' && item) found.add(`${key}: ${item}`);
      else collectReferences(item, found);
    }
  }
}

/** The file IDs of payment screenshots an event names: a processed donation proof, a direct gift's screenshot. */
function screenshotFileIds(type: string, data: unknown): string[] {
  const record = (data ?? {}) as { fileId?: unknown; screenshot?: { fileId?: unknown } };
  const ids: string[] = [];
  if (/Screenshot(Processed)?$/.test(type) && typeof record.fileId === 'string') ids.push(record.fileId);
  if (typeof record.screenshot?.fileId === 'string') ids.push(record.screenshot.fileId);
  return ids;
}

/**
 * Makes a requested dispute bundle: the record's history as of the request (with personal fields,
 * as the admin who asked saw it), its references and its payment screenshots as thumbnails, one PDF
 * stored under the record's key with AuditBundleRendered in the same transaction. A second delivery
 * finds it made and does nothing.
 */
export const renderAuditBundleJob = defineJob<AuditBundleRequested, { bundleId: string; streamId: string; requestedBy: string; showsPayout?: boolean }>({
  name: 'render-audit-bundle',
  on: ['AuditBundleRequested'],
  payload: z.object({ bundleId: z.string().uuid(), streamId: z.string().min(1), requestedBy: z.string().min(1), showsPayout: z.boolean().optional() }),
  async run({ event, payload }, context) {
    const { bundleId, streamId, requestedBy } = payload;
    const bundleStream = auditBundleStreamId(bundleId);
    // Secrets never; payout details only in a bundle asked for by finance (audit/redact.ts).
    const history = await auditHistoryOf(context, streamId, event.recordedAt, { showPayout: payload.showsPayout === true });
    if (!history) return; // the record is gone (erased streams keep their events, so this is a stream that never was)

    const references = new Set<string>();
    const thumbnails: BundleThumbnail[] = [];
    for (const recorded of history.events) {
      collectReferences(recorded.data, references);
      for (const fileId of screenshotFileIds(recorded.type, recorded.data)) {
        const file = await context.files.get(fileId);
        if (!file || !file.mediaType.startsWith('image/')) continue;
        const jpeg = await sharp(file.bytes).resize({ width: 480, height: 480, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 70 }).toBuffer();
        thumbnails.push({ caption: `#${recorded.version} ${recorded.type}`, jpeg });
      }
    }
    const { settings } = await getSettings(context.db);
    const names = await getUserNames(context.db, [requestedBy]);
    const pdf = await renderBundlePdf({
      foundation: {
        name: settings.foundationName,
        address: settings.address,
        phone: settings.phone,
        email: settings.email,
        registrationNo: settings.registrationNo,
        pan: settings.pan,
      },
      streamId,
      bundleId,
      requestedBy: { id: requestedBy, name: names.get(requestedBy) ?? null },
      generatedAt: context.now(),
      events: history.events,
      references: [...references].sort(),
      thumbnails,
    });

    const fileId = crypto.randomUUID();
    await handleCommand(context, {
      streamId: bundleStream,
      evolve: evolveBundle,
      initialState: noBundle,
      decide: (state): AuditBundleRendered[] =>
        state.rendered ? [] : [{ type: 'AuditBundleRendered', data: { bundleId, streamId, fileId, events: history.events.length, renderedAt: context.now().toISOString() } }],
      metadata: { actor: 'system', correlationId: event.metadata.correlationId, causationId: event.eventId },
      async onRecorded(tx) {
        await context.files.put({ fileId, subjectId: streamId, kind: AUDIT_BUNDLE_FILE_KIND, mediaType: 'application/pdf', bytes: pdf }, tx);
      },
    });
  },
});
