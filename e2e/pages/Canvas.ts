// The topology editor: the SVG canvas with its nodes, links and packet glyphs, and the tools.
import { expect, type Locator } from '@playwright/test';
import { Panel } from './Panel';

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

/** What `packetMotion` saw of the packets drawn over a number of frames. */
export interface PacketMotion {
  draws: number;
  glyphs: number;
  pairs: number;
  forward: number;
  backward: number;
  changed: number;
}

export class Canvas extends Panel {
  get svg(): Locator {
    return this.testId('topology');
  }

  node(id: string): Locator {
    return this.testId(`node-${id}`);
  }

  /** A link's invisible wide stroke, the part a click selects it by. */
  linkHit(id: string): Locator {
    return this.testId(`link-${id}`).locator('.link-hit');
  }

  /** Box of the topology SVG on the page. */
  async box(): Promise<Box> {
    const b = await this.svg.boundingBox();
    if (!b) throw new Error('the topology canvas is not on screen');
    return b;
  }

  /** Screen position of a node's centre. */
  async nodeCentre(id: string): Promise<Point> {
    const b = await this.node(id).locator('.node-shape').boundingBox();
    expect(b, `node ${id} is on screen`).not.toBeNull();
    return { x: b!.x + b!.width / 2, y: b!.y + b!.height / 2 };
  }

  async chooseTool(tool: string): Promise<void> {
    await this.testId(`tool-${tool}`).click();
  }

  /** Clicks on the canvas at a fraction of its size (with a node tool chosen this places a node). */
  async click(fx: number, fy: number): Promise<void> {
    const b = await this.box();
    await this.page.mouse.click(b.x + b.width * fx, b.y + b.height * fy);
  }

  /** Drags with the mouse in small steps, like a person. */
  async drag(from: Point, to: Point, steps = 12): Promise<void> {
    await this.page.mouse.move(from.x, from.y);
    await this.page.mouse.down();
    await this.page.mouse.move(to.x, to.y, { steps });
    await this.page.mouse.up();
  }

  /** Draws a link from node `a` to node `b` (with the link tool chosen). */
  async connect(a: string, b: string): Promise<void> {
    await this.drag(await this.nodeCentre(a), await this.nodeCentre(b));
  }

  /**
   * Watches the packet glyphs the overlay draws over `frames` animation frames and matches each
   * packet (port, flow, departure time) from one draw to the next: how many were seen in two
   * successive draws while still under way, how many of those moved forward along their link
   * (further along, and at a different position), and how many went backwards; and in how many
   * successive draws the glyphs stood somewhere else (a packet crossing a link within one frame,
   * as at 1×, is never seen twice, but the picture still changes).
   */
  packetMotion(frames = 20): Promise<PacketMotion> {
    return this.page.evaluate(async (n) => {
      const shots: number[][][] = [];
      for (let i = 0; i < n; i++) {
        await new Promise((r) => requestAnimationFrame(r));
        shots.push(window.__cclab.glyphs());
      }
      let pairs = 0;
      let forward = 0;
      let backward = 0;
      let changed = 0;
      const where = (shot: number[][]): string => shot.map((g) => `${g[4]!.toFixed(2)},${g[5]!.toFixed(2)}`).join(' ');
      for (let i = 1; i < shots.length; i++) {
        if (where(shots[i]!) !== where(shots[i - 1]!)) changed++;
        const prev = new Map(shots[i - 1]!.map((g) => [`${g[0]}/${g[1]}/${g[2]}`, g]));
        for (const g of shots[i]!) {
          const p = prev.get(`${g[0]}/${g[1]}/${g[2]}`);
          if (!p || p[3]! >= 1 || g[3]! <= 0) continue;
          pairs++;
          const moved = Math.hypot(g[4]! - p[4]!, g[5]! - p[5]!);
          if (g[3]! > p[3]! && moved > 0.1) forward++;
          if (g[3]! < p[3]!) backward++;
        }
      }
      return { draws: shots.length, glyphs: shots.at(-1)!.length, pairs, forward, backward, changed };
    }, frames);
  }
}
