/**
 * The ring viewer's drawing: a rotatable pseudo-3D illustration of a setting style in its metal colour(s) holding a
 * centre diamond of the chosen shape. Pure and deterministic (no DOM); it ships to the browser in the viewer page's
 * chunk, so it stays small and reuses the diamond outlines and metal colours of images.ts.
 *
 * The model: the band is a circle of points (radius R) in the x-y plane, the finger running along z, the head on
 * top (+y). `yaw` turns it about the vertical axis, `pitch` tilts it towards the viewer (seen from above), then a
 * mild perspective projects it. The band is a thick round-capped stroke per segment, shaded by how its outward
 * normal faces the light; the back half is drawn first, then the head and the stone, then the front half.
 */
import { METALS, SHAPES } from "../enums";
import { escapeXml, girdleAt, metalColours, metalParts, shapeCentre, shapeOutline, type MetalColours, type Pt } from "./images";

export interface RingViewOptions {
  /** A setting image slug (SETTING_IMAGE_SLUGS): solitaire, halo, three-stone, pavé and band styles draw their hints. */
  styleSlug: string;
  /** A metal code; two-tone codes draw the band in the first metal and the head in the second. */
  metal: number;
  /** Diamond shape 1-10; anything else throws a RangeError. */
  shape: number;
  /** Turn about the vertical axis in degrees, any finite number (taken mod 360; 0 looks through the finger hole). */
  yaw: number;
  /** Tilt in degrees, positive = seen from above; default 20, clamped to ±85. */
  pitch?: number;
  /** Width and height in pixels of the 200 × 200 drawing; default 400. */
  size?: number;
}

type V3 = readonly [number, number, number];

const R = 50; // band radius
const SEAT = R + 16; // height of the girdle plane
const STONE_HALF = 17; // the centre stone's largest half-extent
const CAMERA = 600; // perspective distance
const LIGHT: V3 = [-0.38, 0.74, 0.55];
const CENTRE_Y = 108;

const fmt = (v: number): string => String(Math.round(v * 10) / 10);
const rad = (deg: number): number => (deg * Math.PI) / 180;

function mix(a: string, b: string, t: number): string {
  const ch = (c: string, i: number): number => parseInt(c.slice(1 + 2 * i, 3 + 2 * i), 16);
  let out = "#";
  for (let i = 0; i < 3; i++)
    out += Math.round(ch(a, i) + (ch(b, i) - ch(a, i)) * t)
      .toString(16)
      .padStart(2, "0");
  return out;
}

/** A metal colour at light level l in [0, 1]: dark → mid → light. */
function shade(c: MetalColours, l: number): string {
  const t = Math.min(1, Math.max(0, l));
  return t < 0.5 ? mix(c.dark, c.mid, t * 2) : mix(c.mid, c.light, t * 2 - 1);
}

