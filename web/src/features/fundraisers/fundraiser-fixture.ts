import type { TPublicFundraiser } from '@sahay/server/modules/fundraisers/fundraisers.schema';

/**
 * A public fundraiser as large as the page meets in practice, for the byte budgets
 * (web/scripts/check-budgets.ts) and the page's tests: a long story in both languages and a full
 * list of supporters with messages.
 */
export function fundraiserFixture(): TPublicFundraiser {
  const storyEn = Array.from({ length: 12 }, (_, index) => `Paragraph ${index + 1}: forty children of the government school in Kishangarh start Class 10 in July without books, and their families cannot buy them this year.`).join('\n\n');
  const storyHi = Array.from({ length: 12 }, (_, index) => `अनुच्छेद ${index + 1}: किशनगढ़ के सरकारी स्कूल के चालीस बच्चे जुलाई में बिना किताबों के दसवीं कक्षा शुरू करेंगे, और उनके परिवार इस साल किताबें नहीं ख़रीद सकते।`).join('\n\n');
  return {
    id: 'FABCDEFGHJ',
    isOpen: true,
    cause: 'education',
    helpRequestId: null,
    title: { en: 'School books for Class 10 in Kishangarh', hi: 'किशनगढ़ में दसवीं कक्षा की किताबें' },
    story: { en: storyEn, hi: storyHi },
    goalPaise: 50_000_00,
    raisedPaise: 32_500_00,
    gifts: 74,
    endsOn: '2031-05-30',
    photoUrl: '/api/fundraisers/FABCDEFGHJ/photo',
    supporters: Array.from({ length: 50 }, (_, index) => ({
      name: index % 3 === 0 ? null : `Supporter Number ${index + 1}`,
      message: index % 2 === 0 ? `Best wishes to the children of Kishangarh from supporter ${index + 1}; study well!` : null,
      givenAt: new Date(Date.UTC(2031, 2, 1 + (index % 28))).toISOString(),
    })),
  };
}
