/**
 * Reading a Chromium performance trace (`browser.startTracing` with the devtools.timeline
 * categories): the page's renderer main thread, its longest task (wall time, and the largest
 * thread time of any task), and what the longest spent its time on, as self time per trace event
 * name (Layout, UpdateLayoutTree, FunctionCall, V8.CompileCode, …).
 */

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, in µs: what the task cost the thread, without time spent descheduled. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { frames?: { processId?: number; parent?: string }[] } };
}

export interface LongestTask {
  ms: number;
  /** The largest thread time of any task, in ms: the figure least moved by other processes. */
  cpuMs: number;
  /** Self time in ms per trace event name inside the task, largest first. */
  breakdown: [string, number][];
}

interface Thread {
  pid: number;
  tid: number;
}

const sameThread = (event: TraceEvent, thread: Thread) =>
  event.pid === thread.pid && event.tid === thread.tid;

/** The renderer main thread of the traced page: in the process of its main frame, else the busiest. */
export function mainThread(events: readonly TraceEvent[]): Thread | undefined {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const pagePids = new Set(
    events
      .filter((e) => e.name === 'TracingStartedInBrowser')
      .flatMap((e) => e.args?.data?.frames ?? [])
      .filter((frame) => frame.parent === undefined && frame.processId !== undefined)
      .map((frame) => frame.processId),
  );
  const candidates = mains.filter((e) => pagePids.has(e.pid));
  const pool = candidates.length > 0 ? candidates : mains;
  let busiest: Thread | undefined;
  let most = -1;
  for (const thread of pool) {
    const busy = events
      .filter((e) => e.ph === 'X' && e.name === 'RunTask' && sameThread(e, thread))
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (busy > most) {
      most = busy;
      busiest = { pid: thread.pid, tid: thread.tid };
    }
  }
  return busiest;
}

/** Complete events (ph X) of one thread, with B/E pairs folded into complete ones. */
function completeEvents(events: readonly TraceEvent[], thread: Thread): TraceEvent[] {
  const out: TraceEvent[] = [];
  const open: TraceEvent[] = [];
  for (const event of events) {
    if (!sameThread(event, thread)) continue;
    if (event.ph === 'X') out.push(event);
    else if (event.ph === 'B') open.push(event);
    else if (event.ph === 'E') {
      const begin = open.pop();
      if (begin) out.push({ ...begin, ph: 'X', dur: event.ts - begin.ts });
    }
  }
  return out.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

/** Self time per event name within `task`: each event's duration less its children's. */
function selfTimes(task: TraceEvent, events: readonly TraceEvent[]): [string, number][] {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
  const self = new Map<TraceEvent, number>();
  const stack: TraceEvent[] = [];
  for (const event of inside) {
    while (stack.length > 0) {
      const top = stack.at(-1);
      if (top && top.ts + (top.dur ?? 0) <= event.ts) stack.pop();
      else break;
    }
    const parent = stack.at(-1);
    if (parent) self.set(parent, (self.get(parent) ?? 0) - (event.dur ?? 0));
    self.set(event, (self.get(event) ?? 0) + (event.dur ?? 0));
    stack.push(event);
  }
  const byName = new Map<string, number>();
  for (const [event, us] of self) byName.set(event.name, (byName.get(event.name) ?? 0) + us / 1000);
  return [...byName].filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]);
}

/** The longest task on the page's main thread, and what it spent its time on. */
export function longestTask(events: readonly TraceEvent[]): LongestTask {
  const thread = mainThread(events);
  if (!thread) return { ms: 0, cpuMs: 0, breakdown: [] };
  const own = completeEvents(events, thread);
  let longest: TraceEvent | undefined;
  let cpu = 0;
  for (const event of own) {
    if (event.name !== 'RunTask') continue;
    if ((event.dur ?? 0) > (longest?.dur ?? -1)) longest = event;
    cpu = Math.max(cpu, event.tdur ?? 0);
  }
  if (!longest) return { ms: 0, cpuMs: 0, breakdown: [] };
  return { ms: (longest.dur ?? 0) / 1000, cpuMs: cpu / 1000, breakdown: selfTimes(longest, own) };
}
