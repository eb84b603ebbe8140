/**
 * The major arcana's readings in Spanish, for deck-es.ts: each card's keywords and meaning upright,
 * then reversed, in our own words, written plainly for a spoken reading.
 */
import type { ReadingEntry } from './deck.ts';

/** The major arcana's readings, in `MAJOR_NAMES` order. */
export const MAJORS_ES: readonly ReadingEntry[] = [
  [
    ['comienzos', 'confianza', 'espontaneidad', 'un salto de fe'],
    'Algo nuevo te llama y no necesitas tener todas las respuestas para dar el primer paso. Llévate la curiosidad y el corazón ligero.',
    ['duda', 'imprudencia', 'ingenuidad', 'freno'],
    'O el miedo te deja al borde del camino, o saltas sin mirar. Busca el punto medio: avanza, pero fíjate dónde pisas.',
  ],
  [
    ['habilidad', 'enfoque', 'voluntad', 'ingenio'],
    'Ya tienes en tus manos lo que necesitas. Reúne tu atención y convierte la intención en hechos.',
    ['energía dispersa', 'engaño', 'talento dormido'],
    'Tus dones están ahí, pero sin rumbo, o alguien juega con las palabras. Comprueba qué es real antes de actuar.',
  ],
  [
    ['intuición', 'saber interior', 'misterio', 'quietud'],
    'La respuesta habla más bajo que el ruido que la rodea. Quédate en calma y escucha lo que ya intuyes.',
    ['intuición ignorada', 'secretos', 'desconexión'],
    'Quizá estés acallando tu instinto, o algo se mantiene oculto. Vuelve a dejarle sitio a tu voz interior.',
  ],
  [
    ['abundancia', 'cuidado', 'creatividad', 'bienestar'],
    'Lo que cuidas, crece: atiende aquello que amas, también a ti, y deja que florezca.',
    ['descuido', 'sobreprotección', 'bloqueo creativo'],
    'Puede que estés dando demasiado cuidado o demasiado poco. Dirige parte de esa ternura hacia tus propias necesidades.',
  ],
  [
    ['estructura', 'estabilidad', 'autoridad', 'protección'],
    'Ahora te sirven unas reglas claras y un liderazgo firme. Construye un buen marco y sostenlo.',
    ['rigidez', 'control', 'dominio', 'caos'],
    'La estructura se ha vuelto control, o directamente falta. Afloja la mano, o pon por fin los límites que has ido evitando.',
  ],
  [
    ['tradición', 'aprendizaje', 'guía', 'creencias compartidas'],
    'Hay sabiduría en los caminos conocidos y en quienes los recorrieron antes. Aprende la forma antes de transformarla.',
    ['rebeldía', 'dogma', 'cuestionar lo establecido'],
    'Una norma que antes te ayudaba quizá ahora te encierra. Es justo cuestionarla y buscar tu propio camino.',
  ],
  [
    ['vínculo', 'elección', 'armonía', 'valores'],
    'En el centro hay un lazo importante o una decisión del corazón. Elige lo que encaja con quien eres de verdad.',
    ['desequilibrio', 'desencuentro', 'indecisión'],
    'Algo no acaba de encajar entre tú y otra persona, o entre lo que eliges y lo que valoras. Mira esa distancia con honestidad.',
  ],
  [
    ['determinación', 'impulso', 'victoria', 'autocontrol'],
    'Si llevas en una sola dirección las fuerzas que tiran de ti, avanzarás con verdadera potencia.',
    ['falta de rumbo', 'empuje disperso', 'obstáculos'],
    'Varias cosas tiran de ti a la vez. Para, elige un camino y el impulso volverá.',
  ],
  [
    ['valor', 'paciencia', 'compasión', 'fuerza serena'],
    'Aquí la verdadera fuerza es suave: la paciencia y la bondad calman lo que la fuerza bruta no puede.',
    ['inseguridad', 'poca energía', 'emociones a flor de piel'],
    'La confianza anda escasa. Trátate con cariño y reconstrúyela con pequeños logros constantes.',
  ],
  [
    ['soledad', 'reflexión', 'guía interior', 'búsqueda'],
    'Apártate un tiempo del bullicio. Un rato a solas te mostrará el siguiente paso con tu propia luz.',
    ['aislamiento', 'soledad no deseada', 'retraimiento'],
    'El retiro se ha convertido en escondite. Tiende la mano: no tienes que encontrar el camino sin compañía.',
  ],
  [
    ['ciclos', 'cambio', 'punto de inflexión', 'suerte'],
    'Las cosas se mueven y no todo depende de ti. Acompaña el giro y busca la puerta que te abre.',
    ['resistencia al cambio', 'contratiempos', 'mal momento'],
    'Un bache o un retraso frustra, pero la rueda sigue girando. Suelta lo que no puedes dirigir.',
  ],
  [
    ['equidad', 'verdad', 'responsabilidad', 'equilibrio'],
    'La claridad y la honestidad traerán un resultado justo. Lo que siembras es lo que cosechas.',
    ['injusticia', 'deshonestidad', 'evasión'],
    'Algo está desequilibrado, o alguien esquiva su responsabilidad. Míralo de frente, incluida tu parte.',
  ],
  [
    ['pausa', 'entrega', 'nueva perspectiva', 'espera'],
    'Forzar no servirá ahora. Detente, deja que las cosas sean y verás la situación desde otro ángulo.',
    ['estancamiento', 'resistencia', 'sacrificio inútil'],
    'La espera se ha vuelto parálisis. Decide si es una pausa con sentido o una forma de no elegir.',
  ],
  [
    ['finales', 'transformación', 'desapego', 'renovación'],
    'Algo llega a su cierre natural para que pueda empezar algo nuevo. Deja que termine con dignidad.',
    ['aferrarse', 'miedo al cambio', 'estancamiento'],
    'Sujetar lo que ya terminó te está agotando. El cambio que temes puede ser el alivio que necesitas.',
  ],
  [
    ['equilibrio', 'moderación', 'paciencia', 'mezcla'],
    'Combina las cosas en su justa medida y date tiempo. Los pasos tranquilos y constantes te llevarán lejos.',
    ['exceso', 'desequilibrio', 'prisa'],
    'Algo se está exagerando o haciendo con prisas. Devuelve las cosas a su proporción antes de seguir.',
  ],
  [
    ['apego', 'tentación', 'hábito', 'sombra'],
    'Observa qué te retiene: un hábito, un miedo o algo de lo que no logras soltarte. Ver la cadena es el primer paso para aflojarla.',
    ['liberación', 'romper cadenas', 'recuperar el poder'],
    'Empiezas a zafarte de algo que te retenía. Sigue así: la libertad está más cerca de lo que parece.',
  ],
  [
    ['derrumbe', 'cambio repentino', 'revelación', 'sacudida'],
    'Algo construido sobre terreno inestable se viene abajo. Sacude, pero despeja el terreno para algo más auténtico.',
    ['desastre evitado', 'cambio aplazado', 'agitación interior'],
    'Quizá te resistes a un derrumbe que tiene que ocurrir, o el temblor es por dentro. Deja que se asiente el polvo.',
  ],
  [
    ['esperanza', 'sanación', 'renovación', 'inspiración'],
    'Después de una etapa difícil vuelven la calma y la esperanza. Confía en que estás sanando y permítete sentir más ligereza.',
    ['desánimo', 'fe perdida', 'desconexión'],
    'La esperanza parece lejos ahora mismo. Pequeños gestos de cuidado pueden volver a encenderla; no has perdido el rumbo.',
  ],
  [
    ['incertidumbre', 'ilusión', 'sueños', 'instinto'],
    'No todo es lo que parece. Avanza despacio entre la niebla y deja que tu instinto te guíe.',
    ['vuelve la claridad', 'miedos que se disuelven', 'la confusión se aclara'],
    'La niebla empieza a levantarse. Los miedos que parecían enormes recuperan su tamaño real.',
  ],
  [
    ['alegría', 'éxito', 'calidez', 'vitalidad'],
    'Te acompañan la calidez y la claridad. Disfruta de lo que va bien y comparte esa luz.',
    ['alegría apagada', 'exceso de confianza', 'retraso'],
    'Lo bueno sigue ahí, solo que nublado por ahora. Baja la presión y deja entrar las alegrías sencillas.',
  ],
  [
    ['despertar', 'balance', 'llamada', 'renovación'],
    'Es momento de hacer balance con honestidad y responder a una llamada que llevas tiempo oyendo. Da el paso hacia la siguiente versión de ti.',
    ['inseguridad', 'juzgarse con dureza', 'ignorar una llamada'],
    'Quizá te estés juzgando con demasiada dureza o evitando un toque de atención. Perdónate, aprende y escucha.',
  ],
  [
    ['culminación', 'plenitud', 'logro', 'integración'],
    'Un ciclo llega a su plenitud. Celebra todo lo que has recorrido antes de emprender el próximo viaje.',
    ['asuntos pendientes', 'retraso', 'falta de cierre'],
    'Casi lo tienes, pero algo sigue abierto. Ata los cabos sueltos para poder seguir adelante con libertad.',
  ],
];
