import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { COLUMN_REQUIRED, type TBankStatement, type TStatementColumns, type TVerifySureMatchesResponse } from '@sahay/server/modules/donations/bank-statements/bank-statements.schema';
import { fieldErrorsOf, httpStatusOf, serverMessageOf } from '#web/api/errors.ts';
import { displayReference } from '#web/features/donations/reference.public.ts';
import { useLang, useT, type MessageKey, type TranslateFn } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { FormError, Notice } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useIsHydrated } from '#web/ui/use-is-hydrated.ts';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { BankStatementLines, cardsOf, donationHref, type StatementSection } from '../components/bank-statement-lines.tsx';
import { STATEMENT_MAX_BYTES, useStatementColumns, useUploadStatement, useVerifySureMatches } from '../hooks/use-bank-statements.ts';

/** The columns as the selects hold them: '' is "not chosen" (and, for the reference, "none"). */
export interface ColumnChoice {
  date: string;
  narration: string;
  reference: string;
  credit: string;
}
type ColumnField = keyof ColumnChoice;
type RequiredColumn = Exclude<ColumnField, 'reference'>;

const COLUMN_FIELDS: ReadonlyArray<{ field: ColumnField; label: MessageKey }> = [
  { field: 'date', label: 'finance.statements.dateColumn' },
  { field: 'narration', label: 'finance.statements.narrationColumn' },
  { field: 'reference', label: 'finance.statements.referenceColumn' },
  { field: 'credit', label: 'finance.statements.creditColumn' },
];
const REQUIRED_COLUMNS: readonly RequiredColumn[] = ['date', 'narration', 'credit'];
const NO_CHOICE: ColumnChoice = { date: '', narration: '', reference: '', credit: '' };
const MAPPING_ERROR_ID = 'statement-mapping-error';

/** The selects prefilled from the remembered or guessed columns; a column the file does not have is left to choose. */
export function choiceOf(columns: TStatementColumns | null, headers: readonly string[]): ColumnChoice {
  const known = (column: string | null | undefined) => (column && headers.includes(column) ? column : '');
  return { date: known(columns?.date), narration: known(columns?.narration), reference: known(columns?.reference), credit: known(columns?.credit) };
}

/** The columns to send, or the required ones still to choose (the reference may be none). */
export function columnsOf(choice: ColumnChoice): { columns: TStatementColumns } | { missing: RequiredColumn[] } {
  const missing = REQUIRED_COLUMNS.filter((field) => choice[field] === '');
  if (missing.length > 0) return { missing };
  return { columns: { date: choice.date, narration: choice.narration, reference: choice.reference === '' ? null : choice.reference, credit: choice.credit } };
}

/** The file's errors from a refusal: its own field, or a 413 refused before the form was read (no field named). */
function fileErrorsOf(error: unknown): string[] | undefined {
  const named = fieldErrorsOf(error).file;
  if (named?.length) return named;
  const message = serverMessageOf(error);
  return httpStatusOf(error) === 413 && message ? [message] : undefined;
}

