/**
 * The session's model and room IO for each engine and mode:
 * - offline (no `OPENAI_API_KEY`): the local language model in agent/offline, text only, the
 *   same room IO as `text`.
 * - `realtime` (default): OpenAI's Realtime model hears and speaks (audio in and out).
 * - `text`: a chat-completions model with no audio at all; the visitor types on `lk.chat` and
 *   BMO's replies come back on `lk.transcription`. E2E tests point it at a local stand-in with
 *   `OPENAI_BASE_URL`.
 */
import { voice } from '@livekit/agents';
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

/** `lang`: the visitor's checked language, which the offline model answers in. */
export function createBmoSession(config: AgentConfig, lang: SupportedLang = 'en'): BmoSessionSetup {
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
