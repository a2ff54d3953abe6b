import { describe, expect, it } from 'vitest';
import enMail from '../../../web/src/i18n/en/mail.json' with { type: 'json' };
import hiMail from '../../../web/src/i18n/hi/mail.json' with { type: 'json' };
import { MAIL_TEMPLATES, type MailTemplateName, type MailVars } from './mail-templates.ts';
import { escapeHtml, renderMail } from './render-mail.ts';

const link = 'https://sahay.example/confirm-email?token=abc.def';
const samples: { [T in MailTemplateName]: MailVars<T> } = {
  emailConfirmation: { name: 'Geeta Sharma', userId: 'SH1234567', validDays: 7, link },
  passwordResetCode: { name: 'Geeta Sharma', userId: 'SH1234567', code: '042917', validMinutes: 15, maxTries: 5 },
  userIdReminder: { name: 'Geeta Sharma', userId: 'SH1234567' },
  statementCode: { code: '042917', validMinutes: 10, maxTries: 5 },
  staffInvitation: { name: 'Meena Joshi', inviter: 'Anil Verma', validHours: 48, link: 'https://sahay.example/staff-invitation?token=abc.def' },
  contactMessage: {
    name: 'Kavita',
    email: 'kavita@example.org',
    phone: null,
    receivedAt: '2026-03-14T09:30:00.000Z',
    adminLink: 'https://sahay.example/admin/contact',
    message: 'I would like to volunteer on weekends.\nCall me after 5.',
  },
  documentAttached: {
    name: 'Geeta Sharma',
    note: { en: 'Thank you for your donation of ₹ 1,100.', hi: '₹ 1,100 के आपके दान के लिए धन्यवाद।' },
    document: { en: 'Donation receipt SAHAY-2026-00001', hi: 'दान रसीद SAHAY-2026-00001' },
    fileName: 'receipt-SAHAY-2026-00001.pdf',
  },
  taxDeadlineReminder: {
    name: 'Fatima Khan',
    deadline: { en: 'Form 10BD (statement of donations) must be filed', hi: 'फ़ॉर्म 10BD (दान का विवरण) दाखिल करना है' },
    financialYear: '2026-27',
    dueOn: '2027-05-31',
    daysLeft: '7',
    adminLink: 'https://sahay.example/admin/donations/form-10be',
  },
  moneySettingsChanged: {
    name: 'Fatima Khan',
    changedBy: 'Farida Finance (SH1234567)',
    changedAt: '29 Nov 2026, 7:15 am',
    changes: { en: '• UPI ID donors pay to: sahay@oksbi\n• Charge on withdrawals: 2.50 %', hi: '• यूपीआई आईडी जिस पर दानदाता भुगतान करते हैं: sahay@oksbi\n• निकासी पर शुल्क: 2.50 %' },
    adminLink: 'https://sahay.example/admin/settings',
  },
  systemAlert: {
    name: 'Fatima Khan',
    alert: { en: 'No e-mail has gone out for 15 minutes', hi: '15 मिनट से कोई ई-मेल नहीं गया' },
    since: { en: '29 Nov 2026, 7:15 am', hi: '29 नव॰ 2026, सुबह 7:15' },
    todo: { en: 'Check SMTP_URL.', hi: 'SMTP_URL जाँचें।' },
    adminLink: 'https://sahay.example/admin/health',
  },
  validityEnding: {
    name: 'Fatima Khan',
    registration: { en: 'The tax-exemption approval (80G / section 133)', hi: 'कर-छूट अनुमोदन (80G / धारा 133)' },
    validUntil: '31/03/2027',
    ends: { en: 'ends in 30 days', hi: '30 दिनों में समाप्त होगा' },
    adminLink: 'https://sahay.example/admin/settings',
  },
  kanyadanDecision: {
    name: 'Sunita Devi',
    regNo: 'KNYDN1234567',
    decision: { en: 'not accepted', hi: 'स्वीकार नहीं हुआ' },
    reason: { en: 'A required document is missing.', hi: 'एक ज़रूरी दस्तावेज़ नहीं लगाया गया है।' },
    note: null,
    nextStep: { en: 'You may apply again.', hi: 'आप फिर से आवेदन कर सकते हैं।' },
  },
  notice: {
    subject: { en: 'Your donation reference ABCD2345', hi: 'आपके दान का संदर्भ ABCD2345' },
    text: { en: 'Your reference is ABCD2345.', hi: 'आपका संदर्भ ABCD2345 है।' },
    link: 'https://sahay.example/donate/status?reference=ABCD2345',
  },
};

function renderSample<T extends MailTemplateName>(template: T) {
  return renderMail(template, samples[template]);
}

