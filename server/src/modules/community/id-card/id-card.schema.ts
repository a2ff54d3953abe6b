import { z } from 'zod';

/** What the web draws into the I-card PNG (PRODUCT.md §4). */
export const ZIdCardSchema = z.object({
  userId: z.string(),
  /** Exactly as the member entered it at registration (Latin or Devanagari script). */
  fullName: z.string(),
  /**
   * The name in Latin and in Devanagari script, as entered (PRODUCT.md §4): one is the registered
   * name, the other the profile's "name in the other script" — null until the member enters it.
   */
  names: z.object({ latin: z.string().nullable(), devanagari: z.string().nullable() }),
  joinedAt: z.string(),
  /** The recognition tier badge; null while the member has none. */
  tier: z.enum(['star', 'silver', 'gold', 'diamond', 'doubleDiamond']).nullable(),
  /** For the QR code: `${PUBLIC_URL}/verify/<userId>?s=<signature>`. */
  verifyUrl: z.string(),
  /** The member's photo for the card (issue 16), served to the member only; null: a card without a photo. */
  photoUrl: z.string().nullable(),
});
export type TIdCard = z.infer<typeof ZIdCardSchema>;

/** From the /verify/:memberId page: the ID in the path and `s` from the query. Lenient, so any link gets an answer. */
export const ZVerifyCardRequestSchema = z.strictObject({
  userId: z.string({ error: 'User ID is required' }).trim().toUpperCase().max(20, 'User ID is too long'),
  signature: z.string({ error: 'The signature is missing' }).trim().max(100, 'The signature is too long'),
});
export type TVerifyCardRequest = z.input<typeof ZVerifyCardRequestSchema>;

/** A card that is not genuine gets `{ isGenuine: false }` and nothing else. */
export const ZVerifyCardResponseSchema = z.object({
  isGenuine: z.boolean(),
  fullName: z.string().optional(),
  joinedAt: z.string().optional(),
  /** Active = e-mail confirmed and not suspended, now (not when the card was printed). */
  isActive: z.boolean().optional(),
});
export type TVerifyCardResponse = z.infer<typeof ZVerifyCardResponseSchema>;
