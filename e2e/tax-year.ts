import crypto from 'node:crypto';

/** The financial year that ended last 31 March (the finance pages offer it first), and a day in it. */
export function lastFinancialYear(): { fy: string; day: string } {
  const now = new Date();
  const startYear = now.getUTCMonth() >= 3 ? now.getUTCFullYear() - 1 : now.getUTCFullYear() - 2;
  return { fy: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`, day: `${startYear + 1}-02-10` };
}

/** A PAN of this run (the fourth letter P: a person). */
export function personalPan(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pick = () => letters[crypto.randomInt(letters.length)]!;
  return `${pick()}${pick()}${pick()}P${pick()}${String(crypto.randomInt(1000, 9999))}${pick()}`;
}
