import { indiaToday } from '#server/shared/india';

export { indiaToday };

/**
 * Age in whole years on a given day, from a date of birth (both YYYY-MM-DD, calendar dates in
 * India). A birthday on 29 February falls on 1 March in a common year, as Indian law counts it
 * (the person completes the year at the end of 28 February). Shared with the web form.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
}

function partsOf(value: string): [number, number, number] {
  const match = ISO_DATE.exec(value);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${value}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whole years completed on `onDay`; negative when born after it. */
export function ageInYears(dateOfBirth: string, onDay: string): number {
  const [by, bm, bd] = partsOf(dateOfBirth);
  const [y, m, d] = partsOf(onDay);
  let age = y - by;
  // A 29 February birthday is reached on 1 March in a common year: compare (month, day) with
  // 29 February read as "after 28 February".
  const isLeapBirthday = bm === 2 && bd === 29;
  const isLeapYear = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const birthdayThisYear: [number, number] = isLeapBirthday && !isLeapYear ? [3, 1] : [bm, bd];
  if (m < birthdayThisYear[0] || (m === birthdayThisYear[0] && d < birthdayThisYear[1])) age -= 1;
  return age;
}

