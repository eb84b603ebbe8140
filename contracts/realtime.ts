/**
 * The subset of OpenAI's Realtime (GA) WebSocket protocol that `@openai/agents-realtime` speaks
 * and the local reader understands: the client events as zod schemas (the reader parses every
 * frame with them) and the envelope of the server events (tests parse what they receive with it).
 *
 * Field names are the wire's snake_case. Objects are loose where the SDK sends more than the
 * reader needs (session config, tool definitions), strict about what the reader relies on.
 */
import { z } from 'zod';

/** A function tool as the SDK declares it in `session.update` (handoffs are function tools too). */
export const RealtimeFunctionTool = z.looseObject({
  type: z.literal('function'),
  name: z.string().min(1).max(128),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});
export type RealtimeFunctionTool = z.infer<typeof RealtimeFunctionTool>;

/** Any other tool (a hosted MCP server); the reader lists it but never calls it. */
export const RealtimeOtherTool = z.looseObject({
  type: z
    .string()
    .min(1)
    .refine((type) => type !== 'function', 'a function tool needs a name'),
});

export const RealtimeTool = z.union([RealtimeFunctionTool, RealtimeOtherTool]);

/**
 * The session config in `session.update`. Only `type` is required: the SDK's tracing update is
 * `{ type: 'realtime', tracing: 'auto' }` and must leave the rest (the tools, so the agent) alone.
 */
export const RealtimeSessionConfig = z.looseObject({
  type: z.literal('realtime'),
  model: z.string().optional(),
  instructions: z.string().optional(),
  output_modalities: z
    .array(z.enum(['text', 'audio']))
    .min(1)
    .optional(),
  tools: z.array(RealtimeTool).optional(),
  tool_choice: z.unknown().optional(),
  audio: z.record(z.string(), z.unknown()).optional(),
  tracing: z.unknown().optional(),
});
export type RealtimeSessionConfig = z.infer<typeof RealtimeSessionConfig>;

const AudioFormat = z.object({ type: z.string().max(40), rate: z.number().optional() });
const TurnDetection = z.object({
  type: z.string().max(40),
  create_response: z.boolean().optional(),
  interrupt_response: z.boolean().optional(),
  eagerness: z.string().max(20).optional(),
  threshold: z.number().optional(),
  prefix_padding_ms: z.number().optional(),
  silence_duration_ms: z.number().optional(),
  idle_timeout_ms: z.number().nullable().optional(),
  model_version: z.string().max(40).optional(),
});

/**
 * What the offline reader keeps of a `session.update`, and so what `session.updated` echoes: the
 * GA session's fields with their known keys, nested ones included. Anything else (a new key under
 * `audio`, a field the reader does not know) is dropped by parsing with this schema, so updates
 * cannot grow the stored session with keys of their own.
 */
export const RealtimeSessionKept = z
  .object({
    type: z.literal('realtime'),
    model: z.string(),
    instructions: z.string(),
    output_modalities: z.array(z.enum(['text', 'audio'])).min(1),
    tools: z.array(RealtimeTool),
    tool_choice: z.unknown(),
    max_output_tokens: z.union([z.number(), z.literal('inf')]),
    tracing: z.unknown(),
    truncation: z.unknown(),
    prompt: z.unknown(),
    include: z.array(z.string().max(200)).max(10).nullable(),
    audio: z
      .object({
        input: z
          .object({
            format: AudioFormat,
            transcription: z
              .object({
                model: z.string().max(80).optional(),
                language: z.string().max(20).optional(),
                prompt: z.string().optional(),
              })
              .nullable(),
            noise_reduction: z.object({ type: z.string().max(40) }).nullable(),
            turn_detection: TurnDetection.nullable(),
          })
          .partial(),
        output: z
          .object({ format: AudioFormat, voice: z.string().max(80), speed: z.number() })
          .partial(),
      })
      .partial(),
  })
  .partial();
export type RealtimeSessionKept = z.infer<typeof RealtimeSessionKept>;

const EventId = z.string().min(1).max(200).optional();
const ItemId = z.string().min(1).max(200);

/** Content parts a client may put in a message item. */
export const RealtimeContentPart = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('input_text'), text: z.string() }),
  z.looseObject({
    type: z.literal('input_audio'),
    audio: z.string().nullable().optional(),
    transcript: z.string().nullable().optional(),
  }),
  z.looseObject({ type: z.literal('input_image'), image_url: z.string().optional() }),
  z.looseObject({ type: z.literal('output_text'), text: z.string() }),
  z.looseObject({
    type: z.literal('output_audio'),
    transcript: z.string().nullable().optional(),
  }),
]);
export type RealtimeContentPart = z.infer<typeof RealtimeContentPart>;

export const RealtimeMessageItem = z.looseObject({
  id: ItemId.optional(),
  type: z.literal('message'),
  role: z.enum(['user', 'assistant', 'system']),
  status: z.enum(['completed', 'incomplete', 'in_progress']).optional(),
  content: z.array(RealtimeContentPart),
});
export type RealtimeMessageItem = z.infer<typeof RealtimeMessageItem>;

export const RealtimeFunctionCallItem = z.looseObject({
  id: ItemId.optional(),
  type: z.literal('function_call'),
  call_id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.string(),
});

