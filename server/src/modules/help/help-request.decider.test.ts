import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import type { HelpBeneficiary } from './help.events.ts';
import { deciderSpec, fold, recorded, refusalOf } from '#server/testing/deciders/decider-spec';
import {
  decideAskForInformation,
  decideCheckIdentity,
  decideClose,
  decideExtend,
  decideGiveInformation,
  decidePostUpdate,
  decidePublish,
  decideReject,
  decideRequestHelp,
  decideSubmitHelpRequest,
  evolveHelpRequest,
  HELP_ALREADY_PUBLISHED,
  HELP_ALREADY_REJECTED,
  HELP_AMOUNT_OUT_OF_RANGE,
  HELP_ANSWER_AWAITED,
  HELP_CLOSING_DATE_NOT_FUTURE,
  HELP_CLOSING_DATE_NOT_LATER,
  HELP_CLOSING_DATE_TOO_FAR,
  HELP_IDENTITY_NOT_MATCHED,
  HELP_NO_OPEN_QUESTION,
  HELP_NOT_PUBLISHED,
  HELP_NOT_YET_EXPIRED,
  HELP_ONLY_REQUESTER_ANSWERS,
  HELP_ONLY_REQUESTER_CLOSES,
  HELP_ONLY_REQUESTER_UPDATES,
  HELP_OWN_REQUEST,
  HELP_QUESTION_ALREADY_OPEN,
  HELP_REJECT_PUBLISHED,
  HELP_REQUEST_CLOSED,
  HELP_REQUEST_EXISTS,
  HELP_REQUEST_NOT_FOUND,
  isPastClosing,
  MAX_AMOUNT_NEEDED_PAISE,
  MIN_AMOUNT_NEEDED_PAISE,
  noHelpRequest,
  type CloseHelpRequestCommand,
  type HelpRequestCloser,
  type HelpRequestState,
  type RequestHelpCommand,
} from './help-request.decider.ts';
import {
  HELP_ID_KINDS,
  HELP_REQUEST_STATUSES,
  helpStreamId,
  type HelpCloseReason,
  type HelpIdentityChecked,
  type HelpIdKind,
  type HelpInformationGiven,
  type HelpInformationRequested,
  type HelpRequestClosed,
  type HelpRequested,
  type HelpRequestEvent,
  type HelpRequestExtended,
  type HelpRequestPublished,
  type HelpRequestRejected,
  type HelpRequestStatus,
} from './help.events.ts';

// ---- a request's life, in the order PRODUCT.md §8 draws it ----

const requestId = 'KMNP2345';
const streamId = helpStreamId(requestId);
const requester = 'SH5100001';
const verifier = 'SH5100900';
const otherStaff = 'SH5100901';
const stranger = 'SH5100002';
const beneficiary: Sealed = { $sealed: 1, subject: streamId, iv: 'iv', tag: 'tag', ct: 'name-relation-payout' };
const answer: Sealed = { $sealed: 1, subject: streamId, iv: 'iv', tag: 'tag', ct: 'answer' };
const titleAndStory: Sealed = { $sealed: 1, subject: streamId, iv: 'iv', tag: 'tag', ct: 'title-story' };

const requestedAt = '2027-01-05T05:00:00.000Z';
/** 11:30 on 10 January 2027 in India: 90 days later is 10 April. */
const decisionNow = new Date('2027-01-10T06:00:00.000Z');
const closesOn = '2027-04-10';
/** 11:30 on 1 March 2027 in India: an extension reaches at most 30 May. */
const extendNow = new Date('2027-03-01T06:00:00.000Z');
const amountNeeded = 2_50_000_00;
const question = 'Please upload the hospital’s estimate on its letterhead.';

const requested: HelpRequested = {
  type: 'HelpRequested',
  data: {
    requestId,
    requesterId: requester,
    category: 'medical',
    text: titleAndStory,
    amountNeededPaise: amountNeeded,
    beneficiary,
    documents: [{ uploadId: '0190c3a4-0000-7000-8000-000000000001', kind: 'hospital-estimate', mediaType: 'application/pdf', bytes: 120_000, pages: 2, documentDate: '2026-12-20' }],
    requestedAt,
  },
};
const identityChecked = (isMatched: boolean, idKind: HelpIdKind = 'aadhaar', checkedBy = verifier): HelpIdentityChecked => ({
  type: 'HelpIdentityChecked',
  data: { requestId, checkedBy, idKind, isMatched, checkedAt: decisionNow.toISOString() },
});
const matched = identityChecked(true);
const mismatched = identityChecked(false);
const asked = (text = question): HelpInformationRequested => ({ type: 'HelpInformationRequested', data: { requestId, question: text, askedBy: verifier, askedAt: decisionNow.toISOString() } });
const answered: HelpInformationGiven = { type: 'HelpInformationGiven', data: { requestId, answer, answeredBy: requester, answeredAt: decisionNow.toISOString() } };
const published: HelpRequestPublished = { type: 'HelpRequestPublished', data: { requestId, publishedBy: verifier, publishedAt: decisionNow.toISOString(), closesOn } };
const rejectionReason = 'The estimate is not from a hospital.';
const rejected: HelpRequestRejected = { type: 'HelpRequestRejected', data: { requestId, reason: rejectionReason, rejectedBy: verifier, rejectedAt: decisionNow.toISOString() } };
const extended = (to: string, now = extendNow): HelpRequestExtended => ({ type: 'HelpRequestExtended', data: { requestId, closesOn: to, extendedBy: verifier, extendedAt: now.toISOString() } });
const closed = (reason: HelpCloseReason, closedBy: string | null, now = extendNow): HelpRequestClosed => ({
  type: 'HelpRequestClosed',
  data: { requestId, reason, closedBy, closedAt: now.toISOString() },
});

