/** What an emulated printer answers to DLE EOT 1, 2 and 4 in a given condition (status/dle-eot.ts reads them). */
export interface PaperAndCover {
  paper: 'ok' | 'near_end' | 'out';
  cover: 'closed' | 'open';
  /** Whether it answers status queries at all (some cheap printers do not). */
  answers: boolean;
}

export function statusByte(n: number, s: PaperAndCover): number {
  const out = s.paper === 'out';
  const open = s.cover === 'open';
  if (n === 1) return 0x12 | (out || open ? 0x08 : 0);
  if (n === 2) return 0x12 | (open ? 0x04 : 0) | (out ? 0x20 : 0);
  if (n === 4) return 0x12 | (s.paper === 'near_end' ? 0x0c : 0) | (out ? 0x6c : 0);
  return 0x12;
}
