/** /docs's own strings in Arabic (the keys of docs-en.ts). */
import type { DocsStrings } from './docs-en.ts';

const CORNERS: Record<string, string> = {
  'bottom-right': 'الزاوية السفلية اليمنى',
  'bottom-left': 'الزاوية السفلية اليسرى',
  'top-right': 'الزاوية العلوية اليمنى',
  'top-left': 'الزاوية العلوية اليسرى',
};

export const docsAr: DocsStrings = {
  heading: 'العناصر',
  lede: 'كل عناصر {package}، مأخوذة من ملف البيان الخاص بها: ثبّتها بالأمر {install} أو حمّل عائلة منها من {embed} في هذا الموقع. يتبع الوضع الفاتح أو الداكن إعدادات نظامك، ويثبّته {light} أو {dark}.',
  elementsNav: 'العناصر',
  checklist: 'قائمة التحقق قبل التضمين',
  familyClass: 'العائلة {family}، الصنف {class}',
  liveExample: 'مثال حي',
  asLauncher: 'كزر إطلاق',
  launcherAbout: 'مع {variant} ينتظر خلف زر في إحدى زوايا الصفحة: هذا المثال في {corner}.',
  corner: (placement) => CORNERS[placement] ?? placement,
  attributes: 'السمات',
  properties: 'الخصائص',
  events: 'الأحداث',
  slots: 'الفتحات (slots)',
  parts: 'الأجزاء',
  customProperties: 'الخصائص المخصّصة',
  attribute: 'السمة',
  property: 'الخاصية',
  event: 'الحدث',
  slot: 'الفتحة',
  part: 'الجزء',
  type: 'النوع',
  detail: 'التفاصيل',
  description: 'الوصف',
  defaultSlot: '(الافتراضية)',
  useIt: 'طريقة الاستخدام',
  scriptTag: 'وسم script',
  plainEsm: 'npm، وحدات ESM مباشرة',
  copy: 'نسخ',
  copyLabel: (snippet, tag) => `انسخ مقتطف «${snippet}» الخاص بـ ${tag}`,
  copied: 'تم النسخ',
  selectAndCopy: 'حدّد النص وانسخه',
  cspNote:
    'خادم الحافة الخاص بك (الرموز)، وOpenAI (القراءات النصية عبر WebSocket، والصوت عبر WebRTC)، وخادم LiveKit الخاص بك (BMO). القارئة دون اتصال لا تحتاج إلا إلى خادم الحافة (اتصال WebSocket الخاص بها هو wss: على المضيف نفسه).',
  micPolicyNote:
    'تطلب القراءات بالصوت وBMO الميكروفون؛ والسياسة التي ترفضه تجعلهما يقولان ذلك ويعرضان الكتابة.',
  iframeNote: 'الإطار (iframe) الذي يخلو من هذا لا يحصل على الميكروفون أبدًا، مهما أجاب الزائر.',
  originsNote:
    'خادم الحافة على أصل آخر يرفض طلبات الرموز من موقعك إلى أن يُدرج أصله في القائمة (يُفرض ذلك على الخادم، لا عبر CORS وحده).',
  onIframes: '{allow} على الإطارات (iframes)',
  onTheEdge: '{origins} على خادم الحافة',
  exampleQuestion: 'ماذا تعني بطاقة النجمة؟',
  exampleAnswer: 'الأمل، والتجدّد، ووجهة واضحة.',
  exampleConsent: 'نرسل صوتك إلى القارئة لتجيبك؛ ولا يُحفظ شيء بعد القراءة.',
  exampleLauncher: 'زر إطلاق تجريبي',
  exampleLauncherContent: 'يُفتح هنا أي محتوى. يغلقه مفتاح Escape أو زر «إغلاق».',
  exampleListening: 'جارٍ الاستماع',
  exampleIntent: 'النية',
  liveRegions: 'مناطق حيّة (مخفية عن العرض)',
};

export default docsAr;
