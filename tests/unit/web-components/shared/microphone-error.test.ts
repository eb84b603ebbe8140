import { describe, expect, it } from 'vitest';
import { microphoneProblem } from '../../../../web-components/shared/microphone-error.ts';

describe('the one microphone-error classifier', () => {
  it('calls a refusal blocked, in every browser’s spelling', () => {
    for (const name of ['NotAllowedError', 'SecurityError', 'PermissionDeniedError']) {
      expect(microphoneProblem(new DOMException('no', name))).toBe('blocked');
    }
  });

  it('calls a microphone that would not start busy', () => {
    for (const name of ['NotReadableError', 'AbortError', 'TrackStartError']) {
      expect(microphoneProblem(new DOMException('no', name))).toBe('busy');
    }
  });

  it('calls no microphone, or none that fits, missing', () => {
    for (const name of ['NotFoundError', 'OverconstrainedError', 'DevicesNotFoundError']) {
      expect(microphoneProblem(new DOMException('no', name))).toBe('missing');
    }
  });

  it('says nothing of errors that are not the microphone’s', () => {
    expect(microphoneProblem(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(microphoneProblem('NotAllowedError')).toBeUndefined();
    expect(microphoneProblem({ name: 'toString' })).toBeUndefined();
    expect(microphoneProblem(null)).toBeUndefined();
  });
});
