import { REG_NO_PATTERN } from './application-rules.public.ts';

/**
 * The registration numbers of applications made on this device (PRODUCT.md §7: the last 6), newest
 * first, so a family can look one up again without writing it down. Numbers only: nothing that
 * names the girl or the family is kept in localStorage.
 */
export const RECENT_KEY = 'sahay.kanyadan.recent';
export const RECENT_LIMIT = 6;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The list as stored, keeping only well-formed numbers (the value may have been edited by hand). */
export function parseRecent(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const numbers = value.filter((item): item is string => typeof item === 'string' && REG_NO_PATTERN.test(item));
    return [...new Set(numbers)].slice(0, RECENT_LIMIT);
  } catch {
    return [];
  }
}

/** The newest first, each number once, at most 6. */
export function withRecent(list: readonly string[], regNo: string): string[] {
  return [regNo, ...list.filter((item) => item !== regNo)].slice(0, RECENT_LIMIT);
}

/** Storage can be missing or refuse (private mode, full, disabled): the list is a convenience only. */
export function readRecent(storage: KeyValueStorage | undefined): string[] {
  try {
    return parseRecent(storage?.getItem(RECENT_KEY) ?? null);
  } catch {
    return [];
  }
}

export function rememberApplication(storage: KeyValueStorage | undefined, regNo: string): string[] {
  if (!REG_NO_PATTERN.test(regNo)) return readRecent(storage);
  const list = withRecent(readRecent(storage), regNo);
  try {
    storage?.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Not kept on this device; the number is still on screen and on the receipt.
  }
  return list;
}
