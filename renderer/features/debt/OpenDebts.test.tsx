// @vitest-environment happy-dom
/** A card's receipts with debt say their dates as the till writes dates (дд.мм.рррр), not ISO. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n.js';
import { OpenDebts } from './OpenDebts.js';

beforeAll(() => initI18n('uk'));
afterEach(cleanup);

it('dates each receipt the Ukrainian way', () => {
  render(
    <OpenDebts
      card="2299001000012"
      rows={[{ check_number: '141', date_added: '2026-11-28', total: '27.46', paid: '0.00', debt: '27.46' }]}
      ticked={new Set()}
      onToggle={() => undefined}
    />,
  );
  expect(screen.getByTestId('debt-row-date').textContent).toBe('28.11.2026');
});
