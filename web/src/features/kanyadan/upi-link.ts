/**
 * The `upi://pay` link for the registration fee (NPCI's deep-link parameters): pa = the
 * foundation's UPI ID, pn = payee, am = amount, cu = INR, tn = a note, tr = the registration number,
 * which the foundation's bank statement then shows. The UPI ID keeps its `@` (some UPI apps do not
 * decode `%40`) and spaces are `%20`, never `+` (shared/LIBRARIES.md). A merchant VPA's category
 * code goes in as mc (issue 33). Null while no UPI ID is set.
 */
export function upiFeeLink(input: { vpa: string; payeeName: string; amountPaise: number; regNo: string; merchantCode?: string | null }): string | null {
  if (!input.vpa || input.amountPaise <= 0) return null;
  const rupees = `${Math.floor(input.amountPaise / 100)}.${String(input.amountPaise % 100).padStart(2, '0')}`;
  const params = [
    `pa=${input.vpa}`,
    `pn=${encodeURIComponent(input.payeeName)}`,
    ...(input.merchantCode ? [`mc=${input.merchantCode}`] : []),
    `am=${rupees}`,
    'cu=INR',
    `tn=${encodeURIComponent(`Kanyadan registration ${input.regNo}`)}`,
    `tr=${encodeURIComponent(input.regNo)}`,
  ];
  return `upi://pay?${params.join('&')}`;
}
