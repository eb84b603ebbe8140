/**
 * Who is asking: the owner of BMO's notes, or a visitor. The edge decides, and writes the answer
 * into the participant's token (`bmo.access`), where the participant cannot change it.
 *
 * - Cloudflare Access configured (`ACCESS_TEAM_DOMAIN` and `ACCESS_AUD`): the owner is whoever
 *   Access let through, proven by the `Cf-Access-Jwt-Assertion` JWT, verified with `jose` against
 *   the team's JWKS (`<team>/cdn-cgi/access/certs`): RS256 signature, issuer the team, audience the
 *   application's AUD tag, not expired. Anything else (no JWT, a forged, expired or
 *   wrong-audience one) is a visitor. Only the emails in `ACCESS_OWNER_EMAILS` own: with the list
 *   empty nobody does (any identity the Access application admits, service tokens too, would
 *   otherwise be the owner), and the edge says so when it starts (`startupWarnings`).
 * - Otherwise, local development (`npm start`, `npm run dev`): the hosted page's own origin is the
 *   person at the keyboard, so the owner; any other origin, or none, is a visitor.
 * - Deployed without Access: a visitor. Nothing a client sends by itself makes an owner.
 */
import type { Context } from 'hono';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { AccessLevel } from '../contracts/livekit-schema.ts';
import { type AppEnv, type Bindings, isLocalDevelopment } from './env.ts';
import { trimEnd } from '../contracts/text.ts';

export const ACCESS_JWT_HEADER = 'Cf-Access-Jwt-Assertion';
/** Access JWTs are a few KiB at most; anything longer is not one. */
const MAX_JWT_LENGTH = 8192;

/** One key set per team, reused across requests (jose caches and refreshes the keys). */
const keySets = new Map<string, JWTVerifyGetKey>();

/** The team's origin: `https://<team>.cloudflareaccess.com`, from a domain or a full URL. */
export function accessTeamOrigin(setting: string): string | undefined {
  const trimmed = trimEnd(setting.trim(), '/');
  if (trimmed === '') return undefined;
  try {
    return new URL(trimmed.includes('://') ? trimmed : `https://${trimmed}`).origin;
  } catch {
    return undefined;
  }
}

function keySetFor(teamOrigin: string): JWTVerifyGetKey {
  let keys = keySets.get(teamOrigin);
  if (!keys) {
    keys = createRemoteJWKSet(new URL('/cdn-cgi/access/certs', teamOrigin), {
      timeoutDuration: 5_000,
    });
    keySets.set(teamOrigin, keys);
  }
  return keys;
}

/** Whether Access is configured: both the team and the application's audience are set. */
export function accessConfigured(env: Bindings | undefined): boolean {
  return Boolean(env?.ACCESS_TEAM_DOMAIN?.trim() && env.ACCESS_AUD?.trim());
}

/** The emails `ACCESS_OWNER_EMAILS` lists, lower-cased. */
function ownerEmails(env: Bindings | undefined): string[] {
  return (env?.ACCESS_OWNER_EMAILS ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== '');
}

/** What the edge's start-up log warns of in these settings: Access with nobody to own the notes. */
export function startupWarnings(env: Bindings | undefined): string[] {
  return accessConfigured(env) && ownerEmails(env).length === 0
    ? ['ACCESS_OWNER_EMAILS is empty: with Cloudflare Access set, nobody owns BMO’s notes']
    : [];
}

/** Verifies an Access JWT; the owner when it is valid and its email is on the owners' list. */
export async function accessJwtLevel(
  jwt: string | undefined,
  env: Bindings | undefined,
): Promise<AccessLevel> {
  const team = accessTeamOrigin(env?.ACCESS_TEAM_DOMAIN ?? '');
  const audience = env?.ACCESS_AUD?.trim();
  if (!jwt || jwt.length > MAX_JWT_LENGTH || !team || !audience) return 'visitor';
  const owners = ownerEmails(env);
  if (owners.length === 0) return 'visitor';
  try {
    const { payload } = await jwtVerify(jwt, keySetFor(team), {
      issuer: team,
      audience,
      algorithms: ['RS256'],
    });
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : '';
    return owners.includes(email) ? 'owner' : 'visitor';
  } catch (error) {
    // Forged, expired, wrong audience or issuer, or the keys could not be fetched: a visitor.
    console.log(
      JSON.stringify({
        event: 'access_jwt_refused',
        reason: error instanceof Error ? error.name : 'unknown',
      }),
    );
    return 'visitor';
  }
}

export function accessLevel(c: Context<AppEnv>): Promise<AccessLevel> {
  if (accessConfigured(c.env)) return accessJwtLevel(c.req.header(ACCESS_JWT_HEADER), c.env);
  if (isLocalDevelopment(c.env)) {
    const origin = c.req.header('origin');
    return Promise.resolve(origin === new URL(c.req.url).origin ? 'owner' : 'visitor');
  }
  return Promise.resolve('visitor');
}
