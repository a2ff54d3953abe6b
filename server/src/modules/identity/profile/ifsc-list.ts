import { createRequire } from 'node:module';
import { AppError } from '#server/errors/app-error';
import { CORRECT_THE_FIELDS } from '#server/errors/field-errors';
import { consumeRateLimit } from '#server/lib/rate-limit';
import type { Services } from '#server/services';
import type { TIfscLookup } from './look-up-ifsc.schema.ts';
import { IFSC_NOT_IN_LIST, IFSC_PATTERN } from './profile.schema.ts';

/**
 * The banks' published IFSC list as Razorpay's `ifsc` package carries it (offline; refreshed with
 * the package). Server only: the list is 1 MB of JSON, so the web asks identity.lookUpIfsc instead
 * of shipping it to phones. Only the package's data
 * files are read: its index also loads `request` for the online branch look-up, which we never use.
 * Read on first use (about 25 ms and 2.5 MiB), not at start.
 */
interface IfscData {
  /** Bank code → its branch codes: numbers for all-digit branch codes, strings otherwise. */
  branches: Record<string, Array<number | string>>;
  /** Bank code → the bank's name. */
  bankNames: Record<string, string>;
  /** Whole IFSC → the code of the bank that really runs the branch (a sub-member through a sponsor bank). */
  sublets: Record<string, string>;
  /** IFSC prefix → the bank code, for sponsor banks' sub-members listed by prefix. */
  customSublets: Record<string, string>;
}

let data: IfscData | undefined;

function ifscData(): IfscData {
  if (!data) {
    const require = createRequire(import.meta.url);
    data = {
      branches: require('ifsc/src/IFSC.json') as IfscData['branches'],
      bankNames: require('ifsc/src/banknames.json') as IfscData['bankNames'],
      sublets: require('ifsc/src/sublet.json') as IfscData['sublets'],
      customSublets: require('ifsc/src/custom-sublets.json') as IfscData['customSublets'],
    };
  }
  return data;
}

/** Whether an IFSC (any case, no spaces) is in the published list — the package's `validate`. */
export function isIfscInList(code: string): boolean {
  const ifsc = code.toUpperCase();
  if (!IFSC_PATTERN.test(ifsc)) return false;
  const { branches } = ifscData();
  const list = Object.hasOwn(branches, ifsc.slice(0, 4)) ? branches[ifsc.slice(0, 4)]! : [];
  const branch = ifsc.slice(5);
  return /^\d+$/.test(branch) ? list.includes(Number(branch)) : list.includes(branch);
}

/**
 * The name of the bank that runs a listed IFSC's branch ("State Bank of India"), or null when the
 * IFSC is not in the list. A sub-member bank served through a sponsor's codes is named, not the sponsor.
 */
export function bankNameOfIfsc(code: string): string | null {
  if (!isIfscInList(code)) return null;
  const ifsc = code.toUpperCase();
  const { bankNames, sublets, customSublets } = ifscData();
  const prefix = Object.keys(customSublets).find((start) => ifsc.startsWith(start));
  const bankCode = (Object.hasOwn(sublets, ifsc) ? sublets[ifsc] : undefined) ?? (prefix ? customSublets[prefix] : undefined) ?? ifsc.slice(0, 4);
  return bankNames[bankCode] ?? bankNames[ifsc.slice(0, 4)] ?? null;
}

/**
 * Refuses a command whose given IFSCs (by field name; null or absent = not given) are not in the
 * published list: a 400 with the rule beside each field, before anything is written. The shared
 * schemas have already checked the shape; this is the part only the server can check.
 */
export function assertIfscsInList(fields: Record<string, string | null | undefined>): void {
  const unknown = Object.entries(fields).filter(([, value]) => typeof value === 'string' && value !== '' && !isIfscInList(value));
  if (unknown.length === 0) return;
  throw new AppError('BAD_REQUEST', { userMessage: CORRECT_THE_FIELDS, fieldErrors: Object.fromEntries(unknown.map(([name]) => [name, [IFSC_NOT_IN_LIST]])) });
}

/** identity.lookUpIfsc: a signed-in member's look-ups are limited (ifscLookupPerAccount), so the list cannot be walked. */
export async function lookUpIfsc(services: Services, userId: string, ifsc: string): Promise<TIfscLookup> {
  await consumeRateLimit(services.db, `ifsc-lookup:user:${userId}`, services.limits.ifscLookupPerAccount, services.now());
  const bankName = bankNameOfIfsc(ifsc);
  return { ifsc, isInList: bankName !== null || isIfscInList(ifsc), bankName };
}
