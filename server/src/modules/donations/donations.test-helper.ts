import { expect } from 'vitest';
import type { AppCaller, TestApp } from '#server/testing/test-services';
import type { TCreateDonationRequest } from './giving/create-donation.schema.ts';

/** Shared by the donations module's integration tests. */

let counter = 0;

/** A donor's e-mail no other test uses, and a phone that is a valid Indian mobile. */
export function uniqueDonor(label = 'donor'): { email: string; phone: string } {
  counter += 1;
  const tail = String((process.pid * 1000 + counter) % 1_000_000_000).padStart(9, '0');
  return { email: `${label}.${process.pid}.${counter}@example.org`, phone: `9${tail}` };
}

export function pledgeInput(overrides: Partial<TCreateDonationRequest> = {}): TCreateDonationRequest {
  return { amountPaise: 125_000, cause: 'kanyadan', donorName: 'Sunita Devi', email: uniqueDonor().email, showName: false, ...overrides };
}

/** Unique 12-digit UPI/IMPS UTRs. */
export function uniqueUtr(): string {
  counter += 1;
  return String(100_000_000_000 + ((process.pid * 7919 + counter * 104_729) % 899_999_999_999));
}

/** What the donations module can have written: events, stored files, and the jobs waiting to be relayed (one per event and handler). */
export async function writes(app: TestApp): Promise<{ events: number; files: number; keys: number }> {
  const { rows } = await app.services.db.query<{ events: number; files: number; keys: number }>(
    `SELECT (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM data_keys) AS keys`,
  );
  return rows[0]!;
}

/** Asserts a refusal left nothing behind: no event (so no job can be relayed), no file, no data key. */
export async function expectNothingWritten(app: TestApp, before: Awaited<ReturnType<typeof writes>>): Promise<void> {
  expect(await writes(app)).toEqual(before);
}

/** The last event's position: what recordedSince compares with. */
export async function lastPosition(app: TestApp): Promise<number> {
  const { rows } = await app.services.db.query<{ position: number | null }>(`SELECT max(global_position) AS position FROM events`);
  return rows[0]!.position ?? 0;
}

/** The types of the events recorded after `position`, in order. */
export async function recordedSince(app: TestApp, position: number): Promise<string[]> {
  const { rows } = await app.services.db.query<{ type: string }>(`SELECT type FROM events WHERE global_position > $1 ORDER BY global_position`, [position]);
  return rows.map((row) => row.type);
}

/**
 * Asserts that since `before` (and `position`) only webhook deliveries were recorded, `deliveries`
 * of them (decision 083: each delivery with a new event ID is recorded as it arrives), and that
 * handling them wrote nothing more: no other event, no file, no data key.
 */
export async function expectOnlyDeliveriesRecorded(app: TestApp, before: Awaited<ReturnType<typeof writes>>, position: number, deliveries: number): Promise<void> {
  expect(await recordedSince(app, position)).toEqual(Array(deliveries).fill('GatewayEventReceived'));
  expect(await writes(app)).toEqual({ ...before, events: before.events + deliveries });
}

/** A pledge with its proof, verified by `finance`: the reference and the serial. */
export async function verifiedDonation(
  app: TestApp,
  finance: AppCaller,
  options: { input?: Partial<TCreateDonationRequest>; caller?: AppCaller; receivedOn: string; utr?: string },
): Promise<{ reference: string; contact: string; receiptSerial: string; utr: string }> {
  const input = pledgeInput(options.input);
  const pay = await (options.caller ?? (await app.caller())).donations.create(input);
  const contact = input.email || input.phone || '';
  const utr = options.utr ?? uniqueUtr();
  await (await app.caller()).donations.submitProof({ reference: pay.reference, contact, utr });
  const { receiptSerial } = await finance.donations.admin.verify({ reference: pay.reference, receivedOn: options.receivedOn, mode: 'upi' });
  return { reference: pay.reference, contact, receiptSerial, utr };
}

/**
 * The proof that downloads a contact's yearly statements (decision 040): a code asked for, read
 * from the mail or SMS the job sent, and entered.
 */
export async function statementProof(app: TestApp, contact: string, ip = '192.0.2.40'): Promise<string> {
  const caller = await app.caller({ ip });
  await caller.donations.requestStatementCode({ contact });
  await app.runJobs();
  const { readOutbox, readSmsOutbox } = await import('#server/testing/outbox');
  const sent = contact.includes('@')
    ? readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${contact.toLowerCase()}`) && mail.text.includes('donation statement'))
    : readSmsOutbox(app.dataDir).filter((sms) => sms.text.startsWith(`To: +91${contact.slice(-10)}`) && sms.text.includes('donation statement'));
  const code = /(?:code is:|statement is) (\d{6})/.exec(sent.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no statement code sent to ${contact}`);
  return (await caller.donations.verifyStatementCode({ contact, code })).proof;
}
