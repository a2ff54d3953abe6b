import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import { deciderSpec, fold, recorded } from '#server/testing/deciders/decider-spec';
import type { ErasureFound } from '#server/modules/module';
import { PERMISSIONS, type IdentityEvent } from './identity.events.ts';
import {
  decideEraseContact,
  decideErasePerson,
  decideErasure,
  decideImportQrFile,
  decideRegisterAccount,
  decideUserIdReminders,
  EMAIL_TAKEN,
  ERASE_NOT_ALLOWED,
  ERASE_OWN,
  ERASURE_STREAM_PREFIX,
  evolveUser,
  isActiveUser,
  MEMBER_NOT_FOUND,
  noUser,
  type RegisterAccountCommand,
  type UserState,
} from './user.decider.ts';

const userId = 'SH4200001';
const at = '2026-03-01T10:00:00.000Z';
const personal: Sealed = { $sealed: 1, subject: `user-${userId}`, iv: 'iv', tag: 'tag', ct: 'ct' };
const user = { evolve: evolveUser, initialState: noUser };

const registered: IdentityEvent = {
  type: 'AccountRegistered',
  data: { userId, role: 'admin', permissions: ['members', 'settings'], sponsorId: null, epin: null, emailHash: 'email-hash', passwordHash: 'hash-1', personal, joinedAt: at },
};
const uploaded = (uploadId: string): IdentityEvent => ({ type: 'QrCodeUploaded', data: { userId, uploadId, mediaType: 'image/png', bytes: 1234, uploadedAt: at } });
const processed = (uploadId: string): IdentityEvent => ({
  type: 'QrCodeProcessed',
  data: { userId, uploadId, file: `${uploadId}.webp`, width: 512, height: 512, processedAt: at },
});
const rejected = (uploadId: string): IdentityEvent => ({ type: 'QrCodeRejected', data: { userId, uploadId, reason: 'unreadable', rejectedAt: at } });
const erased: IdentityEvent = { type: 'PersonalDataErased', data: { subjectId: `user-${userId}`, erasedAt: at } };

const neutralEvents: IdentityEvent[] = [
  { type: 'PasswordResetRequested', data: { userId, resetId: 'reset-1', requestedAt: at, expiresAt: at } },
  { type: 'ProfileUpdated', data: { userId, details: personal, changedFields: ['city'], updatedAt: at } },
  { type: 'EmailConfirmationRequested', data: { userId, requestedAt: at } },
];

const uploadId = fc.constantFrom('upload-1', 'upload-2', 'upload-3');
const text = fc.string({ maxLength: 8 });

/** Any identity event of this account, with varying data. */
const anyEvent: fc.Arbitrary<IdentityEvent> = fc.oneof(
  fc.record({
    type: fc.constant('AccountRegistered' as const),
    data: fc.record({
      userId: fc.constant(userId),
      role: fc.constantFrom('member' as const, 'admin' as const),
      permissions: fc.subarray([...PERMISSIONS]),
      sponsorId: fc.option(text, { nil: null }),
      epin: fc.option(text, { nil: null }),
      emailHash: text,
      passwordHash: text,
      personal: fc.constant(personal),
      joinedAt: fc.constant(at),
    }),
  }),
  fc.record({
    type: fc.constant('PasswordChanged' as const),
    data: fc.record({ userId: fc.constant(userId), passwordHash: text, changedAt: fc.constant(at), reason: fc.constantFrom('change' as const, 'reset' as const) }),
  }),
  fc.constantFrom(...neutralEvents),
  fc.record({
    type: fc.constant('QrCodeUploaded' as const),
    data: fc.record({ userId: fc.constant(userId), uploadId, mediaType: fc.constant('image/webp' as const), bytes: fc.nat(), uploadedAt: fc.constant(at) }),
  }),
  fc.record({
    type: fc.constant('QrCodeProcessed' as const),
    data: fc.record({ userId: fc.constant(userId), uploadId, file: text, width: fc.nat(), height: fc.nat(), processedAt: fc.constant(at) }),
  }),
  fc.record({
    type: fc.constant('QrCodeRejected' as const),
    data: fc.record({
      userId: fc.constant(userId),
      uploadId,
      reason: fc.constantFrom('unreadable' as const, 'too-many-pixels' as const),
      rejectedAt: fc.constant(at),
    }),
  }),
  fc.record({
    type: fc.constant('IdPhotoUploaded' as const),
    data: fc.record({ userId: fc.constant(userId), uploadId, mediaType: fc.constant('image/jpeg' as const), bytes: fc.nat(), uploadedAt: fc.constant(at) }),
  }),
  fc.record({
    type: fc.constant('IdPhotoProcessed' as const),
    data: fc.record({ userId: fc.constant(userId), uploadId, file: text, width: fc.nat(), height: fc.nat(), processedAt: fc.constant(at) }),
  }),
  fc.record({
    type: fc.constant('IdPhotoRejected' as const),
    data: fc.record({ userId: fc.constant(userId), uploadId, reason: fc.constantFrom('unreadable' as const, 'too-many-pixels' as const), rejectedAt: fc.constant(at) }),
  }),
  fc.record({ type: fc.constant('IdPhotoRemoved' as const), data: fc.record({ userId: fc.constant(userId), uploadId: fc.option(uploadId, { nil: null }), removedAt: fc.constant(at) }) }),
  fc.constant(erased),
  fc.constant<IdentityEvent>({ type: 'EmailConfirmed', data: { userId, confirmedAt: at } }),
  fc.constant<IdentityEvent>({ type: 'MemberSuspended', data: { userId, reason: 'Spam', suspendedAt: at } }),
  fc.constant<IdentityEvent>({ type: 'MemberReactivated', data: { userId, reason: 'Appeal', reactivatedAt: at } }),
  fc.constant<IdentityEvent>({ type: 'AdminTotpEnabled', data: { userId, enabledAt: at } }),
  fc.record({
    type: fc.constant('AdminTotpDisabled' as const),
    data: fc.record({ userId: fc.constant(userId), by: fc.constantFrom('self' as const, 'admin' as const), reason: fc.option(text, { nil: null }), disabledAt: fc.constant(at) }),
  }),
);

