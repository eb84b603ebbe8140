/** The hosted page's strings in Brazilian Portuguese (the keys of en.ts; "você"). */
import type { AppStrings } from './en.ts';

export const appPt: AppStrings = {
  siteName: 'Agentes de voz',
  title: (page, site) => `${page} · ${site}`,
  skipLink: 'Pular para o conteúdo',
  mainNav: 'Principal',
  navReading: 'Leitura de tarô',
  navBmo: 'BMO',
  navDocs: 'Elementos',
  language: 'Idioma',
  homeLede:
    'Duas pequenas experiências feitas com componentes web que qualquer site pode incorporar.',
  homeReading: 'Leitura de tarô',
  homeReadingAbout:
    'Faça uma pergunta, escolha suas cartas e ouça o que elas dizem, pelo chat de texto ou por voz.',
  homeBmo: 'Converse com o BMO',
  homeBmoAbout: 'Um consolezinho alegre que entrega IDs e códigos para você numa fita.',
  readingTitle: 'Leitura de tarô',
  readingLede:
    'Faça uma pergunta, escolha suas cartas de um baralho embaralhado e ouça o que elas dizem. Como você quer fazer a leitura?',
  textBack: '← Modos de leitura',
  textHeading: 'Leitura por texto',
  textLede: 'Conte à taróloga o que está na sua cabeça. Quem tira cada carta é você.',
  voiceTitle: 'Leitura por voz',
  bmoHeading: 'Converse com o BMO',
  bmoLede: 'O BMO escuta, responde e entrega IDs e códigos numa fita que você pode abrir e copiar.',
  notFoundTitle: 'Página não encontrada',
  notFoundLede: 'Não há nada neste endereço.',
  notFoundHome: 'Ir para o início',
};
