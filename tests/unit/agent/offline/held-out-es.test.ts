/**
 * The held-out vault's questions (tests/unit/agent/offline/held-out.test.ts) asked in Spanish, as a
 * visitor whose token says `bmo.lang` = `es` asks them: the notes are in English, the questions in
 * Spanish word order with Spanish's articles, contractions and clitics ("el número de serie del
 * cuadro de mi bici", "¿me la buscas?"). BMO puts exactly the value on the cassette and says so in
 * Spanish; asked for what the vault does not hold, it says so in Spanish with nothing on the
 * cassette; a visitor's BMO reads only the public note.
 */
import { describe, expect, it } from 'vitest';
import { askHeldOutVault } from '../../helpers/bmo-vaults.ts';

const ask = askHeldOutVault('es');

describe('the offline BMO, asked in Spanish, reads what a note states in any form and of any shape', () => {
  it.each([
    // "my X is …"
    ['¿Cuál es la combinación de mi taquilla en el rocódromo?', '3Q-81-VX-06'],
    // "… is" at a line's end, the value on the next line
    ['¿Cuál es el código del candado de mi trastero?', '88 tango 19'],
    // "X: …": symbols
    ['¿Cuál es el PIN de control parental del streaming?', '5%7#'],
    // "X: …": words and spaces only
    ['¿Cuál es la frase de recuperación de mi streaming?', 'maple orbit cinder lantern'],
    // "X: …": an email address
    ['¿Cuál es el correo de mi cuenta de streaming?', 'finn.mertens@ooo.example'],
    // a two-column table row
    ['¿Cuál es el número de serie del cuadro de mi bici?', 'WTU 4471 B9'],
    // a row of a wider table, by its column
    ['¿Cuál es mi número de póliza de Harbor Home?', 'HH-Ø-7781'],
    ['¿Cuál es el número de póliza de Lumen Mutual?', 'LM/22-0931/b'],
    // list items with a dash, and with an equals sign
    ['¿Cuál es la confirmación de mi hotel en Lisboa?', '7731-ALF-2'],
    ['Se me olvidó la confirmación del hotel en Lisboa, ¿me la buscas?', '7731-ALF-2'],
    // one word more than the note says, beside three it does
    ['¿Cuál es la combinación de mi taquilla en el rocódromo del centro?', '3Q-81-VX-06'],
    ['¿Dónde aparqué en el aeropuerto de Lisboa?', 'P3, bay 118'],
    // a heading, then the value alone on its line
    ['¿Cuál es el código del panel de la alarma?', '*0915 then OFF'],
  ])('"%s" puts %s on the cassette and says so in Spanish', async (question, value) => {
    const { cassettes, said, calls } = await ask(question);
    expect(calls).toEqual(['obsidian-query', 'present_to_cassette']);
    expect(cassettes).toEqual([{ type: 'cassette', title: expect.any(String), content: value }]);
    expect(said).toContain(value);
    expect(said).toMatch(
      /^Lo encontré en tu nota «.+»: .+ ¡También te lo he puesto en el casete!$/,
    );
  });

  it.each([
    // nothing in the vault about it
    '¿Cuál es mi número de pasaporte?',
    // the note is there, the value asked for is not
    '¿Cuál es mi número de socio del gimnasio?',
    '¿Cuál es el número de mi vuelo de vuelta de Lisboa?',
    '¿Cuál es el código de la verja de mi trastero?',
    '¿Cuál es la combinación del candado de mi bici?',
  ])(
    '"%s" is answered in Spanish as not in the notes, with nothing on the cassette',
    async (question) => {
      const { cassettes, said, calls } = await ask(question);
      expect(calls).not.toContain('present_to_cassette');
      expect(cassettes).toEqual([]);
      expect(said).toMatch(/no ha encontrado nada sobre|pero ningún dato/);
      expect(said).toContain('Esta vez no hay nada para el casete');
    },
  );

  it('reads a visitor only the public note: its value, and of a private one not a word', async () => {
    const visitor = await ask('¿Cuál es el código de la puerta del club de ajedrez?', 'visitor');
    expect(visitor.cassettes).toEqual([
      { type: 'cassette', title: expect.any(String), content: '2580-X' },
    ]);
    const denied = await ask('¿Cuál es la combinación de mi taquilla en el rocódromo?', 'visitor');
    expect(denied.cassettes).toEqual([]);
    expect(denied.said).toMatch(/no ha encontrado nada sobre/);
    expect(denied.said).not.toMatch(/3Q-81|Climbing|locker combination/);
    const owner = await ask('¿Cuál es la combinación de mi taquilla en el rocódromo?', 'owner');
    expect(owner.cassettes).toEqual([
      { type: 'cassette', title: expect.any(String), content: '3Q-81-VX-06' },
    ]);
  });
});
