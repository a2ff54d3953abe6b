import request from 'supertest';
import { expect } from 'vitest';
import type { TestApp } from '#server/testing/test-services';
import { photoWithExif, simplePdf } from '#server/uploads/test-files.test-helper';
import type { DocumentKind } from './submission/kanyadan-fields.schema.ts';

/** Shared by the Kanyadan module's integration tests. */

let counter = 0;

/** A valid Indian mobile no other test uses. */
export function uniquePhone(): string {
  counter += 1;
  return `9${String((process.pid * 1000 + counter * 37) % 1_000_000_000).padStart(9, '0')}`;
}

/** A girl's name no other test uses (letters only: the identity key ignores digits). */
export function uniqueGirlName(): string {
  counter += 1;
  const letters = (process.pid * 1000 + counter).toString(26).replace(/[0-9]/g, (digit) => String.fromCharCode(97 + Number(digit) + 16));
  return `Asha ${letters}`;
}

/** The text fields of a valid application (a girl of 8 on 2031-07-01), as the form sends them. */
export function applicationFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    girlName: uniqueGirlName(),
    fatherName: 'Ramesh Kumar',
    motherName: 'Sita Devi',
    dob: '2023-03-15',
    phone: uniquePhone(),
    gender: 'female',
    schoolName: 'Government Primary School',
    schoolAddress: 'Ward 4',
    className: '2',
    district: 'Jaipur',
    state: 'rajasthan',
    caste: 'not-stated',
    guardianName: 'Ramesh Kumar',
    guardianRelation: 'father',
    consent: 'true',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export interface TestDocument {
  bytes: Buffer;
  filename: string;
  contentType?: string;
}

/** Four documents: photos with EXIF and GPS, and a clean one-page PDF birth certificate. */
export async function applicationDocuments(): Promise<Record<DocumentKind, TestDocument>> {
  const photo = await photoWithExif(600, 400);
  return {
    girlAadhaar: { bytes: photo, filename: 'aadhaar-girl.jpg' },
    fatherAadhaar: { bytes: photo, filename: 'aadhaar-father.jpg' },
    birthCertificate: { bytes: await simplePdf(1, 'Birth certificate'), filename: 'birth.pdf' },
    photo: { bytes: photo, filename: 'photo.jpg' },
  };
}

/** POST /api/kanyadan/applications as a browser form would send it. */
export function submitForm(
  app: TestApp,
  fields: Record<string, string>,
  documents: Partial<Record<string, TestDocument>>,
  headers: Record<string, string> = {},
): request.Test {
  const req = request(app.http()).post('/api/kanyadan/applications').set(headers);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  for (const [name, document] of Object.entries(documents)) {
    if (document) req.attach(name, document.bytes, { filename: document.filename, contentType: document.contentType ?? 'application/octet-stream' });
  }
  return req;
}

/** What a refused command could have left: events, files, data keys. */
export async function writes(app: TestApp): Promise<{ events: number; files: number; keys: number }> {
  const { rows } = await app.services.db.query<{ events: number; files: number; keys: number }>(
    `SELECT (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM data_keys) AS keys`,
  );
  return rows[0]!;
}

export async function expectNothingWritten(app: TestApp, before: Awaited<ReturnType<typeof writes>>): Promise<void> {
  expect(await writes(app)).toEqual(before);
}

/** Submits a valid application with its four documents and runs the jobs (documents processed): its number and phone. */
export async function submittedApplication(
  app: TestApp,
  overrides: Record<string, string | undefined> = {},
): Promise<{ regNo: string; phone: string; fields: Record<string, string> }> {
  const fields = applicationFields(overrides);
  const res = await submitForm(app, fields, await applicationDocuments());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await app.runJobs();
  return { regNo: res.body.regNo as string, phone: fields.phone!, fields };
}

