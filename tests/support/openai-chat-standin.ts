/**
 * A local stand-in for OpenAI's Chat Completions API: `POST …/chat/completions` on 127.0.0.1,
 * answering from a script the test writes, streamed as OpenAI's SSE chunks (or one JSON body when
 * the client does not ask for a stream). Point `openai.LLM({ baseURL })` (or the agent worker's
 * `OPENAI_BASE_URL`) at `baseURL`. Every request is recorded, so a test can assert what the model
 * was sent: the system prompt, the tools, the tool outputs.
 *
 * A script is a list of turns, used in order, one per request; or a function that picks the turn
 * for each request (see `lastUserText`, `toolOutputs`).
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { z } from 'zod';

export interface ScriptedToolCall {
  name: string;
  /** Arguments as an object (serialised for you) or as the raw JSON string to send. */
  args: Record<string, unknown> | string;
  /** The call id; generated when left out. */
  id?: string;
}

export type ChatTurn =
  /** Reply with text (optionally calling tools in the same response). */
  | { say: string; toolCalls?: ScriptedToolCall[] }
  /** Call one or more tools. */
  | { toolCalls: ScriptedToolCall[]; say?: string }
  /** Fail the request with an HTTP error, as OpenAI does. */
  | { fail: { status: number; message: string } };

const ContentPart = z.looseObject({ type: z.string(), text: z.string().optional() });

const ChatRequestMessage = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(ContentPart), z.null()]).optional(),
  tool_call_id: z.string().optional(),
  tool_calls: z
    .array(
      z.looseObject({
        id: z.string(),
        type: z.string().optional(),
        function: z.looseObject({ name: z.string(), arguments: z.string() }),
      }),
    )
    .optional(),
});

const ChatRequestBody = z.looseObject({
  model: z.string(),
  messages: z.array(ChatRequestMessage),
  tools: z
    .array(
      z.looseObject({
        type: z.string(),
        function: z.looseObject({
          name: z.string(),
          description: z.string().optional(),
          parameters: z.unknown().optional(),
        }),
      }),
    )
    .optional(),
  stream: z.boolean().optional(),
});

export type ChatRequestMessage = z.infer<typeof ChatRequestMessage>;
export type ChatRequestBody = z.infer<typeof ChatRequestBody>;

export interface RecordedChatRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: ChatRequestBody;
  /** When it arrived (`performance.now()`). */
  at: number;
}

export type ChatScript =
  ChatTurn[] | ((request: RecordedChatRequest, index: number) => ChatTurn | Promise<ChatTurn>);

export interface ChatStandin {
  /** e.g. `http://127.0.0.1:40123/v1` */
  baseURL: string;
  /** Every chat request received, in order. */
  readonly requests: RecordedChatRequest[];
  /** The request at `index` (0-based); throws a clear error when it has not arrived. */
  request(index: number): RecordedChatRequest;
  close(): Promise<void>;
}

/** The text of a message's content, whatever its shape. */
export function messageText(message: ChatRequestMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => part.text ?? '').join('');
  return '';
}

/** The instructions the model was given (system or developer messages). */
export function systemPrompt(request: RecordedChatRequest): string {
  return request.body.messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map(messageText)
    .join('\n');
}

/** The newest user message's text, or undefined when there is none (e.g. a greeting). */
export function lastUserText(request: RecordedChatRequest): string | undefined {
  const users = request.body.messages.filter((m) => m.role === 'user');
  const last = users[users.length - 1];
  return last ? messageText(last) : undefined;
}

/** The tool results in the conversation, with the name of the call each answers. */
export function toolOutputs(
  request: RecordedChatRequest,
): { name: string | undefined; callId: string; output: string }[] {
  const names = new Map<string, string>();
  for (const message of request.body.messages) {
    for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
  }
  return request.body.messages
    .filter((m) => m.role === 'tool')
    .map((m) => ({
      name: m.tool_call_id ? names.get(m.tool_call_id) : undefined,
      callId: m.tool_call_id ?? '',
      output: messageText(m),
    }));
}

