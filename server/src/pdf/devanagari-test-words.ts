/**
 * Hindi words whose shaping goes wrong in weaker PDF engines (LIBRARIES.md): conjuncts (क्ष, ज्ञ,
 * ष्ण, त्र), a vowel sign below a consonant (कृ, पृ), reph (आर्द्र), the left-hand i-matra (हिंदी),
 * nukta (फ़), anusvara and candrabindu, ra below (ट्र, प्र). Shared by the HarfBuzz reference
 * generator (bench/pdf) and the tests.
 */
export const DEVANAGARI_TEST_WORDS = [
  'कृष्ण',
  'आर्द्र',
  'श्रीमती',
  'क्षेत्र',
  'फ़ाउंडेशन',
  'हिंदी',
  'पृष्ठ',
  'ज्ञान',
  'ट्रस्ट',
  'प्रमाणित',
  'शुद्ध',
  'पहुँच',
] as const;
