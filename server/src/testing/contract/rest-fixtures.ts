import crypto from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';

/**
 * Request bodies for the REST contract test. The modules' own test helpers are theirs alone (the
 * module-boundaries lint rule keeps code outside a module to its .api/.schema/.module files), so
 * the little the contract test needs is made here, from the documented field names only.
 */

/** A 12-digit UPI/IMPS UTR no other request has used. */
export function uniqueUtr(): string {
  return String(crypto.randomInt(100_000_000_000, 999_999_999_999));
}

/** A valid Indian mobile number no other request has used. */
export function uniqueMobile(): string {
  return `9${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/** Letters only: the applicant's identity key ignores digits, and every girl here is someone else. */
function uniqueGirlName(): string {
  return `Asha ${Array.from(crypto.randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

/** The text fields of a valid Kanyadan application (a girl of 8 in 2031), as the form sends them. */
export function kanyadanFields(dob = '2023-03-15'): Record<string, string> {
  return {
    girlName: uniqueGirlName(),
    fatherName: 'Ramesh Kumar',
    dob,
    phone: uniqueMobile(),
    district: 'Jaipur',
    state: 'rajasthan',
    guardianName: 'Ramesh Kumar',
    guardianRelation: 'father',
    consent: 'true',
  };
}

export interface FormFile {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

/** A multipart POST of text fields and files, as a browser form sends it. */
export function postForm(http: Express, path: string, fields: Record<string, string>, files: Record<string, FormFile>): request.Test {
  const req = request(http).post(path);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  for (const [name, file] of Object.entries(files)) req.attach(name, file.bytes, { filename: file.filename, contentType: file.contentType });
  return req;
}

/** 6 MB that start as a JPEG: past every 5 MB upload cap. */
export function tooLargeJpeg(): Buffer {
  const bytes = Buffer.alloc(6 * 1024 * 1024, 0x41);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(bytes);
  return bytes;
}

/** The text fields of a valid help request for a hospital bill, as the form sends them; `documentDate` is the estimate's. */
export function helpFields(documentDate: string, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    category: 'medical',
    titleEn: 'Heart surgery for my father',
    titleHi: 'मेरे पिता के हृदय के ऑपरेशन के लिए',
    storyEn: 'My father needs a valve replacement at the district hospital. We have paid for the tests; the operation is beyond us.',
    amountNeeded: '85000',
    beneficiaryName: 'Ramesh Kumar',
    relation: 'parent',
    upiId: 'ramesh.kumar@okbank',
    document1Kind: 'hospital-estimate',
    document1Date: documentDate,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
