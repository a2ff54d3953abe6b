import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand, recordOnStream } from '#server/event-store/command-handler';
import type { Recorded } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { guessMapping, matchStatement, parseStatement, readHeaders, statementProblemMessage, type Pledge, type StatementLine } from './bank-statement.ts';
import { STATEMENT_NOT_FOUND, type TBankStatement, type TStatementColumns, type TStatementColumnsPreview, type TVerifySureMatchesResponse } from './bank-statements.schema.ts';
import { formatReference, utrKindOf } from '../donation-fields.schema.ts';
import {
  bankStatementStreamId,
  type BankStatementColumnsChosen,
  type BankStatementEvent,
  type BankStatementMatchesVerified,
  type BankStatementUploaded,
  type StatementColumns,
} from '../donations.events.ts';
import { recordVerification } from '../verification/verify-donation.ts';
import { decideUploadStatement, isNewLayout } from './bank-statement.decider.ts';
import { streamVersion } from '#server/event-store/queries';

/**
 * Bank-statement matching (issue 13, PRODUCT.md §6). A finance admin uploads the bank's CSV; its
 * credit lines are matched to pledges by the UTR found in the narration or reference and by the
 * amount, and the sure matches are verified in one action, each an ordinary verification with its
 * own receipt serial. A statement's ID is the hash of its bytes: the same file uploaded again is the
 * same statement and records nothing. A line verifies at most one donation (the matching gives each
 * line one reference), and a UTR verifies at most one donation (its claim stream, decision 024).
 */

/** The statement's ID: its bytes' hash, so the same file is the same statement. */
export function statementIdOf(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

/** One layout per bank: the header row as written, without case or spacing differences. */
function layoutStreamId(headers: readonly string[]): string {
  const signature = headers.map((header) => header.trim().replace(/\s+/g, ' ').toLowerCase()).join('\u001f');
  return `bank-statement-columns-${crypto.createHash('sha256').update(signature).digest('hex').slice(0, 32)}`;
}

/** Columns with their Dr/Cr column said, null when there is none (layouts remembered before it existed have none). */
function withDirection(columns: StatementColumns): StatementColumns & { direction: string | null } {
  return { ...columns, direction: columns.direction ?? null };
}

async function rememberedColumns(services: Services, headers: readonly string[]): Promise<{ columns: StatementColumns | null; streamId: string; version: number | null }> {
  const streamId = layoutStreamId(headers);
  const { state, versions } = await foldStream<StatementColumns | null, BankStatementColumnsChosen>(
    services.eventStore,
    services.db,
    streamId,
    (_, event) => event.data.columns,
    null,
  );
  return { columns: state === null ? null : withDirection(state), streamId, version: versions[streamId] ?? null };
}

function badFile(message: string, field = 'file'): AppError {
  return new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { [field]: [message] } });
}

/** The header row of a statement, or a 400 saying why the file cannot be read. */
function headersOrRefuse(bytes: Buffer): string[] {
  const read = readHeaders(bytes);
  if (!read.ok) throw badFile(statementProblemMessage(read.problem));
  return read.headers;
}

/**
 * The columns given, with the Dr/Cr column filled in when they leave it out (the page chooses four
 * columns): the remembered layout's, else the guessed one's, when its credit column is the one given.
 */
function completeColumns(given: TStatementColumns, remembered: StatementColumns | null, guessed: StatementColumns | null): StatementColumns & { direction: string | null } {
  if (given.direction !== undefined) return { ...given, direction: given.direction };
  const source = [remembered, guessed].find((columns) => columns !== null && columns.credit === given.credit);
  return { ...given, direction: source?.direction ?? null };
}

/** The header row of a statement and the columns to use: remembered for its layout, else guessed. Writes nothing. */
export async function previewStatementColumns(services: Services, bytes: Buffer): Promise<TStatementColumnsPreview> {
  const headers = headersOrRefuse(bytes);
  const remembered = await rememberedColumns(services, headers);
  return { headers, columns: remembered.columns ?? guessMapping(headers), isRemembered: remembered.columns !== null };
}

interface StatementState {
  uploaded: BankStatementUploaded['data'] | null;
}

function evolveStatement(state: StatementState, event: Recorded<BankStatementEvent>): StatementState {
  return event.type === 'BankStatementUploaded' ? { uploaded: event.data } : state;
}

