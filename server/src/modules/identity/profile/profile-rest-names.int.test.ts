import fs from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { UNKNOWN_FIELD } from '#server/errors/field-errors';
import { fakeWebDist } from '#server/testing/fake-web-dist';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { ALIAS_AND_NAME } from '../identity.rest.ts';

/**
 * Issue 12, defect 9: PUT /api/users/profile/:id with the original product's field names answered 200
 * and saved nothing (unknown keys were dropped). Unknown fields are now refused by name, and the
 * original names are accepted beside ours, with errors under the names sent.
 */
describe.each(testDbKinds())('REST profile field names on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<typeof createApp>;
  const dist = fakeWebDist();

  beforeAll(async () => {
    app = await createTestApp(kind);
    http = createApp(app.services, { webDistDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('saves the original names (ifscCode, accountHolderName, personalContact) as ours', async () => {
    const member = await app.account();
    const saved = await request(http)
      .put(`/api/users/profile/${member.userId}`)
      .set('Authorization', `Bearer ${member.token}`)
      .send({ ifscCode: 'sbin0001234', accountHolderName: 'Meena Kumari', personalContact: '9123456780', bankName: 'State Bank', accountNumber: '123456789012', confirmAccountNumber: '123456789012' });
    expect(saved.status).toBe(200);
    expect(saved.body.details).toMatchObject({ ifsc: 'SBIN0001234', accountHolder: 'Meena Kumari', phone: '9123456780', bankName: 'State Bank', accountNumber: '123456789012' });
    const read = await request(http).get(`/api/users/profile/${member.userId}`).set('Authorization', `Bearer ${member.token}`);
    expect(read.body.details).toMatchObject({ ifsc: 'SBIN0001234', accountHolder: 'Meena Kumari', phone: '9123456780' });
  });

  it('refuses unknown fields by name, an alias and its name together, and answers errors under the name sent; nothing is saved', async () => {
    const member = await app.account();
    const put = (body: object) => request(http).put(`/api/users/profile/${member.userId}`).set('Authorization', `Bearer ${member.token}`).send(body);
    const before = await app.eventCount();
    const unknown = await put({ city: 'Indore', ifsc_code: 'SBIN0001234' });
    expect([unknown.status, unknown.body.fieldErrors]).toEqual([400, { ifsc_code: [UNKNOWN_FIELD] }]);
    const both = await put({ ifsc: 'SBIN0001234', ifscCode: 'HDFC0001234' });
    expect([both.status, both.body.fieldErrors]).toEqual([400, { ifsc: [ALIAS_AND_NAME], ifscCode: [ALIAS_AND_NAME] }]);
    const bad = await put({ ifscCode: 'not-an-ifsc' });
    expect([bad.status, Object.keys(bad.body.fieldErrors)]).toEqual([400, ['ifscCode']]);
    expect(await app.eventCount()).toBe(before);
  });
});
