// Facts of India every module and the web use: its states, its date, a PAN's shape (issue 30: they
// lived in feature modules, which made the others depend on them). Nothing here imports anything.

/** India's 28 states and 8 union territories, by a stable key (the web shows their names in both languages). */
export const INDIAN_STATES = [
  'andhra-pradesh', 'arunachal-pradesh', 'assam', 'bihar', 'chhattisgarh', 'goa', 'gujarat', 'haryana', 'himachal-pradesh',
  'jharkhand', 'karnataka', 'kerala', 'madhya-pradesh', 'maharashtra', 'manipur', 'meghalaya', 'mizoram', 'nagaland', 'odisha',
  'punjab', 'rajasthan', 'sikkim', 'tamil-nadu', 'telangana', 'tripura', 'uttar-pradesh', 'uttarakhand', 'west-bengal',
  'andaman-and-nicobar-islands', 'chandigarh', 'dadra-and-nagar-haveli-and-daman-and-diu', 'delhi', 'jammu-and-kashmir', 'ladakh',
  'lakshadweep', 'puducherry',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

/** Today's date in India (UTC+5:30, no daylight saving) as YYYY-MM-DD. */
export function indiaToday(now: Date): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
