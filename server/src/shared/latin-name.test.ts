import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LATIN_NAME_PATTERN, latinNameKey, latinNameSuggestion } from './latin-name.ts';

describe('latinNameSuggestion', () => {
  it.each([
    ['कमला देवी', 'Kamla Devi'],
    ['राजेश कुमार शर्मा', 'Rajesh Kumar Sharma'],
    ['नरेंद्र', 'Narendra'],
    ['श्रीवास्तव', 'Shrivastav'],
    ['कृष्ण', 'Krishna'],
    ['लक्ष्मी', 'Lakshmi'],
    ['ज्ञान प्रकाश', 'Gyan Prakash'],
    ['रमेश', 'Ramesh'],
    ['सरिता', 'Sarita'],
    ['चंपा', 'Champa'],
    ['अंबिका', 'Ambika'],
    ['ज़ैनब ख़ान', 'Zainab Khan'],
    // The same letters with the nukta written apart (U+091C U+093C), as many keyboards type them.
    ['\u091C\u093C\u0948\u0928\u092C', 'Zainab'],
    ['सुरेंद्र सिंह', 'Surendra Singh'],
    ['श्रीमती सुनीता', 'Shrimati Sunita'],
    ['हर्ष', 'Harsh'],
    ['सूर्यप्रकाश', 'Suryaprakash'],
    ['मित्र', 'Mitra'],
    ['राम', 'Ram'],
    ['दुर्गा', 'Durga'],
  ])('suggests %s → %s', (name, latin) => {
    expect(latinNameSuggestion(name)).toBe(latin);
  });

  it('gives a Latin name back with its spaces tidied, and leaves out words in other scripts', () => {
    expect(latinNameSuggestion('  Ravi   Kumar ')).toBe('Ravi Kumar');
    expect(latinNameSuggestion('Ravi ਸਿੰਘ')).toBe('Ravi');
    expect(latinNameSuggestion('१२३')).toBe('');
    expect(latinNameSuggestion('')).toBe('');
  });

  it('always suggests something a PAN name may be, or nothing, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'कखगघचजटडतदनपबमयरलवशसहािीुूेैोौंँः़् ऋअआइउएओ.ab'.split('')), maxLength: 30 }), (name) => {
        const suggestion = latinNameSuggestion(name);
        expect(suggestion === '' || LATIN_NAME_PATTERN.test(suggestion)).toBe(true);
      }),
    );
  });
});

describe('latinNameKey', () => {
  it('gives two spellings of one name the same key', () => {
    expect(latinNameKey('KAMALA DEVI')).toEqual(latinNameKey(latinNameSuggestion('कमला देवी')));
    expect(latinNameKey('SRIVASTAVA')).toEqual(latinNameKey('Shrivastav'));
    expect(latinNameKey('AISHWARYA')).toEqual(latinNameKey(latinNameSuggestion('ऐश्वर्या')));
    expect(latinNameKey('r.k. sharma')).toEqual(['r', 'k', 'srm']);
  });

  it('tells different names apart', () => {
    expect(latinNameKey('Kamla Devi')).not.toEqual(latinNameKey('Sunita Devi'));
    expect(latinNameKey('Rajesh Sharma')).not.toEqual(latinNameKey('Rakesh Sharma'));
  });
});
