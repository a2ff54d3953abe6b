import type { TContentSlug } from './content.schema.ts';

/**
 * The content pages as first shipped (PRODUCT.md §3), before any admin edits them. Markdown, no raw
 * HTML; {{placeholders}} are filled from settings when the page is rendered, so no foundation fact
 * (registration number, PAN, approvals, address) is ever written here. Bodies sit at column 0 because
 * Markdown reads four leading spaces as a code block.
 */
export interface SeedPage {
  title: { en: string; hi: string };
  body: { en: string; hi: string };
}

const ABOUT_EN = `## Who we are

{{foundationName}} is a registered non-profit foundation in India (registration number {{registrationNo}}). Sahay is our website and members' platform: the place where people give, where families ask for help, and where anyone can see how the money is used.

"Sahay" means help and support. We bring together donors, volunteers and members who want to stand by others in hard times — a family facing a hospital bill, a child who needs support to stay in school, a household struck by an accident, parents preparing for a daughter's marriage with very little.

## What we do

- **Donations for causes.** You can give to our general fund or to a cause: Kanyadan, medical aid, education, accident relief or the environment. You can also give to one specific, verified help request.
- **Kanyadan support.** Our Kanyadan scheme helps underprivileged families with the marriage of a daughter. Girls are registered young (up to 14 years of age), and help is considered only when the young woman is 18 or older and her marriage is fixed. Read more on [the Kanyadan page](/KanyadanYojna).
- **Peer help.** Members in need can ask for help with medical treatment, an accident or another hardship. Our staff check the request, the documents and the person's identity before anything is published on [Help requests](/help).
- **A community of members.** Members share the foundation's work with friends and family through a referral link, support help requests and join our evening online meetings.

## How we work

- **Every rupee is traceable.** Each donation, approval, rejection and payment is recorded with who did it and when, and cannot be quietly changed afterwards. Totals received and paid out, by month and by cause, are on our [transparency page](/transparency).
- **Staff verify before money moves.** Each donation is matched against our bank statement before a receipt is issued. Help requests and Kanyadan applications are checked before any help is given.
- **Privacy for the vulnerable.** We collect only what we need, keep documents encrypted, and erase personal data on request wherever the law allows. See our [privacy policy](/legals).
- **For everyone.** The whole site works in Hindi and English, and is built to work on an ordinary phone over a slow connection.

## What we are not

**{{foundationName}} is not a money-making scheme.** Nobody earns anything from the people they invite. There is no joining fee paid to any person, no payment to a sponsor or "upline", no level, rank or income that is bought or unlocked by team size, and no payout that depends on bringing in others. Schemes that work that way are illegal in India under the Prize Chits and Money Circulation Schemes (Banning) Act, 1978, the Consumer Protection (Direct Selling) Rules, 2021 and the Banning of Unregulated Deposit Schemes Act, 2019.

Membership and invite codes are free. **Nobody should pay anyone to "join" Sahay expecting money in return.** Money moves in only two ways: from donors to the foundation, or from donors directly to beneficiaries whose need our staff have verified.

Our Kanyadan scheme is run by a private foundation. **It is not a government scheme.** Help depends on eligibility and on the funds available, and we never ask for money in return for a promised amount. If someone asks you to pay so that you "get" Kanyadan money, or promises you earnings from members, please do not pay — tell us through the [contact page](/contact).

## Get in touch

- Address: {{address}}
- Phone: {{phone}}
- E-mail: {{email}}

You can also write to us through the [contact page](/contact). To support our work, read [Become a Donor](/donor) or [donate now](/donate).`;

const ABOUT_HI = `## हम कौन हैं

{{foundationName}} भारत में पंजीकृत एक गैर-लाभकारी संस्था है (पंजीकरण संख्या {{registrationNo}})। सहाय हमारी वेबसाइट और सदस्यों का मंच है — जहाँ लोग दान देते हैं, ज़रूरतमंद परिवार मदद माँगते हैं, और कोई भी देख सकता है कि पैसा कहाँ और कैसे ख़र्च हुआ।

"सहाय" का अर्थ है मदद और सहारा। हम उन दानदाताओं, स्वयंसेवकों और सदस्यों को साथ लाते हैं जो मुश्किल समय में दूसरों का साथ देना चाहते हैं — अस्पताल के बिल से जूझता परिवार, पढ़ाई जारी रखने के लिए सहारा ढूँढता बच्चा, दुर्घटना से टूटा घर, या बहुत कम साधनों में बेटी की शादी की तैयारी करते माता-पिता।

## हम क्या करते हैं

- **अलग-अलग कामों के लिए दान।** आप हमारे सामान्य कोष में या किसी एक उद्देश्य के लिए दान दे सकते हैं: कन्यादान, चिकित्सा सहायता, शिक्षा, दुर्घटना राहत या पर्यावरण। आप किसी एक सत्यापित सहायता अनुरोध के लिए भी दान दे सकते हैं।
- **कन्यादान सहायता।** हमारी कन्यादान योजना आर्थिक रूप से कमज़ोर परिवारों को बेटी की शादी में मदद करती है। बालिका का पंजीकरण कम उम्र में (14 वर्ष तक) होता है, और सहायता पर विचार तभी होता है जब युवती 18 वर्ष या उससे अधिक की हो और उसकी शादी तय हो चुकी हो। अधिक जानकारी [कन्यादान योजना पेज](/KanyadanYojna) पर है।
- **आपसी मदद।** ज़रूरतमंद सदस्य इलाज, दुर्घटना या किसी और कठिनाई में मदद माँग सकते हैं। [सहायता अनुरोध](/help) पर कुछ भी प्रकाशित होने से पहले हमारे कर्मचारी अनुरोध, दस्तावेज़ों और व्यक्ति की पहचान की जाँच करते हैं।
- **सदस्यों का समुदाय।** सदस्य अपने रेफ़रल लिंक से संस्था का काम दोस्तों और परिवार तक पहुँचाते हैं, सहायता अनुरोधों में साथ देते हैं और शाम की ऑनलाइन बैठक में शामिल होते हैं।

## हम कैसे काम करते हैं

- **हर रुपये का हिसाब।** हर दान, मंज़ूरी, अस्वीकृति और भुगतान इस ब्योरे के साथ दर्ज होता है कि किसने और कब किया, और बाद में उसे चुपचाप बदला नहीं जा सकता। महीने और उद्देश्य के अनुसार मिली और बाँटी गई कुल राशि हमारे [पारदर्शिता पेज](/transparency) पर देखी जा सकती है।
- **पैसा आगे बढ़ने से पहले जाँच।** रसीद जारी करने से पहले हर दान का मिलान हमारे बैंक स्टेटमेंट से किया जाता है। कोई भी मदद देने से पहले सहायता अनुरोधों और कन्यादान आवेदनों की जाँच होती है।
- **कमज़ोर लोगों की निजता।** हम केवल ज़रूरी जानकारी लेते हैं, दस्तावेज़ एन्क्रिप्ट करके रखते हैं, और अनुरोध पर — जहाँ तक क़ानून अनुमति दे — निजी जानकारी मिटा देते हैं। पूरा विवरण हमारी [गोपनीयता नीति](/legals) में है।
- **सबके लिए।** पूरी वेबसाइट हिन्दी और अंग्रेज़ी में है, और साधारण फ़ोन व धीमे नेटवर्क पर भी चलती है।

## हम क्या नहीं हैं

**{{foundationName}} पैसा कमाने की कोई स्कीम नहीं है।** अपने आमंत्रित लोगों से किसी को कोई कमाई नहीं होती। किसी व्यक्ति को जुड़ने की फ़ीस नहीं दी जाती, किसी प्रायोजक (स्पॉन्सर) या "अपलाइन" को कोई भुगतान नहीं होता, टीम के आकार से कोई लेवल, रैंक या आमदनी न ख़रीदी जाती है न खुलती है, और दूसरों को जोड़ने के बदले किसी को कोई भुगतान नहीं मिलता। इस तरह की स्कीमें भारत में ग़ैरक़ानूनी हैं — इनामी चिट और धन परिचालन स्कीम (पाबंदी) अधिनियम, 1978, उपभोक्ता संरक्षण (प्रत्यक्ष बिक्री) नियम, 2021 और अविनियमित निक्षेप स्कीम पाबंदी अधिनियम, 2019 के तहत।

सदस्यता और आमंत्रण कोड (इनवाइट कोड) मुफ़्त हैं। **सहाय से "जुड़ने" के नाम पर, बदले में पैसा मिलने की उम्मीद में, किसी को भी कोई भुगतान न करें।** पैसा केवल दो रास्तों से जाता है: दानदाता से संस्था को, या दानदाता से सीधे उन लाभार्थियों को जिनकी ज़रूरत की जाँच हमारे कर्मचारी कर चुके हैं।

हमारी कन्यादान योजना एक निजी संस्था चलाती है। **यह कोई सरकारी योजना नहीं है।** सहायता पात्रता और उपलब्ध धनराशि पर निर्भर है, और हम किसी तय रक़म का वादा करके बदले में कभी पैसे नहीं माँगते। अगर कोई आपसे कन्यादान की रक़म "दिलाने" के नाम पर पैसे माँगे, या सदस्यों से कमाई का लालच दे, तो भुगतान न करें और [संपर्क पेज](/contact) के ज़रिए हमें बताएँ।

## संपर्क करें

- पता: {{address}}
- फ़ोन: {{phone}}
- ई-मेल: {{email}}

आप [संपर्क पेज](/contact) से भी हमें लिख सकते हैं। हमारे काम में सहयोग के लिए [दानदाता बनें](/donor) पढ़ें या [अभी दान करें](/donate)।`;

