import { z } from 'zod';

// The short references people read aloud and type: a donation's and a help request's. Shared by
// donations, help and the web (issue 30: a pledge for a help request checks its number without
// importing help).

/** No 0/O, 1/I/L: a reference read aloud or copied by hand cannot be mistaken. */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 8 characters of the donation references' alphabet (no look-alikes). */
export const HELP_REQUEST_ID_LENGTH = 8;
export const HELP_REQUEST_ID_PATTERN = new RegExp(`^[${REFERENCE_ALPHABET}]{${HELP_REQUEST_ID_LENGTH}}$`);
export const HELP_REQUEST_ID_INVALID = 'Enter the 8-character number of the help request.';
export const ZHelpRequestIdSchema = z.string({ error: HELP_REQUEST_ID_INVALID }).trim().toUpperCase().regex(HELP_REQUEST_ID_PATTERN, HELP_REQUEST_ID_INVALID);

/** A member's fundraiser (issue 33): F and 9 characters of the same alphabet, as in /fundraisers/FK7M2Q9XRA. */
export const FUNDRAISER_ID_PATTERN = new RegExp(`^F[${REFERENCE_ALPHABET}]{9}$`);
export const FUNDRAISER_ID_INVALID = 'This is not the number of a fundraiser.';
export const ZFundraiserIdSchema = z.string({ error: FUNDRAISER_ID_INVALID }).trim().toUpperCase().regex(FUNDRAISER_ID_PATTERN, FUNDRAISER_ID_INVALID);
