import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit, formatWait } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { handleCommand } from '#server/event-store/command-handler';

import type { Services } from '#server/services';
import type { TContactMessage, ZCreateContactMessageRequestSchema } from './contact.schema.ts';
import { contactStreamId, type ContactDetails } from '../site.events.ts';
import { MESSAGE_NOT_FOUND, decideReceiveContactMessage, decideMarkHandled, contactStream } from './contact.decider.ts';

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
      await consumeRateLimit(services.db, addressBucket('contact', meta.ip), services.limits.contactPerIp, services.now());
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
  const streamId = contactStreamId(messageId);
  await handleCommand(services, {
    // A new stream under a random ID: nothing to read.
    read: async () => ({ state: null, versions: { [streamId]: null } }),
    decide: async (_state, { seal }) => [
      { streamId, events: [decideReceiveContactMessage({ messageId, personal: await seal(streamId, details), now: services.now() })] },
    ],
    metadata: eventMetadata(meta),
  });
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
  await handleCommand(services, {
    stream: contactStream,
    id,
    decide: (state) => decideMarkHandled({ messageId: id, now: services.now() }, state),
    metadata: eventMetadata(meta),
  });
  return getContactMessage(services.db, id);
}
