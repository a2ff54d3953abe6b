import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { ZApplicationFieldsSchema } from '#server/modules/kanyadan/submission/kanyadan-fields.schema';
import { kanyadanStreamId, submitApplication } from '#server/modules/kanyadan/kanyadan.api';
import { createServices } from '#server/create-services';
import { plainImage, simplePdf } from '#server/uploads/test-files.test-helper';
import { runTool, TOOL_TIMEOUT_MS } from './run-tool.test-helper.ts';

describe('npm run kanyadan:erase', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-kanyadan-erase-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const open = () => createServices({ config: loadConfig({ SAHAY_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), log: pino({ level: 'silent' }), owner: 'test', runsJobs: false });

  it(
    'erases an application with a reason, recorded with the tool as actor; its files go; says so when done already; refuses bad arguments',
    async () => {
      let services = await open();
      let regNo: string;
      try {
        const fields = ZApplicationFieldsSchema.parse({
          girlName: 'Tool Erased Girl',
          fatherName: 'Tool Father',
          dob: '2020-01-01',
          phone: '9876501234',
          district: 'Agra',
          state: 'uttar-pradesh',
          guardianName: 'Tool Father',
          guardianRelation: 'father',
          consent: 'true',
        });
        const documents = { birthCertificate: { bytes: await simplePdf(1, 'Birth'), mediaType: 'application/pdf' as const }, photo: { bytes: await plainImage('png'), mediaType: 'image/png' as const } };
        ({ regNo } = await submitApplication(services, { fields, documents, submissionKey: null }, { actor: 'anonymous', correlationId: crypto.randomUUID() }));
      } finally {
        await services.close();
      }

      const noReason = runTool('kanyadan-erase.ts', [regNo], { SAHAY_DATA_DIR: dataDir });
      expect([noReason.code, noReason.stderr]).toEqual([2, expect.stringMatching(/--reason: Give a reason/)]);
      const personal = runTool('kanyadan-erase.ts', [regNo, '--reason', 'father called from 9876501234'], { SAHAY_DATA_DIR: dataDir });
      expect([personal.code, personal.stderr]).toEqual([2, expect.stringMatching(/without names, e-mail addresses or phone numbers/)]);
      const noNumber = runTool('kanyadan-erase.ts', ['--reason', 'Asked at the office'], { SAHAY_DATA_DIR: dataDir });
      expect([noNumber.code, noNumber.stderr]).toEqual([2, expect.stringMatching(/registration number/)]);
      const unknown = runTool('kanyadan-erase.ts', ['KNYDN0000000', '--reason', 'Asked at the office'], { SAHAY_DATA_DIR: dataDir });
      expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringMatching(/No application has the registration number KNYDN0000000/)]);

      const result = runTool('kanyadan-erase.ts', [regNo.toLowerCase(), '--reason', 'Asked at the office'], { SAHAY_DATA_DIR: dataDir });
      expect([result.code, result.stderr]).toEqual([0, '']);
      expect(result.stdout).toContain(`The personal data of application ${regNo} is erased`);
      const again = runTool('kanyadan-erase.ts', [regNo, '--reason', 'Asked at the office'], { SAHAY_DATA_DIR: dataDir });
      expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('was already erased')]);

      services = await open();
      try {
        const { rows } = await services.db.query(`SELECT girl_name, phone, is_erased, status FROM kanyadan_applications WHERE reg_no = $1`, [regNo]);
        expect(rows).toEqual([{ girl_name: null, phone: null, is_erased: true, status: 'submitted' }]);
        const { rows: files } = await services.db.query(`SELECT 1 FROM files WHERE subject_id = $1`, [kanyadanStreamId(regNo)]);
        expect(files).toHaveLength(0);
        const erased = (await services.eventStore.readStream(kanyadanStreamId(regNo))).filter((event) => event.type === 'PersonalDataErased');
        expect(erased).toHaveLength(1);
        expect(erased[0]).toMatchObject({ data: { reason: 'Asked at the office' }, metadata: { actor: 'tool:kanyadan-erase' } });
      } finally {
        await services.close();
      }
    },
    TOOL_TIMEOUT_MS * 6,
  );
});
