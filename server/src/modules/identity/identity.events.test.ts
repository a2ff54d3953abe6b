import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UpcasterRegistry } from '#server/event-store/upcasters';
import { identityEventSchemas } from './identity.events.ts';

const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

describe('identity event schemas', () => {
  const registry = new UpcasterRegistry().register(...identityEventSchemas);

  it('reads a version 1 PasswordChanged (no reason) as a change the member made', () => {
    const v1 = JSON.parse(fs.readFileSync(path.join(fixtureDir, 'password-changed.v1.json'), 'utf8')) as { type: string; schemaVersion: number; data: unknown };
    expect(registry.upcast(v1.type, v1.schemaVersion, v1.data)).toEqual({
      schemaVersion: 2,
      data: { userId: 'SH1234567', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$fixture$fixture', changedAt: '2024-11-21T10:00:00.000Z', reason: 'change' },
    });
  });

  it('writes new PasswordChanged events as version 2 and leaves them as they are', () => {
    expect(registry.currentVersion('PasswordChanged')).toBe(2);
    const data = { userId: 'SH1234567', passwordHash: 'x', changedAt: '2031-01-01T00:00:00.000Z', reason: 'reset' };
    expect(registry.upcast('PasswordChanged', 2, data)).toEqual({ schemaVersion: 2, data });
  });
});
