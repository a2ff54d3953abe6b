import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { consumeRateLimit, formatWait } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/modules/identity/request-meta';
import { hasRun } from '#server/queue/job-effects';
import type { JobHandler } from '#server/queue/queue';
import type { Services } from '#server/services';
import type { TContactMessage, ZCreateContactMessageRequestSchema } from './contact.schema.ts';
import { getSettings } from './settings.ts';
import { contactStreamId, type ContactDetails, type ContactMessageHandled, type ContactMessageReceived, type SiteEvent } from './site.events.ts';

export const MESSAGE_NOT_FOUND = 'This message does not exist.';

/**
 * Takes a message from the contact form. A filled honeypot means a bot: it is dropped without a
 * trace and answered like any other, so the bot learns nothing. Five messages an hour per address.
 */
export async function receiveContactMessage(
  services: Services,
  input: z.output<typeof ZCreateContactMessageRequestSchema>,
  meta: RequestMeta,
): Promise<{ isStored: boolean }> {
  if (input.website && input.website.trim() !== '') return { isStored: false };
  if (meta.ip) {
    try {
      await consumeRateLimit(services.db, `contact:ip:${meta.ip}`, services.limits.contactPerIp, services.now());
    } catch (error) {
      if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
        throw new AppError('TOO_MANY_REQUESTS', {
          userMessage: `You have sent too many messages. Please try again in ${formatWait(error.retryAfterSeconds ?? 3600)}.`,
          retryAfterSeconds: error.retryAfterSeconds,
          cause: error,
        });
      }
      throw error;
    }
  }
  const messageId = crypto.randomUUID();
  const details: ContactDetails = { name: input.name, email: input.email || null, phone: input.phone || null, message: input.message };
  await services.eventStore.append(async (tx) => {
    const event: ContactMessageReceived = {
      type: 'ContactMessageReceived',
      data: { messageId, personal: await services.eventStore.seal(tx, contactStreamId(messageId), details), receivedAt: services.now().toISOString() },
    };
    return [{ streamId: contactStreamId(messageId), expected: 'no_stream', events: [event] }];
  }, eventMetadata(meta));
  return { isStored: true };
}

interface MessageRow {
  message_id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string | null;
  received_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
}

function toDto(row: MessageRow): TContactMessage {
  return {
    id: row.message_id,
    name: row.name ?? '[erased]',
    email: row.email,
    phone: row.phone,
    message: row.message ?? '[erased]',
    receivedAt: new Date(row.received_at).toISOString(),
    handledAt: row.handled_at ? new Date(row.handled_at).toISOString() : null,
    handledBy: row.handled_by,
  };
}

const COLUMNS = 'message_id, name, email, phone, message, received_at, handled_at, handled_by';

export async function listContactMessages(db: Queryable, status: 'open' | 'handled' | 'all'): Promise<TContactMessage[]> {
  const where = status === 'open' ? 'WHERE handled_at IS NULL' : status === 'handled' ? 'WHERE handled_at IS NOT NULL' : '';
  const { rows } = await db.query<MessageRow>(`SELECT ${COLUMNS} FROM contact_messages ${where} ORDER BY received_at DESC LIMIT 500`);
  return rows.map(toDto);
}

export async function getContactMessage(db: Queryable, id: string): Promise<TContactMessage> {
  const { rows } = await db.query<MessageRow>(`SELECT ${COLUMNS} FROM contact_messages WHERE message_id = $1`, [id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', { userMessage: MESSAGE_NOT_FOUND });
  return toDto(rows[0]);
}

/** Marking twice records nothing new. */
export async function markContactMessageHandled(services: Services, id: string, meta: RequestMeta): Promise<TContactMessage> {
  const current = await getContactMessage(services.db, id);
  if (!current.handledAt) {
    const event: ContactMessageHandled = { type: 'ContactMessageHandled', data: { messageId: id, handledAt: services.now().toISOString() } };
    await services.eventStore.append([{ streamId: contactStreamId(id), expected: 'stream_exists', events: [event] }], eventMetadata(meta));
  }
  return getContactMessage(services.db, id);
}

/** Tells the foundation's address that a message arrived, with the message; handling happens in the inbox. */
export const notifyContactMessageJob: JobHandler = {
  name: 'notify-contact-message',
  on: ['ContactMessageReceived'],
  async run(job, context) {
    const event = job.event as unknown as SiteEvent;
    if (event.type !== 'ContactMessageReceived' || (await hasRun(context.db, job.id))) return;
    const { settings } = await getSettings(context.db);
    const details = await context.eventStore.vault.reveal<ContactDetails>(context.db, event.data.personal);
    if (!details) return;
    await context.mailer.send({
      to: settings.email,
      idempotencyKey: job.id,
      subject: `New contact message from ${details.name} / संपर्क फ़ॉर्म से नया संदेश`,
      text: [
        `A message arrived through the contact form at ${event.data.receivedAt}.`,
        `From: ${details.name}${details.email ? ` <${details.email}>` : ''}${details.phone ? `, phone ${details.phone}` : ''}`,
        '',
        details.message,
        '',
        `Read and mark it handled in the admin console: ${context.config.publicUrl}/admin/contact`,
        '',
        'संपर्क फ़ॉर्म से एक नया संदेश आया है। इसे एडमिन कंसोल में पढ़ें और निपटाया हुआ चिह्नित करें।',
      ].join('\n'),
    });
    await context.db.query(`INSERT INTO job_effects (job_id) VALUES ($1) ON CONFLICT (job_id) DO NOTHING`, [job.id]);
  },
};
