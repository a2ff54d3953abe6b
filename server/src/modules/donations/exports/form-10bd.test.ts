import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DONATION_CAUSES, DONATION_MODES, DONATION_TYPES, REFERENCE_ALPHABET } from '../donation-fields.schema.ts';
import {
  DONATION_TYPE_LABELS,
  ERASED_DONOR_NAME,
  FORM_10BD_COLUMNS,
  UNFILEABLE_COLUMNS,
  cleanAddress,
  form10BDCsv,
  form10BDRows,
  latinNameOf,
  modeOfReceiptOf,
  normaliseIdNumber,
  templateDate,
  unfileableCsv,
  type DonorIdKind,
  type Form10BDDonation,
} from './form-10bd.ts';
import { financialYearOf, financialYearRange } from '../receipts/receipt-serial.ts';

const options = { financialYear: '2026-27', sectionCode: '80G' as const };
const foundation = { urn: 'AAATS1234FF20214', urnIssuedOn: '2021-09-24' };
const ELECTRONIC = 'Electronic modes including account payee cheque/draft';
const BOM = '\uFEFF';

let nextReference = 0;
/** A fresh, valid reference per call: 'AAAAAAAB', 'AAAAAAAC', … */
function newReference(): string {
  let n = ++nextReference;
  let text = '';
  for (let i = 0; i < 8; i++) {
    text = REFERENCE_ALPHABET[n % REFERENCE_ALPHABET.length] + text;
    n = Math.floor(n / REFERENCE_ALPHABET.length);
  }
  return text;
}

function donation(overrides: Partial<Form10BDDonation> = {}): Form10BDDonation {
  return {
    reference: newReference(),
    receivedOn: '2026-06-15',
    amountPaise: 1_000_00,
    mode: 'upi',
    cause: 'general',
    donationType: 'others',
    donorKey: 'key-sunita',
    donorName: 'Sunita Devi',
    donorPanName: null,
    donorAddress: '12 MI Road, Jaipur',
    donorId: { kind: 'pan', number: 'ABCDE1234F' },
    ...overrides,
  };
}

function parseCsv(csv: string): string[][] {
  return parse(csv, { bom: true, record_delimiter: '\r\n' });
}

// --- generators -----------------------------------------------------------------------------

const DONOR_ID_KINDS: DonorIdKind[] = ['pan', 'aadhaar', 'tin', 'passport', 'voter-id', 'driving-licence', 'ration-card'];

/** A few IDs only, typed in different cases and with stray spaces, so that donors collide often. */
const arbitraryIdNumber = fc
  .tuple(fc.constantFrom('ABCDE1234F', 'PQRSZ9876K', '123456789012'), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), fc.nat(12))
  .map(([id, lower, spaceAt]) => {
    const typed = [...id].map((char, i) => (lower[i] ? char.toLowerCase() : char)).join('');
    return `${typed.slice(0, spaceAt)} ${typed.slice(spaceAt)} `;
  });

/** Mostly PANs, so that one donor often has several gifts of a kind. */
const arbitraryIdKind = fc.oneof({ arbitrary: fc.constant<DonorIdKind>('pan'), weight: 4 }, { arbitrary: fc.constantFrom(...DONOR_ID_KINDS), weight: 1 });
const arbitraryDonorId = fc.option(fc.record({ kind: arbitraryIdKind, number: arbitraryIdNumber }), { freq: 4 });

const DAY_MS = 86_400_000;
/** 2025-03-01 … 2028-05-31: three financial years and the edges of each. */
const arbitraryDate = fc.oneof(
  fc.integer({ min: Date.UTC(2025, 2, 1) / DAY_MS, max: Date.UTC(2028, 4, 31) / DAY_MS }).map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10)),
  fc.constantFrom('2026-03-31', '2026-04-01', '2027-03-31', '2027-04-01'),
);

