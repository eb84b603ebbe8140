/** The edge's voice call objects (`VoiceCallObject`), the real code, in memory with visible alarms. */
import type { Bindings, DurableObjectNamespaceLike } from '../../edge/env.ts';
import { VoiceCallObject } from '../../edge/voice-calls/call-object.ts';

/** The real call objects, in memory, with their alarms visible. */
export function memoryCalls() {
  const objects = new Map<string, { object: VoiceCallObject; alarm: () => number | undefined }>();
  let env: Bindings = {};
  const namespace: DurableObjectNamespaceLike = {
    idFromName: (name: string) => name,
    get: (id: unknown) => {
      const name = String(id);
      let found = objects.get(name);
      if (!found) {
        const stored = new Map<string, unknown>();
        let alarm: number | undefined;
        const object = new VoiceCallObject(
          {
            storage: {
              get: async <T>(key: string) => stored.get(key) as T | undefined,
              put: async (key: string, value: unknown) =>
                void stored.set(key, structuredClone(value)),
              deleteAll: async () => stored.clear(),
              setAlarm: async (time: number) => void (alarm = time),
            },
          },
          env,
        );
        found = { object, alarm: () => alarm };
        objects.set(name, found);
      }
      const { object } = found;
      return { fetch: (request: Request) => object.fetch(request) };
    },
  };
  return {
    namespace,
    objects,
    setEnv: (next: Bindings) => {
      env = next;
    },
  };
}
