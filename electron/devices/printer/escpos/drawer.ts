/**
 * The cash drawer is wired to the printer's drawer port and opens on a pulse the printer sends.
 * ESC p m t1 t2 is the ordinary command (pin 2, on 100 ms, off 500 ms: the timing drawer makers
 * give); it goes at the head of a receipt, so the drawer opens while the receipt prints. A printer
 * that is offline (no paper, cover open) holds ordinary commands until it is back, so a drawer due
 * then is opened with the real-time pulse DLE DC4 1 m t, which an Epson-compatible printer
 * performs whatever its state.
 */
export const DRAWER_PULSE = Uint8Array.of(0x1b, 0x70, 0x00, 0x32, 0xfa);
export const DRAWER_PULSE_NOW = Uint8Array.of(0x10, 0x14, 0x01, 0x00, 0x01);
