import { describe } from 'vitest';
import { rerunsMatchTheirRecords } from './reproductionRerun.js';

describe('seed 004 reproductions, rerun', () => rerunsMatchTheirRecords('004'));
