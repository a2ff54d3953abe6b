import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { StreamEvents } from '#server/event-store/command-handler';
import type { BankStatementColumnsChosen, BankStatementEvent, BankStatementUploaded, StatementColumns } from '../donations.events.ts';
import type { StatementLine } from './bank-statement.ts';

// The bank statement stream's decider (docs/decisions/052): the upload of a statement, recorded
// once per file (its ID is its bytes' hash), with the columns chosen for its layout remembered on
// the layout's stream beside it. Its given/when/then is in bank-statement.decider.test.ts.

/** Whether the columns the admin gave are new for the layout (none remembered, or others): then they are remembered. */
export function isNewLayout(given: StatementColumns | null, remembered: StatementColumns | null): boolean {
  return given !== null && JSON.stringify(given) !== JSON.stringify(remembered);
}

/**
 * Pure: a statement uploaded for the first time is recorded with its credit lines sealed (`seal`,
 * the one injected async step); the same file again records nothing. Columns given that differ from
 * the layout's remembered ones are remembered on the layout's stream.
 */
export async function decideUploadStatement(
  command: {
    statementId: string;
    streamId: string;
    headers: string[];
    columns: StatementColumns;
    givenColumns: StatementColumns | null;
    remembered: { columns: StatementColumns | null; streamId: string };
    lines: StatementLine[];
    uploadedBy: string;
    now: string;
  },
  state: { isUploaded: boolean },
  seal: (lines: StatementLine[]) => Promise<Sealed>,
): Promise<StreamEvents<BankStatementEvent>[]> {
  if (state.isUploaded) return [];
  const { statementId, streamId, headers, columns, uploadedBy, now } = command;
  const uploaded: BankStatementUploaded = {
    type: 'BankStatementUploaded',
    data: { statementId, columns, creditLines: command.lines.length, lines: await seal(command.lines), uploadedBy, uploadedAt: now },
  };
  const chosen: BankStatementColumnsChosen = { type: 'BankStatementColumnsChosen', data: { headers, columns, chosenBy: uploadedBy, chosenAt: now } };
  return [{ streamId, events: [uploaded] }, ...(isNewLayout(command.givenColumns, command.remembered.columns) ? [{ streamId: command.remembered.streamId, events: [chosen] }] : [])];
}
