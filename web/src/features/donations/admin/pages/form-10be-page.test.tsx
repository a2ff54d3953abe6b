import { renderToString } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { TCertificateRow, TForm10BEDashboard, TUploadCertificatesResponse } from '@sahay/server/modules/donations/form-10be/form-10be.schema';
import { ProcedureError } from '#web/api/procedure-fetch.ts';
import enAdmin from '#web/i18n/en/admin.json';
import hiAdmin from '#web/i18n/hi/admin.json';
import { createTranslator, I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { choiceProblem, Form10BE, uploadSummary, yearOfUpload } from './form-10be-page.tsx';

const hooks = vi.hoisted(() => ({
  upload: {} as Record<string, unknown>,
  dashboard: {} as Record<string, unknown>,
  waiting: {} as Record<string, unknown>,
  match: {} as Record<string, unknown>,
}));
vi.mock('../hooks/use-form-10be.ts', () => ({
  CERTIFICATE_UPLOAD_MAX_BYTES: 10 * 1024 * 1024,
  CERTIFICATE_UPLOAD_MAX_FILES: 10,
  useUploadCertificates: () => hooks.upload,
  useForm10BEDashboard: () => hooks.dashboard,
  useWaitingCertificates: () => hooks.waiting,
  useMatchCertificate: () => hooks.match,
}));

const dashboard: TForm10BEDashboard = {
  financialYear: '2025-26',
  donorsInFiling: 41,
  uploaded: 39,
  matched: 36,
  unmatched: 3,
  sent: 35,
  opened: 12,
  missing: 5,
  form10bdDueOn: '2026-05-31',
  form10beDueOn: '2026-06-15',
};

const waitingRow: TCertificateRow = {
  id: '0123456789abcdef0123456789abcdef',
  financialYear: '2025-26',
  amountPaise: 12_500_00,
  arn: '123456789012345',
  donorName: 'RAM SHARMA',
  idKind: 'pan',
  idNumber: 'ABCXXXX34F',
  status: 'unmatched',
  reason: 'several-donors',
  references: [],
  matchedHow: null,
  emailedAt: null,
  textedAt: null,
  openedAt: null,
  uploadedAt: '2026-06-02T06:00:00.000Z',
  candidates: [
    { reference: 'ABCD2345', donorName: 'राम शर्मा', receivedOn: '2025-08-14', amountPaise: 12_500_00 },
    { reference: 'EFGH6789', donorName: 'Rama Sharma', receivedOn: '2025-09-01', amountPaise: 2_000_00 },
  ],
};

const answer: TUploadCertificatesResponse = {
  certificates: [
    { id: 'a'.repeat(32), file: 'Form10BE/1.pdf', financialYear: '2025-26', amountPaise: 12_500_00, donorName: 'RAHUL KUMAR SHARMA', status: 'matched', reason: null, isNew: true },
    { id: 'b'.repeat(32), file: 'Form10BE/2.pdf', financialYear: '2025-26', amountPaise: 5_100_00, donorName: 'KAMLA DEVI', status: 'unmatched', reason: 'no-donor', isNew: false },
  ],
  refused: [{ file: 'Form10BE/3.pdf', message: 'This PDF could not be read. It may be damaged or incomplete: download it from the portal again.' }],
};

function render(lang: Lang = 'en'): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router ssrPath="/form-10be">
        <Form10BE today="2026-06-20" />
      </Router>
    </I18nProvider>,
  );
}

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages']);
  await loadNamespaces('hi', ['core', 'admin', 'messages']);
});

beforeEach(() => {
  hooks.upload = { data: undefined, error: null, isPending: false };
  hooks.dashboard = { data: dashboard, error: null, isPending: false, isError: false };
  hooks.waiting = { data: { certificates: [waitingRow] }, error: null, isPending: false, isError: false };
  hooks.match = { data: undefined, error: null, isPending: false, isSuccess: false };
});

describe('the files chosen', () => {
  const mb = 1024 * 1024;
  it('are sent only when there are 1 to 10, each at most 10 MB', () => {
    expect(choiceProblem([])).toBe('none');
    expect(choiceProblem(Array.from({ length: 11 }, () => ({ size: 1 })))).toBe('too-many');
    expect(choiceProblem([{ size: 1 }, { size: 10 * mb + 1 }])).toBe('too-large');
    expect(choiceProblem(Array.from({ length: 10 }, () => ({ size: 10 * mb })))).toBeNull();
  });
});