const MISSION_EN = `## Our vision

A society in which no family has to face illness, an accident, a child's lost schooling or the cost of a daughter's marriage alone — where neighbours help neighbours, and every rupee given in trust reaches the people it was meant for.

## Our mission

- To **collect donations honestly** and use them for the causes our donors choose: children's care and education, medical aid, accident relief, Kanyadan support and the environment.
- To **support underprivileged girls and their families** through the Kanyadan scheme — with dignity, with their consent, and with strong protection for their personal data.
- To **connect people in need with people who can help**, after our staff have verified each request and the identity of the person asking.
- To **show our work openly**, so that any donor can see what was received, what was paid out and for which cause, on our [transparency page](/transparency).
- To **build a caring community** of members who spread the word and help others without expecting anything in return.

## Our values

**Trust through transparency.** Every payment, approval, rejection and disbursement is recorded with who did it and when. Records are added to, never rewritten, so our accounts can always be checked.

**Honest promises.** We never promise a return for a fee, and we never ask for money in return for a promised amount of help. Kanyadan help is assistance from a private foundation, subject to eligibility and available funds — it is not a government scheme.

**Giving, not earning.** Our community grows through goodwill, not money. Nobody earns from the people they invite, nobody pays to rise through levels, and membership and invite codes are free.

**Dignity and privacy.** People who ask for help share difficult details of their lives. We collect only what we need, keep documents encrypted, log who views them, and erase personal data on request wherever the law allows.

**Within everyone's reach.** Hindi and English everywhere, a site that works on an ordinary phone and a slow network, and clear messages that say what to do next.

## Where we focus

- **Girls and their families** — registering girls early in the Kanyadan scheme so that families know where they stand, and supporting eligible marriages once the young woman is 18 or older.
- **Health and emergencies** — medical treatment and accident relief for families who cannot bear the cost.
- **Education** — helping children stay in school.
- **Our shared environment** — work that protects the planet we leave to our children.

## How we hold ourselves to account

We do not publish claims we cannot back up. The counters on our home page are built from verified donations and disbursements recorded on this platform, plus a starting figure set by the foundation for work done before the platform began. Totals by month and by cause are on the [transparency page](/transparency), and every donor can check the status of their own donation at any time.

## Be part of it

- [Donate](/donate) to the general fund or to a cause you care about.
- Support a [verified help request](/help).
- [Become a member](/register) and share our work with people you know.
- Read [how the foundation works](/plan).`;

const MISSION_HI = `## हमारा विज़न

एक ऐसा समाज जहाँ किसी परिवार को बीमारी, दुर्घटना, बच्चे की छूटती पढ़ाई या बेटी की शादी के ख़र्च का सामना अकेले न करना पड़े — जहाँ पड़ोसी पड़ोसी के काम आए, और भरोसे से दिया गया हर रुपया उसी तक पहुँचे जिसके लिए वह दिया गया था।

## हमारा मिशन

- **ईमानदारी से दान जुटाना** और उसे उन्हीं कामों में लगाना जिन्हें दानदाता चुनते हैं: बच्चों की देखभाल और शिक्षा, चिकित्सा सहायता, दुर्घटना राहत, कन्यादान सहायता और पर्यावरण।
- कन्यादान योजना के ज़रिए **आर्थिक रूप से कमज़ोर परिवारों की बेटियों का साथ देना** — सम्मान के साथ, उनकी सहमति से, और उनकी निजी जानकारी की पूरी सुरक्षा के साथ।
- हर अनुरोध और मदद माँगने वाले व्यक्ति की पहचान की जाँच के बाद **ज़रूरतमंदों को मदद कर सकने वालों से जोड़ना**।
- **अपना काम खुलकर दिखाना**, ताकि हर दानदाता [पारदर्शिता पेज](/transparency) पर देख सके कि कितना पैसा आया, कितना दिया गया और किस काम के लिए।
- ऐसे सदस्यों का **संवेदनशील समुदाय बनाना** जो बिना किसी बदले की उम्मीद के बात आगे पहुँचाएँ और दूसरों की मदद करें।

## हमारे मूल्य

**पारदर्शिता से भरोसा।** हर भुगतान, मंज़ूरी, अस्वीकृति और वितरण इस ब्योरे के साथ दर्ज होता है कि किसने और कब किया। रिकॉर्ड में केवल नई प्रविष्टियाँ जुड़ती हैं, पुरानी कभी दोबारा नहीं लिखी जातीं, इसलिए हमारा हिसाब हमेशा जाँचा जा सकता है।

**सच्चे वादे।** हम किसी फ़ीस के बदले मुनाफ़े का वादा कभी नहीं करते, और मदद की किसी तय रक़म का वादा करके बदले में कभी पैसे नहीं माँगते। कन्यादान सहायता एक निजी संस्था की ओर से दी जाने वाली मदद है, जो पात्रता और उपलब्ध धनराशि पर निर्भर है — यह सरकारी योजना नहीं है।

**देना, कमाना नहीं।** हमारा समुदाय पैसे से नहीं, सद्भावना से बढ़ता है। अपने आमंत्रित लोगों से किसी को कोई कमाई नहीं होती, कोई पैसे देकर ऊँचे लेवल पर नहीं पहुँचता, और सदस्यता व आमंत्रण कोड मुफ़्त हैं।

**सम्मान और निजता।** मदद माँगने वाले लोग अपने जीवन की कठिन बातें हमसे साझा करते हैं। हम केवल ज़रूरी जानकारी लेते हैं, दस्तावेज़ एन्क्रिप्ट करके रखते हैं, यह दर्ज करते हैं कि उन्हें किसने देखा, और अनुरोध पर — जहाँ तक क़ानून अनुमति दे — निजी जानकारी मिटा देते हैं।

**सबकी पहुँच में।** हर जगह हिन्दी और अंग्रेज़ी, साधारण फ़ोन और धीमे नेटवर्क पर चलने वाली वेबसाइट, और ऐसे साफ़ संदेश जो बताएँ कि आगे क्या करना है।

## हमारे मुख्य कार्यक्षेत्र

- **बेटियाँ और उनके परिवार** — कन्यादान योजना में बालिकाओं का जल्दी पंजीकरण, ताकि परिवार को अपनी स्थिति पता रहे, और युवती के 18 वर्ष या उससे अधिक की होने पर पात्र विवाहों में सहायता।
- **स्वास्थ्य और आपात स्थिति** — उन परिवारों के लिए इलाज और दुर्घटना राहत जो यह ख़र्च नहीं उठा सकते।
- **शिक्षा** — बच्चों की पढ़ाई जारी रखने में मदद।
- **हमारा साझा पर्यावरण** — उस धरती को बचाने का काम जो हम अपने बच्चों के लिए छोड़ेंगे।

## हम अपना हिसाब कैसे देते हैं

हम ऐसे दावे नहीं करते जिन्हें साबित न कर सकें। होम पेज के आँकड़े इस प्लेटफ़ॉर्म पर दर्ज सत्यापित दानों और वितरणों से बनते हैं, और उनमें प्लेटफ़ॉर्म शुरू होने से पहले के काम के लिए संस्था की तय की हुई एक शुरुआती संख्या जुड़ी होती है। महीने और उद्देश्य के अनुसार कुल राशि [पारदर्शिता पेज](/transparency) पर है, और हर दानदाता किसी भी समय अपने दान की स्थिति देख सकता है।

## इस काम का हिस्सा बनें

- सामान्य कोष में या अपनी पसंद के किसी उद्देश्य के लिए [दान करें](/donate)।
- किसी [सत्यापित सहायता अनुरोध](/help) में साथ दें।
- [सदस्य बनें](/register) और अपने जान-पहचान वालों तक हमारा काम पहुँचाएँ।
- पढ़ें कि [संस्था कैसे काम करती है](/plan)।`;

