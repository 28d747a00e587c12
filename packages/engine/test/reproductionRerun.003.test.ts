import { describe } from 'vitest';
import { rerunsMatchTheirRecords } from './reproductionRerun.js';

describe('seed 003 reproductions, rerun', () => rerunsMatchTheirRecords('003'));
