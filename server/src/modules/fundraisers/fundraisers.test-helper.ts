import crypto from 'node:crypto';
import request from 'supertest';
import sharp from 'sharp';
import type { TestApp } from '#server/testing/test-services';

/** A fundraiser's form as the web sends it: a cause, English text, a ₹50,000 goal, 30 days. */
export function fundraiserFields(endsOn: string, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    cause: 'education',
    titleEn: 'School books for Class 10 in Kishangarh',
    titleHi: 'किशनगढ़ में दसवीं कक्षा की किताबें',
    storyEn: 'Forty children of the government school in Kishangarh start Class 10 in July without books. Help the foundation buy them a full set each.',
    goal: '50000',
    endsOn,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export async function smallPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#c8a060' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: 'TestCam', Model: 'GPS 26.9N 75.8E' } } })
    .toBuffer();
}

/** POST /api/fundraisers as the member behind `token`: the answer. */
export async function postFundraiser(
  app: TestApp,
  token: string | null,
  fields: Record<string, string>,
  photo: { bytes: Buffer; name?: string; type?: string } | null,
  key: string | null = crypto.randomUUID(),
) {
  const req = request(app.http()).post('/api/fundraisers');
  if (token) req.set('Authorization', `Bearer ${token}`);
  if (key) req.set('Idempotency-Key', key);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (photo) req.attach('photo', photo.bytes, { filename: photo.name ?? 'photo.jpg', contentType: photo.type ?? 'image/jpeg' });
  return req;
}
