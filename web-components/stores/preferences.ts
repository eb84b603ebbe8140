/**
 * The visitor's saved preferences: reduced motion (combined with the system setting) and sound.
 * Saved in localStorage where it is available; the stores still work where it is not.
 *
 * Page-wide on purpose, and the only page-wide stores besides the page announcer: a visitor's
 * choice about motion and sound holds for every element on the page (and the next visit), so
 * every reading and assistant reads these same atoms. Session state never lives here.
 */
import { atom, computed, onMount } from 'nanostores';

const STORAGE_KEY = 'voice-agent-elements:preferences';

export type MotionChoice = 'system' | 'reduce' | 'full';

interface Saved {
  motion: MotionChoice;
  soundMuted: boolean;
}

function readSaved(): Saved {
  const fallback: Saved = { motion: 'system', soundMuted: false };
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return fallback;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return fallback;
    const motion = 'motion' in parsed ? parsed.motion : undefined;
    const soundMuted = 'soundMuted' in parsed ? parsed.soundMuted : undefined;
    return {
      motion: motion === 'reduce' || motion === 'full' ? motion : 'system',
      soundMuted: soundMuted === true,
    };
  } catch {
    return fallback;
  }
}

function save(): void {
  try {
    globalThis.localStorage?.setItem(
      STORAGE_KEY,
      JSON.stringify({ motion: $motionChoice.get(), soundMuted: $soundMuted.get() }),
    );
  } catch {
    // Storage can be full or blocked; the choice still holds for this page.
  }
}

const saved = readSaved();

/** The user's own choice about motion, saved. */
export const $motionChoice = atom<MotionChoice>(saved.motion);
/** Whether sound effects are muted, saved. */
export const $soundMuted = atom<boolean>(saved.soundMuted);

/** The system's `prefers-reduced-motion`, live. */
export const $systemReducedMotion = atom<boolean>(false);

onMount($systemReducedMotion, () => {
  const query = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
  if (!query) return;
  $systemReducedMotion.set(query.matches);
  const onChange = (event: MediaQueryListEvent): void => $systemReducedMotion.set(event.matches);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
});

/** Whether to reduce motion: the saved choice, else the system setting. Read this one. */
export const $reducedMotion = computed([$motionChoice, $systemReducedMotion], (choice, system) =>
  choice === 'system' ? system : choice === 'reduce',
);

export function setMotionChoice(choice: MotionChoice): void {
  $motionChoice.set(choice);
  save();
}

export function setSoundMuted(muted: boolean): void {
  $soundMuted.set(muted);
  save();
}
