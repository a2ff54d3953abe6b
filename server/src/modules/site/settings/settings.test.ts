import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Recorded } from '#server/event-store/types';
import { deciderSpec, deepFreeze, refusalOf } from '#server/testing/deciders/decider-spec';
import type { SettingsChanged } from '../site.events.ts';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';
import { MONEY_SETTINGS, MONEY_SETTINGS_FINANCE_ONLY, OTHER_SETTINGS_SETTINGS_STAFF_ONLY, type TSettings } from './settings.schema.ts';
import { APPROVAL_VALIDITY_ORDER, decideSettingsChange, MERCHANT_CODE_REQUIRED, SETTINGS_CONFLICT } from './settings.decider.ts';

const now = new Date('2026-03-16T17:00:00.000Z');
const changedAt = now.toISOString();

/** The settings in force at version 4, as getSettings reads them. */
const state = deepFreeze({ version: 4, settings: { ...DEFAULT_SETTINGS, phone: '+91 98765 43210', isInviteOnly: true } });

/** The state is the settings read model with the stream version it reflects. */
describe('decideSettingsChange', () => {
  it('given settings at version 4, when a save over version 4 changes two of them, then only those two are recorded', () => {
    expect(
      decideSettingsChange({ expectedVersion: 4, changes: { phone: '+91 99999 00000', isInviteOnly: false, receiptPrefix: DEFAULT_SETTINGS.receiptPrefix }, now, mayChangeMoney: true, mayChangeOther: true }, state),
    ).toEqual([{ type: 'SettingsChanged', data: { changes: { phone: '+91 99999 00000', isInviteOnly: false }, changedAt } }]);
  });

  it('given settings, when one language of a bilingual value changes, then the whole value is recorded', () => {
    const foundationName = { en: DEFAULT_SETTINGS.foundationName.en, hi: 'सहाय संस्था' };
    expect(decideSettingsChange({ expectedVersion: 4, changes: { foundationName }, now, mayChangeMoney: true, mayChangeOther: true }, state)).toEqual([
      { type: 'SettingsChanged', data: { changes: { foundationName }, changedAt } },
    ]);
  });

  it('given settings, when the form is saved with every value as it is (copies, not the same objects), then nothing is recorded', () => {
    const copies: Partial<TSettings> = structuredClone(state.settings);
    expect(decideSettingsChange({ expectedVersion: 4, changes: copies, now, mayChangeMoney: true, mayChangeOther: true }, state)).toEqual([]);
  });

  it('given settings, when a save changes nothing, then nothing is recorded', () => {
    expect(decideSettingsChange({ expectedVersion: 4, changes: {}, now, mayChangeMoney: true, mayChangeOther: true }, state)).toEqual([]);
  });

  it('given settings at version 4, when a save over version 3 arrives, then it is refused (someone else saved meanwhile)', () => {
    expect(refusalOf(() => decideSettingsChange({ expectedVersion: 3, changes: { phone: '+91 99999 00000' }, now, mayChangeMoney: true, mayChangeOther: true }, state))).toMatchObject({
      code: 'CONFLICT',
      userMessage: SETTINGS_CONFLICT,
    });
  });

  it('given settings at version 4, when a stale save changes nothing, then it is still refused, not silently accepted', () => {
    expect(refusalOf(() => decideSettingsChange({ expectedVersion: 5, changes: {}, now, mayChangeMoney: true, mayChangeOther: true }, state))).toMatchObject({ code: 'CONFLICT', userMessage: SETTINGS_CONFLICT });
  });

  it('given settings never saved (version 0), when the first save arrives over version 0, then it is recorded', () => {
    expect(decideSettingsChange({ expectedVersion: 0, changes: { isInviteOnly: false }, now, mayChangeMoney: true, mayChangeOther: true }, { version: 0, settings: DEFAULT_SETTINGS })).toEqual([
      { type: 'SettingsChanged', data: { changes: { isInviteOnly: false }, changedAt } },
    ]);
  });

  it('given an approval valid from 2026-04-01, when a save makes it end before that, then it is refused with the field named', () => {
    const withApproval = { version: 4, settings: { ...state.settings, approvalValidFrom: '2026-04-01' } };
    expect(refusalOf(() => decideSettingsChange({ expectedVersion: 4, changes: { approvalValidUntil: '2026-03-31' }, now, mayChangeMoney: false, mayChangeOther: true }, withApproval))).toMatchObject({
      code: 'BAD_REQUEST',
      userMessage: APPROVAL_VALIDITY_ORDER,
      fieldErrors: { approvalValidUntil: [APPROVAL_VALIDITY_ORDER] },
    });
    expect(decideSettingsChange({ expectedVersion: 4, changes: { approvalValidUntil: '2031-03-31' }, now, mayChangeMoney: false, mayChangeOther: true }, withApproval)).toEqual([
      { type: 'SettingsChanged', data: { changes: { approvalValidUntil: '2031-03-31' }, changedAt } },
    ]);
  });

  it('given a finance-only clerk, when they change a money setting it is recorded, and when anything else, refused with the reason', () => {
    expect(decideSettingsChange({ expectedVersion: 4, changes: { bankName: 'State Bank of India' }, now, mayChangeMoney: true, mayChangeOther: false }, state)).toEqual([
      { type: 'SettingsChanged', data: { changes: { bankName: 'State Bank of India' }, changedAt } },
    ]);
    // Sent unchanged beside it: not a change.
    expect(decideSettingsChange({ expectedVersion: 4, changes: { bankName: 'State Bank of India', phone: state.settings.phone }, now, mayChangeMoney: true, mayChangeOther: false }, state)).toHaveLength(1);
    expect(refusalOf(() => decideSettingsChange({ expectedVersion: 4, changes: { bankName: 'State Bank of India', phone: '+91 99999 00000' }, now, mayChangeMoney: true, mayChangeOther: false }, state))).toMatchObject({
      code: 'FORBIDDEN',
      userMessage: OTHER_SETTINGS_SETTINGS_STAFF_ONLY,
    });
  });

  it('refuses a merchant UPI ID without its merchant category code, and takes it with one (issue 33)', () => {
    const withUpi = { version: 4, settings: { ...DEFAULT_SETTINGS, upiVpa: 'sahay@sbi' } };
    expect(refusalOf(() => decideSettingsChange({ expectedVersion: 4, changes: { upiIsMerchant: true }, now, mayChangeMoney: true, mayChangeOther: false }, withUpi))).toMatchObject({
      code: 'BAD_REQUEST',
      userMessage: MERCHANT_CODE_REQUIRED,
      fieldErrors: { upiMerchantCode: [MERCHANT_CODE_REQUIRED] },
    });
    expect(decideSettingsChange({ expectedVersion: 4, changes: { upiIsMerchant: true, upiMerchantCode: '8398' }, now, mayChangeMoney: true, mayChangeOther: false }, withUpi)).toEqual([
      { type: 'SettingsChanged', data: { changes: { upiIsMerchant: true, upiMerchantCode: '8398' }, changedAt } },
    ]);
    // Clearing the code of a merchant VPA in force is refused too; clearing both is not.
    const merchant = { version: 4, settings: { ...withUpi.settings, upiIsMerchant: true, upiMerchantCode: '8398' } };
    expect(refusalOf(() => decideSettingsChange({ expectedVersion: 4, changes: { upiMerchantCode: '' }, now, mayChangeMoney: true, mayChangeOther: false }, merchant))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(decideSettingsChange({ expectedVersion: 4, changes: { upiIsMerchant: false, upiMerchantCode: '' }, now, mayChangeMoney: true, mayChangeOther: false }, merchant)).toHaveLength(1);
  });

  describe('properties', () => {
    const keys = Object.keys(DEFAULT_SETTINGS) as (keyof TSettings)[];
    /** Another value of the same shape as the setting's default. */
    const valueLike = (key: keyof TSettings): fc.Arbitrary<unknown> => {
      const sample = DEFAULT_SETTINGS[key];
      // The validity's two ends are drawn so that it never ends before it begins (that refusal has its own test).
      if (key === 'approvalValidFrom') return fc.constantFrom('', '2026-04-01', '2027-04-01');
      if (key === 'approvalValidUntil') return fc.constantFrom('', '2031-03-31', '2032-03-31');
      // A merchant VPA always has its code here (a merchant without one is refused: its own test).
      if (key === 'upiIsMerchant') return fc.constant(false);
      if (typeof sample === 'boolean') return fc.boolean();
      if (typeof sample === 'number') return fc.integer({ min: 0, max: 1_000_000 });
      if (typeof sample === 'string') return fc.constantFrom('', 'a', 'b');
      // A plain object, as parsed JSON is (fast-check's records have no prototype).
      return fc.record({ en: fc.constantFrom('', 'a', 'b'), hi: fc.constantFrom('', 'क', 'ख') }).map((value) => ({ ...value }));
    };
    const settingsArb: fc.Arbitrary<TSettings> = fc
      .tuple(...keys.map((key) => fc.option(valueLike(key), { nil: undefined })))
      .map((values) => {
        const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
        keys.forEach((key, index) => {
          if (values[index] !== undefined) settings[key] = values[index];
        });
        return settings as TSettings;
      });
    /** Some keys, each with a value drawn afresh (equal or not to the one in force) or a copy of the one in force. */
    const changesArb = (current: TSettings): fc.Arbitrary<Partial<TSettings>> =>
      fc.subarray(keys).chain((chosen) =>
        fc
          .tuple(...chosen.map((key) => fc.oneof(valueLike(key), fc.constant(structuredClone(current[key])))))
          .map((values) => Object.fromEntries(chosen.map((key, index) => [key, values[index]])) as Partial<TSettings>),
      );

    it('records exactly the keys whose values differ from those in force, with the new values', () => {
      fc.assert(
        fc.property(
          settingsArb.chain((current) => fc.tuple(fc.constant(current), changesArb(current))),
          ([current, changes]) => {
            const decided = decideSettingsChange({ expectedVersion: 7, changes, now, mayChangeMoney: true, mayChangeOther: true }, { version: 7, settings: current });
            const differing = Object.fromEntries(Object.entries(changes).filter(([key, value]) => !isDeepStrictEqual(current[key as keyof TSettings], value)));
            if (Object.keys(differing).length === 0) expect(decided).toEqual([]);
            else expect(decided).toEqual([{ type: 'SettingsChanged', data: { changes: differing, changedAt } }]);
          },
        ),
      );
    });

    it('refuses any save over a version other than the one in force', () => {
      fc.assert(
        fc.property(fc.nat(50), fc.nat(50), (version, expectedVersion) => {
          fc.pre(version !== expectedVersion);
          expect(refusalOf(() => decideSettingsChange({ expectedVersion, changes: { isInviteOnly: false }, now, mayChangeMoney: true, mayChangeOther: true }, { version, settings: DEFAULT_SETTINGS }))).toMatchObject({
            code: 'CONFLICT',
            userMessage: SETTINGS_CONFLICT,
          });
        }),
      );
    });
  });

  describe('where money goes is finance’s (issue 29)', () => {
    const moneyChanges: Partial<TSettings> = {
      upiVpa: 'someone.else@okaxis',
      upiPayeeName: 'Someone Else',
      bankAccountName: 'Someone Else',
      bankAccountNumber: '999988887777',
      bankIfsc: 'HDFC0000001',
      bankName: 'Another Bank',
      disbursementChargeBasisPoints: 5000,
      kanyadanFeePaise: 99_900,
      kanyadanBenefitMinPaise: 1,
      kanyadanBenefitMaxPaise: 10 ** 12,
      fcraBankAccountName: 'Someone Else',
      fcraBankAccountNumber: '40001234567',
      fcraBankIfsc: 'SBIN0000691',
      fcraBankName: 'State Bank of India, New Delhi Main Branch',
      upiIsMerchant: true,
      upiMerchantCode: '8398',
      upiPerPaymentCapPaise: 25_000_00,
    };

    it('refuses every money setting, alone or with others, to an admin without finance, writing nothing', () => {
      expect(Object.keys(moneyChanges).sort()).toEqual([...MONEY_SETTINGS].sort());
      for (const [key, value] of Object.entries(moneyChanges)) {
        expect(
          refusalOf(() => decideSettingsChange({ expectedVersion: 4, changes: { [key]: value, isInviteOnly: false }, now, mayChangeMoney: false, mayChangeOther: true }, state)),
          key,
        ).toMatchObject({ code: 'FORBIDDEN', userMessage: MONEY_SETTINGS_FINANCE_ONLY });
      }
    });

    it('lets finance change them, and lets anyone send a money setting unchanged with other changes', () => {
      expect(decideSettingsChange({ expectedVersion: 4, changes: moneyChanges, now, mayChangeMoney: true, mayChangeOther: true }, state)).toEqual([{ type: 'SettingsChanged', data: { changes: moneyChanges, changedAt } }]);
      expect(
        decideSettingsChange({ expectedVersion: 4, changes: { upiVpa: state.settings.upiVpa, disbursementChargeBasisPoints: state.settings.disbursementChargeBasisPoints, isInviteOnly: false }, now, mayChangeMoney: false, mayChangeOther: true }, state),
      ).toEqual([{ type: 'SettingsChanged', data: { changes: { isInviteOnly: false }, changedAt } }]);
    });
  });
});

describe('decideSettingsChange, given/when/then', () => {
  // The command decides on the read model (settings in force and the stream's version); folding the
  // stream's SettingsChanged over the defaults gives the same state.
  const spec = deciderSpec({
    decide: decideSettingsChange,
    evolve: (current: { version: number; settings: TSettings }, event: Recorded<SettingsChanged>) => ({
      version: event.streamVersion,
      settings: { ...current.settings, ...event.data.changes },
    }),
    initialState: { version: 0, settings: DEFAULT_SETTINGS },
  });
  const phone: SettingsChanged = { type: 'SettingsChanged', data: { changes: { phone: '+91 98765 43210' }, changedAt } };

  it('records what differs over the version loaded, nothing when nothing differs, and refuses a stale save or a money change without finance', () => {
    spec([phone]).when({ expectedVersion: 1, changes: { phone: '+91 99999 00000', isInviteOnly: DEFAULT_SETTINGS.isInviteOnly }, now, mayChangeMoney: false, mayChangeOther: true }).then([
      { type: 'SettingsChanged', data: { changes: { phone: '+91 99999 00000' }, changedAt } },
    ]);
    spec([phone]).when({ expectedVersion: 1, changes: { phone: '+91 98765 43210' }, now, mayChangeMoney: true, mayChangeOther: true }).thenNothing();
    spec([phone, phone]).when({ expectedVersion: 1, changes: { phone: '+91 99999 00000' }, now, mayChangeMoney: true, mayChangeOther: true }).thenRefuses('CONFLICT', SETTINGS_CONFLICT);
    spec([]).when({ expectedVersion: 0, changes: { upiPayeeName: 'Someone Else' }, now, mayChangeMoney: false, mayChangeOther: true }).thenRefuses('FORBIDDEN', MONEY_SETTINGS_FINANCE_ONLY);
  });
});
