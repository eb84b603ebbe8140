import { describe, expect, it } from 'vitest';
import { forDocs } from '../../../scripts/vite-manifest-plugin.ts';

/** A module as the analyzer writes one: an element beside a helper, members of every kind. */
const manifest = {
  schemaVersion: '2.1.0',
  modules: [
    {
      kind: 'javascript-module',
      path: 'voice/voice-launcher/voice-launcher.ts',
      declarations: [
        {
          kind: 'class',
          customElement: true,
          tagName: 'voice-launcher',
          name: 'VoiceLauncher',
          summary: 'A button in a corner.',
          description: '',
          superclass: { name: 'LitElement', package: 'lit' },
          attributes: [
            {
              name: 'placement',
              type: { text: 'VoiceLauncherPlacement' },
              default: "'bottom-right'",
              description: 'The corner.',
              fieldName: 'placement',
            },
          ],
          members: [
            {
              kind: 'field',
              name: 'placement',
              type: { text: 'VoiceLauncherPlacement' },
              default: "'bottom-right'",
              description: 'The corner.',
              attribute: 'placement',
              reflects: true,
            },
            { kind: 'field', name: 'styles', static: true, default: 'css`…`' },
            { kind: 'field', name: 'opened', privacy: 'private' },
            { kind: 'field', name: '#locale', default: 'voiceLocale(this)' },
            { kind: 'method', name: 'close', description: 'Closes it.' },
            {
              kind: 'field',
              name: 'unread',
              type: { text: 'number' },
              inheritedFrom: { name: 'Base', module: 'base.ts' },
            },
          ],
          events: [{ name: 'voice-launcher-open', type: { text: 'CustomEvent' } }],
          slots: [{ name: '', description: 'The panel.' }],
          cssParts: [{ name: 'button', description: 'The button.' }],
          cssProperties: [{ name: '--va-launcher-size', default: '3.5rem' }],
        },
        { kind: 'function', name: 'launcherLabel', parameters: [{ name: 'n' }] },
      ],
      exports: [{ kind: 'js', name: 'VoiceLauncher' }],
    },
    {
      kind: 'javascript-module',
      path: 'stores/preferences.ts',
      declarations: [{ kind: 'variable', name: '$reducedMotion' }],
    },
  ],
};

describe("the docs page's manifest", () => {
  it('keeps what /docs shows of each element: its names and words, and each attribute, public field, event, slot, part and custom property by name, words and type (a field’s where its attribute’s differ)', () => {
    expect(JSON.parse(JSON.stringify(forDocs(manifest)))).toEqual({
      modules: [
        {
          path: 'voice/voice-launcher/voice-launcher.ts',
          declarations: [
            {
              tagName: 'voice-launcher',
              name: 'VoiceLauncher',
              customElement: true,
              summary: 'A button in a corner.',
              description: '',
              attributes: [
                {
                  name: 'placement',
                  description: 'The corner.',
                  type: { text: 'VoiceLauncherPlacement' },
                },
              ],
              members: [
                // its words are its attribute's, which the page shows it with
                { kind: 'field', attribute: 'placement', name: 'placement' },
                { kind: 'field', name: 'unread', type: { text: 'number' } },
              ],
              events: [{ name: 'voice-launcher-open', type: { text: 'CustomEvent' } }],
              slots: [{ name: '', description: 'The panel.' }],
              cssParts: [{ name: 'button', description: 'The button.' }],
              cssProperties: [{ name: '--va-launcher-size' }],
            },
          ],
        },
      ],
    });
  });

  it('leaves out what no site uses: static, private and #-named members, methods, defaults’ code, other declarations and modules without an element', () => {
    const kept = JSON.stringify(forDocs(manifest));
    for (const gone of ['styles', 'opened', '#locale', 'close', 'launcherLabel'])
      expect(kept).not.toContain(`"${gone}`);
    for (const gone of [
      'default',
      'inheritedFrom',
      'reflects',
      'fieldName',
      'superclass',
      'exports',
    ])
      expect(kept).not.toContain(`"${gone}"`);
  });
});