/** Whether the last message is a tool result (the model is being asked to go on after a call). */
export function isAfterToolCall(request: RecordedChatRequest): boolean {
  const last = request.body.messages[request.body.messages.length - 1];
  return last?.role === 'tool';
}

/** Names of the tools offered to the model. */
export function toolNames(request: RecordedChatRequest): string[] {
  return (request.body.tools ?? []).map((t) => t.function.name);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function openAiError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, {
    error: { message, type: 'invalid_request_error', param: null, code: null },
  });
}

/** Splits text into a few word-sized deltas, as a streaming model would. */
function deltas(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

let callCounter = 0;

export async function startChatStandin(script: ChatScript): Promise<ChatStandin> {
  const requests: RecordedChatRequest[] = [];
  let turnIndex = 0;

  const pickTurn = async (request: RecordedChatRequest): Promise<ChatTurn> => {
    const index = turnIndex++;
    if (typeof script === 'function') return script(request, index);
    const turn = script[index];
    return (
      turn ?? {
        fail: {
          status: 500,
          message: `chat stand-in: the script has ${script.length} turns and request ${index + 1} has none`,
        },
      }
    );
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
        openAiError(
          res,
          404,
          `chat stand-in serves POST /chat/completions, not ${req.method} ${path}`,
        );
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(await readBody(req));
      } catch {
        openAiError(res, 400, 'chat stand-in: the body is not JSON');
        return;
      }
      const parsed = ChatRequestBody.safeParse(json);
      if (!parsed.success) {
        openAiError(res, 400, `chat stand-in: not a chat request: ${parsed.error.message}`);
        return;
      }
      const request: RecordedChatRequest = {
        path,
        headers: req.headers,
        body: parsed.data,
        at: performance.now(),
      };
      requests.push(request);

      let turn: ChatTurn;
      try {
        turn = await pickTurn(request);
      } catch (error) {
        openAiError(res, 500, `chat stand-in script threw: ${String(error)}`);
        return;
      }
      if ('fail' in turn) {
        openAiError(res, turn.fail.status, turn.fail.message);
        return;
      }

      const id = `chatcmpl-standin-${requests.length}`;
      const created = Math.floor(Date.now() / 1000);
      const model = parsed.data.model;
      const calls = (turn.toolCalls ?? []).map((call) => ({
        id: call.id ?? `call_standin_${++callCounter}`,
        name: call.name,
        arguments: typeof call.args === 'string' ? call.args : JSON.stringify(call.args),
      }));
      const text = turn.say ?? '';
      const finishReason = calls.length > 0 ? 'tool_calls' : 'stop';
      const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

      if (parsed.data.stream !== true) {
        sendJson(res, 200, {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: text || null,
                ...(calls.length > 0
                  ? {
                      tool_calls: calls.map((c) => ({
                        id: c.id,
                        type: 'function',
                        function: { name: c.name, arguments: c.arguments },
                      })),
                    }
                  : {}),
              },
              finish_reason: finishReason,
            },
          ],
          usage,
        });
        return;
      }

      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;

      res.write(chunk({ role: 'assistant', content: '' }, null));
      for (const piece of deltas(text)) res.write(chunk({ content: piece }, null));
      calls.forEach((call, index) => {
        res.write(
          chunk(
            {
              tool_calls: [
                {
                  index,
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: '' },
                },
              ],
            },
            null,
          ),
        );
        // arguments arrive in two pieces, as OpenAI streams them
        const half = Math.ceil(call.arguments.length / 2);
        for (const part of [call.arguments.slice(0, half), call.arguments.slice(half)]) {
          if (part)
            res.write(chunk({ tool_calls: [{ index, function: { arguments: part } }] }, null));
        }
      });
      res.write(chunk({}, finishReason));
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    })().catch((error: unknown) => {
      if (!res.headersSent) openAiError(res, 500, `chat stand-in failed: ${String(error)}`);
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') {
    server.close();
    throw new Error('chat stand-in: could not read its own port');
  }
  const { port } = address;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    request(index) {
      const found = requests[index];
      if (!found) {
        throw new Error(
          `chat stand-in: request ${index + 1} was asked for, ${requests.length} arrived`,
        );
      }
      return found;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
