/**
 * The /docs page's own strings in English: its headings, table heads, buttons and the embedder's
 * checklist. What each element's manifest says (summaries, descriptions, types) is the elements'
 * JSDoc, in English, and shown marked as English. `{name}` in a string is code the page sets in
 * its place. Other languages have the same keys (`docs-es.ts`, `docs-fr.ts`, …).
 */
export const docsEn = {
  heading: 'Elements',
  lede: 'Every element of {package}, from its manifest: install it with {install} or load a family from this site’s {embed}. Light or dark follows your system; {light} or {dark} fixes it.',
  elementsNav: 'Elements',
  checklist: "Embedder's checklist",
  familyClass: 'family {family}, class {class}',
  liveExample: 'Live example',
  asLauncher: 'As a launcher',
  launcherAbout:
    'With {variant} it waits behind a button in a corner of the page: this one is in the {corner} corner.',
  /** A launcher's corner (`bottom-left`, …) in words. */
  corner: (placement: string): string => placement.replace('-', ' '),
  attributes: 'Attributes',
  properties: 'Properties',
  events: 'Events',
  slots: 'Slots',
  parts: 'Parts',
  customProperties: 'Custom properties',
  attribute: 'Attribute',
  property: 'Property',
  event: 'Event',
  slot: 'Slot',
  part: 'Part',
  type: 'Type',
  detail: 'Detail',
  description: 'Description',
  defaultSlot: '(default)',
  useIt: 'Use it',
  scriptTag: 'Script tag',
  plainEsm: 'npm, plain ESM',
  copy: 'Copy',
  copyLabel: (snippet: string, tag: string): string => `Copy the ${snippet} snippet for ${tag}`,
  copied: 'Copied',
  selectAndCopy: 'Select and copy',
  cspNote:
    'Your edge (tokens), OpenAI (text readings over WebSocket, voice over WebRTC), and your LiveKit host (BMO). The offline reader needs only the edge (its WebSocket is wss: on the same host).',
  micPolicyNote:
    'Voice readings and BMO ask for the microphone; a policy that denies it makes them say so and offer text.',
  iframeNote: 'An iframe without it never gets the microphone, whatever the visitor answers.',
  originsNote:
    'An edge on another origin refuses your site’s token requests until its origin is listed (enforced on the server, not only by CORS).',
  onIframes: '{allow} on iframes',
  onTheEdge: '{origins} on the edge',
  // The live examples' own content.
  exampleQuestion: 'What does the Star mean?',
  exampleAnswer: 'Hope, renewal, a clear direction.',
  exampleConsent:
    'We send your voice to our reader to answer you; nothing is kept after the reading.',
  exampleLauncher: 'Example launcher',
  exampleLauncherContent: 'Any content opens here. Escape or Close puts it away.',
  exampleListening: 'Listening',
  exampleIntent: 'Intent',
  liveRegions: 'Live regions (visually hidden)',
};

export type DocsStrings = typeof docsEn;
