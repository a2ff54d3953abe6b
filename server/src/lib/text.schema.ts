import { z } from 'zod';

/**
 * One rule for every single-line text field (issue 29, docs/decisions/044): no control characters
 * (line breaks, tabs, NUL), no format characters (bidi controls such as U+202E, zero-width spaces,
 * the BOM, soft hyphens) and no line or paragraph separators. They are invisible, or change how the
 * rest of the line reads, or break what the text is put in (a mail header, a PDF line, a CSV cell);
 * a name of zero-width characters alone looks empty but would pass "required". Nor a text with no
 * visible character at all: blank-looking letters such as U+3164 HANGUL FILLER, U+FFA0, U+115F,
 * U+1160 or U+2800 BRAILLE PATTERN BLANK, spaces and marks alone would pass "required" too.
 *
 * Two exceptions: the zero-width joiner and non-joiner (U+200D, U+200C) between two characters of one
 * of India's scripts that use them (Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu,
 * Kannada, Malayalam) or of the Arabic script (Urdu), where keyboards type them to choose how a
 * conjunct or a joined letter is drawn (श्‍याम, क्‌ष, র‍্যাম, علی‌رضا) — and in Malayalam the joiner
 * after a virama that makes an old-style chillu, at the end of a word too (അര്‍ജുന്‍); and the joiner
 * inside one emoji (👨‍👩‍👧), which phones' keyboards send in a story or a message.
 */
export const TEXT_HAS_HIDDEN_CHARACTERS = 'Remove line breaks and hidden characters from this field: type it on one line.';

/** Cs: a lone surrogate (half of a pair) is no character at all, and PostgreSQL refuses it in JSON: a 500, not a 400. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
const JOINERS = new Set(['\u200C', '\u200D']);
/** The scripts whose letters a joiner may stand between (one regular expression each, built once: small in the browser's bundle). */
const JOINING_SCRIPTS = ['Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Arabic'].map(
  (script) => new RegExp(`\\p{Script=${script}}`, 'u'),
);
const MALAYALAM_VIRAMA = '\u0D4D';
/** What shows nothing by itself: spaces, controls and format characters, marks, default-ignorable letters (the Hangul fillers), the blank Braille pattern. */
const BLANK = /[\p{White_Space}\p{C}\p{Z}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** What may end an emoji before a joiner: the emoji, its presentation selector, a skin tone. */
const EMOJI_END = /\p{Extended_Pictographic}|\uFE0F|\p{Emoji_Modifier}/u;

/**
 * A joiner the rule allows: between two characters of one joining script (ZWJ or ZWNJ), the ZWJ of a
 * Malayalam chillu after a virama, or the ZWJ inside one emoji (👨‍👩‍👧). Never first, last (but the
 * chillu's), doubled, or between Latin letters.
 */
function isAllowedJoiner(chars: readonly string[], index: number): boolean {
  const [char, before, after] = [chars[index]!, chars[index - 1] ?? '', chars[index + 1] ?? ''];
  if (!JOINERS.has(char)) return false;
  if (JOINING_SCRIPTS.some((script) => script.test(before) && script.test(after))) return true;
  if (char === '\u200D' && before === MALAYALAM_VIRAMA && !JOINERS.has(after)) return true;
  return char === '\u200D' && EMOJI_END.test(before) && PICTOGRAPH.test(after);
}

/** Whether the text has none of the characters the rule refuses, and (unless empty) at least one that shows. */
export function isSingleLineText(value: string): boolean {
  const chars = [...value];
  if (chars.length > 0 && chars.every((char) => BLANK.test(char))) return false;
  if (!HIDDEN.test(value)) return true;
  return chars.every((char, index) => !HIDDEN.test(char) || isAllowedJoiner(chars, index));
}

/** A string that keeps to the rule; used with .pipe() after a field's own trimming, before its length rules. */
export const ZSingleLineTextSchema = z.string().refine(isSingleLineText, { message: TEXT_HAS_HIDDEN_CHARACTERS, abort: true });

/**
 * For a text put where a line break or hidden character would do harm and nobody can be asked to
 * correct it (a mail header, a file name): line breaks and controls become spaces, format characters
 * (but the joiners the rule allows) are dropped, and spaces are collapsed.
 */
export function toSingleLine(value: string): string {
  const chars = [...value];
  return chars
    .map((char, index) => {
      if (!HIDDEN.test(char) || isAllowedJoiner(chars, index)) return char;
      return /[\p{Cc}\p{Zl}\p{Zp}]/u.test(char) ? ' ' : '';
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** For a field's own chain, before it collapses spaces (which would hide a line break): `.refine(isSingleLineField, SINGLE_LINE_ISSUE)`. */
export const isSingleLineField = (value: string | null | undefined): boolean => typeof value !== 'string' || isSingleLineText(value.trim());
export const SINGLE_LINE_ISSUE = { message: TEXT_HAS_HIDDEN_CHARACTERS, abort: true } as const;

/** A line of spaces only (tabs, no-break spaces): what separates paragraphs in a text pasted from a phone. */
const SPACES_ONLY = /^[\t\p{Zs}]*$/u;

/**
 * The rule for a text of several lines (a story, an address block): line breaks (\n, \r\n) are
 * allowed between lines, each line keeps to the single-line rule or holds spaces only, and the text
 * as a whole shows something (unless it is empty).
 */
export function isMultilineText(value: string): boolean {
  if (value.length > 0 && [...value].every((char) => BLANK.test(char))) return false;
  return value.split(/\r?\n/).every((line) => SPACES_ONLY.test(line) || isSingleLineText(line));
}
