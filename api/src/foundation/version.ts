import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './config';

export const APP_VERSION: string = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).version;
