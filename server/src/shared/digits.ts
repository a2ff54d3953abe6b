// Devanagari digits as ASCII ones (issue 32): a Hindi keyboard, or an amount copied from Hindi text,
// gives ०१२३४५६७८९, and an amount field refused them without saying why. Every amount typed is
// read through this, in the browser and on the server. Nothing here imports anything (the donate
// page loads it: it must stay tiny).

/** "१,२५०.५०" → "1,250.50": each Devanagari digit (U+0966–U+096F) as its ASCII digit; nothing else changes. */
export function asciiDigits(text: string): string {
  return text.replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - 0x966));
}
