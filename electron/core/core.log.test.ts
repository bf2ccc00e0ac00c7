/** What the interface reports reaches the main process log, and nothing of a key or a PIN does. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Level } from '../../shared-node/log/logger.js';
import { startDesk, type TestDesk } from './testing/desk.js';

let desk: TestDesk;
afterEach(async () => {
  await desk?.close();
});

describe('the main process log', () => {
  it("takes a screen's error from its boundary, with the screen and the stack", async () => {
    const lines: { level: Level; msg: string; fields?: Record<string, unknown> }[] = [];
    desk = await startDesk({ logger: { log: (level, msg, fields) => lines.push({ level, msg, fields }) } });
    await desk.api.reportError({ screen: 'debt', message: 'TypeError: l is not a function', stack: 'at DebtResult' });
    expect(lines).toContainEqual({
      level: 'error',
      msg: 'interface error',
      fields: { screen: 'debt', error: 'TypeError: l is not a function', stack: 'at DebtResult' },
    });
  });

  it('never holds the PIN of a manager confirmation, whatever became of it', async () => {
    const lines: string[] = [];
    desk = await startDesk({
      demo: true,
      logger: { log: (level, msg, fields) => lines.push(JSON.stringify({ level, msg, fields })) },
    });
    await desk.api
      .confirmManualPrice({ ndoc: 'K1-log', code: 'none', quant: '1', price: '1.00', manager_card: '1002', pin: '987654' })
      .catch(() => undefined);
    expect((await desk.api.queueList()).length).toBe(0);
    expect(lines.join('\n')).not.toContain('987654');
  });
});
