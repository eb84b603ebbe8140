import { beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_CHAT_MODEL,
  SAMPLE_VAULT_PATH,
  loadConfig,
  workerProblems,
} from '../../../agent/config.ts';
import { inference } from '@livekit/agents';
import { createBmoSession } from '../../../agent/session.ts';
import { EspeakTTS } from '../../../agent/voice/espeak-tts.ts';
import { RecognizerSTT } from '../../../agent/voice/recognizer-stt.ts';
import { initAgentsLogger } from '../helpers/bmo-session.ts';

const LIVEKIT = {
  LIVEKIT_URL: 'ws://127.0.0.1:7880',
  LIVEKIT_API_KEY: 'devkey',
  LIVEKIT_API_SECRET: 'secret',
};

describe('agent configuration', () => {
  beforeAll(initAgentsLogger);

  it('defaults to realtime mode (with a key), the sample vault and the default models', () => {
    const config = loadConfig({ OPENAI_API_KEY: 'sk-x' });
    expect(config.mode).toBe('realtime');
    expect(config.vaultPath).toBe(SAMPLE_VAULT_PATH);
    expect(config.sampleVault).toBe(true);
    expect(config.chatModel).toBe(DEFAULT_CHAT_MODEL);
    expect(config.openaiBaseURL).toBeUndefined();
  });

  it('reads text mode, a vault, a base URL and treats empty variables as unset', () => {
    const config = loadConfig({
      BMO_MODE: 'text',
      OBSIDIAN_VAULT_PATH: '/srv/vault',
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
      OPENAI_CHAT_MODEL: '',
      BMO_AGENT_HTTP_PORT: '8099',
    });
    expect(config).toMatchObject({
      mode: 'text',
      vaultPath: '/srv/vault',
      sampleVault: false,
      openaiBaseURL: 'http://127.0.0.1:9999/v1',
      chatModel: DEFAULT_CHAT_MODEL,
      httpPort: 8099,
    });
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ BMO_MODE: 'video', OPENAI_BASE_URL: 'not a url', BMO_AGENT_HTTP_PORT: '0' });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = error instanceof ConfigError ? error.problems.join('\n') : '';
      expect(problems).toMatch(/BMO_MODE/);
      expect(problems).toMatch(/OPENAI_BASE_URL/);
      expect(problems).toMatch(/BMO_AGENT_HTTP_PORT/);
    }
  });

  it('says what the worker still needs before it can register: LiveKit, not an OpenAI key', () => {
    expect(workerProblems(loadConfig({}))).toEqual([
      'LiveKit is not configured: set LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET',
    ]);
    expect(workerProblems(loadConfig({ ...LIVEKIT }))).toEqual([]);
    expect(workerProblems(loadConfig({ ...LIVEKIT, OPENAI_API_KEY: 'sk-x' }))).toEqual([]);
  });

  it("keeps the SDK's idle job processes by default, and as many as BMO_IDLE_PROCESSES says", () => {
    expect(loadConfig({}).idleProcesses).toBeUndefined();
    expect(loadConfig({ BMO_IDLE_PROCESSES: '' }).idleProcesses).toBeUndefined();
    expect(loadConfig({ BMO_IDLE_PROCESSES: '7' }).idleProcesses).toBe(7);
    // the SDK reads 0 as its default, so 0 is refused rather than silently ignored
    expect(() => loadConfig({ BMO_IDLE_PROCESSES: '0' })).toThrow(/BMO_IDLE_PROCESSES/);
  });

  it('gives a job process 30 s to start by default, and the time BMO_JOB_INIT_SECONDS says', () => {
    expect(loadConfig({}).jobInitMs).toBe(30_000);
    expect(loadConfig({ BMO_JOB_INIT_SECONDS: '' }).jobInitMs).toBe(30_000);
    expect(loadConfig({ BMO_JOB_INIT_SECONDS: '45' }).jobInitMs).toBe(45_000);
    expect(() => loadConfig({ BMO_JOB_INIT_SECONDS: '0' })).toThrow(/BMO_JOB_INIT_SECONDS/);
  });

  it('reads the public folders as a comma-separated list of vault folders', () => {
    expect(loadConfig({}).publicFolders).toEqual([]);
    expect(loadConfig({ BMO_PUBLIC_FOLDERS: ' Shared/, /Guests , ' }).publicFolders).toEqual([
      'Shared',
      'Guests',
    ]);
  });

  it('runs BMO offline, in text mode, when no OpenAI key is set', async () => {
    const config = loadConfig({ ...LIVEKIT, BMO_MODE: 'realtime' });
    expect(config).toMatchObject({ engine: 'offline', mode: 'text' });
    expect(loadConfig({ ...LIVEKIT, OPENAI_API_KEY: 'sk-x' }).engine).toBe('openai');
    const offline = createBmoSession(config);
    expect(offline.inputOptions).toMatchObject({ audioEnabled: false, textEnabled: true });
    expect(offline.outputOptions).toMatchObject({ audioEnabled: false });
    expect(offline.session.llm?.label()).toBe('bmo.OfflineLLM');
    await offline.session.close();
  });

  it('reads the recognizer (both settings or neither) and the espeak-ng to speak with', () => {
    expect(loadConfig({})).toMatchObject({
      recognizer: undefined,
      espeak: 'espeak-ng',
      speechWpm: 175,
    });
    expect(loadConfig({ BMO_SPEECH_WPM: '300' }).speechWpm).toBe(300);
    expect(() => loadConfig({ BMO_SPEECH_WPM: '1000' })).toThrow(/BMO_SPEECH_WPM/);
    const hearing = loadConfig({
      RECOGNIZER_URL: 'http://127.0.0.1:8791/v1',
      RECOGNIZER_KEY: 'k'.repeat(48),
      ESPEAK_NG: '/opt/espeak/bin/espeak-ng',
    });
    expect(hearing).toMatchObject({
      recognizer: { url: 'http://127.0.0.1:8791/v1', key: 'k'.repeat(48) },
      espeak: '/opt/espeak/bin/espeak-ng',
    });
    // an empty ESPEAK_NG chooses no voice: BMO answers in text
    expect(loadConfig({ ESPEAK_NG: '' }).espeak).toBeUndefined();
    expect(() => loadConfig({ RECOGNIZER_URL: 'http://127.0.0.1:8791/v1' })).toThrow(
      /RECOGNIZER_URL and RECOGNIZER_KEY/,
    );
    expect(() => loadConfig({ RECOGNIZER_URL: 'ftp://x', RECOGNIZER_KEY: 'k' })).toThrow(
      /RECOGNIZER_URL/,
    );
  });

  it('builds the offline voice pipeline when given ears and a voice, without the voice when not', async () => {
    const config = loadConfig({ ...LIVEKIT });
    const parts = {
      stt: new RecognizerSTT({ url: 'http://127.0.0.1:1/v1', key: 'k', prompt: 'BMO.' }),
      tts: new EspeakTTS({ binary: 'espeak-ng' }),
      vad: new inference.VAD(),
    };
    const talk = createBmoSession(config, 'en', parts);
    expect(talk.inputOptions).toMatchObject({ audioEnabled: true, textEnabled: true });
    expect(talk.outputOptions).toMatchObject({ audioEnabled: true, transcriptionEnabled: true });
    expect(talk.session.stt).toBe(parts.stt);
    expect(talk.session.tts).toBe(parts.tts);
    expect(talk.session.vad).toBe(parts.vad);
    expect(talk.session.turnDetection).toBe('vad');
    const hearOnly = createBmoSession(config, 'en', { ...parts, tts: undefined });
    expect(hearOnly.outputOptions).toMatchObject({
      audioEnabled: false,
      transcriptionEnabled: true,
    });
    await Promise.all([talk.session.close(), hearOnly.session.close()]);
  });

  it('builds a text session with no audio in or out, and a realtime session', async () => {
    const text = createBmoSession(
      loadConfig({ ...LIVEKIT, OPENAI_API_KEY: 'sk-x', BMO_MODE: 'text' }),
    );
    expect(text.inputOptions).toMatchObject({ audioEnabled: false, textEnabled: true });
    expect(text.outputOptions).toMatchObject({ audioEnabled: false, transcriptionEnabled: true });
    expect(text.inputOptions.closeOnDisconnect).toBe(false);
    expect(text.session.llm?.label()).toBe('openai.LLM');

    const realtime = createBmoSession(loadConfig({ ...LIVEKIT, OPENAI_API_KEY: 'sk-x' }));
    expect(realtime.inputOptions.audioEnabled).toBeUndefined();
    expect(realtime.inputOptions.closeOnDisconnect).toBe(false);
    expect(realtime.session.llm?.label()).toMatch(/realtime/i);
    await Promise.all([text.session.close(), realtime.session.close()]);
  });
});
