/**
 * The session's models and room IO for each engine and mode:
 * - offline (no `OPENAI_API_KEY`) with the speech recognizer: a LiveKit voice pipeline, Silero
 *   voice activity (the SDK's own, loaded in the worker's prewarm), the recognizer as STT, the
 *   local language model in agent/offline, espeak-ng as TTS (agent/voice), LiveKit's turn
 *   handling and interruptions; typed chat on `lk.chat` works beside the voice.
 * - offline with no recognizer (or a visitor whose language it does not hear): the local
 *   language model, typed chat only, the same room IO as `text`.
 * - `realtime` (default): OpenAI's Realtime model hears and speaks (audio in and out).
 * - `text`: a chat-completions model with no audio at all; the visitor types on `lk.chat` and
 *   BMO's replies come back on `lk.transcription`. E2E tests point it at a local stand-in with
 *   `OPENAI_BASE_URL`.
 */
import { type VAD, type stt, type tts, voice } from '@livekit/agents';
import * as openai from '@livekit/agents-plugin-openai';
import type { AgentConfig } from './config.ts';
import { OfflineLLM } from './offline/llm.ts';
import type { SupportedLang } from '../contracts/locale.ts';

export interface BmoSessionSetup {
  session: voice.AgentSession;
  inputOptions: Partial<voice.RoomInputOptions>;
  outputOptions: Partial<voice.RoomOutputOptions>;
}

/**
 * Visitors who drop and come back keep their session (and get their cassette re-sent), so a
 * disconnect does not close it; the server closes the room once only the agent is left.
 */
const KEEP_SESSION_ON_DISCONNECT = { closeOnDisconnect: false } as const;

/** The offline BMO's ears and voice for a job (voice/offline-voice.ts); no `tts`: answers in text. */
export interface VoiceParts {
  stt: stt.STT;
  tts: tts.TTS | undefined;
  vad: VAD;
}

/**
 * The offline voice pipeline's turn taking: LiveKit's, on the VAD. A turn ends on the VAD's
 * silence, which also hands the turn to the recognizer (a batch one, it hears a turn once it is
 * over). LiveKit's audio end-of-turn model (`turn-detector-v1-mini`, in the worker's inference
 * process) is not asked: on espeak-ng's voice it scored every finished question 0.05 to 0.18 and
 * so held each answer back by the longest delay (3 s). Interruptions are the VAD's (the SDK's
 * adaptive ones need LiveKit Cloud): half a second of the visitor's speech stops BMO, and BMO goes
 * on if no words follow.
 */
export const OFFLINE_TURNS = {
  turnDetection: 'vad',
  interruption: { mode: 'vad' },
} as const;

/**
 * `lang`: the visitor's checked language, which the offline model answers in. `voiceParts`: the
 * offline BMO hears and speaks with these (only offline; without them it is typed to).
 */
export function createBmoSession(
  config: AgentConfig,
  lang: SupportedLang = 'en',
  voiceParts?: VoiceParts,
): BmoSessionSetup {
  if (config.engine === 'offline' && voiceParts) {
    return {
      session: new voice.AgentSession({
        llm: new OfflineLLM({ lang }),
        stt: voiceParts.stt,
        tts: voiceParts.tts,
        vad: voiceParts.vad,
        turnHandling: OFFLINE_TURNS,
      }),
      inputOptions: { ...KEEP_SESSION_ON_DISCONNECT, audioEnabled: true, textEnabled: true },
      outputOptions: { audioEnabled: voiceParts.tts !== undefined, transcriptionEnabled: true },
    };
  }
  if (config.engine === 'offline' || config.mode === 'text') {
    return {
      session: new voice.AgentSession({
        llm:
          config.engine === 'offline'
            ? new OfflineLLM({ lang })
            : new openai.LLM({
                model: config.chatModel,
                apiKey: config.openaiApiKey,
                baseURL: config.openaiBaseURL,
              }),
        // no audio, so no voice activity or end-of-turn models: a typed message is a turn
        vad: null,
        turnHandling: { turnDetection: null },
      }),
      inputOptions: { ...KEEP_SESSION_ON_DISCONNECT, audioEnabled: false, textEnabled: true },
      outputOptions: { audioEnabled: false, transcriptionEnabled: true },
    };
  }
  return {
    session: new voice.AgentSession({
      llm: new openai.realtime.RealtimeModel({
        model: config.realtimeModel,
        voice: config.voice,
        apiKey: config.openaiApiKey,
        ...(config.openaiBaseURL ? { baseURL: config.openaiBaseURL } : {}),
      }),
      // the Realtime model detects turns on the server; no local VAD or turn detector to load
      vad: null,
      turnHandling: { turnDetection: 'realtime_llm' },
    }),
    inputOptions: { ...KEEP_SESSION_ON_DISCONNECT },
    outputOptions: {},
  };
}