/** What the file input offers: the kinds of file banks let a statement be downloaded as (the server tells them by content). */
const STATEMENT_FILE_TYPES = '.csv,.txt,.xls,.xlsx,text/csv,text/plain,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** /admin/bank-statements — upload the bank's statement (CSV, text or Excel), check its columns, and verify the sure matches in one action (permission finance). */
export default function BankStatementsPage() {
  usePageMeta('finance.statements.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="finance">{() => <StatementMatcher />}</AdminGate>;
}

export function StatementMatcher() {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const columns = useStatementColumns();
  const upload = useUploadStatement();
  const verify = useVerifySureMatches();
  const [file, setFile] = useState<File | null>(null);
  const [fileTooLarge, setFileTooLarge] = useState(false);
  const [choice, setChoice] = useState<ColumnChoice>(NO_CHOICE);
  const [missing, setMissing] = useState<readonly RequiredColumn[]>([]);
  const fileField = useRef<HTMLDivElement>(null);

  // Once verified, the statement as it stands after the verifications.
  const statement = verify.data?.statement ?? upload.data;
  const fileErrors = fileTooLarge ? [t('finance.statements.fileTooLarge')] : (fileErrorsOf(upload.error) ?? fileErrorsOf(columns.error))?.map(translateServer);
  const mappingErrors = fieldErrorsOf(upload.error).mapping?.map(translateServer);
  const columnsFailure = columns.error && !fileErrorsOf(columns.error) ? errorText(columns.error, 'finance.statements.readFailed') : undefined;
  const uploadFailure = upload.error && !fileErrorsOf(upload.error) && !mappingErrors ? errorText(upload.error, 'finance.statements.matchFailed') : undefined;

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    // Another file starts again: its columns, its matches.
    setFile(chosen);
    setChoice(NO_CHOICE);
    setMissing([]);
    columns.reset();
    upload.reset();
    verify.reset();
    const isTooLarge = chosen !== null && chosen.size > STATEMENT_MAX_BYTES;
    setFileTooLarge(isTooLarge);
    if (!chosen || isTooLarge) return;
    columns.mutate(chosen, { onSuccess: (preview) => setChoice(choiceOf(preview.columns, preview.headers)) });
  }

  function onMatch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    const form = event.currentTarget;
    const chosen = columnsOf(choice);
    if ('missing' in chosen) {
      setMissing(chosen.missing);
      upload.reset();
      (form.elements.namedItem(chosen.missing[0] ?? '') as HTMLElement | null)?.focus();
      return;
    }
    setMissing([]);
    verify.reset();
    upload.mutate(
      { file, columns: chosen.columns },
      {
        // A refusal is told beside the file or the columns: the person is taken there, and hears it.
        onError: (error) => {
          if (fileErrorsOf(error)) fileField.current?.querySelector('input')?.focus();
          else if (fieldErrorsOf(error).mapping) (form.elements.namedItem('date') as HTMLElement | null)?.focus();
        },
      },
    );
  }

  return (
    <div className="container admin-page">
      <AdminPageHeading title={t('finance.statements.heading')} />
      <p>{t('finance.statements.intro')}</p>

      <section className="panel" aria-labelledby="statement-file-heading">
        <h2 id="statement-file-heading">{t('finance.statements.fileHeading')}</h2>
        <div ref={fileField}>
          <TextField
            name="file"
            type="file"
            accept={STATEMENT_FILE_TYPES}
            label={t('finance.statements.file')}
            hint={t('finance.statements.fileHint')}
            onChange={onFileChange}
            errors={fileErrors}
            data-testid="statement-file"
          />
        </div>
        {columns.isPending && <p role="status">{t('finance.statements.reading')}</p>}
        <FormError message={columnsFailure?.message} hint={columnsFailure?.hint} />
      </section>

      {file && columns.data && (
        <section className="panel" aria-labelledby="statement-columns-heading">
          <h2 id="statement-columns-heading">{t('finance.statements.columnsHeading')}</h2>
          <p>{t(columns.data.isRemembered ? 'finance.statements.remembered' : 'finance.statements.checkColumns')}</p>
          <form className="form" noValidate onSubmit={onMatch} data-testid="statement-columns">
            {COLUMN_FIELDS.map(({ field, label }) => (
              <ColumnSelect
                key={field}
                field={field}
                label={t(label)}
                value={choice[field]}
                headers={columns.data.headers}
                emptyLabel={t(field === 'reference' ? 'finance.statements.noColumn' : 'finance.statements.chooseColumn')}
                error={missing.some((column) => column === field) ? translateServer(COLUMN_REQUIRED) : undefined}
                hasMappingError={Boolean(mappingErrors)}
                onChange={(value) => setChoice({ ...choice, [field]: value })}
              />
            ))}
            {mappingErrors && (
              <p className="field-error" id={MAPPING_ERROR_ID}>
                {mappingErrors.join(' ')}
              </p>
            )}
            <FormError message={uploadFailure?.message} hint={uploadFailure?.hint} />
            <BusyButton type="submit" isBusy={upload.isPending} label={t('finance.statements.match')} busyLabel={t('finance.statements.matching')} testId="statement-match" />
          </form>
        </section>
      )}

      {statement && <StatementResults statement={statement} verify={verify} />}
    </div>
  );
}

function ColumnSelect({
  field,
  label,
  value,
  headers,
  emptyLabel,
  error,
  hasMappingError,
  onChange,
}: {
  field: ColumnField;
  label: string;
  value: string;
  headers: readonly string[];
  emptyLabel: string;
  error?: string;
  hasMappingError: boolean;
  onChange: (value: string) => void;
}) {
  const id = `statement-column-${field}`;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hasMappingError ? MAPPING_ERROR_ID : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={field} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error || hasMappingError ? true : undefined} aria-describedby={describedBy}>
        <option value="">{emptyLabel}</option>
        {headers.map((header, index) =>
          // A blank header cannot be chosen (the server refuses an empty column name).
          header.trim() === '' ? null : (
            <option key={`${index}-${header}`} value={header}>
              {header}
            </option>
          ),
        )}
      </select>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

