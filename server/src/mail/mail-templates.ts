/**
 * The e-mails Sahay sends, and the variables each one takes. The words are in the web's i18n
 * dictionaries (web/src/i18n/{en,hi}/mail.json, checked there for the same keys and {placeholders}
 * in both languages); the server reads them directly and the web never loads them (the "mail"
 * namespace is not in the web's NAMESPACES, so no page downloads it).
 *
 * A variable is required unless it is `optional` (a body line naming it is left out when it is
 * absent) or has a `fallback` (a word from mail.common, in each language: "member" / "सदस्य").
 * `url` variables become links in the HTML part; `multiline` ones keep their line breaks. A `quote`
 * is user-written text shown once, after both languages, under a label from the template's section.
 */
export type MailVarKind = 'text' | 'url' | 'multiline';

export interface MailVarSpec {
  readonly kind?: MailVarKind;
  readonly optional?: true;
  readonly fallback?: 'member';
}

export interface MailTemplateSpec {
  readonly vars: Readonly<Record<string, MailVarSpec>>;
  readonly quote?: { readonly var: string; readonly label: string };
}

export const MAIL_TEMPLATES = {
  /** To a new member (and on request): the link that confirms their e-mail address. */
  emailConfirmation: {
    vars: { name: { fallback: 'member' }, userId: {}, validDays: {}, link: { kind: 'url' } },
  },
  /** To a person a super-admin invited as staff: the one-time link that sets their password. */
  staffInvitation: {
    vars: { name: { fallback: 'member' }, inviter: { optional: true }, validHours: {}, link: { kind: 'url' } },
  },
  /** "Forgot user ID?": the user ID of an account registered with this address. */
  userIdReminder: {
    vars: { name: { fallback: 'member' }, userId: {} },
  },
  /** The six-digit code that resets a password. */
  passwordResetCode: {
    vars: { name: { fallback: 'member' }, userId: {}, code: {}, validMinutes: {}, maxTries: {} },
  },
  /** The six-digit code that lets a donor download what was gathered across their donations (the yearly statement). */
  statementCode: {
    vars: { code: {}, validMinutes: {}, maxTries: {} },
  },
  /** To the foundation's address: a message from the contact form. */
  contactMessage: {
    vars: {
      name: {},
      email: { optional: true },
      phone: { optional: true },
      receivedAt: {},
      adminLink: { kind: 'url' },
      message: { kind: 'multiline' },
    },
    quote: { var: 'message', label: 'messageLabel' },
  },
  /**
   * Any document sent as an attachment (receipts, certificates): `document` names it in both
   * languages ({ en: 'Donation receipt SAHAY-2026-00001', hi: 'दान रसीद SAHAY-2026-00001' }),
   * `fileName` is the attachment's name, `note` an optional line above it.
   */
  documentAttached: {
    // `manageLink`: a monthly gift's receipt carries its plan's manage link (decision 079).
    vars: { name: { fallback: 'member' }, note: { optional: true }, document: {}, fileName: {}, manageLink: { kind: 'url', optional: true } },
  },
  /**
   * To a Kanyadan family who gave an e-mail: the decision on the application. `decision` and
   * `reason` are in both languages; `note` is the verification team's note as written.
   */
  kanyadanDecision: {
    vars: { name: {}, regNo: {}, decision: {}, reason: { optional: true }, note: { optional: true }, nextStep: {} },
  },
  /**
   * To every super-admin and finance staff member, at once: a setting that decides where money goes
   * (site MONEY_SETTINGS) was changed. `changes` lists each with its new value, in both languages.
   */
  moneySettingsChanged: {
    vars: { name: { fallback: 'member' }, changedBy: {}, changedAt: {}, changes: { kind: 'multiline' }, adminLink: { kind: 'url' } },
  },
  /** To finance staff: a Form 10BD or 10BE deadline 30, 7 or 1 days away (issue 31). `deadline` is in both languages. */
  taxDeadlineReminder: {
    vars: { name: { fallback: 'member' }, deadline: {}, financialYear: {}, dueOn: {}, daysLeft: {}, adminLink: { kind: 'url' } },
  },
  /**
   * To every super-admin and finance staff member: the tax-exemption approval's or the FCRA
   * registration's validity ends in 90, 30 or 7 days (issue 31). `registration` and `ends` are in both languages.
   */
  validityEnding: {
    vars: { name: { fallback: 'member' }, registration: {}, validUntil: {}, ends: {}, adminLink: { kind: 'url' } },
  },
  /**
   * To every super-admin, at most once an hour per alert (issue 34, decision 073): the System health
   * page shows an alert. `alert` and `todo` are in both languages; `since` is India's time.
   */
  systemAlert: {
    vars: { name: { fallback: 'member' }, alert: {}, since: {}, todo: {}, adminLink: { kind: 'url' } },
  },
  /**
   * A short notice of one step to a donor, a family or a requester (issue 32; send-notice.ts):
   * `subject` and `text` come from mail.notices, in both languages; `link` is where to see more.
   */
  notice: {
    vars: { subject: {}, text: {}, link: { kind: 'url' } },
  },
} as const satisfies Record<string, MailTemplateSpec>;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;

/** A value in both languages, for variables whose words differ by language. */
export interface Localized {
  en: string;
  hi: string;
}

export type MailVarValue = string | number | Localized;

type VarsSpec<T extends MailTemplateName> = (typeof MAIL_TEMPLATES)[T]['vars'];
type IsOptional<S> = S extends { optional: true } ? true : S extends { fallback: string } ? true : false;

/** The variables a template takes: the required ones must be given, the others may be null. */
export type MailVars<T extends MailTemplateName> = {
  [K in keyof VarsSpec<T> as IsOptional<VarsSpec<T>[K]> extends true ? never : K]: MailVarValue;
} & {
  [K in keyof VarsSpec<T> as IsOptional<VarsSpec<T>[K]> extends true ? K : never]?: MailVarValue | null;
};
