/**
 * The offline BMO's ears and voice for one job: the recognizer as its STT (recognizer-stt.ts),
 * espeak-ng as its TTS (espeak-tts.ts) and the worker's VAD, and what to do with what they report.
 * It keeps the participant's `bmo.hearing` and `bmo.speech` attributes true, so the page says what
 * the visitor has; it has BMO answer a turn it could not hear (nothing heard: "didn't catch that";
 * the recognizer down, busy or too slow: "my ears aren't working, type it"), once the session is
 * listening again; and it says once, in text, when BMO's voice stopped. Each turn and each failed
 * sentence is logged by counts and times, never by its words.
 */
import { type VAD, voice } from '@livekit/agents';
import {
  AGENT_HEARING_ATTRIBUTE,
  AGENT_SPEECH_ATTRIBUTE,
  type AgentAbility,
} from '../../contracts/livekit-schema.ts';
import type { SupportedLang } from '../../contracts/locale.ts';
import { type LogFields, errorFields, logEvent } from '../log.ts';
import { phrasesFor } from '../offline/phrases-for.ts';
import { EspeakTTS, type SpokenSentence } from './espeak-tts.ts';
import { type HeardTurn, RecognizerSTT } from './recognizer-stt.ts';

/** A turn with no words and less sound than this is let go unanswered (a click, a cough). */
export const MIN_UNHEARD_SPEECH_MS = 600;

export interface OfflineVoiceOptions {
  recognizer: { url: string; key: string };
  /** The recognizer's prompt: the vocabulary of the notes this visitor may read. */
  vocabulary: string;
  /** The espeak-ng to speak with; undefined when it does not run here (answers come as text). */
  espeak: string | undefined;
  /** Its words a minute. */
  speechWpm: number;
  /** The worker process's VAD (loaded in prewarm). */
  vad: VAD;
  lang: SupportedLang;
  /** Publishes BMO's attributes on its participant. */
  publish: (attributes: Record<string, string>) => Promise<void>;
  logContext: LogFields;
}

export class OfflineVoice {
  readonly stt: RecognizerSTT;
  readonly tts: EspeakTTS | undefined;
  readonly vad: VAD;
  #hearing: AgentAbility = 'on';
  #speech: AgentAbility;
  #session: voice.AgentSession | undefined;
  /** What BMO is to say once the visitor stops speaking (the latest, if several came). */
  #pending: string | undefined;
  readonly #options: OfflineVoiceOptions;

  constructor(options: OfflineVoiceOptions) {
    this.#options = options;
    this.vad = options.vad;
    this.stt = new RecognizerSTT({
      ...options.recognizer,
      prompt: options.vocabulary,
      onTurn: (turn) => this.#heard(turn),
    });
    this.tts = options.espeak
      ? new EspeakTTS({
          binary: options.espeak,
          wpm: options.speechWpm,
          onSentence: (s) => this.#spoke(s),
        })
      : undefined;
    this.#speech = this.tts ? 'on' : 'off';
  }

  get hearing(): AgentAbility {
    return this.#hearing;
  }

  get speech(): AgentAbility {
    return this.#speech;
  }

  /** The two attributes as they stand. */
  attributes(): Record<string, string> {
    return { [AGENT_HEARING_ATTRIBUTE]: this.#hearing, [AGENT_SPEECH_ATTRIBUTE]: this.#speech };
  }

  /** The session BMO answers unheard turns in, once it has started. */
  attach(session: voice.AgentSession): void {
    this.#session = session;
    session.on(voice.AgentSessionEventTypes.UserStateChanged, (event) => {
      const text = this.#pending;
      if (event.newState === 'speaking' || text === undefined) return;
      this.#pending = undefined;
      this.#sayNow(session, text);
    });
  }

  #heard(turn: HeardTurn): void {
    const fields = {
      ...this.#options.logContext,
      audioMs: turn.audioMs,
      voicedMs: turn.voicedMs,
      durationMs: turn.ms,
    };
    if (turn.heard) {
      logEvent('speech_heard', { ...fields, words: turn.words });
      this.#setHearing('on');
      return;
    }
    if (turn.reason === 'too_short') {
      // the recognizer was not asked: its hearing is what it was
      logEvent('speech_unheard', { ...fields, reason: turn.reason });
      return;
    }
    const down = turn.reason !== 'nothing_heard' && turn.reason !== 'refused';
    logEvent('speech_unheard', { ...fields, reason: turn.reason }, down ? 'warn' : 'info');
    this.#setHearing(down ? 'down' : 'on');
    if (!down && turn.voicedMs < MIN_UNHEARD_SPEECH_MS) return;
    const say = phrasesFor(this.#options.lang);
    this.#say(down ? say.HEARING_DOWN : say.UNHEARD);
  }

  #spoke(sentence: SpokenSentence): void {
    if (sentence.spoken) {
      this.#setSpeech('on');
      return;
    }
    logEvent(
      'speech_failed',
      { ...this.#options.logContext, reason: sentence.reason, durationMs: sentence.ms },
      'warn',
    );
    if (this.#speech !== 'on') return;
    this.#setSpeech('down');
    // said once per outage; its own sentence fails too, and reaches the transcript as text
    this.#say(phrasesFor(this.#options.lang).VOICE_DOWN);
  }

  /**
   * BMO says `text`, or once the visitor stops speaking: never over them. The STT's turn ends on a
   * VAD stream of its own (the SDK's `StreamAdapter`), which can be ahead of the session's, so a
   * recognizer that fails at once reports while the session still hears the visitor speaking.
   */
  #say(text: string): void {
    const session = this.#session;
    if (!session) return;
    if (session.userState === 'speaking') {
      this.#pending = text;
      return;
    }
    this.#sayNow(session, text);
  }

  #sayNow(session: voice.AgentSession, text: string): void {
    try {
      session.say(text);
    } catch {
      // the session is closing: there is no one to tell
    }
  }

  #setHearing(next: AgentAbility): void {
    if (next === this.#hearing) return;
    this.#hearing = next;
    void this.#publish();
  }

  #setSpeech(next: AgentAbility): void {
    if (next === this.#speech) return;
    this.#speech = next;
    void this.#publish();
  }

  async #publish(): Promise<void> {
    try {
      await this.#options.publish(this.attributes());
    } catch (error) {
      logEvent(
        'error',
        { ...this.#options.logContext, ...errorFields(error), during: 'set_voice' },
        'warn',
      );
    }
  }
}
