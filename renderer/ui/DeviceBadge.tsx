/**
 * A device's state in the status bar (printer, card terminal, scale, customer display), one look
 * for all: quiet while it is fine, amber while it still works but will not for long, red when the
 * next sale cannot use it. On a 1024 px screen a device that is fine says only its name beside a
 * dot of its colour (green, amber, red): with every device on the bar keeps one line and the
 * till's lock button stays on the screen. The whole words are always in the title, and a device
 * that is not fine is an alert (a screen reader says it).
 */
import type { HTMLAttributes } from 'react';
import { NARROW_SCREEN, useMediaQuery } from './use-media-query.js';
import './device-badge.css';

export type DeviceTone = 'ok' | 'warn' | 'bad';

export interface DeviceBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'title'> {
  /** The device's class in the bar, e.g. `printer-state`. */
  readonly kind: string;
  readonly tone: DeviceTone;
  /** What the state is, in words ("Принтер: немає паперу"). */
  readonly words: string;
  /** The device's name alone, shown for a device that is fine on a narrow screen. */
  readonly name: string;
  /** More than the words (a reason), for the title. */
  readonly detail?: string | undefined;
}

export function DeviceBadge({ kind, tone, words, name, detail, ...rest }: DeviceBadgeProps) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const brief = narrow;
  return (
    <span
      className={`device-badge ${kind} ${tone}${brief ? ' brief' : ''}`}
      role={tone === 'ok' ? undefined : 'alert'}
      title={detail ? `${words}: ${detail}` : words}
      data-tone={tone}
      {...rest}
    >
      {brief ? name : words}
    </span>
  );
}
