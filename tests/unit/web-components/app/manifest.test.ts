import { describe, expect, it, vi } from 'vitest';
import { forDocs } from '../../../../scripts/vite-manifest-plugin.ts';
import { elementDocs } from '../../../../web-components/app/manifest.ts';

// The build provides the manifest; each test hands elementDocs its own.
vi.mock('virtual:va-manifest', () => ({ default: { modules: [] } }));

const manifest = {
  modules: [
    {
      path: 'dist/web-components/bmo/bmo-face/bmo-face.js',
      declarations: [
        {
          kind: 'class',
          customElement: true,
          tagName: 'bmo-face',
          name: 'BmoFace',
          summary: 'BMO’s face.',
          attributes: [
            { name: 'state', type: { text: 'BmoAgentState' }, description: 'What BMO is doing.' },
            { name: 'label', type: { text: 'string' }, description: 'The face’s name.' },
          ],
          members: [
            {
              kind: 'field',
              name: 'state',
              attribute: 'state',
              type: { text: 'BmoAgentState' },
              description: 'What BMO is doing.',
              default: "'disconnected'",
            },
            {
              kind: 'field',
              name: 'label',
              attribute: 'label',
              type: { text: 'string | undefined' },
              description: 'The face’s name, read by a screen reader.',
            },
          ],
        },
      ],
    },
  ],
};

describe('the docs page’s elements, from the manifest the build gives it', () => {
  it('show each property with the same name, type and words as the whole manifest gives', () => {
    const words = (docs: ReturnType<typeof elementDocs>) =>
      docs.map((doc) =>
        doc.properties.map(({ name, type, description }) => ({ name, type, description })),
      );
    const built = elementDocs(forDocs(manifest) as Parameters<typeof elementDocs>[0]);
    expect(words(built)).toEqual(words(elementDocs(manifest)));
    expect(built[0]?.properties[0]).toMatchObject({
      name: 'state',
      type: { text: 'BmoAgentState' },
      description: 'What BMO is doing.',
    });
    expect(built[0]?.properties[1]).toMatchObject({
      type: { text: 'string | undefined' },
      description: 'The face’s name, read by a screen reader.',
    });
  });
});
