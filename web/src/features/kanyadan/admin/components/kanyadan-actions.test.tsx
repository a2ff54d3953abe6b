import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { KanyadanStatus } from '@sahay/server/modules/kanyadan/submission/kanyadan-fields.schema';
import type { TApplicationDetail } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import type { Permission } from '@sahay/server/shared/access';
import { I18nProvider, loadNamespaces } from '#web/i18n/i18n.tsx';
import { KanyadanApplication } from '../pages/kanyadan-application-page.tsx';
import { abilitiesFor, type KanyadanAbilities } from './kanyadan-actions.tsx';
import { documentsToOpen } from './kanyadan-decision-forms.tsx';

const current = vi.hoisted(() => ({ detail: null as unknown }));
const idle = () => ({ mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null, data: undefined });
vi.mock('../hooks/use-kanyadan-application.ts', () => ({
  useKanyadanApplication: () => ({ isPending: false, isError: false, data: current.detail, refetch: vi.fn() }),
  useRefreshKanyadanApplication: () => vi.fn(),
  useRevealApplicant: () => idle(),
  useKanyadanActions: () => ({ verify: idle(), reject: idle(), approveBenefit: idle(), disburse: idle(), recordFee: idle(), erase: idle() }),
}));
vi.mock('../hooks/use-kanyadan-benefit-request.ts', () => ({ useBenefitRequest: () => idle() }));

const VERIFICATION: Permission[] = ['verification'];
const FINANCE: Permission[] = ['finance'];
/** An admin holding `permissions`: only admins reach the page (KanyadanGate). */
const admin = (permissions: Permission[]) => ({ role: 'admin' as const, permissions, twoFactorSetupRequired: false });

function application(overrides: Partial<TApplicationDetail> = {}): TApplicationDetail {
  return {
    regNo: 'KNYDN7654321',
    status: 'submitted',
    state: 'rajasthan',
    district: 'Jaipur',
    ageYears: 9,
    submittedAt: '2025-01-02T03:04:05.000Z',
    duplicateOf: [],
    documentsReady: 2,
    documentsSent: 4,
    isErased: false,
    masked: { girlName: 'A•• K•••', fatherName: 'R•••', motherName: null, birthYear: '2016', phone: '••••••3210', aadhaar: 'XXXX XXXX 1234', hasEmail: false, guardianRelation: 'father' },
    feePaise: 0,
    feeUtrGiven: null,
    documents: [
      { kind: 'girlAadhaar', status: 'ready', mediaType: 'image/webp', pages: 1, rejectedReason: null, isOpenedByYou: true },
      { kind: 'birthCertificate', status: 'ready', mediaType: 'application/pdf', pages: 3, rejectedReason: null, isOpenedByYou: true },
      { kind: 'photo', status: 'processing', mediaType: null, pages: 0, rejectedReason: null, isOpenedByYou: false },
      { kind: 'fatherAadhaar', status: 'rejected', mediaType: null, pages: 0, rejectedReason: 'unreadable', isOpenedByYou: false },
    ],
    rejection: null,
    smsText: null,
    benefit: null,
    ageToday: 9,
    benefitRange: { minPaise: 10_000_00, maxPaise: 51_000_00 },
    history: [{ position: '1', type: 'KanyadanApplicationSubmitted', at: '2025-01-02T03:04:05.000Z', actor: 'anonymous', summary: 'Application submitted with 4 documents' }],
    ...overrides,
  };
}

function render(detail: TApplicationDetail, permissions: Permission[]): string {
  current.detail = detail;
  return renderToString(
    <I18nProvider initialLang="en">
      <Router ssrPath={`/kanyadan/${detail.regNo}`}>
        <KanyadanApplication regNo={detail.regNo} staff={admin(permissions)} />
      </Router>
    </I18nProvider>,
  );
}

const FORMS = ['verify-form', 'reject-form', 'fee-form', 'benefit-request-form', 'approve-form', 'disburse-form', 'erase-form'] as const;
const formsIn = (html: string) => FORMS.filter((form) => html.includes(`data-testid="${form}"`));

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages']);
});

describe('abilitiesFor: the moves the decider allows, by permission', () => {
  const can = (status: KanyadanStatus, permissions: Permission[], extra: Partial<TApplicationDetail> = {}) => {
    const abilities = abilitiesFor({ status, isErased: false, ageToday: 10, ...extra }, admin(permissions));
    return (Object.keys(abilities) as Array<keyof KanyadanAbilities>).filter((key) => abilities[key]).sort();
  };

  it('lets verification decide a submitted or paid application, and reject one waiting for its fee', () => {
    expect(can('submitted', VERIFICATION)).toEqual(['canErase', 'canReject', 'canReveal', 'canVerify']);
    expect(can('paid', VERIFICATION)).toEqual(['canErase', 'canReject', 'canReveal', 'canVerify']);
    expect(can('payment_pending', VERIFICATION)).toEqual(['canErase', 'canReject', 'canReveal']);
  });

  it('lets finance only record money, at the steps that take it', () => {
    expect(can('submitted', FINANCE)).toEqual([]);
    expect(can('payment_pending', FINANCE)).toEqual(['canRecordFee']);
    expect(can('benefit_requested', FINANCE)).toEqual(['canApproveBenefit']);
    expect(can('benefit_approved', FINANCE)).toEqual(['canDisburse']);
    expect(can('disbursed', FINANCE)).toEqual([]);
  });

  it('opens the benefit request at 18, not before', () => {
    expect(can('verified', VERIFICATION, { ageToday: 17 })).toEqual(['canErase', 'canReveal', 'isTooYoungForBenefit']);
    expect(can('verified', VERIFICATION, { ageToday: 18 })).toEqual(['canErase', 'canRequestBenefit', 'canReveal']);
  });

  it('allows nothing on an erased application, to anyone', () => {
    expect(abilitiesFor({ status: 'submitted', isErased: true, ageToday: null }, admin(['verification', 'finance']))).toEqual(
      Object.fromEntries(Object.keys(abilitiesFor({ status: 'submitted', isErased: false, ageToday: 9 }, admin([]))).map((key) => [key, false])),
    );
  });
});

