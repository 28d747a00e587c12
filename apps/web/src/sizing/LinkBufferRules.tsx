/**
 * The Buffer-sizing panel's rules for one link direction of the scenario, side by side: the
 * bandwidth-delay product, Appenzeller et al.'s C × RTT / √N, seed 000's LbLCA model, and the
 * buffer the link has now — each in packets and bytes with its source, and "Use this buffer",
 * an ordinary (undoable) edit of the link's buffer. The link is the one selected in the editor,
 * else the likely bottleneck; any other can be picked.
 */
import { useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { linkKey } from '../state/scenarioEdits';
import { showFigure } from '../summary/figures';
import {
  bdpRule,
  bufferFieldValue,
  bufferOf,
  currentBuffer,
  likelyBottleneck,
  meanRttS,
  packetBytesFor,
  parsePositive,
  sizingPorts,
  sqrtNRule,
  withPortBuffer,
  type BufferSize,
  type SizingPort,
} from './bufferRules';

/** The LbLCA model's result at one capacity (from the panel's model below). */
export interface LblcaAtCapacity {
  capacityMbps: number;
  /** The largest of the routers' minimum buffers, Mb. */
  bufferMb: number;
}

interface Props {
  /** The model's rows so far; the one at the chosen link's capacity is shown. */
  lblca: readonly LblcaAtCapacity[];
  /** Runs the model at this capacity (its other inputs as set below). */
  onComputeLblca(capacityMbps: number): void;
  lblcaRunning: boolean;
}

const mbps = (bps: number) => +(bps / 1e6).toPrecision(6);

export function LinkBufferRules({ lblca, onComputeLblca, lblcaRunning }: Props) {
  const lab = useLab();
  const ids = { link: useId(), rtt: useId(), n: useId(), pkt: useId() };
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  const selectedLink = useStore(lab.scenario, (s) => s.selection.links[0] ?? null);
  const result = useMemo(() => sizingPorts(scenario), [scenario]);
  const [picked, setPicked] = useState<string | null>(null);
  const [rttText, setRttText] = useState('');
  const [nText, setNText] = useState('');
  const [pktText, setPktText] = useState('');
  if (!result.ok)
    return (
      <p className="sweep-problems" role="alert">
        The rules need a scenario that runs: {result.error}
      </p>
    );
  const ports = result.ports.filter((p) => p.flows.length > 0 || p.name === picked);
  const fromSelection = (): SizingPort | null => {
    if (selectedLink === null) return null;
    const i = scenario.links.findIndex((l) => linkKey(l) === selectedLink);
    const dirs = result.ports.filter((p) => p.linkIndex === i);
    return dirs.sort((a, b) => b.flows.length - a.flows.length)[0] ?? null;
  };
  const port = result.ports.find((p) => p.name === picked) ?? fromSelection() ?? likelyBottleneck(result.ports) ?? null;
  if (!port) return <p className="sweep-help">Add a flow: the rules size the buffer of a link that flows cross.</p>;

  const rttIn = parsePositive(rttText, 'RTT', 'milliseconds');
  const nIn = parsePositive(nText, 'N', 'flows');
  const pktIn = parsePositive(pktText, 'Packet size', 'bytes');
  const problems = [rttIn.error, nIn.error, pktIn.error].filter((e): e is string => !!e);
  const longLived = port.flows.filter((f) => f.longLived);
  const topoRtt = meanRttS(port);
  const rttS = rttIn.value !== null ? rttIn.value / 1000 : topoRtt;
  const n = nIn.value ?? longLived.length;
  const pkt = pktIn.value ?? packetBytesFor(port);
  const rtts = (longLived.length > 0 ? longLived : port.flows).map((f) => f.rttS * 1000);
  const bdp = rttS !== null ? bdpRule(port.rateBps, rttS, pkt) : null;
  const sqrtN = rttS !== null ? sqrtNRule(port.rateBps, rttS, n, pkt) : null;
  const atCapacity = lblca.find((r) => Math.abs(r.capacityMbps - mbps(port.rateBps)) < 1e-9);
  const lblcaSize =
    atCapacity && Number.isFinite(atCapacity.bufferMb) ? bufferOf((atCapacity.bufferMb * 1e6) / 8, pkt) : null;
  const use = (size: BufferSize) =>
    lab.scenario.getState().apply((s) => withPortBuffer(s, port, bufferFieldValue(size)));

  const row = (
    key: string,
    rule: React.ReactNode,
    source: React.ReactNode,
    size: BufferSize | null,
    action: React.ReactNode = size && (
      <button type="button" className="btn btn-small" data-testid={`sizing-use-${key}`} onClick={() => use(size)}>
        Use this buffer
      </button>
    ),
  ) => (
    <tr key={key} data-rule={key}>
      <th scope="row">
        {rule}
        <span className="sizing-source">{source}</span>
      </th>
      <td className="num" data-col="packets">
        {showFigure(size?.packets, 1)}
      </td>
      <td className="num" data-col="bytes">
        {showFigure(size?.bytes, 0)}
      </td>
      <td>{action}</td>
    </tr>
  );

  return (
    <div className="sizing-rules" data-testid="sizing-rules">
      <div className="sweep-form">
        <label htmlFor={ids.link}>Link</label>
        <select
          id={ids.link}
          data-testid="sizing-link"
          value={port.name}
          onChange={(e) => setPicked(e.target.value)}
          title="The link direction whose buffer the rules size (its egress queue)"
        >
          {(ports.includes(port) ? ports : [port, ...ports]).map((p) => (
            <option key={p.name} value={p.name}>
              {p.from} → {p.to} · {mbps(p.rateBps)} Mb/s · {p.flows.filter((f) => f.longLived).length} long-lived
            </option>
          ))}
        </select>
        <label htmlFor={ids.rtt}>RTT (ms)</label>
        <input
          id={ids.rtt}
          data-testid="sizing-rtt"
          value={rttText}
          placeholder={topoRtt === null ? 'type one' : (topoRtt * 1000).toFixed(1)}
          onChange={(e) => setRttText(e.target.value)}
          title="Empty: the mean round trip of the long-lived flows crossing the link, from the links' delays"
        />
        <label htmlFor={ids.n}>N flows</label>
        <input
          id={ids.n}
          data-testid="sizing-n"
          value={nText}
          placeholder={String(longLived.length)}
          onChange={(e) => setNText(e.target.value)}
          title="Empty: the long-lived flows crossing the link"
        />
        <label htmlFor={ids.pkt}>Packet (B)</label>
        <input
          id={ids.pkt}
          data-testid="sizing-packet"
          value={pktText}
          placeholder={String(packetBytesFor(port))}
          onChange={(e) => setPktText(e.target.value)}
          title="Empty: the data packet size of the flows crossing the link"
        />
      </div>
      {problems.length > 0 && (
        <ul className="sweep-problems" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <p className="sweep-help" data-testid="sizing-inputs">
        C = {mbps(port.rateBps)} Mb/s ({port.from} → {port.to}); RTT ={' '}
        {rttS === null ? '— (no flow crosses it: type one)' : `${(rttS * 1000).toFixed(1)} ms`}
        {rttIn.value !== null
          ? ' (typed)'
          : rtts.length > 0
            ? ` — mean propagation round trip of the ${longLived.length > 0 ? 'long-lived ' : ''}flows crossing it, from the links' delays (${Math.min(...rtts).toFixed(0)}–${Math.max(...rtts).toFixed(0)} ms)`
            : ''}
        ; N = {n}
        {nIn.value === null ? ' long-lived flows (unlimited bulk transfers over TCP, DCCP or TFRC)' : ' (typed)'};
        packets of {pkt} B.
      </p>
      <table className="summary-table sizing-rules-table" data-testid="sizing-rules-table">
        <thead>
          <tr>
            <th scope="col">Rule and source</th>
            <th scope="col">packets</th>
            <th scope="col">bytes</th>
            <th scope="col">
              <span className="sr-only">Set the link&apos;s buffer</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {row(
            'bdp',
            'B = C × RTT',
            'bandwidth-delay product, the rule of thumb (Villamizar & Song, ACM CCR 1994)',
            bdp,
          )}
          {row(
            'sqrtn',
            'B = C × RTT / √N',
            'Appenzeller, Keslassy & McKeown, “Sizing router buffers”, ACM SIGCOMM 2004',
            sqrtN,
          )}
          {row(
            'lblca',
            'LbLCA model',
            <>
              seed 000 §6.2.1: the largest minimum router buffer of the model below at {mbps(port.rateBps)} Mb/s (its
              topology, λ, set points and criterion)
            </>,
            lblcaSize,
            lblcaSize ? undefined : (
              <button
                type="button"
                className="btn btn-small"
                data-testid="sizing-lblca-compute"
                disabled={lblcaRunning}
                onClick={() => onComputeLblca(mbps(port.rateBps))}
              >
                Compute at {mbps(port.rateBps)} Mb/s
              </button>
            ),
          )}
          {row('current', 'This link now', 'the link’s buffer in the scenario', currentBuffer(port, pkt), null)}
        </tbody>
      </table>
    </div>
  );
}
