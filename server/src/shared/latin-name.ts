// A person's name in Latin letters, as the income-tax department writes it on a PAN (issue 31):
// Form 10BD wants "name as on PAN", and the Form 10BE certificates come back in Latin letters while
// donors often type their names in Devanagari. It imports only its one-line pattern (latin-name-pattern.ts).
//
// latinNameSuggestion is only a suggestion, prefilled for the donor or finance to correct: Hindi
// spelling in Latin letters is a habit, not a rule (Deepak or Dipak, Pooja or Puja). It follows the
// habits PAN cards show most: long and short vowels written alike (आ → a, ई → i, ऊ → u), श and ष as
// sh, व as v, and Hindi's dropped inherent vowel (schwa deletion: कमला → Kamla, राजेश → Rajesh,
// नरेंद्र → Narendra).

const VIRAMA = '\u094D';
const NUKTA = '\u093C';

const CONSONANTS: Record<string, string> = {
  क: 'k', ख: 'kh', ग: 'g', घ: 'gh', ङ: 'n',
  च: 'ch', छ: 'chh', ज: 'j', झ: 'jh', ञ: 'n',
  ट: 't', ठ: 'th', ड: 'd', ढ: 'dh', ण: 'n',
  त: 't', थ: 'th', द: 'd', ध: 'dh', न: 'n', ऩ: 'n',
  प: 'p', फ: 'ph', ब: 'b', भ: 'bh', म: 'm',
  य: 'y', र: 'r', ऱ: 'r', ल: 'l', ळ: 'l', ऴ: 'l', व: 'v',
  श: 'sh', ष: 'sh', स: 's', ह: 'h',
  // With a nukta, precomposed (the same letters written as base + U+093C are handled below).
  क़: 'q', ख़: 'kh', ग़: 'gh', ज़: 'z', ड़: 'r', ढ़: 'rh', फ़: 'f', य़: 'y',
};
const NUKTA_FORMS: Record<string, string> = { क: 'q', ख: 'kh', ग: 'gh', ज: 'z', ड: 'r', ढ: 'rh', फ: 'f', य: 'y' };

const INDEPENDENT_VOWELS: Record<string, string> = {
  अ: 'a', आ: 'a', इ: 'i', ई: 'i', उ: 'u', ऊ: 'u', ऋ: 'ri', ॠ: 'ri', ऌ: 'li',
  ए: 'e', ऐ: 'ai', ओ: 'o', औ: 'au', ऑ: 'o', ऍ: 'e', ऎ: 'e', ऒ: 'o',
};
const VOWEL_SIGNS: Record<string, string> = {
  'ा': 'a', 'ि': 'i', 'ी': 'i', 'ु': 'u', 'ू': 'u', 'ृ': 'ri', 'ॄ': 'ri',
  'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au', 'ॉ': 'o', 'ॅ': 'e', 'ॆ': 'e', 'ॊ': 'o',
};
const LABIALS = new Set(['p', 'ph', 'b', 'bh', 'm', 'f']);

/** One written syllable: its consonant cluster (none for a vowel), its vowel (null: the inherent a), and what follows it (anusvara, visarga). */
interface Syllable {
  consonants: string[];
  /** The vowel written; 'a*' is the inherent vowel, which Hindi may drop; '' is none (a final virama). */
  vowel: string;
  coda: string;
}

const INHERENT = 'a*';

function syllablesOf(word: string): Syllable[] | null {
  const chars = [...word.normalize('NFC')];
  const syllables: Syllable[] = [];
  let cluster: string[] = [];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index]!;
    const consonant = CONSONANTS[char];
    if (consonant !== undefined) {
      const withNukta = chars[index + 1] === NUKTA ? NUKTA_FORMS[char] : undefined;
      if (withNukta !== undefined) index += 1;
      if (cluster.at(-1) === VIRAMA) {
        // A conjunct: the consonant before had a virama and joins this one.
        cluster.push(withNukta ?? consonant);
        continue;
      }
      // The consonant before had neither a vowel sign nor a virama: it carries the inherent vowel.
      if (cluster.length > 0) syllables.push({ consonants: cluster, vowel: INHERENT, coda: '' });
      cluster = [withNukta ?? consonant];
      continue;
    }
    if (char === NUKTA) continue;
    if (char === VIRAMA) {
      // The cluster goes on with the next consonant; at the end of the word the consonant has no vowel.
      if (cluster.length > 0 && !CONSONANTS[chars[index + 1] ?? '']) {
        syllables.push({ consonants: cluster, vowel: '', coda: '' });
        cluster = [];
      } else if (cluster.length > 0) cluster.push(VIRAMA);
      continue;
    }
    const sign = VOWEL_SIGNS[char];
    if (sign !== undefined) {
      syllables.push({ consonants: cluster, vowel: sign, coda: '' });
      cluster = [];
      continue;
    }
    const independent = INDEPENDENT_VOWELS[char];
    if (independent !== undefined) {
      if (cluster.length > 0) syllables.push({ consonants: cluster, vowel: INHERENT, coda: '' });
      cluster = [];
      syllables.push({ consonants: [], vowel: independent, coda: '' });
      continue;
    }
    if (char === 'ं' || char === 'ँ' || char === 'ः') {
      if (cluster.length > 0) {
        syllables.push({ consonants: cluster, vowel: INHERENT, coda: '' });
        cluster = [];
      }
      const last = syllables.at(-1);
      if (!last) return null;
      last.coda += char;
      continue;
    }
    // Anything else (a Latin letter, a digit, a danda) is not a Devanagari word.
    return null;
  }
  if (cluster.length > 0) syllables.push({ consonants: cluster, vowel: INHERENT, coda: '' });
  // A cluster written with viramas is several consonants; the markers are not letters.
  for (const syllable of syllables) syllable.consonants = syllable.consonants.filter((part) => part !== VIRAMA);
  return syllables;
}