describe('the application page', () => {
  it('shows verification the decisions, the masked details with "Show full details", and no document until asked', () => {
    const html = render(application(), VERIFICATION);
    expect(formsIn(html)).toEqual(['verify-form', 'reject-form', 'erase-form']);
    expect(html).toContain('Show full details');
    expect(html).toContain('recorded in this application’s history');
    expect(html).toContain('A•• K•••');
    // Every load of a document is recorded: nothing may be fetched before someone presses View.
    expect(html).not.toContain('<img');
    expect(html).toContain('data-testid="view-girlAadhaar"');
    expect(html).toContain('data-testid="view-birthCertificate"');
    expect(html).not.toContain('data-testid="view-photo"');
    expect(html).not.toContain('data-testid="view-fatherAadhaar"');
    expect(html).toContain('The file could not be read.');
  });

  it('shows finance the application masked, without documents, the reveal or the verification decisions', () => {
    const html = render(application(), FINANCE);
    expect(formsIn(html)).toEqual([]);
    expect(html).not.toContain('Show full details');
    expect(html).not.toContain('data-testid="view-');
    expect(html).toContain('Only the verification team can open the documents.');
    expect(html).toContain('The verification team verifies or rejects the application next.');
  });

  it('shows each finance step in its state', () => {
    expect(formsIn(render(application({ status: 'payment_pending', feePaise: 100_00 }), FINANCE))).toEqual(['fee-form']);
    expect(formsIn(render(application({ status: 'benefit_requested', ageToday: 19 }), FINANCE))).toEqual(['approve-form']);
    expect(formsIn(render(application({ status: 'benefit_approved', ageToday: 19 }), FINANCE))).toEqual(['disburse-form']);
    expect(render(application({ status: 'benefit_requested', ageToday: 19 }), FINANCE)).toContain('₹10,000 and ₹51,000');
  });

  it('offers the benefit request at 18 and explains why not before', () => {
    expect(formsIn(render(application({ status: 'verified', ageToday: 18 }), VERIFICATION))).toEqual(['benefit-request-form', 'erase-form']);
    const young = render(application({ status: 'verified', ageToday: 12 }), VERIFICATION);
    expect(formsIn(young)).toEqual(['erase-form']);
    expect(young).toContain('once the girl is 18 years old. She is 12 today.');
  });

  it('gives the SMS text to copy after a decision, and the reason in both languages', () => {
    const rejected = application({
      status: 'rejected',
      rejection: { reason: 'documents-unclear', text: { en: 'The documents could not be read clearly.', hi: 'दस्तावेज़ साफ़ पढ़े नहीं जा सके।' }, note: null },
      smsText: 'Sahay Kanyadan KNYDN7654321: आवेदन स्वीकार नहीं हुआ। Application not accepted.',
    });
    const html = render(rejected, VERIFICATION);
    expect(html).toContain('data-testid="sms-text"');
    expect(html).toContain('Copy text');
    expect(html).toContain('<p lang="hi">दस्तावेज़ साफ़ पढ़े नहीं जा सके।</p>');
    expect(formsIn(html)).toEqual(['erase-form']);
  });

  it('shows "Erased" in place of the girl and her family, and offers nothing to do', () => {
    const erased = application({ isErased: true, masked: null, ageToday: null, documents: [], smsText: null });
    const html = render(erased, ['verification', 'finance']);
    expect(html).toContain('data-testid="applicant-erased"');
    expect(html).toContain('Erased');
    expect(formsIn(html)).toEqual([]);
    expect(html).not.toContain('Show full details');
  });

  it('flags a likely duplicate with links to the applications it matches', () => {
    const html = render(application({ duplicateOf: ['KNYDN1111111'] }), VERIFICATION);
    expect(html).toContain('data-testid="duplicate-notice"');
    expect(html).toMatch(/href="\/kanyadan\/KNYDN1111111"/);
  });

  it('lists the history with the family as the actor of the submission', () => {
    const html = render(application(), FINANCE);
    expect(html).toContain('Application submitted');
    expect(html).toContain('The family');
  });
});

describe('documentsToOpen (issue 32)', () => {
  it('lists the documents this verifier has not opened, those still processing included, but not one that could not be processed', () => {
    const base = { mediaType: null, pages: 1, rejectedReason: null } as const;
    expect(
      documentsToOpen([
        { ...base, kind: 'girlAadhaar', status: 'ready', isOpenedByYou: true },
        { ...base, kind: 'birthCertificate', status: 'ready', isOpenedByYou: false },
        { ...base, kind: 'photo', status: 'processing', isOpenedByYou: false },
        { ...base, kind: 'fatherAadhaar', status: 'rejected', rejectedReason: 'unreadable', isOpenedByYou: false },
      ]).map((document) => document.kind),
    ).toEqual(['birthCertificate', 'photo']);
  });
});
