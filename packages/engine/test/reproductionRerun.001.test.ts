import { describe } from 'vitest';
import { rerunsMatchTheirRecords } from './reproductionRerun.js';

describe('seed 001 reproductions, rerun', () => rerunsMatchTheirRecords('001'));
