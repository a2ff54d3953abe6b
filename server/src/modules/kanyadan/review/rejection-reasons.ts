import type { RejectionReason } from '../submission/kanyadan-fields.schema.ts';

/** What the family is told for each reason, in both languages (the status page, the e-mail and the SMS text). */
export const REJECTION_REASON_TEXT: Record<RejectionReason, { en: string; hi: string }> = {
  'documents-unclear': {
    en: 'The documents could not be read clearly.',
    hi: 'दस्तावेज़ साफ़ पढ़े नहीं जा सके।',
  },
  'documents-missing': {
    en: 'A required document is missing.',
    hi: 'एक ज़रूरी दस्तावेज़ नहीं लगाया गया है।',
  },
  'details-mismatch': {
    en: 'The details in the form do not match the documents.',
    hi: 'फ़ॉर्म का विवरण दस्तावेज़ों से मेल नहीं खाता।',
  },
  'not-eligible': {
    en: 'The application does not meet the scheme’s eligibility rules.',
    hi: 'आवेदन योजना की पात्रता शर्तें पूरी नहीं करता।',
  },
  duplicate: {
    en: 'This girl is already registered under another application.',
    hi: 'यह बालिका पहले से किसी दूसरे आवेदन में पंजीकृत है।',
  },
  other: {
    en: 'The application could not be accepted.',
    hi: 'आवेदन स्वीकार नहीं किया जा सका।',
  },
};
