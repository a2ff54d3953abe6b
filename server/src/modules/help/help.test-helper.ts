import request from 'supertest';
import { expect } from 'vitest';
import type { AppCaller, TestApp } from '#server/testing/test-services';
import { helpFields } from '#server/testing/contract/rest-fixtures';
import { photoWithExif, simplePdf } from '#server/uploads/test-files.test-helper';

export { helpFields };

/** Shared by the help module's integration tests (and the contract and browser tests' fixtures). */

export interface HelpTestDocument {
  bytes: Buffer;
  filename: string;
  contentType?: string;
}

/** An estimate as a one-page PDF and a bill as a photo with EXIF and GPS. */
export async function helpDocuments(): Promise<{ estimate: HelpTestDocument; photo: HelpTestDocument }> {
  return {
    estimate: { bytes: await simplePdf(1, 'Hospital estimate'), filename: 'estimate.pdf' },
    photo: { bytes: await photoWithExif(600, 400), filename: 'bill.jpg' },
  };
}

/** POST /api/help as the member's browser sends it. */
export function submitHelpForm(
  app: TestApp,
  token: string | null,
  fields: Record<string, string>,
  documents: Partial<Record<string, HelpTestDocument>>,
  headers: Record<string, string> = {},
): request.Test {
  const req = request(app.http()).post('/api/help').set(headers);
  if (token) req.set({ Authorization: `Bearer ${token}` });
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  for (const [name, document] of Object.entries(documents)) {
    if (document) req.attach(name, document.bytes, { filename: document.filename, contentType: document.contentType ?? 'application/octet-stream' });
  }
  return req;
}

/** A request submitted by the member with one estimate dated `documentDate`: its ID. */
export async function submittedHelpRequest(app: TestApp, token: string, documentDate: string, overrides: Record<string, string | undefined> = {}): Promise<string> {
  const { estimate } = await helpDocuments();
  const res = await submitHelpForm(app, token, helpFields(documentDate, overrides), { document1: estimate });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** Checked against a photo ID and published by `verifier`. */
export async function publishedHelpRequest(app: TestApp, token: string, verifier: AppCaller, documentDate: string, overrides: Record<string, string | undefined> = {}): Promise<string> {
  const id = await submittedHelpRequest(app, token, documentDate, overrides);
  await verifier.help.admin.checkIdentity({ id, idKind: 'aadhaar', isMatched: true });
  await verifier.help.admin.publish({ id });
  return id;
}