const SECTIONS: ReadonlyArray<{ section: StatementSection; heading: MessageKey; help: MessageKey; empty: MessageKey }> = [
  { section: 'sure', heading: 'finance.statements.sureHeading', help: 'finance.statements.sureHelp', empty: 'finance.statements.sureEmpty' },
  { section: 'possible', heading: 'finance.statements.possibleHeading', help: 'finance.statements.possibleHelp', empty: 'finance.statements.possibleEmpty' },
  { section: 'unmatched', heading: 'finance.statements.unmatchedHeading', help: 'finance.statements.unmatchedHelp', empty: 'finance.statements.unmatchedEmpty' },
  { section: 'verified', heading: 'finance.statements.verifiedHeading', help: 'finance.statements.verifiedHelp', empty: 'finance.statements.verifiedEmpty' },
];

/** The four lists, the one action on the sure matches, and what that action did. */
function StatementResults({ statement, verify }: { statement: TBankStatement; verify: ReturnType<typeof useVerifySureMatches> }) {
  const t = useT();
  const errorText = useErrorText();
  const cards = cardsOf(statement);
  const sureCount = statement.sure.length;
  const verifyFailure = verify.error ? errorText(verify.error, 'finance.statements.verifyFailed') : undefined;

  return (
    <>
      <div role="status">
        <p>{t('finance.statements.summary', { count: formatNumber(statement.creditLines) })}</p>
      </div>
      {verify.data && <VerifiedNotice result={verify.data} />}
      {SECTIONS.map(({ section, heading, help, empty }) => (
        <section key={section} aria-labelledby={`statement-${section}-heading`} data-testid={`statement-${section}`}>
          <h2 id={`statement-${section}-heading`}>{t(heading, { count: formatNumber(cards[section].length) })}</h2>
          <p>{t(help)}</p>
          {section === 'sure' && sureCount > 0 && (
            <p className="actions">
              <BusyButton
                type="button"
                isBusy={verify.isPending}
                label={sureCount === 1 ? t('finance.statements.verifyOne') : t('finance.statements.verifyMany', { count: formatNumber(sureCount) })}
                busyLabel={t('finance.statements.verifying')}
                testId="statement-verify"
                onClick={() => verify.mutate(statement.id)}
              />
            </p>
          )}
          {section === 'sure' && <FormError message={verifyFailure?.message} hint={verifyFailure?.hint} />}
          {cards[section].length === 0 ? (
            <p className="muted">{t(empty)}</p>
          ) : (
            <BankStatementLines cards={cards[section]} donationLabel={section === 'possible' ? 'candidates' : 'donation'} />
          )}
        </section>
      ))}
    </>
  );
}

function verifiedSummary(t: TranslateFn, verified: number, refused: number): string {
  if (verified === 1) return t('finance.statements.verifiedOne');
  if (verified > 1) return t('finance.statements.verifiedMany', { count: formatNumber(verified) });
  // None verified and none refused: another admin (or an earlier click) verified them meanwhile.
  return t(refused > 0 ? 'finance.statements.verifiedZero' : 'finance.statements.verifiedNone');
}

/** What "verify" did: each donation with its receipt serial, and those refused with the reason. */
function VerifiedNotice({ result }: { result: TVerifySureMatchesResponse }) {
  const t = useT();
  const { translateServer } = useLang();
  const count = result.verified.length;
  const summary = verifiedSummary(t, count, result.refused.length);
  return (
    <div role="status" data-testid="statement-verified-notice">
      <Notice tone={result.refused.length > 0 ? 'warning' : 'success'}>
        <p>{summary}</p>
        {count > 0 && (
          <ul>
            {result.verified.map((entry) => (
              <li key={entry.line}>
                <Link href={donationHref(entry.reference)} className="mono">
                  {displayReference(entry.reference)}
                </Link>
                {' — '}
                {t('finance.statements.receiptSerial', { serial: entry.receiptSerial })}
              </li>
            ))}
          </ul>
        )}
        {result.refused.length > 0 && (
          <>
            <p>{t('finance.statements.refusedIntro')}</p>
            <ul>
              {result.refused.map((entry) => (
                <li key={entry.line}>
                  <Link href={donationHref(entry.reference)} className="mono">
                    {displayReference(entry.reference)}
                  </Link>
                  {' — '}
                  {t('finance.statements.refusedLine', { line: formatNumber(entry.line), reason: translateServer(entry.message) })}
                </li>
              ))}
            </ul>
          </>
        )}
      </Notice>
    </div>
  );
}

/**
 * SubmitButton's behaviour (disabled while busy and until hydrated, so no click is lost or doubled)
 * with the test ID the browser tests drive it by.
 */
function BusyButton({ type, isBusy, label, busyLabel, testId, onClick }: { type: 'submit' | 'button'; isBusy: boolean; label: string; busyLabel: string; testId: string; onClick?: () => void }) {
  const isHydrated = useIsHydrated();
  return (
    <button type={type} className="btn btn-primary" disabled={isBusy || !isHydrated} aria-busy={isBusy || undefined} onClick={onClick} data-testid={testId}>
      {isBusy ? busyLabel : label}
    </button>
  );
}
