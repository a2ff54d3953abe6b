/**
 * What the audit screen's as-of view and the dispute bundle call a record's fields, tables and
 * events, in English and Hindi (issue 32: they showed raw column names and JSON). One dictionary
 * for both, so the screen and the PDF cannot drift apart; the web picks the reader's language, the
 * PDF prints "English / हिंदी" as every other PDF line does. A `.schema.ts` file because the web may
 * import only those from the server (decision 023): it imports nothing.
 *
 * A field or event not listed here is named from its identifier ("form10bdChangedAt" → "Form10bd
 * changed at") in both languages: readable, and never hidden, but English in the Hindi view. The
 * fields of the records disputes are about (donations, receipts, Kanyadan, help, members) are listed.
 */

export interface AuditLabel {
  en: string;
  hi: string;
}

const FIELD_LABELS: Record<string, AuditLabel> = {
  // Who and when
  actor: { en: 'By', hi: 'किसने' },
  by: { en: 'By', hi: 'किसने' },
  userId: { en: 'User ID', hi: 'यूज़र आईडी' },
  memberId: { en: 'Member ID', hi: 'सदस्य आईडी' },
  referrerId: { en: 'Referred by (member ID)', hi: 'रेफ़र करने वाले सदस्य की आईडी' },
  sponsorId: { en: 'Invited by (member ID)', hi: 'आमंत्रित करने वाले सदस्य की आईडी' },
  fullName: { en: 'Full name', hi: 'पूरा नाम' },
  name: { en: 'Name', hi: 'नाम' },
  email: { en: 'E-mail', hi: 'ई-मेल' },
  phone: { en: 'Phone', hi: 'फ़ोन' },
  address: { en: 'Address', hi: 'पता' },
  city: { en: 'City', hi: 'शहर' },
  district: { en: 'District', hi: 'ज़िला' },
  state: { en: 'State', hi: 'राज्य' },
  pincode: { en: 'PIN code', hi: 'पिन कोड' },
  pan: { en: 'PAN', hi: 'पैन' },
  panName: { en: 'Name as on the PAN', hi: 'पैन पर लिखा नाम' },
  hasPan: { en: 'PAN given', hi: 'पैन दिया गया' },
  aadhaar: { en: 'Aadhaar number', hi: 'आधार संख्या' },
  role: { en: 'Role', hi: 'भूमिका' },
  permissions: { en: 'Permissions', hi: 'अनुमतियाँ' },
  status: { en: 'Status', hi: 'स्थिति' },
  reason: { en: 'Reason', hi: 'कारण' },
  note: { en: 'Note', hi: 'टिप्पणी' },
  createdAt: { en: 'Created at', hi: 'बनाया गया' },
  updatedAt: { en: 'Updated at', hi: 'बदला गया' },
  recordedAt: { en: 'Recorded at', hi: 'दर्ज होने का समय' },
  recordedBy: { en: 'Recorded by', hi: 'किसने दर्ज किया' },
  changedAt: { en: 'Changed at', hi: 'बदलने का समय' },
  changedBy: { en: 'Changed by', hi: 'किसने बदला' },
  changes: { en: 'Changes', hi: 'बदलाव' },
  previous: { en: 'Before', hi: 'पहले' },
  // Donations and receipts
  reference: { en: 'Donation reference', hi: 'दान संदर्भ' },
  donor: { en: 'Donor', hi: 'दाता' },
  donorKey: { en: 'Donor’s lookup key', hi: 'दाता की खोज-कुंजी' },
  contactKeys: { en: 'Contact lookup keys', hi: 'संपर्क की खोज-कुंजियाँ' },
  donorName: { en: 'Donor’s name', hi: 'दाता का नाम' },
  donorEmail: { en: 'Donor’s e-mail', hi: 'दाता का ई-मेल' },
  donorPhone: { en: 'Donor’s phone', hi: 'दाता का फ़ोन' },
  donorPan: { en: 'Donor’s PAN', hi: 'दाता का पैन' },
  donorAddress: { en: 'Donor’s address', hi: 'दाता का पता' },
  amount: { en: 'Amount', hi: 'राशि' },
  amountPaise: { en: 'Amount', hi: 'राशि' },
  cause: { en: 'Towards', hi: 'किस मद में' },
  showName: { en: 'Name shown publicly', hi: 'नाम सार्वजनिक रूप से दिखे' },
  channel: { en: 'Given', hi: 'कैसे दिया गया' },
  citizenship: { en: 'Citizenship', hi: 'नागरिकता' },
  country: { en: 'Country', hi: 'देश' },
  isForeign: { en: 'Foreign contribution', hi: 'विदेशी अंशदान' },
  pledgedAt: { en: 'Pledged at', hi: 'दान का वचन देने का समय' },
  utr: { en: 'UTR No.', hi: 'यूटीआर संख्या' },
  utrKind: { en: 'Kind of UTR', hi: 'यूटीआर का प्रकार' },
  submittedAt: { en: 'Submitted at', hi: 'जमा करने का समय' },
  verifiedAt: { en: 'Verified at', hi: 'सत्यापन का समय' },
  verifiedBy: { en: 'Verified by', hi: 'किसने सत्यापित किया' },
  receivedOn: { en: 'Received on', hi: 'प्राप्ति की तारीख़' },
  rejectedAt: { en: 'Rejected at', hi: 'अस्वीकार करने का समय' },
  rejectedBy: { en: 'Rejected by', hi: 'किसने अस्वीकार किया' },
  cancelledAt: { en: 'Cancelled at', hi: 'रद्द करने का समय' },
  cancelledBy: { en: 'Cancelled by', hi: 'किसने रद्द किया' },
  abandonedAt: { en: 'Abandoned at', hi: 'छोड़ दिए जाने का समय' },
  mode: { en: 'Mode of payment', hi: 'भुगतान का माध्यम' },
  donationType: { en: 'Donation type', hi: 'दान का प्रकार' },
  instrumentNumber: { en: 'Cheque or DD No.', hi: 'चेक या डीडी संख्या' },
  instrument: { en: 'Cheque or DD', hi: 'चेक या डीडी' },
  bank: { en: 'Bank', hi: 'बैंक' },
  date: { en: 'Date', hi: 'तारीख़' },
  receipt: { en: 'Receipt', hi: 'रसीद' },
  serial: { en: 'Receipt No.', hi: 'रसीद संख्या' },
  receiptSerial: { en: 'Receipt No.', hi: 'रसीद संख्या' },
  financialYear: { en: 'Financial year', hi: 'वित्तीय वर्ष' },
  number: { en: 'Number', hi: 'संख्या' },
  issuedOn: { en: 'Date of receipt', hi: 'रसीद की तारीख़' },
  issuer: { en: 'Issued by', hi: 'जारीकर्ता' },
  isCashAboveLimit: { en: 'Cash above ₹2,000', hi: '₹2,000 से अधिक नकद' },
  variant: { en: 'Receipt kind', hi: 'रसीद का प्रकार' },
  foundationName: { en: 'Foundation', hi: 'संस्था' },
  registrationNo: { en: 'Registration No.', hi: 'पंजीकरण संख्या' },
  twelveANo: { en: '12A registration', hi: '12A पंजीकरण' },
  taxExemptionNo: { en: 'Tax-exemption approval', hi: 'कर-छूट अनुमोदन' },
  taxSectionLabel: { en: 'Tax section', hi: 'कर की धारा' },
  signatoryName: { en: 'Authorised signatory', hi: 'अधिकृत हस्ताक्षरकर्ता' },
  signatoryDesignation: { en: 'Signatory’s designation', hi: 'हस्ताक्षरकर्ता का पद' },
  helpRequestId: { en: 'Help request', hi: 'सहायता अनुरोध' },
  screenshotUploadId: { en: 'Payment screenshot (upload)', hi: 'भुगतान का स्क्रीनशॉट (अपलोड)' },
  uploadId: { en: 'Upload', hi: 'अपलोड' },
  fileId: { en: 'File', hi: 'फ़ाइल' },
  width: { en: 'Width (pixels)', hi: 'चौड़ाई (पिक्सेल)' },
  height: { en: 'Height (pixels)', hi: 'ऊँचाई (पिक्सेल)' },
  processedAt: { en: 'Processed at', hi: 'प्रोसेस होने का समय' },
  renderedAt: { en: 'Drawn at', hi: 'बनाने का समय' },
  // Kanyadan
  regNo: { en: 'Registration No.', hi: 'पंजीकरण संख्या' },
  brideName: { en: 'Bride’s name', hi: 'दुल्हन का नाम' },
  groomName: { en: 'Groom’s name', hi: 'दूल्हे का नाम' },
  fatherName: { en: 'Father’s name', hi: 'पिता का नाम' },
  motherName: { en: 'Mother’s name', hi: 'माता का नाम' },
  dateOfBirth: { en: 'Date of birth', hi: 'जन्म तिथि' },
  marriageDate: { en: 'Date of marriage', hi: 'विवाह की तारीख़' },
  feePaise: { en: 'Fee', hi: 'शुल्क' },
  paidOn: { en: 'Paid on', hi: 'भुगतान की तारीख़' },
  approvedAt: { en: 'Approved at', hi: 'स्वीकृति का समय' },
  approvedBy: { en: 'Approved by', hi: 'किसने स्वीकृत किया' },
  disbursedAt: { en: 'Paid out at', hi: 'भुगतान का समय' },
  documents: { en: 'Documents', hi: 'दस्तावेज़' },
  kind: { en: 'Kind', hi: 'प्रकार' },
  // Help
  requestId: { en: 'Help request', hi: 'सहायता अनुरोध' },
  disbursementId: { en: 'Withdrawal', hi: 'निकासी' },
  giftId: { en: 'Direct gift', hi: 'सीधा दान' },
  giverId: { en: 'Given by (member ID)', hi: 'देने वाले सदस्य की आईडी' },
  beneficiaryName: { en: 'Beneficiary', hi: 'लाभार्थी' },
  relation: { en: 'Relation', hi: 'संबंध' },
  category: { en: 'Category', hi: 'श्रेणी' },
  amountNeededPaise: { en: 'Amount needed', hi: 'ज़रूरी राशि' },
  adminChargePaise: { en: 'Charge', hi: 'शुल्क' },
  netPaise: { en: 'Net amount', hi: 'शुद्ध राशि' },
  contactNumber: { en: 'Contact number', hi: 'संपर्क नंबर' },
  confirmedAt: { en: 'Confirmed at', hi: 'पुष्टि का समय' },
  requestedAt: { en: 'Requested at', hi: 'अनुरोध का समय' },
  publishedAt: { en: 'Published at', hi: 'प्रकाशित होने का समय' },
  closesOn: { en: 'Closes on', hi: 'बंद होने की तारीख़' },
  title: { en: 'Title', hi: 'शीर्षक' },
  story: { en: 'Story', hi: 'कहानी' },
  // Payout details (shown only to finance) and what the server hid
  payout: { en: 'Payout details', hi: 'भुगतान का विवरण' },
  upiId: { en: 'UPI ID', hi: 'यूपीआई आईडी' },
  accountNumber: { en: 'Account number', hi: 'खाता संख्या' },
  accountHolder: { en: 'Account holder', hi: 'खाताधारक' },
  bankName: { en: 'Bank', hi: 'बैंक' },
  ifsc: { en: 'IFSC', hi: 'आईएफ़एससी' },
};

