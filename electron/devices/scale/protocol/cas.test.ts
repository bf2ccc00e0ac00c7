/** The CAS continuous line: stable, unstable, overload, negative, grams, and frames split or merged. */
import { describe, expect, it } from 'vitest';
import { CasFramer, parseCasLine } from './cas.js';

describe('a CAS continuous line', () => {
  it('reads a stable gross weight in kilograms', () => {
    expect(parseCasLine('ST,GS,+  1.234kg')).toEqual({ kind: 'weight', stable: true, net: false, unit: 'kg', kg: '1.234' });
  });
  it('reads an unstable weight as unstable', () => {
    expect(parseCasLine('US,GS,+  0.870kg')).toMatchObject({ kind: 'weight', stable: false, kg: '0.870' });
  });
  it('reads an overload whatever the digits say', () => {
    expect(parseCasLine('OL,GS,+  ------')).toEqual({ kind: 'overload' });
  });
  it('keeps the sign of a negative weight and drops it from a zero', () => {
    expect(parseCasLine('ST,NT,-  0.125kg')).toMatchObject({ kg: '-0.125', net: true });
    expect(parseCasLine('ST,GS,-  0.000kg')).toMatchObject({ kg: '0.000' });
  });
  it('converts grams to kilograms exactly, without floats', () => {
    expect(parseCasLine('ST,GS,+   1505 g')).toMatchObject({ kg: '1.505', unit: 'g' });
    expect(parseCasLine('ST,GS,+     5 g')).toMatchObject({ kg: '0.005' });
    expect(parseCasLine('ST,GS,+  1.50kg')).toMatchObject({ kg: '1.500' });
  });
  it('says a line it cannot read as broken, never guesses', () => {
    expect(parseCasLine('ST,GS,+  1.2x4kg')).toEqual({ kind: 'broken', line: 'ST,GS,+  1.2x4kg' });
    expect(parseCasLine('XX,GS,+  1.234kg').kind).toBe('broken');
    expect(parseCasLine('ST,GS,+ 1.2345kg').kind).toBe('broken');
  });
});

describe('the CAS framer', () => {
  it('joins a line split across chunks', () => {
    const f = new CasFramer();
    expect(f.push('ST,GS,+ ')).toEqual([]);
    expect(f.push(' 2.0')).toEqual([]);
    expect(f.push('50kg\r\n')).toEqual([expect.objectContaining({ kg: '2.050', stable: true })]);
  });
  it('splits merged lines in one chunk', () => {
    const f = new CasFramer();
    const got = f.push(Buffer.from('US,GS,+  0.400kg\r\nUS,GS,+  0.410kg\r\nST,GS,+  0.412kg\r\nST,GS'));
    expect(got.map((r) => (r.kind === 'weight' ? `${r.stable}:${r.kg}` : r.kind))).toEqual([
      'false:0.400',
      'false:0.410',
      'true:0.412',
    ]);
    expect(f.push(',+  0.412kg\r\n')).toEqual([expect.objectContaining({ kg: '0.412' })]);
  });
  it('says a line that never ends as broken', () => {
    expect(new CasFramer().push('x'.repeat(80))).toEqual([{ kind: 'broken', line: 'x'.repeat(64) }]);
  });
});
