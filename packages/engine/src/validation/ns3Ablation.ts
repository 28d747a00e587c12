import type { ScenarioInput } from '../scenario/types.js';

/**
 * What each part of the ns-3.37 emulation is worth: one change at a time to the translated
 * scenario of scenario/ns3Dumbbell.ts, setting one ns-3 behaviour back to the engine's default
 * (`cclab validate-ns3 --ablate`, docs/validation.md). The engine's defaults are ns-2's or the
 * RFCs'; each row shows which references depend on that ns-3 detail.
 */
export interface Ns3Ablation {
  label: string;
  edit: (scenario: ScenarioInput) => void;
}

/** Removes TCP transport parameters from every TCP flow (back to the defaults). */
function tcpParams(...keys: string[]): (s: ScenarioInput) => void {
  return (s) => {
    for (const f of s.flows) {
      const p = f.transport.type === 'tcp' ? f.transport.params : undefined;
      if (p) for (const k of keys) delete p[k];
    }
  };
}

export const NS3_ABLATIONS: readonly Ns3Ablation[] = [
  { label: 'as translated', edit: () => undefined },
  { label: 'rttSampling: timed (ns-2 RTT timing and RTO backoff)', edit: tcpParams('rttSampling') },
  { label: 'sackRecovery default (RFC 6675)', edit: tcpParams('sackRecovery') },
  { label: 'sackStyle default', edit: tcpParams('sackStyle') },
  { label: 'sackAfterTimeout default (scoreboard cleared)', edit: tcpParams('sackAfterTimeout') },
  { label: 'recoveryTimer default', edit: tcpParams('recoveryTimer') },
  { label: 'no handshake ACK or SYN options', edit: tcpParams('handshakeAck', 'synOptionBytes') },
  { label: 'quickAckFirst off', edit: tcpParams('quickAckFirst') },
  { label: 'ecnCwrState off', edit: tcpParams('ecnCwrState') },
  {
    label: "congestion controls' defaults (Reno growth, CUBIC/Vegas/BBR impl)",
    edit: (s) => {
      for (const f of s.flows) {
        const c = f.transport.ccParams;
        if (c) for (const k of ['impl', 'growth', 'reduceFrom', 'cwndByteSize']) delete c[k];
      }
    },
  },
  {
    label: 'framingBytes 0',
    edit: (s) => {
      for (const l of s.links) delete l.framingBytes;
    },
  },
  {
    label: 'no device queue',
    edit: (s) => {
      for (const l of s.links) delete l.deviceQueuePackets;
    },
  },
  {
    label: 'CoDel variant rfc8289',
    edit: (s) => {
      for (const l of s.links) {
        const q = l.queue;
        if (q?.params && (q.type === 'codel' || q.type === 'fq-codel')) q.params.variant = 'rfc8289';
      }
    },
  },
];
