/**
 * BMO_MAX_JOBS as a hard limit. LiveKit dispatches by the load a worker last reported (every 2.5
 * s), so a burst of visitors inside one interval can all land on one worker: the scale test saw
 * 9 jobs on a worker of 8. Each request is answered against what this worker holds now: its
 * running jobs plus those it accepted that have not started yet (a job process takes seconds to
 * start, up to the job init timeout). A refused request goes to another worker.
 */
export class JobCapacity {
  readonly #max: number;
  readonly #launchMs: number;
  /** Jobs accepted here, by id, with when: running, starting, or since ended. */
  readonly #accepted = new Map<string, number>();
  /** Accepted jobs seen running: once one is gone from the running jobs, it has ended. */
  readonly #seenRunning = new Set<string>();

  /** `max`: BMO_MAX_JOBS; `launchMs`: how long an accepted job may take to show as running. */
  constructor(max: number, launchMs: number) {
    this.#max = max;
    this.#launchMs = launchMs;
  }

  /**
   * The jobs this worker holds: `running` (ids), and those accepted and still starting. Called
   * with the running jobs often (each request, each load report), so a job seen running is freed
   * as soon as it ends, not a start window after it was accepted.
   */
  held(running: readonly string[], now: number): number {
    const live = new Set(running);
    for (const [id, at] of this.#accepted) {
      if (live.has(id)) this.#seenRunning.add(id);
      // gone from the running jobs after it ran, or after its start window: it ended (or never
      // started)
      else if (this.#seenRunning.has(id) || now - at > this.#launchMs) {
        this.#accepted.delete(id);
        this.#seenRunning.delete(id);
      }
    }
    let starting = 0;
    for (const id of this.#accepted.keys()) if (!live.has(id)) starting += 1;
    return live.size + starting;
  }

  /**
   * The load to report to LiveKit: the share of the maximum this worker holds, jobs still
   * starting included. A job process takes seconds to start (tens of seconds on a busy machine),
   * and LiveKit draws workers by the load last reported: counted only once running, a burst's
   * jobs all looked like headroom, one worker was sent ten while the others had three, it
   * refused the next at its maximum, and LiveKit's retry on another worker came too late.
   */
  load(running: readonly string[], now: number): number {
    return this.held(running, now) / this.#max;
  }

  /** Takes the job if this worker holds fewer than its maximum; false: refuse it. */
  take(jobId: string, running: readonly string[], now: number): boolean {
    if (this.held(running, now) >= this.#max) return false;
    this.#accepted.set(jobId, now);
    return true;
  }
}
