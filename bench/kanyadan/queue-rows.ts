/**
 * Fills the read model `kanyadan_applications` of `npm run bench:kanyadan` up to a given number of
 * rows, straight into the table (no events: only the queue's reads are measured on them). The
 * spreads: submissions over five years, more each year and in India's daytime; states, districts
 * and ages as population.ts draws them; the status by how long ago the application came (recent
 * ones mostly waiting, older ones mostly verified, about 15 % rejected, the benefit's statuses only
 * for girls who have turned 18 since); ~1 % of rows paired with an earlier one as duplicates (so
 * ~2 % carry duplicate_of, both ways, as the projection keeps it); ~0.3 % erased. Personal columns,
 * blind-index keys and the documents' JSON are filled as wide as real rows.
 */
import crypto from 'node:crypto';
import type { Db } from '#server/db/db';
import { districtKeyOf, type KanyadanStatus } from '#server/modules/kanyadan/submission/kanyadan-fields.schema';
import { isoDate, pickAge, pickApplicant, pickDistrict } from './population.ts';
import { seededRandom } from '#server/testing/seeded-random';

const DAY_MS = 24 * 60 * 60 * 1000;
export const QUEUE_SPAN_DAYS = 5 * 365;
const BATCH = 5_000;

function documentsJson(random: () => number): { json: Record<string, unknown>; ready: number } {
  const kinds = ['girlAadhaar', 'fatherAadhaar', 'birthCertificate', 'photo'] as const;
  let ready = 0;
  const json = Object.fromEntries(
    kinds.map((kind) => {
      const isRejected = random() < 0.003;
      if (!isRejected) ready += 1;
      const mediaType = kind === 'birthCertificate' && random() < 0.6 ? 'application/pdf' : 'image/jpeg';
      return [
        kind,
        isRejected
          ? { uploadId: crypto.randomUUID(), status: 'rejected', mediaType: null, fileId: null, pages: 0, reason: 'unreadable' }
          : { uploadId: crypto.randomUUID(), status: 'ready', mediaType, fileId: crypto.randomUUID(), pages: 1, reason: null },
      ];
    }),
  );
  return { json, ready };
}

function statusFor(daysAgo: number, ageYears: number, random: () => number): KanyadanStatus {
  const u = random();
  // Old enough for the benefit: 18 or more today.
  if (ageYears + daysAgo / 365 >= 18 && u < 0.3) return u < 0.12 ? 'benefit_requested' : u < 0.2 ? 'benefit_approved' : 'disbursed';
  if (daysAgo < 21) return u < 0.85 ? 'submitted' : u < 0.95 ? 'verified' : 'rejected';
  if (daysAgo < 120) return u < 0.35 ? 'submitted' : u < 0.85 ? 'verified' : 'rejected';
  return u < 0.06 ? 'submitted' : u < 0.85 ? 'verified' : 'rejected';
}

export interface FillResult {
  generated: number;
  total: number;
  ms: number;
}

