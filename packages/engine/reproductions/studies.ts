import type { StudyId } from '../src/reproduction/types.js';

/** The five seed studies (shared/seeds), with their digests (shared/spec). */
export const studies: Record<StudyId, { title: string; source: string; digest: string }> = {
  '000': {
    title: 'Link-by-link congestion avoidance (LbLCA) for multiplexed traffic',
    source: 'PhD thesis, IIT Guwahati, 2020 (ns-2.35 + Matlab)',
    digest: 'shared/spec/000-lblca.md',
  },
  '001': {
    title: 'Queue-length-based pacing (QLBP) in small-buffer networks',
    source: 'Kumar & Gupta (ns-2), after Cai, Hanay & Wolf, ICC 2009 / JSAC 2011',
    digest: 'shared/spec/001-qlbp.md',
  },
  '002': {
    title: 'DCCP CCID-2 ("TCP-like") on long-delay links, and TCP-like TW',
    source: 'PhD thesis, UUM 2012 (ns-2 with the DCCP module)',
    digest: 'shared/spec/002-dccp.md',
  },
  '003': {
    title: 'XCP with binomial and SIMD window laws',
    source: 'thesis (seed 003)',
    digest: 'shared/spec/003-xcp-binomial.md',
  },
  '004': {
    title: 'QUIC-TCP, FAST and Vegas over a 42-node topology with a wireless base station',
    source: 'MS thesis, FAU 2013 (ns-2 with a modified FAST-TCP module)',
    digest: 'shared/spec/004-quic-tcp.md',
  },
};
