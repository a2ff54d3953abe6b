/** "section 133, Income-tax Act 2025", "section 80G of the Income-tax Act, 1961", "u/s 80G", "80G". */
const TAX_SECTION = /^(?:(?:section|sec\.?|u\/s\.?)\s*)?(\d+[A-Z]*(?:\([0-9a-z]+\))*)(?:\s*,?\s*(?:of\s+)?(?:the\s+)?income[- ]?tax\s+act\s*,?\s*(\d{4})?)?$/i;

/**
 * The tax section as the Hindi half says it (issue 32): settings hold one label, written in English
 * ("section 133, Income-tax Act 2025"), which the Hindi half printed as it was. The usual shapes of
 * it are said in Hindi ("आयकर अधिनियम 2025 की धारा 133"); any other wording is printed as typed,
 * since it cannot be translated safely.
 */
export function taxSectionInHindi(label: string): string {
  const match = TAX_SECTION.exec(label.trim().replace(/\s+/g, ' '));
  if (!match) return label.trim();
  const [whole, section, year] = match;
  const namesAct = /act/i.test(whole);
  if (!namesAct) return `धारा ${section}`;
  return year ? `आयकर अधिनियम ${year} की धारा ${section}` : `आयकर अधिनियम की धारा ${section}`;
}
