import { describe } from 'vitest';
import { rerunsMatchTheirRecords } from './reproductionRerun.js';

describe('seed 000 reproductions, rerun', () => rerunsMatchTheirRecords('000'));
