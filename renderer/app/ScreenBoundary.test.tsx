// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CashdeskApi } from '../../shared/bridge/api.js';
import { initI18n } from '../i18n/i18n.js';
import { ScreenBoundary } from './ScreenBoundary.js';

const reportError = vi.fn(async () => undefined);
beforeAll(() => {
  initI18n('uk');
  Object.defineProperty(window, 'cashdesk', {
    value: { reportError, onEvent: () => () => {} } as unknown as CashdeskApi,
    configurable: true,
  });
});
afterEach(cleanup);

let broken = true;
function Fragile() {
  if (broken) throw new TypeError('l is not a function');
  return <p>works</p>;
}

describe('a screen that fails', () => {
  it('says so in Ukrainian, keeps the rest of the app, reports the error, and can be opened again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <nav data-testid="tabs">tabs</nav>
        <ScreenBoundary screen="debt">
          <Fragile />
        </ScreenBoundary>
      </div>,
    );
    expect(screen.getByTestId('screen-failed').textContent).toContain('Екран «Борги» зупинився через помилку');
    expect(screen.getByTestId('tabs')).toBeTruthy();
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ screen: 'debt', message: 'TypeError: l is not a function' }),
    );
    broken = false;
    fireEvent.click(screen.getByTestId('screen-retry'));
    expect(await screen.findByText('works')).toBeTruthy();
  });
});
