/**
 * The cassette tape itself, drawn for `<bmo-cassette-slot>`: a shell with a paper label that
 * carries the title (real text, so it wraps, scales and reads in forced colours), a window with
 * two reels and the tape between them, and the screws and teeth of a compact cassette.
 */
import { html, svg, type TemplateResult } from 'lit';

function reel(cx: number): TemplateResult {
  return svg`<g class="reel" style="transform-origin: ${cx}px 20px">
    <circle cx=${cx} cy="20" r="11" class="reel-hub" />
    <circle cx=${cx} cy="20" r="4" class="reel-core" />
    ${[0, 60, 120, 180, 240, 300].map(
      (angle) =>
        svg`<rect x=${cx - 1} y="10" width="2" height="5" rx="1" class="reel-tooth"
          transform="rotate(${angle} ${cx} 20)" />`,
    )}
  </g>`;
}

export function cassetteArt(title: string): TemplateResult {
  return html`<span class="shell" part="shell">
    <span class="label" part="label"><span class="title">${title}</span></span>
    <span class="window">
      <svg viewBox="0 0 120 40" aria-hidden="true" focusable="false">
        <path class="tape" d="M20 31 C 40 37, 80 37, 100 31" />
        ${reel(30)} ${reel(90)}
      </svg>
    </span>
    <span class="screw screw-tl"></span><span class="screw screw-tr"></span>
    <span class="screw screw-bl"></span><span class="screw screw-br"></span>
    <span class="teeth"></span>
  </span>`;
}
