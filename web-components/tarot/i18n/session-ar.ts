/** The strings of a reading's session in Arabic (the keys of session-en.ts; see ar.ts). */
import type { tarotSessionEn } from './session-en.ts';

export const tarotSessionAr: typeof tarotSessionEn = {
  rateLimited: 'بدأت قراءات كثيرة من هنا للتو. انتظر دقيقة ثم حاول مجددًا.',
  forbiddenOrigin: 'هذه الصفحة غير مسموح لها ببدء قراءات على هذا الخادم.',
  notConfigured: 'خدمة القراءات غير مُعدّة على هذا الخادم.',
  upstreamUnavailable: 'خدمة القراءات غير متاحة الآن. حاول مجددًا بعد لحظات.',
  upstreamBusy: 'خدمة القراءات مشغولة الآن. حاول مجددًا بعد لحظات.',
  upstreamMisconfigured: 'إعدادات خدمة القراءات على هذا الخادم غير صحيحة.',
  unreachableAt: (origin: string): string =>
    `تعذّر الوصول إلى خدمة القراءات على ${origin}. ربما تكون متوقفة، أو لا تقبل القراءات من هذا الموقع.`,
  unreachable: 'تعذّر الوصول إلى خدمة القراءات. تحقق من اتصالك ثم حاول مجددًا.',
  badToken: 'أرسلت خدمة القراءات رمزًا لا تستطيع هذه الصفحة استخدامه.',
  serviceAnswered: (status: string): string => `ردّت خدمة القراءات بالرمز ${status}.`,
  serviceError: 'ردّت خدمة القراءات بخطأ.',
  micBlocked:
    'الميكروفون محظور على هذا الموقع. اسمح به في إعدادات الموقع في متصفحك ثم حاول مجددًا، أو انتقل إلى المحادثة النصية.',
  micBusy:
    'الميكروفون يستخدمه تطبيق آخر أو تعذّر تشغيله. أغلق التطبيق الآخر ثم حاول مجددًا، أو انتقل إلى المحادثة النصية.',
  micMissing: 'لم يُعثر على أي ميكروفون. وصّل ميكروفونًا ثم حاول مجددًا، أو انتقل إلى المحادثة النصية.',
  micFailed: (reason: string): string =>
    `تعذّر فتح الميكروفون: ${reason}. حاول مجددًا، أو انتقل إلى المحادثة النصية.`,
  webRtcFailed:
    'تعذّر إنشاء الاتصال الصوتي (فشل WebRTC). تحقق من شبكتك أو جدار الحماية ثم أعد المحاولة، أو انتقل إلى الوضع النصي.',
  keyRefused: 'لم تقبل خدمة الصوت مفتاح هذه الجلسة. أعد المحاولة للحصول على مفتاح جديد.',
  callPassRefused: 'تصريح هذه القراءة بالصوت استُخدم من قبل أو انتهت صلاحيته. ابدأ من جديد.',
  spendLimitEnded: 'بلغت هذه القراءة حدّها وانتهت.',
  offlineRefused: 'رفضت القارئة دون اتصال الاتصال. حاول مجددًا بعد لحظات.',
  couldNotConnect: 'تعذّر الاتصال بالقارئة. تحقق من اتصالك ثم حاول مجددًا.',
  connectTimedOut: 'لم تردّ القارئة في الوقت المحدد. تحقق من اتصالك ثم حاول مجددًا.',
  webSocketFallback:
    'تعذّر على الاتصال الصوتي استخدام WebRTC هنا، لذا تستمر القراءة عبر WebSocket بدلًا منه.',
  reconnected: 'عاد الاتصال. تستمر القراءة من حيث توقفت.',
  reconnecting: 'انقطع الاتصال بالقارئة. جارٍ إعادة الاتصال…',
  connectionClosed: 'أُغلق الاتصال بالقارئة.',
  noCardInTime: 'لم تُختر أي بطاقة في الوقت المحدد. ماذا تريد أن تفعل؟',
  drawCancelled: 'أُلغي سحب البطاقة. ماذا تريد أن تفعل؟',
  cardNotShown: 'تعذّر عرض البطاقة. ماذا تريد أن تفعل؟',
  cardNotDrawn: 'تعذّر سحب البطاقة. ماذا تريد أن تفعل؟',
  wordsNotSent: 'تعذّر إرسال كلامك. اضغط مطوّلًا على الزر وحاول مجددًا.',
  micStopped: 'توقف الميكروفون عن العمل. اضغط مطوّلًا على الزر لتحاول مجددًا.',
  holdWhileSpeaking: 'أبقِ الزر مضغوطًا أثناء حديثك، ثم اتركه.',
  noVoiceSupport: 'متصفحك لا يدعم القراءة بالصوت',
  noVoiceSupportSay: 'متصفحك لا يدعم القراءة بالصوت. انتقل إلى المحادثة النصية لتقرأ بالكتابة.',
  nowInPhase: (phase: string): string => `المرحلة الآن: ${phase}.`,
  toolDrawing: (position) => `جارٍ سحب بطاقة لموضع «${position}»`,
  toolShowing: (card, reversed) => `جارٍ عرض ${card}${reversed ? '، معكوسة' : ''}`,
  toolDrawn: 'سُحبت البطاقة',
  toolShown: 'عُرضت البطاقة',
  toolDrawFailed: (why) => `لم ينجح سحب البطاقة: ${why}`,
  toolShowFailed: (why) => `لم ينجح عرض البطاقة: ${why}`,
  drawingFor: (position: string, role: string): string =>
    `جارٍ سحب بطاقة لموضع «${position}»: ${role}. اختر بطاقة من الرزمة.`,
};