type History = readonly HelpRequestEvent[];
const submitted: History = [requested];
const checked: History = [requested, matched];
const questionOpen: History = [...checked, asked()];
const answeredApp: History = [...questionOpen, answered];
const publishedApp: History = [...checked, published];
const extendedApp: History = [...publishedApp, extended('2027-05-01')];
const rejectedApp: History = [...submitted, rejected];
const closedApp: History = [...publishedApp, closed('staff', otherStaff)];

// ---- commands ----

const requestCommand = (overrides: Partial<RequestHelpCommand> = {}): RequestHelpCommand => ({
  requestId,
  requesterId: requester,
  category: 'medical',
  text: titleAndStory,
  amountNeededPaise: amountNeeded,
  beneficiary,
  documents: requested.data.documents,
  now: new Date(requestedAt),
  ...overrides,
});
const checkCommand = (isMatched = true, idKind: HelpIdKind = 'aadhaar', checkedBy = verifier) => ({ requestId, checkedBy, idKind, isMatched, now: decisionNow });
const askCommand = (text = question, askedBy = verifier) => ({ requestId, question: text, askedBy, now: decisionNow });
const answerCommand = (answeredBy = requester) => ({ requestId, answer, answeredBy, now: decisionNow });
const publishCommand = (publishedBy = verifier, now = decisionNow) => ({ requestId, publishedBy, now });
const rejectCommand = (rejectedBy = verifier) => ({ requestId, reason: rejectionReason, rejectedBy, now: decisionNow });
const extendCommand = (to: string, now = extendNow, extendedBy = verifier) => ({ requestId, closesOn: to, extendedBy, now });
const closeCommand = (closer: HelpRequestCloser, now = extendNow): CloseHelpRequestCommand => ({ ...closer, requestId, now });

/** The fold as the event store drives it: one recorded event at a time. */
const helpRequest = { evolve: (state: HelpRequestState, event: Recorded<HelpRequestEvent>) => evolveHelpRequest(state, event), initialState: noHelpRequest };
const stateAfter = (events: History): HelpRequestState => fold(helpRequest, events);

const requestHelp = deciderSpec({ ...helpRequest, decide: decideRequestHelp });
const checkIdentity = deciderSpec({ ...helpRequest, decide: decideCheckIdentity });
const ask = deciderSpec({ ...helpRequest, decide: decideAskForInformation });
const giveInformation = deciderSpec({ ...helpRequest, decide: decideGiveInformation });
const publish = deciderSpec({ ...helpRequest, decide: decidePublish });
const reject = deciderSpec({ ...helpRequest, decide: decideReject });
const extend = deciderSpec({ ...helpRequest, decide: decideExtend });
const close = deciderSpec({ ...helpRequest, decide: decideClose });
const postUpdate = deciderSpec({ ...helpRequest, decide: decidePostUpdate });

// ---- the expected events ----

const publishedEvent = (on: string, now = decisionNow): HelpRequestPublished => ({
  type: 'HelpRequestPublished',
  data: { requestId, publishedBy: verifier, publishedAt: now.toISOString(), closesOn: on },
});

describe('helpStreamId', () => {
  it('names the request’s stream by its ID alone', () => {
    expect(streamId).toBe('help-KMNP2345');
  });
});

describe('evolveHelpRequest', () => {
  it('starts as no request', () => {
    expect(stateAfter([])).toEqual(noHelpRequest);
    expect(noHelpRequest).toMatchObject({ exists: false, status: null, requesterId: null });
  });

  it('folds the request into a submitted request of its requester, amount and nothing decided', () => {
    expect(stateAfter(submitted)).toEqual({
      ...noHelpRequest,
      exists: true,
      requestId,
      status: 'submitted',
      requesterId: requester,
      amountNeededPaise: amountNeeded,
    });
  });

  it('keeps the latest identity check, without moving the status', () => {
    expect(stateAfter(checked)).toMatchObject({ status: 'submitted', identityCheck: { idKind: 'aadhaar', isMatched: true, checkedBy: verifier } });
    expect(stateAfter([...checked, identityChecked(false, 'pan', otherStaff)]).identityCheck).toEqual({
      idKind: 'pan',
      isMatched: false,
      checkedBy: otherStaff,
      checkedAt: decisionNow.toISOString(),
    });
  });

  it('moves to information requested with the question, and back to submitted with the answer', () => {
    expect(stateAfter(questionOpen)).toMatchObject({ status: 'information_requested', openQuestion: { question, askedBy: verifier } });
    expect(stateAfter(answeredApp)).toMatchObject({ status: 'submitted', openQuestion: null, identityCheck: { isMatched: true } });
  });

  it('moves to published with its closing date, which an extension moves', () => {
    expect(stateAfter(publishedApp)).toMatchObject({ status: 'published', publishedAt: decisionNow.toISOString(), closesOn });
    expect(stateAfter(extendedApp)).toMatchObject({ status: 'published', closesOn: '2027-05-01' });
  });

  it('moves to rejected with the reason and the staff member, and to closed with the reason and who closed it', () => {
    expect(stateAfter(rejectedApp)).toMatchObject({ status: 'rejected', rejection: { reason: rejected.data.reason, rejectedBy: verifier } });
    expect(stateAfter(closedApp)).toMatchObject({ status: 'closed', closure: { reason: 'staff', closedBy: otherStaff }, closesOn });
    expect(stateAfter([...publishedApp, closed('expired', null)]).closure).toEqual({ reason: 'expired', closedBy: null, closedAt: extendNow.toISOString() });
  });

  it('leaves the request as it was on an event type it does not know', () => {
    const before = stateAfter(publishedApp);
    const future: Recorded<HelpRequestEvent> = JSON.parse(JSON.stringify(recorded(published, 4)).replace('"HelpRequestPublished"', '"HelpRequestFeatured"'));
    expect(evolveHelpRequest(before, future)).toEqual(before);
  });
});

