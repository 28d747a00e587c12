/**
 * The handout's parameters table (print only; print.css shows it): the run's duration and seed,
 * every link (rate, delay, buffer, queue discipline), every flow (endpoints, transport and
 * congestion control, application, start and stop) and the timed changes, as the scenario holds
 * them. Clipped like the canvas captions, so a pasted scenario cannot blow up the page.
 */
import { useStore } from 'zustand';
import type { ScenarioEvent } from '@cclab/engine';
import { useLab } from '../lab';
import { clipText } from '../clipText';
import { linkCaption, NODE_CAPTION_CHARS, QUANTITY_CAPTION_CHARS } from '../editor/captions';

const short = (v: unknown) => clipText(String(v), QUANTITY_CAPTION_CHARS);
const id = (v: unknown) => clipText(String(v), NODE_CAPTION_CHARS);

function eventText(e: ScenarioEvent): string {
  const what = Object.entries(e)
    .filter(([k]) => !['at', 'link', 'flow', 'direction', 'label'].includes(k))
    .map(([k, v]) => `${k} ${typeof v === 'object' ? short((v as { type?: unknown }).type ?? '…') : short(v)}`)
    .join(', ');
  return `${short(e.at)}: ${e.link !== undefined ? `link ${id(e.link)}` : `flow ${id(e.flow)}`} ${what}`;
}

export function PrintParameters() {
  const lab = useLab();
  const s = useStore(lab.scenario, (st) => st.scenario);
  return (
    <section className="print-parameters" aria-label="Parameters" data-testid="print-parameters">
      <h2>Parameters</h2>
      <p>
        Duration {short(s.duration)}, seed {short(s.seed ?? 1)}
      </p>
      <table>
        <thead>
          <tr>
            <th>Link</th>
            <th>Rate · delay</th>
            <th>Buffer</th>
            <th>Queue</th>
          </tr>
        </thead>
        <tbody>
          {s.links.slice(0, 40).map((l, i) => (
            <tr key={i}>
              <td>
                {id(l.a)}–{id(l.b)}
              </td>
              <td>{linkCaption(l)}</td>
              <td>{short(l.buffer ?? '100 packets')}</td>
              <td>{short(l.queue?.type ?? 'droptail')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <thead>
          <tr>
            <th>Flow</th>
            <th>Path</th>
            <th>Transport</th>
            <th>Application</th>
            <th>Start–stop</th>
          </tr>
        </thead>
        <tbody>
          {s.flows.slice(0, 40).map((f, i) => (
            <tr key={i}>
              <td>{id(f.id)}</td>
              <td>
                {id(f.from)} → {id(f.to)}
              </td>
              <td>
                {short(f.transport.type)}
                {f.transport.cc !== undefined ? ` ${short(f.transport.cc)}` : ''}
              </td>
              <td>{short(f.app.type)}</td>
              <td>
                {short(f.start ?? '0 s')}–{short(f.stop ?? 'end')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {s.events && s.events.length > 0 && (
        <ul className="print-events">
          {s.events.slice(0, 12).map((e, i) => (
            <li key={i}>{eventText(e)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
