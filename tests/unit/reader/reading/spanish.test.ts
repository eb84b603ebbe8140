/**
 * The offline reader in Spanish: a session opened for `es` reads from the question to the drawn,
 * shown and interpreted cards and the follow-ups with every phase's words in Spanish (the
 * clarifying question, the spread and its positions, each card's Spanish meaning, the synthesis,
 * the answers), while tool arguments keep the English position labels the page and the agent
 * graph go by. A session with no language reads in English, as before.
 */
import { describe, expect, it } from 'vitest';
import { getCardEs } from '../../../../reader/reading/deck-es.ts';
import {
  IntentHandoff,
  ReadingHandoff,
  SpreadHandoff,
  handoffToolName,
} from '../../../../contracts/reading-schema.ts';
import {
  CLARIFYING_QUESTION_ES,
  POSITIONS_ES,
  SPREADS_ES,
  WORDS_ES,
} from '../../../../reader/reading/words-es.ts';
import { inProcess, type Line } from '../../../support/reader-driver.ts';

function handoffArgs(lines: readonly Line[], to: 'SpreadGeneration' | 'Reading' | 'Followup') {
  const line = lines.find(
    (entry) => entry.kind === 'call' && entry.call.name === handoffToolName(to),
  );
  return line?.kind === 'call' ? line.call.args : undefined;
}

/** English words the reader says in every English reading, none of which a Spanish one may. */
const ENGLISH = /\b(the|you|your|position|card|cards|drew|reading|what|and)\b/i;

function spanishReading() {
  const { driver } = inProcess({ lang: 'es' });
  driver.open();
  driver.say('¿Qué debo esperar en mi trabajo este año?');
  driver.say('Me preocupa que mi jefe no valore mi esfuerzo.');
  return driver;
}

describe('the offline reader in Spanish', () => {
  it('asks its clarifying question in Spanish and hands off an intent read from Spanish words', () => {
    const { driver } = inProcess({ lang: 'es' });
    driver.open();
    driver.createResponse();
    expect(driver.said()[0]).toMatch(/^Te doy la bienvenida a tu lectura\..*¿Qué pregunta/);
    driver.say('¿Qué debo esperar en mi trabajo este año?');
    expect(driver.said().at(-1)).toBe(
      `Gracias por traer esto a las cartas. ${CLARIFYING_QUESTION_ES.career}`,
    );
    driver.say('Me preocupa que mi jefe no valore mi esfuerzo.');
    const intent = IntentHandoff.parse(handoffArgs(driver.lines, 'SpreadGeneration'));
    expect(intent).toMatchObject({ topic: 'career', timeframe: 'este año' });
  });

  it('reads from the question to drawn, shown and interpreted cards, every phase in Spanish', () => {
    const driver = spanishReading();
    expect(driver.agent).toBe('Followup');
    const handoff = SpreadHandoff.parse(handoffArgs(driver.lines, 'Reading'));
    // The spread is named and its roles said in Spanish; its labels stay the English keys.
    expect(handoff.spread.name).toBe(SPREADS_ES['Past, Present and Future']?.name);
    expect(handoff.spread.positions.map((p) => p.label)).toEqual(['Past', 'Present', 'Future']);
    expect(handoff.spread.positions[2]?.role).toBe('hacia dónde van las cosas en este año');
    const spreadSaid = driver.said('SpreadGeneration').join(' ');
    expect(spreadSaid).toContain('Para tu pregunta usaré esta tirada: Pasado, presente y futuro.');
    expect(spreadSaid).toContain('Tiene tres posiciones: Pasado, Presente y Futuro.');
    expect(spreadSaid).toContain(
      `La primera posición, Pasado, muestra ${POSITIONS_ES.Past?.role}.`,
    );
    expect(spreadSaid).toContain('Para la posición Pasado has sacado La Torre.');
    expect(spreadSaid).toContain('Para la posición Presente has sacado Tres de Copas, invertida.');

    const reading = driver.lines.filter((line) => line.agent === 'Reading');
    for (const drawn of handoff.cards) {
      const card = getCardEs(drawn.cardId);
      if (!card) throw new Error(`no Spanish card ${drawn.cardId}`);
      const meaning = (drawn.reversed ? card.reversed : card.upright).meaning;
      const shownAt = reading.findIndex(
        (line) => line.kind === 'call' && line.call.args.cardId === drawn.cardId,
      );
      const readAt = reading.findIndex(
        (line) =>
          line.kind === 'say' && line.text.includes(card.name) && line.text.includes(meaning),
      );
      expect(shownAt).toBeGreaterThanOrEqual(0);
      expect(readAt).toBeGreaterThan(shownAt);
      const label = POSITIONS_ES[drawn.positionLabel]?.label ?? '';
      expect(reading[readAt]?.kind === 'say' && reading[readAt].text).toContain(
        `En la posición ${label}`,
      );
    }
    const delivered = ReadingHandoff.parse(handoffArgs(driver.lines, 'Followup'));
    expect(delivered.interpretations[1]?.summary).toMatch(/^Tres de Copas, invertida: /);
    expect(driver.said('Reading').at(-1)).toContain(WORDS_ES.completeStay);

    for (const text of driver.said()) expect(text).not.toMatch(ENGLISH);
  });

  it('answers follow-ups and draws a clarification card in Spanish', () => {
    const driver = spanishReading();
    driver.say('¿Qué significa La Estrella para mí?');
    const answer = driver.said('Followup').at(-1) ?? '';
    expect(answer).toMatch(
      /^Para «¿Qué significa La Estrella para mí\?», mira La Estrella en la posición Futuro/,
    );
    expect(answer).toContain(getCardEs('the-star')?.upright.meaning.split('.')[0] ?? '-');

    driver.say('¿Puedes sacar otra carta para aclarar el siguiente paso con mi jefe?');
    const draw = driver.callsTo('draw_card').at(-1);
    expect(draw?.args).toEqual({
      positionLabel: 'Clarification',
      promptRole:
        'más luz sobre «¿Puedes sacar otra carta para aclarar el siguiente paso con mi jefe?»',
    });
    expect(driver.callsTo('show_card')).toHaveLength(4);
    expect(driver.said('Followup').join(' ')).toContain('En la posición Aclaración');

    driver.say('Gracias, eso es todo.');
    expect(driver.said('Followup').at(-1)).toBe(WORDS_ES.farewell);
    for (const text of driver.said()) expect(text).not.toMatch(ENGLISH);
  });

  it('follows its demo script in Spanish on a voice turn', () => {
    const { driver } = inProcess({ lang: 'es', modality: 'audio' });
    driver.open();
    driver.speak();
    expect(driver.said()[0]).toMatch(
      /^Soy el lector sin conexión y no puedo oír la voz.*«¿En qué debería centrarme/,
    );
  });

  it('reads in English when the session names no language, as before', () => {
    const { driver } = inProcess();
    driver.open();
    driver.say('What should I focus on in my career this year?');
    expect(driver.said().at(-1)).toMatch(
      /^Thank you for bringing that to the cards\. Before we draw/,
    );
  });
});