describe("an upload's answer", () => {
  it('counts what was read, matched, waits and was not taken, in both languages', () => {
    expect(uploadSummary(createTranslator(enAdmin), answer)).toBe('Certificates read: 2 — matched: 1, waiting for you: 1. Files not taken: 1.');
    expect(uploadSummary(createTranslator(hiAdmin), answer)).toBe('पढ़े गए प्रमाणपत्र: 2 — मिलाए गए: 1, आपके लिए रुके: 1। न ली गई फ़ाइलें: 1।');
  });

  it("moves the page to the certificates' year only when they are all of one year", () => {
    expect(yearOfUpload(answer)).toBe('2025-26');
    expect(yearOfUpload({ ...answer, certificates: [...answer.certificates, { ...answer.certificates[0]!, id: 'c'.repeat(32), financialYear: '2024-25' }] })).toBeNull();
    expect(yearOfUpload({ certificates: [], refused: answer.refused })).toBeNull();
  });

  it('lists each certificate with its state, and each file not taken with its translated reason', () => {
    hooks.upload = { data: answer, error: null, isPending: false };
    const html = render('hi');
    expect(html).toContain('RAHUL KUMAR SHARMA');
    expect(html).toContain('दानदाता से मिलाया गया');
    expect(html).toContain('वर्ष के किसी सत्यापित दान पर यह ID नंबर नहीं है');
    expect(html).toContain('(पहले अपलोड हो चुका: कुछ नया दर्ज नहीं हुआ)');
    expect(html).toContain('यह PDF पढ़ी नहीं जा सकी');
    expect(html).not.toContain('This PDF could not be read');
  });

  it("tells a refusal of the whole upload beside the file field, in the reader's language", () => {
    hooks.upload = {
      data: undefined,
      isPending: false,
      error: new ProcedureError('This ZIP file unpacks to more than 64 MB. Upload the certificates in several smaller ZIP files.', {
        httpStatus: 400,
        fieldErrors: { file: ['This ZIP file unpacks to more than 64 MB. Upload the certificates in several smaller ZIP files.'] },
      }),
    };
    const html = render('en');
    expect(html).toMatch(/aria-invalid="true"[^>]*type="file"|type="file"[^>]*aria-invalid="true"/);
    expect(html).toContain('class="field-error"');
    expect(html).toContain('This ZIP file unpacks to more than 64 MB.');
  });
});

describe("the year's figures and the certificates waiting", () => {
  it('shows every figure and both due dates', () => {
    const html = render('en');
    for (const [label, value] of [
      ['Donors in Form 10BD', '41'],
      ['Uploaded', '39'],
      ['Matched', '36'],
      ['Waiting for you', '3'],
      ['Sent to the donor', '35'],
      ['Opened by the donor', '12'],
      ['Missing', '5'],
    ]) {
      expect(html).toMatch(new RegExp(`<dt class="stat-label">${label}</dt><dd class="stat-value">${value}</dd>`));
    }
    expect(html).toContain('Form 10BD is due by 31 May 2026.');
    expect(html).toContain('Form 10BE certificates are due to donors by 15 Jun 2026.');
  });

  it('offers the same-ID gifts as labelled choices, with the reason it waits', () => {
    const html = render('en');
    expect(html).toContain('Waiting for you: 1');
    expect(html).toContain('several donors share this ID number and the name does not tell which');
    expect(html).toContain('ABCXXXX34F');
    expect(html).toContain('राम शर्मा — ABCD-2345');
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    const ids = [...html.matchAll(/<input id="([^"]+)" type="radio"/g)].map((match) => match[1]);
    for (const id of ids) expect(html).toContain(`for="${id}"`);
  });

  it("tells a refused choice beside the choices, in the reader's language", () => {
    const message = "Choose a verified donation of the certificate's financial year.";
    hooks.match = { data: undefined, isPending: false, isSuccess: false, error: new ProcedureError(message, { httpStatus: 400, fieldErrors: { reference: [message] } }) };
    const html = render('hi');
    expect(html).toMatch(/<fieldset aria-describedby="([^"]+)">[\s\S]*<p class="field-error" id="\1">/);
    expect(html).not.toContain(message);
    expect(html).toContain('प्रमाणपत्र के वित्तीय वर्ष का कोई सत्यापित दान चुनें।');
    expect(html.match(/aria-invalid="true"[^>]*type="radio"|type="radio"[^>]*aria-invalid="true"/g)).toHaveLength(2);
  });

  it('says when no certificate of the year waits', () => {
    hooks.waiting = { data: { certificates: [] }, error: null, isPending: false, isError: false };
    expect(render('en')).toContain('No certificate of this year is waiting for you.');
  });
});
