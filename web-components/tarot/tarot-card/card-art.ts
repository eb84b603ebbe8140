/**
 * Original card art, drawn by code: a face for each of the 78 cards and one shared back. Each
 * function returns the inside of an `<svg viewBox="0 0 200 340">` (Lit's `svg` templates hold
 * fragments, not the `<svg>` element itself). Faces are only drawn for revealed cards; the back is
 * a handful of shapes, since a picker may show dozens of them.
 */
import { svg, type SVGTemplateResult } from 'lit';
import type { CardIdentity, Suit } from '../../../contracts/cards.ts';

export const CARD_VIEWBOX = '0 0 200 340';
export const CARD_WIDTH = 200;
export const CARD_HEIGHT = 340;

interface Palette {
  /** Card background. */
  ground: string;
  /** Emblem and frame colour. */
  ink: string;
  /** Text and highlights. */
  light: string;
}

const MAJOR_PALETTE: Palette = { ground: '#241c3d', ink: '#e8c36a', light: '#f6ecd0' };
const SUIT_PALETTES: Record<Suit, Palette> = {
  wands: { ground: '#3a1d14', ink: '#f08a4b', light: '#fde3cf' },
  cups: { ground: '#13263f', ink: '#6fb0f0', light: '#dcecfd' },
  swords: { ground: '#1d2430', ink: '#c3d2e3', light: '#eef3f9' },
  pentacles: { ground: '#162b1c', ink: '#7cc98a', light: '#e0f4e3' },
};

