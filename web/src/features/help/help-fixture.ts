/**
 * Help requests as the server's public reads return them, for the pages' tests and the byte-budget
 * check (scripts/check-budgets.ts), which render the pages without a database.
 */
import type { THelpList, TPublicHelpRequest, TPublicHelpRequestDetail } from '@sahay/server/modules/help/help.schema';

export function helpRequestFixture(overrides: Partial<TPublicHelpRequestDetail> = {}): TPublicHelpRequestDetail {
  return {
    id: 'ABCD2345',
    category: 'medical',
    title: { en: 'Kidney operation for Sunita', hi: 'सुनीता के गुर्दे का ऑपरेशन' },
    story: {
      en: 'Sunita is 52 and has been on dialysis twice a week since March.\nThe hospital in Patna has given an estimate for the operation.\n\nHer son drives an auto-rickshaw and has spent what the family saved. Any help brings her closer to the operation.',
      hi: 'सुनीता 52 साल की हैं और मार्च से हफ़्ते में दो बार डायलिसिस पर हैं।\nपटना के अस्पताल ने ऑपरेशन का अनुमान दिया है।\n\nउनका बेटा ऑटो-रिक्शा चलाता है और परिवार की सारी बचत खर्च हो चुकी है। हर मदद उन्हें ऑपरेशन के करीब लाती है।',
    },
    status: 'published',
    amountNeededPaise: 50_000_00,
    raisedPaise: 12_000_00,
    publishedAt: '2026-11-02T09:15:00.000Z',
    closesOn: '2026-12-31',
    closedReason: null,
    beneficiaryFirstName: 'Sunita',
    relation: 'parent',
    directUpi: { upiId: 'sunita.devi@okaxis', payeeName: 'Sunita', holder: 'beneficiary' },
    updates: [
      { text: { en: 'The operation is fixed for 20 December. Thank you, everyone who gave.', hi: 'ऑपरेशन 20 दिसंबर को तय हुआ है। देने वाले सभी लोगों का धन्यवाद।' }, by: 'requester', postedAt: '2026-11-20T10:00:00.000Z' },
      { text: { en: 'The foundation checked the hospital’s new estimate.', hi: null }, by: 'staff', postedAt: '2026-11-10T06:30:00.000Z' },
    ],
    ...overrides,
  };
}

const TITLES: Array<TPublicHelpRequest['title']> = [
  { en: 'School fees for Ravi’s final year', hi: 'रवि के आख़िरी साल की स्कूल फ़ीस' },
  { en: 'Treatment after a road accident', hi: null },
  { en: null, hi: 'बेटी के विवाह में सहयोग' },
];

/** A full page of the list: published requests, the last of them closed. */
export function helpListFixture(overrides: Partial<THelpList> = {}): THelpList {
  const categories = ['medical', 'education', 'accident', 'marriage', 'livelihood', 'other'] as const;
  const requests = Array.from({ length: 12 }, (_, index): TPublicHelpRequest => {
    const { story: _story, beneficiaryFirstName: _name, relation: _relation, directUpi: _upi, updates: _updates, ...request } = helpRequestFixture();
    return {
      ...request,
      // Eight characters of the references' alphabet (no 0, 1, I, L or O).
      id: `HPRQTW${'ABCDEFGHJKMN'[index]}${index % 2 === 0 ? 'X' : 'Y'}`,
      category: categories[index % categories.length]!,
      title: index === 0 ? request.title : TITLES[index % TITLES.length]!,
      raisedPaise: index * 1_500_00,
      ...(index === 11 ? { status: 'closed' as const, closedReason: 'funded' as const } : {}),
    };
  });
  return { requests, category: null, page: 1, pageCount: 3, total: 30, ...overrides };
}