describe('any command', () => {
  // Each staff command, by the requester, on a history where the same command by the verifier records one event.
  const staffCommands = [
    ['checkIdentity', submitted, (by: string) => checkIdentity(submitted).when(checkCommand(true, 'aadhaar', by)), (by: string) => decideCheckIdentity(checkCommand(true, 'aadhaar', by), stateAfter(submitted))],
    ['askForInformation', checked, (by: string) => ask(checked).when(askCommand(question, by)), (by: string) => decideAskForInformation(askCommand(question, by), stateAfter(checked))],
    ['publish', checked, (by: string) => publish(checked).when(publishCommand(by)), (by: string) => decidePublish(publishCommand(by), stateAfter(checked))],
    ['reject', submitted, (by: string) => reject(submitted).when(rejectCommand(by)), (by: string) => decideReject(rejectCommand(by), stateAfter(submitted))],
    ['extend', publishedApp, (by: string) => extend(publishedApp).when(extendCommand('2027-05-01', extendNow, by)), (by: string) => decideExtend(extendCommand('2027-05-01', extendNow, by), stateAfter(publishedApp))],
    ['close (staff)', publishedApp, (by: string) => close(publishedApp).when(closeCommand({ reason: 'staff', closedBy: by })), (by: string) => decideClose(closeCommand({ reason: 'staff', closedBy: by }), stateAfter(publishedApp))],
    ['close (funded)', publishedApp, (by: string) => close(publishedApp).when(closeCommand({ reason: 'funded', closedBy: by })), (by: string) => decideClose(closeCommand({ reason: 'funded', closedBy: by }), stateAfter(publishedApp))],
  ] as const;

  it.each(staffCommands)('%s by a staff member on their own request is refused as forbidden', (_, __, when, decide) => {
    expect(decide(verifier)).toHaveLength(1);
    when(requester).thenRefuses('FORBIDDEN', HELP_OWN_REQUEST);
  });

  it('publish by the requester is forbidden even once published (who may act is decided before what is left to do)', () => {
    publish(publishedApp).when(publishCommand(requester)).thenRefuses('FORBIDDEN', HELP_OWN_REQUEST);
    close(closedApp).when(closeCommand({ reason: 'staff', closedBy: requester })).thenRefuses('FORBIDDEN', HELP_OWN_REQUEST);
  });

  const commands = {
    checkIdentity: () => checkIdentity([]).when(checkCommand()),
    askForInformation: () => ask([]).when(askCommand()),
    giveInformation: () => giveInformation([]).when(answerCommand()),
    publish: () => publish([]).when(publishCommand()),
    reject: () => reject([]).when(rejectCommand()),
    extend: () => extend([]).when(extendCommand('2027-05-01')),
    close: () => close([]).when(closeCommand({ reason: 'requester', closedBy: requester })),
  };

  it.each(Object.entries(commands))('%s on a request that does not exist is refused as not found', (_, when) => {
    when().thenRefuses('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
  });
});

describe('decideRequestHelp', () => {
  it('records the request as the requester sent it, the beneficiary still sealed', () => {
    requestHelp([]).when(requestCommand()).then([requested]);
  });

  it('takes exactly ₹1 and exactly ₹1,00,00,000', () => {
    for (const amountNeededPaise of [MIN_AMOUNT_NEEDED_PAISE, MAX_AMOUNT_NEEDED_PAISE]) {
      requestHelp([])
        .when(requestCommand({ amountNeededPaise }))
        .then([{ type: 'HelpRequested', data: { ...requested.data, amountNeededPaise } }]);
    }
    expect(MAX_AMOUNT_NEEDED_PAISE).toBe(100 * 1_00_00_000);
  });

  it('refuses ₹0, less than ₹1, more than ₹1 crore (₹10 crore too), a negative amount, a fraction of a paisa and NaN, at the amount field', () => {
    const tenCrore = 100 * 10_00_00_000;
    for (const amountNeededPaise of [0, 99, MAX_AMOUNT_NEEDED_PAISE + 1, tenCrore, -100, 150.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      requestHelp([]).when(requestCommand({ amountNeededPaise })).thenRefuses('BAD_REQUEST', HELP_AMOUNT_OUT_OF_RANGE);
    }
    expect(refusalOf(() => decideRequestHelp(requestCommand({ amountNeededPaise: 0 }), noHelpRequest)).fieldErrors).toEqual({ amountNeededPaise: [HELP_AMOUNT_OUT_OF_RANGE] });
  });

  it('is refused when the request number is taken, whatever state it is in', () => {
    for (const history of [submitted, publishedApp, rejectedApp, closedApp]) {
      requestHelp(history).when(requestCommand()).thenRefuses('CONFLICT', HELP_REQUEST_EXISTS);
    }
  });
});

describe('decideCheckIdentity', () => {
  it('records a match, or a mismatch, on a submitted request and while a question waits', () => {
    checkIdentity(submitted).when(checkCommand(true)).then([matched]);
    checkIdentity(submitted).when(checkCommand(false)).then([mismatched]);
    checkIdentity([...submitted, asked()]).when(checkCommand(true)).then([matched]);
  });

  it('records a new check after a different one, so a mismatch can be corrected and a match withdrawn', () => {
    checkIdentity([...submitted, mismatched]).when(checkCommand(true, 'voter-id')).then([identityChecked(true, 'voter-id')]);
    checkIdentity([...submitted, mismatched]).when(checkCommand(true)).then([matched]);
    checkIdentity(checked).when(checkCommand(false)).then([mismatched]);
  });

  it('records nothing for the same check by the same admin; the same result by another admin is their own check', () => {
    checkIdentity(checked).when(checkCommand()).thenNothing();
    checkIdentity(checked).when(checkCommand(true, 'aadhaar', otherStaff)).then([identityChecked(true, 'aadhaar', otherStaff)]);
  });

  it('is refused once the request is published, rejected or closed', () => {
    checkIdentity(publishedApp).when(checkCommand()).thenRefuses('CONFLICT', HELP_ALREADY_PUBLISHED);
    checkIdentity(rejectedApp).when(checkCommand()).thenRefuses('CONFLICT', HELP_ALREADY_REJECTED);
    checkIdentity(closedApp).when(checkCommand()).thenRefuses('CONFLICT', HELP_REQUEST_CLOSED);
  });
});

describe('decideAskForInformation', () => {
  it('asks the requester on a submitted request, before or after the identity check', () => {
    ask(submitted).when(askCommand()).then([asked()]);
    ask(checked).when(askCommand()).then([asked()]);
  });

  it('asks again once the first question is answered', () => {
    ask(answeredApp).when(askCommand('And the discharge summary?')).then([asked('And the discharge summary?')]);
  });

  it('records nothing for the same question again, and refuses another while one waits', () => {
    ask(questionOpen).when(askCommand()).thenNothing();
    ask(questionOpen).when(askCommand('Another question')).thenRefuses('CONFLICT', HELP_QUESTION_ALREADY_OPEN);
  });

  it('is refused once the request is published, rejected or closed', () => {
    ask(publishedApp).when(askCommand()).thenRefuses('CONFLICT', HELP_ALREADY_PUBLISHED);
    ask(rejectedApp).when(askCommand()).thenRefuses('CONFLICT', HELP_ALREADY_REJECTED);
    ask(closedApp).when(askCommand()).thenRefuses('CONFLICT', HELP_REQUEST_CLOSED);
  });
});

describe('decideGiveInformation', () => {
  it('records the requester’s sealed answer to the question waiting', () => {
    giveInformation(questionOpen).when(answerCommand()).then([answered]);
  });

  it('is refused for anyone but the requester, staff included', () => {
    for (const by of [stranger, verifier]) giveInformation(questionOpen).when(answerCommand(by)).thenRefuses('FORBIDDEN', HELP_ONLY_REQUESTER_ANSWERS);
  });

  it('is refused when no question waits: none asked, already answered, or published', () => {
    for (const history of [submitted, answeredApp, publishedApp]) giveInformation(history).when(answerCommand()).thenRefuses('CONFLICT', HELP_NO_OPEN_QUESTION);
  });

  it('is refused on a rejected request, even with its question left open, and on a closed one', () => {
    giveInformation([...questionOpen, rejected]).when(answerCommand()).thenRefuses('CONFLICT', HELP_ALREADY_REJECTED);
    giveInformation(closedApp).when(answerCommand()).thenRefuses('CONFLICT', HELP_REQUEST_CLOSED);
  });
});

describe('decidePublish', () => {
  it('publishes a matched request, closing 90 days after the day in India', () => {
    publish(checked).when(publishCommand()).then([publishedEvent(closesOn)]);
    publish(answeredApp).when(publishCommand()).then([publishedEvent(closesOn)]);
  });

  it('counts the days from the date in India, across a leap day and a year end', () => {
    const lateEvening = new Date('2027-01-10T19:00:00.000Z'); // 00:30 on 11 January in India
    publish(checked).when(publishCommand(verifier, lateEvening)).then([publishedEvent('2027-04-11', lateEvening)]);
    const leapYear = new Date('2028-01-10T06:00:00.000Z');
    publish(checked).when(publishCommand(verifier, leapYear)).then([publishedEvent('2028-04-09', leapYear)]);
    const november = new Date('2027-11-15T06:00:00.000Z');
    publish(checked).when(publishCommand(verifier, november)).then([publishedEvent('2028-02-13', november)]);
  });

  it('records nothing when published already, whoever sends it again', () => {
    publish(publishedApp).when(publishCommand()).thenNothing();
    publish(publishedApp).when(publishCommand(otherStaff)).thenNothing();
  });

  it('is refused without a matched identity check: none, a mismatch, or a match withdrawn', () => {
    publish(submitted).when(publishCommand()).thenRefuses('CONFLICT', HELP_IDENTITY_NOT_MATCHED);
    publish([...submitted, mismatched]).when(publishCommand()).thenRefuses('CONFLICT', HELP_IDENTITY_NOT_MATCHED);
    publish([...checked, identityChecked(false, 'pan', otherStaff)]).when(publishCommand()).thenRefuses('CONFLICT', HELP_IDENTITY_NOT_MATCHED);
    publish([...submitted, mismatched, identityChecked(true, 'passport')]).when(publishCommand()).then([publishedEvent(closesOn)]);
  });

  it('is refused while a question waits for the answer, even with a match', () => {
    publish(questionOpen).when(publishCommand()).thenRefuses('CONFLICT', HELP_ANSWER_AWAITED);
  });

  it('is refused on a rejected or closed request', () => {
    publish([...checked, rejected]).when(publishCommand()).thenRefuses('CONFLICT', HELP_ALREADY_REJECTED);
    publish(closedApp).when(publishCommand()).thenRefuses('CONFLICT', HELP_REQUEST_CLOSED);
  });
});

describe('decideReject', () => {
  it('rejects with the reason, before or after the identity check, and with a question left unanswered', () => {
    for (const history of [submitted, checked, questionOpen, answeredApp]) reject(history).when(rejectCommand()).then([rejected]);
  });

  it('records nothing the second time', () => {
    reject(rejectedApp).when(rejectCommand()).thenNothing();
    reject(rejectedApp).when(rejectCommand(otherStaff)).thenNothing();
  });

  it('is refused once published (it is closed instead) and once closed', () => {
    reject(publishedApp).when(rejectCommand()).thenRefuses('CONFLICT', HELP_REJECT_PUBLISHED);
    reject(closedApp).when(rejectCommand()).thenRefuses('CONFLICT', HELP_REQUEST_CLOSED);
  });
});

describe('decidePostUpdate', () => {
  const updateText: Sealed = { $sealed: 1, subject: streamId, iv: 'iv', tag: 'tag', ct: 'update' };
  const update = (by: 'requester' | 'staff', postedBy: string) => ({ requestId, text: updateText, by, postedBy, now: extendNow });
  const posted = (by: 'requester' | 'staff', postedBy: string) => ({ type: 'HelpUpdatePosted' as const, data: { requestId, text: updateText, by, postedBy, postedAt: extendNow.toISOString() } });

  it('posts the requester’s update, or staff’s, once the request is public (published, extended or closed after it)', () => {
    for (const history of [publishedApp, extendedApp, closedApp]) {
      postUpdate(history).when(update('requester', requester)).then([posted('requester', requester)]);
      postUpdate(history).when(update('staff', otherStaff)).then([posted('staff', otherStaff)]);
    }
  });

  it('is refused for a request that does not exist', () => {
    postUpdate([]).when(update('requester', requester)).thenRefuses('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
  });

  it('is refused to anyone else posting as the requester, and to staff on their own request', () => {
    postUpdate(publishedApp).when(update('requester', stranger)).thenRefuses('FORBIDDEN', HELP_ONLY_REQUESTER_UPDATES);
    postUpdate(publishedApp).when(update('staff', requester)).thenRefuses('FORBIDDEN', HELP_OWN_REQUEST);
  });

  it('is refused before the request is public: submitted, checked, asked, or rejected', () => {
    for (const history of [submitted, checked, questionOpen, rejectedApp]) postUpdate(history).when(update('requester', requester)).thenRefuses('CONFLICT', HELP_NOT_PUBLISHED);
  });
});

describe('decideExtend', () => {
  it('moves the closing date of a published request later, up to exactly 90 days from today in India', () => {
    extend(publishedApp).when(extendCommand('2027-05-01')).then([extended('2027-05-01')]);
    extend(publishedApp).when(extendCommand('2027-05-30')).then([extended('2027-05-30')]);
    extend(extendedApp).when(extendCommand('2027-05-02')).then([extended('2027-05-02')]);
  });

  it('refuses a date more than 90 days from today, at the closesOn field', () => {
    extend(publishedApp).when(extendCommand('2027-05-31')).thenRefuses('BAD_REQUEST', HELP_CLOSING_DATE_TOO_FAR);
    expect(refusalOf(() => decideExtend(extendCommand('2027-05-31'), stateAfter(publishedApp))).fieldErrors).toEqual({ closesOn: [HELP_CLOSING_DATE_TOO_FAR] });
  });

  it('records nothing for the date it already has', () => {
    extend(publishedApp).when(extendCommand(closesOn)).thenNothing();
    extend(extendedApp).when(extendCommand('2027-05-01')).thenNothing();
  });

  it('refuses an earlier date, at the closesOn field', () => {
    extend(publishedApp).when(extendCommand('2027-04-09')).thenRefuses('BAD_REQUEST', HELP_CLOSING_DATE_NOT_LATER);
    extend(extendedApp).when(extendCommand('2027-04-30')).thenRefuses('BAD_REQUEST', HELP_CLOSING_DATE_NOT_LATER);
    expect(refusalOf(() => decideExtend(extendCommand('2027-04-09'), stateAfter(publishedApp))).fieldErrors).toEqual({ closesOn: [HELP_CLOSING_DATE_NOT_LATER] });
  });

  it('refuses a date today or earlier when the closing date has passed without the job closing it', () => {
    const lateNow = new Date('2027-04-20T06:00:00.000Z');
    extend(publishedApp).when(extendCommand('2027-04-15', lateNow)).thenRefuses('BAD_REQUEST', HELP_CLOSING_DATE_NOT_FUTURE);
    extend(publishedApp).when(extendCommand('2027-04-20', lateNow)).thenRefuses('BAD_REQUEST', HELP_CLOSING_DATE_NOT_FUTURE);
    expect(refusalOf(() => decideExtend(extendCommand('2027-04-20', lateNow), stateAfter(publishedApp))).fieldErrors).toEqual({
      closesOn: [HELP_CLOSING_DATE_NOT_FUTURE],
    });
    extend(publishedApp).when(extendCommand('2027-04-21', lateNow)).then([extended('2027-04-21', lateNow)]);
  });

  it('is refused on a request not published, rejected or closed', () => {
    for (const history of [submitted, checked, questionOpen]) extend(history).when(extendCommand('2027-05-01')).thenRefuses('CONFLICT', HELP_NOT_PUBLISHED);
    extend(rejectedApp).when(extendCommand('2027-05-01')).thenRefuses('CONFLICT', HELP_ALREADY_REJECTED);
    extend(closedApp).when(extendCommand('2027-05-01')).thenRefuses('CONFLICT', HELP_REQUEST_CLOSED);
  });
});

describe('decideClose', () => {
  it('closes a published request at the requester’s word, or a staff member’s', () => {
    close(publishedApp).when(closeCommand({ reason: 'requester', closedBy: requester })).then([closed('requester', requester)]);
    close(publishedApp).when(closeCommand({ reason: 'staff', closedBy: verifier })).then([closed('staff', verifier)]);
    close(extendedApp).when(closeCommand({ reason: 'staff', closedBy: verifier })).then([closed('staff', verifier)]);
  });

  it('closes a funded request, named by staff or unnamed from the ledger', () => {
    close(publishedApp).when(closeCommand({ reason: 'funded', closedBy: null })).then([closed('funded', null)]);
    close(publishedApp).when(closeCommand({ reason: 'funded', closedBy: verifier })).then([closed('funded', verifier)]);
  });

  it('closes as expired from the first minute of the closing day in India, and not the minute before', () => {
    const lastMinute = new Date('2027-04-09T18:29:00.000Z'); // 23:59 on 9 April in India
    const midnight = new Date('2027-04-09T18:30:00.000Z'); // 00:00 on 10 April in India
    close(publishedApp).when(closeCommand({ reason: 'expired', closedBy: null }, lastMinute)).thenRefuses('CONFLICT', HELP_NOT_YET_EXPIRED);
    close(publishedApp).when(closeCommand({ reason: 'expired', closedBy: null }, midnight)).then([closed('expired', null, midnight)]);
    const later = new Date('2027-04-25T06:00:00.000Z');
    close(publishedApp).when(closeCommand({ reason: 'expired', closedBy: null }, later)).then([closed('expired', null, later)]);
  });

  it('does not expire on the old date after an extension', () => {
    const oldDate = new Date('2027-04-10T06:00:00.000Z');
    close(extendedApp).when(closeCommand({ reason: 'expired', closedBy: null }, oldDate)).thenRefuses('CONFLICT', HELP_NOT_YET_EXPIRED);
    const newDate = new Date('2027-05-01T06:00:00.000Z');
    close(extendedApp).when(closeCommand({ reason: 'expired', closedBy: null }, newDate)).then([closed('expired', null, newDate)]);
  });

  it('refuses a close as the requester by anyone else, staff included', () => {
    for (const by of [stranger, verifier]) close(publishedApp).when(closeCommand({ reason: 'requester', closedBy: by })).thenRefuses('FORBIDDEN', HELP_ONLY_REQUESTER_CLOSES);
    close(closedApp).when(closeCommand({ reason: 'requester', closedBy: stranger })).thenRefuses('FORBIDDEN', HELP_ONLY_REQUESTER_CLOSES);
  });

  it('records nothing on a closed request, whatever the reason and whoever asks', () => {
    close(closedApp).when(closeCommand({ reason: 'staff', closedBy: verifier })).thenNothing();
    close(closedApp).when(closeCommand({ reason: 'requester', closedBy: requester })).thenNothing();
    close(closedApp).when(closeCommand({ reason: 'expired', closedBy: null }, new Date('2027-06-01T06:00:00.000Z'))).thenNothing();
    close(closedApp).when(closeCommand({ reason: 'funded', closedBy: null })).thenNothing();
  });

  it('is refused on a request not published, and on a rejected one', () => {
    for (const history of [submitted, checked, questionOpen]) {
      close(history).when(closeCommand({ reason: 'requester', closedBy: requester })).thenRefuses('CONFLICT', HELP_NOT_PUBLISHED);
      close(history).when(closeCommand({ reason: 'staff', closedBy: verifier })).thenRefuses('CONFLICT', HELP_NOT_PUBLISHED);
    }
    close(rejectedApp).when(closeCommand({ reason: 'staff', closedBy: verifier })).thenRefuses('CONFLICT', HELP_ALREADY_REJECTED);
  });
});

describe('isPastClosing', () => {
  it('is true for a published request from its closing day on', () => {
    const state = stateAfter(publishedApp);
    expect(isPastClosing(state, '2027-04-09')).toBe(false);
    expect(isPastClosing(state, '2027-04-10')).toBe(true);
    expect(isPastClosing(state, '2028-01-01')).toBe(true);
  });

  it('follows an extension', () => {
    const state = stateAfter(extendedApp);
    expect(isPastClosing(state, '2027-04-10')).toBe(false);
    expect(isPastClosing(state, '2027-05-01')).toBe(true);
  });

  it('is false for a request not published or already closed, however late', () => {
    for (const history of [[], submitted, questionOpen, rejectedApp, closedApp]) expect(isPastClosing(stateAfter(history), '2099-01-01')).toBe(false);
  });
});

// ---- any sequence of commands ----

const actors = [requester, verifier, otherStaff, stranger] as const;
const actor = fc.constantFrom(...actors);

type Step =
  | { kind: 'request'; by: string; amountNeededPaise: number }
  | { kind: 'check'; by: string; idKind: HelpIdKind; isMatched: boolean }
  | { kind: 'ask'; by: string; question: string }
  | { kind: 'answer'; by: string }
  | { kind: 'publish'; by: string }
  | { kind: 'reject'; by: string }
  | { kind: 'extend'; by: string; daysFromToday: number }
  | { kind: 'close'; closer: HelpRequestCloser };

const anyStep: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('request' as const), by: actor, amountNeededPaise: fc.constantFrom(0, MIN_AMOUNT_NEEDED_PAISE, amountNeeded, MAX_AMOUNT_NEEDED_PAISE + 1) }),
  fc.record({ kind: fc.constant('check' as const), by: actor, idKind: fc.constantFrom(...HELP_ID_KINDS), isMatched: fc.boolean() }),
  fc.record({ kind: fc.constant('ask' as const), by: actor, question: fc.constantFrom('Which hospital?', 'Since when?') }),
  fc.record({ kind: fc.constant('answer' as const), by: actor }),
  fc.record({ kind: fc.constant('publish' as const), by: actor }),
  fc.record({ kind: fc.constant('reject' as const), by: actor }),
  fc.record({ kind: fc.constant('extend' as const), by: actor, daysFromToday: fc.integer({ min: -10, max: 100 }) }),
  fc.oneof(
    fc.record({ reason: fc.constantFrom('requester' as const, 'staff' as const), closedBy: actor }),
    fc.record({ reason: fc.constant('funded' as const), closedBy: fc.option(actor, { nil: null }) }),
    fc.record({ reason: fc.constant('expired' as const), closedBy: fc.constant(null) }),
  ).map((closer): Step => ({ kind: 'close', closer })),
);

