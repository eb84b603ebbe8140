/** Small statistics and timing helpers for the benchmarks. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** One figure of the report: a measurement, and its ratio to the baseline measured in the same run. */
export interface BenchRow {
  suite: string;
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  /** value / baseline.value */
  ratio?: number;
  note?: string;
}

export function row(
  suite: string,
  name: string,
  value: number,
  unit: string,
  baseline?: { name: string; value: number },
  note?: string,
): BenchRow {
  const result: BenchRow = { suite, name, value: round(value), unit };
  if (baseline) {
    result.baseline = { name: baseline.name, value: round(baseline.value) };
    result.ratio = round(value / baseline.value, 3);
  }
  if (note) result.note = note;
  return result;
}
