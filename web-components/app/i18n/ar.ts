/**
 * The hosted page's strings in Arabic (the keys of en.ts; Modern Standard Arabic, as the
 * elements' Arabic). The back link's arrow points right: back, in a page read right to left.
 */
import type { AppStrings } from './en.ts';

export const appAr: AppStrings = {
  siteName: 'وكلاء صوتيون',
  title: (page, site) => `${page} · ${site}`,
  skipLink: 'انتقل إلى المحتوى',
  mainNav: 'التنقل الرئيسي',
  navReading: 'قراءة التاروت',
  navBmo: 'BMO',
  navDocs: 'العناصر',
  language: 'اللغة',
  homeLede: 'تجربتان صغيرتان مبنيتان من مكوّنات ويب يمكن لأي موقع تضمينها.',
  homeReading: 'قراءة التاروت',
  homeReadingAbout: 'اطرح سؤالًا، واختر بطاقاتك، واستمع إلى ما تقوله، بالمحادثة النصية أو بالصوت.',
  homeBmo: 'تحدث إلى BMO',
  homeBmoAbout: 'جهاز ألعاب صغير مرح يسلّمك المعرّفات والرموز على شريط كاسيت.',
  readingTitle: 'قراءة التاروت',
  readingLede: 'اطرح سؤالًا، واختر بطاقاتك من رزمة مخلوطة، واستمع إلى ما تقوله. كيف تحب أن تقرأ؟',
  textBack: '→ طرق القراءة',
  textHeading: 'قراءة بالنص',
  textLede: 'أخبر القارئة بما يشغل بالك. أنت من يسحب كل بطاقة بنفسه.',
  voiceTitle: 'قراءة بالصوت',
  bmoHeading: 'تحدث إلى BMO',
  bmoLede: 'يستمع BMO ويردّ، ويسلّمك المعرّفات والرموز على كاسيت يمكنك فتحه ونسخ ما فيه.',
  notFoundTitle: 'الصفحة غير موجودة',
  notFoundLede: 'لا يوجد شيء في هذا العنوان.',
  notFoundHome: 'اذهب إلى البداية',
};
