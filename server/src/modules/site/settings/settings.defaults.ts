import type { TSettings } from './settings.schema.ts';

/**
 * What applies until an admin sets a value. Foundation facts are left blank rather than invented:
 * the pages show "—" until the registration number, PAN and approvals are entered.
 */
export const DEFAULT_SETTINGS: TSettings = {
  foundationName: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' },
  address: { en: '', hi: '' },
  phone: '',
  // A placeholder on a reserved domain until the foundation enters its own (contact mail goes here).
  email: 'contact@sahay.example',
  mapLink: '',
  registrationNo: '',
  pan: '',
  twelveANo: '',
  taxExemptionNo: '',
  taxSectionLabel: 'section 133, Income-tax Act 2025',
  receiptPrefix: 'SAHAY',
  taxRecordRetentionYears: 8,
  upiVpa: '',
  upiPayeeName: 'Sahay Foundation',
  bankAccountName: '',
  bankAccountNumber: '',
  bankIfsc: '',
  bankName: '',
  meetingLink: '',
  groupLink: '',
  socialFacebook: '',
  socialInstagram: '',
  socialYoutube: '',
  socialX: '',
  baselineHappyDonors: 5_000,
  baselineFundsRaisedPaise: 12_00_000_00,
  baselineOngoingCampaigns: 100,
  baselinePeopleHelped: 24_000,
  baselineKanyadanGirls: 12_456,
  baselineKanyadanFundsPaise: 95_00_000_00,
  baselineKanyadanDistricts: 18,
  isInviteOnly: true,
  memberIdPrefix: 'SH',
  kanyadanPrefix: 'KNYDN',
  kanyadanFeePaise: 0,
  kanyadanBenefitMinPaise: 5_000_00,
  kanyadanBenefitMaxPaise: 51_000_00,
  kanyadanBenefitText: {
    en: 'Assistance towards the marriage of an eligible girl, subject to verification and available funds.',
    hi: 'पात्र बालिका के विवाह में सहायता, सत्यापन और उपलब्ध धन के अनुसार।',
  },
  disbursementChargeBasisPoints: 0,
};
