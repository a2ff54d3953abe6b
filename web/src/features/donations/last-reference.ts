import { normaliseReference } from './reference.public.ts';

/**
 * The reference of the last donation pledged or looked up on this device (issue 32), so that a
 * donor who knows only a phone finds it again on /donate/status without writing it down. The
 * reference only: no name, e-mail or phone is kept in localStorage, and the reference alone opens
 * nothing (the status needs the e-mail or phone given with it).
 */
export const LAST_REFERENCE_KEY = 'sahay.donation.lastReference';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The device's storage, or nothing while the server renders or where storage is disabled. */
export function deviceStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The kept reference (canonical, 8 characters), or null: none, or a value edited by hand into something else. */
export function readLastReference(storage: KeyValueStorage | undefined): string | null {
  try {
    return normaliseReference(storage?.getItem(LAST_REFERENCE_KEY) ?? '');
  } catch {
    return null;
  }
}

/** Storage can refuse (private mode, full): the reference is still on screen and in the message sent. */
export function rememberLastReference(storage: KeyValueStorage | undefined, reference: string): void {
  const canonical = normaliseReference(reference);
  if (!canonical) return;
  try {
    storage?.setItem(LAST_REFERENCE_KEY, canonical);
  } catch {
    // Not kept on this device.
  }
}
