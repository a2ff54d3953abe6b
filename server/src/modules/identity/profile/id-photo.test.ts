import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec, fold } from '#server/testing/deciders/decider-spec';
import type { IdentityEvent } from '../identity.events.ts';
import { ACCOUNT_NOT_FOUND, decideIdPhotoResult, decideRemoveIdPhoto, decideUploadIdPhoto, evolveUser, noUser } from '../user.decider.ts';

const userId = 'SH4700002';
const at = '2026-03-01T09:00:00.000Z';
const now = new Date('2026-03-07T16:45:00.000Z');
const firstUpload = '0195a1b2-0000-7000-8000-00000000001a';
const secondUpload = '0195a1b2-0000-7000-8000-00000000001b';
const personal: Sealed = { $sealed: 1, subject: `user-${userId}`, iv: 'iv', tag: 'tag', ct: 'ct' };

const registered: IdentityEvent = {
  type: 'AccountRegistered',
  data: { userId, role: 'member', permissions: [], sponsorId: null, epin: null, emailHash: 'email-hash', passwordHash: 'hash', personal, joinedAt: at },
};
const uploaded = (uploadId: string): IdentityEvent => ({ type: 'IdPhotoUploaded', data: { userId, uploadId, mediaType: 'image/jpeg', bytes: 2048, uploadedAt: at } });
const processed = (uploadId: string): IdentityEvent => ({ type: 'IdPhotoProcessed', data: { userId, uploadId, file: `file-${uploadId}`, width: 300, height: 375, processedAt: at } });
const rejected = (uploadId: string): IdentityEvent => ({ type: 'IdPhotoRejected', data: { userId, uploadId, reason: 'unreadable', rejectedAt: at } });
const removed = (uploadId: string | null): IdentityEvent => ({ type: 'IdPhotoRemoved', data: { userId, uploadId, removedAt: at } });
const erased: IdentityEvent = { type: 'PersonalDataErased', data: { subjectId: `user-${userId}`, erasedAt: at } };
const user = { evolve: evolveUser, initialState: noUser };

describe('decideUploadIdPhoto', () => {
  const given = deciderSpec({ decide: decideUploadIdPhoto, evolve: evolveUser, initialState: noUser });
  const command = { userId, uploadId: secondUpload, mediaType: 'image/webp' as const, bytes: 4096, now };

  it('records an active member’s photo, waiting for the image job (also over one still waiting)', () => {
    const expected = [{ type: 'IdPhotoUploaded', data: { userId, uploadId: secondUpload, mediaType: 'image/webp', bytes: 4096, uploadedAt: now.toISOString() } }] as const;
    given([registered]).when(command).then([...expected]);
    given([registered, uploaded(firstUpload)]).when(command).then([...expected]);
  });

  it('refuses for an account that does not exist, is suspended or erased', () => {
    given([]).when(command).thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
    given([registered, { type: 'MemberSuspended', data: { userId, reason: 'Spam', suspendedAt: at } }]).when(command).thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
    given([registered, erased]).when(command).thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
  });
});

describe('decideIdPhotoResult', () => {
  const given = deciderSpec({ decide: decideIdPhotoResult, evolve: evolveUser, initialState: noUser });
  const photo = { file: 'file-1', width: 300, height: 375 };

  it('records the processed photo of the upload that waits', () => {
    given([registered, uploaded(firstUpload)])
      .when({ userId, uploadId: firstUpload, outcome: photo, now })
      .then([{ type: 'IdPhotoProcessed', data: { userId, uploadId: firstUpload, ...photo, processedAt: now.toISOString() } }]);
  });

  it('records a refusal with its reason', () => {
    given([registered, uploaded(firstUpload)])
      .when({ userId, uploadId: firstUpload, outcome: { rejected: 'too-many-pixels' as const }, now })
      .then([{ type: 'IdPhotoRejected', data: { userId, uploadId: firstUpload, reason: 'too-many-pixels', rejectedAt: now.toISOString() } }]);
  });

  it('records nothing the second time, for an upload a newer one replaced, after a removal or an erasure', () => {
    const command = { userId, uploadId: firstUpload, outcome: photo, now };
    given([registered, uploaded(firstUpload), processed(firstUpload)]).when(command).then([]);
    given([registered, uploaded(firstUpload), rejected(firstUpload)]).when(command).then([]);
    given([registered, uploaded(firstUpload), uploaded(secondUpload)]).when(command).then([]);
    given([registered, uploaded(firstUpload), removed(null)]).when(command).then([]);
    given([registered, uploaded(firstUpload), erased]).when(command).then([]);
  });
});

