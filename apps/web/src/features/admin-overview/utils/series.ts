/**
 * The overview's figures as the charts, tables and CSV files show them: one row per step, labelled in the
 * business time zone, money in euros, credits in whole credits (the answer's integers converted once, by
 * the contracts' money functions).
 */
import {
  centsToAmountValue,
  centsToEur,
  UNITS_PER_CREDIT,
  unitsToCredits,
} from '@falkenhost/contracts/money';
import type { OverviewAnswer } from '@falkenhost/contracts/overview';

/** One step of a series: its label, its CSV date and the figures by series key. */
export interface SeriesRow {
  label: string;
  /** the step's local date: `YYYY-MM-DD` (day) or `YYYY-MM` (month) */
  date: string;
  values: Record<string, number>;
}

/** Formats made once per language, zone and step (making one costs far more than using it). */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

/** The step's local date in `timeZone` as `YYYY-MM-DD` or `YYYY-MM`. */
function localDate(iso: string, timeZone: string, step: OverviewAnswer['step']): string {
  const parts = formatFor('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(iso))
    .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
  return step === 'day' ? `${parts.year}-${parts.month}-${parts.day}` : `${parts.year}-${parts.month}`;
}

/** A step's label in `language`: `26 Nov` for a day, `Nov 2026` for a month. */
function stepLabel(iso: string, answer: OverviewAnswer, language: string): string {
  const options: Intl.DateTimeFormatOptions =
    answer.step === 'day' ? { day: 'numeric', month: 'short' } : { month: 'short', year: 'numeric' };
  return formatFor(language, { ...options, timeZone: answer.timeZone }).format(new Date(iso));
}

function rows(
  answer: OverviewAnswer,
  language: string,
  values: (step: OverviewAnswer['steps'][number]) => Record<string, number>,
): SeriesRow[] {
  return answer.steps.map((s) => ({
    label: stepLabel(s.start, answer, language),
    date: localDate(s.start, answer.timeZone, answer.step),
    values: values(s),
  }));
}

/** Net revenue by source, euros (cents / 100). */
export function revenueRows(answer: OverviewAnswer, language: string): SeriesRow[] {
  return rows(answer, language, (s) => ({
    credits: centsToEur(s.revenue.credits),
    first: centsToEur(s.revenue.first),
    renewal: centsToEur(s.revenue.renewal),
    unsuspend: centsToEur(s.revenue.unsuspend),
    topUp: centsToEur(s.revenue.topUp),
  }));
}

/** Credits sold and spent on servers, credits (1/10 000 credit units / 10 000). */
export function creditRows(answer: OverviewAnswer, language: string): SeriesRow[] {
  return rows(answer, language, (s) => ({
    sold: unitsToCredits(s.creditsSold),
    spent: unitsToCredits(s.creditsSpent),
  }));
}

/** New customers, servers deleted and failed renewals, counts. */
export function activityRows(answer: OverviewAnswer, language: string): SeriesRow[] {
  return rows(answer, language, (s) => ({
    newCustomers: s.newCustomers,
    serversDeleted: s.serversDeleted,
    failedRenewals: s.failedRenewals,
  }));
}

/** A euro figure as CSV writes it: `12.50`, `-2.16`, from the euros the rows hold. */
export function eurCsv(eur: number): string {
  const cents = Math.round(eur * 100);
  return `${cents < 0 ? '-' : ''}${centsToAmountValue(Math.abs(cents))}`;
}

/** Credits as CSV writes them: up to 4 decimals (whole 1/10 000 credits), no grouping (`1234.5`). */
export function creditsCsv(credits: number): string {
  return String(unitsToCredits(Math.round(credits * UNITS_PER_CREDIT)));
}

/** Rows as the charts take them: one object per step, its label under `step` beside its figures. */
export function chartData(rows: readonly SeriesRow[]): Record<string, string | number>[] {
  return rows.map((r) => ({ step: r.label, ...r.values }));
}

/** The name of a series' CSV download (without `.csv`): `falkenhost-revenue-30d`. */
export function csvFileName(name: string, answer: OverviewAnswer): string {
  return `falkenhost-${name}-${answer.period}`;
}