async function readStatement(services: Services, statementId: string): Promise<{ columns: StatementColumns; lines: StatementLine[] } | null> {
  const { state } = await foldStream<StatementState, BankStatementEvent>(services.eventStore, services.db, bankStatementStreamId(statementId), evolveStatement, { uploaded: null });
  if (!state.uploaded) return null;
  const lines = await services.vault.reveal<StatementLine[]>(services.db, state.uploaded.lines);
  return { columns: withDirection(state.uploaded.columns), lines: lines ?? [] };
}

interface PledgeRow {
  reference: string;
  amount_paise: string | number;
  utr: string | null;
  proof_at: Date | null;
  pledged_at: Date;
}

/**
 * The donations a statement's credits can still be for: every pledge whose proof is in (matched by
 * UTR, whenever it was made), and the pledges without proof made around the statement's dates
 * (matched by amount and date, within a few days). Domestic pledges only: the statement is the
 * domestic account's, and a foreign contribution is paid into the FCRA account alone (decision 058),
 * so a foreign pledge's UTR on it is never offered as a match.
 */
async function openPledges(services: Services, lines: readonly StatementLine[]): Promise<Pledge[]> {
  const dates = lines.map((line) => line.date).sort();
  const { rows } = await services.db.query<PledgeRow>(
    `SELECT reference, amount_paise, utr, proof_at, pledged_at FROM donations
      WHERE NOT is_foreign
        AND (status = 'proof_received' OR (status IN ('awaiting_payment', 'abandoned') AND pledged_at BETWEEN $1::date - 5 AND $2::date + 5))`,
    [dates[0] ?? '1970-01-01', dates.at(-1) ?? '1970-01-01'],
  );
  return rows.map((row) => ({
    reference: row.reference,
    amountPaise: Number(row.amount_paise),
    utr: row.utr,
    proofAt: row.proof_at?.toISOString() ?? null,
    pledgedAt: row.pledged_at.toISOString(),
  }));
}

function lineOut(line: StatementLine) {
  return { line: line.line, date: line.date, narration: line.narration, reference: line.reference, amountPaise: line.creditPaise, utrs: line.utrs };
}

/**
 * Of the lines no open pledge matches, those whose UTR and amount are a verified donation's: the
 * money is accounted for already (verified from this statement, or by hand before it came).
 */
async function alreadyVerified(services: Services, lines: readonly StatementLine[]): Promise<Map<number, string>> {
  const utrs = [...new Set(lines.flatMap((line) => line.utrs))];
  if (utrs.length === 0) return new Map();
  const { rows } = await services.db.query<{ reference: string; amount_paise: string | number; utr: string }>(
    `SELECT reference, amount_paise, utr FROM donations WHERE status = 'verified' AND NOT is_foreign AND utr = ANY($1)`,
    [utrs],
  );
  const found = new Map<number, string>();
  for (const line of lines) {
    const donation = rows.find((row) => line.utrs.includes(row.utr) && Number(row.amount_paise) === line.creditPaise);
    if (donation) found.set(line.line, donation.reference);
  }
  return found;
}

/** The statement's lines against the pledges open now: what the admin sees, and what "verify" acts on. */
async function matchesOf(services: Services, statementId: string, statement: { columns: StatementColumns; lines: StatementLine[] }) {
  const matches = matchStatement(statement.lines, await openPledges(services, statement.lines));
  const verified = await alreadyVerified(services, matches.unmatched);
  const view: TBankStatement = {
    id: statementId,
    columns: statement.columns,
    creditLines: statement.lines.length,
    sure: matches.sure.map((match) => ({ ...lineOut(match.line), reference: formatReference(match.reference) })),
    possible: matches.possible.map((match) => ({ ...lineOut(match.line), references: match.references.map(formatReference) })),
    unmatched: matches.unmatched.filter((line) => !verified.has(line.line)).map(lineOut),
    verified: matches.unmatched.filter((line) => verified.has(line.line)).map((line) => ({ ...lineOut(line), reference: formatReference(verified.get(line.line)!) })),
  };
  return { matches, view };
}

/**
 * Reads an uploaded statement with the columns given (remembered for its layout when they are
 * new), else those remembered, else guessed; records it unless the same file was uploaded before;
 * answers its matches. A file that cannot be read is a 400 naming the problem, with nothing recorded.
 */
