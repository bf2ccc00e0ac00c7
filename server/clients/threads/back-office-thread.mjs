// @ts-check
/**
 * The back office thread's entry when the service runs from its sources (tsx, vitest): a worker
 * thread loads its file with Node's own loader, so TypeScript is compiled here by tsx's, registered
 * in this thread first. The bundle (build/server-bundle.ts) puts the compiled thread.ts in this
 * file's place, beside dist/server/cli.mjs, where threads.ts finds it by the same name.
 */
import { register } from 'tsx/esm/api';

register();
await import(new URL('./thread.ts', import.meta.url).href);
