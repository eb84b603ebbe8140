/**
 * One spoken visit of /bmo, for the scale run: mint a token through the edge as the page does,
 * join as a voice visitor (tests/support/bmo-voice-visitor.ts: a microphone on `AudioSource`, BMO's
 * track heard), wait for BMO's greeting and for it to listen, say one question (an espeak-ng WAV),
 * and time the end of that speech to the first sound of BMO's answer. The answer is the first line
 * BMO says after the question, on `lk.transcription`; it must hold what the question asks for (a
 * question misheard, or answered with "didn't catch that", does not count), and its first sound is
 * the first of BMO's sound after the speech ended, the greeting having fallen quiet before.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type VisitResult, emptyVisitResult, mintToken } from './bmo-visitor.ts';
import { joinAsVoiceVisitor } from './bmo-voice-visitor.ts';
import { ROOT } from './paths.ts';
import { speak } from './recognizer.ts';

export interface SpokenQuestion {
  /** The question as espeak-ng says it. */
  wav: Buffer;
  /** Whether a line of BMO's answers it. */
  answers: (text: string) => boolean;
}

/** The question each voice visitor says, and what BMO's answer must hold: the note's ID. */
export function spokenQuestion(): SpokenQuestion {
  const note = readFileSync(join(ROOT, 'agent/vault/Health insurance.md'), 'utf8');
  const id = /PhilHealth ID \(PIN\):\s*(\S+)/.exec(note)?.[1];
  if (!id) throw new Error('the sample note has no PhilHealth ID');
  const digits = id.replace(/\D/g, '');
  return {
    wav: speak('What is my PhilHealth ID?').wav,
    // BMO may say the ID with or without its dashes
    answers: (text) => text.replace(/\D/g, '').includes(digits),
  };
}

export interface VoiceVisitOptions {
  edge: string;
  origin: string;
  question: SpokenQuestion;
  bmoTimeoutMs?: number;
  answerTimeoutMs?: number;
}

/**
 * One voice visit; `answerMs` holds the end of speech → the first sound of the answer, and the
 * answer's line must hold what was asked.
 */
export async function voiceVisit(options: VoiceVisitOptions): Promise<VisitResult> {
  const bmoMs = options.bmoTimeoutMs ?? 60_000;
  const answerMs = options.answerTimeoutMs ?? 30_000;
  const result = emptyVisitResult();
  let leave: (() => Promise<void>) | undefined;
  try {
    const { grant, ms } = await mintToken(options.edge, options.origin);
    result.tokenMs.push(ms);
    result.rooms.push(grant.roomName);
    const started = performance.now();
    const visitor = await joinAsVoiceVisitor(grant.serverUrl, grant.participantToken);
    leave = () => visitor.leave();
    // BMO in, greeted, listening, and its greeting's sound arrived whole
    await visitor.until(() => visitor.lines.some((l) => l.who === 'bmo'), 'the greeting', bmoMs);
    await visitor.until(
      () => visitor.bmo()?.attributes['lk.agent.state'] === 'listening',
      'BMO listening',
      bmoMs,
    );
    await visitor.bmoQuiet(1_000, bmoMs);
    result.bmoReadyMs.push(performance.now() - started);

    const before = visitor.lines.length;
    const spokenEnd = await visitor.say(options.question.wav);
    const answer = () => visitor.lines.slice(before).find((l) => l.who === 'bmo');
    await visitor.until(() => answer() !== undefined, "BMO's answer", answerMs);
    const line = answer();
    if (!line || !options.question.answers(line.text)) {
      throw new Error(`BMO answered the spoken question with something else: "${line?.text}"`);
    }
    const sound = await visitor.bmoSoundAfter(spokenEnd, answerMs);
    result.answerMs.push(sound - spokenEnd);
    result.ok = true;
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    await leave?.().catch(() => undefined);
  }
  return result;
}