const arbitraryDonation: fc.Arbitrary<Form10BDDonation> = fc.record({
  reference: fc.string({ unit: fc.constantFrom(...REFERENCE_ALPHABET), minLength: 8, maxLength: 8 }),
  receivedOn: arbitraryDate,
  amountPaise: fc.integer({ min: 1, max: 10_00_000_00 }),
  mode: fc.constantFrom(...DONATION_MODES),
  cause: fc.constantFrom(...DONATION_CAUSES),
  donationType: fc.constantFrom(...DONATION_TYPES),
  donorKey: fc.option(fc.constantFrom('key-1', 'key-2', 'key-3')),
  donorName: fc.option(fc.constantFrom('Sunita Devi', 'सुनीता देवी', 'Ravi Kumar', 'ravi kumar', 'कृष्ण श्रीवास्तव')),
  donorPanName: fc.option(fc.constantFrom('SUNITA DEVI', 'Krishna Shrivastava'), { freq: 2 }),
  donorAddress: fc.option(fc.constantFrom('Jaipur', 'जयपुर\nराजस्थान', '1 Main Road')),
  donorId: arbitraryDonorId,
});

const arbitraryDonations = fc.uniqueArray(arbitraryDonation, { selector: (d) => d.reference, maxLength: 60 });
const arbitraryYear = fc.constantFrom('2025-26', '2026-27', '2027-28');

