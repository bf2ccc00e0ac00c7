// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n.js';
import { DebtResult } from './DebtResult.js';

beforeAll(() => {
  initI18n('uk');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the answer to a repayment', () => {
  it('goes away without a crash where scrollIntoView returns a Promise, as in current Chromium', () => {
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      return Promise.resolve() as unknown as undefined;
    });
    const result = {
      tender: 'cash' as const,
      card: '2299',
      paid: '25.50',
      balance: '1025.50',
      remainingDebt: '74.50',
      documents: [],
    };
    const { unmount } = render(
      <QueryClientProvider client={new QueryClient()}>
        <DebtResult result={result} akas="KAS1" />
      </QueryClientProvider>,
    );
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    // Typing a digit after a repayment takes the answer off the screen: its effect is cleaned up.
    expect(() => unmount()).not.toThrow();
  });
});
