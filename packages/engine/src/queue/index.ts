import type { BufferLimit } from '../core/units.js';
import type { ModelInfo, ResolvedParams } from '../registry/types.js';
import { str } from '../registry/params.js';
import { DropTailQueueDisc } from './DropTailQueueDisc.js';
import type { QueueDisc } from './QueueDisc.js';

export interface QueueModel {
  readonly info: ModelInfo;
  create(params: ResolvedParams, limit: BufferLimit): QueueDisc;
}

/** Every queue discipline and scheduler a link egress can use. */
export const queueModels: QueueModel[] = [
  {
    info: {
      id: 'droptail',
      category: 'queue',
      name: 'DropTail (FIFO)',
      description: 'First in, first out; a full buffer discards arrivals (or the oldest packet).',
      citation: 'ns-2 Queue/DropTail (drop_front_ option)',
      params: [
        {
          key: 'dropFrom',
          label: 'Drop from',
          kind: 'enum',
          default: 'tail',
          options: ['tail', 'front'],
          description: 'Discard the arriving packet (tail) or the oldest queued one (front).',
        },
      ],
    },
    create: (p, limit) => new DropTailQueueDisc({ limit, dropFrom: str(p, 'dropFrom') as 'tail' | 'front' }),
  },
];

export function findQueueModel(id: string): QueueModel | undefined {
  return queueModels.find((m) => m.info.id === id);
}