const DONOR_EN = `## Why give through {{foundationName}}

Every donation is matched against our bank statement by our finance staff before it counts, every verified donation gets a receipt, and the totals received and paid out are published on our [transparency page](/transparency). You decide where your money goes.

## Choose what to support

On the [donation page](/donate) you can give to:

- the **general fund**, used where the need is greatest;
- a **cause**: Kanyadan, medical aid, education, accident relief or the environment;
- a **specific help request** that our staff have verified — open it from [Help requests](/help) and choose to donate through the foundation.

Pick an amount — **₹500, ₹1,000, ₹2,000 or ₹5,000** — or type any amount of ₹1 or more. Every amount helps.

## How to give, step by step

1. **Fill in the form** on the [donation page](/donate): amount, cause, your name, and an e-mail address or phone number so that we can send your receipt. If you want a receipt you can use for tax exemption, also give your **PAN and address**. If a member shared a link with you, their referral ID is filled in; it only counts your donation towards their recognition badge as "funds raised" — it never earns them any money.
2. **Pay by UPI.** Scan the QR code with any UPI app, or tap the payment link on your phone. The amount and your donation reference are filled in for you; check that the payee is {{foundationName}} before you approve.
3. **Or pay by bank transfer.** Send the amount by NEFT, RTGS or IMPS to the account shown on the donation page, and put your donation reference in the remarks if your bank allows it.
4. **Send us the UTR and a screenshot.** After paying, enter the **UTR** — the bank or UPI reference number of your payment — and upload a screenshot of the successful payment. Most UPI apps show it in the transaction details as "UPI Ref. No." or "UTR", usually 12 digits. For a bank transfer, it is the reference number your bank shows for the transfer.
5. **We verify.** Our finance staff match your UTR with our bank statement. One UTR can verify only one donation. If something does not match, the donation is rejected with the reason, and you can [contact us](/contact) to sort it out.
6. **You get your receipt.** Once your donation is verified, a PDF receipt is e-mailed to you (if you gave an e-mail address). You can download it again at any time from [Donation status](/donate/status) with your donation reference and your phone number or e-mail.

Where online payment by card or net banking is available, the donation page shows it as an extra option.

## Your receipt and tax exemption

Your receipt shows our name, address and PAN ({{pan}}), our tax-exemption approval number ({{taxExemptionNo}}) under {{taxSectionLabel}}, your name, masked PAN and address, the amount in figures and in words, the payment mode and reference, and the date. Every receipt has its own serial number for the financial year.

- To claim a deduction, give your correct **name and PAN** when you donate. As the law requires, we report donations to the Income Tax Department, and your deduction relies on that report.
- **Cash donations above ₹2,000 cannot be claimed** as a deduction; the receipt says so when this applies. Paying by UPI or bank transfer avoids the problem.
- How much you can deduct depends on the law in force and on your own tax situation; please check with your tax adviser.

## Giving directly to a person in need

Some verified help requests show the beneficiary's own UPI ID, so that you can give to them directly and upload a screenshot; the beneficiary then confirms the gift. A direct gift goes to that person, not to the foundation, so **we cannot issue a receipt or tax-exemption certificate for it**, and we cannot refund it. If you want a receipt, donate through the foundation and choose that help request.

## See where the money goes

The [transparency page](/transparency) shows totals received and paid out by month and by cause, the verified donations and the disbursements. Your name appears there only if you tick "show my name on the transparency page"; otherwise you are listed as "Anonymous". Beneficiaries are never named there.

## Stay safe

- Pay only to the UPI ID or bank account shown on our [donation page](/donate). We never ask you to pay into anyone's personal account.
- We never ask for your UPI PIN, card PIN or OTP.
- A donation is voluntary and buys nothing: there is no return, interest, prize or income for donating. Anyone who promises you money back for a "donation" is not acting for us — please [tell us](/contact).
- Donations are generally non-refundable. If you paid twice by mistake or paid the wrong amount, tell us within 7 days with your UTR — see the refund policy on our [legal page](/legals).
- If you live outside India, or would pay from a bank account outside India, please [contact us](/contact) before giving.

## Questions?

Write to {{email}} or use the [contact page](/contact) (phone: {{phone}}).`;

