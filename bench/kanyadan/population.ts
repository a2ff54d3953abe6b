/**
 * Who applies in `npm run bench:kanyadan`: states weighted roughly by population (Uttar Pradesh
 * most, Lakshadweep least), each with about its real number of districts, the first few under
 * their real names and the rest numbered, chosen with a Zipf-like skew (a state's big districts send
 * most applications); girls' ages 0–14 with more new-borns; common North and South Indian names.
 */
import { INDIAN_STATES, type IndianState } from '#server/modules/kanyadan/submission/kanyadan-fields.schema';
import { verhoeffCheckDigit } from '#server/modules/kanyadan/submission/aadhaar.schema';
import { indiaToday } from '#server/shared/india';

/** Share of applications (relative) and number of districts, per state. */
const STATES: Record<IndianState, { weight: number; districts: number; named?: string[] }> = {
  'uttar-pradesh': { weight: 17, districts: 75, named: ['Lucknow', 'Prayagraj', 'Varanasi', 'Gorakhpur', 'Kanpur Nagar', 'Agra', 'Bareilly', 'Azamgarh'] },
  bihar: { weight: 10, districts: 38, named: ['Patna', 'Gaya', 'Muzaffarpur', 'Darbhanga', 'Bhagalpur', 'Purnia', 'Saran'] },
  maharashtra: { weight: 9, districts: 36, named: ['Pune', 'Thane', 'Nashik', 'Nagpur', 'Mumbai Suburban', 'Solapur'] },
  'west-bengal': { weight: 7, districts: 23, named: ['North 24 Parganas', 'South 24 Parganas', 'Murshidabad', 'Paschim Bardhaman', 'Nadia'] },
  'madhya-pradesh': { weight: 6, districts: 55, named: ['Indore', 'Bhopal', 'Jabalpur', 'Gwalior', 'Sagar', 'Rewa'] },
  rajasthan: { weight: 6, districts: 50, named: ['Jaipur', 'Jodhpur', 'Alwar', 'Udaipur', 'Ajmer', 'Bikaner', 'Kota'] },
  'tamil-nadu': { weight: 6, districts: 38, named: ['Chennai', 'Coimbatore', 'Madurai', 'Tiruchirappalli', 'Salem', 'Tirunelveli'] },
  karnataka: { weight: 5, districts: 31, named: ['Bengaluru Urban', 'Belagavi', 'Mysuru', 'Kalaburagi', 'Tumakuru'] },
  gujarat: { weight: 5, districts: 33, named: ['Ahmedabad', 'Surat', 'Vadodara', 'Rajkot', 'Banaskantha'] },
  'andhra-pradesh': { weight: 4, districts: 26, named: ['Visakhapatnam', 'Guntur', 'Krishna', 'Kurnool'] },
  odisha: { weight: 3.5, districts: 30, named: ['Khordha', 'Cuttack', 'Ganjam', 'Mayurbhanj'] },
  telangana: { weight: 3, districts: 33, named: ['Hyderabad', 'Rangareddy', 'Medchal-Malkajgiri', 'Warangal'] },
  kerala: { weight: 2.8, districts: 14, named: ['Thiruvananthapuram', 'Ernakulam', 'Kozhikode', 'Malappuram', 'Thrissur'] },
  jharkhand: { weight: 2.7, districts: 24, named: ['Ranchi', 'Dhanbad', 'Giridih', 'East Singhbhum'] },
  assam: { weight: 2.6, districts: 35, named: ['Kamrup Metropolitan', 'Nagaon', 'Dhubri', 'Cachar'] },
  punjab: { weight: 2.3, districts: 23, named: ['Ludhiana', 'Amritsar', 'Jalandhar', 'Patiala'] },
  chhattisgarh: { weight: 2.1, districts: 33, named: ['Raipur', 'Bilaspur', 'Durg', 'Rajnandgaon'] },
  haryana: { weight: 2.1, districts: 22, named: ['Faridabad', 'Gurugram', 'Hisar', 'Panipat'] },
  delhi: { weight: 1.5, districts: 11, named: ['North West Delhi', 'South Delhi', 'East Delhi', 'West Delhi'] },
  'jammu-and-kashmir': { weight: 1, districts: 20, named: ['Jammu', 'Srinagar', 'Anantnag', 'Baramulla'] },
  uttarakhand: { weight: 0.8, districts: 13, named: ['Dehradun', 'Haridwar', 'Udham Singh Nagar', 'Nainital'] },
  'himachal-pradesh': { weight: 0.6, districts: 12, named: ['Kangra', 'Mandi', 'Shimla'] },
  tripura: { weight: 0.3, districts: 8, named: ['West Tripura'] },
  meghalaya: { weight: 0.25, districts: 12, named: ['East Khasi Hills'] },
  manipur: { weight: 0.25, districts: 16, named: ['Imphal West'] },
  nagaland: { weight: 0.16, districts: 16, named: ['Dimapur'] },
  goa: { weight: 0.12, districts: 2, named: ['North Goa', 'South Goa'] },
  'arunachal-pradesh': { weight: 0.11, districts: 26, named: ['Papum Pare'] },
  puducherry: { weight: 0.1, districts: 4, named: ['Puducherry', 'Karaikal'] },
  mizoram: { weight: 0.09, districts: 11, named: ['Aizawl'] },
  chandigarh: { weight: 0.09, districts: 1, named: ['Chandigarh'] },
  sikkim: { weight: 0.05, districts: 6, named: ['Gangtok'] },
  'dadra-and-nagar-haveli-and-daman-and-diu': { weight: 0.05, districts: 3, named: ['Dadra and Nagar Haveli', 'Daman', 'Diu'] },
  'andaman-and-nicobar-islands': { weight: 0.03, districts: 3, named: ['South Andaman'] },
  ladakh: { weight: 0.02, districts: 2, named: ['Leh', 'Kargil'] },
  lakshadweep: { weight: 0.005, districts: 1, named: ['Lakshadweep'] },
};

