/**
 * The minor arcana's readings in Spanish, for deck-es.ts: suit by suit, each card's keywords and
 * meaning upright, then reversed, in our own words, written plainly for a spoken reading.
 */
import type { Suit } from '../../contracts/cards.ts';
import type { ReadingEntry } from './deck.ts';

/** As (1) to rey (14), in rank order, for each suit. */
export const MINORS_ES: Record<Suit, readonly ReadingEntry[]> = {
  wands: [
    [
      ['chispa', 'inspiración', 'nuevo proyecto', 'entusiasmo'],
      'Aquí hay una chispa de energía o una idea nueva. Actúa mientras el fuego está vivo.',
      ['retrasos', 'arranque en falso', 'poca motivación'],
      'La chispa titila. Pregúntate si la idea aún te ilusiona o si el problema es el momento.',
    ],
    [
      ['planificación', 'visión', 'decisiones', 'horizontes'],
      'Ya has visto lo que es posible; ahora traza la ruta. Planea con audacia y luego elige una dirección.',
      ['miedo a lo desconocido', 'mala planificación', 'ir a lo seguro'],
      'Quedarse en lo cómodo tienta, pero un plan olvidado en la mesa no puede crecer. Da un pequeño paso fuera.',
    ],
    [
      ['expansión', 'previsión', 'avance', 'oportunidad'],
      'Tu esfuerzo empieza a dar fruto y se abren horizontes más amplios. Mira hacia delante con confianza.',
      ['contratiempos', 'avance lento', 'visión corta'],
      'Avanzas más despacio de lo que esperabas. Ajusta tus expectativas y mira qué se interpone.',
    ],
    [
      ['celebración', 'hogar', 'comunidad', 'hito'],
      'Un momento feliz de llegada y de estar juntos. Celébralo con quienes te ayudaron a llegar hasta aquí.',
      ['hogar inestable', 'tensión', 'celebración perdida'],
      'Algo no va bien en casa o en tu círculo. Hablarlo ayudará a que el suelo vuelva a sentirse firme.',
    ],
    [
      ['conflicto', 'competencia', 'roces', 'rivalidad'],
      'Hay opiniones que chocan y energías que se empujan. Una competencia sana puede afinarte si nadie juega sucio.',
      ['evitar el conflicto', 'resolución', 'tregua'],
      'Las riñas se calman, o se esconden debajo de la alfombra. Busca una tregua de verdad, no solo silencio.',
    ],
    [
      ['reconocimiento', 'victoria', 'confianza', 'elogio'],
      'Tu trabajo se ve y se celebra. Acepta el reconocimiento: te lo has ganado.',
      ['falta de reconocimiento', 'ego', 'inseguridad'],
      'El aplauso no llega, o se ha vuelto demasiado importante. Mide el éxito con tu propia vara.',
    ],
    [
      ['mantenerse firme', 'defensa', 'convicción', 'desafío'],
      'Te están poniendo a prueba, pero estás en terreno alto. Defiende con firmeza aquello en lo que crees.',
      ['agobio', 'rendirse', 'agotamiento'],
      'La presión parece excesiva. Elige qué batallas importan de verdad y deja pasar el resto.',
    ],
    [
      ['rapidez', 'movimiento', 'noticias', 'acción veloz'],
      'Ahora todo va deprisa. Llegan mensajes y los planes despegan; sigue el ritmo y déjate llevar.',
      ['retrasos', 'frustración', 'prisa sin rumbo'],
      'El impulso se ha frenado o se dispara en todas direcciones. Ve más despacio, lo justo para apuntar.',
    ],
    [
      ['resiliencia', 'perseverancia', 'límites', 'último tramo'],
      'El cansancio pesa, pero sigues en pie, y el final ya se ve. Aguanta un poco más.',
      ['agotamiento', 'actitud defensiva', 'desconfianza'],
      'Llevas tanto tiempo en guardia que te está desgastando. Deja que alguien te ayude a llevar la carga.',
    ],
    [
      ['carga', 'responsabilidad', 'sobrecarga', 'esfuerzo'],
      'Cargas con mucho, quizá más de lo que te toca. La meta está cerca, pero piensa qué puedes soltar.',
      ['soltar', 'delegar', 'alivio'],
      'Empiezas a dejar un peso que nunca fue tuyo. Sigue repartiendo la carga.',
    ],
    [
      ['curiosidad', 'descubrimiento', 'mensaje ilusionante', 'espíritu libre'],
      'Aparece una idea o un mensaje que entusiasma. Explóralo con las ganas de quien empieza.',
      ['impaciencia', 'falta de rumbo', 'ideas a medias'],
      'Mucho entusiasmo y poca constancia. Elige una sola idea y dale tiempo.',
    ],
    [
      ['aventura', 'pasión', 'audacia', 'acción'],
      'Una energía valiente se lanza hacia delante. Ve a por lo que te apasiona, y mira por dónde cabalgas.',
      ['imprudencia', 'impulsividad', 'frustración'],
      'Lanzarse sin pensar puede dejarlo todo patas arriba. Encauza el fuego antes de que se consuma.',
    ],
    [
      ['confianza', 'calidez', 'determinación', 'carisma'],
      'Irradia tu calidez y la confianza en ti. Puedes liderar simplemente siendo del todo quien eres.',
      ['inseguridad', 'celos', 'exigencia'],
      'La confianza se ha convertido en duda o en ganas de controlar. Vuelve a lo que amas de verdad.',
    ],
    [
      ['visión', 'liderazgo', 'iniciativa', 'inspiración'],
      'Ves el panorama completo y sabes inspirar a otros hacia él. Lidera con visión y llega hasta el final.',
      ['liderazgo impulsivo', 'expectativas altas', 'autoritarismo'],
      'Los grandes planes sin paciencia pueden arrollar a la gente. Escucha tanto como diriges.',
    ],
  ],
  cups: [
    [
      ['amor nuevo', 'apertura emocional', 'compasión', 'alegría'],
      'Tu corazón se abre a algo nuevo: un amor, una amistad o un sentimiento hondo. Deja que te llene.',
      ['emociones bloqueadas', 'vacío', 'contención'],
      'Los sentimientos se han quedado represados. Dales un lugar seguro por donde fluir antes de que se desborden.',
    ],
    [
      ['pareja', 'atracción mutua', 'conexión', 'unión'],
      'Se está formando un vínculo equilibrado, de dar y recibir. Sal al encuentro de la otra persona con el corazón abierto.',
      ['desconexión', 'desequilibrio', 'armonía rota'],
      'Una relación se siente descompensada o desafinada. Unas palabras sinceras y amables pueden devolverle el equilibrio.',
    ],
    [
      ['amistad', 'celebración', 'comunidad', 'alegría compartida'],
      'Te rodean la buena compañía y la felicidad compartida. Reúne a los tuyos y disfrútalo.',
      ['excesos', 'chismes', 'quedarse fuera'],
      'Demasiada fiesta o demasiado drama en el grupo. Da un paso atrás y busca a las amistades que se sienten verdaderas.',
    ],
    [
      ['apatía', 'contemplación', 'oferta desaprovechada', 'descontento'],
      'Todo te parece apagado y quizá no ves lo que te están ofreciendo. Levanta la vista: puede que algo bueno esté justo ahí.',
      ['interés renovado', 'aceptación', 'aprovechar el momento'],
      'Sales del letargo y empiezas a ver opciones nuevas. Di que sí a lo que te levanta el ánimo.',
    ],
    [
      ['pérdida', 'duelo', 'arrepentimiento', 'decepción'],
      'Algo se ha derramado y duele. Honra la tristeza y, cuando puedas, mira lo que sigue en pie.',
      ['aceptación', 'pasar página', 'perdón'],
      'Lo más duro del duelo va quedando atrás. Ya puedes recoger lo que queda y seguir adelante.',
    ],
    [
      ['nostalgia', 'recuerdos', 'inocencia', 'bondad'],
      'El pasado vuelve con dulzura: una vieja amistad, un recuerdo de infancia, un gesto amable. Deja que te reconforte.',
      ['vivir en el pasado', 'recuerdos idealizados', 'dejar atrás'],
      'Mirar atrás en exceso puede dejarte sin avanzar. Llévate contigo las lecciones, no la añoranza.',
    ],
    [
      ['opciones', 'ensoñaciones', 'espejismo', 'elecciones'],
      'Ante ti brillan muchos caminos tentadores, pero no todos son reales. Separa la fantasía de lo que de verdad puedes construir.',
      ['claridad', 'decisión', 'enfoque'],
      'Los espejismos se desvanecen y tu verdadera prioridad se aclara. Elígela.',
    ],
    [
      ['marcharse', 'buscar algo más', 'pasar página', 'profundidad'],
      'Algo ya no te llena, y es hora de dejarlo atrás para buscar un sentido más hondo.',
      ['miedo a irse', 'ir a la deriva', 'quedarse demasiado'],
      'Sabes que toca irse pero no terminas de hacerlo, o vagas sin propósito. Ponle nombre a lo que buscas.',
    ],
    [
      ['satisfacción', 'deseos', 'bienestar', 'gratitud'],
      'Un deseo está a tu alcance y hay mucho de lo que alegrarse. Disfrútalo sin culpa.',
      ['autocomplacencia', 'deseos sin cumplir', 'insatisfacción'],
      'Lo que querías no te llena tanto como esperabas. Pregúntate qué te haría sentir en paz de verdad.',
    ],
    [
      ['armonía', 'familia', 'felicidad duradera', 'pertenencia'],
      'Plenitud emocional y sensación de hogar. El amor circula libremente entre las personas que importan.',
      ['armonía tensa', 'tensiones familiares', 'guardar las apariencias'],
      'La foto ideal tiene grietas. La cercanía real quizá necesite conversaciones sinceras más que apariencias perfectas.',
    ],
    [
      ['sensibilidad', 'chispa creativa', 'mensaje intuitivo', 'ternura'],
      'Llega del corazón un mensaje suave o una idea creativa. Recíbelo con apertura y juega con lo que sientes.',
      ['inmadurez emocional', 'cambios de humor', 'creatividad bloqueada'],
      'Los sentimientos están frágiles o desproporcionados. Cuida a tu niño interior y luego respira hondo.',
    ],
    [
      ['romance', 'encanto', 'seguir al corazón', 'invitación'],
      'Te llega una invitación o un gesto romántico. Sigue a tu corazón, con elegancia.',
      ['altibajos', 'esperanzas poco realistas', 'celos'],
      'Los sentimientos arrolladores quizá no encajen con la realidad. Comprueba si la promesa tiene algo detrás.',
    ],
    [
      ['compasión', 'profundidad emocional', 'calma', 'intuición'],
      'Guía con empatía y serenidad emocional. Tu cuidado es un regalo, para los demás y para ti.',
      ['saturación', 'dependencia emocional', 'inseguridad afectiva'],
      'Estás absorbiendo los sentimientos de todo el mundo. Pon límites suaves para que tu corazón pueda descansar.',
    ],
    [
      ['equilibrio emocional', 'diplomacia', 'madurez', 'generosidad'],
      'Mantén la calma aunque el mar esté revuelto. Unos sentimientos sabios y equilibrados te sostendrán a ti y a los demás.',
      ['manipulación emocional', 'volubilidad', 'frialdad'],
      'Las emociones se están guardando bajo llave o usando como palanca. Habla con honestidad de lo que sientes.',
    ],
  ],
  swords: [
    [
      ['claridad', 'avance decisivo', 'verdad', 'idea nueva'],
      'Una idea clara corta la confusión. Di la verdad sin rodeos y decide.',
      ['confusión', 'malentendidos', 'juicio nublado'],
      'Los pensamientos se enredan y las palabras no dan en el blanco. Espera a ver claro antes de actuar.',
    ],
    [
      ['punto muerto', 'decisión difícil', 'evasión', 'indecisión'],
      'Te encuentras entre dos opciones y procuras no mirar. Quítate la venda y sopésalas con honestidad.',
      ['exceso de información', 'desbloqueo', 'tensión liberada'],
      'O la presión te desborda, o el bloqueo por fin se rompe. Reúne lo que necesitas y elige.',
    ],
    [
      ['desamor', 'pena', 'verdad dolorosa', 'duelo'],
      'Una verdad dolorosa te ha herido. Permítete sentirla: ver con claridad también es parte de sanar.',
      ['recuperación', 'perdón', 'soltar el dolor'],
      'La herida más aguda se va calmando. Sigue soltando y deja entrar el perdón, también hacia ti.',
    ],
    [
      ['descanso', 'recuperación', 'contemplación', 'retiro'],
      'Haz una pausa y recupérate. La quietud de ahora te devolverá la mente despierta.',
      ['inquietud', 'agotamiento', 'volver a despertar'],
      'Has ido más allá de tus límites, o ya has descansado y puedes volver. Escucha a tu cuerpo.',
    ],
    [
      ['conflicto', 'victoria vacía', 'tensión', 'derrota'],
      'Ganar a cualquier precio puede dejarte sin compañía. Pregúntate si esta pelea vale lo que cuesta.',
      ['reconciliación', 'enmendar errores', 'superar el conflicto'],
      'La disputa está lista para terminar. Acércate, pide perdón si hace falta y déjalo ir.',
    ],
    [
      ['transición', 'seguir adelante', 'aguas tranquilas', 'viaje'],
      'Dejas atrás una racha difícil rumbo a un lugar más sereno. El viaje es silencioso, pero te lleva a algo mejor.',
      ['sensación de estancamiento', 'asuntos pendientes', 'resistirse a la transición'],
      'Quieres seguir adelante, pero algo tira de ti hacia atrás. Resuélvelo y después márchate.',
    ],
    [
      ['engaño', 'estrategia', 'secreto', 'astucia'],
      'Alguien no está siendo del todo transparente, y podrías ser tú. Usa la astucia, pero sin perder la honestidad.',
      ['confesión', 'conciencia', 'sincerarse'],
      'Los secretos salen a la luz, o sientes la necesidad de sincerarte. La honestidad aligerará la carga.',
    ],
    [
      ['restricción', 'sensación de encierro', 'creencias limitantes', 'impotencia'],
      'Sientes el encierro, pero las ataduras están más flojas de lo que parecen. Un paso honesto puede liberarte.',
      ['liberación', 'nueva perspectiva', 'aceptarse'],
      'Empiezas a ver la salida de la trampa. Confía en ti para cruzarla.',
    ],
    [
      ['ansiedad', 'preocupación', 'noches en vela', 'miedo'],
      'Las preocupaciones crecen en la oscuridad. Compártelas: dichas en voz alta, muchas veces encogen.',
      ['esperanza', 'pedir ayuda', 'alivio de la angustia'],
      'Lo peor de la ansiedad va pasando. Sigue hablando con las personas en las que confías.',
    ],
    [
      ['final', 'tocar fondo', 'cierre doloroso', 'agotamiento'],
      'Algo ha llegado a su punto más bajo y ha terminado. Desde aquí, solo queda subir.',
      ['recuperación', 'regeneración', 'supervivencia'],
      'Has sobrevivido a lo peor. Sanar es lento, pero ya ha empezado.',
    ],
    [
      ['curiosidad', 'ideas nuevas', 'atención', 'mente despierta'],
      'Una mente aguda y curiosa tiene ganas de aprender. Haz preguntas y mantén los ojos abiertos.',
      ['chismes', 'palabras precipitadas', 'mucho ruido y pocas nueces'],
      'Las palabras corren más que el pensamiento. Comprueba los hechos antes de hablar o compartir.',
    ],
    [
      ['ambición', 'pensamiento rápido', 'empuje', 'franqueza'],
      'Las ideas y la convicción avanzan a toda carrera. Ve rápido, pero apunta bien.',
      ['precipitación', 'sin plan', 'falta de tacto'],
      'La velocidad sin cuidado puede herir a la gente. Frena y piensa en el efecto de lo que haces.',
    ],
    [
      ['límites claros', 'honestidad', 'independencia', 'perspicacia'],
      'Mira con claridad y habla con franqueza. Tu honestidad, suavizada con amabilidad, es una fortaleza.',
      ['frialdad', 'amargura', 'palabras duras'],
      'Quizá viejas heridas te estén volviendo cortante. Ver con claridad no exige una lengua afilada.',
    ],
    [
      ['intelecto', 'autoridad', 'verdad', 'juicio justo'],
      'Guía con la razón y la justicia. Hace falta una decisión clara y con principios.',
      ['abuso de poder', 'manipulación', 'pensamiento rígido'],
      'La lógica se está usando para controlar o para esquivar los sentimientos. Busca la justicia, no solo tener razón.',
    ],
  ],
  pentacles: [
    [
      ['oportunidad', 'prosperidad', 'nuevo proyecto', 'arraigo'],
      'Aparece una oportunidad sólida y práctica en el trabajo, el dinero o la salud. Planta la semilla y cuídala.',
      ['ocasión perdida', 'mala planificación', 'inestabilidad'],
      'Una oferta prometedora podría escaparse o apoyarse en terreno inestable. Revisa primero los cimientos.',
    ],
    [
      ['equilibrio', 'malabares', 'adaptabilidad', 'prioridades'],
      'Mantienes varias cosas en marcha a la vez. Si sigues siendo flexible, no perderás el ritmo.',
      ['agobio', 'desorden', 'exceso de compromisos'],
      'Hay demasiadas pelotas en el aire. Suelta lo que no es esencial antes de que caiga todo.',
    ],
    [
      ['trabajo en equipo', 'oficio', 'colaboración', 'aprendizaje'],
      'El buen trabajo nace de colaborar y de valorar cada talento. Constrúyelo codo con codo.',
      ['mal trabajo en equipo', 'desajuste', 'trabajo descuidado'],
      'El equipo no rema en la misma dirección. Aclara qué le toca a cada quien y qué nivel se espera.',
    ],
    [
      ['seguridad', 'ahorro', 'control', 'aferrarse'],
      'Proteges lo que has construido. La seguridad importa, pero no aprietes tanto que nada pueda moverse.',
      ['generosidad', 'soltar', 'gastar de más'],
      'Estás aflojando la mano, quizá demasiado. Busca un punto medio sano entre ahorrar y compartir.',
    ],
    [
      ['dificultades', 'preocupación', 'exclusión', 'escasez'],
      'Los tiempos se sienten escasos y solitarios. La ayuda está más cerca de lo que parece; permítete pedirla.',
      ['recuperación', 'llega la ayuda', 'mejoría'],
      'Lo más difícil va pasando. Acepta el apoyo que empieza a aparecer.',
    ],
    [
      ['generosidad', 'dar y recibir', 'caridad', 'equidad'],
      'Los recursos fluyen en ambos sentidos. Da con generosidad cuando puedas y recibe con gratitud cuando te toque.',
      ['favores con condiciones', 'desequilibrio', 'deudas'],
      'Dar se ha vuelto desigual o llega con condiciones. Fíjate en quién tiene el poder en ese intercambio.',
    ],
    [
      ['paciencia', 'visión a largo plazo', 'evaluación', 'inversión'],
      'Tu esfuerzo va creciendo, poco a poco. Haz una pausa, mira lo que tienes y confía en que llegará la cosecha.',
      ['impaciencia', 'pocos resultados', 'esfuerzo perdido'],
      'Los resultados tardan y la frustración crece. Decide si sigues cuidando este terreno o si replantas en otro.',
    ],
    [
      ['constancia', 'destreza', 'práctica', 'maestría'],
      'La práctica paciente y cuidadosa está dando fruto. Céntrate en tu oficio, detalle a detalle.',
      ['perfeccionismo', 'falta de concentración', 'rutina aburrida'],
      'El trabajo se ha vuelto un pulir sin fin o una rutina mecánica. Vuelve a conectar con lo que te importa de él.',
    ],
    [
      ['independencia', 'autosuficiencia', 'comodidad', 'recompensa'],
      'Has construido una vida cómoda con tus propias manos. Disfruta de los frutos de tu disciplina.',
      ['exceso de trabajo', 'reveses económicos', 'lujo vacío'],
      'La independencia puede estar convirtiéndose en aislamiento o en exceso de trabajo. Recuerda para qué era la recompensa.',
    ],
    [
      ['legado', 'riqueza', 'familia', 'estabilidad'],
      'Seguridad duradera y sentido de legado. Lo que construyes hoy puede sostener durante años a quienes quieres.',
      ['disputas familiares', 'pérdidas económicas', 'inestabilidad'],
      'El dinero o una herencia están generando tensión. Pon las relaciones por delante de los bienes.',
    ],
    [
      ['estudio', 'ambición', 'nueva habilidad', 'aplicación'],
      'Te llama una nueva meta práctica o un camino de estudio. Empieza poco a poco y mantén el compromiso.',
      ['aplazamiento', 'falta de avances', 'soñar despierto'],
      'Las buenas intenciones no se convierten en hechos. Fija un siguiente paso concreto.',
    ],
    [
      ['fiabilidad', 'rutina', 'paciencia', 'trabajo duro'],
      'Aquí gana quien va despacio y sin pausa. Sigue ahí, paso a paso y con constancia.',
      ['estancamiento', 'aburrimiento', 'terquedad'],
      'La rutina se ha vuelto monotonía. Dale un pequeño giro a las cosas sin perder tu firmeza.',
    ],
    [
      ['cuidado', 'sentido práctico', 'seguridad', 'recursos'],
      'Un cuidado cálido y práctico hace que un hogar y una vida se sientan seguros. Atiende tu cuerpo, tu casa y tus cuentas.',
      ['descuidarse', 'agobiar a los demás', 'desequilibrio entre trabajo y vida'],
      'Cuidas de todo menos de ti. Vuelve a poner tu bienestar en la lista.',
    ],
    [
      ['abundancia', 'seguridad', 'disciplina', 'sustento'],
      'Has levantado algo estable y puedes compartir lo que da. Guía con generosidad y sensatez.',
      ['codicia', 'materialismo', 'terquedad'],
      'Aferrarse demasiado al estatus o a la riqueza cuesta más de lo que vale. Recuerda lo que de verdad importa.',
    ],
  ],
};
