import { parseByteSize } from '../core/units.js';
import type { Simulation } from '../Simulation.js';
import { attachTraces, type TraceFileReport } from '../trace/attachTraces.js';
import { openOutputStream, type OutputStream } from './outputFiles.js';

/** `cclab run` options that take a value. */
export const TRACE_VALUE_OPTIONS = ['--trace-ns2', '--trace-pcap', '--trace-ports', '--trace-limit'];

/** The options that name a trace file. */
export const TRACE_FILE_OPTIONS = ['--trace-ns2', '--trace-pcap'];

/** Size limit of each trace file unless --trace-limit says otherwise. */
export const DEFAULT_TRACE_LIMIT = '100MB';

/**
 * `cclab run ... --trace-ns2 FILE --trace-pcap FILE [--trace-ports a->b,c->d] [--trace-limit 100MB]`:
 * opens the trace files and attaches them to the simulation before it runs. Returns null when no
 * trace was asked for; `close()` ends the files and returns one line per file for stderr.
 * Throws an Error with a message naming the option and the problem, an OutputError (one line,
 * cli/outputFiles.ts) for a file that cannot be opened; a write that fails while the run goes
 * throws its OutputError out of the run, and `close()` throws it again after closing every file.
 */
export function openTraceFiles(
  sim: Simulation,
  opt: (name: string) => string | undefined,
): { close(): string[] } | null {
  const ns2File = opt('--trace-ns2');
  const pcapFile = opt('--trace-pcap');
  if (ns2File === undefined && pcapFile === undefined) {
    if (opt('--trace-ports') !== undefined || opt('--trace-limit') !== undefined)
      throw new Error('--trace-ports and --trace-limit need --trace-ns2 FILE or --trace-pcap FILE');
    return null;
  }
  const limitText = opt('--trace-limit') ?? DEFAULT_TRACE_LIMIT;
  const limit = parseByteSize(limitText);
  if (!limit.ok) throw new Error(`--trace-limit ${limitText}: ${limit.error}`);
  const portsText = opt('--trace-ports');
  const ports = portsText
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (ports !== undefined && ports.length === 0) throw new Error('--trace-ports: name at least one port, e.g. r1->r2');
  const streams: OutputStream[] = [];
  const closeAll = () => {
    for (const s of streams) s.close();
  };
  const open = (file: string, option: string) => {
    try {
      const s = openOutputStream(file, option);
      streams.push(s);
      return (chunk: Uint8Array) => s.write(chunk);
    } catch (e) {
      closeAll();
      throw e;
    }
  };
  const ns2 = ns2File !== undefined ? open(ns2File, '--trace-ns2') : undefined;
  const pcap = pcapFile !== undefined ? open(pcapFile, '--trace-pcap') : undefined;
  let session;
  try {
    session = attachTraces(sim, {
      ...(ports ? { ports } : {}),
      ...(ns2 ? { ns2 } : {}),
      ...(pcap ? { pcap } : {}),
      maxBytes: limit.value,
    });
  } catch (e) {
    closeAll();
    throw new Error(`--trace-ports: ${(e as Error).message}`);
  }
  const portNames = session.ports.map((p) => p.name).join(', ');
  const describe = (kind: string, file: string, r: TraceFileReport) =>
    `${kind} ${file}: ${r.records} records, ${r.bytes} bytes (ports ${portNames})` +
    (r.omittedRecords > 0
      ? `; truncated at --trace-limit ${limitText}: ${r.omittedRecords} more records not written`
      : '');
  return {
    close() {
      let r: ReturnType<typeof session.close>;
      try {
        r = session.close(); // flushes: the last write may fail here
      } catch (e) {
        if (!streams.some((s) => s.error !== null)) {
          closeAll();
          throw e;
        }
        r = {};
      }
      closeAll();
      const failed = streams.find((s) => s.error !== null);
      if (failed) throw failed.error!;
      const lines: string[] = [];
      if (r.ns2 && ns2File !== undefined) lines.push(describe('ns-2 trace', ns2File, r.ns2));
      if (r.pcap && pcapFile !== undefined) lines.push(describe('pcap', pcapFile, r.pcap));
      return lines;
    },
  };
}
