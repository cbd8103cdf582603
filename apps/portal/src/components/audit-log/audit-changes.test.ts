import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes.ts';

describe('auditChanges', () => {
  it('lists each changed value with its path, before and after', () => {
    const before = { current: { domesticPercent: 1.2, eeaPercent: 1.9 }, feeDestination: null };
    const after = { current: { domesticPercent: 1.35, eeaPercent: 1.9 }, feeDestination: 'main account' };
    expect(auditChanges(before, after)).toEqual([
      { path: 'current.domesticPercent', before: '1.2', after: '1.35' },
      { path: 'feeDestination', before: 'null', after: '"main account"' },
    ]);
  });

  it('compares arrays whole and shows values present on one side only', () => {
    expect(auditChanges({ fees: [1], status: 'active' }, { fees: [1, 2] })).toEqual([
      { path: 'fees', before: '[1]', after: '[1,2]' },
      { path: 'status', before: '"active"', after: '—' },
    ]);
  });

  it('has nothing to list when a side is missing', () => {
    expect(auditChanges(null, { name: 'x' })).toEqual([]);
    expect(auditChanges({ name: 'x' }, null)).toEqual([]);
  });
});
