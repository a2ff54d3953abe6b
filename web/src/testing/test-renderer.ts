import { createRenderer, type Renderer } from '#web/entry-server.tsx';

/** The smallest page template the server renderer fills: head, app HTML, boot data and scripts. */
export const TEST_TEMPLATE = '<!doctype html><html lang="en"><head><!--head--></head><body><div id="root"><!--app-html--></div><!--boot-data--><!--scripts--></body></html>';

/**
 * The web build's server renderer over a build that has no chunks, for tests that render whole
 * pages (server HTML, boot data, head) without a build; `publicUrl` is the site's address.
 */
export function createTestRenderer(publicUrl = 'https://sahay.example'): Promise<Renderer> {
  return createRenderer({
    template: TEST_TEMPLATE,
    manifest: { chunks: {}, entry: { script: 'assets/index.js', imports: [] }, boot: { code: '', hash: 'sha256-test' } },
    publicUrl,
  });
}
