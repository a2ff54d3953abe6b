import { describe, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import { HELP_REQUEST_NOT_FOUND, decideConfirmGift, decideDisputeGift, decideGiftDispute, decideSubmitGift, evolveGifts, GIFT_ALREADY_CONFIRMED, GIFT_ALREADY_DECIDED, GIFT_ALREADY_DISPUTED, GIFT_ALREADY_PENDING, GIFT_NOT_DISPUTED, GIFT_NOT_FOUND, GIFT_ONLY_BENEFICIARY, GIFT_PARTY_DECIDES, GIFT_REQUEST_CLOSED, GIFT_TO_OWN_REQUEST, GIFT_UTR_USED, noGifts, type SubmitGiftCommand } from '../help-request.decider.ts';
import type { DirectGiftConfirmed, DirectGiftDecided, DirectGiftDisputed, DirectGiftSubmitted, HelpRequested, HelpRequestPublished } from '../help.events.ts';

// ---- a published request and the gifts to it ----

const requestId = 'KMNP2345';
const requester = 'SH5100001';
const giver = 'SH5100002';
const otherGiver = 'SH5100003';
const staff = 'SH5100900';
const now = new Date('2027-01-10T06:00:00.000Z');
const at = now.toISOString();
const beneficiary: Sealed = { $sealed: 1, subject: `help-${requestId}`, iv: 'iv', tag: 'tag', ct: 'x' };
const giftId = '0190c3a4-0000-7000-8000-00000000a001';
const secondGift = '0190c3a4-0000-7000-8000-00000000a002';

const requested: HelpRequested = {
  type: 'HelpRequested',
  data: { requestId, requesterId: requester, category: 'medical', text: { title: { en: 'Surgery', hi: null }, story: { en: 'Story', hi: null } }, amountNeededPaise: 1_00_000_00, beneficiary, documents: [], requestedAt: at },
};
const published: HelpRequestPublished = { type: 'HelpRequestPublished', data: { requestId, publishedBy: staff, publishedAt: at, closesOn: '2027-04-10' } };
const submitted = (id = giftId, by = giver, amountPaise = 500_00): DirectGiftSubmitted => ({
  type: 'DirectGiftSubmitted',
  data: { requestId, giftId: id, giverId: by, amountPaise, utr: '123456789012', screenshot: { fileId: '0190c3a4-0000-7000-8000-00000000f001', mediaType: 'image/jpeg' }, submittedAt: at },
});
const confirmed = (id = giftId, amountPaise = 500_00): DirectGiftConfirmed => ({
  type: 'DirectGiftConfirmed',
  data: { requestId, giftId: id, giverId: giver, amountPaise, confirmedBy: requester, confirmedAt: at },
});
const disputed = (id = giftId): DirectGiftDisputed => ({ type: 'DirectGiftDisputed', data: { requestId, giftId: id, disputedBy: requester, disputedAt: at } });
const decided = (decision: 'received' | 'not-received', id = giftId): DirectGiftDecided => ({
  type: 'DirectGiftDecided',
  data: { requestId, giftId: id, giverId: giver, amountPaise: 500_00, decision, reason: 'The bank statement shows it.', decidedBy: staff, decidedAt: at },
});

const open = [requested, published];
const submitCommand = (overrides: Partial<SubmitGiftCommand> = {}): SubmitGiftCommand => ({
  requestId,
  giftId,
  giverId: giver,
  amountPaise: 500_00,
  utr: '123456789012',
  screenshotFileId: '0190c3a4-0000-7000-8000-00000000f001',
  isUtrUsed: false,
  now,
  ...overrides,
});

const giftsOf = { evolve: evolveGifts, initialState: noGifts };
const submit = deciderSpec({ ...giftsOf, decide: decideSubmitGift });
const confirm = deciderSpec({ ...giftsOf, decide: decideConfirmGift });
const dispute = deciderSpec({ ...giftsOf, decide: decideDisputeGift });
const decide = deciderSpec({ ...giftsOf, decide: decideGiftDispute });

describe('decideSubmitGift', () => {
  it('records a gift to a published, open request', () => {
    submit(open).when(submitCommand()).then([submitted()]);
  });

  it('records nothing for the same gift again (a retried request)', () => {
    submit([...open, submitted()]).when(submitCommand()).then([]);
  });

  it('refuses a second gift from the same giver while the first waits, but not once it is confirmed, nor another giver', () => {
    submit([...open, submitted()]).when(submitCommand({ giftId: secondGift })).thenRefuses('CONFLICT', GIFT_ALREADY_PENDING);
    submit([...open, submitted(), confirmed()]).when(submitCommand({ giftId: secondGift })).then([submitted(secondGift)]);
    submit([...open, submitted()]).when(submitCommand({ giftId: secondGift, giverId: otherGiver })).then([submitted(secondGift, otherGiver)]);
  });

  it('refuses a gift to one’s own request, to an unpublished or unknown one, to a closed one or one past its closing day, and a UTR used before', () => {
    submit(open).when(submitCommand({ giverId: requester })).thenRefuses('FORBIDDEN', GIFT_TO_OWN_REQUEST);
    submit([requested]).when(submitCommand()).thenRefuses('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
    submit([]).when(submitCommand()).thenRefuses('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
    submit([...open, { type: 'HelpRequestClosed', data: { requestId, reason: 'requester', closedBy: requester, closedAt: at } }])
      .when(submitCommand())
      .thenRefuses('CONFLICT', GIFT_REQUEST_CLOSED);
    submit(open).when(submitCommand({ now: new Date('2027-04-10T00:00:00.000Z') })).thenRefuses('CONFLICT', GIFT_REQUEST_CLOSED);
    submit(open).when(submitCommand({ isUtrUsed: true })).thenRefuses('CONFLICT', GIFT_UTR_USED);
  });
});

describe('the beneficiary’s answer', () => {
  const command = (actor = requester, id = giftId) => ({ requestId, giftId: id, actor, now });

  it('confirms a pending gift, with its giver and amount for the other read models; again records nothing', () => {
    confirm([...open, submitted()]).when(command()).then([confirmed()]);
    confirm([...open, submitted(), confirmed()]).when(command()).then([]);
  });

  it('disputes a pending gift; again records nothing', () => {
    dispute([...open, submitted()]).when(command()).then([disputed()]);
    dispute([...open, submitted(), disputed()]).when(command()).then([]);
  });

  it('is the requester’s alone, on a gift that exists, and cannot undo the other answer or staff’s decision', () => {
    confirm([...open, submitted()]).when(command(giver)).thenRefuses('FORBIDDEN', GIFT_ONLY_BENEFICIARY);
    dispute([...open, submitted()]).when(command(otherGiver)).thenRefuses('FORBIDDEN', GIFT_ONLY_BENEFICIARY);
    confirm(open).when(command()).thenRefuses('NOT_FOUND', GIFT_NOT_FOUND);
    confirm([...open, submitted(), disputed()]).when(command()).thenRefuses('CONFLICT', GIFT_ALREADY_DISPUTED);
    dispute([...open, submitted(), confirmed()]).when(command()).thenRefuses('CONFLICT', GIFT_ALREADY_CONFIRMED);
    confirm([...open, submitted(), disputed(), decided('not-received')]).when(command()).thenRefuses('CONFLICT', GIFT_ALREADY_DECIDED);
  });
});

describe('decideGiftDispute', () => {
  const command = (decision: 'received' | 'not-received' = 'received', decidedBy = staff) => ({ requestId, giftId, decision, reason: 'The bank statement shows it.', decidedBy, now });

  it('decides a disputed gift either way; the same decision again records nothing', () => {
    decide([...open, submitted(), disputed()]).when(command('received')).then([decided('received')]);
    decide([...open, submitted(), disputed()]).when(command('not-received')).then([decided('not-received')]);
    decide([...open, submitted(), disputed(), decided('received')]).when(command('received')).then([]);
  });

  it('refuses a gift nobody disputed, one decided the other way, and a decision by the giver or the beneficiary', () => {
    decide([...open, submitted()]).when(command()).thenRefuses('CONFLICT', GIFT_NOT_DISPUTED);
    decide([...open, submitted(), disputed(), decided('not-received')]).when(command('received')).thenRefuses('CONFLICT', GIFT_ALREADY_DECIDED);
    decide([...open, submitted(), disputed()]).when(command('received', giver)).thenRefuses('FORBIDDEN', GIFT_PARTY_DECIDES);
    decide([...open, submitted(), disputed()]).when(command('received', requester)).thenRefuses('FORBIDDEN', GIFT_PARTY_DECIDES);
  });
});
