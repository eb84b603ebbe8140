/**
 * The client's conversation events that add items: `conversation.item.create` (placed where the
 * client asked, refused with an error naming the field when it cannot be) and
 * `input_audio_buffer.commit` (a user turn, its transcript filled in once heard: hearing.ts); and the events on an
 * item that exists (retrieve, truncate, delete), refused with `item_not_found` when it does not.
 */
import type { RealtimeClientEvent, RealtimeClientItem } from '../../contracts/realtime.ts';
import { clientItem } from './client-items.ts';
import type { Conversation } from './conversation.ts';
import type { TurnInput } from '../reading/policy-actions.ts';
import type { CallRecord } from './session-log.ts';
import { clip } from '../../contracts/text.ts';
import type { WireItem } from './wire.ts';

/** What item handling needs from the session. */
export interface ItemContext {
  conversation: Conversation;
  calls: ReadonlyMap<string, CallRecord>;
  emit(type: string, body: Record<string, unknown>): void;
  error(code: string, message: string, eventId: string | undefined, param: string | null): void;
  id(kind: 'item'): string;
  /** A turn input; `replayed` when the item came with its own id (a resumed session's history). */
  queue(input: TurnInput, replayed: boolean): void;
  logTool(answered: CallRecord & { output: string }): void;
}

export function createItem(
  ctx: ItemContext,
  item: RealtimeClientItem,
  previous: string | null | undefined,
  eventId: string | undefined,
): void {
  if (item.id && ctx.conversation.has(item.id)) {
    ctx.error(
      'item_already_exists',
      `An item with the id "${clip(item.id, 80)}" already exists.`,
      eventId,
      'item.id',
    );
    return;
  }
  if (
    previous !== undefined &&
    previous !== null &&
    previous !== 'root' &&
    !ctx.conversation.has(previous)
  ) {
    ctx.error(
      'item_not_found',
      `previous_item_id "${clip(previous, 80)}" names no conversation item.`,
      eventId,
      'previous_item_id',
    );
    return;
  }
  const made = clientItem(item, item.id ?? ctx.id('item'), ctx.calls);
  if ('error' in made) {
    ctx.error(made.error.code, made.error.message, eventId, 'item.call_id');
    return;
  }
  if (made.answered) ctx.logTool(made.answered);
  const placed = ctx.conversation.place(made.wire, previous);
  if (!placed.ok) return;
  if (made.input) ctx.queue(made.input, item.id !== undefined);
  const previousId = placed.previousId;
  ctx.emit('conversation.item.added', { previous_item_id: previousId, item: made.wire });
  ctx.emit('conversation.item.done', { previous_item_id: previousId, item: made.wire });
}

/**
 * Commits the input buffer as a user turn; returns its item id (undefined when the buffer was
 * empty). `hears`: the turn will be transcribed, so it waits in the inputs under its id.
 */
export function commitAudio(
  ctx: ItemContext,
  audioBytes: number,
  eventId: string | undefined,
  hears = false,
): string | undefined {
  if (audioBytes === 0) {
    ctx.error(
      'input_audio_buffer_commit_empty',
      'Error committing input audio buffer: the buffer is empty. Send input_audio_buffer.append first.',
      eventId,
      null,
    );
    return undefined;
  }
  const wire: WireItem = {
    id: ctx.id('item'),
    object: 'realtime.item',
    type: 'message',
    role: 'user',
    status: 'completed',
    content: [{ type: 'input_audio', transcript: null }],
  };
  const previousId = ctx.conversation.append(wire);
  ctx.queue(hears ? { kind: 'user_audio', itemId: wire.id } : { kind: 'user_audio' }, false);
  ctx.emit('input_audio_buffer.committed', { previous_item_id: previousId, item_id: wire.id });
  ctx.emit('conversation.item.added', { previous_item_id: previousId, item: wire });
  ctx.emit('conversation.item.done', { previous_item_id: previousId, item: wire });
  return wire.id;
}

type ExistingItemEvent = Extract<
  RealtimeClientEvent,
  { type: 'conversation.item.retrieve' | 'conversation.item.truncate' | 'conversation.item.delete' }
>;

export function existingItemEvent(ctx: ItemContext, event: ExistingItemEvent): void {
  const item = ctx.conversation.find(event.item_id);
  if (!item) {
    ctx.error(
      'item_not_found',
      `No conversation item has the id "${clip(event.item_id, 80)}".`,
      event.event_id,
      'item_id',
    );
    return;
  }
  switch (event.type) {
    case 'conversation.item.retrieve':
      ctx.emit('conversation.item.retrieved', { item });
      return;
    case 'conversation.item.truncate':
      ctx.emit('conversation.item.truncated', {
        item_id: item.id,
        content_index: event.content_index,
        audio_end_ms: event.audio_end_ms,
      });
      return;
    case 'conversation.item.delete':
      ctx.conversation.remove(item);
      ctx.emit('conversation.item.deleted', { item_id: item.id });
      return;
  }
}
