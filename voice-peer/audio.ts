/**
 * Plain PCM16 arithmetic for the peer: the energy of a frame (its voice activity), a WAV reader
 * for espeak-ng's output, resampling to the track's rate, and the tone that stands in for speech
 * where espeak-ng is missing. No I/O here.
 */

/** The track's rate and frame size: WebRTC audio moves in 10 ms frames. */
export const TRACK_RATE = 48_000;
export const FRAME_SAMPLES = TRACK_RATE / 100;

/**
 * A frame louder than this (RMS, dBFS) carries sound. Chromium's muted track sends digital
 * silence (about -inf); its fake microphone's speech peaks far above -40.
 */
export const VOICE_DBFS = -50;

/** The frame's RMS level in dBFS (-Infinity for digital silence). */
export function levelDbfs(samples: Int16Array): number {
  if (samples.length === 0) return -Infinity;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / samples.length) / 32768;
  return rms === 0 ? -Infinity : 20 * Math.log10(rms);
}

export function isVoiced(samples: Int16Array): boolean {
  return levelDbfs(samples) > VOICE_DBFS;
}

/** The first channel of interleaved samples. */
export function firstChannel(samples: Int16Array, channels: number): Int16Array {
  if (channels <= 1) return samples;
  const out = new Int16Array(Math.floor(samples.length / channels));
  for (let i = 0; i < out.length; i += 1) out[i] = samples[i * channels] ?? 0;
  return out;
}

export interface Pcm {
  samples: Int16Array;
  rate: number;
}

/** Mono PCM16 from a RIFF/WAVE file (espeak-ng --stdout writes one, its data size left open). */
export function parseWav(file: Uint8Array): Pcm {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const text = (at: number) => String.fromCharCode(...file.subarray(at, at + 4));
  if (file.byteLength < 12 || text(0) !== 'RIFF' || text(8) !== 'WAVE')
    throw new Error('Not a WAV file.');
  let at = 12;
  let rate = 0;
  let channels = 1;
  let bits = 16;
  while (at + 8 <= file.byteLength) {
    const id = text(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      channels = view.getUint16(body + 2, true);
      rate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
    } else if (id === 'data') {
      if (bits !== 16 || rate === 0) throw new Error('Only PCM16 WAV files are read.');
      // A streamed WAV leaves the size at its maximum: the data runs to the end of the file.
      const end = Math.min(file.byteLength, body + size);
      const count = Math.floor((end - body) / 2);
      const all = new Int16Array(count);
      for (let i = 0; i < count; i += 1) all[i] = view.getInt16(body + i * 2, true);
      return { samples: firstChannel(all, channels), rate };
    }
    at = body + size + (size % 2);
  }
  throw new Error('The WAV file has no data.');
}

/** Linear resampling: good enough for speech heard through a speaker button. */
export function resample(pcm: Pcm, rate: number): Int16Array {
  if (pcm.rate === rate) return pcm.samples;
  const length = Math.floor((pcm.samples.length * rate) / pcm.rate);
  const out = new Int16Array(length);
  const step = pcm.rate / rate;
  for (let i = 0; i < length; i += 1) {
    const position = i * step;
    const left = Math.floor(position);
    const a = pcm.samples[left] ?? 0;
    const b = pcm.samples[left + 1] ?? a;
    out[i] = Math.round(a + (b - a) * (position - left));
  }
  return out;
}

/** A soft tone, faded in and out: what a sentence sounds like without a speech synthesiser. */
export function tone(ms: number, hz = 440, rate = TRACK_RATE): Int16Array {
  const length = Math.floor((rate * ms) / 1000);
  const fade = Math.min(length / 2, rate / 100);
  const out = new Int16Array(length);
  for (let i = 0; i < length; i += 1) {
    const envelope = Math.min(1, i / fade, (length - 1 - i) / fade);
    out[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 8000 * envelope);
  }
  return out;
}

/** `samples` cut into 10 ms frames, the last padded with silence. */
export function frames(samples: Int16Array): Int16Array[] {
  const out: Int16Array[] = [];
  for (let at = 0; at < samples.length; at += FRAME_SAMPLES) {
    const frame = new Int16Array(FRAME_SAMPLES);
    frame.set(samples.subarray(at, at + FRAME_SAMPLES));
    out.push(frame);
  }
  return out;
}
