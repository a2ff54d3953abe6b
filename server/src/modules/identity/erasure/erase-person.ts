import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';
import { foldStreamOf, handleCommand } from '#server/event-store/command-handler';
import type { DomainEvent } from '#server/event-store/types';
import type { ErasureFound, ErasureKept, ErasureTarget } from '#server/modules/module';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { type Permission } from '../identity.events.ts';
import { staffInvitationStreamId, userStreamId } from '../identity.events.ts';
import { keepOneSuperAdmin } from '../members/member-admin.ts';
import { decideEraseContact, decideErasure, ERASURE_STREAM_PREFIX, type ErasureState, isSuperAdmin, type PersonErased, userStream } from '../user.decider.ts';
import { forgetAddressesOfActor } from '#server/event-store/queries';

export const LAST_SUPER_ADMIN_ERASE = 'This is the last active admin holding every permission; it cannot be erased.';

/** The e-mail (lower case) and phone (its last 10 digits) of an account, as the donations module looks contacts up. */
async function contactsOf(tx: Queryable, userId: string): Promise<string[]> {
  const { rows } = await tx.query<{ email: string | null; phone: string | null }>(`SELECT email, phone FROM users WHERE user_id = $1`, [userId]);
  const contacts: string[] = [];
  if (rows[0]?.email) contacts.push(rows[0].email.toLowerCase());
  const digits = rows[0]?.phone?.replace(/\D/g, '') ?? '';
  if (digits.length >= 10) contacts.push(digits.slice(-10));
  return contacts;
}

/** Each module's part, read in the erasure's transaction, and the versions of the streams they name. */
async function findEverywhere(services: Services, tx: Queryable, target: ErasureTarget): Promise<{ found: ErasureFound[]; versions: Record<string, number | null> }> {
  const found: ErasureFound[] = [];
  for (const module of services.modules) if (module.erasure) found.push(await module.erasure.find(services, tx, target));
  return { found, versions: Object.assign({}, ...found.map((part) => part.streams)) as Record<string, number | null> };
}

export interface ErasureResult {
  erasedAt: string;
  isErasedNow: boolean;
  erased: Record<string, number>;
  kept: ErasureKept[];
}

function resultOf(events: readonly { type: string; data: unknown }[]): Pick<ErasureResult, 'erased' | 'kept'> {
  const record = events.find((event) => event.type === 'PersonErased')?.data as PersonErased['data'] | undefined;
  return { erased: record?.erased ?? {}, kept: record?.kept ?? [] };
}

/**
 * Erases a person everywhere (rule 9; docs/decisions/021; issue 29): in one transaction, one recorded
 * action — PersonalDataErased on their account's stream and on every stream of every module that
 * names them (each module's ErasurePart finds its own: donations by account and by contact, help
 * requests, …), and a PII-free PersonErased saying what went and what the law keeps. The inline
 * projections scrub their rows as they see the events; every data key is destroyed (so every sealed
 * field in every event and every file sealed under it is unreadable for ever), their files are
 * removed, and the security rows that name them (sessions, codes, second factor) go. Erasing a
 * super-admin takes the same lock and count as suspending one, so two erasing each other at once
 * leave one. What is left — the events, with ciphertext no one can open — replays to the same read models.
 */
export async function erasePerson(
  services: Services,
  command: { userId: string; reason: string; by: { userId: string; permissions: readonly Permission[] } | null },
  meta: RequestMeta,
): Promise<{ userId: string } & ErasureResult> {
  const subjectId = userStreamId(command.userId);
  const now = services.now();
  const erasureId = crypto.randomUUID();
  const { events, state } = await handleCommand<ErasureState, DomainEvent>(services, {
    async read(tx) {
      const user = await foldStreamOf(services.eventStore, tx, userStream, command.userId);
      const isSuper = isSuperAdmin(user.state);
      if (!user.state.exists || user.state.status === 'erased') return { state: { user: user.state, found: [], isSuperAdmin: isSuper }, versions: user.versions };
      const { found, versions } = await findEverywhere(services, tx, { userId: command.userId, contacts: await contactsOf(tx, command.userId) });
      return { state: { user: user.state, found, isSuperAdmin: isSuper }, versions: { ...versions, ...user.versions, [`${ERASURE_STREAM_PREFIX}${erasureId}`]: null } };
    },
    decide: (state) => decideErasure({ ...command, erasureId, now }, state),
    metadata: eventMetadata(meta),
    async onRecorded(tx, _events, state) {
      // As a suspension: no active admin holding every permission left means no erasure (the users row is already scrubbed).
      if (state.isSuperAdmin) await keepOneSuperAdmin(tx, LAST_SUPER_ADMIN_ERASE);
      await services.vault.destroyKey(tx, subjectId);
      // The staff invitation that opened the account held the same name and address, under its own key.
      const { rows: invitations } = await tx.query<{ invitation_id: string }>(`SELECT invitation_id FROM staff_invitations WHERE user_id = $1`, [command.userId]);
      for (const { invitation_id: invitationId } of invitations) await services.vault.destroyKey(tx, staffInvitationStreamId(invitationId));
      await services.files.removeAllOf(subjectId, tx);
      for (const table of ['sessions', 'password_reset_codes', 'admin_totp', 'admin_totp_setups', 'admin_totp_used_steps']) {
        await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [command.userId]);
      }
      await tx.query(`DELETE FROM login_failures WHERE account_key = $1`, [`user:${command.userId}`]);
      // The addresses their own requests came from (docs/decisions/022).
      await forgetAddressesOfActor(tx, command.userId);
      for (const part of state.found) await part.shred(tx);
    },
  });
  const isErasedNow = events.length > 0;
  return { userId: command.userId, erasedAt: isErasedNow ? now.toISOString() : state.user.erasedAt!, isErasedNow, ...resultOf(events) };
}

/**
 * Erases a donor who never had an account (issue 29), known by an e-mail address or phone: every
 * record of every module found by that contact (donations by its blind index), as erasePerson does
 * for an account, in one recorded action. Nothing found (or all of it erased already) records nothing.
 */
export async function eraseContact(
  services: Services,
  command: { contact: string; reason: string },
  meta: RequestMeta,
): Promise<ErasureResult> {
  const now = services.now();
  const erasureId = crypto.randomUUID();
  const { events } = await handleCommand<{ found: ErasureFound[] }, DomainEvent>(services, {
    async read(tx) {
      const { found, versions } = await findEverywhere(services, tx, { userId: null, contacts: [command.contact] });
      return { state: { found }, versions: { ...versions, [`${ERASURE_STREAM_PREFIX}${erasureId}`]: null } };
    },
    decide: (state) => decideEraseContact({ erasureId, reason: command.reason, now }, state),
    metadata: eventMetadata(meta),
    async onRecorded(tx, _events, state) {
      for (const part of state.found) await part.shred(tx);
    },
  });
  return { erasedAt: now.toISOString(), isErasedNow: events.length > 0, ...resultOf(events) };
}
