import { Link } from 'wouter';
import type { TBankStatement } from '@sahay/server/modules/donations/bank-statements/bank-statements.schema';
import { displayReference, normaliseReference } from '#web/features/donations/reference.public.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate, formatMoney, formatNumber } from '#web/ui/format.ts';

/**
 * One credit of a bank statement as a card. In the server's answer `reference` is the donation for
 * a sure or verified line, but the bank's own reference column for the others; here each has its name.
 */
export interface StatementCard {
  line: number;
  date: string;
  narration: string;
  amountPaise: number;
  utrs: readonly string[];
  /** The bank's reference column, when the line has one and it is not the donation's reference. */
  bankReference: string | null;
  /** The donation the line is (sure, verified) or may be (possible); none for an unmatched credit. */
  donations: readonly string[];
}

export type StatementSection = 'sure' | 'possible' | 'unmatched' | 'verified';

/** The statement's four lists as cards, each line's donation and bank reference told apart. */
export function cardsOf(statement: TBankStatement): Record<StatementSection, StatementCard[]> {
  const base = (line: TBankStatement['unmatched'][number]) => ({ line: line.line, date: line.date, narration: line.narration, amountPaise: line.amountPaise, utrs: line.utrs });
  const bankReferenceOf = (reference: string) => (reference.trim() === '' ? null : reference);
  return {
    sure: statement.sure.map((line) => ({ ...base(line), bankReference: null, donations: [line.reference] })),
    possible: statement.possible.map((line) => ({ ...base(line), bankReference: bankReferenceOf(line.reference), donations: line.references })),
    unmatched: statement.unmatched.map((line) => ({ ...base(line), bankReference: bankReferenceOf(line.reference), donations: [] })),
    verified: statement.verified.map((line) => ({ ...base(line), bankReference: null, donations: [line.reference] })),
  };
}

/** The admin routes are nested under /admin, so a donation is `/donations/<reference>` from here. */
export function donationHref(reference: string): string {
  return `/donations/${normaliseReference(reference) ?? reference}`;
}

// Cards, not a table: a statement's narrations are long, and finance staff check them on phones too.
const FACTS = { display: 'grid', gap: '0.5rem', margin: 0 } as const;
const TERM = { fontSize: '0.9rem' } as const;
/** Narrations and UTRs are long unbroken strings ("UPI/CR/412345678901/RAMESH KUMAR/SBIN/..."): they wrap anywhere. */
const VALUE = { margin: 0, overflowWrap: 'anywhere' } as const;
const HEADING = { margin: '0 0 0.75rem', fontSize: '1.15rem' } as const;

/** A section's lines as cards: amount and date, the donation(s), the narration, and where the line is in the file. */
export function BankStatementLines({ cards, donationLabel }: { cards: readonly StatementCard[]; donationLabel: 'donation' | 'candidates' }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.line} className="card">
          <h3 style={HEADING}>{t('finance.statements.lineHeading', { amount: formatMoney(card.amountPaise), date: formatDate(card.date, lang) })}</h3>
          <dl style={FACTS}>
            {card.donations.length > 0 && (
              <div>
                <dt className="muted" style={TERM}>
                  {t(donationLabel === 'donation' ? 'finance.statements.donation' : 'finance.statements.candidates')}
                </dt>
                <dd style={VALUE}>
                  <ul className="recent-list">
                    {card.donations.map((reference) => (
                      <li key={reference}>
                        <Link href={donationHref(reference)} className="mono">
                          {displayReference(reference)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
            <div>
              <dt className="muted" style={TERM}>
                {t('finance.statements.lineNarration')}
              </dt>
              <dd style={VALUE}>{card.narration || t('common.none')}</dd>
            </div>
            {card.bankReference && (
              <div>
                <dt className="muted" style={TERM}>
                  {t('finance.statements.bankReference')}
                </dt>
                <dd className="mono" style={VALUE}>
                  {card.bankReference}
                </dd>
              </div>
            )}
            {card.utrs.length > 0 && (
              <div>
                <dt className="muted" style={TERM}>
                  {t('finance.statements.utrs')}
                </dt>
                <dd className="mono" style={VALUE}>
                  {card.utrs.join(', ')}
                </dd>
              </div>
            )}
            <div>
              <dt className="muted" style={TERM}>
                {t('finance.statements.statementLine')}
              </dt>
              <dd style={VALUE}>{formatNumber(card.line)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
