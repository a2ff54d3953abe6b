/**
 * The rules of the Kanyadan form that the page needs while it renders: the server's lists, limits
 * and messages from kanyadan-rules.schema.ts, which imports nothing (the zod schemas load when the
 * family starts on the form, and the server checks everything again), and the upload messages.
 */
export {
  AGE_OUT_OF_RANGE,
  CASTES,
  DOB_IN_FUTURE,
  DOB_INVALID,
  DOB_REQUIRED,
  DOCUMENT_ACCEPT,
  DOCUMENT_KINDS,
  DOCUMENT_REQUIRED,
  FATHER_NAME_REQUIRED,
  GENDERS,
  GIRL_NAME_REQUIRED,
  GUARDIAN_RELATIONS,
  INDIAN_STATES,
  KANYADAN_STATUSES,
  MAX_AGE,
  MAX_DOCUMENT_BYTES,
  MIN_AGE,
  PHONE_REQUIRED,
  REG_NO_PATTERN,
  REQUIRED_DOCUMENTS,
  SCHOOL_FROM_AGE,
  type DocumentKind,
  type IndianState,
  type KanyadanStatus,
} from '@sahay/server/modules/kanyadan/kanyadan-rules.schema';

// The upload messages the server answers with (server/src/uploads/upload-messages.ts), said here
// before sending so the family hears the same words either way.
export const UPLOAD_EMPTY = 'The file is empty. Please choose another one.';
export const UPLOAD_WRONG_TYPE_IMAGES = 'Only JPEG, PNG or WebP images can be uploaded.';
export const UPLOAD_WRONG_TYPE_IMAGES_OR_PDF = 'Only JPEG, PNG or WebP images or PDF files can be uploaded.';
export const UPLOAD_TOO_LARGE = 'The file is larger than 5 MB. Please choose a smaller one.';
