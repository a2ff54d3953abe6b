import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec, refusalOf } from '#server/testing/deciders/decider-spec';
import {
  addDays,
  decideApproveFundraiser,
  decideCloseFundraiser,
  decideHideMessage,
  decideRejectFundraiser,
  decideStartFundraiser,
  evolveFundraiser,
  FUNDRAISER_ALREADY_CLOSED,
  FUNDRAISER_ALREADY_PUBLIC,
  FUNDRAISER_ALREADY_REJECTED,
  FUNDRAISER_END_DATE_RANGE,
  FUNDRAISER_ENDED_BEFORE_APPROVAL,
  FUNDRAISER_GOAL_RANGE,
  FUNDRAISER_ID_TAKEN,
  FUNDRAISER_MESSAGE_NOT_FOUND,
  FUNDRAISER_NOT_FOUND,
  FUNDRAISER_NOT_YOURS,
  isTakingGifts,
  noFundraiser,
  type StartFundraiserCommand,
} from './fundraiser.decider.ts';
import type { FundraiserApproved, FundraiserClosed, FundraiserRejected, FundraiserStarted } from './fundraisers.events.ts';

// 10:00 in India on 1 March 2031.
const now = new Date('2031-03-01T04:30:00.000Z');
const today = '2031-03-01';
const fundraiserId = 'FABCDEFGHJ';
const organiserId = 'SAH100001';
const text: Sealed = { $sealed: 1, subject: `fundraiser-${fundraiserId}`, iv: 'aXY=', tag: 'dGFn', ct: 'Y3Q=' };
const reason: Sealed = { $sealed: 1, subject: `fundraiser-${fundraiserId}`, iv: 'aXY=', tag: 'dGFn', ct: 'cmVhc29u' };

const start: StartFundraiserCommand = {
  fundraiserId,
  organiserId,
  target: { kind: 'cause', cause: 'education' },
  text,
  goalPaise: 50_000_00,
  endsOn: addDays(today, 30),
  photoFileId: '11111111-1111-4111-8111-111111111111',
  now,
};
const started: FundraiserStarted = {
  type: 'FundraiserStarted',
  data: { fundraiserId, organiserId, target: start.target, text, goalPaise: start.goalPaise, endsOn: start.endsOn, photoFileId: start.photoFileId, startedAt: now.toISOString() },
};
const approved: FundraiserApproved = { type: 'FundraiserApproved', data: { fundraiserId, approvedAt: now.toISOString() } };
const rejected: FundraiserRejected = { type: 'FundraiserRejected', data: { fundraiserId, reason, rejectedAt: now.toISOString() } };
const closed: FundraiserClosed = { type: 'FundraiserClosed', data: { fundraiserId, closedBy: 'organiser', closedAt: now.toISOString() } };

const decider = { evolve: evolveFundraiser, initialState: noFundraiser };

describe('starting a fundraiser', () => {
  const spec = deciderSpec({ decide: decideStartFundraiser, ...decider });

  it('records it, waiting for verification', () => spec([]).when(start).then([started]));
  it('takes an end date of tomorrow and one exactly 90 days away', () => {
    spec([]).when({ ...start, endsOn: addDays(today, 1) }).then([{ ...started, data: { ...started.data, endsOn: '2031-03-02' } }]);
    spec([]).when({ ...start, endsOn: addDays(today, 90) }).then([{ ...started, data: { ...started.data, endsOn: '2031-05-30' } }]);
  });
  it('refuses a goal of ₹0 and a goal above ₹1 crore, naming the field', () => {
    spec([]).when({ ...start, goalPaise: 0 }).thenRefuses('BAD_REQUEST', FUNDRAISER_GOAL_RANGE);
    spec([]).when({ ...start, goalPaise: 1_00_00_000_01 }).thenRefuses('BAD_REQUEST', FUNDRAISER_GOAL_RANGE);
    expect(refusalOf(() => decideStartFundraiser({ ...start, goalPaise: 0 }, noFundraiser)).fieldErrors).toEqual({ goal: [FUNDRAISER_GOAL_RANGE] });
  });
  it('refuses an end date today, in the past, or more than 90 days away', () => {
    for (const endsOn of [today, '2031-02-28', '2020-01-01', addDays(today, 91)]) spec([]).when({ ...start, endsOn }).thenRefuses('BAD_REQUEST', FUNDRAISER_END_DATE_RANGE);
  });
  it('takes the day in India: at 23:00 in India on 1 March, 1 March is today', () => {
    spec([]).when({ ...start, endsOn: today, now: new Date('2031-03-01T17:30:00.000Z') }).thenRefuses('BAD_REQUEST', FUNDRAISER_END_DATE_RANGE);
  });
  it('finds the same member’s submission already recorded, and refuses the ID to anyone else', () => {
    spec([started]).when(start).thenNothing();
    spec([started]).when({ ...start, organiserId: 'SAH100002' }).thenRefuses('CONFLICT', FUNDRAISER_ID_TAKEN);
  });
});

