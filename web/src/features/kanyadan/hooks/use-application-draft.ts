import { del, get, set } from 'idb-keyval';
import { useEffect, useRef, useState } from 'react';
import type { DocumentKind } from '../application-rules.public.ts';
import type { ApplicationValues } from '../application-form.ts';
import { draftRecordOf, DraftStore, isDraftEmpty, type Draft } from '../draft-store.ts';
import { newSubmissionKey } from '#web/lib/submission-key.ts';

/** Saved this long after the last change (a pause in typing), and at once when the page is hidden. */
export const DRAFT_SAVE_DELAY_MS = 400;

export type DraftStatus = 'idle' | 'restored' | 'saved' | 'failed' | 'unavailable' | 'discarded';

interface Snapshot {
  values: ApplicationValues;
  files: Partial<Record<DocumentKind, File>>;
}

/** Opened on first use in the browser (never while the server renders the page). */
async function openStore(): Promise<DraftStore> {
  if (typeof indexedDB === 'undefined') throw new Error('no IndexedDB');
  return new DraftStore({ get, set, del });
}

/**
 * The application's draft (PRODUCT.md §7): brought back when the page opens, saved as the family
 * types (debounced) and when the page is hidden or closed, cleared after the application is sent
 * or when the family discards it. The form calls `schedule` from its change handlers.
 */
export function useApplicationDraft({ onRestore }: { onRestore: (draft: Draft) => void }) {
  const [status, setStatus] = useState<DraftStatus>('idle');
  const [hasDraft, setHasDraft] = useState(false);
  const storeRef = useRef<Promise<DraftStore> | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pendingRef = useRef<Snapshot | null>(null);
  /** The File last written for each document, to write a document again only when it changed. */
  const writtenFilesRef = useRef(new Map<DocumentKind, File>());
  const submissionKeyRef = useRef<string | null>(null);
  /** Settles once the stored draft has been read: nothing is written over it before that. */
  const loadedRef = useRef<Promise<unknown> | null>(null);

  function store(): Promise<DraftStore> {
    storeRef.current ??= openStore();
    return storeRef.current;
  }

  function submissionKey(): string {
    submissionKeyRef.current ??= newSubmissionKey();
    return submissionKeyRef.current;
  }

  async function flush(): Promise<void> {
    clearTimeout(timerRef.current);
    await loadedRef.current;
    const snapshot = pendingRef.current;
    pendingRef.current = null;
    if (!snapshot) return;
    const changed = new Map<DocumentKind, File | null>();
    const written = writtenFilesRef.current;
    for (const kind of new Set([...written.keys(), ...(Object.keys(snapshot.files) as DocumentKind[])])) {
      const file = snapshot.files[kind] ?? null;
      if (file !== (written.get(kind) ?? null)) changed.set(kind, file);
    }
    const record = draftRecordOf(snapshot.values, Object.keys(snapshot.files) as DocumentKind[], submissionKey(), new Date());
    try {
      const drafts = await store();
      if (isDraftEmpty(record)) {
        await drafts.clear();
        written.clear();
        setHasDraft(false);
        setStatus('idle');
        return;
      }
      await drafts.save(record, changed);
      for (const [kind, file] of changed) {
        if (file) written.set(kind, file);
        else written.delete(kind);
      }
      setHasDraft(true);
      setStatus('saved');
    } catch {
      setStatus(typeof indexedDB === 'undefined' ? 'unavailable' : 'failed');
    }
  }

  // Bring the draft back once the page is live in the browser (IndexedDB is outside React).
  useEffect(() => {
    let isCurrent = true;
    loadedRef.current = store()
      .then((drafts) => drafts.load())
      .then((draft) => {
        if (!isCurrent || !draft) return;
        submissionKeyRef.current = draft.submissionKey;
        writtenFilesRef.current = new Map(Object.entries(draft.files) as Array<[DocumentKind, File]>);
        setHasDraft(true);
        setStatus('restored');
        onRestore(draft);
      })
      .catch(() => {
        if (isCurrent) setStatus('unavailable');
      });
    return () => {
      isCurrent = false;
    };
    // Once, when the page opens; onRestore works through refs and state setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A tab closed or sent to the background mid-typing still keeps the last letters.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onPageHide = () => void flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      clearTimeout(timerRef.current);
    };
    // flush reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function schedule(snapshot: Snapshot): void {
    pendingRef.current = snapshot;
    clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
  }

  /** Forgets the draft on this device; a new application gets a new submission key. */
  async function clear(nextStatus: DraftStatus = 'idle'): Promise<void> {
    clearTimeout(timerRef.current);
    pendingRef.current = null;
    writtenFilesRef.current = new Map();
    submissionKeyRef.current = null;
    setHasDraft(false);
    setStatus(nextStatus);
    try {
      await (await store()).clear();
    } catch {
      // Nothing was stored.
    }
  }

  return {
    status,
    hasDraft,
    schedule,
    /** Writes what is pending now (before sending, so a failed send leaves the latest draft). */
    flush,
    /** The key the server uses to recognise a retry of this application. */
    submissionKey,
    clear: () => clear('idle'),
    discard: () => clear('discarded'),
  };
}
