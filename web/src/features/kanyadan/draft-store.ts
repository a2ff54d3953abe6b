import { DOCUMENT_KINDS, type DocumentKind } from './application-rules.public.ts';
import { EMPTY_VALUES, TEXT_FIELDS, type ApplicationValues, type TextFieldName } from './application-form.ts';

/**
 * The application's draft in the browser (PRODUCT.md §7): the text fields in one IndexedDB entry,
 * and each document's bytes in an entry of its own, so typing a letter rewrites a few hundred bytes
 * rather than every file. A document is stored as its bytes with its name and type (read before
 * the write opens its transaction, as IndexedDB requires: a transaction closes when it waits on
 * anything else) and comes back as a File. The store is passed in: idb-keyval in the browser, a
 * Map in tests.
 *
 * Consent is not kept: a parent or guardian gives it when the form is sent, not when a draft was.
 */
export const DRAFT_KEY = 'sahay.kanyadan.draft';
export const DRAFT_VERSION = 1;

export function draftFileKey(kind: DocumentKind): string {
  return `${DRAFT_KEY}.file.${kind}`;
}

export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

export interface DraftRecord {
  version: typeof DRAFT_VERSION;
  savedAt: string;
  /** Sent as the Idempotency-Key header: a retry after a lost answer gets the same registration number. */
  submissionKey: string;
  fields: Partial<Record<TextFieldName, string>>;
  /** The documents that have an entry of their own. */
  files: DocumentKind[];
}

export interface StoredFile {
  name: string;
  type: string;
  lastModified: number;
  bytes: ArrayBuffer;
}

export interface Draft {
  submissionKey: string;
  values: ApplicationValues;
  files: Partial<Record<DocumentKind, File>>;
}

export function draftRecordOf(values: ApplicationValues, files: readonly DocumentKind[], submissionKey: string, now: Date): DraftRecord {
  const fields: DraftRecord['fields'] = {};
  for (const name of TEXT_FIELDS) if (values[name] !== EMPTY_VALUES[name]) fields[name] = values[name];
  return { version: DRAFT_VERSION, savedAt: now.toISOString(), submissionKey, fields, files: [...files] };
}

/** Whether the draft holds anything the family typed or chose. */
export function isDraftEmpty(record: Pick<DraftRecord, 'fields' | 'files'>): boolean {
  return Object.keys(record.fields).length === 0 && record.files.length === 0;
}

/** A stored record read back; anything damaged or from another version is dropped, not trusted. */
export function parseDraftRecord(value: unknown): DraftRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.version !== DRAFT_VERSION || typeof record.submissionKey !== 'string' || typeof record.savedAt !== 'string') return null;
  const rawFields = typeof record.fields === 'object' && record.fields !== null ? (record.fields as Record<string, unknown>) : {};
  const fields: DraftRecord['fields'] = {};
  for (const name of TEXT_FIELDS) {
    const field = rawFields[name];
    if (typeof field === 'string') fields[name] = field;
  }
  const files = Array.isArray(record.files) ? DOCUMENT_KINDS.filter((kind) => (record.files as unknown[]).includes(kind)) : [];
  return { version: DRAFT_VERSION, savedAt: record.savedAt, submissionKey: record.submissionKey, fields, files };
}

export function valuesOf(record: DraftRecord): ApplicationValues {
  return { ...EMPTY_VALUES, ...record.fields, consent: false };
}

/** Reads the bytes first; the caller then writes them in a transaction of their own. */
export async function storedFileOf(file: File): Promise<StoredFile> {
  return { name: file.name, type: file.type, lastModified: file.lastModified, bytes: await file.arrayBuffer() };
}

export function fileFromStored(value: unknown): File | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Partial<StoredFile>;
  if (typeof stored.name !== 'string' || !(stored.bytes instanceof ArrayBuffer)) return null;
  return new File([stored.bytes], stored.name, { type: typeof stored.type === 'string' ? stored.type : '', lastModified: typeof stored.lastModified === 'number' ? stored.lastModified : 0 });
}

/**
 * Reads and writes one draft. Operations run one after another in the order asked, so a slow
 * write of a photo cannot land after the draft was cleared.
 */
export class DraftStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: KeyValueStore) {}

  private run<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation);
    this.queue = result.catch(() => undefined);
    return result;
  }

  load(): Promise<Draft | null> {
    return this.run(async () => {
      const record = parseDraftRecord(await this.store.get(DRAFT_KEY));
      if (!record) return null;
      const files: Draft['files'] = {};
      for (const kind of record.files) {
        const file = fileFromStored(await this.store.get(draftFileKey(kind)));
        if (file) files[kind] = file;
      }
      return { submissionKey: record.submissionKey, values: valuesOf(record), files };
    });
  }

  /** Writes the fields, and the documents that changed (a File to keep, null to forget). */
  save(record: DraftRecord, changedFiles: ReadonlyMap<DocumentKind, File | null>): Promise<void> {
    return this.run(async () => {
      for (const [kind, file] of changedFiles) {
        if (file) {
          const stored = await storedFileOf(file);
          await this.store.set(draftFileKey(kind), stored);
        } else {
          await this.store.del(draftFileKey(kind));
        }
      }
      await this.store.set(DRAFT_KEY, record);
    });
  }

  clear(): Promise<void> {
    return this.run(async () => {
      await this.store.del(DRAFT_KEY);
      for (const kind of DOCUMENT_KINDS) await this.store.del(draftFileKey(kind));
    });
  }
}

/**
 * The draft brought back into a form the family may already have started on (on a slow phone they
 * can type before the stored draft has been read): what they have typed or chosen since wins.
 */
export function mergeDraft(current: { values: ApplicationValues; files: Partial<Record<DocumentKind, File>> }, draft: Draft): { values: ApplicationValues; files: Partial<Record<DocumentKind, File>> } {
  const values: ApplicationValues = { ...current.values };
  for (const name of TEXT_FIELDS) if (current.values[name] === EMPTY_VALUES[name]) values[name] = draft.values[name];
  return { values, files: { ...draft.files, ...current.files } };
}
