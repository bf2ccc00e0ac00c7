/** Date and time as DPS document heads write them: ddMMyyyy and HHmmss, shop-local. */
import { localDateTime } from '../../../../../shared/time/zone.js';
import type { Moment } from '../moment.js';

export function headTime(m: Moment): { date: string; time: string } {
  const s = localDateTime(m.at, m.timeZone); // YYYY-MM-DDTHH:MM:SS+hh:mm
  return {
    date: `${s.slice(8, 10)}${s.slice(5, 7)}${s.slice(0, 4)}`,
    time: `${s.slice(11, 13)}${s.slice(14, 16)}${s.slice(17, 19)}`,
  };
}
