import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpFields } from '#server/testing/contract/rest-fixtures';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { simplePdf } from '#server/uploads/test-files.test-helper';
import { auditBundleStreamId } from './audit-bundle.ts';

/**
 * Issue 29 review: a dispute bundle's `persons` (the access log's "whose history was taken away in a
 * PDF") name the people its record is about: a help request's bundle names its requester's account
 * as well as the request's own sealed subject, so the access log found by the requester shows it.
 */
describe.each(testDbKinds())('the people a dispute bundle names on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => new Date('2031-07-01T06:00:00.000Z') });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a help request’s bundle names its requester, found in the access log by the requester’s record', async () => {
    const member = await app.account();
    const req = request(app.http()).post('/api/help').set({ Authorization: `Bearer ${member.token}` });
    for (const [name, value] of Object.entries(helpFields('2031-06-10'))) req.field(name, value);
    req.attach('document1', await simplePdf(1, 'Estimate'), { filename: 'estimate.pdf', contentType: 'application/pdf' });
    const submitted = await req;
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const streamId = `help-${submitted.body.id as string}`;

    const superAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    const asked = await superAdmin.admin.audit.requestBundle({ streamId });
    const requested = (await app.services.eventStore.readStream(auditBundleStreamId(asked.bundleId)))[0]!;
    expect((requested.data as { persons: string[] }).persons).toEqual([streamId, `user-${member.userId}`].sort());
    const looks = (await superAdmin.admin.accessLog.list({ record: `user-${member.userId}` })).entries.filter((entry) => entry.type === 'AuditBundleRequested');
    expect(looks).toHaveLength(1);
  });
});