const DONOR_HI = `## {{foundationName}} के ज़रिए दान क्यों दें

हर दान को गिनने से पहले हमारे वित्त कर्मचारी बैंक स्टेटमेंट से उसका मिलान करते हैं, हर सत्यापित दान की रसीद मिलती है, और मिली व बाँटी गई कुल राशि हमारे [पारदर्शिता पेज](/transparency) पर प्रकाशित होती है। आपका पैसा कहाँ लगे, यह आप तय करते हैं।

## चुनें कि किसकी मदद करनी है

[दान पेज](/donate) पर आप इनके लिए दान दे सकते हैं:

- **सामान्य कोष**, जिसका उपयोग वहाँ होता है जहाँ ज़रूरत सबसे ज़्यादा हो;
- कोई **उद्देश्य**: कन्यादान, चिकित्सा सहायता, शिक्षा, दुर्घटना राहत या पर्यावरण;
- कोई **विशेष सहायता अनुरोध**, जिसकी जाँच हमारे कर्मचारी कर चुके हैं — उसे [सहायता अनुरोध](/help) से खोलें और संस्था के ज़रिए दान चुनें।

राशि चुनें — **₹500, ₹1,000, ₹2,000 या ₹5,000** — या ₹1 या उससे अधिक कोई भी राशि लिखें। हर राशि काम आती है।

## दान कैसे दें: क़दम-दर-क़दम

1. **फ़ॉर्म भरें।** [दान पेज](/donate) पर राशि, उद्देश्य, अपना नाम, और रसीद भेजने के लिए ई-मेल या फ़ोन नंबर भरें। अगर आपको आयकर छूट के काम आने वाली रसीद चाहिए, तो अपना **PAN और पता** भी दें। अगर किसी सदस्य ने आपको लिंक भेजा है, तो उनकी रेफ़रल ID अपने-आप भर जाती है; इससे आपका दान केवल उनके सम्मान बैज में "जुटाई गई राशि" के रूप में गिना जाता है — उन्हें इससे कभी कोई पैसा नहीं मिलता।
2. **UPI से भुगतान करें।** किसी भी UPI ऐप से QR कोड स्कैन करें, या फ़ोन पर भुगतान लिंक दबाएँ। राशि और आपका दान संदर्भ (रेफ़रेंस) पहले से भरे होते हैं; मंज़ूरी देने से पहले देख लें कि भुगतान पाने वाले का नाम {{foundationName}} है।
3. **या बैंक ट्रांसफ़र करें।** दान पेज पर दिए गए खाते में NEFT, RTGS या IMPS से राशि भेजें, और अगर आपका बैंक अनुमति दे तो टिप्पणी (रिमार्क) में अपना दान संदर्भ लिखें।
4. **UTR और स्क्रीनशॉट भेजें।** भुगतान के बाद **UTR** — यानी आपके भुगतान की बैंक या UPI संदर्भ संख्या — दर्ज करें और सफल भुगतान का स्क्रीनशॉट अपलोड करें। ज़्यादातर UPI ऐप में यह लेन-देन के विवरण में "UPI Ref. No." या "UTR" के नाम से दिखता है, आम तौर पर 12 अंकों का। बैंक ट्रांसफ़र में यह वह संदर्भ संख्या है जो आपका बैंक उस ट्रांसफ़र के लिए दिखाता है।
5. **हम जाँच करते हैं।** हमारे वित्त कर्मचारी आपके UTR का मिलान हमारे बैंक स्टेटमेंट से करते हैं। एक UTR से केवल एक ही दान सत्यापित हो सकता है। अगर कुछ मेल न खाए, तो दान कारण बताकर अस्वीकार किया जाता है, और आप [हमसे संपर्क](/contact) करके उसे सुलझा सकते हैं।
6. **आपको रसीद मिलती है।** दान सत्यापित होते ही PDF रसीद आपको ई-मेल की जाती है (अगर आपने ई-मेल दिया है)। आप उसे [दान की स्थिति](/donate/status) पेज से अपने दान संदर्भ और फ़ोन नंबर या ई-मेल के साथ कभी भी दोबारा डाउनलोड कर सकते हैं।

जहाँ कार्ड या नेट बैंकिंग से ऑनलाइन भुगतान की सुविधा है, वहाँ दान पेज पर वह एक अतिरिक्त विकल्प के रूप में दिखती है।

## आपकी रसीद और आयकर छूट

आपकी रसीद पर हमारा नाम, पता और PAN ({{pan}}), {{taxSectionLabel}} के अंतर्गत हमारी कर-छूट अनुमोदन संख्या ({{taxExemptionNo}}), आपका नाम, आंशिक रूप से छिपाया गया PAN और पता, अंकों और शब्दों में राशि, भुगतान का तरीक़ा और संदर्भ, और तारीख़ होती है। हर रसीद की उस वित्त वर्ष में अपनी अलग क्रम संख्या होती है।

- कटौती का दावा करने के लिए दान करते समय अपना सही **नाम और PAN** दें। क़ानून के अनुसार हम दानों की जानकारी आयकर विभाग को देते हैं, और आपकी कटौती उसी जानकारी पर टिकी होती है।
- **₹2,000 से अधिक के नकद दान पर कटौती का दावा नहीं किया जा सकता**; ऐसी स्थिति में रसीद पर यह लिखा होता है। UPI या बैंक ट्रांसफ़र से भुगतान करने पर यह समस्या नहीं आती।
- आप कितनी कटौती ले सकते हैं, यह लागू क़ानून और आपकी अपनी कर-स्थिति पर निर्भर है; कृपया अपने कर सलाहकार से पूछ लें।

## सीधे ज़रूरतमंद व्यक्ति को देना

कुछ सत्यापित सहायता अनुरोधों पर लाभार्थी की अपनी UPI ID दिखाई जाती है, ताकि आप उन्हें सीधे पैसे भेजकर स्क्रीनशॉट अपलोड कर सकें; फिर लाभार्थी उस भेंट की पुष्टि करता है। सीधी भेंट उसी व्यक्ति को जाती है, संस्था को नहीं, इसलिए **हम उसकी रसीद या कर-छूट प्रमाणपत्र नहीं दे सकते**, और उसे वापस भी नहीं करा सकते। अगर आपको रसीद चाहिए, तो संस्था के ज़रिए दान करें और वही सहायता अनुरोध चुनें।

## देखें कि पैसा कहाँ गया

[पारदर्शिता पेज](/transparency) पर महीने और उद्देश्य के अनुसार मिली और बाँटी गई कुल राशि, सत्यापित दान और वितरण दिखाए जाते हैं। आपका नाम वहाँ तभी दिखता है जब आप "पारदर्शिता पेज पर मेरा नाम दिखाएँ" चुनते हैं; वरना आप "गुमनाम" के रूप में दिखते हैं। लाभार्थियों के नाम वहाँ कभी नहीं दिखाए जाते।

## सावधान रहें

- केवल उसी UPI ID या बैंक खाते में भुगतान करें जो हमारे [दान पेज](/donate) पर दिया गया है। हम कभी किसी के निजी खाते में पैसे भेजने को नहीं कहते।
- हम कभी आपका UPI PIN, कार्ड PIN या OTP नहीं माँगते।
- दान स्वैच्छिक है और इससे कुछ ख़रीदा नहीं जाता: दान के बदले कोई मुनाफ़ा, ब्याज, इनाम या आमदनी नहीं मिलती। जो कोई "दान" के बदले पैसे लौटाने का वादा करे, वह हमारी ओर से काम नहीं कर रहा — कृपया [हमें बताएँ](/contact)।
- दान आम तौर पर वापस नहीं किया जाता। अगर आपने ग़लती से दो बार भुगतान कर दिया या ग़लत राशि भेज दी, तो 7 दिनों के भीतर अपने UTR के साथ हमें बताएँ — धनवापसी नीति हमारे [कानूनी जानकारी पेज](/legals) पर है।
- अगर आप भारत से बाहर रहते हैं, या भारत के बाहर के किसी बैंक खाते से भुगतान करेंगे, तो दान से पहले [हमसे संपर्क करें](/contact)।

## कोई सवाल?

{{email}} पर लिखें या [संपर्क पेज](/contact) का उपयोग करें (फ़ोन: {{phone}})।`;

