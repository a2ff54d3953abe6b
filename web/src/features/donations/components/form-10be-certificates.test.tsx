import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { certificateHref, Form10BECertificates } from './form-10be-certificates.tsx';

const certificate = { id: '0123456789abcdef0123456789abcdef', financialYear: '2025-26', amountPaise: 12_500_00, downloadUrl: '/api/donations/form-10be/0123456789abcdef0123456789abcdef/certificate.pdf' };

function render(lang: Lang, props: Parameters<typeof Form10BECertificates>[0]): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Form10BECertificates {...props} />
    </I18nProvider>,
  );
}

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'donations']);
  await loadNamespaces('hi', ['core', 'donations']);
});

describe("the donor's Form 10BE certificates", () => {
  it('download with the one-time code’s proof, or bare for a signed-in member', () => {
    expect(certificateHref(certificate, 'v1.abc+/=')).toBe(`${certificate.downloadUrl}?proof=v1.abc%2B%2F%3D`);
    expect(certificateHref(certificate, null)).toBe(certificate.downloadUrl);
  });

  it('list each year and amount with a download link named for its year, in Hindi and English', () => {
    const hi = render('hi', { certificates: [certificate], dueOn: '05-31', proof: 'p', isSection: true });
    expect(hi).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[\s\S]*<h2 id="\1">कर कटौती प्रमाणपत्र \(फ़ॉर्म 10BE\)<\/h2>/);
    expect(hi).toContain('₹12,500');
    expect(hi).toContain(`href="${certificate.downloadUrl}?proof=p"`);
    expect(hi).toContain('(2025-26 का फ़ॉर्म 10BE, PDF)');
    const en = render('en', { certificates: [certificate], dueOn: '05-31', proof: null });
    expect(en).toContain('<h3');
    expect(en).not.toContain('<section');
    expect(en).toContain(`href="${certificate.downloadUrl}"`);
    expect(en).toContain('(Form 10BE for 2025-26, PDF)');
  });

  it('say, when there are none, that they come after the yearly statement is filed, by the day settings hold', () => {
    expect(render('en', { certificates: [], dueOn: '05-31', proof: 'p' })).toContain('after the foundation files its yearly statement of donations (due by 31 May after');
    expect(render('hi', { certificates: [], dueOn: '05-31', proof: 'p' })).toContain('ख़त्म होने के बाद 31 मई तक');
    // The law moved the day: the page says the new one.
    expect(render('en', { certificates: [], dueOn: '06-30', proof: 'p' })).toContain('(due by 30 June after');
    expect(render('hi', { certificates: [], dueOn: '06-30', proof: 'p' })).toContain('ख़त्म होने के बाद 30 जून तक');
    // Still loading: neither the list nor "none".
    expect(render('en', { certificates: undefined, dueOn: undefined, proof: 'p' })).not.toContain('data-testid="form-10be-none"');
  });
});
