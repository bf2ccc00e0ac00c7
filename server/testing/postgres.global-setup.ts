/** The `postgres` test project's one cluster: started before its files run, removed after. */
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from '../../shared-node/pg/test-cluster.js';

export default async function setup(project: TestProject) {
  const pg = await startTestPostgres();
  project.provide('postgresUrl', pg.url);
  return () => pg.stop();
}