function sum(amounts: number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

// --- properties -----------------------------------------------------------------------------

describe('Form 10BD rows, for any list of donations', () => {
  it('keeps every paisa received in the year: the rows and the list of gifts that cannot be filed add up to the year’s donations', () => {
    fc.assert(
      fc.property(arbitraryDonations, arbitraryYear, (donations, financialYear) => {
        const { rows, unfileable } = form10BDRows(donations, { financialYear, sectionCode: '80G' });
        const inYear = donations.filter((d) => financialYearOf(d.receivedOn) === financialYear);
        expect(sum(rows.map((row) => row.amountPaise)) + sum(unfileable.map((row) => row.amountPaise))).toBe(sum(inYear.map((d) => d.amountPaise)));
      }),
    );
  });

  it('has exactly one row per donor ID, donation type and mode of receipt, once every donor has a name as on the PAN', () => {
    fc.assert(
      fc.property(arbitraryDonations, arbitraryYear, (given, financialYear) => {
        const donations = given.map((d) => ({ ...d, donorPanName: 'Sunita Devi' }));
        const { rows } = form10BDRows(donations, { financialYear, sectionCode: '80G' });
        const expected = new Set(
          donations
            .filter((d) => financialYearOf(d.receivedOn) === financialYear && d.donorId)
            // Spelled out here rather than through normaliseIdNumber, so that a broken normalisation fails.
            .map((d) => JSON.stringify([d.donorId?.kind, d.donorId?.number.replace(/\s/g, '').toUpperCase(), DONATION_TYPE_LABELS[d.donationType], modeOfReceiptOf(d.mode)])),
        );
        const keys = rows.map((row) => JSON.stringify([row.idKind, row.idNumber, row.donationType, row.modeOfReceipt]));
        expect(keys).toHaveLength(expected.size);
        expect(new Set(keys)).toEqual(expected);
        expect(rows.map((row) => row.serialNumber)).toEqual(rows.map((_, index) => index + 1));
      }),
    );
  });

  it('never puts cash and other modes in one row, and adds up exactly the row’s donations', () => {
    fc.assert(
      fc.property(arbitraryDonations, arbitraryYear, (donations, financialYear) => {
        const byReference = new Map(donations.map((d) => [d.reference, d]));
        for (const row of form10BDRows(donations, { financialYear, sectionCode: '80G' }).rows) {
          const gifts = row.references.map((reference) => byReference.get(reference));
          const modes = new Set(gifts.map((gift) => gift?.mode === 'cash'));
          expect(modes).toEqual(new Set([row.modeOfReceipt === 'Cash']));
          expect(sum(gifts.map((gift) => gift?.amountPaise ?? Number.NaN))).toBe(row.amountPaise);
        }
      }),
    );
  });

  it('lists each donation of the year once, in a row or apart, and none received outside the year', () => {
    fc.assert(
      fc.property(arbitraryDonations, arbitraryYear, (donations, financialYear) => {
        const { rows, unfileable } = form10BDRows(donations, { financialYear, sectionCode: '80G' });
        const outside = new Set(donations.filter((d) => financialYearOf(d.receivedOn) !== financialYear).map((d) => d.reference));
        const listed = [...rows.flatMap((row) => row.references), ...unfileable.map((row) => row.reference)];
        expect(new Set(listed).size).toBe(listed.length);
        expect(listed.filter((reference) => outside.has(reference))).toEqual([]);
        expect(listed).toHaveLength(donations.length - outside.size);
      }),
    );
  });

  it('files only names in Latin letters, and the name as on the PAN whenever a gift of the row has one', () => {
    fc.assert(
      fc.property(arbitraryDonations, arbitraryYear, (donations, financialYear) => {
        const byReference = new Map(donations.map((d) => [d.reference, d]));
        for (const row of form10BDRows(donations, { financialYear, sectionCode: '80G' }).rows) {
          expect(row.donorName).toMatch(/^[A-Za-z][A-Za-z .'-]*$/);
          const panNames = row.references.map((reference) => byReference.get(reference)?.donorPanName).filter(Boolean);
          if (panNames.length > 0) expect(panNames).toContain(row.donorName);
        }
      }),
    );
  });

  it('gives the same rows and list whatever the order of the donations', () => {
    const withShuffle = arbitraryDonations.chain((donations) =>
      fc.tuple(fc.constant(donations), fc.shuffledSubarray(donations, { minLength: donations.length, maxLength: donations.length })),
    );
    fc.assert(
      fc.property(withShuffle, arbitraryYear, ([donations, shuffled], financialYear) => {
        const settings = { financialYear, sectionCode: '80G' as const };
        expect(form10BDRows(shuffled, settings)).toEqual(form10BDRows(donations, settings));
      }),
    );
  });
});

// --- examples -------------------------------------------------------------------------------

describe('Form 10BD rows', () => {
  it('takes a PAN typed in lower case with spaces and the same PAN in capitals as one donor, whatever the e-mail', () => {
    const first = donation({ donorKey: 'key-a', donorId: { kind: 'pan', number: ' abcde 1234f' }, amountPaise: 500_00 });
    const second = donation({ donorKey: 'key-b', donorId: { kind: 'pan', number: 'ABCDE1234F' }, amountPaise: 1_500_25 });
    const { rows } = form10BDRows([first, second], options);
    expect(rows).toEqual([
      {
        serialNumber: 1,
        idKind: 'pan',
        idCode: 'Permanent Account Number',
        idNumber: 'ABCDE1234F',
        sectionCode: 'Section 80G',
        donorName: 'Sunita Devi',
        donorAddress: '12 MI Road, Jaipur',
        donationType: 'Others',
        modeOfReceipt: ELECTRONIC,
        amountPaise: 2_000_25,
        references: [first.reference, second.reference].sort(),
      },
    ]);
  });

  it('keeps two donors of the same name with different PANs apart', () => {
    const { rows } = form10BDRows(
      [donation({ donorId: { kind: 'pan', number: 'ABCDE1234F' } }), donation({ donorId: { kind: 'pan', number: 'PQRSZ9876K' } })],
      options,
    );
    expect(rows.map((row) => [row.donorName, row.idNumber])).toEqual([
      ['Sunita Devi', 'ABCDE1234F'],
      ['Sunita Devi', 'PQRSZ9876K'],
    ]);
  });

  it('keeps the same number under two kinds of ID apart', () => {
    const { rows } = form10BDRows([donation({ donorId: { kind: 'passport', number: 'Z1234567' } }), donation({ donorId: { kind: 'tin', number: 'Z1234567' } })], options);
    expect(rows.map((row) => row.idCode)).toEqual(['Passport number', 'Tax Identification Number']);
  });

  it('reports a donor’s cash gift and UPI gift as two rows, cash apart', () => {
    const { rows } = form10BDRows([donation({ mode: 'cash', amountPaise: 2_000_00 }), donation({ mode: 'upi', amountPaise: 5_000_00 })], options);
    expect(rows.map((row) => [row.modeOfReceipt, row.amountPaise])).toEqual([
      ['Cash', 2_000_00],
      [ELECTRONIC, 5_000_00],
    ]);
  });

  it('adds up UPI, bank transfers, cheques and drafts as one electronic row of a type', () => {
    const gifts = (['upi', 'bank-transfer', 'cheque', 'dd'] as const).map((mode) => donation({ mode, amountPaise: 100_00 }));
    const { rows } = form10BDRows(gifts, options);
    expect(rows.map((row) => [row.modeOfReceipt, row.amountPaise, row.references.length])).toEqual([[ELECTRONIC, 400_00, 4]]);
  });

  it('reports each gift as the type finance chose at verification, whatever its cause, one row per type', () => {
    const { rows } = form10BDRows(
      [
        donation({ cause: 'general', donationType: 'corpus' }),
        donation({ cause: 'medical', donationType: 'others' }),
        donation({ cause: 'kanyadan', donationType: 'specific-grant' }),
        donation({ cause: 'general', donationType: 'specific-grant', amountPaise: 500_00 }),
      ],
      options,
    );
    expect(rows.map((row) => [row.donationType, row.amountPaise])).toEqual([
      ['Corpus', 1_000_00],
      ['Specific grant', 1_500_00],
      ['Others', 1_000_00],
    ]);
  });

  it('writes the section code held in settings as the template names it, whatever the receipts’ label', () => {
    for (const [code, label] of [
      ['80G', 'Section 80G'],
      ['35(1)(ii)', 'Section 35(1)(ii)'],
      ['35(1)(iia)', 'Section 35(1)(iia)'],
      ['35(1)(iii)', 'Section 35(1)(iii)'],
    ] as const) {
      expect(form10BDRows([donation()], { ...options, sectionCode: code }).rows.map((row) => row.sectionCode)).toEqual([label]);
    }
  });

  it('names a donor who typed their name in Devanagari by their name as on the PAN, and lists the gift apart when there is none', () => {
    const kamla = donation({ donorName: 'श्रीमती कमला शर्मा', donorPanName: 'KAMLA SHARMA', donorId: { kind: 'pan', number: 'BKPPS4321K' } });
    const krishna = donation({ donorName: 'कृष्ण श्रीवास्तव', donorPanName: null, donorId: { kind: 'pan', number: 'CQRPS9876L' }, reference: 'KRSN2345' });
    const { rows, unfileable } = form10BDRows([kamla, krishna], options);
    expect(rows.map((row) => [row.donorName, row.idNumber])).toEqual([['KAMLA SHARMA', 'BKPPS4321K']]);
    expect(unfileable).toEqual([expect.objectContaining({ reference: 'KRSN2345', donorName: 'कृष्ण श्रीवास्तव', reason: 'no-latin-name' })]);
  });

  it('prefers the name as on the PAN to a Latin name as typed, and takes either from any gift of the row', () => {
    const typed = donation({ receivedOn: '2026-09-01', donorName: 'Sunita D.' });
    const older = donation({ receivedOn: '2026-05-01', donorName: 'सुनीता देवी', donorPanName: 'SUNITA DEVI' });
    expect(form10BDRows([typed, older], options).rows.map((row) => [row.donorName, row.amountPaise])).toEqual([['SUNITA DEVI', 2_000_00]]);
    const devanagariLatest = donation({ receivedOn: '2026-10-01', donorName: 'सुनीता देवी' });
    expect(form10BDRows([typed, devanagariLatest], options).rows.map((row) => row.donorName)).toEqual(['Sunita D.']);
  });

  it('names the row after the donor’s latest gift, by day and then reference', () => {
    const old = donation({ receivedOn: '2026-04-10', donorName: 'S. Devi', donorAddress: 'Old address' });
    const latest = donation({ receivedOn: '2026-09-01', donorName: 'Sunita Devi', donorAddress: 'New address\nJaipur' });
    const sameDayEarlierReference = donation({ receivedOn: '2026-09-01', reference: '22222222', donorName: 'Sunita D.' });
    const { rows } = form10BDRows([old, sameDayEarlierReference, latest], options);
    expect(rows.map((row) => [row.donorName, row.donorAddress])).toEqual([['Sunita Devi', 'New address, Jaipur']]);
  });

  it('lists apart a row whose donor was erased, with the reason, and takes the name of a gift that kept it', () => {
    const erased = donation({ receivedOn: '2026-12-01', donorName: null, donorAddress: null, donorKey: null, reference: 'ERAS2345' });
    const kept = donation({ receivedOn: '2026-05-01', donorName: 'Sunita Devi', donorAddress: 'Jaipur' });
    expect(form10BDRows([erased], options)).toEqual({
      rows: [],
      unfileable: [{ reference: 'ERAS2345', receivedOn: '2026-12-01', amountPaise: 1_000_00, mode: 'upi', cause: 'general', donorName: ERASED_DONOR_NAME, reason: 'donor-erased' }],
    });
    expect(form10BDRows([erased, kept], options).rows).toMatchObject([{ donorName: 'Sunita Devi', donorAddress: 'Jaipur', amountPaise: 2_000_00 }]);
  });

  it('lists each gift without a donor ID for staff, erased names shown as such, and leaves it out of the rows', () => {
    const noId = donation({ donorId: null, reference: 'ABCD2345', receivedOn: '2026-07-01', amountPaise: 750_50, mode: 'cash', cause: 'education' });
    const blankId = donation({ donorId: { kind: 'pan', number: '  ' }, reference: 'ABCD2346', receivedOn: '2026-07-01', donorName: null });
    const sameDonorAgain = donation({ donorId: null, reference: 'ABCD2344', receivedOn: '2026-08-01' });
    const { rows, unfileable } = form10BDRows([sameDonorAgain, blankId, noId], options);
    expect(rows).toEqual([]);
    expect(unfileable).toEqual([
      { reference: 'ABCD2345', receivedOn: '2026-07-01', amountPaise: 750_50, mode: 'cash', cause: 'education', donorName: 'Sunita Devi', reason: 'no-id' },
      { reference: 'ABCD2346', receivedOn: '2026-07-01', amountPaise: 1_000_00, mode: 'upi', cause: 'general', donorName: ERASED_DONOR_NAME, reason: 'no-id' },
      { reference: 'ABCD2344', receivedOn: '2026-08-01', amountPaise: 1_000_00, mode: 'upi', cause: 'general', donorName: 'Sunita Devi', reason: 'no-id' },
    ]);
  });

  it('counts 1 April to 31 March only', () => {
    const { rows } = form10BDRows(
      ['2026-03-31', '2026-04-01', '2027-03-31', '2027-04-01'].map((receivedOn) => donation({ receivedOn, amountPaise: 1_00 })),
      options,
    );
    expect(rows.map((row) => row.amountPaise)).toEqual([2_00]);
  });

  it('sorts rows by donor name, then ID, type and mode, and numbers them', () => {
    const { rows } = form10BDRows(
      [
        donation({ donorName: 'Ravi Kumar', donorId: { kind: 'pan', number: 'PQRSZ9876K' }, mode: 'cash' }),
        donation({ donorName: 'Ravi Kumar', donorId: { kind: 'pan', number: 'PQRSZ9876K' }, cause: 'medical', donationType: 'specific-grant' }),
        donation({ donorName: 'Amit Shah', donorId: { kind: 'aadhaar', number: '1234 5678 9012' } }),
        donation({ donorName: 'Ravi Kumar', donorId: { kind: 'pan', number: 'AAAAA0000A' } }),
      ],
      options,
    );
    expect(rows.map((row) => [row.serialNumber, row.donorName, row.idNumber, row.donationType, row.modeOfReceipt])).toEqual([
      [1, 'Amit Shah', '123456789012', 'Others', ELECTRONIC],
      [2, 'Ravi Kumar', 'AAAAA0000A', 'Others', ELECTRONIC],
      [3, 'Ravi Kumar', 'PQRSZ9876K', 'Specific grant', ELECTRONIC],
      [4, 'Ravi Kumar', 'PQRSZ9876K', 'Others', 'Cash'],
    ]);
  });

  it('refuses an amount that is not a whole, positive number of paise, and a malformed year', () => {
    expect(() => form10BDRows([donation({ amountPaise: 10.5 })], options)).toThrow(RangeError);
    expect(() => form10BDRows([donation({ amountPaise: 0 })], options)).toThrow(RangeError);
    expect(() => form10BDRows([], { ...options, financialYear: '2026-2027' })).toThrow(RangeError);
  });
});

describe('financial year range', () => {
  it('runs from 1 April to 31 March', () => {
    expect(financialYearRange('2026-27')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(financialYearRange('2099-00')).toEqual({ from: '2099-04-01', to: '2100-03-31' });
    expect(financialYearRange('1999-00')).toEqual({ from: '1999-04-01', to: '2000-03-31' });
  });

  it('agrees with financialYearOf on both ends', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1901, max: 2998 }), (start) => {
        const year = financialYearOf(`${start}-06-01`);
        const { from, to } = financialYearRange(year);
        expect([financialYearOf(from), financialYearOf(to)]).toEqual([year, year]);
        expect(financialYearOf(`${start}-03-31`)).not.toBe(year);
      }),
    );
  });

  it('refuses anything else', () => {
    for (const bad of ['2026-28', '2026-26', '2026-2027', '26-27', '2026/27', ' 2026-27', '2026-27 ', '', 'abcd-ef', '2099-100']) {
      expect(() => financialYearRange(bad), bad).toThrow(RangeError);
    }
  });
});

