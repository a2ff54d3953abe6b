import { describe, expect, it } from 'vitest';
import hiKanyadanMessages from '#web/i18n/hi/kanyadanMessages.json' with { type: 'json' };
import hiMessages from '#web/i18n/hi/messages.json' with { type: 'json' };
import { mergeDictionary, translateServerMessage } from '#web/i18n/i18n.tsx';

/** The server writes an application's history in English; the console shows it in Hindi through serverMessages' patterns. */
describe('Kanyadan history in Hindi', () => {
  // As the console loads them: the general messages and the Kanyadan ones.
  const dictionary: Record<string, unknown> = {};
  mergeDictionary(dictionary, hiMessages);
  mergeDictionary(dictionary, hiKanyadanMessages);
  const hindi = (message: string) => translateServerMessage(dictionary, message);

  it.each([
    ['Application submitted with 4 documents', '4 दस्तावेज़ों के साथ आवेदन जमा हुआ'],
    ['Application submitted with 1 document', '1 दस्तावेज़ के साथ आवेदन जमा हुआ'],
    ['Benefit requested with 1 proof of marriage', 'विवाह के 1 प्रमाण के साथ सहायता का अनुरोध हुआ'],
    ['Benefit requested with 2 proofs of marriage', 'विवाह के 2 प्रमाणों के साथ सहायता का अनुरोध हुआ'],
    ['Document viewed: birth certificate, page 2', 'दस्तावेज़ देखा गया: जन्म प्रमाण पत्र, पृष्ठ 2'],
    ['Document made safe: girl’s Aadhaar card, pages: 1', 'दस्तावेज़ सुरक्षित बनाया गया: बालिका का आधार कार्ड, पृष्ठ: 1'],
    ['Document could not be read: photo (too many pixels)', 'दस्तावेज़ पढ़ा नहीं जा सका: फ़ोटो (बहुत अधिक पिक्सेल)'],
    ['Application rejected: A required document is missing.', 'आवेदन अस्वीकार हुआ: एक ज़रूरी दस्तावेज़ नहीं लगाया गया है।'],
    ['Benefit paid: UTR 123456789012, on 2035-01-10', 'सहायता का भुगतान: UTR 123456789012, 2035-01-10 को'],
    ['Full details viewed', 'पूरा विवरण देखा गया'],
  ])('%s', (english, expected) => {
    expect(hindi(english)).toBe(expected);
  });
});
