import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES } from '../components/member/ask-help-rules.ts';
import { clearHelpDraft, HELP_DRAFT_KEY, readHelpDraft, saveHelpDraft } from './member-help-draft.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the "Ask for help" draft', () => {
  it('keeps the member’s words per member, never the payout details', () => {
    const storage = memoryStorage();
    saveHelpDraft('SH1111111', { ...EMPTY_VALUES, titleEn: 'Operation', storyHi: 'कहानी', upiId: 'asha@okbank', accountNumber: '123456789012' }, storage);
    expect(JSON.parse(storage.items.get(`${HELP_DRAFT_KEY}.SH1111111`)!)).toEqual({ titleEn: 'Operation', storyHi: 'कहानी' });
    expect(readHelpDraft('SH1111111', storage)).toEqual({ titleEn: 'Operation', storyHi: 'कहानी' });
    expect(readHelpDraft('SH2222222', storage)).toEqual({});
  });

  it('forgets an emptied form and a sent one, and ignores what it cannot read', () => {
    const storage = memoryStorage();
    saveHelpDraft('SH1111111', { ...EMPTY_VALUES, titleEn: 'Operation' }, storage);
    saveHelpDraft('SH1111111', EMPTY_VALUES, storage);
    expect(storage.items.size).toBe(0);
    saveHelpDraft('SH1111111', { ...EMPTY_VALUES, titleEn: 'Operation' }, storage);
    clearHelpDraft('SH1111111', storage);
    expect(storage.items.size).toBe(0);
    storage.items.set(`${HELP_DRAFT_KEY}.SH1111111`, '{not json');
    expect(readHelpDraft('SH1111111', storage)).toEqual({});
    storage.items.set(`${HELP_DRAFT_KEY}.SH1111111`, JSON.stringify({ titleEn: 7, upiId: 'x@y', storyEn: 'kept' }));
    expect(readHelpDraft('SH1111111', storage)).toEqual({ storyEn: 'kept' });
  });
});
