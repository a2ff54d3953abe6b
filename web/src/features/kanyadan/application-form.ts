import { aadhaarProblem, normaliseAadhaar } from '@sahay/server/modules/kanyadan/submission/aadhaar.schema';
import { ageInYears, indiaToday, isIsoDate } from '@sahay/server/modules/kanyadan/submission/age.schema';
import { AGE_OUT_OF_RANGE, DOB_IN_FUTURE, DOB_INVALID, DOB_REQUIRED, MAX_AGE, MIN_AGE, SCHOOL_FROM_AGE } from './application-rules.public.ts';

/** The form's text fields, named as the server names them (multipart field names). */
export interface ApplicationValues {
  girlName: string;
  fatherName: string;
  motherName: string;
  dob: string;
  aadhaar: string;
  phone: string;
  email: string;
  gender: string;
  schoolName: string;
  schoolAddress: string;
  className: string;
  district: string;
  state: string;
  fatherRegNo: string;
  caste: string;
  guardianName: string;
  guardianRelation: string;
  consent: boolean;
}
export type TextFieldName = Exclude<keyof ApplicationValues, 'consent'>;

export const EMPTY_VALUES: ApplicationValues = {
  girlName: '',
  fatherName: '',
  motherName: '',
  dob: '',
  aadhaar: '',
  phone: '',
  email: '',
  gender: 'female',
  schoolName: '',
  schoolAddress: '',
  className: '',
  district: '',
  state: '',
  fatherRegNo: '',
  caste: 'not-stated',
  guardianName: '',
  guardianRelation: '',
  consent: false,
};

/** In the order the form shows them: the first field with an error takes focus. */
export const FIELD_ORDER: readonly (keyof ApplicationValues)[] = [
  'girlName',
  'dob',
  'gender',
  'aadhaar',
  'fatherName',
  'motherName',
  'fatherRegNo',
  'phone',
  'email',
  'schoolName',
  'schoolAddress',
  'className',
  'district',
  'state',
  'caste',
  'guardianName',
  'guardianRelation',
  'consent',
];
export const TEXT_FIELDS = FIELD_ORDER.filter((field): field is TextFieldName => field !== 'consent');
export const SCHOOL_FIELDS = ['schoolName', 'schoolAddress', 'className'] as const;

export type DobCheck =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'future' }
  | { kind: 'out-of-range'; age: number }
  | { kind: 'ok'; age: number };

/** The date of birth against today in India (`now` is passed in, never read here). */
export function checkDob(dob: string, now: Date): DobCheck {
  const value = dob.trim();
  if (value === '') return { kind: 'empty' };
  if (!isIsoDate(value)) return { kind: 'invalid' };
  const today = indiaToday(now);
  if (value > today) return { kind: 'future' };
  const age = ageInYears(value, today);
  return age < MIN_AGE || age > MAX_AGE ? { kind: 'out-of-range', age } : { kind: 'ok', age };
}

/** The server message for a date of birth that cannot be sent, or null. */
export function dobProblem(check: DobCheck): string | null {
  switch (check.kind) {
    case 'empty':
      return DOB_REQUIRED;
    case 'invalid':
      return DOB_INVALID;
    case 'future':
      return DOB_IN_FUTURE;
    case 'out-of-range':
      return AGE_OUT_OF_RANGE;
    case 'ok':
      return null;
    default: {
      const unexpected: never = check;
      return unexpected;
    }
  }
}

/** School details are asked from age 4 (PRODUCT.md §11); for a younger girl they are disabled and not sent. */
export function isSchoolDisabled(check: DobCheck): boolean {
  if (check.kind === 'future') return true;
  return (check.kind === 'ok' || check.kind === 'out-of-range') && check.age < SCHOOL_FROM_AGE;
}

/** The Aadhaar number's problem as typed (spaces allowed), or null when empty or valid. */
export function aadhaarFieldProblem(aadhaar: string): string | null {
  const digits = normaliseAadhaar(aadhaar);
  return digits === '' ? null : aadhaarProblem(digits);
}

/** XXXX XXXX 1234: the receipt never shows the whole number. */
export function maskAadhaar(aadhaar: string): string | null {
  const digits = normaliseAadhaar(aadhaar);
  return /^\d{12}$/.test(digits) ? `XXXX XXXX ${digits.slice(-4)}` : null;
}

/**
 * The text fields as they are sent, in the server's names: empty optional fields left out, the
 * school fields left out when disabled, consent as "true" when given (absent otherwise, which the
 * server refuses with its consent message).
 */
export function fieldsToSend(values: ApplicationValues, isSchoolOff: boolean): Array<[TextFieldName | 'consent', string]> {
  const fields: Array<[TextFieldName | 'consent', string]> = [];
  for (const name of TEXT_FIELDS) {
    if (isSchoolOff && (SCHOOL_FIELDS as readonly string[]).includes(name)) continue;
    const value = values[name].trim();
    if (value !== '') fields.push([name, value]);
  }
  if (values.consent) fields.push(['consent', 'true']);
  return fields;
}

/** The same, as the object the shared zod schema checks. */
export function schemaInputOf(values: ApplicationValues, isSchoolOff: boolean): Record<string, string> {
  return Object.fromEntries(fieldsToSend(values, isSchoolOff));
}
