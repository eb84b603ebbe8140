/**
 * The Spanish words the offline BMO's Spanish reading (language-es.ts) knows: the words that carry
 * no subject, and the names of things people keep in notes with what an English note calls them,
 * so a question asked in Spanish finds a note written in English (the reading also keeps the
 * visitor's own word, which finds a note written in Spanish). Keys are written without accents
 * and in lower case, as the reading compares them; a phrase's words are joined by spaces.
 */

/**
 * Words that carry no subject in a Spanish question: articles, prepositions, pronouns and their
 * clitic forms, question words, the verbs of asking, looking, keeping and forgetting, politeness.
 */
export const STOP_WORDS_ES = new Set(
  (
    'a al algo algun alguna alguno ante antes aqui asi aun bmo cada casi como con contra cual ' +
    'cuales cualquier cuando cuanto cuanta cuantos cuantas de del desde donde el ella ellas ellos ' +
    'en entre era eres es esa ese eso esta estan estas este esto estoy fue ha habia hay he la las ' +
    'le les lo los mas me mi mia mio mis mucho muy nada ni no nos nuestra nuestro o otra otro para ' +
    'pero por porque que quien quienes se segun ser si sin sobre son soy su sus tal tambien te ti ' +
    'toda todo tu tus un una unas uno unos usted y ya yo ' +
    // asking, looking, keeping, forgetting, wanting, politeness
    'dime dame decir decirme darme dimelo damelo dices das puedes podrias puede podria pudieras ' +
    'quiero quisiera queria necesito necesitaria busca buscame buscar buscas busques buscarme ' +
    'encuentra encuentrame encontrar encuentras mira mirar miras revisa revisar consulta ' +
    'consultar comprueba comprobar recuerdas recuerdo acuerdo acuerdas olvide olvido olvidado ' +
    'olvidaste guarde guardado guardaste guardada apunte apuntado apuntada anote anotado anotada ' +
    'escribi escrito escrita tengo tiene tienes tenia tenias sabes saber sale pon ponme poner ' +
    'favor porfa porfavor gracias nota notas apuntes mismo misma ahi alli oye hola ey ' +
    // doing and paying, as in "¿cómo hago…?", "¿cuánto pago de…?"
    'hago hacer hace hacen haces preparo preparar preparas cocino cocinar pago pagar pagas ' +
    'cuesta cuestan vale valen ver cuentame explicame ensename muestrame'
  ).split(' '),
);

/**
 * Spanish names of things, with what an English note calls them: a word, or a phrase whose
 * words a note must all hold. Phrases are read before their words ("número de serie" is one
 * thing, a serial; "número" alone is a number).
 */
export const THINGS_ES: Record<string, readonly string[]> = {
  // kinds of precise data
  contrasena: ['password'],
  contrasenas: ['password'],
  clave: ['password', 'key'],
  claves: ['password', 'key'],
  codigo: ['code'],
  codigos: ['code'],
  numero: ['number'],
  numeros: ['number'],
  'numero de serie': ['serial'],
  identificacion: ['id'],
  dni: ['id'],
  pin: ['pin'],
  telefono: ['phone'],
  telefonos: ['phone'],
  movil: ['mobile', 'phone'],
  celular: ['mobile', 'phone'],
  cuenta: ['account'],
  tarjeta: ['card'],
  carne: ['card'],
  carnet: ['card'],
  direccion: ['address'],
  usuario: ['username', 'user'],
  correo: ['email'],
  'correo electronico': ['email'],
  reserva: ['booking'],
  confirmacion: ['confirmation'],
  localizador: ['locator', 'booking'],
  referencia: ['reference'],
  matricula: ['plate'],
  poliza: ['policy'],
  combinacion: ['combination'],
  serie: ['serial'],
  frase: ['phrase'],
  'frase de recuperacion': ['recovery phrase'],
  recuperacion: ['recovery'],
  socio: ['member', 'membership'],
  // places, things and people in notes
  taquilla: ['locker'],
  rocodromo: ['climbing gym', 'climbing'],
  escalada: ['climbing'],
  gimnasio: ['gym'],
  trastero: ['storage unit', 'storage'],
  almacen: ['storage'],
  candado: ['padlock', 'lock'],
  cerradura: ['lock'],
  llave: ['key'],
  puerta: ['door'],
  verja: ['gate'],
  porton: ['gate'],
  alarma: ['alarm'],
  buzon: ['mailbox'],
  casa: ['home'],
  hogar: ['home'],
  red: ['network'],
  invitado: ['guest'],
  invitados: ['guest'],
  visitas: ['guest'],
  bici: ['bike'],
  bicicleta: ['bike'],
  cuadro: ['frame'],
  seguro: ['insurance'],
  aseguradora: ['insurance', 'provider'],
  salud: ['health'],
  medico: ['doctor'],
  medica: ['doctor'],
  'medico de cabecera': ['family doctor'],
  'medico de familia': ['family doctor'],
  veterinario: ['vet'],
  casero: ['landlord'],
  arrendador: ['landlord'],
  alquiler: ['rent'],
  hospital: ['hospital'],
  prima: ['premium'],
  cuota: ['premium', 'fee'],
  pasaporte: ['passport'],
  'carne de conducir': ['driver license', 'driving licence'],
  'permiso de conducir': ['driver license', 'driving licence'],
  'licencia de conducir': ['driver license', 'driving licence'],
  biblioteca: ['library'],
  vuelo: ['flight'],
  vuelos: ['flight'],
  vuelta: ['return'],
  regreso: ['return'],
  ida: ['out'],
  aeropuerto: ['airport'],
  aparcamiento: ['parking'],
  estacionamiento: ['parking'],
  aparque: ['parking'],
  aparco: ['parking'],
  aparcar: ['parking'],
  estacione: ['parking'],
  plaza: ['bay'],
  viaje: ['trip', 'travel'],
  hotel: ['hotel'],
  tren: ['train'],
  centro: ['downtown'],
  ajedrez: ['chess'],
  parental: ['parental'],
  'control parental': ['parental'],
  receta: ['recipe'],
  recetas: ['recipe'],
  tortitas: ['pancakes'],
  panqueques: ['pancakes'],
  crepes: ['pancakes'],
  'hot cakes': ['pancakes'],
  pollo: ['chicken'],
  limon: ['lemon'],
  banco: ['bank'],
  cumpleanos: ['birthday'],
  contacto: ['contact'],
  contactos: ['contact'],
  familia: ['family'],
  facturas: ['receipts', 'bills'],
  recibos: ['receipts'],
  // cities in notes, as English notes name them (the clock reads places-es.ts)
  lisboa: ['lisbon'],
  kioto: ['kyoto'],
  tokio: ['tokyo'],
  londres: ['london'],
  'nueva york': ['new york'],
  filipinas: ['philippines'],
};

/** The longest phrase in `THINGS_ES`, in words. */
export const LONGEST_THING = Math.max(
  ...Object.keys(THINGS_ES).map((key) => key.split(' ').length),
);
