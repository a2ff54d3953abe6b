import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { MonthlyPlansList } from './monthly-plans-page.tsx';

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages', 'donations']);
  await loadNamespaces('hi', ['core', 'admin', 'messages', 'donations']);
});

const plan = {
  planId: '8d3f5a52-5e0a-4d55-9a55-8b7d2f0e6a11',
  kind: 'gateway' as const,
  status: 'active' as const,
  stoppedBy: null,
  amountPaise: 50_000,
  dayOfMonth: 10,
  cause: 'medical',
  subscriptionId: 'sub_A1',
  subscriptionStatus: 'halted',
  gifts: 3,
  startedOn: '2032-01-03',
  updatedAt: '2032-04-10T06:00:00.000Z',
};
const list = {
  counts: { active: 4, paused: 1, stopped: 2, halted: 1 },
  plans: [plan, { ...plan, planId: 'f1b2c3d4-0000-4000-8000-000000000001', kind: 'reminder' as const, status: 'stopped' as const, stoppedBy: 'donor' as const, subscriptionId: null, subscriptionStatus: null }],
};

function render(lang: Lang): string {
  return renderToString(
    <Router ssrPath="/monthly-plans">
      <I18nProvider initialLang={lang}>
        <MonthlyPlansList list={list} />
      </I18nProvider>
    </Router>,
  );
}

describe('finance’s monthly gifts (decision 079)', () => {
  it('shows the counts, a halted subscription as halted, and each plan’s amount, day and state, in English and Hindi', () => {
    const en = render('en');
    expect(en).toContain('Active 4, paused 1, stopped 2; halted by the bank 1');
    expect(en).toContain('<strong>Halted by the bank</strong>');
    expect(en).toContain('₹500');
    expect(en).toContain('sub_A1');
    expect(en).toContain('Stopped');
    const hi = render('hi');
    expect(hi).toContain('बैंक ने रोका');
    expect(hi).toContain('मासिक स्मरण');
  });
});
