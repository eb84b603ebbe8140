/**
 * The edge app (edge/app.ts) in this process, facing a real `livekit-server`: an HTTP listener on
 * a loopback port receives the server's webhooks and hands each to the app, as workerd would, and
 * records what the app answered; `mint()` asks the app for a LiveKit token as a page would.
 *
 * Start it before the server (the server's configuration names `webhookUrl`), then `use(env)`
 * with the server's settings.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookEvent } from 'livekit-server-sdk';
import { LiveKitTokenResponse } from '../../contracts/livekit-schema.ts';
import { LIVEKIT_WEBHOOK_PATH } from '../../scripts/livekit-local.ts';
import { app } from '../../edge/app.ts';
import type { Bindings } from '../../edge/env.ts';

/** A webhook the app answered: the event, its room and participant, and the app's status. */
export interface HandledWebhook {
  event: string;
  room: string;
  identity: string;
  status: number;
}

export interface EdgeForLiveKit {
  webhookUrl: string;
  /** Every webhook the app answered, in order. */
  readonly handled: HandledWebhook[];
  use(env: Bindings): void;
  /**
   * POSTs the token route as a page on the edge's own origin (the owner, on a local start), from
   * `client` (its address), with `body` as the page's request.
   */
  mint(client?: string, body?: Record<string, unknown>): Promise<Response>;
  /** `mint`, expecting a token. */
  token(client?: string, body?: Record<string, unknown>): Promise<LiveKitTokenResponse>;
  stop(): Promise<void>;
}

const EDGE = 'http://127.0.0.1:8787';

export async function startEdgeForLiveKit(): Promise<EdgeForLiveKit> {
  let env: Bindings = {};
  const handled: HandledWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      void (async () => {
        const response = await app.fetch(
          new Request(`${EDGE}${req.url ?? '/'}`, { method: req.method, headers, body }),
          env,
        );
        const event = WebhookEvent.fromJsonString(body, { ignoreUnknownFields: true });
        handled.push({
          event: event.event,
          room: event.room?.name ?? '',
          identity: event.participant?.identity ?? '',
          status: response.status,
        });
        res.writeHead(response.status).end(await response.text());
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const mint = async (
    client = '203.0.113.7',
    body: Record<string, unknown> = {},
  ): Promise<Response> =>
    app.fetch(
      new Request(`${EDGE}/api/livekit/token`, {
        method: 'POST',
        headers: { origin: EDGE, 'content-type': 'application/json', 'cf-connecting-ip': client },
        body: JSON.stringify(body),
      }),
      env,
    );
  return {
    webhookUrl: `http://127.0.0.1:${port}${LIVEKIT_WEBHOOK_PATH}`,
    handled,
    use: (next) => {
      env = next;
    },
    mint,
    token: async (client, body) => {
      const response = await mint(client, body);
      if (response.status !== 200) throw new Error(`minting answered ${response.status}`);
      return LiveKitTokenResponse.parse(await response.json());
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