describe('ID numbers', () => {
  it('are compared in upper case without white space, hyphens kept (driving licences carry them)', () => {
    expect(normaliseIdNumber(' abcde 1234f\t')).toBe('ABCDE1234F');
    expect(normaliseIdNumber('1234 5678 9012')).toBe('123456789012');
    expect(normaliseIdNumber('mh-12 2011-0012345')).toBe('MH-122011-0012345');
  });
});

describe('mode of receipt', () => {
  it('is cash for cash and electronic for every other mode', () => {
    expect(DONATION_MODES.map(modeOfReceiptOf)).toEqual([ELECTRONIC, ELECTRONIC, 'Cash', ELECTRONIC, ELECTRONIC, ELECTRONIC]);
  });
});

// --- addresses, names, dates -----------------------------------------------------------------

describe('addresses as the template’s one cell takes them', () => {
  it('joins lines and parts once with ", ", without empty parts, doubled commas, separators at the ends or doubled spaces', () => {
    expect(cleanAddress('12,  MI Road,,\n\nJaipur ,\r\nRajasthan - 302001,')).toBe('12, MI Road, Jaipur, Rajasthan - 302001');
    expect(cleanAddress(' , ;\n- Flat 4B ;  Opp. Bank of Baroda.\nJaipur\t\t302001 ')).toBe('Flat 4B, Opp. Bank of Baroda., Jaipur 302001');
    expect(cleanAddress('म.न. 12, गली नं. 3,\nशर्मा कॉलोनी।\nजयपुर, राजस्थान')).toBe('म.न. 12, गली नं. 3, शर्मा कॉलोनी, जयपुर, राजस्थान');
    expect(cleanAddress(null)).toBe('');
    expect(cleanAddress(' ,\n, ')).toBe('');
  });

  it('never leaves an empty part, a doubled separator or a separator at either end, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'ब', ' ', ',', '\n', '\r', ';', '-', '.', '\t', '।') }), (text) => {
        const cleaned = cleanAddress(text);
        expect(cleaned).not.toMatch(/,\s*,|\s{2}|^[\s,;-]|[\s,;-]$|[\r\n\t]/);
      }),
    );
  });
});