/** Adds generated rows until the table holds `total`; returns how many it added. */
export async function fillQueue(db: Db, options: { total: number; now: Date; seed?: number }): Promise<FillResult> {
  const started = performance.now();
  const random = seededRandom(options.seed ?? 42);
  const key = () => crypto.randomBytes(32).toString('base64url');
  const count = async () => (await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM kanyadan_applications`)).rows[0]!.count;
  const before = await count();
  let have = before;
  // Registration numbers: a permutation of 0 … 9,999,999 (7919 is prime to 10^7), clashes with the real ones skipped.
  let next = 0;
  const regNo = () => `KNYDN${String((next++ * 7_919 + 1_234_567) % 10_000_000).padStart(7, '0')}`;
  const earlier: { regNo: string; identityKey: string; row: Record<string, unknown> }[] = [];
  while (have < options.total) {
    const rows: Record<string, unknown>[] = [];
    const pairs: [string, string][] = [];
    for (let i = 0; i < Math.min(BATCH, options.total - have); i++) {
      // Density grows towards today (sqrt), and the hour follows India's day (06:00–22:00 IST mostly).
      const daysAgo = Math.floor(QUEUE_SPAN_DAYS * (1 - Math.sqrt(random())));
      const day = new Date(options.now.getTime() - daysAgo * DAY_MS);
      const istHour = random() < 0.9 ? 6 + random() * 16 : random() * 24;
      const submittedAt = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) + (istHour - 5.5) * 3_600_000 + Math.floor(random() * 3_600_000) / 60);
      if (submittedAt > options.now) submittedAt.setTime(options.now.getTime() - Math.floor(random() * 3_600_000));
      const ageYears = pickAge(random());
      const dob = new Date(submittedAt.getTime() - (ageYears * 365.25 + random() * 360) * DAY_MS);
      const { state, district } = pickDistrict(random);
      const person = pickApplicant(random);
      const status = statusFor(daysAgo, ageYears, random);
      const documents = documentsJson(random);
      const isErased = random() < 0.003;
      const decidedAt = status === 'submitted' ? null : new Date(Math.min(options.now.getTime(), submittedAt.getTime() + (2 + random() * 20) * DAY_MS));
      const row: Record<string, unknown> = {
        reg_no: regNo(),
        status,
        state,
        district,
        district_key: districtKeyOf(district),
        age_years: ageYears,
        fee_paise: 0,
        girl_name: isErased ? null : person.girlName,
        father_name: isErased ? null : person.fatherName,
        mother_name: isErased ? null : person.motherName,
        dob: isErased ? null : isoDate(dob),
        phone: isErased ? null : person.phone,
        email: isErased ? null : person.email,
        gender: isErased ? null : 'female',
        school_name: isErased || ageYears < 4 ? null : 'Government Primary School',
        school_address: isErased || ageYears < 4 ? null : `Ward ${1 + Math.floor(random() * 30)}, ${district}`,
        class_name: isErased || ageYears < 4 ? null : String(Math.max(1, ageYears - 5)),
        caste: isErased ? null : 'not-stated',
        guardian_name: isErased ? null : person.fatherName,
        guardian_relation: isErased ? null : 'father',
        aadhaar_last4: isErased || !person.aadhaar ? null : person.aadhaar.slice(-4),
        phone_key: isErased ? null : key(),
        aadhaar_key: isErased || !person.aadhaar ? null : key(),
        identity_key: isErased ? null : key(),
        duplicate_of: [] as string[],
        documents: isErased ? { photo: { status: 'erased' } } : documents.json,
        documents_sent: 4,
        documents_ready: isErased ? 0 : documents.ready,
        rejection_reason: status === 'rejected' ? (random() < 0.5 ? 'documents-unclear' : 'not-eligible') : null,
        is_erased: isErased,
        submitted_at: submittedAt.toISOString(),
        decided_at: decidedAt?.toISOString() ?? null,
        updated_at: (decidedAt ?? submittedAt).toISOString(),
      };
      // About 1 % are the same girl as an earlier application (same identity key), listed both ways.
      if (!isErased && earlier.length > 0 && random() < 0.01) {
        const twin = earlier[Math.floor(random() * earlier.length)]!;
        row.identity_key = twin.identityKey;
        (row.duplicate_of as string[]).push(twin.regNo);
        pairs.push([twin.regNo, row.reg_no as string]);
      }
      if (!isErased && random() < 0.2 && earlier.length < 50_000) earlier.push({ regNo: row.reg_no as string, identityKey: row.identity_key as string, row });
      rows.push(row);
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO kanyadan_applications SELECT * FROM jsonb_populate_recordset(NULL::kanyadan_applications, $1::jsonb) ON CONFLICT (reg_no) DO NOTHING`,
        [JSON.stringify(rows)],
      );
      if (pairs.length > 0) {
        await tx.query(
          `UPDATE kanyadan_applications a SET duplicate_of = array_append(a.duplicate_of, p.twin)
           FROM unnest($1::text[], $2::text[]) AS p(reg_no, twin) WHERE a.reg_no = p.reg_no AND NOT (p.twin = ANY(a.duplicate_of))`,
          [pairs.map((pair) => pair[0]), pairs.map((pair) => pair[1])],
        );
      }
    });
    have = await count();
  }
  return { generated: have - before, total: have, ms: performance.now() - started };
}