/** The read-model tables the as-of view shows, by the names the projections give them. */
const TABLE_LABELS: Record<string, AuditLabel> = {
  donations: { en: 'Donations', hi: 'दान' },
  receipts: { en: 'Receipts', hi: 'रसीदें' },
  kanyadan_applications: { en: 'Kanyadan applications', hi: 'कन्यादान आवेदन' },
  help_requests: { en: 'Help requests', hi: 'सहायता अनुरोध' },
  help_disbursements: { en: 'Withdrawals', hi: 'निकासी' },
  help_direct_gifts: { en: 'Direct gifts', hi: 'सीधे दान' },
  users: { en: 'Members and staff', hi: 'सदस्य और स्टाफ़' },
};

/** The events of the records disputes are about; the rest are named from their type. */
const EVENT_LABELS: Record<string, AuditLabel> = {
  DonationPledged: { en: 'Donation pledged', hi: 'दान का वचन दिया गया' },
  DonationProofSubmitted: { en: 'Payment proof sent', hi: 'भुगतान का प्रमाण भेजा गया' },
  DonationScreenshotProcessed: { en: 'Payment screenshot processed', hi: 'भुगतान का स्क्रीनशॉट प्रोसेस हुआ' },
  DonationScreenshotRejected: { en: 'Payment screenshot refused', hi: 'भुगतान का स्क्रीनशॉट अस्वीकार हुआ' },
  DonationVerified: { en: 'Donation verified', hi: 'दान सत्यापित हुआ' },
  DonationOrderCreated: { en: 'Online payment order created', hi: 'ऑनलाइन भुगतान का ऑर्डर बना' },
  OnlinePaymentFlagged: { en: 'Online payment flagged for finance', hi: 'ऑनलाइन भुगतान वित्त विभाग की जाँच के लिए चिह्नित' },
  OnlinePaymentFlagResolved: { en: 'Flagged online payment resolved by finance', hi: 'चिह्नित ऑनलाइन भुगतान का वित्त विभाग ने निपटारा किया' },
  GatewayEventReceived: { en: 'Payment gateway notice received', hi: 'भुगतान गेटवे की सूचना मिली' },
  GatewayEventHandled: { en: 'Payment gateway notice handled', hi: 'भुगतान गेटवे की सूचना दर्ज हुई' },
  DonationRefundRequested: { en: 'Online refund asked for', hi: 'ऑनलाइन रिफ़ंड माँगा गया' },
  DonationRefundCreated: { en: 'Online refund taken by the gateway', hi: 'गेटवे ने ऑनलाइन रिफ़ंड स्वीकार किया' },
  DonationRefundFailed: { en: 'Online refund not made', hi: 'ऑनलाइन रिफ़ंड नहीं हुआ' },
  DonationRefundProcessed: { en: 'Online refund completed', hi: 'ऑनलाइन रिफ़ंड पूरा हुआ' },
  OnlinePaymentFailed: { en: 'Online payment attempt failed', hi: 'ऑनलाइन भुगतान का प्रयास विफल हुआ' },
  OnlinePaymentsChecked: { en: 'Online payments checked against the gateway', hi: 'ऑनलाइन भुगतानों का गेटवे से मिलान हुआ' },
  MonthlyPlanStarted: { en: 'Monthly gift started', hi: 'मासिक दान शुरू हुआ' },
  MonthlySubscriptionCreated: { en: 'Monthly gift: automatic payment set up at the gateway', hi: 'मासिक दान: गेटवे पर स्वचालित भुगतान बना' },
  MonthlyPlanPaused: { en: 'Monthly gift paused', hi: 'मासिक दान रोका गया' },
  MonthlyPlanResumed: { en: 'Monthly gift resumed', hi: 'मासिक दान फिर शुरू हुआ' },
  MonthlyPlanAmountChanged: { en: 'Monthly gift amount changed', hi: 'मासिक दान की राशि बदली' },
  MonthlyPlanDayChanged: { en: 'Monthly gift day changed', hi: 'मासिक दान की तारीख़ बदली' },
  MonthlyPlanStopped: { en: 'Monthly gift stopped', hi: 'मासिक दान बंद हुआ' },
  MonthlySubscriptionStatusChanged: { en: 'Monthly gift: gateway reported a new state', hi: 'मासिक दान: गेटवे ने नई स्थिति बताई' },
  MonthlyReminderDue: { en: 'Monthly gift reminder due', hi: 'मासिक दान का स्मरण भेजा जाना है' },
  MonthlyGiftCharged: { en: 'Monthly gift charged', hi: 'मासिक दान कटा' },
  DonationRejected: { en: 'Donation rejected', hi: 'दान अस्वीकार हुआ' },
  DonationCancelled: { en: 'Donation cancelled', hi: 'दान रद्द हुआ' },
  DonationAbandoned: { en: 'Donation abandoned (never paid)', hi: 'दान छोड़ दिया गया (भुगतान नहीं हुआ)' },
  DonationReceiptRetained: { en: 'Receipt kept for the tax records', hi: 'रसीद कर-रिकॉर्ड के लिए रखी गई' },
  ReceiptSerialAllocated: { en: 'Receipt number given', hi: 'रसीद संख्या दी गई' },
  ReceiptRendered: { en: 'Receipt PDF made', hi: 'रसीद की PDF बनी' },
  DonorPanNameRecorded: { en: 'Name as on the PAN recorded', hi: 'पैन पर लिखा नाम दर्ज हुआ' },
  DonorIdentificationRecorded: { en: 'Donor’s identification recorded', hi: 'दाता की पहचान दर्ज हुई' },
  UtrClaimed: { en: 'UTR taken by this payment', hi: 'यूटीआर इस भुगतान के नाम दर्ज हुआ' },
  InstrumentClaimed: { en: 'Cheque or DD taken by this payment', hi: 'चेक या डीडी इस भुगतान के नाम दर्ज हुआ' },
  KanyadanApplicationSubmitted: { en: 'Kanyadan application submitted', hi: 'कन्यादान आवेदन जमा हुआ' },
  KanyadanApplicationVerified: { en: 'Kanyadan application verified', hi: 'कन्यादान आवेदन सत्यापित हुआ' },
  KanyadanApplicationRejected: { en: 'Kanyadan application not accepted', hi: 'कन्यादान आवेदन स्वीकार नहीं हुआ' },
  KanyadanFeeProofSubmitted: { en: 'Fee payment proof sent', hi: 'शुल्क के भुगतान का प्रमाण भेजा गया' },
  KanyadanFeePaid: { en: 'Fee received', hi: 'शुल्क प्राप्त हुआ' },
  KanyadanBenefitRequested: { en: 'Benefit asked for', hi: 'लाभ के लिए अनुरोध हुआ' },
  KanyadanBenefitApproved: { en: 'Benefit approved', hi: 'लाभ स्वीकृत हुआ' },
  KanyadanBenefitDisbursed: { en: 'Benefit paid out', hi: 'लाभ का भुगतान हुआ' },
  KanyadanDocumentProcessed: { en: 'Document processed', hi: 'दस्तावेज़ प्रोसेस हुआ' },
  KanyadanDocumentRejected: { en: 'Document refused', hi: 'दस्तावेज़ अस्वीकार हुआ' },
  KanyadanDocumentViewed: { en: 'Document opened by staff', hi: 'स्टाफ़ ने दस्तावेज़ खोला' },
  KanyadanDetailsViewed: { en: 'Details opened by staff', hi: 'स्टाफ़ ने विवरण खोला' },
  HelpRequested: { en: 'Help asked for', hi: 'सहायता का अनुरोध हुआ' },
  HelpRequestPublished: { en: 'Help request published', hi: 'सहायता अनुरोध प्रकाशित हुआ' },
  HelpRequestRejected: { en: 'Help request not accepted', hi: 'सहायता अनुरोध स्वीकार नहीं हुआ' },
  HelpRequestClosed: { en: 'Help request closed', hi: 'सहायता अनुरोध बंद हुआ' },
  HelpRequestExtended: { en: 'Help request extended', hi: 'सहायता अनुरोध की अवधि बढ़ी' },
  HelpDonationEarmarked: { en: 'Donation set aside for this request', hi: 'दान इस अनुरोध के लिए अलग रखा गया' },
  HelpDonationUnearmarked: { en: 'Donation no longer set aside', hi: 'दान अब अलग नहीं रखा गया' },
  DirectGiftSubmitted: { en: 'Direct gift reported', hi: 'सीधे दान की जानकारी दी गई' },
  DirectGiftConfirmed: { en: 'Direct gift confirmed by the beneficiary', hi: 'लाभार्थी ने सीधे दान की पुष्टि की' },
  DirectGiftDisputed: { en: 'Direct gift disputed', hi: 'सीधे दान पर आपत्ति हुई' },
  DirectGiftDecided: { en: 'Dispute about a direct gift decided', hi: 'सीधे दान की आपत्ति पर फ़ैसला हुआ' },
  DisbursementRequested: { en: 'Withdrawal asked for', hi: 'निकासी का अनुरोध हुआ' },
  DisbursementApproved: { en: 'Withdrawal approved', hi: 'निकासी स्वीकृत हुई' },
  DisbursementRejected: { en: 'Withdrawal not accepted', hi: 'निकासी स्वीकार नहीं हुई' },
  DisbursementPaid: { en: 'Withdrawal paid', hi: 'निकासी का भुगतान हुआ' },
  FundraiserStarted: { en: 'Fundraiser started', hi: 'फ़ंडरेज़र शुरू हुआ' },
  FundraiserApproved: { en: 'Fundraiser approved', hi: 'फ़ंडरेज़र स्वीकृत हुआ' },
  FundraiserRejected: { en: 'Fundraiser not approved', hi: 'फ़ंडरेज़र स्वीकृत नहीं हुआ' },
  FundraiserClosed: { en: 'Fundraiser closed', hi: 'फ़ंडरेज़र बंद हुआ' },
  FundraiserMessageHidden: { en: 'Supporter’s message hidden', hi: 'समर्थक का संदेश छिपाया गया' },
  AccountRegistered: { en: 'Account registered', hi: 'खाता बना' },
  EmailConfirmed: { en: 'E-mail address confirmed', hi: 'ई-मेल पता पक्का हुआ' },
  ProfileUpdated: { en: 'Profile changed', hi: 'प्रोफ़ाइल बदली गई' },
  PasswordChanged: { en: 'Password changed', hi: 'पासवर्ड बदला गया' },
  MemberSuspended: { en: 'Member suspended', hi: 'सदस्य निलंबित हुआ' },
  MemberReactivated: { en: 'Member reactivated', hi: 'सदस्य फिर से सक्रिय हुआ' },
  PersonalDataErased: { en: 'Personal data erased', hi: 'व्यक्तिगत जानकारी मिटाई गई' },
};

