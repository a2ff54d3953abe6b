import { describe, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec } from '#server/testing/decider-spec';
import { decideResendStatementCode, evolveStatementCode, noStatementCode, STATEMENT_CODE_SHRED_REASON } from './statement-code.decider.ts';
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
