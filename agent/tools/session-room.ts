/**
 * How a tool reaches the LiveKit room and the user, the way the SDK's own tools do (its
 * `send_dtmf` tool): the session's room IO first, else the job's room. In
 * `voice.testing` there is neither, and tools must say so rather than throw.
 */
import { type Room, type RemoteParticipant } from '@livekit/rtc-node';
import { getJobContext, type voice } from '@livekit/agents';

export function sessionRoom(ctx: voice.RunContext<unknown>): Room | undefined {
  return ctx.session._roomIO?.rtcRoom ?? getJobContext(false)?.room;
}

/** The participant the session listens to (the visitor), when linked. */
export function linkedParticipant(ctx: voice.RunContext<unknown>): RemoteParticipant | undefined {
  return ctx.session._roomIO?.linkedParticipant;
}