/** "amount_paise" and "amountPaise" are one field. */
function camelOf(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** "helpRequestId" → "Help request id", "DonationPledged" → "Donation pledged". */
function wordsOf(identifier: string): string {
  const words = camelOf(identifier)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const named = (identifier: string): AuditLabel => ({ en: wordsOf(identifier), hi: wordsOf(identifier) });

/** A field of an event's data or of a read-model row, camelCase or snake_case. */
export function auditFieldLabel(name: string): AuditLabel {
  return FIELD_LABELS[camelOf(name)] ?? named(name);
}

export function auditTableLabel(table: string): AuditLabel {
  return TABLE_LABELS[table] ?? named(table);
}

export function auditEventLabel(type: string): AuditLabel {
  return EVENT_LABELS[type] ?? named(type);
}

/** A field holding money in paise, by its name ("amountPaise", "net_paise"). */
export function isPaiseField(name: string): boolean {
  return /paise$/i.test(name.replace(/_/g, ''));
}

/** A field holding a moment ("verifiedAt", "pledged_at"). */
export function isMomentField(name: string): boolean {
  return /(At|_at)$/.test(name);
}

export type AuditValue = string | number | boolean | null;

/** One line of a record: the path of field names down to it, and its value. */
export interface AuditEntry {
  path: string[];
  value: AuditValue;
}

/**
 * An event's data or a row as lines, nested objects flattened ("donor" › "email"); an array of plain
 * values stays one line, an array of objects numbered ("documents" › "1" › "kind").
 */
export function auditEntries(value: unknown, path: string[] = []): AuditEntry[] {
  if (value === undefined) return [];
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [{ path, value }];
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || ['string', 'number', 'boolean'].includes(typeof item))) return [{ path, value: value.length === 0 ? null : value.map(String).join(', ') }];
    return value.flatMap((item, index) => auditEntries(item, [...path, String(index + 1)]));
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return [{ path, value: null }];
    return entries.flatMap(([name, item]) => auditEntries(item, [...path, name]));
  }
  return [{ path, value: String(value) }];
}

/** A line's label: each field of its path named, "Donor › E-mail"; numbers (array positions) as they are. */
export function auditPathLabel(path: readonly string[]): AuditLabel {
  const parts = path.map((part) => (/^\d+$/.test(part) ? { en: part, hi: part } : auditFieldLabel(part)));
  return { en: parts.map((part) => part.en).join(' › '), hi: parts.map((part) => part.hi).join(' › ') };
}