describe('names as the template takes them', () => {
  it('are Latin letters with single spaces; Devanagari or mixed names are not', () => {
    expect(latinNameOf('  Kamla   Sharma ')).toBe('Kamla Sharma');
    expect(latinNameOf("D'Souza Anne-Marie")).toBe("D'Souza Anne-Marie");
    expect(latinNameOf('कमला शर्मा')).toBeNull();
    expect(latinNameOf('Kamla शर्मा')).toBeNull();
    expect(latinNameOf('')).toBeNull();
    expect(latinNameOf(null)).toBeNull();
  });
});

describe('dates as the template takes them', () => {
  it('are DD-MM-YYYY, and empty when settings hold none', () => {
    expect(templateDate('2021-09-24')).toBe('24-09-2021');
    expect(templateDate('')).toBe('');
    expect(() => templateDate('24/09/2021')).toThrow(RangeError);
  });
});

// --- CSV ------------------------------------------------------------------------------------

describe('Form 10BD CSV', () => {
  it('is, byte for byte, the UTF-8 byte-order mark, the template’s header and a row, with CRLF line ends', () => {
    const { rows } = form10BDRows(
      [
        donation({
          donorName: 'श्रीमती कमला शर्मा',
          donorPanName: 'KAMLA SHARMA',
          donorId: { kind: 'pan', number: 'bkpps 4321k' },
          donorAddress: 'म.न. 12,, गली नं. 3\n\nजयपुर ,  राजस्थान - 302001,',
          amountPaise: 12_500_50,
        }),
      ],
      { ...options, sectionCode: '35(1)(iia)' },
    );
    const csv = form10BDCsv(rows, foundation);
    const expected =
      '\uFEFF' +
      'Sl. No.,Pre Acknowledgement Number,ID Code,Unique Identification Number,Section Code,Unique Registration Number (URN),Date of Issuance of Unique Registration Number,Name of donor,Address of donor,Donation Type,Mode of receipt,Amount of donation (Indian rupees)\r\n' +
      '1,,Permanent Account Number,BKPPS4321K,Section 35(1)(iia),AAATS1234FF20214,24-09-2021,KAMLA SHARMA,"म.न. 12, गली नं. 3, जयपुर, राजस्थान - 302001",Others,Electronic modes including account payee cheque/draft,12500.50\r\n';
    expect(Buffer.from(csv, 'utf8')).toEqual(Buffer.from(expected, 'utf8'));
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parseCsv(csv)[0]).toEqual([...FORM_10BD_COLUMNS]);
  });

  it('writes the template’s columns, the URN and its date from settings, and rupees with two decimals', () => {
    const { rows } = form10BDRows(
      [donation({ amountPaise: 12_500_00 }), donation({ amountPaise: 50 }), donation({ mode: 'cash', amountPaise: 1_999_99 }), donation({ donorId: null })],
      options,
    );
    expect(parseCsv(form10BDCsv(rows, foundation)).slice(1)).toEqual([
      ['1', '', 'Permanent Account Number', 'ABCDE1234F', 'Section 80G', 'AAATS1234FF20214', '24-09-2021', 'Sunita Devi', '12 MI Road, Jaipur', 'Others', 'Cash', '1999.99'],
      ['2', '', 'Permanent Account Number', 'ABCDE1234F', 'Section 80G', 'AAATS1234FF20214', '24-09-2021', 'Sunita Devi', '12 MI Road, Jaipur', 'Others', ELECTRONIC, '12500.50'],
    ]);
    // Settings without the URN's date yet: the cell is empty, not a made-up date.
    expect(parseCsv(form10BDCsv(rows, { urn: 'AAATS1234FF20214', urnIssuedOn: '' }))[1]?.[6]).toBe('');
  });

  it('carries the filed statement’s acknowledgement number in every row of a revised statement', () => {
    const { rows } = form10BDRows([donation(), donation({ mode: 'cash' })], options);
    const parsed = parseCsv(form10BDCsv(rows, { ...foundation, preAcknowledgementNumber: '123456789012345' })).slice(1);
    expect(parsed.map((row) => row[1])).toEqual(['123456789012345', '123456789012345']);
  });

  it('brings a Hindi address back intact', () => {
    const { rows } = form10BDRows([donation({ donorName: 'सुनीता देवी', donorPanName: 'SUNITA DEVI', donorAddress: 'जयपुर, राजस्थान' })], options);
    const [, row] = parseCsv(form10BDCsv(rows, foundation));
    expect(row?.slice(7, 9)).toEqual(['SUNITA DEVI', 'जयपुर, राजस्थान']);
  });

  it('neutralises an address a spreadsheet would run, with a leading apostrophe', () => {
    const addresses = ['=HYPERLINK("x")', '+91 Street', '@SUM(1)'];
    const { rows } = form10BDRows(
      addresses.map((donorAddress, i) => donation({ donorAddress, donorId: { kind: 'pan', number: `ABCDE123${i}F` } })),
      options,
    );
    const parsed = parseCsv(form10BDCsv(rows, foundation)).slice(1);
    expect(new Set(parsed.map((row) => row[8]))).toEqual(new Set(addresses.map((address) => `'${address}`)));
    expect(parsed.map((row) => row[11])).toEqual(addresses.map(() => '1000.00'));
  });

  it('writes only a header for a year without rows', () => {
    expect(parseCsv(form10BDCsv([], foundation))).toEqual([[...FORM_10BD_COLUMNS]]);
  });
});

