import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';
import type { Cause } from '#server/shared/causes';

/**
 * A member's fundraiser (issue 33, PRODUCT.md §6 "Fundraisers", decision 080): a page that asks for
 * ordinary donations to the foundation, credited to it. Stream `fundraiser-<id>`. The organiser's
 * title and story (and staff's reason for a refusal, which may name them) are sealed under the
 * fundraiser's own subject, `fundraiser-<id>`: erasing the organiser destroys that key and the page
 * is gone. No money moves here: gifts are donations (the donations module), and this stream only
 * says which fundraiser they were given through.
 */

export const FUNDRAISER_STREAM_PREFIX = 'fundraiser-';

export function fundraiserStreamId(id: string): string {
  return `${FUNDRAISER_STREAM_PREFIX}${id}`;
}

/** What the fundraiser raises for: one of the foundation's causes, or a published help request (counted under its cause). */
export type FundraiserTarget = { kind: 'cause'; cause: Cause } | { kind: 'help-request'; helpRequestId: string; cause: Cause };

/** Sealed under fundraiser-<id>: the organiser's words, in English and/or Hindi. */
export interface FundraiserText {
  titleEn: string | null;
  titleHi: string | null;
  storyEn: string | null;
  storyHi: string | null;
}

export type FundraiserStarted = {
  type: 'FundraiserStarted';
  data: {
    fundraiserId: string;
    /** The member who started it (a user ID, as in every event's actor). */
    organiserId: string;
    target: FundraiserTarget;
    /** FundraiserText, sealed. */
    text: Sealed;
    goalPaise: number;
    /** YYYY-MM-DD, the last day (India) it takes gifts. */
    endsOn: string;
    /** The photo, re-encoded without metadata, stored under the fundraiser's subject. */
    photoFileId: string;
    startedAt: string;
  };
};

export type FundraiserApproved = { type: 'FundraiserApproved'; data: { fundraiserId: string; approvedAt: string } };

/** Refused by `verification` before it was ever public; the reason (sealed: it may name the organiser) is shown to the organiser. */
export type FundraiserRejected = { type: 'FundraiserRejected'; data: { fundraiserId: string; reason: Sealed; rejectedAt: string } };

export const FUNDRAISER_CLOSED_BY = ['organiser', 'end-date'] as const;
export type FundraiserClosedBy = (typeof FUNDRAISER_CLOSED_BY)[number];

export type FundraiserClosed = { type: 'FundraiserClosed'; data: { fundraiserId: string; closedBy: FundraiserClosedBy; closedAt: string } };

/** Staff hid a supporter's message (the gift still counts); its donation's reference names it. */
export type FundraiserMessageHidden = { type: 'FundraiserMessageHidden'; data: { fundraiserId: string; reference: string; hiddenAt: string } };

export type FundraiserEvent = FundraiserStarted | FundraiserApproved | FundraiserRejected | FundraiserClosed | FundraiserMessageHidden;
export type { PersonalDataErased };