describe('evolveUser', () => {
  it('starts with no account', () => {
    expect(noUser.exists).toBe(false);
    expect(isActiveUser(noUser)).toBe(false);
  });

  it('opens an active, unconfirmed account with the registered role, permissions and password hash', () => {
    const state = fold(user, [registered]);
    expect(state).toEqual<UserState>({
      ...noUser,
      exists: true,
      userId,
      role: 'admin',
      permissions: ['members', 'settings'],
      passwordHash: 'hash-1',
    });
    expect(isActiveUser(state)).toBe(true);
  });

  it('keeps the hash of the latest password change, whatever its reason', () => {
    const state = fold(user, [
      registered,
      { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2', changedAt: at, reason: 'change' } },
      { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-3', changedAt: at, reason: 'reset' } },
    ]);
    expect(state.passwordHash).toBe('hash-3');
  });

  it('marks the e-mail confirmed', () => {
    expect(fold(user, [registered, { type: 'EmailConfirmed', data: { userId, confirmedAt: at } }]).isEmailConfirmed).toBe(true);
  });

  it('suspends and reactivates', () => {
    const suspended = fold(user, [registered, { type: 'MemberSuspended', data: { userId, reason: 'Spam', suspendedAt: at } }]);
    expect(suspended.status).toBe('suspended');
    expect(isActiveUser(suspended)).toBe(false);
    const reactivated = evolveUser(suspended, recorded<IdentityEvent>({ type: 'MemberReactivated', data: { userId, reason: 'Appeal', reactivatedAt: at } }, 3));
    expect(reactivated.status).toBe('active');
    expect(isActiveUser(reactivated)).toBe(true);
  });

  it('turns two-factor sign-in on and off', () => {
    const on = fold(user, [registered, { type: 'AdminTotpEnabled', data: { userId, enabledAt: at } }]);
    expect(on.isTotpEnabled).toBe(true);
    const off = evolveUser(on, recorded<IdentityEvent>({ type: 'AdminTotpDisabled', data: { userId, by: 'admin', reason: 'Lost phone', disabledAt: at } }, 3));
    expect(off.isTotpEnabled).toBe(false);
  });

  describe('QR image', () => {
    it('waits for the job after an upload', () => {
      const state = fold(user, [registered, uploaded('upload-1')]);
      expect(state).toMatchObject({ pendingQrUploadId: 'upload-1', finishedQrUploadIds: [], qrFile: null });
    });

    it('shows the processed image of the upload it was waiting for', () => {
      const state = fold(user, [registered, uploaded('upload-1'), processed('upload-1')]);
      expect(state).toMatchObject({ pendingQrUploadId: null, finishedQrUploadIds: ['upload-1'], qrFile: 'upload-1.webp' });
    });

    it('keeps waiting for the newer upload when an older one finishes, and does not show the older image', () => {
      const state = fold(user, [registered, uploaded('upload-1'), uploaded('upload-2'), processed('upload-1')]);
      expect(state).toMatchObject({ pendingQrUploadId: 'upload-2', finishedQrUploadIds: ['upload-1'], qrFile: null });
    });

    it('keeps the image shown when the next upload is rejected', () => {
      const state = fold(user, [registered, uploaded('upload-1'), processed('upload-1'), uploaded('upload-2'), rejected('upload-2')]);
      expect(state).toMatchObject({ pendingQrUploadId: null, finishedQrUploadIds: ['upload-1', 'upload-2'], qrFile: 'upload-1.webp' });
    });

    it('keeps waiting for the newer upload when an older one is rejected', () => {
      const state = fold(user, [registered, uploaded('upload-1'), uploaded('upload-2'), rejected('upload-1')]);
      expect(state).toMatchObject({ pendingQrUploadId: 'upload-2', finishedQrUploadIds: ['upload-1'] });
    });
  });

  it('forgets the password, two-factor and QR image of an erased account, which can no longer act', () => {
    const state = fold(user, [
      registered,
      { type: 'AdminTotpEnabled', data: { userId, enabledAt: at } },
      uploaded('upload-1'),
      processed('upload-1'),
      uploaded('upload-2'),
      erased,
    ]);
    expect(state).toMatchObject({ exists: true, status: 'erased', passwordHash: null, isTotpEnabled: false, pendingQrUploadId: null, qrFile: null });
    expect(isActiveUser(state)).toBe(false);
  });

  it('is not changed by the events no decision needs (reset requests, profile saves, resend requests)', () => {
    const before = fold(user, [registered]);
    for (const event of neutralEvents) expect(evolveUser(before, recorded(event, 2))).toEqual(before);
  });

  it('ignores an event type a newer version wrote', () => {
    const before = fold(user, [registered]);
    // As the store hands it over: parsed JSON, whose type this version's union does not name.
    const future: Recorded<IdentityEvent> = JSON.parse(JSON.stringify(recorded(registered, 2)).replace('"AccountRegistered"', '"AccountMerged"'));
    expect(evolveUser(before, future)).toEqual(before);
  });

  describe('properties', () => {
    it('never throws, and keeps its fields in range, on any sequence of events', () => {
      fc.assert(
        fc.property(fc.array(anyEvent, { maxLength: 30 }), (events) => {
          const state = fold(user, events);
          expect(['active', 'suspended', 'erased']).toContain(state.status);
          expect(state.exists).toBe(events.some((event) => event.type === 'AccountRegistered'));
          expect(state.finishedQrUploadIds).toHaveLength(events.filter((event) => event.type === 'QrCodeProcessed' || event.type === 'QrCodeRejected').length);
        }),
      );
    });

    it('gives the same state whatever events it does not care about are slipped in, and wherever', () => {
      fc.assert(
        fc.property(fc.array(anyEvent, { maxLength: 20 }), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...neutralEvents)), { maxLength: 10 }), (events, inserts) => {
          const mixed = [...events];
          for (const [position, event] of inserts) mixed.splice(position % (mixed.length + 1), 0, event);
          expect(fold(user, mixed)).toEqual(fold(user, events));
        }),
      );
    });

    it('does not care in which order a password change, a confirmation and a suspension came', () => {
      const independent: IdentityEvent[] = [
        { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2', changedAt: at, reason: 'change' } },
        { type: 'EmailConfirmed', data: { userId, confirmedAt: at } },
        { type: 'MemberSuspended', data: { userId, reason: 'Spam', suspendedAt: at } },
        { type: 'AdminTotpEnabled', data: { userId, enabledAt: at } },
      ];
      const expected = fold(user, [registered, ...independent]);
      fc.assert(
        fc.property(fc.shuffledSubarray(independent, { minLength: independent.length }), (order) => {
          expect(fold(user, [registered, ...order])).toEqual(expected);
        }),
      );
    });

    it('keeps the hash of the last password event, however other events are interleaved', () => {
      fc.assert(
        fc.property(fc.array(anyEvent.filter((event) => event.type !== 'PersonalDataErased'), { maxLength: 30 }), (events) => {
          const hashes = [registered, ...events].flatMap((event) =>
            event.type === 'AccountRegistered' || event.type === 'PasswordChanged' ? [event.data.passwordHash] : [],
          );
          expect(fold(user, [registered, ...events]).passwordHash).toBe(hashes.at(-1));
        }),
      );
    });

    it('stays confirmed once confirmed, whatever follows', () => {
      fc.assert(
        fc.property(fc.array(anyEvent, { maxLength: 20 }), fc.array(anyEvent, { maxLength: 20 }), (before, after) => {
          expect(fold(user, [...before, { type: 'EmailConfirmed', data: { userId, confirmedAt: at } }, ...after]).isEmailConfirmed).toBe(true);
        }),
      );
    });
  });
});

