/**
 * The part of the chat context the offline model reasons about: the newest user message, the tool
 * calls made since it (with their outputs, as the framework fed them back), and how many messages
 * the user sent in the last few seconds.
 */
import type { llm } from '@livekit/agents';

export interface ToolStep {
  name: string;
  args: unknown;
  /** Undefined while the call has no output in the context. */
  output?: string;
  isError: boolean;
}

export interface Turn {
  /** The newest user message's text; undefined before the user has said anything. */
  userText: string | undefined;
  /**
   * True when that message was heard (the speech recognizer's words, which the SDK marks with
   * their confidence), false when it was typed.
   */
  heard: boolean;
  /** Tool calls since that message, oldest first. */
  steps: ToolStep[];
  /** User messages in the flood window that ends with the newest one. */
  recentUserMessages: number;
}

/** Messages closer together than this count towards a flood. */
export const FLOOD_WINDOW_MS = 10_000;

function parseArgs(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * A tool's output as text: the framework JSON-encodes what a tool returns (a string arrives
 * quoted) and passes a failed call's message as it is.
 */
export function toolText(output: string): string {
  if (!output.startsWith('"')) return output;
  try {
    const value: unknown = JSON.parse(output);
    return typeof value === 'string' ? value : output;
  } catch {
    return output;
  }
}

export function readTurn(chatCtx: llm.ChatContext): Turn {
  const items = chatCtx.items;
  let lastUser = -1;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item?.type === 'message' && item.role === 'user') {
      lastUser = i;
      break;
    }
  }
  const userItem = items[lastUser];
  const userText = userItem?.type === 'message' ? (userItem.textContent ?? '') : undefined;
  const heard = userItem?.type === 'message' && userItem.transcriptConfidence !== undefined;

  const steps = new Map<string, ToolStep>();
  for (const item of items.slice(lastUser + 1)) {
    if (item.type === 'function_call') {
      steps.set(item.callId, { name: item.name, args: parseArgs(item.args), isError: false });
    } else if (item.type === 'function_call_output') {
      const step = steps.get(item.callId);
      if (step) {
        step.output = toolText(item.output);
        step.isError = item.isError;
      }
    }
  }

  let recentUserMessages = 0;
  if (userItem?.type === 'message') {
    const newest = userItem.createdAt;
    for (const item of items) {
      if (
        item.type === 'message' &&
        item.role === 'user' &&
        newest - item.createdAt < FLOOD_WINDOW_MS
      ) {
        recentUserMessages += 1;
      }
    }
  }
  return { userText, heard, steps: [...steps.values()], recentUserMessages };
}

/** The newest call of a tool in this turn, if any. */
export function lastStep(turn: Turn, name: string): ToolStep | undefined {
  return turn.steps.filter((step) => step.name === name).pop();
}
