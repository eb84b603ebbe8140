/**
 * Whether a click on a link is a plain one (the main button, no modifier key): the kind an element
 * may handle itself. Other clicks open a new tab or window and belong to the browser.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
