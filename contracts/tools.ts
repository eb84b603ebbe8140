/**
 * Tool names that cross a boundary: the browser registers the tarot tools and the offline reader
 * calls them by name; the agent worker registers BMO's tools and the prompt and tests name them.
 * One spelling each, here.
 */
import { z } from 'zod';

/** The tarot's tool that asks the visitor to draw a card for a spread position. */
export const DRAW_CARD = 'draw_card';
/** The tarot's tool that turns a drawn card face up before it is interpreted. */
export const SHOW_CARD = 'show_card';
export const TarotToolName = z.enum([DRAW_CARD, SHOW_CARD]);
export type TarotToolName = z.infer<typeof TarotToolName>;

/** BMO's clock tool. */
export const GET_CURRENT_TIME = 'get_current_time';
/** BMO's search over the Markdown vault. */
export const OBSIDIAN_QUERY = 'obsidian-query';
/** BMO's tool that puts precise data on the cassette. */
export const PRESENT_TO_CASSETTE = 'present_to_cassette';
export const BmoToolName = z.enum([GET_CURRENT_TIME, OBSIDIAN_QUERY, PRESENT_TO_CASSETTE]);
export type BmoToolName = z.infer<typeof BmoToolName>;
