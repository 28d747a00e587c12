import { describe } from 'vitest';
import { rerunsMatchTheirRecords } from './reproductionRerun.js';

describe('seed 002 reproductions, rerun', () => rerunsMatchTheirRecords('002'));
