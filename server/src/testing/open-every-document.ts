import crypto from 'node:crypto';
import { viewDocument } from '#server/modules/kanyadan/kanyadan.api';
import type { AppCaller, TestApp } from './test-services.ts';

/**
 * Opens every document of a Kanyadan application as `verifier` does on its page (each view recorded
 * in the access log, by the same function the page's document route calls), once the documents are
 * processed: a verifier must have opened them all to verify (issue 32).
 */
export async function openEveryDocument(app: TestApp, verifier: AppCaller, regNo: string): Promise<void> {
  await app.runJobs();
  const me = await verifier.identity.me();
  if (!me) throw new Error('openEveryDocument: the verifier is not signed in');
  const detail = await verifier.kanyadan.admin.get({ regNo });
  for (const document of detail.documents) {
    if (document.status !== 'ready') continue;
    await viewDocument(app.services, { regNo, kind: document.kind, page: 1 }, { userId: me.userId }, { actor: me.userId, correlationId: crypto.randomUUID() });
  }
}