describe('renderMail', () => {
  it('writes the confirmation e-mail exactly as the job wrote it before, in both languages', () => {
    const mail = renderMail('emailConfirmation', samples.emailConfirmation);
    expect(mail.subject).toBe('Confirm your e-mail — Sahay Foundation / अपना ई-मेल पक्का करें — सहाय फ़ाउंडेशन');
    expect(mail.text).toBe(
      [
        'Dear Geeta Sharma,',
        '',
        'Welcome to Sahay Foundation. Your user ID is SH1234567.',
        'Please confirm your e-mail address by opening this link (valid for 7 days):',
        link,
        '',
        'Nobody at Sahay will ever ask you for money in return for a promised amount.',
        '',
        '—',
        '',
        'प्रिय Geeta Sharma,',
        '',
        'सहाय फ़ाउंडेशन में आपका स्वागत है। आपका यूज़र आईडी SH1234567 है।',
        'कृपया यह लिंक खोलकर अपना ई-मेल पता पक्का करें (7 दिन तक मान्य):',
        link,
        '',
        'सहाय में कोई भी आपसे किसी वादा की गई रकम के बदले पैसे नहीं माँगेगा।',
        '',
      ].join('\n'),
    );
  });

  it('writes a notice in the one language given, and in both when none is (issue 32)', () => {
    const hindi = renderMail('notice', samples.notice, { lang: 'hi' });
    expect(hindi.subject).toBe('आपके दान का संदर्भ ABCD2345 — सहाय फ़ाउंडेशन');
    expect(hindi.text).toBe('नमस्ते,\n\nआपका संदर्भ ABCD2345 है।\nhttps://sahay.example/donate/status?reference=ABCD2345\n\nसहाय फ़ाउंडेशन\n');
    expect(hindi.html).toContain('<div lang="hi">');
    expect(hindi.html).not.toContain('lang="en"');
    const english = renderMail('notice', samples.notice, { lang: 'en' });
    expect(english.subject).toBe('Your donation reference ABCD2345 — Sahay Foundation');
    expect(english.text).not.toMatch(/[\u0900-\u097f]/);
    const both = renderMail('notice', samples.notice);
    expect(both.subject).toBe('Your donation reference ABCD2345 — Sahay Foundation / आपके दान का संदर्भ ABCD2345 — सहाय फ़ाउंडेशन');
    expect(both.text).toContain('Sahay Foundation\n\n—\n\nनमस्ते,');
  });

  it('writes the password reset code as before, and greets "member" / "सदस्य" when there is no name', () => {
    const mail = renderMail('passwordResetCode', { ...samples.passwordResetCode, name: null });
    expect(mail.subject).toBe('Your password reset code — Sahay Foundation / पासवर्ड बदलने का कोड — सहाय फ़ाउंडेशन');
    expect(mail.text).toBe(
      [
        'Dear member,',
        '',
        'Someone asked to reset the password of your Sahay account SH1234567.',
        'Your code is: 042917',
        'It is valid for 15 minutes and for 5 tries. Never share it: Sahay staff will never ask you for it.',
        'If you did not ask for it, ignore this e-mail; your password stays as it is.',
        '',
        '—',
        '',
        'प्रिय सदस्य,',
        '',
        'आपके सहाय खाते SH1234567 का पासवर्ड बदलने का अनुरोध किया गया है।',
        'आपका कोड है: 042917',
        'यह 15 मिनट तक और 5 प्रयासों तक मान्य है। इसे किसी को न बताएँ: सहाय का कोई कर्मचारी इसे कभी नहीं माँगेगा।',
        'अगर आपने यह अनुरोध नहीं किया, तो इस ई-मेल को अनदेखा करें; आपका पासवर्ड नहीं बदलेगा।',
        '',
      ].join('\n'),
    );
    expect(renderMail('passwordResetCode', { ...samples.passwordResetCode, name: '  ' }).text).toContain('Dear member,');
  });

  it('leaves out the lines of absent optional details and quotes the message once, after both languages', () => {
    const mail = renderMail('contactMessage', samples.contactMessage);
    expect(mail.subject).toBe('New contact message from Kavita / Kavita से संपर्क फ़ॉर्म पर नया संदेश');
    expect(mail.text).toContain('From: Kavita\nE-mail: kavita@example.org\n\nRead and mark it handled in the admin console: https://sahay.example/admin/contact');
    expect(mail.text).toContain('भेजने वाले: Kavita\nई-मेल: kavita@example.org\n\nइसे एडमिन कंसोल में पढ़ें');
    expect(mail.text).not.toMatch(/Phone|फ़ोन/);
    expect(mail.text.endsWith('Message / संदेश:\nI would like to volunteer on weekends.\nCall me after 5.\n')).toBe(true);
    expect(mail.text.split('volunteer on weekends')).toHaveLength(2);
    expect(mail.html).toContain('<p>I would like to volunteer on weekends.<br>\nCall me after 5.</p>');
  });

  it('names the attached document and its file in both languages, with the optional line', () => {
    const mail = renderMail('documentAttached', samples.documentAttached);
    expect(mail.subject).toBe('Donation receipt SAHAY-2026-00001 — Sahay Foundation / दान रसीद SAHAY-2026-00001 — सहाय फ़ाउंडेशन');
    expect(mail.text).toContain('Thank you for your donation of ₹ 1,100.\nAttached to this e-mail: Donation receipt SAHAY-2026-00001 (receipt-SAHAY-2026-00001.pdf).');
    expect(mail.text).toContain('₹ 1,100 के आपके दान के लिए धन्यवाद।\nइस ई-मेल के साथ संलग्न: दान रसीद SAHAY-2026-00001 (receipt-SAHAY-2026-00001.pdf)।');
    const withoutNote = renderMail('documentAttached', { ...samples.documentAttached, note: null });
    expect(withoutNote.text).toContain('Dear Geeta Sharma,\n\nAttached to this e-mail:');
  });

  it('escapes every variable in the HTML part and leaves the text part as written', () => {
    const name = `<script>alert("x")</script> & 'Co'`;
    const mail = renderMail('contactMessage', { ...samples.contactMessage, name, message: '<b>hi</b> & bye' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>hi</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
    expect(mail.html).toContain('&lt;b&gt;hi&lt;/b&gt; &amp; bye');
    expect(mail.text).toContain(`From: ${name}`);
    expect(mail.subject).toBe(`New contact message from ${name} / ${name} से संपर्क फ़ॉर्म पर नया संदेश`);
  });

  it('writes links as links in the HTML part, both languages tagged', () => {
    const mail = renderMail('emailConfirmation', { ...samples.emailConfirmation, link: "https://sahay.example/confirm-email?token=a&b=c'd" });
    expect(mail.html).toContain(`<a href="https://sahay.example/confirm-email?token=a&amp;b=c&#39;d">https://sahay.example/confirm-email?token=a&amp;b=c&#39;d</a>`);
    expect(mail.html).toContain('<div lang="en">');
    expect(mail.html).toContain('<div lang="hi">');
    expect(mail.html).toContain('<p>प्रिय Geeta Sharma,</p>');
  });

  it.each(Object.keys(MAIL_TEMPLATES) as MailTemplateName[])('renders %s in both languages with every placeholder filled', (template) => {
    const mail = renderSample(template);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/\{\w+\}/);
      expect(part).toMatch(/[a-z]/);
      expect(part).toMatch(/[\u0900-\u097F]/);
    }
    expect(mail.subject.split(' / ').length).toBeGreaterThanOrEqual(2);
  });

  it('has every template in both dictionaries, naming only variables it declares', () => {
    for (const [template, spec] of Object.entries(MAIL_TEMPLATES)) {
      for (const dictionary of [enMail.mail, hiMail.mail]) {
        const section: Record<string, string> = dictionary[template as MailTemplateName];
        const named = new Set([...`${section.subject} ${section.body}`.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
        const quoted: string[] = 'quote' in spec ? [spec.quote.var] : [];
        expect([...named].sort()).toEqual(Object.keys(spec.vars).filter((name) => !quoted.includes(name)).sort());
      }
    }
  });
});

describe('renderMail refuses what would send a broken mail', () => {
  it('fails, naming the variable, when a required one is missing, null or blank', () => {
    const missing = { ...samples.passwordResetCode };
    Reflect.deleteProperty(missing, 'code');
    expect(() => renderMail('passwordResetCode', missing)).toThrow('Mail template "passwordResetCode" needs {code}; it was missing');
    expect(() => renderMail('passwordResetCode', { ...samples.passwordResetCode, code: '  ' })).toThrow('needs {code}; it was blank');
    expect(() => renderMail('contactMessage', { ...samples.contactMessage, message: '' })).toThrow('needs {message}; it was blank');
    const nulled: Record<string, unknown> = { ...samples.emailConfirmation, userId: null };
    expect(() => renderMail('emailConfirmation', { ...samples.emailConfirmation, ...nulled })).toThrow('needs {userId}; it was null');
  });

  it('fails on a variable the template does not have (a typo would otherwise vanish)', () => {
    const extra = { ...samples.passwordResetCode, cdoe: '1' };
    expect(() => renderMail('passwordResetCode', extra)).toThrow('Mail template "passwordResetCode" has no {cdoe}');
  });

  it('fails on a link that is not a web address, and on a line break in a one-line variable', () => {
    expect(() => renderMail('emailConfirmation', { ...samples.emailConfirmation, link: 'javascript:alert(1)' })).toThrow('{link} must be an http(s) address');
    expect(() => renderMail('emailConfirmation', { ...samples.emailConfirmation, link: 'https://x.example/"><script>' })).toThrow('{link} must be an http(s) address');
    expect(() => renderMail('emailConfirmation', { ...samples.emailConfirmation, name: 'Geeta\nBcc: x@example.org' })).toThrow('{name} must be a single line');
  });

  it('fails on a value given in one language only, and on a number that is not finite', () => {
    expect(() => renderMail('documentAttached', { ...samples.documentAttached, document: { en: 'Receipt', hi: '' } })).toThrow('{document} is blank in hi');
    expect(() => renderMail('passwordResetCode', { ...samples.passwordResetCode, validMinutes: Number.NaN })).toThrow('{validMinutes} must be a finite number');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
