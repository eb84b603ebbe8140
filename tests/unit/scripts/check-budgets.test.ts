/**
 * The budgets check behind `npm run budgets`: a budget is a promise. The goals every embedding
 * site was promised are written here as well as in bench/budgets.json, so raising one takes a
 * change to this test; a budget above its goal stands only with its reason beside it, and an
 * entry's first load past its budget, or zod in a zod-free first load, fails the check.
 */
import { describe, expect, it } from 'vitest';
import { type Budgets, type EntryWeight, readBudgets } from '../../../scripts/bundle-weight.ts';
import { budgetFindings, weightFindings } from '../../../scripts/check-budgets.ts';

/** First-load goals, KiB gzipped: the families' and the hosted page's routes'. */
const GOALS: Record<string, number> = {
  'embed voice': 15,
  'embed tarot': 20,
  'embed tarot-cards': 20,
  'embed bmo': 20,
  'package voice': 15,
  'package tarot': 20,
  'package tarot-cards': 20,
  'package bmo': 20,
  'page shell': 13,
  'page home': 14,
  'page reading': 22,
  'page reading-text': 35,
  'page reading-voice': 40,
  'page bmo': 28,
  'page not-found': 13.5,
  'page docs': 66,
};

const weight = (firstKiB: number, firstHasZod = false): EntryWeight => ({
  entry: 'web-components/voice/index.ts',
  firstKiB,
  sessionKiB: firstKiB,
  optionsKiB: 0,
  firstHasZod,
});

describe('the budgets file', () => {
  it('holds every goal this test holds, no more and no less', () => {
    const goals = Object.fromEntries(
      Object.entries(readBudgets().firstLoadKiB).map(([name, entry]) => [name, entry.goal]),
    );
    expect(goals).toEqual(GOALS);
  });

  it('passes its own rules: each budget past its goal says why', () => {
    expect(budgetFindings(readBudgets())).toEqual([]);
  });
});

describe('a budget past its goal', () => {
  const budgets = (entry: Budgets['firstLoadKiB'][string]): Budgets => ({
    firstLoadKiB: { 'embed voice': entry },
    zodFree: ['embed voice'],
  });

  it('fails without a reason written beside it, and names the entry, budget and goal', () => {
    expect(budgetFindings(budgets({ goal: 15, budget: 15.25 }))).toEqual([
      expect.stringMatching(/^embed voice: its budget 15\.25 KiB gz is past its 15 KiB goal/),
    ]);
    expect(budgetFindings(budgets({ goal: 15, budget: 15.25, reason: '  ' }))).toHaveLength(1);
  });

  it('stands with its reason beside it', () => {
    expect(
      budgetFindings(budgets({ goal: 15, budget: 15.25, reason: 'the consent controller' })),
    ).toEqual([]);
  });

  it('is the goal itself when no budget is written, and a budget at the goal needs no reason', () => {
    expect(budgetFindings(budgets({ goal: 15 }))).toEqual([]);
    expect(budgetFindings(budgets({ goal: 15, budget: 15 }))).toEqual([]);
  });

  it('fails with a reason left beside a budget back within its goal', () => {
    expect(budgetFindings(budgets({ goal: 15, budget: 14, reason: 'once' }))).toEqual([
      expect.stringContaining('a reason beside a budget within its goal'),
    ]);
  });

  it('fails without a goal, or with a budget that is not a positive number', () => {
    const noGoal = { budget: 15 } as unknown as Budgets['firstLoadKiB'][string];
    expect(budgetFindings(budgets(noGoal))).toEqual([expect.stringContaining('has no goal')]);
    expect(budgetFindings(budgets({ goal: 15, budget: -1 }))).toEqual([
      expect.stringContaining('not a positive number'),
    ]);
  });
});

describe('the first loads measured against the budgets', () => {
  const budgets: Budgets = {
    firstLoadKiB: { 'embed voice': { goal: 15, budget: 16, reason: 'the locale controller' } },
    zodFree: ['embed voice'],
  };

  it('passes a first load at its budget and fails one a byte past it', () => {
    expect(weightFindings(budgets, new Map([['embed voice', weight(16)]])).failures).toEqual([]);
    expect(
      weightFindings(budgets, new Map([['embed voice', weight(16 + 1 / 1024)]])).failures,
    ).toEqual([expect.stringContaining('over its 16 KiB budget')]);
  });

  it('prints the goal beside a budget above it', () => {
    const { lines } = weightFindings(budgets, new Map([['embed voice', weight(15.5)]]));
    expect(lines).toEqual([
      expect.stringMatching(/^ok\s+embed voice\s+15\.50 KiB gz\s+\(budget 16, goal 15\)$/),
    ]);
  });

  it('fails zod in a zod-free first load, an entry with no budget, and a budget with no entry', () => {
    expect(weightFindings(budgets, new Map([['embed voice', weight(14, true)]])).failures).toEqual([
      'embed voice: zod is in the first load',
    ]);
    expect(
      weightFindings(
        budgets,
        new Map([
          ['embed voice', weight(14)],
          ['embed extra', weight(1)],
        ]),
      ).failures,
    ).toEqual(['embed extra: has no budget in bench/budgets.json']);
    expect(weightFindings(budgets, new Map()).failures).toEqual([
      expect.stringContaining('embed voice: no such entry was built'),
    ]);
  });
});
