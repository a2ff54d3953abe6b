import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';

/**
 * A one-time code that proves a donor holds an e-mail address or phone (issue 29, decision 040).
 * Stream and data-key subject `statement-code-<codeId>`: the contact is sealed under it, and the
 * blind index `donation-contact` finds the contact's donations without naming it.
 */
export type StatementCodeRequested = {
  type: 'StatementCodeRequested';
  data: {
    codeId: string;
    /** Blind index 'donation-contact' of the contact, as the donations' contact_keys hold it. */
    contactKey: string;
    channel: 'email' | 'sms';
    /** `{ contact }`, sealed under statement-code-<codeId>: where the job sends the code. */
    contact: Sealed;
    requestedAt: string;
    expiresAt: string;
  };
};

/**
 * The same code sent again: asked for while the contact's code could still be entered. A new
 * request never replaces a live code (decision 049), so a stranger cannot take it from the donor.
 */
export type StatementCodeResent = {
  type: 'StatementCodeResent';
  data: {
    codeId: string;
    channel: 'email' | 'sms';
    /** `{ contact }`, sealed under statement-code-<codeId> again: where the job sends the code. */
    contact: Sealed;
    resentAt: string;
  };
};

export type StatementCodeVerified = {
  type: 'StatementCodeVerified';
  data: { codeId: string; verifiedAt: string; proofExpiresAt: string };
};

/** The daily prune shreds an expired code's subject: its sealed contact is unreadable from then on. */
export type StatementCodeEvent = StatementCodeRequested | StatementCodeResent | StatementCodeVerified | PersonalDataErased;

export const STATEMENT_CODE_STREAM_PREFIX = 'statement-code-';

export function statementCodeStreamId(codeId: string): string {
  return `${STATEMENT_CODE_STREAM_PREFIX}${codeId}`;
}
