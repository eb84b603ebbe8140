/**
 * The part of livekit-client BMO's session uses, by name: a bundler keeps only what these reach,
 * where `import('livekit-client')` would keep the whole SDK (its token sources, its end-to-end
 * encryption helpers, its track processors). `BmoRoom` loads this module when a session connects.
 */
export {
  ConnectionState,
  DisconnectReason,
  LogLevel,
  ParticipantKind,
  Room,
  RoomEvent,
  Track,
  setLogLevel,
} from 'livekit-client';
