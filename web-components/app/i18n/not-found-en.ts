/** The strings of the page shown for an unknown address, in English (see header-en.ts). */
export const notFoundEn = {
  notFoundTitle: 'Page not found',
  notFoundLede: 'There is nothing at this address.',
  notFoundHome: 'Go to the start',
};
