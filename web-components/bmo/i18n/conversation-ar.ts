/** The strings of a conversation with BMO in Arabic (the keys of conversation-en.ts; see ar.ts). */
import { plural } from '../../shared/i18n/plural.ts';
import type { bmoConversationEn } from './conversation-en.ts';

export const bmoConversationAr: typeof bmoConversationEn = {
  announceDisconnected: 'انقطع الاتصال بـBMO.',
  announceConnectedWaiting: 'تم الاتصال. في انتظار انضمام BMO.',
  announceHere: 'BMO هنا.',
  announceBack: 'عاد BMO.',
  announceHintType: 'اكتب إلى BMO.',
  announceHintTalk: 'ألقِ التحية، أو اكتب.',
  announceThinking: 'BMO يفكّر…',
  announceRetrying: 'ما زلنا نحاول الوصول إلى خادم BMO…',
  errorSendFailed: 'لم تصل رسالتك إلى BMO. حاول إرسالها مرة أخرى.',
  errorConnectionLost: 'انقطع الاتصال بـBMO.',
  errorMicDenied:
    'حُظر الوصول إلى الميكروفون، لذا لا يستطيع BMO سماعك. ما زال بإمكانك الكتابة إلى BMO، أو السماح بالميكروفون في متصفحك والمحاولة مجددًا.',
  errorMicUnavailable:
    'تعذّر تشغيل أي ميكروفون (لم يُعثر على ميكروفون، أو يستخدمه تطبيق آخر). ما زال بإمكانك الكتابة إلى BMO.',
  errorConnectFailed: 'تعذّر بدء محادثة مع BMO.',
  errorConnectFailedBecause: (how) => `تعذّر بدء محادثة مع BMO${how}.`,
  errorNotConfigured: 'BMO غير متاح على هذا الخادم: LiveKit غير مُعدّ.',
  errorRateLimited: 'محاولات اتصال كثيرة جدًا. انتظر دقيقة ثم حاول مجددًا.',
  errorForbiddenOrigin:
    'هذا الموقع غير مسموح له بالتحدث إلى خادم BMO. يمكن لصاحب الموقع السماح بذلك على الخادم.',
  errorUnreachable: 'تعذّر الوصول إلى الخادم. تحقق من اتصالك ثم أعد المحاولة.',
  errorUnreachableAt: (host) =>
    `تعذّر الوصول إلى خادم BMO على ${host}. تحقق من اتصالك ثم أعد المحاولة؛ وإذا استمر الفشل، فربما لا يسمح ذلك الخادم بهذا الموقع.`,
  errorInvalidResponse: 'ردّ الخادم بشيء لم يفهمه BMO.',
  errorTokenTimeout: 'لم يردّ خادم BMO في الوقت المحدد. تحقق من اتصالك ثم أعد المحاولة.',
  errorAgentTimeout: (seconds, n) =>
    `لم ينضم BMO خلال ${plural('ar', n, {
      zero: 'أي وقت',
      one: 'ثانية واحدة',
      two: 'ثانيتين',
      few: `${seconds} ثوانٍ`,
      many: `${seconds} ثانية`,
      other: `${seconds} ثانية`,
    })}.`,
  errorLoadFailed: 'تعذّر تحميل BMO: تحقق من اتصالك ثم أعد المحاولة.',
  errorRoomRefused:
    'رفض خادم محادثات BMO هذه المحادثة. حاول مجددًا؛ وإذا تكرر ذلك، فأخبر صاحب الموقع.',
  errorRoomUnavailable: 'خادم محادثات BMO لا يستقبل محادثات الآن. حاول مجددًا بعد دقيقة.',
  errorAgentLeft: 'غادر BMO المحادثة.',
  noticeHearingDown: 'توقّف سمع BMO عن العمل. اكتب إلى BMO حتى يعود.',
  noticeTextAnswers: 'يجيب BMO هنا كتابةً: صوته غير متاح.',
  noticeOfflineVoice: 'BMO دون اتصال: تحدّث أو اكتب. يسمع الإنجليزية.',
};
