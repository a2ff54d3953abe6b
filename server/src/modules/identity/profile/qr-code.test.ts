import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec, fold } from '#server/testing/deciders/decider-spec';
import type { IdentityEvent } from '../identity.events.ts';
import { ACCOUNT_NOT_FOUND, decideQrCodeResult, decideUploadQrCode, evolveUser, noUser } from '../user.decider.ts';

const userId = 'SH4700001';
const at = '2026-03-01T09:00:00.000Z';
const now = new Date('2026-03-07T16:45:00.000Z');
const firstUpload = '0195a1b2-0000-7000-8000-00000000000a';
const secondUpload = '0195a1b2-0000-7000-8000-00000000000b';
const personal: Sealed = { $sealed: 1, subject: `user-${userId}`, iv: 'iv', tag: 'tag', ct: 'ct' };

const registered: IdentityEvent = {
  type: 'AccountRegistered',
  data: { userId, role: 'member', permissions: [], sponsorId: null, epin: null, emailHash: 'email-hash', passwordHash: 'hash', personal, joinedAt: at },
};
const uploaded = (uploadId: string): IdentityEvent => ({ type: 'QrCodeUploaded', data: { userId, uploadId, mediaType: 'image/jpeg', bytes: 2048, uploadedAt: at } });
const processed = (uploadId: string): IdentityEvent => ({
  type: 'QrCodeProcessed',
  data: { userId, uploadId, file: `${uploadId}.webp`, width: 600, height: 600, processedAt: at },
});
const rejected = (uploadId: string): IdentityEvent => ({ type: 'QrCodeRejected', data: { userId, uploadId, reason: 'too-many-pixels', rejectedAt: at } });

describe('decideUploadQrCode', () => {
  const given = deciderSpec({ decide: decideUploadQrCode, evolve: evolveUser, initialState: noUser });
  const command = { userId, uploadId: secondUpload, mediaType: 'image/png' as const, bytes: 4096, now };
  const recordedUpload = [
    { type: 'QrCodeUploaded', data: { userId, uploadId: secondUpload, mediaType: 'image/png', bytes: 4096, uploadedAt: now.toISOString() } },
  ] as const;

  it('records an active member’s upload, waiting for the image job', () => {
    given([registered]).when(command).then([...recordedUpload]);
  });

  it('records a newer upload while an older one still waits (the newer replaces it)', () => {
    given([registered, uploaded(firstUpload)]).when(command).then([...recordedUpload]);
  });

  it('refuses for an account that does not exist', () => {
    given([]).when(command).thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
  });

  it('refuses for a suspended account', () => {
    given([registered, { type: 'MemberSuspended', data: { userId, reason: 'Spam', suspendedAt: at } }]).when(command).thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
  });

  it('refuses for an erased account', () => {
    given([registered, { type: 'PersonalDataErased', data: { subjectId: `user-${userId}`, erasedAt: at } }])
      .when(command)
      .thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
  });
});

describe('decideQrCodeResult', () => {
  const given = deciderSpec({ decide: decideQrCodeResult, evolve: evolveUser, initialState: noUser });
  const image = { file: `${firstUpload}.webp`, width: 1024, height: 768 };
  const processedNow = { userId, uploadId: firstUpload, outcome: image, now };
  const rejectedNow = { userId, uploadId: firstUpload, outcome: { rejected: 'unreadable' as const }, now };

  it('records the processed image of the upload that waits for it', () => {
    given([registered, uploaded(firstUpload)])
      .when(processedNow)
      .then([{ type: 'QrCodeProcessed', data: { userId, uploadId: firstUpload, file: `${firstUpload}.webp`, width: 1024, height: 768, processedAt: now.toISOString() } }]);
  });

  it('records the rejection of the upload that waits for it, with the reason', () => {
    given([registered, uploaded(firstUpload)])
      .when(rejectedNow)
      .then([{ type: 'QrCodeRejected', data: { userId, uploadId: firstUpload, reason: 'unreadable', rejectedAt: now.toISOString() } }]);
  });

  it('records nothing when the job is delivered again after it processed the upload', () => {
    given([registered, uploaded(firstUpload), processed(firstUpload)]).when(processedNow).thenNothing();
  });

  it('records nothing when the job is delivered again after it rejected the upload', () => {
    given([registered, uploaded(firstUpload), rejected(firstUpload)]).when(rejectedNow).thenNothing();
  });

  it('records nothing for an upload a newer one replaced', () => {
    given([registered, uploaded(firstUpload), uploaded(secondUpload)]).when(processedNow).thenNothing();
    given([registered, uploaded(firstUpload), uploaded(secondUpload)]).when(rejectedNow).thenNothing();
  });

  it('records nothing for an upload it never heard of', () => {
    given([registered]).when(processedNow).thenNothing();
    given([]).when(processedNow).thenNothing();
  });

  it('records nothing once the account was erased (the upload is gone with it)', () => {
    given([registered, uploaded(firstUpload), { type: 'PersonalDataErased', data: { subjectId: `user-${userId}`, erasedAt: at } }])
      .when(processedNow)
      .thenNothing();
  });

  it('records a result exactly when its upload waits, and never twice, whatever happened before', () => {
    const uploadIdArb = fc.constantFrom(firstUpload, secondUpload);
    const history = fc.array(
      fc.oneof(uploadIdArb.map(uploaded), uploadIdArb.map(processed), uploadIdArb.map(rejected)),
      { maxLength: 12 },
    );
    const outcome = fc.oneof(fc.constant(image), fc.constantFrom({ rejected: 'unreadable' as const }, { rejected: 'too-many-pixels' as const }));
    fc.assert(
      fc.property(history, uploadIdArb, outcome, (events, uploadId, result) => {
        const before = [registered, ...events];
        const state = fold({ evolve: evolveUser, initialState: noUser }, before);
        const command = { userId, uploadId, outcome: result, now };
        const decided = decideQrCodeResult(command, state);
        expect(decided).toHaveLength(state.pendingQrUploadId === uploadId ? 1 : 0);
        // Delivered again after its result was recorded: nothing more.
        const after = fold({ evolve: evolveUser, initialState: noUser }, [...before, ...decided]);
        expect(decideQrCodeResult(command, after)).toEqual([]);
      }),
    );
  });
});
