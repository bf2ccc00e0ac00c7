// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceBadge, type DeviceTone } from './DeviceBadge.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A screen of this width, as far as media queries go. */
const screenOf = (width: number) =>
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: width <= Number(/max-width: (\d+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY),
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );

const show = (tone: DeviceTone) =>
  render(<DeviceBadge kind="scale-state" tone={tone} words="Ваги на зв’язку" name="Ваги" detail="COM4" data-testid="b" />);

describe('a device in the status bar', () => {
  it('says its state in words on a wide screen, whatever the state', () => {
    screenOf(1366);
    show('ok');
    expect([screen.getByTestId('b').textContent, screen.getByTestId('b').title]).toEqual([
      'Ваги на зв’язку',
      'Ваги на зв’язку: COM4',
    ]);
    expect(screen.getByTestId('b').getAttribute('role')).toBeNull();
  });

  it('on a 1024 px screen says only its name, its colour saying the state, the words in its title', () => {
    screenOf(1024);
    show('ok');
    expect(screen.getByTestId('b').textContent).toBe('Ваги');
    expect(screen.getByTestId('b').className).toBe('device-badge scale-state ok brief');
    cleanup();
    show('bad');
    expect(screen.getByTestId('b').textContent).toBe('Ваги');
    expect(screen.getByTestId('b').className).toBe('device-badge scale-state bad brief');
    expect(screen.getByTestId('b').title).toBe('Ваги на зв’язку: COM4');
    expect(screen.getByTestId('b').getAttribute('role')).toBe('alert');
  });
});