const PLAN_EN = `## How the foundation works

{{foundationName}} runs on donations and on the goodwill of its members. Our work has four parts: donations, the Kanyadan scheme, peer help and the member community. In every one of them money moves in only two ways — **from donors to the foundation, or from donors to beneficiaries our staff have verified.**

## 1. Donations

Anyone can [donate](/donate) to the general fund, to a cause (Kanyadan, medical aid, education, accident relief, environment) or to a specific verified help request. You pay by UPI or bank transfer and send us the UTR and a screenshot; our finance staff check it against the bank statement and then issue a receipt with the tax-exemption details. Totals received and paid out are published on the [transparency page](/transparency). More on [Become a Donor](/donor).

## 2. Kanyadan: marriage support for underprivileged girls

- **Who can be registered:** a girl aged 0 to 14, registered by her parent or guardian, who gives consent. Registration is on the [Kanyadan registration page](/kanyadanRegistration); you receive a registration number and can check the status at any time.
- **Verification:** our staff check the application and the documents. A birth certificate can be given instead of Aadhaar numbers.
- **When help is given:** only when the young woman is **18 or older** and her marriage is fixed. The family then asks for the benefit with proof, our staff review it, and any approved amount is paid to the family with the bank reference recorded.
- **What it is:** assistance from a private foundation, **subject to eligibility and available funds.** It is **not a government scheme**, and registration is not a promise of any fixed amount. The foundation never asks for money in return for a promised amount. If a fee ever applies, it is shown on the registration page itself and paid only to the foundation; it neither buys nor guarantees help.

Read [About Kanyadan Yojana](/KanyadanYojna) for the documents needed and how to apply.

## 3. Peer help: members helping members

1. A member in need asks for help — for example for medical treatment or after an accident — and uploads documents such as a hospital estimate no older than 6 months.
2. Our verification staff check the request and the person's identity. **Unverified requests are never published.**
3. The verified request appears on [Help requests](/help) with a progress bar and updates.
4. People help in one of two ways: donate through the foundation for that request (with a receipt), or give directly to the beneficiary's UPI ID shown on the request page (the beneficiary confirms each gift).
5. Money the foundation holds for a request is paid to the beneficiary when they ask for it, up to the verified balance, after approval by our finance staff. Any administrative charge and the net amount are shown before the request is sent, and every payment is recorded with its bank reference.

## 4. The member community

- **Joining is free.** [Register](/register) with your details and an invite code (E-PIN). Invite codes are free: the foundation gives them to members to pass on, and **nobody may sell them.**
- **Your referral link.** Every member gets a link to share. People who register through it appear as your direct joinees, and your team view shows who joined through whom. This is only so that you can see the community you helped to grow — **it carries no income, rank or reward.**
- **Funds raised.** When someone donates using your referral ID, the verified donation counts as "funds raised" through you. The money goes to the foundation, never to you.
- **Member I-card.** You can download an I-card with a QR code that anyone can check on our website.

## Recognition badges

Badges are our way of thanking members for what they give and help to raise. They are based on **your own verified giving plus the funds raised through your link**:

- **Star** — ₹500
- **Silver** — ₹1,000
- **Gold** — ₹2,000
- **Diamond** — ₹4,000
- **Double Diamond** — ₹8,000

A badge is **only a badge**. It is never bought, never paid out, carries no income or commission, and unlocks nothing. People joining through your link do not count towards it — only verified donations do.

## What Sahay is not

**Nobody earns from the people they invite.** There is no payment to a sponsor or upline, no level, rank or income that is bought or unlocked by team size, and no payout that depends on enrolling others. Schemes like that are illegal in India under the Prize Chits and Money Circulation Schemes (Banning) Act, 1978, the Consumer Protection (Direct Selling) Rules, 2021 and the Banning of Unregulated Deposit Schemes Act, 2019. **Sahay is not such a scheme.**

Membership and invite codes are free. **Do not pay anyone to "join" expecting returns** — not a member, and not someone who says they act for us. If anyone asks you for money to join, promises you income for recruiting, or sells you an invite code, please do not pay, and [tell us](/contact).`;

const PLAN_HI = `## संस्था कैसे काम करती है

{{foundationName}} दान और अपने सदस्यों की सद्भावना से चलती है। हमारे काम के चार हिस्से हैं: दान, कन्यादान योजना, आपसी मदद और सदस्य समुदाय। इन सभी में पैसा केवल दो रास्तों से जाता है — **दानदाता से संस्था को, या दानदाता से उन लाभार्थियों को जिनकी जाँच हमारे कर्मचारी कर चुके हैं।**

## 1. दान

कोई भी व्यक्ति सामान्य कोष में, किसी उद्देश्य (कन्यादान, चिकित्सा सहायता, शिक्षा, दुर्घटना राहत, पर्यावरण) के लिए, या किसी विशेष सत्यापित सहायता अनुरोध के लिए [दान](/donate) कर सकता है। आप UPI या बैंक ट्रांसफ़र से भुगतान करके हमें UTR और स्क्रीनशॉट भेजते हैं; हमारे वित्त कर्मचारी बैंक स्टेटमेंट से उसका मिलान करते हैं और फिर कर-छूट के विवरण वाली रसीद जारी करते हैं। मिली और बाँटी गई कुल राशि [पारदर्शिता पेज](/transparency) पर प्रकाशित होती है। अधिक जानकारी [दानदाता बनें](/donor) पेज पर है।

## 2. कन्यादान: कमज़ोर परिवारों की बेटियों के विवाह में सहायता

- **किसका पंजीकरण हो सकता है:** 0 से 14 वर्ष की बालिका का, जिसका पंजीकरण उसके माता-पिता या अभिभावक अपनी सहमति देकर कराते हैं। पंजीकरण [कन्यादान पंजीकरण पेज](/kanyadanRegistration) पर होता है; आपको एक पंजीकरण संख्या मिलती है, जिससे आप कभी भी स्थिति देख सकते हैं।
- **जाँच:** हमारे कर्मचारी आवेदन और दस्तावेज़ों की जाँच करते हैं। आधार नंबर की जगह जन्म प्रमाणपत्र भी दिया जा सकता है।
- **सहायता कब मिलती है:** केवल तब, जब युवती **18 वर्ष या उससे अधिक** की हो और उसकी शादी तय हो चुकी हो। तब परिवार प्रमाण के साथ सहायता का अनुरोध करता है, हमारे कर्मचारी उसकी समीक्षा करते हैं, और मंज़ूर हुई राशि परिवार को दी जाती है, जिसकी बैंक संदर्भ संख्या दर्ज की जाती है।
- **यह क्या है:** एक निजी संस्था की ओर से दी जाने वाली सहायता, जो **पात्रता और उपलब्ध धनराशि पर निर्भर** है। यह **सरकारी योजना नहीं है**, और पंजीकरण किसी तय रक़म का वादा नहीं है। संस्था किसी तय रक़म का वादा करके बदले में कभी पैसे नहीं माँगती। अगर कभी कोई फ़ीस लागू हो, तो वह पंजीकरण पेज पर ही दिखाई जाती है और केवल संस्था को दी जाती है; उससे सहायता न ख़रीदी जा सकती है, न पक्की होती है।

ज़रूरी दस्तावेज़ और आवेदन का तरीक़ा [कन्यादान योजना](/KanyadanYojna) पेज पर पढ़ें।

## 3. आपसी मदद: सदस्य, सदस्यों के लिए

1. ज़रूरतमंद सदस्य मदद का अनुरोध करता है — जैसे इलाज के लिए या दुर्घटना के बाद — और अस्पताल का अनुमानित ख़र्च (एस्टिमेट) जैसे दस्तावेज़ अपलोड करता है, जो 6 महीने से पुराने न हों।
2. हमारे सत्यापन कर्मचारी अनुरोध और व्यक्ति की पहचान की जाँच करते हैं। **बिना जाँच वाले अनुरोध कभी प्रकाशित नहीं होते।**
3. सत्यापित अनुरोध [सहायता अनुरोध](/help) पर प्रगति-पट्टी और ताज़ा जानकारी के साथ दिखता है।
4. लोग दो में से किसी एक तरीक़े से मदद करते हैं: उस अनुरोध के लिए संस्था के ज़रिए दान (रसीद के साथ), या अनुरोध पेज पर दी गई लाभार्थी की UPI ID पर सीधी भेंट (हर भेंट की पुष्टि लाभार्थी करता है)।
5. किसी अनुरोध के लिए संस्था के पास जमा राशि लाभार्थी के माँगने पर, सत्यापित शेष राशि तक, हमारे वित्त कर्मचारियों की मंज़ूरी के बाद दी जाती है। अनुरोध भेजने से पहले कोई प्रशासनिक शुल्क हो तो वह और शुद्ध राशि दिखा दी जाती है, और हर भुगतान उसकी बैंक संदर्भ संख्या के साथ दर्ज होता है।

## 4. सदस्य समुदाय

- **जुड़ना मुफ़्त है।** अपनी जानकारी और एक आमंत्रण कोड (E-PIN) के साथ [पंजीकरण करें](/register)। आमंत्रण कोड मुफ़्त हैं: संस्था इन्हें सदस्यों को आगे देने के लिए देती है, और **कोई इन्हें बेच नहीं सकता।**
- **आपका रेफ़रल लिंक।** हर सदस्य को साझा करने के लिए एक लिंक मिलता है। इससे पंजीकरण करने वाले लोग आपके सीधे जुड़े सदस्यों में दिखते हैं, और टीम व्यू में दिखता है कि कौन किसके ज़रिए जुड़ा। यह केवल इसलिए है ताकि आप वह समुदाय देख सकें जिसे बढ़ाने में आपने मदद की — **इससे कोई आमदनी, रैंक या इनाम नहीं मिलता।**
- **जुटाई गई राशि।** जब कोई आपकी रेफ़रल ID से दान करता है, तो वह सत्यापित दान आपके ज़रिए "जुटाई गई राशि" में गिना जाता है। पैसा संस्था को जाता है, आपको कभी नहीं।
- **सदस्य पहचान-पत्र (I-card)।** आप QR कोड वाला I-card डाउनलोड कर सकते हैं, जिसे कोई भी हमारी वेबसाइट पर जाँच सकता है।

## सम्मान बैज

बैज उन सदस्यों के प्रति आभार जताने का हमारा तरीक़ा हैं जो दान देते हैं और दान जुटाने में मदद करते हैं। ये **आपके अपने सत्यापित दान और आपके लिंक से जुटाई गई राशि** के जोड़ पर आधारित हैं:

- **स्टार (Star)** — ₹500
- **सिल्वर (Silver)** — ₹1,000
- **गोल्ड (Gold)** — ₹2,000
- **डायमंड (Diamond)** — ₹4,000
- **डबल डायमंड (Double Diamond)** — ₹8,000

बैज **केवल एक बैज** है। यह न कभी ख़रीदा जाता है, न इसके बदले कोई भुगतान होता है; इससे कोई आमदनी या कमीशन नहीं मिलता, और इससे कुछ भी नहीं खुलता। आपके लिंक से लोगों का जुड़ना इसमें नहीं गिना जाता — केवल सत्यापित दान गिने जाते हैं।

## सहाय क्या नहीं है

**अपने आमंत्रित लोगों से किसी को कोई कमाई नहीं होती।** किसी प्रायोजक (स्पॉन्सर) या अपलाइन को कोई भुगतान नहीं होता, टीम के आकार से कोई लेवल, रैंक या आमदनी न ख़रीदी जाती है न खुलती है, और दूसरों को जोड़ने पर निर्भर कोई भुगतान नहीं होता। ऐसी स्कीमें भारत में ग़ैरक़ानूनी हैं — इनामी चिट और धन परिचालन स्कीम (पाबंदी) अधिनियम, 1978, उपभोक्ता संरक्षण (प्रत्यक्ष बिक्री) नियम, 2021 और अविनियमित निक्षेप स्कीम पाबंदी अधिनियम, 2019 के तहत। **सहाय ऐसी कोई स्कीम नहीं है।**

सदस्यता और आमंत्रण कोड मुफ़्त हैं। **मुनाफ़े की उम्मीद में "जुड़ने" के लिए किसी को पैसे न दें** — न किसी सदस्य को, न ऐसे व्यक्ति को जो ख़ुद को हमारी ओर से बताए। अगर कोई जुड़ने के लिए पैसे माँगे, लोगों को जोड़ने पर कमाई का वादा करे या आपको आमंत्रण कोड बेचे, तो भुगतान न करें और [हमें बताएँ](/contact)।`;

