/**
 * The BMO family's element strings in Arabic (the keys of en.ts), for Arabic-speaking visitors
 * everywhere: Modern Standard Arabic, addressing the visitor in the masculine singular as Arabic
 * interfaces conventionally do, written right to left. BMO keeps its name in Latin letters.
 */
import type { BmoAgentState } from '../../stores/bmo.ts';
import type { BmoElementStrings } from './en.ts';

const STATES: Record<BmoAgentState, string> = {
  disconnected: 'BMO غير متصل',
  connecting: 'BMO يتصل',
  listening: 'BMO يستمع',
  thinking: 'BMO يفكّر',
  speaking: 'BMO يتحدث',
};

export const bmoAr: BmoElementStrings = {
  bmo: 'BMO',
  cassetteHeading: 'الكاسيت',
  conversationHeading: 'المحادثة',
  connect: 'اتصال',
  connectWithoutMic: 'اتصال دون ميكروفون',
  disconnect: 'قطع الاتصال',
  muteMic: 'كتم الميكروفون',
  typeLabel: 'اكتب إلى BMO',
  send: 'إرسال',
  hintSend: 'اضغط Enter للإرسال.',
  hintConnectFirst: 'اتصل أولًا، ثم اكتب هنا.',
  hintWaitForBmo: 'يمكنك الكتابة عندما ينضم BMO.',
  placeholderDisconnected: 'اتصل لتبدأ الحديث مع BMO.',
  placeholderConnected: 'ألقِ التحية، أو اكتب في الأسفل.',
  you: 'أنت',
  offlineNotice:
    'BMO دون اتصال لا يقرأ العربية بعد: اكتب له بالإنجليزية وسيجيبك بالإنجليزية. لتتحدث مع BMO بالعربية، كتابةً أو صوتًا، يلزم مفتاح OpenAI.',
  statusDisconnected: 'غير متصل',
  statusConnecting: 'جارٍ الاتصال…',
  statusReconnecting: 'انقطع الاتصال. جارٍ إعادة الاتصال…',
  statusWaiting: 'في انتظار انضمام BMO…',
  statusAbsent: 'BMO ليس في الغرفة',
  statusTypingOnly: ' (كتابة فقط)',
  statusAgent: (state) => STATES[state],
  faceLabel: (state) => STATES[state],
  actionContinueWithoutMic: 'المتابعة دون ميكروفون',
  actionTryMicAgain: 'جرّب الميكروفون مجددًا',
  actionRetry: 'إعادة المحاولة',
  actionReconnect: 'إعادة الاتصال',
  actionDismiss: 'إخفاء التنبيه',
  cassetteOpen: (title) => `افتح الكاسيت: ${title}`,
  cassetteEmpty: 'لا يوجد كاسيت بعد',
  cassetteSoundsOff: 'أصوات الكاسيت مطفأة',
  cassetteSoundsOn: 'أصوات الكاسيت مشغّلة',
  cassetteMute: 'كتم أصوات الكاسيت',
  cassetteReceived: (title) => `وصل كاسيت: ${title}`,
  copy: 'نسخ',
  close: 'إغلاق',
  copied: 'تم النسخ',
  copySelected: 'النسخ غير متاح هنا. النص محدَّد: اضغط Ctrl+C (أو ⌘C) لنسخه.',
  copyByHand: 'النسخ غير متاح هنا. حدّد النص وانسخه بنفسك.',
};

export default bmoAr;
