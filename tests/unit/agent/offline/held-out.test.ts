/**
 * The offline BMO on a vault written apart from its code (tests/vaults/held-out): each note states
 * a value in one of the forms docs/running.md lists ("my X is …", "X: …", a list item, a table
 * row, a heading then a line), values of every shape. Asked for one, BMO puts exactly it on the cassette
 * and says so; asked for something the vault does not hold, it says so and puts nothing there. A
 * visitor's BMO reads only the public note.
 */
import { describe, expect, it } from 'vitest';
import { askHeldOutVault } from '../../helpers/bmo-vaults.ts';

const ask = askHeldOutVault();

describe('the offline BMO reads what a note states, in any form and of any shape', () => {
  it.each([
    // "my X is …": letters and digits with dashes (the case the issue reported)
    ["What's my locker combination at the climbing gym?", '3Q-81-VX-06'],
    // "… is" at a line's end, the value on the next line: words and digits with spaces
    ['What is the padlock code for my storage unit?', '88 tango 19'],
    // "X: …": symbols
    ['What is the parental PIN for streaming?', '5%7#'],
    // "X: …": words and spaces only
    ["What's my streaming recovery phrase?", 'maple orbit cinder lantern'],
    // "X: …": an email address
    ["What's the email of my streaming account?", 'finn.mertens@ooo.example'],
    // a two-column table row
    ["What's my bike frame serial?", 'WTU 4471 B9'],
    // a row of a wider table, by its column: slashes, a letter beyond ASCII
    ["What's my Harbor Home policy number?", 'HH-Ø-7781'],
    ["What's the policy number for Lumen Mutual?", 'LM/22-0931/b'],
    // list items with a dash, and with an equals sign
    ["What's my Lisbon hotel confirmation?", '7731-ALF-2'],
    ['I forgot my hotel confirmation in Lisbon, can you check?', '7731-ALF-2'],
    // one word more than the note says, beside three it does
    ["What's my locker combination at the climbing gym downtown?", '3Q-81-VX-06'],
    ['What is my airport parking in Lisbon?', 'P3, bay 118'],
    // a heading, then the value alone on its line
    ["What's my alarm panel code?", '*0915 then OFF'],
  ])('"%s" puts %s on the cassette', async (question, value) => {
    const { cassettes, said, calls } = await ask(question);
    expect(calls).toEqual(['obsidian-query', 'present_to_cassette']);
    expect(cassettes).toEqual([{ type: 'cassette', title: expect.any(String), content: value }]);
    expect(said).toContain(value);
    expect(said).toMatch(/cassette/i);
  });

  it.each([
    // nothing in the vault about it
    "What's my passport number?",
    // the note is there, the value asked for is not
    "What's my gym membership number?",
    "What's my Lisbon return flight number?",
    'What is the gate code at my storage unit?',
    "What's my bike lock combination?",
  ])('"%s" is answered as not in the notes, with nothing on the cassette', async (question) => {
    const { cassettes, said, calls } = await ask(question);
    expect(calls).not.toContain('present_to_cassette');
    expect(cassettes).toEqual([]);
    expect(said).toMatch(/couldn't find anything|but no .+ that fits/);
    expect(said).toContain('Nothing to put on the cassette');
  });

  it('reads a visitor only the public note: its value, and of a private one not a word', async () => {
    const visitor = await ask("What's the chess club door code?", 'visitor');
    expect(visitor.cassettes).toEqual([
      { type: 'cassette', title: expect.any(String), content: '2580-X' },
    ]);
    const denied = await ask("What's my locker combination at the climbing gym?", 'visitor');
    expect(denied.cassettes).toEqual([]);
    expect(denied.said).toMatch(/couldn't find anything/);
    expect(denied.said).not.toMatch(/3Q-81|Climbing|locker combination at/);
    const owner = await ask("What's my locker combination at the climbing gym?", 'owner');
    expect(owner.cassettes).toEqual([
      { type: 'cassette', title: expect.any(String), content: '3Q-81-VX-06' },
    ]);
  });
});
