import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import { oneTimeCodeExpiry } from '#server/lib/one-time-code';
import {
  decideRequestStatementCode,
  decideSendStatementCode,
  isCodeLive,
  STATEMENT_CODE_TRIES_PER_CODE,
  decideResendStatementCode,
  decideShredStatementCode,
  decideVerifyStatementCode,
  evolveStatementCode,
  noStatementCode,
  STATEMENT_CODE_NOT_ACCEPTED,
  STATEMENT_CODE_SHRED_REASON,
  STATEMENT_PROOF_TTL_MINUTES,
} from './statement-code.decider.ts';
import type { StatementCodeEvent, StatementCodeRequested } from './statement-codes.events.ts';

const now = new Date('2032-05-02T06:00:00.000Z');
const codeId = '0190a000-0000-7000-8000-000000000001';
const contact: Sealed = { $sealed: 1, subject: 'statement-code-test', iv: 'aXY', tag: 'dGFn', ct: 'Y3Q' };
const requested: StatementCodeRequested = {
  type: 'StatementCodeRequested',
  data: { codeId, contactKey: 'key', channel: 'sms', contact, requestedAt: '2032-05-02T05:55:00.000Z', expiresAt: '2032-05-02T06:05:00.000Z' },
};

/** Decision 049: a live code is sent again rather than replaced; a used or shredded one is not. */
describe('sending a statement code again', () => {
  const given = deciderSpec({ decide: decideResendStatementCode, evolve: evolveStatementCode, initialState: noStatementCode });
  const command = { codeId, channel: 'sms' as const, contact, now };

  it('records StatementCodeResent for a code that was asked for', () => {
    given([requested])
      .when(command)
      .then([{ type: 'StatementCodeResent', data: { codeId, channel: 'sms', contact, resentAt: now.toISOString() } }]);
  });

  it('records nothing for a code never asked for, used, or whose contact was shredded', () => {
    const verified: StatementCodeEvent = { type: 'StatementCodeVerified', data: { codeId, verifiedAt: now.toISOString(), proofExpiresAt: now.toISOString() } };
    const erased: StatementCodeEvent = { type: 'PersonalDataErased', data: { subjectId: `statement-code-${codeId}`, erasedAt: now.toISOString(), reason: STATEMENT_CODE_SHRED_REASON } };
    given([]).when(command).thenNothing();
    given([requested, verified]).when(command).thenNothing();
    given([requested, erased]).when(command).thenNothing();
  });
});

const statementCode = { evolve: evolveStatementCode, initialState: noStatementCode };
const verified: StatementCodeEvent = { type: 'StatementCodeVerified', data: { codeId, verifiedAt: now.toISOString(), proofExpiresAt: new Date(now.getTime() + STATEMENT_PROOF_TTL_MINUTES * 60_000).toISOString() } };
const shredded: StatementCodeEvent = { type: 'PersonalDataErased', data: { subjectId: `statement-code-${codeId}`, erasedAt: now.toISOString(), reason: STATEMENT_CODE_SHRED_REASON } };

describe('asking for a statement code', () => {
  const given = deciderSpec({ ...statementCode, decide: decideRequestStatementCode });
  const command = { codeId, contactKey: 'key', channel: 'sms' as const, contact, now };

  it('records StatementCodeRequested with its expiry for a new code ID', () => {
    given([])
      .when(command)
      .then([{ type: 'StatementCodeRequested', data: { codeId, contactKey: 'key', channel: 'sms', contact, requestedAt: now.toISOString(), expiresAt: oneTimeCodeExpiry(now).toISOString() } }]);
  });

  it('records nothing for a code ID asked for already', () => {
    given([requested]).when(command).thenNothing();
  });
});

describe('using a statement code', () => {
  const given = deciderSpec({ ...statementCode, decide: decideVerifyStatementCode });

  it('records StatementCodeVerified with the proof’s expiry for a code asked for and not used', () => {
    given([requested]).when({ codeId, now }).then([verified]);
  });

  it('refuses, with the one answer for every code not accepted, a code never asked for or used already', () => {
    given([]).when({ codeId, now }).thenRefuses('BAD_REQUEST', STATEMENT_CODE_NOT_ACCEPTED);
    given([requested, verified]).when({ codeId, now }).thenRefuses('BAD_REQUEST', STATEMENT_CODE_NOT_ACCEPTED);
  });
});

describe('shredding an expired statement code’s contact', () => {
  const given = deciderSpec({ ...statementCode, decide: decideShredStatementCode });

  it('records PersonalDataErased once for a code asked for, used or not', () => {
    given([requested]).when({ codeId, now }).then([shredded]);
    given([requested, verified]).when({ codeId, now }).then([shredded]);
  });

  it('records nothing for a code never asked for or shredded already', () => {
    given([]).when({ codeId, now }).thenNothing();
    given([requested, shredded]).when({ codeId, now }).thenNothing();
  });
});

/** Decision 049: a contact's live code is sent again; with none live, a new code is made. */
describe('a contact asking for a code', () => {
  // Which code is live is read from the codes' rows (isCodeLive); the command carries the new ID or the live code's.
  const given = deciderSpec({
    decide: (command: { kind: 'new' | 'resend'; contactKey: string; channel: 'sms'; contact: Sealed; now: Date }, code: typeof noStatementCode) =>
      decideSendStatementCode(command, command.kind === 'new' ? { kind: 'new', codeId } : { kind: 'resend', codeId, code }),
    ...statementCode,
  });
  const command = { contactKey: 'key', channel: 'sms' as const, contact, now };

  it('sends the live code again, or makes a new one', () => {
    given([requested])
      .when({ ...command, kind: 'resend' })
      .then([{ type: 'StatementCodeResent', data: { codeId, channel: 'sms', contact, resentAt: now.toISOString() } }]);
    given([])
      .when({ ...command, kind: 'new' })
      .then([{ type: 'StatementCodeRequested', data: { codeId, contactKey: 'key', channel: 'sms', contact, requestedAt: now.toISOString(), expiresAt: oneTimeCodeExpiry(now).toISOString() } }]);
    given([requested, verified]).when({ ...command, kind: 'resend' }).thenNothing();
  });

  it('counts a code live while it has not expired and has tries left', () => {
    const later = new Date(now.getTime() + 60_000);
    expect(isCodeLive({ attempts: 0, expiresAt: later }, now)).toBe(true);
    expect(isCodeLive({ attempts: STATEMENT_CODE_TRIES_PER_CODE - 1, expiresAt: later }, now)).toBe(true);
    expect(isCodeLive({ attempts: STATEMENT_CODE_TRIES_PER_CODE, expiresAt: later }, now)).toBe(false);
    expect(isCodeLive({ attempts: 0, expiresAt: now }, now)).toBe(false);
  });
});