describe('approving and refusing', () => {
  const approve = deciderSpec({ decide: decideApproveFundraiser, ...decider });
  const reject = deciderSpec({ decide: decideRejectFundraiser, ...decider });

  it('approves a pending one once', () => {
    approve([started]).when({ fundraiserId, now }).then([approved]);
    approve([started, approved]).when({ fundraiserId, now }).thenNothing();
  });
  it('does not approve an unknown, refused, closed or ended one', () => {
    approve([]).when({ fundraiserId, now }).thenRefuses('NOT_FOUND', FUNDRAISER_NOT_FOUND);
    approve([started, rejected]).when({ fundraiserId, now }).thenRefuses('CONFLICT', FUNDRAISER_ALREADY_REJECTED);
    approve([started, closed]).when({ fundraiserId, now }).thenRefuses('CONFLICT', FUNDRAISER_ALREADY_CLOSED);
    approve([started]).when({ fundraiserId, now: new Date(`${addDays(start.endsOn, 1)}T04:30:00.000Z`) }).thenRefuses('CONFLICT', FUNDRAISER_ENDED_BEFORE_APPROVAL);
  });
  it('refuses a pending one once, with the sealed reason', () => {
    reject([started]).when({ fundraiserId, reason, now }).then([rejected]);
    reject([started, rejected]).when({ fundraiserId, reason, now }).thenNothing();
  });
  it('does not refuse an unknown, public or closed one', () => {
    reject([]).when({ fundraiserId, reason, now }).thenRefuses('NOT_FOUND', FUNDRAISER_NOT_FOUND);
    reject([started, approved]).when({ fundraiserId, reason, now }).thenRefuses('CONFLICT', FUNDRAISER_ALREADY_PUBLIC);
    reject([started, closed]).when({ fundraiserId, reason, now }).thenRefuses('CONFLICT', FUNDRAISER_ALREADY_CLOSED);
  });
});

describe('closing', () => {
  const close = deciderSpec({ decide: decideCloseFundraiser, ...decider });
  const byOrganiser = { fundraiserId, closedBy: 'organiser' as const, actor: organiserId, now };

  it('lets its organiser close it, pending or public, once', () => {
    close([started]).when(byOrganiser).then([closed]);
    close([started, approved]).when(byOrganiser).then([closed]);
    close([started, approved, closed]).when(byOrganiser).thenNothing();
  });
  it('refuses anyone else, even once it is closed', () => {
    close([started, approved]).when({ ...byOrganiser, actor: 'SAH100002' }).thenRefuses('FORBIDDEN', FUNDRAISER_NOT_YOURS);
    close([started, approved, closed]).when({ ...byOrganiser, actor: 'SAH100002' }).thenRefuses('FORBIDDEN', FUNDRAISER_NOT_YOURS);
    close([]).when(byOrganiser).thenRefuses('NOT_FOUND', FUNDRAISER_NOT_FOUND);
    close([started, rejected]).when(byOrganiser).thenRefuses('CONFLICT', FUNDRAISER_ALREADY_REJECTED);
  });
  it('closes a public one by its end date only once the day after it has begun in India', () => {
    const endDate = { fundraiserId, closedBy: 'end-date' as const, actor: 'system' };
    close([started, approved]).when({ ...endDate, now: new Date(`${start.endsOn}T18:00:00.000Z`) }).thenNothing();
    close([started, approved]).when({ ...endDate, now: new Date(`${start.endsOn}T18:30:00.000Z`) }).then([
      { type: 'FundraiserClosed', data: { fundraiserId, closedBy: 'end-date', closedAt: `${start.endsOn}T18:30:00.000Z` } },
    ]);
    // A pending one is left to staff: it never went public.
    close([started]).when({ ...endDate, now: new Date('2032-01-01T00:00:00.000Z') }).thenNothing();
  });
  it('says whether it takes gifts: approved, through its end date in India', () => {
    expect(isTakingGifts({ status: 'approved', endsOn: today }, now)).toBe(true);
    expect(isTakingGifts({ status: 'approved', endsOn: '2031-02-28' }, now)).toBe(false);
    expect(isTakingGifts({ status: 'pending', endsOn: start.endsOn }, now)).toBe(false);
  });
});

describe('hiding a supporter’s message', () => {
  const hide = deciderSpec({ decide: decideHideMessage, ...decider });
  const command = { fundraiserId, reference: 'ABCD2345', isGiftOfFundraiser: true, now };

  it('hides it once', () => {
    const hidden = { type: 'FundraiserMessageHidden' as const, data: { fundraiserId, reference: 'ABCD2345', hiddenAt: now.toISOString() } };
    hide([started, approved]).when(command).then([hidden]);
    hide([started, approved, hidden]).when(command).thenNothing();
  });
  it('refuses a gift given through another fundraiser, and an unknown fundraiser', () => {
    hide([started, approved]).when({ ...command, isGiftOfFundraiser: false }).thenRefuses('NOT_FOUND', FUNDRAISER_MESSAGE_NOT_FOUND);
    hide([]).when(command).thenRefuses('NOT_FOUND', FUNDRAISER_NOT_FOUND);
  });
});