/** Style words for the label: "pave-halo" → "Pavé halo", "three-stone" keeps its hyphen, "band" is a wedding band. */
function styleLabel(slug: string): string {
  const words =
    slug === "band"
      ? "wedding band"
      : slug
          .replace(/pave/g, "pavé")
          .replace(/^mens/, "men's")
          .replace(/-(?!stone)/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A rotatable pseudo-3D drawing (SVG text, viewBox 200 × 200) of a setting style in a metal holding a centre
 * diamond of the given shape; wedding band styles (band, pavé, eternity and men's bands) have no centre stone.
 * `role="img"` with an aria-label such as "Halo setting in 18K Rose Gold with an oval diamond". No ids, so any
 * number can be inlined in one page. Throws a RangeError for an unknown shape or a non-finite yaw, pitch or size.
 */
export function ringViewSvg(o: RingViewOptions): string {
  const shapeEntry = SHAPES.find((s) => s.code === o.shape);
  if (!shapeEntry) throw new RangeError(`unknown shape ${o.shape}`);
  const pitchDeg = o.pitch ?? 20;
  const size = o.size ?? 400;
  if (!Number.isFinite(o.yaw) || !Number.isFinite(pitchDeg) || !Number.isFinite(size) || size <= 0) {
    throw new RangeError("yaw, pitch and size must be finite (size positive)");
  }
  const yaw = rad(((o.yaw % 360) + 360) % 360);
  const pitch = rad(Math.min(85, Math.max(-85, pitchDeg)));
  const [cy, sy, cp, sp] = [Math.cos(yaw), Math.sin(yaw), Math.cos(pitch), Math.sin(pitch)];

  /** Model → view space: yaw about y, then pitch about x. `z1` is the depth after the yaw alone. */
  const turn = ([x, y, z]: V3): { v: V3; z1: number } => {
    const x1 = x * cy + z * sy;
    const z1 = -x * sy + z * cy;
    return { v: [x1, y * cp - z1 * sp, y * sp + z1 * cp], z1 };
  };
  const project = (p: V3): Pt => {
    const [x, y, z] = turn(p).v;
    const s = CAMERA / (CAMERA - z);
    return [100 + x * s, CENTRE_Y - y * s];
  };
  const depth = (p: V3): number => turn(p).v[2];
  const scaleAt = (p: V3): number => CAMERA / (CAMERA - depth(p));
  const light = (normal: V3): number => {
    const [x, y, z] = turn(normal).v;
    return 0.5 + 0.5 * (x * LIGHT[0] + y * LIGHT[1] + z * LIGHT[2]);
  };
  const poly = (points: readonly V3[]): string => points.map((p) => project(p).map(fmt).join(",")).join(" ");

  const [first, second] = metalParts(o.metal);
  const bandMetal = metalColours(first);
  const headMetal = metalColours(second);
  const slug = o.styleSlug;
  const isBand = /(^|-)band$/.test(slug);
  const halo = /halo/.test(slug) && !/hidden/.test(slug);
  const hidden = /hidden-halo/.test(slug);
  const threeStone = /three-stone/.test(slug);
  const eternity = /eternity/.test(slug);
  const pave = /^pave/.test(slug) || eternity;
  const width = slug === "mens-band" ? 26 : isBand ? 12 : 10; // along the finger
  const thickness = slug === "mens-band" ? 6 : 5;

  /** A disk (octagon) of radius r at c spanned by the unit vectors a and b. */
  const disk = (c: V3, a: V3, b: V3, r: number, paint: string): string => {
    const ring = Array.from({ length: 8 }, (_, i): V3 => {
      const [u, v] = [r * Math.cos((i * Math.PI) / 4), r * Math.sin((i * Math.PI) / 4)];
      return [c[0] + u * a[0] + v * b[0], c[1] + u * a[1] + v * b[1], c[2] + u * a[2] + v * b[2]];
    });
    return `<polygon points="${poly(ring)}" ${paint}/>`;
  };
  /** A small round stone: a disk with a brighter table. */
  const smallStone = (c: V3, a: V3, b: V3, r: number): string =>
    disk(c, a, b, r, `fill="#e4eef7" stroke="#7f96ab" stroke-width="0.5"`) + disk(c, a, b, r * 0.5, `fill="#ffffff"`);

  // The band: a ribbon of segments (width along the finger, a round-joined stroke for its thickness), with their
  // pavé or eternity stones, split into the back half (drawn first) and the front half (drawn last).
  type Item = { depth: number; front: boolean; svg: string };
  const items: Item[] = [];
  const N = 48;
  const onBand = (t: number, z = 0, r = R): V3 => [r * Math.sin(t), r * Math.cos(t), z];
  const texture = bandMetal.texture === "weave" ? ` stroke-dasharray="1.2 1.2"` : bandMetal.texture === "waves" ? ` stroke-dasharray="5 1.5 2 1.5"` : "";
  for (let i = 0; i < N; i++) {
    const t0 = (2 * Math.PI * i) / N;
    const t1 = (2 * Math.PI * (i + 1)) / N;
    const tm = (t0 + t1) / 2;
    const mid = onBand(tm);
    const l = light([Math.sin(tm), Math.cos(tm), 0]);
    const colour = shade(bandMetal, l);
    const ribbon = poly([onBand(t0, -width / 2), onBand(t1, -width / 2), onBand(t1, width / 2), onBand(t0, width / 2)]);
    const [a, b] = [project(onBand(t0)), project(onBand(t1))];
    let svg =
      `<polygon points="${ribbon}" fill="${colour}" stroke="${colour}" stroke-width="${fmt(thickness * scaleAt(mid))}"/>` +
      `<path d="M${fmt(a[0])} ${fmt(a[1])}L${fmt(b[0])} ${fmt(b[1])}" stroke="${bandMetal.light}" stroke-opacity="${fmt(0.8 * l * l)}" stroke-width="${fmt(Math.max(1.5, width * 0.35) * scaleAt(mid))}" stroke-linecap="butt"${texture}/>`;
    const fromTop = Math.min(tm, 2 * Math.PI - tm);
    const paved = eternity || (pave && (isBand ? fromTop > Math.PI * 0.45 : fromTop > 0.45 && fromTop < 1.9));
    if (paved && i % 2 === 0 && turn([Math.sin(tm), Math.cos(tm), 0]).v[2] > 0.05) {
      svg += smallStone(onBand(tm, 0, R + thickness / 2), [0, 0, 1], [Math.cos(tm), -Math.sin(tm), 0], Math.min(3.6, width * 0.36));
    }
    items.push({ depth: depth(mid), front: turn(mid).z1 > 1, svg });
  }
  items.sort((x, y) => x.depth - y.depth);
  const back = items
    .filter((x) => !x.front)
    .map((x) => x.svg)
    .join("");
  const front = items
    .filter((x) => x.front)
    .map((x) => x.svg)
    .join("");

  const head: string[] = [];
  if (!isBand) {
    // The centre stone: girdle points on 24 rays from the shape's centre (every 15°, so the princess keeps its corners), a table above, a culet below.
    const outline = shapeOutline(o.shape);
    const c2 = shapeCentre(o.shape);
    const k = STONE_HALF / 84;
    const to3 = (p: Pt, y: number): V3 => [(p[0] - 100) * k, y, (p[1] - 100) * k];
    const rays = Array.from({ length: 24 }, (_, i) => girdleAt(outline, c2, -Math.PI / 2 + (2 * Math.PI * i) / 24));
    const girdle = rays.map((p) => to3(p, SEAT));
    const table = rays.map((p) => to3([c2[0] + (p[0] - c2[0]) * 0.55, c2[1] + (p[1] - c2[1]) * 0.55], SEAT + 5));
    const culet = to3(c2, SEAT - 15);
    const centre = to3(c2, SEAT);
    const centreDepth = depth(centre);
    const dir = (p: V3): V3 => {
      const dx = p[0] - centre[0];
      const dz = p[2] - centre[2];
      const n = Math.hypot(dx, dz) || 1;
      return [dx / n, 0, dz / n];
    };
    const around = (p: V3, by: number, y: number): V3 => {
      const u = dir(p);
      return [p[0] + u[0] * by, y, p[2] + u[2] * by];
    };

    // Prongs (from the top of the band to just over the girdle) and the gallery joining them.
    const prongs = [3, 9, 15, 21].map((i) => {
      const tip = around(girdle[i]!, 0.8, SEAT + 2);
      const base: V3 = [tip[0] * 0.35, R + 2, tip[2] * 0.35];
      const [a, b] = [project(base), project(tip)];
      return {
        behind: depth(tip) < centreDepth,
        svg: `<path d="M${fmt(a[0])} ${fmt(a[1])}L${fmt(b[0])} ${fmt(b[1])}" stroke="${shade(headMetal, 0.65)}" stroke-width="${fmt(2.6 * scaleAt(tip))}"/>`,
      };
    });
    const gallery = `<polygon points="${poly(girdle.map((p) => [centre[0] + (p[0] - centre[0]) * 0.55, SEAT - 8, centre[2] + (p[2] - centre[2]) * 0.55] as V3))}" stroke="${headMetal.dark}" stroke-width="2"/>`;

    // Halo, hidden halo and three-stone hints around the girdle, farthest first.
    const accents: { depth: number; svg: string }[] = [];
    const flat = (c: V3, r: number): { depth: number; svg: string } => ({ depth: depth(c), svg: smallStone(c, [1, 0, 0], [0, 0, 1], r) });
    if (halo) {
      const ring = girdle.map((p) => around(p, 4.2, SEAT - 1));
      accents.push({ depth: -Infinity, svg: `<polygon points="${poly(ring)}" stroke="${shade(headMetal, 0.55)}" stroke-width="4.6"/>` });
      ring.forEach((p, i) => i % 2 === 0 && accents.push(flat(p, 2.1)));
    }
    if (hidden) girdle.forEach((p, i) => i % 2 === 0 && accents.push(flat(around(p, -1.5, SEAT - 5), 1.5)));
    if (threeStone) {
      const half = Math.max(...girdle.map((p) => Math.abs(p[0])));
      for (const side of [-1, 1]) {
        const c: V3 = [side * (half + (halo ? 15 : 10)), SEAT - 3, 0];
        accents.push({ depth: depth(c) - 0.01, svg: disk([c[0], c[1] - 1.5, c[2]], [1, 0, 0], [0, 0, 1], 9.5, `fill="${shade(headMetal, 0.5)}"`) });
        accents.push(flat(c, 8));
      }
    }
    accents.sort((x, y) => x.depth - y.depth);

    // Pavilion then crown facets, each farthest first; the table on top.
    const facets = (rim: readonly V3[], apex: (i: number) => readonly V3[], fills: readonly [string, string]): string =>
      rim
        .map((p, i) => {
          const q = rim[(i + 1) % rim.length]!;
          const pts = [p, q, ...apex(i)];
          return {
            d: depth([(p[0] + q[0]) / 2, (p[1] + q[1]) / 2, (p[2] + q[2]) / 2]),
            svg: `<polygon points="${poly(pts)}" fill="${fills[i % 2]}" stroke="#7f96ab" stroke-width="0.3"/>`,
          };
        })
        .sort((x, y) => x.d - y.d)
        .map((x) => x.svg)
        .join("");
    const pavilion = facets(girdle, () => [culet], ["#c3d6e7", "#e6f0f8"]);
    const crown = facets(girdle, (i) => [table[(i + 1) % table.length]!, table[i]!], ["#f4f9fd", "#d3e3f0"]);
    const tableFace = `<polygon points="${poly(table)}" fill="#ffffff" fill-opacity="0.9" stroke="#8aa2b8" stroke-width="0.6"/>`;
    // Seen from above, the pavilion is hidden under the halo and side stones, which sit around the crown; from below
    // the other way round.
    const accentSvg = accents.map((a) => a.svg).join("");
    head.push(
      ...prongs.filter((p) => p.behind).map((p) => p.svg),
      gallery,
      pitch >= 0 ? pavilion + accentSvg + crown + tableFace : crown + tableFace + accentSvg + pavilion,
      ...prongs.filter((p) => !p.behind).map((p) => p.svg),
    );
  }

  const metalEntry = METALS.find((m) => m.code === o.metal);
  const metalLabel = metalEntry && metalEntry.code !== 0 ? metalEntry.label : "an unknown metal";
  const shapeWord = shapeEntry.label.toLowerCase();
  const label = isBand
    ? `${styleLabel(slug)} in ${metalLabel}`
    : `${styleLabel(slug)} setting in ${metalLabel} with ${/^[aeiou]/.test(shapeWord) ? "an" : "a"} ${shapeWord} diamond`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(size)}" height="${fmt(size)}" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">`,
    back,
    ...head,
    front,
    "</g></svg>",
  ].join("");
}
