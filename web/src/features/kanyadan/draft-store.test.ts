import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES, type ApplicationValues } from './application-form.ts';
import { DRAFT_KEY, draftFileKey, draftRecordOf, DraftStore, isDraftEmpty, mergeDraft, parseDraftRecord, type KeyValueStore } from './draft-store.ts';

/** IndexedDB as idb-keyval presents it, in memory; values are copied as structured clone copies them. */
function memoryStore(): KeyValueStore & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    get: async (key) => (entries.has(key) ? structuredClone(entries.get(key)) : undefined),
    set: async (key, value) => void entries.set(key, structuredClone(value)),
    del: async (key) => void entries.delete(key),
  };
}

const NOW = new Date('2026-06-15T04:30:00Z');
const values: ApplicationValues = { ...EMPTY_VALUES, girlName: 'आशा कुमारी', dob: '2019-03-01', phone: '9876543210', consent: true };

describe('the draft record', () => {
  it('keeps what was typed, not the defaults, and never the consent', () => {
    const record = draftRecordOf(values, ['photo'], 'key-1', NOW);
    expect(record).toEqual({ version: 1, savedAt: '2026-06-15T04:30:00.000Z', submissionKey: 'key-1', fields: { girlName: 'आशा कुमारी', dob: '2019-03-01', phone: '9876543210' }, files: ['photo'] });
    expect(isDraftEmpty(draftRecordOf(EMPTY_VALUES, [], 'key-1', NOW))).toBe(true);
  });

  it('drops a damaged record or unknown fields', () => {
    expect(parseDraftRecord(null)).toBeNull();
    expect(parseDraftRecord({ version: 2, submissionKey: 'k', savedAt: 'x' })).toBeNull();
    expect(parseDraftRecord({ version: 1, submissionKey: 'k', savedAt: 'x', fields: { girlName: 'A', evil: 'x', phone: 5 }, files: ['photo', 'other'] })).toEqual({
      version: 1,
      submissionKey: 'k',
      savedAt: 'x',
      fields: { girlName: 'A' },
      files: ['photo'],
    });
  });
});

describe('DraftStore', () => {
  it('brings back the fields and the documents as files with their names, types and bytes', async () => {
    const store = memoryStore();
    const drafts = new DraftStore(store);
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], 'फोटो.jpg', { type: 'image/jpeg', lastModified: 1_700_000_000_000 });
    await drafts.save(draftRecordOf(values, ['photo'], 'key-1', NOW), new Map([['photo', photo]]));

    const restored = await new DraftStore(store).load();
    expect(restored?.submissionKey).toBe('key-1');
    expect(restored?.values).toEqual({ ...values, consent: false });
    const file = restored?.files.photo;
    expect(file).toBeInstanceOf(File);
    expect([file?.name, file?.type, file?.lastModified]).toEqual(['फोटो.jpg', 'image/jpeg', 1_700_000_000_000]);
    expect([...new Uint8Array(await file!.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 1, 2, 3]);
  });

  it('rewrites a document only when it changed, and forgets a removed one', async () => {
    const store = memoryStore();
    const drafts = new DraftStore(store);
    const certificate = new File(['%PDF-1.4'], 'birth.pdf', { type: 'application/pdf' });
    await drafts.save(draftRecordOf(values, ['birthCertificate'], 'k', NOW), new Map([['birthCertificate', certificate]]));
    const writtenBefore = store.entries.get(draftFileKey('birthCertificate'));
    await drafts.save(draftRecordOf({ ...values, district: 'Patna' }, ['birthCertificate'], 'k', NOW), new Map());
    expect(store.entries.get(draftFileKey('birthCertificate'))).toBe(writtenBefore);

    await drafts.save(draftRecordOf(values, [], 'k', NOW), new Map([['birthCertificate', null]]));
    expect(store.entries.has(draftFileKey('birthCertificate'))).toBe(false);
    expect((await drafts.load())?.files).toEqual({});
  });

  it('clears everything, after any write still under way', async () => {
    const store = memoryStore();
    const drafts = new DraftStore(store);
    const photo = new File([new Uint8Array(1000)], 'p.png', { type: 'image/png' });
    const saving = drafts.save(draftRecordOf(values, ['photo'], 'k', NOW), new Map([['photo', photo]]));
    const clearing = drafts.clear();
    await Promise.all([saving, clearing]);
    expect([...store.entries.keys()]).toEqual([]);
    expect(await drafts.load()).toBeNull();
  });

  it('skips a document whose entry has gone missing', async () => {
    const store = memoryStore();
    await store.set(DRAFT_KEY, draftRecordOf(values, ['photo'], 'k', NOW));
    expect((await new DraftStore(store).load())?.files).toEqual({});
  });
});

describe('mergeDraft', () => {
  it('fills in from the draft what has not been typed since the page opened', () => {
    const photo = new File(['x'], 'old.jpg');
    const newer = new File(['y'], 'new.jpg');
    const draft = { submissionKey: 'k', values: { ...EMPTY_VALUES, girlName: 'Asha', district: 'Patna' }, files: { photo, birthCertificate: photo } };
    const merged = mergeDraft({ values: { ...EMPTY_VALUES, district: 'Gaya' }, files: { photo: newer } }, draft);
    expect(merged.values).toEqual({ ...EMPTY_VALUES, girlName: 'Asha', district: 'Gaya' });
    expect(merged.files).toEqual({ photo: newer, birthCertificate: photo });
  });
});