function indiaDay(now: Date, plusDays = 0): string {
  return new Date(now.getTime() + 330 * 60_000 + plusDays * 86_400_000).toISOString().slice(0, 10);
}

function decideStep(step: Step, state: HelpRequestState, now: Date): readonly HelpRequestEvent[] {
  switch (step.kind) {
    case 'request':
      return decideRequestHelp(requestCommand({ requesterId: step.by, amountNeededPaise: step.amountNeededPaise, now }), state);
    case 'check':
      return decideCheckIdentity({ requestId, checkedBy: step.by, idKind: step.idKind, isMatched: step.isMatched, now }, state);
    case 'ask':
      return decideAskForInformation({ requestId, question: step.question, askedBy: step.by, now }, state);
    case 'answer':
      return decideGiveInformation({ requestId, answer, answeredBy: step.by, now }, state);
    case 'publish':
      return decidePublish({ requestId, publishedBy: step.by, now }, state);
    case 'reject':
      return decideReject({ requestId, reason: 'Not eligible', rejectedBy: step.by, now }, state);
    case 'extend':
      return decideExtend({ requestId, closesOn: indiaDay(now, step.daysFromToday), extendedBy: step.by, now }, state);
    case 'close':
      return decideClose(closeCommand(step.closer, now), state);
  }
}

