import { describe, expect, it } from 'vitest';
import { formToSettings } from './settings-editor-page.tsx';

describe('the settings form’s numbers', () => {
  it('reads the Kanyadan fee and counts typed in Devanagari digits (issue 32)', () => {
    const { candidate, numberErrors } = formToSettings({ kanyadanFeePaise: '१,५००.५०', baselineHappyDonors: '१२०', disbursementChargeBasisPoints: '२.५' });
    expect(candidate).toMatchObject({ kanyadanFeePaise: 1_500_50, baselineHappyDonors: 120, disbursementChargeBasisPoints: 250 });
    expect(numberErrors.kanyadanFeePaise).toBeUndefined();
    expect(formToSettings({ kanyadanFeePaise: 'पंद्रह सौ' }).numberErrors.kanyadanFeePaise).toEqual(['Enter a number']);
  });
});
