import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import type { BankStatementEvent, StatementColumns } from '../donations.events.ts';
import type { StatementLine } from './bank-statement.ts';
import { decideUploadStatement, isNewLayout } from './bank-statement.decider.ts';

const statementId = '0123456789abcdef0123456789abcdef';
const streamId = `bank-statement-${statementId}`;
const layoutStreamId = 'bank-statement-columns-fedcba9876543210fedcba9876543210';
const now = '2032-04-02T10:00:00.000Z';
const columns: StatementColumns = { date: 'Txn Date', narration: 'Description', reference: 'Ref No', credit: 'Credit' };
const headers = ['Txn Date', 'Description', 'Ref No', 'Debit', 'Credit'];
const lines: StatementLine[] = [{ line: 2, date: '2032-04-01', narration: 'UPI/123456789012/ASHA', reference: '', creditPaise: 50_000, utrs: ['123456789012'] }];
const sealedAs = (sealed: StatementLine[]): Sealed => ({ $sealed: 1, subject: streamId, iv: 'iv', tag: 'tag', ct: `sealed:${JSON.stringify(sealed)}` });

describe('uploading a bank statement, given/when/then', () => {
  type Command = Omit<Parameters<typeof decideUploadStatement>[0], 'lines'>;
  // The stream's state is whether anything was recorded on it.
  const given = deciderSpec({
    decide: (command: Command, state: { isUploaded: boolean }) => decideUploadStatement({ ...command, lines }, state, async (toSeal) => sealedAs(toSeal)),
    evolve: (_state: { isUploaded: boolean }, _event: Recorded<BankStatementEvent>) => ({ isUploaded: true }),
    initialState: { isUploaded: false },
  });
  const command: Command = { statementId, streamId, headers, columns, givenColumns: null, remembered: { columns, streamId: layoutStreamId }, uploadedBy: 'SH1000900', now };
  const uploaded: BankStatementEvent = {
    type: 'BankStatementUploaded',
    data: { statementId, columns, creditLines: 1, lines: sealedAs(lines), uploadedBy: 'SH1000900', uploadedAt: now },
  };

  it('records a new statement with its lines sealed, and the same file again records nothing', async () => {
    await given([]).when(command).then([{ streamId, events: [uploaded] }]);
    await given([uploaded]).when(command).thenNothing();
  });

  it('remembers columns the admin gave that differ from the layout’s, beside the statement', async () => {
    const chosen = { ...columns, reference: null };
    await given([])
      .when({ ...command, columns: chosen, givenColumns: chosen })
      .then([
        { streamId, events: [{ ...uploaded, data: { ...uploaded.data, columns: chosen } }] },
        { streamId: layoutStreamId, events: [{ type: 'BankStatementColumnsChosen', data: { headers, columns: chosen, chosenBy: 'SH1000900', chosenAt: now } }] },
      ]);
    await given([]).when({ ...command, givenColumns: columns }).then([{ streamId, events: [uploaded] }]);
  });

  it('counts columns as new for the layout only when given and not the remembered ones', () => {
    expect(isNewLayout(null, columns)).toBe(false);
    expect(isNewLayout(columns, columns)).toBe(false);
    expect(isNewLayout(columns, null)).toBe(true);
    expect(isNewLayout({ ...columns, credit: 'Deposit' }, columns)).toBe(true);
  });
});