const GIRL_NAMES = [
  'Priya', 'Anjali', 'Pooja', 'Sneha', 'Kavya', 'Aarohi', 'Ananya', 'Diya', 'Ishita', 'Khushi', 'Lakshmi', 'Meera', 'Nandini', 'Neha',
  'Radha', 'Riya', 'Sakshi', 'Saanvi', 'Shreya', 'Simran', 'Sita', 'Sunita', 'Tanvi', 'Vaishnavi', 'Aditi', 'Bhavya', 'Chitra', 'Divya',
  'Gauri', 'Harini', 'Jyoti', 'Kajal', 'Komal', 'Madhu', 'Nisha', 'Pallavi', 'Rani', 'Roshni', 'Sangeeta', 'Shalini', 'Swati', 'Usha',
  'Asha', 'Durga', 'Geeta', 'Kiran', 'Manisha', 'Preeti', 'Rekha', 'Savita', 'Anushka', 'Myra', 'Aadhya', 'Pari', 'Navya', 'Kiara',
];
const MEN_NAMES = [
  'Ramesh', 'Suresh', 'Rajesh', 'Mahesh', 'Dinesh', 'Mukesh', 'Sanjay', 'Vijay', 'Ajay', 'Anil', 'Sunil', 'Manoj', 'Santosh', 'Ravi',
  'Ashok', 'Pramod', 'Vinod', 'Rakesh', 'Amit', 'Rahul', 'Deepak', 'Pankaj', 'Arjun', 'Gopal', 'Krishna', 'Murugan', 'Senthil', 'Prakash',
  'Venkatesh', 'Sridhar', 'Harish', 'Naresh', 'Bharat', 'Kishore', 'Satish', 'Umesh', 'Yogesh', 'Abdul', 'Imran', 'Joseph',
];
const WOMEN_NAMES = ['Sita', 'Gita', 'Savitri', 'Kamala', 'Lalita', 'Pushpa', 'Sarita', 'Meena', 'Rekha', 'Suman', 'Anita', 'Radha', 'Lata', 'Poonam', 'Shanti', 'Usha'];
const SURNAMES = [
  'Kumar', 'Kumari', 'Singh', 'Yadav', 'Sharma', 'Verma', 'Gupta', 'Prasad', 'Das', 'Devi', 'Patel', 'Mishra', 'Pandey', 'Tiwari', 'Reddy',
  'Naidu', 'Iyer', 'Nair', 'Pillai', 'Shinde', 'Patil', 'Jadhav', 'Mandal', 'Mahato', 'Paswan', 'Chauhan', 'Rathore', 'Meena', 'Khan', 'Ansari',
];

export interface District {
  state: IndianState;
  district: string;
}

/** Chooses among weights with a random number in [0, 1). */
function weighted<T>(items: readonly T[], weights: readonly number[]): (u: number) => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight));
  return (u) => {
    const target = u * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return items[low]!;
  };
}

const stateOf = weighted(
  INDIAN_STATES,
  INDIAN_STATES.map((state) => STATES[state].weight),
);

const districtPickers = new Map<IndianState, (u: number) => string>(
  INDIAN_STATES.map((state) => {
    const { districts, named = [] } = STATES[state];
    const short = state
      .split('-')
      .map((word) => word[0]!.toUpperCase())
      .join('');
    const names = Array.from({ length: districts }, (_, k) => named[k] ?? `${short} District ${k + 1}`);
    return [state, weighted(names, names.map((_, k) => 1 / (k + 1) ** 0.8))];
  }),
);

export function pickDistrict(random: () => number): District {
  const state = stateOf(random());
  return { state, district: districtPickers.get(state)!(random()) };
}

/** The number of distinct districts the bench may use (for the printout). */
export const DISTRICT_COUNT = INDIAN_STATES.reduce((sum, state) => sum + STATES[state].districts, 0);

/** Ages 0–14; registration soon after birth is the most common. */
export const pickAge = weighted(
  Array.from({ length: 15 }, (_, age) => age),
  Array.from({ length: 15 }, (_, age) => (age === 0 ? 2.5 : age < 5 ? 1.3 : 1)),
);

function one<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

export interface Applicant {
  girlName: string;
  fatherName: string;
  motherName: string;
  phone: string;
  aadhaar: string | null;
  email: string | null;
}

export function pickApplicant(random: () => number): Applicant {
  const family = one(SURNAMES, random);
  const girlSurname = family === 'Kumar' ? 'Kumari' : family;
  const digits = Array.from({ length: 11 }, (_, i) => (i === 0 ? 2 + Math.floor(random() * 8) : Math.floor(random() * 10))).join('');
  return {
    girlName: `${one(GIRL_NAMES, random)} ${girlSurname}`,
    fatherName: `${one(MEN_NAMES, random)} ${family}`,
    motherName: `${one(WOMEN_NAMES, random)} Devi`,
    phone: `${6 + Math.floor(random() * 4)}${String(Math.floor(random() * 1_000_000_000)).padStart(9, '0')}`,
    // Most families have the girl's Aadhaar number; it is optional.
    aadhaar: random() < 0.7 ? `${digits}${verhoeffCheckDigit(digits)}` : null,
    email: random() < 0.2 ? `family${Math.floor(random() * 1e9)}@example.in` : null,
  };
}

/** YYYY-MM-DD of a moment in India, as the product dates a birth or a day (not the UTC date: issue 36). */
export function isoDate(date: Date): string {
  return indiaToday(date);
}
