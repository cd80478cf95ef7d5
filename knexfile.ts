// Configuration for the knex CLI (`npx tsx node_modules/knex/bin/cli.js migrate:latest`).
import { readConfig } from './api/src/foundation/config';
import { knexConfig } from './api/src/db/knex';

const config = readConfig();
export default knexConfig({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