export const RealtimeFunctionCallOutputItem = z.looseObject({
  id: ItemId.optional(),
  type: z.literal('function_call_output'),
  call_id: z.string().min(1),
  output: z.string(),
});
export type RealtimeFunctionCallOutputItem = z.infer<typeof RealtimeFunctionCallOutputItem>;

export const RealtimeClientItem = z.discriminatedUnion('type', [
  RealtimeMessageItem,
  RealtimeFunctionCallItem,
  RealtimeFunctionCallOutputItem,
]);
export type RealtimeClientItem = z.infer<typeof RealtimeClientItem>;

const Base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'audio must be base64');

export const SessionUpdateEvent = z.object({
  type: z.literal('session.update'),
  event_id: EventId,
  session: RealtimeSessionConfig,
});

export const ConversationItemCreateEvent = z.object({
  type: z.literal('conversation.item.create'),
  event_id: EventId,
  /** `'root'` puts the item first; omitted appends it. */
  previous_item_id: z.string().nullable().optional(),
  item: RealtimeClientItem,
});

export const ConversationItemRetrieveEvent = z.object({
  type: z.literal('conversation.item.retrieve'),
  event_id: EventId,
  item_id: ItemId,
});

export const ConversationItemTruncateEvent = z.object({
  type: z.literal('conversation.item.truncate'),
  event_id: EventId,
  item_id: ItemId,
  content_index: z.number().int().min(0),
  audio_end_ms: z.number().int().min(0),
});

export const ConversationItemDeleteEvent = z.object({
  type: z.literal('conversation.item.delete'),
  event_id: EventId,
  item_id: ItemId,
});

export const InputAudioBufferAppendEvent = z.object({
  type: z.literal('input_audio_buffer.append'),
  event_id: EventId,
  audio: Base64,
});

export const InputAudioBufferClearEvent = z.object({
  type: z.literal('input_audio_buffer.clear'),
  event_id: EventId,
});

export const InputAudioBufferCommitEvent = z.object({
  type: z.literal('input_audio_buffer.commit'),
  event_id: EventId,
});

export const ResponseCreateEvent = z.object({
  type: z.literal('response.create'),
  event_id: EventId,
  /** Per-response overrides; the reader honours `output_modalities` and ignores the rest. */
  response: z
    .looseObject({
      output_modalities: z
        .array(z.enum(['text', 'audio']))
        .min(1)
        .optional(),
    })
    .optional(),
});

export const ResponseCancelEvent = z.object({
  type: z.literal('response.cancel'),
  event_id: EventId,
  response_id: z.string().optional(),
});

export const RealtimeClientEvent = z.discriminatedUnion('type', [
  SessionUpdateEvent,
  ConversationItemCreateEvent,
  ConversationItemRetrieveEvent,
  ConversationItemTruncateEvent,
  ConversationItemDeleteEvent,
  InputAudioBufferAppendEvent,
  InputAudioBufferClearEvent,
  InputAudioBufferCommitEvent,
  ResponseCreateEvent,
  ResponseCancelEvent,
]);
export type RealtimeClientEvent = z.infer<typeof RealtimeClientEvent>;

/** Every client event type the reader understands. */
export const CLIENT_EVENT_TYPES: readonly string[] = RealtimeClientEvent.options.map(
  (option) => option.shape.type.value,
);

/** What every server event carries. */
export const RealtimeServerEnvelope = z.looseObject({
  type: z.string().min(1),
  event_id: z.string().min(1),
});
export type RealtimeServerEnvelope = z.infer<typeof RealtimeServerEnvelope>;

/** The server's `error` event (GA shape). `error.event_id` names the client event at fault. */
export const RealtimeErrorEvent = z.object({
  type: z.literal('error'),
  event_id: z.string().min(1),
  error: z.object({
    type: z.enum(['invalid_request_error', 'server_error']),
    code: z.string().nullable(),
    message: z.string().min(1),
    param: z.string().nullable(),
    event_id: z.string().nullable(),
  }),
});
export type RealtimeErrorEvent = z.infer<typeof RealtimeErrorEvent>;

/**
 * The local WebRTC reader's own server event (not OpenAI's): something the visitor should be told,
 * such as a reader with no speech voice installed answering in tones. The page shows `notice`.
 */
export const VoicePeerNotice = z.object({
  type: z.literal('voice_peer.notice'),
  notice: z.string().min(1).max(300),
});
export type VoicePeerNotice = z.infer<typeof VoicePeerNotice>;

/** The tokens a server event says were spent (OpenAI's `usage`; other fields pass). */
const RealtimeUsage = z.looseObject({ total_tokens: z.number().int().min(0) });

/**
 * The server events that carry usage: each response's `response.done`, and a finished input
 * transcription (billed apart, in tokens). The relay and a call's watcher add them up.
 */
export const RealtimeUsageEvent = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('response.done'),
    response: z.looseObject({ usage: RealtimeUsage.nullable().optional() }),
  }),
  z.looseObject({
    type: z.literal('conversation.item.input_audio_transcription.completed'),
    usage: RealtimeUsage.nullable().optional(),
  }),
]);
export type RealtimeUsageEvent = z.infer<typeof RealtimeUsageEvent>;