describe('decideRemoveIdPhoto', () => {
  const given = deciderSpec({ decide: decideRemoveIdPhoto, evolve: evolveUser, initialState: noUser });
  const command = { userId, now };

  it('removes the photo shown, naming its upload', () => {
    given([registered, uploaded(firstUpload), processed(firstUpload)])
      .when(command)
      .then([{ type: 'IdPhotoRemoved', data: { userId, uploadId: firstUpload, removedAt: now.toISOString() } }]);
  });

  it('drops an upload still waiting, with or without a photo shown', () => {
    given([registered, uploaded(firstUpload)]).when(command).then([{ type: 'IdPhotoRemoved', data: { userId, uploadId: null, removedAt: now.toISOString() } }]);
    given([registered, uploaded(firstUpload), processed(firstUpload), uploaded(secondUpload)])
      .when(command)
      .then([{ type: 'IdPhotoRemoved', data: { userId, uploadId: firstUpload, removedAt: now.toISOString() } }]);
  });

  it('records nothing when there is nothing to remove (never uploaded, rejected, removed already)', () => {
    given([registered]).when(command).then([]);
    given([registered, uploaded(firstUpload), rejected(firstUpload)]).when(command).then([]);
    given([registered, uploaded(firstUpload), processed(firstUpload), removed(firstUpload)]).when(command).then([]);
  });

  it('refuses for an account that is not active', () => {
    given([registered, erased]).when(command).thenRefuses('NOT_FOUND', ACCOUNT_NOT_FOUND);
  });
});

describe('evolveUser on the I-card photo', () => {
  it('shows the latest processed upload; an overtaken result changes nothing', () => {
    expect(fold(user, [registered, uploaded(firstUpload), processed(firstUpload)])).toMatchObject({ pendingIdPhotoUploadId: null, idPhotoFile: `file-${firstUpload}`, idPhotoUploadId: firstUpload });
    expect(fold(user, [registered, uploaded(firstUpload), uploaded(secondUpload), processed(firstUpload)])).toMatchObject({
      pendingIdPhotoUploadId: secondUpload,
      idPhotoFile: null,
      idPhotoUploadId: null,
    });
  });

  it('forgets the photo on removal and on erasure', () => {
    const shown = [registered, uploaded(firstUpload), processed(firstUpload)];
    for (const last of [removed(firstUpload), erased]) {
      expect(fold(user, [...shown, last])).toMatchObject({ pendingIdPhotoUploadId: null, idPhotoFile: null, idPhotoUploadId: null });
    }
  });

  it('only ever shows a photo that was processed and not removed since (any sequence)', () => {
    const uploadId = fc.constantFrom(firstUpload, secondUpload);
    const anyPhotoEvent = fc.oneof(uploadId.map(uploaded), uploadId.map(processed), uploadId.map(rejected), fc.constant(removed(null)), fc.constant(erased));
    fc.assert(
      fc.property(fc.array(anyPhotoEvent, { maxLength: 20 }), (events) => {
        const state = fold(user, [registered, ...events]);
        const lastRemoval = events.findLastIndex((event) => event.type === 'IdPhotoRemoved' || event.type === 'PersonalDataErased');
        if (state.idPhotoUploadId === null) return;
        const shownAt = events.findLastIndex((event) => event.type === 'IdPhotoProcessed' && event.data.uploadId === state.idPhotoUploadId);
        expect(shownAt).toBeGreaterThan(lastRemoval);
        expect(state.idPhotoFile).toBe(`file-${state.idPhotoUploadId}`);
      }),
    );
  });
});
