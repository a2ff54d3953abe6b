import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceCalls } from '#server/testing/assertions';
import { readOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { UPLOAD_WRONG_TYPE_STATEMENT } from '#server/uploads/upload-messages';
import { STATEMENT_PROBLEM_MESSAGES } from './bank-statement.ts';
import { MAPPING_INVALID } from './bank-statements.schema.ts';
import { workbookOf, xlsxBomb, zipOf, type SheetCell } from './bank-statement-files.test-helper.ts';
import { pledgeInput, uniqueUtr } from '../donations.test-helper.ts';

/** An SBI-like statement: account details above the table, debits, and UTRs inside the narration. */
function sbiStatement(rows: readonly (readonly [date: string, narration: string, ref: string, debit: string, credit: string])[]): Buffer {
  const preamble = ['Account Name :,SAHAY FOUNDATION', 'Account Number :,00000012345678901', 'Period :,01 May 2031 to 31 May 2031', ''];
  const header = 'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance';
  const lines = rows.map(([date, narration, ref, debit, credit]) => `${date},${date},"${narration}",${ref},"${debit}","${credit}","1,00,000.00"`);
  return Buffer.from([...preamble, header, ...lines, '', '**Computer generated statement**'].join('\r\n'));
}

describe.each(testDbKinds())('bank-statement matching on %s', (kind) => {
  let app: TestApp;
  const clock = new Date('2031-05-10T06:00:00.000Z');
  let finance: Awaited<ReturnType<TestApp['account']>>;
  let otherAdmin: Awaited<ReturnType<TestApp['account']>>;
  let member: Awaited<ReturnType<TestApp['account']>>;

  const eventsOf = async (type: string) => Number((await app.services.db.query<{ count: string }>(`SELECT count(*) FROM events WHERE type = $1`, [type])).rows[0]!.count);
  const eventCount = async () => Number((await app.services.db.query<{ count: string }>(`SELECT count(*) FROM events`)).rows[0]!.count);
  const upload = (file: Buffer, options: { token?: string; mapping?: string; filename?: string; contentType?: string } = {}) => {
    const req = request(app.http()).post('/api/admin/bank-statements');
    if (options.token !== undefined || finance) req.set('Authorization', `Bearer ${options.token ?? finance.token}`);
    if (options.mapping !== undefined) req.field('mapping', options.mapping);
    return req.attach('file', file, { filename: options.filename ?? 'statement.csv', contentType: options.contentType ?? 'text/csv' });
  };

  /** A pledge with its proof: the UTR the donor told us. */
  async function pledged(amountPaise: number, utr: string | null): Promise<string> {
    const input = pledgeInput({ amountPaise });
    const visitor = await app.caller();
    const pay = await visitor.donations.create(input);
    if (utr) await visitor.donations.submitProof({ reference: pay.reference, contact: input.email!, utr });
    return pay.reference;
  }

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    finance = await app.account({ role: 'admin', permissions: ['finance'] });
    otherAdmin = await app.account({ role: 'admin', permissions: ['members', 'content', 'settings', 'verification'] });
    member = await app.account();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sorts credits into sure, possible and unmatched; verifies the sure ones in one action, each with its receipt; twice changes nothing', async () => {
    const upiUtr = uniqueUtr();
    const neftUtr = `SBIN${uniqueUtr()}AB`;
    const nearMissUtr = uniqueUtr();
    const upi = await pledged(1_000_00, upiUtr);
    const neft = await pledged(2_500_50, neftUtr);
    const nearMiss = await pledged(600_00, nearMissUtr);
    const noProof = await pledged(777_00, null);
    const file = sbiStatement([
      ['10 May 2031', `UPI/${upiUtr}/PAYMENT FROM RAMESH/ramesh@okaxis/SBI`, '', '', '1,000.00'],
      ['10 May 2031', `NEFT-${neftUtr}-SUNITA DEVI-HDFC0001234`, '', '', '2,500.50'],
      ['10 May 2031', 'ATM WDL 12345 JAIPUR', '', '5,000.00', ''],
      ['10 May 2031', `UPI/${nearMissUtr}/ASHA/asha@ybl`, '', '', '650.00'],
      ['11 May 2031', 'BY CASH DEPOSIT', '', '', '777.00'],
      ['11 May 2031', `UPI/${uniqueUtr()}/SOMEONE ELSE`, '', '', '1,23,456.00'],
    ]);

    const first = await upload(file);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{32}$/), creditLines: 5, columns: { date: 'Txn Date', narration: 'Description', reference: 'Ref No./Cheque No.', credit: 'Credit' } });
    expect(first.body.sure.map((line: { reference: string; amountPaise: number }) => [line.reference, line.amountPaise])).toEqual([
      [upi, 1_000_00],
      [neft, 2_500_50],
    ]);
    expect(first.body.possible.map((line: { references: string[]; line: number }) => line.references)).toEqual([[nearMiss], [noProof]]);
    expect(first.body.unmatched.map((line: { amountPaise: number }) => line.amountPaise)).toEqual([1_23_456_00]);

    // The same file again: the same statement, nothing recorded.
    const events = await eventCount();
    const again = await upload(file);
    expect([again.status, again.body]).toEqual([200, first.body]);
    expect(await eventCount()).toBe(events);

    const outboxBefore = readOutbox(app.dataDir).length;
    const verify = await request(app.http()).post(`/api/admin/bank-statements/${first.body.id}/verify-sure-matches`).set('Authorization', `Bearer ${finance.token}`).send({});
    expect(verify.status).toBe(200);
    expect(verify.body.verified.map((done: { reference: string }) => done.reference)).toEqual([upi, neft]);
    expect(verify.body.verified.map((done: { receiptSerial: string }) => done.receiptSerial)).toEqual([expect.stringMatching(/\/2031-32\/\d{6}$/), expect.stringMatching(/\/2031-32\/\d{6}$/)]);
    expect(verify.body.refused).toEqual([]);
    // What stays for a person: the possible and unmatched lines; the sure ones are done.
    expect([verify.body.statement.sure, verify.body.statement.possible.length, verify.body.statement.unmatched.length]).toEqual([[], 2, 1]);
    expect(verify.body.statement.verified.map((line: { reference: string }) => line.reference)).toEqual([upi, neft]);

    const admin = await app.caller({ token: finance.token });
    expect(await admin.donations.admin.get({ reference: upi })).toMatchObject({ status: 'verified', receivedOn: '2031-05-10', mode: 'upi', utr: upiUtr });
    expect(await admin.donations.admin.get({ reference: neft })).toMatchObject({ status: 'verified', receivedOn: '2031-05-10', mode: 'bank-transfer', utr: neftUtr });
    expect(await admin.donations.admin.get({ reference: nearMiss })).toMatchObject({ status: 'proof_received' });
    // Each verification sends its own receipt.
    await app.runJobs();
    const mails = readOutbox(app.dataDir).slice(outboxBefore);
    for (const serial of verify.body.verified.map((done: { receiptSerial: string }) => done.receiptSerial)) expect(mails.some((mail) => mail.text.includes(serial))).toBe(true);

    // Pressing again verifies nothing more.
    const verifiedEvents = await eventsOf('DonationVerified');
    const twice = await request(app.http()).post(`/api/admin/bank-statements/${first.body.id}/verify-sure-matches`).set('Authorization', `Bearer ${finance.token}`).send({});
    expect([twice.status, twice.body.verified, twice.body.refused]).toEqual([200, [], []]);
    expect(await eventsOf('DonationVerified')).toBe(verifiedEvents);
  });

  it('asks for the columns of a layout it cannot guess, remembers them for that layout, and refuses bad mappings', async () => {
    const utr = uniqueUtr();
    const reference = await pledged(450_00, utr);
    const layout = (rows: string[]) => Buffer.from(['Posted,Particulars,Cheque,Withdrawn,Lodged,Running', ...rows].join('\n'));
    const file = layout([`10/05/2031,IMPS-${utr}-KAMLA,,,450.00,9000.00`]);

    const unknown = await upload(file);
    expect([unknown.status, unknown.body.fieldErrors]).toEqual([400, { file: [STATEMENT_PROBLEM_MESSAGES['columns-not-found']] }]);
    const preview = await request(app.http()).post('/api/admin/bank-statements/columns').set('Authorization', `Bearer ${finance.token}`).attach('file', file, { filename: 's.csv', contentType: 'text/csv' });
    expect([preview.status, preview.body]).toEqual([200, { headers: ['Posted', 'Particulars', 'Cheque', 'Withdrawn', 'Lodged', 'Running'], columns: null, isRemembered: false }]);

    const before = await eventCount();
    for (const mapping of ['{not json', JSON.stringify({ date: 'Posted', narration: 'Particulars', credit: 'Lodged', colour: 'red' }), JSON.stringify({ date: 'Posted', credit: 'Lodged' })]) {
      const bad = await upload(file, { mapping });
      expect([bad.status, bad.body.fieldErrors], mapping).toEqual([400, { mapping: [MAPPING_INVALID] }]);
    }
    const wrongColumn = await upload(file, { mapping: JSON.stringify({ date: 'Posted', narration: 'Particulars', reference: null, credit: 'Deposits' }) });
    expect([wrongColumn.status, wrongColumn.body.fieldErrors]).toEqual([400, { mapping: [STATEMENT_PROBLEM_MESSAGES['columns-not-found']] }]);
    expect(await eventCount()).toBe(before);

    const columns = { date: 'Posted', narration: 'Particulars', reference: 'Cheque', credit: 'Lodged' };
    const mapped = await upload(file, { mapping: JSON.stringify(columns) });
    expect(mapped.status).toBe(200);
    expect(mapped.body.sure.map((line: { reference: string }) => line.reference)).toEqual([reference]);
    expect(await eventsOf('BankStatementColumnsChosen')).toBe(1);

    // The next statement of that bank: the columns come back by themselves.
    const next = layout([`11/05/2031,IMPS-${uniqueUtr()}-SOMEONE,,,99.00,9099.00`]);
    const remembered = await request(app.http()).post('/api/admin/bank-statements/columns').set('Authorization', `Bearer ${finance.token}`).attach('file', next, { filename: 's.csv', contentType: 'text/csv' });
    // Remembered with no Dr/Cr column: "Lodged" is a column of credits.
    expect(remembered.body).toEqual({ headers: ['Posted', 'Particulars', 'Cheque', 'Withdrawn', 'Lodged', 'Running'], columns: { ...columns, direction: null }, isRemembered: true });
    const nextUpload = await upload(next);
    expect([nextUpload.status, nextUpload.body.columns, nextUpload.body.unmatched.length]).toEqual([200, { ...columns, direction: null }, 1]);
    expect(await eventsOf('BankStatementColumnsChosen')).toBe(1);
  });

  it('refuses files that are not a readable statement with a clear message, and records nothing', async () => {
    const before = await eventCount();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6360000000020001e221bc330000000049454e44ae426082', 'hex');
    const cases: [Buffer, string][] = [
      [png, UPLOAD_WRONG_TYPE_STATEMENT],
      [Buffer.from('Dear sir,\nplease find the statement attached.\nRegards'), STATEMENT_PROBLEM_MESSAGES['not-a-statement']],
      [sbiStatement([['10 May 2031', 'UPI/123456789012/X', '', '', '12,50x']]), STATEMENT_PROBLEM_MESSAGES['bad-amount'].replace('{line}', '6')],
      [sbiStatement([['31 Feb 2031', 'UPI/123456789012/X', '', '', '100.00']]), STATEMENT_PROBLEM_MESSAGES['bad-date'].replace('{line}', '6')],
      [sbiStatement([['10 May 2031', 'ATM WDL', '', '100.00', '']]), STATEMENT_PROBLEM_MESSAGES['no-credits']],
      [Buffer.from(['Date,Narration,Credit', ...Array.from({ length: 100_000 }, (_, index) => `01/05/2031,N${index},1`)].join('\n')), STATEMENT_PROBLEM_MESSAGES['too-many-lines']],
    ];
    for (const [file, message] of cases) {
      const response = await upload(file);
      expect([response.status, response.body.message], message).toEqual([400, message]);
    }
    const tooLarge = await upload(Buffer.alloc(6 * 1024 * 1024, 'a'));
    expect(tooLarge.status).toBe(413);
    const noFile = await request(app.http()).post('/api/admin/bank-statements').set('Authorization', `Bearer ${finance.token}`).field('mapping', '');
    expect(noFile.status).toBe(400);
    const unknownStatement = await request(app.http()).post(`/api/admin/bank-statements/${'0'.repeat(32)}/verify-sure-matches`).set('Authorization', `Bearer ${finance.token}`).send({});
    expect(unknownStatement.status).toBe(404);
    const badId = await request(app.http()).post('/api/admin/bank-statements/not-an-id/verify-sure-matches').set('Authorization', `Bearer ${finance.token}`).send({});
    expect(badId.status).toBe(400);
    const unknownField = await request(app.http()).post(`/api/admin/bank-statements/${'0'.repeat(32)}/verify-sure-matches`).set('Authorization', `Bearer ${finance.token}`).send({ all: true });
    expect(unknownField.status).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('reads a Kotak-style .xlsx (one Amount column and its Dr / Cr): the ₹3,000 debit under a ₹3,000 pledge’s UTR is offered for nothing', async () => {
    const debitUtr = uniqueUtr();
    const creditUtr = uniqueUtr();
    const paidOut = await pledged(3_000_00, debitUtr);
    const gift = await pledged(3_000_00, creditUtr);
    const header = ['Sl. No.', 'Transaction Date', 'Value Date', 'Description', 'Chq / Ref No.', 'Amount', 'Dr / Cr', 'Balance', 'Dr / Cr'];
    const rows: SheetCell[][] = [
      [null, null, 'Account Statement'],
      ['SAHAY FOUNDATION TRUST', null, null, null, 'Account No.', '1012345678'],
      [],
      header,
      [1, '10-05-2031 11:40:19', '10-05-2031', `UPI/JAIPUR PRINTERS/${debitUtr}/PAYMENT`, `UPI-${debitUtr}`, 3000, 'DR', 97000, 'CR'],
      [2, '10-05-2031 12:02:44', '10-05-2031', `UPI/KAMLA DEVI/${creditUtr}/DONATION`, `UPI-${creditUtr}`, 3000, 'CR', 100000, 'CR'],
      ['Closing Balance', 'as on 10/05/2031 INR 1,00,000.00'],
    ];
    const file = workbookOf(rows, 'xlsx');

    const preview = await request(app.http()).post('/api/admin/bank-statements/columns').set('Authorization', `Bearer ${finance.token}`).attach('file', file, { filename: 'kotak.xlsx', contentType: 'application/octet-stream' });
    const columns = { date: 'Transaction Date', narration: 'Description', reference: 'Chq / Ref No.', credit: 'Amount', direction: 'Dr / Cr' };
    expect([preview.status, preview.body]).toEqual([200, { headers: header, columns, isRemembered: false }]);

    // As the page sends it: the four columns it shows; the Dr / Cr column comes from the layout.
    const { direction: _direction, ...fourColumns } = columns;
    const uploaded = await upload(file, { mapping: JSON.stringify(fourColumns), filename: 'kotak.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ creditLines: 1, columns });
    expect(uploaded.body.sure.map((line: { reference: string; line: number }) => [line.line, line.reference])).toEqual([[6, gift]]);
    const offered = [...uploaded.body.sure, ...uploaded.body.possible, ...uploaded.body.unmatched, ...uploaded.body.verified].map((line: { line: number }) => line.line);
    expect(offered).toEqual([6]);

    const verify = await request(app.http()).post(`/api/admin/bank-statements/${uploaded.body.id}/verify-sure-matches`).set('Authorization', `Bearer ${finance.token}`).send({});
    expect(verify.body.verified.map((done: { reference: string }) => done.reference)).toEqual([gift]);
    const admin = await app.caller({ token: finance.token });
    expect(await admin.donations.admin.get({ reference: paidOut })).toMatchObject({ status: 'proof_received' });
    expect(await admin.donations.admin.get({ reference: gift })).toMatchObject({ status: 'verified', mode: 'upi', utr: creditUtr });
  });

  it('reads HDFC’s .xls download and its delimited text, whatever the file is called', async () => {
    const neftUtr = `SBIN${uniqueUtr()}AB`;
    const reference = await pledged(25_000_00, neftUtr);
    const xlsRows: SheetCell[][] = [
      ['HDFC BANK Ltd.                    Page No .:   1                    Statement of accounts'],
      ['Statement From  :  01/05/2031         To  :  31/05/2031'],
      ['*******************************************************************************'],
      ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ['********', '**********', '**********', '********', '**********', '**********', '**********'],
      ['10/05/31', 'NEFT CR-SBIN0001234-SUNITA DEVI-SAHAY FOUNDATION TRUST', neftUtr, '10/05/31', null, 25000, 125000],
      ['10/05/31', `NEFT DR-SBIN0001234-SUNITA DEVI-REFUND`, neftUtr, '10/05/31', 25000, null, 100000],
      ['STATEMENT SUMMARY  :-'],
    ];
    const xls = await upload(workbookOf(xlsRows, 'xls'), { filename: 'statement.csv', contentType: 'text/csv' });
    expect([xls.status, xls.body.sure.map((line: { reference: string }) => line.reference), xls.body.unmatched]).toEqual([200, [reference], []]);

    const delimited = [
      '',
      '  Date     ,Narration                                              ,Value Dat,Debit Amount       ,Credit Amount      ,Chq/Ref Number   ,Closing Balance',
      `  10/05/31  ,NEFT CR-SBIN0001234-SUNITA DEVI-SAHAY FOUNDATION TR    ,10/05/31 ,0.00               ,25000.00           ,${neftUtr} ,125000.00`,
      '',
    ].join('\r\n');
    const text = await upload(Buffer.from(delimited), { filename: 'statement.txt', contentType: 'text/plain' });
    expect([text.status, text.body.columns.reference, text.body.sure.map((line: { reference: string }) => line.reference)]).toEqual([200, 'Chq/Ref Number', [reference]]);
  });

  it('refuses a spreadsheet that unpacks to gigabytes, one with a password, a damaged one and amounts without Dr or Cr: a clear message each, and nothing written', async () => {
    const eventsBefore = await eventCount();
    const filesCount = async () => Number((await app.services.db.query<{ count: string }>(`SELECT count(*) FROM files`)).rows[0]!.count);
    const filesBefore = await filesCount();
    const good = workbookOf([['Date', 'Narration', 'Credit'], ['10/05/2031', `UPI/${uniqueUtr()}/X`, 10]], 'xlsx');
    const cases: [Buffer, string][] = [
      [xlsxBomb(2048), STATEMENT_PROBLEM_MESSAGES['spreadsheet-too-large']],
      [zipOf([{ name: 'xl/workbook.xml', data: Buffer.from('secret'), deflated: false, declaredSize: 6, flags: 1 }]), STATEMENT_PROBLEM_MESSAGES['spreadsheet-encrypted']],
      [good.subarray(0, good.length - 40), STATEMENT_PROBLEM_MESSAGES['spreadsheet-unreadable']],
      [Buffer.from(['Date,Description,Amount,Balance', `10/05/2031,UPI/${uniqueUtr()}/X,"3,000.00","1,00,000.00"`].join('\n')), STATEMENT_PROBLEM_MESSAGES['no-direction'].replace('{line}', '2')],
    ];
    for (const [file, message] of cases) {
      const uploaded = await upload(file, { filename: 'statement.xlsx' });
      expect([uploaded.status, uploaded.body.message, uploaded.body.fieldErrors], message).toEqual([400, message, { file: [message] }]);
    }
    for (const [file, message] of cases.slice(0, 3)) {
      const preview = await request(app.http()).post('/api/admin/bank-statements/columns').set('Authorization', `Bearer ${finance.token}`).attach('file', file, { filename: 's.xlsx', contentType: 'application/octet-stream' });
      expect([preview.status, preview.body.message], message).toEqual([400, message]);
    }
    expect(await eventCount()).toBe(eventsBefore);
    expect(await filesCount()).toBe(filesBefore);
  });

  it('lets only finance upload, preview and verify; nothing is written on refusal', async () => {
    const file = sbiStatement([['10 May 2031', `UPI/${uniqueUtr()}/X`, '', '', '10.00']]);
    const statement = await upload(file);
    const before = await eventCount();
    for (const [token, status] of [
      [null, 401],
      [member.token, 403],
      [otherAdmin.token, 403],
    ] as const) {
      const as = (req: request.Test) => (token ? req.set('Authorization', `Bearer ${token}`) : req);
      expect((await as(request(app.http()).post('/api/admin/bank-statements')).attach('file', sbiStatement([['12 May 2031', 'NEW', '', '', '5.00']]), 'a.csv')).status).toBe(status);
      expect((await as(request(app.http()).post('/api/admin/bank-statements/columns')).attach('file', file, 'a.csv')).status).toBe(status);
      expect((await as(request(app.http()).post(`/api/admin/bank-statements/${statement.body.id}/verify-sure-matches`)).send({})).status).toBe(status);
    }
    expect(await eventCount()).toBe(before);
  });

  it('on several clicks and uploads at once: one statement recorded, each donation verified once', async () => {
    const utrs = [uniqueUtr(), uniqueUtr()];
    const references = [await pledged(1_111_00, utrs[0]!), await pledged(2_222_00, utrs[1]!)];
    const file = sbiStatement([
      ['10 May 2031', `UPI/${utrs[0]}/ONE`, '', '', '1,111.00'],
      ['10 May 2031', `UPI/${utrs[1]}/TWO`, '', '', '2,222.00'],
    ]);
    const uploadsBefore = await eventsOf('BankStatementUploaded');
    const uploads = await raceCalls(5, () => upload(file).then((response) => response.status));
    expect([uploads.succeeded, uploads.refusals]).toEqual([[200, 200, 200, 200, 200], []]);
    expect(await eventsOf('BankStatementUploaded')).toBe(uploadsBefore + 1);

    const { id } = (await upload(file)).body as { id: string };
    const verifiedBefore = await eventsOf('DonationVerified');
    const clicks = await raceCalls(5, () =>
      request(app.http())
        .post(`/api/admin/bank-statements/${id}/verify-sure-matches`)
        .set('Authorization', `Bearer ${finance.token}`)
        .send({})
        .then((response) => ({ status: response.status, verified: (response.body.verified as { reference: string }[]).map((done) => done.reference) })),
    );
    expect(clicks.succeeded.map((click) => click.status)).toEqual([200, 200, 200, 200, 200]);
    expect(clicks.succeeded.flatMap((click) => click.verified).sort()).toEqual([...references].sort());
    expect(await eventsOf('DonationVerified')).toBe(verifiedBefore + 2);
  });
});
