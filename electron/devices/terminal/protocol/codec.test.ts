import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder, MAX_FRAME_BYTES } from './codec.js';

const messages = (frames: ReturnType<FrameDecoder['push']>) =>
  frames.map((f) => (f.kind === 'message' ? f.message : { bad: f.error.message }));

describe('the ECR codec', () => {
  it('ends a message with one 0x00 after its UTF-8 JSON', () => {
    const bytes = encodeFrame({ method: 'PingDevice', step: 0 });
    expect(bytes.at(-1)).toBe(0);
    expect(bytes.subarray(0, -1).toString('utf8')).toBe('{"method":"PingDevice","step":0}');
    expect(bytes.indexOf(0)).toBe(bytes.length - 1);
  });

  it('reads a message split at every byte, Cyrillic included', () => {
    const msg = { method: 'Purchase', params: { bankAcquirer: 'ПриватБанк', amount: '12.50' }, error: false };
    const bytes = encodeFrame(msg);
    for (let cut = 1; cut < bytes.length; cut++) {
      const d = new FrameDecoder();
      expect(d.push(bytes.subarray(0, cut))).toEqual([]);
      expect(messages(d.push(bytes.subarray(cut)))).toEqual([msg]);
    }
  });

  it('reads two messages merged in one chunk, and a third begun in it', () => {
    const a = encodeFrame({ method: 'PingDevice', step: 0 });
    const b = encodeFrame({ method: 'ServiceMessage', params: { msgType: 'deviceBusy' } });
    const c = encodeFrame({ method: 'Purchase' });
    const d = new FrameDecoder();
    expect(messages(d.push(Buffer.concat([a, b, c.subarray(0, 5)])))).toEqual([
      { method: 'PingDevice', step: 0 },
      { method: 'ServiceMessage', params: { msgType: 'deviceBusy' } },
    ]);
    expect(messages(d.push(c.subarray(5)))).toEqual([{ method: 'Purchase' }]);
  });

  it('skips the empty frame of a leading 0x00', () => {
    const d = new FrameDecoder();
    expect(messages(d.push(Buffer.concat([Buffer.from([0]), encodeFrame({ method: 'PingDevice' })])))).toEqual([
      { method: 'PingDevice' },
    ]);
  });

  it('says a frame that is not a JSON object, and reads the next one', () => {
    const d = new FrameDecoder();
    const out = messages(d.push(Buffer.concat([Buffer.from('nonsense\0[1,2]\0'), encodeFrame({ method: 'X' })])));
    expect(out).toEqual([{ bad: 'not JSON' }, { bad: 'not a JSON object' }, { method: 'X' }]);
  });

  it('drops a message that never ends instead of growing without bound', () => {
    const d = new FrameDecoder();
    expect(d.push(Buffer.alloc(MAX_FRAME_BYTES - 10, 0x20))).toEqual([]);
    const out = messages(d.push(Buffer.alloc(20, 0x20)));
    expect(out).toHaveLength(1);
    expect(String((out[0] as { bad: string }).bad)).toMatch(/longer than/);
    // The next message reads again.
    expect(messages(d.push(encodeFrame({ method: 'PingDevice' })))).toEqual([{ method: 'PingDevice' }]);
  });
});
