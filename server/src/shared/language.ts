import { z } from 'zod';

export const LANGUAGE_INVALID = 'Choose en or hi';

/**
 * The language of the page a person used to give or apply (issue 32): the messages about it are
 * sent in that language alone; without it, in English and Hindi. Optional everywhere it is taken.
 */
export const ZLanguageSchema = z.enum(['en', 'hi'], { error: LANGUAGE_INVALID }).describe('The language of the messages sent about this: en or hi; both when absent');
export type TLanguage = z.infer<typeof ZLanguageSchema>;