/**
 * Hindi drops the inherent vowel at the end of a word after a single consonant (राम → Ram, but मित्र →
 * Mitra), and inside a word between two single consonants each next to a full vowel (कमला → Kamla,
 * but not in the first syllable: रमेश → Ramesh). Taken right to left, so that a dropped vowel is not
 * the full vowel another drop relies on.
 */
function dropSchwas(syllables: Syllable[]): void {
  const last = syllables.length - 1;
  const isFull = (syllable: Syllable | undefined) => syllable !== undefined && syllable.vowel !== '';
  const final = syllables[last]!;
  // After a reph the final vowel goes too (हर्ष → Harsh, पार्थ → Parth), unless the cluster ends in
  // a semivowel (सूर्य → Surya).
  const isRephCluster = final.consonants.length === 2 && final.consonants[0] === 'r' && !['y', 'r', 'v'].includes(final.consonants[1]!);
  if (last > 0 && final.vowel === INHERENT && (final.consonants.length === 1 || isRephCluster) && final.coda === '') {
    final.vowel = '';
  }
  for (let index = last - 1; index >= 1; index -= 1) {
    const syllable = syllables[index]!;
    if (syllable.vowel !== INHERENT || syllable.coda !== '' || syllable.consonants.length !== 1) continue;
    const before = syllables[index - 1]!;
    const after = syllables[index + 1]!;
    const isBeforeOpen = isFull(before) && before.coda === '';
    const isAfterSingle = after.consonants.length === 1 && isFull(after);
    if (isBeforeOpen && isAfterSingle) syllable.vowel = '';
  }
}

function romanize(syllables: Syllable[]): string {
  let text = '';
  syllables.forEach((syllable, index) => {
    const consonants = syllable.consonants;
    // ज्ञ is said "gy" in Hindi (ज्ञान → Gyan).
    const cluster = consonants.join('').replace(/^jn/, 'gy').replace(/jn/, 'gy');
    const vowel = syllable.vowel === INHERENT ? 'a' : syllable.vowel;
    text += cluster + vowel;
    for (const mark of syllable.coda) {
      if (mark === 'ः') text += 'h';
      else {
        const next = syllables[index + 1]?.consonants[0];
        text += next !== undefined && LABIALS.has(next) ? 'm' : 'n';
      }
    }
  });
  return text;
}

/** Words the rules get wrong and names use often, written as PAN cards write them. */
const USUAL_SPELLINGS: Record<string, string> = {
  सिंह: 'Singh',
  श्रीमती: 'Shrimati',
  चौधरी: 'Chaudhary',
  मोहम्मद: 'Mohammad',
  मुहम्मद: 'Muhammad',
};

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A suggestion for a name in Latin letters: a Devanagari name transliterated word by word
 * (श्रीमती कमला शर्मा → Shrimati Kamla Sharma), a Latin name given back with its spaces tidied. Words
 * in any other script are left out; '' when nothing can be suggested.
 */
export function latinNameSuggestion(name: string): string {
  const words = name.normalize('NFC').trim().split(/[\s\u00A0]+/).filter(Boolean);
  const latin = words.map((word) => {
    if (/^[A-Za-z][A-Za-z.'-]*$/.test(word)) return word;
    const usual = USUAL_SPELLINGS[word];
    if (usual) return usual;
    const syllables = syllablesOf(word.replace(/[.\u0964\u0965]/g, ''));
    if (!syllables || syllables.length === 0) return '';
    dropSchwas(syllables);
    return capitalized(romanize(syllables));
  });
  return latin.filter(Boolean).join(' ');
}

export { LATIN_NAME_PATTERN } from './latin-name-pattern.ts';

/**
 * A key for comparing two spellings of one name in Latin letters, word by word: case, dots and the
 * habits that differ between spellings are taken out (vowels inside a word, sh/s, w/v, ph/f, a doubled
 * letter), so that "KAMALA DEVI" and "Kamla Devi", or "SRIVASTAVA" and "Shrivastav", give the same
 * key. Names that differ only in their vowels (Ram, Rima) share a key too: it narrows a match that
 * the identification number makes, it never makes one alone. Each word keeps its first letter.
 */
export function latinNameKey(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const plain = word.replace(/sh/g, 's').replace(/w/g, 'v').replace(/ph/g, 'f').replace(/([a-z])\1+/g, '$1');
      return plain.charAt(0) + plain.slice(1).replace(/[aeiouy]/g, '').replace(/h/g, '');
    });
}