const ROMAN: readonly [number, string][] = [
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** Roman numeral for 0–21; the Fool keeps its 0. */
export function toRoman(value: number): string {
  if (value <= 0) return '0';
  let rest = value;
  let out = '';
  for (const [amount, letters] of ROMAN) {
    while (rest >= amount) {
      out += letters;
      rest -= amount;
    }
  }
  return out;
}

const COURT_LABELS: Record<number, string> = { 1: 'A', 11: 'P', 12: 'Kn', 13: 'Q', 14: 'K' };

/** What the card's corner shows: a roman numeral for the majors, A, 2–10, P, Kn, Q, K for the minors. */
export function rankLabel(card: CardIdentity): string {
  if (card.arcana === 'major') return toRoman(card.rank);
  return COURT_LABELS[card.rank] ?? String(card.rank);
}

/** Points of a star with `count` tips, as an SVG `points` list, centred on 0,0. */
export function starPoints(count: number, outer: number, inner: number, turn = 0): string {
  const points: string[] = [];
  for (let i = 0; i < count * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = turn + (Math.PI * i) / count - Math.PI / 2;
    points.push(
      `${(radius * Math.cos(angle)).toFixed(2)},${(radius * Math.sin(angle)).toFixed(2)}`,
    );
  }
  return points.join(' ');
}

/** A suit's emblem, drawn in a box of about 40 × 40 around 0,0. */
function emblem(suit: Suit, palette: Palette): SVGTemplateResult {
  switch (suit) {
    case 'wands':
      return svg`<g transform="rotate(18)" fill=${palette.ink}>
        <rect x="-3.5" y="-21" width="7" height="42" rx="3.5" />
        <ellipse cx="6" cy="-11" rx="3" ry="6.5" transform="rotate(35 6 -11)" />
        <ellipse cx="-6" cy="2" rx="3" ry="6.5" transform="rotate(-35 -6 2)" />
      </g>`;
    case 'cups':
      return svg`<g fill=${palette.ink}>
        <path d="M-15 -18 H15 Q15 3 0 6 Q-15 3 -15 -18 Z" />
        <rect x="-2.5" y="5" width="5" height="10" />
        <ellipse cx="0" cy="17" rx="11" ry="3.5" />
      </g>`;
    case 'swords':
      return svg`<g fill=${palette.ink}>
        <polygon points="0,-23 4.5,-15 4.5,9 -4.5,9 -4.5,-15" />
        <rect x="-12" y="9" width="24" height="4.5" rx="2" />
        <rect x="-2.5" y="13" width="5" height="7" />
        <circle cx="0" cy="22" r="3" />
      </g>`;
    case 'pentacles':
      return svg`<g>
        <circle r="18" fill="none" stroke=${palette.ink} stroke-width="3" />
        <polygon points=${starPoints(5, 15, 6)} fill=${palette.ink} />
      </g>`;
  }
}

/** Where the pips of ranks 1–10 sit, and how large they are. */
const PIPS: Record<number, { scale: number; at: readonly [number, number][] }> = {
  1: { scale: 1.9, at: [[100, 170]] },
  2: {
    scale: 1.1,
    at: [
      [100, 110],
      [100, 230],
    ],
  },
  3: {
    scale: 1,
    at: [
      [100, 95],
      [100, 170],
      [100, 245],
    ],
  },
  4: {
    scale: 0.95,
    at: [
      [65, 115],
      [135, 115],
      [65, 225],
      [135, 225],
    ],
  },
  5: {
    scale: 0.9,
    at: [
      [65, 105],
      [135, 105],
      [100, 170],
      [65, 235],
      [135, 235],
    ],
  },
  6: {
    scale: 0.85,
    at: [
      [65, 100],
      [135, 100],
      [65, 170],
      [135, 170],
      [65, 240],
      [135, 240],
    ],
  },
  7: {
    scale: 0.72,
    at: [
      [65, 95],
      [135, 95],
      [100, 132],
      [65, 170],
      [135, 170],
      [65, 245],
      [135, 245],
    ],
  },
  8: {
    scale: 0.68,
    at: [
      [65, 92],
      [135, 92],
      [100, 130],
      [65, 168],
      [135, 168],
      [100, 206],
      [65, 246],
      [135, 246],
    ],
  },
  9: {
    scale: 0.62,
    at: [
      [65, 88],
      [135, 88],
      [65, 138],
      [135, 138],
      [100, 170],
      [65, 202],
      [135, 202],
      [65, 252],
      [135, 252],
    ],
  },
  10: {
    scale: 0.6,
    at: [
      [65, 86],
      [135, 86],
      [100, 116],
      [65, 144],
      [135, 144],
      [65, 196],
      [135, 196],
      [100, 224],
      [65, 254],
      [135, 254],
    ],
  },
};

function pips(card: CardIdentity & { suit: Suit }, palette: Palette): SVGTemplateResult {
  const layout = PIPS[card.rank];
  if (!layout) return svg``;
  return svg`${layout.at.map(
    ([x, y]) =>
      svg`<g transform="translate(${x} ${y}) scale(${layout.scale})">${emblem(card.suit, palette)}</g>`,
  )}`;
}

/** A court card: the suit's emblem, crowned by a mark for its rank. */
function court(card: CardIdentity & { suit: Suit }, palette: Palette): SVGTemplateResult {
  const mark = {
    11: svg`<polygon points=${starPoints(4, 12, 4)} fill=${palette.light} />`,
    12: svg`<path d="M-22 8 L0 -12 L22 8 L14 8 L0 -4 L-14 8 Z" fill=${palette.light} />`,
    13: svg`<path d="M-20 10 L-20 -8 L-10 2 L0 -14 L10 2 L20 -8 L20 10 Z" fill=${palette.light} />
      <circle cx="0" cy="-18" r="4" fill=${palette.light} />`,
    14: svg`<path d="M-24 10 L-24 -10 L-14 0 L-7 -14 L0 -2 L7 -14 L14 0 L24 -10 L24 10 Z" fill=${palette.light} />`,
  }[card.rank];
  return svg`
    <circle cx="100" cy="180" r="52" fill="none" stroke=${palette.ink} stroke-width="1.5" opacity="0.6" />
    <g transform="translate(100 110)">${mark ?? svg``}</g>
    <g transform="translate(100 185) scale(1.6)">${emblem(card.suit, palette)}</g>`;
}

/** A major's own sigil: a star whose tips, depth, rings and turn all follow from its number. */
function sigil(card: CardIdentity, palette: Palette): SVGTemplateResult {
  const rank = card.rank;
  const tips = 5 + (rank % 8);
  const inner = 22 + (rank % 3) * 12;
  const turn = (rank * Math.PI) / 11;
  const rings = 1 + (rank % 3);
  const dots = Array.from({ length: 3 + (rank % 5) }, (_, i) => {
    const angle = turn + (2 * Math.PI * i) / (3 + (rank % 5));
    return [100 + 74 * Math.cos(angle), 175 + 74 * Math.sin(angle)] as const;
  });
  return svg`
    ${Array.from(
      { length: rings },
      (_, i) => svg`<circle cx="100" cy="175" r=${62 - i * 9} fill="none" stroke=${palette.ink}
        stroke-width="1.2" opacity=${0.8 - i * 0.2} />`,
    )}
    ${dots.map(([x, y]) => svg`<circle cx=${x.toFixed(1)} cy=${y.toFixed(1)} r="3" fill=${palette.light} />`)}
    <g transform="translate(100 175)">
      <polygon points=${starPoints(tips, 54, inner, turn)} fill=${palette.ink} opacity="0.9" />
      <circle r="10" fill=${palette.ground} stroke=${palette.light} stroke-width="2" />
    </g>`;
}

/** The face of `card`, its name printed as `name` (the visitor's language's; English by default). */
export function cardFace(card: CardIdentity, name = card.name): SVGTemplateResult {
  const palette = card.suit ? SUIT_PALETTES[card.suit] : MAJOR_PALETTE;
  const label = rankLabel(card);
  const nameSize = name.length > 16 ? 13 : 15;
  const art =
    card.suit === null
      ? sigil(card, palette)
      : card.rank <= 10
        ? pips({ ...card, suit: card.suit }, palette)
        : court({ ...card, suit: card.suit }, palette);
  return svg`
    <rect width="200" height="340" rx="14" fill=${palette.ground} />
    <rect x="8" y="8" width="184" height="324" rx="9" fill="none" stroke=${palette.ink} stroke-width="2" />
    <text x="100" y="44" text-anchor="middle" fill=${palette.light}
      font-family="Georgia, 'Iowan Old Style', serif" font-size="22" font-weight="bold">${label}</text>
    ${art}
    <line x1="30" y1="288" x2="170" y2="288" stroke=${palette.ink} stroke-width="1" />
    <text x="100" y="313" text-anchor="middle" fill=${palette.light}
      font-family="Georgia, 'Iowan Old Style', serif" font-size=${nameSize}>${name}</text>`;
}

const BACK_STAR = starPoints(8, 40, 14);

/** The shared back: deep violet, a gold frame and an eight-pointed star. */
export function cardBack(): SVGTemplateResult {
  return svg`
    <rect width="200" height="340" rx="14" fill="#2b2150" />
    <rect x="10" y="10" width="180" height="320" rx="9" fill="none" stroke="#e8c36a" stroke-width="3" />
    <circle cx="100" cy="170" r="48" fill="none" stroke="#e8c36a" stroke-width="2" opacity="0.7" />
    <polygon transform="translate(100 170)" points=${BACK_STAR} fill="#e8c36a" />`;
}
