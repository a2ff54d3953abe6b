// The causes a gift is given for and a help request or Kanyadan benefit is counted under: one list for
// donations, help, the transparency report and the web (issue 30). Nothing here imports anything.

export const DONATION_CAUSES = ['general', 'kanyadan', 'medical', 'education', 'accident', 'environment'] as const;
export type Cause = (typeof DONATION_CAUSES)[number];