const LEGALS_EN = `## Foundation details

- **Name:** {{foundationName}}
- **Registered address:** {{address}}
- **Registration number:** {{registrationNo}}
- **PAN:** {{pan}}
- **12A registration:** {{twelveANo}}
- **Tax-exemption approval ({{taxSectionLabel}}):** {{taxExemptionNo}}
- **Phone:** {{phone}}
- **E-mail:** {{email}}

{{foundationName}} is a private non-profit foundation. It is not a government body, and none of its schemes, Kanyadan included, is a government scheme.

## Privacy policy

This policy explains what personal data we collect on this website, why, and what you can ask us to do with it. We handle personal data in line with Indian law, including the Digital Personal Data Protection Act, 2023. {{foundationName}} decides how your data is used and is responsible for it.

### What we collect and why

- **Donors:** name, e-mail or phone, and — only if you want a tax-exemption receipt — PAN and address; the UTR and screenshot of your payment. We use them to verify your donation, to issue and send your receipt, and to report donations to the Income Tax Department as the law requires.
- **Members:** name, e-mail, phone, address, city and state; for members who receive help, payout details (UPI ID and bank account). We use them to run your account, to contact you and to pay verified help.
- **Kanyadan applications:** details of the girl and her parents, school details, documents, and the consent of a parent or guardian. We use them only to check eligibility, to prevent duplicate applications and to give help.
- **Help requests:** your story, the amount needed, documents and an identity check (KYC).
- **Contact form:** your name, e-mail or phone and your message, so that we can reply.

We collect only what these purposes need, and optional fields stay optional.

### How we protect it

- **Aadhaar numbers are never stored in full.** We keep only the last 4 digits and a keyed hash that lets us detect duplicate applications.
- **Documents** are re-encoded, stripped of hidden metadata and stored encrypted.
- Personal details in Kanyadan records are encrypted with a separate key for each application, so that destroying the key erases the person.
- Only authorised staff can see personal data, and every view of a Kanyadan document is logged with who viewed it.
- Your PAN is shown masked on your receipt.

### Who we share it with

**We never sell your data**, and we never share it for advertising. We share personal data only:

- with the Income Tax Department and other authorities, where the law requires it;
- with service providers who help us run the site (such as e-mail delivery, and the payment gateway if you choose to pay online), only for that purpose.

Public pages show only what you agree to. A donor's name appears on the transparency page only if the donor ticks that option, and beneficiaries are never named there. A verified help request shows what the requester agreed to publish, including the UPI ID for direct gifts.

### Cookies and browser storage

We use cookies **only to keep you signed in**. There are no advertising or tracking cookies. Your language choice and any unfinished Kanyadan form are kept in your own browser's storage on your device and are not sent to us until you submit. To learn how fast pages load on visitors' phones, the site sends a few anonymous speed measurements that contain no personal data.

### How long we keep it

We keep personal data only as long as the purpose it was given for needs it. Donation and receipt records are kept for as long as tax and accounting laws require.

### Your rights

You can ask to see, correct or erase your personal data: write to {{email}}. We erase on request — for a Kanyadan application, by destroying its encryption key — and record that we did so. The only exception is records that the law requires us to keep (such as donation receipts), which we keep for that purpose alone. A parent or guardian can make these requests on behalf of a child.

## Terms of use

By using this website you agree to these terms.

1. **Honest information.** Give true details in donations, registrations, help requests and Kanyadan applications. False documents or identities lead to rejection and may be reported to the authorities.
2. **Your account.** One account per person. Keep your password to yourself; you are responsible for what is done with your account.
3. **No money for recruiting.** Membership and invite codes are free. You must not sell invite codes, charge anyone to join, promise income or returns for joining or recruiting, or collect money in the foundation's name. Nobody earns from the people they invite, and no level, rank or payout depends on enrolling others. Doing any of this breaks these terms and may break the law; we will suspend the account and may report it.
4. **Money goes only to the foundation or to verified beneficiaries.** Pay only to the UPI ID or bank account shown on our [donation page](/donate), or to a beneficiary's UPI ID shown on a verified [help request](/help).
5. **No guarantee of help.** Kanyadan help and help for requests are assistance from a private foundation, subject to eligibility, verification and available funds. A registration or a published request is not a promise of any amount. The foundation never asks for money in return for a promised amount.
6. **Direct gifts.** A gift made directly to a beneficiary is a matter between the giver and the beneficiary; the foundation verifies the request but neither holds nor can refund that money.
7. **Fair use.** Do not misuse the site, try to break its security, send spam, or post anything unlawful or that invades someone's privacy.
8. **Suspension.** We may reject applications or requests, and suspend accounts, that break these terms. A rejection always comes with its reason.
9. **Content.** The text and design of this site belong to the foundation. You may share links to it and quote it with credit.
10. **Liability.** We take care to keep the site correct and available, but cannot guarantee that it will always be free of errors or interruptions.
11. **Law.** These terms are governed by the laws of India, and the courts with jurisdiction over the foundation's registered address decide any dispute about them.
12. **Changes.** We may update these terms; the current version is always on this page.

## Refund policy

A donation is a voluntary gift and is **generally not refundable**, because it may already have been used for its cause and reported for tax purposes.

We will refund:

- a **duplicate payment** made by mistake (for example, the same donation paid twice), or
- a **wrong amount** paid by mistake (for example, an extra zero),

if you tell us **within 7 days** of the payment and give the **UTR**. Write to {{email}} or use the [contact page](/contact), with your donation reference, the UTR, the amount and the date. After checking our bank statement, we refund to the account the money came from — never in cash and never to anyone else — and cancel or correct any receipt that was issued.

Gifts made directly to a beneficiary's UPI ID never reach the foundation, so the foundation cannot refund them.

## Grievances

If you have a complaint about a donation, a receipt, an application, your personal data, or anyone claiming to act for us, contact our grievance desk:

- **E-mail:** {{email}} (write "Grievance" in the subject)
- **Phone:** {{phone}}
- **Post:** {{foundationName}}, {{address}}

Tell us your name, how to reach you, and any reference you have (donation reference, UTR, registration number or user ID). We acknowledge every grievance and reply with the outcome. If someone has asked you for money to join, promised you income for recruiting, or promised a Kanyadan amount in return for a fee, please report it to us — and if you have lost money, also to the police or the national cyber crime helpline, 1930.`;