/** Every status change an event may make (identity checks and extensions keep the status). */
const allowedMoves = new Set<string>([
  'null→submitted',
  'submitted→submitted',
  'submitted→information_requested',
  'information_requested→information_requested',
  'information_requested→submitted',
  'submitted→published',
  'submitted→rejected',
  'information_requested→rejected',
  'published→published',
  'published→closed',
]);

describe('any sequence of commands', () => {
  it('keeps the request in an allowed status, moving only along the allowed paths, and never publishes without a matched identity check and no open question', () => {
    const statuses: readonly (HelpRequestStatus | null)[] = [null, ...HELP_REQUEST_STATUSES];
    const reached = new Set<HelpRequestStatus | null>();
    const firstRequest: Step = { kind: 'request', by: requester, amountNeededPaise: amountNeeded };
    const run = fc.record({ steps: fc.array(fc.tuple(anyStep, fc.integer({ min: 0, max: 40 })), { maxLength: 40 }), startsWithRequest: fc.boolean() });
    fc.assert(
      fc.property(run, ({ steps, startsWithRequest }) => {
        let state = noHelpRequest;
        let now = new Date('2027-01-01T06:00:00.000Z');
        const log: HelpRequestEvent[] = [];
        const all: [Step, number][] = startsWithRequest ? [[firstRequest, 0], ...steps] : steps;
        for (const [step, days] of all) {
          now = new Date(now.getTime() + days * 86_400_000);
          let events: readonly HelpRequestEvent[] = [];
          try {
            events = decideStep(step, state, now);
          } catch (error) {
            // A refusal is an AppError; anything else is a bug.
            if (!(error instanceof AppError)) throw error;
          }
          expect(events.length).toBeLessThanOrEqual(1);
          for (const event of events) {
            if (event.type === 'HelpRequestPublished') {
              const lastCheck = log.findLast((earlier): earlier is HelpIdentityChecked => earlier.type === 'HelpIdentityChecked');
              expect(lastCheck?.data.isMatched, 'published without a matched identity check').toBe(true);
              const lastQuestion = log.findLastIndex((earlier) => earlier.type === 'HelpInformationRequested');
              const lastAnswer = log.findLastIndex((earlier) => earlier.type === 'HelpInformationGiven');
              expect(lastAnswer, 'published with a question open').toBeGreaterThanOrEqual(lastQuestion);
            }
            const next = evolveHelpRequest(state, recorded(event, log.length + 1, streamId));
            expect(allowedMoves, `${event.type} moved ${state.status} → ${next.status}`).toContain(`${state.status}→${next.status}`);
            log.push(event);
            state = next;
          }
          expect(statuses).toContain(state.status);
          expect(state.exists).toBe(state.status !== null);
          if (state.status === 'published' || state.closure) {
            expect(log.some((event) => event.type === 'HelpRequestPublished')).toBe(true);
          }
          reached.add(state.status);
        }
        expect(fold(helpRequest, log)).toEqual(state);
      }),
      {
        numRuns: 300,
        // Besides the random runs, the whole road once for sure: asked, checked, published, closed.
        examples: [
          [
            {
              startsWithRequest: true,
              steps: [
                [{ kind: 'ask', by: verifier, question: 'Which hospital?' }, 1],
                [{ kind: 'answer', by: requester }, 1],
                [{ kind: 'check', by: verifier, idKind: 'aadhaar', isMatched: true }, 1],
                [{ kind: 'publish', by: verifier }, 1],
                [{ kind: 'close', closer: { reason: 'requester', closedBy: requester } }, 1],
              ],
            },
          ],
          [{ startsWithRequest: true, steps: [[{ kind: 'reject', by: verifier }, 1]] }],
        ],
      },
    );
    // The property means something only if the runs reached every status.
    expect([...reached].sort()).toEqual([...statuses].sort());
  });
});

