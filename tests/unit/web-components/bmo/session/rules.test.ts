import { ConnectionError, ParticipantKind } from 'livekit-client';
import { describe, expect, it } from 'vitest';
import { encodeCassette } from '../../../../../contracts/cassette-schema.ts';
import { EdgeError, type EdgeErrorCode } from '../../../../../web-components/shared/edge-client.ts';
import {
  AGENT_PARTICIPANT_KIND,
  acceptCassettePacket,
  agentStateFromAttribute,
  isRejoinResend,
  REJOIN_RESEND_WINDOW_MS,
  microphoneError,
  roomProblem,
  tokenProblem,
  tokenRequestBody,
} from '../../../../../web-components/bmo/session/rules.ts';

const good = encodeCassette({
  type: 'cassette',
  title: 'Philhealth ID',
  content: '1234-5678-9012',
});

describe('acceptCassettePacket', () => {
  it("uses LiveKit's own number for an agent participant", () => {
    expect(AGENT_PARTICIPANT_KIND).toBe(ParticipantKind.AGENT);
  });

  it('accepts a cassette an agent sent on topic "cassette", as bytes or as text', () => {
    for (const payload of [good, new TextDecoder().decode(good)]) {
      const decision = acceptCassettePacket({
        participantKind: ParticipantKind.AGENT,
        topic: 'cassette',
        payload,
      });
      expect(decision).toEqual({
        accept: true,
        cassette: { type: 'cassette', title: 'Philhealth ID', content: '1234-5678-9012' },
      });
    }
  });

  it('drops a cassette sent by a participant that is not an agent', () => {
    for (const participantKind of [
      ParticipantKind.STANDARD,
      ParticipantKind.INGRESS,
      ParticipantKind.EGRESS,
      ParticipantKind.SIP,
      undefined,
    ]) {
      const decision = acceptCassettePacket({ participantKind, topic: 'cassette', payload: good });
      expect(decision).toMatchObject({ accept: false, reason: 'not_agent' });
    }
  });

  it('drops a packet on another topic, even from the agent', () => {
    for (const topic of ['lk.chat', 'Cassette', '', undefined]) {
      const decision = acceptCassettePacket({
        participantKind: ParticipantKind.AGENT,
        topic,
        payload: good,
      });
      expect(decision).toMatchObject({ accept: false, reason: 'wrong_topic' });
    }
  });

  it('drops what the contract does not parse, with the reason', () => {
    const bad: (string | Uint8Array)[] = [
      'not json',
      '[]',
      JSON.stringify({ type: 'card', title: 'x', content: 'y' }),
      JSON.stringify({ type: 'cassette', title: '', content: 'y' }),
      JSON.stringify({ type: 'cassette', title: 'x'.repeat(61), content: 'y' }),
      JSON.stringify({ type: 'cassette', title: 'x' }),
      new Uint8Array([0xff, 0xfe, 0x00]),
    ];
    for (const payload of bad) {
      const decision = acceptCassettePacket({
        participantKind: ParticipantKind.AGENT,
        topic: 'cassette',
        payload,
      });
      expect(decision.accept).toBe(false);
      if (!decision.accept) {
        expect(decision.reason).toBe('invalid');
        expect(decision.error.length).toBeGreaterThan(0);
      }
    }
  });

  it('keeps markup in the content as it is (the slot shows it as text)', () => {
    const payload = JSON.stringify({
      type: 'cassette',
      title: 'Markup',
      content: '<img src=x onerror=alert(1)>',
    });
    const decision = acceptCassettePacket({
      participantKind: ParticipantKind.AGENT,
      topic: 'cassette',
      payload,
    });
    expect(decision.accept && decision.cassette.content).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('isRejoinResend', () => {
  const shown = { title: 'PhilHealth ID', content: '12-345678901-2' };

  it("treats the agent's re-send of the cassette on show, just after a rejoin, as nothing new", () => {
    expect(isRejoinResend(shown, { ...shown }, 1_200)).toBe(true);
  });

  it('shows a different cassette, or the same one long after joining, as new', () => {
    expect(isRejoinResend(shown, { ...shown, content: '99-999999999-9' }, 1_200)).toBe(false);
    expect(isRejoinResend(shown, { ...shown, title: 'Other' }, 1_200)).toBe(false);
    expect(isRejoinResend(shown, { ...shown }, REJOIN_RESEND_WINDOW_MS + 1)).toBe(false);
    expect(isRejoinResend(null, shown, 1_200)).toBe(false);
  });
});

describe('agentStateFromAttribute', () => {
  it("maps the agent's lk.agent.state to BMO's face", () => {
    expect(agentStateFromAttribute('listening')).toBe('listening');
    expect(agentStateFromAttribute('idle')).toBe('listening');
    expect(agentStateFromAttribute('thinking')).toBe('thinking');
    expect(agentStateFromAttribute('speaking')).toBe('speaking');
    expect(agentStateFromAttribute('initializing')).toBe('connecting');
    expect(agentStateFromAttribute(undefined)).toBe('connecting');
    expect(agentStateFromAttribute('dancing')).toBe('connecting');
  });
});

describe('microphoneError', () => {
  it('offers text when the microphone is denied, and says so', () => {
    for (const name of ['NotAllowedError', 'PermissionDeniedError', 'SecurityError']) {
      const problem = microphoneError(new DOMException('denied', name));
      expect(problem.code).toBe('mic_denied');
      expect(problem.message).toMatch(/type to BMO/);
    }
  });

  it('tells a missing or busy microphone apart from a denied one', () => {
    for (const name of ['NotFoundError', 'NotReadableError', 'OverconstrainedError']) {
      expect(microphoneError(new DOMException('no mic', name)).code).toBe('mic_unavailable');
    }
    expect(microphoneError('something odd').code).toBe('mic_unavailable');
  });
});

describe('roomProblem', () => {
  it('says in plain words that the conversation server is not taking conversations when the join fails after a token', () => {
    // what livekit-client throws in Chromium when the node's Redis is stopped (tried against a
    // real livekit-server): a WebSocket error with no status
    const redisDown = ConnectionError.websocket(
      'could not establish signal connection: Encountered websocket error during connection establishment',
    );
    const problem = roomProblem(redisDown);
    expect(problem).toEqual({
      code: 'connect_failed',
      message:
        "BMO's conversation server is not taking conversations right now. Try again in a minute.",
    });
    expect(problem.message).not.toContain('signal connection');
    expect(roomProblem(ConnectionError.serverUnreachable('down')).message).toBe(problem.message);
    expect(roomProblem(new Error('anything')).message).toBe(problem.message);
  });

  it('tells a refused pass apart from a server that cannot take conversations', () => {
    const refused = roomProblem(ConnectionError.notAllowed('invalid token', 401));
    expect(refused.message).toContain('turned this conversation away');
  });
});

describe('tokenProblem', () => {
  const url = '/api/livekit/token';
  const page = 'https://bmo.example/bmo';
  const edgeError = (code: EdgeErrorCode, status: number | undefined, detail?: string) =>
    new EdgeError(detail ?? 'x', { code, status, detail });

  it('explains that LiveKit is not configured on a 503 not_configured', () => {
    const problem = tokenProblem(
      edgeError('not_configured', 503, 'Set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET.'),
      url,
      page,
    );
    expect(problem.code).toBe('not_configured');
    expect(problem.message).toContain('LiveKit is not configured');
    expect(problem.message).toContain('LIVEKIT_URL');
  });

  it('reports other refusals as a failed connection, with the server message when it sent one', () => {
    expect(tokenProblem(edgeError('rate_limited', 429), url, page)).toMatchObject({
      code: 'connect_failed',
    });
    expect(
      tokenProblem(
        edgeError('forbidden_origin', 403, 'Origin https://evil.example may not use this API.'),
        url,
        page,
      ),
    ).toEqual({
      code: 'connect_failed',
      message:
        "This site is not allowed to talk to BMO's server. The site's owner can allow it on the server.",
    });
    const other = tokenProblem(
      edgeError('bad_request', 400, 'Invalid request body: participantName: Too big'),
      url,
      page,
    );
    expect(other).toMatchObject({ code: 'connect_failed' });
    expect(other.message).toContain('participantName: Too big');
    expect(tokenProblem(edgeError('http', 500), url, page).message).toContain('HTTP 500');
    expect(tokenProblem(edgeError('upstream_unavailable', 503, 'x'), url, page).code).toBe(
      'connect_failed',
    );
    expect(tokenProblem(edgeError('invalid_response', 200), url, page).message).toContain(
      'did not understand',
    );
    expect(tokenProblem(new Error('odd'), url, page).code).toBe('connect_failed');
  });

  it('names the other site’s server when it could not be reached', () => {
    const problem = tokenProblem(
      edgeError('network', undefined),
      'https://edge.example/api/livekit/token',
      page,
    );
    expect(problem.message).toContain("Could not reach BMO's server at edge.example.");
  });
});

describe('tokenRequestBody', () => {
  it("sends the browser's time zone and the name when the contract accepts them", () => {
    expect(tokenRequestBody({ participantName: 'Finn', timeZone: 'Asia/Manila' })).toEqual({
      participantName: 'Finn',
      timeZone: 'Asia/Manila',
    });
  });

  it('leaves out what the contract would refuse, so the request still goes', () => {
    expect(tokenRequestBody({ participantName: '', timeZone: 'Mars/Olympus_Mons' })).toEqual({});
    expect(tokenRequestBody({})).toEqual({});
  });
});
