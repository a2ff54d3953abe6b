/**
 * ID kinds Form 10BD accepts besides the PAN given with a gift (the portal's codes 2–7), recorded by
 * finance after asking the donor. A file of its own: the donate page's code does not carry it.
 */
export const OTHER_DONOR_ID_KINDS = ['aadhaar', 'voter-id', 'passport', 'driving-licence', 'ration-card', 'tin'] as const;
