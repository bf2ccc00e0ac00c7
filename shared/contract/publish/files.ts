/** The published contract: what `npm run contract` writes and the freshness test compares. */
import { OPERATIONS } from '../registry.js';
import { operationsMarkdown } from './markdown.js';
import { openApiDocument } from './openapi.js';
import { openRpcDocument } from './openrpc.js';

export interface PublishedFile {
  /** Relative to the repository root. */
  readonly path: string;
  readonly content: string;
}

export const publishedFiles = (): PublishedFile[] => [
  { path: 'docs/contract/openrpc.json', content: `${JSON.stringify(openRpcDocument(OPERATIONS), null, 2)}\n` },
  { path: 'docs/contract/openapi.json', content: `${JSON.stringify(openApiDocument(OPERATIONS), null, 2)}\n` },
  { path: 'docs/contract/operations.md', content: operationsMarkdown(OPERATIONS) },
];
