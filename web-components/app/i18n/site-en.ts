/**
 * The site's name and the tab title's shape in English: what the router needs in every route's
 * first load, apart from the rest of the header's strings (header-en.ts), which only a switch of
 * language reads.
 */
export const SITE_NAME_EN = 'Voice agents';

/** A route's title in the browser's tab: "Tarot reading · Voice agents". */
export const titleEn = (page: string, site: string): string => `${page} · ${site}`;
