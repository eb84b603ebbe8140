/**
 * A conversation item the client created, as the reader stores it and what it tells the policy: a
 * message (the user's words, or audio nobody transcribed), the output of a function call the
 * reader made (accepted once per call), or a function call the client replays.
 */
import type { RealtimeClientItem } from '../../contracts/realtime.ts';
import type { TurnInput } from '../reading/policy-actions.ts';
import type { CallRecord } from './session-log.ts';
import { clip } from '../../contracts/text.ts';
import { type WireItem, storedContent, userInput } from './wire.ts';

export type ClientItem =
  | {
      wire: WireItem;
      input: TurnInput | undefined;
      /** The call this item answered, with its output, to log. */
      answered?: CallRecord & { output: string };
    }
  | { error: { code: 'invalid_call_id' | 'duplicate_call_output'; message: string } };

export function clientItem(
  item: RealtimeClientItem,
  id: string,
  calls: ReadonlyMap<string, CallRecord>,
): ClientItem {
  switch (item.type) {
    case 'message': {
      const wire: WireItem = {
        id,
        object: 'realtime.item',
        type: 'message',
        role: item.role,
        status: 'completed',
        content: storedContent(item.content),
      };
      return { wire, input: item.role === 'user' ? userInput(item.content) : undefined };
    }
    case 'function_call_output': {
      const record = calls.get(item.call_id);
      if (!record) {
        return {
          error: {
            code: 'invalid_call_id',
            message: `No function call with call_id "${clip(item.call_id, 80)}" is waiting for output.`,
          },
        };
      }
      if (record.answered) {
        return {
          error: {
            code: 'duplicate_call_output',
            message: `The function call "${clip(item.call_id, 80)}" already has an output.`,
          },
        };
      }
      record.answered = true;
      const wire: WireItem = {
        id,
        object: 'realtime.item',
        type: 'function_call_output',
        call_id: item.call_id,
        output: item.output,
      };
      const input: TurnInput = {
        kind: 'tool_output',
        name: record.name,
        args: record.args,
        output: item.output,
      };
      return { wire, input, answered: { ...record, output: item.output } };
    }
    case 'function_call': {
      const wire: WireItem = {
        id,
        object: 'realtime.item',
        type: 'function_call',
        status: 'completed',
        call_id: item.call_id,
        name: item.name,
        arguments: item.arguments,
      };
      return { wire, input: undefined };
    }
  }
}
