/**
 * The tarot family's strings in Arabic (the keys of en.ts), for Arabic-speaking visitors
 * everywhere: Modern Standard Arabic, addressing the visitor in the masculine singular as Arabic
 * interfaces conventionally do, written right to left with Arabic punctuation (، ؟). Card and
 * position names come from contracts/cards-ar.ts, which names its source.
 */
import { POSITION_NAMES_AR, cardNameAr } from '../../../contracts/cards-ar.ts';
import { positionName } from '../../../contracts/positions.ts';
import type { AgentName } from '../../../contracts/reading.ts';
import type { TarotStrings } from './en.ts';

const PHASES_AR: Record<AgentName, string> = {
  IntentAssessment: 'سؤالك',
  SpreadGeneration: 'التوزيعة',
  Reading: 'القراءة',
  Followup: 'أسئلة أخرى',
};

export const tarotAr: TarotStrings = {
  cardName: (id: string): string => cardNameAr(id) ?? id,
  position: (label: string): string => positionName(POSITION_NAMES_AR, label),
  unknownCard: 'بطاقة غير معروفة',
  faceDownCard: 'بطاقة مقلوبة على وجهها',
  upright: 'معتدلة',
  reversed: 'معكوسة',
  cardAs: (name: string, reversed: boolean): string => `${name}، ${reversed ? 'معكوسة' : 'معتدلة'}`,
  showing: (card: string): string => `تُعرض الآن: ${card}`,
  chooseCard: 'اختر بطاقة',
  chooseCardFor: (position: string): string => `اختر بطاقة لموضع «${position}»`,
  drawCardFor: (position: string): string => `اسحب بطاقة لموضع «${position}»`,
  noCardsLeft: 'لم تبقَ بطاقات للسحب.',
  cardOf: (index: string, total: string): string => `البطاقة ${index} من ${total}`,
  drawn: (card: string): string => `سُحبت: ${card}`,
  youDrew: (card: string): string => `سحبتَ ${card}`,
  tarotReading: 'قراءة التاروت',
  textView: 'قراءة بالمحادثة النصية',
  voiceView: 'قراءة بالصوت',
  voiceReading: 'قراءة بالصوت',
  voiceReadingHint:
    'اضغط مطوّلًا على زر التحدث (أو مفتاح المسافة) لتتحدث إلى القارئة، واسحب بطاقاتك عندما تطلب منك ذلك.',
  voiceReadingOffline:
    'يستخدم هذا الموقع القارئة دون اتصال، وهي لا تتحدث إلا الإنجليزية: لا تستطيع سماعك، لذا تتبع القراءة بالصوت نصًّا تجريبيًّا. القراءة الحقيقية بالصوت، بالعربية، تحتاج إلى مفتاح OpenAI.',
  voiceReadingOfflineHears:
    'يستخدم هذا الموقع القارئة دون اتصال: تسمع الإنجليزية عبر أداة للتعرّف على الكلام على هذا الجهاز.',
  voiceUnsupported:
    'متصفحك لا يدعم القراءة بالصوت: فهي تحتاج إلى WebRTC وإلى إذن باستخدام الميكروفون.',
  voiceUnsupportedTry:
    'جرّب إصدارًا حديثًا من Chrome أو Edge أو Firefox أو Safari، أو اختر المحادثة النصية.',
  textChat: 'محادثة نصية',
  textChatHint: 'اكتب للقارئة واسحب بطاقاتك على الشاشة.',
  cancelDraw: 'إلغاء السحب',
  drawAgain: 'اسحب من جديد',
  switchToText: 'التحويل إلى النص',
  phase: (agent: AgentName): string => PHASES_AR[agent],
  phaseIs: 'المرحلة:',
  phaseEvent: (phase: string): string => `المرحلة: ${phase}`,
  notStarted: 'لم تبدأ بعد',
  notConnected: 'غير متصل',
  connectingReader: 'جارٍ الاتصال بالقارئة…',
  connected: 'متصل',
  readingEnded: 'انتهت القراءة',
  connecting: 'جارٍ الاتصال…',
  offlineReaderNotice:
    'أنت تستخدم القارئة دون اتصال: قارئة تجريبية تتبع نصًّا معدًّا، مدمجة في هذا الموقع، ولا تتحدث إلا الإنجليزية. أضف مفتاح OpenAI لقراءة حقيقية بالعربية.',
  offlineVoiceNotice:
    'القارئة دون اتصال: لا تتحدث إلا الإنجليزية ولا تستطيع سماعك، لذا تتبع نصًّا تجريبيًّا في كل مرة تتحدث فيها.',
  offlineVoiceHearsNotice: 'القارئة دون اتصال: تسمع الإنجليزية على هذا الجهاز.',
  conversation: 'المحادثة',
  intro: 'اطرح سؤالك على القارئة لتبدأ. أنت من يسحب البطاقات، واحدة تلو الأخرى.',
  you: 'أنت',
  reader: 'القارئة',
  drawnCard: (card: string): string => `سُحبت: ${card}`,
  shownCard: (card: string): string => `كُشفت: ${card}`,
  forPosition: (position: string): string => `لموضع «${position}»`,
  yourSpread: 'توزيعتك',
  noCardsYet: 'لم تُسحب أي بطاقة بعد.',
  notDrawnYet: 'لم تُسحب بعد',
  pickToContinue: 'اختر بطاقة لتتابع',
  askReader: 'اسأل القارئة…',
  yourMessage: 'رسالتك',
  send: 'إرسال',
  endReading: 'إنهاء القراءة',
  couldNotStart: 'تعذّر بدء القراءة.',
  endedThanks: 'انتهت القراءة. شكرًا لأنك استشرت البطاقات معنا.',
  tryAgain: 'حاول مجددًا',
  retry: 'إعادة المحاولة',
  startNewReading: 'ابدأ قراءة جديدة',
  chooseAnotherMode: 'اختر طريقة أخرى',
  back: 'رجوع',
  leaveTitle: 'هل تريد مغادرة القراءة؟',
  leaveBody: 'ستنتهي القراءة وسينقطع الاتصال بالقارئة.',
  stay: 'البقاء',
  leave: 'المغادرة',
  holdToSpeak: 'اضغط مطوّلًا للتحدث',
  voiceNeeds: 'تحتاج القراءة بالصوت إلى WebRTC وإلى إذن باستخدام ميكروفون (MediaDevices).',
  notHttps: 'هذه الصفحة لا تُقدَّم عبر HTTPS، والمتصفحات لا تتيح الميكروفون إلا للصفحات الآمنة.',
  voiceTryBrowser:
    'جرّب إصدارًا حديثًا من Chrome أو Edge أو Firefox أو Safari، أو اقرأ بالمحادثة النصية هنا.',
  switchToTextChat: 'التحويل إلى المحادثة النصية',
  switchToTextMode: 'التحويل إلى الوضع النصي',
  micUnavailable: 'الميكروفون غير متاح',
  voiceCouldNotConnect: 'تعذّر اتصال القراءة بالصوت',
  choosingSpread: 'تختار القارئة توزيعة تناسب سؤالك.',
  listening: 'جارٍ الاستماع… اترك الزر للإرسال.',
  pickCard: 'اختر البطاقة التي تناديك.',
  layingOut: 'ترتّب القارئة بطاقات توزيعتك. يمكنك التحدث مجددًا عند انتهاء القراءة.',
  listenReading: 'استمع إلى القارئة وهي تفسّر كل بطاقة. يمكنك التحدث مجددًا عند انتهاء القراءة.',
  readerSpeaking: 'القارئة تتحدث. اضغط مطوّلًا على الزر لمقاطعتها.',
  askFollowup: 'اطرح سؤالًا آخر: أبقِ الزر مضغوطًا أثناء حديثك.',
  continue: 'متابعة',
  timeLimitEnded: 'بلغت هذه القراءة حدّها الزمني وانتهت.',
  loadFailed: 'تعذّر تحميل القراءة. تحقق من اتصالك ثم أعد تحميل الصفحة.',
  costCapNotice: 'بقيت دقيقة واحدة: تنتهي هذه القراءة بعد دقيقة.',
};

export default tarotAr;