describe('the user stream’s decisions, given/when/then', () => {
  const now = new Date(at);

  it('opens an account on a new stream, confirmed when an operator creates it, and refuses an e-mail in use', () => {
    // Whether the e-mail is taken is read from the users read model: the command carries it.
    const register = deciderSpec({
      decide: ({ isEmailTaken, ...command }: RegisterAccountCommand & { isEmailTaken: boolean }, _state: UserState) => decideRegisterAccount(command, { isEmailTaken }),
      evolve: evolveUser,
      initialState: noUser,
    });
    const command = { userId, role: 'member' as const, permissions: [], sponsorId: 'SH4200000', epin: 'ABCDEFGH23', emailHash: 'email-hash', passwordHash: 'hash-1', personal, now, isCreatedByOperator: false };
    const data = { userId, role: 'member' as const, permissions: [], sponsorId: 'SH4200000', epin: 'ABCDEFGH23', emailHash: 'email-hash', passwordHash: 'hash-1', personal, joinedAt: at };
    register([]).when({ ...command, isEmailTaken: false }).then([{ type: 'AccountRegistered', data }]);
    register([])
      .when({ ...command, isCreatedByOperator: true, isEmailTaken: false })
      .then([{ type: 'AccountRegistered', data }, { type: 'EmailConfirmed', data: { userId, confirmedAt: at } }]);
    register([]).when({ ...command, isEmailTaken: true }).thenRefuses('CONFLICT', EMAIL_TAKEN);
  });

  it('erases an account once, only by an admin holding all it holds, never by its owner', () => {
    const erase = deciderSpec({ decide: decideErasePerson, evolve: evolveUser, initialState: noUser });
    const by = { userId: 'SH4200009', permissions: [...PERMISSIONS] };
    const erasure = { type: 'PersonalDataErased' as const, data: { subjectId: `user-${userId}`, erasedAt: at, reason: 'asked' } };
    erase([registered]).when({ userId, reason: 'asked', by, now }).then([erasure]);
    erase([registered]).when({ userId, reason: 'asked', by: null, now }).then([erasure]);
    erase([registered, erased]).when({ userId, reason: 'asked', by, now }).thenNothing();
    erase([]).when({ userId, reason: 'asked', by, now }).thenRefuses('NOT_FOUND', MEMBER_NOT_FOUND);
    erase([registered]).when({ userId, reason: 'asked', by: { userId, permissions: [...PERMISSIONS] }, now }).thenRefuses('FORBIDDEN', ERASE_OWN);
    erase([registered]).when({ userId, reason: 'asked', by: { userId: 'SH4200009', permissions: ['members'] }, now }).thenRefuses('FORBIDDEN', ERASE_NOT_ALLOWED);
  });

  const found: ErasureFound = {
    streams: { 'donation-D1': 3 },
    before: { 'donation-D1': [{ type: 'DonationReceiptRetained', data: { reference: 'D1' } }] },
    counts: { donations: 1 },
    kept: [{ kind: 'donation-receipt', reference: 'D1', why: 'the law', keptUntil: '2034-03-31' }],
    shred: async () => {},
  };
  const erasureId = '0195a1b2-0000-7000-8000-0000000000e1';
  const personErased = (forUser: string | null) => ({
    streamId: `${ERASURE_STREAM_PREFIX}${erasureId}`,
    events: [{ type: 'PersonErased', data: { erasureId, userId: forUser, reason: 'asked', erasedAt: at, erased: { donations: 1 }, kept: found.kept } }],
  });

  it('erases a person everywhere: their stream, every stream found, and the erasure’s record; an erased account records nothing', () => {
    // The other modules' parts are found in the erasure's transaction: the command carries them.
    const erasure = deciderSpec({
      decide: (command: { found: ErasureFound[]; by: { userId: string; permissions: readonly (typeof PERMISSIONS)[number][] } | null }, state: UserState) =>
        decideErasure({ userId, erasureId, reason: 'asked', by: command.by, now }, { user: state, found: command.found }),
      evolve: evolveUser,
      initialState: noUser,
    });
    erasure([registered])
      .when({ found: [found], by: null })
      .then([
        { streamId: `user-${userId}`, events: [{ type: 'PersonalDataErased', data: { subjectId: `user-${userId}`, erasedAt: at, reason: 'asked' } }] },
        {
          streamId: 'donation-D1',
          events: [
            { type: 'DonationReceiptRetained', data: { reference: 'D1' } },
            { type: 'PersonalDataErased', data: { subjectId: 'donation-D1', erasedAt: at, reason: 'asked' } },
          ],
        },
        personErased(userId),
      ]);
    erasure([registered, erased]).when({ found: [found], by: null }).thenNothing();
    erasure([registered]).when({ found: [found], by: { userId, permissions: [...PERMISSIONS] } }).thenRefuses('FORBIDDEN', ERASE_OWN);
  });

  it('erases a donor known only by a contact: every stream found and the record; nothing found records nothing', () => {
    const eraseContact = deciderSpec({
      decide: (command: { found: ErasureFound[] }, _state: null) => decideEraseContact({ erasureId, reason: 'asked', now }, command),
      evolve: (state: null) => state,
      initialState: null,
    });
    eraseContact([])
      .when({ found: [found] })
      .then([
        {
          streamId: 'donation-D1',
          events: [
            { type: 'DonationReceiptRetained', data: { reference: 'D1' } },
            { type: 'PersonalDataErased', data: { subjectId: 'donation-D1', erasedAt: at, reason: 'asked' } },
          ],
        },
        personErased(null),
      ]);
    eraseContact([]).when({ found: [{ ...found, streams: {}, counts: {}, kept: [] }] }).thenNothing();
    eraseContact([]).when({ found: [] }).thenNothing();
  });

  it('moves the legacy QR image the profile shows into the store once, and nothing it no longer shows', () => {
    const importQr = deciderSpec({ decide: decideImportQrFile, evolve: evolveUser, initialState: noUser });
    const legacy = processed('0195a1b2-0000-7000-8000-0000000000a1');
    const legacyFile = '0195a1b2-0000-7000-8000-0000000000a1.webp';
    const command = { userId, uploadId: '0195a1b2-0000-7000-8000-0000000000a1', legacyFile, fileId: 'file-1', now };
    const imported: IdentityEvent = { type: 'QrCodeFileImported', data: { userId, uploadId: command.uploadId, legacyFile, file: 'file-1', importedAt: at } };
    importQr([registered, uploaded(command.uploadId), legacy]).when(command).then([imported]);
    importQr([registered, uploaded(command.uploadId), legacy, imported]).when(command).thenNothing();
    importQr([registered, uploaded(command.uploadId), legacy, erased]).when(command).thenNothing();
  });

  it('sends a user-ID reminder to each active account the contact names, and none to a closed one', () => {
    // The accounts a contact names are found in the users read model; each one's stream is folded.
    const remind = deciderSpec({
      decide: (command: { channel: 'email' | 'sms'; now: Date }, accounts: ReadonlyArray<{ userId: string; state: UserState }>) => decideUserIdReminders(command, accounts),
      evolve: (accounts: ReadonlyArray<{ userId: string; state: UserState }>, event: Recorded<IdentityEvent>) => {
        const owner = event.type === 'PersonalDataErased' ? event.data.subjectId.slice('user-'.length) : (event.data as { userId: string }).userId;
        const others = accounts.filter((account) => account.userId !== owner);
        const state = evolveUser(accounts.find((account) => account.userId === owner)?.state ?? noUser, event);
        return [...others, { userId: owner, state }].sort((a, b) => a.userId.localeCompare(b.userId));
      },
      initialState: [] as ReadonlyArray<{ userId: string; state: UserState }>,
    });
    const other: IdentityEvent = { ...registered, data: { ...registered.data, userId: 'SH4200002' } } as IdentityEvent;
    const reminder = (forUser: string, channel: 'email' | 'sms') => ({
      streamId: `user-${forUser}`,
      events: [{ type: 'UserIdReminderRequested' as const, data: { userId: forUser, channel, requestedAt: at } }],
    });
    remind([registered, other]).when({ channel: 'sms', now }).then([reminder(userId, 'sms'), reminder('SH4200002', 'sms')]);
    remind([registered, other, erased]).when({ channel: 'email', now }).then([reminder('SH4200002', 'email')]);
    remind([]).when({ channel: 'email', now }).thenNothing();
  });
});
