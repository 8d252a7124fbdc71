/**
 * Get GSTR-1: the month's return of outward supplies (docs/api-contract.md, "GSTR-1 (issue 41)"), as the GST offline
 * tool's JSON and a summary a workflow can read. Each platform hands the JSON on as a file the way it hands on an
 * invoice's PDF (n8n: binary data; Zapier: a hydrated file), named by `file_name`.
 */
import { z } from 'zod';
import { todayIn } from '../dueDates';
import { FIELDS } from '../fields';
import { formatMinor } from '../money';
import { onTheWire } from '../schemas/wire';
import { defineOperation, read } from './define';

export const GSTR1_MEDIA_TYPE = 'application/json';
/** GST's first month: no return exists before it. */
export const GSTR1_FIRST_PERIOD = '2017-07';

/**
 * Why a period is refused, or undefined: the service asks it again on its own clock (`today`, YYYY-MM-DD in the
 * account's time zone), so the two refuse in the same words.
 */
export function gstr1PeriodProblem(period: string, today: string): string | undefined {
  if (!PERIOD_FORM.test(period)) return 'must be a month written YYYY-MM, e.g. 2026-10 for October 2026';
  if (period < GSTR1_FIRST_PERIOD) return `must be ${GSTR1_FIRST_PERIOD} or later (GST began in July 2017)`;
  if (period > today.slice(0, 7))
    return `must be a month that has begun: ${period} is after this month (${today.slice(0, 7)})`;
  return undefined;
}

const PERIOD_FORM = /^\d{4}-(0[1-9]|1[0-2])$/;

// The month's range needs a clock, which no keyword reads: `x-rule` names it (contract: "What the wire reads").
const periodInput = onTheWire(
  z
    .string({ required_error: 'is required' })
    .transform((text) => text.trim())
    .superRefine((period, issues) => {
      const problem = gstr1PeriodProblem(period, todayIn(new Date()));
      if (problem) issues.addIssue({ code: 'custom', message: problem });
    }),
  { pattern: PERIOD_FORM.source, 'x-rule': 'gst-month' },
);

/** Amounts of the summary, in paise; each gets its `_formatted` twin in the answer. */
const SUMMARY_AMOUNTS = ['', 'b2b_', 'b2cl_', 'b2cs_', 'cdnr_', 'cdnur_', 'hsn_'].flatMap((section) => [
  `${section}taxable_value`,
  `${section}tax`,
]);
const SUMMARY_COUNTS = [
  'b2b_invoices',
  'b2cl_invoices',
  'b2cs_invoices',
  'cdnr_notes',
  'cdnur_notes',
  'hsn_rows',
  'documents_issued',
  'documents_cancelled',
];

const summarySchema = z
  .object({
    ...Object.fromEntries([...SUMMARY_AMOUNTS, ...SUMMARY_COUNTS].map((key) => [key, z.number().int()])),
    warnings: z.array(z.string()),
  })
  .passthrough();

/**
 * The return as the answer carries it, read leniently as every answer is: its sections by name. Their inner shape
 * is GSTN's offline format, which our strict zod (gstr1FileSchema) holds the service to in its tests.
 */
const gstr1ReturnSchema = z
  .object({
    gstin: z.string(),
    fp: z.string(),
    version: z.string(),
    hash: z.string(),
    ...Object.fromEntries(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur'].map((key) => [key, z.array(z.unknown())])),
    hsn: z.object({}).passthrough(),
    doc_issue: z.object({ doc_det: z.array(z.unknown()) }).passthrough(),
  })
  .passthrough();

export const gstr1AnswerSchema = z
  .object({
    id: z.string(),
    object: z.literal('gstr1'),
    period: z.string(),
    fp: z.string(),
    gstin: z.string(),
    version: z.string(),
    file_name: z.string(),
    summary: summarySchema,
    gstr1: gstr1ReturnSchema,
  })
  .passthrough();

/** The flat record both platforms answer: the summary with formatted twins, and the return itself. */
export function presentGstr1(body: unknown) {
  const answer = read(gstr1AnswerSchema, body) as z.infer<typeof gstr1AnswerSchema>;
  const summary = answer.summary as Record<string, number> & { warnings: string[] };
  const twins = Object.fromEntries(
    SUMMARY_AMOUNTS.map((key) => [`${key}_formatted`, formatMinor(summary[key], 'INR')]),
  );
  const { id, period, fp, gstin, version, file_name } = answer;
  return { id, period, fp, gstin, version, file_name, ...summary, ...twins, gstr1: answer.gstr1 };
}
export type PresentedGstr1 = ReturnType<typeof presentGstr1>;

/** The answer beside the file, without the return itself (n8n's binary `data`, Zapier's `file`). */
export const gstr1Record = ({ gstr1: _file, ...record }: PresentedGstr1) => record;

const { gstr1: words } = FIELDS;

export const GSTR1_LABELS: Readonly<Record<string, string>> = Object.fromEntries([
  ['period', words.period.label],
  ...Object.values(words)
    .filter((entry) => entry.key !== 'period')
    .map((entry) => [entry.key, entry.label]),
]);

const sampleSummary = {
  ...Object.fromEntries(SUMMARY_COUNTS.map((key) => [key, 1])),
  ...Object.fromEntries(SUMMARY_AMOUNTS.map((key) => [key, key.endsWith('tax') ? 1_800_000 : 10_000_000])),
  warnings: [] as string[],
};

export const getGstr1 = defineOperation({
  method: 'GET',
  path: '/gstr1',
  status: 200,
  contract: 'gstr-1-issue-41',
  response: gstr1AnswerSchema,
  input: z.object({ period: periodInput }).strict(),
  result: presentGstr1,
  fields: [words.period],
  labels: GSTR1_LABELS,
  sample: gstr1Record(
    presentGstr1({
      id: 'GSTR1_102026_27AAPFU0939F1ZV',
      object: 'gstr1',
      period: '2026-10',
      fp: '102026',
      gstin: '27AAPFU0939F1ZV',
      version: 'GST3.2.4',
      file_name: 'GSTR1_102026_27AAPFU0939F1ZV.json',
      summary: sampleSummary,
      gstr1: {
        gstin: '27AAPFU0939F1ZV',
        fp: '102026',
        version: 'GST3.2.4',
        hash: 'hash',
        b2b: [],
        b2cl: [],
        b2cs: [],
        cdnr: [],
        cdnur: [],
        hsn: { hsn_b2b: [], hsn_b2c: [] },
        doc_issue: { doc_det: [] },
      },
    }),
  ),
});
