/**
 * Writing one response on the wire: `response.created`, then each of the policy's actions as an
 * output item (a message streamed as text or transcript deltas, or a completed function call the
 * SDK dispatches), then `response.done` with a word-count usage. Each output item also joins the
 * conversation.
 */
import type { Conversation } from './conversation.ts';
import type { ReaderAction, TurnInput } from '../reading/policy-actions.ts';
import { words } from '../reading/text.ts';
import { chunks, type WireItem } from './wire.ts';

export type Modality = 'text' | 'audio';

/** What the writer needs from the session. */
export interface ResponseSink {
  emit(type: string, body: Record<string, unknown>): void;
  id(kind: 'item' | 'resp' | 'call'): string;
  conversation: Conversation;
  /** The conversation id the response belongs to. */
  conversationId: string;
  /** A function call went out; its output is awaited. */
  onCall(callId: string, name: string, args: Record<string, unknown>): void;
}

function inputWords(inputs: readonly TurnInput[]): number {
  return inputs.reduce(
    (sum, input) =>
      sum +
      (input.kind === 'user_text'
        ? words(input.text).length
        : input.kind === 'tool_output'
          ? 10
          : 50),
    0,
  );
}

export function writeResponse(
  sink: ResponseSink,
  actions: readonly ReaderAction[],
  modality: Modality,
  inputs: readonly TurnInput[],
): void {
  const responseId = sink.id('resp');
  const base = {
    id: responseId,
    object: 'realtime.response',
    conversation_id: sink.conversationId,
    output_modalities: [modality],
    status_details: null,
  };
  sink.emit('response.created', {
    response: { ...base, status: 'in_progress', output: [], usage: null },
  });
  const output: WireItem[] = [];
  let spokenWords = 0;
  for (const action of actions) {
    if (action.kind === 'say') {
      if (action.text.trim() === '') continue;
      spokenWords += words(action.text).length;
      output.push(writeMessage(sink, responseId, output.length, action.text, modality));
    } else {
      output.push(writeCall(sink, responseId, output.length, action.name, action.args));
    }
  }
  const heard = inputWords(inputs);
  sink.emit('response.done', {
    response: {
      ...base,
      status: 'completed',
      output,
      usage: {
        total_tokens: heard + spokenWords,
        input_tokens: heard,
        output_tokens: spokenWords,
        input_token_details: { text_tokens: heard, audio_tokens: 0, cached_tokens: 0 },
        output_token_details: { text_tokens: spokenWords, audio_tokens: 0 },
      },
    },
  });
}

function writeMessage(
  sink: ResponseSink,
  responseId: string,
  outputIndex: number,
  text: string,
  modality: Modality,
): WireItem {
  const itemId = sink.id('item');
  const previousId = sink.conversation.lastId();
  const open: WireItem = {
    id: itemId,
    object: 'realtime.item',
    type: 'message',
    role: 'assistant',
    status: 'in_progress',
    content: [],
  };
  const where = {
    response_id: responseId,
    item_id: itemId,
    output_index: outputIndex,
    content_index: 0,
  };
  sink.emit('response.output_item.added', {
    response_id: responseId,
    output_index: outputIndex,
    item: open,
  });
  sink.emit('conversation.item.added', { previous_item_id: previousId, item: open });
  const audio = modality === 'audio';
  sink.emit('response.content_part.added', {
    ...where,
    part: audio ? { type: 'audio', transcript: '' } : { type: 'text', text: '' },
  });
  for (const delta of chunks(text)) {
    sink.emit(audio ? 'response.output_audio_transcript.delta' : 'response.output_text.delta', {
      ...where,
      delta,
    });
  }
  if (audio) sink.emit('response.output_audio_transcript.done', { ...where, transcript: text });
  else sink.emit('response.output_text.done', { ...where, text });
  sink.emit('response.content_part.done', {
    ...where,
    part: audio ? { type: 'audio', transcript: text } : { type: 'text', text },
  });
  const done: WireItem = {
    ...open,
    status: 'completed',
    content: [audio ? { type: 'output_audio', transcript: text } : { type: 'output_text', text }],
  };
  return finishItem(sink, { responseId, outputIndex, previousId }, done);
}

function writeCall(
  sink: ResponseSink,
  responseId: string,
  outputIndex: number,
  name: string,
  args: Record<string, unknown>,
): WireItem {
  const itemId = sink.id('item');
  const callId = sink.id('call');
  const previousId = sink.conversation.lastId();
  const argumentsJson = JSON.stringify(args);
  const open: WireItem = {
    id: itemId,
    object: 'realtime.item',
    type: 'function_call',
    status: 'in_progress',
    name,
    call_id: callId,
    arguments: '',
  };
  const where = {
    response_id: responseId,
    item_id: itemId,
    output_index: outputIndex,
    call_id: callId,
  };
  sink.onCall(callId, name, args);
  sink.emit('response.output_item.added', {
    response_id: responseId,
    output_index: outputIndex,
    item: open,
  });
  sink.emit('conversation.item.added', { previous_item_id: previousId, item: open });
  sink.emit('response.function_call_arguments.delta', { ...where, delta: argumentsJson });
  sink.emit('response.function_call_arguments.done', { ...where, arguments: argumentsJson });
  const done: WireItem = { ...open, status: 'completed', arguments: argumentsJson };
  // The SDK dispatches the call on this event: type function_call, status completed, response_id.
  return finishItem(sink, { responseId, outputIndex, previousId }, done);
}

/**
 * Closes an output item: `response.output_item.done` (for a function call, the event the SDK
 * dispatches it on), `conversation.item.done` after the item before it, and the item kept.
 */
function finishItem(
  sink: ResponseSink,
  at: { responseId: string; outputIndex: number; previousId: string | null | undefined },
  done: WireItem,
): WireItem {
  sink.emit('response.output_item.done', {
    response_id: at.responseId,
    output_index: at.outputIndex,
    item: done,
  });
  sink.emit('conversation.item.done', { previous_item_id: at.previousId, item: done });
  sink.conversation.append(done);
  return done;
}