describe('CSV of the gifts that cannot be filed', () => {
  it('lists each gift with its reference as people read it and the reason, in the same file format', () => {
    const { unfileable } = form10BDRows(
      [
        donation({ donorId: null, reference: 'ABCD2345', receivedOn: '2026-07-01', amountPaise: 750_50, mode: 'cash', cause: 'education', donorName: 'सुनीता देवी' }),
        donation({ donorId: null, reference: 'WXYZ6789', receivedOn: '2026-08-01', donorName: null }),
        donation({ donorId: null, reference: 'PQRS2345', receivedOn: '2026-09-01', donorName: '@SUM(1)' }),
        donation({ reference: 'KRSN2345', receivedOn: '2026-10-01', donorName: 'कृष्ण श्रीवास्तव' }),
      ],
      options,
    );
    const csv = unfileableCsv(unfileable);
    expect(csv.startsWith(BOM)).toBe(true);
    const noId = 'No PAN or other ID of the donor: ask the donor and record one';
    expect(parseCsv(csv)).toEqual([
      [...UNFILEABLE_COLUMNS],
      ['ABCD-2345', '2026-07-01', '750.50', 'cash', 'education', 'सुनीता देवी', noId],
      ['WXYZ-6789', '2026-08-01', '1000.00', 'upi', 'general', '(erased)', noId],
      ['PQRS-2345', '2026-09-01', '1000.00', 'upi', 'general', "'@SUM(1)", noId],
      ['KRSN-2345', '2026-10-01', '1000.00', 'upi', 'general', 'कृष्ण श्रीवास्तव', 'No name in English letters: record the name as on the PAN'],
    ]);
  });
});
