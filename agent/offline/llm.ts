/**
 * The offline BMO's language model: a local, deterministic `llm.LLM` for `@livekit/agents`. It
 * streams `ChatChunk`s the way the OpenAI plugin does (text deltas, then each tool call as one
 * `FunctionCall` in a chunk, then the usage), so `AgentSession` runs the real tools through its own
 * function-calling path and asks again with their outputs. What it says comes from brain.ts.
 */
import { randomUUID } from 'node:crypto';
import { type APIConnectOptions, DEFAULT_API_CONNECT_OPTIONS, llm } from '@livekit/agents';
import type { SupportedLang } from '../../contracts/locale.ts';
import { nextStep } from './brain.ts';
import { readTurn } from './turn.ts';

export const OFFLINE_MODEL = 'bmo-offline-1';

export class OfflineLLM extends llm.LLM {
  /** The language it answers in (the visitor's checked `bmo.lang`). */
  readonly lang: SupportedLang;

  constructor(options: { lang?: SupportedLang } = {}) {
    super();
    this.lang = options.lang ?? 'en';
  }

  label(): string {
    return 'bmo.OfflineLLM';
  }

  override get model(): string {
    return OFFLINE_MODEL;
  }

  override get provider(): string {
    return 'local';
  }

  chat({
    chatCtx,
    toolCtx,
    connOptions = DEFAULT_API_CONNECT_OPTIONS,
    toolChoice,
  }: {
    chatCtx: llm.ChatContext;
    toolCtx?: llm.ToolContextLike;
    connOptions?: APIConnectOptions;
    parallelToolCalls?: boolean;
    toolChoice?: llm.ToolChoice;
    extraKwargs?: Record<string, unknown>;
  }): OfflineLLMStream {
    return new OfflineLLMStream(this, {
      chatCtx,
      toolCtx,
      connOptions,
      toolChoice,
      lang: this.lang,
    });
  }
}

/** Splits text into word-sized deltas, as a streaming model sends them. */
export function textDeltas(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export class OfflineLLMStream extends llm.LLMStream {
  readonly #toolChoice: llm.ToolChoice | undefined;
  readonly #lang: SupportedLang;

  constructor(
    offline: OfflineLLM,
    options: {
      chatCtx: llm.ChatContext;
      toolCtx?: llm.ToolContextLike;
      connOptions: APIConnectOptions;
      toolChoice?: llm.ToolChoice;
      lang?: SupportedLang;
    },
  ) {
    super(offline, options);
    this.#toolChoice = options.toolChoice;
    this.#lang = options.lang ?? 'en';
  }

  protected async run(): Promise<void> {
    const id = `offline-${randomUUID()}`;
    const tools = new Set(Object.keys(this.toolCtx?.functionTools ?? {}));
    const step = nextStep(readTurn(this.chatCtx), {
      tools,
      mayCallTools: this.#toolChoice !== 'none',
      lang: this.#lang,
    });
    let completionTokens = 0;
    if (step.type === 'say') {
      for (const piece of textDeltas(step.text)) {
        if (this.abortController.signal.aborted) return;
        this.queue.put({ id, delta: { role: 'assistant', content: piece } });
        completionTokens += 1;
      }
    } else {
      this.queue.put({
        id,
        delta: {
          role: 'assistant',
          toolCalls: [
            llm.FunctionCall.create({
              callId: `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
              name: step.name,
              args: JSON.stringify(step.args),
            }),
          ],
        },
      });
      completionTokens = 1;
    }
    const promptTokens = this.chatCtx.items.length;
    this.queue.put({
      id,
      usage: {
        completionTokens,
        promptTokens,
        promptCachedTokens: 0,
        totalTokens: promptTokens + completionTokens,
      },
    });
  }
}
