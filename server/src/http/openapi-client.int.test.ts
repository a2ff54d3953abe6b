import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSignInCode } from '#server/testing/two-factor';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { buildOpenApiDocument } from './openapi.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * A client made as an outside developer makes one — types from the document with openapi-typescript,
 * calls with openapi-fetch — must compile against the document and work against the server. The
 * contract test validates every answer; this one proves the document is usable by the generators.
 */
describe('a client generated from the OpenAPI document', () => {
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-openapi-client-'));
    const types = astToString(await openapiTS(buildOpenApiDocument('https://sahay.example') as never));
    fs.writeFileSync(path.join(dir, 'api.d.ts'), types);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /**
   * Type-checks client programs against the generated types, in one compiler run: each program's
   * messages, none when it compiles.
   */
  function compile(programs: Record<string, string>): Record<string, string[]> {
    const files = Object.fromEntries(Object.keys(programs).map((name) => [name, path.join(dir, `${name}.ts`)]));
    for (const [name, text] of Object.entries(programs)) fs.writeFileSync(files[name]!, text);
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      baseUrl: dir,
      paths: { 'openapi-fetch': [path.join(ROOT, 'node_modules/openapi-fetch')] },
      types: [],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      skipLibCheck: true,
    };
    const compiled = ts.createProgram(Object.values(files), options);
    const messagesOf = (file: string) => ts.getPreEmitDiagnostics(compiled, compiled.getSourceFile(file)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    return Object.fromEntries(Object.entries(files).map(([name, file]) => [name, messagesOf(file)]));
  }

  const CLIENT_HEADER = `
    import createClient from 'openapi-fetch';
    import type { paths, components } from './api';
    const client = createClient<paths>({ baseUrl: 'https://sahay.example' });
  `;
  let messages: Record<string, string[]>;

  beforeAll(() => {
    messages = compile({
      // What a client does with the answers the server gives.
      uses: `${CLIENT_HEADER}
        export async function use(): Promise<string> {
          const login = await client.POST('/api/users/login', { body: { userId: 'SH1234567', password: 'secret' } });
          if (!login.data) return login.error.message + login.error.requestId;
          const permissions: string = login.data.permissions.join(',');
          const summary = await client.GET('/api/users/team-summary/{id}', { params: { path: { id: login.data.userId } } });
          const tier: string | null | undefined = summary.data?.tier;
          const levels = await client.GET('/api/users/downline-levels/{id}', { params: { path: { id: 'SH1234567' }, query: { level: 2, page: 1 } } });
          const member: components['schemas']['TeamMember'] | undefined = levels.data?.levels[0]?.members[0];
          const upload = await client.POST('/api/users/upload-profile-assets/{id}', { params: { path: { id: 'SH1234567' } }, body: { qrCode: 'binary' } });
          return [permissions, login.data.role, tier, member?.userId, upload.data?.uploadId].join();
        }
      `,
      // What the server refuses, the compiler refuses too.
      misuses: `${CLIENT_HEADER}
        export async function misuse(): Promise<components['schemas']['Error'] | undefined> {
          await client.GET('/api/users/downline-levels/{id}', { params: { path: { id: 'SH1234567' }, query: { levle: 2 } } });
          return (await client.POST('/api/users/login', { body: { userId: 'SH1234567' } })).error;
        }
      `,
    });
  });

  it('compiles: login answers role and permissions, the team tier may be null, the levels page takes ?level=&page=', () => {
    expect(messages.uses).toEqual([]);
  });

  it('refuses at compile time what the server refuses: an undocumented query parameter, a missing required field', () => {
    expect(messages.misuses!.join('\n')).toMatch(/levle/);
    expect(messages.misuses!.join('\n')).toMatch(/password/);
  });

  describe('against the server', () => {
    let app: TestApp;
    let baseUrl: string;
    let close: () => Promise<void>;

    beforeAll(async () => {
      app = await createTestApp('pglite');
      const server = app.http().listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => new Promise((resolve) => server.close(() => resolve()));
    });
    afterAll(async () => {
      await close?.();
      await app?.close();
    });

    it('signs in, reads the role and permissions, and the team summary with its token', async () => {
      const admin = await app.account({ role: 'admin', permissions: ['members', 'finance'] });
      const client = createClient<never>({ baseUrl });
      const login = (await client.POST('/api/users/login' as never, { body: { userId: admin.userId, password: admin.password, totpCode: nextSignInCode(admin.authenticator!, app.services.now()) } } as never)) as { data?: { token: string; role: string; permissions: string[] } };
      expect(login.data!.role).toBe('admin');
      expect(login.data!.permissions.join(',')).toBe('members,finance');
      const summary = (await client.GET('/api/users/team-summary/{id}' as never, { params: { path: { id: admin.userId } }, headers: { Authorization: `bearer ${login.data!.token}` } } as never)) as { data?: unknown; response: Response };
      expect(summary.response.status).toBe(200);
      expect(summary.data).toEqual({ totalMembers: 0, directMembers: 0, tier: null });
    });
  });
});
