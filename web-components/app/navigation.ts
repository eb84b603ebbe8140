/**
 * How a page asks the hosted page's router to go somewhere: `navigate(path)` pushes the address
 * and tells the router with an event. Pages import this module, never the router, so the router
 * can load pages without an import circle.
 */

/** Fired on `window` after `navigate()` changed the address; the router renders the new page. */
export const NAVIGATE_EVENT = 'app-navigate';

/** Navigates within the page (no reload). */
export function navigate(path: string): void {
  if (path === location.pathname + location.search) return;
  history.pushState(null, '', path);
  dispatchEvent(new Event(NAVIGATE_EVENT));
}
