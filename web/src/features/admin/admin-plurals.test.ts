import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, type Lang } from '#web/i18n/i18n.tsx';
import { translatePlural, type PluralKey } from '#web/i18n/plural.ts';
import { waitingText } from './components/staff-queues.tsx';

/** The admin texts as each language's dictionary holds them. */
const dictionaries: Record<Lang, Record<string, unknown>> = { en: {}, hi: {} };

beforeAll(async () => {
  for (const lang of ['en', 'hi'] as const) dictionaries[lang] = { ...(await import(`#web/i18n/${lang}/admin.json`)).default };
});

function say(lang: Lang, key: PluralKey, count: number, vars?: Record<string, string | number>): string {
  return translatePlural(createTranslator(dictionaries[lang]), lang, key, count, vars);
}

/** Issue 16: a count shown to staff reads "1 request", never "1 requests", in English and Hindi. */
describe('the console’s counts', () => {
  it('say 1 request and 2 requests in the help queue and the withdrawals list', () => {
    const page = { page: '1', pages: '1' };
    expect(say('en', 'admin.help.caption', 1, page)).toBe('1 request — page 1 of 1');
    expect(say('en', 'admin.help.caption', 2, page)).toBe('2 requests, oldest first — page 1 of 1');
    expect(say('hi', 'admin.help.caption', 1, page)).toBe('1 अनुरोध — पृष्ठ 1 में से 1');
    expect(say('en', 'admin.disbursements.captionOldest', 1, { status: 'Requested' })).toBe('1 withdrawal request: Requested');
    expect(say('en', 'admin.disbursements.captionNewest', 1200, { status: 'Paid' })).toBe('1,200 withdrawal requests: Paid, newest first');
  });

  it('say 1 donation and 1,00,000 donations in the donations queue', () => {
    expect(say('en', 'admin.donationsList.caption', 1)).toBe('1 donation, newest first');
    expect(say('en', 'admin.donationsList.caption', 100000)).toBe('1,00,000 donations, newest first');
    expect(say('hi', 'admin.donationsList.caption', 3)).toBe('3 दान, सबसे नए पहले');
  });

  it('say 1 event and 5 events in the audit trail and the replay check, with the Hindi forms', () => {
    expect(say('en', 'admin.audit.nowText', 1)).toBe('As it stands now: 1 event.');
    expect(say('en', 'admin.audit.nowText', 5)).toBe('As it stands now: 5 events.');
    expect(say('hi', 'admin.audit.nowText', 1)).toBe('अभी की स्थिति: 1 घटना।');
    expect(say('hi', 'admin.audit.nowText', 5)).toBe('अभी की स्थिति: 5 घटनाएँ।');
    expect(say('en', 'admin.audit.asOfText', 5, { time: 'noon', shown: '1' })).toBe('As it stood at noon: 1 of its 5 events.');
    expect(say('hi', 'admin.audit.asOfText', 1, { time: 'दोपहर', shown: '1' })).toBe('दोपहर पर की स्थिति: इसकी 1 घटना में से 1।');
    expect(say('en', 'admin.replay.events', 1)).toBe('1 event');
    // Hindi's "one" is 0 and 1.
    expect(say('hi', 'admin.replay.events', 0)).toBe('0 घटना');
    expect(say('en', 'admin.replay.someDiffer', 1, { total: '12' })).toBe('1 of 12 read models differs from what the events give.');
    expect(say('hi', 'admin.replay.someDiffer', 2, { total: '12' })).toBe('12 में से 2 रीड मॉडल घटनाओं से मेल नहीं खाते।');
    expect(say('en', 'admin.replay.allEqual', 1, { models: '12' })).toBe('All 12 read models are equal to what the events give (1 event replayed).');
  });

  it('say how long the oldest item waits: 1 minute, 2 hours, 1 day', () => {
    const plural = (lang: Lang) => (key: PluralKey, count: number) => say(lang, key, count);
    expect(waitingText(60, plural('en'))).toBe('Oldest waiting 1 minute');
    expect(waitingText(120 * 60, plural('en'))).toBe('Oldest waiting 2 hours');
    expect(waitingText(72 * 3600, plural('en'))).toBe('Oldest waiting 3 days');
    expect(waitingText(3600, plural('hi'))).toBe('सबसे पुराना 1 घंटे से प्रतीक्षा में');
  });
});
