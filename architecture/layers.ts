/**
 * The layer rules of the code, as data: one line per folder, what its non-test files may import.
 * architecture/layers.test.ts reads every import of every covered file and fails naming the file
 * and the import that breaks a line (after VS Code's `code-layering` lint data).
 *
 * How a line is read: a file obeys the line of the most specific folder (or file) that holds it,
 * and only that line. It may always import inside that folder; besides, only the paths listed
 * (a folder and all under it, or one file). `node: false` forbids Node's built-in modules
 * (`node:fs`, `fs`, …): the code runs in a browser too. Tests (`*.test.ts`) and test helpers
 * (a `testing/` folder or a `testing.ts` file) are not held to the rules: a test may reach into
 * anything it checks.
 *
 * Top level, measured when the rules were written (no import runs back up):
 *   shared < shared-node < server < electron (which embeds the back office) ; renderer sees only
 *   shared, and neither it nor shared touches Node. bench and e2e drive everything from outside.
 *   Inside server: upstream (the port an answer goes out through) and dps (the tax server's
 *   formats, signing and simulator) know nothing of the back office; the back office
 *   knows nothing of what serves it (gateway, http, clients, auth, the CLI).
 *
 * server/back-office/sales, the sales engine: a kernel below areas below two flows.
 *   - kernel/ holds what every area shares (the seller's identity, the register's chain, the
 *     shift guard, the cash ledger and tills, people's confirmations, the keys, the moment and
 *     money helpers). It imports no area.
 *   - an area (cards, cash, fiscal, prro, shifts, …) imports the kernel and nothing else of
 *     sales; an operation that needs two areas' work composes it from the kernel's pieces.
 *   - the flows checkout/ (a sale, from its first line to its close) and returns/ compose areas;
 *     no area imports them.
 *   - sales/index.ts registers every operation's handler: the composition root, above all.
 * A new folder under sales must be given its line here (the test fails until it is).
 */

/** One folder's rule. */
export type Layer = {
  /** Folders (and all under them) or single files this folder's files may import. */
  readonly mayImport: readonly string[];
  /** False: no Node built-in module (the code also runs in the browser). */
  readonly node?: false;
  /** Why, where the line is not plain from the folder's name. */
  readonly why?: string;
};

const SHARED = ['shared', 'shared-node'];
const SALES = 'server/back-office/sales';
const KERNEL = `${SALES}/kernel`;

/** What anything in the sales engine may use from outside it. */
const BELOW_SALES = [
  ...SHARED,
  'server/back-office/decimal.ts',
  'server/back-office/handlers.ts',
  'server/back-office/core',
  'server/back-office/catalog',
  'server/upstream',
  'server/dps',
];

/** An area: the kernel and what lies below sales. */
const AREA: Layer = { mayImport: [...BELOW_SALES, KERNEL] };

/** The areas of sales; a folder here imports only the kernel. */
export const SALES_AREAS = [
  'card-payments',
  'cards',
  'cash',
  'certificates',
  'diagnostics',
  'excise',
  'fiscal',
  'people',
  'prro',
  'receipt-print',
  'reports',
  'shifts',
] as const;

/** The flows: they compose areas, and no area imports them. */
export const SALES_FLOWS = ['checkout', 'returns'] as const;

export const LAYERS: Readonly<Record<string, Layer>> = {
  // ---- the top level
  shared: { mayImport: [], node: false, why: 'the contract and rules both the desk and the service read' },
  'shared/contract/publish/cli.ts': {
    mayImport: ['shared'],
    why: 'the generator that writes docs/contract/*.json, run by npm, never loaded by the desk',
  },
  'shared-node': { mayImport: ['shared'] },
  server: { mayImport: [...SHARED] },
  electron: {
    mayImport: [...SHARED, 'server', 'build/bundle.ts'],
    why: 'the till embeds the back office (server/); launch.ts builds before it starts',
  },
  'electron/core': {
    mayImport: [...SHARED, 'electron/devices', 'server/service.ts', 'server/auth/keys.ts'],
    why: "the desk reads the back office only through the contract; it starts its own service (embedded.ts) and asks whether a key is that service's",
  },
  'electron/core/crash': {
    mayImport: [...SHARED, 'electron/core', 'server/testing', 'server/back-office/sales/testing'],
    why: 'the crash test drives a real service and audits its file',
  },
  renderer: { mayImport: ['shared'], node: false, why: 'the desk runs in the browser, behind the bridge' },
  'renderer/vite.config.ts': { mayImport: ['shared'], why: "Vite's own configuration, run by Node" },
  build: { mayImport: [] },
  integrations: { mayImport: [] },
  architecture: { mayImport: [] },
  bench: { mayImport: [...SHARED, 'server', 'electron', 'e2e', 'build', 'package.json', 'playwright.config.ts'] },
  e2e: {
    mayImport: [
      ...SHARED,
      'server',
      'electron',
      'renderer',
      'playwright.config.ts',
      'vitest.summary-reporter.ts',
      'package.json',
    ],
  },

  // ---- the service
  'server/upstream': { mayImport: ['shared'] },
  'server/dps': { mayImport: [...SHARED] },
  'server/back-office': { mayImport: [...SHARED, 'server/upstream', 'server/dps'] },
  'server/back-office/demo': {
    mayImport: [...SHARED, 'server/back-office', 'server/upstream', 'server/dps'],
    why: "the demo shop: seeds through operations.ts as a till would, and writes the past days' registers and cards through the sales kernel",
  },

  // ---- inside the sales engine
  [SALES]: {
    mayImport: [...SHARED, 'server/back-office', 'server/upstream', 'server/dps'],
    why: 'index.ts registers every handler',
  },
  [KERNEL]: { mayImport: BELOW_SALES, why: 'what the areas share; it imports no area' },
  ...Object.fromEntries(SALES_AREAS.map((area) => [`${SALES}/${area}`, AREA])),
  ...Object.fromEntries(
    SALES_FLOWS.map((flow) => [
      `${SALES}/${flow}`,
      { mayImport: [...BELOW_SALES, KERNEL, ...SALES_AREAS.map((area) => `${SALES}/${area}`)] },
    ]),
  ),
};
