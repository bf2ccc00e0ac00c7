import { describe, expect, it } from 'vitest';
import { fillTemplate, placeholdersOf, REFUSALS, refusalText } from './refusals.js';

describe('the refusal catalogue', () => {
  it('has dotted lower-case keys and sentences that start in lower case, as problems follow a path', () => {
    for (const [reason, text] of Object.entries(REFUSALS)) {
      expect(reason).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
      expect(text).toMatch(/^[a-z"({]/);
      expect(new Set(placeholdersOf(text)).size).toBe(placeholdersOf(text).length);
    }
  });

  it('fills values into the sentence and leaves a missing one visible', () => {
    expect(refusalText('till.unknown', { kasm: '9' })).toBe('names no till: 9');
    expect(fillTemplate('{a} of {b}', { a: '1' })).toBe('1 of {b}');
  });
});