export async function uploadBankStatement(
  services: Services,
  input: { bytes: Buffer; columns: TStatementColumns | null },
  admin: { userId: string },
  meta: RequestMeta,
): Promise<TBankStatement> {
  const headers = headersOrRefuse(input.bytes);
  const remembered = await rememberedColumns(services, headers);
  const given = input.columns === null ? null : completeColumns(input.columns, remembered.columns, guessMapping(headers));
  const parsed = parseStatement(input.bytes, given ?? remembered.columns);
  if (!parsed.ok) {
    const message = statementProblemMessage(parsed.problem);
    throw badFile(message, parsed.problem.code === 'columns-not-found' && input.columns ? 'mapping' : 'file');
  }
  const columns = withDirection(given ?? remembered.columns ?? guessMapping(parsed.headers) ?? { date: '', narration: '', reference: null, credit: '' });
  const statementId = statementIdOf(input.bytes);
  const streamId = bankStatementStreamId(statementId);
  const now = services.now().toISOString();

  await handleCommand(services, {
    async read(tx) {
      const version = await streamVersion(tx, streamId);
      const versions: Record<string, number | null> = { [streamId]: version };
      // The columns as completed (a Dr/Cr column the request left out comes from the layout), so a page that never sends one does not record the layout again.
      if (isNewLayout(given, remembered.columns)) versions[remembered.streamId] = remembered.version;
      return { state: { isUploaded: version !== null }, versions };
    },
    decide: (state, { seal }) =>
      decideUploadStatement(
        { statementId, streamId, headers, columns, givenColumns: given, remembered, lines: parsed.lines, uploadedBy: admin.userId, now },
        state,
        (lines) => seal(streamId, lines),
      ),
    metadata: eventMetadata(meta),
  });
  return (await matchesOf(services, statementId, { columns, lines: parsed.lines })).view;
}

/** UPI when the bank's text says so; otherwise a 12-digit UTR is IMPS and a longer one NEFT/RTGS: a bank transfer. */
function modeOf(line: StatementLine): 'upi' | 'bank-transfer' {
  return /\bUPI\b/i.test(`${line.narration} ${line.reference}`) ? 'upi' : 'bank-transfer';
}

/**
 * Verifies every sure match of an uploaded statement as it stands now, one verification each (the
 * next receipt serial, the UTR claimed), dated the day the bank credited it. A match verified
 * meanwhile is no longer open, so it is not a match any more: pressing twice, or two admins at once,
 * verifies each donation once. A verification refused (say, a credit dated before its pledge) is
 * listed with the reason and the rest go on.
 */
export async function verifySureMatches(services: Services, statementId: string, admin: { userId: string }, meta: RequestMeta): Promise<TVerifySureMatchesResponse> {
  const statement = await readStatement(services, statementId);
  if (!statement) throw new AppError('NOT_FOUND', { userMessage: STATEMENT_NOT_FOUND });
  const { matches } = await matchesOf(services, statementId, statement);
  const verified: TVerifySureMatchesResponse['verified'] = [];
  const refused: TVerifySureMatchesResponse['refused'] = [];
  for (const { line, reference } of matches.sure) {
    const utr = line.utrs.find((candidate) => utrKindOf(candidate) !== null);
    try {
      const { result, isNew } = await recordVerification(services, { reference, receivedOn: line.date, mode: modeOf(line), utr }, meta);
      // Verified meanwhile the same way (another click, another admin): theirs, not listed here.
      if (isNew) verified.push({ line: line.line, reference: formatReference(reference), receiptSerial: result.receiptSerial });
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      refused.push({ line: line.line, reference: formatReference(reference), message: error.userMessage });
    }
  }
  if (verified.length > 0) {
    const event: BankStatementMatchesVerified = {
      type: 'BankStatementMatchesVerified',
      data: { statementId, verified: verified.map(({ line, reference }) => ({ line, reference: reference.replace('-', '') })), verifiedBy: admin.userId, verifiedAt: services.now().toISOString() },
    };
    await recordOnStream(services, bankStatementStreamId(statementId), [event], eventMetadata(meta));
  }
  return { verified, refused, statement: (await matchesOf(services, statementId, statement)).view };
}
