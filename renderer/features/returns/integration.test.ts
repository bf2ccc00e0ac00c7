import { expect, it } from 'vitest';
import { dec } from '../../money/money.js';
import { returnSubject } from './integration.js';

it("asks the manager to confirm a return in the interface's money format, not the wire's", () => {
  expect(returnSubject({ action: 'return', checkNumber: 136, total: dec('1000.00') })).toBe('№ 136: 1\u00a0000,00\u00a0₴');
});
