/**
 * The cassette's sound effects, made here with WebAudio (no audio files): a plastic slide, a latch
 * click and a short motor whirr on insert; a clack, a spring and a slide on eject. Everything is
 * synthesized from oscillators and a noise buffer and lasts under half a second.
 *
 * Sounds respect the saved mute (`$soundMuted`). One AudioContext serves the whole page, made only
 * once the page has had a user gesture (a pointer press or a key on it; the /bmo page's Connect
 * button is one): a browser refuses to start audio before that, with a console warning for every
 * try. A cassette that arrives before any gesture animates silently.
 */
import { $soundMuted } from '../../stores/preferences.ts';

export type CassetteSoundKind = 'insert' | 'eject';

/** A sound the synth played, for whoever wants to know (tests, the benchmark). */
export interface CassetteSoundRecord {
  kind: CassetteSoundKind;
  at: number;
}

let context: AudioContext | undefined;
let noiseBuffer: AudioBuffer | undefined;
const listeners = new Set<(record: CassetteSoundRecord) => void>();

/** A gesture this module saw, for browsers that keep no record of their own. */
let gestured = false;

/** The browser's own record of a past user gesture (sticky activation), where it keeps one. */
function stickyActivation(): boolean | undefined {
  return typeof navigator !== 'undefined' && 'userActivation' in navigator
    ? navigator.userActivation.hasBeenActive
    : undefined;
}

/** Whether the page has had a user gesture, so an AudioContext may start. */
function activated(): boolean {
  return stickyActivation() ?? gestured;
}

/** Makes the context on the page's first gesture, inside it, so it starts without a warning. */
function onGesture(): void {
  // Not every key activates a page (Escape does not): wait for one that does.
  if (stickyActivation() === false) return;
  gestured = true;
  removeEventListener('pointerdown', onGesture, true);
  removeEventListener('keydown', onGesture, true);
  audioContext();
}
if (typeof addEventListener === 'function' && !activated()) {
  addEventListener('pointerdown', onGesture, { capture: true, passive: true });
  addEventListener('keydown', onGesture, { capture: true, passive: true });
}

function audioContext(): AudioContext | undefined {
  if (context) return context;
  if (!activated()) return undefined;
  const Ctor = globalThis.AudioContext;
  if (typeof Ctor !== 'function') return undefined;
  try {
    context = new Ctor({ latencyHint: 'interactive' });
  } catch {
    return undefined;
  }
  return context;
}

function noise(ctx: AudioContext): AudioBuffer {
  if (noiseBuffer && noiseBuffer.sampleRate === ctx.sampleRate) return noiseBuffer;
  const length = Math.floor(ctx.sampleRate * 0.5);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  // A fixed-seed generator: the same clicks every time, not Math.random's.
  let seed = 0x2f6e2b1;
  for (let i = 0; i < length; i += 1) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    data[i] = (seed / 0xffffffff) * 2 - 1;
  }
  noiseBuffer = buffer;
  return buffer;
}

/** A burst of filtered noise: slides (long, swept) and clicks (very short). */
function noiseBurst(
  ctx: AudioContext,
  out: AudioNode,
  start: number,
  duration: number,
  filter: { type: BiquadFilterType; from: number; to: number; q?: number },
  peak: number,
): void {
  const source = ctx.createBufferSource();
  source.buffer = noise(ctx);
  const band = ctx.createBiquadFilter();
  band.type = filter.type;
  band.Q.value = filter.q ?? 1;
  band.frequency.setValueAtTime(filter.from, start);
  band.frequency.exponentialRampToValueAtTime(filter.to, start + duration);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(peak, start + Math.min(0.004, duration / 4));
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  source.connect(band).connect(gain).connect(out);
  source.start(start);
  source.stop(start + duration + 0.02);
}

/** A pitched tone with a fast decay: the body of a click, or a spring. */
function tone(
  ctx: AudioContext,
  out: AudioNode,
  start: number,
  duration: number,
  wave: OscillatorType,
  from: number,
  to: number,
  peak: number,
): void {
  const osc = ctx.createOscillator();
  osc.type = wave;
  osc.frequency.setValueAtTime(from, start);
  osc.frequency.exponentialRampToValueAtTime(to, start + duration);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(peak, start + 0.003);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  osc.connect(gain).connect(out);
  osc.start(start);
  osc.stop(start + duration + 0.02);
}

/** The tape motor: a low sawtooth through a low-pass, wobbled by a fast tremolo. */
function whirr(ctx: AudioContext, out: AudioNode, start: number, duration: number): void {
  const motor = ctx.createOscillator();
  motor.type = 'sawtooth';
  motor.frequency.setValueAtTime(60, start);
  motor.frequency.linearRampToValueAtTime(115, start + duration * 0.6);
  motor.frequency.linearRampToValueAtTime(90, start + duration);
  const lowpass = ctx.createBiquadFilter();
  lowpass.type = 'lowpass';
  lowpass.frequency.value = 700;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.12, start + 0.04);
  gain.gain.setValueAtTime(0.12, start + duration * 0.7);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  const tremolo = ctx.createOscillator();
  tremolo.frequency.value = 28;
  const depth = ctx.createGain();
  depth.gain.value = 0.05;
  tremolo.connect(depth).connect(gain.gain);
  motor.connect(lowpass).connect(gain).connect(out);
  for (const osc of [motor, tremolo]) {
    osc.start(start);
    osc.stop(start + duration + 0.02);
  }
}

function schedule(ctx: AudioContext, kind: CassetteSoundKind): void {
  const master = ctx.createGain();
  master.gain.value = 0.35;
  master.connect(ctx.destination);
  const t = ctx.currentTime + 0.01;
  if (kind === 'insert') {
    noiseBurst(ctx, master, t, 0.13, { type: 'bandpass', from: 1800, to: 800, q: 0.8 }, 0.25);
    noiseBurst(ctx, master, t + 0.13, 0.02, { type: 'highpass', from: 2600, to: 2400 }, 0.6);
    tone(ctx, master, t + 0.13, 0.04, 'square', 190, 120, 0.18);
    whirr(ctx, master, t + 0.17, 0.28);
  } else {
    noiseBurst(ctx, master, t, 0.02, { type: 'highpass', from: 2200, to: 2000 }, 0.6);
    tone(ctx, master, t, 0.04, 'square', 150, 90, 0.2);
    tone(ctx, master, t + 0.03, 0.12, 'triangle', 420, 180, 0.12);
    noiseBurst(
      ctx,
      master,
      t + 0.05,
      0.16,
      { type: 'bandpass', from: 900, to: 2000, q: 0.8 },
      0.22,
    );
  }
}

/**
 * Plays the insert or eject sound unless sounds are muted. Returns whether it played (false when
 * muted, before the page's first user gesture, or where the page has no WebAudio). Never throws.
 */
export function playCassetteSound(kind: CassetteSoundKind): boolean {
  if ($soundMuted.get()) return false;
  const ctx = audioContext();
  if (!ctx) return false;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    schedule(ctx, kind);
  } catch {
    return false;
  }
  const record: CassetteSoundRecord = { kind, at: performance.now() };
  for (const listener of listeners) listener(record);
  return true;
}

/** Hears every sound played; returns the unsubscribe function. */
export function onCassetteSound(listener: (record: CassetteSoundRecord) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
