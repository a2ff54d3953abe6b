import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasePerson } from '#server/modules/identity/identity.api';
import { pruneRequestAddressesJob } from './prune-request-addresses.job.ts';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { formatHistory, parseHistoryArgs, requestAddresses, streamHistory } from '#server/tools/history';

/** docs/decisions/022: a client's address never enters an event; it is kept apart for 90 days. */
describe.each(testDbKinds())('request addresses on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  const addressRows = async (actor: string) =>
    (await app.services.db.query<{ ip: string }>(`SELECT ip FROM request_addresses WHERE actor = $1`, [actor])).rows.map((row) => row.ip);

  it('are kept apart from the events, shown by history only when asked, erased with the person, pruned after 90 days', async () => {
    const member = await app.account();
    const caller = await app.caller({ token: member.token, ip: '203.0.113.77' });
    await caller.identity.updateProfile({ city: 'Bikaner' });

    const { rows: leaked } = await app.services.db.query(`SELECT 1 FROM events WHERE metadata::text LIKE '%203.0.113.77%'`);
    expect(leaked).toEqual([]);
    expect(await addressRows(member.userId)).toEqual(['203.0.113.77']);

    const history = (await streamHistory(app.services, `user-${member.userId}`))!;
    expect(formatHistory(history)).not.toContain('203.0.113.77');
    history.addresses = await requestAddresses(app.services.db, history.events.map((event) => event.metadata.correlationId));
    const shown = formatHistory(history);
    expect(shown).toContain('ip          203.0.113.77');
    expect(shown).toContain('ip          (not kept)'); // the account was created without a request
    expect(parseHistoryArgs(['user-x', '--with-ip'])).toEqual({ streamId: 'user-x', withIp: true });
    expect(parseHistoryArgs(['user-x'])).toEqual({ streamId: 'user-x' });

    await erasePerson(app.services, { userId: member.userId, reason: 'Asked to be forgotten', by: null }, { actor: 'system', correlationId: crypto.randomUUID() });
    expect(await addressRows(member.userId)).toEqual([]);

    const other = await app.account();
    await (await app.caller({ token: other.token, ip: '198.51.100.9' })).identity.updateProfile({ city: 'Ajmer' });
    await app.services.db.query(`UPDATE request_addresses SET recorded_at = $2 WHERE actor = $1`, [other.userId, new Date('2026-01-01T10:00:00Z')]);
    // 90 days after 1 January is 1 April: the slot of 1 April keeps it, the slot of 2 April prunes it.
    await pruneRequestAddressesJob.run({ id: 'repeat:prune-request-addresses:a', scheduledAt: new Date('2026-04-01T00:00:00Z') }, app.services);
    expect(await addressRows(other.userId)).toEqual(['198.51.100.9']);
    await pruneRequestAddressesJob.run({ id: 'repeat:prune-request-addresses:b', scheduledAt: new Date('2026-04-02T00:00:00Z') }, app.services);
    expect(await addressRows(other.userId)).toEqual([]);
  });
});
