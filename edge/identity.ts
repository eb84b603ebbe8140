/**
 * Who is asking: the owner of BMO's notes, or a visitor. The edge decides, and writes the answer
 * into the participant's token (`bmo.access`), where the participant cannot change it.
 *
 * - Local development (`npm start`, `npm run dev`): the hosted page's own origin is the person at
 *   the keyboard, so the owner; any other origin, or none, is a visitor.
 * - Deployed: a visitor, unless a standard identity says otherwise (a Cloudflare Access JWT,
 *   verified here once Access is configured). Nothing a client sends by itself makes an owner.
 */
import type { Context } from 'hono';
import type { AccessLevel } from '../contracts/livekit.ts';
import { type AppEnv, isLocalDevelopment } from './env.ts';

export function accessLevel(c: Context<AppEnv>): Promise<AccessLevel> {
  if (isLocalDevelopment(c.env)) {
    const origin = c.req.header('origin');
    return Promise.resolve(origin === new URL(c.req.url).origin ? 'owner' : 'visitor');
  }
  return Promise.resolve('visitor');
}
