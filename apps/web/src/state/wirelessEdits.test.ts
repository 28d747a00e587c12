import { describe, expect, it } from 'vitest';
import { Simulation, validateScenario } from '@cclab/engine';
import {
  addLink,
  addNode,
  emptyScenario,
  hasSeparateDirections,
  setLinkChannel,
  setLinkDirectionsSeparate,
} from './scenarioEdits';

/** A base station with two hosts, linked from the BS side and from the host side. */
function cell() {
  let s = emptyScenario();
  const bs = addNode(s, 'bs', 0, 0);
  s = bs.scenario;
  const h1 = addNode(s, 'host', 100, 0);
  s = h1.scenario;
  const h2 = addNode(s, 'host', 100, 100);
  s = h2.scenario;
  s = addLink(s, bs.id, h1.id)!;
  s = addLink(s, h2.id, bs.id)!;
  return { s, bs: bs.id, h1: h1.id, h2: h2.id };
}

describe('wireless edits', () => {
  it('a new base station has a scheduler, and its links to hosts are radio downlinks', () => {
    const { s, bs } = cell();
    expect(s.nodes[0]).toMatchObject({ id: bs, kind: 'bs', bs: { scheduler: { type: 'rr' } } });
    // BS → host as drawn: the forward direction is the downlink; host → BS: the reverse one is
    expect(s.links[0]!.channel?.type).toBe('rayleigh');
    expect(s.links[0]!.reverse).toBeUndefined();
    expect(s.links[1]!.channel).toBeUndefined();
    expect(s.links[1]!.reverse?.channel?.type).toBe('rayleigh');
    // the engine builds one downlink per UE behind the base station
    const sim = new Simulation(validateScenario(s));
    expect(sim.network.baseStations[0]!.downlinks.map((d) => d.name)).toEqual([`${bs}->h1`, `${bs}->h2`]);
  });

  it('a channel of its own on b→a does not make the directions separate, and survives sharing them again', () => {
    const { s } = cell();
    const key = 'h2-bs1';
    expect(hasSeparateDirections(s.links[1]!)).toBe(false);
    const sep = setLinkDirectionsSeparate(s, key, true);
    expect(sep.links[1]!.reverse).toMatchObject({ channel: { type: 'rayleigh' }, buffer: '100 packets' });
    const shared = setLinkDirectionsSeparate(sep, key, false);
    expect(shared.links[1]!.reverse).toEqual({ channel: { type: 'rayleigh', params: { meanSnrDb: 9 } } });
  });

  it('choosing "fixed" removes a channel', () => {
    const { s } = cell();
    const t = setLinkChannel(s, 'bs1-h1', true, { type: 'trace', params: { preset: 'cellular-synthetic' } });
    expect(t.links[0]!.channel).toEqual({ type: 'trace', params: { preset: 'cellular-synthetic' } });
    expect(setLinkChannel(t, 'bs1-h1', true, { type: 'fixed' }).links[0]!.channel).toBeUndefined();
    expect(setLinkChannel(s, 'h2-bs1', false, undefined).links[1]!.reverse).toBeUndefined();
  });
});
