import { app } from './app.ts';

export default app;
export { ReaderSessionObject } from './reader/session-object.ts';
export { ClientBudgetObject } from './budget.ts';
export { VoiceCallObject } from './voice-calls/call-object.ts';
export { RelaySessionObject } from './relay/relay-object.ts';
export { BmoRoomsObject } from './bmo-rooms.ts';
export { SiteCeilingObject } from './ceiling.ts';
