import { describe, expect, it } from 'vitest';
import { REFUSALS } from '../refusals.js';
import { ISSUES, issueText, issueWords } from './issues.js';
import { dec, int, req, str } from './params.js';
import { placeholdersOf } from './template.js';
import { validateParams } from './validate.js';

describe('the contract issue catalogue', () => {
  it('shares no key with the business refusals, so a reason names one sentence', () => {
    for (const reason of Object.keys(ISSUES)) expect(Object.hasOwn(REFUSALS, reason), reason).toBe(false);
  });

  it('has dotted keys and sentences with each placeholder once', () => {
    for (const [reason, text] of Object.entries(ISSUES)) {
      expect(reason).toMatch(/^[a-z0-9_]+(\.[a-z0-9_]+)+$/);
      expect(new Set(placeholdersOf(text)).size).toBe(placeholdersOf(text).length);
    }
  });

  it('is what the validator reports: the sentence, and the reason with its values', () => {
    const r = validateParams(
      { kasm: req(int(1, 9)), code: req(str(3)), sum: req(dec('cur')) },
      { kasm: 12, code: 'abcd', sum: '1,5' },
    );
    expect(r).toEqual({
      ok: false,
      issues: [
        { path: 'params.kasm', problem: 'must be between 1 and 9', reason: 'param.int_range', values: { min: '1', max: '9' } },
        { path: 'params.code', problem: 'must be at most 3 characters', reason: 'param.too_long', values: { max: '3' } },
        {
          path: 'params.sum',
          problem: 'must be a decimal string with a dot separator, e.g. "12.50"',
          reason: 'decimal.syntax',
          values: {},
        },
      ],
    });
    expect(issueText(issueWords('param.array_size', { min: 1, max: 2, count: 3 }))).toBe('must have 1 to 2 items, got 3');
  });
});