describe('decideSubmitHelpRequest', () => {
  // The new request's ID and the request a submission key already made are read by the command; the
  // spec folds the new request's stream and the command carries the rest. The seal is a fake, pure one.
  type Command = Omit<Parameters<typeof decideSubmitHelpRequest>[0], 'text' | 'beneficiary'> & { earlierId?: string | null };
  const plainText = { title: { en: 'Surgery', hi: 'ऑपरेशन' }, story: { en: 'A story.', hi: 'एक कहानी।' } };
  const plainBeneficiary: HelpBeneficiary = { name: 'Asha', relation: 'self', payout: { upiId: 'asha@okbank', bankName: null, accountHolder: null, accountNumber: null, ifsc: null } };
  const submit = deciderSpec({
    decide: ({ earlierId = null, ...command }: Command, request: HelpRequestState) =>
      decideSubmitHelpRequest({ ...command, text: plainText, beneficiary: plainBeneficiary }, { requestId, request, earlierId }, async (value) =>
        'story' in value ? titleAndStory : beneficiary,
      ),
    ...helpRequest,
  });
  const { requestId: _id, text: _text, beneficiary: _beneficiary, ...rest } = requestCommand();
  const keyStreamId = 'help-submission-0190c3a4-0000-7000-8000-0000000000aa';
  const key = { key: '0190C3A4-0000-7000-8000-0000000000AA', streamId: keyStreamId };

  it('records the request, with its submission key’s use beside it; a key used before records nothing', async () => {
    await submit([]).when({ ...rest, submissionKey: null }).then([{ streamId, events: [requested] }]);
    await submit([])
      .when({ ...rest, submissionKey: key })
      .then([
        { streamId, events: [requested] },
        { streamId: keyStreamId, events: [{ type: 'HelpSubmissionKeyUsed', data: { key: key.key.toLowerCase(), requestId, usedAt: requestedAt } }] },
      ]);
    await submit([]).when({ ...rest, submissionKey: key, earlierId: 'ABCD2345' }).thenNothing();
    await submit(submitted).when({ ...rest, submissionKey: null }).thenRefuses('CONFLICT');
  });
});