const LEGALS_HI = `## संस्था का विवरण

- **नाम:** {{foundationName}}
- **पंजीकृत पता:** {{address}}
- **पंजीकरण संख्या:** {{registrationNo}}
- **PAN:** {{pan}}
- **12A पंजीकरण:** {{twelveANo}}
- **कर-छूट अनुमोदन ({{taxSectionLabel}}):** {{taxExemptionNo}}
- **फ़ोन:** {{phone}}
- **ई-मेल:** {{email}}

{{foundationName}} एक निजी गैर-लाभकारी संस्था है। यह कोई सरकारी निकाय नहीं है, और कन्यादान समेत इसकी कोई भी योजना सरकारी योजना नहीं है।

## गोपनीयता नीति

यह नीति बताती है कि इस वेबसाइट पर हम कौन-सी निजी जानकारी लेते हैं, क्यों लेते हैं, और आप उसके बारे में हमसे क्या करने को कह सकते हैं। हम निजी जानकारी भारतीय क़ानून के अनुसार संभालते हैं, जिसमें डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023 भी शामिल है। आपकी जानकारी का उपयोग कैसे हो, यह {{foundationName}} तय करती है, और इसकी ज़िम्मेदारी भी उसी की है।

### हम क्या लेते हैं और क्यों

- **दानदाता:** नाम, ई-मेल या फ़ोन, और — केवल अगर आपको कर-छूट वाली रसीद चाहिए — PAN और पता; साथ में आपके भुगतान का UTR और स्क्रीनशॉट। इनका उपयोग आपके दान की जाँच, रसीद बनाने और भेजने, और क़ानून के अनुसार आयकर विभाग को दानों की जानकारी देने के लिए होता है।
- **सदस्य:** नाम, ई-मेल, फ़ोन, पता, शहर और राज्य; जिन सदस्यों को मदद मिलती है, उनके भुगतान विवरण (UPI ID और बैंक खाता)। इनका उपयोग आपका खाता चलाने, आपसे संपर्क करने और सत्यापित मदद का भुगतान करने के लिए होता है।
- **कन्यादान आवेदन:** बालिका और उसके माता-पिता का विवरण, स्कूल का विवरण, दस्तावेज़, और माता-पिता या अभिभावक की सहमति। इनका उपयोग केवल पात्रता जाँचने, दोहरे आवेदन रोकने और सहायता देने के लिए होता है।
- **सहायता अनुरोध:** आपकी कहानी, ज़रूरी राशि, दस्तावेज़ और पहचान की जाँच (KYC)।
- **संपर्क फ़ॉर्म:** आपका नाम, ई-मेल या फ़ोन और संदेश, ताकि हम जवाब दे सकें।

हम केवल उतनी ही जानकारी लेते हैं जितनी इन कामों के लिए ज़रूरी है, और वैकल्पिक जानकारी देना पूरी तरह आपकी मर्ज़ी है।

### हम इसे कैसे सुरक्षित रखते हैं

- **आधार नंबर कभी पूरा नहीं रखा जाता।** हम केवल आख़िरी 4 अंक और एक कुंजी-आधारित हैश (keyed hash) रखते हैं, जिससे दोहरे आवेदन पकड़े जा सकें।
- **दस्तावेज़** दोबारा एन्कोड किए जाते हैं, उनमें छिपी अतिरिक्त जानकारी (मेटाडेटा) हटाई जाती है, और उन्हें एन्क्रिप्ट करके रखा जाता है।
- कन्यादान रिकॉर्ड के निजी विवरण हर आवेदन की अलग कुंजी से एन्क्रिप्ट होते हैं, ताकि कुंजी नष्ट करते ही उस व्यक्ति की जानकारी मिट जाए।
- निजी जानकारी केवल अधिकृत कर्मचारी देख सकते हैं, और कन्यादान का कोई दस्तावेज़ किसने देखा, यह हर बार दर्ज होता है।
- आपकी रसीद पर आपका PAN आंशिक रूप से छिपाकर दिखाया जाता है।

### हम इसे किसके साथ साझा करते हैं

**हम आपकी जानकारी कभी नहीं बेचते**, और विज्ञापन के लिए कभी साझा नहीं करते। हम निजी जानकारी केवल इनके साथ साझा करते हैं:

- आयकर विभाग और अन्य सरकारी संस्थाएँ, जहाँ क़ानून ऐसा माँगे;
- वेबसाइट चलाने में मदद करने वाले सेवा-प्रदाता (जैसे ई-मेल भेजने वाली सेवा, और ऑनलाइन भुगतान चुनने पर पेमेंट गेटवे), केवल उसी काम के लिए।

सार्वजनिक पेजों पर केवल वही दिखता है जिसकी आप अनुमति देते हैं। पारदर्शिता पेज पर दानदाता का नाम तभी दिखता है जब वह यह विकल्प चुने, और लाभार्थियों के नाम वहाँ कभी नहीं दिखते। सत्यापित सहायता अनुरोध पर वही दिखता है जिसे प्रकाशित करने पर अनुरोध करने वाला सहमत हुआ है, जिसमें सीधी भेंट के लिए उसकी UPI ID भी शामिल है।

### कुकीज़ और ब्राउज़र स्टोरेज

हम कुकीज़ का उपयोग **केवल आपको साइन-इन रखने के लिए** करते हैं। विज्ञापन या ट्रैकिंग के लिए कोई कुकी नहीं है। आपकी चुनी हुई भाषा और अधूरा कन्यादान फ़ॉर्म आपके अपने डिवाइस पर ब्राउज़र स्टोरेज में रहते हैं, और जमा करने से पहले हमें नहीं भेजे जाते। आगंतुकों के फ़ोन पर पेज कितनी जल्दी खुलते हैं, यह जानने के लिए साइट गति के कुछ गुमनाम माप भेजती है, जिनमें कोई निजी जानकारी नहीं होती।

### हम इसे कब तक रखते हैं

हम निजी जानकारी केवल तब तक रखते हैं जब तक उस काम के लिए ज़रूरी हो जिसके लिए वह दी गई थी। दान और रसीदों के रिकॉर्ड उतने समय तक रखे जाते हैं जितना कर और लेखा क़ानून माँगते हैं।

### आपके अधिकार

आप अपनी निजी जानकारी देखने, सुधारने या मिटाने के लिए कह सकते हैं: {{email}} पर लिखें। अनुरोध पर हम जानकारी मिटा देते हैं — कन्यादान आवेदन के मामले में उसकी एन्क्रिप्शन कुंजी नष्ट करके — और यह दर्ज करते हैं कि ऐसा किया गया। केवल वे रिकॉर्ड नहीं मिटाए जाते जिन्हें रखना क़ानूनन ज़रूरी है (जैसे दान की रसीदें), और उन्हें भी केवल उसी उद्देश्य के लिए रखा जाता है। बच्चे की ओर से ये अनुरोध माता-पिता या अभिभावक कर सकते हैं।

## उपयोग की शर्तें

इस वेबसाइट का उपयोग करके आप इन शर्तों से सहमत होते हैं।

1. **सही जानकारी।** दान, पंजीकरण, सहायता अनुरोध और कन्यादान आवेदन में सही जानकारी दें। झूठे दस्तावेज़ या झूठी पहचान पर आवेदन अस्वीकार होगा, और मामला अधिकारियों को बताया जा सकता है।
2. **आपका खाता।** एक व्यक्ति, एक खाता। अपना पासवर्ड किसी को न बताएँ; आपके खाते से जो भी किया जाता है, उसकी ज़िम्मेदारी आपकी है।
3. **लोगों को जोड़ने के बदले कोई पैसा नहीं।** सदस्यता और आमंत्रण कोड मुफ़्त हैं। आप आमंत्रण कोड नहीं बेच सकते, किसी से जुड़ने के पैसे नहीं ले सकते, जुड़ने या लोगों को जोड़ने पर आमदनी या मुनाफ़े का वादा नहीं कर सकते, और संस्था के नाम पर पैसे नहीं जुटा सकते। अपने आमंत्रित लोगों से किसी को कोई कमाई नहीं होती, और कोई लेवल, रैंक या भुगतान दूसरों को जोड़ने पर निर्भर नहीं है। ऐसा करना इन शर्तों का उल्लंघन है और क़ानून का भी हो सकता है; हम ऐसा खाता निलंबित करेंगे और इसकी शिकायत कर सकते हैं।
4. **पैसा केवल संस्था को या सत्यापित लाभार्थियों को।** भुगतान केवल हमारे [दान पेज](/donate) पर दी गई UPI ID या बैंक खाते में करें, या किसी सत्यापित [सहायता अनुरोध](/help) पर दिखाई गई लाभार्थी की UPI ID पर।
5. **सहायता की कोई गारंटी नहीं।** कन्यादान सहायता और सहायता अनुरोधों पर मिलने वाली मदद एक निजी संस्था की ओर से दी जाती है, और पात्रता, जाँच और उपलब्ध धनराशि पर निर्भर है। पंजीकरण या प्रकाशित अनुरोध किसी राशि का वादा नहीं है। संस्था किसी तय रक़म का वादा करके बदले में कभी पैसे नहीं माँगती।
6. **सीधी भेंट।** लाभार्थी को सीधे दी गई भेंट देने वाले और लाभार्थी के बीच का मामला है; संस्था अनुरोध की जाँच करती है, पर वह पैसा न अपने पास रखती है, न लौटा सकती है।
7. **उचित उपयोग।** साइट का दुरुपयोग न करें, उसकी सुरक्षा तोड़ने की कोशिश न करें, स्पैम न भेजें, और ग़ैरक़ानूनी या किसी की निजता भंग करने वाली कोई सामग्री न डालें।
8. **निलंबन।** इन शर्तों को तोड़ने वाले आवेदन या अनुरोध हम अस्वीकार कर सकते हैं और ऐसे खाते निलंबित कर सकते हैं। अस्वीकृति के साथ हमेशा उसका कारण बताया जाता है।
9. **सामग्री।** इस साइट का पाठ और डिज़ाइन संस्था का है। आप इसके लिंक साझा कर सकते हैं और स्रोत बताकर इसे उद्धृत कर सकते हैं।
10. **दायित्व।** हम साइट को सही और चालू रखने का पूरा ध्यान रखते हैं, पर यह गारंटी नहीं दे सकते कि उसमें कभी कोई त्रुटि या रुकावट नहीं आएगी।
11. **क़ानून।** ये शर्तें भारत के क़ानूनों के अधीन हैं, और इनसे जुड़े किसी भी विवाद का फ़ैसला संस्था के पंजीकृत पते पर अधिकार-क्षेत्र रखने वाली अदालतें करेंगी।
12. **बदलाव।** हम इन शर्तों को बदल सकते हैं; नवीनतम रूप हमेशा इसी पेज पर रहता है।

## धनवापसी नीति

दान एक स्वैच्छिक भेंट है और **आम तौर पर वापस नहीं किया जाता**, क्योंकि हो सकता है कि वह अपने उद्देश्य में लग चुका हो और कर के लिए उसकी जानकारी दी जा चुकी हो।

हम पैसा लौटाएँगे, अगर:

- ग़लती से **दोहरा भुगतान** हो गया हो (जैसे एक ही दान दो बार चुका दिया गया हो), या
- ग़लती से **ग़लत राशि** चली गई हो (जैसे एक शून्य ज़्यादा लग गया हो),

और आप भुगतान के **7 दिनों के भीतर** **UTR** के साथ हमें बताएँ। {{email}} पर लिखें या [संपर्क पेज](/contact) का उपयोग करें, और अपना दान संदर्भ, UTR, राशि और तारीख़ बताएँ। बैंक स्टेटमेंट से जाँच के बाद हम पैसा उसी खाते में लौटाते हैं जिससे वह आया था — कभी नकद नहीं, और कभी किसी दूसरे व्यक्ति को नहीं — और अगर रसीद जारी हो चुकी हो, तो उसे रद्द या ठीक करते हैं।

लाभार्थी की UPI ID पर सीधे दी गई भेंट संस्था तक पहुँचती ही नहीं, इसलिए संस्था उसे वापस नहीं कर सकती।

## शिकायत निवारण

अगर आपको किसी दान, रसीद, आवेदन, अपनी निजी जानकारी, या हमारी ओर से काम करने का दावा करने वाले किसी व्यक्ति के बारे में शिकायत है, तो हमारे शिकायत डेस्क से संपर्क करें:

- **ई-मेल:** {{email}} (विषय में "शिकायत" लिखें)
- **फ़ोन:** {{phone}}
- **डाक:** {{foundationName}}, {{address}}

अपना नाम, आपसे संपर्क का तरीक़ा, और आपके पास जो भी संदर्भ हो (दान संदर्भ, UTR, पंजीकरण संख्या या यूज़र ID), वह बताएँ। हम हर शिकायत की पावती देते हैं और नतीजे के साथ जवाब देते हैं। अगर किसी ने आपसे जुड़ने के लिए पैसे माँगे हों, लोगों को जोड़ने पर कमाई का वादा किया हो, या फ़ीस के बदले कन्यादान की रक़म का वादा किया हो, तो हमें बताएँ — और अगर आपका पैसा गया हो, तो पुलिस या राष्ट्रीय साइबर अपराध हेल्पलाइन 1930 पर भी शिकायत करें।`;

export const SEED_CONTENT: Record<TContentSlug, SeedPage> = {
  about: {
    title: { en: 'About Us', hi: 'हमारे बारे में' },
    body: { en: ABOUT_EN, hi: ABOUT_HI },
  },
  mission: {
    title: { en: 'Mission & Vision', hi: 'मिशन और विज़न' },
    body: { en: MISSION_EN, hi: MISSION_HI },
  },
  donor: {
    title: { en: 'Become a Donor', hi: 'दानदाता बनें' },
    body: { en: DONOR_EN, hi: DONOR_HI },
  },
  plan: {
    title: { en: 'Our Plan', hi: 'हमारी योजना' },
    body: { en: PLAN_EN, hi: PLAN_HI },
  },
  legals: {
    title: { en: 'Legals', hi: 'कानूनी जानकारी' },
    body: { en: LEGALS_EN, hi: LEGALS_HI },
  },
};
