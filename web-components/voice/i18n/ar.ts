/**
 * The voice family's strings in Arabic (the keys of en.ts), for Arabic-speaking visitors
 * everywhere: Modern Standard Arabic, addressing the visitor in the masculine singular as Arabic
 * interfaces conventionally do, written right to left. Counts take Arabic's six plural forms.
 */
import { plural } from '../../shared/i18n/plural.ts';
import type { AllVoiceStrings } from './start-audio-en.ts';

export const voiceAr: AllVoiceStrings = {
  holdToSpeak: 'اضغط مطوّلًا للتحدث',
  listening: 'جارٍ الاستماع…',
  talkHint: 'أبقِ الزر مضغوطًا، أو مفتاح المسافة أو Enter، أثناء حديثك. ثم اتركه للإرسال.',
  transcript: 'النص المكتوب',
  you: 'أنت',
  reader: 'القارئة',
  nothingSaid: 'لم يُقل شيء بعد.',
  notStarted: 'لم تبدأ بعد',
  currentPhase: 'المرحلة الحالية:',
  stepOf: (step: string, total: string): string => `${step} من ${total}`,
  open: 'فتح',
  launcherUnread: (label: string, count: string, n: number): string =>
    `${label} (${plural('ar', n, {
      zero: 'لا جديد',
      one: 'تحديث جديد واحد',
      two: 'تحديثان جديدان',
      few: `${count} تحديثات جديدة`,
      many: `${count} تحديثًا جديدًا`,
      other: `${count} تحديث جديد`,
    })})`,
  end: 'إنهاء',
  close: 'إغلاق',
  consentTitle: 'قبل تشغيل الميكروفون',
  consentReadMore: 'اعرف المزيد (يُفتح في علامة تبويب جديدة)',
  consentAllow: 'السماح بالميكروفون',
  consentDecline: 'أفضّل الكتابة',
  micAllowed: 'تم السماح بالميكروفون.',
  micDeclined: 'تم رفض الميكروفون: يمكنك الكتابة بدلًا من ذلك.',
  audioBlocked: 'يحجب متصفحك صوت القارئة حتى تسمح به.',
  startAudio: 'تشغيل الصوت',
};

export default voiceAr;
