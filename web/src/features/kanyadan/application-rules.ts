import type {
  DocumentKind,
  IndianState,
  KanyadanStatus,
} from '@sahay/server/modules/kanyadan/kanyadan-fields.schema';

/**
 * The rules of the Kanyadan form that the page needs while it renders: the lists behind its
 * selects, the documents, the age limits and the messages it shows before anything is sent.
 * Copied from server/src/modules/kanyadan/kanyadan-fields.schema.ts because that module builds
 * zod schemas at its top level, and importing one constant from it would put zod (~21 KiB
 * compressed) into this public page's first download and over its byte budget. The schema itself
 * is loaded when the family starts on the form and checks everything before sending (and the
 * server checks again). application-rules.test.ts holds every copy equal to the server's.
 */

export type { DocumentKind, IndianState, KanyadanStatus };

export const KANYADAN_STATUSES = [
  'submitted',
  'payment_pending',
  'paid',
  'verified',
  'rejected',
  'benefit_requested',
  'benefit_approved',
  'disbursed',
] as const satisfies readonly KanyadanStatus[];

export const DOCUMENT_KINDS = ['girlAadhaar', 'fatherAadhaar', 'birthCertificate', 'photo'] as const satisfies readonly DocumentKind[];
export const DOCUMENT_ACCEPT = {
  girlAadhaar: 'images-or-pdf',
  fatherAadhaar: 'images-or-pdf',
  birthCertificate: 'images-or-pdf',
  photo: 'images',
} as const satisfies Record<DocumentKind, 'images' | 'images-or-pdf'>;
/** The server refuses an application without these; the Aadhaar copies are optional, as the numbers are. */
export const REQUIRED_DOCUMENTS: readonly DocumentKind[] = ['birthCertificate', 'photo'];

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MIN_AGE = 0;
export const MAX_AGE = 14;
export const SCHOOL_FROM_AGE = 4;

export const REG_NO_PATTERN = /^[A-Z]{5}\d{7}$/;

export const INDIAN_STATES = [
  'andhra-pradesh', 'arunachal-pradesh', 'assam', 'bihar', 'chhattisgarh', 'goa', 'gujarat', 'haryana', 'himachal-pradesh',
  'jharkhand', 'karnataka', 'kerala', 'madhya-pradesh', 'maharashtra', 'manipur', 'meghalaya', 'mizoram', 'nagaland', 'odisha',
  'punjab', 'rajasthan', 'sikkim', 'tamil-nadu', 'telangana', 'tripura', 'uttar-pradesh', 'uttarakhand', 'west-bengal',
  'andaman-and-nicobar-islands', 'chandigarh', 'dadra-and-nagar-haveli-and-daman-and-diu', 'delhi', 'jammu-and-kashmir', 'ladakh',
  'lakshadweep', 'puducherry',
] as const satisfies readonly IndianState[];

export const GENDERS = ['female', 'other'] as const;
export const GUARDIAN_RELATIONS = ['father', 'mother', 'grandparent', 'brother', 'sister', 'uncle', 'aunt', 'other'] as const;
export const CASTES = ['not-stated', 'general', 'obc', 'sc', 'st', 'other'] as const;

// Server messages (English keys of serverMessages), shown by the form before the schema has loaded.
export const REQUIRED_FIELDS = "Please fill in the girl's name, father's name, date of birth and phone number.";
export const DOB_INVALID = 'Enter the date of birth as a real date.';
export const DOB_IN_FUTURE = 'The date of birth cannot be in the future.';
export const AGE_OUT_OF_RANGE = 'Only girls aged 0 to 14 years can be registered.';
export const DOCUMENT_REQUIRED = 'Attach this document.';

// The upload messages the server answers with (server/src/uploads/upload-messages.ts), said here
// before sending so the family hears the same words either way.
export const UPLOAD_EMPTY = 'The file is empty. Please choose another one.';
export const UPLOAD_WRONG_TYPE_IMAGES = 'Only JPEG, PNG or WebP images can be uploaded.';
export const UPLOAD_WRONG_TYPE_IMAGES_OR_PDF = 'Only JPEG, PNG or WebP images or PDF files can be uploaded.';
export const UPLOAD_TOO_LARGE = 'The file is larger than 5 MB. Please choose a smaller one.';
