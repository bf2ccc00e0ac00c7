// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n.js';
import { ScaleStatus } from './ScaleStatus.js';

beforeAll(() => initI18n('uk'));
afterEach(cleanup);

describe('the scale in the status bar', () => {
  it('says nothing before it was asked, quietly that it answered, and loud that it does not', () => {
    render(<ScaleStatus status={{ state: 'unknown', answeredAt: null }} />);
    expect(screen.queryByTestId('scale-status')).toBeNull();
    cleanup();
    render(<ScaleStatus status={{ state: 'ready', answeredAt: '2026-11-28T10:00:00.000Z' }} />);
    // happy-dom's window is 1024 px wide: the bar says the scale's name, the words in its title.
    expect(screen.getByTestId('scale-status').textContent).toBe('Ваги');
    expect(screen.getByTestId('scale-status').title).toBe('Ваги на зв’язку');
    expect(screen.getByTestId('scale-status').dataset.tone).toBe('ok');
    cleanup();
    render(<ScaleStatus status={{ state: 'unreachable', answeredAt: null }} />);
    expect(screen.getByTestId('scale-status').title).toBe('Ваги не відповідають');
    expect(screen.getByTestId('scale-status').dataset.tone).toBe('bad');
  });
});
