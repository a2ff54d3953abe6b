import { describe, expect, it } from 'vitest';
import { serializeRequest, withoutQueryValues } from './request-log.ts';

describe('request log lines', () => {
  it('keep the path and the query parameters’ names, never their values', () => {
    expect(withoutQueryValues('/api/kanyadan/applications/KNYDN1234567/status?phone=9876543210')).toBe('/api/kanyadan/applications/KNYDN1234567/status?phone=…');
    expect(withoutQueryValues('/trpc/kanyadan.getStatus?input=%7B%22regNo%22%3A%22KNYDN1234567%22%2C%22phone%22%3A%229876543210%22%7D')).toBe('/trpc/kanyadan.getStatus?input=…');
    expect(withoutQueryValues('/api/donations/ABCD2345/status?contact=a%40b.org&contact=x')).toBe('/api/donations/ABCD2345/status?contact=…');
    expect(withoutQueryValues('/healthz')).toBe('/healthz');
  });

  it('drop the parsed query from the serialised request', () => {
    const line = JSON.stringify(serializeRequest({ id: '1', method: 'GET', url: '/x?phone=9876543210', query: { phone: '9876543210' } }));
    expect(line).not.toContain('9876543210');
    expect(line).toContain('/x?phone=…');
  });
});
